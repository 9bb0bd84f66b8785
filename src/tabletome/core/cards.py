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
the same. ``Names`` finds a component by name whatever its case, refusing an unknown name with the
list.

Why msgspec: strict typed decoding with exact error paths (``$.card[3].cost``), frozen records
with ``__slots__`` (fast attribute access on hot paths), unknown fields refused, no code
generation, and it is small, fast and well kept.
"""

from __future__ import annotations

import re
import threading
import tomllib
import typing
from typing import Annotated, Literal

import msgspec

from .errors import IllegalAction
from .files import MAX_CARD_FILE

# Every card file, whatever its game, stays inside these (a game's own fields have tighter bounds
# where its components say so): generous beside every game's own file, refused at once past them.
MAX_CARDS = 500          # rows in one table; the largest of any game's own files has 52
MAX_ITEMS = 100          # entries in one list field (skills, effects, dice...); the largest has 52
MAX_NUMBER = 999         # any number on a card, either sign; no game prints one above 99
MAX_NAME = 80            # characters in a card's name
MAX_STRING = 2_000       # characters in any other text field; the longest printed has 351
MAX_DEPTH = 6            # tables and lists inside a card (an effect's fields are 3 deep)


CARD_FILES_KEPT = 16     # card files (besides the game's own) a game keeps what it made of


class CardFileCache(dict):
    """What a game keeps of the card files it was given (the parsed cards, action tables, rule
    sets), by keys naming the file by its text: a text, or a tuple with the text in it (a rule set
    for these options and this file); None for the game's own cards, alone or in the tuple, which
    is always kept. Of the others, at most ``cap``, the oldest forgotten first: a card file comes
    from outside (an uploaded record, a snapshot) and what a game makes of one can weigh megabytes,
    so a long-running server must not keep every one it ever read. A forgotten one is made again
    when it is asked for.

    Safe to share between threads (the server replays tables in worker threads while its event
    loop plays on): adding a key, which walks the keys and may forget one, holds ``_ADDING``;
    reading is a plain dict read. Two threads making the same file at once each make it, and
    one of them is kept."""

    __slots__ = ("cap",)

    def __init__(self, own=(), cap: int = CARD_FILES_KEPT):
        super().__init__(own)
        self.cap = cap

    @staticmethod
    def own(key) -> bool:
        return key is None or (type(key) is tuple and None in key)

    def __setitem__(self, key, value):
        with _ADDING:
            if key not in self and not self.own(key):
                others = [k for k in self if not self.own(k)]
                if len(others) >= self.cap:
                    del self[others[0]]
            super().__setitem__(key, value)

    def setdefault(self, key, default=None):
        with _ADDING:
            if key not in self:
                self[key] = default   # (through __setitem__: dict's own setdefault would pass it by)
            return self[key]


_ADDING = threading.RLock()   # one for every CardFileCache: adding a card file is rare and quick


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Fields every card record has."""
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    # rulebook: the card's text is printed in the rulebook (quoted in ``text``).
    # designed: the rulebook names or counts the component but does not print it; we designed it.
    origin: Literal["rulebook", "designed"]
    text: str = ""
    note: str = ""


class CardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A card file: one list per table (``[[card]]``, ``[[minion]]``...). Subclass it."""


_NAME_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")      # C0, DEL and C1 controls
_TEXT_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # the same but new lines and tabs
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
    if len(text) > MAX_CARD_FILE:
        raise IllegalAction(f"{source}: a card file holds at most {MAX_CARD_FILE:,} characters, not {len(text):,}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:        # a lone surrogate, as JSON's "\ud800" gives
        raise IllegalAction(f"{source}: not valid Unicode text: {exc.reason} at character {exc.start}") from None
    try:
        data = tomllib.loads(text)
    except ValueError as exc:      # TOMLDecodeError, or a number of more than 4,300 digits
        raise IllegalAction(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise IllegalAction(f"{source}: not a card file: its tables or lists are nested too deeply") from None
    tables = getattr(schema, "__struct_fields__", ())
    unknown = [t for t in data if t not in tables]
    if unknown:
        raise IllegalAction(f"{source}: unknown table(s) {', '.join(unknown)}; a card file has: "
                            + ", ".join(f"[[{t}]]" for t in tables))
    for table, rows in data.items():
        _check_bounds(source, table, rows)
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as exc:
        raise _explain(str(exc), data, source, schema) from None


def _check_bounds(source: str, table: str, rows) -> None:
    """Refuse a table past the limits above, naming the card and the field."""
    if not isinstance(rows, list):
        return                       # the schema says what the table must be
    if len(rows) > MAX_CARDS:
        raise card_error(source, table, None, None, f"{len(rows):,} cards; a table holds at most {MAX_CARDS}")
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        name = row.get("name")
        card = name[:MAX_NAME] if isinstance(name, str) else f"number {i + 1}"
        for field, value in row.items():
            problem = _out_of_bounds(value, 1, field)
            if problem:
                raise card_error(source, table, card, field, problem)


def _out_of_bounds(value, depth: int, field: str) -> str | None:
    """What is past a limit in ``value`` (a field of a card, ``depth`` levels in), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        if abs(value) > MAX_NUMBER:
            shown = value if value.bit_length() < 64 else f"a number of {value.bit_length()} bits"
            return f"{shown} is out of bounds: a number on a card is -{MAX_NUMBER} to {MAX_NUMBER}"
        return None
    if isinstance(value, float):
        return None if abs(value) <= MAX_NUMBER else f"{value} is out of bounds: a number on a card is -{MAX_NUMBER} to {MAX_NUMBER}"
    if isinstance(value, str):
        name = field == "name" and depth == 1
        limit = MAX_NAME if name else MAX_STRING
        if len(value) > limit:
            return f"{len(value):,} characters; at most {limit:,}"
        # a control character (an escape sequence...) would reach a terminal or a report as such
        bad = (_NAME_CONTROL if name else _TEXT_CONTROL).search(value)
        if bad:
            allowed = "printable characters" if name else "printable characters, new lines and tabs"
            return f"a control character (U+{ord(bad.group()):04X}) at character {bad.start() + 1}; allowed: {allowed}"
        return None
    if depth >= MAX_DEPTH and isinstance(value, (list, dict)):
        return f"nested more than {MAX_DEPTH} deep"
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            return f"{len(value):,} entries; a list on a card holds at most {MAX_ITEMS}"
        items = value
    elif isinstance(value, dict):
        items = value.values()
    else:
        return None
    for item in items:
        problem = _out_of_bounds(item, depth + 1, field)
        if problem:
            return problem
    return None


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
    bound = re.match(r"Expected `(?P<kind>int|str|array)`(?: of length)? (?P<op>[<>]=) (?P<n>\d+)", text)
    if bound:
        most = bound.group("op") == "<="
        unit = {"int": "", "str": " characters", "array": " entries"}[bound.group("kind")]
        return card_error(source, table, card, field, f"at {'most' if most else 'least'} {bound.group('n')}{unit}")
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


class Names:
    """Names in order (a card file's Familiars, Aspects, realms...), found whatever their case:
    ``find(name, where)`` is the index of ``name``, or an ``IllegalAction`` that starts with
    ``where`` and lists them ("where: 'Imq' is not a Familiar; Familiars are: Imp, Lich").
    ``what`` names one of them with its article, ``plural`` all of them."""

    def __init__(self, names, what: str, plural: str):
        self.names = list(names)
        self.what = what
        self.plural = plural
        self.index = {name.lower(): k for k, name in enumerate(self.names)}

    def find(self, name, where: str) -> int:
        k = self.index.get(name.lower()) if isinstance(name, str) else None
        if k is None:
            raise IllegalAction(f"{where}: {name!r} is not {self.what}; {self.plural} are: {', '.join(self.names)}")
        return k
