"""``ppo``: the reference policy shipped for a game (``src/tabletome/agents/policies``), by name,
in the agent factory and the arena; a game with none is refused naming those shipped."""

import json

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.agents.policy import SHIPPED, load_policy, shipped_policies
from tabletome.cli.main import main
from tabletome.core import Rng


def test_every_shipped_policy_fits_its_game_as_it_is_now():
    """A shipped file names its game and player count and still fits that game's observation and
    action table (an encoder change that breaks it fails here: retrain, docs/rl.md's leaderboard)."""
    assert {f"{game_id}-2p" for game_id in tabletome.games()} <= set(shipped_policies())  # every game's 2-player game
    for name in shipped_policies():
        layers, meta = load_policy(str(SHIPPED / f"{name}.npz"))
        game = tabletome.game(meta["game"])
        assert name == f"{meta['game']}-{meta['players']}p"
        assert meta["obs_size"] == game.observation_shape(players=meta["players"])[0]
        assert meta["num_actions"] == game.num_actions_for(players=meta["players"])
        # small: numpy-only, shipped in the wheel (at most 3.2 MB of float32; a head over Bad Baby
        # Lich Lords' 10,351 action ids would be the largest layer)
        assert sum(w.size + b.size for w, b in layers) < 800_000


def test_ppo_plays_legal_moves_and_beats_random(capsys):
    agent = tabletome.agent("ppo", seed=1)
    assert agent.spec == "ppo" and tabletome.agent("ppo:greedy=false").spec == "ppo:greedy=false"
    state = tabletome.game("spirit-link").new(seed=4)
    rng = Rng(2)
    while not state.is_over:
        if state.to_move == 0:
            action = agent.choose(state)
            assert action in state.legal_actions()
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply(action)
    code = main(["arena", "spirit-link", "--seat", "ppo", "--seat", "random", "--games", "20", "--seed", "3",
                 "--workers", "1", "--json"])
    assert code in (0, None)
    report = json.loads(capsys.readouterr().out)
    ppo = report["agents"][0]
    assert ppo["spec"] == "ppo" and ppo["games"] == 20 and ppo["wins"] >= 15


def test_ppo_plays_bad_baby_lich_lords_to_the_end():
    """The shipped Bad Baby Lich Lords policy (trained with its seat as an input: ``seat_input``)
    loads by name and plays whole games at either seat, legal moves only (its strength is the
    leaderboard's, measured, not asserted)."""
    game = tabletome.game("bad-baby-lich-lords")
    for seat in (0, 1):
        agent = tabletome.agent("ppo", seed=seat)
        state, rng, moves = game.new(players=2, seed=11 + seat), Rng(seat), 0
        while not state.is_over:
            if state.to_move == seat:
                action = agent.choose(state)
                assert action in state.legal_actions()
                moves += 1
            else:
                legal = state.legal_actions()
                action = legal[rng.below(len(legal))]
            state.apply(action)
        assert moves > 0 and agent.meta["seat_input"] == 2 and not state.ended_by_length


def test_a_game_without_a_shipped_policy_is_refused_by_name():
    state = tabletome.game("life-siphon").new(players=3, seed=1)
    with pytest.raises(IllegalAction, match=r"no reference policy for life-siphon with 3 players; shipped: .*spirit-link-2p"):
        tabletome.agent("ppo").choose(state)
    with pytest.raises(IllegalAction, match="has no setting 'path'"):
        tabletome.agent("ppo:path=x.npz")
