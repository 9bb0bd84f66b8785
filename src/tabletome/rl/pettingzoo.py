"""Every tabletome game as a PettingZoo AEC environment.

    from tabletome.rl.pettingzoo import env
    e = env("spirit-link")                  # players=N and the game's options as keywords
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0``... (seat 0 is ``player_0``). The observation is a dict: ``observation``,
``state.observation(seat)`` (what that seat may see, float32, inside the encoder's bounds), and
``action_mask`` (int8, 1 at the legal action ids, all 0 for a seat not to move). Rewards are
``state.returns()`` at the end (the game's ``utility`` declares them), 0 before. A game the rules end
is a termination; one that reaches its declared length limit (a draw, rewards 0) is a truncation.
``state()`` (in ``state_space``) is every seat's observation in seat order: the one place that
shows hidden information, for a centralised critic in training, never for an agent that plays.
An illegal action raises ``IllegalAction`` and changes nothing
(wrap the env in PettingZoo's ``TerminateIllegalWrapper`` to end the game instead). Render modes:
``ansi`` (returns the terminal drawing as text) and ``human`` (prints it), both a spectator's view.
``reset(options=...)`` ignores its options: the game's options are fixed when the env is made.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .common import env_name, observation_space, render_text, resolve_game, seed_from, state_space, write_state


class TabletomeAEC(AECEnv):
    """A tabletome game as an AEC env (made by ``raw_env``/``env``)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "tabletome", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, game, players: int | None = None, render_mode: str | None = None, **options):
        super().__init__()
        self.game, self.players, self.game_options, self.card_text = resolve_game(game, players, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=env_name(self.game.id))
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.encoder = self.game.encoder(self.players, self.card_text, **self.game_options)
        self.n_actions = len(self.game.table_for(self.card_text))
        obs_space = observation_space(self.encoder, self.n_actions)
        self.state_space = state_space(self.encoder, self.players)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self._np_random = None
        self.game_state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._np_random is None:
            self._np_random = np.random.default_rng(seed)
        self.game_state = self.game.new(players=self.players, seed=seed_from(self._np_random),
                                   card_text=self.card_text, **self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.to_move]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        state = self.game_state
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if state.to_move == seat:
            m = memoryview(mask)  # single items are set faster than through numpy
            for a in state.legal_actions():
                m[a.id] = 1
        return {"observation": state.observation(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        state.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            returns = state.returns()
            ends = self.truncations if state.ended_by_length else self.terminations   # the length limit truncates
            for a in self.agents:
                seat = self.agent_name_mapping[a]
                self.rewards[a] = float(returns[seat])
                ends[a] = True
                self.infos[a] = {"winners": list(state.winners), "ended_by_length": state.ended_by_length}
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[state.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> np.ndarray:
        """Every seat's observation, in seat order (``state_space``): hidden information, for a
        centralised critic in training only. (The tabletome state itself is ``game_state``.)"""
        if self.game_state is None:
            raise AttributeError("state() before reset()")
        return write_state(self.game_state, self.players, np.zeros(self.state_space.shape, np.float32))

    def render(self):
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() called without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        if self.game_state is None:
            return None
        text = render_text(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def __str__(self):
        return self.metadata["name"]


def raw_env(game, players: int | None = None, render_mode: str | None = None, **options) -> TabletomeAEC:
    """The env without wrappers."""
    return TabletomeAEC(game, players=players, render_mode=render_mode, **options)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, whose ``last()`` asks the env itself once reset
    (instead of reading each attribute through two wrapper ``__getattr__`` calls): the same
    answers, the same error before reset."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)


def env(game, players: int | None = None, render_mode: str | None = None, **options):
    """The env for ``game`` (an id such as ``"spirit-link"``), in PettingZoo's order-enforcing
    wrapper (which refuses a step before reset, as the classic envs do)."""
    return _OrderEnforcing(raw_env(game, players=players, render_mode=render_mode, **options))
