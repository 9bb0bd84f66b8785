"""Hidden information: what a seat cannot see, re-drawn for search (``determinize``).

Hidden from a seat: the opponent's hand (but for Eternal-Firebolts seen returning to it), the
opponent's face-down transformation until the reveal, and the order of both decks. The unseen cards
are gathered in card-list order, so the result depends only on the seat's view and the rng.
"""

from ...core import Rng, as_rng


class HiddenInformation:
    __slots__ = ()

    def determinize(self, seat, rng):
        self.check_seat(seat, allow_none=False)
        rng = as_rng(rng)
        R = self.R
        cards = R.cards
        n = cards.n
        c = self.clone()
        c.seed = None
        c._history = []
        c._log = [(who, text) for who, text in self._log if who is None or who == seat]
        c._legal = None
        # my own deck: I know what is in it, not its order
        mine = sorted(self.deck[seat])
        rng.shuffle(mine)
        c.deck[seat] = mine
        # the opponent's deck, hand and face-down card form one pool of unseen cards
        o = 1 - seat
        pool = self.hand[o].copy()
        for k in self.deck[o]:
            pool[k] += 1
        known = [0] * n
        for k in range(n):
            if R.firebolt[k]:
                known[k] = min(self.known_bolts[o], pool[k])
                pool[k] -= known[k]
                break
        hidden_form = self.form[o] >= 0 and not self.revealed
        if hidden_form:
            pool[self.form[o]] += 1
            affordable = [k for k in cards.forms if cards.cost[k] <= self.mana[o] for _ in range(pool[k])]
            f = affordable[rng.below(len(affordable))]
            pool[f] -= 1
            c.form[o] = f
        unseen = [k for k in range(n) for _ in range(pool[k])]
        rng.shuffle(unseen)
        size = self.hand_size[o] - sum(known)
        hand = known
        for k in unseen[:size]:
            hand[k] += 1
        c.hand[o] = hand
        c.deck[o] = unseen[size:]
        c.rng = Rng(rng.next64())
        return c
