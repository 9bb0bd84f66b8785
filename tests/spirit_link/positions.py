"""Positions written by hand (snapshots), for the rulebook scenarios."""

import tabletome
from tabletome.core import Rng

GAME = tabletome.game("spirit-link")


def seat(**fields):
    base = {"health": 24, "mana": 10, "hand": [], "discard": [], "transformation": None,
            "ability": None, "spell_cast": False}
    base.update(fields)
    return base


def everything_else(hand=(), **placed):
    """The whole deck as a discard pile, but for the cards in ``hand`` (for decks that ran out)."""
    rest = [c.name for c in GAME.cards.cards for _ in range(c.copies)]
    for name in list(hand) + [v for v in placed.values() if v]:
        rest.remove(name)
    return rest


def position(north=None, south=None, phase="combat", rng=0, options=None, **top):
    data = {"game": "spirit-link", "round": 1, "phase": phase, "priority": 0, "to_move": 0,
            "rng": rng, "seats": [north or seat(), south or seat()]}
    if options:
        data["options"] = options
    data.update(top)
    return GAME.restore(data)


def combat(north_form, south_form, north=None, south=None, **kw):
    """Both transformations revealed, North (with priority) to act in the combat window."""
    phase = kw.pop("phase", "combat")
    return position(seat(transformation=north_form, **(north or {})),
                    seat(transformation=south_form, **(south or {})), phase=phase, **kw)


def rng_with_coins(*wanted):
    """An rng state whose next coin flips come out as ``wanted`` (True = heads)."""
    for s in range(10_000):
        r = Rng(s)
        if all(r.coin() == w for w in wanted):
            return s
    raise AssertionError("no such rng state found")


# Note: a seat with nothing left to do is passed for automatically, so an action can carry the
# game on through settlement into the next turn; tests check values where the game stops.


def finish_turn(state):
    """Pass in the combat and settlement windows until the turn's settlement is over."""
    while not state.is_over and state.view(None)["phase"] in ("combat", "settlement"):
        state.apply("pass")
    return state


def health(state):
    return [p["health"] for p in state.view(None)["players"]]


def mana(state):
    return [p["mana"] for p in state.view(None)["players"]]
