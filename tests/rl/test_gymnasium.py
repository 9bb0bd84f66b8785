"""Gymnasium's own env checker on every game at every player count, and the learner's episode."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabletome
from tabletome import IllegalAction
from tabletome.rl import gym_id
from tabletome.rl.gymnasium import ENV_IDS, TabletomeEnv
from tabletome.rl.versions import version

from .helpers import CONFIGS, IDS


def test_every_game_is_registered():
    assert sorted(ENV_IDS) == sorted(gym_id(g) for g in tabletome.games())
    assert "tabletome/SpiritLink-v1" in ENV_IDS
    # v0 (before versions were tied to the games' behaviour) is gone: Gymnasium names the new id
    with pytest.raises(gymnasium.error.DeprecatedEnv, match="tabletome/SpiritLink-v1"):
        gymnasium.make("tabletome/SpiritLink-v0")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_check_env(config):
    game_id, players, options = config
    env = gymnasium.make(gym_id(game_id), players=players, opponent="random", render_mode="ansi", **options)
    check_env(env.unwrapped)
    obs, info = env.reset(seed=5)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_an_episode_against_the_heuristic(config):
    game_id, players, options = config
    # the learner takes the last seat, or the first where the last seats are the game's own AI cards
    seat = 0 if options.get("ai", "none") != "none" else players - 1
    env = TabletomeEnv(game_id, players=players, seat=seat, opponent="heuristic", **options)
    obs, info = env.reset(seed=2)
    total, done, steps = 0.0, False, 0
    while not done:
        mask = obs["action_mask"]
        assert (mask.astype(bool) == env.action_masks()).all() and mask.any()
        assert env.state.to_move == seat
        obs, reward, done, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
        total += reward
        steps += 1
    assert not env.action_masks().any() and not obs["action_mask"].any()
    assert total == env.state.returns()[seat] == info["returns"][seat]
    with pytest.raises(IllegalAction, match="reset"):
        env.step(0)


def test_illegal_actions_lose_or_raise_and_bad_arguments():
    env = TabletomeEnv("spirit-link", opponent="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.snapshot()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and reward == -1.0 and "not legal now" in info["illegal_action"]
    assert env.state.snapshot() == before
    strict = TabletomeEnv("spirit-link", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="not legal now"):
        strict.step(illegal)
    with pytest.raises(IllegalAction, match="seat"):
        TabletomeEnv("spirit-link", seat=2)
    with pytest.raises(IllegalAction, match="no agent"):
        TabletomeEnv("spirit-link", opponent="grandmaster")
    with pytest.raises(IllegalAction, match="one per other seat"):
        TabletomeEnv("life-siphon", players=3, opponent=["random"])


@pytest.mark.parametrize("opponent", [3, None, ["heuristic", 3], ("random", b"heuristic")])
def test_an_opponent_that_is_not_an_agent_spec_is_refused_by_name(opponent):
    # (a number or None used to reach list() and raise TypeError: 'int' object is not iterable)
    from tabletome.rl import VectorEnv
    makers = [lambda: TabletomeEnv("life-siphon", players=3, opponent=opponent),
              lambda: gymnasium.make(f"tabletome/LifeSiphon-v{version('life-siphon')}", players=3, opponent=opponent)]
    if opponent is not None:      # (VectorEnv without an opponent is self-play)
        makers.append(lambda: VectorEnv("life-siphon", 2, players=3, seat=0, opponent=opponent))
    for make in makers:
        with pytest.raises(IllegalAction, match="an agent spec is a name like heuristic, ismcts"):
            make()


def test_same_seed_same_episode():
    def run(seed):
        env = TabletomeEnv("life-siphon", players=3, opponent=["heuristic", "random"])
        obs, _ = env.reset(seed=seed)
        env.action_space.seed(seed)
        trace = []
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(env.action_space.sample(obs["action_mask"]))
            trace.append((obs["observation"].tobytes(), reward))
        return trace
    assert run(11) == run(11)
    assert run(11) != run(12)
