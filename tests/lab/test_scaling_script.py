"""benchmarks/lab_scaling.py refuses a study the lab refuses before it times any backend, with the
lab's own message instead of a traceback."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def lab_scaling():
    spec = importlib.util.spec_from_file_location("bench_lab_scaling", ROOT / "benchmarks" / "lab_scaling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("args, said", [
    (["--game", "spirit-link", "--seat", "heuristic"], "Spirit Link is played by 2 players, not 1"),
    (["--game", "nope"], "there is no game 'nope'"),
])
def test_a_study_the_lab_refuses_is_a_usage_error(args, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        lab_scaling().main(args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
