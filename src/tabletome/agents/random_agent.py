"""The random agent: a uniformly random legal action."""

from .base import Agent, register_agent


@register_agent
class RandomAgent(Agent):
    name = "random"

    def choose(self, state):
        legal = state.legal_actions()
        return legal[self.rng.below(len(legal))]
