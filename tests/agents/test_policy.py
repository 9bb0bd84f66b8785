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
    with pytest.raises(IllegalAction, match="not a policy") as refused:
        load_policy(str(junk))
    assert "pickle" not in str(refused.value)      # never the advice to load an untrusted file unsafely
    with pytest.raises(IllegalAction, match="cannot be read: Is a directory"):
        load_policy(str(tmp_path))
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


def test_a_policy_trained_with_its_seat_reads_it(tmp_path):
    """``seat_input`` (train_ppo.py --seat-input): the seat's one-hot follows the observation, so a
    network can tell which seat an absolute action id is for. Here the seat to move's own input
    row prefers the last legal action and the other seat's row the first: the agent plays the last."""
    game = tabletome.game("bad-baby-lich-lords")
    size, n = game.observation_shape(players=2)[0], game.num_actions_for(players=2)
    state, rng, seen = game.new(players=2, seed=4), Rng(3), set()
    while seen != {0, 1}:
        legal = state.legal_actions()
        seat = state.to_move
        if len(legal) > 1 and seat not in seen:
            seen.add(seat)
            w = np.zeros((size + 2, n))
            w[size + seat, legal[-1].id] = 1000.0
            w[size + 1 - seat, legal[0].id] = 2000.0
            path = tmp_path / f"seat{seat}.npz"
            save_policy(path, [(w, np.zeros(n))], {"game": game.id, "players": 2, "obs_size": size,
                                                  "num_actions": n, "seat_input": 2})
            assert tabletome.agent(f"policy:{path}").choose(state) is legal[-1]
        state.apply(legal[rng.below(len(legal))])
    wrong = tmp_path / "wrong.npz"
    save_policy(wrong, [(np.zeros((size + 3, n)), np.zeros(n))], {"game": game.id, "players": 2,
                                                                  "obs_size": size, "num_actions": n, "seat_input": 3})
    with pytest.raises(IllegalAction, match="'seat_input' is 3, not its player count 2"):
        load_policy(str(wrong))
    save_policy(wrong, [(np.zeros((size + 2, n)), np.zeros(n))], {"game": game.id, "players": "2",
                                                                  "obs_size": size, "num_actions": n, "seat_input": "2"})
    with pytest.raises(IllegalAction, match="'seat_input' is '2', not its player count '2'"):
        load_policy(str(wrong))


def test_an_afterstate_policy_scores_what_each_action_leads_to(tmp_path):
    """``afterstate``: one score per legal action, from the seat's observation after it (played on
    a determinized copy). With the score the sum of that observation, the agent plays the action
    whose afterstate sums highest, on the state and on a copy with the hidden cards re-dealt
    (checked where the re-deal does not change which action that is)."""
    from tabletome.agents.policy import afterstates
    game = tabletome.game("bad-baby-lich-lords")
    size, n = game.observation_shape(players=2)[0], game.num_actions_for(players=2)
    path = tmp_path / "after.npz"
    save_policy(path, [(np.ones((size, 1)), np.zeros(1))], {"game": game.id, "players": 2, "obs_size": size,
                                                           "num_actions": n, "afterstate": True})
    bot = tabletome.agent(f"policy:{path}", seed=5)
    state, rng, checked = game.new(players=2, seed=8), Rng(4), 0
    while checked < 5:
        legal = state.legal_actions()
        if len(legal) > 1:
            best = {int(np.argmax(afterstates(state, state.to_move, legal, Rng(k)).sum(axis=1))) for k in range(4)}
            sums = afterstates(state, state.to_move, legal, Rng(0)).sum(axis=1)
            if len(best) == 1 and np.sort(sums)[-1] - np.sort(sums)[-2] > 1e-3:
                assert bot.choose(state) is legal[best.pop()]
                assert bot.choose(state.determinize(state.to_move, Rng(checked))).id == bot.choose(state).id
                checked += 1
        state.apply(legal[rng.below(len(legal))])
    wrong = tmp_path / "wrong.npz"
    save_policy(wrong, [(np.ones((size, 2)), np.zeros(2))], {"game": game.id, "players": 2, "obs_size": size,
                                                            "num_actions": n, "afterstate": True})
    with pytest.raises(IllegalAction, match="an afterstate policy gives one score, not 2"):
        load_policy(str(wrong))
