"""Issue 10, item 7: a seat whose only legal preparation choice is a transformation places it.

"Each player plays 1 transformation card every turn." When a seat holds transformations it can
pay for, "no transformation" is not offered (RULES.md, ruling 4); when nothing else is left to do
(no spell, fewer than 3 cards to trade, no mana or no room for "buy 1 life"), the one
transformation it can play is placed for it, face down, and fights.
"""

from .positions import finish_turn, health, position, rng_with_coins, seat


def placed_face_down(state, p, name):
    assert state.view(p)["players"][p]["transformation"] == name
    assert state.view(1 - p)["players"][p]["transformation"] == "face down"
    assert not any("does not transform" in line for line in state.log)


def test_a_deer_at_30_health_is_placed_after_the_last_spell():
    # North's last other choice is Mana-Recovery; then only "transform Deer" is left
    state = position(seat(hand=["Deer", "Mana-Recovery"], health=30), seat(hand=["Wolf", "Fox"]),
                     phase="preparation", rng=rng_with_coins(True))
    assert [str(a) for a in state.legal_actions()] == ["transform Deer", "cast Mana-Recovery"]
    state.apply("cast Mana-Recovery")
    assert state.to_move == 1
    placed_face_down(state, 0, "Deer")
    state.apply("transform Wolf")
    assert state.view(None)["players"][0]["transformation"] == "Deer"
    finish_turn(state)
    # "Deer (0/0) Flip a coin. If it's heads, you won't take any damage."
    assert any("flips a coin for Deer against Wolf: heads" in line for line in state.log)
    assert health(state) == [30, 24]


def test_two_wolves_and_no_mana_left_after_buying_life():
    state = position(seat(hand=["Wolf", "Wolf"], health=20, mana=3), seat(hand=["Fox", "Bear"], health=30),
                     phase="preparation")
    state.apply("buy 1 life")   # 1 mana left: no more life to buy; 2 cards: no trade
    assert state.to_move == 1
    placed_face_down(state, 0, "Wolf")
    state.apply("transform Fox")
    # "Wolf (3/1)": the Wolf is paid for at the reveal and deals its 3
    assert [p["mana"] for p in state.view(None)["players"]] == [0, 10]
    finish_turn(state)
    assert health(state) == [21 - 1, 30 - 3]


def test_at_the_start_of_a_turn_the_only_transformation_is_placed():
    # the turn ends with nothing in South's hand; it draws two Wolves at 30 health and, with
    # priority in turn 2, prepares first
    state = position(seat(health=30, mana=0, transformation="none", hand=["Deer", "Fox"]),
                     seat(health=30, mana=0, transformation="none", deck_top=["Wolf", "Wolf"]),
                     phase="settlement")
    state.apply("pass")
    view = state.view(0)
    assert view["round"] == 2 and view["priority"] == 1
    assert view["phase"] == "preparation" and state.to_move == 0
    placed_face_down(state, 1, "Wolf")
