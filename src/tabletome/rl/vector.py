"""``VectorEnv``: many games of one kind stepped together, with auto-reset, for fast learning.

    from tabletome.rl import VectorEnv
    env = VectorEnv("spirit-link", 64, seed=0)               # self-play: you choose for every seat
    obs, mask, seat = env.reset()
    obs, mask, seat, rewards, dones = env.step(actions)      # one action id per game

    env = VectorEnv("spirit-link", 64, seat=0, opponent="heuristic")   # the learner at seat 0

Self-play (no ``opponent``): each step takes one action per game for the seat to move there;
``seat[i]`` says whose observation ``obs[i]`` is (the seat to move next), and ``rewards`` is
``(n, players)``: each seat's return in the games that just ended (0 elsewhere). With ``opponent``
(an agent spec, or one per other seat) the other seats play themselves; ``rewards`` is ``(n,)``,
the learner's return. A game that ends is started again at once (``dones[i]`` is True, and
``obs[i]`` is the new game's first observation); ``env.finished`` counts the games played and
``env.last_returns[i]`` holds game i's last returns. The arrays are reused from step to step: copy
what you keep. An illegal action anywhere in a batch raises ``IllegalAction`` before any game moves.
"""

from __future__ import annotations

import numpy as np

import tabletome
from tabletome.core import IllegalAction, Rng

from .common import resolve_game


class VectorEnv:
    def __init__(self, game, n: int, players: int | None = None, seed: int | None = 0, seat: int | None = None,
                 opponent=None, **options):
        self.game, self.players, self.options, self.card_text = resolve_game(game, players, options)
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise IllegalAction(f"n, the number of games, must be a whole number of at least 1, not {n!r}")
        self.n = int(n)
        self.encoder = self.game.encoder(self.players, self.card_text, **self.options)
        self.n_actions = len(self.game.table_for(self.card_text))
        self.learner = None
        self.opponent_specs = {}
        if opponent is not None:
            self.learner = 0 if seat is None else int(seat)
            if not 0 <= self.learner < self.players:
                raise IllegalAction(f"seat must be 0 to {self.players - 1}, not {seat!r}")
            others = [s for s in range(self.players) if s != self.learner]
            specs = [opponent] * len(others) if isinstance(opponent, str) else list(opponent)
            if len(specs) != len(others):
                raise IllegalAction(f"opponent must be one agent spec or a list of {len(others)}; got {opponent!r}")
            self.opponent_specs = dict(zip(others, specs))
        elif seat is not None:
            raise IllegalAction("seat is the learner's seat against an opponent: name the opponent too")
        self.obs = np.zeros((self.n, self.encoder.size), np.float32)
        self.mask = np.zeros((self.n, self.n_actions), bool)
        self._ids = [None] * self.n  # the ids set in each game's mask row
        self._rows = np.arange(self.n)
        self._direct = bool(getattr(self.encoder, "reads_state", False))
        self.seat = np.zeros(self.n, np.int64)
        self.dones = np.zeros(self.n, bool)
        shape = (self.n,) if self.learner is not None else (self.n, self.players)
        self.rewards = np.zeros(shape, np.float32)
        self.last_returns = [None] * self.n
        self.states = []
        self.opponents = []
        self.finished = 0
        self._rng = Rng(0)
        if seed is not None:
            self.reset(seed)

    def _new_game(self, i):
        rng = self._rng
        state = self.game.new(players=self.players, seed=rng.next64() >> 1, card_text=self.card_text, **self.options)
        if self.learner is not None:
            self.opponents[i] = {s: tabletome.agent(spec, seed=rng.next64() >> 1) for s, spec in self.opponent_specs.items()}
        self.states[i] = state
        self._advance(i)

    def _advance(self, i):
        """Let the opponents move in game i until the learner is to move or the game is over."""
        state = self.states[i]
        if self.learner is not None:
            agents = self.opponents[i]
            while state.to_move is not None and state.to_move != self.learner:
                state.apply(agents[state.to_move].choose(state))

    def _write(self, i):
        """Game i's observation for the seat to move and its mask, into the batch's arrays. (A
        game written here is never over, so never at its length limit: a direct encoder applies.)"""
        state = self.states[i]
        seat = state.to_move
        self.seat[i] = seat
        row = self.obs[i]
        if self._direct:
            row.fill(0.0)
            self.encoder.encode_state(state, seat, row)
        else:
            state.observation(seat, out=row)
        row = self.mask[i]
        ids = self._ids[i]
        if ids:
            row[ids] = False
        ids = self._ids[i] = [a.id for a in state.legal_actions()]
        row[ids] = True

    def reset(self, seed: int | None = None):
        """Start every game afresh; ``(obs, mask, seat)``."""
        if seed is not None:
            self._rng = Rng(int(seed))
        self.states = [None] * self.n
        self.opponents = [None] * self.n
        for i in range(self.n):
            self._new_game(i)
            while self.states[i].is_over:  # a game over before the learner moves: play another
                self._new_game(i)
            self._write(i)
        return self.obs, self.mask, self.seat

    def step(self, actions):
        """Apply ``actions[i]`` in game i; ``(obs, mask, seat, rewards, dones)``."""
        if len(actions) != self.n:
            raise IllegalAction(f"step takes one action per game: {self.n}, not {len(actions)}")
        actions = [int(a) for a in actions]
        ids = np.asarray(actions)
        inside = (ids >= 0) & (ids < self.n_actions)
        legal = self.mask[self._rows, np.where(inside, ids, 0)] & inside
        if not legal.all():  # refuse a bad batch before any game moves, with the game's message
            for i in np.flatnonzero(~legal):
                try:
                    self.states[i].action_of_id(actions[i])
                except IllegalAction as exc:
                    raise IllegalAction(f"game {i} of the batch: {exc}") from None
        rewards, dones = self.rewards, self.dones
        rewards.fill(0.0)
        dones.fill(False)
        learner = self.learner
        for i in range(self.n):
            state = self.states[i]
            state.apply(state.table[actions[i]])  # legal (checked above): the table's own Action
            self._advance(i)
            if state.to_move is None:
                returns = state.returns()
                self.last_returns[i] = returns
                self.finished += 1
                if learner is None:
                    rewards[i] = returns
                else:
                    rewards[i] = returns[learner]
                dones[i] = True
                self._new_game(i)
                while self.states[i].is_over:
                    self._new_game(i)
            self._write(i)
        return self.obs, self.mask, self.seat, rewards, dones
