"""The three ways to lose, and the double knock-out."""

from .positions import combat, everything_else, finish_turn, position, seat


def test_health_brought_to_zero_loses():
    state = combat("Dragon", "Fox", {"mana": 0}, {"mana": 0, "health": 9})
    finish_turn(state)
    assert state.is_over and state.winners == [0]
    assert state.scores == [24 - 1, 0]


def test_a_sheep_meeting_a_wolf_loses_immediately():
    state = position(seat(hand=["Sheep"]), seat(hand=["Wolf"]), phase="preparation")
    state.apply("transform Sheep")
    state.apply("transform Wolf")
    assert state.is_over and state.winners == [1]
    assert any("eaten by the Wolf" in line for line in state.log)


def test_double_knock_out_is_a_draw():
    state = combat("Dragon", "Dragon", {"mana": 0, "health": 5}, {"mana": 0, "health": 9})
    finish_turn(state)
    assert state.is_over and state.winners == []
    assert state.outcome(0) == state.outcome(1) == 0.5


def test_healing_and_damage_settle_together():
    # the Demon at 5 health takes 9 but regenerates the 6 it deals: 5 - 9 + 6 = 2, it survives
    state = combat("Demon", "Dragon", {"mana": 0, "health": 5}, {"mana": 0, "health": 30})
    finish_turn(state)
    assert not state.is_over
    assert state.scores == [2, 24]


def test_both_decks_running_out_together_is_a_draw():
    state = position(seat(health=30, transformation="none", deck=[], discard=everything_else()),
                     seat(health=30, transformation="none", deck=["Wolf"], discard=everything_else(["Wolf"])))
    state.apply("pass")
    assert state.is_over and state.winners == []
