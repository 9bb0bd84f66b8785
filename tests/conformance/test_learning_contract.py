"""The contract's parts for learning tools, on every game and option set: observations, action
masks, integer actions, returns against the declared utility, the length limit, numpy seeds,
deepcopy and pickle."""

import copy
import pickle

import numpy as np
import pytest

import tabletome
from tabletome import IllegalAction

from .helpers import CONFIGS, IDS, as_json, games_for, rng


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_observations_masks_and_returns(config, slow):
    """Random games played by action id (numpy ints) from the mask: every observation has the
    declared shape and dtype, the mask is exactly the legal ids, returns keep the declared utility."""
    game_id, players, options = config
    game = tabletome.game(game_id)
    shape = game.observation_shape(players, **options)
    utility = game.utility(players, **options)
    cap = game.max_game_length(players, **options)
    n_actions = game.num_actions_for(players, **options)
    r = np.random.default_rng(0)
    for seed in range(games_for(config, slow, 4, 100)):
        state = game.new(players=players, seed=np.int64(seed), **options)
        steps = 0
        while not state.is_over:
            assert state.returns() == [0.0] * players
            for seat in [None, *range(players)]:
                obs = state.observation(seat)
                assert obs.shape == shape and obs.dtype == np.float32 and np.isfinite(obs).all()
            mask = state.action_mask()
            assert mask.dtype == bool and mask.shape == (n_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(a.id for a in state.legal_actions())
            state.apply(r.choice(np.flatnonzero(mask)))
            steps += 1
        assert steps <= cap
        assert not state.action_mask().any()
        ret = state.returns()
        assert len(ret) == players
        assert all(utility["min"] <= x <= utility["max"] for x in ret)
        if utility["sum"] is not None:
            assert sum(ret) == pytest.approx(utility["sum"])
        assert ret == [2 * state.outcome(s) - 1 for s in range(players)]


@pytest.mark.parametrize("game_id", tabletome.games())
def test_integer_actions_and_their_errors(game_id):
    game = tabletome.game(game_id)
    state = game.new(seed=1)
    before = state.snapshot()
    illegal = next(a for a in game.actions.actions if a not in state.legal_actions())
    for bad in (illegal.id, -1, game.num_actions, True):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(illegal.id)
    with pytest.raises(IllegalAction, match="out of range"):
        state.apply(game.num_actions)
    assert state.snapshot() == before
    legal = state.legal_actions()[0]
    other = state.clone()
    state.apply(np.int32(legal.id))
    other.apply(legal)
    assert state.snapshot() == other.snapshot()
    with pytest.raises(IllegalAction, match="whole number"):
        game.new(seed=1.5)
    assert game.new(seed=np.uint32(5)).snapshot() == game.new(seed=5).snapshot()


@pytest.mark.parametrize("game_id", tabletome.games())
def test_deepcopy_and_pickle_go_through_clone_and_snapshot(game_id):
    game = tabletome.game(game_id)
    state = game.new(seed=4)
    r = rng(4)
    for _ in range(15):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[r.below(len(legal))])
    for copied in (copy.deepcopy(state), copy.copy(state), pickle.loads(pickle.dumps(state))):
        assert copied is not state and copied.game is game
        assert as_json(copied.snapshot()) == as_json(state.snapshot())
        if not copied.is_over:
            copied.apply(copied.legal_actions()[0])
            assert as_json(copied.snapshot()) != as_json(state.snapshot())


@pytest.mark.parametrize("game_id", tabletome.games())
def test_length_limit_ends_the_game_as_a_draw(game_id):
    """A game restored with a lower limit ends as a draw at it, says so, snapshots and restores."""
    game = tabletome.game(game_id)
    assert game.max_game_length() >= 100
    state = game.new(seed=2)
    state.length_cap = 6
    r = rng(2)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[r.below(len(legal))])
    assert len(state.record()["actions"]) == 6
    assert state.ended_by_length and state.winners == [] and state.legal_actions() == ()
    assert "limit of 6 decisions" in state.log[-1]
    assert state.returns() == [0.0] * state.players or state.players == 1
    view = state.view(0)
    assert view["over"] is True and view["winners"] == [] and "limit of 6" in view["log"][-1]
    with pytest.raises(IllegalAction, match="over"):
        state.apply("pass")
    snap = as_json(state.snapshot())
    again = game.restore(snap)
    assert again.to_move is not None  # the declared limit is far away: play goes on from here
    assert again.snapshot()["log"] == snap["log"]
    for seat in range(state.players):   # each seat sees the game over at the limit, and not after the restore
        assert (state.observation(seat) != again.observation(seat)).any(), \
            f"seat {seat}'s observation does not show the game ended at the limit"


def test_configurations_are_public():
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        configs = game.configurations()
        assert configs and all(players in game.player_counts for players, _ in configs)
        for players, options in configs:
            assert game.new(players=players, seed=0, **options).players == players


def test_observation_seats_are_checked():
    state = tabletome.game("spirit-link").new(seed=1)
    assert (state.observation(np.int64(1)) == state.observation(1)).all()
    for bad in (True, 2, -1, "0", 1.0):
        with pytest.raises(IllegalAction, match="no seat"):
            state.observation(bad)


@pytest.mark.parametrize("game_id", tabletome.games())
def test_determinize_takes_a_numpy_generator(game_id):
    """A numpy Generator is a random source like the numpy seeds and ids above: the same draws give
    the same re-deal, the generator moves on, and anything else is refused by name."""
    state = tabletome.game(game_id).new(seed=3)
    a = state.determinize(0, np.random.default_rng(9))
    b = state.determinize(0, np.random.default_rng(9))
    assert as_json(a.snapshot()) == as_json(b.snapshot())
    assert (a.observation(0) == state.observation(0)).all()
    g = np.random.default_rng(9)
    first = state.determinize(0, g)
    assert as_json(first.snapshot()) == as_json(a.snapshot())
    assert g.bit_generator.state != np.random.default_rng(9).bit_generator.state
    with pytest.raises(IllegalAction, match="numpy Generator"):
        state.determinize(0, 1.5)
