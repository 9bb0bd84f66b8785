"""Positions to test agents on: a few points along a random game of every game and option set."""

from tabletome.core import Rng

from conformance.helpers import CONFIGS, IDS, new_state  # noqa: F401  (every game, every option set)


def positions(config, seed, count=4, spacing=7):
    """Up to ``count`` states of one random game, ``spacing`` random decisions apart (each state
    independent of the others), skipping positions with a single legal action."""
    state = new_state(config, seed)
    rng = Rng(seed + 1000)
    found = []
    while not state.is_over and len(found) < count:
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        for _ in range(spacing):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    return found
