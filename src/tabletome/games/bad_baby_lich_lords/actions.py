"""Every action a Bad Baby Lich Lords seat can take, each with its canonical text.

Texts name positions, never card names, so one table serves every card file and every mode:
"draw from realm 2", "place in realm 1", "raise realm 2 south 3" (the 3rd card on the south side
of realm 2), "choose Dig", "dig to north", "fight realm 1 north 2", "possess bone pile 3",
"leave to realm 3", "cast Fight", "combo Fight+Teach", "end turn". What an action means is settled
by the decision it answers: "raise realm 2 south 3" raises in place at the start of a turn, and
picks the target of a Raise skill or a Raise spell inside a chain.
"""

from ...core import ActionTable
from .vocabulary import SKILLS, SPELLS, S_TEACH

MAX_REALMS = 4
SIDE_WORDS = ("north", "south", "east", "artifact")   # every side name any mode uses
TARGET_VERBS = ("raise", "fight", "boss", "possess", "befriend", "move", "burn")
V_RAISE, V_FIGHT, V_BOSS, V_POSSESS, V_BEFRIEND, V_MOVE, V_BURN = range(len(TARGET_VERBS))
COMBO_SPELLS = tuple(t for t in range(len(SPELLS)) if t != S_TEACH)


def build_actions(max_positions: int) -> ActionTable:
    """The table: ``max_positions`` is the most cards one side of a realm could ever hold."""
    table = ActionTable()
    table.add("end turn", "end")
    for r in range(MAX_REALMS):
        table.add(f"draw from realm {r + 1}", "draw", r)
    for r in range(MAX_REALMS):
        table.add(f"place in realm {r + 1}", "place", r)
    for r in range(MAX_REALMS):
        table.add(f"leave to realm {r + 1}", "leave", r)
    for r in range(MAX_REALMS):
        table.add(f"summon to realm {r + 1}", "summon", r)
    for r in range(MAX_REALMS):
        table.add(f"possess bone pile {r + 1}", "possess-pile", r)
    for w, word in enumerate(SIDE_WORDS):
        table.add(f"dig to {word}", "dig", w)
    for s, skill in enumerate(SKILLS):
        table.add(f"choose {skill}", "choose", s)
    for t, spell in enumerate(SPELLS):
        table.add(f"cast {spell}", "cast", t)
    for t in COMBO_SPELLS:
        table.add(f"combo {SPELLS[t]}+{SPELLS[t]}", "combo", t, t)
        table.add(f"combo {SPELLS[t]}+{SPELLS[S_TEACH]}", "combo", t, S_TEACH)
    for v, verb in enumerate(TARGET_VERBS):
        for r in range(MAX_REALMS):
            for w, word in enumerate(SIDE_WORDS):
                for j in range(max_positions):
                    table.add(f"{verb} realm {r + 1} {word} {j + 1}", "target", v, r, w, j)
    return table
