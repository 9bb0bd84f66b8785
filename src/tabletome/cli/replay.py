"""``tabletome replay FILE``: rebuild a saved game and print its story, as someone at the table
saw it.

A record names every hidden choice, so what the replay shows depends on who watches: a finished
game shows its whole log (each private line marked with the seat it was for); an unfinished one
shows what a spectator saw, ``--seat N`` what that seat saw, and ``--reveal`` everything.
"""

from rich.text import Text

import tabletome
from tabletome import IllegalAction

from .pager import show_long
from .tables import load_record
from .terminal import SafeConsole


def run(args) -> int:
    record = load_record(args.file)
    if getattr(args, "step", False):
        from .stepper import run_steps
        return run_steps(record)
    state = tabletome.replay(record)
    if args.seat is not None and args.reveal:
        raise IllegalAction("--seat shows what one seat saw and --reveal shows everything: give one of them")
    seat = parse_seat(state, args.seat) if args.seat is not None else None
    console = SafeConsole()
    game = state.game
    if args.seat is not None:
        lines, whose = state.visible_log(seat), f"as {state.seat_name(seat)} saw it"
    elif args.reveal or state.is_over:
        names = state.seat_names
        lines = [text if who is None else f"({names[who]}) {text}" for who, text in state.snapshot()["log"]]
        whose = "every seat's cards shown" if not state.is_over else "the whole log"
    else:
        lines = state.visible_log(None)
        whose = "as a spectator saw it (unfinished: --seat N for a seat's view, --reveal for everything)"
    parts = [Text.assemble((game.name, "bold"), f", {record['players']} player(s), seed {record['seed']}, "
                           f"{len(record['actions'])} action{'' if len(record['actions']) == 1 else 's'}; {whose}"),
             Text("\n".join(lines))]
    if args.board:
        board = game.render(state.view(seat), seat, card_text=state.card_text)
        if board is not None:
            parts.append(board)
    parts.append(Text(result_line(state), style="bold"))
    show_long(console, parts, soft_wrap=True)      # taller than the terminal: in the pager, from its start
    return 0


def parse_seat(state, text: str) -> int:
    """A seat named by its number (0 for the first) or its name ("south")."""
    names = state.seat_names
    key = text.strip().lower()
    for i, name in enumerate(names):
        if key == name.lower() or key == str(i):
            return i
    allowed = ", ".join(f"{i} ({name})" for i, name in enumerate(names))
    raise IllegalAction(f"there is no seat {text!r} at this table; seats are {allowed}")


def result_line(state) -> str:
    """The last line of a replay: a finished game's result (``Game.result_line``: "South wins;
    health: North 1, South 4."), or where an unfinished record stops."""
    if not state.is_over:
        return f"The record stops before the end; {state.seat_names[state.to_move]} was to move."
    return state.game.result_line(state)
