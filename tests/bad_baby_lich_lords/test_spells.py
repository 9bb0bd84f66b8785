"""Every spell and Combo Spell (RULES.md, "Spells and Combo Spells")."""

import pytest

from .helpers import hand, legal, play, position, refused, side


def test_leave_moves_any_minion_to_an_adjacent_realm():
    state = position(realms=[{"south": ["Big Gulp"]}, {"north": ["Sock Thief"]}, {}], hands=[["Leave"], []])
    play(state, "cast Leave")
    assert legal(state) == ["move realm 1 south 1", "move realm 2 north 1"]
    play(state, "move realm 2 north 1")
    assert legal(state) == ["leave to realm 1", "leave to realm 3"]
    play(state, "leave to realm 3")
    assert side(state, 3, "north") == ["Sock Thief"]
    state = position(realms=[{"south": ["Big Gulp"]}, {}, {}], hands=[["Leave"], []])
    play(state, "cast Leave")                   # one minion, one direction: done at once
    assert side(state, 2, "south") == ["Big Gulp"]


def test_royal_summons_moves_three_minions_to_one_realm():
    state = position(realms=[{"north": ["Mudslinger", "skeleton: Bog Boss"], "south": ["Big Gulp"]},
                             {"south": ["Party Crasher"]}, {"north": ["Homework Hexer"]}],
                     hands=[["Leave", "Teach"], []])
    play(state, "combo Leave+Teach")
    assert legal(state) == ["summon to realm 1", "summon to realm 2", "summon to realm 3"]
    play(state, "summon to realm 2")
    assert legal(state) == ["move realm 1 north 1", "move realm 1 south 1", "move realm 3 north 1"]
    play(state, "move realm 1 north 1", "move realm 3 north 1")
    # the third: only Big Gulp is left outside realm 2, taken at once
    assert side(state, 2, "north") == ["Mudslinger", "Homework Hexer"]
    assert side(state, 2, "south") == ["Party Crasher", "Big Gulp"]
    assert side(state, 1, "north") == ["skeleton: Bog Boss"]
    assert legal(state)[-1] == "end turn" or "draw from realm 1" in legal(state)


def test_royal_summons_with_fewer_than_three_minions_moves_them_all():
    state = position(realms=[{"south": ["Big Gulp"]}, {}, {}], hands=[["Leave", "Leave"], []])
    play(state, "combo Leave+Leave", "summon to realm 3")
    assert side(state, 3, "south") == ["Big Gulp"]
    assert "cast" not in " ".join(legal(state))


def test_raise_spell_flips_any_skeleton_and_it_performs():
    state = position(realms=[{"south": ["skeleton: Swamp Scrounger"]}, {}, {"north": ["skeleton: Homework Hexer"]}],
                     hands=[["Raise"], []])
    play(state, "cast Raise")
    assert legal(state) == ["raise realm 1 south 1", "raise realm 3 north 1"]
    play(state, "raise realm 3 north 1")
    assert side(state, 3, "north") == ["Homework Hexer (acted)"]
    assert hand(state, 0) == ["Leave"]          # its Teach: the acting player draws


def test_his_kiss_of_life_draws_from_any_pile_and_raises_in_any_realm():
    state = position(realms=[{}, {}, {"bone_top": ["Homework Hexer"]}], hands=[["Raise", "Raise"], []])
    play(state, "combo Raise+Raise")
    assert legal(state) == ["draw from realm 1", "draw from realm 2", "draw from realm 3"]
    play(state, "draw from realm 3")
    assert legal(state) == ["place in realm 1", "place in realm 2", "place in realm 3"]
    play(state, "place in realm 1")
    assert side(state, 1, "north") == ["Homework Hexer (acted)"]
    assert hand(state, 0) == ["Leave"]
    # it was a spell, not the action: the turn's action is still to take
    assert state.view(0)["phase"] == "before action"


def test_dig_spell_and_the_lich_king_stirs():
    state = position(realms=[{"bone_top": ["Big Gulp"]}, {"bone_top": ["Sock Thief"]}, {"bone_top": ["Owl Familiar"]}],
                     hands=[["Dig", "Dig", "Dig"], []])
    play(state, "cast Dig", "draw from realm 2", "dig to south")
    assert side(state, 2, "south") == ["skeleton: Sock Thief"]
    play(state, "combo Dig+Dig")
    assert legal(state) == ["dig to north", "dig to south"]        # realm 1 first
    play(state, "dig to north", "dig to south", "dig to north")
    assert side(state, 1, "north") == ["skeleton: Big Gulp"]
    assert side(state, 2, "south")[-1].startswith("skeleton: ")
    assert len(side(state, 3, "north")) == 1 and side(state, 3, "north")[0] == "skeleton: Owl Familiar"


def test_fight_and_fiery_gaze_target_any_minion():
    state = position(realms=[{}, {"south": ["Slam Dancer"]}, {"north": ["Homework Hexer"]}],
                     hands=[["Fight", "Fight", "Teach"], []])
    play(state, "cast Fight")
    assert legal(state) == ["fight realm 2 south 1", "fight realm 3 north 1"]
    play(state, "fight realm 2 south 1")
    assert side(state, 2, "south") == ["skeleton: Slam Dancer"]
    play(state, "combo Fight+Teach")            # one minion left: burned at once
    assert side(state, 3, "north") == []
    assert state.snapshot()["burn"] == ["Homework Hexer"]


def test_teach_spell_draws_a_spell():
    state = position(realms=[{}, {}, {}], hands=[["Teach"], []])
    play(state, "cast Teach")
    assert hand(state, 0) == ["Leave"]
    assert state.view(1)["hands"][0]["size"] == 1


@pytest.mark.parametrize("spell", ["Leave", "Raise", "Dig"])
def test_teach_is_the_wild_second_spell_of_every_combo(spell):
    state = position(realms=[{"north": ["Mudslinger", "skeleton: Bog Boss"]}, {}, {}], hands=[[spell, "Teach"], []])
    assert f"combo {spell}+Teach" in legal(state)
    play(state, f"combo {spell}+Teach")
    assert state.snapshot()["burn_spells"] == [spell, "Teach"]


def test_spells_that_would_do_nothing_are_not_offered():
    state = position(realms=[{}, {}, {}], hands=[["Fight", "Raise", "Leave", "Fight"], []])
    menu = legal(state)
    assert not any(a.startswith(("cast", "combo")) for a in menu)
    refused(state, "cast Fight")
    refused(state, "combo Fight+Fight")


def test_spells_before_and_after_the_action_as_many_as_you_like():
    state = position(realms=[{"south": ["Big Gulp", "Mudslinger"]}, {"bone_top": ["Party Crasher"]}, {}],
                     hands=[["Fight", "Fight", "Teach"], []])
    play(state, "cast Fight", "fight realm 1 south 1")
    assert state.view(0)["phase"] == "before action" and "draw from realm 1" in legal(state)
    play(state, "draw from realm 2", "place in realm 2")   # Party Crasher befriends Mudslinger
    assert "cast Fight" in legal(state) and "cast Teach" in legal(state)
    play(state, "cast Fight", "fight realm 2 south 1", "cast Teach")
    assert hand(state, 0) == ["Leave"]
