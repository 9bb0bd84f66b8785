"""benchmarks/compare_trees.py and instructions.py run each tree's own source, whatever PYTHONPATH
says: an absolute PYTHONPATH (another tree's src) used to make every tree run that source, so two
trees compared alike."""

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def script(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def a_tree(tmp_path):
    """A tree as the scripts expect one: its src and its .venv (this test's)."""
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "src").symlink_to(ROOT / "src")
    (tree / ".venv").symlink_to(sys.prefix)
    return tree


def test_compare_trees_runs_the_trees_source_before_an_absolute_pythonpath(tmp_path, monkeypatch):
    tree = a_tree(tmp_path)
    other = tmp_path / "other" / "tabletome"   # another "tree" first on PYTHONPATH: importing it fails
    other.mkdir(parents=True)
    (other / "__init__.py").write_text("raise ImportError('the source on PYTHONPATH ran, not the tree')\n")
    monkeypatch.setenv("PYTHONPATH", str(other.parent))
    decisions = script("compare_trees").run_in(tree, ["--game", "spirit-link", "--measure", "random",
                                                      "--seconds", "0.2"])
    assert decisions > 0


def test_instructions_puts_the_trees_source_first(tmp_path, monkeypatch):
    tree = a_tree(tmp_path)
    monkeypatch.setenv("PYTHONPATH", "/elsewhere/src")
    env = script("instructions").tree_env(tree)
    assert env["PYTHONPATH"].split(os.pathsep) == [str(tree / "src"), "/elsewhere/src"]
    assert env["PYTHONHASHSEED"] == "0"


def test_heuristic_vs_random_gives_a_wilson_interval_that_holds_the_rate():
    """Even when the heuristic wins every game, the interval is a real one (a Wald interval would be
    [1, 1]), and it holds the win rate; the benchmarks share tabletome.arena's Wilson interval."""
    result = script("heuristic_vs_random").duel("spirit-link", 4)
    low, high = result["ci95"]
    assert low < high and low <= result["win_rate"] <= high
    assert script("ll_endings").ci95(4, 4) == (0.5101, 1.0)
