"""Random decisions per second for Life Siphon (a script, not a test; prints JSON).

    .venv/bin/python tests/life_siphon/throughput.py [seconds] [key=value options...]

Loops ``legal = s.legal_actions(); s.apply(legal[rng.below(len(legal))])`` over seeded games
from ``game.new``, single process, as benchmarks/throughput.py measures every game.
"""
import json
import sys
import time

import tabletome
from tabletome.core import Rng


def measure(seconds=3.0, players=2, **options):
    game = tabletome.game("life-siphon")
    rng = Rng(1)
    decisions = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new(players=players, seed=seed, **options)
        seed += 1
        while s.to_move is not None:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"players": players, "options": options, "games": games, "decisions": decisions,
            "decisions_per_second": round(decisions / elapsed)}


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 and "=" not in sys.argv[1] else 3.0
    opts = dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a)
    players = int(opts.pop("players", 2))
    print(json.dumps(measure(secs, players, **opts)))
