"""benchmarks/rl_throughput.py --src compares two versions of tabletome even where an env it also
measures cannot be built (PettingZoo's classic games without their extra): that env's row is
passed on and the versions are still measured."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_src_comparison_reports_every_version(tmp_path):
    src = str(ROOT / "src")
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rl_throughput.py"), "--src", f"old={src}",
                          "--src", f"new={src}", "--game", "spirit-link", "--only", "batch", "--batch", "4",
                          "--seconds", "0.05", "--rounds", "2"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    measured = {r["src"]: r for r in rows if r.get("game") == "spirit-link"}
    assert set(measured) == {"old", "new"}
    assert all(r["batch4_steps_per_s"] > 0 for r in measured.values())
