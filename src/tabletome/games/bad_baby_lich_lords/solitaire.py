"""Solitaire Mode: the Cursed Artifact's turn.

"1. Dig and raise from the bone pile currently next to the Cursed Artifact. The minion does not
perform any skills when raised by the Cursed Artifact.
2. Check to see if the Cursed Artifact has at least 3 living minions in any realm. If they do, the
Artifact awakens the Lich King and you lose!
3. Move the Cursed Artifact one bone pile to the right, looping around to the left when necessary."

"Right" is towards the higher realm number, as the player sees the table; from realm 3 it loops
to realm 1. The player's score is "the number of cards left in each realm's bone pile".
"""

from .endings import finish
from .places import card_name, dig
from .ruleset import ARTIFACT_LIMIT


def artifact_turn(state):
    L = state.L
    a = state.artifact
    s = L.artifact_side
    if state.bone[a]:
        c, note = dig(state, a, s, up=1)
        state.say_fmt(None, "The Cursed Artifact digs and raises {} in realm {}{}; it performs no skills.",
                      card_name(state, c), a + 1, note)
    else:
        state.say_fmt(None, "Bone pile {} is empty: the Cursed Artifact raises nothing.", a + 1)
    up = state.up
    for r in range(L.nr):
        living = sum(1 for c in state.sides[r * L.ns + s] if up[c])
        if living >= ARTIFACT_LIMIT:
            finish(state, [], f"The Cursed Artifact has {living} living minions in realm {r + 1} and awakens "
                              f"the Lich King. You lose")
            return
    state.artifact = (a + 1) % L.nr
    state.say_fmt(None, "The Cursed Artifact moves to bone pile {}.", state.artifact + 1)
