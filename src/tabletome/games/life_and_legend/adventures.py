"""Adventures: Challenges (Traits, Life Words, Fate dice), Reward, Penalty, Defeat, Perpetual ones.

"Adventure: The Player selects one Challenge on an uncovered Adventure card in the World and tries
to best its requirements. These requirements will either be Traits, Adventure die rolls, or Life
Word combinations."
"""

from __future__ import annotations

from . import ruleset as R
from .cards import ACHIEVEMENT
from .effects import depart, roll_for, run_effects, take_space
from .names import REWARD, PENALTY, COMPLETE, R_ADVENTURE
from .backgrounds import words_in_play


def traits_meet(counts, need) -> bool:
    """Trait requirements ``need`` (bravery, charisma, inspiration, any): each named Trait by a
    Trait-Card of it; "Any Trait" by any Trait-Card; "Exceptional Traits also count as "Any Trait"
    on Challenges" (RULES.md: and as any named one)."""
    wild = counts[3]
    spare = 0
    for t in range(3):
        have, n = counts[t], need[t]
        if have >= n:
            spare += have - n
        else:
            wild -= n - have
            if wild < 0:
                return False
    return spare + wild >= need[3]


def qualifying(s, seat, cards) -> list:
    """"Attempt a Challenge you qualify for" (Turn Sequence): the (card, level) of each Challenge of
    ``cards`` whose Traits and Life Words are met now; only its dice remain to be rolled. "Life
    Challenges on Adventures are completed by having the proper Life Words in play" (Errata)."""
    out = []
    counts = words = None
    needs, trait_of = s.C.challenge_needs, s.C.trait_of
    traits = len(s.traits[seat])
    in_play = traits + len(s.relics[seat])
    for card in cards:
        for level, mark, need, life_words, fewest in needs[card]:
            if mark == "I":
                if fewest > traits:      # (each Trait-Card meets one requirement)
                    continue
                if counts is None:   # [bravery, charisma, inspiration, Exceptional]: the Trait-Cards in play
                    counts = [0, 0, 0, 0]
                    for c in s.traits[seat]:
                        counts[trait_of[c]] += 1
                if not traits_meet(counts, need):
                    continue
            elif mark == "II":
                if fewest > in_play:     # (a card in play carries one Life Word at most)
                    continue
                if words is None:
                    words = words_in_play(s, seat, phase3=False)
                for w, n in life_words:
                    if words.get(w, 0) < n:
                        break
                else:
                    out.append((card, level))
                continue
            out.append((card, level))
    return out


def adventure_limited(s, seat) -> bool:
    """Eternal Mode: "Once this limit of Completed Adventures is reached, that Player can only
    attempt Perpetual Adventures.\""""
    return s.mode == "eternal" and len(s.adventures[seat]) >= R.ETERNAL_ADVENTURES.get(s.players, 4)


def attempt(s, seat, card, level):
    """Roll the Challenge's dice (if any), open the Interfere window, then check."""
    ch = s.C.cards[card].challenges[level]
    roll_for(s, seat, len(ch.dice), "die-bonus", R_ADVENTURE, s.world.index(card), level)
    if s.logging:
        s.say(f"{s.seat_name(seat)} attempts {s.C.names[card]}, Challenge {ch.level}"
              + (f": rolls {', '.join(map(str, s.roll))}" + (f" ({s.roll_mod:+d} each)" if s.roll_mod else "") if s.roll else "") + ".")


def dice_meet(s, seat, dice) -> bool:
    """"Requirements can be completed in any order. If they require a die roll, the Player need not
    specify which roll they are attempting first. The Player must equal or exceed the roll
    requirement." The best assignment of the rolls to the requirements is used (RULES.md); in
    Farwander and Eternal Modes "Each Completed Wander possessed may add +1 to one Adventure die-roll".
    """
    rolls = sorted((r + s.roll_mod for r in s.roll), reverse=True)
    needs = sorted(dice, reverse=True)
    spare = len(s.wanders[seat]) if s.mode in ("farwander", "eternal") else 0
    for r, n in zip(rolls, needs):
        if r < n:
            spare -= n - r
    return spare >= 0


def resolve_attempt(s, seat, k, level):
    card = s.world[k]
    C = s.C
    ch = C.cards[card].challenges[level]
    if dice_meet(s, seat, ch.dice):
        # "Success: The Player resolves the Adventure's Reward and places the Completed Adventure
        # into their Legend Area (if applicable)." Rewards first: "These must be resolved before a
        # Player can place the Adventure into their Legend Area."
        s.say_fmt(None, "{} succeeds at {}!", s.seat_name(seat), C.names[card])
        s.lost_adventure = False
        s.stack.append((COMPLETE, seat, card))
        run_effects(s, seat, card, REWARD)
    else:
        # "Failure: The Player resolves the Adventure's Penalty and continues with the Phase."
        s.say_fmt(None, "{} fails at {}.", s.seat_name(seat), C.names[card])
        run_effects(s, seat, card, PENALTY)


def complete(s, seat, card):
    """Place the Completed Adventure; "If a Player successfully completes a Perpetual Adventure, they
    get any rewards for completing the Adventure, but the card remains in the World.\""""
    C = s.C
    s.did |= 1
    if card not in s.world or C.perpetual[card]:
        return   # removed meanwhile, or Perpetual: it stays
    take_space(s, s.world.index(card))
    if s.lost_adventure:
        # "In some cases, rewards are random, and might keep the Player from obtaining the Adventure."
        s.lost_adventure = False
        depart(s, card)
        s.say_fmt(None, "{} is lost: it departs instead.", C.names[card])
        return
    s.adventures[seat].append(card)
    s.say_fmt(None, "{} places {} in their Legend Area.", s.seat_name(seat), C.names[card])


# --- Defeat ------------------------------------------------------------------------------------
def defeat_choices(s, seat) -> list[int]:
    """"When the Player faces Defeat, they must discard one of the following cards in this order:
    1. Background: Life Achievements are exempt, but can be discarded in place of another card type.
    2. Trait-Card or Exceptional Trait Card 3. Relic in play 4. Any card from hand\""""
    C = s.C
    achievements = [c for c in s.hand[seat] if C.kind[c] == ACHIEVEMENT]
    backgrounds = [c for c in (s.story[seat], s.path[seat]) if c >= 0]
    for tier in (backgrounds, list(s.traits[seat]), list(s.relics[seat]),
                 [c for c in s.hand[seat] if C.kind[c] != ACHIEVEMENT]):
        if tier:
            return tier + achievements
    return achievements
