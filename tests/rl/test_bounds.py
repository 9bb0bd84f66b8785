"""Every game's encoder declares finite bounds for each float (``encoder.bounds()``, from the rules'
and the card file's limits or a stated cap it clips to); random games of every configuration stay
inside them, and every adapter's spaces use them (no unbounded Box, no warning from Gymnasium's
checker)."""

import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabletome
from tabletome.core import Rng
from tabletome.rl import gym_id
from tabletome.rl.common import observation_bounds
from tabletome.rl.gymnasium import TabletomeEnv
from tabletome.rl.pettingzoo import env as pettingzoo_env

from tests.conformance.helpers import CONFIGS as ALL_CONFIGS

GAMES = sorted(tabletome.games())
# random steps per game, shared among its configurations (about 10,000 in CI; 200,000 with --slow)
STEPS, SLOW_STEPS = 10_000, 200_000


def outside(config, steps, seed0=0, card_text=None):
    """Play random games of ``config`` for ``steps`` decisions, checking every seat's and a
    spectator's observation against the encoder's bounds after each; the first float found outside
    (a message), or None."""
    game_id, players, options = config
    game = tabletome.game(game_id)
    encoder = game.encoder(players, card_text, **options)
    low, high = encoder.bounds()
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low <= high).all()
    r = Rng(11)
    played, seed = 0, seed0
    while played < steps:
        state = game.new(players=players, seed=seed, card_text=card_text, **options)
        while True:
            for seat in (None, *range(players)):
                obs = state.observation(seat)
                bad = np.flatnonzero((obs < low) | (obs > high))
                if bad.size:
                    i = int(bad[0])
                    name = next(n for n, a, b in encoder.describe() if a <= i < b)
                    return (f"{game_id} {players}p {options} seed {seed} after {len(state._history)} actions, seat "
                            f"{seat}: float {i} = {obs[i]} outside [{low[i]}, {high[i]}] ({name})")
            if state.is_over or played >= steps:
                break
            legal = state.legal_actions()
            state.apply(legal[r.below(len(legal))])
            played += 1
        seed += 1
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_stay_inside_the_bounds(game_id, slow):
    configs = [c for c in ALL_CONFIGS if c[0] == game_id]
    share = (SLOW_STEPS if slow else STEPS) // len(configs)
    for config in configs:
        found = outside(config, share)
        assert found is None, found


# A Spirit Link card file that pushes what the rules leave open: a free Eternal-Firebolt, 9 copies,
# 30 damage, and a Fox of 9 copies and 30 damage (health far below 0, counts above the printed 3).
FIERCE = (Path(tabletome.__file__).parent / "games" / "spirit_link" / "cards.toml").read_text().replace(
    'copies = 2\ncost = 4\neffect = "hit-return-to-hand"\ndamage = 3',
    'copies = 9\ncost = 0\neffect = "hit-return-to-hand"\ndamage = 30').replace(
    'name = "Fox"\ntype = "transformation"\ncopies = 3\ndamage = 1', 'name = "Fox"\ntype = "transformation"\ncopies = 9\ndamage = 30')


def test_a_card_file_stays_inside_its_bounds():
    assert "cost = 0\neffect = \"hit-return-to-hand\"" in FIERCE and "copies = 9\ndamage = 30" in FIERCE
    encoder = tabletome.game("spirit-link").encoder(2, FIERCE)
    low, high = encoder.bounds()
    default_low, default_high = tabletome.game("spirit-link").encoder(2).bounds()
    assert (high != default_high).any()   # the card file's copies and deck size move the bounds
    # the file reaches what the cap is for (health below -30) and counts above the printed 3
    game = tabletome.game("spirit-link")
    r, lowest, most = Rng(3), 0, 0
    for seed in range(30):
        state = game.new(seed=seed, card_text=FIERCE)
        while not state.is_over:
            lowest = min(lowest, *state.health)
            most = max(most, *state.hand[0])
            legal = state.legal_actions()
            spells = [a for a in legal if "Eternal-Firebolt" in str(a)]
            state.apply(spells[0] if spells and r.below(4) else legal[r.below(len(legal))])
        lowest = min(lowest, *state.health)
    assert lowest < -30 and most > 3, (lowest, most)
    assert outside(("spirit-link", 2, {}), 3_000, card_text=FIERCE) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_adapter_space_is_bounded(game_id):
    game = tabletome.game(game_id)
    players = min(p for p, _ in game.configurations() if p >= 2) if any(p >= 2 for p, _ in game.configurations()) \
        else game.configurations()[0][0]
    encoder = game.encoder(players)
    low, high = observation_bounds(encoder)
    assert np.isfinite(low).all() and np.isfinite(high).all()
    env = TabletomeEnv(game_id, players=players, opponent="random", global_state=True)
    space = env.observation_space["observation"]
    assert (space.low == low).all() and (space.high == high).all() and space.is_bounded()
    assert env.state_space.is_bounded() and (env.state_space.high == np.tile(high, players)).all()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert not [w for w in caught if "infinity" in str(w.message) or "bound" in str(w.message)], \
        [str(w.message) for w in caught]
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and env.state_space.contains(info["state"])
    envs = gymnasium.make_vec(gym_id(game_id), num_envs=2, players=players, opponent="random")
    assert envs.single_observation_space["observation"].is_bounded()
    assert (envs.single_observation_space["observation"].high == high).all()
    envs.close()
    aec = pettingzoo_env(game_id, players=players)
    assert aec.observation_space(aec.possible_agents[0])["observation"].is_bounded()
    assert aec.state_space.is_bounded()


def test_the_automatic_encoder_is_bounded_too():
    """A game with no encoder of its own gets ``ViewHashEncoder``: its hashed slots are clipped."""
    from tabletome.core.observation import HASH_CAP, ViewHashEncoder
    game = tabletome.game("life-siphon")
    encoder = ViewHashEncoder(game, 2, {}, size=16)   # 16 slots: many keys share one, sums pass 4
    low, high = encoder.bounds()
    assert (high == np.float32(HASH_CAP) * np.float32(1 + 1e-6)).all() and (low == -high).all()
    state = game.new(players=2, seed=1)
    out = np.zeros(16, np.float32)
    encoder.encode(state.observation_view(0), 0, out)
    assert out.max() == pytest.approx(HASH_CAP) and (out >= low).all() and (out <= high).all()
