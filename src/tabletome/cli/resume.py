"""``tabletome play --resume`` with no file: the unfinished games saved in ``records/`` (where
``tabletome play`` saves them), newest first, and the one picked is resumed."""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text

import tabletome
from tabletome import IllegalAction

from .terminal import typed_number

FOLDER = Path("records")
MOST = 20            # records looked at, newest first
MAX_BYTES = 2_000_000


def unfinished(folder: Path = FOLDER) -> list[dict]:
    """The unfinished games among the newest records in ``folder``: path, game, when, to move."""
    if not folder.is_dir():
        return []
    files = sorted((p for p in folder.glob("*.json") if p.is_file()), key=lambda p: p.stat().st_mtime, reverse=True)
    out = []
    for path in files[:MOST]:
        if path.stat().st_size > MAX_BYTES:
            continue
        try:
            record = tabletome.load_record(path)
            state = tabletome.replay(record)
        except (IllegalAction, OSError, ValueError):
            continue                    # not a record we can go on with: not listed
        if state.is_over:
            continue
        out.append({"path": path, "game": state.game.name, "moves": len(record["actions"]),
                    "when": time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime)),
                    "to_move": state.seat_name(state.to_move), "seats": record.get("seats")})
    return out


def pick(console, ask) -> str | None:
    """List the unfinished games and ask which to resume; its path, or None."""
    games = unfinished()
    if not games:
        console.print(f"No unfinished game in {FOLDER}/ (tabletome play saves its games there).", markup=False)
        return None
    console.print(Text(f"Unfinished games in {FOLDER}/, newest first:", style="bold"))
    for n, g in enumerate(games, 1):
        actions = f"{g['moves']} action{'' if g['moves'] == 1 else 's'}"
        console.print(Text.assemble((f"{n:>3}. ", "bold"), f"{g['game']} · {g['when']} · {actions} · "
                                    f"{g['to_move']} to move", (f"  {g['path']}", "dim")))
    while True:
        try:
            answer = ask(f"Which game (1-{len(games)}, Enter: none)? ").strip()
        except EOFError:
            return None
        if not answer:
            return None
        n = typed_number(answer)
        if n is not None and 1 <= n <= len(games):
            return str(games[n - 1]["path"])
        console.print(f"Type a number from 1 to {len(games)}, or Enter for none.", markup=False)
