"""OpenSpiel's own random simulation test (with serialization) on every game at every player
count, and OpenSpiel's ISMCTSBot and outcome-sampling MCCFR running on a tabletome game."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, outcome_sampling_mccfr

import tabletome
from tabletome.rl.openspiel import GAME_NAMES, HISTORY_BUCKETS, resampler, short_name

from .helpers import CONFIGS, IDS


def load(game_id, players, options, **extra):
    params = {"players": players, **{k: v if isinstance(v, (int, str)) else str(v) for k, v in options.items()}, **extra}
    return pyspiel.load_game(short_name(game_id), params)


def deal(state, seed):
    """Apply the chance outcomes that deal ``seed`` (one per chance node, most significant first)."""
    widths = state.get_game().chance_widths
    digits = []
    for width in reversed(widths):
        seed, digit = divmod(seed, width)
        digits.append(digit)
    for digit in reversed(digits):
        state.apply_action(digit)


def test_every_game_is_registered():
    assert sorted(GAME_NAMES) == sorted(short_name(g) for g in tabletome.games())
    assert set(GAME_NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_sim_test_with_serialization(config, slow):
    game_id, players, options = config
    game = load(game_id, players, options)
    utility = tabletome.game(game_id).utility(players, **options)
    assert game.num_players() == players
    expected = pyspiel.GameType.Utility.ZERO_SUM if utility["kind"] == "zero-sum" else pyspiel.GameType.Utility.GENERAL_SUM
    assert game.get_type().utility == expected
    assert game.max_game_length() == tabletome.game(game_id).max_game_length(players, **options)
    # one whole game per configuration checks every state's API, strings, tensors and serialization
    # (each state is serialized and read back); our own conformance suite plays the many random games
    pyspiel.random_sim_test(game, num_sims=20 if slow else 1, serialize=True, verbose=False)


def test_strings_and_tensors_show_only_the_seats_view():
    game = load("spirit-link", 2, {})
    state = game.new_initial_state()
    for byte in (0, 0, 0, 7):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(byte)
    tt = state.tt
    assert tt.seed == 7
    assert np.array_equal(np.asarray(state.observation_tensor(1), np.float32), tt.observation(1))
    hand = tt.view(0)["players"][0]["hand"]
    assert '"hand"' in state.observation_string(0) and all(c in state.observation_string(0) for c in hand)
    other = resampler(3)(state, 1)
    assert other.information_state_string(1) == state.information_state_string(1)
    assert other.observation_string(1) == state.observation_string(1)
    restored = game.deserialize_state(state.serialize())
    assert restored.tt.snapshot() == tt.snapshot() and str(restored) == str(state)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.tt.snapshot() == tt.snapshot() != clone.tt.snapshot()


def test_two_to_the_32_deals_each_reset_as_cheap_as_any():
    """Four chance nodes of 256 outcomes pick a seed among 2^32 (their bytes, most significant
    first): the largest deal costs what the first does. seeds=N keeps one node of N outcomes."""
    game = load("spirit-link", 2, {})
    assert game.max_chance_outcomes() == 256 and game.max_chance_nodes_in_history() == 4
    seeds = []
    for top in ((0, 0, 0, 0), (0, 0, 1, 0), (127, 255, 255, 255), (255, 255, 255, 255)):
        state = game.new_initial_state()
        for byte in top:
            assert state.chance_outcomes() == [(i, 1 / 256) for i in range(256)]
            state.apply_action(byte)
        assert not state.is_chance_node()
        seeds.append(state.tt.seed)
        assert state.tt.snapshot() == tabletome.game("spirit-link").new(seed=seeds[-1]).snapshot()
    assert seeds == [0, 256, 2**31 - 1, 2**32 - 1]
    assert load("spirit-link", 2, {}, deal_bytes=8).max_chance_nodes_in_history() == 8
    small = load("spirit-link", 2, {}, seeds=50)
    state = small.new_initial_state()
    assert small.max_chance_outcomes() == 50 and len(state.chance_outcomes()) == 50
    state.apply_action(49)
    assert state.tt.seed == 49
    for bad in ({"seeds": -1}, {"seeds": 1 << 17}, {"deal_bytes": 0}, {"deal_bytes": 9}):
        with pytest.raises(Exception, match="seeds must be|deal_bytes must be"):
            load("spirit-link", 2, {}, **bad)


@pytest.mark.parametrize("extra, bad, message", [
    ({}, 256, "chance outcome 256 is not a deal byte: this chance node's outcomes are 0 to 255"),
    ({"seeds": 50}, 50, "chance outcome 50 is not a seed: this chance node's outcomes are 0 to 49"),
    ({"seeds": 50}, 1000, "chance outcome 1000 is not a seed"),
])
def test_a_chance_outcome_outside_the_chance_node_is_refused_and_changes_nothing(extra, bad, message):
    # (an outcome past the node's width would deal a game outside the declared set: byte 300 a seed
    # past 2^32, seed 1000 of seeds=50 a deal no chance_outcomes() list holds)
    game = load("spirit-link", 2, {}, **extra)
    state = game.new_initial_state()
    if not extra:
        state.apply_action(7)
    before = (state.history(), state.chance_outcomes())
    with pytest.raises(tabletome.IllegalAction, match=message):
        state.apply_action(bad)
    assert (state.history(), state.chance_outcomes()) == before and state.is_chance_node()
    while state.is_chance_node():
        state.apply_action(3)
    assert state.tt.seed == (3 if extra else (7 << 24) + (3 << 16) + (3 << 8) + 3)


class RestartableISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTSBot with ``restart_at``, which ``evaluate_bots`` calls first (the
    bot has none: "RestartAt(state) not implemented"): a fresh search tree."""

    def restart_at(self, state):
        self.reset()


def test_evaluate_bots_with_ismcts_and_the_restart_at_limit():
    game = load("spirit-link", 2, {})
    def bot(seed, cls=RestartableISMCTSBot):
        b = cls(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
                uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(seed))
        b.set_resampler(resampler(seed))
        return b
    rng = np.random.RandomState(4)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot(1), pyspiel.make_uniform_random_bot(1, 5)],
                                          rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(game.new_initial_state(), [bot(1, ismcts.ISMCTSBot), bot(2)], rng)


def test_ismcts_bot_plays_a_game():
    game = load("spirit-link", 2, {}, seeds=50)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4,
                           random_state=np.random.RandomState(2))
    bot.set_resampler(resampler(5))
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    bot_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.integers(game.max_chance_outcomes())))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            bot_moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert bot_moves > 5 and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_outcome_sampling_mccfr_runs():
    game = load("spirit-link", 2, {"starting_hand": 3}, seeds=2)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    infostates = solver._infostates
    assert len(infostates) > 20
    regrets, avg = next(iter(infostates.values()))
    assert regrets.shape == avg.shape and np.isfinite(regrets).all()


def same_observation_other_history(game, seed, depth=3, width=6):
    """Two histories from the same deal after which some player has the same observation but a
    different information state string (it can tell them apart): ``(player, state_a, state_b)``."""
    root = game.new_initial_state()
    deal(root, seed)
    seen = {}
    stack = [(root, 0)]
    while stack:
        state, d = stack.pop()
        if state.is_terminal():
            continue
        for p in range(game.num_players()):
            key = (p, np.asarray(state.observation_tensor(p), np.float32).tobytes())
            info = state.information_state_string(p)
            other = seen.setdefault(key, (info, state))
            if other[0] != info:
                return p, other[1], state
        if d < depth:
            for a in state.legal_actions()[:width]:
                child = state.clone()
                child.apply_action(a)
                stack.append((child, d + 1))
    return None


@pytest.mark.parametrize("game_id", tabletome.games())
def test_information_state_tensor_tells_apart_what_the_player_can(game_id):
    """Same observation, histories the player can tell apart (its own moves in another order, or
    another move it made): different information-state tensors. The tensor begins with the
    observation and has the declared shape."""
    game = load(game_id, tabletome.game(game_id).default_players(), {})
    obs_size = game.observation_tensor_size()
    assert game.information_state_tensor_shape() == [obs_size + sum(w for _, w in HISTORY_BUCKETS)]
    found = next(filter(None, (same_observation_other_history(game, seed) for seed in range(3))), None)
    assert found is not None, "no two histories with the same observation found to compare"
    player, a, b = found
    ta, tb = (np.asarray(s.information_state_tensor(player), np.float32) for s in (a, b))
    assert ta.shape == tb.shape == (game.information_state_tensor_size(),)
    assert np.array_equal(ta[:obs_size], np.asarray(a.observation_tensor(player), np.float32))
    assert np.array_equal(ta[:obs_size], tb[:obs_size])
    assert not np.array_equal(ta, tb), f"player {player} tells {a.history()} and {b.history()} apart, the tensor does not"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_information_state_tensor_hides_what_the_player_cannot_see(config):
    """Re-dealing everything a player cannot see (the resampler ISMCTS uses) leaves its
    information-state tensor and string unchanged; the copies did differ (a real re-deal)."""
    game_id, players, options = config
    game = load(game_id, players, options)
    rng = np.random.default_rng(4)
    redealt = 0
    for seed in range(2):
        state = game.new_initial_state()
        deal(state, seed)
        resample = resampler(seed)
        step = 0
        while not state.is_terminal() and step < 120:
            if step % 15 == 7:
                for p in range(players):
                    copy = resample(state, p)
                    assert np.array_equal(np.asarray(copy.information_state_tensor(p)),
                                          np.asarray(state.information_state_tensor(p))), \
                        f"player {p}'s information-state tensor tells a re-dealt state apart"
                    assert copy.information_state_string(p) == state.information_state_string(p)
                    redealt += copy.tt.snapshot() != state.tt.snapshot()
            state.apply_action(int(rng.choice(state.legal_actions())))
            step += 1
    assert redealt > 0
