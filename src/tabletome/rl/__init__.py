"""tabletome.rl: every registered game as a standard reinforcement-learning environment.

- ``tabletome.rl.pettingzoo.env(game, players=N, **options)``: a PettingZoo AEC env;
- ``gymnasium.make("tabletome/SpiritLink-v1", seat=0, opponent="heuristic")``: a Gymnasium env, and
  ``gymnasium.make_vec("tabletome/SpiritLink-v1", num_envs=64)`` Gymnasium's vector env
  (``tabletome.rl.gymnasium``, which registers the ids on import; the version is the game's,
  ``tabletome.rl.version(game_id)``, see ``tabletome.rl.versions``);
- ``tabletome.rl.openspiel``: every game registered with ``pyspiel`` as a Python game;
- ``tabletome.rl.VectorEnv(game, n, ...)``: many games stepped at once with auto-reset.

Observations come from the contract (``state.observation(seat)``, ``state.action_mask()``), so a
new game joins every adapter by registering itself. Install with ``pip install 'tabletome[rl]'``.
See docs/rl.md.
"""

from .common import env_name, gym_id, resolve_game
from .versions import version


def __getattr__(name):
    if name == "VectorEnv":
        from .vector import VectorEnv
        return VectorEnv
    raise AttributeError(f"module 'tabletome.rl' has no attribute {name!r}")


__all__ = ["VectorEnv", "env_name", "gym_id", "resolve_game", "version"]
