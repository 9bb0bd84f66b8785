"""benchmarks/server_load.py measures the server beside its echo reference (benchmarks/_echo.py, a
bare FastAPI WebSocket app speaking the same protocol) in one run, on SQLite and on PostgreSQL. Run
briefly here (two tables, one second): what is checked is that both were measured and the JSON
carries both numbers and their ratio, never how fast anything was."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("storage", ["sqlite", "postgres"])
def test_the_load_benchmark_measures_the_server_and_the_echo_side_by_side(storage):
    cmd = [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), "--tables", "2", "--mode", "closed",
           "--seconds", "1", "--procs", "1", "--echo", "--rounds", "1", "--storage", storage]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    runs = [x for x in lines if not x.get("summary")]
    assert sorted(r["target"] for r in runs) == ["echo", "server"]
    server = next(r for r in runs if r["target"] == "server")
    echo = next(r for r in runs if r["target"] == "echo")
    assert server["storage"] == storage and echo["server_src"] == "benchmarks/_echo.py"
    for r in runs:              # both really played: moves were committed and acknowledged, no errors
        assert r["tables"] == 2 and r["mode"] == "closed" and r["errors"] == 0
        assert r["committed_moves"] > 0 and r["moves_per_s"] > 0 and r["server_cpu_ms_per_move"] > 0
    if storage == "postgres":
        assert server["database_cpu_ms_per_move"] is not None
    [summary] = [x for x in lines if x.get("summary")]
    assert summary["storage"] == storage and summary["rounds"] == 1
    assert summary["server_moves_per_s_median"] == server["moves_per_s"]
    assert summary["echo_moves_per_s_median"] == echo["moves_per_s"]
    assert summary["ratio"] == round(server["moves_per_s"] / echo["moves_per_s"], 3)
    assert summary["ratio_ci95"] == [summary["ratio"]] * 2     # one round: nothing to tell it from


def test_the_ratio_comes_with_how_uncertain_the_rounds_leave_it():
    """``ratio_ci95``: a bootstrap interval over the rounds, each round's server and echo drawn
    together. Rounds that agree leave no doubt; rounds that disagree widen it around the ratio;
    the same runs give the same interval."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import server_load

    def runs(pairs):
        out = []
        for s, e in pairs:
            out += [{"target": "server", "tables": 200, "mode": "closed", "storage": "sqlite", "moves_per_s": s,
                     "server_cpu_ms_per_move": 0.4},
                    {"target": "echo", "tables": 200, "mode": "closed", "storage": None, "moves_per_s": e,
                     "server_cpu_ms_per_move": 0.1}]
        return out

    steady = server_load.summary(runs([(2000, 5000)] * 5))
    assert steady["ratio"] == 0.4 and steady["ratio_ci95"] == [0.4, 0.4]
    noisy = runs([(1800, 6000), (2600, 5200), (2100, 7000), (2400, 5000), (2000, 6400), (2300, 5600), (2200, 6100)])
    spread = server_load.summary(noisy)
    low, high = spread["ratio_ci95"]
    assert low < spread["ratio"] < high and high - low > 0.05
    assert server_load.summary(noisy)["ratio_ci95"] == [low, high]
