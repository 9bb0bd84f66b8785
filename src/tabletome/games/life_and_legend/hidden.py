"""Hidden information, re-drawn for search (``determinize``).

Hidden from a seat: the other hands (but for cards revealed or seen entering them, and Life
Achievements), covered World cards, every Completed Wander (covered even to its owner, RULES.md),
a contested card, the order of the Legend and Life Decks and the covered Life card of a contest.
A card the seat has examined stays where it is. The unseen Legend cards are gathered slot by slot
in a fixed order, sorted, shuffled and dealt back into the same slots; who had examined each slot
(public: it is in every view) still knows the card now there.
"""

from __future__ import annotations

from ...core import as_rng


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
        piles = (c.wanders[t],) if t == seat else (c.wanders[t], c.hand[t])
        for pile in piles:
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
    known = c.known
    # what stays: the cards the seat has examined, and Life Achievements (revealed in hand)
    slots = hidden_slots(c, seat, stays=known[seat] | c.C.achievements)
    cards = sorted(pile[i] for pile, i in slots)
    # the cards other seats have examined and ``seat`` has not (only these can lie in a slot
    # and be known there): most often none, and the cards are simply dealt back
    anyone = 0
    for k in known:
        anyone |= k
    if not anyone & ~known[seat]:
        rng.shuffle(cards)
        for (pile, i), card in zip(slots, cards):
            pile[i] = card
        return redraw_life(c, rng)
    # who had examined each slot's card (only seats other than ``seat`` can have)
    knowers = [None if not (anyone >> pile[i]) & 1 else
               [t for t in range(c.players) if (known[t] >> pile[i]) & 1] for pile, i in slots]
    redrawn = 0
    for x in cards:
        redrawn |= 1 << x
    for t in range(c.players):
        known[t] &= ~redrawn
    rng.shuffle(cards)
    for (pile, i), card, who in zip(slots, cards, knowers):
        pile[i] = card
        if who:
            for t in who:
                known[t] |= 1 << card
    return redraw_life(c, rng)


def redraw_life(c, rng):
    """The Life Deck's order, and a contest's covered Life card; then the copy's own rng."""
    life = list(c.life_deck)
    covered_life = bool(c.contest) and c.contest[1] >= 0 and c.contest[2] >= 0
    if covered_life:
        life.append(c.contest[2])
    life.sort()
    rng.shuffle(life)
    if covered_life:
        c.contest[2] = life.pop()
    c.life_deck = life
    c.rng = rng.spawn()
    return c
