"""``lab tournament`` through the command line: a round robin of stored matches and Bradley-Terry
ratings that fit them (checked against the model's own equations, not copied numbers)."""

import json
import math

import pytest

from tabletome.cli.main import main
from tabletome.lab import Store
from tabletome.lab.tournament import ELO, PRIOR_DRAWS

AGENTS = ["random", "heuristic", "ismcts:iterations=2,policy=random"]


def test_a_round_robin_is_rated_with_bradley_terry(tmp_path, capsys):
    out = tmp_path / "tour"
    args = ["lab", "tournament", "spirit-link", *[a for s in AGENTS for a in ("--seat", s)], "--games", "12",
            "--seed", "3", "--workers", "1", "--out", str(out)]
    assert main(args + ["--json"]) == 0, capsys.readouterr().err
    result = json.loads(capsys.readouterr().out)
    assert json.loads((out / "tournament.json").read_text()) == result
    # every pair played its games as a stored study, scored from the games' own outcomes
    assert len(result["matches"]) == 3
    for m in result["matches"]:
        with Store(m["study"], create=False, read_only=True) as store:
            study = store.study()
            rows = store.games()
        assert study.specs == [m["a"], m["b"]] and len(rows) == m["games"] == 12
        assert m["a_score"] == pytest.approx(sum(r["outcomes"][r["agents"].index(0)] for r in rows))
        assert {tuple(r["seats"]) for r in rows} == {(m["a"], m["b"]), (m["b"], m["a"])}   # seats rotated
    ratings = {r["agent"]: r for r in result["ratings"]}
    assert set(ratings) == set(AGENTS)
    # the fit: ratings are Elo-scaled strengths with mean 0, and the maximum-likelihood equations
    # hold: each agent's expected score (with the virtual draw per pair) equals its actual score
    assert sum(r["theta"] for r in ratings.values()) == pytest.approx(0, abs=1e-6)
    for name, r in ratings.items():
        assert r["rating"] == pytest.approx(ELO * r["theta"])
        assert r["interval"][0] < r["rating"] < r["interval"][1]
        expected = actual = 0.0
        for m in result["matches"]:
            if name not in (m["a"], m["b"]):
                continue
            other = m["b"] if name == m["a"] else m["a"]
            p = 1 / (1 + math.exp(ratings[other]["theta"] - r["theta"]))
            expected += (m["games"] + PRIOR_DRAWS) * p
            actual += (m["a_score"] if name == m["a"] else m["games"] - m["a_score"]) + PRIOR_DRAWS / 2
        assert expected == pytest.approx(actual, abs=1e-3)
    assert ratings["heuristic"]["rating"] > ratings["random"]["rating"]
    assert [r["rating"] for r in result["ratings"]] == sorted((r["rating"] for r in result["ratings"]), reverse=True)
    page = (out / "tournament.html").read_text()
    assert page.startswith("<!doctype html>") and "<svg" in page and "<script" not in page
    # the same in plain words; the matches are resumed, not played again
    assert main(args) == 0
    printed = capsys.readouterr().out
    top = result["ratings"][0]
    assert f"{top['agent']}" in printed and f"{top['rating']:+.0f}" in printed and "Bradley-Terry" in printed


def test_a_tournament_needs_two_different_agents(tmp_path, capsys):
    for seats, message in ((["random"], "needs at least two agents"), (["random", "random"], "named twice")):
        assert main(["lab", "tournament", "spirit-link", *[a for s in seats for a in ("--seat", s)],
                     "--games", "2", "--out", str(tmp_path / "t")]) == 2
        assert message in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


def test_the_page_and_json_say_which_options_and_cards_were_played(tmp_path, capsys):
    import hashlib
    from pathlib import Path

    import tabletome
    cards = tmp_path / "mine.toml"
    cards.write_text((Path(tabletome.__file__).parent / "games" / "spirit_link" / "cards.toml").read_text())
    out = tmp_path / "tour"
    assert main(["lab", "tournament", "spirit-link", "--seat", "random", "--seat", "heuristic", "--games", "4",
                 "--option", "starting_hand=3", "--cards", str(cards), "--workers", "1", "--out", str(out),
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    digest = hashlib.sha256(cards.read_text().encode()).hexdigest()[:16]
    with Store(result["matches"][0]["study"], create=False, read_only=True) as store:
        played = store.study()
    assert result["options"] == played.points[0]["options"] and result["options"]["starting_hand"] == 3
    assert result["cards_hash"] == played.cards_hash == digest and result["name"] == "Spirit Link"
    page = (out / "tournament.html").read_text()
    assert "<h1>Spirit Link: round robin of 2 agents</h1>" in page
    assert "options: starting_hand=3, " in page and f"cards: {digest}" in page
