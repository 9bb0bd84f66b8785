"""Positions for Life & Legend's rulebook scenarios, written by hand as snapshots."""

import tabletome
from tabletome.core import Rng

GAME_ID = "life-and-legend"


def game():
    return tabletome.game(GAME_ID)


def rng_rolling(*faces):
    """An rng state whose next die rolls are ``faces`` (the die is the state's seeded rng)."""
    for state in range(100000):
        r = Rng(state)
        if all(r.below(6) + 1 == f for f in faces):
            return state
    raise AssertionError("no rng state rolls that")


def position(players=2, options=None, **fields):
    """A snapshot: the given fields, empty hands and an all-covered World unless told otherwise.
    Cards not placed go to the bottom of their decks."""
    snap = {"game": GAME_ID, "players": players, "options": options or {}, "seed": 1,
            "hands": [[] for _ in range(players)],
            "world": ["Veiled Mask", "Heirloom Ring", "Truthstone", "Golden Chalice"]}
    snap.update(fields)
    return game().restore(snap)


def texts(state):
    return [str(a) for a in state.legal_actions()]


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state
