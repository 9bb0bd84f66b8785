"""Solitaire Mode: the Cursed Artifact's turn.

"1. Dig and raise from the bone pile currently next to the Cursed Artifact. The minion does not
perform any skills when raised by the Cursed Artifact.
2. Check to see if the Cursed Artifact has at least 3 living minions in any realm. If they do, the
Artifact awakens the Lich King and you lose!
3. Move the Cursed Artifact one bone pile to the right, looping around to the left when necessary."

"Right" is towards the higher realm number, as the player sees the table; from realm 3 it loops
to realm 1. The player's score is "the number of cards left in each realm's bone pile".
"""

ARTIFACT_LIMIT = 3   # "at least 3 living minions in any realm"


class SolitaireRules:
    __slots__ = ()

    def _artifact_turn(self):
        L = self.L
        a = self.artifact
        s = L.artifact_side
        if self.bone[a]:
            c = self._draw_bone(a)
            self.up[c] = 1
            self._put_side(c, a * L.ns + s)
            note = self._reveal(a)
            self.say(f"The Cursed Artifact digs and raises {self.card_name(c)} in realm {a + 1}{note}; it performs "
                     f"no skills.")
        else:
            self.say(f"Bone pile {a + 1} is empty: the Cursed Artifact raises nothing.")
        up = self.up
        for r in range(L.nr):
            living = sum(1 for c in self.sides[r * L.ns + s] if up[c])
            if living >= ARTIFACT_LIMIT:
                self._finish([], f"The Cursed Artifact has {living} living minions in realm {r + 1} and awakens "
                                 f"the Lich King. You lose")
                return
        self.artifact = (a + 1) % L.nr
        self.say(f"The Cursed Artifact moves to bone pile {self.artifact + 1}.")

    def bone_pile_cards(self) -> int:
        return sum(len(p) for p in self.bone)
