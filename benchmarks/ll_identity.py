"""Life & Legend plays exactly as before: one hash of a fixed set of games and searches.

    python benchmarks/ll_identity.py [--games N] [--searches N] [--iterations N]

Plays ``--games`` games in every configuration of ``game.all_configurations()`` (every mode, 1-4
players, the AI cards, co-op) from fixed seeds, each seat played at random or by the heuristic
(fixed per game), half of them muted (as search copies are); hashes every action, the results,
scores, every seat's final view and the final snapshot. Then it hashes a few fixed-seed ISMCTS
searches at the play settings (``--searches`` positions x ``--iterations``: every root action's
visits and value) and determinizations of mid-game positions (their snapshots). Prints JSON with
one hash of everything and one per part: a speed change to the rules must leave it unchanged.
"""

import argparse
import hashlib
import json
import time

import tabletome
from tabletome.agents.ismcts import ISMCTSAgent
from tabletome.core import Rng


def _dump(value) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def play_games(game, per_config, h, configs=None, spectator=False, log=False):
    """Every game's legal lists, actions, results, final views and snapshot into ``h``; the
    configurations are ``game.all_configurations()`` unless given; ``spectator`` adds the view of
    no seat, ``log`` the log (engine_identity.py uses both)."""
    decisions = 0
    for ci, (players, options) in enumerate(configs or game.all_configurations()):
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
            for seat in ([None] if spectator else []) + list(range(players)):
                h.update(_dump(state.view(seat)))
            h.update(_dump(state.snapshot()))
            if log:
                h.update(_dump(state.log))
    return decisions


def mid_positions(game, count, configs=None, first=10):
    """``count`` positions of 2-4 player games and solo modes, after ``first`` to ``first + 59``
    random decisions."""
    rng = Rng(11)
    configs = configs or game.all_configurations()
    out = []
    seed = 900
    while len(out) < count:
        players, options = configs[len(out) % len(configs)]
        state = game.new(players=players, seed=seed, **options)
        seed += 1
        for _ in range(first + rng.below(60)):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if not state.is_over:
            out.append(state)
    return out


def determinizations(game, h, count=40, configs=None, first=10, play_on=0):
    """Determinized copies of mid-game positions for every seat: snapshot, evaluations, view;
    with ``play_on``, the copy then plays that many random decisions and its snapshot is hashed."""
    for i, state in enumerate(mid_positions(game, count, configs, first)):
        for seat in range(state.players):
            d = state.determinize(seat, Rng(i * 10 + seat))
            h.update(_dump(d.snapshot()))
            h.update(_dump([game.evaluate(d, t) for t in range(d.players)]))
            h.update(_dump(d.view(seat)))
            if play_on:  # a determinized copy plays on (and logs) like any state
                picks = Rng(i)
                for _ in range(play_on):
                    if d.is_over:
                        break
                    legal = d.legal_actions()
                    d.apply(legal[picks.below(len(legal))])
                h.update(_dump(d.snapshot()))


def searches(game, count, iterations, h, configs=None, first=10):
    """Fixed-seed ISMCTS searches at the play settings from mid-game positions: every root
    action's visits and value."""
    for i, state in enumerate(mid_positions(game, count, configs, first)):
        like = tabletome.agent("ismcts").settings_for(game, state.players)
        bot = ISMCTSAgent(seed=100 + i, iterations=iterations, c=like["c"], policy=like["policy"],
                          depth=like["depth"], opponents=like["opponents"], epsilon=like["epsilon"])
        hints = bot.analyse(state, top=1000)
        h.update(_dump([(hint.action.text, hint.visits, repr(hint.win_chance)) for hint in hints]))
        h.update(_dump(state.snapshot()))   # the search left the state as it was


def games_part(games: int = 10) -> tuple[str, int]:
    """The "games" part of the hash (the rules, heuristic and views) and the decisions played:
    ``tabletome.rl.versions`` records it per env version."""
    h = hashlib.sha256()
    decisions = play_games(tabletome.game("life-and-legend"), games, h)
    return h.hexdigest()[:16], decisions


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per configuration (default 10)")
    parser.add_argument("--searches", type=int, default=6, help="ISMCTS positions (default 6)")
    parser.add_argument("--iterations", type=int, default=100, help="iterations per search (default 100)")
    args = parser.parse_args(argv)
    game = tabletome.game("life-and-legend")
    started = time.process_time()
    parts = {}
    whole = hashlib.sha256()
    parts["games"], decisions = games_part(args.games)
    h = hashlib.sha256()
    determinizations(game, h)
    parts["determinize"] = h.hexdigest()[:16]
    h = hashlib.sha256()
    searches(game, args.searches, args.iterations, h)
    parts["ismcts"] = h.hexdigest()[:16]
    for name in sorted(parts):
        whole.update(parts[name].encode())
    print(json.dumps({"hash": whole.hexdigest()[:16], "parts": parts, "decisions": decisions,
                      "configurations": len(game.all_configurations()), "games": args.games,
                      "searches": args.searches, "iterations": args.iterations,
                      "cpu_seconds": round(time.process_time() - started, 1)}, indent=1))


if __name__ == "__main__":
    main()
