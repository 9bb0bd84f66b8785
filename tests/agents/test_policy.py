"""The policy agent (``policy:PATH``): a small .npz of MLP weights, played with numpy alone, in
the agent factory, the arena and the command line. The tests make their own tiny policy files."""

import json

import numpy as np
import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.agents.policy import PolicyAgent, load_policy, save_policy
from tabletome.cli.main import main
from tabletome.core import Rng

from .helpers import positions


def tiny_policy(path, game_id="spirit-link", prefer=None, seed=0):
    """A random 2-layer MLP for ``game_id``; ``prefer``: an action id it scores far above the rest."""
    game = tabletome.game(game_id)
    size = game.observation_shape()[0]
    n = game.num_actions
    rng = np.random.default_rng(seed)
    w0, b0 = rng.normal(size=(size, 16)), np.zeros(16)
    w1, b1 = rng.normal(size=(16, n)), np.zeros(n)
    if prefer is not None:
        b1[prefer] = 1000.0
    save_policy(path, [(w0, b0), (w1, b1)], {"game": game_id, "obs_size": size, "num_actions": n})
    return str(path)


def test_a_policy_file_plays_whole_games(tmp_path):
    path = tiny_policy(tmp_path / "p.npz")
    bot = tabletome.agent(f"policy:{path}", seed=1)
    assert isinstance(bot, PolicyAgent) and bot.spec == f"policy:{path}"
    state = tabletome.game("spirit-link").new(seed=3)
    while not state.is_over:
        choice = bot.choose(state)
        assert choice in state.legal_actions()
        state.apply(choice)
    sampled = tabletome.agent(f"policy:path={path},greedy=false", seed=2)
    assert not sampled.greedy


def test_the_network_decides(tmp_path):
    """A policy whose last bias prefers one action plays it whenever it is legal."""
    game = tabletome.game("spirit-link")
    state = game.new(seed=5)
    wanted = state.legal_actions()[-1]
    bot = tabletome.agent(f"policy:{tiny_policy(tmp_path / 'p.npz', prefer=wanted.id)}")
    assert bot.choose(state) is wanted


def test_it_sees_only_the_seats_view(tmp_path):
    bot = tabletome.agent(f"policy:{tiny_policy(tmp_path / 'p.npz')}", seed=7)
    config = ("spirit-link", 2, tabletome.game("spirit-link").configurations()[0][1])
    for i, state in enumerate(positions(config, seed=21)):
        copy = state.determinize(state.to_move, Rng(i))
        assert bot.choose(copy).id == bot.choose(state).id


def test_arena_and_cli_play_it(tmp_path, capsys):
    path = tiny_policy(tmp_path / "p.npz")
    code = main(["arena", "spirit-link", "--seat", f"policy:{path}", "--seat", "random", "--games", "2",
                 "--workers", "1", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["agents"][0]["spec"] == f"policy:{path}"
    assert sum(a["wins"] for a in result["agents"]) + result["draws"] == 2


def test_bad_policy_files_are_refused(tmp_path):
    with pytest.raises(IllegalAction, match="does not exist"):
        tabletome.agent(f"policy:{tmp_path / 'missing.npz'}")
    with pytest.raises(IllegalAction, match="needs a policy file"):
        tabletome.agent("policy")
    junk = tmp_path / "junk.npz"
    junk.write_text("not a policy")
    with pytest.raises(IllegalAction, match="not a policy"):
        load_policy(str(junk))
    other = tiny_policy(tmp_path / "ls.npz", game_id="life-siphon")
    bot = tabletome.agent(f"policy:{other}")
    with pytest.raises(IllegalAction, match="trained for 'life-siphon'"):
        bot.choose(tabletome.game("spirit-link").new(seed=1))
    broken = tmp_path / "broken.npz"
    save_policy(broken, [(np.zeros((3, 4)), np.zeros(4))], {"game": "spirit-link", "obs_size": 5, "num_actions": 4})
    with pytest.raises(IllegalAction, match="layer 0"):
        load_policy(str(broken))
    with pytest.raises(IllegalAction, match="greedy"):
        tabletome.agent(f"policy:path={other},greedy=maybe")
    with pytest.raises(IllegalAction, match="key=value"):
        tabletome.agent("random:fast")
