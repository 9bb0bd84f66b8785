"""Phase 2's World Actions, empty World spaces, Atmospheres, Wander and Farwandering.

"During this Phase, the Player must attempt one of the following World Actions: Draw the top
Legend Deck Card, Uncover a World Card, Wander, Adventure."
"""

from __future__ import annotations

from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE
from .effects import depart, publish, use, remove_from_world, next_life, roll_for, take_space, top_legend
from .limits import mod, limit
from .names import WORLD_FX, METHOD, TOP, CONTEST, NO_CONTEST


# --- empty World spaces --------------------------------------------------------------------------
def empty_spaces(s):
    return [k for k in range(R.WORLD_SPACES) if s.world[k] < 0]


def can_fill(s, seat) -> bool:
    """Can ``seat`` fill an empty space now (the top Legend card, or an Adventure or Atmosphere
    from hand)? "Empty spaces must be filled before the current Phase ends"."""
    if -1 not in s.world:
        return False
    C = s.C
    return bool(s.legend_deck) or any(C.kind[c] == ADVENTURE or (C.is_atmosphere[c] and atmosphere_allowed(s))
                                      for c in s.hand[seat])


def atmosphere_allowed(s) -> bool:
    """War mode: War can never be removed, so no Atmosphere may replace it."""
    return s.mode != "war"


def fill_from_deck(s, seat, k):
    """"Covered Legend Deck Card: The Player may place the top Legend Deck card in the space, covered.\""""
    s.world[k] = top_legend(s)
    s.up[k] = False
    s.say_fmt(None, "{} fills space {} with the top Legend card, covered.", s.seat_name(seat), k + 1)


def place_from_hand(s, seat, card, k):
    """"Adventure Card: The Player may place an Adventure from their Hand in the space, uncovered."
    "Event: The Player may place certain Event cards (called Atmospheres) ... uncovered.\""""
    s.hand[seat].remove(card)
    s.world[k] = card
    s.up[k] = True
    publish(s, card)
    s.say_fmt(None, "{} places {} in space {}.", s.seat_name(seat), s.C.names[card], k + 1)
    if s.C.is_atmosphere[card]:
        clear_other_atmospheres(s, k)


def place_over_atmosphere(s, seat, card):
    """"They may be placed into an Empty World Space or over current Atmospheres (the old
    Atmosphere is removed).\""""
    k = atmosphere_space(s)
    remove_from_world(s, k)
    place_from_hand(s, seat, card, k)


def atmosphere_space(s) -> int:
    C = s.C
    for k in range(R.WORLD_SPACES):
        c = s.world[k]
        if c >= 0 and s.up[k] and C.is_atmosphere[c]:
            return k
    return -1


def clear_other_atmospheres(s, keep):
    """"There can only be one Atmosphere card in the World. Uncovered Atmosphere Events remove
    current ones.\""""
    C = s.C
    for k in range(R.WORLD_SPACES):
        c = s.world[k]
        if k != keep and c >= 0 and s.up[k] and C.is_atmosphere[c]:
            if s.mode == "war" and c == C.war:
                # "War is always in the World and can never be removed": the newcomer goes instead
                remove_from_world(s, keep)
                return
            remove_from_world(s, k)


# --- the World Actions -------------------------------------------------------------------------
def uncover(s, seat, k):
    """"Uncover A World Card: The Player chooses a covered World card and uncovers it. The card
    uncovered determines what happens.\""""
    C = s.C
    card = s.world[k]
    s.up[k] = True
    publish(s, card)
    s.say_fmt(None, "{} uncovers space {}: {}.", s.seat_name(seat), k + 1, C.names[card])
    kind = C.kind[card]
    if kind == RELIC:
        # "Relic: This goes to the Player's hand and is treated as though it were just drawn"
        s.hand[seat].append(take_space(s, k))
    elif kind == EVENT:
        if C.is_atmosphere[card]:
            clear_other_atmospheres(s, k)
        else:
            # "Event: Use the World Effect." then it departs, leaving an empty space
            depart(s, take_space(s, k))
            use(s, seat, card, WORLD_FX)
    # "Adventure: This stays in the World until it's resolved."


def may_wander(s, seat) -> bool:
    """"Completed Wanders: 4, cannot Wander when the limit is reached.\""""
    if mod(s, seat, "no-wander") > 0:
        return False
    held = len(s.wanders[seat])
    return held < s.C.lowest[3] or held < limit(s, seat, "wander-limit")   # (the lowest the limit can go first)


def wander_targets(s, covered):
    """Covered World cards (``covered``, their spaces); "If there are no covered cards in the World,
    the Player may Wander on the top Legend Deck card.\""""
    return covered or ([TOP] if s.legend_deck else [])


def start_wander(s, seat, target, index=0):
    """"Wander: The Player chooses a covered World card and one of the options below.\""""
    s.stack.append((METHOD, seat, target, index))


def wander_by_roll(s, seat, what, a, b):
    """"Roll a 4, 5, or 6 on a Regular Die." (Wander bonuses apply; RULES.md, "Die bonuses".)"""
    roll_for(s, seat, 1, "wander-bonus", what, a, b)
    if s.logging:
        s.say(f"{s.seat_name(seat)} rolls {s.roll[0]} to Wander" + (f" ({s.roll_mod:+d})" if s.roll_mod else "") + ".")


def wander_succeeds(s, seat, target):
    """"Success: The Player places the card in their Legend Area without uncovering it. It is a
    Completed Wander.\""""
    if target == TOP:
        if not s.legend_deck:
            return
        card = top_legend(s)
    else:
        card = take_space(s, target)
    s.wanders[seat].append(card)
    s.did |= 2
    if s.logging:
        where = "the top Legend card" if target == TOP else f"space {target + 1}"
        s.say(f"{s.seat_name(seat)} Wanders on {where}: a Completed Wander.")


def check_roll(s, need) -> bool:
    return s.roll[0] + s.roll_mod >= need


# --- Farwandering (Farwander and Eternal Modes) ------------------------------------------------
def farwandering(s) -> bool:
    return s.mode in ("farwander", "eternal")


def start_farwander(s, seat, target, j):
    """"1. The Farwanderer selects a Completed Wander in an opponent's Legend area. It becomes
    contested and is no longer a Completed Wander. 2. The Farwanderer attempts to Wander on it.\""""
    card = s.wanders[target].pop(j)
    s.contest = [target, card, -1]
    s.say_fmt(None, "{} Farwanders on {}'s Completed Wander {}.", s.seat_name(seat), s.seat_name(target), j + 1)
    s.stack.append((METHOD, seat, 10 + target, j))


def farwander_fails(s, seat):
    """"Failure: The card reverts back to normal. It is no longer contested.\""""
    target, card, _ = s.contest
    s.wanders[target].append(card)
    s.contest = []
    s.say_fmt(None, "The Farwander fails; the card returns to {}.", s.seat_name(target))


def farwander_succeeds(s, seat):
    """"Success: The Farwanderer draws 1 Life card and attaches it to the contested card, both
    remain covered. 3. The opponent must choose either contest or no contest.\""""
    target, card, _ = s.contest
    life = next_life(s)
    s.contest[2] = life
    s.say_fmt(None, "{} attaches a covered Life card to the contested card.", s.seat_name(seat))
    s.stack.append((CONTEST, target, seat))


def contest(s, frame, action):
    """"Contest: Both the Completed Wander and the Life Card are discarded.\""""
    _, card, life = s.contest
    depart(s, card)
    if life >= 0:
        depart(s, life)
    s.contest = []
    s.say_fmt(None, "{} contests: both cards are discarded.", s.seat_name(frame[1]))


def no_contest(s, frame, action):
    """"No Contest: The Farwanderer places the Completed Wander in their Legend Area. The opponent
    uncovers the Life Card. The opponent may keep, discard, or give the Life Card to the Farwanderer,
    who must treat it as though it were just drawn from the Life Deck.\""""
    _, target, farwanderer = frame
    _, card, life = s.contest
    s.wanders[farwanderer].append(card)
    s.contest = [-1, -1, life]
    s.say_fmt(None, "{} does not contest: {} takes the Completed Wander.", s.seat_name(target), s.seat_name(farwanderer))
    if life >= 0:
        s.say_fmt(None, "The Life card is {}.", s.C.names[life])
        s.stack.append((NO_CONTEST, target, farwanderer, life))
