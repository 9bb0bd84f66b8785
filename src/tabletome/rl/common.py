"""What every adapter shares: finding the game, its setup, names and text rendering."""

from __future__ import annotations

import io
import numbers

import tabletome
from tabletome.core import IllegalAction
from tabletome.core.files import read_text

from .versions import version


def resolve_game(game, players=None, options=None):
    """``(game, players, options, card_text)`` from a game id (or game), a player count and
    options (``cards=PATH`` or ``card_text=...`` name a card file), every value checked."""
    if isinstance(game, str):
        game = tabletome.game(game)
    options = dict(options or {})
    card_text = options.pop("card_text", None)
    cards = options.pop("cards", None)
    if cards is not None:
        card_text = read_text(cards, "card file")
    if card_text is not None:
        game.check_cards(card_text, "card file")
    players, resolved = game.resolve_options(players, options)
    return game, players, resolved, card_text


def learner_seat(game, players: int, options: dict, seat) -> int:
    """The learner's seat, checked: a seat of the game that decides (not one the game plays by its
    own rules, such as a Life & Legend AI opponent card or The Emptiness)."""
    by_rules = game.rule_seats(players, options)
    can_learn = [s for s in range(players) if s not in by_rules]
    if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) or not 0 <= seat < players:
        raise IllegalAction(f"seat must be a seat of the {players}-player game that can learn "
                            f"({_seats(can_learn)}), not {seat!r}")
    if int(seat) in by_rules:
        raise IllegalAction(f"seat {int(seat)} is played by {by_rules[int(seat)]} by the game's rules and never "
                            f"decides: the learner can take {_seats(can_learn)}")
    return int(seat)


def other_seats(game, players: int, options: dict, learner: int) -> list[int]:
    """The seats besides the learner's that decide (an opponent agent plays each)."""
    by_rules = game.rule_seats(players, options)
    return [s for s in range(players) if s != learner and s not in by_rules]


def opponent_specs(opponent, others: list[int]) -> dict[int, str]:
    """``{seat: agent spec}`` for the seats besides the learner's: ``opponent`` is one spec for all of
    them or a list of one per seat; each spec is checked by the agent factory (its message)."""
    specs = list(opponent) if isinstance(opponent, (list, tuple)) else [opponent] * len(others)
    if len(specs) != len(others):
        raise IllegalAction(f"opponent must be one agent spec or a list of {len(others)}, one per other seat that "
                            f"decides ({', '.join(map(str, others))}); got {opponent!r}")
    for spec in specs:
        tabletome.agent(spec, seed=0)  # a bad spec fails here, with the agent factory's message
    return dict(zip(others, specs))


def _seats(seats) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def camel(game_id: str) -> str:
    """``spirit-link`` -> ``SpiritLink``."""
    return "".join(part.capitalize() for part in game_id.split("-"))


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game, with its version (``versions.py``): ``tabletome/SpiritLink-v1``."""
    return f"tabletome/{camel(game_id)}-v{version(game_id)}"


def env_name(game_id: str) -> str:
    """The PettingZoo env name of a game, with its version: ``tabletome_spirit_link_v1``."""
    return "tabletome_" + game_id.replace("-", "_") + f"_v{version(game_id)}"


def observation_bounds(encoder):
    """``(low, high)`` float32 arrays of the encoder's observation: its ``bounds()``, or unbounded
    where it declares none."""
    import numpy as np
    bounds = encoder.bounds()
    if bounds is None:
        return np.full(encoder.size, -np.inf, np.float32), np.full(encoder.size, np.inf, np.float32)
    low, high = bounds
    return np.asarray(low, np.float32), np.asarray(high, np.float32)


def observation_space(encoder, n_actions: int):
    """The observation space every adapter hands out: a Dict of ``observation`` (float32, inside
    the encoder's bounds) and ``action_mask`` (int8, 0 or 1 per action id)."""
    import numpy as np
    from gymnasium import spaces
    low, high = observation_bounds(encoder)
    return spaces.Dict({"observation": spaces.Box(low, high, (encoder.size,), np.float32),
                        "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)})


def state_space(encoder, players: int):
    """The global state's space: every seat's observation, in seat order (``write_state``)."""
    import numpy as np
    from gymnasium import spaces
    low, high = observation_bounds(encoder)
    return spaces.Box(np.tile(low, players), np.tile(high, players), (players * encoder.size,), np.float32)


def write_state(state, players: int, out):
    """The global state of ``state`` into ``out`` (float32, ``players * size``): each seat's
    ``observation(seat)`` in seat order. It shows every seat's hidden cards: for a centralised
    critic in training, never for an agent that plays. ``out``, filled."""
    size = len(out) // players
    for seat in range(players):
        state.observation(seat, out=out[seat * size:(seat + 1) * size])
    return out


def render_text(state, seat=None, width: int = 100) -> str:
    """The game's terminal drawing of ``view(seat)`` (a spectator's by default) as plain text."""
    from rich.console import Console
    view = state.view(seat)
    drawing = state.game.render(view, seat)
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    if drawing is None:
        import json
        console.print(json.dumps({k: v for k, v in view.items() if k != "log"}, indent=1))
        for line in view["log"][-3:]:
            console.print(line)
    else:
        console.print(drawing)
    return console.file.getvalue()


def seed_from(np_random) -> int:
    """A game seed drawn from a numpy Generator."""
    return int(np_random.integers(0, 2**63 - 1))


__all__ = ["IllegalAction", "camel", "learner_seat", "observation_bounds", "observation_space", "other_seats",
           "state_space", "write_state", "env_name", "gym_id", "render_text", "resolve_game", "seed_from",
           "opponent_specs"]
