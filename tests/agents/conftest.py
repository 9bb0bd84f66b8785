"""Fixtures for the agent tests.

A game's heuristic (``game.heuristic_action`` / ``game.evaluate``) may not be written yet on a
branch: a game that declares one but cannot import it is run here as a game without one (both
return None), which is exactly the case the agents must handle by falling back to random rollouts
and no cut-off. Once the heuristic is there, the same tests run on it unchanged.
"""

import pytest

import tabletome
from tabletome.core import Rng


def heuristic_missing(game) -> bool:
    """True if the game's heuristic cannot be imported yet on this branch."""
    state = game.new(seed=0)
    try:
        game.heuristic_action(state.determinize(state.to_move, Rng(0)), Rng(0))
    except ImportError:
        return True
    return False


MISSING = {game_id for game_id in tabletome.games() if heuristic_missing(tabletome.game(game_id))}


@pytest.fixture(autouse=True)
def no_broken_heuristics(monkeypatch):
    for game_id in MISSING:
        game = tabletome.game(game_id)
        monkeypatch.setattr(game, "heuristic_action", lambda state, rng: None)
        monkeypatch.setattr(game, "evaluate", lambda state, seat: None)
    yield


def has_heuristic(game_id) -> bool:
    """Whether the heuristic agent can play this game (it has a heuristic, and it is merged)."""
    if game_id in MISSING:
        return False
    game = tabletome.game(game_id)
    state = game.new(seed=0)
    return game.heuristic_action(state.determinize(state.to_move, Rng(0)), Rng(0)) is not None
