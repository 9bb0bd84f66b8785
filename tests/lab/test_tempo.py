"""Tempo: each game's watched numbers stored turn by turn, their course in the report, and when
games are decided (checked by replaying the stored games, not against copied numbers)."""

import statistics

import pytest

import tabletome
from tabletome.lab import Store, make_study, run_study
from tabletome.lab.report import build_report


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    path = tmp_path_factory.mktemp("tempo") / "sl.duckdb"
    with Store(path) as store:
        run_study(make_study("spirit-link", ["heuristic", "heuristic"], 16, seed=8), store, workers=1)
    return path


def test_the_watched_numbers_are_stored_at_every_turn(study):
    with Store(study, create=False, read_only=True) as store:
        games = store.games()
        tempo = store.query("SELECT idx, turn, step, name, seat_values FROM tempo ORDER BY idx, turn, name")
        decisions = store.query("SELECT idx, step, seat, action FROM decisions ORDER BY idx, step")
    for g in games:
        rows = [r for r in tempo if r[0] == g["idx"]]
        state = tabletome.game("spirit-link").new(players=2, seed=g["seed"])
        names = list(state.tempo())
        assert sorted({r[3] for r in rows}) == sorted(names)
        # a sample at the start, each time the seat to move changes, and at the end
        mine = [d for d in decisions if d[0] == g["idx"]]
        expected, last = [], None
        for d in mine:
            if d[2] != last:
                expected.append((d[1], state.tempo()))
                last = d[2]
            state.apply(d[3])
        expected.append((len(mine), state.tempo()))
        for turn, (step, values) in enumerate(expected):
            for name in names:
                assert (g["idx"], turn, step, name, values[name]) in rows
        assert len(rows) == len(expected) * len(names)
        assert expected[-1][1]["health"] == g["scores"]          # the last sample is the result


def test_the_report_draws_the_course_and_says_when_games_are_decided(study):
    with Store(study, create=False, read_only=True) as store:
        report = build_report(store)
        games = {g["idx"]: g for g in store.games()}
        tempo = store.query("SELECT idx, turn, name, seat_values FROM tempo ORDER BY idx, turn")
    t = report["data"]["points"][0]["tempo"]
    assert t["lead"] == "health" and t["measures"][0] == "health"
    # the mean per seat at turn 1, with finished games' last values carried on
    health = {}
    for idx, turn, name, values in tempo:
        if name == "health":
            health.setdefault(idx, []).append(values)
    at = [health[i][min(1, len(health[i]) - 1)] for i in health]
    assert t["by_seat"]["health"][0][1] == pytest.approx(statistics.fmean(v[0] for v in at))
    # decided: the turn after which the winner is strictly ahead for good
    turns = []
    for idx, series in health.items():
        g = games[idx]
        if len(g["winners"]) != 1:
            continue
        w = g["winners"][0]
        turn = 0
        for k, values in enumerate(series):
            if not values[w] > values[1 - w]:
                turn = k + 1
        turns.append(turn)
    assert t["decided"]["games"] == len(turns)
    assert t["decided"]["median_turn"] == statistics.median(turns)
    assert any(line.startswith("Games are decided") and f"median of turn {statistics.median(turns):g}" in line
               for line in report["data"]["findings"])
    assert "tempo" in [name for name, *_ in report["figures"]]


def test_a_game_without_its_own_tempo_watches_its_scores(tmp_path):
    game = tabletome.game("life-siphon")
    path = tmp_path / "ls.duckdb"
    with Store(path) as store:
        run_study(make_study("life-siphon", ["random", "random"], 2, seed=1), store, workers=1)
        names = {n for (n,) in store.query("SELECT DISTINCT name FROM tempo")}
        last = store.query("SELECT t.seat_values, g.scores FROM tempo t JOIN games g USING (point, idx) "
                           "WHERE t.turn = (SELECT max(turn) FROM tempo u WHERE u.idx = t.idx)")
    assert names == {game.score_label(2, game.resolve_options(2, {})[1])}
    assert all(values == scores for values, scores in last)
