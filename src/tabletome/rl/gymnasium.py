"""Every tabletome game as a single-agent Gymnasium environment, and as Gymnasium's own vector
environment: the learner at one seat, the other seats played by tabletome agents.

    import gymnasium, tabletome.rl.gymnasium     # registers tabletome/<Game>-v1 for every game
    env = gymnasium.make("tabletome/SpiritLink-v1", seat=0, opponent="heuristic")
    obs, info = env.reset(seed=7)
    action = env.action_space.sample(obs["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

    envs = gymnasium.make_vec("tabletome/SpiritLink-v1", num_envs=64, opponent="heuristic")  # a TabletomeVectorEnv

(``gymnasium.make("tabletome.rl.gymnasium:tabletome/SpiritLink-v1")`` imports the module itself.)
The version in each id is the game's (``tabletome.rl.versions``).

Arguments: ``players`` and the game's options as keywords; ``seat`` (the learner's seat, default
0; a seat the game plays by its own rules, such as a Life & Legend AI opponent card, is refused);
``opponent``, one agent spec for every other seat that decides or a list of one per such seat in
seat order (``"heuristic"``, ``"random"``, ``"ismcts:iterations=200"``, ``"policy:PATH"``);
``illegal``, what an illegal action does: ``"lose"`` (default: the episode ends with the lowest
return, as PettingZoo's TerminateIllegalWrapper does; ``info["illegal_action"]`` says so, nothing is
applied) or ``"raise"`` (``IllegalAction``); ``render_mode`` ``"ansi"`` or ``"human"``;
``global_state=True`` adds ``info["state"]``, every seat's observation (hidden information: for a
centralised critic in training only, never for an agent that plays).

The observation is a dict: ``observation`` (``state.observation(seat)``, float32, inside the
encoder's bounds) and ``action_mask`` (int8, 1 at the legal ids; all 0 once the episode ended).
``env.action_masks()`` gives the bool mask (as sb3-contrib's MaskablePPO asks for). The reward is
the learner's ``state.returns()`` entry at the end, 0 before. A game the rules end is
``terminated``; one stopped by the game's length limit (a draw, reward 0) is ``truncated``.
``info["to_move"]`` is the learner's seat while the episode runs (absent once it is over, so that
Gymnasium's vector envs can batch it); at the end ``info`` holds ``winners``, ``returns`` and
``ended_by_length``.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import tabletome
from tabletome.core import IllegalAction

from .common import (gym_id, learner_seat, observation_space, opponent_specs, other_seats, render_text, resolve_game, seed_from,
                     state_space, write_state)


class TabletomeEnv(gymnasium.Env):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game, players: int | None = None, seat: int = 0, opponent="heuristic",
                 illegal: str = "lose", render_mode: str | None = None, global_state: bool = False, **options):
        self.game, self.players, self.game_options, self.card_text = resolve_game(game, players, options)
        self.seat = learner_seat(self.game, self.players, self.game_options, seat)
        others = other_seats(self.game, self.players, self.game_options, self.seat)
        self.opponent_specs = opponent_specs(opponent, others)
        if not isinstance(global_state, bool):
            raise IllegalAction(f"global_state must be True (info['state']: every seat's observation) or False, "
                                f"not {global_state!r}")
        self.global_state = global_state
        if illegal not in ("lose", "raise"):
            raise IllegalAction(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise IllegalAction(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.encoder = self.game.encoder(self.players, self.card_text, **self.game_options)
        self.n_actions = len(self.game.table_for(self.card_text))
        self.utility = self.game.utility(self.players, **self.game_options)
        self.observation_space = observation_space(self.encoder, self.n_actions)
        self.state_space = state_space(self.encoder, self.players)
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
        if state.is_over:
            info = {"winners": list(state.winners), "returns": state.returns(),
                    "ended_by_length": state.ended_by_length}
        else:
            info = {"to_move": state.to_move}
        if self.global_state:
            info["state"] = write_state(state, self.players, np.zeros(self.state_space.shape, np.float32))
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
        truncated = self._done and state.ended_by_length   # the game's length limit, not its rules
        return self._obs(), reward, self._done and not truncated, truncated, self._info()

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


class TabletomeVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games in one of Gymnasium's vector envs, stepped by ``tabletome.rl.VectorEnv``
    (``self.batch``): what ``gymnasium.make_vec("tabletome/<Game>-v1", num_envs=K)`` gives
    (``vectorization_mode="vector_entry_point"``, the default for these ids).

    The learner plays ``seat`` in every game against ``opponent`` (as ``TabletomeEnv``); ``players``
    and the game's options as keywords; ``workers=k`` steps the games in k processes
    (``VectorEnv``'s, closed by ``close()``). Autoreset is ``AutoresetMode.SAME_STEP``
    (``metadata["autoreset_mode"]``): a game that ends is started again in the same step, whose
    observation row is the new game's first; ``info["final_obs"]`` (an object array, with
    ``info["_final_obs"]`` True where a game ended) holds the ended game's last observation and
    ``info["final_info"]`` its ``returns`` (every seat's: a ``(num_envs, players)`` array) and
    ``ended_by_length``. ``terminated`` and
    ``truncated`` are apart: the game's length limit is a truncation. Action masks: the
    observation's ``action_mask`` rows (int8), ``action_masks()`` (bool, ``(num_envs, actions)``)
    and ``call("action_masks")`` (one row per game, as Gymnasium's sync and async envs answer).
    An illegal action anywhere raises ``IllegalAction`` before any game moves. ``copy=False``
    hands out the batch's own arrays, overwritten by the next step (faster; copy what you keep).
    ``global_state=True`` adds ``info["state"]``, every seat's observation per game (hidden
    information: for a centralised critic in training only; one process, ``workers=1``).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game, num_envs: int = 1, players: int | None = None, seat: int = 0, opponent="heuristic",
                 workers: int = 1, start_method: str = "spawn", copy: bool = True, global_state: bool = False,
                 **options):
        from .vector import VectorEnv
        if not isinstance(copy, bool):
            raise IllegalAction(f"copy must be True (arrays of its own each step) or False (the batch's arrays), "
                                f"not {copy!r}")
        if not isinstance(global_state, bool):
            raise IllegalAction(f"global_state must be True (info['state']: every seat's observation) or False, "
                                f"not {global_state!r}")
        if global_state and workers != 1:
            raise IllegalAction("global_state reads every game's state, which lives in this process only with workers=1")
        self.batch = VectorEnv(game, num_envs, players=players, seed=None, seat=seat, opponent=opponent,
                               workers=workers, start_method=start_method, final_obs=True, **options)
        batch = self.batch
        self.num_envs = batch.n
        self.copy = copy
        self.global_state = global_state
        self.single_observation_space = observation_space(batch.encoder, batch.n_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.single_action_space = spaces.Discrete(batch.n_actions)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.single_state_space = state_space(batch.encoder, batch.players)
        self._obs_view = {"observation": batch.obs, "action_mask": batch.mask.view(np.int8)}
        self._zero_mask = np.zeros(batch.n_actions, np.int8)
        self._state = np.zeros((self.num_envs, *self.single_state_space.shape), np.float32) if global_state else None
        self._seeded = False

    def _observations(self):
        view = self._obs_view
        if not self.copy:
            return view
        return {"observation": view["observation"].copy(), "action_mask": view["action_mask"].copy()}

    def _infos(self) -> dict:
        if self._state is None:
            return {}
        for i, state in enumerate(self.batch.states):
            write_state(state, state.players, self._state[i])
        return {"state": self._state.copy() if self.copy else self._state}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Start every game afresh (``seed``: an int; None draws one the first time, then goes on)."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
            raise IllegalAction(f"seed must be a whole number of at least 0 (one seed seeds the whole batch) or None, "
                                f"not {seed!r}")
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = int(np.random.SeedSequence().entropy) & (2**63 - 1)
        self._seeded = True
        self.batch.reset(seed)
        return self._observations(), self._infos()

    def step(self, actions):
        batch = self.batch
        obs, mask, seat, rewards, dones = batch.step(actions)
        truncated = batch.truncated
        info = self._infos()
        if dones.any():
            for i in np.flatnonzero(dones):
                final = {"final_obs": {"observation": batch.final_obs[i].copy(), "action_mask": self._zero_mask.copy()},
                         "final_info": self._final_info(i)}
                info = self._add_info(info, final, i)
        return (self._observations(), rewards.astype(np.float64), dones & ~truncated, truncated.copy(), info)

    def _final_info(self, i) -> dict:
        return {"returns": np.asarray(self.batch.last_returns[i], np.float64),
                "ended_by_length": bool(self.batch.truncated[i])}

    def action_masks(self) -> np.ndarray:
        """The legal ids of every game as a bool mask, ``(num_envs, actions)``."""
        return self.batch.mask.copy()

    def call(self, name: str, *args, **kwargs) -> tuple:
        """Gymnasium's ``call`` for the one method a maskable trainer asks each env for:
        ``call("action_masks")`` gives each game's bool mask row."""
        if name != "action_masks":
            raise IllegalAction(f"call answers 'action_masks' (each game's bool mask); {name!r} is not offered")
        return tuple(self.batch.mask.copy())

    def close_extras(self, **kwargs):
        self.batch.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def register_envs() -> list[str]:
    """Register ``tabletome/<Game>-v<version>`` for every registered game (done on import): the
    single env and the vector env (``make_vec``); the ids."""
    ids = []
    for game_id in tabletome.games():
        env_id = gym_id(game_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="tabletome.rl.gymnasium:TabletomeEnv",
                               vector_entry_point="tabletome.rl.gymnasium:TabletomeVectorEnv",
                               kwargs={"game": game_id}, disable_env_checker=False)
        ids.append(env_id)
    return ids


ENV_IDS = register_envs()
