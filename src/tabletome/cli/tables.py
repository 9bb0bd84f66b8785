"""Starting a table from command-line words: the game, its options, and who sits where."""

from __future__ import annotations

import tabletome
from tabletome import IllegalAction
from tabletome.core.text import shown

HUMAN = "human"


def parse_options(pairs: list[str] | None) -> dict:
    """``["starting_hand=7", "tiger=prevention"]`` -> ``{"starting_hand": "7", ...}``."""
    options = {}
    for pair in pairs or []:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise IllegalAction(f"an option is written name=value, not {shown(pair)}")
        options[name.strip()] = value.strip()
    return options


def seat_specs(game, players: int, seats: list[str] | None, default_first: str, default_rest: str) -> list[str]:
    """One agent spec (or 'human') per seat; unnamed seats get the defaults."""
    seats = list(seats or [])
    if len(seats) > players:
        raise IllegalAction(f"{len(seats)} --seat given, but this table has {players} seat(s)")
    while len(seats) < players:
        seats.append(default_first if not seats else default_rest)
    for spec in seats:
        if spec.strip().lower() != HUMAN:
            tabletome.agent(spec)  # check it now, with a clear message
    return [s.strip() for s in seats]


def make_agents(specs: list[str], seed: int) -> list:
    return [None if spec.lower() == HUMAN else tabletome.agent(spec, seed=seed * 7919 + i + 1)
            for i, spec in enumerate(specs)]


def start(game_id: str, players, seed, options: dict, cards=None):
    game = tabletome.game(game_id)
    state = game.new(players=players, seed=seed, cards=cards, **options)
    return game, state


def save_folder(where: str | None):
    """The folder ``--save-dir`` names, made now: a name that cannot be a folder is refused before
    any game is played (not after, with the games' records lost)."""
    if where is None:
        return None
    from pathlib import Path
    folder = Path(where)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise IllegalAction(f"--save-dir {shown(where, 300)} cannot be a folder of records: {exc.strerror or exc}") from None
    return folder


def load_record(path):
    """The record at ``path`` (core's ``load_record``), refused with the way out when its game is
    not registered here: a game from a file (Go Fish) needs its --game-module again."""
    record = tabletome.load_record(path)
    if record["game"] not in tabletome.games():
        raise IllegalAction(f"the record {shown(str(path), 300)} is a game of {shown(record['game'])}, which is not "
                            f"one of the games here ({', '.join(tabletome.games())}); a game from a file is "
                            "loaded with --game-module FILE, as when it was played")
    return record
