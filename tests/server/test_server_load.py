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
