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
        obs, mask, seat, rewards, dones = env.step(pick(mask, rng))
        assert rewards.shape == (3, players)
        for i in np.flatnonzero(dones):
            assert list(rewards[i]) == env.last_returns[i]
            ended += 1
        assert not rewards[~dones].any()
    assert env.finished == ended


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
