"""Record corpus: play games of every game and configuration and keep each record with its final
snapshot, so that a change to the engine can be checked to replay every game identically.

    python benchmarks/corpus.py make --out corpus.jsonl.gz [--games 300] [--workers 2]
    python benchmarks/corpus.py check corpus.jsonl.gz [--game spirit-link]

``make`` plays, per game and configuration, half the games with random seats and half with
heuristic seats (seeds 0..N-1) and writes one JSON line per game: the record and the final
snapshot. ``check`` replays every record with the engine as it is now and compares the final
snapshot with the stored one, after loading the stored one with ``game.restore`` (so a loader that
migrates an old snapshot form is part of the check). It prints a JSON summary and exits non-zero
on any difference.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from concurrent.futures import ProcessPoolExecutor

import tabletome
from tabletome.core import RULES_VERSION

CAP = 20000  # decisions; a game still going past this is stored unfinished


def play_one(job):
    game_id, players, options, seed, spec = job
    game = tabletome.game(game_id)
    state = game.new(players=players, seed=seed, **options)
    agents = [tabletome.agent(spec, seed=seed * 10 + i) for i in range(players)]
    steps = 0
    while not state.is_over and steps < CAP:
        state.apply(agents[state.to_move].choose(state))
        steps += 1
    return {"spec": spec, "record": state.record(), "final": state.snapshot()}


def jobs(games: int):
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        for players, options in game.configurations():
            for seed in range(games):
                spec = "random" if seed < games // 2 else "heuristic"
                yield (game_id, players, options, seed, spec)


def canonical(snapshot: dict) -> str:
    return json.dumps(snapshot, sort_keys=True)


def make(out: str, games: int, workers: int) -> None:
    todo = list(jobs(games))
    with gzip.open(out, "wt") as fh, ProcessPoolExecutor(workers) as pool:
        for i, row in enumerate(pool.map(play_one, todo, chunksize=8)):
            fh.write(json.dumps(row) + "\n")
            if i % 500 == 0:
                print(f"{i}/{len(todo)}", file=sys.stderr, flush=True)
    print(json.dumps({"games": len(todo), "out": out}))


def check_one(line: str):
    row = json.loads(line)
    record = row["record"]
    game = tabletome.game(record["game"])
    why = ""
    try:
        replayed = tabletome.replay(record)
    except tabletome.IllegalAction as exc:  # the rules changed under the record: it no longer replays
        same, why = False, f"does not replay: {exc}"[:300]
    else:
        final = row["final"]
        version = replayed.options.get(RULES_VERSION)
        if version is not None and RULES_VERSION not in final.get("options", {}):
            # written before the game's rules had a revision: a position of the revision it replays by
            final = {**final, "options": {**final.get("options", {}), RULES_VERSION: version}}
        stored = game.restore(final)
        same = canonical(replayed.snapshot()) == canonical(stored.snapshot())
        why = "" if same else "another final snapshot"
    return record["game"], record["players"], json.dumps(record["options"], sort_keys=True), record["seed"], same, why


def check(path: str, workers: int, game: str | None = None) -> int:
    with gzip.open(path, "rt") as fh:
        lines = fh.readlines()
    if game:
        lines = [line for line in lines if f'"game": "{game}"' in line[:400]]
    differ = []
    with ProcessPoolExecutor(workers) as pool:
        for game_id, players, options, seed, same, why in pool.map(check_one, lines, chunksize=16):
            if not same:
                differ.append({"game": game_id, "players": players, "options": json.loads(options), "seed": seed,
                               "why": why})
    print(json.dumps({"records": len(lines), "differ": len(differ), "differences": differ[:200]}, indent=1))
    return 1 if differ else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make")
    m.add_argument("--out", required=True)
    m.add_argument("--games", type=int, default=300)
    m.add_argument("--workers", type=int, default=2)
    c = sub.add_parser("check")
    c.add_argument("path")
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--game", help="check only this game's records")
    args = parser.parse_args(argv)
    if args.cmd == "make":
        make(args.out, args.games, args.workers)
        return 0
    return check(args.path, args.workers, args.game)


if __name__ == "__main__":
    sys.exit(main())
