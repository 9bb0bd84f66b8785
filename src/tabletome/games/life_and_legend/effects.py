"""The effect vocabulary: each effect a card may name (cards.Op) implemented once, here.

An op is ``op(state, seat, n, card)``: it acts at once or pushes the frames that ask for the
choices it needs. Card-moving helpers ("Discard", "Remove", "Depart", drawing) live here too, since
every effect moves cards through them.
"""

from __future__ import annotations

from functools import partial
from typing import get_args

from . import ruleset as R
from .cards import EVENT, ADVENTURE, TRAUMA, Op
from .limits import mod
from .names import (CHOOSE_SPACE, CHOOSE_SEAT, DISCARD, DEFEAT, HAND_DISCARD, DRAW_LIFE, REMOVE_TRAUMA,
                    CHOOSE_WANDER, SEEK, SEEK_WORD, SEEK_TRAUMA, D_EFFECT, EFFECTS, HAND, WINDOW, RESOLVE,
                    DISRUPTED, ON_EFFECT, ON_ROLL, ROLL_CHECK, R_GAMBLE)


# --- moving cards -----------------------------------------------------------------------------
def depart(s, card):
    """"Depart: When a card is placed on the discard pile." Each deck has its own pile."""
    kind = s.C.kind[card]
    if kind <= ADVENTURE:
        s.legend_discard.append(card)
    elif kind <= TRAUMA:
        s.life_discard.append(card)
    else:
        s.background_discard.append(card)


def take_from_player(s, seat, card):
    """Take ``card`` out of wherever ``seat`` has it (hand, Play Area)."""
    for pile in (s.hand[seat], s.relics[seat], s.traits[seat], s.traumas[seat]):
        if card in pile:
            pile.remove(card)
            return
    for slot in (s.story, s.path):
        if slot[seat] == card:
            slot[seat] = -1


def discard(s, seat, card):
    """"Discard: The Player places the card on its discard pile.\""""
    take_from_player(s, seat, card)
    depart(s, card)
    if s.logging:
        s.say_fmt(None, "{} discards {}.", s.seat_name(seat), s.C.names[card])


def may_discard_a_card(s, seat) -> bool:
    """Whether ``seat`` has a card to "discard a card" with: one in hand or in its Play Area (Relics,
    Trait-Cards, Life Story, Life Path; RULES.md, "Discard")."""
    return bool(s.hand[seat] or s.relics[seat] or s.traits[seat]) or s.story[seat] >= 0 or s.path[seat] >= 0


def reveal_hand(s, seat):
    """"Reveal: Uncover a card so all Players see the face, then cover it and return it": every card
    in ``seat``'s hand."""
    for c in s.hand[seat]:
        publish(s, c)
    s.say_fmt(None, "{} reveals their hand: {}.", s.seat_name(seat), ", ".join(s.C.names[c] for c in s.hand[seat]) or "nothing")


def publish(s, card):
    """Every seat now knows where ``card`` is (it was uncovered or revealed)."""
    bit = 1 << card
    known = s.known
    for t in range(s.players):
        known[t] |= bit


def top_legend(s) -> int:
    """The top Legend Deck card, taken (the deck holds one); "The Game is over at the end of the
    turn when the Legend Deck becomes empty": the moment it does is noted."""
    card = s.legend_deck.pop()
    if not s.legend_deck:
        s.legend_emptied = True
    return card


def take_space(s, k) -> int:
    """The card in World space ``k``, taken: the space is empty."""
    card = s.world[k]
    s.world[k] = -1
    s.up[k] = False
    return card


def draw_legend(s, seat) -> int:
    """"Draw The Top Legend Deck Card" (the World Action, or an Effect) into ``seat``'s hand (-1
    when the deck is empty)."""
    if not s.legend_deck:
        return -1
    card = top_legend(s)
    s.hand[seat].append(card)
    if s.logging:
        s.say_fmt(None, "{} draws a Legend card.", s.seat_name(seat))
        s.say_fmt(seat, "You drew {}.", s.C.names[card])
    play_immediately(s, seat, card)
    return card


def play_immediately(s, seat, card):
    """"A Play Immediately Effect must be resolved before the end of the Phase it was drawn."
    We resolve it as soon as it is drawn (RULES.md, "Play Immediately")."""
    C = s.C
    if C.kind[card] == EVENT and C.cards[card].timing == "immediately":
        s.hand[seat].remove(card)
        depart(s, card)
        s.say_fmt(None, "{} drew {}: Play Immediately.", s.seat_name(seat), C.names[card])
        use(s, seat, card, HAND)


def next_life(s) -> int:
    """The top Life Deck card, taken (-1 when no Life card is left to draw). Part 3, Life Cards:
    "When The Life Deck Becomes Empty: Shuffle the Life discard pile back into the Life Deck and
    proceed with play." That moment is when its last card is taken (War and The Arbiter watch it):
    the card taken is not in the new deck."""
    if not s.life_deck:
        # (it became empty while its discard pile was empty too: rebuilt at the next draw)
        reshuffle_life(s)
        if not s.life_deck:
            return -1
    card = s.life_deck.pop()
    if not s.life_deck:
        s.life_emptied = True
        if s.options["rules_version"] >= 2:      # revision 1 rebuilt it at the next draw (RULES.md, "Revisions")
            reshuffle_life(s)
    return card


def reshuffle_life(s):
    """"Shuffle the Life discard pile back into the Life Deck" (when it has cards)."""
    if s.life_discard:
        s.life_deck = s.life_discard
        s.life_discard = []
        s.rng.shuffle(s.life_deck)
        if s.logging:
            s.say("The Life discard pile is shuffled into a new Life Deck.")


def attach_trauma(s, seat, card):
    """"Traumas are attached to the Player and can only be removed by specific Effects.\""""
    s.traumas[seat].append(card)
    s.say_fmt(None, "{} suffers the Trauma {}.", s.seat_name(seat), s.C.names[card])


def world_covered(s):
    return [k for k in range(R.WORLD_SPACES) if s.world[k] >= 0 and not s.up[k]]


def remove_from_world(s, k):
    """"Remove: The Player takes the card and places it on its discard pile." The space is empty."""
    card = take_space(s, k)
    depart(s, card)
    s.say_fmt(None, "{} is removed from the World.", s.C.names[card])


def removable(s, k) -> bool:
    """War mode: "War is always in the World and can never be removed.\""""
    card = s.world[k]
    return card >= 0 and not (s.mode == "war" and s.up[k] and card == s.C.war)


# --- using an effect: the Interfere window, then the effect ------------------------------------
def use(s, seat, card, part):
    """An Effect is used: an Interfere window opens for the other seats (Disrupt), then it resolves
    unless Disrupted ("Disrupt: The Effect doesn't take place. Play continues as normal."). The
    Effects used and not yet resolved are the RESOLVE frames on the stack (``pending``); a Disrupt
    turns the Effect's frame into a DISRUPTED one."""
    s.push((WINDOW, ON_EFFECT, (seat + 1) % s.players, 0, seat), (RESOLVE, seat, card, part, len(pending(s))))


def pending(s) -> list:
    """The Effects used and not yet resolved, the first used first: their RESOLVE or DISRUPTED
    frames ``(frame, seat, card, part, slot)`` on the stack."""
    return [f for f in s.stack if f[0] == RESOLVE or f[0] == DISRUPTED]


def in_use(s) -> int:
    """Where the Effect used last and not yet resolved stands on the stack (-1: none)."""
    stack = s.stack
    for i in range(len(stack) - 1, -1, -1):
        index = stack[i][0]
        if index == RESOLVE or index == DISRUPTED:
            return i
    return -1


def run_effects(s, seat, card, part):
    s.stack.append((EFFECTS, seat, card, part, 0))


# --- the ops -------------------------------------------------------------------------------------
def op_draw_legend(s, seat, n, card):
    for _ in range(n):
        draw_legend(s, seat)


def pushes(index, *fields):
    """The op that pushes the frame ``(index, seat, *fields)`` ``n`` times: once per time the
    effect is named ("Draw 2 Life cards": two DRAW_LIFE frames)."""
    def op(s, seat, n, card):
        s.stack.extend([(index, seat, *fields)] * n)
    return op


def op_gamble(s, seat, n, card):
    """"In some cases, rewards are random": the Player rolls the die, with their own die bonuses
    (``roll_modifier``); at or below ``n`` the Adventure departs (RULES.md, "Random rewards")."""
    roll_for(s, seat, 1, None, R_GAMBLE, n, 0)


def op_space(s, seat, n, card, name):
    s.stack.extend([(CHOOSE_SPACE, seat, OPS_INDEX[name], card)] * n)


def op_reveal_hand(s, seat, n, card):
    s.stack.append((CHOOSE_SEAT, seat, OPS_INDEX["reveal-hand"], n))


def op_each_discard(s, seat, n, card, others_only=False):
    """"If all Players must draw or discard cards on the same turn, the Player whose turn it is
    draws or discards first, going clockwise.\""""
    frames = []
    for k in range(s.players):
        t = (s.active + k) % s.players
        if not (others_only and t == seat) and s.ai.get(t) != "emptiness":
            frames += [(HAND_DISCARD, t)] * n
    s.push(*frames)


def op_examine_deck(s, seat, n, card):
    """"Examine: Uncover a card so only that Player can see it, then cover it and return it.\""""
    if s.legend_deck:
        top = s.legend_deck[-1]
        s.known[seat] |= 1 << top
        s.say_fmt(None, "{} examines the top Legend Deck card.", s.seat_name(seat))
        s.say_fmt(seat, "The top Legend Deck card is {}.", s.C.names[top])


def op_uncover_wander(s, seat, n, card):
    if s.wanders[seat]:
        s.stack.append((CHOOSE_WANDER, seat, OPS_INDEX["uncover-wander"]))


def op_seek_word(s, seat, n, card):
    s.stack.append((SEEK, seat, SEEK_WORD))


def op_next_roll_bonus(s, seat, n, card):
    s.roll_bonus += n
    s.say_fmt(None, "{} has +{} to die rolls this turn.", s.seat_name(seat), s.roll_bonus)


def op_next_roll_once(s, seat, n, card):
    """"+n to your next die roll": added to the next roll of the turn (Wander, Challenge, Spark or Reward), then gone."""
    s.roll_once += n
    s.say_fmt(None, "{} has +{} to their next die roll.", s.seat_name(seat), s.roll_once)


def op_mill_life(s, seat, n, card):
    """War: "at the start of each turn, roll the die: on n or less, remove the top Life Deck card"."""
    r = roll(s)
    if r > n:
        s.say_fmt(None, "{}: the die shows {}; the Life Deck is spared.", s.C.names[card], r)
        return
    c = next_life(s)
    if c < 0:
        return
    s.life_discard.append(c)
    s.say_fmt(None, "{}: the die shows {}; the top Life card, {}, is removed.", s.C.names[card], r, s.C.names[c])


def op_none(s, seat, n, card):
    """Continuous and Interfere effects do nothing when run as a one-shot effect."""


def roll_modifier(s, seat, op=None) -> int:
    """What the Player adds to each die of a roll of theirs (RULES.md, "Die bonuses"): "+n to your die
    rolls this turn" and "+n to your next die roll" (spent by this roll) on every roll, Wander, Challenge,
    Spark or Reward, plus the continuous ``op`` the roll's kind names ("wander-bonus" for "to Wander
    rolls", "die-bonus" for "to Adventure die rolls"). A Hex then lowers it in the Interfere window."""
    n = s.roll_bonus + s.roll_once
    s.roll_once = 0
    if op is not None:
        n += mod(s, seat, op)
    return n


def roll_for(s, seat, dice, op, what, a, b):
    """``seat`` rolls ``dice`` dice with its die bonuses (``roll_modifier``; ``op``: the continuous
    bonus this kind of roll takes); then the Interfere window ("a die is rolled") and the roll's
    ROLL_CHECK: ``what`` it decides (names.R_*) and its numbers ``a`` and ``b``."""
    s.roll = [roll(s) for _ in range(dice)]
    s.roll_mod = roll_modifier(s, seat, op)
    s.push((WINDOW, ON_ROLL, (seat + 1) % s.players, 0, seat), (ROLL_CHECK, seat, what, a, b))


def roll(s) -> int:
    """"Regular Die" and "Adventure Die": "The same die can be used for both kinds." Faces 1-6."""
    return s.rng.below(R.DIE_FACES) + 1


OPS = {
    "draw-legend": op_draw_legend,
    "draw-life": pushes(DRAW_LIFE),
    "discard": pushes(DISCARD, D_EFFECT, -1),
    "defeat": pushes(DEFEAT),
    "trauma": pushes(SEEK, SEEK_TRAUMA),
    "seek-trauma": pushes(SEEK, SEEK_TRAUMA),
    "remove-trauma": pushes(REMOVE_TRAUMA),
    "gamble": op_gamble,
    **{name: partial(op_space, name=name) for name in ("uncover-world", "examine-world", "remove-world", "wander-free")},
    "examine-deck": op_examine_deck,
    "reveal-hand": op_reveal_hand,
    "each-discard": op_each_discard,
    "opponents-discard": partial(op_each_discard, others_only=True),
    "uncover-wander": op_uncover_wander,
    "seek-word": op_seek_word,
    "next-roll-bonus": op_next_roll_bonus,
    "next-roll-once": op_next_roll_once,
    "mill-life": op_mill_life,
}
for _name in get_args(Op):   # the continuous and Interfere ops, after the one-shot ones
    OPS.setdefault(_name, op_none)
OP_NAMES = tuple(OPS)
OPS_INDEX = {name: i for i, name in enumerate(OP_NAMES)}


# the card field each part names (names.HAND, WORLD_FX, USE, REWARD, PENALTY, STORY_DISCARD, SPARK, ACHIEVE)
PART_FIELDS = ("hand", "world", "effect", "reward", "penalty", "discard", "spark_effect", "effect")


def effect_list(C, card, part):
    """The effects a card's ``part`` names (names.HAND, WORLD_FX, USE, ...)."""
    return getattr(C.cards[card], PART_FIELDS[part])


def run_op(s, seat, eff, card):
    OPS[eff.op](s, seat, eff.n, card)
