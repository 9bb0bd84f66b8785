"""``tabletome replay FILE --step``: a record stepped through with the table drawn at each step:
Enter (or n) the next step, b the step before, a number jumps there, s/e the start and the end,
q leaves. While the game in the record is unfinished the table is the spectator's view; once it
is finished, each step is drawn as the seat that decided it saw it."""

from __future__ import annotations

from rich.console import Console
from rich.pretty import Pretty
from rich.text import Text

import tabletome
from .terminal import SafeConsole, typed_number

HELP = "Enter: next · b: back · N: step N · s/e: start/end · q: quit"     # the prompt fits 80 columns


def run_steps(record, console: Console | None = None) -> int:
    console = console or SafeConsole(highlight=False)
    states = [tabletome.replay({**record, "actions": []})]
    state = tabletome.replay(record, on_step=lambda after: states.append(after.clone()))
    movers = [s.to_move for s in states[:-1]]
    finished = state.is_over
    game = state.game
    last = len(states) - 1
    at = 0
    while True:
        draw(console, game, states, movers, record["actions"], at, finished)
        try:
            answer = console.input(f"Step {at} of {last} ({HELP}): ").strip().lower()
        except EOFError:
            return 0
        if answer in ("q", "quit", "exit"):
            return 0
        if answer in ("", "n", "next"):
            at = min(last, at + 1)
        elif answer in ("b", "back", "p"):
            at = max(0, at - 1)
        elif answer in ("s", "start"):
            at = 0
        elif answer in ("e", "end"):
            at = last
        elif (n := typed_number(answer)) is not None and n <= last:
            at = n
        else:
            console.print(f"[red]Not a step: type {HELP} (steps 0 to {last}).[/red]")


def draw(console, game, states, movers, actions, at, finished):
    state = states[at]
    seat = movers[at - 1] if finished and at > 0 else None
    who = "spectator's view" if seat is None else f"as {state.seat_name(seat)} saw it"
    console.rule(f"{game.name} · step {at} of {len(states) - 1} · {who}")
    if at > 0:
        mover = states[at - 1].seat_name(movers[at - 1])
        said = actions[at - 1] if finished else "a move"
        text = Text.assemble((f"{mover}: ", "bold"), said)
        console.print(text)
        before = len(states[at - 1].visible_log(seat))
        for line in state.visible_log(seat)[before:][-6:]:
            console.print(Text("  " + line, style="dim"))
    view = state.view(seat)
    try:
        board = game.render(view, seat, card_text=state.card_text)
    except TypeError:
        board = game.render(view, seat)
    console.print(Pretty(view) if board is None else board)
