"""Shared helpers for the conformance suite: which configurations to play, and random play."""

import json

import tabletome
from tabletome.core import Rng


def all_configurations():
    """(game id, players, options) for every registered game and each of its option sets."""
    configs = []
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        for players, options in game.configurations():
            configs.append((game_id, players, options))
    return configs


def config_id(config):
    game_id, players, options = config
    game = tabletome.game(game_id)
    changed = [f"{k}={v}" for k, v in options.items() if v != game.options[k][0]]
    return f"{game_id}-{players}p" + ("-" + ",".join(changed) if changed else "")


CONFIGS = all_configurations()
IDS = [config_id(c) for c in CONFIGS]


def new_state(config, seed):
    game_id, players, options = config
    return tabletome.game(game_id).new(players=players, seed=seed, **options)


def random_step(state, rng):
    legal = state.legal_actions()
    action = legal[rng.below(len(legal))]
    state.apply(action)
    return action


def play_random(state, rng, max_steps=100_000, each=None):
    steps = 0
    while not state.is_over:
        random_step(state, rng)
        steps += 1
        if each is not None:
            each(state)
        assert steps < max_steps, f"game did not end within {max_steps} decisions"
    return steps


def as_json(data):
    """Round-trip through JSON text, as a file would."""
    return json.loads(json.dumps(data))


def rng(seed):
    return Rng(seed)
