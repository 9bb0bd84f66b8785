"""Spirit Link, Life Siphon and Bad Baby Lich Lords play exactly as before: one hash per game.

    python benchmarks/engine_identity.py [--game ID ...] [--games N] [--searches N] [--iterations N]

The same check as ``ll_identity.py`` (which does it for Life & Legend), with its functions. For each game: ``--games``
games in every configuration of ``game.configurations()`` from fixed seeds, each seat played at
random or by the heuristic (fixed per game), half of them muted (as search copies are), hashing
every legal-action list, every action, the results, scores, every seat's final view (log included)
and the final snapshot; determinizations of mid-game positions (their snapshots, views and
``evaluate``); and a few fixed-seed ISMCTS searches at the play settings (every root action's visits
and value). Prints JSON with one hash per game and part: a speed change must leave them unchanged.
"""

import argparse
import hashlib
import json
import time

import tabletome
from ll_identity import determinizations, play_games, searches

GAMES = ("spirit-link", "life-siphon", "bad-baby-lich-lords")
# What this check plays where ll_identity.py differs: the game's own configurations, views of no
# seat and logs hashed too, positions after 5 to 64 random decisions, determinized copies played on.
FIRST = 5


def games_part(gid: str, games: int = 10) -> tuple[str, int]:
    """The "games" part of a game's hash (its rules, heuristic and views) and the decisions played:
    ``tabletome.rl.versions`` records it per env version."""
    game = tabletome.game(gid)
    h = hashlib.sha256()
    decisions = play_games(game, games, h, game.configurations(), spectator=True, log=True)
    return h.hexdigest()[:16], decisions


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all three")
    parser.add_argument("--games", type=int, default=10, help="games per configuration (default 10)")
    parser.add_argument("--searches", type=int, default=6, help="ISMCTS positions (default 6)")
    parser.add_argument("--iterations", type=int, default=100, help="iterations per search (default 100)")
    args = parser.parse_args(argv)
    out = {}
    for gid in args.game or GAMES:
        game = tabletome.game(gid)
        started = time.process_time()
        parts = {}
        configs = game.configurations()
        parts["games"], decisions = games_part(gid, args.games)
        h = hashlib.sha256()
        determinizations(game, h, 30, configs, FIRST, play_on=20)
        parts["determinize"] = h.hexdigest()[:16]
        h = hashlib.sha256()
        searches(game, args.searches, args.iterations, h, configs, FIRST)
        parts["ismcts"] = h.hexdigest()[:16]
        whole = hashlib.sha256()
        for name in sorted(parts):
            whole.update(parts[name].encode())
        out[gid] = {"hash": whole.hexdigest()[:16], "parts": parts, "decisions": decisions,
                    "configurations": len(game.configurations()),
                    "cpu_seconds": round(time.process_time() - started, 1)}
    print(json.dumps({"games": args.games, "searches": args.searches, "iterations": args.iterations,
                      **out}, indent=1))


if __name__ == "__main__":
    main()
