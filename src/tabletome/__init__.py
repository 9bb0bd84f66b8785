"""tabletome: four tabletop card games, exactly as their rulebooks say, behind one contract.

    >>> import tabletome
    >>> tabletome.games()
    [...]
    >>> g = tabletome.game("spirit-link")
    >>> state = g.new(players=2, seed=7)
    >>> state.apply(state.legal_actions()[0])
    >>> bot = tabletome.agent("heuristic", seed=1)
    >>> state.apply(bot.choose(state))

The contract lives in ``tabletome.core`` (see docs/contract.md); games in ``tabletome.games``;
agents in ``tabletome.agents``; the ``tabletome`` command in ``tabletome.cli``.
"""

from . import games as _games  # noqa: F401 (declares every game in the registry)
from .agents import agent, agent_specs
from .core import IllegalAction, game, games, load_record, replay, save_record

__version__ = "0.1.0"

__all__ = ["IllegalAction", "agent", "agent_specs", "game", "games", "load_record", "replay",
           "save_record"]
