"""``tabletome selfplay``: AI-only games, counting wins per seat."""

import json
import time
from pathlib import Path

from rich.table import Table
from rich.text import Text

import tabletome
from tabletome import IllegalAction

from ..arena import MAX_DECISIONS, Interrupted
from .tables import HUMAN, make_agents, parse_options, save_folder, seat_specs
from .terminal import INTERRUPTED, SafeConsole


def run(args) -> int:
    if args.games < 1:
        raise IllegalAction(f"--games must be at least 1, not {args.games}")
    game = tabletome.game(args.game)
    options = parse_options(args.option)
    players, options = game.resolve_options(args.players, options)
    specs = seat_specs(game, players, args.seat, "heuristic", "random")
    if any(s.lower() == HUMAN for s in specs):
        raise IllegalAction("selfplay seats are agents only (random, heuristic, ...); use 'tabletome play' to play")
    base_seed = args.seed if args.seed is not None else 0
    save_folder(args.save_dir)
    code = 0
    try:
        result = selfplay(game, players, options, specs, args.games, base_seed, args.cards, args.save_dir)
    except Interrupted as stop:
        result, code = stop.result, INTERRUPTED      # Ctrl-C: report what finished
    if args.json:
        print(json.dumps(result))
    elif code and not result["games"]:
        SafeConsole().print(f"Interrupted before any of the {result['games_planned']} games finished.")
    else:
        show(result, specs, game)
    return code


def selfplay(game, players, options, specs, games, base_seed=0, cards=None, save_dir=None) -> dict:
    """Play ``games`` games and count them (see ``count``). Ctrl-C stops the run and raises
    ``arena.Interrupted`` carrying the count of the games that finished."""
    finished = []            # (winners, scores, decisions, ended) of each game that finished
    started = time.perf_counter()
    try:
        for i in range(games):
            seed = base_seed + i
            state = game.new(players=players, seed=seed, cards=cards, **options)
            agents = make_agents(specs, seed)
            steps = 0
            while not state.is_over and steps < MAX_DECISIONS:
                state.apply(agents[state.to_move].choose(state))
                steps += 1
            finished.append((list(state.winners), game.result_scores(state), steps, state.is_over))
            if save_dir:
                tabletome.save_record(state.record(), Path(save_dir) / f"{game.id}-{seed}.json")
    except KeyboardInterrupt:
        result = count(game, players, options, specs, finished, time.perf_counter() - started)
        result.update(interrupted=True, games_planned=games)
        raise Interrupted(result) from None
    return count(game, players, options, specs, finished, time.perf_counter() - started)


def count(game, players, options, specs, finished, elapsed) -> dict:
    """Wins per seat, draws and lengths of finished games. A game won by several seats (a tie for
    first, a team) counts as a win for each of them, as the arena counts it (``shared_wins``
    says how many there were); a draw is a game nobody won; a game stopped at the decision limit
    is unfinished and counted as a draw."""
    games = len(finished)
    wins = [0] * players
    for winners, _, _, _ in finished:
        for w in winners:
            wins[w] += 1
    scores = [s for _, s, _, _ in finished]
    result = {
        "game": game.id,
        "players": players,
        "options": options,
        "seats": specs,
        "games": games,
        "wins": wins,
        "draws": sum(1 for winners, _, _, _ in finished if not winners),
        "shared_wins": sum(1 for winners, _, _, _ in finished if len(winners) > 1),
        "unfinished": sum(1 for _, _, _, ended in finished if not ended),
        "mean_length": sum(steps for _, _, steps, _ in finished) / games if games else 0.0,
        "games_per_s": games / elapsed if elapsed > 0 else float("inf"),
    }
    if scores and all(scores):
        # per seat, over the games whose end gives a score (``Game.result_scores``: None elsewhere)
        counted = [[s[i] for s in scores if s[i] is not None] for i in range(len(scores[0]))]
        if all(counted):
            result["mean_scores"] = [sum(v) / len(v) for v in counted]
            result["score_label"] = game.score_label(players, options)
            result["scored_games"] = len(counted[0])
    if players == 1:
        # a solo game is won or lost, never drawn: the same words as the end of tabletome play
        result["losses"] = games - wins[0] - result["unfinished"]
        if "mean_scores" in result:
            result["score_min"], result["score_max"] = min(counted[0]), max(counted[0])
    return result


def show(result, specs, game):
    console = SafeConsole()
    if result["players"] == 1:
        return show_solo(console, result, specs, game)
    table = Table(title=title(result, game))
    table.add_column("seat")
    table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    names = game.new(players=result["players"], seed=0, **result["options"]).seat_names   # as tabletome play names them
    for i, spec in enumerate(specs):
        table.add_row(names[i], Text(spec), str(result["wins"][i]), f"{result['wins'][i] / result['games']:.1%}")
    console.print(table)
    if result["unfinished"]:
        console.print(f"unfinished (stopped after {MAX_DECISIONS} decisions, counted as draws): {result['unfinished']}")
    if result["shared_wins"]:
        console.print(f"shared wins: {result['shared_wins']} (a game won by several seats counts as a win for each, "
                      f"as the arena counts it, so the win rates add up to more than 100%)")
    console.print(f"draws: {result['draws']}   mean length: {result['mean_length']:.1f} decisions   "
                  f"{result['games_per_s']:.1f} games/s")
    if "mean_scores" in result:
        console.print("mean scores: " + ", ".join(f"{s:.2f}" for s in result["mean_scores"]))


def title(result, game) -> str:
    """"Spirit Link: 100 games", or "Spirit Link: 37 of 100 games (interrupted)"."""
    planned = f" of {result['games_planned']}" if result.get("interrupted") else ""
    return f"{game.name}: {result['games']}{planned} games" + (" (interrupted)" if planned else "")


def show_solo(console, result, specs, game):
    """A solo mode: won and lost, and the score named as ``tabletome play`` names it."""
    games = result["games"]
    won = result["wins"][0]
    head = title(result, game).replace(f"{game.name}: ", f"{game.name}, {specs[0]} alone: ", 1)
    console.print(Text(head) + f"; won {won} ({won / games:.1%}), "
                  f"lost {result['losses']}" + (f", unfinished {result['unfinished']}" if result["unfinished"] else ""))
    if "mean_scores" in result:
        over = "" if result["scored_games"] == games else f" over the {result['scored_games']} games with a score"
        console.print(f"{result['score_label']}: mean {result['mean_scores'][0]:.2f}{over} "
                      f"(from {result['score_min']} to {result['score_max']})")
    console.print(f"mean length: {result['mean_length']:.1f} decisions   {result['games_per_s']:.1f} games/s")
