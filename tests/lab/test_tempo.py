"""Tempo: each game's watched numbers stored turn by turn, their course in the report, and when
games are decided (checked by replaying the stored games, not against copied numbers)."""

import json
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


def _cli(*args, timeout=300):
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "tabletome.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _from_view(game, view):
    """Each game's watched numbers as its public view shows them (not through ``State.tempo``)."""
    if game == "life-siphon":
        quads = [q for q in view["quadrants"] if q.get("seat") is not None]
        quads.sort(key=lambda q: q["seat"])
        return {"life": [float(q["life"]) for q in quads],
                "familiars": [float(sum(f is not None for area in q["areas"].values() for f in area)) for q in quads]}
    if game == "bad-baby-lich-lords":
        side = {s["side"]: s for s in view["sides"]}
        return {"noise": [float(side[w]["noise"]) for w in view["seat_sides"]],
                "realms won": [float(len(side[w]["score_pile"])) for w in view["seat_sides"]]}
    limits = [s["limits"] for s in view["seats"]]
    return {"legends": [float(s["legends"]) for s in view["seats"]],
            "limits": [float(m["hand"] + m["relic_slots"] + m["traits"] + m["completed_wanders"]) for m in limits]}


@pytest.mark.parametrize("game, seats, lead", [
    ("life-siphon", ["heuristic", "heuristic"], "life"),
    ("bad-baby-lich-lords", ["heuristic", "heuristic"], "noise"),
    ("life-and-legend", ["random", "random"], "legends"),
])
def test_each_game_watches_its_own_numbers(tmp_path, game, seats, lead):
    """Life Siphon: life and familiars; Bad Baby Lich Lords: noise and realms won; Life & Legend:
    Legends and limits. Stored at every turn (checked against the game's public view at the stored
    step of the replayed game), the first one leading, plotted by seat and by winner."""
    path = tmp_path / "t.duckdb"
    args = [a for s in seats for a in ("--seat", s)]
    _cli("lab", "run", game, *args, "--games", "4", "--seed", "5", "--workers", "1", "--out", str(path))
    html = tmp_path / "t.html"
    report = json.loads(_cli("lab", "report", str(path), "--json"))
    _cli("lab", "report", str(path), "--html", str(html))
    with Store(path, create=False, read_only=True) as store:
        games = store.games()
        tempo = store.query("SELECT idx, step, name, seat_values FROM tempo ORDER BY idx, turn, name")
        decisions = store.query("SELECT idx, action FROM decisions ORDER BY idx, step")
    names = list(_from_view(game, tabletome.game(game).new(players=2, seed=0).view(None)))
    assert {r[2] for r in tempo} == set(names)
    for g in games:
        state = tabletome.game(game).new(players=2, seed=g["seed"], **json.loads(g["options"]))
        actions = [a for i, a in decisions if i == g["idx"]]
        done = 0
        for idx, step, name, values in tempo:
            if idx != g["idx"]:
                continue
            while done < step:
                state.apply(actions[done])
                done += 1
            assert values == _from_view(game, state.view(None))[name], (g["idx"], step, name)
        last = [v for i, s, n, v in tempo if i == g["idx"] and n == lead][-1]
        assert last == [float(x) for x in g["scores"]]
    t = report["points"][0]["tempo"]
    assert t["measures"] == names and t["lead"] == lead
    assert set(t["by_seat"]) == set(names) and all(len(t["by_seat"][n]) == 2 for n in names)
    if t["by_result"]:
        assert set(t["by_result"]) == set(names)
    assert "Over the game" in html.read_text()


@pytest.mark.parametrize("game, options", [("life-siphon", {"mode": "madness"}),
                                           ("life-and-legend", {"mode": "war"})])
def test_a_solo_game_is_followed_over_its_own_turns(tmp_path, game, options):
    # every decision of a solo game is the one seat's: a "run of decisions by one seat" would be the
    # whole game (two samples, a straight line); its turns are the game's own (State.turn_key)
    path = tmp_path / "solo.duckdb"
    with Store(path) as store:
        run_study(make_study(game, ["heuristic"], 3, players=1, options=options, seed=2), store, workers=1)
    with Store(path, create=False, read_only=True) as store:
        games = store.games()
        tempo = store.query("SELECT idx, turn, step, name, seat_values FROM tempo ORDER BY idx, turn, name")
        decisions = store.query("SELECT idx, step, action FROM decisions ORDER BY idx, step")
        report = build_report(store)
    for g in games:
        state = tabletome.game(game).new(players=1, seed=g["seed"], **json.loads(g["options"]))
        expected, last = [], None
        for _, step, action in [d for d in decisions if d[0] == g["idx"]]:
            if state.turn_key() != last:
                expected.append((step, state.tempo()))
                last = state.turn_key()
            state.apply(action)
        expected.append((g["length"], state.tempo()))
        rows = [r for r in tempo if r[0] == g["idx"]]
        assert len(expected) > 5 and len(rows) == len(expected) * len(expected[0][1])
        for turn, (step, values) in enumerate(expected):
            for name, v in values.items():
                assert (g["idx"], turn, step, name, v) in rows
    section = next(f for f in report["figures"] if f[0] == "tempo")
    assert "a solo game's turns are the game's own" in section[2]
