"""Spells and Combo Spells ("Playing Spells", "Spell Cards").

"Spells can be played as a free action on your turn, either before or after your normal turn
action ... You can play as many spells on your turn as you like." They are offered only at the
turn menu, never inside an action or a chain (Lich Law 14.1). "If you have 2 of the same spell
type in your hand, you can play them at the same time for a more powerful Combo Spell effect ...
The Teach spell can count as the 2nd spell for any Combo Spell" (Fatherly Advice!). A spell is
offered only when it would do something; a spell drawn by Cast is played even if it cannot.
"""

from .actions import V_BURN, V_FIGHT, V_MOVE, V_RAISE
from .effects import (COMBO, E_BURN, E_DIG, E_FIGHT, E_KISS, E_LEAVE, E_RAISE, E_STIRS, E_SUMMON, E_TEACH, EFFECT_NAMES,
                      SINGLE, S_DIG, S_FIGHT, S_LEAVE, S_RAISE, S_TEACH, SPELLS)
from .places import (burn_card, card_name, dig, draw_spell, draw_to_place, move_to_realm, perform, side_targets,
                     target_card, where)
from .ruleset import (BONE_PILE, DIG_SIDE, PLACE_KISS, SPELL_DIRECTION, SPELL_TARGET, STIRS,
                      SUMMON, SUMMON_COUNT, SUMMON_PICK, SUMMON_REALM)


# --- the turn menu's spells ---------------------------------------------------------------------
def spell_options(state, p, opts):
    """Add to ``opts`` the spells and Combo Spells seat ``p`` may play now: each spell that would do
    something, in spell order, then each Combo Spell (two of a kind, or one with Teach)."""
    leave, raise_, dig, fight, teach = state.hand[p]     # how many of each spell (S_LEAVE...S_TEACH)
    if not (leave or raise_ or dig or fight or teach):
        return
    R = state.R
    minion = skeleton = False
    if leave or raise_ or fight:     # only these ask what is on the sides of the realms
        up = state.up
        for side in state.sides:
            for c in side:
                if up[c]:
                    minion = True
                else:
                    skeleton = True
            if minion and skeleton:
                break
    pile = (raise_ or dig) and any(state.bone)
    cast = R.cast
    for t, n, can in ((S_LEAVE, leave, minion), (S_RAISE, raise_, skeleton), (S_DIG, dig, pile), (S_FIGHT, fight, minion),
                      (S_TEACH, teach, state.deck)):
        if n and can:
            opts.append(cast[t])
    if not (teach or leave > 1 or raise_ > 1 or dig > 1 or fight > 1):
        return    # no Combo Spell in hand
    combo = R.combo
    for t, n, can in ((S_LEAVE, leave, minion), (S_RAISE, raise_, pile), (S_DIG, dig, pile),
                      (S_FIGHT, fight, minion)):
        if n and can:
            if n >= 2:
                opts.append(combo[(t, t)])
            if teach:
                opts.append(combo[(t, S_TEACH)])


def cast_spells(state, frame, action):
    """The turn menu's "cast SPELL": "reveal it face up from your hand, perform the effect described
    on the card, then discard the spell to the burn pile"; or its "combo A+B": two spells played at
    once for the Combo Spell of A. Then back to the menu."""
    p = state.active
    hand = state.hand[p]
    for t in action.args:
        hand[t] -= 1
        state.burn_spells.append(t)
    t = action.args[0]
    if len(action.args) == 1:
        state.say_fmt(None, "{} casts {}.", state.seat_name(p), SPELLS[t])
        start_effect(state, SINGLE[t])
    else:
        state.say_fmt(None, "{} plays {} and {} as the Combo Spell {}", state.seat_name(p), SPELLS[t], SPELLS[action.args[1]],
                      EFFECT_NAMES[COMBO[t]])
        start_effect(state, COMBO[t])


# the frame each spell effect starts with, but Teach's (drawn at once) and the targeting spells'
_FIRST_FRAME = {E_STIRS: (STIRS, 0), E_SUMMON: (SUMMON_REALM,), E_KISS: (BONE_PILE, E_KISS), E_DIG: (BONE_PILE, E_DIG)}


def start_effect(state, e):
    if e == E_TEACH:
        t = draw_spell(state)
        who = state.seat_name(state.active)
        if t < 0:
            state.say("The spell deck is empty: there is nothing to learn.")
            return
        state.hand[state.active][t] += 1
        state.say_fmt(None, "{} draws a spell.", who)
        state.say_fmt(state.active, "{} draws {}.", who, SPELLS[t])
    else:
        state.stack.append(_FIRST_FRAME.get(e) or (SPELL_TARGET, e))


def nothing_happens(state, frame):
    state.say("The spell has no target and does nothing.")


# --- options of the spell decisions -------------------------------------------------------------
def spell_target_options(state, frame):
    """"Target ANY minion" (Leave: one that can move to an adjacent realm), or for Raise "ANY
    skeleton (not on top of a bone pile)"."""
    verb, up = _SPELL_TARGETS[frame[1]]
    return side_targets(state, verb, state.L.leave_slots if verb == V_MOVE else state.L.slots, up)


# each targeting spell's action verb and the side up of its target (1: a minion, 0: a skeleton)
_SPELL_TARGETS = {E_LEAVE: (V_MOVE, 1), E_FIGHT: (V_FIGHT, 1), E_BURN: (V_BURN, 1), E_RAISE: (V_RAISE, 0)}


def direction_options(state, frame):
    c = frame[1]
    L = state.L
    r, x = divmod(state.loc[c], L.ns)
    leave = state.R.leave
    return [leave[r2] for r2 in L.adjacent[r] if L.has_side[r2][x]]


def pile_options(state, frame):
    draw = state.R.draw
    return [draw[r] for r in range(state.L.nr) if state.bone[r]]


def summon_realm_options(state, frame):
    summon = state.R.summon
    return [summon[r] for r in range(state.L.nr) if summon_candidates(state, r)]


def summon_pick_options(state, frame):
    return summon_candidates(state, frame[1])


def summon_candidates(state, dest):
    """The minions of the other realms that can move to the same side of realm ``dest``."""
    return side_targets(state, V_MOVE, state.L.other_slots[dest], 1)


def dig_side_options(state, frame):
    r = frame[1]
    if not state.bone[r]:
        return []
    dig = state.R.dig
    return [dig[x] for x in state.L.realm_sides[r]]


# --- resolving them -------------------------------------------------------------------------------
def spell_on_target(state, frame, action):
    e = frame[1]
    d = target_card(state, action)
    name, at = card_name(state, d), where(state, d)
    if e == E_LEAVE:
        # Leave: "Target ANY minion and move it to an adjacent realm. It does not change sides."
        state.say_fmt(None, "Leave targets {} {}.", name, at)
        state.stack.append((SPELL_DIRECTION, d))
    elif e == E_FIGHT:
        # Fight: "Target ANY minion and flip it skeleton-side up. Ignore any Fight icons on the target."
        state.up[d] = 0
        state.say_fmt(None, "Fight flips {} {} skeleton-side up.", name, at)
    elif e == E_BURN:
        # His Fiery Gaze!: "Target ANY minion and discard it to the burn pile."
        burn_card(state, d)
        state.say_fmt(None, "His Fiery Gaze! burns {} {}.", name, at)
    else:
        # Raise: "Target ANY skeleton (not on top of a bone pile), flip it minion-side up, and perform its skills."
        state.up[d] = 1
        state.say_fmt(None, "Raise flips {} {} minion-side up.", name, at)
        perform(state, d)


def move_by_spell(state, frame, action):
    c = frame[1]
    r2 = action.args[0]
    move_to_realm(state, c, r2)
    if state.logging:
        state.say_fmt(None, "{} moves to realm {}.", card_name(state, c), r2 + 1)


def spell_on_pile(state, frame, action):
    e = frame[1]
    r = action.args[0]
    if e == E_DIG:
        # Dig: "Draw a skeleton from the top of ANY realm's bone pile and place it on either side of
        # the same realm, skeleton-side up."
        state.stack.append((DIG_SIDE, r))
        return
    # His Kiss of Life!: "Draw a skeleton from any bone pile and Raise it in any realm."
    draw_to_place(state, r, PLACE_KISS)


def dig_to_side(state, frame, action):
    r = frame[1]
    x = state.R.word_side[action.args[0]]
    d, note = dig(state, r, x)
    if state.logging:
        state.say_fmt(None, "{} is dug from bone pile {} to {}'s side of realm {}{}.", card_name(state, d), r + 1,
                      state.L.side_label(x), r + 1, note)


def summon_to_realm(state, frame, action):
    # Royal Summons!: "Move 3 Minions to the same realm. They do not change sides."
    r = action.args[0]
    state.say_fmt(None, "Royal Summons! calls minions to realm {}.", r + 1)
    state.stack.append((SUMMON, r, SUMMON_COUNT))


def summon_one(state, frame, action):
    dest = frame[1]
    d = target_card(state, action)
    name, at = card_name(state, d), where(state, d)
    move_to_realm(state, d, dest)
    if state.logging:
        state.say_fmt(None, "{} is summoned {} to realm {}.", name, at.replace('on ', 'from ', 1), dest + 1)


# --- chain frames ---------------------------------------------------------------------------------
def stirs_next(state, frame) -> bool:
    """The frame ``stirs``: The Lich King Stirs! "Dig a skeleton from EACH bone pile." -- left to right."""
    for r in range(frame[1], state.L.nr):
        if state.bone[r]:
            state.push((DIG_SIDE, r), (STIRS, r + 1))   # dig here, then stir on from the next realm
            break
    return False


def summon_next(state, frame) -> bool:
    """The frame ``summon``: Royal Summons! moves one more minion, while any can come."""
    _, dest, left = frame
    if left == 0 or not summon_candidates(state, dest):
        return False
    state.push((SUMMON_PICK, dest), (SUMMON, dest, left - 1))   # pick one, then summon on
    return False
