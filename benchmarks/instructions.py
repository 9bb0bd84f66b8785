"""Instructions (valgrind's callgrind) per random decision and per ISMCTS iteration, in one or more
source trees, printed as JSON. The machine's load does not change these counts.

    python benchmarks/instructions.py [--tree /work/corpus/old] [--tree .] [--game ID ...]
        [--games 30] [--positions 2] [--iterations 40] [--collect]

Each tree runs with its own venv (``TREE/.venv/bin/python``) and source (``TREE/src`` first) under
``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0``, through the public contract only:

- random: ``--games`` uniform random games (seeds 0, 1, ...; picks from one ``Rng(1)``) at the
  game's first multi-player count, less a run that only makes the same games (``game.new``):
  instructions per decision;
- ISMCTS: ``--positions`` mid-game positions (``throughput.mid_game_states``), ``analyse`` with
  ``--iterations`` iterations at the play settings, less the same with 1 iteration:
  instructions per iteration.

``--collect`` makes a full garbage collection just before the measured work of every run: without
it, the first full collection of the objects made at start-up can fall inside one of a
difference's two runs and not the other (a tree that makes more objects at start-up reaches it
sooner), which moves a per-decision count by about 1%.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
GAMES = ("spirit-link", "life-siphon", "bad-baby-lich-lords")


def work(game_id, what, count, iterations, positions, collect=False):
    import tabletome
    from tabletome.core import Rng
    from throughput import default_players, mid_game_states
    game = tabletome.game(game_id)
    players = default_players(game)
    if what in ("new", "random"):
        fresh_collection(collect)
        rng = Rng(1)
        decisions = 0
        for seed in range(count):
            state = game.new(players=players, seed=seed)
            if what == "random":
                while state.to_move is not None:
                    legal = state.legal_actions()
                    state.apply(legal[rng.below(len(legal))])
                    decisions += 1
        return decisions
    states = mid_game_states(game, players, positions)
    bot = tabletome.agent(f"ismcts:iterations={iterations}", seed=1)
    fresh_collection(collect)
    done = 0
    for state in states:
        bot.analyse(state, top=0)
        done += bot.last_search["iterations"]
    return done


def fresh_collection(collect: bool) -> None:
    """With ``--collect``: a full garbage collection just before the measured work, so that both
    runs of a difference start from the same collector state (else the one full collection of
    start-up's objects may fall inside one run and not the other: about 1% of a random decision)."""
    if collect:
        import gc
        gc.collect()


def tree_env(tree: Path) -> dict:
    """The environment of a run in ``tree``: its own ``src`` first on the path, whatever
    PYTHONPATH says (an absolute one would otherwise make every tree run that source), and a
    fixed hash seed."""
    path = os.pathsep.join(p for p in (str(tree / "src"), os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "0"}


def counted(tree: Path, argv: list[str], collect: tuple = ()) -> tuple[int, int]:
    python = tree / ".venv" / "bin" / "python"
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                              str(python), str(HERE), *collect, "--worker", *argv], cwd=tree, capture_output=True,
                             text=True, env=tree_env(tree), check=False)
    if out.returncode != 0:
        raise SystemExit(f"{tree}: {' '.join(argv)} failed:\n{out.stderr[-3000:]}")
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    return int(found.group(1)), int(out.stdout.strip().splitlines()[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    parser.add_argument("--collect", action="store_true",
                        help="a full garbage collection just before the measured work in every run")
    parser.add_argument("--tree", type=Path, action="append", help="a tree with its .venv (repeatable; default: this one)")
    parser.add_argument("--game", action="append", choices=GAMES + ("life-and-legend",))
    parser.add_argument("--measure", action="append", choices=("random", "ismcts"))
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--positions", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=40)
    args = parser.parse_args(argv)
    if args.worker:
        game_id, what, count, iterations, positions = args.worker
        print(work(game_id, what, int(count), int(iterations), int(positions), args.collect))
        return
    trees = [t.resolve() for t in (args.tree or [HERE.parent.parent])]
    collect = ("--collect",) if args.collect else ()
    out = {"games": args.games, "positions": args.positions, "iterations": args.iterations,
           "collect": args.collect, "trees": {}}
    for tree in trees:
        result = out["trees"].setdefault(str(tree), {})
        for game_id in args.game or GAMES:
            row = result.setdefault(game_id, {})
            measures = args.measure or ["random", "ismcts"]
            if "random" in measures:
                base, _ = counted(tree, [game_id, "new", str(args.games), "0", "0"], collect)
                total, decisions = counted(tree, [game_id, "random", str(args.games), "0", "0"], collect)
                row["per_random_decision"] = round((total - base) / decisions)
                row["random_decisions"] = decisions
            if "ismcts" in measures:
                one, n1 = counted(tree, [game_id, "ismcts", "0", "1", str(args.positions)], collect)
                many, n = counted(tree, [game_id, "ismcts", "0", str(args.iterations), str(args.positions)], collect)
                row["per_ismcts_iteration"] = round((many - one) / (n - n1))
            print(json.dumps({str(tree): {game_id: row}}), file=sys.stderr)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
