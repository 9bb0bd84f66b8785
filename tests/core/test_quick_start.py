"""The README's quick start is what CI and the docs run, and its test command sets up a fresh machine."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def quick_start_lines() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1]
    block = section.split("```bash", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_the_quick_start_has_a_play_line_and_a_test_line():
    play, test = quick_start_lines()
    assert play.endswith(".venv/bin/tabletome play spirit-link")
    assert test.startswith("python3 -m venv .venv && .venv/bin/pip install -q '.[test]' && ")
    assert test.endswith(".venv/bin/python tests/run")


def test_ci_runs_the_readme_test_line_exactly():
    ci = (ROOT / ".ci" / "run").read_text()
    found = re.search(r"^cmd=\$\((.*)\)$", ci, re.M)
    assert found, ".ci/run no longer reads its command from the README"
    extracted = subprocess.run(["bash", "-c", found.group(1)], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
    assert extracted == quick_start_lines()[1]
    assert 'bash -c "$cmd"' in ci


def test_every_doc_that_installs_the_test_tools_uses_the_quick_start_line():
    test_line = quick_start_lines()[1]
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "benchmarks" / "README.md"]
    seen = 0
    for doc in docs:
        for line in doc.read_text().splitlines():
            if "'.[test]'" in line:
                seen += 1
                assert line.strip() == test_line, f"{doc.relative_to(ROOT)}: {line.strip()!r} drifted from the quick start"
    assert seen >= 1


def _run_as_unprivileged(script: Path) -> subprocess.CompletedProcess:
    if os.geteuid() == 0:
        command = ["/usr/sbin/runuser", "-u", "nobody", "--", "/usr/bin/python3", str(script)]
    else:
        command = ["/usr/bin/python3", str(script)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, cwd="/",
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_without_rights_it_stops_at_once_with_the_command_to_run():
    if os.geteuid() != 0 and shutil.which("sudo") and \
            subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        pytest.skip("this user may install packages with sudo, so the script would install")
    # The real script, with Chromium looked for where it is not.
    source = (ROOT / "tests" / "run").read_text()
    assert '"/usr/bin/chromium"' in source
    # A folder the unprivileged user can read (pytest's own tmp_path sits under a private one).
    folder = Path(tempfile.mkdtemp(prefix="tests-run-"))
    try:
        folder.chmod(0o755)
        script = folder / "run"
        script.write_text(source.replace('"/usr/bin/chromium"', '"/nonexistent/chromium"'))
        script.chmod(0o755)
        result = _run_as_unprivileged(script)
    finally:
        shutil.rmtree(folder)
    assert result.returncode == 2, result.stderr
    assert "sudo apt-get update && sudo apt-get install -y chromium" in result.stderr
    assert "Chromium, for the browser tests" in result.stderr
    assert "pytest" not in result.stdout


def test_with_everything_present_it_runs_pytest_with_the_arguments_given():
    result = subprocess.run([sys.executable, str(ROOT / "tests" / "run"), "--collect-only", "-n", "0",
                             "tests/core/test_quick_start.py"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "installing" not in result.stdout
    assert "5 tests collected" in result.stdout
