"""Hints for a person at the table: the search agent's best few choices, without changing the game.

    >>> from tabletome.agents.hints import hints
    >>> for action, chance, visits in hints(state, seat):
    ...     print(action, f"{chance:.0%}", visits)

The search sees only what ``seat`` may see (ISMCTS plans on re-dealt copies), so a hint never
reveals hidden cards.
"""

from __future__ import annotations

from ..core import IllegalAction
from .base import SpecRefused, agent
from .ismcts import Hint, ISMCTSAgent

DEFAULT_SPEC = "ismcts"   # the search behind a hint: the play budget (about a second at most)


def hints(state, seat: int | None = None, top: int = 3, spec: str | None = None, seed: int = 0) -> list[Hint]:
    """The ``top`` best actions for ``seat`` (the seat to move), best first, each with its estimated
    win chance (a solo mode: the expected normalised score) and the search visits behind it. ``spec``
    names the ISMCTS settings (default: the play budget, about a second)."""
    return hint_agent(state, seat, spec, seed).analyse(state, top=top)


def hint_agent(state, seat: int | None = None, spec: str | None = None, seed: int = 0) -> ISMCTSAgent:
    """The search agent behind ``hints`` (checked as ``hints`` checks), for a caller that runs its
    search in slices (``analysing``) or bounds its budget (``cap``), as the server does."""
    if state.to_move is None:
        raise IllegalAction("the game is over; there is nothing to hint")
    if seat is not None and seat != state.to_move:
        raise IllegalAction(f"hints are for the seat to move ({state.seat_name(state.to_move)}), not seat {seat!r}")
    spec = DEFAULT_SPEC if spec is None else spec
    bot = agent(spec, seed=seed)
    if not isinstance(bot, ISMCTSAgent):
        raise SpecRefused(f"hints come from the ismcts agent, not {spec!r}")
    return bot
