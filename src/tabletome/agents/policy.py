"""The policy agent: a trained network plays, from the seat's observation alone.

    tabletome play spirit-link --seat human --seat policy:runs/spirit-link-ppo.npz
    tabletome.agent("policy:path=runs/spirit-link-ppo.npz,greedy=false", seed=1)

A policy file is a small ``.npz`` (numpy only, no torch needed to play): the layers of an MLP
(``W0, b0, W1, b1, ...``: tanh between layers, logits out) and ``meta``, a JSON text naming the game,
players, options, observation size and number of actions it was trained for
(``examples/train_ppo.py`` writes them; ``save_policy`` here writes one from any weights). The agent
scores ``state.observation(seat)`` (followed by the seat one-hot when ``meta["seat_input"]`` is the
player count: a network trained with ``--seat-input``), masks the illegal ids and plays the best
(``greedy``, default) or samples from the softmax with its seeded rng.

An *afterstate* policy (``meta["afterstate"]``, one output) scores each legal action instead by the
seat's observation after it (``afterstates``): the action is played on a copy of the state in which
everything the seat cannot see is re-dealt (``determinize``, as the heuristic and ISMCTS do), so
the score reads only what the seat may know, and an action that names a place (Bad Baby Lich Lords'
"fight realm 1 south 3") is judged by what it does there.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..core import IllegalAction
from .base import Agent, SpecRefused, register_agent

_CACHE: dict = {}


def boolean(value) -> bool:
    """A yes/no setting: true/false, yes/no, on/off, 1/0."""
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(value)


def save_policy(path, layers, meta: dict) -> None:
    """Write a policy file: ``layers`` is a list of (W, b) numpy arrays, ``meta`` the facts above."""
    import numpy as np
    arrays = {}
    for i, (w, b) in enumerate(layers):
        arrays[f"W{i}"] = np.asarray(w, np.float32)
        arrays[f"b{i}"] = np.asarray(b, np.float32)
    arrays["meta"] = np.array(json.dumps(meta))
    with open(path, "wb") as f:
        np.savez(f, **arrays)


def load_policy(path: str):
    """``(layers, meta)`` from a policy file, checked; ``IllegalAction`` naming what is wrong."""
    if path in _CACHE:
        return _CACHE[path]
    import numpy as np
    try:
        data = np.load(path, allow_pickle=False)
    except FileNotFoundError:
        raise SpecRefused(f"policy file {path!r} does not exist") from None
    except OSError as exc:
        raise SpecRefused(f"policy file {path!r} cannot be read: {exc.strerror or exc}") from None
    except ValueError:   # (numpy's own words would advise loading the file unsafely)
        raise SpecRefused(f"policy file {path!r} is not a policy .npz file (one that save_policy writes)") from None
    with data:
        if "meta" not in data.files or "W0" not in data.files:
            raise SpecRefused(f"policy file {path!r} has no 'meta' and 'W0': not written by save_policy")
        try:
            meta = json.loads(str(data["meta"]))
        except ValueError:
            raise SpecRefused(f"policy file {path!r}: its 'meta' is not JSON") from None
        layers = []
        i = 0
        while f"W{i}" in data.files:
            layers.append((data[f"W{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)))
            i += 1
    for key in ("game", "obs_size", "num_actions"):
        if key not in meta:
            raise SpecRefused(f"policy file {path!r}: 'meta' lacks {key!r}")
    seat_input = meta.get("seat_input", 0)
    if (not isinstance(seat_input, int) or isinstance(seat_input, bool)
            or (seat_input and seat_input != meta.get("players"))):
        raise SpecRefused(f"policy file {path!r}: 'seat_input' is {seat_input!r}, not its player count "
                            f"{meta.get('players')!r} (or 0)")
    size = meta["obs_size"] + seat_input
    for i, (w, b) in enumerate(layers):
        if w.ndim != 2 or w.shape[0] != size or b.shape != (w.shape[1],):
            raise SpecRefused(f"policy file {path!r}: layer {i} has shape {w.shape} after a layer of {size}")
        size = w.shape[1]
    if meta.get("afterstate"):
        if size != 1:
            raise SpecRefused(f"policy file {path!r}: an afterstate policy gives one score, not {size}")
    elif size != meta["num_actions"]:
        raise SpecRefused(f"policy file {path!r}: the last layer gives {size} logits for {meta['num_actions']} actions")
    _CACHE[path] = (layers, meta)
    return layers, meta


def logits(layers, obs):
    import numpy as np
    x = obs
    last = len(layers) - 1
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < last:
            x = np.tanh(x)
    return x


def with_seat(obs, seat, seat_input):
    """``obs`` (one row or several) followed by the seat's one-hot when the network takes it."""
    import numpy as np
    if not seat_input:
        return obs
    hot = np.zeros(obs.shape[:-1] + (seat_input,), np.float32)
    hot[..., seat] = 1.0
    return np.concatenate([obs, hot], axis=-1)


def afterstates(state, seat, legal, rng):
    """The seat's observation after each of ``legal`` (a row each), each action played on a clone
    of one determinized copy: what the seat may know of the position it would make."""
    import numpy as np
    seen = state.determinize(seat, rng).mute()
    rows = []
    for action in legal:
        copy = seen.clone()
        copy.apply(action.id)
        rows.append(copy.observation(seat))
    return np.stack(rows)


@register_agent
class PolicyAgent(Agent):
    name = "policy"
    positional = "path"
    settings = {"path": str, "greedy": boolean}

    def __init__(self, seed=None, path: str | None = None, greedy: bool = True):
        super().__init__(seed)
        if not path:
            raise SpecRefused("the policy agent needs a policy file: policy:PATH (examples/train_ppo.py writes one)")
        self.path = path
        self.greedy = greedy
        self.layers, self.meta = load_policy(path)

    @property
    def spec(self):
        return f"policy:{self.path}"

    def choose(self, state):
        import numpy as np
        seat = state.to_move
        if seat is None:
            raise IllegalAction("the game is over; there is nothing to choose")
        meta = self.meta
        if meta["game"] != state.game.id:
            raise SpecRefused(f"policy {self.path!r} was trained for {meta['game']!r}, not {state.game.id!r}")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = state.observation(seat)
        if obs.shape[0] != meta["obs_size"] or len(state.table) != meta["num_actions"]:
            raise SpecRefused(f"policy {self.path!r} expects observations of {meta['obs_size']} and "
                                f"{meta['num_actions']} actions; this game gives {obs.shape[0]} and {len(state.table)}")
        if meta.get("afterstate"):
            after = with_seat(afterstates(state, seat, legal, self.rng), seat, meta.get("seat_input", 0))
            sub = logits(self.layers, after)[:, 0].astype(np.float64)
        else:
            scores = logits(self.layers, with_seat(obs, seat, meta.get("seat_input", 0)))
            ids = np.fromiter((a.id for a in legal), dtype=np.int64, count=len(legal))
            sub = scores[ids].astype(np.float64)
        if self.greedy:
            return legal[int(np.argmax(sub))]
        p = np.exp(sub - sub.max())
        p /= p.sum()
        u = self.rng.random()
        return legal[min(int(np.searchsorted(np.cumsum(p), u)), len(legal) - 1)]


# The reference policies shipped with tabletome: ``policies/<game id>-<players>p.npz``, each trained
# by examples/train_ppo.py (docs/rl.md's leaderboard says how, and how strong).
SHIPPED = Path(__file__).with_name("policies")


def shipped_policies() -> list[str]:
    """The ``<game id>-<players>p`` names of the shipped reference policies."""
    return sorted(p.stem for p in SHIPPED.glob("*.npz"))


@register_agent
class ReferencePolicyAgent(PolicyAgent):
    """``ppo``: the shipped reference policy for the game being played and its player count
    (``tabletome arena spirit-link --seat ppo --seat heuristic``); ``greedy`` as ``policy``."""

    name = "ppo"
    positional = None
    settings = {"greedy": boolean}

    def __init__(self, seed=None, greedy: bool = True):
        Agent.__init__(self, seed)
        self.greedy = greedy
        self.path = None
        self.layers = self.meta = None

    @property
    def spec(self):
        return "ppo" if self.greedy else "ppo:greedy=false"

    def choose(self, state):
        name = f"{state.game.id}-{state.players}p"
        path = str(SHIPPED / f"{name}.npz")
        if path != self.path:
            if name not in shipped_policies():
                raise SpecRefused(f"there is no reference policy for {state.game.id} with {state.players} players; "
                                    f"shipped: {', '.join(shipped_policies()) or 'none'} (or train one: "
                                    f"examples/train_ppo.py, and play it as policy:PATH)")
            self.layers, self.meta = load_policy(path)
            self.path = path
        return super().choose(state)
