"""How strong is ISMCTS? Run by hand (minutes to hours; not in CI); prints JSON.

For each registered game's 2-player mode, ISMCTS at the default budget of ``tabletome play`` plays
the random agent and the game's heuristic agent, seats rotated, through ``tabletome.arena``. For
each solo mode (a player count of 1: the defaults, and each option value allowed only when playing
alone), ISMCTS and the heuristic each play it alone and their mean outcomes are compared.

    python benchmarks/strength.py                      # every game, 100 games per pairing
    python benchmarks/strength.py --game spirit-link --games 200 --workers 2

Targets (the issue): >= 95% wins against random; against the heuristic, the lower end of the 95%
interval above 50%; in a solo mode, a better mean than the heuristic.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time

import tabletome
from tabletome.arena import default_workers, run_arena, wilson
from tabletome.core import IllegalAction, Rng


def solo_modes(game) -> list[dict]:
    """The option sets a game is played alone with: its defaults at one player, and each single
    option value refused at every other player count (a solo mode, like Solitaire), the other
    options at their defaults."""
    if 1 not in game.player_counts:
        return []
    modes = []
    # a game may list more option sets for its own tests than for the conformance suite
    configs = getattr(game, "all_configurations", game.configurations)()
    for players, options in configs:
        if players != 1:
            continue
        changed = {k: v for k, v in options.items() if v != game.options[k][0]}
        if not changed:
            if options not in modes:
                modes.append(options)
            continue
        # each single option value refused at every other player count is a solo mode, the
        # other options at their defaults (Life & Legend's mode=lore of lore=chosen is mode=lore)
        for key, value in changed.items():
            if not _alone_only(game, {key: value}):
                continue
            try:
                _, mode = game.resolve_options(1, {key: value})
            except IllegalAction:
                continue
            alone = {k: v for k, v in mode.items() if v != game.options[k][0]}
            if alone == {key: value} and mode not in modes:
                modes.append(mode)
    return modes


def _alone_only(game, changed) -> bool:
    for other in game.player_counts:
        if other == 1:
            continue
        try:
            game.resolve_options(other, changed)
            return False
        except IllegalAction:
            pass
    return True


def has_heuristic(game) -> bool:
    state = game.new(seed=0)
    seat = state.to_move
    return game.heuristic_action(state.determinize(seat, Rng(0)), Rng(0)) is not None


def brief(result: dict) -> dict:
    """The numbers the strength table needs, from one arena result."""
    out = {"options": result["options"], "games": result["games"], "wall_seconds": result["wall_seconds"],
           "mean_length": round(result["mean_length"], 1)}
    for a in result["agents"]:
        key = a["label"]
        if result["players"] == 1:
            out[key] = {"wins": a["wins"], "win_rate": round(a["win_rate"], 4),
                        "ci95": [round(x, 4) for x in a["ci95"]],
                        "mean_outcome": round(a["mean_outcome"], 4),
                        "stdev": round(result["solo"]["outcome_stdev"], 4),
                        "score_mean": result["solo"]["score_mean"],
                        "seconds_per_decision": round(a["seconds_per_decision"], 4)}
        else:
            out[key] = {"wins": a["wins"], "draws": a["draws"], "win_rate": round(a["win_rate"], 4),
                        "ci95": [round(x, 4) for x in a["ci95"]],
                        "seconds_per_decision": round(a["seconds_per_decision"], 4)}
    if "first_seat" in result:
        out["first_seat_win_rate"] = round(result["first_seat"]["win_rate"], 4)
        out["first_seat_wins"] = result["first_seat"]["wins"]
        out["first_seat_ci95"] = [round(x, 4) for x in result["first_seat"]["ci95"]]
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--agent", default="ismcts", help="the agent measured (default: ismcts, the play default)")
    parser.add_argument("--opponent", action="append", choices=["random", "heuristic"],
                        help="only these opponents (repeatable); default: both")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-solo", action="store_true", help="skip the solo modes")
    parser.add_argument("--solo-only", action="store_true", help="only the solo modes")
    parser.add_argument("--out", metavar="FILE", help="also write the report to FILE after every pairing")
    parser.add_argument("--solo-games", type=int, help="games per agent in a solo mode (default: --games)")
    parser.add_argument("--chunk", type=int, default=0,
                        help="play each pairing in chunks of this many games, writing --out after each "
                             "chunk (partial results survive a long run stopped early); chunk k plays "
                             "with seed SEED + k, so the games differ from an unchunked run")
    parser.add_argument("--mode", action="append", help="only these solo modes (an option value, e.g. campaign)")
    args = parser.parse_args(argv)
    game_ids = args.game or tabletome.games()
    opponents = args.opponent or ["random", "heuristic"]
    workers = args.workers or default_workers()
    report = {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
                   f"{platform.python_version()}, {platform.system()}",
        "agent": tabletome.agent(args.agent).spec,
        "games_per_pairing": args.games,
        "workers": workers,
        "results": {},
    }
    started = time.perf_counter()
    for game_id in game_ids:
        game = tabletome.game(game_id)
        entry = report["results"][game_id] = {}
        heuristic = has_heuristic(game)
        if 2 in game.player_counts and not args.solo_only:
            for opponent in opponents:
                if opponent == "heuristic" and not heuristic:
                    entry[f"vs {opponent}"] = "skipped: the game has no heuristic"
                    continue
                print(f"{game_id}: {args.agent} vs {opponent}, {args.games} games...", file=sys.stderr)
                key = f"vs {opponent}"

                def partial(result, key=key):
                    entry[key] = brief(result)
                    _save(report, args.out)
                result = chunked(game_id, [args.agent, opponent], args.games, args.chunk, partial,
                                 workers=workers, players=2, seed=args.seed)
                partial(result)
        if not args.no_solo:
            for i, options in enumerate(solo_modes(game)):
                changed = {k: v for k, v in options.items() if v != game.options[k][0]}
                if args.mode and not set(changed.values()) & set(args.mode):
                    continue
                name = "solo" + "".join(f" {k}={v}" for k, v in changed.items())
                rows = {}
                solo_games = args.solo_games or args.games
                for spec in [args.agent] + (["heuristic"] if heuristic else ["random"]):
                    print(f"{game_id}: {name}, {spec}, {solo_games} games...", file=sys.stderr)

                    def partial(result, spec=spec, rows=rows, name=name):
                        rows[spec] = brief(result)
                        entry[name] = rows
                        _save(report, args.out)
                    result = chunked(game_id, [spec], solo_games, args.chunk, partial, workers=workers,
                                     players=1, options=options, seed=args.seed)
                    partial(result)
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, indent=1))
    return 0


def chunked(game_id, specs, games, chunk, partial, seed=0, **kw) -> dict:
    """``run_arena`` in chunks of ``chunk`` games (0: all at once), ``partial(merged result)``
    after each chunk but the last."""
    if not chunk or chunk >= games:
        return run_arena(game_id, specs, games, seed=seed, progress=_progress, **kw)
    merged = None
    done = 0
    k = 0
    while done < games:
        n = min(chunk, games - done)
        result = run_arena(game_id, specs, n, seed=seed + k, progress=_progress, **kw)
        merged = result if merged is None else merge(merged, result)
        done += n
        k += 1
        if done < games:
            partial(merged)
    return merged


def merge(a: dict, b: dict) -> dict:
    """Two arena results of the same pairing as one (counts summed, means weighted, intervals anew)."""
    out = dict(a)
    na, nb = a["games"], b["games"]
    n = na + nb
    out["games"] = n
    for k in ("draws", "unfinished"):
        out[k] = a.get(k, 0) + b.get(k, 0)
    out["wall_seconds"] = round(a["wall_seconds"] + b["wall_seconds"], 3)
    out["mean_length"] = (a["mean_length"] * na + b["mean_length"] * nb) / n
    agents = []
    for x, y in zip(a["agents"], b["agents"]):
        z = dict(x)
        for k in ("games", "wins", "draws", "losses", "decisions"):
            z[k] = x[k] + y[k]
        z["win_rate"] = z["wins"] / z["games"] if z["games"] else 0.0
        z["ci95"] = list(wilson(z["wins"], z["games"]))
        z["mean_outcome"] = ((x["mean_outcome"] * x["games"] + y["mean_outcome"] * y["games"]) / z["games"]
                             if z["games"] else 0.0)
        z["seconds_per_decision"] = ((x["seconds_per_decision"] * x["decisions"]
                                      + y["seconds_per_decision"] * y["decisions"]) / z["decisions"]
                                     if z["decisions"] else 0.0)
        agents.append(z)
    out["agents"] = agents
    if "first_seat" in a:
        wins = a["first_seat"]["wins"] + b["first_seat"]["wins"]
        out["first_seat"] = {"wins": wins, "games": n, "win_rate": wins / n, "ci95": list(wilson(wins, n))}
    if "solo" in a:
        sa, sb = a["solo"], b["solo"]
        mean = (sa["outcome_mean"] * na + sb["outcome_mean"] * nb) / n
        second = ((sa["outcome_stdev"] ** 2 + sa["outcome_mean"] ** 2) * na
                  + (sb["outcome_stdev"] ** 2 + sb["outcome_mean"] ** 2) * nb) / n
        solo = {"outcome_mean": mean, "outcome_stdev": max(0.0, second - mean * mean) ** 0.5}
        if sa["score_mean"] is None or sb["score_mean"] is None:
            solo["score_mean"] = solo["score_stdev"] = None
        else:
            smean = (sa["score_mean"] * na + sb["score_mean"] * nb) / n
            ssecond = ((sa["score_stdev"] ** 2 + sa["score_mean"] ** 2) * na
                       + (sb["score_stdev"] ** 2 + sb["score_mean"] ** 2) * nb) / n
            solo["score_mean"] = smean
            solo["score_stdev"] = max(0.0, ssecond - smean * smean) ** 0.5
        out["solo"] = solo
    return out


def _save(report, path):
    if path:
        with open(path, "w") as f:
            f.write(json.dumps(report, indent=1) + "\n")


def _progress(done, total):
    print(f"\r  {done}/{total}", end="\n" if done == total else "", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
