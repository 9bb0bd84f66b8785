"""A card's numbers are its data: a player's own card file that changes an amount changes the game
(issue 10, item 3), and a file giving an effect an amount it does not read, or leaving one out, is
refused naming the card and the field."""

import pytest

from tabletome import IllegalAction

from .positions import GAME, combat, finish_turn, health, mana

PRINTED = open(GAME.cards.source).read()


def deck(old, new):
    assert old in PRINTED, old
    return PRINTED.replace(old, new, 1)


def fight(cards, north, south, north_seat=None, south_seat=None, play=(), **kw):
    state = combat(north, south, north_seat, south_seat, cards=cards, **kw)
    for text in play:
        state.apply(text)
    return finish_turn(state)


def test_the_printed_deck_plays_as_printed():
    assert health(fight(PRINTED, "Bear", "Tiger")) == [24 - 4, 24 - 4]


def test_a_bear_that_suffers_3_less():
    cards = deck("reduce = 2", "reduce = 3")
    assert health(fight(cards, "Bear", "Tiger")) == [24 - 3, 24 - 4]


def test_ice_fangs_with_other_amounts():
    cards = deck("damage = 2\nmana = 2", "damage = 4\nmana = 3")
    state = fight(cards, "Wolf", "Fox", {"hand": ["Ice-Fangs"], "mana": 2}, {"mana": 5, "health": 30},
                  play=["play Ice-Fangs"])
    assert health(state) == [24 - 1, 30 - 3 - 4]
    assert mana(state) == [0 + 2, 5 - 3 + 2]


def test_foxfire_and_fourius_attack_with_other_amounts():
    cards = deck('effect = "unreducible-hit"\ndamage = 6', 'effect = "unreducible-hit"\ndamage = 8')
    state = fight(cards, "Fox", "Turtle", {"hand": ["Foxfire"], "mana": 3}, {"mana": 0, "health": 30},
                  play=["play Foxfire"])
    assert health(state) == [24, 30 - 8]
    cards = deck("attacks = 2", "attacks = 3")
    state = fight(cards, "Dragon", "Bear", {"hand": ["Fourius-Attack"], "mana": 4}, {"mana": 0, "health": 30},
                  play=["play Fourius-Attack"])
    assert health(state) == [24 - 4, 30 - 7 * 3]


def test_blood_claw_and_blood_prize_with_other_amounts():
    cards = deck("damage = 5\nheal = 2", "damage = 1\nheal = 5")
    state = fight(cards, "Bear", "Demon", {"hand": ["Blood-Claw"], "mana": 2, "health": 20}, {"mana": 0},
                  play=["play Blood-Claw"])
    assert health(state) == [20 - 4 + 5, 24 - 5 + 4]
    cards = deck("life = 4", "life = 1")
    state = combat("Demon", "Dragon", {"hand": ["Blood-Prize"], "mana": 2}, {"mana": 0}, cards=cards)
    state.apply("play Blood-Prize")
    assert health(state)[0] == 24 - 1


def test_spells_with_other_amounts():
    cards = deck("mana = 1", "mana = 3").replace('effect = "hit-return-to-hand"\ndamage = 3',
                                                    'effect = "hit-return-to-hand"\ndamage = 5')
    cards = cards.replace('effect = "discard-for-life"\nlife = 1', 'effect = "discard-for-life"\nlife = 2')
    state = combat("Fox", "Fox", {"hand": ["Mana-Recovery"], "mana": 5}, {"mana": 0, "health": 30}, cards=cards)
    state.apply("cast Mana-Recovery")
    assert mana(state)[0] == 8
    state = combat("Fox", "Fox", {"hand": ["Eternal-Firebolt"], "mana": 6}, {"mana": 0, "health": 30}, cards=cards)
    state.apply("cast Eternal-Firebolt")
    assert any("5 damage at settlement" in line for line in state.log)
    assert health(finish_turn(state)) == [24 - 1, 30 - 1 - 5]
    state = combat("Fox", "Fox", {"hand": ["Life-Spring", "Sheep", "Deer"], "mana": 0, "health": 20},
                   {"mana": 0, "health": 30}, cards=cards)
    state.apply("cast Life-Spring")
    state.apply("discard Sheep")
    assert health(state)[0] == 22


@pytest.mark.parametrize("old, new, message", [
    ('effect = "coin-escape"\ntext = "Swift', 'effect = "coin-escape"\ndamage = 2\ntext = "Swift',
     "card 'Swift-Escape': field 'damage': not read"),
    ("attacks = 2\n", "", "card 'Fourius-Attack': field 'attacks': missing"),
    ('effect = "gain-mana"', 'effect = "bloodgenesis"', "card 'Mana-Recovery': field 'effect'.*not an effect of a spell"),
    ("reduce = 2", "reduce = -1", "card 'Bear': field 'reduce'"),
])
def test_amounts_an_effect_does_not_read_or_needs_are_refused(tmp_path, old, new, message):
    path = tmp_path / "deck.toml"
    path.write_text(deck(old, new))
    with pytest.raises(IllegalAction, match=message):
        GAME.new(seed=1, cards=path)


def test_a_renamed_life_spring_is_still_the_life_spring_choice_in_the_observation():
    """The observation names the pending choice by its rule, not by the card's printed name: a card
    file calling the discard-for-life spell "Wellspring" gives the same vector as the printed deck."""
    seen = []
    for cards, name in ((PRINTED, "Life-Spring"), (deck('name = "Life-Spring"', 'name = "Wellspring"'), "Wellspring")):
        state = combat("Fox", "Fox", {"hand": [name, "Sheep", "Deer"], "mana": 0, "health": 20},
                       {"mana": 0, "health": 30}, cards=cards)
        state.apply(f"cast {name}")
        assert state.view(0)["pending"]["choice"] == name
        seen.append(state.observation(0).tolist())
    assert seen[0] == seen[1]
