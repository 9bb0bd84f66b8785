"""docs/lab.md's example figures are what docs/lab_examples.py prints, so the page cannot go stale.

Each example block of the page must be the script's rendering of the figures it recorded
(docs/lab/examples.json) for the same commands; the quick examples (small studies) are re-played
here and must give exactly those figures; the rest are re-played behind ``--slow``."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load():
    spec = importlib.util.spec_from_file_location("lab_examples", ROOT / "docs" / "lab_examples.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["lab_examples"] = module
    spec.loader.exec_module(module)
    return module


examples = load()
RECORDED = json.loads(examples.FIGURES.read_text())


@pytest.mark.parametrize("name", [e.name for e in examples.EXAMPLES])
def test_each_block_of_the_page_is_the_rendering_of_its_recorded_figures(name):
    example = examples.BY_NAME[name]
    figures = RECORDED[name]
    # recorded for the commands the script runs now
    assert figures["spec"] == examples.spec_hash(example), f"re-run: python docs/lab_examples.py --only {name} --write"
    page = examples.DOC.read_text()
    assert examples.block(page, name) == examples.render(name, figures)
    for command in figures["commands"]:
        assert command in page


def run_script(tmp_path, *args):
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "lab_examples.py"), "--runs", str(tmp_path),
                           "--workers", "1", *args], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_quick_examples_replay_to_the_pages_figures(tmp_path):
    quick = [e.name for e in examples.EXAMPLES if e.quick]
    assert quick
    printed = run_script(tmp_path, "--quick")
    assert sorted(printed) == sorted(quick)
    for name in quick:
        assert printed[name] == RECORDED[name]
        assert examples.block(examples.DOC.read_text(), name) == examples.render(name, printed[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", [e.name for e in examples.EXAMPLES if not e.quick])
def test_every_example_replays_to_the_pages_figures(tmp_path, name):
    assert run_script(tmp_path, "--only", name)[name] == RECORDED[name]
