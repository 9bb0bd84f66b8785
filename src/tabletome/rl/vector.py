"""``VectorEnv``: many games of one kind stepped together, with auto-reset, for fast learning.

    from tabletome.rl import VectorEnv
    env = VectorEnv("spirit-link", 64, seed=0)               # self-play: you choose for every seat
    obs, mask, seat = env.reset()
    obs, mask, seat, rewards, dones = env.step(actions)      # one action id per game

    env = VectorEnv("spirit-link", 64, seat=0, opponent="heuristic")   # the learner at seat 0

Self-play (no ``opponent``): each step takes one action per game for the seat to move there;
``seat[i]`` says whose observation ``obs[i]`` is (the seat to move next), and ``rewards`` is
``(n, players)``: each seat's return in the games that just ended (0 elsewhere). With ``opponent``
(an agent spec, or one per other seat) the other seats play themselves; ``rewards`` is ``(n,)``,
the learner's return. A game that ends is started again at once (``dones[i]`` is True, and
``obs[i]`` is the new game's first observation); ``env.finished`` counts the games played and
``env.last_returns[i]`` holds game i's last returns; ``env.truncated[i]`` is True where the game
that ended was stopped by the game's length limit (a draw), not by its rules; with ``final_obs=True``
(and an opponent) ``env.final_obs[i]`` holds the learner's last observation of the game that ended
(``tabletome.rl.gymnasium.TabletomeVectorEnv`` hands it out). The arrays are reused from step to step: copy
what you keep. An illegal action anywhere in a batch raises ``IllegalAction`` before any game moves.

Beside the mask, each game's legal ids are listed: ``env.legal[i, :env.legal_count[i]]`` (int32),
what a policy that scores only the legal actions reads instead of scanning a wide mask.
``env.sample(u)`` picks a random legal id in every game from those lists (``u``: one uniform draw
in [0, 1) per game, or a numpy ``Generator`` to draw them), as ``action_space.sample(mask)`` does
for one Gymnasium env.

``workers=k`` (k > 1) steps the games in k processes at once, so a batch uses k cores: this process
keeps the first share of the games and ``k - 1`` worker processes (started with ``start_method``,
"spawn" by default) step the others, every process writing its rows of the same shared-memory
arrays, so ``step`` returns the same arrays without copying. The games then live in the workers
(``env.states`` is None); a seed gives the same batch for the same ``k``. ``close()`` (or leaving a
``with`` block) stops the workers; they also stop when the env is collected or this process ends.

The games write no log (``State.mute``): a learner reads observations, and no observation encodes
the log, so a batch steps faster without it. ``log=True`` keeps each game's log (``env.states[i].log``,
for looking at a game the batch played); the observations, masks and rewards are the same either way.
"""

from __future__ import annotations

import numbers
import weakref
from array import array
from operator import attrgetter
from os import sched_yield
from time import perf_counter

import numpy as np

import tabletome
from tabletome.core import IllegalAction, Rng

from .common import learner_seat, opponent_specs, other_seats, resolve_game

_ID = attrgetter("id")


class VectorEnv:
    def __init__(self, game, n: int, players: int | None = None, seed: int | None = 0, seat: int | None = None,
                 opponent=None, workers: int = 1, start_method: str = "spawn", log: bool = False,
                 final_obs: bool = False, _arrays=None, **options):
        self.game, self.players, self.options, self.card_text = resolve_game(game, players, options)
        seed = _check_seed(seed)
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise IllegalAction(f"n, the number of games, must be a whole number of at least 1, not {n!r}")
        if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or not 1 <= workers <= n:
            raise IllegalAction(f"workers, the number of processes, must be a whole number from 1 to n ({n}), "
                                f"not {workers!r}")
        if not isinstance(log, bool):
            raise IllegalAction(f"log must be True (keep each game's log) or False (no log, faster), not {log!r}")
        if not isinstance(final_obs, bool):
            raise IllegalAction(f"final_obs must be True (keep the learner's last observation of each game that "
                                f"ends) or False, not {final_obs!r}")
        self.n = int(n)
        self.workers = int(workers)
        self.log = log
        self._pool = None
        self.encoder = self.game.encoder(self.players, self.card_text, **self.options)
        self.n_actions = len(self.game.table_for(self.card_text))
        self.learner = None
        self.opponent_specs = {}
        if opponent is not None:
            self.learner = learner_seat(self.game, self.players, self.options, 0 if seat is None else seat)
            others = other_seats(self.game, self.players, self.options, self.learner)
            self.opponent_specs = opponent_specs(opponent, others)
        elif seat is not None:
            raise IllegalAction("seat is the learner's seat against an opponent: name the opponent too")
        elif final_obs:
            raise IllegalAction("final_obs keeps the learner's last observation: name the opponent (and seat) too")
        self.keep_final = final_obs
        shape = (self.n,) if self.learner is not None else (self.n, self.players)
        if _arrays is None and self.workers > 1:
            self._pool = _Pool(self, shape, start_method)
            _arrays = self._pool.arrays
        if _arrays is not None:  # shared arrays: a batch's in worker processes, or a worker's share of them
            (self.obs, self.mask, self.seat, self.rewards, self.dones, self.legal, self.legal_count, self.truncated,
             self.final_obs) = _arrays
        else:
            self.obs, self.mask, self.seat, self.rewards, self.dones, self.legal, self.legal_count, self.truncated, \
                self.final_obs = [np.zeros(shape_, dtype) for dtype, shape_ in self.array_specs(shape)]
        self._ids = [()] * self.n  # the ids set in each game's mask row
        self._legal_rows = [memoryview(row) for row in self.legal]
        self._count_items = memoryview(self.legal_count)
        self._obs_rows = list(self.obs)
        # (memoryviews: single items and whole rows are set faster than through numpy)
        self._obs_bytes = [memoryview(row).cast("B") for row in self.obs]
        self._zero_row = bytes(self.obs.shape[1] * self.obs.itemsize)
        self._mask_rows = [memoryview(row) for row in self.mask]
        self._seat_items = memoryview(self.seat)
        self._rows = np.arange(self.n)
        self._direct = bool(self.encoder.reads_state)
        self.last_returns = [None] * self.n
        self.states = []
        self.opponents = []
        self.finished = 0
        self._rng = Rng(0)
        self._np_rng = np.random.default_rng(0 if seed is None else int(seed))
        if self._pool is not None:
            self.states = self.opponents = None  # they live in the worker processes
        if seed is not None:
            try:
                self.reset(seed)
            except BaseException:
                self.close()        # (a worker process is never left behind by a batch that failed to start)
                raise

    def array_specs(self, reward_shape):
        """The batch's arrays as ``(dtype, shape)``: obs, mask, seat, rewards, dones, legal,
        legal_count, truncated, final_obs (no columns without ``final_obs=True``)."""
        n = self.n
        return [(np.float32, (n, self.encoder.size)), (np.bool_, (n, self.n_actions)), (np.int64, (n,)),
                (np.float32, reward_shape), (np.bool_, (n,)), (np.int32, (n, self.n_actions)), (np.int64, (n,)),
                (np.bool_, (n,)), (np.float32, (n, self.encoder.size if self.keep_final else 0))]

    def _new_game(self, i):
        rng = self._rng
        state = self.game.new(players=self.players, seed=rng.next64() >> 1, card_text=self.card_text, **self.options)
        if not self.log:
            state.mute()
        if self.learner is not None:
            self.opponents[i] = {s: tabletome.agent(spec, seed=rng.next64() >> 1) for s, spec in self.opponent_specs.items()}
        self.states[i] = state
        self._advance(i)

    def _advance(self, i):
        """Let the opponents move in game i until the learner is to move or the game is over."""
        state = self.states[i]
        if self.learner is not None:
            agents = self.opponents[i]
            while state.to_move is not None and state.to_move != self.learner:
                state.apply(agents[state.to_move].choose(state))

    def _write(self, i):
        """Game i's observation for the seat to move and its mask, into the batch's arrays."""
        state = self.states[i]
        seat = state.to_move
        self._seat_items[i] = seat
        row = self._obs_rows[i]
        if self._direct:
            self._obs_bytes[i][:] = self._zero_row
            self.encoder.encode_state(state, seat, row)
        else:
            state.observation(seat, out=row)
        row = self._mask_rows[i]  # a memoryview: single items are set faster than through numpy
        for a in self._ids[i]:
            row[a] = False
        ids = self._ids[i] = list(map(_ID, state.legal_actions()))
        for a in ids:
            row[a] = True
        self._legal_rows[i][:len(ids)] = array("i", ids)
        self._count_items[i] = len(ids)

    def sample(self, u=None):
        """A random legal action id in every game (int64, one per game), from ``env.legal``: ``u``
        is one uniform draw in [0, 1) per game, or a numpy ``Generator`` to draw them with (by
        default the env's own, seeded by ``reset``'s seed)."""
        if u is None:
            u = self._np_rng
        if isinstance(u, np.random.Generator):
            u = u.random(self.n)
        u = np.asarray(u, np.float64)
        if u.shape != (self.n,) or not ((u >= 0) & (u < 1)).all():
            raise IllegalAction(f"sample takes one uniform draw in [0, 1) per game ({self.n}) or a numpy "
                                f"Generator, not an array of shape {u.shape} with values {u.min() if u.size else None}"
                                f" to {u.max() if u.size else None}")
        return self.legal[self._rows, (u * self.legal_count).astype(np.int64)].astype(np.int64)

    def reset(self, seed: int | None = None):
        """Start every game afresh; ``(obs, mask, seat)``."""
        seed = _check_seed(seed)
        if seed is not None:
            self._np_rng = np.random.default_rng(int(seed))
        if self._pool is not None:
            self._pool.reset(seed)
            return self.obs, self.mask, self.seat
        if seed is not None:
            self._rng = Rng(int(seed))
        self.states = [None] * self.n
        self.opponents = [None] * self.n
        for i in range(self.n):
            self._new_game(i)
            while self.states[i].is_over:  # a game over before the learner moves: play another
                self._new_game(i)
            self._write(i)
        return self.obs, self.mask, self.seat

    def step(self, actions):
        """Apply ``actions[i]`` in game i; ``(obs, mask, seat, rewards, dones)``."""
        if len(actions) != self.n:
            raise IllegalAction(f"step takes one action per game: {self.n}, not {len(actions)}")
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu" and actions.ndim == 1:
            actions = actions.tolist()  # (Python ints, faster than int() of each)
        else:
            actions = [int(a) for a in actions]
        ids = np.asarray(actions)
        inside = (ids >= 0) & (ids < self.n_actions)
        legal = self.mask[self._rows, np.where(inside, ids, 0)] & inside
        if not legal.all():  # refuse a bad batch before any game moves, with the game's message
            for i in np.flatnonzero(~legal):
                if self._pool is not None:
                    raise IllegalAction(f"game {i} of the batch: {self._pool.refusal(actions[i])}")
                try:
                    self.states[i].action_of_id(actions[i])
                except IllegalAction as exc:
                    raise IllegalAction(f"game {i} of the batch: {exc}") from None
        if self._pool is not None:
            self._pool.step(actions)
            return self.obs, self.mask, self.seat, self.rewards, self.dones
        return self._step_checked(actions)

    def _step_checked(self, actions):
        """Step every game with legal actions (a list of ints)."""
        rewards, dones, truncated = self.rewards, self.dones, self.truncated
        rewards.fill(0.0)
        dones.fill(False)
        truncated.fill(False)
        learner = self.learner
        for i in range(self.n):
            state = self.states[i]
            state.apply(state.table.actions[actions[i]])  # legal (checked above): the table's own Action
            self._advance(i)
            if state.to_move is None:
                returns = state.returns()
                self.last_returns[i] = returns
                self.finished += 1
                if learner is None:
                    rewards[i] = returns
                else:
                    rewards[i] = returns[learner]
                dones[i] = True
                if state.ended_by_length:
                    truncated[i] = True
                if self.keep_final:
                    state.observation(learner, out=self.final_obs[i])
                self._new_game(i)
                while self.states[i].is_over:
                    self._new_game(i)
            self._write(i)
        return self.obs, self.mask, self.seat, rewards, dones

    def close(self) -> None:
        """Stop the worker processes (``workers > 1``); nothing to do otherwise."""
        if self._pool is not None:
            self._pool.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _check_seed(seed):
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise IllegalAction(f"seed must be a whole number of at least 0 (one seed seeds the whole batch) or None, "
                            f"not {seed!r}")
    return int(seed)


def _shared(ctx, dtype, shape):
    """A numpy array over shared memory that worker processes can be given (``ctx.RawArray``)."""
    size = int(np.prod(shape)) * np.dtype(dtype).itemsize
    raw = ctx.RawArray("b", max(size, 1))
    return raw, np.frombuffer(raw, dtype, int(np.prod(shape))).reshape(shape)


# How long a process of a VectorEnv(workers=k) spins, yielding its core, for the other's next
# word (a step order, or a share stepped) before it sleeps on its pipe: a step's pipe round trip
# (two wake-ups of a sleeping process) cost about 230 us on the 2-core machine, as much as five
# game steps, where the spin sees a word within microseconds.
SPIN = 0.002


def _read(lock, sync, k) -> int:
    """``sync[k]`` read under the pool's lock. A spin reads the number plainly and, once it has
    moved, takes the lock once: the writer wrote it under the lock after its rows, so the lock's
    acquire orders the reads of those rows after it on every machine, not only on x86 (and the
    spin does not contend for the lock)."""
    with lock:
        return int(sync[k])


class _Pool:
    """The worker processes of a ``VectorEnv(workers=k)``: process p steps games ``cuts[p]`` to
    ``cuts[p + 1]``; process 0 is this one.

    A step goes through shared memory, not the pipes: this process writes the actions and then a
    new step number (``sync[0]``); each worker, spinning on that number (after ``SPIN``, asleep on
    its pipe in short naps, which this process cuts short when ``sleeping[p]``), steps its share,
    writes its rows (the returns of its games that ended into ``returns``) and then the number it
    stepped (``sync[p]``), which this process spins on in turn. The numbers are written and read
    under one lock. The pipes carry the rest: reset, close, a worker's error."""

    def __init__(self, env, reward_shape, start_method):
        import multiprocessing as mp
        ctx = mp.get_context(start_method)
        n, k = env.n, env.workers
        self.cuts = [n * p // k for p in range(k + 1)]
        rows = env.array_specs(reward_shape) + [(np.int64, (n,)), (np.float64, (n, env.players))]
        specs = rows + [(np.int64, (k,)), (np.int64, (k,))]
        made = [_shared(ctx, dtype, shape) for dtype, shape in specs]
        self.raws = [raw for raw, _ in made]
        *self.arrays, self.actions, self.returns, self.sync, self.sleeping = [array for _, array in made]
        self.lock = ctx.Lock()
        self.seq = 0
        self.env = env
        self.table = env.game.table_for(env.card_text)
        lo, hi = self.cuts[0], self.cuts[1]
        game_id = env.game.id
        kwargs = dict(players=env.players, seat=env.learner, card_text=env.card_text, log=env.log,
                      final_obs=env.keep_final, **env.options)
        if env.learner is not None:
            kwargs["opponent"] = [env.opponent_specs[s] for s in sorted(env.opponent_specs)]
        self.local = VectorEnv(game_id, hi - lo, seed=None, _arrays=[a[lo:hi] for a in self.arrays], **kwargs)
        self.conns, self.procs = [], []
        for p in range(1, k):
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_work, args=(there, p, game_id, self.cuts[p], self.cuts[p + 1], self.raws,
                                                   specs, self.lock, kwargs), daemon=True, name=f"tabletome-vector-{p}")
            proc.start()
            there.close()
            self.conns.append(here)
            self.procs.append(proc)
        self._finalizer = weakref.finalize(self, _stop, self.conns, self.procs)
        for conn in self.conns:
            self._answer(conn)  # each worker says it is ready (or why not)

    def _answer(self, conn):
        try:
            reply = conn.recv()
        except EOFError:
            raise RuntimeError("a VectorEnv worker process stopped") from None
        if reply[0] == "error":
            raise reply[1]
        return reply

    def reset(self, seed):
        base = None if seed is None else Rng(int(seed))
        seeds = [None if base is None else base.next64() >> 1 for _ in self.cuts[:-1]]
        for conn, s in zip(self.conns, seeds[1:]):
            conn.send(("reset", s))
        self.local.reset(seeds[0])
        for conn in self.conns:
            self._answer(conn)

    def step(self, actions):
        self.actions[:] = actions
        seq = self.seq = self.seq + 1
        lock, sync = self.lock, self.sync
        with lock:
            sync[0] = seq
            sleeping = [p for p in range(1, len(sync)) if self.sleeping[p]]
        for p in sleeping:
            try:
                self.conns[p - 1].send(("wake",))
            except OSError:   # (BrokenPipeError: the worker died asleep; _wait below reports it)
                pass
        env, local = self.env, self.local
        before = local.finished
        lo, hi = self.cuts[0], self.cuts[1]
        local._step_checked(actions[lo:hi])
        env.finished += local.finished - before
        for i in np.flatnonzero(local.dones):
            env.last_returns[lo + i] = local.last_returns[i]
        dones, returns = env.dones, self.returns
        for p, conn in enumerate(self.conns, 1):
            self._wait(p, conn, seq)
            lo, hi = self.cuts[p], self.cuts[p + 1]
            ended = np.flatnonzero(dones[lo:hi]) + lo
            env.finished += len(ended)
            for i in ended:
                env.last_returns[i] = returns[i].tolist()

    def _wait(self, p, conn, seq):
        """Until worker p has stepped its share (``sync[p] == seq``): spin, then nap on the pipe
        1 ms at a time; a message on it meanwhile is the worker's error, raised here."""
        lock, sync = self.lock, self.sync
        t0 = perf_counter()
        while sync[p] != seq or _read(lock, sync, p) != seq:
            if conn.poll(0 if perf_counter() - t0 < SPIN else 0.001):
                self._answer(conn)  # only ("error", exc) is sent during a step
            else:
                sched_yield()

    def refusal(self, action_id) -> str:
        if not 0 <= action_id < len(self.table):
            return f"action id {action_id} is out of range: ids lie in 0 to {len(self.table) - 1}"
        return f"action id {action_id} ({self.table[action_id].text!r}) is not legal now"

    def close(self):
        self._finalizer()


def _stop(conns, procs):
    for conn in conns:
        try:
            conn.send(("close",))
        except (OSError, EOFError, BrokenPipeError):
            pass
    for proc in procs:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.terminate()
    for conn in conns:
        conn.close()


def _next_order(conn, p, lock, sync, sleeping, seen):
    """Worker p's next order: None for a step (``sync[0]`` moved past ``seen``), or a message from
    the pipe (reset, close). Spins ``SPIN``, then naps on the pipe 5 ms at a time, flagged in
    ``sleeping[p]`` so that the parent pokes it ("wake", a message only ever read here)."""
    t0 = perf_counter()
    while True:
        if sync[0] != seen and _read(lock, sync, 0) != seen:
            return None
        if perf_counter() - t0 < SPIN:
            if not conn.poll(0):
                sched_yield()
                continue
            message = conn.recv()
        else:
            with lock:
                sleeping[p] = 1
            message = conn.recv() if _read(lock, sync, 0) == seen and conn.poll(0.005) else None
            with lock:
                sleeping[p] = 0
        if message is not None and message[0] != "wake":
            return message


def _work(conn, p, game_id, lo, hi, raws, specs, lock, kwargs):
    """Worker process p: steps games ``lo`` to ``hi`` of the batch on its parent's orders."""
    try:
        arrays = [np.frombuffer(raw, dtype, int(np.prod(shape))).reshape(shape) for raw, (dtype, shape) in zip(raws, specs)]
        *rows, actions, returns, sync, sleeping = [a[lo:hi] for a in arrays[:-2]] + arrays[-2:]
        env = VectorEnv(game_id, hi - lo, seed=None, _arrays=rows, **kwargs)
        conn.send(("ready",))
    except BaseException as exc:  # tell the parent why, then stop
        conn.send(("error", exc))
        return
    seen = 0
    while True:
        try:
            order = _next_order(conn, p, lock, sync, sleeping, seen)
        except (EOFError, KeyboardInterrupt):
            return
        try:
            if order is None:
                seen = _read(lock, sync, 0)
                env._step_checked(actions.tolist())
                for i in np.flatnonzero(env.dones):
                    returns[i] = env.last_returns[i]
                with lock:
                    sync[p] = seen
            elif order[0] == "reset":
                env.reset(order[1])
                conn.send(("ok",))
            else:
                return
        except BaseException as exc:
            conn.send(("error", exc))
