"""Two source trees measured interleaved on the same machine in one run, printed as JSON.

    python benchmarks/compare_trees.py --old /work/corpus/old [--new .] [--rounds 5]
        [--game ID] [--measure random|clone|determinize|ismcts|solo] [--choices] [--out FILE]

Each tree is run with its own venv (``TREE/.venv/bin/python``) and source (``TREE/src`` first
on the path), one measurement per process, the trees taking turns (old, new, then new, old, ...)
for ``--rounds`` alternations, so that a change in the machine's load hits both about equally.
Time is CPU time (``time.process_time``) of the measured work only (not start-up), so other jobs
on a shared machine matter less than on the wall clock. Reported per game and measure: each tree's
runs, their medians and the median of the per-round ratios new / old.

Measures (the same work in both trees, through the public contract only):

- ``random``: decisions per CPU-second of uniform random games (seeds 0, 1, ...; picks from one
  ``Rng(1)``), at the game's first multi-player count;
- ``clone`` and ``determinize``: clones, and determinizations for the seat to move, per
  CPU-second of 50 mid-game states (``throughput.mid_game_states``), for half ``--seconds``;
- ``ismcts``: ISMCTS iterations per CPU-second at the game's play settings (its rollout policy,
  cut-off and opponents) but a fixed ``--iterations`` budget, ``analyse`` from mid-game positions;
- ``solo``: the same in the game's first solo configuration (skipped for a game without one).

``--choices`` also plays fixed-seed games of ISMCTS (play settings, ``--choice-iterations``)
against the heuristic in each tree and reports where the two trees' action lists first differ.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


# --- the worker: runs inside one tree's venv (with this folder's throughput.py) ---------------------
def _players(game, solo):
    from throughput import default_players
    return 1 if solo else default_players(game)


def measure_random(game, seconds):
    from throughput import random_play
    return random_play(game, _players(game, False), seconds, clock=time.process_time)[1]


def measure_ismcts(game, iterations, positions, solo):
    import tabletome
    from throughput import mid_game_states, solo_options
    options = solo_options(game) if solo else {}
    if options is None:
        return None
    states = mid_game_states(game, _players(game, solo), positions, options)
    bot = tabletome.agent(f"ismcts:iterations={iterations}", seed=1)
    done = 0
    spent = 0.0
    for state in states:
        started = time.process_time()
        bot.analyse(state, top=0)
        spent += time.process_time() - started
        done += bot.last_search["iterations"]
    return done / spent


def measure_copies(game, seconds, determinize):
    """Clones (or determinizations for the seat to move) per CPU-second of mid-game states."""
    from tabletome.core import Rng
    from throughput import mid_game_states
    states = mid_game_states(game, _players(game, False))
    rng = Rng(3)
    copy = (lambda s: s.determinize(s.to_move, rng)) if determinize else (lambda s: s.clone())
    n = 0
    started = time.process_time()
    while True:
        for state in states:
            copy(state)
        n += len(states)
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return n / elapsed


def play_choices(game, seed, iterations):
    """A fixed-seed game of ISMCTS (seat 0 on even seeds, seat 1 on odd) against the heuristic."""
    import tabletome
    players = _players(game, False)
    state = game.new(players=players, seed=seed)
    search = seed % 2
    agents = [tabletome.agent(f"ismcts:iterations={iterations}" if p == search else "heuristic", seed=seed * 10 + p)
              for p in range(players)]
    actions = []
    while not state.is_over and len(actions) < 600:
        action = agents[state.to_move].choose(state)
        actions.append(action.text)
        state.apply(action)
    return actions


def worker(args):
    import tabletome
    game = tabletome.game(args.game[0])
    measure = args.measure[0]
    if measure == "random":
        value = measure_random(game, args.seconds)
    elif measure in ("clone", "determinize"):
        value = measure_copies(game, args.seconds / 2, measure == "determinize")
    elif measure in ("ismcts", "solo"):
        value = measure_ismcts(game, args.iterations, args.positions, measure == "solo")
    elif measure == "choices":
        value = {str(seed): play_choices(game, seed, args.choice_iterations) for seed in range(args.choice_games)}
    else:
        raise SystemExit(f"unknown measure {measure!r}")
    print(json.dumps({"value": value}))


# --- the driver ----------------------------------------------------------------------------------
def tree_env(tree: Path) -> dict:
    """The environment of a run in ``tree``: its own ``src`` first on the path, whatever
    PYTHONPATH says (an absolute one would otherwise make both trees run that source)."""
    path = os.pathsep.join(p for p in (str(tree / "src"), os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "PYTHONPATH": path}


def run_in(tree: Path, argv: list[str]) -> object:
    python = tree / ".venv" / "bin" / "python"
    out = subprocess.run([str(python), str(HERE), "--worker", *argv], cwd=tree, capture_output=True, text=True,
                         env=tree_env(tree), check=False)
    if out.returncode != 0:
        raise SystemExit(f"{tree}: {' '.join(argv)} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])["value"]


def first_difference(a: list, b: list):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return {"at": i, "old": x, "new": y}
    if len(a) != len(b):
        return {"at": min(len(a), len(b)), "old_length": len(a), "new_length": len(b)}
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--old", type=Path, help="the tree measured first (with its .venv)")
    parser.add_argument("--new", type=Path, default=HERE.parent.parent, help="the other tree (default: this one)")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: the three engines'"
                        " games spirit-link, life-siphon, bad-baby-lich-lords)")
    parser.add_argument("--measure", action="append", help="random, clone, determinize, ismcts or solo "
                        "(repeatable; default: all)")
    parser.add_argument("--rounds", type=int, default=5, help="alternations of the two trees (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of random play per run (default 2)")
    parser.add_argument("--iterations", type=int, default=150, help="ISMCTS iterations per position (default 150)")
    parser.add_argument("--positions", type=int, default=6, help="mid-game positions searched per run (default 6)")
    parser.add_argument("--choices", action="store_true", help="also compare fixed-seed ISMCTS games' choices")
    parser.add_argument("--choice-games", type=int, default=4, help="fixed-seed games per game (default 4)")
    parser.add_argument("--choice-iterations", type=int, default=100, help="ISMCTS iterations a decision there")
    parser.add_argument("--out", type=Path, help="also write the JSON here")
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args)
    if args.old is None:
        parser.error("--old TREE is required")
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    games = args.game or ["spirit-link", "life-siphon", "bad-baby-lich-lords"]
    measures = args.measure or ["random", "clone", "determinize", "ismcts", "solo"]
    common = ["--seconds", str(args.seconds), "--iterations", str(args.iterations),
              "--positions", str(args.positions)]
    load_before = os.getloadavg()
    started = time.time()
    runs = {g: {m: {"old": [], "new": []} for m in measures} for g in games}
    for r in range(args.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for g in games:
            for m in measures:
                for which in order:
                    value = run_in(trees[which], ["--game", g, "--measure", m, *common])
                    runs[g][m][which].append(value)
        print(f"round {r + 1}/{args.rounds} done, load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
    results = {}
    for g in games:
        results[g] = {}
        for m in measures:
            old, new = runs[g][m]["old"], runs[g][m]["new"]
            if any(v is None for v in old + new):
                results[g][m] = None
                continue
            ratios = [n / o for o, n in zip(old, new)]
            results[g][m] = {"old": [round(v, 1) for v in old], "new": [round(v, 1) for v in new],
                             "old_median": round(statistics.median(old), 1),
                             "new_median": round(statistics.median(new), 1),
                             "ratio_median": round(statistics.median(ratios), 3),
                             "ratio_range": [round(min(ratios), 3), round(max(ratios), 3)]}
    out = {"python": sys.version.split()[0], "processors": os.cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M"),
           "trees": {k: str(v) for k, v in trees.items()}, "rounds": args.rounds,
           "settings": {"random_cpu_seconds": args.seconds, "ismcts_iterations": args.iterations,
                        "positions": args.positions},
           "load_average_before": [round(x, 2) for x in load_before],
           "load_average_after": [round(x, 2) for x in os.getloadavg()],
           "wall_seconds": round(time.time() - started), "results": results}
    if args.out:   # the timings first, in case the choices take long
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    if args.choices:
        choice = ["--measure", "choices", "--choice-games", str(args.choice_games),
                  "--choice-iterations", str(args.choice_iterations)]
        out["choices"] = {}
        for g in games:
            old = run_in(trees["old"], ["--game", g, *choice])
            new = run_in(trees["new"], ["--game", g, *choice])
            out["choices"][g] = {seed: {"moves": len(new[seed]), "first_difference": first_difference(old[seed], new[seed])}
                                 for seed in old}
    text = json.dumps(out, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
