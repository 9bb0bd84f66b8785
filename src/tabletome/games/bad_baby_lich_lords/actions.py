"""Every action a Bad Baby Lich Lords seat can take, each with its canonical text.

Texts name positions, never card names, so one table serves every card file and every mode:
"draw from realm 2", "place in realm 1", "raise realm 2 south 3" (the 3rd card on the south side
of realm 2), "choose Dig", "dig to north", "fight realm 1 north 2", "possess bone pile 3",
"leave to realm 3", "cast Fight", "combo Fight+Teach", "end turn". What an action means is settled
by the decision it answers: "raise realm 2 south 3" raises in place at the start of a turn, and
picks the target of a Raise skill or a Raise spell inside a chain.

What an action touches (``action.cards``, ``action.target``): the components it names -- a realm
("realm 2"), a bone pile ("bone pile 3"), a spell ("Fight"; a Combo names both spells), a skill
("Dig") -- and the seat whose side it aims at, when one seat plays that side (None for the Cursed
Artifact's side and for a 4-player team's side). The card at a position changes as play goes on,
so an action cannot name the minion itself: a tool reads it from the view at that position.
Each mode has its own table (``mode_table``): the same ids and texts, with the targets of its seats.
"""

from ...core import ActionTable
from .effects import SKILLS, SPELLS, S_TEACH

MAX_REALMS = 4
SIDE_WORDS = ("north", "south", "east", "artifact")   # every side name any mode uses
TARGET_VERBS = ("raise", "fight", "boss", "possess", "befriend", "move", "burn")
V_RAISE, V_FIGHT, V_BOSS, V_POSSESS, V_BEFRIEND, V_MOVE, V_BURN = range(len(TARGET_VERBS))
COMBO_SPELLS = tuple(t for t in range(len(SPELLS)) if t != S_TEACH)


def build_actions(max_positions: int, side_seat=None) -> ActionTable:
    """The table: ``max_positions`` is the most cards one side of a realm could ever hold;
    ``side_seat`` maps a side word to the seat playing it (None: no seat, or several)."""
    seat = side_seat or {}
    table = ActionTable()
    table.add("end turn", "end")
    for text, kind, touches in (("draw from realm", "draw", "bone pile"), ("place in realm", "place", "realm"),
                                ("leave to realm", "leave", "realm"), ("summon to realm", "summon", "realm"),
                                ("possess bone pile", "possess-pile", "bone pile")):
        for r in range(MAX_REALMS):
            table.add(f"{text} {r + 1}", kind, r, cards=(f"{touches} {r + 1}",))
    for w, word in enumerate(SIDE_WORDS):
        table.add(f"dig to {word}", "dig", w, target=seat.get(word))
    for s, skill in enumerate(SKILLS):
        table.add(f"choose {skill}", "choose", s, cards=(skill,))
    for t, spell in enumerate(SPELLS):
        table.add(f"cast {spell}", "cast", t, cards=(spell,))
    for t in COMBO_SPELLS:
        table.add(f"combo {SPELLS[t]}+{SPELLS[t]}", "combo", t, t, cards=(SPELLS[t], SPELLS[t]))
        table.add(f"combo {SPELLS[t]}+{SPELLS[S_TEACH]}", "combo", t, S_TEACH, cards=(SPELLS[t], SPELLS[S_TEACH]))
    for v, verb in enumerate(TARGET_VERBS):
        for r in range(MAX_REALMS):
            realm = (f"realm {r + 1}",)
            for w, word in enumerate(SIDE_WORDS):
                aim = seat.get(word)
                for j in range(max_positions):
                    table.add(f"{verb} realm {r + 1} {word} {j + 1}", "target", v, r, w, j, cards=realm, target=aim)
    return table


def mode_table(max_positions: int, layout) -> ActionTable:
    """The table of one mode: the game's ids and texts, with each side word's seat as the target."""
    side_seat = {SIDE_WORDS[w]: seats[0] if len(seats) == 1 else None
                 for w, seats in zip(layout.side_word, layout.side_seats)}
    return build_actions(max_positions, side_seat)
