"""Agents and hints run here, in worker processes, so a search never blocks the event loop.

A worker gets the game id, a snapshot of the true state and the agent spec; it restores the state,
asks the agent (which decides only from what its seat may see) and returns the action text. The
pool uses the ``spawn`` start method: forking a process that runs an event loop and threads is
unsafe.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor


def choose(game_id: str, snapshot: dict, spec: str, seed: int) -> str:
    """The action text the agent ``spec`` picks for the seat to move in ``snapshot``."""
    import tabletome

    state = tabletome.game(game_id).restore(snapshot)
    bot = tabletome.agent(spec, seed=seed)
    return str(bot.choose(state))


def hint(game_id: str, snapshot: dict, seat: int, seed: int) -> list[dict]:
    """The search's best few choices for ``seat`` (the seat to move), as JSON-ready rows."""
    import tabletome
    from tabletome.agents.hints import hints

    state = tabletome.game(game_id).restore(snapshot)
    return [{"text": str(h.action), "id": h.action.id, "chance": round(float(h.win_chance), 3), "visits": int(h.visits)}
            for h in hints(state, seat, seed=seed)]


def warm() -> bool:
    """Import the games once, so the first real request is quick."""
    import tabletome

    for game_id in tabletome.games():
        tabletome.game(game_id)
    return True


def make_pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
