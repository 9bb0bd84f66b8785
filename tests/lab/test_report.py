"""The report (its numbers, its sentences, a self-contained page) and the comparison of studies."""

import json
import math
import re
import statistics

import pytest

from tabletome import IllegalAction
from tabletome.cli.main import main
from tabletome.lab import Store, make_study, run_study
from tabletome.lab.compare import compare_studies
from tabletome.lab.report import build_report, html_page, save_images


def study_file(folder, name, game="spirit-link", specs=("heuristic", "random"), games=60, **kw):
    path = folder / f"{name}.duckdb"
    with Store(path) as store:
        run_study(make_study(game, list(specs), games, seed=kw.pop("seed", 2), **kw), store, workers=1)
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("report")


@pytest.fixture(scope="module")
def mixed(folder):
    return study_file(folder, "mixed")


@pytest.fixture(scope="module")
def mixed_report(mixed):
    with Store(mixed, create=False, read_only=True) as store:
        return build_report(store), store.games()


def test_win_rates_add_up_to_the_stored_games(mixed_report):
    report, games = mixed_report
    data = report["data"]
    (pt,) = data["points"]
    assert pt["games"] == len(games) == 60
    for s, seat in enumerate(pt["seats"]):
        assert seat["wins"] == sum(1 for g in games if s in g["winners"])
        lo, hi = seat["ci95"]
        assert lo <= seat["rate"] <= hi
    heuristic, random_ = pt["agents"]
    assert heuristic["label"] == "heuristic"
    assert heuristic["wins"] == sum(1 for g in games for s in g["winners"] if g["seats"][s] == "heuristic")
    assert heuristic["games"] == random_["games"] == 60
    assert pt["fair_share"] == pytest.approx(sum(len(g["winners"]) for g in games) / 120)
    assert pt["first_seat"]["rate"] == pt["seats"][0]["rate"]
    lengths = [g["length"] for g in games]
    assert pt["length"]["mean"] == pytest.approx(statistics.fmean(lengths))
    assert sum(pt["length"]["histogram"]["counts"]) == 60
    json.dumps(data)


def test_the_report_says_what_it_shows_and_what_it_cannot_conclude(mixed_report):
    data = mixed_report[0]["data"]
    assert any(line.startswith("heuristic wins") for line in data["findings"])
    # 60 games cannot settle the first seat's advantage
    assert data["points"][0]["first_seat"]["conclusive"] is False
    line = next(line for line in data["cannot_conclude"] if "Whether the first seat (North) is favoured" in line)
    # the games needed for 80% power at 5% (two-sided), computed here from the study's own figures
    from scipy.stats import norm
    first = data["points"][0]["first_seat"]
    d = max(abs(first["advantage"]), 0.02)
    p = min(max(first["rate"], 0.05), 0.95)
    need = math.ceil((norm.ppf(0.975) + norm.ppf(0.80)) ** 2 * p * (1 - p) / d ** 2)
    assert f"about {need:,} games would detect a difference of {100 * d:.1f} points with 80% power" in line


def test_the_page_is_self_contained(mixed_report, folder):
    report = mixed_report[0]
    page = html_page(report)
    assert page.count("<svg") == len(report["figures"]) >= 4
    assert "<script" not in page
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)
    assert "What this study cannot conclude" in page and "At a glance" in page
    paths = save_images(report, folder / "images")
    assert sorted(p.name for p in paths) == sorted(f"{name}.png" for name, *_ in report["figures"])
    assert all(p.read_bytes()[:4] == b"\x89PNG" for p in paths)


def test_a_sweep_reports_each_figure_per_point(folder):
    path = study_file(folder, "sweep", specs=("heuristic", "heuristic"), games=20, sweep=["starting_hand=4,6"])
    with Store(path, create=False, read_only=True) as store:
        report = build_report(store)
    points = report["data"]["points"]
    assert [p["label"] for p in points] == ["starting_hand=4", "starting_hand=6"]
    assert all(p["games"] == 20 and "first_seat" in p for p in points)
    assert any("at starting_hand=6" in line for line in report["data"]["cannot_conclude"])
    page = html_page(report)
    assert "swept: <b>starting_hand = 4, 6</b>" in page
    # each figure against the swept value, one panel per measure
    names = [name for name, *_ in report["figures"]]
    assert names[0] == "sweep"
    sweep = report["figures"][0][3]
    assert len(sweep.axes) == 3 and [t.get_text() for t in sweep.axes[0].get_xticklabels()] == ["4", "6"]
    # distributions as small multiples, one panel per point
    length = dict((name, fig) for name, _, _, fig in report["figures"])["length"]
    assert len([a for a in length.axes if a.get_visible()]) == 2
    # one Cards section with a selector of the point (CSS only: no script)
    assert page.count("<h2>Cards</h2>") == 1 and "<script" not in page
    assert page.count("name='cardpoint'") == 2 and page.count("<div class='panel'") == 2
    assert "#cp1:checked ~ #panel1" in page


def test_cards_too_rarely_seen_to_judge_are_shown_apart_at_the_bottom(folder):
    from tabletome.lab.report import card_order
    from tabletome.lab.stats import unplayed
    path = study_file(folder, "order", specs=("heuristic", "heuristic"), games=30)
    with Store(path, create=False, read_only=True) as store:
        report = build_report(store)
    cards = report["data"]["points"][0]["cards"]
    groups = [card_order(c)[0] for c in sorted(cards, key=card_order)]
    assert groups == sorted(groups) and 2 in groups
    for c in cards:
        assert card_order(c)[0] == (2 if not c["judged"] or c["access"]["difference"] is None
                                    else 1 if unplayed(c) else 0)
    # the page's card table follows the same order
    page = html_page(report)
    table = page[page.index("<table class='cards'>"):]
    shown = re.findall(r"<tr class='[a-z]*'><td>([^<\[]+?)(?: \[|</td>)", table)
    assert shown == [c["card"] for c in sorted(cards, key=card_order)]


def test_a_solo_study_reports_its_scores(folder):
    import tabletome
    game = next(tabletome.game(g) for g in tabletome.games() if 1 in tabletome.game(g).player_counts)
    players, options = next((p, o) for p, o in game.configurations() if p == 1)
    path = study_file(folder, "solo", game=game.id, specs=("heuristic",), games=8, players=1, options=options)
    with Store(path, create=False, read_only=True) as store:
        report = build_report(store)
        games = store.games()
    (pt,) = report["data"]["points"]
    assert "first_seat" not in pt
    # a game that gives no score for how it ended (Game.result_scores: None) is stored without one
    if game.id == "bad-baby-lich-lords":
        assert all((g["scores"][0] is None) == (g["winners"] == []) for g in games)
    scores = [g["scores"][0] for g in games if g["scores"][0] is not None]
    assert pt["solo"]["score"]["mean"] == pytest.approx(statistics.fmean(scores))
    assert pt["solo"]["win"]["wins"] == sum(1 for g in games if g["winners"] == [0])
    # a solo game no one won is lost, not drawn
    assert any(g["winners"] == [] for g in games) and pt["draws"] == 0
    assert not any("were draws" in line for part in report["data"].values() if isinstance(part, list)
                   for line in part if isinstance(line, str))
    assert [name for name, *_ in report["figures"]][:1] == ["scores"]
    # one seat has no other seat of its game to be compared with: its games are pooled instead, and said so
    assert any("the card figures pool the games" in line for line in report["data"]["cannot_conclude"])
    some = [c for c in pt["cards"] if 0 < c["legal_games"] < 8]
    assert some
    for c in some:
        assert c["access"]["within"] is False
        assert c["access"]["difference"] == pytest.approx(c["legal"]["rate"] - c["never"]["rate"])


def test_the_cli_writes_the_page_and_prints_json(mixed, folder, capsys):
    page = folder / "mixed.html"
    assert main(["lab", "report", str(mixed), "--html", str(page), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["study"]["agents"] == ["heuristic", "random"]
    assert page.read_text().startswith("<!doctype html>")
    assert main(["lab", "report", str(folder / "missing.duckdb")]) == 2
    assert "no study at" in capsys.readouterr().err


def test_comparing_a_study_with_itself_finds_nothing(mixed):
    with Store(mixed, create=False, read_only=True) as a, Store(mixed, create=False, read_only=True) as b:
        result = compare_studies(a, b)
    assert len(result["changes"]) >= 5 and result["lines"] == [] and result["paired"]
    assert all(not r["significant"] for r in result["changes"])


def test_a_real_change_is_found_and_said_in_plain_words(mixed, folder, capsys):
    base = study_file(folder, "randoms", specs=("random", "random"), games=60)
    with Store(base, create=False, read_only=True) as a, Store(mixed, create=False, read_only=True) as b:
        result = compare_studies(a, b)
    length = next(r for r in result["changes"] if r["metric"] == "length")
    assert length["test"] == "Wilcoxon signed-rank (paired games)" and length["p"] is not None
    significant = [r for r in result["changes"] if r["significant"]]
    assert significant and len(result["lines"]) == len(significant)
    for r in significant:
        assert r["p_adjusted"] < 0.05 and r["p_adjusted"] >= r["p"]
    assert main(["lab", "compare", str(base), str(mixed)]) == 0
    out = capsys.readouterr().out
    assert "significant after Benjamini-Hochberg" in out


def test_agents_are_matched_by_name_and_a_big_change_is_significant(folder):
    # the heuristic against random, then the same agents listed in the other order
    base = study_file(folder, "hr", specs=("heuristic", "random"), games=40, seed=3)
    other = study_file(folder, "rh", specs=("random", "heuristic"), games=40, seed=3)
    with Store(base, create=False, read_only=True) as a, Store(other, create=False, read_only=True) as b:
        same = compare_studies(a, b)
    rows = {r["subject"]: r for r in same["changes"] if r["metric"] == "agent_win"}
    assert set(rows) == {"heuristic", "random"}
    # the same agents in the other order play the same kind of games: nothing significant
    assert not rows["heuristic"]["significant"]
    assert not same["added"] and not same["removed"]


def test_studies_of_different_games_are_not_compared(mixed, folder):
    import tabletome
    other_game = next(g for g in tabletome.games() if g != "spirit-link" and 2 in tabletome.game(g).player_counts)
    other = study_file(folder, "other", game=other_game, specs=("random", "random"), games=2)
    with Store(mixed, create=False, read_only=True) as a, Store(other, create=False, read_only=True) as b:
        with pytest.raises(IllegalAction, match="one game"):
            compare_studies(a, b)


def test_a_study_that_was_stopped_says_it_is_not_finished(folder, capsys):
    path = folder / "stopped.duckdb"
    study = make_study("spirit-link", ["heuristic", "random"], 40, seed=3, sweep=["starting_hand=5,7"])

    def stop(done, total):
        if done >= 5:
            raise KeyboardInterrupt          # as Ctrl-C: the finished games are kept
    with Store(path) as store, pytest.raises(KeyboardInterrupt):
        run_study(study, store, workers=1, progress=stop)
    page = folder / "stopped.html"
    assert main(["lab", "report", str(path), "--html", str(page), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    stored = data["study"]["stored_games"]
    assert 5 <= stored < 80
    said = (f"The study is not finished: {stored:,} of its 80 games are stored (a run was stopped). Run the same "
            f"tabletome lab run command again to play the rest")
    assert any(s.startswith(said) for s in data["cannot_conclude"])
    assert f"<h1>Spirit Link: {stored:,} games of 80 (not finished)</h1>" in page.read_text()
    # finished, it says nothing of the kind
    with Store(path) as store:
        run_study(study, store, workers=1)
    assert main(["lab", "report", str(path), "--html", str(page), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert not any("not finished" in s for s in data["cannot_conclude"])
    assert "<h1>Spirit Link: 80 games</h1>" in page.read_text()


def test_card_flags_of_a_study_with_different_agents_say_they_mix_the_agents_strength(mixed_report, folder):
    # heuristic against random: a seat that had a card to play is mostly the heuristic's, so a "dominant"
    # card there is first the heuristic's strength; the line at a glance says so where it is read
    data = mixed_report[0]["data"]
    flagged = [c for c in data["points"][0]["cards"] if c["flag"]]
    lines = [f for f in data["findings"] if f.startswith(("Dominant cards", "Dead cards"))]
    assert flagged and lines
    for line in lines:
        assert ("that never could; the seats hold different agents (heuristic and random), so these figures mix "
                "the agents' strength with the cards'): ") in line
    # one agent in every seat: the line as before
    same = study_file(folder, "same", specs=("heuristic", "heuristic"), games=120)
    with Store(same, create=False, read_only=True) as store:
        found = build_report(store)["data"]["findings"]
    assert not any("different agents" in f for f in found)
