"""One card schema: how every game's card file (TOML) is read, parsed and checked.

A game declares its card records as frozen msgspec ``Struct`` types derived from ``Card`` (name,
``origin``, the printed ``text``, a ``note``) and a ``CardFile`` listing its tables::

    class Transformation(Card):
        damage: int
        cost: int
        effect: Literal["none", "eats-sheep"]   # the game's effect vocabulary

    class SpiritLinkCards(CardFile):
        card: list[Transformation]

``read_cards(text, source, SpiritLinkCards)`` parses and checks the file and returns immutable
records, or raises ``IllegalAction`` naming the file, the card and the field. Checks that span
fields or cards (a name used twice, a card naming another) go through ``card_error`` so they read
the same.

Why msgspec: strict typed decoding with exact error paths (``$.card[3].cost``), frozen records
with ``__slots__`` (fast attribute access on hot paths), unknown fields refused, no code
generation, and it is small, fast and well kept.
"""

from __future__ import annotations

import re
import tomllib
import typing
from typing import Literal

import msgspec

from .errors import IllegalAction

ORIGINS = ("rulebook", "designed")
# rulebook: the card's text is printed in the rulebook (quoted in ``text``).
# designed: the rulebook names or counts the component but does not print it; we designed it.


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Fields every card record has."""
    name: str
    origin: Literal["rulebook", "designed"]
    text: str = ""
    note: str = ""


class CardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A card file: one list per table (``[[card]]``, ``[[minion]]``...). Subclass it."""


_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_ITEM = re.compile(r"^\.(?P<table>\w+)\[(?P<i>\d+)\](?P<rest>.*)$")


def card_error(source: str, table: str | None, card: str | None, field: str | None, problem: str) -> IllegalAction:
    """The one way a broken card file is reported: file, card, field, what is wrong."""
    parts = [source]
    if card is not None:
        parts.append(f"{table or 'card'} {card!r}")
    elif table is not None:
        parts.append(f"table [[{table}]]")
    if field:
        parts.append(f"field {field!r}")
    return IllegalAction(": ".join(parts) + f": {problem}")


def read_cards(text: str, source: str, schema: type):
    """Parse ``text`` (TOML) as a ``schema`` card file; refuse it naming file, card and field."""
    if not isinstance(text, str):
        raise IllegalAction(f"{source}: a card file is text, not {type(text).__name__}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise IllegalAction(f"{source}: not valid TOML: {exc}") from None
    tables = getattr(schema, "__struct_fields__", ())
    unknown = [t for t in data if t not in tables]
    if unknown:
        raise IllegalAction(f"{source}: unknown table(s) {', '.join(unknown)}; a card file has: "
                            + ", ".join(f"[[{t}]]" for t in tables))
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as exc:
        raise _explain(str(exc), data, source, schema) from None


def _explain(message: str, data: dict, source: str, schema: type) -> IllegalAction:
    m = _PATH.search(message)
    text = message[:m.start()] if m else message
    path = m.group("path") if m else ""
    item = _ITEM.match(path)
    table = card = field = None
    if item:
        table = item.group("table")
        i = int(item.group("i"))
        rows = data.get(table, [])
        row = rows[i] if isinstance(rows, list) and i < len(rows) else {}
        name = row.get("name") if isinstance(row, dict) else None
        card = name if isinstance(name, str) else f"number {i + 1}"
        field = item.group("rest").lstrip(".") or None
    elif path:
        table = path.lstrip(".")
    unknown = re.match(r"Object contains unknown field `(?P<f>[^`]+)`", text)
    missing = re.match(r"Object missing required field `(?P<f>[^`]+)`", text)
    if unknown:
        return card_error(source, table, card, unknown.group("f"), "unknown field")
    if missing:
        return card_error(source, table, card, missing.group("f"), "missing (it is required)")
    enum = re.match(r"Invalid enum value (?P<v>.+)", text)
    if enum:
        values = _literal_values(schema, table, field)
        tail = f"; allowed: {allowed(values)}" if values else ""
        return card_error(source, table, card, field, f"{enum.group('v')} is not allowed{tail}")
    return card_error(source, table, card, field, text.replace("Expected", "expected"))


def _literal_values(schema: type, table: str | None, field: str | None) -> tuple:
    """The allowed values of a ``Literal`` field of a table's records, for error messages."""
    if not table or not field:
        return ()
    try:
        rows = typing.get_type_hints(schema).get(table)
        (record,) = typing.get_args(rows)
        kind = typing.get_type_hints(record).get(field)
    except (TypeError, ValueError, NameError):
        return ()
    return typing.get_args(kind) if typing.get_origin(kind) is Literal else ()


def allowed(values) -> str:
    """``a, b or c`` for error messages."""
    values = [str(v) for v in values]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]
