"""The rulebook's six special cases, each played through."""

from .positions import combat, everything_else, finish_turn, health, mana, position, rng_with_coins, seat


def test_1_drawing_from_an_empty_deck_loses():
    # "If a player has no cards left in the deck, when he has to draw one, that player loses."
    state = position(seat(health=30, transformation="none", deck=[], discard=everything_else()),
                     seat(health=30, transformation="none", deck_top=["Wolf", "Fox"]))
    state.apply("pass")  # the turn ends; the next regeneration finds North's deck empty
    assert state.is_over and state.winners == [1]
    assert any("no cards left in the deck" in line for line in state.log)


def test_1_also_when_trading_draws_from_an_empty_deck():
    hand = ["Wolf", "Fox", "Deer"]
    state = position(seat(hand=hand, deck=[], discard=everything_else(hand)), seat(hand=["Bear"]), phase="preparation")
    state.apply("trade 3 for 2")
    for card in ("Wolf", "Fox", "Deer"):
        state.apply(f"discard {card}")
    assert state.is_over and state.winners == [1]


def test_2_ice_fangs_mana_is_lost_at_settlement_so_the_opponent_can_still_answer():
    # "If a player plays the Ice-Fangs ability on the wolf in the combat phase, the mana is not
    # deducted until the clearing phase. So, before the mana loss, one more spell and one more
    # ability card may be played if the opponent has not already done so."
    state = combat("Wolf", "Fox", {"hand": ["Ice-Fangs"], "mana": 2},
                   {"hand": ["Swift-Escape", "Mana-Recovery", "Sheep", "Deer", "Turtle"], "mana": 2, "health": 30},
                   rng=rng_with_coins(False))
    state.apply("play Ice-Fangs")
    assert state.to_move == 1
    assert mana(state)[1] == 2  # not yet deducted
    state.apply("play Swift-Escape")   # one more ability card, paid with the mana about to be lost
    state.apply("cast Mana-Recovery")  # and one more spell
    assert mana(state)[1] == 1
    finish_turn(state)
    assert health(state)[1] == 30 - 5
    assert mana(state)[1] == 0 + 2  # 1 - 2 floors at 0; then the next turn regenerates 2


def test_3_swift_escape_heads_and_the_fox_still_does_one_damage():
    state = combat("Fox", "Dragon", {"hand": ["Swift-Escape"], "mana": 2}, {"mana": 0, "health": 30},
                   rng=rng_with_coins(True))
    state.apply("play Swift-Escape")
    finish_turn(state)
    assert health(state) == [24, 30 - 1]


def test_4_a_dragon_attacking_twice_means_two_coin_flips():
    # "When a dragon attacks 2 times, you also flip a coin 2 times, if an escape effect is played."
    state = combat("Dragon", "Deer", {"hand": ["Fourius-Attack"], "mana": 4}, {"mana": 0, "health": 30},
                   rng=rng_with_coins(True, False))
    state.apply("play Fourius-Attack")
    finish_turn(state)
    flips = [line for line in state.log if "flips a coin" in line]
    assert len(flips) == 2
    assert health(state)[1] == 30 - 9


def test_5_blood_prize_prevents_foxfire():
    # "When a demon is under the influence of Blood-Prize, it can prevent the damage of Foxfire.
    # The damage of Foxfire cannot be reduced. But it can be prevented."
    state = combat("Fox", "Demon", {"hand": ["Foxfire"], "mana": 5}, {"hand": ["Blood-Prize"], "mana": 0})
    state.apply("play Foxfire")
    state.apply("pass")
    state.apply("play Blood-Prize")
    finish_turn(state)
    assert health(state) == [24 - 6, 24 - 4 + 6]


def test_6_blood_prize_prevents_eternal_firebolt():
    state = combat("Fox", "Demon", {"hand": ["Eternal-Firebolt"], "mana": 6}, {"hand": ["Blood-Prize"], "mana": 0})
    state.apply("cast Eternal-Firebolt")
    state.apply("pass")
    state.apply("play Blood-Prize")
    finish_turn(state)
    assert health(state)[1] == 24 - 4 + 6
