"""Per-card statistics, checked on Duel (tests/lab/duel.py), a game whose card strengths are known:
Dragon is the strongest card, Dud the weakest, and the heuristic never plays Dud."""

import pytest

from tabletome.core import State, registry
from tabletome.lab import Store, make_study, run_study
from tabletome.lab.compare import compare_studies
from tabletome.lab.report import build_report, html_page

from .duel import Duel


@pytest.fixture(scope="module")
def duel():
    # registered for this module only (after collection, so no other suite sees it); the worker
    # processes of a pool would not know it, so these studies play in this process
    registry.register(Duel())
    yield "lab-duel"
    registry._GAMES.pop("lab-duel", None)


def study(folder, name, specs, games=500, seed=1, **kw):
    path = folder / f"{name}.duckdb"
    with Store(path) as store:
        run_study(make_study("lab-duel", specs, games, seed=seed, **kw), store, workers=1)
    return path


@pytest.fixture(scope="module")
def randoms(duel, tmp_path_factory):
    return study(tmp_path_factory.mktemp("cards"), "rr", ["random", "random"])


@pytest.fixture(scope="module")
def heuristics(duel, tmp_path_factory):
    return study(tmp_path_factory.mktemp("cards"), "hh", ["heuristic", "heuristic"])


def cards_of(path):
    with Store(path, create=False, read_only=True) as store:
        report = build_report(store)
    return report, {c["card"]: c for c in report["data"]["points"][0]["cards"]}


def test_decisions_keep_the_actions_cards_and_target(randoms):
    with Store(randoms, create=False, read_only=True) as store:
        rows = store.query("SELECT action, kind, cards, target FROM decisions WHERE kind = 'curse' LIMIT 5")
        plays = store.query("SELECT DISTINCT action, cards, target FROM decisions WHERE kind = 'play' ORDER BY 1")
        actions = store.query("SELECT text, cards, target FROM actions ORDER BY id")
    assert rows and all(r[2] == ["Curse"] and r[3] == (0 if r[0] == "curse North" else 1) for r in rows)
    assert all(cards == [text.split()[1]] and target is None for text, cards, target in plays)
    assert ("curse South", ["Curse"], 1) in actions and ("pass", [], None) in actions


def test_card_statistics_match_a_count_made_from_the_rows(randoms):
    _, cards = cards_of(randoms)
    with Store(randoms, create=False, read_only=True) as store:
        table = {i: set(c) for i, c in store.query("SELECT id, cards FROM actions")}
        winners = {idx: w for idx, w in store.query("SELECT idx, winners FROM games")}
        legal, played = {}, {}
        for idx, seat, chosen, ids in store.query("SELECT idx, seat, cards, legal_ids FROM decisions"):
            for i in ids:
                for card in table[i]:
                    legal.setdefault(card, set()).add((idx, seat))
            for card in chosen:
                played.setdefault(card, set()).add((idx, seat))
    seat_games = 2 * len(winners)
    wins = sum(len(w) for w in winners.values())
    for card, c in cards.items():
        won = {(i, s) for (i, s) in legal[card] if s in winners[i]}
        assert c["legal_games"] == len(legal[card])
        assert c["played_games"] == len(played[card])
        assert c["played"]["wins"] == len(won & played[card])
        assert c["not_played"]["wins"] == len(won - played[card])
        assert c["never"]["games"] == seat_games - len(legal[card])
        assert c["never"]["wins"] == wins - len(won)
        # within games: over the games where exactly one seat had it, (its wins - the other's) / games
        split = [i for i in winners if len({s for s in (0, 1) if (i, s) in legal[card]}) == 1]
        having = sum(1 for i in split for s in winners[i] if (i, s) in legal[card])
        other = sum(1 for i in split for s in winners[i] if (i, s) not in legal[card])
        assert c["access"]["games"] == len(split)
        assert c["access"]["difference"] == pytest.approx((having - other) / len(split))


def test_having_a_card_is_judged_within_games_not_across_them(duel, tmp_path):
    """A card seen only in long games that end in draws must not look bad for it: 60 drawn games
    where both seats could play Knight, 60 won by North where neither could, and 40 where only
    North could, won 30 times by North and 10 by South. Pooled, seats with Knight win 19% and
    seats without 44% (it would look dead); within games, the seat with it wins 50 points more.
    Coin was playable beside Knight and never played."""
    with Store(tmp_path / "made.duckdb") as store:
        study = make_study("lab-duel", ["random", "random"], 160, seed=1)
        store.begin_study(study)
        ids = dict(store.query("SELECT text, id FROM actions"))
        knight, coin, pass_ = ids["play Knight"], ids["play Coin"], ids["pass"]
        rows, decisions = [], []
        for i in range(160):
            if i < 60:
                holders, winners = (0, 1), []
            elif i < 120:
                holders, winners = (), [0]
            else:
                holders, winners = (0,), [0] if i < 150 else [1]
            rows.append((0, i, i, ["random", "random"], [0, 1], [1, 2], winners, [0.0, 0.0],
                         [1.0 if s in winners else 0.0 if winners else 0.5 for s in (0, 1)], 2, False, None))
            for seat in (0, 1):   # a seat with Knight plays it; Coin is there too, never played
                if seat in holders:
                    decisions.append((0, i, seat, seat, "play Knight", knight, "play", ["Knight"], None,
                                      [pass_, knight, coin], None, None))
                else:
                    decisions.append((0, i, seat, seat, "pass", pass_, "pass", [], None, [pass_], None, None))
        store.write(rows, decisions)
        report = build_report(store)
    cards = {c["card"]: c for c in report["data"]["points"][0]["cards"]}
    c = cards["Knight"]
    assert c["legal"]["rate"] == pytest.approx(30 / 160) and c["never"]["rate"] == pytest.approx(70 / 160)
    assert c["access"]["games"] == 40 and c["access"]["difference"] == pytest.approx(0.5)
    assert c["access"]["ci95"][0] > 0.2 and c["flag"] == "dominant"
    # a card never played is not dominant, whatever the seats that held it did with their others
    coin = cards["Coin"]
    assert coin["access"]["difference"] == pytest.approx(0.5) and coin["played_games"] == 0
    assert coin["flag"] == "dead"
    assert any(line.startswith("Coin looks dead: played in only 0.0%") for line in report["data"]["card_findings"])
    assert any(line.startswith("Cards the agents (almost) never play") and "Coin" in line
               for line in report["data"]["findings"])


def test_the_strongest_card_is_dominant_and_the_weakest_dead(randoms):
    report, cards = cards_of(randoms)
    assert cards["Dragon"]["flag"] == "dominant"
    assert cards["Dragon"]["access"]["difference"] > 0.2 and cards["Dragon"]["access"]["ci95"][0] > 0.1
    assert cards["Dud"]["flag"] == "dead"
    assert cards["Dragon"]["choice"]["difference"] > 0.3
    # the middling cards are not flagged; the second-best is better than average
    assert cards["Coin"]["flag"] is None and cards["Mirror"]["flag"] is None
    assert cards["Knight"]["access"]["difference"] > 0
    assert all(-1 <= x <= 1 for c in cards.values() for x in c["access"]["ci95"])
    found = report["data"]["card_findings"]
    assert any(line.startswith("Dragon looks dominant") for line in found)
    assert any(line.startswith("Dud looks dead") for line in found)
    # at a glance: one line names the dominant cards, strongest first, one the dead ones
    glance = report["data"]["findings"]
    assert any(line.startswith("Dominant cards") and "Dragon +" in line for line in glance)
    assert any(line.startswith("Dead cards") and "Dud -" in line and "Curse" in line
               and line.index("Curse") < line.index("Dud") for line in glance)
    page = html_page(report)
    assert "Dragon [dominant]" in page and "Dud [dead]" in page


def test_a_card_the_agents_never_play_is_dead(heuristics):
    _, cards = cards_of(heuristics)
    dud = cards["Dud"]
    assert dud["played_games"] == 0 and dud["legal_games"] > 100
    assert dud["play"]["ci95"][1] < 0.05 and dud["flag"] == "dead"
    assert cards["Dragon"]["play"]["rate"] == 1.0 and cards["Dragon"]["flag"] == "dominant"


def test_discarding_a_card_is_not_playing_it(duel, tmp_path):
    # the heuristic discards every Dud it cannot better use, and never plays one
    path = study(tmp_path, "discards", ["heuristic", "heuristic"], games=200, options={"discard": "on"})
    report, cards = cards_of(path)
    dud = cards["Dud"]
    assert dud["played_games"] == 0 and dud["flag"] == "dead"
    uses = {u["kind"]: u for u in dud["uses"]}
    assert uses["play"]["chosen_games"] == 0 and uses["play"]["legal_games"] == dud["legal_games"]
    assert uses["discard"]["non_play"] and uses["discard"]["chosen_games"] >= 10
    # a discard is not a play for the other cards either
    with Store(path, create=False, read_only=True) as store:
        played = dict(store.query("SELECT unnest(cards), count(DISTINCT (idx, seat)) FROM decisions "
                                  "WHERE kind <> 'discard' GROUP BY 1"))
    assert {c: cards[c]["played_games"] for c in cards if cards[c]["played_games"]} == played
    assert "Dud [dead]" in html_page(report)


def test_compare_sees_how_differently_two_agents_play_a_card(randoms, heuristics):
    with Store(randoms, create=False, read_only=True) as a, Store(heuristics, create=False, read_only=True) as b:
        result = compare_studies(a, b)
    dud = next(r for r in result["changes"] if r["metric"] == "play_rate" and r["subject"] == "Dud")
    assert dud["significant"] and dud["base"] > 0.3 and dud["study"] == 0.0
    assert any(line.startswith("Dud's play rate when legal falls") for line in result["lines"])


def games_whose_actions_name_cards():
    import tabletome
    out = []
    for gid in tabletome.games():
        game = tabletome.game(gid)
        if any(getattr(a, "cards", ()) for a in game.actions.actions):
            out.append(gid)
    return out


@pytest.mark.parametrize("gid", games_whose_actions_name_cards())
def test_a_real_games_decisions_carry_its_actions_cards(tmp_path, gid):
    """Every game whose action table names cards: the rows hold exactly those structured fields,
    and the report has per-card rows for the cards that were playable."""
    import tabletome
    game = tabletome.game(gid)
    players = next((n for n in game.player_counts if n > 1), game.player_counts[0])
    path = tmp_path / "real.duckdb"
    with Store(path) as store:
        run_study(make_study(gid, ["heuristic"] * players, 4, players=players, seed=2), store, workers=1)
        table = game.new(players=players, seed=0).table   # the table this study plays with
        rows = store.query("SELECT action_id, action, kind, cards, target FROM decisions")
        report = build_report(store)
    for action_id, text, kind, cards, target in rows:
        action = table[action_id]
        assert (text, kind, target) == (str(action), action.kind, action.target)
        if type(game.new(players=players, seed=0)).action_cards is State.action_cards:
            assert cards == list(action.cards)     # (a game naming its cards from its state: test_units.py)
    named = {c for r in rows for c in r[3]}
    assert named, "no decision of these games named a card"
    stats = {c["card"] for c in report["data"]["points"][0]["cards"]}
    assert named <= stats
