"""Where a card lies, and moving it: sides of realms, bone piles, the hand on its way, the burn pile.

Each physical card has an id; ``loc[card]`` says where it is, ``up[card]`` which side is up (1 for
a minion, 0 for a skeleton) and ``acted[card]`` whether it performed its skills this turn.
A side of a realm is a *side slot* ``r * ns + s`` (realm r, side s): ``sides[slot]``
lists its cards in order. A bone pile is a list, bottom first; ``known[r]`` counts its top cards
whose identity is public (the top card always, and any card put back on it face up): the rest are
hidden.
"""

from .actions import V_RAISE
from .ruleset import PERFORM, PLACE

# A card's location (``loc``): a side slot (0 up to realms x sides), or one of these.
OUT = -1          # not in this game (a faction put away)
BONE = 1000       # BONE + r: in realm r's bone pile
HELD = 2000       # drawn, in the acting player's hand on its way to a realm
BURNED = 3000     # in the burn pile


# --- names for the log ---------------------------------------------------------------------------
def card_name(state, c) -> str:
    return state.R.cards.names[c]


def realm_of(state, c) -> int:
    """The realm a card on the table (on a side or in a bone pile) is in."""
    q = state.loc[c]
    if q >= BONE:
        return q - BONE if q < HELD else -1
    return q // state.L.ns if q >= 0 else -1


def where(state, c) -> str:
    q = state.loc[c]
    if BONE <= q < HELD:
        return f"on bone pile {q - BONE + 1}"
    if 0 <= q:
        ns = state.L.ns
        return f"on {state.L.side_label(q % ns)}'s side of realm {q // ns + 1}"
    return ""


# --- bone piles ------------------------------------------------------------------------------------
def reveal(state, r) -> str:
    """Turn up the new top card of a bone pile whose known cards are gone; the words to add to the
    sentence that took the old top ("" if nothing new shows)."""
    pile = state.bone[r]
    if state.known[r] == 0 and pile:
        state.known[r] = 1
        return f" (bone pile {r + 1} now shows {card_name(state, pile[-1])})"
    return ""


def draw_bone(state, r) -> int:
    """Take the top card of realm r's bone pile; the caller says so, then ``reveal(state, r)``
    turns up the next card."""
    c = state.bone[r].pop()
    state.known[r] -= 1
    return c


def dig(state, r, x, up=0):
    """Draw the top card of bone pile ``r`` onto side ``x`` of its realm, skeleton-side up (``up``
    1: minion-side, as the Cursed Artifact raises it): the card, and the words for what the pile
    shows now (``reveal``)."""
    d = draw_bone(state, r)
    state.up[d] = up
    put_side(state, d, r * state.L.ns + x)
    return d, reveal(state, r)


def draw_to_place(state, r, why):
    """The active player draws the top card of bone pile ``r`` into their hand, to place it in a
    realm and raise it (the frame ``place``, for the action or His Kiss of Life!: ``why``)."""
    c = draw_bone(state, r)
    state.held = c
    state.loc[c] = HELD
    note = reveal(state, r)
    if state.logging:
        state.say_fmt(None, "{} draws {} from bone pile {}{}.", state.seat_name(state.active), card_name(state, c), r + 1, note)
    state.stack.append((PLACE, c, why))


# --- taking a card from wherever it is --------------------------------------------------------------
def take(state, c):
    q = state.loc[c]
    if q < BONE:
        state.sides[q].remove(c)
    elif q == HELD:
        state.held = -1
    elif q < HELD:
        r = q - BONE
        pile = state.bone[r]
        pile.remove(c)     # its top card, or a known card under it (Lich Law 13.2 can move one)
        state.known[r] -= 1
        if reveal(state, r):
            state.say_fmt(None, "Bone pile {} now shows {}.", r + 1, card_name(state, pile[-1]))


def put_side(state, c, q):
    state.sides[q].append(c)
    state.loc[c] = q


def burn_card(state, c):
    take(state, c)
    state.burn.append(c)
    state.loc[c] = BURNED
    state.up[c] = 1
    if state.acted[c]:
        state.acted[c] = 0
        state.acted_ids.remove(c)


def mark_acted(state, c):
    state.acted[c] = 1
    state.acted_ids.append(c)


def clear_acted(state):
    acted = state.acted
    for c in state.acted_ids:
        acted[c] = 0
    state.acted_ids = []


# --- cards the rules act on -----------------------------------------------------------------------------
def perform(state, c):
    """Card ``c`` performs its skills now, unless it already acted this turn (Lich Law 3.1)."""
    if state.acted[c]:
        if state.logging:
            state.say_fmt(None, "{} has already acted this turn and performs no skills.", card_name(state, c))
        return
    mark_acted(state, c)
    state.stack.append((PERFORM, c, 0))


def target_card(state, action):
    """The card a target action names: the j-th card on a side of a realm."""
    _, r, w, j = action.args
    return state.sides[r * state.L.ns + state.R.word_side[w]][j]


def side_targets(state, verb, slots, up, fresh=False, weaker=0):
    """The actions of ``verb`` naming each card on the side slots ``slots`` (in order) that lies
    with side ``up`` up (1: minion, 0: skeleton); ``fresh``: only one that has not acted this turn;
    ``weaker``: only one with fewer Fight icons than that."""
    R = state.R
    T, maxp, fight = R.target[verb], R.max_positions, R.cards.fight
    sides, ups, acted = state.sides, state.up, state.acted
    out = []
    for q in slots:
        cards = sides[q]
        if cards:
            base = q * maxp
            for j, d in enumerate(cards):
                if ups[d] == up and not (fresh and acted[d]) and not (weaker and fight[d] >= weaker):
                    out.append(T[base + j])
    return out


def action_options(state, p) -> list:
    """The turn's actions seat ``p`` could take now ("On your turn, you have a choice of two actions:
    draw and raise a skeleton or raise a skeleton in place"): a draw from each bone pile of its
    realms that holds a card, then a raise of each skeleton on its side."""
    L = state.L
    draw, bone = state.R.draw, state.bone
    return [draw[r] for r in L.seat_realms[p] if bone[r]] + side_targets(state, V_RAISE, L.seat_slots[p], 0)


def move_to_realm(state, c, r2):
    """Leave: to the same side of realm ``r2``, or from a bone pile to the top of r2's bone pile."""
    q = state.loc[c]
    take(state, c)
    if q >= BONE:
        state.bone[r2].append(c)
        state.known[r2] += 1      # on top, seen by all: known
        state.loc[c] = BONE + r2
    else:
        put_side(state, c, r2 * state.L.ns + q % state.L.ns)


# --- spells --------------------------------------------------------------------------------------------
def draw_spell(state):
    """The top spell of the spell deck, or -1 when it is empty (RULES.md: no reshuffle)."""
    return state.deck.pop() if state.deck else -1
