"""A plain ``pip install .`` has no numpy: the engine, agents and records still work, and asking
for an observation says what to install."""

import subprocess
import sys

SCRIPT = r"""
import sys
sys.modules["numpy"] = None          # import numpy now fails, as where it is not installed
import tabletome
from tabletome import IllegalAction
for game_id in tabletome.games():
    state = tabletome.game(game_id).new(seed=1)
    bot = tabletome.agent("heuristic", seed=1)
    while not state.is_over:
        state.apply(bot.choose(state))
    assert state.returns() and tabletome.replay(state.record()).snapshot() == state.snapshot()
    try:
        state.observation(0)
    except IllegalAction as exc:
        assert "pip install 'tabletome[rl]'" in str(exc)
    else:
        raise AssertionError("an observation without numpy")
print("ok")
"""


def test_the_engine_runs_without_numpy():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
