"""``tabletome arena``: agents play each other, seats rotated, on every core, with 95% intervals."""

from __future__ import annotations

import json

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

import tabletome
from tabletome import IllegalAction
from tabletome.arena import Interrupted, format_arena, run_arena

from .tables import HUMAN, parse_options, save_folder
from .terminal import INTERRUPTED, SafeConsole


def run(args) -> int:
    tabletome.game(args.game)       # an unknown game is named before anything else
    specs = [s.strip() for s in (args.seat or [])]
    if not specs:
        raise IllegalAction("name the agents with --seat, one per seat (e.g. --seat ismcts --seat heuristic)")
    if any(s.lower() == HUMAN for s in specs):
        raise IllegalAction("arena seats are agents only (random, heuristic, ismcts, ...); use 'tabletome play' to play")
    options = parse_options(args.option)
    seed = args.seed if args.seed is not None else 0
    save_folder(args.save_dir)
    console = SafeConsole(stderr=True)
    code = 0
    try:
        with Progress(TextColumn("{task.description}", style="bold", markup=False), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True,
                      disable=not console.is_terminal) as bar:
            task = bar.add_task(f"{args.game}: {' vs '.join(specs)}", total=args.games)
            result = run_arena(args.game, specs, args.games, workers=args.workers, players=args.players,
                               options=options, seed=seed, save_dir=args.save_dir, cards=args.cards,
                               progress=lambda done, total: bar.update(task, completed=done))
    except Interrupted as stop:
        result, code = stop.result, INTERRUPTED     # Ctrl-C: report what finished
    if args.json:
        print(json.dumps(result))
        return code
    out = SafeConsole()
    if code and not result["games"]:
        out.print(f"Interrupted before any of the {result['games_planned']} games finished.")
        return code
    out.print(format_arena(result))
    if args.save_dir:
        out.print(Text(f"records saved in {args.save_dir} (arena.json says who sat where)"))
    return code
