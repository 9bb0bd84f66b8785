"""Broken snapshots and card files are refused with a message naming what is wrong."""

import json

import pytest

import tabletome
from tabletome import IllegalAction

from .positions import GAME, position, seat

CARDS = GAME.cards.source


def test_a_snapshot_must_hold_each_deck_exactly():
    with pytest.raises(IllegalAction, match="4 Wolf placed, but a deck has 3"):
        position(seat(hand=["Wolf", "Wolf", "Wolf", "Wolf"]), seat())
    with pytest.raises(IllegalAction, match="does not hold its deck"):
        position(seat(hand=["Wolf"], deck=["Fox"]), seat())


@pytest.mark.parametrize("field, value, message", [
    ("phase", "lunch", "phase"),
    ("round", -1, "round"),
    ("to_move", 5, "to_move"),
    ("seats", [], "seats"),
    ("pending", {"choice": "nap"}, "pending"),
])
def test_bad_snapshot_fields_are_named(field, value, message):
    data = {"game": "spirit-link", "phase": "combat", "seats": [seat(transformation="Fox"), seat(transformation="Fox")]}
    data[field] = value
    with pytest.raises(IllegalAction, match=message):
        GAME.restore(data)


def test_unknown_card_in_snapshot():
    with pytest.raises(IllegalAction, match="'Unicorn' is not a Spirit Link card"):
        position(seat(hand=["Unicorn"]), seat())


def test_snapshot_round_trip_keeps_playing_identically():
    state = GAME.new(seed=9)
    for _ in range(20):
        state.apply(state.legal_actions()[0])
    copy = GAME.restore(json.loads(json.dumps(state.snapshot())))
    for _ in range(30):
        if state.is_over:
            break
        a = state.legal_actions()[-1]
        state.apply(a)
        copy.apply(str(a))
    assert copy.snapshot() == state.snapshot()


def write(tmp_path, text):
    path = tmp_path / "deck.toml"
    path.write_text(text)
    return path


def test_a_players_own_card_file_is_loaded(tmp_path):
    text = open(CARDS).read().replace('copies = 3\ndamage = 9', 'copies = 3\ndamage = 10')
    path = write(tmp_path, text)
    state = GAME.new(seed=1, cards=path)
    assert "cards" in state.record()
    again = tabletome.replay(state.record())
    assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace('name = "Wolf"\ntype = "transformation"', 'name = "Wolf"\ntype = "beast"'), "card 'Wolf'.*'type'"),
    (lambda t: t.replace('copies = 3\ndamage = 3', 'copies = -1\ndamage = 3'), "card 'Wolf'.*'copies'"),
    (lambda t: t.replace('effect = "eats-sheep"', 'effect = "flies"'), "card 'Wolf'.*'effect'"),
    (lambda t: t.replace('for = "Fox"', 'for = "Unicorn"', 1), "card 'Foxfire'.*'for'"),
    (lambda t: t.replace('origin = "rulebook"', 'origin = "dream"', 1), "'origin'"),
    (lambda t: t + '\n[[card]]\nname = "Wolf"\ntype = "spell"\ncopies = 1\ncost = 0\neffect = "gain-mana"\nmana = 1\n'
     'origin = "designed"\n', "listed twice"),
    (lambda t: "this is [not toml", "not valid TOML"),
])
def test_broken_card_files_are_refused(tmp_path, change, message):
    path = write(tmp_path, change(open(CARDS).read()))
    with pytest.raises(IllegalAction, match=message):
        GAME.new(seed=1, cards=path)


def test_missing_card_file(tmp_path):
    with pytest.raises(IllegalAction, match="no card file"):
        GAME.new(seed=1, cards=tmp_path / "nope.toml")
