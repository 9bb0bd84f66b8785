"""Life & Legend's rules per step: CPU microseconds of ``legal_actions()`` + ``apply`` a decision.

    python benchmarks/ll_step_cost.py [--games N] [--players P]

Random games (seeds 0.., picks from Rng(1)), once as played (with the log) and once muted (as the
RL env and search copies play), timed by this process's CPU time (time.process_time); prints JSON.
"""

import argparse
import json
import time

import tabletome
from tabletome.core import Rng


def step_cost(game, players, games, mute):
    rng = Rng(1)
    steps = 0
    spent = 0.0
    for seed in range(games):
        state = game.new(players=players, seed=seed)
        if mute:
            state.mute()
        started = time.process_time()
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        spent += time.process_time() - started
    return steps, spent


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    game = tabletome.game("life-and-legend")
    out = {"players": args.players, "games": args.games}
    for mute in (False, True):
        steps, spent = step_cost(game, args.players, args.games, mute)
        out["muted" if mute else "logged"] = {"steps": steps, "us_per_step": round(spent / steps * 1e6, 1)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
