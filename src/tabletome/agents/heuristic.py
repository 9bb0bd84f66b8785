"""The heuristic agent: each game's own rules of thumb, applied to what the seat can see.

It never reads the true state: it asks the state for a determinized copy (hidden cards re-dealt
from the seat's point of view) and lets the game's heuristic choose on that copy.
"""

from ..core import IllegalAction
from .base import Agent, SpecRefused, register_agent


@register_agent
class HeuristicAgent(Agent):
    name = "heuristic"

    def choose(self, state):
        seat = state.to_move
        if seat is None:
            raise IllegalAction("the game is over; there is nothing to choose")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seen = state.determinize(seat, self.rng)
        choice = state.game.heuristic_action(seen, self.rng)
        if choice is None:
            raise SpecRefused(f"{state.game.name} has no heuristic agent")
        for action in legal:
            if action.id == choice.id:
                return action
        raise AssertionError(f"the {state.game.id} heuristic chose {choice}, which is not legal")
