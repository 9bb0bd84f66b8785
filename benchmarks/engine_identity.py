"""Spirit Link, Life Siphon and Bad Baby Lich Lords play exactly as before: one hash per game.

    python benchmarks/engine_identity.py [--game ID ...] [--games N] [--searches N] [--iterations N]

Modelled on ``ll_identity.py`` (which does this for Life & Legend). For each game: ``--games``
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
from tabletome.agents.ismcts import ISMCTSAgent
from tabletome.core import Rng

GAMES = ("spirit-link", "life-siphon", "bad-baby-lich-lords")


def _dump(value) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def play_games(game, per_config, h):
    decisions = 0
    for ci, (players, options) in enumerate(game.configurations()):
        for g in range(per_config):
            seed = 7000 + 100 * ci + g
            state = game.new(players=players, seed=seed, **options)
            if g % 2:
                state.mute()
            picks = Rng(seed * 31 + 5)
            heuristic_seats = {t for t in range(players) if (seed >> t) & 1 or g % 3 == 0}
            while state.to_move is not None:
                legal = state.legal_actions()
                h.update(_dump([a.text for a in legal]))
                if state.to_move in heuristic_seats:
                    action = game.heuristic_action(state, picks)
                else:
                    action = legal[picks.below(len(legal))]
                h.update(action.text.encode())
                state.apply(action)
                decisions += 1
            h.update(_dump([state.winners, state.scores, state.returns(), state.ended_by_length]))
            for seat in [None, *range(players)]:
                h.update(_dump(state.view(seat)))
            h.update(_dump(state.snapshot()))
            h.update(_dump(state.log))
    return decisions


def mid_positions(game, count):
    rng = Rng(11)
    configs = game.configurations()
    out = []
    seed = 900
    while len(out) < count:
        players, options = configs[len(out) % len(configs)]
        state = game.new(players=players, seed=seed, **options)
        seed += 1
        for _ in range(5 + rng.below(60)):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if not state.is_over:
            out.append(state)
    return out


def determinizations(game, h, count=30):
    for i, state in enumerate(mid_positions(game, count)):
        for seat in range(state.players):
            d = state.determinize(seat, Rng(i * 10 + seat))
            h.update(_dump(d.snapshot()))
            h.update(_dump([game.evaluate(d, t) for t in range(d.players)]))
            h.update(_dump(d.view(seat)))
            # a determinized copy plays on (and logs) like any state
            picks = Rng(i)
            for _ in range(20):
                if d.is_over:
                    break
                legal = d.legal_actions()
                d.apply(legal[picks.below(len(legal))])
            h.update(_dump(d.snapshot()))


def searches(game, count, iterations, h):
    for i, state in enumerate(mid_positions(game, count)):
        like = tabletome.agent("ismcts").settings_for(game, state.players)
        bot = ISMCTSAgent(seed=100 + i, iterations=iterations, c=like["c"], policy=like["policy"],
                          depth=like["depth"], opponents=like["opponents"], epsilon=like["epsilon"])
        hints = bot.analyse(state, top=1000)
        h.update(_dump([(hint.action.text, hint.visits, repr(hint.win_chance)) for hint in hints]))
        h.update(_dump(state.snapshot()))


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
        h = hashlib.sha256()
        decisions = play_games(game, args.games, h)
        parts["games"] = h.hexdigest()[:16]
        h = hashlib.sha256()
        determinizations(game, h)
        parts["determinize"] = h.hexdigest()[:16]
        h = hashlib.sha256()
        searches(game, args.searches, args.iterations, h)
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
