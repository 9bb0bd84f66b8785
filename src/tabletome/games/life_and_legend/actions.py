"""Every action Life & Legend can offer, built once per card file and player count.

Texts name cards and seats ("offer Truthstone to South for Heirloom Ring"). A seat's name depends
on the table size (South is seat 1 of 2, seat 2 of 4), so each player count has its own table; the
seat actions are laid out by name (North, East, South, West), so a text has the same id in every
table and only the seat it aims at differs.
"""

from ...core import ActionTable, seat_names
from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE, TRAIT, EXCEPTIONAL, TRAUMA, STORY, PATH, ACHIEVEMENT

MAX_WANDERS = 10   # Completed Wander positions actions can name (the limit starts at 4)
LEVELS = ("I", "II", "III")


SEAT_ORDER = ("North", "East", "South", "West")


def seat_slots(players):
    """(name, seat, target) for the four seat names: the seat that name has at this table, or an
    unused number (10 + k) when the table has no seat of that name (then no target)."""
    names = seat_names(players)
    return [(name, names.index(name), names.index(name)) if name in names else (name, 10 + k, None)
            for k, name in enumerate(SEAT_ORDER)]


class Actions(ActionTable):
    """The action table, with each kind of action that has numbers also kept by them, so that
    ``table.use[card]`` is ``table.get("use", card)`` without building a key on the hot path: a
    list by its one number (card id, World space, Completed Wander, seat; ``None`` where the table
    has no such action), else dicts by each number in turn (``offer_for[card][seat][card]``)."""

    def index(self):
        get = self.get
        self.end, self.draw, self.roll = get("end"), get("draw"), get("roll")
        self.spark, self.pass_ = get("spark"), get("pass")
        by_kind, counts = {}, {}
        for a in self.actions:
            if a.args:
                counts[a.kind] = len(a.args)
                place = by_kind.setdefault(a.kind, {})
                for x in a.args[:-1]:
                    place = place.setdefault(x, {})
                place[a.args[-1]] = a
        for kind, by in by_kind.items():
            setattr(self, kind, [by.get(i) for i in range(max(by) + 1)] if counts[kind] == 1 else by)
        return self


def build_actions(C, players=2) -> ActionTable:
    t = Actions()
    t.seat_names = seat_names(players)   # (read by the state's ``seat_name`` for its log lines)
    slots = seat_slots(players)
    one = lambda kind: C.of_kind[kind]
    uniq = lambda ids: [i for i in ids if C.by_name[C.names[i].lower()] == i]

    def each(ids, *texts):
        """For each card of ``ids`` in turn, the action of each (text naming the card, kind) of ``texts``."""
        for c in ids:
            for text, kind in texts:
                t.add(text.format(C.names[c]), kind, c, cards=(C.names[c],))

    for text, kind in (("end phase", "end"), ("done", "done"), ("draw the top Legend card", "draw"), ("roll the die", "roll"),
                       ("use the Spark", "spark"), ("accept", "accept"), ("decline", "decline"), ("pass", "pass"),
                       ("contest", "contest"), ("no contest", "no_contest"), ("give it to the Farwanderer", "give")):
        t.add(text, kind)
    for k in range(R.WORLD_SPACES):
        t.add(f"fill space {k + 1} from the Legend Deck", "fill", k)
        t.add(f"uncover space {k + 1}", "uncover", k)
        t.add(f"wander on space {k + 1}", "wander", k)
        t.add(f"choose space {k + 1}", "space", k)
    t.add("wander on the top Legend card", "wander", R.WORLD_SPACES)
    each(one(RELIC), ("bring {} into play", "relic"))
    for c in one(EVENT):
        t.add(f"play {C.names[c]}", "play", c, cards=(C.names[c],))
        t.add(f"wander by discarding {C.names[c]}", "by_event", c, cards=(C.names[c],))
        if C.is_atmosphere[c]:
            t.add(f"place {C.names[c]} over the Atmosphere", "over", c, cards=(C.names[c],))
    for c in one(EVENT) + one(ADVENTURE):
        if C.kind[c] == ADVENTURE or C.is_atmosphere[c]:
            for k in range(R.WORLD_SPACES):
                t.add(f"place {C.names[c]} in space {k + 1}", "place", c, k, cards=(C.names[c],))
    for c in one(ADVENTURE):
        for level in range(3):
            # named by the Challenge's printed mark (I, II or III); unused ids keep the table fixed
            chs = C.cards[c].challenges
            mark = chs[level].level if level < len(chs) else f"{LEVELS[level]} (none)"
            if level < len(chs) and any(ch.level == mark for ch in chs[:level]):
                mark = f"{mark} ({level + 1})"
            t.add(f"attempt {C.names[c]} challenge {mark}", "adventure", c, level, cards=(C.names[c],))
        if C.perpetual[c]:
            t.add(f"remove {C.names[c]}", "perpetual", c, cards=(C.names[c],))
    each(uniq(C.legend + C.life + C.background), ("discard {}", "discard"))
    each(uniq(one(TRAIT) + one(EXCEPTIONAL)), ("keep {}", "keep"))
    each(one(TRAUMA), ("remove {}", "remove_trauma"), ("spend wanders to remove {}", "fw_trauma"))
    each(one(RELIC) + one(EXCEPTIONAL) + one(STORY) + one(PATH) + one(ACHIEVEMENT), ("use {}", "use"))
    each(one(RELIC) + one(EXCEPTIONAL) + one(EVENT), ("interfere with {}", "interfere"))
    each(one(STORY) + one(PATH) + one(ACHIEVEMENT), ("activate {}", "activate"), ("set aside {}", "set_aside"))
    each(one(STORY), ("spend wanders for {}", "fw_story"))
    for w, word in enumerate(R.SMALL_WORDS + R.GREAT_WORDS):
        t.add(f"spend wanders for {word}", "fw_word", w)
    for j in range(MAX_WANDERS):
        t.add(f"turn in wander {j + 1}", "turn_in", j)
        t.add(f"discard wander {j + 1}", "discard_wander", j)
        t.add(f"choose wander {j + 1}", "pick_wander", j)
    for name, seat, target in slots:
        t.add(f"choose {name}", "seat", seat, target=target)
        for j in range(MAX_WANDERS):
            t.add(f"farwander on {name}'s wander {j + 1}", "farwander", seat, j, target=target)
    for c in one(RELIC):
        for name, seat, target in slots:
            t.add(f"offer {C.names[c]} to {name}", "offer", c, seat, cards=(C.names[c],), target=target)
            for d in one(RELIC):
                if d != c:
                    t.add(f"offer {C.names[c]} to {name} for {C.names[d]}", "offer_for", c, seat, d,
                          cards=(C.names[c], C.names[d]), target=target)
    # Farwandering's No Contest: "The opponent may keep, discard, or give the Life Card" (a Trauma
    # too; after every other action, so that the ids before stay as they were)
    each(one(TRAUMA), ("keep {}", "keep"))
    t.index()
    # per card id, the free action it offers in a hand (an Event's Hand Effect, a Life Achievement;
    # an Atmosphere goes over the current one only if there is one) and in a Play Area (a "Once
    # per turn" Effect), else None
    t.from_hand = [t.play[c] if C.hand_effect[c] else t.use[c] if C.kind[c] == ACHIEVEMENT else None
                   for c in range(C.n)]
    t.turn_use = [t.use[c] if C.turn_effect[c] else None for c in range(C.n)]
    return t
