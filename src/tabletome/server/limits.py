"""What an agent from a request may cost: the server's limits on agent specs.

Every agent spec the server runs came from a request (``POST /api/tables`` seats, copied by a
rematch, or read back from storage after a restart), so it is input: the server plays only the
agents it can bound (``random``, ``heuristic``, ``ismcts``; ``policy`` only for files in
``--policy-dir``), and an ``ismcts`` spec may not name more than ``--max-agent-seconds`` of search,
``--max-agent-iterations`` or a ``--max-agent-depth`` per decision. A request naming more is
refused (``check``, the message names the setting and the limit); a spec already stored (a table
created before the limits, or a database edited by hand) is clamped to them when it runs
(``make``), and one the server cannot play at all stops that seat with the agent's error.
Whatever a spec says, a search runs at most ``seconds`` per decision.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import tabletome
from tabletome import IllegalAction
from tabletome.agents import ISMCTSAgent, parse_spec
from tabletome.agents.ismcts import ROLLOUT_LIMIT

PLAYED = ("heuristic", "ismcts", "random")     # agents whose cost the server bounds
OPTION = {"seconds": "--max-agent-seconds", "iterations": "--max-agent-iterations", "depth": "--max-agent-depth"}


@dataclass(frozen=True)
class AgentLimits:
    """The most one agent decision may cost on this server (``tabletome serve`` options)."""

    seconds: float = 5.0            # search time per decision (also the cap of every search)
    iterations: int = 100_000       # search iterations per decision
    depth: int = ROLLOUT_LIMIT      # rollout actions before the evaluation (a rollout stops there anyway)
    policy_dir: str | None = None   # policy files the server may load; None: no policy agent

    def __post_init__(self):
        if isinstance(self.seconds, bool) or not 0 < self.seconds < math.inf:
            raise IllegalAction(f"--max-agent-seconds must be a number above 0, not {self.seconds!r}")
        for name in ("iterations", "depth"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise IllegalAction(f"{OPTION[name]} must be a whole number of at least 1, not {value!r}")

    def agents(self) -> list[str]:
        """The agent names this server plays."""
        return sorted(PLAYED + (("policy",) if self.policy_dir else ()))

    def check(self, spec: str) -> None:
        """Refuse (``IllegalAction`` naming the setting and the limit) a spec over the limits."""
        bot = self._agent(spec, 0)
        if isinstance(bot, ISMCTSAgent):
            for name, most in (("seconds", self.seconds), ("iterations", self.iterations), ("depth", self.depth)):
                value = bot.explicit.get(name)
                if value is not None and value > most:
                    raise IllegalAction(f"agent setting {name!r} is at most {most:.15g} on this server "
                                        f"(tabletome serve {OPTION[name]}), not {value:.15g}")

    def make(self, spec: str, seed: int):
        """The agent ``spec`` names, its budget clamped to the limits (for a stored spec)."""
        bot = self._agent(spec, seed)
        if isinstance(bot, ISMCTSAgent):
            bot.cap(seconds=self.seconds, iterations=self.iterations, depth=self.depth)
        return bot

    def hint_agent(self, state, seat: int, seed: int):
        """The search behind a hint (the play budget), within the limits."""
        from tabletome.agents.hints import hint_agent
        return hint_agent(state, seat, seed=seed).cap(seconds=self.seconds, iterations=self.iterations,
                                                      depth=self.depth)

    def _agent(self, spec: str, seed: int):
        name, settings = parse_spec(spec)
        if name not in self.agents():
            if name == "policy":
                raise IllegalAction("this server plays no policy agent (it reads files only from "
                                    f"tabletome serve --policy-dir); agents here are: {', '.join(self.agents())}")
            raise IllegalAction(f"this server plays no agent {name!r}; agents here are: {', '.join(self.agents())}")
        if name == "policy":
            spec = self._policy_spec(settings)
        return tabletome.agent(spec, seed=seed)

    def _policy_spec(self, settings: dict) -> str:
        """A policy spec whose file is inside ``policy_dir`` (a name there, never a path out of it)."""
        path = settings.get("path", settings.get(""))
        base = Path(self.policy_dir).resolve()
        if not path:
            raise IllegalAction(f"a policy agent names its file: policy:NAME.npz, a file in {base}")
        target = (base / path).resolve()
        if target.parent != base or not target.is_file():
            raise IllegalAction(f"policy file {path!r} is not a file in this server's policy directory")
        rest = [f"{k}={v}" for k, v in settings.items() if k not in ("", "path")]
        return ",".join([f"policy:path={target}"] + rest)
