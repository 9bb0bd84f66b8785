"""``tabletome replay FILE``: rebuild a saved game and print its story."""


import tabletome

from .terminal import SafeConsole


def run(args) -> int:
    record = tabletome.load_record(args.file)
    state = tabletome.replay(record)
    console = SafeConsole()
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
    words = state.game.score_words(state)
    tail = f"; {words}" if words else ""
    if state.players == 1:
        return ("Won" if state.winners else "Lost") + tail + "."
    if state.winners:
        who = [names[w] for w in state.winners]
        head = (" and ".join(who) + " win") if len(who) > 1 else f"{who[0]} wins"
    else:
        head = "A draw"
    return head + tail + "."
