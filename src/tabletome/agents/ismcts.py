"""ISMCTS: information-set Monte Carlo tree search, for every game, through the contract only.

Each iteration re-deals what the seat to move cannot see (``state.determinize(seat, rng)``), walks
one shared tree down that determinization, expands one new action, plays the rest out (random or
the game's heuristic policy, optionally cut off after ``depth`` actions and scored by
``game.evaluate``) and backs each seat's reward up the path. The agent never reads the true state:
only the seat's own legal actions and the determinized copies.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), not multiple-observer: the
contract says what a seat may see (``view``) but not what each seat observes of another seat's
action, which is what separate per-seat trees would be keyed by, and computing views inside the
search would cost more than the trees gain. The price is that, below the root, a seat deciding
after a face-down move of another seat is modelled as if it knew that move; the decision at the
root, which is all the agent returns, is always made on the seat's real information set.

- Tree edges are keyed by ``action.id``, which names the same action in every determinization.
- Selection is availability-aware UCB: a child's exploration term uses the number of times it was
  legal when its parent was visited, not the parent's visits (actions legal only in some
  determinizations are not under-explored).
- Each node holds the reward of the seat that moved into it, so n-player games search with each
  seat maximising its own ``outcome`` (solo modes: the game's normalised score, whose exploration
  term is scaled by the spread of the rewards seen so far, i.e. UCB on rewards normalised to [0, 1]).
- Budget: ``iterations`` and/or ``seconds`` per decision; the search stops early once the most
  visited action cannot be overtaken in the budget left. The decision is the most visited action.
- ``opponents=policy`` (instead of ``search``) lets the other seats play the rollout policy inside
  the tree too, so the tree holds only this seat's choices: no node of another seat is ever
  conditioned on this seat's face-down choices, at the price of modelling the others by the policy;
  ``epsilon`` is the share of their moves there played at random instead (so that a move the
  policy never makes, like a Wolf against a face-down Sheep, is still feared).
- Settings the spec does not name come from the game (``game.search_settings_for(players)``,
  by default its ``search_settings``): each game says which budget, rollout policy and cut-off
  suit it, and may say otherwise for its solo mode. The default budget is the game's, capped at
  one second per decision (``seconds=1`` for a game that names none).

A fixed seed and an ``iterations`` budget give the same decisions on every machine; a ``seconds``
budget depends on the machine's speed.
"""

from __future__ import annotations

import math
import time
from typing import NamedTuple

from ..core import IllegalAction
from .base import Agent, SpecRefused, agent, register_agent

DEFAULT_SECONDS = 1.0
DEFAULT_C = 0.7
DEFAULT_DEPTH = 0
# A rollout that runs this many actions without ending (some games can cycle: Life Siphon has no
# turn limit) is stopped and scored by the game's evaluation, or as a draw.
ROLLOUT_LIMIT = 2000
POLICIES = ("heuristic", "random")
OPPONENTS = ("search", "policy")


class _Node:
    """One tree node: the action that led here was taken by ``seat``; ``total`` is the sum of that
    seat's rewards over ``visits``; ``avail`` counts the parent's visits in which it was legal."""

    __slots__ = ("seat", "visits", "avail", "total", "children")

    def __init__(self, seat):
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children = {}


class Hint(NamedTuple):
    """One candidate action for a hint: its estimated win chance (for a solo mode, the expected
    normalised score) for the seat to move, and how many search iterations went through it."""
    action: object
    win_chance: float
    visits: int


@register_agent
class ISMCTSAgent(Agent):
    """Information-set MCTS. Spec settings: ``iterations`` (int), ``seconds`` (float), ``c``
    (exploration, default 0.7), ``policy`` (``heuristic`` or ``random`` rollouts; ``heuristic`` falls
    back to random in a game without one), ``depth`` (rollout actions before scoring with the game's
    ``evaluate``; 0 plays out to the end, as does a game without an evaluation), ``opponents``
    (``search`` or ``policy``) and ``epsilon`` (the share of modelled moves played at random). A
    setting the spec does not name comes from the game (see ``settings_for``)."""

    name = "ismcts"
    settings = {"iterations": int, "seconds": float, "c": float, "policy": str, "depth": int, "opponents": str,
                "epsilon": float}

    def __init__(self, seed=None, iterations=None, seconds=None, c=None, policy=None, depth=None, opponents=None,
                 epsilon=None):
        super().__init__(seed=seed)
        given = {"iterations": iterations, "seconds": seconds, "c": c, "policy": policy, "depth": depth,
                 "opponents": opponents, "epsilon": epsilon}
        self.explicit = {k: _check(k, v, "ismcts setting") for k, v in given.items() if v is not None}
        self._resolved = {}          # (game id, players) -> the settings searched with there
        self._no_heuristic = set()   # ids of games whose rollout_action returned None
        self._no_evaluate = set()    # ids of games whose evaluate returned None
        self.last_search = {"iterations": 0, "seconds": 0.0}
        self.caps: dict = {}         # the most a host allows (see ``cap``), applied over every other setting

    def cap(self, seconds: float | None = None, iterations: int | None = None, depth: int | None = None) -> "ISMCTSAgent":
        """Bound this agent's budget whatever its spec or the game says: at most ``seconds`` of search
        and ``iterations`` per decision, rollouts cut off after at most ``depth`` actions (a server's
        limits on agents that come from requests). Returns the agent."""
        self.caps = {k: v for k, v in (("seconds", seconds), ("iterations", iterations), ("depth", depth))
                     if v is not None}
        self._resolved.clear()
        return self

    def settings_for(self, game, players: int | None = None) -> dict:
        """The settings this agent searches ``game`` (with ``players`` seats; default: the game's
        first count) with: those its spec names, else the game's own
        (``game.search_settings_for(players)``), else the defaults (a budget of ``seconds=1``). A
        game's budget (say ``iterations=600``) applies only when the spec names no budget, and is
        then capped at the default second."""
        if players is None:
            players = game.default_players()
        key = (game.id, players)
        found = self._resolved.get(key)
        if found is not None:
            return found
        own = {k: _check(k, v, f"{game.id} search setting")
               for k, v in game.search_settings_for(players).items()}
        found = {"iterations": None, "seconds": None, "c": DEFAULT_C, "policy": "heuristic", "depth": DEFAULT_DEPTH,
                 "opponents": "search", "epsilon": 0.0}
        found.update({k: v for k, v in own.items() if k not in ("iterations", "seconds")})
        if "iterations" in self.explicit or "seconds" in self.explicit:
            found["iterations"] = self.explicit.get("iterations")
            found["seconds"] = self.explicit.get("seconds")
        else:
            found["iterations"] = own.get("iterations")
            found["seconds"] = min(own.get("seconds", DEFAULT_SECONDS), DEFAULT_SECONDS)
        found.update({k: v for k, v in self.explicit.items() if k not in ("iterations", "seconds")})
        for k, most in self.caps.items():
            if k == "depth":
                found[k] = most if found[k] == 0 else min(found[k], most)   # 0 plays out to the end
            else:
                found[k] = most if found[k] is None else min(found[k], most)
        self._resolved[key] = found
        return found

    @property
    def spec(self) -> str:
        parts = [f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in self.explicit.items()]
        return self.name + (":" + ",".join(parts) if parts else "")

    # --- the agent contract ------------------------------------------------------------------
    def choose(self, state):
        """The most visited action of a search from ``state``'s seat to move."""
        return finish(self.choosing(state))

    def analyse(self, state, top: int = 3) -> list[Hint]:
        """The ``top`` best actions for the seat to move, with their estimated win chance and
        visits, best first (the full budget is spent; ``state`` is not changed)."""
        return finish(self.analysing(state, top))

    def choosing(self, state, slice_seconds: float | None = None):
        """``choose`` in slices: a generator that pauses (yields) after each ``slice_seconds`` of
        search and returns the action, so a scheduler can interleave several searches in one
        process. A ``seconds`` budget counts only the time spent searching, not the pauses."""
        legal = _legal_or_refuse(state)
        if len(legal) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0}
            return legal[0]
        root = yield from self._searching(state, True, slice_seconds)
        return max(legal, key=lambda a: _rank(root.children.get(a.id)))

    def analysing(self, state, top: int = 3, slice_seconds: float | None = None):
        """``analyse`` in slices, as ``choosing``."""
        legal = _legal_or_refuse(state)
        root = yield from self._searching(state, False, slice_seconds)
        ranked = sorted(legal, key=lambda a: _rank(root.children.get(a.id)), reverse=True)
        hints = []
        for action in ranked[:max(0, top)]:
            node = root.children.get(action.id)
            visits = node.visits if node else 0
            hints.append(Hint(action, node.total / visits if visits else 0.0, visits))
        return hints

    # --- search --------------------------------------------------------------------------------
    def _search(self, state, early_stop: bool) -> _Node:
        return finish(self._searching(state, early_stop, None))

    def _searching(self, state, early_stop: bool, slice_seconds: float | None):
        """The search; yields after each ``slice_seconds`` of it (None: never) and returns the root."""
        seat = state.to_move
        game = state.game
        players = state.players
        rng = self.rng
        settings = self.settings_for(game, players)
        c = settings["c"]
        log, sqrt = math.log, math.sqrt
        heuristic = (None if settings["policy"] == "random" or game.id in self._no_heuristic
                     else game.rollout_action)
        depth = settings["depth"]
        evaluate = None if not depth or game.id in self._no_evaluate else game.evaluate
        model = settings["opponents"] == "policy"
        epsilon = settings["epsilon"]
        # Solo modes: the score's spread can be tiny (a Madness round is worth 1/40), so exploration
        # is scaled by the spread of the rewards seen in this search; ranking children by
        # mean + c * spread * sqrt(...) is UCB on rewards normalised to [0, 1].
        solo = players == 1
        low, high = math.inf, -math.inf
        root = _Node(None)
        iterations = settings["iterations"]
        limit = iterations if iterations is not None else math.inf
        started = time.perf_counter()
        seconds = settings["seconds"]
        deadline = started + seconds if seconds is not None else math.inf
        pause_at = started + slice_seconds if slice_seconds is not None else math.inf
        done = 0
        while done < limit:
            d = state.determinize(seat, rng).mute()   # a search copy writes no log
            node = root
            path = []
            # selection and expansion
            while d.to_move is not None:
                if model and d.to_move != seat:
                    # other seats play the rollout policy: the tree holds only this seat's choices
                    action = None
                    if heuristic is not None and not (epsilon and rng.random() < epsilon):
                        action = heuristic(d, rng)
                    if action is None:
                        moves = d.legal_actions()
                        action = moves[rng.below(len(moves))]
                    d.apply(action)
                    continue
                legal = d.legal_actions()
                children = node.children
                untried = None
                for a in legal:
                    child = children.get(a.id)
                    if child is None:
                        if untried is None:
                            untried = [a]
                        else:
                            untried.append(a)
                    else:
                        child.avail += 1
                if untried is not None:
                    a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                    child = children[a.id] = _Node(d.to_move)
                    child.avail = 1
                    d.apply(a)
                    path.append(child)
                    break
                best = None
                best_u = -math.inf
                for a in legal:
                    child = children[a.id]
                    u = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if u > best_u:
                        best_u, best, chosen = u, child, a
                d.apply(chosen)
                path.append(best)
                node = best
            # rollout
            steps = 0
            rewards = None
            while d.to_move is not None:
                if steps >= ROLLOUT_LIMIT:
                    rewards = _unfinished(game, d, players)
                    break
                if evaluate is not None and steps >= depth:
                    rewards = [evaluate(d, s) for s in range(players)]
                    if rewards[0] is None:
                        self._no_evaluate.add(game.id)
                        evaluate = rewards = None
                    else:
                        break
                action = None
                if heuristic is not None:
                    action = heuristic(d, rng)
                    if action is None:
                        self._no_heuristic.add(game.id)
                        heuristic = None
                if action is None:
                    moves = d.legal_actions()
                    action = moves[rng.below(len(moves))]
                d.apply(action)
                steps += 1
            if rewards is None:
                rewards = [d.outcome(s) for s in range(players)]
            if solo and not low <= rewards[0] <= high:
                low, high = min(low, rewards[0]), max(high, rewards[0])
                c = settings["c"] * (high - low) if high > low else settings["c"]
            # back-propagation: each node scores the reward of the seat that moved into it
            for n in path:
                n.visits += 1
                n.total += rewards[n.seat]
            done += 1
            if deadline != math.inf and time.perf_counter() >= deadline:
                break
            if pause_at != math.inf and time.perf_counter() >= pause_at:
                paused = time.perf_counter()
                yield
                resumed = time.perf_counter()
                started += resumed - paused     # the budget counts search time, not the pause
                deadline += resumed - paused
                pause_at = resumed + slice_seconds
            if early_stop and done % 16 == 0 and self._settled(root, done, limit, started, deadline):
                break
        self.last_search = {"iterations": done, "seconds": time.perf_counter() - started}
        return root

    @staticmethod
    def _settled(root, done, limit, started, deadline) -> bool:
        """True once the most visited root action cannot be overtaken within the budget left."""
        first = second = 0
        for child in root.children.values():
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        left = limit - done
        if deadline != math.inf:
            now = time.perf_counter()
            rate = done / max(now - started, 1e-9)
            left = min(left, rate * (deadline - now))
        return first - second > left


def finish(steps):
    """Run a generator made by ``choosing``/``analysing`` to its end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def _check(name, value, what):
    """A valid value of one ISMCTS setting, or IllegalAction naming what is allowed."""
    if name == "iterations":
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SpecRefused(f"{what} 'iterations' must be a whole number of at least 1, not {value!r}")
    elif name == "seconds":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
            raise SpecRefused(f"{what} 'seconds' must be a number above 0, not {value!r}")
        value = float(value)
    elif name == "c":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < math.inf:
            raise SpecRefused(f"{what} 'c' must be a number of at least 0, not {value!r}")
        value = float(value)
    elif name == "policy":
        value = str(value).strip().lower()
        if value not in POLICIES:
            raise SpecRefused(f"{what} 'policy' must be one of {', '.join(POLICIES)}, not {value!r}")
    elif name == "opponents":
        value = str(value).strip().lower()
        if value not in OPPONENTS:
            raise SpecRefused(f"{what} 'opponents' must be one of {', '.join(OPPONENTS)}, not {value!r}")
    elif name == "epsilon":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise SpecRefused(f"{what} 'epsilon' must be a number from 0 to 1, not {value!r}")
        value = float(value)
    elif name == "depth":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SpecRefused(f"{what} 'depth' must be a whole number of at least 0, not {value!r}")
    else:
        raise SpecRefused(f"{what} {name!r} is not one of: iterations, seconds, c, policy, depth, opponents, epsilon")
    return value


def _unfinished(game, state, players) -> list[float]:
    """The rewards of a rollout stopped before the end: the game's evaluation, else a draw."""
    rewards = [game.evaluate(state, s) for s in range(players)]
    if any(r is None for r in rewards):
        return [0.5] * players
    return rewards


def _rank(node):
    """Order root actions: most visits, then best mean reward (unvisited last)."""
    if node is None or not node.visits:
        return (0, 0.0)
    return (node.visits, node.total / node.visits)


def _legal_or_refuse(state):
    if state.to_move is None:
        raise IllegalAction("the game is over; there is nothing to choose")
    return state.legal_actions()


def iterations_per_second(states, seconds: float = 1.0, spec: str = "ismcts") -> float:
    """ISMCTS search speed: the iterations per second of the agent ``spec`` (default: the play
    default) spending ``seconds`` in all, shared evenly, on searches from ``states`` (positions
    with a seat to move). For benchmarks/throughput.py."""
    states = [s for s in states if s.to_move is not None]
    if not states:
        raise IllegalAction("iterations_per_second needs at least one position with a seat to move")
    like = agent(spec).settings_for(states[0].game, states[0].players)
    bot = ISMCTSAgent(seed=1, seconds=seconds / len(states), c=like["c"], policy=like["policy"], depth=like["depth"],
                      opponents=like["opponents"], epsilon=like["epsilon"])
    iterations = 0
    elapsed = 0.0
    for state in states:
        bot.analyse(state, top=0)   # spends the whole budget (choose may stop once it is settled)
        iterations += bot.last_search["iterations"]
        elapsed += bot.last_search["seconds"]
    return iterations / elapsed if elapsed else 0.0
