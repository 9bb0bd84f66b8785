"""The terminal screen of a position, drawn by the real ``tabletome play`` session (its
``show_table``) into an 80x24 console: what a person at the deciding seat sees above the prompt."""

from __future__ import annotations

import io
import re

from rich.console import Console

from tabletome.cli.play import Session

ROWS, COLS = 24, 80


def session(state, seat, width=COLS, height=ROWS):
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=True, color_system=None,
                      highlight=False, legacy_windows=False)
    agents = [None if i == seat else object() for i in range(state.players)]
    return Session(console, state.game, state, ["human"] * state.players, agents), out


def screen(state, width=COLS, height=ROWS, seen=0):
    """(the lines printed before the prompt, the choice lines) for the seat to move; ``seen``:
    how many log lines that seat had seen (0: everything since the start is new)."""
    seat = state.to_move
    s, out = session(state, seat, width, height)
    s.seen[seat] = seen
    s.show_table(seat)
    lines = out.getvalue().split("\n")[:-1]
    return lines, [c.plain for c in s.shown_choices]


LISTED = re.compile(r"^\s*(\d+)\. ")             # "  3. take Bone Shield — ..." (one a line)
IN_ROW = re.compile(r"(?:^|\s)(\d+)\) ")            # "befriend realm 2 north: 1) 1 · 2) 2"


def choice_numbers(choice_lines):
    """The choice numbers in reading order (left to right, then down)."""
    out = []
    for line in choice_lines:
        listed = LISTED.match(line)
        out.extend([int(listed.group(1))] if listed else [int(n) for n in IN_ROW.findall(line)])
    return out
