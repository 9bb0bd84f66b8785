"""Gymnasium's own vector API: ``gymnasium.make_vec`` of every game in sync, async and
vector_entry_point modes across episode ends; the vector env's autoreset, masks, truncation and
global state; the learner's seat checked."""

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import tabletome
from tabletome import IllegalAction
from tabletome.rl import gym_id
from tabletome.rl.gymnasium import TabletomeEnv, TabletomeVectorEnv

GAMES = tabletome.games()


def random_legal(masks, rng):
    """One random legal id per row of int8/bool masks (0 where a row has none: an ended episode,
    which a next-step autoreset ignores)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])


@pytest.mark.parametrize("mode", ["sync", "async", "vector_entry_point"])
@pytest.mark.parametrize("game_id", GAMES)
def test_make_vec_steps_across_episode_ends(game_id, mode):
    """Two games against random opponents, stepped until at least three episodes have ended:
    no crash at an episode's end (issue 27: ``info["to_move"]`` was None there), and the batch
    is Gymnasium's for its mode."""
    envs = gymnasium.make_vec(gym_id(game_id), num_envs=2, vectorization_mode=mode, opponent="random")
    failed = True
    try:
        assert isinstance(envs.unwrapped, TabletomeVectorEnv) == (mode == "vector_entry_point")
        obs, info = envs.reset(seed=1)
        rng = np.random.default_rng(0)
        ended, steps = 0, 0
        while ended < 3:
            assert envs.observation_space.contains(obs)
            obs, rewards, terminated, truncated, info = envs.step(random_legal(obs["action_mask"], rng))
            assert rewards.shape == terminated.shape == truncated.shape == (2,)
            ended += int((terminated | truncated).sum())
            steps += 1
            assert steps < 5000
        failed = False
    finally:
        if mode == "async":   # after a worker's error, a plain close() would wait for its reply forever
            envs.close(terminate=failed)
        else:
            envs.close()


def test_the_vector_entry_point_is_the_default_and_declares_same_step_autoreset():
    envs = gymnasium.make_vec("tabletome/SpiritLink-v1", num_envs=3, opponent="random")
    assert isinstance(envs, TabletomeVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert envs.single_observation_space == TabletomeEnv("spirit-link").observation_space
    assert envs.observation_space["observation"].shape == (3, 197)
    assert envs.action_space.shape == (3,)


def test_same_step_autoreset_final_obs_and_masks():
    """A game that ends hands back the new game's first observation in the same step; the ended
    game's last observation and returns are in info; the masks are reachable three ways."""
    envs = gymnasium.make_vec("tabletome/SpiritLink-v1", num_envs=3, opponent="random")
    batch = envs.batch
    obs, info = envs.reset(seed=4)
    assert info == {}
    rng = np.random.default_rng(1)
    ended = 0
    while ended < 4:
        masks = envs.action_masks()
        assert masks.dtype == bool and (masks == obs["action_mask"].astype(bool)).all()
        assert all((row == m).all() for row, m in zip(envs.call("action_masks"), masks))
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum(axis=1).min() >= 1
        before = [s for s in batch.states]
        obs, rewards, terminated, truncated, info = envs.step(random_legal(obs["action_mask"], rng))
        done = terminated | truncated
        if done.any():
            assert (info["_final_obs"] == done).all() and (info["_final_info"] == done).all()
            for i in np.flatnonzero(done):
                ended += 1
                old = before[i]
                assert old.is_over and batch.states[i] is not old
                final = info["final_obs"][i]
                assert (final["observation"] == old.observation(0)).all() and not final["action_mask"].any()
                assert list(info["final_info"]["returns"][i]) == old.returns()
                assert rewards[i] == old.returns()[0]
                assert (obs["observation"][i] == batch.states[i].observation(0)).all()
        assert not rewards[~done].any()
    with pytest.raises(IllegalAction, match="call answers 'action_masks'"):
        envs.call("render")


def test_the_length_limit_is_a_truncation_in_every_gymnasium_env():
    """A game stopped by its length limit (a draw) is truncated, not terminated, in the single env,
    the vector env and VectorEnv; a game the rules end is terminated."""
    env = TabletomeEnv("spirit-link", opponent="random")
    obs, _ = env.reset(seed=3)
    env.state.length_cap = len(env.state.record()["actions"]) + 3
    truncated = terminated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and not terminated and reward == 0.0 and info["ended_by_length"]
    envs = TabletomeVectorEnv("spirit-link", 2, opponent="random")
    obs, _ = envs.reset(seed=3)
    state = envs.batch.states[1]
    state.length_cap = len(state.record()["actions"]) + 3
    rng = np.random.default_rng(0)
    ends = []
    while len(ends) < 3:
        obs, rewards, terminated, truncated, info = envs.step(random_legal(obs["action_mask"], rng))
        assert not (terminated & truncated).any()
        for i in np.flatnonzero(terminated | truncated):
            ends.append((i, bool(truncated[i]), bool(info["final_info"]["ended_by_length"][i])))
    assert ends[0] == (1, True, True) or (1, True, True) in ends
    assert all(t == by_length for _, t, by_length in ends) and any(not t for _, t, _ in ends)
    assert state.ended_by_length


@pytest.mark.parametrize("workers", [1, 2])
def test_the_vector_env_is_the_batch_it_wraps(workers):
    """The same seed gives the arrays a VectorEnv with the same opponent gives, step after step,
    in one process or two; copy=False hands out the batch's own arrays."""
    from tabletome.rl import VectorEnv
    with TabletomeVectorEnv("life-siphon", 4, opponent="random", workers=workers, copy=False) as envs, \
            VectorEnv("life-siphon", 4, seed=None, seat=0, opponent="random", workers=workers, final_obs=True) as ref:
        obs, _ = envs.reset(seed=12)
        ref.reset(12)
        assert obs["observation"] is envs.batch.obs
        rng = np.random.default_rng(2)
        ended = 0
        for _ in range(120):
            assert np.array_equal(obs["observation"], ref.obs) and np.array_equal(obs["action_mask"], ref.mask)
            actions = ref.sample(rng)
            obs, rewards, terminated, truncated, info = envs.step(actions)
            ref.step(actions)
            assert np.array_equal(rewards, ref.rewards) and np.array_equal(terminated | truncated, ref.dones)
            assert np.array_equal(truncated, ref.truncated)
            for i in np.flatnonzero(ref.dones):
                assert np.array_equal(info["final_obs"][i]["observation"], ref.final_obs[i])
                ended += 1
        assert ended


def test_global_state_on_request_is_every_seats_observation():
    env = TabletomeEnv("spirit-link", opponent="random", global_state=True)
    obs, info = env.reset(seed=2)
    state = info["state"]
    assert env.state_space.contains(state) and state.shape == (2 * 197,)
    assert (state[:197] == env.state.observation(0)).all() and (state[197:] == env.state.observation(1)).all()
    assert (state[:197] == obs["observation"]).all()
    assert "state" not in TabletomeEnv("spirit-link").reset(seed=2)[1]
    envs = TabletomeVectorEnv("spirit-link", 2, opponent="random", global_state=True)
    obs, info = envs.reset(seed=2)
    for i, s in enumerate(envs.batch.states):
        assert (info["state"][i, 197:] == s.observation(1)).all()
    obs, *_, info = envs.step(envs.batch.sample())
    assert info["state"].shape == (2, 394) and (info["state"][:, :197] == obs["observation"]).all()
    with pytest.raises(IllegalAction, match="global_state must be True"):
        TabletomeEnv("spirit-link", global_state="yes")
    with pytest.raises(IllegalAction, match="workers=1"):
        TabletomeVectorEnv("spirit-link", 2, global_state=True, workers=2)


@pytest.mark.parametrize("options, seat", [({"ai": "matathias"}, 1), ({"ai": "emptiness"}, 1), ({"mode": "coop"}, 1),
                                           ({"players": 3, "ai": "golden-horse"}, 2)])
def test_a_seat_the_rules_play_is_refused_as_the_learners(options, seat):
    """A Life & Legend seat played by an AI opponent card or The Emptiness never decides: the
    learner may not take it (every episode was over at reset), and the message names the seats
    that can learn; the other seats need no agent."""
    options = dict(options)
    players = options.pop("players", 2)
    learnable = ", ".join(str(s) for s in range(players - 1))
    with pytest.raises(IllegalAction, match=rf"seat {seat} is played by .*the learner can take seats? {learnable}$"):
        TabletomeEnv("life-and-legend", players=players, seat=seat, opponent="random", **options)
    with pytest.raises(IllegalAction, match=rf"seat {seat} is played by"):
        TabletomeVectorEnv("life-and-legend", 2, players=players, seat=seat, opponent="random", **options)
    env = TabletomeEnv("life-and-legend", players=players, seat=0, opponent="random", **options)
    obs, info = env.reset(seed=1)
    assert obs["action_mask"].any() and info["to_move"] == 0
    with pytest.raises(IllegalAction, match="seat must be a seat of the 2-player game that can learn"):
        TabletomeEnv("spirit-link", seat=2)


def test_bad_vector_arguments_are_refused():
    with pytest.raises(IllegalAction, match="copy must be True"):
        TabletomeVectorEnv("spirit-link", 2, copy=1)
    envs = TabletomeVectorEnv("spirit-link", 2, opponent="random")
    for bad in (-1, 1.5, "7", [1, 2]):
        with pytest.raises(IllegalAction, match="seed must be a whole number"):
            envs.reset(seed=bad)
    envs.reset(seed=1)
    before = envs.batch.obs.copy()
    mask = envs.action_masks()
    illegal = [int(np.flatnonzero(mask[0])[0]), int(np.flatnonzero(~mask[1])[0])]
    with pytest.raises(IllegalAction, match="game 1 of the batch"):
        envs.step(illegal)
    assert np.array_equal(envs.batch.obs, before)
