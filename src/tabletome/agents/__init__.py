"""Game-agnostic agents, made from spec strings: ``tabletome.agent("random", seed=1)``.

A spec is a name, optionally followed by ``:key=value,key=value`` settings. Every agent's
``choose(state)`` returns one of ``state.legal_actions()`` for the seat to move, deciding only from
what that seat may see (its ``view``, or copies made by ``determinize``), never the true state.
"""

from .base import Agent, SpecRefused, agent, agent_specs, parse_spec, register_agent
from .random_agent import RandomAgent
from .heuristic import HeuristicAgent
from .ismcts import Hint, ISMCTSAgent
from .policy import PolicyAgent

__all__ = ["Agent", "HeuristicAgent", "Hint", "ISMCTSAgent", "PolicyAgent", "RandomAgent", "SpecRefused", "agent",
           "agent_specs", "parse_spec", "register_agent"]
