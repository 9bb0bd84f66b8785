"""Loading and checking Spirit Link's card file (cards.toml, or a player's own with --cards).

Each card's behaviour is its numbers plus one named effect from ``effects.EFFECTS``; a broken file
is refused with a message naming the file, the card and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ...core import IllegalAction
from ...core.files import read_text
from .effects import EFFECTS

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")
TYPES = ("transformation", "ability", "spell")
ORIGINS = ("rulebook", "designed", "owner")


@dataclass(frozen=True)
class Card:
    kind: int  # index in the card list
    name: str
    type: str
    copies: int
    damage: int
    cost: int
    for_form: int  # ability cards: the kind of the transformation it applies to, else -1
    effect: str
    text: str
    origin: str


class CardSet:
    """The card list of one deck, with per-kind arrays the rules read on the hot path."""

    def __init__(self, cards: list[Card], source: str):
        self.cards = cards
        self.source = source
        self.names = [c.name for c in cards]
        self.by_name = {c.name.lower(): c for c in cards}
        self.n = len(cards)
        self.copies = [c.copies for c in cards]
        self.deck_size = sum(self.copies)
        self.damage = [c.damage for c in cards]
        self.cost = [c.cost for c in cards]
        self.effect = [c.effect for c in cards]
        self.forms = [c.kind for c in cards if c.type == "transformation"]
        self.abilities = [c.kind for c in cards if c.type == "ability"]
        self.spells = [c.kind for c in cards if c.type == "spell"]
        self.is_form = [c.type == "transformation" for c in cards]
        self.abilities_for = [[a for a in self.abilities if cards[a].for_form == k] for k in range(self.n)]
        self.for_form = [c.for_form for c in cards]

    def kind_of(self, name: str, where: str) -> int:
        card = self.by_name.get(str(name).lower())
        if card is None:
            raise IllegalAction(f"{where}: {name!r} is not a Spirit Link card; cards are: {', '.join(self.names)}")
        return card.kind

    def with_effect(self, effect: str) -> list[int]:
        return [c.kind for c in self.cards if c.effect == effect]


def load_cards(path=None) -> CardSet:
    """Read and check a card file; the printed deck when ``path`` is None."""
    path = Path(path) if path is not None else DEFAULT_CARDS
    return cards_from_text(read_text(path, "card file"), str(path))


def cards_from_text(text: str, source: str) -> CardSet:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise IllegalAction(f"card file {source} is not valid TOML: {exc}") from None
    return parse_cards(data, source)


def parse_cards(data: dict, source: str) -> CardSet:
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise IllegalAction(f"{source}: a card file lists its cards as [[card]] tables")
    raw = []
    for i, entry in enumerate(entries):
        where = f"{source}, card {i + 1}"
        if not isinstance(entry, dict):
            raise IllegalAction(f"{where}: must be a table")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise IllegalAction(f"{where}: field 'name' must be a non-empty string")
        where = f"{source}, card {name!r}"
        known = {"name", "type", "copies", "damage", "cost", "for", "effect", "text", "origin"}
        extra = sorted(set(entry) - known)
        if extra:
            raise IllegalAction(f"{where}: unknown field(s) {', '.join(extra)}; fields are: {', '.join(sorted(known))}")
        ctype = entry.get("type")
        if ctype not in TYPES:
            raise IllegalAction(f"{where}: field 'type' must be one of {', '.join(TYPES)}, not {ctype!r}")
        for field, low in (("copies", 1), ("cost", 0), ("damage", 0)):
            value = entry.get(field, 0 if field == "damage" else None)
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise IllegalAction(f"{where}: field {field!r} must be a whole number of at least {low}, not {value!r}")
        effect = entry.get("effect")
        allowed = EFFECTS[ctype]
        if effect not in allowed:
            raise IllegalAction(f"{where}: field 'effect' of a {ctype} must be one of {', '.join(allowed)}, not {effect!r}")
        origin = entry.get("origin")
        if origin not in ORIGINS:
            raise IllegalAction(f"{where}: field 'origin' must be one of {', '.join(ORIGINS)}, not {origin!r}")
        if ctype == "ability" and not isinstance(entry.get("for"), str):
            raise IllegalAction(f"{where}: an ability card names its transformation in field 'for'")
        raw.append(entry)
    names = [e["name"] for e in raw]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise IllegalAction(f"{source}: card name(s) listed twice: {', '.join(dupes)}")
    kind = {e["name"].lower(): i for i, e in enumerate(raw)}
    cards = []
    for i, e in enumerate(raw):
        for_form = -1
        if e["type"] == "ability":
            target = kind.get(e["for"].lower())
            if target is None or raw[target]["type"] != "transformation":
                raise IllegalAction(f"{source}, card {e['name']!r}: field 'for' must name a transformation, not {e['for']!r}")
            for_form = target
        cards.append(Card(i, e["name"], e["type"], e["copies"], e.get("damage", 0), e["cost"], for_form,
                          e["effect"], e.get("text", ""), e["origin"]))
    if not any(c.type == "transformation" for c in cards):
        raise IllegalAction(f"{source}: a deck needs at least one transformation card")
    return CardSet(cards, source)
