"""PettingZoo's own conformance tests on every game at every player count."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tabletome import IllegalAction
from tabletome.rl.pettingzoo import env, raw_env

from .helpers import CONFIGS, IDS


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_pettingzoo_api_and_seed_tests(config):
    game_id, players, options = config
    api_test(env(game_id, players=players, **options), num_cycles=40)
    seed_test(lambda: env(game_id, players=players, **options), num_cycles=40)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_whole_game_pays_the_returns(config):
    """Played to the end from masks: the rewards are the state's returns, every agent is done."""
    game_id, players, options = config
    e = env(game_id, players=players, **options)
    e.reset(seed=3)
    total = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() >= 1
        seat = int(agent.split("_")[1])
        assert (obs["observation"] == e.unwrapped.game_state.observation(seat)).all()
        e.step(int(np.flatnonzero(mask)[steps % mask.sum()]))
        steps += 1
    state = e.unwrapped.game_state
    assert state.is_over and not e.agents
    assert [total[a] for a in e.possible_agents] == state.returns()


def test_illegal_actions_are_refused_and_render_modes():
    e = env("spirit-link", render_mode="ansi")
    e.reset(seed=1)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.unwrapped.game_state.snapshot()
    with pytest.raises(IllegalAction, match="not legal now"):
        e.step(illegal)
    assert e.unwrapped.game_state.snapshot() == before
    text = e.render()
    assert "North" in text and "South" in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("spirit-link", render_mode="rgb_array")
    with pytest.raises(IllegalAction, match="no option"):
        env("spirit-link", colour="red")


def test_human_render_prints_the_spectators_drawing(capsys):
    e = env("spirit-link", render_mode="human")
    e.reset(seed=1)
    assert e.render() is None
    printed = capsys.readouterr().out
    assert "North" in printed and "South" in printed and "preparation" in printed


def test_global_state_and_the_length_limit_as_a_truncation():
    """``state()`` is every seat's observation in seat order (in ``state_space``); a game stopped
    by the length limit truncates every agent, one the rules end terminates them."""
    e = env("life-siphon", players=3)
    e.reset(seed=5)
    game_state = e.unwrapped.game_state
    state = e.unwrapped.state()
    size = len(state) // 3
    assert e.unwrapped.state_space.contains(state) and size == e.unwrapped.encoder.size
    for seat in range(3):
        assert (state[seat * size:(seat + 1) * size] == game_state.observation(seat)).all()
    game_state.length_cap = len(game_state.record()["actions"]) + 4
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0 and info["ended_by_length"]
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert game_state.ended_by_length
