"""Shared helpers for the conformance suite: which configurations to play, and random play."""

import functools
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


# A configuration's games are counted in Spirit Link-sized games: a test asking for N games plays
# N games of a configuration whose random games last about this many decisions, and fewer, longer
# games of a longer configuration (Life & Legend's Eternal mode runs about 1,200), so every
# configuration gets about the same number of positions checked, not the same number of games.
REFERENCE_LENGTH = 150


def mean_random_length(config):
    """The mean length (decisions) of a few random games of ``config``, seeds apart from the tests'."""
    return _mean_random_length(config_id(config))


@functools.cache
def _mean_random_length(key):
    config = CONFIGS[IDS.index(key)]
    lengths = [play_random(new_state(config, 10_000 + k), rng(10_000 + k)) for k in range(3)]
    return sum(lengths) / len(lengths)


def games_for(config, slow, normal, soak):
    """How many games a test plays of ``config``: ``normal`` (``soak`` with ``--slow``) games as long
    as Spirit Link's, scaled down for longer configurations (never below a tenth, nor below 2)."""
    n = soak if slow else normal
    scale = min(1.0, REFERENCE_LENGTH / max(1.0, mean_random_length(config)))
    return max(2, -(-n // 10), round(n * scale))


def stride(config):
    """Check every ``stride``-th position of a game: 1 for games of about Spirit Link's length, more
    for longer ones, whose late positions (long logs and histories) also cost more to check."""
    return max(1, round(mean_random_length(config) / REFERENCE_LENGTH))
