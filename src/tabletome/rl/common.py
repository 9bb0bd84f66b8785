"""What every adapter shares: finding the game, its setup, names and text rendering."""

from __future__ import annotations

import io

import tabletome
from tabletome.core import IllegalAction
from tabletome.core.files import read_text


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


def camel(game_id: str) -> str:
    """``spirit-link`` -> ``SpiritLink``."""
    return "".join(part.capitalize() for part in game_id.split("-"))


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``tabletome/SpiritLink-v0``."""
    return f"tabletome/{camel(game_id)}-v0"


def env_name(game_id: str) -> str:
    """The PettingZoo env name of a game: ``tabletome_spirit_link_v0``."""
    return "tabletome_" + game_id.replace("-", "_") + "_v0"


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


__all__ = ["IllegalAction", "camel", "env_name", "gym_id", "render_text", "resolve_game", "seed_from"]
