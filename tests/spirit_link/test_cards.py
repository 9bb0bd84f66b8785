"""Every card's effect, each played through the combat and settlement."""

from .positions import combat, finish_turn, health, mana, position, rng_with_coins, seat


def settle(north, south, north_seat=None, south_seat=None, **kw):
    state = combat(north, south, north_seat, south_seat, **kw)
    return finish_turn(state)


def test_wolf_fox_bear_tiger_dragon_demon_deal_their_damage():
    # Wolf 3 vs Fox 1
    assert health(settle("Wolf", "Fox")) == [24 - 1, 24 - 3]
    # Tiger 6 vs Dragon 9
    assert health(settle("Tiger", "Dragon")) == [24 - 9, 24 - 6]


def test_turtle_halves_incoming_damage_rounding_down():
    assert health(settle("Turtle", "Dragon")) == [24 - 4, 24]   # 9 / 2 = 4
    assert health(settle("Turtle", "Dragon", options={"turtle_rounding": "up"})) == [24 - 5, 24]


def test_bear_suffers_2_less_damage():
    assert health(settle("Bear", "Tiger")) == [24 - 4, 24 - 4]
    assert health(settle("Bear", "Fox")) == [24, 24 - 4]        # 1 - 2 is no damage, not healing


def test_sheep_receives_no_damage():
    assert health(settle("Sheep", "Dragon")) == [24, 24]


def test_deer_flips_a_coin():
    heads = rng_with_coins(True)
    tails = rng_with_coins(False)
    state = settle("Deer", "Dragon", rng=heads)
    assert health(state) == [24, 24]
    assert any("heads, no damage" in line for line in state.log)
    assert health(settle("Deer", "Dragon", rng=tails)) == [24 - 9, 24]


def test_demon_bloodgenesis_regenerates_the_damage_it_deals():
    # Demon deals 6 to a Bear (reduced to 4) and gains 4; it takes 4 from the Bear
    assert health(settle("Demon", "Bear")) == [24 - 4 + 4, 24 - 4]


def test_foxfire_deals_6_that_cannot_be_reduced():
    state = combat("Fox", "Turtle", {"hand": ["Foxfire"], "mana": 3}, {"mana": 0, "health": 30})
    state.apply("play Foxfire")
    finish_turn(state)
    assert mana(state)[0] == 3 - 3 + 2  # paid 3; the next turn has regenerated 2
    # the Fox's own 1 is halved to 0; Foxfire's 6 is not halved
    assert health(state) == [24, 30 - 6]


def test_swift_escape_flips_a_coin_and_the_fox_still_deals_its_damage():
    # special case 3: "If you win a coin toss with Swift-Escape as a fox, you still do one damage."
    state = combat("Fox", "Wolf", {"hand": ["Swift-Escape"], "mana": 2}, {"mana": 0, "health": 30},
                   rng=rng_with_coins(True))
    state.apply("play Swift-Escape")
    finish_turn(state)
    assert health(state) == [24, 30 - 1]


def test_ice_fangs_causes_2_damage_to_health_and_mana():
    state = combat("Wolf", "Fox", {"hand": ["Ice-Fangs"], "mana": 2}, {"mana": 5, "health": 30})
    state.apply("play Ice-Fangs")
    finish_turn(state)
    assert health(state) == [24 - 1, 30 - 5]
    assert mana(state) == [0 + 2, 5 - 2 + 2]  # the next turn has regenerated 2 mana each


def test_blood_claw_against_the_demon():
    state = combat("Bear", "Demon", {"hand": ["Blood-Claw"], "mana": 2}, {"mana": 0})
    state.apply("play Blood-Claw")
    finish_turn(state)
    # Bear deals 4 + 5; the Demon deals 6 - 2 = 4 to the Bear and regenerates 9
    assert health(state) == [24 - 4 + 2, 24 - 9 + 4]


def test_fourius_attack_attacks_2_times():
    state = combat("Dragon", "Bear", {"hand": ["Fourius-Attack"], "mana": 4}, {"mana": 0, "health": 30})
    state.apply("play Fourius-Attack")
    finish_turn(state)
    assert health(state) == [24 - 4, 30 - 7 - 7]


def test_blood_prize_pays_4_life_and_suffers_no_damage():
    state = combat("Demon", "Dragon", {"hand": ["Blood-Prize"], "mana": 2}, {"mana": 0})
    state.apply("play Blood-Prize")
    assert health(state)[0] == 20
    finish_turn(state)
    assert health(state) == [20 + 6, 24 - 6]


def test_blood_prize_needs_more_than_4_life():
    state = combat("Demon", "Dragon", {"hand": ["Blood-Prize"], "mana": 0, "health": 4}, {"mana": 0})
    assert "play Blood-Prize" not in [str(a) for a in state.legal_actions()]


def test_mana_recovery_regenerates_1_mana():
    state = combat("Fox", "Fox", {"hand": ["Mana-Recovery"], "mana": 5}, {"mana": 0, "health": 30})
    state.apply("cast Mana-Recovery")
    assert mana(state)[0] == 6


def test_life_spring_discards_x_cards_for_x_life():
    state = combat("Fox", "Fox", {"hand": ["Life-Spring", "Sheep", "Deer", "Wolf"], "mana": 0, "health": 20},
                   {"mana": 0, "health": 30})
    state.apply("cast Life-Spring")
    state.apply("discard Sheep")
    state.apply("discard Deer")
    assert health(state)[0] == 22
    view = state.view(0)
    assert view["players"][0]["hand"] == ["Wolf"]
    assert view["players"][0]["discard"] == {"Sheep": 1, "Deer": 1, "Life-Spring": 1}
    state.apply("stop discarding")


def test_eternal_firebolt_deals_3_and_returns_to_hand():
    state = combat("Fox", "Fox", {"hand": ["Eternal-Firebolt"], "mana": 6}, {"mana": 0, "health": 30})
    state.apply("cast Eternal-Firebolt")
    view = state.view(1)
    assert view["players"][0]["known_in_hand"] == ["Eternal-Firebolt"]
    assert view["players"][0]["hand_size"] == 1
    assert view["players"][0]["mana"] == 2
    finish_turn(state)
    assert health(state) == [24 - 1, 30 - 1 - 3]


def test_eternal_firebolt_after_settlement_hits_at_once():
    state = combat("Fox", "Wolf", {"hand": ["Eternal-Firebolt"], "mana": 4}, {"mana": 0, "health": 30},
                   phase="settlement")
    state.apply("cast Eternal-Firebolt")
    assert health(state)[1] == 27


def test_tiger_cannot_be_escaped():
    heads = rng_with_coins(True, True)
    state = settle("Deer", "Tiger", rng=heads)
    assert health(state) == [24 - 6, 24]
    assert any("cannot escape from the Tiger" in line for line in state.log)
    # the Sheep is not an escape: by default it still receives no damage
    assert health(settle("Sheep", "Tiger")) == [24, 24]


def test_tiger_prevention_option_stops_sheep_and_blood_prize_too():
    assert health(settle("Sheep", "Tiger", options={"tiger": "prevention"})) == [24 - 6, 24]
    state = combat("Demon", "Tiger", {"hand": ["Blood-Prize"], "mana": 0}, {"mana": 0},
                   options={"tiger": "prevention"})
    state.apply("play Blood-Prize")
    finish_turn(state)
    assert health(state) == [24 - 4 - 6 + 6, 24 - 6]


def test_blood_claw_against_a_non_demon_options():
    def run(option):
        state = combat("Bear", "Fox", {"hand": ["Blood-Claw"], "mana": 2, "health": 20}, {"mana": 0, "health": 30},
                       options={"blood_claw": option})
        state.apply("play Blood-Claw")
        return health(finish_turn(state))
    assert run("heal-only") == [20 + 2, 30 - 4]
    assert run("no-effect") == [20, 30 - 4]
    assert run("any-target") == [20 + 2, 30 - 9]


def test_eternal_firebolt_deals_its_damage_without_a_transformation():
    # RULES.md, ruling 13: "If you have not transformed, you do not cause any damage" is read as the
    # combat damage of a transformation and its ability cards; "Eternal-Firebolt (4) Deals 3 damage."
    state = position(seat(hand=["Eternal-Firebolt", "Demon"], mana=4), seat(hand=["Fox", "Turtle"], health=30),
                     phase="preparation")
    state.apply("cast Eternal-Firebolt")
    assert state.view(None)["players"][0]["transformation"] == "none"   # the Demon costs 7: none placed
    state.apply("transform Fox")
    finish_turn(state)
    assert health(state) == [24 - 1, 30 - 3]
