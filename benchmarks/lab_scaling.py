"""How fast the lab plays a study: games/s on 1 and 2 local workers and on a local Ray, printed as
JSON, with Ray's start-up measured apart and the study size at which Ray breaks even with one
process and with the local pool.

    python benchmarks/lab_scaling.py                      # heuristic Spirit Link games, then ISMCTS ones
    python benchmarks/lab_scaling.py --game life-siphon --players 4 --seat heuristic --games 400

Each run writes a fresh study file in a temporary folder; the rows of every backend are checked to
be identical. Needs the lab extra (pip install '.[lab]').
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tabletome import IllegalAction  # noqa: E402
from tabletome.lab import Store, make_study, run_study  # noqa: E402


BUSY = {}


def timed(folder, name, study_args, **backend):
    path = Path(folder) / f"{name}.duckdb"
    started = time.perf_counter()
    with Store(path) as store:
        result = run_study(make_study(**study_args), store, **backend)
        rows = store.rows("games")
    # how many cores the games kept busy: the workers' CPU seconds over the wall time
    BUSY[name] = round(result["cpu_seconds"] / result["seconds"], 2) if result["seconds"] else None
    return time.perf_counter() - started, rows


def scenario(label, study_args, ray_cpus):
    import ray

    games = study_args["games"]
    out = {"scenario": label, "game": study_args["game_id"], "seats": study_args["specs"], "games": games}
    with tempfile.TemporaryDirectory() as folder:
        one, rows = timed(folder, "one", study_args, workers=1)
        two, rows2 = timed(folder, "two", study_args, workers=2)
        started = time.perf_counter()
        ray.init(num_cpus=ray_cpus, include_dashboard=False, log_to_driver=False)
        startup = time.perf_counter() - started
        try:
            on_ray, rows3 = timed(folder, "ray", study_args, use_ray=True)
        finally:
            ray.shutdown()
    assert rows == rows2 == rows3, "the backends' rows differ"
    r1, r2, rr = games / one, games / two, games / on_ray
    out.update({
        "games_per_second": {"1 worker": round(r1, 2), "2 workers": round(r2, 2),
                             "ray (after start-up)": round(rr, 2), "ray (with start-up)": round(games / (on_ray + startup), 2)},
        "seconds": {"1 worker": round(one, 2), "2 workers": round(two, 2), "ray": round(on_ray, 2),
                    "ray start-up": round(startup, 2)},
        "rows_identical": True,
        "cores_busy": {"1 worker": BUSY["one"], "2 workers": BUSY["two"], "ray": BUSY["ray"]},
    })
    # Ray pays its start-up once; it breaks even with a backend when the time it saves per game
    # has paid for it
    for name, rate in (("1 worker", r1), ("2 workers", r2)):
        saved = 1 / rate - 1 / rr
        out.setdefault("ray_breaks_even_at_games", {})[name] = round(startup / saved) if saved > 0 else None
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", help="a game id (default: the two Spirit Link scenarios)")
    p.add_argument("--players", type=int, help="players (default: one per --seat)")
    p.add_argument("--seat", action="append", help="an agent spec, once per seat (default: heuristic)")
    p.add_argument("--games", type=int, help="games per backend (default: 500 with --game)")
    p.add_argument("--ray-cpus", type=int, default=2, help="CPUs the local Ray gets (default 2)")
    args = p.parse_args(argv)
    if args.game:
        runs = [("custom", dict(game_id=args.game, specs=args.seat or ["heuristic"], games=args.games or 500,
                                players=args.players, seed=1))]
    else:
        runs = [("fast games: heuristic Spirit Link", dict(game_id="spirit-link", specs=["heuristic", "heuristic"],
                                                          games=args.games or 3000, seed=1)),
                ("slow games: ISMCTS Spirit Link", dict(game_id="spirit-link",
                                                       specs=["ismcts:iterations=50,policy=random", "heuristic"],
                                                       games=24, seed=1))]
    for _, study_args in runs:
        try:   # a study the lab refuses is said before any backend starts
            make_study(**study_args)
        except (IllegalAction, ValueError) as e:
            p.error(str(e))
    import os
    results = [scenario(label, study_args, args.ray_cpus) for label, study_args in runs]
    # a shared machine makes every backend slower: say how busy it was
    print(json.dumps({"cpus": os.cpu_count(), "load_average": [round(x, 1) for x in os.getloadavg()],
                      "scenarios": results}, indent=1))


if __name__ == "__main__":
    main()
