"""The turn: face-down preparation, the combat window, player abilities in every phase."""

import pytest

from tabletome import IllegalAction

from .positions import GAME, finish_turn, health, mana, position, seat


def preparing(north_hand, south_hand, **kw):
    return position(seat(hand=north_hand, **kw), seat(hand=south_hand), phase="preparation")


def test_transformation_is_face_down_until_combat():
    state = preparing(["Dragon", "Fox"], ["Bear"])
    state.apply("transform Dragon")
    assert state.to_move == 1
    assert state.view(1)["players"][0]["transformation"] == "face down"
    assert state.view(None)["players"][0]["transformation"] == "face down"
    assert state.view(0)["players"][0]["transformation"] == "Dragon"
    assert "Dragon" not in " ".join(state.view(1)["log"])
    # the cost is paid at the reveal, so the opponent cannot read it off the mana
    assert state.view(1)["players"][0]["mana"] == 10
    state.apply("transform Bear")
    view = state.view(1)
    assert view["phase"] == "combat"
    assert view["players"][0]["transformation"] == "Dragon"
    assert mana(state) == [10 - 6, 10 - 2]


def test_only_affordable_transformations_are_offered_and_one_must_be_played():
    state = preparing(["Demon", "Fox"], ["Bear"], mana=6)
    legal = [str(a) for a in state.legal_actions()]
    assert "transform Fox" in legal and "transform Demon" not in legal
    assert "no transformation" not in legal  # must_transform=yes
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply("transform Demon")


def test_no_transformation_when_none_can_be_paid_for():
    state = preparing(["Demon"], ["Bear"], mana=3)
    legal = [str(a) for a in state.legal_actions()]
    assert "no transformation" in legal and "transform Demon" not in legal
    state.apply("no transformation")
    state.apply("transform Bear")
    # "If you have not transformed, you do not cause any damage, have no abilities and get damage normally."
    assert state.view(0)["players"][0]["transformation"] == "none"
    finish_turn(state)
    assert health(state) == [24 - 4, 24]


def test_must_transform_option_no_lets_you_stay_human():
    state = position(seat(hand=["Wolf"]), seat(hand=["Bear"]), phase="preparation",
                     options={"must_transform": "no"})
    assert "no transformation" in [str(a) for a in state.legal_actions()]


def test_one_ability_card_for_your_own_transformation_only():
    state = position(seat(transformation="Fox", hand=["Foxfire", "Swift-Escape", "Ice-Fangs"]),
                     seat(transformation="Wolf", health=30, mana=0))
    legal = [str(a) for a in state.legal_actions()]
    assert "play Foxfire" in legal and "play Swift-Escape" in legal
    assert "play Ice-Fangs" not in legal  # Ice-Fangs is for the Wolf
    state.apply("play Foxfire")
    legal = [str(a) for a in state.legal_actions()]
    assert not any(t.startswith("play ") for t in legal)  # "only 1 ability card ... per turn"


def test_one_spell_per_turn():
    state = position(seat(transformation="Fox", hand=["Mana-Recovery", "Life-Spring"], mana=5),
                     seat(transformation="Wolf", health=30, mana=0))
    state.apply("cast Mana-Recovery")
    assert not any(a.kind == "spell" for a in state.legal_actions())


def test_both_players_may_answer_in_the_combat_window():
    state = position(seat(transformation="Wolf", hand=["Ice-Fangs"], mana=4),
                     seat(transformation="Fox", hand=["Swift-Escape"], mana=4))
    state.apply("play Ice-Fangs")
    state.apply("pass")
    assert state.to_move == 1
    state.apply("play Swift-Escape")
    state.apply("pass")
    # after South acted, North may answer again before the window closes
    assert state.to_move == 0 and state.view(None)["phase"] == "combat"


def test_player_abilities_any_number_of_times_in_every_phase():
    hand = ["Wolf", "Fox", "Deer", "Turtle", "Sheep", "Bear", "Tiger"]
    state = position(seat(hand=hand, mana=10, deck_top=["Dragon", "Demon", "Foxfire", "Ice-Fangs"]),
                     seat(hand=["Bear"]), phase="preparation")
    state.apply("trade 3 for 2")
    for card in ("Sheep", "Deer", "Turtle"):
        state.apply(f"discard {card}")
    assert sorted(state.view(0)["players"][0]["hand"]) == sorted(["Wolf", "Fox", "Bear", "Tiger", "Dragon", "Demon"])
    state.apply("trade 3 for 2")
    for card in ("Wolf", "Fox", "Bear"):
        state.apply(f"discard {card}")
    assert state.view(0)["players"][0]["hand_size"] == 5
    state.apply("buy 1 life")
    state.apply("buy 1 life")
    assert health(state)[0] == 26 and mana(state)[0] == 6
    state.apply("transform Tiger")
    state.apply("transform Bear")
    # combat window
    state.apply("buy 1 life")
    assert health(state)[0] == 27
    state.apply("pass")


def test_trading_needs_three_cards():
    state = position(seat(hand=["Wolf", "Fox"]), seat(hand=["Bear"]), phase="preparation")
    assert "trade 3 for 2" not in [str(a) for a in state.legal_actions()]


def test_a_seat_with_nothing_to_do_is_passed_for():
    # South has no cards, no mana and full health: the combat window never asks it
    state = position(seat(transformation="Wolf", mana=0, health=30), seat(transformation="Fox", mana=0, health=30))
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    state.apply("pass")
    assert state.view(None)["round"] == 2


def test_priority_alternates_each_turn():
    state = GAME.new(seed=3)
    assert state.view(None)["priority"] == 0
    while state.view(None)["round"] == 1:
        state.apply(state.legal_actions()[-1])
    assert state.view(None)["priority"] == 1


def test_first_option_north_always_has_priority():
    state = GAME.new(seed=3, first="north")
    while state.view(None)["round"] == 1:
        state.apply(state.legal_actions()[-1])
    assert state.view(None)["priority"] == 0
