"""Hidden information: what a seat cannot see, re-drawn for search (``determinize``).

Hidden from a seat: the other seats' hands (but for cards everyone saw them take from the face-up
River) and the order of the deck. The unseen cards are gathered in card-list order before the
shuffle, so the copy depends only on the seat's view and the rng. A seat asked in a response window
is seen to hold a Fast Cast card it can cast; the re-deal keeps that true when it can.
"""

from ...core import Rng, as_rng
from .flow import T_WINDOW


class HiddenInformation:
    __slots__ = ()

    def determinize(self, seat, rng):
        self.check_seat(seat, allow_none=False)
        rng = as_rng(rng)
        c = self.clone()
        c.seed = None
        c._history = []
        c._log = [(who, text) for who, text in self._log if who is None or who == seat]
        c._legal = None
        others = [s for s in range(self.players) if s != seat]
        unseen = list(self.deck)
        sizes = {}
        for o in others:
            hand = list(self.hand[o])
            for k in self.known[o]:
                hand.remove(k)
            unseen.extend(hand)
            sizes[o] = len(hand)
        unseen.sort()
        must = self.to_move if (self.cur is not None and self.cur[0] == T_WINDOW and self.to_move != seat) else -1
        for attempt in range(30):
            pool = list(unseen)
            rng.shuffle(pool)
            at = 0
            for o in others:
                c.hand[o] = list(self.known[o]) + pool[at:at + sizes[o]]
                at += sizes[o]
            c.deck = pool[at:]
            if must < 0 or c._can_fast(must):
                break
        c.rng = Rng(rng.next64())
        return c
