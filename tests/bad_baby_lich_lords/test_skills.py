"""Every skill, performed from hand-written positions (RULES.md, "Skills")."""

from .helpers import bone_top, hand, legal, play, position, side

ALL_SPELLS_BURNED = ["Leave"] * 5 + ["Raise"] * 5 + ["Dig"] * 5 + ["Fight"] * 5 + ["Teach"] * 5


def test_dig_draws_the_top_card_to_either_side_without_its_skills():
    state = position(realms=[{"north": ["skeleton: Swamp Scrounger"], "bone_top": ["Bog Boss", "Big Gulp"]}, {}, {}])
    play(state, "raise realm 1 north 1")
    assert legal(state) == ["dig to north", "dig to south"]
    play(state, "dig to south")
    assert side(state, 1, "south") == ["skeleton: Bog Boss"]      # skeleton-side up, did not act
    assert bone_top(state, 1) == "Big Gulp"


def test_dig_from_an_empty_bone_pile_is_skipped():
    freeple = ["Mudslinger", "Bog Boss", "Bog Boss", "Trash Diver", "Trash Diver", "Spit Sergeant", "Gutter Prince",
               "Gutter Prince", "Sludge Twins", "Sludge Twins", "Can Crusher", "Can Crusher", "Drain Witch",
               "Drain Witch", "Tire Swinger", "Tire Swinger", "Big Gulp", "Hand-Me-Down Hank",
               "Hand-Me-Down Hank", "Runoff Rat", "Runoff Rat", "Mudslinger"]
    state = position(realms=[{"north": ["skeleton: Swamp Scrounger"], "bone_pile": []}, {}, {}], burn=freeple)
    play(state, "raise realm 1 north 1")
    assert state.log[-1] == "Swamp Scrounger has no target for Dig."


def test_teach_draws_into_the_acting_players_hand_and_an_empty_deck_gives_nothing():
    state = position(realms=[{}, {}, {"north": ["skeleton: Professor Nap"]}],
                     spell_deck=["Raise"], burn_spells=ALL_SPELLS_BURNED[:5] + ALL_SPELLS_BURNED[6:])
    play(state, "raise realm 3 north 1")
    assert hand(state, 0) == ["Raise"]
    assert state.log[-1] == "Professor Nap teaches, but the spell deck is empty."
    assert "North draws a spell." not in state.view(1)["log"][-1]
    assert "North draws Raise." in state.view(0)["log"] and "North draws Raise." not in state.view(1)["log"]


def test_leave_moves_to_an_adjacent_realm_without_wrapping():
    state = position(realms=[{"north": ["skeleton: Runoff Rat"]}, {}, {}])
    play(state, "raise realm 1 north 1", "choose Leave")   # only realm 2 is adjacent: moved at once
    assert side(state, 2, "north") == ["Runoff Rat (acted)"]
    state = position(realms=[{}, {}, {"south": ["skeleton: Dustbunny Drifter"]}], active=1)
    play(state, "raise realm 3 south 1")        # Leave to 2, then Leave from 2: to 1 or back to 3
    assert legal(state) == ["leave to realm 1", "leave to realm 3"]
    play(state, "leave to realm 1")
    assert side(state, 1, "south") == ["Dustbunny Drifter (acted)"]


def test_raise_flips_a_skeleton_of_this_realm_on_either_side_and_it_performs():
    state = position(realms=[{"north": ["skeleton: Gutter Prince", "skeleton: Mudslinger"],
                              "south": ["skeleton: Swamp Scrounger"], "bone_top": ["Big Gulp"]}, {}, {}])
    play(state, "raise realm 1 north 1")
    assert legal(state) == ["raise realm 1 north 2", "raise realm 1 south 1"]   # never the bone pile top
    play(state, "raise realm 1 south 1")        # South's Swamp Scrounger digs, North decides
    assert legal(state) == ["dig to north", "dig to south"]
    play(state, "dig to north")
    # then Gutter Prince's Boss: Swamp Scrounger acted, Gutter Prince acted: no target
    assert side(state, 1, "south") == ["Swamp Scrounger (acted)"]
    assert side(state, 1, "north") == ["Gutter Prince (acted)", "skeleton: Mudslinger", "skeleton: Big Gulp"]


def test_boss_makes_a_minion_of_this_realm_perform_its_skills():
    state = position(realms=[{"north": ["skeleton: Spit Sergeant"], "south": ["Swamp Scrounger", "Mudslinger"],
                              "bone_top": ["Big Gulp"]}, {}, {}])
    play(state, "raise realm 1 north 1")
    assert legal(state) == ["boss realm 1 south 1", "boss realm 1 south 2"]
    play(state, "boss realm 1 south 2")         # South's Mudslinger fights a minion with no Fight icon
    assert legal(state) == ["fight realm 1 north 1", "fight realm 1 south 1"]
    play(state, "fight realm 1 south 1")
    assert side(state, 1, "south") == ["skeleton: Swamp Scrounger", "Mudslinger (acted)"]
    # second Boss: the Scrounger is a skeleton now, Mudslinger acted: nothing to boss
    assert state.log[-1] == "Spit Sergeant has no target for Boss."


def test_friendship_moves_a_minion_from_another_realm_keeping_its_side():
    state = position(realms=[{"south": ["Mudslinger", "skeleton: Bog Boss"]},
                             {"north": ["skeleton: Party Crasher", "Sock Thief"]},
                             {"north": ["Homework Hexer"]}])
    play(state, "raise realm 2 north 1")
    # minions in other realms only, either side; not skeletons, not its own realm
    assert legal(state) == ["befriend realm 1 south 1", "befriend realm 3 north 1"]
    play(state, "befriend realm 1 south 1")
    assert side(state, 2, "south") == ["Mudslinger"]
    assert side(state, 1, "south") == ["skeleton: Bog Boss"]


def test_cast_draws_a_spell_shows_it_and_plays_it_at_once():
    state = position(realms=[{"south": ["Big Gulp"]}, {}, {"north": ["skeleton: Apprentice of Sneezes"]}],
                     spell_deck=["Fight"] + ["Leave"] * 5 + ["Raise"] * 5 + ["Dig"] * 5 + ["Fight"] * 4 + ["Teach"] * 5)
    play(state, "raise realm 3 north 1")
    assert legal(state) == ["fight realm 1 south 1", "fight realm 3 north 1"]   # any realm
    assert "Apprentice of Sneezes casts: North draws Fight and plays it at once." in state.view(1)["log"]
    play(state, "fight realm 1 south 1")
    assert side(state, 1, "south") == ["skeleton: Big Gulp"]
    assert state.snapshot()["burn_spells"] == ["Fight"]
    assert hand(state, 0) == []


def test_a_cast_spell_without_a_target_burns_without_effect():
    # the only skeleton is none: a Raise drawn by Cast has no target
    state = position(realms=[{}, {}, {"north": ["skeleton: Apprentice of Sneezes"]}],
                     spell_deck=["Raise"] + ["Leave"] * 5 + ["Raise"] * 4 + ["Dig"] * 5 + ["Fight"] * 5 + ["Teach"] * 5)
    play(state, "raise realm 3 north 1")
    assert state.log[-1] == "The spell has no target and does nothing."
    assert state.snapshot()["burn_spells"] == ["Raise"]


def test_cast_teach_goes_to_the_hand():
    state = position(realms=[{}, {}, {"north": ["skeleton: Apprentice of Sneezes"]}],
                     spell_deck=["Teach", "Dig"] + ["Leave"] * 5 + ["Raise"] * 5 + ["Dig"] * 4 + ["Fight"] * 5 + ["Teach"] * 4)
    play(state, "raise realm 3 north 1")
    assert hand(state, 0) == ["Dig"]
    assert state.snapshot()["burn_spells"] == ["Teach"]


def test_possess_performs_without_flipping_and_only_unacted_targets():
    state = position(options={"factions": "freeple-ghoulies-zard"},
                     realms=[{}, {"north": ["skeleton: Poltergeist Prankster", "skeleton: Swamp Scrounger (acted)"],
                                  "south": ["skeleton: Mudslinger"], "bone_top": ["Urn Burglar"]}, {}])
    play(state, "raise realm 2 north 1")
    # the acted Scrounger is not a target; the bone pile top is
    assert legal(state) == ["possess realm 2 south 1", "possess bone pile 2"]
    play(state, "possess realm 2 south 1")
    # Mudslinger fights as a skeleton, with its 1 icon: the only minion with none is the Prankster
    assert side(state, 2, "south") == ["skeleton: Mudslinger (acted)"]
    assert side(state, 2, "north")[0] == "skeleton: Poltergeist Prankster (acted)"
    # the flipped Prankster goes on: its second Possess has one target left, the bone pile top,
    # Urn Burglar (Dig/Raise), which performs from the bone pile
    assert "Poltergeist Prankster possesses Urn Burglar on top of bone pile 2." in state.log
    assert legal(state) == ["choose Dig", "choose Raise"]


def test_a_flipped_performer_goes_on_with_its_remaining_skills():
    # Gutter Prince raises Sludge Twins, who fight Gutter Prince; Gutter Prince then still bosses.
    state = position(realms=[{"north": ["skeleton: Gutter Prince", "skeleton: Sludge Twins"],
                              "south": ["Swamp Scrounger", "Big Gulp"], "bone_top": ["Can Crusher"]}, {}, {}])
    play(state, "raise realm 1 north 1")        # its Raise: the only skeleton, Sludge Twins
    assert legal(state) == ["fight realm 1 north 1", "fight realm 1 south 1"]
    play(state, "fight realm 1 north 1")        # Sludge Twins flips Gutter Prince; second Fight: the Scrounger
    assert side(state, 1, "north")[0] == "skeleton: Gutter Prince (acted)"
    assert side(state, 1, "south") == ["skeleton: Swamp Scrounger", "Big Gulp (acted)"]
    # Gutter Prince's Boss (performed as a skeleton): Big Gulp is the only minion that has not acted
    assert "Gutter Prince bosses Big Gulp on South's side of realm 1." in state.log


def test_a_performer_that_moved_acts_in_its_new_realm():
    state = position(realms=[{"north": ["skeleton: Tire Swinger"]}, {"south": ["Party Crasher", "Mudslinger"]}, {}])
    play(state, "raise realm 1 north 1")        # Leave: only realm 2; Fight there: Party Crasher
    assert side(state, 2, "north") == ["Tire Swinger (acted)"]
    assert side(state, 2, "south") == ["skeleton: Party Crasher", "Mudslinger"]


def test_forced_single_choices_are_taken_and_logged():
    state = position(realms=[{"north": ["skeleton: Mudslinger"], "south": ["Swamp Scrounger"]}, {}, {}])
    play(state, "raise realm 1 north 1")
    assert state.log[-1] == "Mudslinger fights Swamp Scrounger on South's side of realm 1: it flips skeleton-side up."
    assert state.view(0)["decision"] == {"decision": "turn"}
