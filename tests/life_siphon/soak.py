"""Random play over every configuration: game lengths and invariants (a script, not a test)."""
import sys, time
import tabletome
from tabletome.core import Rng

g = tabletome.game("life-siphon")
n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
check = "--check" in sys.argv
for players, options in g.configurations():
    r = Rng(1)
    lengths = []
    t = time.time()
    for seed in range(n):
        s = g.new(players=players, seed=seed, **options)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[r.below(len(legal))])
            steps += 1
            if check:
                s.check_invariants()
            assert steps < 50000, "too long"
        lengths.append(steps)
    changed = {k: v for k, v in options.items() if v != g.options[k][0]}
    print(players, changed, "mean", sum(lengths) / n, "max", max(lengths), f"{time.time() - t:.2f}s")
