"""``lab compare`` through the command line: every measure of the report, paired tests when the
studies play the same deals, the card effect, added and removed cards, and the JSON shape.

Every expected figure is computed here from the stored games with scipy (never copied from a run),
so the tests hold while the games' rules change."""

import json
import re
import statistics
from pathlib import Path

import pytest
from scipy.stats import binomtest, false_discovery_control, fisher_exact, mannwhitneyu, wilcoxon

import tabletome
from tabletome.cli.main import main
from tabletome.lab import Store

KEYS = {"metric", "subject", "base", "study", "difference", "interval", "test", "p", "p_adjusted", "significant"}
GAMES = "100"


def run(capsys, *args):
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def compare(capsys, base, study):
    return json.loads(run(capsys, "lab", "compare", str(base), str(study), "--json"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("compare")


def firebolt_file(folder, cost):
    """Spirit Link's own card file with Eternal-Firebolt's cost changed (read from the file, not assumed)."""
    source = (Path(tabletome.__file__).parent / "games" / "spirit_link" / "cards.toml").read_text()
    block = re.search(r'name = "Eternal-Firebolt"\n(?:.+\n)*?cost = (\d+)\n', source)
    assert block and int(block.group(1)) != cost
    path = folder / f"firebolt{cost}.toml"
    path.write_text(source[:block.start(1)] + str(cost) + source[block.end(1):])
    return path


def study(capsys, folder, name, *extra, game="spirit-link", games=GAMES, seed="1"):
    path = folder / f"{name}.duckdb"
    run(capsys, "lab", "run", game, "--seat", "heuristic", "--players", "2", "--games", games, "--workers", "1",
        "--seed", seed, "--out", str(path), *extra)
    return path


@pytest.fixture(scope="module")
def firebolt(folder):
    """The baseline and Eternal-Firebolt at cost 2, same seed (paired), and another seed (unpaired)."""
    capsys = _Quiet()
    base = study(capsys, folder, "base")
    cheap = study(capsys, folder, "cheap", "--cards", str(firebolt_file(folder, 2)))
    other = study(capsys, folder, "other-seed", "--cards", str(firebolt_file(folder, 2)), seed="2")
    return base, cheap, other


class _Quiet:
    """capsys stands-in for module fixtures (which cannot use the function-scoped capsys)."""

    def readouterr(self):
        return type("C", (), {"out": "", "err": ""})()


def games_of(path):
    with Store(path, create=False, read_only=True) as store:
        return store.games()


def report_cards(capsys, path):
    data = json.loads(run(capsys, "lab", "report", str(path), "--json"))
    return {c["card"]: c for c in data["points"][0]["cards"]}


def test_the_json_has_the_issues_shape_and_pairs_studies_with_the_same_deals(firebolt, capsys):
    base, cheap, _ = firebolt
    result = compare(capsys, base, cheap)
    assert set(result) == {"changes", "added", "removed", "paired"}
    assert result["paired"] is True
    assert result["changes"] and all(set(r) == KEYS for r in result["changes"])
    metrics = {r["metric"] for r in result["changes"]}
    assert {"who_wins", "seat_win", "first_seat_advantage", "length", "play_rate", "card_effect"} <= metrics
    # Benjamini-Hochberg over every test of the comparison
    ps = [r["p"] for r in result["changes"]]
    assert [r["p_adjusted"] for r in result["changes"]] == pytest.approx(list(false_discovery_control(ps)))
    assert all(r["significant"] == (r["p_adjusted"] < 0.05) for r in result["changes"])
    # the card file is named as the setting that changed
    assert any(a["kind"] == "card file" for a in result["added"])


def test_paired_seat_wins_use_mcnemar_on_the_discordant_games(firebolt, capsys):
    base, cheap, _ = firebolt
    result = compare(capsys, base, cheap)
    a, b = games_of(base), games_of(cheap)
    assert [g["seed"] for g in a] == [g["seed"] for g in b]
    for s, name in enumerate(("North", "South")):
        row = next(r for r in result["changes"] if r["metric"] == "seat_win" and r["subject"] == name)
        down = sum(1 for x, y in zip(a, b) if s in x["winners"] and s not in y["winners"])
        up = sum(1 for x, y in zip(a, b) if s not in x["winners"] and s in y["winners"])
        assert row["test"] == "McNemar exact (paired games)"
        assert row["p"] == pytest.approx(binomtest(up, up + down, 0.5).pvalue if up + down else 1.0)
        assert row["difference"] == pytest.approx((up - down) / len(a))
        assert row["base"] == pytest.approx(sum(s in g["winners"] for g in a) / len(a))
        lo, hi = row["interval"]
        assert lo < row["difference"] < hi or up == down == 0
    length = next(r for r in result["changes"] if r["metric"] == "length")
    la, lb = [g["length"] for g in a], [g["length"] for g in b]
    assert length["test"] == "Wilcoxon signed-rank (paired games)"
    assert length["p"] == pytest.approx(wilcoxon(lb, la).pvalue)
    assert length["difference"] == pytest.approx(statistics.fmean(lb) - statistics.fmean(la))


def test_a_changed_card_is_named_with_its_interval(firebolt, capsys):
    """Done when: one number changed in a card file, two runs, and compare names that card's change."""
    base, cheap, _ = firebolt
    result = compare(capsys, base, cheap)
    before, after = report_cards(capsys, base), report_cards(capsys, cheap)
    row = next(r for r in result["changes"] if r["metric"] == "card_effect" and r["subject"] == "Eternal-Firebolt")
    # the report's own within-game figure, in both studies
    assert row["base"] == pytest.approx(before["Eternal-Firebolt"]["access"]["difference"])
    assert row["study"] == pytest.approx(after["Eternal-Firebolt"]["access"]["difference"])
    assert row["difference"] == pytest.approx(row["study"] - row["base"])
    assert row["interval"][0] < row["difference"] < row["interval"][1]
    assert row["test"] == "bootstrap over games (paired games)"
    moved = [r for r in result["changes"] if r["subject"] == "Eternal-Firebolt" and r["significant"]]
    assert moved, [r for r in result["changes"] if r["subject"] == "Eternal-Firebolt"]
    printed = run(capsys, "lab", "compare", str(base), str(cheap))
    assert "paired: the studies play the same deals" in " ".join(printed.split())
    assert re.search(r"• Eternal-Firebolt's (card effect|play rate when legal) (rises|falls): .*\[[-+]\d", printed)


def test_studies_on_other_deals_are_compared_unpaired(firebolt, capsys):
    base, _, other = firebolt
    result = compare(capsys, base, other)
    assert result["paired"] is False
    a, b = games_of(base), games_of(other)
    north = next(r for r in result["changes"] if r["metric"] == "seat_win" and r["subject"] == "North")
    wa, wb = sum(0 in g["winners"] for g in a), sum(0 in g["winners"] for g in b)
    assert north["test"] == "Fisher exact"
    assert north["p"] == pytest.approx(fisher_exact([[wb, len(b) - wb], [wa, len(a) - wa]])[1])
    length = next(r for r in result["changes"] if r["metric"] == "length")
    assert length["test"] == "Mann-Whitney U"
    assert length["p"] == pytest.approx(mannwhitneyu([g["length"] for g in b], [g["length"] for g in a]).pvalue)
    omnibus = next(r for r in result["changes"] if r["metric"] == "who_wins")
    assert omnibus["test"] == "chi-square homogeneity" and 0 <= omnibus["p"] <= 1
    assert next(r for r in result["changes"] if r["metric"] == "card_effect")["test"] == "bootstrap over games"


def test_a_study_compared_with_itself_moves_nothing(firebolt, capsys):
    base, _, _ = firebolt
    result = compare(capsys, base, base)
    assert result["paired"] and not result["added"] and not result["removed"]
    assert all(r["difference"] == pytest.approx(0) and not r["significant"] for r in result["changes"])
    assert next(r for r in result["changes"] if r["metric"] == "who_wins")["p"] == 1.0


def test_cards_in_one_study_only_are_listed_with_their_figures(folder, capsys):
    base = study(capsys, folder, "ls", game="life-siphon", games="12")
    fearsome = study(capsys, folder, "ls-fearsome", "--option", "fearsome=on", game="life-siphon", games="12")
    result = compare(capsys, base, fearsome)
    cards = report_cards(capsys, fearsome)
    only = {a["subject"]: a for a in result["added"] if a["kind"] == "card"}
    assert only and set(only) == set(cards) - set(report_cards(capsys, base))
    for name, item in only.items():
        assert item["figures"]["legal_games"] == cards[name]["legal_games"]
        assert item["figures"]["play_rate"] == cards[name]["play"]["rate"]
    assert {"kind": "option", "subject": "fearsome", "figures": {"value": "on", "was": "off"}} in result["added"]
    assert not any(r["subject"] in only for r in result["changes"])
    printed = " ".join(run(capsys, "lab", "compare", str(base), str(fearsome)).split())
    for name in only:
        assert f"Only in the study: card {name}: legal in" in printed
        # the card effect with its interval, and said to be unjudged when the report cannot judge it
        access = cards[name]["access"]
        if access["difference"] is not None:
            lo, hi = (round(100 * x, 1) + 0 for x in access["ci95"])
            shown = f"card effect {100 * access['difference']:+.1f} pts [{lo:+.1f}, {hi:+.1f}]"
            assert shown + (" (too few games to judge)" if not cards[name]["judged"] else "") in printed
    assert any(not cards[name]["judged"] for name in only)      # 12 games judge none of them
    assert "Setting changed: option fearsome = on (baseline: off)" in printed
    # the other way round they are removed
    back = compare(capsys, fearsome, base)
    assert {r["subject"] for r in back["removed"] if r["kind"] == "card"} == set(only)


def test_agents_in_one_study_only_are_listed_with_their_interval(folder, capsys):
    base = folder / "agents-base.duckdb"
    other = folder / "agents-other.duckdb"
    run(capsys, "lab", "run", "spirit-link", "--seat", "heuristic", "--seat", "random", "--games", "12",
        "--workers", "1", "--out", str(base))
    run(capsys, "lab", "run", "spirit-link", "--seat", "heuristic", "--seat", "heuristic", "--games", "12",
        "--workers", "1", "--out", str(other))
    result = compare(capsys, base, other)
    added = {a["subject"]: a["figures"] for a in result["added"] if a["kind"] == "agent"}
    assert set(added) == {"heuristic #1", "heuristic #2"}
    printed = " ".join(run(capsys, "lab", "compare", str(base), str(other)).split())
    for name, f in added.items():
        lo, hi = f["interval"]
        assert 0 <= lo <= f["win_rate"] <= hi <= 1
        assert (f"Only in the study: agent {name}: wins {100 * f['win_rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
                f"of {f['seat_games']} seat-games") in printed
    assert "Only in the baseline: agent random: wins 0.0% [0.0, " in printed


def test_a_study_whose_run_was_stopped_is_named_unfinished(firebolt, folder, capsys):
    from tabletome.lab import make_study, run_study
    base, _, _ = firebolt
    stopped = folder / "stopped.duckdb"

    def stop(done, total):
        if done >= 4:
            raise KeyboardInterrupt          # as Ctrl-C: the finished games are kept
    with Store(stopped) as store, pytest.raises(KeyboardInterrupt):
        run_study(make_study("spirit-link", ["heuristic", "heuristic"], int(GAMES), seed=1), store, workers=1,
                  progress=stop)
    kept = len(games_of(stopped))
    assert 4 <= kept < int(GAMES)
    printed = " ".join(run(capsys, "lab", "compare", str(base), str(stopped)).split())
    assert f"({GAMES} games) → {stopped} ({kept} of {GAMES} games, not finished)" in printed
