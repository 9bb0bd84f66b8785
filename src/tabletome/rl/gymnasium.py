"""Every tabletome game as a single-agent Gymnasium environment: the learner at one seat, the
other seats played by tabletome agents.

    import gymnasium, tabletome.rl.gymnasium     # registers tabletome/<Game>-v0 for every game
    env = gymnasium.make("tabletome/SpiritLink-v0", seat=0, opponent="heuristic")
    obs, info = env.reset(seed=7)
    action = env.action_space.sample(obs["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

(``gymnasium.make("tabletome.rl.gymnasium:tabletome/SpiritLink-v0")`` imports the module itself.)

Arguments: ``players`` and the game's options as keywords; ``seat`` (the learner's seat, default
0); ``opponent``, one agent spec for every other seat or a list of one per other seat in seat order
(``"heuristic"``, ``"random"``, ``"ismcts:iterations=200"``, ``"policy:PATH"``); ``illegal``,
what an illegal action does: ``"lose"`` (default: the episode ends with the lowest return, as
PettingZoo's TerminateIllegalWrapper does; ``info["illegal_action"]`` says so, nothing is applied)
or ``"raise"`` (``IllegalAction``); ``render_mode`` ``"ansi"`` or ``"human"``.

The observation is a dict: ``observation`` (``state.observation(seat)``, float32) and
``action_mask`` (int8, 1 at the legal ids; all 0 once the episode ended). ``env.action_masks()``
gives the bool mask (as sb3-contrib's MaskablePPO asks for). The reward is the learner's
``state.returns()`` entry at the end, 0 before.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

import tabletome
from tabletome.core import IllegalAction

from .common import gym_id, render_text, resolve_game, seed_from


class TabletomeEnv(gymnasium.Env):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game, players: int | None = None, seat: int = 0, opponent="heuristic",
                 illegal: str = "lose", render_mode: str | None = None, **options):
        self.game, self.players, self.game_options, self.card_text = resolve_game(game, players, options)
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.players:
            raise IllegalAction(f"seat must be a seat of the {self.players}-player game (0 to {self.players - 1}), not {seat!r}")
        self.seat = int(seat)
        others = [s for s in range(self.players) if s != self.seat]
        specs = [opponent] * len(others) if isinstance(opponent, str) else list(opponent)
        if len(specs) != len(others):
            raise IllegalAction(f"opponent must be one agent spec or a list of {len(others)}, one per other seat; got {opponent!r}")
        for spec in specs:
            tabletome.agent(spec, seed=0)  # a bad spec fails here, with the agent factory's message
        self.opponent_specs = dict(zip(others, specs))
        if illegal not in ("lose", "raise"):
            raise IllegalAction(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise IllegalAction(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.encoder = self.game.encoder(self.players, self.card_text, **self.game_options)
        self.n_actions = len(self.game.table_for(self.card_text))
        self.utility = self.game.utility(self.players, **self.game_options)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.n_actions)
        self.state = None
        self.opponents = {}
        self._done = True

    def _obs(self):
        state = self.state
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if not self._done and state.to_move == self.seat:
            m = memoryview(mask)  # single items are set faster than through numpy
            for a in state.legal_actions():
                m[a.id] = 1
        return {"observation": state.observation(self.seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal action ids as a bool mask (all False once the episode ended)."""
        if self._done:
            return np.zeros(self.n_actions, dtype=bool)
        return self.state.action_mask()

    def _play_opponents(self):
        state = self.state
        while not state.is_over and state.to_move != self.seat:
            state.apply(self.opponents[state.to_move].choose(state))

    def reset(self, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        self.state = self.game.new(players=self.players, seed=seed_from(rng), card_text=self.card_text,
                                   **self.game_options)
        self.opponents = {s: tabletome.agent(spec, seed=seed_from(rng)) for s, spec in self.opponent_specs.items()}
        self._done = False
        self._play_opponents()
        self._done = self.state.is_over
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def _info(self):
        state = self.state
        info = {"to_move": state.to_move}
        if state.is_over:
            info.update(winners=list(state.winners), returns=state.returns(),
                        ended_by_length=state.ended_by_length)
        return info

    def step(self, action):
        if self.state is None or self._done:
            raise IllegalAction("the episode is over: call reset() first")
        state = self.state
        try:
            state.apply(int(action))
        except (IllegalAction, TypeError, ValueError) as exc:
            if self.illegal == "raise":
                raise
            self._done = True
            info = self._info()
            info["illegal_action"] = str(exc)
            return self._obs(), float(self.utility["min"]), True, False, info
        self._play_opponents()
        reward = 0.0
        if state.is_over:
            self._done = True
            reward = float(state.returns()[self.seat])
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, self._done, False, self._info()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        if self.state is None:
            return None
        text = render_text(self.state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register_envs() -> list[str]:
    """Register ``tabletome/<Game>-v0`` for every registered game (done on import); the ids."""
    ids = []
    for game_id in tabletome.games():
        env_id = gym_id(game_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="tabletome.rl.gymnasium:TabletomeEnv",
                               kwargs={"game": game_id}, disable_env_checker=False)
        ids.append(env_id)
    return ids


ENV_IDS = register_envs()
