"""How fast is ISMCTS on each game? Run by hand; prints JSON.

For each registered game (its default options, at each player count), from positions spread along
seeded random games: the cost of the operations search repeats (``clone``, ``determinize``,
``legal_actions`` + ``apply`` of a random action) and the ISMCTS iterations per second of one-second
decisions, with the default settings and with random rollouts.

    python benchmarks/throughput.py
    python benchmarks/throughput.py --game spirit-link --seconds 1 --positions 10

The issue's target: at least 2,000 iterations in a 1-second Spirit Link decision.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

import tabletome
from tabletome.core import Rng

SPECS = ["ismcts", "ismcts:policy=random"]


def positions(game, players, count, seed=0):
    """``count`` states with a real choice, from seeded random games, spread over the game."""
    found = []
    rng = Rng(seed)
    g = 0
    while len(found) < count:
        state = game.new(players=players, seed=seed + g)
        g += 1
        history = []
        while not state.is_over:
            if len(state.legal_actions()) > 1:
                history.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        step = max(1, len(history) // 4)
        found.extend(history[::step][:4])
    return found[:count]


def micro(states, repeat=2000):
    """Microseconds per clone, determinize and random step, averaged over the states."""
    rng = Rng(1)
    out = {}
    t = time.perf_counter()
    for s in states:
        for _ in range(repeat):
            s.clone()
    out["clone_us"] = (time.perf_counter() - t) / (repeat * len(states)) * 1e6
    t = time.perf_counter()
    for s in states:
        for _ in range(repeat):
            s.determinize(s.to_move, rng)
    out["determinize_us"] = (time.perf_counter() - t) / (repeat * len(states)) * 1e6
    steps = 0
    t = time.perf_counter()
    for s in states:
        for _ in range(repeat // 20):
            c = s.clone()
            for _ in range(20):
                if c.is_over:
                    break
                legal = c.legal_actions()
                c.apply(legal[rng.below(len(legal))])
                steps += 1
    out["random_step_us"] = (time.perf_counter() - t) / max(steps, 1) * 1e6
    return {k: round(v, 2) for k, v in out.items()}


def search_speed(spec, states, seconds):
    bot = tabletome.agent(f"{spec}{',' if ':' in spec else ':'}seconds={seconds}", seed=1)
    rates = []
    for s in states:
        bot.analyse(s)  # spends the whole budget (choose may stop early once the choice is settled)
        stats = bot.last_search
        rates.append(stats["iterations"] / stats["seconds"])
    return {"iterations_per_second": {"mean": round(statistics.fmean(rates)), "min": round(min(rates)),
                                      "max": round(max(rates))},
            "iterations_in_a_decision": round(statistics.fmean(rates) * seconds)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=1.0, help="budget per decision (default 1)")
    parser.add_argument("--positions", type=int, default=8, help="positions per game (default 8)")
    args = parser.parse_args(argv)
    report = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
                         f"{platform.python_version()}", "seconds_per_decision": args.seconds, "games": {}}
    for game_id in args.game or tabletome.games():
        game = tabletome.game(game_id)
        for players in game.player_counts:
            print(f"{game_id}, {players} player{'s' if players > 1 else ''}...", file=sys.stderr)
            states = positions(game, players, args.positions)
            row = {"operations": micro(states)}
            for spec in SPECS:
                row[spec] = search_speed(spec, states, args.seconds)
            report["games"][f"{game_id} ({players}p)"] = row
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
