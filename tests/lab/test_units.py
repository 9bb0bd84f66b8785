"""The right units per game: Bad Baby Lich Lords' actions name realms and bone piles, so the game
names the cards they play from its own state (``State.action_cards``) and the lab reports minions,
realm cards and spells (checked against the public view of the replayed games, through the CLI and
the real DuckDB file)."""

import json
import subprocess
import sys

import pytest

import tabletome
from tabletome.lab import Store


def cli(*args, timeout=300):
    done = subprocess.run([sys.executable, "-m", "tabletome.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    path = tmp_path_factory.mktemp("units") / "bb.duckdb"
    cli("lab", "run", "bad-baby-lich-lords", "--seat", "heuristic", "--seat", "heuristic", "--games", "6",
        "--option", "factions=random", "--seed", "2", "--workers", "1", "--out", str(path))
    return path


def test_the_cards_played_are_the_minions_realm_cards_and_spells_on_the_table(study):
    with Store(study, create=False, read_only=True) as store:
        games = store.games()
        decisions = store.query("SELECT idx, action, kind, cards, legal_cards, legal_kinds FROM decisions "
                                "ORDER BY idx, step")
    game = tabletome.game("bad-baby-lich-lords")
    seen = set()
    for g in games:
        state = game.new(players=2, seed=g["seed"], **json.loads(g["options"]))
        for idx, action, kind, cards, legal_cards, legal_kinds in (d for d in decisions if d[0] == g["idx"]):
            view = state.view(None)
            realms = view["realms"]
            # every pile the seat could draw from offers the skeleton the view shows on its top
            tops = {r["bone_pile"]["known"][0]["name"] for r in realms if r["bone_pile"]["size"]}
            drawable = {c for c, k in zip(legal_cards, legal_kinds) if k == "draw"}
            assert drawable <= tops and (not drawable or "draw" in {a.kind for a in state.legal_actions()})
            before = {r["number"]: r["realm"]["name"] for r in realms if r["realm"]}
            top = {r["number"]: r["bone_pile"]["known"][0]["name"] for r in realms if r["bone_pile"]["size"]}
            state.apply(action)
            if kind == "draw":                                        # the skeleton drawn from that pile
                r = int(action.split()[-1])
                assert cards == [top[r]], action
            elif kind == "place":
                assert cards == [before[int(action.split()[-1])]], action   # the realm card it goes to
            elif kind in ("cast", "combo"):
                assert cards == [f"{s} spell" for s in action.split(" ", 1)[1].split("+")], action
            seen.add(kind)
    assert {"draw", "place", "cast"} <= seen


def test_the_report_ranks_minions_realm_cards_spells_and_factions(study, tmp_path):
    report = json.loads(cli("lab", "report", str(study), "--json"))
    cards = {c["card"] for c in report["points"][0]["cards"]}
    game = tabletome.game("bad-baby-lich-lords")
    state = game.new(players=2, seed=0)
    minions = set(state.R.cards.names)
    realm_cards = {r.name for r in state.R.cards.realms}
    assert cards & minions and cards & realm_cards and any(c.endswith(" spell") for c in cards)
    assert cards <= minions | realm_cards | {c for c in cards if c.endswith(" spell")}
    assert not any(c.startswith(("realm ", "bone pile ")) for c in cards)     # no places, no skills
    assert not cards & {"Raise", "Dig", "Fight", "Teach", "Leave"}


def test_a_study_stored_before_the_played_cards_reads_as_before(tmp_path):
    """A study file without ``decisions.legal_cards`` (stored before ``State.action_cards``) still gives
    its report, read-only, and reads its cards from the action table."""
    import duckdb
    path = tmp_path / "sl.duckdb"
    cli("lab", "run", "spirit-link", "--seat", "heuristic", "--seat", "heuristic", "--games", "8", "--seed", "1",
        "--workers", "1", "--out", str(path))
    new = json.loads(cli("lab", "report", str(path), "--json"))
    con = duckdb.connect(str(path))
    con.execute("ALTER TABLE decisions DROP COLUMN legal_kinds")
    con.execute("ALTER TABLE decisions DROP COLUMN legal_cards")
    con.close()
    old = json.loads(cli("lab", "report", str(path), "--json"))
    assert old["points"][0]["cards"] == new["points"][0]["cards"] and new["points"][0]["cards"]


def test_the_factions_drawn_are_reported_with_who_won(study, tmp_path):
    """factions=random: each faction dealt is a row of its own, with each seat's win rate in the games
    it was dealt in and in the others (counted here from the stored games)."""
    report = json.loads(cli("lab", "report", str(study), "--json"))
    html = tmp_path / "r.html"
    cli("lab", "report", str(study), "--html", str(html))
    with Store(study, create=False, read_only=True) as store:
        games = [(json.loads(f)["factions"].split("-"), w) for f, w in store.query(
            "SELECT facts, winners FROM games ORDER BY idx")]
    facts = report["points"][0]["facts"]
    dealt = sorted({f for fs, _ in games for f in fs})
    assert [f["value"] for f in facts] == dealt and all(f["fact"] == "factions" for f in facts)
    for f in facts:
        having = [w for fs, w in games if f["value"] in fs]
        assert f["games"] == len(having) and f["other_games"] == len(games) - len(having)
        assert [s["wins"] for s in f["seats"]] == [sum(1 for w in having if s in w) for s in (0, 1)]
    assert "What the games drew" in html.read_text()


def test_the_teams_mode_reports_team_results(tmp_path):
    path = tmp_path / "teams.duckdb"
    cli("lab", "run", "bad-baby-lich-lords", "--players", "4", "--option", "mode=teams", "--seat", "heuristic",
        "--games", "5", "--seed", "1", "--workers", "1", "--out", str(path))
    report = json.loads(cli("lab", "report", str(path), "--json"))
    html = tmp_path / "teams.html"
    cli("lab", "report", str(path), "--html", str(html))
    with Store(path, create=False, read_only=True) as store:
        winners = [w for (w,) in store.query("SELECT winners FROM games ORDER BY idx")]
    view = tabletome.game("bad-baby-lich-lords").new(players=4, seed=0, mode="teams").view(None)
    sides = [tuple(s["seats"]) for s in view["sides"]]
    teams = report["points"][0]["teams"]["teams"]
    assert [tuple(t["seats"]) for t in teams] == sides and all(len(t) == 2 for t in sides)
    assert [t["wins"] for t in teams] == [sum(1 for w in winners if set(side) <= set(w)) for side in sides]
    assert "Win rate by team" in html.read_text()
