"""How often each game's heuristic agent beats the random agent, printed as JSON.

    python benchmarks/heuristic_vs_random.py [--games N] [--game ID]

Each game's 2-player mode (default options), N games, the heuristic in seat 0 for even seeds and
seat 1 for odd ones: its win rate with a Wilson 95% interval. Draws count as not won. Solo modes
report the mean score instead.
"""

import argparse
import json
import time

import tabletome
from tabletome.arena import wilson


def play(game, players, seed, specs, options):
    state = game.new(players=players, seed=seed, **options)
    agents = [tabletome.agent(spec, seed=seed * 31 + i) for i, spec in enumerate(specs)]
    steps = 0
    while not state.is_over:
        state.apply(agents[state.to_move].choose(state))
        steps += 1
    return state, steps


def duel(game_id, games):
    game = tabletome.game(game_id)
    wins = draws = steps = 0
    started = time.perf_counter()
    for seed in range(games):
        h = seed % 2
        specs = ["heuristic", "random"] if h == 0 else ["random", "heuristic"]
        state, n = play(game, 2, seed, specs, {})
        steps += n
        wins += h in state.winners
        draws += not state.winners
    rate = wins / games
    return {"games": games, "heuristic_wins": wins, "draws": draws, "win_rate": round(rate, 4),
            "ci95": [round(x, 4) for x in wilson(wins, games)],
            "mean_length": round(steps / games, 1), "seconds": round(time.perf_counter() - started, 1)}


def solo(game_id, players, options, games):
    game = tabletome.game(game_id)
    out = {"options": options}
    for spec in ("heuristic", "random"):
        wins = 0
        scores = []
        outcomes = []
        for seed in range(games):
            state, _ = play(game, players, seed, [spec], options)
            wins += 0 in state.winners
            scores.append(state.scores)
            outcomes.append(state.outcome(0))
        out[spec] = {"games": games, "win_rate": round(wins / games, 4),
                     "mean_outcome": round(sum(outcomes) / games, 4),
                     "mean_scores": [round(sum(s[i] for s in scores) / games, 3) for i in range(len(scores[0]))]
                     if scores and scores[0] else []}
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv)
    out = {}
    for game_id in args.game or tabletome.games():
        game = tabletome.game(game_id)
        if 2 in game.player_counts:
            out[game_id] = duel(game_id, args.games)
        for players, options in game.configurations():
            if players == 1:
                label = f"{game_id} solo " + ",".join(f"{k}={v}" for k, v in options.items() if v != game.options[k][0])
                out[label.strip()] = solo(game_id, players, options, max(1, args.games // 5))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
