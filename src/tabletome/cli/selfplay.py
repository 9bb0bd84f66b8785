"""``tabletome selfplay``: AI-only games, counting wins per seat."""

import json
import time
from pathlib import Path

from rich.table import Table

import tabletome
from tabletome import IllegalAction

from ..arena import MAX_DECISIONS
from .tables import HUMAN, make_agents, parse_options, seat_specs
from .terminal import SafeConsole


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
    result = selfplay(game, players, options, specs, args.games, base_seed, args.cards, args.save_dir)
    if args.json:
        print(json.dumps(result))
    else:
        show(result, specs, game)
    return 0


def selfplay(game, players, options, specs, games, base_seed=0, cards=None, save_dir=None) -> dict:
    wins = [0] * players
    draws = unfinished = 0
    lengths = []
    scores = []
    started = time.perf_counter()
    for i in range(games):
        seed = base_seed + i
        state = game.new(players=players, seed=seed, cards=cards, **options)
        agents = make_agents(specs, seed)
        steps = 0
        while not state.is_over and steps < MAX_DECISIONS:
            state.apply(agents[state.to_move].choose(state))
            steps += 1
        if not state.is_over:
            unfinished += 1     # stopped at the decision limit: counted as a draw
        lengths.append(steps)
        scores.append(state.scores)
        for w in state.winners:
            wins[w] += 1
        if not state.winners:
            draws += 1
        if save_dir:
            tabletome.save_record(state.record(), Path(save_dir) / f"{game.id}-{seed}.json")
    elapsed = time.perf_counter() - started
    result = {
        "game": game.id,
        "players": players,
        "options": options,
        "seats": specs,
        "games": games,
        "wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "mean_length": sum(lengths) / games,
        "games_per_s": games / elapsed if elapsed > 0 else float("inf"),
    }
    if scores and all(scores):
        result["mean_scores"] = [sum(s[i] for s in scores) / games for i in range(len(scores[0]))]
        result["score_label"] = game.score_label(players, options)
    if players == 1:
        # a solo game is won or lost, never drawn: the same words as the end of tabletome play
        result["losses"] = games - wins[0] - unfinished
        if scores and all(scores):
            values = [s[0] for s in scores]
            result["score_min"], result["score_max"] = min(values), max(values)
    return result


def show(result, specs, game):
    console = SafeConsole()
    if result["players"] == 1:
        return show_solo(console, result, specs, game)
    table = Table(title=f"{game.name}: {result['games']} games")
    table.add_column("seat")
    table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    names = tabletome.core.seat_names(result["players"])
    for i, spec in enumerate(specs):
        table.add_row(names[i], spec, str(result["wins"][i]), f"{result['wins'][i] / result['games']:.1%}")
    console.print(table)
    if result["unfinished"]:
        console.print(f"unfinished (stopped after {MAX_DECISIONS} decisions, counted as draws): {result['unfinished']}")
    console.print(f"draws: {result['draws']}   mean length: {result['mean_length']:.1f} decisions   "
                  f"{result['games_per_s']:.1f} games/s")
    if "mean_scores" in result:
        console.print("mean scores: " + ", ".join(f"{s:.2f}" for s in result["mean_scores"]))


def show_solo(console, result, specs, game):
    """A solo mode: won and lost, and the score named as ``tabletome play`` names it."""
    games = result["games"]
    won = result["wins"][0]
    console.print(f"{game.name}, {specs[0]} alone: {games} games; won {won} ({won / games:.1%}), "
                  f"lost {result['losses']}" + (f", unfinished {result['unfinished']}" if result["unfinished"] else ""))
    if "mean_scores" in result:
        console.print(f"{result['score_label']}: mean {result['mean_scores'][0]:.2f} "
                      f"(from {result['score_min']} to {result['score_max']})")
    console.print(f"mean length: {result['mean_length']:.1f} decisions   {result['games_per_s']:.1f} games/s")
