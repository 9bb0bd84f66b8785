"""``lab tune`` through the command line: every candidate is a stored study, the best card file is
written with its evidence, and a goal one candidate meets is found."""

import json
import re
from pathlib import Path

import pytest

import tabletome
from tabletome.cli.main import main
from tabletome.lab import Store
from tabletome.lab.stats import study_stats

SOURCE = Path(tabletome.__file__).parent / "games" / "spirit_link" / "cards.toml"
GAMES = "24"


def with_cost(cost):
    text = SOURCE.read_text()
    m = re.search(r'name = "Eternal-Firebolt"\n(?:.+\n)*?cost = (\d+)\n', text)
    return text[:m.start(1)] + str(cost) + text[m.end(1):]


def test_tune_finds_a_card_file_that_meets_a_goal(tmp_path, capsys):
    # the goal: the first seat's win rate that a cost of 3 gives on these deals (played here with lab run)
    cards = tmp_path / "cost3.toml"
    cards.write_text(with_cost(3))
    study = tmp_path / "cost3.duckdb"
    assert main(["lab", "run", "spirit-link", "--seat", "heuristic", "--players", "2", "--games", GAMES, "--seed", "4",
                 "--workers", "1", "--cards", str(cards), "--out", str(study)]) == 0
    with Store(study, create=False, read_only=True) as store:
        target = study_stats(store)["points"][0]["first_seat"]["rate"]
        rows = store.rows("games")
    capsys.readouterr()
    out = tmp_path / "tune"
    assert main(["lab", "tune", "spirit-link", "--seat", "heuristic", "--players", "2", "--param",
                 "Eternal-Firebolt.cost=2..4", "--goal", f"first-seat={target}", "--games", GAMES, "--trials", "6",
                 "--seed", "4", "--workers", "1", "--out", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert json.loads((out / "tune.json").read_text()) == summary
    tried = {r["values"]["Eternal-Firebolt.cost"]: r for r in summary["ranked"]}
    # three candidates, six trials: the space is searched whole, each candidate once
    assert sorted(summary["trials_in_order"]) == ["Eternal-Firebolt.cost=2", "Eternal-Firebolt.cost=3",
                                                  "Eternal-Firebolt.cost=4"]
    assert sorted(tried) == [2, 3, 4] and summary["sampler"] == "every candidate"
    # every candidate is a study of its own card file; the cost-3 one holds exactly lab run's games
    for cost, r in tried.items():
        assert Path(r["cards"]).read_text() == with_cost(cost)
        with Store(r["study"], create=False, read_only=True) as store:
            data = study_stats(store)
            assert store.study().card_text == with_cost(cost)
            if cost == 3:
                assert store.rows("games") == rows
        rate = data["points"][0]["first_seat"]["rate"]
        assert r["miss"] == pytest.approx(abs(rate - target)) and r["games"] == int(GAMES)
    # the best is the smallest miss, it meets the goal, and its card file and report are written
    best = summary["best"]
    assert best["miss"] == min(r["miss"] for r in tried.values()) == 0 and best["met"]
    assert (out / "best.toml").read_text() == with_cost(best["values"]["Eternal-Firebolt.cost"])
    assert (out / "best.html").read_text().startswith("<!doctype html>")
    if summary["runner_up"] is not None:
        sep = summary["separation"]
        assert sep["difference"] == pytest.approx(abs(best["first_seat"] - summary["runner_up"]["first_seat"]))
    # the same search in plain words
    assert main(["lab", "tune", "spirit-link", "--seat", "heuristic", "--players", "2", "--param",
                 "Eternal-Firebolt.cost=2..4", "--goal", f"first-seat={target}", "--games", GAMES, "--trials", "6",
                 "--seed", "4", "--workers", "1", "--out", str(out)]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert f"best of 3 candidates (every one tried, {GAMES} games each): " in printed
    assert f"Eternal-Firebolt.cost={best['values']['Eternal-Firebolt.cost']}: meets first-seat={target}" in printed
    assert f"card file: {out / 'best.toml'}" in printed


@pytest.mark.parametrize("args, message", [
    (["--param", "Nobody.cost=1..3", "--goal", "first-seat=0.5"], "no card named 'Nobody'"),
    (["--param", "Wolf.colour=1..3", "--goal", "first-seat=0.5"], "Wolf has no whole-number field 'colour'"),
    (["--param", "Wolf.damage=5..1", "--goal", "first-seat=0.5"], "must go up"),
    (["--param", "Wolf.damage=1..3", "--goal", "fun=high"], "a goal is one of"),
    (["--param", "colour=red", "--goal", "first-seat=0.5"], "no option 'colour'"),
    (["--goal", "first-seat=0.5"], "name what to search with --param"),
    (["--param", "Wolf.damage=1..3"], "name the goal with --goal"),
    (["--param", "Wolf.damage=1..3", "--goal", "card-effect<=1.2.3"], "goal 'card-effect<=1.2.3': '1.2.3' is not a number"),
    (["--param", "Wolf.damage=1..3", "--goal", "first-seat=."], "a rate is a number between 0 and 1"),
    (["--param", "Wolf.damage=1..3", "--goal", "seat-win=0.4-1.2.3"], "a rate is a number between 0 and 1"),
    # a range the card file does not allow is refused at once, not at the trial that reaches its end
    (["--param", "Eternal-Firebolt.cost=1..150", "--goal", "first-seat=fair"],
     "--param 'Eternal-Firebolt.cost=1..150' at 150: card 'Eternal-Firebolt': field 'cost': at most 12"),
    (["--param", "Wolf.damage=-3..2", "--goal", "first-seat=fair"], "--param 'Wolf.damage=-3..2' at -3: card 'Wolf'"),
])
def test_bad_searches_are_refused_before_anything_is_played(tmp_path, capsys, args, message):
    out = tmp_path / "bad"
    assert main(["lab", "tune", "spirit-link", "--seat", "heuristic", "--players", "2", "--games", "4",
                 "--trials", "2", "--out", str(out), *args]) == 2
    assert message in capsys.readouterr().err
    assert not (out / "trials").exists() or not any((out / "trials").iterdir())


def test_the_closing_lines_say_how_sure_and_a_goal_without_evidence_is_missed(tmp_path, capsys):
    # 6 games judge no card (a card needs 20 games where one seat had it and another never did):
    # "no card's effect is over 50 points" has no evidence, so it is missed, not met by default
    out = tmp_path / "tune"
    args = ["lab", "tune", "spirit-link", "--seat", "heuristic", "--players", "2", "--param",
            "Eternal-Firebolt.cost=2..3", "--goal", "card-effect<=50", "--goal", "first-seat=fair", "--games", "6",
            "--trials", "2", "--seed", "4", "--workers", "1", "--out", str(out)]
    assert main(args + ["--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for r in summary["ranked"]:
        assert r["goals"]["card-effect<=50"] == {"largest_effect": None, "card": None, "judged_cards": 0, "miss": 1.0}
        assert not r["met"] and r["miss"] >= 1
    assert main(args) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "card-effect<=50: no card is judged: too few games where one seat could play a card" in printed
    with Store(summary["best"]["study"], create=False, read_only=True) as store:
        first = study_stats(store)["points"][0]["first_seat"]
    lo, hi = first["ci95"]
    assert (f"first-seat=fair: the first seat wins {100 * first['rate']:.1f}% (95% interval {100 * lo:.1f}-"
            f"{100 * hi:.1f}%) against {100 * first['fair_share']:.1f}%") in printed


def test_a_card_effect_goal_names_a_card_or_component_there_is(tmp_path, capsys):
    """A misspelt card in a card-effect goal was only a missed goal, after every trial was played:
    a name not in the card file is looked for among what the first trial's actions named, and
    refused there, naming the cards; a card file's name matches whatever its case."""
    base = ["lab", "tune", "spirit-link", "--seat", "heuristic", "--players", "2", "--param",
            "Eternal-Firebolt.cost=2..3", "--games", "4", "--trials", "3", "--seed", "4", "--workers", "1"]
    out = tmp_path / "typo"
    assert main(base + ["--goal", "card-effect:Wolff<=5", "--out", str(out)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert ("goal 'card-effect:Wolff<=5': no card or component is named 'Wolff': the card file has no such card, "
            "and no action of the first trial's 4 games named it; the card file's cards: ") in err
    assert "Wolf" in err.rsplit("cards: ", 1)[1]
    assert len(list((out / "trials").glob("*.duckdb"))) == 1          # one trial played, not three
    assert main(base + ["--goal", "card-effect:wolf<=50", "--out", str(tmp_path / "case"), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["best"]["goals"]["card-effect:wolf<=50"]["card"] == "Wolf"
