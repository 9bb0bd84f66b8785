"""The arena: seats rotated, parallel or not with the same results, statistics and records."""

import json

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.arena import format_arena, run_arena, wilson

# ISMCTS with random rollouts: the worker processes do not see this test's stand-in heuristics.
SPECS = ["ismcts:iterations=8,policy=random", "random"]


def without_timings(result):
    result = json.loads(json.dumps(result))
    for key in ("wall_seconds", "workers"):
        result.pop(key)
    for a in result["agents"]:
        a.pop("seconds_per_decision")
    return result


@pytest.fixture(scope="module")
def one_worker():
    return run_arena("spirit-link", SPECS, games=6, workers=1, seed=3)


def test_one_and_two_workers_agree(one_worker):
    two = run_arena("spirit-link", SPECS, games=6, workers=2, seed=3)
    assert two["workers"] == 2
    assert without_timings(two) == without_timings(one_worker)


def test_the_statistics_add_up(one_worker):
    r = one_worker
    assert r["game"] == "spirit-link" and r["players"] == 2 and r["games"] == 6
    json.dumps(r)
    a, b = r["agents"]
    assert [a["spec"], b["spec"]] == SPECS
    for x in (a, b):
        assert x["games"] == 6
        assert x["wins"] + x["draws"] + x["losses"] == 6
        assert x["win_rate"] == pytest.approx(x["wins"] / 6)
        lo, hi = x["ci95"]
        assert 0 <= lo <= x["win_rate"] <= hi <= 1
        assert x["decisions"] > 0 and x["seconds_per_decision"] >= 0
    assert a["wins"] + b["wins"] + r["draws"] == 6
    assert a["draws"] == b["draws"] == r["draws"]
    assert 0 <= r["first_seat"]["wins"] <= 6
    assert r["mean_length"] == pytest.approx((a["decisions"] + b["decisions"]) / 6)


def test_seats_rotate_and_records_are_saved(tmp_path):
    r = run_arena("spirit-link", ["random", "random"], games=4, workers=1, seed=1, save_dir=tmp_path)
    assert [a["label"] for a in r["agents"]] == ["random #1", "random #2"]
    index = json.loads((tmp_path / "arena.json").read_text())
    assert [g["seats"] for g in index["games"]] == [["random", "random"]] * 4
    r = run_arena("spirit-link", SPECS, games=4, workers=1, seed=1, save_dir=tmp_path)
    index = json.loads((tmp_path / "arena.json").read_text())
    assert [g["seats"] for g in index["games"]] == [SPECS, SPECS[::-1], SPECS, SPECS[::-1]]
    assert index["summary"]["agents"][0]["wins"] == r["agents"][0]["wins"]
    for g in index["games"]:
        state = tabletome.replay(tabletome.load_record(tmp_path / g["record"]))
        assert state.is_over and state.winners == g["winners"]


def test_progress_is_reported():
    seen = []
    run_arena("spirit-link", ["random", "random"], games=5, workers=2, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 5) for i in range(1, 6)]


def test_the_table_renders(one_worker):
    from rich.console import Console

    console = Console(record=True, width=100)
    console.print(format_arena(one_worker))
    text = console.export_text()
    assert "random" in text and "95% CI" in text and "first seat" in text


@pytest.mark.parametrize("kwargs", [
    {"specs": ["random"]},                       # one spec for a 2-player game
    {"specs": ["random", "random", "random"]},
    {"specs": "random"},
    {"specs": ["random", "mcts"]},
    {"specs": ["random", "ismcts:iterations=0"]},
    {"games": 0},
    {"workers": 0},
    {"options": {"starting_hand": 99}},
    {"game_id": "no-such-game"},
])
def test_bad_input_is_refused(kwargs):
    args = {"game_id": "spirit-link", "specs": ["random", "random"], "games": 2, "workers": 1, **kwargs}
    with pytest.raises(IllegalAction):
        run_arena(**args)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == 1
    assert wilson(0, 0) == (0.0, 1.0)


def test_solo_modes_report_their_score():
    solo = [(g, tabletome.game(g)) for g in tabletome.games() if 1 in tabletome.game(g).player_counts]
    if not solo:
        pytest.skip("no registered game has a solo mode yet (Life Siphon and Bad Baby Lich Lords will)")
    for game_id, game in solo:
        r = run_arena(game_id, ["random"], games=3, workers=1)
        assert r["players"] == 1 and "first_seat" not in r
        s = r["solo"]
        assert 0 <= s["outcome_mean"] <= 1 and s["outcome_stdev"] >= 0
        assert r["agents"][0]["mean_outcome"] == pytest.approx(s["outcome_mean"])
