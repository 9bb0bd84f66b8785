"""Throughput of every game, single process, printed as JSON.

    python benchmarks/throughput.py [--seconds S] [--game ID] [--clock cpu]

For each game (its default option set at its first multi-player count): random games per second,
random decisions per second (legal_actions + a uniform pick + apply), clones per second and
determinizations per second of mid-game states. ``--clock cpu`` counts this process's CPU time
(time.process_time) instead of wall time, for a machine shared with other work; ISMCTS is then
timed over a fixed number of iterations a search (its play settings otherwise).
"""

import argparse
import json
import platform
import time

import tabletome
from tabletome.agents.ismcts import ISMCTSAgent, iterations_per_second
from tabletome.core import Rng


def default_players(game):
    multi = [n for n in game.player_counts if n >= 2]
    return multi[0] if multi else game.player_counts[0]


CLOCK = time.perf_counter


def random_play(game, players, seconds, clock=None):
    """Random games (seeds 0, 1, ...; picks from one Rng(1)) for ``seconds`` of ``clock``: games
    and decisions per second."""
    clock = clock or CLOCK
    rng = Rng(1)
    games = decisions = 0
    seed = 0
    started = clock()
    while True:
        state = game.new(players=players, seed=seed)
        seed += 1
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
        games += 1
        elapsed = clock() - started
        if elapsed >= seconds:
            return games / elapsed, decisions / elapsed


def solo_options(game):
    """The options of the game's first solo configuration (None if it is never played alone)."""
    return next((options for players, options in game.configurations() if players == 1), None)


def mid_game_states(game, players, count=50, options=None):
    rng = Rng(2)
    states = []
    seed = 1000
    while len(states) < count:
        state = game.new(players=players, seed=seed, **(options or {}))
        seed += 1
        stop = rng.below(60) + 1
        for _ in range(stop):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if not state.is_over:
            states.append(state)
    return states


def rate(fn, states, seconds):
    n = 0
    started = CLOCK()
    while True:
        for s in states:
            fn(s)
        n += len(states)
        elapsed = CLOCK() - started
        if elapsed >= seconds:
            return n / elapsed


def search_rate(states, seconds):
    """ISMCTS iterations per second at the play settings: wall time (iterations_per_second), or with
    ``--clock cpu`` this process's CPU time over searches of a fixed size, repeated for ``seconds``."""
    if CLOCK is time.perf_counter:
        return iterations_per_second(states, seconds)
    like = tabletome.agent("ismcts").settings_for(states[0].game, states[0].players)
    bot = ISMCTSAgent(seed=1, iterations=100, c=like["c"], policy=like["policy"], depth=like["depth"],
                      opponents=like["opponents"], epsilon=like["epsilon"])
    iterations = 0
    started = CLOCK()
    while True:
        for state in states:
            bot.analyse(state, top=0)
            iterations += bot.last_search["iterations"]
        elapsed = CLOCK() - started
        if elapsed >= seconds:
            return iterations / elapsed


def measure(game_id, seconds):
    game = tabletome.game(game_id)
    players = default_players(game)
    games_per_s, decisions_per_s = random_play(game, players, seconds)
    states = mid_game_states(game, players)
    rng = Rng(3)
    result = {
        "players": players,
        "random_games_per_s": round(games_per_s, 1),
        "random_decisions_per_s": round(decisions_per_s),
        "clones_per_s": round(rate(lambda s: s.clone(), states, seconds / 2)),
        "determinizations_per_s": round(rate(lambda s: s.determinize(s.to_move, rng), states, seconds / 2)),
    }
    # the search agent at its play settings for this game (its rollout policy, cut-off, opponents)
    result["ismcts_iterations_per_s"] = round(search_rate(states[:10], seconds))
    solo = solo_options(game) if players != 1 else None
    if solo is not None:   # the solo mode's own play settings (a game may search it otherwise)
        alone = mid_game_states(game, 1, count=10, options=solo)
        result["ismcts_solo_iterations_per_s"] = round(search_rate(alone, seconds))
    return result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time by the wall clock (default) or by this process's CPU time")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    ids = args.game or tabletome.games()
    out = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor_count": __import__("os").cpu_count(),
        "date": time.strftime("%Y-%m-%d"),
        "clock": args.clock,
        "games": {game_id: measure(game_id, args.seconds) for game_id in ids},
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
