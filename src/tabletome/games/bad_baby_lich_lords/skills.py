"""Performing skills: the chain of minions acting ("Rules for Performing Skills", "Minion Skills").

"Skills are performed in order from left to right. If possible, all skills must be performed,
even if the only available target is one of your own minions! A minion/skeleton can only perform
its skills once per turn. Skills can target cards on either your side or your opponent's side of
the realm. If you cause an opponent's card to perform its skills, you make any decisions necessary
for those skills."

A card that starts performing is marked as having acted (Lich Law 3.1) and pushes the frame
``perform (card, next slot)``. Raise, Boss and Possess push the target's frame on top, so the
target performs all its skills before the first card goes on (Lich Law 14.1: no spell until every
skill triggered has been performed). Every decision is the active player's (Lich Law 3.4),
whichever side the acting card is on.
"""

from .actions import V_BEFRIEND, V_BOSS, V_FIGHT, V_POSSESS, V_RAISE
from .effects import BOSS, CAST, DIG, FIGHT, FRIENDSHIP, LEAVE, POSSESS, RAISE, SINGLE, SKILLS, SPELLS, TEACH
from .places import (BONE, HELD, card_name, dig, draw_spell, move_to_realm, perform, realm_of, side_targets,
                     target_card, where)
from .ruleset import OR, PERFORM, SKILL
from .spells import start_effect


def perform_next(state, frame) -> bool:
    """The frame ``perform``: the card performs the skill in its next slot, left to right, if it is
    still on a side or in a bone pile. The next slot's ``perform`` goes below the skill's frame."""
    _, c, k = frame
    slots = state.R.cards.slots[c]
    q = state.loc[c]
    if k >= len(slots) or q < 0 or q >= HELD:
        return False
    a, b = slots[k]
    stack = state.stack
    stack.append((PERFORM, c, k + 1))
    if b >= 0:
        # "The player who is performing the skills chooses which of the two skills to perform."
        stack.append((OR, c, a, b))
    else:
        begin_skill(state, c, a)
    return False


def begin_skill(state, c, s):
    if s == TEACH:
        teach(state, c)
    elif s == CAST:
        cast(state, c)
    else:
        state.stack.append((SKILL, c, s))


# --- which targets a skill has ------------------------------------------------------------------
def skill_possible(state, c, s) -> bool:
    if s == TEACH or s == CAST:
        return bool(state.deck)
    return bool(skill_options(state, (SKILL, c, s)))


def skill_options(state, frame):
    """The actions naming each legal target of the skill of the frame ``skill (card, skill)``."""
    _, c, s = frame
    L, R = state.L, state.R
    q = state.loc[c]    # a performing card is on a side of a realm or in its bone pile (Possess)
    r = q - BONE if q >= BONE else q // L.ns
    here = L.realm_slots[r]
    if s == DIG:
        # "Draw a skeleton from the top of this realm's bone pile and place it on either side"
        return [R.dig[x] for x in L.realm_sides[r]] if state.bone[r] else []
    if s == FIGHT:
        # "Target a minion in this realm that has fewer fight skill icons"
        f = R.cards.fight[c]
        return side_targets(state, V_FIGHT, here, 1, weaker=f) if f > 0 else []
    if s == LEAVE:
        # "Move this minion to an adjacent realm. ... The minion cannot "wrap" around the edge of the
        # play area"; from the bone pile, to the adjacent realm's bone pile (Lich Law 13.2)
        if q >= BONE:
            return [R.leave[r2] for r2 in L.adjacent[r]]
        return [R.leave[r2] for r2 in L.adjacent[r] if L.has_side[r2][q % L.ns]]
    if s == RAISE:
        # "Target a skeleton in this realm (not on top of the bone pile)"
        return side_targets(state, V_RAISE, here, 0)
    if s == BOSS:
        # "Target a minion in this realm and perform its skills" -- one that has not acted
        # yet (Lich Law 3.1: "cannot boss the first minion ... because it has already acted")
        return side_targets(state, V_BOSS, here, 1, fresh=True)
    if s == FRIENDSHIP:
        # "Target a minion in a different realm and move it to this realm. It does not change sides."
        return side_targets(state, V_BEFRIEND, L.other_slots[r], 1)
    if s == POSSESS:
        # "Target a skeleton in this realm OR on top of this realm's bone pile and perform its
        # skills without flipping it" -- one that has not acted yet
        out = side_targets(state, V_POSSESS, here, 0, fresh=True)
        pile = state.bone[r]
        if pile and not state.acted[pile[-1]]:
            out.append(R.possess_pile[r])
        return out
    return []


def or_options(state, frame):
    _, c, a, b = frame
    # Lich Law 3.3: the performer may pick the skill with no valid target to avoid the other.
    if skill_possible(state, c, a) or skill_possible(state, c, b):
        return [state.R.choose[a], state.R.choose[b]]
    return []


def no_target(state, frame):
    """A skill, or both skills of an OR choice (``frame[2:]``), with no legal target: skipped."""
    if state.logging:
        state.say_fmt(None, "{} has no target for {}.", card_name(state, frame[1]), " or ".join([SKILLS[s] for s in frame[2:]]))


# --- doing it -------------------------------------------------------------------------------------
def choose_skill(state, frame, action):
    c = frame[1]
    s = action.args[0]
    if state.logging:
        state.say_fmt(None, "{} chooses {} for {}.", state.seat_name(state.active), SKILLS[s], card_name(state, c))
    begin_skill(state, c, s)


# What Fight, Raise, Boss and Possess say: the performer, its target and where the target is.
_TARGETED = {FIGHT: "{} fights {} {}: it flips skeleton-side up.", RAISE: "{} raises {} {}.", BOSS: "{} bosses {} {}.",
             POSSESS: "{} possesses the skeleton {} {}."}


def perform_skill(state, frame, action):
    _, c, s = frame
    R, L = state.R, state.L
    talk = state.logging            # a search copy builds no log text
    names = R.cards.names
    name = names[c] if talk else ""
    if s == DIG:
        r = realm_of(state, c)
        x = R.word_side[action.args[0]]
        d, note = dig(state, r, x)
        if talk:
            state.say_fmt(None, "{} digs {} from bone pile {} to {}'s side of realm {}{}.", name, card_name(state, d), r + 1,
                          L.side_label(x), r + 1, note)
        return
    if s == LEAVE:
        r2 = action.args[0]
        move_to_realm(state, c, r2)
        if talk:
            state.say_fmt(None, "{} leaves to {} {}.", name, 'bone pile' if state.loc[c] >= BONE else 'realm', r2 + 1)
        return
    if action.kind == "possess-pile":
        r = action.args[0]
        d = state.bone[r][-1]
        if talk:
            state.say_fmt(None, "{} possesses {} on top of bone pile {}.", name, card_name(state, d), r + 1)
        perform(state, d)
        return
    d = target_card(state, action)
    if s == FRIENDSHIP:
        r = realm_of(state, c)
        at = where(state, d) if talk else ""
        move_to_realm(state, d, r)
        if talk:
            state.say_fmt(None, "{} befriends {}, {}, into realm {}.", name, names[d], at.replace('on ', 'from ', 1), r + 1)
        return
    if talk:
        state.say_fmt(None, _TARGETED[s], name, names[d], where(state, d))
    if s == FIGHT:
        state.up[d] = 0
        return
    if s == RAISE:
        state.up[d] = 1
    perform(state, d)     # Raise, Boss, Possess: the target performs its skills


def teach(state, c):
    # Lich Law 3.4.1: the acting player draws the spell, whoever owns the card.
    who = state.seat_name(state.active)
    t = draw_spell(state)
    if t < 0:
        state.say_fmt(None, "{} teaches, but the spell deck is empty.", card_name(state, c))
        return
    state.hand[state.active][t] += 1
    if state.logging:
        state.say_fmt(None, "{} teaches: {} draws a spell.", card_name(state, c), who)
        state.say_fmt(state.active, "{} draws {}.", who, SPELLS[t])


def cast(state, c):
    # "Draw a spell card and play it immediately in any realm you choose."
    t = draw_spell(state)
    if t < 0:
        state.say_fmt(None, "{} casts, but the spell deck is empty.", card_name(state, c))
        return
    if state.logging:
        state.say_fmt(None, "{} casts: {} draws {} and plays it at once.", card_name(state, c), state.seat_name(state.active), SPELLS[t])
    state.burn_spells.append(t)
    start_effect(state, SINGLE[t])

