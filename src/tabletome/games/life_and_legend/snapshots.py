"""Declared snapshot fields (core/snapshots.py) and how a state is written and read back.

Cards are written by label: the card's name, or "name #k" for the k-th copy of a Trait-Card
(copies after the first). A hand-written position may leave cards out: they go to the bottom of
their own deck, in card-file order. Frames on the stack hold card ids (their order in cards.toml,
Legend Deck first; RULES.md).
"""

from __future__ import annotations

from typing import Optional

import msgspec

from ...core import IllegalAction
from ...core.snapshots import SnapshotFields as Base
from . import ruleset as R
from .effects import pending
from .names import SEAT_LISTS, DISRUPTED


class SnapshotFields(Base, kw_only=True):
    hands: list[list[str]]
    relics: list[list[str]] = []
    traits: list[list[str]] = []
    traumas: list[list[str]] = []
    wanders: list[list[str]] = []
    adventures: list[list[str]] = []
    story: list[Optional[str]] = []
    path: list[Optional[str]] = []
    known: list[list[str]] = []
    legend_deck: list[str] = []
    legend_discard: list[str] = []
    life_deck: list[str] = []
    life_discard: list[str] = []
    backgrounds: list[str] = []
    background_discard: list[str] = []
    world: list[Optional[str]]
    uncovered: list[bool] = msgspec.field(default_factory=lambda: [False] * 4)
    active: int = 0
    turn: int = 1
    phase: int = 0
    used: list[str] = []
    acted: bool = False
    activated: bool = False
    spark_used: bool = False
    did: int = 0
    roll_bonus: int = 0
    roll_once: int = 0
    roll: list[int] = []
    roll_mod: int = 0
    pending: list[tuple[int, str, int, int]] = []
    offered: list[str] = []
    words_bought: list[int] = []
    lost_adventure: bool = False
    legend_emptied: bool = False
    life_emptied: bool = False
    age: int = 1
    targets: list[str] = []
    acquired: list[str] = []
    contest: list[int] = []
    limbo: list[str] = []
    over: bool = False
    winners: list[int] = []


def bits(mask):
    """The set bits of ``mask``, lowest first (card ids in a bitmask)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


LISTS = ("hands", "relics", "traits", "traumas", "wanders", "adventures")


class SnapshotMixin:
    __slots__ = ()

    def _snapshot(self):
        L = self.C.labels
        lab = lambda ids: [L[c] for c in ids]
        opt = lambda c: L[c] if c >= 0 else None
        return {
            "hands": [lab(h) for h in self.hand],
            "relics": [lab(h) for h in self.relics],
            "traits": [lab(h) for h in self.traits],
            "traumas": [lab(h) for h in self.traumas],
            "wanders": [lab(h) for h in self.wanders],
            "adventures": [lab(h) for h in self.adventures],
            "story": [opt(c) for c in self.story],
            "path": [opt(c) for c in self.path],
            "known": [[L[c] for c in bits(k)] for k in self.known],
            "legend_deck": lab(self.legend_deck), "legend_discard": lab(self.legend_discard),
            "life_deck": lab(self.life_deck), "life_discard": lab(self.life_discard),
            "backgrounds": lab(self.backgrounds), "background_discard": lab(self.background_discard),
            "world": [opt(c) for c in self.world], "uncovered": list(self.up),
            "active": self.active, "turn": self.turn, "phase": self.phase,
            "used": [L[c] for c in bits(self.used)],
            "acted": self.acted, "activated": self.activated, "spark_used": self.spark_used, "did": self.did,
            "roll_bonus": self.roll_bonus, "roll_once": self.roll_once, "roll": list(self.roll), "roll_mod": self.roll_mod,
            "pending": self._pending(L),
            "offered": [L[c] for c in bits(self.offered)],
            "words_bought": list(self.words_bought),
            "lost_adventure": self.lost_adventure, "legend_emptied": self.legend_emptied,
            "life_emptied": self.life_emptied, "age": self.age,
            "targets": lab(self.targets), "acquired": lab(self.acquired),
            "contest": list(self.contest), "limbo": lab(self.limbo),
            "over": self.to_move is None, "winners": list(self.winners),
        }

    def _pending(self, L):
        """The Effects used and not yet resolved, as the stack holds them (written for readers:
        restoring checks them against the stack)."""
        return [[f[1], L[f[2]], f[3], int(f[0] == DISRUPTED)] for f in pending(self)]

    def _restore(self, f):
        C = self.C = self.game.card_list(self.card_text)
        n = self.players
        self.mode = self.options["mode"]
        self.ai = self.game.ai_seats(n, self.options)
        ids = C.label_ids
        placed = set()

        def card(label, where):
            i = ids.get(label.lower()) if isinstance(label, str) else None
            if i is None:
                raise IllegalAction(f"Life & Legend snapshot field {where!r}: {label!r} is not a card label "
                                    "(a card's name, or 'name #k' for the k-th copy of a Trait-Card)")
            if i in placed:
                raise IllegalAction(f"Life & Legend snapshot field {where!r}: {label!r} is placed twice "
                                    "(name the other copies of a Trait-Card 'name #2', 'name #3'...)")
            placed.add(i)
            return i

        def cards(labels, where):
            return [card(x, where) for x in labels]

        def per_seat(values, where, default):
            if not values:
                return [default() for _ in range(n)]
            if len(values) != n:
                raise IllegalAction(f"Life & Legend snapshot field {where!r} needs one entry per seat ({n}), not {len(values)}")
            return values

        for name, attr in zip(LISTS, SEAT_LISTS):
            rows = per_seat(getattr(f, name), name, list)
            setattr(self, attr, [cards(r, f"{name}[{t}]") for t, r in enumerate(rows)])
        self.story = [card(x, "story") if x else -1 for x in per_seat(f.story, "story", lambda: None)]
        self.path = [card(x, "path") if x else -1 for x in per_seat(f.path, "path", lambda: None)]
        if len(f.world) != R.WORLD_SPACES or len(f.uncovered) != R.WORLD_SPACES:
            raise IllegalAction("Life & Legend snapshot fields 'world' and 'uncovered' have 4 entries (the 2x2 World)")
        self.world = [card(x, "world") if x else -1 for x in f.world]
        self.up = [bool(u) and self.world[k] >= 0 for k, u in enumerate(f.uncovered)]
        self.legend_deck = cards(f.legend_deck, "legend_deck")
        self.legend_discard = cards(f.legend_discard, "legend_discard")
        self.life_deck = cards(f.life_deck, "life_deck")
        self.life_discard = cards(f.life_discard, "life_discard")
        self.backgrounds = cards(f.backgrounds, "backgrounds")
        self.background_discard = cards(f.background_discard, "background_discard")
        self.limbo = cards(f.limbo, "limbo")
        self.contest = list(f.contest)
        for c in self.contest[1:]:
            if c >= 0:
                if not 0 <= c < C.n or c in placed:
                    raise IllegalAction(f"Life & Legend snapshot field 'contest': card id {c} is not free")
                placed.add(c)
        # cards a hand-written position leaves out go to the bottom of their decks
        apathy = C.by_name.get("apathy") if self.mode == "lore" else None
        missing_legend, missing_life = [], []
        for i in range(C.n):
            if i in placed or i == apathy:
                continue
            if C.kind[i] <= 2:
                missing_legend.append(i)
            elif C.kind[i] <= 5:
                missing_life.append(i)
            else:
                self.backgrounds.append(i)
        self.legend_deck[:0] = missing_legend[::-1]
        self.life_deck[:0] = missing_life[::-1]
        lookup = lambda x, where: self._id(ids, x, where)
        self.known = [0] * n
        for t, row in enumerate(per_seat(f.known, "known", list)):
            for x in row:
                self.known[t] |= 1 << lookup(x, "known")
        self.used = 0
        for x in f.used:
            self.used |= 1 << lookup(x, "used")
        self.offered = 0
        for x in f.offered:
            self.offered |= 1 << lookup(x, "offered")
        if not 0 <= f.active < n:
            raise IllegalAction(f"Life & Legend snapshot field 'active' is a seat, 0 to {n - 1}")
        if not 0 <= f.phase < 4:
            raise IllegalAction("Life & Legend snapshot field 'phase' is 0 to 3 (Contemplation, World, Life, Resolution)")
        self.active, self.turn, self.phase = f.active, f.turn, f.phase
        self.acted, self.activated, self.spark_used, self.did = f.acted, f.activated, f.spark_used, f.did
        self.roll_bonus, self.roll, self.roll_mod = f.roll_bonus, list(f.roll), f.roll_mod
        self.roll_once = f.roll_once
        given = [[p[0], C.labels[lookup(p[1], "pending")], p[2], p[3]] for p in f.pending]
        self.words_bought = list(f.words_bought)
        self.lost_adventure, self.legend_emptied, self.life_emptied = f.lost_adventure, f.legend_emptied, f.life_emptied
        self.age = f.age
        self.targets = [lookup(x, "targets") for x in f.targets]
        self.acquired = [lookup(x, "acquired") for x in f.acquired]
        self.winners = list(f.winners)
        if given and not f.over and given != self._pending(C.labels):
            raise IllegalAction(f"Life & Legend snapshot field 'pending' lists {given}, but the stack's 'resolve' "
                                f"frames hold {self._pending(C.labels)}: an Effect in use is a 'resolve' frame")
        if f.over:
            self.stack, self.decision, self.to_move = [], None, None
        elif self.decision is not None:
            self.to_move = self._decision_seat(self.frames.frames[self.decision[0]])
        else:
            if not self.stack:
                # a hand-written position: the rest of the active seat's turn
                make = self.frames.make
                self.stack = [make("end_turn", self.active)] + [make("phase", self.active, p) for p in range(3, self.phase - 1, -1)]
            self.run()

    def _decision_seat(self, spec):
        d = self.decision
        if spec.name == "window":
            return d[2]
        return d[1]

    @staticmethod
    def _id(ids, x, where):
        i = ids.get(str(x).lower())
        if i is None:
            raise IllegalAction(f"Life & Legend snapshot field {where!r}: {x!r} is not a card label")
        return i
