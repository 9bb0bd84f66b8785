"""Random decisions per second for Bad Baby Lich Lords (a script, not a test):

    .venv/bin/python tests/bad_baby_lich_lords/measure_speed.py [seconds]

Loops ``legal = s.legal_actions(); s.apply(legal[rng.below(len(legal))])`` over seeded games
from ``game.new``, for every mode, and prints JSON.
"""

import json
import sys
import time

import tabletome
from tabletome.core import Rng

MODES = (("two-player", 2), ("teams", 4), ("solitaire", 1), ("three-player", 3))


def measure(mode, players, seconds):
    game = tabletome.game("bad-baby-lich-lords")
    rng = Rng(12345)
    decisions = games = 0
    lengths = []
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        s = game.new(players=players, seed=seed, mode=mode)
        seed += 1
        n = 0
        while s.to_move is not None:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            n += 1
        decisions += n
        lengths.append(n)
        games += 1
    elapsed = time.perf_counter() - start
    return {"mode": mode, "games": games, "decisions": decisions,
            "decisions_per_second": round(decisions / elapsed),
            "mean_decisions_per_game": round(sum(lengths) / len(lengths), 1), "max_decisions": max(lengths)}


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    print(json.dumps([measure(m, p, seconds) for m, p in MODES], indent=1))
