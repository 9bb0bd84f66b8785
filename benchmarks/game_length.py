"""Game lengths in decisions (actions applied), per game and configuration, over random and
heuristic self-play: the measurement behind each game's declared ``max_decisions``.

    python benchmarks/game_length.py [--random 2000] [--heuristic 200] [--game spirit-link]

Prints one JSON object per configuration: the longest, mean and 99.9th percentile lengths seen,
and the cap the game declares (``game.max_game_length``), so the margin can be read off.
"""

import argparse
import json
import time

import tabletome
from tabletome.core import Rng


def lengths(game, players, options, n, spec, seed0):
    agents = [tabletome.agent(spec, seed=seed0 + s) for s in range(players)]
    out = []
    rng = Rng(seed0)
    for i in range(n):
        state = game.new(players=players, seed=seed0 + i, **options)
        while not state.is_over:
            if spec == "random":
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            else:
                state.apply(agents[state.to_move].choose(state))
        out.append(len(state.record()["actions"]))
    return out


def summary(xs):
    xs = sorted(xs)
    return {"games": len(xs), "max": xs[-1], "mean": round(sum(xs) / len(xs), 1),
            "p999": xs[min(len(xs) - 1, int(0.999 * len(xs)))]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--random", type=int, default=2000)
    ap.add_argument("--heuristic", type=int, default=200)
    ap.add_argument("--game", action="append")
    args = ap.parse_args()
    for game_id in args.game or tabletome.games():
        game = tabletome.game(game_id)
        for players, options in game.configurations():
            t = time.perf_counter()
            changed = {k: v for k, v in options.items() if v != game.options[k][0]}
            row = {"game": game_id, "players": players, "options": changed,
                   "random": summary(lengths(game, players, options, args.random, "random", 1)),
                   "heuristic": summary(lengths(game, players, options, args.heuristic, "heuristic", 10**6))}
            cap = getattr(game, "max_game_length", None)
            row["declared_cap"] = cap(players, **options) if callable(cap) else None
            row["seconds"] = round(time.perf_counter() - t, 1)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
