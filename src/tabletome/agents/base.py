"""The agent interface and the spec-string factory."""

from __future__ import annotations

from ..core import IllegalAction, Rng
from ..core.text import shown

_AGENTS: dict[str, type] = {}


class SpecRefused(IllegalAction):
    """An agent spec, or the file it names, that cannot play: the message names the spec or the
    file only, never a position, so a server may show it at every seat (server/workers.py)."""


class Agent:
    """Chooses actions for whichever seat is to move. Subclasses set ``name`` and ``settings``
    (each setting's name and the type it is parsed to) and implement ``choose``."""

    name = ""
    settings: dict[str, type] = {}

    def __init__(self, seed: int | None = None, **settings):
        self.seed = seed
        self.rng = Rng(seed if seed is not None else 0)

    def choose(self, state):
        raise NotImplementedError

    @property
    def spec(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<agent {self.spec}>"


def register_agent(cls: type) -> type:
    _AGENTS[cls.name] = cls
    return cls


def agent_specs() -> list[str]:
    """The names of the agents that can be made."""
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict]:
    """``"ismcts:iterations=800,seconds=1"`` -> ``("ismcts", {"iterations": "800", ...})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise SpecRefused(f"an agent spec is a name like {', '.join(agent_specs())}; got {shown(spec)}")
    name, _, rest = spec.strip().partition(":")
    settings = {}
    for n, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        key, eq, value = part.partition("=")
        if not eq and n == 0:  # "policy:runs/sl.npz": a first bare value, for the agent's positional setting
            settings[""] = part
            continue
        if not eq or not key.strip():
            raise SpecRefused(f"agent setting {shown(part)} in {shown(spec)} must be written key=value")
        if key.strip() in settings:
            raise SpecRefused(f"agent setting {shown(key.strip())} is given twice in {shown(spec)}; give each setting once")
        settings[key.strip()] = value.strip()
    return name.strip().lower(), settings


def agent(spec: str, seed: int | None = None) -> Agent:
    """Make an agent from a spec string such as ``random``, ``heuristic`` or
    ``ismcts:iterations=800``."""
    name, raw = parse_spec(spec)
    if name not in _AGENTS:
        raise SpecRefused(f"there is no agent {shown(name)}; agents are: {', '.join(agent_specs())}")
    cls = _AGENTS[name]
    settings = {}
    if "" in raw:
        positional = getattr(cls, "positional", None)
        if positional is None:
            raise SpecRefused(f"agent setting {shown(raw[''])} in {shown(spec)} must be written key=value")
        if positional in raw:
            raise SpecRefused(f"agent setting {positional!r} is given twice in {shown(spec)}; give each setting once")
        raw = {positional: raw.pop(""), **raw}
    for key, value in raw.items():
        if key not in cls.settings:
            allowed = ", ".join(cls.settings) or "none"
            raise SpecRefused(f"agent {name!r} has no setting {shown(key)}; its settings are: {allowed}")
        kind = cls.settings[key]
        try:
            settings[key] = kind(value)
        except ValueError:
            what = {int: "a whole number", float: "a number", str: "text"}.get(kind, f"a {kind.__name__}")
            raise SpecRefused(f"agent setting {key!r} must be {what}, not {shown(value)}") from None
    return cls(seed=seed, **settings)
