"""The arena: agents play each other many times, seats rotated, in parallel; the results with
95% confidence intervals.

    >>> from tabletome.arena import run_arena, format_arena
    >>> result = run_arena("spirit-link", ["ismcts:iterations=200", "random"], games=20, workers=2)
    >>> result["agents"][0]["win_rate"], result["agents"][0]["ci95"]

Game ``i`` seats the agents in the order of ``specs`` rotated by ``i`` (seat ``s`` gets
``specs[(s + i) % n]``), so over a multiple of ``n`` games every agent sits in every seat equally
often. Every game's seed and every agent's seed derive from ``seed`` and the game's number, so a
run with iteration budgets gives the same results with any number of workers.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import statistics
import time
from pathlib import Path

from .core import IllegalAction, Rng
from .core import game as find_game
from .core import save_record
from .core.rng import check_seed

Z95 = 1.959963984540054
# A game still running after this many decisions is stopped and counted as unfinished (a draw):
# some games can cycle (Life Siphon has no turn limit and no draw rule).
MAX_DECISIONS = 10_000


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during an arena or selfplay run: ``result`` is the report of the games that finished
    (in the run's own format, with ``interrupted`` true and ``games_planned``)."""

    def __init__(self, result: dict):
        super().__init__()
        self.result = result


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it reports what finished and stops us)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def _mix(*parts: int) -> int:
    """A 63-bit seed derived from integers (SplitMix64 over each part in turn)."""
    rng = Rng(0x5EED)
    for part in parts:
        rng = Rng(rng.next64() ^ (part & ((1 << 64) - 1)))
    return rng.next64() >> 1


def _seating(i: int, n: int) -> list[int]:
    """Which entry of ``specs`` sits in each seat of game ``i``."""
    return [(s + i) % n for s in range(n)]


def _resolve(game_id, specs, players, options):
    """Check everything before any game starts, so bad input fails fast with IllegalAction."""
    from .agents import agent

    game = find_game(game_id)
    if isinstance(specs, str) or not specs:
        raise IllegalAction("the arena needs a list of agent specs, one per seat (e.g. ['ismcts', 'random'])")
    specs = list(specs)
    if players is None:
        players = len(specs)
    players, options = game.resolve_options(players, dict(options or {}))
    if len(specs) != players:
        raise IllegalAction(f"{len(specs)} agent spec{'s' if len(specs) != 1 else ''} for {players} "
                            f"seat{'s' if players != 1 else ''}: give one --seat per seat")
    for spec in specs:
        agent(spec, seed=0)  # refuses a bad spec now rather than in a worker
    return game, players, options, specs


def play_one(task: dict) -> dict:
    """Play one arena game; returns what the summary needs (and the record). Runs in a worker."""
    from .agents import agent

    game = find_game(task["game"])
    players = task["players"]
    state = game.new(players=players, seed=task["seed"], cards=task.get("cards"), **task["options"])
    seating = task["seating"]
    agents = [agent(task["specs"][seating[s]], seed=task["agent_seeds"][s]) for s in range(players)]
    decisions = [0] * players
    thinking = [0.0] * players
    clock = time.perf_counter
    limit = task.get("max_decisions", MAX_DECISIONS)
    while not state.is_over and sum(decisions) < limit:
        seat = state.to_move
        started = clock()
        action = agents[seat].choose(state)
        thinking[seat] += clock() - started
        decisions[seat] += 1
        state.apply(action)
    scores = state.game.result_scores(state)
    finished = state.is_over
    return {
        "index": task["index"],
        "seating": seating,
        "finished": finished,
        "winners": list(state.winners) if finished else [],
        "outcomes": [state.outcome(s) if finished else 0.5 for s in range(players)],
        "scores": list(scores) if isinstance(scores, (list, tuple)) else [],
        "decisions": decisions,
        "thinking": thinking,
        "record": state.record() if task["keep_record"] else None,
    }


def _context():
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run_arena(game_id: str, specs, games: int, workers: int | None = None, players: int | None = None,
              options: dict | None = None, seed: int = 0, save_dir=None, progress=None, cards=None,
              max_decisions: int = MAX_DECISIONS) -> dict:
    """Play ``games`` games of ``game_id`` between the agents named by ``specs`` (one per seat,
    repeats allowed), seats rotated, on ``workers`` processes (default: every core; 1 plays in this
    process). ``progress(done, total)`` is called after each game. ``save_dir``: each game's record
    is saved there as JSON (``game-0001.json``...), with ``arena.json`` naming who sat where.
    ``cards``: a card file to play with instead of the game's own. A game still running after
    ``max_decisions`` decisions is stopped and counted as unfinished (a draw for every seat; lost,
    in a solo game).

    Returns a JSON-ready dict: per agent (in the order of ``specs``) games, wins, draws, losses,
    win rate with its 95% Wilson interval, mean outcome and seconds per decision; ``first_seat``
    (the win rate of whoever sat in seat 0, with its interval); ``mean_length`` (decisions per
    game); and for a solo game (one seat) ``solo``: the mean and standard deviation of the
    normalised outcome and of the score. Ctrl-C stops the run and raises ``Interrupted`` carrying
    this report of the games that finished (their records saved too)."""
    game, players, options, specs = _resolve(game_id, specs, players, options)
    if cards is not None:
        cards = str(cards)
        game.new(players=players, seed=0, cards=cards, **options)   # a broken card file fails here
    if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or max_decisions < 1:
        raise IllegalAction(f"max_decisions must be a whole number of at least 1, not {max_decisions!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise IllegalAction(f"the number of games must be a whole number of at least 1, not {games!r}")
    seed = check_seed(seed)
    if workers is None:
        workers = default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise IllegalAction(f"the number of workers must be a whole number of at least 1, not {workers!r}")
    workers = min(workers, games)
    n = len(specs)
    tasks = [{
        "index": i,
        "game": game.id,
        "players": players,
        "options": options,
        "specs": specs,
        "seating": _seating(i, n),
        "seed": _mix(seed, i),
        "agent_seeds": [_mix(seed, i, s + 1) for s in range(players)],
        "keep_record": save_dir is not None,
        "cards": cards,
        "max_decisions": max_decisions,
    } for i in range(games)]

    results = [None] * games
    started = time.perf_counter()
    done = 0
    interrupted = False
    try:
        if workers == 1:
            for task in tasks:
                results[task["index"]] = play_one(task)
                done += 1
                if progress is not None:
                    progress(done, games)
        else:
            with _context().Pool(workers, initializer=_ignore_interrupts) as pool:
                # hand games out in batches, so short games do not wait on the pool between each; a
                # small batch, so the progress bar moves and Ctrl-C loses little that was played
                chunk = max(1, min(8, len(tasks) // (workers * 16)))
                for result in pool.imap_unordered(play_one, tasks, chunksize=chunk):
                    results[result["index"]] = result
                    done += 1
                    if progress is not None:
                        progress(done, games)
    except KeyboardInterrupt:
        interrupted = True       # Ctrl-C: report the games that finished (the pool is stopped)
    wall = time.perf_counter() - started

    finished = [r for r in results if r is not None]
    summary = summarise(game.id, players, options, specs, finished)
    summary.update({"seed": seed, "workers": workers, "wall_seconds": round(wall, 3)})
    if save_dir is not None:
        _save(Path(save_dir), finished, specs, summary)
    if interrupted:
        summary.update({"interrupted": True, "games_planned": games})
        raise Interrupted(summary)
    return summary


def summarise(game_id, players, options, specs, results) -> dict:
    """The arena's statistics over finished games (see ``run_arena``)."""
    agents = []
    solo = players == 1     # a solo game that no one won is lost: it has no draws
    for e, spec in enumerate(specs):
        wins = draws = decisions = 0
        outcome = thinking = 0.0
        played = 0
        for r in results:
            for seat, entry in enumerate(r["seating"]):
                if entry != e:
                    continue
                played += 1
                if seat in r["winners"]:
                    wins += 1
                elif not r["winners"] and not solo:
                    draws += 1
                outcome += r["outcomes"][seat]
                decisions += r["decisions"][seat]
                thinking += r["thinking"][seat]
        lo, hi = wilson(wins, played)
        agents.append({
            "spec": spec,
            "label": spec if specs.count(spec) == 1 else f"{spec} #{e + 1}",
            "games": played,
            "wins": wins,
            "draws": draws,
            "losses": played - wins - draws,
            "win_rate": wins / played if played else 0.0,
            "ci95": [lo, hi],
            "mean_outcome": outcome / played if played else 0.0,
            "decisions": decisions,
            "seconds_per_decision": thinking / decisions if decisions else 0.0,
        })
    total = len(results)
    lengths = [sum(r["decisions"]) for r in results]
    summary = {
        "game": game_id,
        "players": players,
        "options": dict(options),
        "games": total,
        "agents": agents,
        "draws": 0 if solo else sum(1 for r in results if not r["winners"]),
        # a game won by several seats (a tie for first, a team) counts as a win for each of them
        "shared_wins": sum(1 for r in results if len(r["winners"]) > 1),
        "unfinished": sum(1 for r in results if not r.get("finished", True)),
        "mean_length": statistics.fmean(lengths) if lengths else 0.0,
    }
    if players > 1:
        first = sum(1 for r in results if 0 in r["winners"])
        lo, hi = wilson(first, total)
        summary["first_seat"] = {"wins": first, "games": total, "win_rate": first / total if total else 0.0,
                                 "ci95": [lo, hi]}
    else:
        outcomes = [r["outcomes"][0] for r in results]
        scores = [r["scores"][0] for r in results
                  if r["scores"] and isinstance(r["scores"][0], (int, float)) and not isinstance(r["scores"][0], bool)]
        summary["solo"] = {
            "outcome_mean": statistics.fmean(outcomes) if outcomes else 0.0,
            "outcome_stdev": statistics.pstdev(outcomes) if outcomes else 0.0,
            "score_mean": statistics.fmean(scores) if scores else None,
            "score_stdev": statistics.pstdev(scores) if scores else None,
        }
    return summary


def _save(folder: Path, results, specs, summary) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    games = []
    for r in results:
        name = f"game-{r['index'] + 1:04d}.json"
        save_record(r["record"], folder / name)
        games.append({"record": name, "seats": [specs[e] for e in r["seating"]], "winners": r["winners"],
                      "outcomes": r["outcomes"]})
    (folder / "arena.json").write_text(json.dumps({"summary": summary, "games": games}, indent=1) + "\n")


def format_arena(result: dict):
    """A rich table of an arena result, for the terminal."""
    from rich.table import Table
    from rich.text import Text

    solo = result["players"] == 1
    title = f"{result['game']}: {result['games']} game{'s' if result['games'] != 1 else ''}"
    if result.get("interrupted"):
        title += f" of {result['games_planned']} (interrupted)"
    if not solo:
        title += ", seats rotated"
    table = Table(title=title)
    table.add_column("agent")
    if solo:
        table.add_column("won", justify="right")
        table.add_column("mean outcome", justify="right")
    else:
        table.add_column("wins", justify="right")
        table.add_column("draws", justify="right")
        table.add_column("win rate", justify="right")
        table.add_column("95% CI", justify="right")
    table.add_column("s/decision", justify="right")
    for a in result["agents"]:
        tail = [f"{a['seconds_per_decision']:.3f}"]
        if solo:
            table.add_row(Text(a["label"]), f"{a['wins']} of {a['games']}", f"{a['mean_outcome']:.3f}", *tail)
        else:
            lo, hi = a["ci95"]
            table.add_row(Text(a["label"]), str(a["wins"]), str(a["draws"]), f"{a['win_rate']:.1%}",
                          f"{lo:.1%} – {hi:.1%}", *tail)
    notes = [f"mean game length: {result['mean_length']:.1f} decisions"]
    if solo:
        s = result["solo"]
        notes.append(f"outcome {s['outcome_mean']:.3f} ± {s['outcome_stdev']:.3f} (mean ± sd)")
        if s["score_mean"] is not None:
            notes.append(f"score {s['score_mean']:.2f} ± {s['score_stdev']:.2f}")
    else:
        f = result["first_seat"]
        notes.append(f"first seat wins {f['win_rate']:.1%} ({f['ci95'][0]:.1%} – {f['ci95'][1]:.1%})")
        if result["draws"]:
            notes.append(f"draws: {result['draws']}")
        if result.get("shared_wins"):
            notes.append(f"shared wins: {result['shared_wins']} (a game won by several seats counts as a win "
                         f"for each, so the win rates add up to more than 100%)")
    if result.get("unfinished"):
        notes.append(f"unfinished (stopped at the decision limit, counted as {'lost' if solo else 'draws'}): "
                     f"{result['unfinished']}")
    table.caption = "\n".join(notes)
    return table
