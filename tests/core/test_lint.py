"""The linter CI runs: ``ruff check`` with pyproject.toml's rules over the code, the tests, the
benchmarks, the examples and the docs' scripts; it fails with ruff's own report."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ["src", "tests", "benchmarks", "examples", "docs"]


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", *CHECKED],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"ruff check {' '.join(CHECKED)}:\n{done.stdout}{done.stderr}"
