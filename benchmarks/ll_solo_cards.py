"""Life & Legend solo modes with a card file: how often an agent wins each solitaire mode.

Plays ``--games`` games of each ``--mode`` for each ``--agent`` on the same deals, with the game's
own cards or a card file (``--cards FILE``, shaped like `cards.toml`), and prints one JSON report:
per mode and agent the pooled wins with their 95% Wilson interval, the mean outcome and mean score,
and every arena run. With ``--chunk N`` the games are played as arenas of N games, chunk k at seed
``--seed`` + k (so partial results exist on a loaded machine: the report is rewritten to ``--out``
after every chunk, and the modes take turns chunk by chunk). Used to balance the designed cards
(the game's DESIGN.md).

    python benchmarks/ll_solo_cards.py --mode campaign --mode treasury \
        --agent ismcts:iterations=100 --agent heuristic --games 10 --chunk 2 --seed 700 [--cards FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tabletome.arena import run_arena, wilson


def pooled(runs) -> dict:
    games = sum(r["agents"][0]["games"] for r in runs)
    wins = sum(r["agents"][0]["wins"] for r in runs)
    lo, hi = wilson(wins, games)
    mean = lambda key, sub: sum(r[sub][key] * r["agents"][0]["games"] for r in runs) / games
    return {"games": games, "wins": wins, "win_rate": wins / games, "ci95": [lo, hi],
            "mean_outcome": mean("outcome_mean", "solo"), "score_mean": mean("score_mean", "solo"),
            "seconds_per_decision": sum(r["agents"][0]["seconds_per_decision"] * r["agents"][0]["decisions"] for r in runs)
            / max(1, sum(r["agents"][0]["decisions"] for r in runs))}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mode", action="append", required=True,
                   help="a solo mode (war, lore, arbiter, treasury, campaign, legacy); repeatable")
    p.add_argument("--agent", action="append", help="agent spec (repeatable; default: heuristic)")
    p.add_argument("--games", type=int, default=10, help="games per mode and agent (default 10)")
    p.add_argument("--chunk", type=int, default=0, help="games per arena run (default: all at once)")
    p.add_argument("--seed", type=int, default=0, help="arena seed (chunk k: seed + k)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--cards", metavar="FILE", help="a card file instead of the game's cards.toml")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="another game option (e.g. lore=chosen)")
    p.add_argument("--out", metavar="FILE", help="also write the report to FILE after every run")
    a = p.parse_args(argv)
    extra = dict(o.split("=", 1) for o in a.option)
    chunk = a.chunk or a.games
    specs = a.agent or ["heuristic"]
    runs = {f"{m} {s}": [] for m in a.mode for s in specs}
    report = {"cards": a.cards or "cards.toml", "seed": a.seed, "games": a.games, "chunk": chunk,
              "options": extra, "pooled": {}, "runs": runs}
    k = 0
    while k * chunk < a.games:
        n = min(chunk, a.games - k * chunk)
        for mode in a.mode:
            for spec in specs:
                t0 = time.time()
                r = run_arena("life-and-legend", [spec], n, workers=a.workers, players=1,
                              options={"mode": mode, **extra}, seed=a.seed + k, cards=a.cards)
                key = f"{mode} {spec}"
                runs[key].append(r)
                report["pooled"][key] = pooled(runs[key])
                print(json.dumps({"run": key, "chunk": k, "wins": r["agents"][0]["wins"], "games": n,
                                  "pooled": report["pooled"][key], "wall": round(time.time() - t0, 1)}),
                      file=sys.stderr, flush=True)
                if a.out:
                    with open(a.out, "w") as f:
                        json.dump(report, f, indent=1)
        k += 1
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
