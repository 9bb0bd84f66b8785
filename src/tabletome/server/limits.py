"""What a request may cost: the server's limits on agent specs, and on what one client creates.

Every agent spec the server runs came from a request (``POST /api/tables`` seats, copied by a
rematch, or read back from storage after a restart), so it is input: the server plays only the
agents it can bound (``random``, ``heuristic``, ``ismcts``; ``policy`` only for files in
``--policy-dir``), and an ``ismcts`` spec may not name more than ``--max-agent-seconds`` of search,
``--max-agent-iterations`` or a ``--max-agent-depth`` per decision. A request naming more is
refused (``check``, the message names the setting and the limit); a spec already stored (a table
created before the limits, or a database edited by hand) is clamped to them when it runs
(``make``), and one the server cannot play at all stops that seat with the agent's error.
Whatever a spec says, a search runs at most ``seconds`` per decision.

Every table, uploaded record and my-tables link is a row the database keeps, so one client (one
address) may create at most ``--max-creations-per-hour`` of them (``CreationLimit``).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
from dataclasses import dataclass
from pathlib import Path

import tabletome
from tabletome import IllegalAction
from tabletome.agents import ISMCTSAgent, SpecRefused, parse_spec
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
                    raise SpecRefused(f"agent setting {name!r} is at most {most:.15g} on this server "
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
                raise SpecRefused("this server plays no policy agent (it reads files only from "
                                    f"tabletome serve --policy-dir); agents here are: {', '.join(self.agents())}")
            raise SpecRefused(f"this server plays no agent {name!r}; agents here are: {', '.join(self.agents())}")
        if name == "policy":
            spec = self._policy_spec(settings)
        return tabletome.agent(spec, seed=seed)

    def _policy_spec(self, settings: dict) -> str:
        """A policy spec whose file is inside ``policy_dir`` (a name there, never a path out of it)."""
        path = settings.get("path", settings.get(""))
        base = Path(self.policy_dir).resolve()
        if not path:
            raise SpecRefused(f"a policy agent names its file: policy:NAME.npz, a file in {base}")
        target = (base / path).resolve()
        if target.parent != base or not target.is_file():
            raise SpecRefused(f"policy file {path!r} is not a file in this server's policy directory")
        rest = [f"{k}={v}" for k, v in settings.items() if k not in ("", "path")]
        return ",".join([f"policy:path={target}"] + rest)


def client_network(host: str | None) -> str:
    """Who a client is, for its limits: its IPv4 address, or its IPv6 address's /64 network
    (what one household or host is given)."""
    try:
        address = ipaddress.ip_address(host or "")
    except ValueError:
        return host or "unknown"
    return str(ipaddress.ip_network(f"{address}/64", strict=False)) if address.version == 6 else str(address)


CREATION_WINDOW = 3600.0     # seconds: creations are counted per address in windows of an hour


@dataclass(frozen=True)
class CreationLimit:
    """The most rows one client may make the server store: new tables (``POST /api/tables``, a
    rematch), uploaded records and my-tables links, at most ``per_hour`` in each hour
    (``tabletome serve --max-creations-per-hour``). Counted in the database, per client address
    (an IPv6 address by its /64 network, what one household or host is given), so the limit
    holds across the processes sharing it and across a restart."""

    per_hour: int = 300

    def __post_init__(self):
        if isinstance(self.per_hour, bool) or not isinstance(self.per_hour, int) or self.per_hour < 1:
            raise IllegalAction(f"--max-creations-per-hour must be a whole number of at least 1, not {self.per_hour!r}")

    @staticmethod
    def period(now: float) -> int:
        """The number of the hour ``now`` falls in (the counting window)."""
        return int(now // CREATION_WINDOW)

    @staticmethod
    def client_key(secret: str, host: str | None, period: int) -> str:
        """What the count of ``host`` in ``period`` is stored under: a keyed hash of its address
        (its /64 network for IPv6) and the period, so the stored key names no address and the
        keys of two hours cannot be matched."""
        return hmac.new(secret.encode(), f"{period} {client_network(host)}".encode(), hashlib.sha256).hexdigest()

    def refusal(self, now: float) -> tuple[str, int]:
        """The message of a refused creation, and the seconds until the next hour's count begins."""
        wait = max(1, math.ceil((self.period(now) + 1) * CREATION_WINDOW - now))
        when = f"{wait} seconds" if wait < 120 else f"{math.ceil(wait / 60)} minutes"
        return (f"too many new tables, uploaded records and my-tables links from your address: at most "
                f"{self.per_hour} an hour on this server (tabletome serve --max-creations-per-hour); "
                f"try again in {when}", wait)
