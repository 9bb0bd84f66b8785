"""The card data, card files (--cards FILE), bad snapshots and bad options."""

import json
import re
import tomllib
from pathlib import Path

import pytest

import tabletome
from tabletome import IllegalAction

from .helpers import G, play, position, restore, texts

HERE = Path(__file__).resolve()
RULEBOOK = next((p / "shared" / "rules" / "life_siphon.txt" for p in (HERE.parents[3], HERE.parents[2], Path("/work"))
                 if (p / "shared" / "rules" / "life_siphon.txt").exists()), HERE.parents[3] / "shared" / "missing")
CARDS = Path(tabletome.__file__).parent / "games" / "life_siphon" / "cards.toml"


def test_the_main_deck_counts_and_origins():
    cards = G.cards.cards
    total = {s: sum(c.copies for c in cards if c.speed == s) for s in ("fast", "slow", "fast/slow")}
    assert total == {"fast": 16, "slow": 18, "fast/slow": 5}
    printed = {c.name for c in cards if c.origin == "rulebook"}
    assert printed == {"Dark Axe", "Equip Aspect"}
    named = {"Lich's Grasp", "Grim Vision", "Life Siphon"}
    assert named <= {c.name for c in cards}
    assert all(a.origin == "designed" for a in G.cards.aspects) and len(G.cards.aspects) == 5


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the repository")
def test_printed_texts_are_quoted_exactly():
    text = " ".join(RULEBOOK.read_text().split())
    for c in G.cards.cards + G.cards.familiars[3:] + G.cards.vials:
        if c.origin == "rulebook" and c.name not in ("Imp", "Lich", "Dread Knight"):
            assert " ".join(c.text.split()) in text, c.name


# a passage a lesson quotes inside its words: 'like this' (not the apostrophe of "South's")
QUOTED = re.compile(r"(?<![A-Za-z])'([^']+?)'(?![A-Za-z])")


def _quoted_exactly(text, rulebook):
    """The parts of a quotation (" ... " joins passages) not found word for word in the rulebook."""
    return [part for part in re.split(r"\s*\.\.\.\s*", " ".join(text.split())) if part and part not in rulebook]


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the repository")
def test_the_passages_lessons_quote_in_their_words_are_the_rulebooks_words():
    """Every passage a lesson quotes in its words ('...') is the rulebook's own words (Life
    Siphon's lessons quote nothing else; tests/learn/test_quotes.py checks every game's glossary
    texts and lesson and ruling quotes)."""
    text = " ".join(RULEBOOK.read_text().split())
    misquoted = []
    for les in tomllib.loads((CARDS.parent / "lessons.toml").read_text())["lesson"]:
        words = [les["goal"], les["done"], les["wrong"]["why"], les["illegal"]["rule"]]
        for quote in QUOTED.findall(" ".join(words)):
            misquoted += [(les["title"], part) for part in _quoted_exactly(quote, text)]
    assert misquoted == []


def test_designed_cards_are_marked_in_views_and_on_screen():
    from rich.console import Console
    s = restore(turn="North", phase="main", hands={"North": ["Hex Bolt", "Dark Axe"]})
    cat = s.view(0)["catalogue"]["cards"]
    assert cat["Hex Bolt"]["origin"] == "designed" and cat["Dark Axe"]["origin"] == "rulebook"
    console = Console(width=140, record=True)
    console.print(G.render(s.view(0), 0))
    out = console.export_text()
    assert "Hex Bolt† (fast, 2)" in out and "† designed by us" in out
    assert "Dark Axe‡ (fast, 1)" in out and "‡ printed text, our cost" in out


def _write(tmp_path, text):
    p = tmp_path / "cards.toml"
    p.write_text(text)
    return p


OWN = '''
[[card]]
name = "Bone Axe"
speed = "fast"
copies = 10
cost = 0
effect = "attack-bonus"
amount = 3
target = "familiar"
text = "Increase the attack of any one Familiar by 3 until end of turn."
origin = "rulebook"

[[card]]
name = "Deep Sleep"
speed = "slow"
copies = 10
cost = 0
effect = "draw"
amount = 1
target = "none"
text = "Draw a card."
origin = "rulebook"
'''


def test_a_players_own_card_file(tmp_path):
    path = _write(tmp_path, OWN)
    s = G.new(players=2, seed=3, cards=str(path))
    assert str(s.table.find("cast Bone Axe")) == "cast Bone Axe"
    assert s.table.find("cast Dark Axe") is None
    hand = s.view(0)["players"][0]["hand"]
    assert set(hand) <= {"Bone Axe", "Deep Sleep"}
    from tabletome.core import Rng
    r = Rng(1)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[r.below(len(legal))])
        s.check_invariants()
    record = json.loads(json.dumps(s.record()))
    assert record["cards"] == OWN
    again = tabletome.replay(record)
    assert again.log == s.log
    assert G.restore(json.loads(json.dumps(s.snapshot()))).view(None) == s.view(None)


@pytest.mark.parametrize("text, words", [
    ("not toml [[[", "not valid TOML"),
    ("[[card]]\nname = 'X'\n", "field 'speed'"),
    (OWN.replace('effect = "draw"', 'effect = "summon-demon"'), "'Deep Sleep'"),
    (OWN.replace('target = "none"', 'target = "familiar"'), "field 'target'"),
    (OWN.replace('copies = 10\ncost = 0\neffect = "draw"', 'copies = 10\ncost = -1\neffect = "draw"'), "field 'cost'"),
    (OWN.replace('"Deep Sleep"', '"Bone Axe"'), "listed twice"),
    (OWN + '\n[[spell]]\nname = "Demon"\n', "unknown table"),
    (OWN + '\n[[familiar]]\nname = "Demon"\n', "familiar 'Demon': field 'pool'"),
    (OWN.replace('speed = "fast"', 'speed = "fast/slow"'), "slow_effect"),
    (OWN.replace('origin = "rulebook"\n\n[[card]]', 'origin = "rulebook"\ncolour = "red"\n\n[[card]]'), "unknown field"),
    (OWN.replace("copies = 10", "copies = 1"), "at least 8 cards"),
])
def test_broken_card_files_are_refused_naming_file_card_and_field(tmp_path, text, words):
    path = _write(tmp_path, text)
    with pytest.raises(IllegalAction, match=words) as err:
        G.new(players=2, seed=1, cards=str(path))
    assert str(path) in str(err.value)


def test_the_games_own_file_is_what_a_player_would_load(tmp_path):
    data = tomllib.loads(CARDS.read_text())
    own = "\n".join(line for line in CARDS.read_text().splitlines())
    assert data["card"]
    path = _write(tmp_path, own.split("# --- Essence Vials")[0].split("# --- Familiars")[0]
                  + "\n".join(own.split("# --- The Main Deck")[1:]).split("\n", 1)[1])
    s = G.new(players=2, seed=1, cards=str(path))
    assert s.view(0)["catalogue"]["cards"].keys() == restore().view(0)["catalogue"]["cards"].keys()


@pytest.mark.parametrize("players, options, words", [
    (2, {"mode": "madness"}, "1 player"),
    (3, {"mode": "two-player-variant"}, "2 players"),
    (1, {"mode": "madness", "vials": "on"}, "Essence Vials"),
    (2, {"vials": "maybe"}, "vials"),
    (5, {}, "players"),
])
def test_impossible_options_are_refused(players, options, words):
    """(One player alone is not refused: it plays the Madness Mode, see the next test.)"""
    with pytest.raises(IllegalAction, match=words):
        G.new(players=players, **options)


def test_one_player_plays_madness_and_madness_implies_one_player():
    assert G.new(players=1, seed=1).options["mode"] == "madness"
    assert G.new(seed=1, mode="madness").players == 1
    assert G.new(seed=1, mode="two-player-variant").players == 2


@pytest.mark.parametrize("change, words", [
    ({"quadrants": {"Atlantis": {}}}, "Atlantis"),
    ({"quadrants": {"North": {"battleground": ["Imp", "Imp", "Imp", "Imp"]}}}, "at most 3"),
    ({"quadrants": {"North": {"river": ["Demon"]}}}, "not a Familiar"),
    ({"quadrants": {"North": {"life": 25}}}, "'life'"),
    ({"quadrants": {"North": {"river": [{"familiar": "Imp", "wings": 2}]}}}, "wings"),
    ({"hands": {"North": ["Dark Axe"] * 5}}, "Dark Axe"),
    ({"hands": {"Nowhere": []}}, "Nowhere"),
    ({"turn": "Up"}, "'turn'"),
    ({"phase": "lunch"}, "phase"),
    ({"flow": {"stack": [["dance", 1]], "decision": None}}, "task"),
    ({"flow": {"stack": [], "decision": ["main", 0], "to_move": 7}}, "to_move"),
    ({"flow": {"stack": [["window", 1]], "decision": ["main", 0], "to_move": 0}}, "takes 4 numbers"),
    ({"flow": {"stack": [], "decision": ["block"], "to_move": 1}}, "decision"),
    ({"quadrants": {"North": {"battleground": ["Dragon"]}}}, "module"),
    ({"supply": {"Imp": 40}}, "supply"),
    ({"aspects": {"North": "Aspect of Sloth"}}, "not an Aspect"),
])
def test_broken_snapshots_are_refused(change, words):
    snap = position(turn="North", phase="main")
    snap.update(change)
    if "hands" in change and "Nowhere" not in change["hands"]:
        snap = position(turn="North", phase="main")
        snap["hands"] = change["hands"]
    with pytest.raises(IllegalAction, match=words):
        G.restore(snap)


def test_a_snapshot_in_progress_round_trips():
    s = restore(turn="North", phase="attack", hands={"South": ["Bone Shield"]},
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"battleground": ["Imp"]}})
    play(s, "pass", "attack with Imp at Battleground 1", "pass")
    snap = json.loads(json.dumps(s.snapshot()))
    again = G.restore(snap)
    assert texts(again) == texts(s) == ["block with Imp at Battleground 1", "do not block"]
    play(again, "block with Imp at Battleground 1")
    play(s, "block with Imp at Battleground 1")
    assert again.snapshot() == s.snapshot()


def test_wrong_seats_and_texts():
    s = restore(turn="North", phase="main")
    for seat in (-1, 2, "North", None.__class__):
        with pytest.raises(IllegalAction):
            s.view(seat)
    with pytest.raises(IllegalAction):
        s.apply("summon  imp  please")
    play(s, "  SUMMON   imp ")
    assert s.view(None)["summons_this_turn"] == 1


@pytest.mark.parametrize("change, words", [
    ({"helth": 3}, "unknown field 'helth'"),
    ({"quadrants": {"North": {"lfe": 12}}}, "unknown field 'lfe'"),
    ({"turn_state": {"summons": "two"}}, "turn_state.summons"),
    ({"round": "3"}, "'round'"),
])
def test_misspelled_or_ill_typed_snapshot_fields_are_refused(change, words):
    """Core checks the declared snapshot fields (snapshots.py): a field it does not know, or one of the
    wrong type, is refused naming it."""
    snap = position(turn="North", phase="main")
    snap.update(change)
    with pytest.raises(IllegalAction, match=words):
        G.restore(snap)


def test_the_games_own_cards_toml_loads_with_cards():
    """One card schema: the game's own file, familiars and vials included, loads through --cards."""
    s = G.new(players=2, seed=1, cards=str(CARDS), vials="on", familiars="on")
    own = G.new(players=2, seed=1, vials="on", familiars="on")
    assert s.view(0)["catalogue"] == own.view(0)["catalogue"]
    assert [str(a) for a in s.legal_actions()] == [str(a) for a in own.legal_actions()]


def test_actions_name_the_cards_they_involve():
    t = G.actions
    assert t.find("cast Dark Axe").cards == ("Dark Axe",)
    assert t.find("use Essence of Flame on Imp at Battleground 1").cards == ("Essence of Flame", "Imp")
    assert t.find("block with Lich at Battleground 2").cards == ("Lich",)
    assert t.find("end turn").cards == ()
