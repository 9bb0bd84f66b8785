"""VectorEnv: many games stepped at once, with auto-reset, for every game."""

import numpy as np
import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.rl import VectorEnv

from .helpers import CONFIGS, IDS


def pick(mask, rng):
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_self_play_batches_match_the_states(config):
    game_id, players, options = config
    env = VectorEnv(game_id, 3, players=players, seed=4, **options)
    obs, mask, seat = env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(120):
        for i, state in enumerate(env.states):
            assert seat[i] == state.to_move
            assert (obs[i] == state.observation(state.to_move)).all()
            assert (mask[i] == state.action_mask()).all()
            listed = env.legal[i, :env.legal_count[i]]
            assert list(listed) == [a.id for a in state.legal_actions()]
            assert sorted(listed) == list(np.flatnonzero(mask[i]))
        obs, mask, seat, rewards, dones = env.step(pick(mask, rng))
        assert rewards.shape == (3, players)
        for i in np.flatnonzero(dones):
            assert list(rewards[i]) == env.last_returns[i]
            ended += 1
        assert not rewards[~dones].any()
    assert env.finished == ended


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_batch_without_logs_plays_what_a_logged_batch_plays(config):
    """The games of a batch write no log unless asked (``log=True``), and a learner sees the same."""
    game_id, players, options = config
    quiet = VectorEnv(game_id, 2, players=players, seed=7, **options)
    logged = VectorEnv(game_id, 2, players=players, seed=7, log=True, **options)
    rng = np.random.default_rng(3)
    for _ in range(60):
        for a, b in zip((quiet.obs, quiet.mask, quiet.seat), (logged.obs, logged.mask, logged.seat)):
            assert np.array_equal(a, b)
        actions = pick(quiet.mask, rng)
        quiet.step(actions)
        logged.step(actions)
        assert np.array_equal(quiet.rewards, logged.rewards) and np.array_equal(quiet.dones, logged.dones)
    assert [s.snapshot()["rng"] for s in quiet.states] == [s.snapshot()["rng"] for s in logged.states]
    assert sum(len(s.log) for s in logged.states) > sum(len(s.log) for s in quiet.states)
    with pytest.raises(IllegalAction, match="log must be True"):
        VectorEnv(game_id, 1, players=players, log="yes", **options)


def test_against_an_opponent_the_learner_always_moves():
    env = VectorEnv("spirit-link", 4, seed=1, seat=1, opponent="heuristic")
    obs, mask, seat = env.reset()
    rng = np.random.default_rng(1)
    while env.finished < 6:
        assert (seat == 1).all() and all(s.to_move == 1 for s in env.states)
        obs, mask, seat, rewards, dones = env.step(pick(mask, rng))
        assert rewards.shape == (4,)
        assert all(rewards[i] == env.last_returns[i][1] for i in np.flatnonzero(dones))


def test_same_seed_same_batch_and_bad_arguments():
    def trace(seed):
        env = VectorEnv("life-siphon", 2, players=3, seed=seed)
        rng = np.random.default_rng(2)
        out = []
        for _ in range(50):
            obs, mask, seat, rewards, dones = env.step(pick(env.mask, rng))
            out.append(obs.copy())
        return np.array(out)
    assert np.array_equal(trace(5), trace(5)) and not np.array_equal(trace(5), trace(6))
    with pytest.raises(IllegalAction, match="at least 1"):
        VectorEnv("spirit-link", 0)
    with pytest.raises(IllegalAction, match="name the opponent"):
        VectorEnv("spirit-link", 2, seat=0)
    env = VectorEnv("spirit-link", 2, seed=0)
    with pytest.raises(IllegalAction, match="one action per game"):
        env.step([0])
    before = [s.snapshot() for s in env.states]
    with pytest.raises(IllegalAction, match="game 1 of the batch.*not legal now"):
        env.step([int(np.flatnonzero(env.mask[0])[0]), int(np.flatnonzero(~env.mask[1])[0])])
    assert [s.snapshot() for s in env.states] == before
    assert tabletome.game("spirit-link")  # the registry is untouched



@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("seed", [-1, "7", 1.5, True])
def test_a_bad_seed_is_refused_by_name_and_leaves_no_worker_behind(workers, seed):
    import multiprocessing
    message = "seed must be a whole number of at least 0"
    with pytest.raises(IllegalAction, match=message):
        VectorEnv("spirit-link", 2, seed=seed, workers=workers)
    assert multiprocessing.active_children() == []
    # reset refuses it too, and the batch is as it was
    with VectorEnv("spirit-link", 2, seed=3, workers=workers) as env:
        before = (env.obs.copy(), env.mask.copy(), env.seat.copy())
        with pytest.raises(IllegalAction, match=message):
            env.reset(seed)
        assert all(np.array_equal(a, b) for a, b in zip(before, (env.obs, env.mask, env.seat)))
        env.step(env.sample())           # and it plays on
    assert multiprocessing.active_children() == []

@pytest.mark.parametrize("workers", [1, 2])
def test_sample_picks_a_legal_id_in_every_game_from_the_listed_ids(workers):
    """``env.legal[i, :env.legal_count[i]]`` lists game i's legal ids (in this process or a
    worker's); ``sample(u)`` takes the one at ``u * count``; a bad ``u`` is refused and changes
    nothing."""
    with VectorEnv("bad-baby-lich-lords", 4, seed=3, workers=workers) as env:
        rng = np.random.default_rng(5)
        for _ in range(60):
            counts = env.legal_count.copy()
            assert (counts == env.mask.sum(axis=1)).all()
            for i in range(4):
                assert sorted(env.legal[i, :counts[i]]) == list(np.flatnonzero(env.mask[i]))
            assert list(env.sample(np.zeros(4))) == list(env.legal[:, 0])
            assert list(env.sample(np.full(4, 0.999999))) == [env.legal[i, counts[i] - 1] for i in range(4)]
            actions = env.sample(rng)
            assert actions.dtype == np.int64 and env.mask[np.arange(4), actions].all()
            env.step(actions)
        before = env.obs.copy(), env.legal.copy()
        for bad in ([0.5] * 3, [0.5, 0.5, 0.5, 1.0], [-0.1, 0, 0, 0]):
            with pytest.raises(IllegalAction, match=r"one uniform draw in \[0, 1\) per game \(4\)"):
                env.sample(bad)
        assert np.array_equal(env.obs, before[0]) and np.array_equal(env.legal, before[1])
    one, two = VectorEnv("spirit-link", 3, seed=8), VectorEnv("spirit-link", 3, seed=8)
    assert [list(one.sample()) for _ in range(5)] == [list(two.sample()) for _ in range(5)]


def test_worker_processes_step_the_same_games_as_one_process():
    """workers=2: this process steps games 0-1 and a worker process games 2-3, each share seeded
    from the batch's seed; the shared arrays hold what two one-process batches of those seeds hold,
    step after step, and a bad action is refused before any game moves."""
    from tabletome.core import Rng
    r = Rng(9)
    seeds = [r.next64() >> 1, r.next64() >> 1]
    with VectorEnv("life-siphon", 4, players=3, seed=9, workers=2) as env:
        assert env.states is None and env.workers == 2
        parts = [VectorEnv("life-siphon", 2, players=3, seed=s) for s in seeds]
        rng = np.random.default_rng(3)
        ended = 0
        for _ in range(150):
            assert np.array_equal(env.obs, np.concatenate([p.obs for p in parts]))
            assert np.array_equal(env.mask, np.concatenate([p.mask for p in parts]))
            assert np.array_equal(env.seat, np.concatenate([p.seat for p in parts]))
            actions = pick(env.mask, rng)
            obs, mask, seat, rewards, dones = env.step(actions)
            for k, p in enumerate(parts):
                p.step(actions[2 * k:2 * k + 2])
            assert np.array_equal(rewards, np.concatenate([p.rewards for p in parts]))
            assert np.array_equal(dones, np.concatenate([p.dones for p in parts]))
            ended += int(dones.sum())
        assert ended and env.finished == ended == sum(p.finished for p in parts)
        assert env.last_returns == parts[0].last_returns + parts[1].last_returns
        before = env.obs.copy()
        bad = [int(np.flatnonzero(row)[0]) for row in env.mask]
        bad[3] = int(np.flatnonzero(~env.mask[3])[0])
        with pytest.raises(IllegalAction, match="game 3 of the batch: action id .* is not legal now"):
            env.step(bad)
        assert np.array_equal(env.obs, before)
        env.step(pick(env.mask, rng))  # the workers still answer
    with pytest.raises(IllegalAction, match="workers, the number of processes"):
        VectorEnv("spirit-link", 2, workers=3)


def test_a_worker_asleep_on_its_pipe_is_woken_and_a_dead_worker_is_reported():
    """A worker spins a moment for the next step, then naps on its pipe (the parent pokes it);
    the steps it takes after a nap are the ones a one-process batch takes. A worker that dies
    makes the next step raise rather than wait forever."""
    import os
    import signal
    import time
    from tabletome.core import Rng
    from tabletome.rl import vector
    r = Rng(4)
    seeds = [r.next64() >> 1, r.next64() >> 1]
    with VectorEnv("spirit-link", 4, seed=4, workers=2) as env:
        part = VectorEnv("spirit-link", 2, seed=seeds[1])
        for k in range(6):
            if k % 2:
                waited = time.perf_counter()  # long past the spin: the worker naps (flagged)
                while not env._pool.sleeping[1] and time.perf_counter() - waited < 10:
                    time.sleep(vector.SPIN)
                assert env._pool.sleeping[1] == 1
            actions = env.sample()
            env.step(actions)
            part.step(actions[2:])
            assert np.array_equal(env.obs[2:], part.obs) and np.array_equal(env.mask[2:], part.mask)
        os.kill(env._pool.procs[0].pid, signal.SIGKILL)
        env._pool.procs[0].join(timeout=5)
        with pytest.raises(RuntimeError, match="worker process stopped"):
            env.step(env.sample())
