"""Loading and checking Life Siphon's components (cards.toml, or a player's own cards with --cards).

A broken file is refused with ``IllegalAction`` naming the file, the card and the field. Familiars
and vials always come from the game's own file (they are meeples and tokens whose rules the
rulebook prints); a player's card file brings its own ``[[card]]`` and, optionally, ``[[aspect]]``
tables (without them, the game's own Aspects are used).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ...core import IllegalAction
from .effects import (ASPECT_EFFECTS, ASPECT_TRIGGERS, ASPECT_WHO, EFFECTS, ORIGINS, POOLS, SPECIALS,
                      SPEEDS, VIAL_EFFECTS)

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")


@dataclass(frozen=True)
class Familiar:
    kind: int
    name: str
    pool: str
    supply: int
    cost: int
    attack: int
    defense: int
    move_cost: int
    specials: tuple
    text: str
    origin: str
    notes: str


@dataclass(frozen=True)
class Card:
    kind: int
    name: str
    speed: str
    copies: int
    cost: int
    effect: str
    amount: int
    target: str
    slow_effect: str
    slow_amount: int
    slow_target: str
    text: str
    origin: str
    madness: bool
    notes: str

    @property
    def fast(self) -> bool:
        return self.speed in ("fast", "fast/slow")


@dataclass(frozen=True)
class Aspect:
    kind: int
    name: str
    trigger: str
    effect: str
    amount: int
    who: str
    cost: int
    text: str
    origin: str


@dataclass(frozen=True)
class Vial:
    kind: int
    name: str
    effect: str
    text: str
    origin: str


class CardSet:
    """Every component of one game, with per-kind lists the rules read on the hot path."""

    def __init__(self, familiars, vials, cards, aspects, source):
        self.familiars, self.vials, self.cards, self.aspects = familiars, vials, cards, aspects
        self.source = source
        self.names = [c.name for c in cards]
        self.n = len(cards)
        self.fam_names = [f.name for f in familiars]
        self.nf = len(familiars)
        self.aspect_names = [a.name for a in aspects]
        self.vial_names = [v.name for v in vials]
        self.by_name = {c.name.lower(): c.kind for c in cards}
        self.fam_by_name = {f.name.lower(): f.kind for f in familiars}
        self.aspect_by_name = {a.name.lower(): a.kind for a in aspects}
        self.vial_by_name = {v.name.lower(): v.kind for v in vials}

    def kind_of(self, name, where) -> int:
        k = self.by_name.get(str(name).lower()) if isinstance(name, str) else None
        if k is None:
            raise IllegalAction(f"{where}: {name!r} is not a card of this deck; cards are: {', '.join(self.names)}")
        return k

    def familiar_of(self, name, where) -> int:
        k = self.fam_by_name.get(str(name).lower()) if isinstance(name, str) else None
        if k is None:
            raise IllegalAction(f"{where}: {name!r} is not a Familiar; Familiars are: {', '.join(self.fam_names)}")
        return k

    def aspect_of(self, name, where) -> int:
        k = self.aspect_by_name.get(str(name).lower()) if isinstance(name, str) else None
        if k is None:
            raise IllegalAction(f"{where}: {name!r} is not an Aspect; Aspects are: {', '.join(self.aspect_names)}")
        return k

    def vial_of(self, name, where) -> int:
        k = self.vial_by_name.get(str(name).lower()) if isinstance(name, str) else None
        if k is None:
            raise IllegalAction(f"{where}: {name!r} is not an Essence Vial; vials are: {', '.join(self.vial_names)}")
        return k


def _read_toml(text: str, source: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise IllegalAction(f"card file {source} is not valid TOML: {exc}") from None


def load_cards(path=None) -> CardSet:
    """The game's own components (cards.toml)."""
    path = Path(path) if path is not None else DEFAULT_CARDS
    text = path.read_text()
    data = _read_toml(text, str(path))
    familiars = _familiars(data.get("familiar"), str(path))
    vials = _vials(data.get("vial"), str(path))
    cards = _cards(data.get("card"), str(path))
    aspects = _aspects(data.get("aspect"), str(path))
    _check_counts(cards, str(path))
    return CardSet(familiars, vials, cards, aspects, str(path))


def cards_from_text(text: str, source: str, base: CardSet) -> CardSet:
    """A player's own card file: its [[card]] tables (and [[aspect]] tables, if any)."""
    if not isinstance(text, str):
        raise IllegalAction(f"card file {source} must be text")
    data = _read_toml(text, source)
    extra = sorted(set(data) - {"card", "aspect"})
    if extra:
        raise IllegalAction(f"{source}: unknown table(s) {', '.join(extra)}; a card file lists [[card]] "
                            "and optionally [[aspect]] tables (familiars and vials are printed in the rulebook)")
    cards = _cards(data.get("card"), source)
    aspects = _aspects(data["aspect"], source) if "aspect" in data else base.aspects
    return CardSet(base.familiars, base.vials, cards, aspects, source)


def _check_counts(cards, source):
    """The rulebook's counts: "39 Main Deck cards: 16 Fast Cast Spells, 18 Slow Cast Spells, 5 Fast / Slow"."""
    total = {s: sum(c.copies for c in cards if c.speed == s) for s in SPEEDS}
    want = {"fast": 16, "slow": 18, "fast/slow": 5}
    if total != want:
        raise IllegalAction(f"{source}: the main deck must hold 16 Fast, 18 Slow and 5 Fast / Slow cards, not {total}")


def _entries(entries, table, source):
    if not isinstance(entries, list) or not entries:
        raise IllegalAction(f"{source}: a card file lists its {table}s as [[{table}]] tables")
    out = []
    for i, entry in enumerate(entries):
        where = f"{source}, {table} {i + 1}"
        if not isinstance(entry, dict):
            raise IllegalAction(f"{where}: must be a table")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise IllegalAction(f"{where}: field 'name' must be a non-empty string")
        out.append((f"{source}, {table} {name!r}", entry))
    names = [e["name"].lower() for _, e in out]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise IllegalAction(f"{source}: {table} name(s) listed twice: {', '.join(dupes)}")
    return out


def _fields(where, entry, known):
    extra = sorted(set(entry) - set(known))
    if extra:
        raise IllegalAction(f"{where}: unknown field(s) {', '.join(extra)}; fields are: {', '.join(sorted(known))}")


def _whole(where, entry, field, low, high=99, default=None):
    value = entry.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IllegalAction(f"{where}: field {field!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _choice(where, entry, field, allowed, default=None):
    value = entry.get(field, default)
    if value not in allowed:
        raise IllegalAction(f"{where}: field {field!r} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _text(where, entry, field, required=True):
    value = entry.get(field, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise IllegalAction(f"{where}: field {field!r} must be {'a non-empty' if required else 'a'} string")
    return value


def _familiars(entries, source):
    out = []
    known = ("name", "pool", "supply", "cost", "attack", "defense", "move_cost", "specials", "text",
             "origin", "notes")
    for i, (where, e) in enumerate(_entries(entries, "familiar", source)):
        _fields(where, e, known)
        specials = e.get("specials", [])
        if not isinstance(specials, list) or any(s not in SPECIALS for s in specials):
            raise IllegalAction(f"{where}: field 'specials' must be a list of: {', '.join(SPECIALS)}")
        out.append(Familiar(i, e["name"], _choice(where, e, "pool", POOLS), _whole(where, e, "supply", 1, 12),
                            _whole(where, e, "cost", 0, 19), _whole(where, e, "attack", 0), _whole(where, e, "defense", 1),
                            _whole(where, e, "move_cost", 0, 19, 0), tuple(specials), _text(where, e, "text"),
                            _choice(where, e, "origin", ORIGINS), _text(where, e, "notes", False)))
    return out


def _vials(entries, source):
    out = []
    for i, (where, e) in enumerate(_entries(entries, "vial", source)):
        _fields(where, e, ("name", "effect", "text", "origin"))
        out.append(Vial(i, e["name"], _choice(where, e, "effect", VIAL_EFFECTS), _text(where, e, "text"),
                        _choice(where, e, "origin", ORIGINS)))
    effects = sorted(v.effect for v in out)
    if effects != sorted(VIAL_EFFECTS):
        raise IllegalAction(f"{source}: the vials must have the effects {', '.join(VIAL_EFFECTS)} once each")
    return out


def _cards(entries, source):
    out = []
    known = ("name", "speed", "copies", "cost", "effect", "amount", "target", "slow_effect", "slow_amount",
             "slow_target", "text", "origin", "madness", "notes")
    for i, (where, e) in enumerate(_entries(entries, "card", source)):
        _fields(where, e, known)
        speed = _choice(where, e, "speed", SPEEDS)
        effect = _choice(where, e, "effect", tuple(EFFECTS))
        target = _choice(where, e, "target", EFFECTS[effect])
        slow_effect, slow_amount, slow_target = "", 0, ""
        if speed == "fast/slow":
            slow_effect = _choice(where, e, "slow_effect", tuple(EFFECTS))
            slow_target = _choice(where, e, "slow_target", EFFECTS[slow_effect])
            slow_amount = _whole(where, e, "slow_amount", 0, 20, 1)
        elif any(f in e for f in ("slow_effect", "slow_amount", "slow_target")):
            raise IllegalAction(f"{where}: only a fast/slow card has slow_effect, slow_amount and slow_target")
        madness = e.get("madness", True)
        if not isinstance(madness, bool):
            raise IllegalAction(f"{where}: field 'madness' must be true or false")
        out.append(Card(i, e["name"], speed, _whole(where, e, "copies", 1, 39), _whole(where, e, "cost", 0, 19),
                        effect, _whole(where, e, "amount", 0, 20, 1), target, slow_effect, slow_amount,
                        slow_target, _text(where, e, "text"), _choice(where, e, "origin", ORIGINS), madness,
                        _text(where, e, "notes", False)))
    total = sum(c.copies for c in out)
    if total < 8:
        raise IllegalAction(f"{source}: a main deck needs at least 8 cards (one per seat and 3 River cards), not {total}")
    return out


def _aspects(entries, source):
    out = []
    known = ("name", "trigger", "effect", "amount", "who", "cost", "text", "origin")
    for i, (where, e) in enumerate(_entries(entries, "aspect", source)):
        _fields(where, e, known)
        out.append(Aspect(i, e["name"], _choice(where, e, "trigger", ASPECT_TRIGGERS),
                          _choice(where, e, "effect", ASPECT_EFFECTS), _whole(where, e, "amount", 0, 20, 1),
                          _choice(where, e, "who", ASPECT_WHO, "you"), _whole(where, e, "cost", 0, 19, 0),
                          _text(where, e, "text"), _choice(where, e, "origin", ORIGINS)))
    if len(out) > 5:
        raise IllegalAction(f"{source}: there are 5 Aspects in the game, not {len(out)}")
    return out
