"""Playing a study's games: in this process, on a pool of local processes, or as Ray tasks.

Every backend plays the same function, ``play_batch``, on batches of game keys and hands the rows
back to the one writer (``store.Store``), so a study's rows do not depend on where it ran. Batches
start with one game and grow to about ``TARGET_SECONDS`` of play once the speed is known, so fast
games (a heuristic Spirit Link game takes milliseconds) are not drowned in overhead, slow ones
(ISMCTS) report progress often, and Ctrl-C loses at most the batches in flight.
"""

from __future__ import annotations

import itertools
import json
import math
import queue
import signal
import time

from ..arena import _context, default_workers
from ..core import IllegalAction, State
from ..core import game as find_game
from .store import Store
from .study import Study

TARGET_SECONDS = 2.0     # aim for batches of about this much play
MAX_BATCH = 256


def _number(x):
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else None


def play_game(game, study: dict, point_options: dict, key: tuple, agent_factory) -> tuple[tuple, list]:
    """Play one game; return its games row and its decisions rows (see ``store``)."""
    point, index, seed, agent_seeds, seating = key
    players = study["players"]
    specs = study["specs"]
    state = game.new(players=players, seed=seed, card_text=study["card_text"], **point_options)
    agents = [agent_factory(specs[seating[s]], seed=agent_seeds[s]) for s in range(players)]
    limit = study["max_decisions"]
    decisions = []
    tempo = []
    step = 0
    turn = [None, -1]
    solo = players == 1

    def sample(final=False):
        # a turn: a run of decisions by one seat (the seat to move changes); the contract's
        # turn_key would be exact but builds a view at every decision (it doubled Life Siphon's time).
        # A solo game is one such run from start to end, so its turns are the game's own (turn_key).
        key = None if final else state.turn_key() if solo else state.to_move
        if final or key != turn[0] or turn[1] < 0:
            turn[0] = key
            turn[1] += 1
            for name, values in state.tempo().items():
                tempo.append((point, index, turn[1], step, name, [float(v) for v in values]))
    # a game that names the cards its actions play from its state (State.action_cards) gets them
    # stored with each decision, for every legal action (its action table names places, not cards)
    own_cards = type(state).action_cards is not State.action_cards
    legal_cards = legal_kinds = None
    while not state.is_over and step < limit:
        sample()
        seat = state.to_move
        legal = state.legal_actions()
        legal_ids = [a.id for a in legal]
        if own_cards:
            pairs = [(c, a.kind) for a in legal for c in state.action_cards(a)]
            legal_cards, legal_kinds = [c for c, _ in pairs], [k for _, k in pairs]
        action = agents[seat].choose(state)
        decisions.append((point, index, step, seat, str(action), action.id, action.kind,
                          list(state.action_cards(action)), action.target, legal_ids, legal_cards, legal_kinds))
        state.apply(action)
        step += 1
    sample(final=True)
    finished = state.is_over
    scores = state.game.result_scores(state)
    row = (point, index, seed, [specs[e] for e in seating], list(seating), list(agent_seeds),
           list(state.winners) if finished else [],
           [_number(x) for x in scores] if isinstance(scores, (list, tuple)) else [],
           [float(state.outcome(s)) if finished else 0.5 for s in range(players)],
           step, not finished, json.dumps(state.lab_facts(), sort_keys=True) if state.lab_facts() else None)
    return row, decisions, tempo


def play_batch(study: dict, keys: list[tuple]) -> tuple[list, list, float, float]:
    """Play the games named by ``keys`` (``Study.task`` tuples); returns (games rows, decisions
    rows, seconds spent, CPU seconds spent, tempo rows). Runs in a worker process or a Ray task."""
    from ..agents import agent

    started = time.perf_counter()
    cpu = time.process_time()
    game = find_game(study["game"])
    rows, decisions, tempo = [], [], []
    for key in keys:
        row, rows_d, rows_t = play_game(game, study, study["points"][key[0]]["options"], key, agent)
        rows.append(row)
        decisions.extend(rows_d)
        tempo.extend(rows_t)
    return rows, decisions, time.perf_counter() - started, time.process_time() - cpu, tempo


def _ignore_sigint():
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Scheduler:
    """Hands out batches sized from the measured speed, keeping every worker busy."""

    def __init__(self, keys, count: int, workers: int, max_batch: int = MAX_BATCH):
        self.keys = iter(keys)      # made as they are handed out: a study of any size costs no memory up front
        self.pending = count        # how many are left
        self.workers = workers
        self.max_batch = max_batch
        self.seconds_per_game = None

    def next_batch(self) -> list:
        if self.seconds_per_game is None:
            size = 1
        else:
            size = int(TARGET_SECONDS / max(self.seconds_per_game, 1e-6))
            # leave work for every worker near the end
            size = min(size, math.ceil(self.pending / (2 * self.workers)))
            size = max(1, min(size, self.max_batch))
        batch = list(itertools.islice(self.keys, min(size, self.pending)))
        self.pending -= len(batch)
        return batch

    def measured(self, games: int, seconds: float) -> None:
        if games:
            rate = seconds / games
            self.seconds_per_game = rate if self.seconds_per_game is None else 0.5 * (self.seconds_per_game + rate)


def run_study(study: Study, store: Store, workers: int | None = None, ray_address=None, use_ray: bool = False,
              progress=None) -> dict:
    """Play every game of ``study`` that ``store`` does not hold yet and write it there.
    ``workers``: local processes (default every core; 1 plays here). ``use_ray``: play as Ray
    tasks on the cluster at ``ray_address`` (None: a local Ray). ``progress(done, total)`` after
    each batch. Returns what this run did: games played, seconds, backend. On Ctrl-C the finished
    games are kept and ``KeyboardInterrupt`` propagates."""
    check_workers(workers)
    store.begin_study(study)
    done = store.finished_keys()
    keys = (study.task(p, i) for p in range(len(study.points)) for i in range(study.games) if (p, i) not in done)
    total = len(study.points) * study.games
    missing = total - sum(1 for p, i in done if p < len(study.points) and i < study.games)
    payload = {"game": study.game, "players": study.players, "specs": study.specs,
               "card_text": study.card_text, "max_decisions": study.max_decisions,
               "points": [{"options": p["options"]} for p in study.points]}
    count = [total - missing]
    started = time.perf_counter()

    used = {"batches": 0, "cpu": 0.0}

    def take(result):
        rows, decisions, _seconds, cpu, tempo = result
        store.write(rows, decisions, tempo)
        count[0] += len(rows)
        used["batches"] += 1
        used["cpu"] += cpu
        if progress is not None:
            progress(count[0], total)

    if progress is not None:
        progress(count[0], total)
    backend = "none"
    try:
        if not missing:
            backend = "none"
        elif use_ray:
            backend = "ray"
            workers = _run_ray(payload, (keys, missing), take, ray_address)
        else:
            workers = min(default_workers() if workers is None else workers, missing)
            backend = "local" if workers == 1 else "processes"
            (_run_here if workers == 1 else _run_pool)(payload, (keys, missing), take, workers)
        if missing:
            store.tidy()
    finally:
        seconds = time.perf_counter() - started
        played = count[0] - (total - missing)
        store.log_run(backend, workers or 0, played, seconds)
    # cpu_seconds: what the games took on the workers' CPUs; cpu_seconds / seconds is how many
    # cores the study kept busy (benchmarks/lab_scaling.py prints it)
    return {"played": played, "skipped": total - missing, "total": total, "seconds": seconds,
            "backend": backend, "workers": workers, "batches": used["batches"], "cpu_seconds": used["cpu"]}


WORKERS_PER_CORE = 4      # local processes at most, per core of the machine


def check_workers(workers):
    """``--workers`` as given (None: every core), or ``IllegalAction``: a whole number from 1 to
    ``WORKERS_PER_CORE`` per core (each worker is a process of its own: tens of MB)."""
    if workers is None:
        return None
    limit = WORKERS_PER_CORE * default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= limit:
        raise IllegalAction(f"--workers must be a whole number from 1 to {limit} ({WORKERS_PER_CORE} processes per "
                            f"core of this machine; a study larger than a machine belongs on --ray), not {workers!r}")
    return workers


def _run_here(payload, keys, take, workers=1):
    sched = _Scheduler(*keys, 1)
    while sched.pending:
        batch = sched.next_batch()
        result = play_batch(payload, batch)
        sched.measured(len(batch), result[2])
        take(result)


def _run_pool(payload, keys, take, workers):
    sched = _Scheduler(*keys, workers)
    finished = queue.Queue()
    pool = _context().Pool(workers, initializer=_ignore_sigint)
    in_flight = 0
    try:
        while sched.pending or in_flight:
            while sched.pending and in_flight < 2 * workers:
                batch = sched.next_batch()
                pool.apply_async(play_batch, (payload, batch), callback=finished.put,
                                 error_callback=finished.put)
                in_flight += 1
            result = finished.get()
            in_flight -= 1
            if isinstance(result, BaseException):
                raise result
            sched.measured(len(result[0]), result[2])
            take(result)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def ray_start(address) -> bool:
    """Start (or connect to) Ray unless it runs already; True when this call started it (so the
    caller shuts it down). With an address, connect to that cluster and ship this tabletome's code
    to it (``runtime_env py_modules``), so every node plays exactly the same rules. ``lab tune``
    starts it once for all its trials."""
    try:
        import ray
    except ImportError:
        raise IllegalAction("--ray needs Ray: pip install 'tabletome[lab]'") from None
    if ray.is_initialized():
        return False
    if address:
        import tabletome
        from pathlib import Path
        ray.init(address=address, runtime_env={"py_modules": [str(Path(tabletome.__file__).parent)]},
                 log_to_driver=False)
    else:
        ray.init(include_dashboard=False, log_to_driver=False)
    return True


def _run_ray(payload, keys, take, address):
    """Play as Ray tasks (see ``ray_start``)."""
    started_here = ray_start(address)
    import ray
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(num_cpus=1)(play_batch)
        shared = ray.put(payload)
        sched = _Scheduler(*keys, cpus)
        in_flight = {}
        try:
            while sched.pending or in_flight:
                while sched.pending and len(in_flight) < 2 * cpus:
                    batch = sched.next_batch()
                    in_flight[remote.remote(shared, batch)] = len(batch)
                ready, _ = ray.wait(list(in_flight), num_returns=1)
                for ref in ready:
                    in_flight.pop(ref)
                    result = ray.get(ref)
                    sched.measured(len(result[0]), result[2])
                    take(result)
        except BaseException:
            for ref in in_flight:
                ray.cancel(ref, force=True)
            raise
        return cpus
    finally:
        if started_here:
            ray.shutdown()
