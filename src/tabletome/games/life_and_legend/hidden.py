"""Hidden information, re-drawn for search (``determinize``).

Hidden from a seat: the other hands (but for cards revealed or seen entering them, and Life
Achievements), covered World cards, every Completed Wander (covered even to its owner, RULES.md),
a contested card, the order of the Legend and Life Decks and the covered Life card of a contest.
A card the seat has examined stays where it is. The unseen Legend cards are gathered slot by slot
in a fixed order, sorted, shuffled and dealt back into the same slots; who had examined each slot
(public: it is in every view) still knows the card now there (core's ``redeal``).
"""

from __future__ import annotations

from ...core import as_rng
from ...core.zones import redeal


def hidden_slots(c, seat, stays=0):
    """Every place a Legend card lies covered to ``seat`` (not its own hand), as (list, index)
    pairs in a fixed order, but for the cards in the bit set ``stays``."""
    deck = c.legend_deck
    slots = [(deck, i) for i in range(len(deck)) if not (stays >> deck[i]) & 1]
    world = c.world
    for k in range(len(world)):
        card = world[k]
        if card >= 0 and not c.up[k] and not (stays >> card) & 1:
            slots.append((world, k))
    for t in range(c.players):
        for pile in (c.wanders[t],) if t == seat else (c.wanders[t], c.hand[t]):
            for i in range(len(pile)):
                if not (stays >> pile[i]) & 1:
                    slots.append((pile, i))
    if c.contest and c.contest[1] >= 0 and not (stays >> c.contest[1]) & 1:
        slots.append((c.contest, 1))
    return slots


def determinize(s, seat, rng):
    """A copy of ``s`` with what ``seat`` cannot see re-drawn (this module's docstring)."""
    rng = as_rng(rng)
    c = s.determinized_copy(seat)
    # what stays: the cards the seat has examined, and Life Achievements (revealed in hand)
    redeal(hidden_slots(c, seat, stays=c.known[seat] | c.C.achievements), rng, c.known, seat)
    # the Life Deck's order, and a contest's covered Life card (dealt last); then the copy's own rng
    life = c.life_deck   # (the copy's own list)
    covered_life = bool(c.contest) and c.contest[1] >= 0 and c.contest[2] >= 0
    if covered_life:
        life.append(c.contest[2])
    life.sort()
    rng.shuffle(life)
    if covered_life:
        c.contest[2] = life.pop()
    c.rng = rng.spawn()
    return c
