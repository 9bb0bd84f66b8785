"""The registry of games: ``games()`` lists their ids, ``game(id)`` returns one."""

from __future__ import annotations

import importlib

from .errors import IllegalAction
from .text import shown

# id -> module that registers it; imported on first use so `tabletome games` stays quick.
_KNOWN = {}
_GAMES = {}
# games the project plans but has not built yet: named so that asking for one says so
PLANNED: dict[str, str] = {}   # games announced but not built yet: id -> name


def declare(game_id: str, module: str) -> None:
    """Say which module defines a game, without importing it yet."""
    _KNOWN[game_id] = module


def register(game) -> None:
    """Make a game object available under ``game.id``."""
    _GAMES[game.id] = game


def games() -> list[str]:
    """The ids of every registered game."""
    return sorted(set(_KNOWN) | set(_GAMES))


def game(game_id: str):
    """The game with this id (``tabletome.games()`` lists them)."""
    if game_id not in _GAMES and game_id in _KNOWN:
        importlib.import_module(_KNOWN[game_id])
    if game_id not in _GAMES and game_id in PLANNED and game_id not in _KNOWN:
        raise IllegalAction(f"{PLANNED[game_id]} is not built yet; games are: {', '.join(games())}")
    if game_id not in _GAMES:
        raise IllegalAction(f"there is no game {shown(game_id)}; games are: {', '.join(games())}")
    return _GAMES[game_id]
