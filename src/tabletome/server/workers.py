"""Agents and hints run here, in worker processes, in time slices shared fairly between tables.

A job is one agent decision or one hint: the game id, a snapshot of the true state, the agent
spec (or the seat asking for a hint) and the server's ``AgentLimits``. The worker restores the
state and asks the agent, which decides only from what its seat may see. A search runs in slices
of ``SLICE`` seconds (``ISMCTSAgent.choosing``/``analysing`` pause between them and keep their
tree in the worker), and each worker runs one slice at a time of the jobs it holds, round robin
by table and then by job: a table with the largest budget the server allows, or one seat asking
ten hints at once, gets its turn like every other table, so a cheap agent elsewhere still answers
within a slice or two. A job is cancelled (a hint whose page left or asked again) between slices.

Workers are started with the ``spawn`` method (forking a process that runs an event loop and
threads is unsafe), and exit when the server dies, even by SIGKILL: they watch their parent.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import traceback
import time
from collections import OrderedDict, deque

from tabletome.agents import SpecRefused

SLICE = 0.05          # seconds of search a job gets before the next job's turn


# --- in the worker process -------------------------------------------------------------------------
def choosing(game_id: str, snapshot: dict, spec: str, seed: int, limits, slice_seconds: float):
    """A generator: pauses between slices of the search, returns the action text ``spec`` picks."""
    import tabletome

    state = tabletome.game(game_id).restore(snapshot)
    bot = limits.make(spec, seed)
    steps = getattr(bot, "choosing", None)
    if steps is None:
        return str(bot.choose(state))
    return str((yield from steps(state, slice_seconds)))


def hinting(game_id: str, snapshot: dict, seat: int, seed: int, limits, slice_seconds: float):
    """A generator: pauses between slices, returns the search's best few choices for ``seat``."""
    import tabletome

    state = tabletome.game(game_id).restore(snapshot)
    bot = limits.hint_agent(state, seat, seed)
    rows = yield from bot.analysing(state, 3, slice_seconds)
    return [{"text": str(h.action), "id": h.action.id, "chance": round(float(h.win_chance), 3), "visits": int(h.visits)}
            for h in rows]


JOBS = {"choose": choosing, "hint": hinting}


def warm() -> None:
    """Import the games (and what a job's arguments name) once, so the first real request is quick."""
    import tabletome
    import tabletome.agents.hints  # noqa: F401
    import tabletome.server.limits  # noqa: F401

    for game_id in tabletome.games():
        tabletome.game(game_id)


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:          # the server died (even by SIGKILL): so does this worker
            os._exit(0)


def work(conn, parent: int, slice_seconds: float) -> None:
    """A worker process: run the slices the server asks for, until it says stop or goes away.

    The server sends ``("run", job, task or None)`` (the task only the first time) and
    ``("cancel", job)``; each run answers ``("paused" | "done" | "failed", job, value)``. Ctrl-C
    in a terminal reaches the whole process group: the server stops its workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    warm()
    jobs: dict = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        op, job_id = message[0], message[1] if len(message) > 1 else None
        if op == "stop":
            return
        if op == "cancel":
            steps = jobs.pop(job_id, None)
            if steps is not None:
                steps.close()
            continue
        conn.send(run_slice(jobs, job_id, message[2], slice_seconds))


def run_slice(jobs: dict, job_id: int, task: tuple | None, slice_seconds: float) -> tuple:
    """One slice of job ``job_id`` (started from ``task`` the first time): its reply. A failure
    says why at every seat of the table only when the spec was refused (``SpecRefused`` names the
    spec, never a position); any other error may hold what the agent's seat sees (a hand, a peeked
    card), so the table hears its kind and the server's log gets the rest."""
    try:
        steps = jobs.get(job_id)
        if steps is None:
            kind, *args = task
            steps = jobs[job_id] = JOBS[kind](*args, slice_seconds)
        next(steps)
        return ("paused", job_id, None)
    except StopIteration as stop:
        jobs.pop(job_id, None)
        return ("done", job_id, stop.value)
    except SpecRefused as exc:
        jobs.pop(job_id, None)
        return ("failed", job_id, str(exc))
    except Exception as exc:
        jobs.pop(job_id, None)
        traceback.print_exc(file=sys.stderr)
        return ("failed", job_id, f"{type(exc).__name__} in the agent (the server's log has the details)")


# --- in the server -------------------------------------------------------------------------------
class JobFailed(Exception):
    """The agent raised in the worker (its message), or the worker stopped."""


class _Job:
    __slots__ = ("id", "table", "task", "future", "started", "cancelled")

    def __init__(self, job_id, table, task, future):
        self.id, self.table, self.task, self.future = job_id, table, task, future
        self.started = self.cancelled = False


class _Worker:
    """One worker process, the jobs it holds (their searches live in it) and its queue by table."""

    def __init__(self, ctx, slice_seconds: float):
        self.ctx = ctx
        self.slice = slice_seconds
        self.process = None
        self.conn = None
        self.queue: OrderedDict = OrderedDict()   # table id -> deque of jobs waiting for a slice
        self.held: set = set()                    # jobs started in this process and not finished
        self.cancels: list = []                   # started jobs to drop in the process
        self.driver: asyncio.Task | None = None
        self.wake: asyncio.Event | None = None

    def start(self) -> None:
        if self.process is not None and self.process.is_alive():
            return
        mine, theirs = self.ctx.Pipe()
        self.process = self.ctx.Process(target=work, args=(theirs, os.getpid(), self.slice), daemon=True,
                                        name="tabletome-agent-worker")
        self.process.start()
        theirs.close()
        self.conn = mine

    def load(self) -> int:
        return sum(len(q) for q in self.queue.values()) + len(self.held)

    def put(self, job: _Job) -> None:
        self.queue.setdefault(job.table, deque()).append(job)
        if self.wake is not None:
            self.wake.set()

    def next_job(self) -> _Job | None:
        """Round robin: the first table in line gives its first job, then goes to the back."""
        while self.queue:
            table = next(iter(self.queue))
            jobs = self.queue[table]
            job = jobs.popleft()
            if jobs:
                self.queue.move_to_end(table)
            else:
                del self.queue[table]
            if not job.cancelled:
                return job
        return None


class Scheduler:
    """Agents' decisions and hints on ``workers`` processes, in slices, fair between tables."""

    def __init__(self, workers: int = 1, slice_seconds: float = SLICE):
        ctx = multiprocessing.get_context("spawn")
        self.workers = [_Worker(ctx, slice_seconds) for _ in range(max(1, workers))]
        self._ids = itertools.count(1)

    def start(self) -> None:
        """Start the worker processes (each imports the games once), ahead of the first job."""
        for w in self.workers:
            w.start()

    async def run(self, table: str, task: tuple):
        """Run ``task`` (``("choose", game_id, snapshot, spec, seed, limits)`` or ``("hint",
        game_id, snapshot, seat, seed, limits)``) for ``table``; its result. Raises ``JobFailed``
        with the agent's error; cancelling the awaiting task cancels the job."""
        loop = asyncio.get_running_loop()
        w = min(self.workers, key=_Worker.load)
        if w.driver is None or w.driver.done():
            w.start()
            w.wake = asyncio.Event()
            w.driver = loop.create_task(self._drive(w))
        job = _Job(next(self._ids), table, task, loop.create_future())
        w.put(job)
        try:
            return await job.future
        except asyncio.CancelledError:
            job.cancelled = True
            if job in w.held:
                w.held.discard(job)
                w.cancels.append(job.id)
                w.wake.set()
            raise

    async def _drive(self, w: _Worker) -> None:
        """Feed ``w`` one slice at a time, round robin by table, until the server stops."""
        loop = asyncio.get_running_loop()
        while True:
            job = w.next_job()
            if job is None:
                w.wake.clear()
                if w.cancels:
                    self._send(w, *[("cancel", j) for j in w.cancels])
                    w.cancels.clear()
                await w.wake.wait()
                continue
            try:
                self._send(w, *[("cancel", j) for j in w.cancels], ("run", job.id, None if job.started else job.task))
                w.cancels.clear()
                job.started = True
                w.held.add(job)
                op, _, value = await self._reply(w, loop)
            except (EOFError, OSError, BrokenPipeError):
                self._lost(w)
                continue
            if op == "paused":
                if job.cancelled:
                    w.cancels.append(job.id)
                else:
                    w.put(job)
                continue
            w.held.discard(job)
            if job.future.done():
                continue
            if op == "done":
                job.future.set_result(value)
            else:
                job.future.set_exception(JobFailed(value))

    @staticmethod
    def _send(w: _Worker, *messages) -> None:
        for message in messages:
            w.conn.send(message)

    @staticmethod
    async def _reply(w: _Worker, loop):
        got = loop.create_future()
        fd = w.conn.fileno()

        def readable():
            loop.remove_reader(fd)
            if got.done():               # the driver was cancelled meanwhile (the server stops)
                return
            try:
                got.set_result(w.conn.recv())
            except Exception as exc:
                got.set_exception(EOFError(str(exc)))

        loop.add_reader(fd, readable)
        try:
            return await got
        finally:
            loop.remove_reader(fd)

    def _lost(self, w: _Worker) -> None:
        """The worker process died: its started jobs fail, the others wait for a new process."""
        for job in list(w.held):
            job.cancelled = True
            if not job.future.done():
                job.future.set_exception(JobFailed("the agent's worker process stopped"))
        w.held.clear()
        w.cancels.clear()
        try:
            w.conn.close()
        except OSError:
            pass
        w.process = None
        w.start()

    def shutdown(self) -> None:
        for w in self.workers:
            if w.driver is not None:
                w.driver.cancel()
            if w.process is None:
                continue
            try:
                w.conn.send(("stop",))
            except OSError:
                pass
            w.process.join(2)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(2)
            w.process = None
