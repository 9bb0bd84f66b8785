"""Declared snapshot fields: a misspelled, missing or ill-typed field is refused naming it, and
positions written before the decision stack (phase, to_move, passes, pending) still load."""

import json

import pytest

from tabletome import IllegalAction

from .positions import GAME, position, seat


def test_a_misspelled_field_is_refused_naming_it():
    with pytest.raises(IllegalAction, match="unknown field 'helth' in seats\\[0\\]"):
        position(dict(seat(), helth=20), seat())
    with pytest.raises(IllegalAction, match="unknown field 'roudn'"):
        position(seat(), seat(), roudn=2)


def test_an_ill_typed_or_missing_field_is_refused_naming_it():
    with pytest.raises(IllegalAction, match="seats\\[1\\].mana"):
        position(seat(), seat(mana="ten"))
    with pytest.raises(IllegalAction, match="seats\\[0\\].health"):
        position(seat(health=31), seat())
    with pytest.raises(IllegalAction, match="missing field 'seats'"):
        GAME.restore({"game": "spirit-link"})


def test_a_snapshot_names_its_frames():
    state = position(seat(hand=["Wolf", "Fox"]), seat(hand=["Bear", "Deer"]), phase="preparation")
    snap = state.snapshot()
    assert snap["decision"] == ["prepare", 0]
    assert snap["stack"][-1] == ["prepare", 1]
    assert ["window", 0, 0, 0, -1] in snap["stack"] and ["window", 1, 0, 0, -1] in snap["stack"]
    assert "phase" not in snap and "to_move" not in snap and "pending" not in snap
    again = GAME.restore(json.loads(json.dumps(snap)))
    assert again.snapshot() == snap and again.to_move == 0


def test_an_old_position_migrates_to_the_same_choice():
    state = position(seat(hand=["Wolf", "Fox", "Deer", "Bear"]), seat(hand=["Bear"]), phase="combat",
                     to_move=1, passes=1, pending={"choice": "trade", "left": 2})
    snap = state.snapshot()
    assert snap["decision"] == ["trade", 1, 2]
    assert snap["stack"][-1] == ["window", 0, 1, 0, -1]   # the window it interrupted goes on after
    assert state.view(None)["pending"] == {"seat": 1, "choice": "trade 3 for 2", "discards_left": 2}
    assert state.view(None)["phase"] == "combat"


def test_broken_frames_are_refused():
    snap = position(seat(hand=["Wolf", "Fox"]), seat(hand=["Bear", "Deer"]), phase="preparation").snapshot()
    for decision, message in ((["reveal"], "asks a seat"), (["prepare", 5], "seat"), (["nap", 0], "no frame 'nap'"),
                              (["trade", 0, 9], "left")):
        bad = dict(snap, decision=decision)
        with pytest.raises(IllegalAction, match=message):
            GAME.restore(bad)
    with pytest.raises(IllegalAction, match="'stack' must be empty"):
        GAME.restore(dict(snap, decision=None))


def test_old_priority_must_follow_the_round():
    with pytest.raises(IllegalAction, match="priority"):
        position(seat(), seat(), phase="preparation", round=2, priority=0)
