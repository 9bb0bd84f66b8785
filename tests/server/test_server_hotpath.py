"""benchmarks/server_hotpath.py plays moves through the server's hub without the network. Run
briefly here: what is checked is that the moves were played and accepted and the CPU per move
measured, never how fast."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "server_hotpath.py"), *args],
                          capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)


def test_the_hot_path_benchmark_plays_moves_through_the_hub():
    done = run("--moves", "400", "--tables", "6")
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["moves"] >= 400 and out["tables"] == 6
    assert out["cpu_us_per_move"] > 0
    assert out["games_started"] >= 6


def test_the_hot_path_benchmark_refuses_what_it_cannot_run():
    done = run("--moves", "0")
    assert done.returncode != 0 and "--moves is 1 to" in done.stderr
