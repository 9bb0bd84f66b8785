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
        board = game.render(state.view(None), None, card_text=state.card_text)
        if board is not None:
            console.print(board)
    console.print(result_line(state), style="bold")
    return 0


def result_line(state) -> str:
    """The last line of a game, naming what its numbers are: "South wins; health: North 1,
    South 4." A solo game: "Lost; round reached: 6." (the same words selfplay uses)."""
    names = state.seat_names
    if not state.is_over:
        return f"The record stops before the end; {names[state.to_move]} was to move."
    label = state.game.score_label(state.players, state.options)
    scores = state.scores
    if state.ended_by_length:     # no rule ended it: a length limit did (the log says which)
        return ("Lost" if state.players == 1 else "A draw") + " at a length limit, not by the rules" + (
            f"; {label}: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(scores)) if scores else "") + "."
    if state.players == 1:
        head = "Won" if state.winners else "Lost"
        tail = f"; {label}: {scores[0]}" if scores else ""
        return f"{head}{tail}."
    if state.winners:
        who = [names[w] for w in state.winners]
        head = (" and ".join(who) + " win") if len(who) > 1 else f"{who[0]} wins"
    else:
        head = "A draw"
    tail = ""
    if scores:
        tail = f"; {label}: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(scores))
    return head + tail + "."
