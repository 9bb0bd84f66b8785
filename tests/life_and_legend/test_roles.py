"""The cards the solitaire modes name (War, Apathy, Arbiter) are found by their ``role`` in the card
data, not by name: a card file that renames them keeps War, Lore and The Arbiter working."""

import pytest

import tabletome
from tabletome.core import IllegalAction
from tabletome.games.life_and_legend.cards import DEFAULT_CARDS

from .helpers import game, position
from .test_modes import finish_turn

# each role's card, its printed name and the name a player's file gives it
RENAMED = {"War": "Endless Strife", "Apathy": "Numbness", "Arbiter": "Magistrate"}


def renamed_text():
    text = DEFAULT_CARDS.read_text()
    for old, new in RENAMED.items():
        assert text.count(f'name = "{old}"\n') == 1
        text = text.replace(f'name = "{old}"\n', f'name = "{new}"\n')
    return text


@pytest.fixture
def renamed(tmp_path):
    path = tmp_path / "renamed.toml"
    path.write_text(renamed_text())
    return path


def back(text):
    for old, new in RENAMED.items():
        text = text.replace(new, old)
    return text


def play_out(state):
    """Play to the end with the heuristic agent; every action's text and the log."""
    bot = tabletome.agent("heuristic", seed=5)
    texts = []
    while not state.is_over:
        action = bot.choose(state)
        texts.append(str(action))
        state.apply(action)
    return texts


@pytest.mark.parametrize("mode,seed", [("war", 3), ("lore", 4), ("arbiter", 5)])
def test_a_mode_plays_the_same_game_with_its_card_renamed(renamed, mode, seed):
    """Same seed, same agent: the renamed file's game is the printed one's, name for name."""
    printed = game().new(players=1, seed=seed, mode=mode)
    mine = game().new(players=1, seed=seed, mode=mode, cards=str(renamed))
    if mode == "war":     # "The Event, War is placed uncovered somewhere in the World."
        assert mine.view(0)["world"][0] == {**printed.view(0)["world"][0], "card": "Endless Strife"}
    expected = play_out(printed)
    got = play_out(mine)
    assert [back(t) for t in got] == expected
    assert [back(line) for line in mine.log] == printed.log
    assert mine.is_over and (mine.winners, mine.scores) == (printed.winners, printed.scores)


def test_war_keeps_the_renamed_war_in_the_world():
    """"War is always in the World and can never be removed": a second Atmosphere goes instead."""
    s = position(players=1, options={"mode": "war"}, cards=renamed_text(),
                 world=["Endless Strife", "Fog", "Storm", "Windfall"], uncovered=[True, False, False, False], phase=1)
    s.apply("uncover space 2")
    assert s.view(0)["world"][0]["card"] == "Endless Strife" and s.view(0)["world"][1]["card"] == "empty"


def test_lore_removes_the_renamed_apathy():
    """"Remove the Trauma, Apathy from the game.\""""
    def cards_in_play(mode):
        snap = game().new(players=1, seed=2, mode=mode, card_text=renamed_text()).snapshot()
        return str({k: v for k, v in snap.items() if k != "cards"})   # not the card file's text

    assert "Numbness" in cards_in_play("treasury") and "Numbness" not in cards_in_play("lore")


def test_the_arbiter_counts_the_renamed_arbiter():
    """"The Player must acquire the Life Path, Arbiter, and all 8 Traumas\""""
    traumas = ["Numbness", "Fear", "Grief", "Doubt", "Exhaustion", "Loss", "Restlessness", "Dread"]
    s = position(players=1, options={"mode": "arbiter"}, cards=renamed_text(), path=["Magistrate"],
                 traumas=[traumas], world=["Fog", "Storm", "Windfall", "Caravan"], phase=3)
    assert s.scores == [9]
    finish_turn(s)
    assert s.is_over and s.winners == [0] and s.outcome(0) == 1.0


@pytest.mark.parametrize("change,message", [
    (('role = "war"\n', ''), r'event.*field .role.: exactly one Event has role = "war" \(War mode: .*\); none does'),
    (('name = "Festival"\n', 'name = "Festival"\nrole = "war"\n'),
     r"exactly one Event has role = \"war\".*'War', 'Festival' do"),
    (('role = "apathy"\n', ''), r'exactly one Trauma has role = "apathy" \(Lore mode'),
    (('role = "arbiter"\n', ''), r'exactly one Life Path has role = "arbiter" \(The Arbiter'),
    (('name = "Festival"\n', 'name = "Festival"\nrole = "arbiter"\n'), r"event 'Festival': field 'role'"),
])
def test_the_loader_names_a_missing_or_doubled_role(tmp_path, change, message):
    text = DEFAULT_CARDS.read_text()
    assert change[0] in text
    path = tmp_path / "roles.toml"
    path.write_text(text.replace(*change, 1))
    with pytest.raises(IllegalAction, match=message):
        game().new(players=1, seed=1, mode="treasury", cards=str(path))


def test_a_lore_position_leaves_the_renamed_apathy_out_of_its_decks():
    """A hand-written Lore position puts the cards it leaves out into their decks, but not Apathy,
    renamed or not ("Remove the Trauma, Apathy from the game")."""
    s = position(players=1, options={"mode": "lore"}, cards=renamed_text(), phase=1)
    snap = {k: v for k, v in s.snapshot().items() if k != "cards"}
    assert "Numbness" not in str(snap) and "Fear" in snap["life_deck"]


@pytest.mark.parametrize("mode,card", [("war", "War"), ("arbiter", "Arbiter")])
def test_the_rules_reference_names_the_mode_card_as_the_card_file_does(renamed, mode, card):
    """``rules`` at the table: the mode's text names its card as the file in play names it (our
    rulings below it quote RULES.md, which speaks of the printed card, word for word)."""
    def this_mode(text):
        return text.split("This mode:")[1].split("Our rulings")[0]

    printed = game().rules_summary(1, {"mode": mode})
    assert f" {card} " in this_mode(printed)
    text = game().rules_summary(1, {"mode": mode}, renamed_text())
    assert f" {RENAMED[card]} " in this_mode(text) and f" {card} " not in this_mode(text)
    assert back(" ".join(text.split())) == " ".join(printed.split())     # (wrapped at other words)
