"""Every action a Life Siphon seat can take, each with its canonical text and fixed id.

One table per card set (action texts name cards and Aspects), built once; states hand out these same
objects. ``ActionIndex`` adds each action to the table and keeps it by what it does, in nested lists
indexed by kind and space, so the rules find an action without looking it up.
"""

from ...core import ActionTable
from .board import AREAS, AREA_OF, BATTLEGROUND, NUMBER_IN_AREA, QUADRANT_NAMES, SLOTS


class ActionIndex:
    """Every action (``table``), with the names of the cards and Familiars it involves
    (``action.cards``), and each by what it does. A target seat is not fixed by the text (a
    quadrant may be a ghost's or a Lair's), so ``target`` stays None; the quadrant is named in the
    text. The order actions are added in is their id."""

    def __init__(self, cards):
        t = self.table = ActionTable()
        vials = {v.effect: v.name for v in cards.vials}
        flame, shadow, mischief = (vials["grant-breath-weapon"], vials["damage-1-on-own-removal"],
                                   vials["return-on-own-removal"])
        fams = list(enumerate(cards.fam_names))
        quadrants = list(enumerate(QUADRANT_NAMES))
        self.pass_ = t.add("pass", "pass")
        self.end_turn = t.add("end turn", "end-turn")
        self.end_attacks = t.add("end attacks", "end-attacks")
        self.river_none = t.add("take no River card", "river-none")
        self.river = [t.add(f"take {name} from the River", "river", k, cards=(name,)) for k, name in enumerate(cards.names)]
        self.summon = [t.add(f"summon {name}", "summon", f, cards=(name,)) for f, name in fams]
        # move[f][i] = (backward action or None, forward action or None)
        self.move = [[] for _ in fams]
        for f, name in fams:
            for i in range(SLOTS):
                a = AREA_OF[i]
                here = f"move {name} from {AREAS[a]} {NUMBER_IN_AREA[i]} to"
                forward = t.add(f"{here} {AREAS[a + 1]}", "move", f, i, 1, cards=(name,)) if a < BATTLEGROUND else None
                back = t.add(f"{here} {AREAS[a - 1]}", "move", f, i, -1, cards=(name,)) if a > 0 else None
                self.move[f].append((back, forward))
        for kind in ("attack", "block"):
            setattr(self, kind, [[t.add(f"{kind} with {name} at Battleground {n + 1}", kind, f, n, cards=(name,))
                                  for n in range(3)] for f, name in fams])
        self.no_block = t.add("do not block", "no-block")
        self.stop_blocking = t.add("stop blocking", "stop-blocking")
        self.target_player = [t.add(f"target {qname}", "target-player", qn) for qn, qname in quadrants]
        self.target_familiar = [[[t.add(f"target {qname}'s {name} at {AREAS[AREA_OF[i]]} {NUMBER_IN_AREA[i]}",
                                        "target-familiar", qn, i, f, cards=(name,)) for f, name in fams]
                                 for i in range(SLOTS)] for qn, qname in quadrants]
        self.breath_player = [t.add(f"breathe on {qname}", "breath-player", qn) for qn, qname in quadrants]
        self.breath_familiar = [[t.add(f"breathe on {name} at Battleground {n + 1}", "breath-familiar", f, n,
                                       cards=(name,)) for n in range(3)] for f, name in fams]
        self.cast, self.cast_slow = [], []
        for k, card in enumerate(cards.cards):
            self.cast.append(t.add(f"cast {card.name}", "cast", k, 0, cards=(card.name,)))
            self.cast_slow.append(t.add(f"cast {card.name} as Slow Cast", "cast", k, 1, cards=(card.name,))
                                  if card.speed == "fast/slow" else None)
        self.discard = [t.add(f"discard {name}", "discard", k, cards=(name,)) for k, name in enumerate(cards.names)]
        self.equip = [t.add(f"equip {name}", "equip", a, cards=(name,)) for a, name in enumerate(cards.aspect_names)]
        self.use_aspect = [t.add(f"use {aspect.name}", "use-aspect", a, cards=(aspect.name,))
                           if aspect.trigger == "slow-ability" else None for a, aspect in enumerate(cards.aspects)]
        self.flame = [[t.add(f"use Essence of Flame on {name} at Battleground {n + 1}", "flame", f, n,
                             cards=(flame, name)) for n in range(3)] for f, name in fams]
        self.use_shadow = t.add(f"use {shadow}", "vial", 1, cards=(shadow,))
        self.use_mischief = t.add(f"use {mischief}", "vial", 2, cards=(mischief,))
        self.keep_vials = t.add("keep the Essences", "vial", -1)
        self.draw = t.add("draw a card", "may-draw", 1)
        self.no_draw = t.add("do not draw", "may-draw", 0)
        self.no_move = t.add("do not move", "no-move")
