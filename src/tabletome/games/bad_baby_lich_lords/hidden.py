"""Hidden information, re-drawn for search (``determinize``).

Hidden from a seat: the spells in the other hands and the order of the spell deck, the cards of
each bone pile below its known top cards, and the realm cards under each realm pile's top. A
bone pile's hidden cards are always the ones dealt to it at the start and never seen since (a
card only leaves a bone pile from the top, face up), so each pile is re-shuffled on its own. The
unseen cards are gathered in a canonical order (sorted) before shuffling, so the result depends
only on the seat's view and the rng.
"""

from ...core import Rng, as_rng
from .vocabulary import NUM_SPELLS


_ENOUGH = 1 << 40


def shuffle(items, rng):
    """Fisher-Yates drawing several indices from each 64-bit output of ``rng`` (mixed-radix), so a
    determinization costs a few calls instead of one per card. While at least 2^40 values are left
    the bias of each draw stays below one in a billion."""
    bits = room = 0
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        if room < _ENOUGH:
            bits, room = rng.next64(), 1 << 64
        j = bits % n
        bits //= n
        room //= n
        items[i], items[j] = items[j], items[i]


class HiddenInformation:
    __slots__ = ()

    def determinize(self, seat, rng):
        self.check_seat(seat, allow_none=False)
        rng = as_rng(rng)
        C = self.R.cards
        c = self.clone()
        c.seed = None
        c._history = []
        c._log = [(who, text) for who, text in self._log if who is None or who == seat]
        c._legal = None
        kind_of = C.kind
        for r, pile in enumerate(self.bone):
            h = len(pile) - self.known[r]
            if h > 1:
                hidden = sorted(pile[:h])
                kinds = sorted(kind_of[x] for x in hidden)
                shuffle(kinds, rng)
                by_kind = {}
                for x in reversed(hidden):
                    by_kind.setdefault(kind_of[x], []).append(x)
                c.bone[r] = [by_kind[k].pop() for k in kinds] + pile[h:]
        for r, pile in enumerate(self.rpile):
            if len(pile) > 2:
                below = sorted(pile[:-1])
                shuffle(below, rng)
                c.rpile[r] = below + [pile[-1]]
        others = [p for p in range(self.L.players) if p != seat]
        pool = list(self.deck)
        for p in others:
            h = self.hand[p]
            for t in range(NUM_SPELLS):
                pool.extend([t] * h[t])
        pool.sort()
        shuffle(pool, rng)
        i = 0
        for p in others:
            size = sum(self.hand[p])
            h = [0] * NUM_SPELLS
            for t in pool[i:i + size]:
                h[t] += 1
            c.hand[p] = h
            i += size
        c.deck = pool[i:]
        c.rng = Rng(rng.next64())
        return c
