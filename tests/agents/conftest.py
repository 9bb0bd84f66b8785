"""Fixtures for the agent tests."""

import tabletome
from tabletome.core import Rng


def has_heuristic(game_id) -> bool:
    """Whether the game has a heuristic policy for the heuristic agent and ISMCTS rollouts."""
    game = tabletome.game(game_id)
    state = game.new(seed=0)
    return game.heuristic_action(state.determinize(state.to_move, Rng(0)), Rng(0)) is not None
