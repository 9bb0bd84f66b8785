"""Life Siphon: the heuristic with its threat-aware life reserve against the previous heuristic
(a fixed reserve of 7), printed as JSON.

    python benchmarks/life_siphon_reserve.py [--games N] [--players 2] [--workers K]

Seats alternate between the two versions (for N games, seeds 0..N-1); the win rate of the new
version comes with its Wilson 95% interval. "Previous" is the same code with
``heuristics.THREAT_RESERVE = False``, so nothing else differs.
"""

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

import tabletome
from tabletome.arena import wilson
from tabletome.core import Rng

CAP = 3000   # decisions; a game still running is a draw


def choose(state, seed, reserve):
    from tabletome.games.life_siphon import heuristics
    heuristics.THREAT_RESERVE = reserve
    rng = Rng(seed)
    copy = state.determinize(state.to_move, rng)
    action = state.game.heuristic_action(copy, rng)
    return state.parse_action(str(action))


def play(args):
    seed, players = args
    game = tabletome.game("life-siphon")
    state = game.new(players=players, seed=seed)
    new_seats = {s for s in range(players) if (s + seed) % 2 == 0}
    steps = 0
    while not state.is_over and steps < CAP:
        seat = state.to_move
        state.apply(choose(state, seed * 1000003 + steps, seat in new_seats))
        steps += 1
    new_won = any(w in new_seats for w in state.winners)
    old_won = any(w not in new_seats for w in state.winners)
    return new_won, old_won, steps, [state.scores[s] for s in sorted(new_seats)]


def ci95(k, n):
    """The Wilson 95% interval of k in n, rounded."""
    return list(round(x, 4) for x in wilson(k, n))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, [(seed, args.players) for seed in range(args.games)], chunksize=8))
    new = sum(r[0] for r in results)
    old = sum(r[1] for r in results)
    draws = args.games - new - old
    print(json.dumps({
        "benchmark": "life-siphon threat-aware reserve vs previous heuristic",
        "players": args.players, "games": args.games,
        "new_wins": new, "previous_wins": old, "draws": draws,
        "new_win_rate": round(new / args.games, 4), "ci95": ci95(new, args.games),
        "mean_length": round(sum(r[2] for r in results) / args.games, 1),
        "seconds": round(time.perf_counter() - started, 1),
    }))


if __name__ == "__main__":
    main()
