"""Every action a Life Siphon seat can take, each with its canonical text and fixed id.

One table per card set (action texts name cards and Aspects), built once; states hand out these same
objects. ``ActionIndex`` finds them by what they do, as nested lists indexed by kind and space.
"""

from ...core import ActionTable
from .board import AREAS, AREA_OF, BATTLEGROUND, NUMBER_IN_AREA, QUADRANT_NAMES, SLOTS


def build_actions(cards) -> ActionTable:
    """Every action, with the names of the cards and Familiars it involves (``action.cards``). A
    target seat is not fixed by the text (a quadrant may be a ghost's or a Lair's), so ``target``
    stays None; the quadrant is named in the text."""
    t = ActionTable()
    vials = {v.effect: v.name for v in cards.vials}
    flame, shadow, mischief = (vials["grant-breath-weapon"], vials["damage-1-on-own-removal"],
                               vials["return-on-own-removal"])
    fams = cards.fam_names
    t.add("pass", "pass")
    t.add("end turn", "end-turn")
    t.add("end attacks", "end-attacks")
    t.add("take no River card", "river-none")
    for k, name in enumerate(cards.names):
        t.add(f"take {name} from the River", "river", k, cards=(name,))
    for f, name in enumerate(fams):
        t.add(f"summon {name}", "summon", f, cards=(name,))
    for f, name in enumerate(fams):
        for i in range(SLOTS):
            a = AREA_OF[i]
            if a < BATTLEGROUND:
                t.add(f"move {name} from {AREAS[a]} {NUMBER_IN_AREA[i]} to {AREAS[a + 1]}", "move", f, i, 1, cards=(name,))
            if a > 0:
                t.add(f"move {name} from {AREAS[a]} {NUMBER_IN_AREA[i]} to {AREAS[a - 1]}", "move", f, i, -1, cards=(name,))
    for kind in ("attack", "block"):
        for f, name in enumerate(fams):
            for n in range(3):
                t.add(f"{kind} with {name} at Battleground {n + 1}", kind, f, n, cards=(name,))
    t.add("do not block", "no-block")
    t.add("stop blocking", "stop-blocking")
    for qn, qname in enumerate(QUADRANT_NAMES):
        t.add(f"target {qname}", "target-player", qn)
    for qn, qname in enumerate(QUADRANT_NAMES):
        for i in range(SLOTS):
            for f, name in enumerate(fams):
                t.add(f"target {qname}'s {name} at {AREAS[AREA_OF[i]]} {NUMBER_IN_AREA[i]}", "target-familiar", qn, i, f,
                      cards=(name,))
    for qn, qname in enumerate(QUADRANT_NAMES):
        t.add(f"breathe on {qname}", "breath-player", qn)
    for f, name in enumerate(fams):
        for n in range(3):
            t.add(f"breathe on {name} at Battleground {n + 1}", "breath-familiar", f, n, cards=(name,))
    for k, card in enumerate(cards.cards):
        t.add(f"cast {card.name}", "cast", k, 0, cards=(card.name,))
        if card.speed == "fast/slow":
            t.add(f"cast {card.name} as Slow Cast", "cast", k, 1, cards=(card.name,))
    for k, name in enumerate(cards.names):
        t.add(f"discard {name}", "discard", k, cards=(name,))
    for a, name in enumerate(cards.aspect_names):
        t.add(f"equip {name}", "equip", a, cards=(name,))
    for a, aspect in enumerate(cards.aspects):
        if aspect.trigger == "slow-ability":
            t.add(f"use {aspect.name}", "use-aspect", a, cards=(aspect.name,))
    for f, name in enumerate(fams):
        for n in range(3):
            t.add(f"use Essence of Flame on {name} at Battleground {n + 1}", "flame", f, n,
                  cards=(flame, name))
    t.add(f"use {shadow}", "vial", 1, cards=(shadow,))
    t.add(f"use {mischief}", "vial", 2, cards=(mischief,))
    t.add("keep the Essences", "vial", -1)
    t.add("draw a card", "may-draw", 1)
    t.add("do not draw", "may-draw", 0)
    t.add("do not move", "no-move")
    return t


class ActionIndex:
    """The table's actions by what they do (lists indexed by kind, space and quadrant name)."""

    def __init__(self, t, cards):
        fams = range(cards.nf)
        self.pass_ = t.get("pass")
        self.end_turn = t.get("end-turn")
        self.end_attacks = t.get("end-attacks")
        self.river_none = t.get("river-none")
        self.river = [t.get("river", k) for k in range(cards.n)]
        self.summon = [t.get("summon", f) for f in fams]
        # move[f][i] = (backward action or None, forward action or None)
        self.move = [[(t.get("move", f, i, -1) if AREA_OF[i] > 0 else None,
                       t.get("move", f, i, 1) if AREA_OF[i] < BATTLEGROUND else None) for i in range(SLOTS)]
                     for f in fams]
        self.attack = [[t.get("attack", f, n) for n in range(3)] for f in fams]
        self.block = [[t.get("block", f, n) for n in range(3)] for f in fams]
        self.no_block = t.get("no-block")
        self.stop_blocking = t.get("stop-blocking")
        self.target_player = [t.get("target-player", qn) for qn in range(len(QUADRANT_NAMES))]
        self.target_familiar = [[[t.get("target-familiar", qn, i, f) for f in fams] for i in range(SLOTS)]
                                for qn in range(len(QUADRANT_NAMES))]
        self.breath_player = [t.get("breath-player", qn) for qn in range(len(QUADRANT_NAMES))]
        self.breath_familiar = [[t.get("breath-familiar", f, n) for n in range(3)] for f in fams]
        self.cast = [t.get("cast", k, 0) for k in range(cards.n)]
        self.cast_slow = [t.get("cast", k, 1) if c.speed == "fast/slow" else None for k, c in enumerate(cards.cards)]
        self.discard = [t.get("discard", k) for k in range(cards.n)]
        self.equip = [t.get("equip", a) for a in range(len(cards.aspects))]
        self.use_aspect = [t.get("use-aspect", a) if asp.trigger == "slow-ability" else None
                           for a, asp in enumerate(cards.aspects)]
        self.flame = [[t.get("flame", f, n) for n in range(3)] for f in fams]
        self.use_shadow = t.get("vial", 1)
        self.use_mischief = t.get("vial", 2)
        self.keep_vials = t.get("vial", -1)
        self.draw = t.get("may-draw", 1)
        self.no_draw = t.get("may-draw", 0)
        self.no_move = t.get("no-move")
