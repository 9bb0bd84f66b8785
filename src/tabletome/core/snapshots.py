"""Declared snapshots: each game names its snapshot fields and their types once, as a msgspec
``Struct``; the core checks a snapshot against it the same way in every game.

    class SpiritLinkFields(SnapshotFields):
        health: list[int]
        mana: list[int]
        revealed: bool = False      # a default makes the field optional in hand-written positions

(msgspec does not pass ``kw_only=True`` on to subclasses: repeat it, ``class F(SnapshotFields,
kw_only=True)``, when a required field follows an optional one.)

An unknown field (``helth``), a missing one or one of the wrong type is refused with
``IllegalAction`` naming the field and what it must be. The common fields every snapshot has
(``COMMON``) are read by ``core.state`` and never reach the game's Struct.
"""

from __future__ import annotations

import re

import msgspec

from .errors import IllegalAction

# Written by core.state.State.snapshot for every game.
COMMON = frozenset({"game", "players", "options", "seed", "rng", "history", "log", "cards", "stack", "decision",
                    "ended_by_length"})


class SnapshotFields(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Base of a game's declared snapshot fields (unknown fields refused)."""


_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`$")


def _field_path(path: str) -> str:
    """``.hand[0][3]`` -> ``hand[0][3]``."""
    return path[1:] if path.startswith(".") else path


def check_snapshot_fields(data: dict, schema: type, game_name: str):
    """The game's own fields of ``data``, checked against ``schema``; returns the Struct."""
    own = {k: v for k, v in data.items() if k not in COMMON}
    try:
        return msgspec.convert(own, schema, strict=True)
    except msgspec.ValidationError as exc:
        raise IllegalAction(describe_error(str(exc), schema, f"{game_name} snapshot")) from None
    except UnicodeEncodeError as exc:        # a lone surrogate, as JSON's "\ud800" gives
        raise IllegalAction(f"{game_name} snapshot: not valid Unicode text: {exc.reason}") from None


def describe_error(message: str, schema: type, what: str) -> str:
    """A msgspec validation message, said the way tabletome says errors."""
    m = _PATH.search(message)
    path = _field_path(m.group("path")) if m else ""
    text = message[:m.start()] if m else message
    fields = ", ".join(f for f in getattr(schema, "__struct_fields__", ()))
    unknown = re.match(r"Object contains unknown field `(?P<f>[^`]+)`", text)
    if unknown:
        where = f" in {path}" if path else ""
        return f"{what}: unknown field {unknown.group('f')!r}{where}; the fields are: {fields}"
    missing = re.match(r"Object missing required field `(?P<f>[^`]+)`", text)
    if missing:
        where = f" in {path}" if path else ""
        return f"{what}: missing field {missing.group('f')!r}{where}"
    text = text.replace("Expected", "expected")
    return f"{what}: field {path or '(top level)'!r}: {text}"
