"""``tabletome replay FILE``: rebuild a saved game and print its story."""

from rich.console import Console

import tabletome


def run(args) -> int:
    record = tabletome.load_record(args.file)
    state = tabletome.replay(record)
    console = Console()
    game = state.game
    console.print(f"[bold]{game.name}[/bold], {record['players']} player(s), seed {record['seed']}, "
                  f"{len(record['actions'])} actions")
    for line in state.log:
        console.print(line, highlight=False, markup=False)
    if args.board:
        board = game.render(state.view(None), None)
        if board is not None:
            console.print(board)
    console.print(result_line(state), style="bold")
    return 0


def result_line(state) -> str:
    names = state.seat_names
    if not state.is_over:
        return f"The record stops before the end; {names[state.to_move]} was to move."
    parts = []
    if state.winners:
        parts.append(("Winners: " if len(state.winners) > 1 else "Winner: ") + ", ".join(names[w] for w in state.winners))
    elif state.players > 1:
        parts.append("A draw")
    else:
        parts.append("Lost")
    if state.scores:
        parts.append("scores: " + ", ".join(str(s) for s in state.scores))
    return "; ".join(parts) + "."
