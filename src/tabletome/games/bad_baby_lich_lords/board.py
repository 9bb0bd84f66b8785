"""Moving cards around the table: sides of realms, bone piles, the burn pile.

Each physical card has an id; ``loc[card]`` says where it is, ``up[card]`` which side is up (1 for
a minion, 0 for a skeleton) and ``acted[card]`` whether it performed its skills this turn.
A bone pile is a list, bottom first; ``known[r]`` counts its top cards whose identity is public
(the top card always, and any card put back on it face up): the rest are hidden.
"""

from .phases import BONE, BURNED, HELD


class BoardRules:
    __slots__ = ()

    # --- names for the log ---------------------------------------------------------------------
    def card_name(self, c) -> str:
        return self.R.cards.name[c]

    def side_label(self, s) -> str:
        return self.L.side_label(s)

    def realm_of(self, c) -> int:
        """The realm a card on the table (on a side or in a bone pile) is in."""
        q = self.loc[c]
        if q >= BONE:
            return q - BONE if q < HELD else -1
        return q // self.L.ns if q >= 0 else -1

    def where(self, c) -> str:
        q = self.loc[c]
        if BONE <= q < HELD:
            return f"on bone pile {q - BONE + 1}"
        if 0 <= q:
            ns = self.L.ns
            return f"on {self.side_label(q % ns)}'s side of realm {q // ns + 1}"
        return ""

    # --- bone piles ------------------------------------------------------------------------------
    def _reveal(self, r) -> str:
        """Turn up the new top card of a bone pile whose known cards are gone; the words to add to
        the sentence that took the old top ("" if nothing new shows)."""
        pile = self.bone[r]
        if self.known[r] == 0 and pile:
            self.known[r] = 1
            return f" (bone pile {r + 1} now shows {self.card_name(pile[-1])})"
        return ""

    def _draw_bone(self, r) -> int:
        """Take the top card of realm r's bone pile; the caller says so, then ``_reveal(r)``
        turns up the next card."""
        c = self.bone[r].pop()
        self.known[r] -= 1
        return c

    def _put_bone(self, r, c):
        self.bone[r].append(c)
        self.known[r] += 1
        self.loc[c] = BONE + r

    # --- taking a card from wherever it is ------------------------------------------------------------
    def _take(self, c):
        q = self.loc[c]
        if q < BONE:
            self.sides[q].remove(c)
        elif q == HELD:
            self.held = -1
        elif q < HELD:
            r = q - BONE
            pile = self.bone[r]
            if pile[-1] == c:
                self._draw_bone(r)
            else:  # a known card under others (Lich Law 13.2 can move one)
                pile.remove(c)
                self.known[r] -= 1
            if self._reveal(r):
                self.say(f"Bone pile {r + 1} now shows {self.card_name(pile[-1])}.")

    def _put_side(self, c, q):
        self.sides[q].append(c)
        self.loc[c] = q

    def _burn_card(self, c):
        self._take(c)
        self.burn.append(c)
        self.loc[c] = BURNED
        self.up[c] = 1
        if self.acted[c]:
            self.acted[c] = 0
            self.acted_ids.remove(c)

    def _mark_acted(self, c):
        self.acted[c] = 1
        self.acted_ids.append(c)

    def _clear_acted(self):
        acted = self.acted
        for c in self.acted_ids:
            acted[c] = 0
        self.acted_ids = []

    # --- spells ----------------------------------------------------------------------------------
    def _draw_spell(self):
        """The top spell of the spell deck, or -1 when it is empty (RULES.md: no reshuffle)."""
        if not self.deck:
            return -1
        return self.deck.pop()
