"""Life & Legend solo modes with a card file: how often an agent wins each solitaire mode.

Plays ``--games`` games of each ``--mode`` for each ``--agent`` on the same deals (the arena's
``seed``), with the game's own cards or a card file (``--cards FILE``, a `cards.toml`-shaped file),
and prints one JSON report: per mode and agent the arena's result (wins, 95% Wilson interval, mean
outcome, mean score, seconds a decision). Used to balance the designed cards (issue 11 item 11).

    python benchmarks/ll_solo_cards.py --mode campaign --mode treasury \
        --agent ismcts:iterations=100 --agent heuristic --games 10 --seed 700 --cards FILE
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tabletome.arena import run_arena


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mode", action="append", required=True,
                   help="a solo mode (war, lore, arbiter, treasury, campaign, legacy); repeatable")
    p.add_argument("--agent", action="append", help="agent spec (repeatable; default: heuristic)")
    p.add_argument("--games", type=int, default=10, help="games per mode and agent (default 10)")
    p.add_argument("--seed", type=int, default=0, help="arena seed: game k plays deal seed+k")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--cards", metavar="FILE", help="a card file instead of the game's cards.toml")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="another game option (e.g. lore=chosen)")
    p.add_argument("--out", metavar="FILE", help="also write the report to FILE after every run")
    a = p.parse_args(argv)
    extra = dict(o.split("=", 1) for o in a.option)
    report = {"cards": a.cards or "cards.toml", "seed": a.seed, "games": a.games, "runs": {}}
    for mode in a.mode:
        for spec in a.agent or ["heuristic"]:
            t0 = time.time()
            r = run_arena("life-and-legend", [spec], a.games, workers=a.workers, players=1,
                          options={"mode": mode, **extra}, seed=a.seed, cards=a.cards)
            ag = r["agents"][0]
            report["runs"][f"{mode} {spec}"] = r
            print(json.dumps({"mode": mode, "agent": spec, "wins": ag["wins"], "games": ag["games"],
                              "ci95": ag["ci95"], "mean_outcome": ag["mean_outcome"],
                              "score_mean": r.get("solo", {}).get("score_mean"),
                              "wall": round(time.time() - t0, 1)}), file=sys.stderr, flush=True)
            if a.out:
                with open(a.out, "w") as f:
                    json.dump(report, f, indent=1)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
