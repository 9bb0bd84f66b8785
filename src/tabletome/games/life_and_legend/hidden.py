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
from .cards import ACHIEVEMENT


class HiddenInformation:
    __slots__ = ()

    def hidden_slots(self, c):
        """Every place a Legend card lies covered, as (list, index) pairs in a fixed order."""
        slots = [(c.legend_deck, i) for i in range(len(c.legend_deck))]
        for k in range(len(c.world)):
            if c.world[k] >= 0 and not c.up[k]:
                slots.append((c.world, k))
        for t in range(c.players):
            slots += [(c.wanders[t], i) for i in range(len(c.wanders[t]))]
            slots += [(c.hand[t], i) for i in range(len(c.hand[t]))]
        if c.contest and c.contest[1] >= 0:
            slots.append((c.contest, 1))
        return slots

    def determinize(self, seat, rng):
        rng = as_rng(rng)
        c = self.determinized_copy(seat)
        C = c.C
        known = c.known
        mine = known[seat]
        pool_slots = []
        for pile, i in self.hidden_slots(c):
            card = pile[i]
            if (mine >> card) & 1 or (pile is c.hand[seat]) or C.kind[card] == ACHIEVEMENT:
                continue
            pool_slots.append((pile, i))
        cards = sorted(pile[i] for pile, i in pool_slots)
        knowers = [[t for t in range(c.players) if (known[t] >> pile[i]) & 1] for pile, i in pool_slots]
        for t in range(c.players):
            for x in cards:
                known[t] &= ~(1 << x)
        rng.shuffle(cards)
        for (pile, i), card, who in zip(pool_slots, cards, knowers):
            pile[i] = card
            for t in who:
                known[t] |= 1 << card
        # the Life Deck's order, and a contest's covered Life card
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
