"""The turn: regeneration, preparation, player abilities, the hand limit and the end of the turn.

"There are the following phases of the Game: (The turns in which both players play are processed
in parallel)" -- both seats go through every phase together; inside a phase the seat with priority
(alternating each turn, see RULES.md) decides first. Each rule here is a frame's ``run`` or a
choice's handler (frames.py); ``s`` is the state.
"""

from itertools import compress

from .ruleset import (COMBAT, DRAW_PER_TURN, END_TURN, HAND_LIMIT, LIFE_PRICE, LIMIT, MANA_PER_TURN, MAX_HEALTH,
                      MAX_MANA, NO_FORM, NOT_PLACED, PREPARE, REVEAL, SEATS, SETTLE, SETTLEMENT, TRADE,
                      TRADE_DISCARD, TRADE_DRAW, TURN, WINDOW)


# --- regeneration ------------------------------------------------------------------------------
def start_turn(s, frame=None) -> bool:
    """"In the regeneration phase you get the 2 mana and draw 2 cards." (both seats at once)"""
    s.round += 1
    first = s.priority
    s.form = [NOT_PLACED, NOT_PLACED]
    s.ability = [-1, -1]
    s.spell_cast = [False, False]
    s.bolts = [0, 0]
    s.revealed = False
    if s.logging:
        s.say_fmt(None, "Turn {}: {} has priority.", s.round, SEATS[first])
    out = [not draw(s, p, DRAW_PER_TURN) for p in (0, 1)]
    for p in (0, 1):
        s.mana[p] = min(MAX_MANA, s.mana[p] + MANA_PER_TURN)
    if out[0] or out[1]:
        finish(s, [p for p in (0, 1) if out[p]], "could not draw from an empty deck")
        return False
    other = 1 - first
    s.push((PREPARE, first), (PREPARE, other), (REVEAL,), (WINDOW, COMBAT, first, 0, -1), (SETTLE,),
           (WINDOW, SETTLEMENT, first, 0, -1), (LIMIT, first), (LIMIT, other), (END_TURN,))
    return False


def draw(s, p, n) -> bool:
    """Draw ``n`` cards; False if the deck ran out ("that player loses")."""
    deck, hand, names = s.deck[p], s.hand[p], s.R.cards.names
    drawn = []
    for _ in range(n):
        if not deck:
            break
        k = deck.pop()
        hand[k] += 1
        drawn.append(k)
    s.hand_size[p] += len(drawn)
    if s.logging:
        who = SEATS[p]
        if drawn:
            drawn = tuple(drawn)
            s.say_fmt(None, "{} draws {} card{}.", who, len(drawn), "s" if len(drawn) > 1 else "")
            s.say_fmt(p, _draws_line, who, names, drawn)   # the names, written if the log is read
        if len(drawn) < n:
            s.say_fmt(None, "{} has no cards left in the deck and cannot draw.", who)
    return len(drawn) == n


def _draws_line(who, names, drawn) -> str:
    listed = [names[k] for k in drawn]
    listed = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    return f"{who} draws {listed}."


def finish(s, losers, why) -> None:
    """The game ends: ``losers`` lose (both: a draw)."""
    names = " and ".join(SEATS[p] for p in losers)
    s.say_fmt(None, "{} {}: {}.", names, 'lose' if len(losers) > 1 else 'loses', why)
    winners = [p for p in (0, 1) if p not in losers]
    if winners:
        s.say_fmt(None, "{} wins.", SEATS[winners[0]])
    else:
        s.say("Both players are out: the game is a draw.")
    s.end_game(winners)


# --- preparation ---------------------------------------------------------------------------------
def preparation_actions(s, frame):
    """"In the preparation phase you put 1 transformation card face down in front of you." (the
    frame asks only a real choice: a transformation it must play, or none, with no spell or player
    ability either, is taken at once; after a spell or player ability the seat prepares on)"""
    p = frame[1]
    R = s.R
    act, cost = R.act, R.cards.cost
    hand, mana = s.hand[p], s.mana[p]
    acts = []
    for k in R.cards.forms:
        if hand[k] and cost[k] <= mana:
            acts.append(act.transform[k])
    if not acts or not R.must_transform:
        acts.append(act.no_form)
    free_actions(s, p, acts)
    return acts


def place(s, p, k) -> None:
    """Put card ``k`` face down (its cost is paid at the reveal), or no transformation."""
    s.form[p] = k
    who = SEATS[p]
    if k == NO_FORM:
        if s.logging:
            s.say_fmt(None, "{} does not transform this turn.", who)
        return
    s.hand[p][k] -= 1
    s.hand_size[p] -= 1
    if s.logging:
        s.say_fmt(None, "{} puts a transformation face down.", who)
        s.say_fmt(p, "{} puts {} face down.", who, s.R.cards.names[k])


# --- what a seat may do in every phase ---------------------------------------------------------------
def free_actions(s, p, acts):
    """Spells and player abilities: "Player abilities and spell cards may be played in all phases"."""
    R = s.R
    act, cost, hand, mana = R.act, R.cards.cost, s.hand[p], s.mana[p]
    if not s.spell_cast[p]:
        for k in R.cards.spells:
            if hand[k] and cost[k] <= mana:
                acts.append(act.spell[k])
    if s.hand_size[p] >= TRADE_DISCARD:
        acts.append(act.trade)
    if mana >= LIFE_PRICE and s.health[p] < MAX_HEALTH:
        acts.append(act.buy)
    return acts


def window_actions(s, p, moment):
    """What ``p`` could do in the open window, other than pass (the window asks only a seat that
    has something: worked out once, it is also the seat's legal actions)."""
    acts = []
    if moment == COMBAT:
        # "in the combat phase you can play ability cards which apply specifically to 1 transformation"
        f = s.form[p]
        if f >= 0 and s.ability[p] < 0:
            R = s.R
            hand, mana, cards = s.hand[p], s.mana[p], R.cards
            for k in cards.abilities_for[f]:
                if hand[k] and cards.cost[k] <= mana and (not R.pay_life[k] or s.health[p] > cards.life[k]):
                    acts.append(R.act.ability[k])
    return free_actions(s, p, acts)


# --- player abilities ------------------------------------------------------------------------------
def buy_life(s, p) -> None:
    """"you can sacrifice 2 mana to regenerate 1 life point.\""""
    s.mana[p] -= LIFE_PRICE
    s.health[p] += 1
    if s.logging:
        s.say_fmt(None, "{} pays {} mana for 1 life ({}).", SEATS[p], LIFE_PRICE, s.health[p])


def start_trade(s, p) -> None:
    """"he may as many times per turn discard 3 cards and draw 2 in exchange": the 3 discards are
    chosen one at a time."""
    s.stack.append((TRADE, p, TRADE_DISCARD))
    if s.logging:
        s.say_fmt(None, "{} will discard 3 cards and draw 2.", SEATS[p])


def discard_actions(s, frame):
    """A discard of each kind of card in the hand (the hand counts each kind)."""
    return list(compress(s.R.act.discard, s.hand[frame[1]]))


def discard(s, p, k) -> None:
    """Card ``k`` from ``p``'s hand to its discard pile (a Firebolt leaving it is no longer known)."""
    s.hand[p][k] -= 1
    s.hand_size[p] -= 1
    s.discard[p][k] += 1
    if k == s.R.firebolt_kind and s.known_bolts[p]:
        s.known_bolts[p] -= 1


def trade_discard(s, frame, action) -> None:
    _, p, left = frame
    k = action.args[0]
    discard(s, p, k)
    if s.logging:
        s.say_fmt(None, "{} discards {}.", SEATS[p], s.R.cards.names[k])
    if left > 1:
        s.stack.append((TRADE, p, left - 1))
    elif not draw(s, p, TRADE_DRAW):
        finish(s, [p], "could not draw from an empty deck")


# --- end of turn -------------------------------------------------------------------------------------
def hand_limit(s, frame) -> bool:
    """"Maximum number of hand cards at the end of the turn is 8": discard down to it."""
    p = frame[1]
    return s.ask(p, frame) if s.hand_size[p] > HAND_LIMIT else False


def limit_discard(s, frame, action) -> None:
    p, k = frame[1], action.args[0]
    discard(s, p, k)
    s.say_fmt(None, "{} discards {} down to the hand limit.", SEATS[p], s.R.cards.names[k])
    s.stack.append(frame)


def end_turn(s, frame) -> bool:
    """Transformation and ability cards played this turn go to their owner's discard pile."""
    for p in (0, 1):
        pile = s.discard[p]
        if s.form[p] >= 0:
            pile[s.form[p]] += 1
        if s.ability[p] >= 0:
            pile[s.ability[p]] += 1
    s.stack.append((TURN,))
    return False
