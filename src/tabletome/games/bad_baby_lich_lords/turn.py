"""A turn ("On Your Turn"): spells, the one action, more spells, then the end of the turn.

"On your turn, you have a choice of two actions: draw and raise a skeleton or raise a skeleton in
place. You can also play a spell as a free action as many times as you like on your turn, both
before and after your action." The action is taken when one is possible (RULES.md); "end turn" is
offered once it has been taken, or when none is possible.

4-Player Mode: "When you draw and raise a skeleton, you can only draw from the two bone piles in
your realms and place the skeleton on your side of your realms. When you raise a skeleton, you can
only do so to skeletons on your side of your realms." (``layout.seat_realms``)
"""

from .ruleset import PLACE_ACTION, TURN
from .places import action_options, card_name, clear_acted, draw_to_place, perform, put_side, realm_of, target_card
from .endings import exhausted, finish, finish_on_noise
from .scoring import noise_winner, score_realms
from .solitaire import artifact_turn
from .spells import spell_options

# Where the turn stands: before the action or after it (spells and "end turn").
BEFORE, AFTER = 0, 1
PHASE_NAMES = ("before action", "after action", "over")


# --- the menu -------------------------------------------------------------------------------------
def turn_options(state, frame=None):
    p = state.active
    opts = action_options(state, p) if state.phase == BEFORE else []
    action_possible = bool(opts)    # (after the action there is none)
    spell_options(state, p, opts)
    if not action_possible:
        opts.append(state.R.end)
    return opts


def draw_and_raise(state, frame, action):
    """Action: Draw and Raise a Skeleton. "1. Draw a skeleton card from the top of any realm's bone
    pile." (Lich Law 2.1: the realm to place it in is chosen after seeing it and the newly revealed
    top.)"""
    r = action.args[0]
    state.phase = AFTER
    draw_to_place(state, r, PLACE_ACTION)


def raise_in_place(state, frame, action):
    """Action: Raise a Skeleton in Place. "1. Select a skeleton on your side of any realm. 2. Raise the
    skeleton, flipping it minion-side up and performing all its skills." """
    state.phase = AFTER
    c = target_card(state, action)
    state.up[c] = 1
    if state.logging:
        state.say_fmt(None, "{} raises {} in place in realm {}.", state.seat_name(state.active), card_name(state, c),
                      realm_of(state, c) + 1)
    perform(state, c)


def place_options(state, frame):
    L = state.L
    side = L.seat_side[state.active]
    place = state.R.place
    if frame[2] == PLACE_ACTION:
        return [place[r] for r in L.seat_realms[state.active]]
    return [place[r] for r in range(L.nr) if L.has_side[r][side]]


def place_and_raise(state, frame, action):
    # "2. Then place the skeleton on your side of any realm. 3. Finally, raise the skeleton, flipping
    # it minion-side up and performing all its skills."
    c = frame[1]
    r = action.args[0]
    L = state.L
    state.held = -1
    state.up[c] = 1
    put_side(state, c, r * L.ns + L.seat_side[state.active])
    if state.logging:
        state.say_fmt(None, "{} raises {} in realm {}.", state.seat_name(state.active), card_name(state, c), r + 1)
    perform(state, c)


# --- the end of the turn -------------------------------------------------------------------------
def end_turn(state, frame=None, action=None):
    """End the turn: score the realms ("End of Turn: Scoring Realms"), see whether the Lich King woke,
    let the Cursed Artifact take its turn (Solitaire), then the next seat's turn begins."""
    p = state.active
    ended = f"{state.seat_name(p)} ends the turn." if state.logging else ""   # a search copy says nothing
    mark = state.log_mark()
    score_realms(state)
    if state.log_mark() > mark:      # something happened at the end of the turn: say so first
        state.say_at(mark, ended)
        ended = ""
    s = noise_winner(state)
    if s >= 0:
        finish(state, state.L.side_seats[s], f"{state.L.side_label(s)} made {state.noise[s]} noise and woke "
                                             f"the Lich King")
        return
    clear_acted(state)
    if state.L.solitaire:
        if ended:
            state.say(ended)
            ended = ""
        artifact_turn(state)
        if state.is_over:
            return
    reason = exhausted(state)
    if reason:
        if ended:
            state.say(ended)
        finish_on_noise(state, reason)
        return
    state.turn += 1
    state.active = state.L.next_in_turn[p]
    state.phase = BEFORE
    state.stack.append((TURN,))
    if state.logging:
        state.say_fmt(None, "{}Turn {}: {}.", ended + " " if ended else "", state.turn, state.seat_name(state.active))
