"""How Life & Legend games end, by mode and table: by the rules (which rule) or by a safety net.

    python benchmarks/ll_endings.py [--games 200] [--mode eternal] [--players 2]
                                    [--seats heuristic,heuristic] [--ai golden-horse] [--seed 20000] [--each]

Plays ``--games`` games (seeds ``--seed`` onwards) with the given seats (``random``, ``heuristic``
or any agent spec, one per seat the players fill; an AI card named by ``--ai`` takes the last seat)
and counts how each ended, read from the game's public log and ``state.ended_by_length``:
``conditions`` (Eternal: a Player meets every victory condition), ``last age`` (Eternal: the last
Age ends with nobody meeting them), ``legend deck`` (the Legend Deck ran out), ``solo`` (a Solitaire
mode's win or loss), ``coop`` (co-op's end), ``safety net`` (no rule ended it: a length limit did).
Prints one JSON object: the counts, the share decided by ``conditions`` with its 95% Wilson interval,
the Ages and turns seen (median, 90th percentile, longest) and the decisions of the longest game.
"""

import argparse
import json
import time

import tabletome
from tabletome.arena import wilson

ENDINGS = (("no Player meets every Eternal victory condition", "last age"),
           ("A Player meets every Eternal victory condition", "conditions"),
           ("The Legend Deck is empty", "legend deck"),
           ("The Player wins!", "solo"), ("Time runs out", "solo"),
           ("outshine The Emptiness", "coop"), ("The Emptiness devours the World", "coop"))


def ending(state) -> str:
    if state.ended_by_length:
        return "safety net"
    for line in reversed(state.log):
        for words, kind in ENDINGS:
            if words in line:
                return kind
    return "other"


def ci95(k, n):
    """The Wilson 95% interval of k in n, rounded."""
    return tuple(round(x, 4) for x in wilson(k, n))


def play(game, players, options, seats, seed):
    state = game.new(players=players, seed=seed, **options)
    agents = {i: tabletome.agent(spec, seed=seed * 7919 + i + 1) for i, spec in enumerate(seats)}
    while not state.is_over:
        state.apply(agents[state.to_move].choose(state))
    return state


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--mode", default="eternal")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seats", default="heuristic,heuristic",
                    help="comma-separated agent specs, one per seat the players fill (not the AI card's)")
    ap.add_argument("--ai", default="none", help="an AI opponent card for the last seat (or cards joined by +)")
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--each", action="store_true", help="also print one JSON line per game as it ends")
    args = ap.parse_args()
    game = tabletome.game("life-and-legend")
    options = {"mode": args.mode, "ai": args.ai}
    players, options = game.resolve_options(args.players, options)
    seats = args.seats.split(",")
    counts, ages, turns = {}, [], []
    longest = 0
    start = time.perf_counter()
    for g in range(args.games):
        state = play(game, players, options, seats, args.seed + g)
        kind = ending(state)
        counts[kind] = counts.get(kind, 0) + 1
        snap = state.snapshot()
        ages.append(snap.get("age", 1))
        turns.append(snap["turn"])
        longest = max(longest, len(snap["history"]))
        if args.each:
            print(json.dumps({"game": g, "seed": args.seed + g, "ending": kind, "age": ages[-1], "turn": turns[-1],
                              "winners": state.winners}), flush=True)
    turns.sort()
    n = args.games
    k = counts.get("conditions", 0)
    print(json.dumps({
        "benchmark": "ll_endings", "mode": args.mode, "players": players, "seats": seats, "ai": args.ai,
        "games": n, "seed": args.seed, "endings": counts,
        "conditions_share": round(k / n, 4) if n else None, "conditions_95": ci95(k, n),
        "ages": {a: ages.count(a) for a in sorted(set(ages))},
        "turns": {"median": turns[n // 2], "p90": turns[min(n - 1, int(0.9 * n))], "max": turns[-1]} if n else {},
        "longest_decisions": longest, "seconds": round(time.perf_counter() - start, 1),
    }))


if __name__ == "__main__":
    main()
