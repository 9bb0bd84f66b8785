"""tabletome.core: the game contract, with no game in it.

- ``Game`` (game.py): a game's declared facts (``player_counts``, ``options``, ``num_actions``),
  ``new(players=N, seed=S, **options)`` and ``restore(snapshot)``.
- ``State`` (state.py): ``to_move``, ``legal_actions()``, ``apply(action_or_text)``,
  ``parse_action(text)``, ``view(seat)``, ``snapshot()``, ``clone()``, ``determinize(seat, rng)``,
  ``is_over``, ``winners``, ``scores``, ``log``, ``record()``.
- ``Action`` / ``ActionTable`` (actions.py): canonical text and fixed integer id.
- ``IllegalAction`` (errors.py): the one exception for every refused input.
- ``Rng`` (rng.py): the seeded generator behind every shuffle and coin flip.
- records.py: save, load and replay game records; registry.py: ``games()`` and ``game(id)``;
  files.py: ``read_text`` for files users hand us.

See docs/contract.md for the whole contract with examples.
"""

from .actions import Action, ActionTable
from .errors import IllegalAction
from .files import read_text
from .game import RULES_VERSION, Game
from .records import load_record, replay, save_record
from .registry import declare, game, games, register
from .rng import Rng
from .seats import seat_names
from .state import State, as_rng

__all__ = [
    "Action", "ActionTable", "Game", "IllegalAction", "RULES_VERSION", "Rng", "State", "as_rng", "declare",
    "game", "games", "load_record", "read_text", "register", "replay", "save_record", "seat_names",
]
