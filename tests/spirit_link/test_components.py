"""The deck, the starting position and the per-turn resources, as printed."""

import json

import pytest

from tabletome import IllegalAction

from .positions import GAME, health, mana, position, seat


def test_the_deck_is_45_cards_as_printed():
    # "Each transformation card belongs in a deck 3 times each. Spell cards and ability cards 2
    # times each. That makes a total of 27 transformation cards, 6 spell cards and 12 ability cards."
    cards = GAME.cards.cards
    by_type = {}
    for card in cards:
        by_type[card.type] = by_type.get(card.type, 0) + card.copies
        assert card.origin == "rulebook"
        assert card.copies == (3 if card.type == "transformation" else 2)
    assert by_type == {"transformation": 27, "ability": 12, "spell": 6}
    assert sum(by_type.values()) == 45
    assert {c.name for c in cards if c.type == "transformation"} == {
        "Wolf", "Sheep", "Fox", "Turtle", "Deer", "Bear", "Tiger", "Dragon", "Demon"}
    damage_cost = {c.name: (c.damage, c.cost) for c in cards if c.type == "transformation"}
    assert damage_cost == {"Wolf": (3, 1), "Sheep": (0, 0), "Fox": (1, 0), "Turtle": (0, 0), "Deer": (0, 0),
                           "Bear": (4, 2), "Tiger": (6, 4), "Dragon": (9, 6), "Demon": (6, 7)}
    abilities = {c.name: (c.cost, GAME.cards.names[c.for_form]) for c in cards if c.type == "ability"}
    assert abilities == {"Foxfire": (3, "Fox"), "Swift-Escape": (2, "Fox"), "Ice-Fangs": (2, "Wolf"),
                         "Blood-Claw": (2, "Bear"), "Fourius-Attack": (4, "Dragon"), "Blood-Prize": (0, "Demon")}
    spells = {c.name: c.cost for c in cards if c.type == "spell"}
    assert spells == {"Mana-Recovery": 0, "Life-Spring": 0, "Eternal-Firebolt": 4}


def test_each_player_starts_with_24_health_10_mana_and_their_own_45_cards():
    state = GAME.new(seed=11)
    snap = state.snapshot()
    for s in snap["seats"]:
        assert len(s["hand"]) + len(s["deck"]) + len(s["discard"]) == 45
    view = state.view(None)
    # the first turn's regeneration has already happened: +2 mana (capped at 12), 5 + 2 cards
    assert health(state) == [24, 24]
    assert mana(state) == [12, 12]
    assert [p["hand_size"] for p in view["players"]] == [7, 7]
    assert [p["deck_size"] for p in view["players"]] == [38, 38]


@pytest.mark.parametrize("start", [3, 4, 5, 6, 7])
def test_starting_hand_option(start):
    state = GAME.new(seed=1, starting_hand=start)
    assert [p["hand_size"] for p in state.view(None)["players"]] == [start + 2] * 2


def test_regeneration_draws_2_and_gives_2_mana_capped_at_12():
    # end the turn with nothing to do: both pass; the next turn regenerates
    state = position(seat(health=30, mana=11, deck_top=["Wolf", "Fox"], transformation="none"),
                     seat(health=30, mana=4, deck_top=["Bear", "Deer"], transformation="none"))
    state.apply("pass")
    view = state.view(0)
    assert view["round"] == 2 and view["phase"] == "preparation"
    assert mana(state) == [12, 6]
    assert sorted(view["players"][0]["hand"]) == ["Fox", "Wolf"]
    assert view["players"][1]["hand_size"] == 2


def test_health_is_capped_at_30():
    state = position(seat(health=30, mana=6, hand=["Life-Spring", "Fox", "Deer"], transformation="none"),
                     seat(transformation="none"))
    legal = [str(a) for a in state.legal_actions()]
    assert "buy 1 life" not in legal  # nothing to gain at 30
    state.apply("cast Life-Spring")
    state.apply("discard Deer")
    assert health(state)[0] == 30


def test_hand_limit_is_8_at_end_of_turn():
    hand = ["Wolf", "Wolf", "Fox", "Fox", "Deer", "Deer", "Turtle", "Turtle", "Sheep", "Sheep"]
    state = position(seat(hand=hand, mana=0, transformation="none"), seat(health=30, transformation="none"),
                     phase="settlement")
    # North could trade 3 for 2 here; it passes, and must discard down to 8
    state.apply("pass")
    view = state.view(0)
    assert view["phase"] == "end of turn" and view["pending"]["choice"] == "hand limit"
    state.apply("discard Sheep")
    assert state.view(0)["pending"] is not None
    state.apply("discard Sheep")
    view = state.view(0)
    assert view["round"] == 2
    assert view["players"][0]["hand_size"] == 8 + 2  # the next turn's draw
    assert view["players"][0]["discard"] == {"Sheep": 2}


def test_it_is_a_pure_two_player_game():
    assert GAME.player_counts == (2,)
    with pytest.raises(IllegalAction, match="2 players"):
        GAME.new(players=3)


def test_view_is_json_and_hides_the_opponents_hand():
    state = GAME.new(seed=4)
    for seat_no in (0, 1):
        view = state.view(seat_no)
        json.dumps(view)
        assert "hand" in view["players"][seat_no]
        assert "hand" not in view["players"][1 - seat_no]
        assert all("deck" not in p for p in view["players"])
    assert all("hand" not in p for p in state.view(None)["players"])
