"""Each Lich Law entry as a scenario: a hand-written position, actions as a player types them, and
what the rulebook says must follow."""

import pytest

from tabletome import IllegalAction

from .helpers import GAME, FNZ, bone_top, hand, legal, play, position, refused, side

ALL_SPELLS_BURNED = ["Leave"] * 5 + ["Raise"] * 5 + ["Dig"] * 5 + ["Fight"] * 5 + ["Teach"] * 5


def factions_of(state):
    return [r["faction"] for r in state.view(None)["realms"]]


# --- 1. Setup -----------------------------------------------------------------------------------------
def test_1_1_selecting_realms_any_three_in_any_order():
    state = GAME.new(players=2, seed=1, factions="zard-ghoulies-noblins")
    assert factions_of(state) == ["Zard", "Ghoulies", "Noblins"]
    snap = state.snapshot()
    realm_names = {r.name: r for r in GAME.cards.realms}
    for r, faction in enumerate(["Zard", "Ghoulies", "Noblins"]):
        pile = snap["realms"][r]["realm_pile"]
        assert len(pile) == 6 and {realm_names[n].faction for n in pile} == {("Zard", "Noblins", "Freeple", "Ghoulies").index(faction)}
        assert len(snap["realms"][r]["bone_pile"]) == 23
    # rearranging the same three realms is a different game
    again = GAME.new(players=2, seed=1, factions="noblins-zard-ghoulies")
    assert factions_of(again) == ["Noblins", "Zard", "Ghoulies"]


def test_1_2_three_and_four_players_use_all_four_realms():
    teams = GAME.new(players=4, seed=2, factions="ghoulies-freeple-zard-noblins")
    assert factions_of(teams) == ["Ghoulies", "Freeple", "Zard", "Noblins"]
    three = GAME.new(players=3, seed=2, factions="noblins-zard-ghoulies-freeple")
    assert factions_of(three) == ["Noblins", "Zard", "Ghoulies", "Freeple"]
    with pytest.raises(IllegalAction, match="factions"):
        GAME.new(players=4, factions="zard-ghoulies-noblins")
    with pytest.raises(IllegalAction, match="factions"):
        GAME.new(players=2, factions="zard-ghoulies-noblins-freeple")


def test_1_3_the_loser_may_pick_any_arrangement():
    values = GAME.options["factions"]
    assert values[0] == "random"
    triples = [v for v in values if v.count("-") == 2]
    fours = [v for v in values if v.count("-") == 3]
    assert len(triples) == 24 and len(fours) == 24
    for v in triples:
        assert [f.lower() for f in factions_of(GAME.new(players=2, seed=3, factions=v))] == v.split("-")


def test_1_4_random_realms_are_dealt_by_the_seed():
    orders = {tuple(factions_of(GAME.new(players=2, seed=s))) for s in range(40)}
    assert len(orders) > 10
    assert all(len(set(o)) == 3 for o in orders)
    assert factions_of(GAME.new(players=2, seed=9)) == factions_of(GAME.new(players=2, seed=9))
    for s in range(30):
        assert "Freeple" in factions_of(GAME.new(players=1, seed=s))
    assert len({tuple(factions_of(GAME.new(players=4, seed=s))) for s in range(20)}) > 5
    # the dealt arrangement is part of the position
    state = GAME.new(players=2, seed=9)
    snap = state.snapshot()
    assert snap["options"]["factions"] == "random"
    assert [f.capitalize() for f in snap["factions"]] == factions_of(state)
    assert factions_of(GAME.restore(snap)) == factions_of(state)


# --- 2. Lich actions ---------------------------------------------------------------------------------
def test_2_1_grab_then_choose_the_realm_after_seeing_the_next_top():
    state = position(realms=[{"bone_top": ["Sludge Twins", "Big Gulp"]}, {}, {}])
    assert bone_top(state, 1) == "Sludge Twins"
    play(state, "draw from realm 1")
    view = state.view(0)
    assert view["held"]["name"] == "Sludge Twins"
    assert bone_top(state, 1) == "Big Gulp"          # revealed before the realm is chosen
    assert legal(state) == ["place in realm 1", "place in realm 2", "place in realm 3"]
    play(state, "place in realm 3")
    assert side(state, 3, "north") == ["Sludge Twins (acted)"]


def test_2_2_raise_in_place_gains_no_card():
    state = position(realms=[{"north": ["skeleton: Mudslinger"], "south": ["skeleton: Bog Boss"]}, {}, {}])
    menu = legal(state)
    assert "raise realm 1 north 1" in menu
    assert "raise realm 1 south 1" not in menu          # only your own skeletons
    sizes = [r["bone_pile"]["size"] for r in state.view(None)["realms"]]
    play(state, "raise realm 1 north 1")
    assert side(state, 1, "north") == ["Mudslinger (acted)"]
    assert [r["bone_pile"]["size"] for r in state.view(None)["realms"]] == sizes
    assert legal(state) == ["end turn"]


# --- 3. Minion actions ---------------------------------------------------------------------------------
def test_3_1_a_bossed_chain_cannot_boss_the_minion_that_already_acted():
    # grab and raise a minion with Raise, which raises a skeleton with Boss, which cannot boss the first
    state = position(options={"factions": "freeple-noblins-zard"},
                     realms=[{"north": ["skeleton: Bog Boss"], "south": ["Swamp Scrounger", "Drain Witch"]},
                             {}, {"bone_top": ["Necromancy Nerd"]}])
    play(state, "draw from realm 3", "place in realm 1")
    # the Nerd raised the only skeleton (Bog Boss) at once; Bog Boss now bosses
    assert legal(state) == ["boss realm 1 south 1", "boss realm 1 south 2"]   # not the Nerd (realm 1 north 2)
    assert state.view(0)["decision"] == {"decision": "skill", "card": "realm 1 north 1", "skill": "Boss",
                                         "card_name": "Bog Boss"}
    refused(state, "boss realm 1 north 2")


def test_3_1_a_minion_raised_twice_acts_once():
    # Mausoleum Moaner raises the same skeleton-flipped card? No: a card raised again performs nothing.
    state = position(options={"factions": "freeple-ghoulies-zard"},
                     realms=[{"north": ["skeleton: Mudslinger (acted)"]}, {}, {}],
                     hands=[["Raise"], []], phase="after action")
    play(state, "cast Raise")
    assert side(state, 1, "north") == ["Mudslinger (acted)"]
    assert "Mudslinger has already acted this turn and performs no skills." in state.log


def test_3_2_minions_that_acted_can_still_be_flipped():
    state = position(realms=[{"north": ["skeleton: Mudslinger"]}, {}, {}], hands=[["Fight", "Raise"], []])
    play(state, "raise realm 1 north 1")       # Mudslinger acts (its Fight has no target)
    assert "Mudslinger has no target for Fight." in state.log
    play(state, "cast Fight")                  # the only minion: flipped
    assert side(state, 1, "north") == ["skeleton: Mudslinger (acted)"]
    play(state, "cast Raise")                  # flipped back up, but performs nothing
    assert side(state, 1, "north") == ["Mudslinger (acted)"]
    assert state.log[-1] == "Mudslinger has already acted this turn and performs no skills."


def test_3_3_the_or_option_without_a_target_escapes_the_mandatory_one():
    # Hamster Golem: Fight/Cast. The spell deck is empty, so Cast has no target; Fight's only
    # target is the player's own Homework Hexer.
    base = dict(options={"factions": FNZ}, spell_deck=[], burn_spells=ALL_SPELLS_BURNED,
                realms=[{}, {}, {"north": ["skeleton: Hamster Golem", "Homework Hexer"]}])
    escape = position(**base)
    play(escape, "raise realm 3 north 1")
    assert legal(escape) == ["choose Fight", "choose Cast"]
    play(escape, "choose Cast")
    assert side(escape, 3, "north") == ["Hamster Golem (acted)", "Homework Hexer"]
    assert escape.log[-1] == "Hamster Golem casts, but the spell deck is empty."
    fight = position(**base)
    play(fight, "raise realm 3 north 1", "choose Fight")   # mandatory: the only target is its own
    assert side(fight, 3, "north") == ["Hamster Golem (acted)", "skeleton: Homework Hexer"]


def test_3_3_an_or_with_no_target_on_either_side_is_skipped():
    state = position(spell_deck=[], burn_spells=ALL_SPELLS_BURNED,
                     realms=[{}, {}, {"north": ["skeleton: Hamster Golem"]}])
    play(state, "raise realm 3 north 1")
    assert legal(state) == ["end turn"]
    assert state.log[-1] == "Hamster Golem has no target for Fight or Cast."


def test_3_4_the_acting_player_decides_for_an_opponents_card():
    state = position(realms=[{"north": ["skeleton: Bog Boss"], "south": ["Trash Diver"],
                              "bone_top": ["Swamp Scrounger", "Mudslinger"]}, {}, {}])
    play(state, "raise realm 1 north 1")        # Bog Boss bosses South's Trash Diver (its only target)
    assert state.to_move == 0
    assert legal(state) == ["dig to north", "dig to south"]       # Trash Diver's Dig, North decides
    play(state, "dig to north")
    assert legal(state) == ["choose Dig", "choose Fight"]         # Trash Diver's Dig/Fight, North decides
    assert state.to_move == 0
    play(state, "choose Dig", "dig to north")
    assert side(state, 1, "north") == ["Bog Boss (acted)", "skeleton: Swamp Scrounger", "skeleton: Mudslinger"]


def test_3_4_1_teach_on_an_opponents_card_gives_the_acting_player_the_spell():
    state = position(realms=[{"north": ["skeleton: Gutter Prince"], "south": ["skeleton: Drain Witch"]}, {}, {}],
                     spell_deck=["Fight"] + ["Leave"] * 5 + ["Raise"] * 5 + ["Dig"] * 5 + ["Fight"] * 4 + ["Teach"] * 5)
    play(state, "raise realm 1 north 1")        # Gutter Prince raises South's Drain Witch: Teach, Boss
    assert hand(state, 0) == ["Fight"]
    assert hand(state, 1) == []
    assert state.view(1)["hands"][0] == {"seat": 0, "name": "North", "size": 1}   # South sees only the count


def test_3_4_2_digging_with_an_opponents_dig_minion_to_your_own_side():
    state = position(realms=[{"north": ["skeleton: Bog Boss"], "south": ["Swamp Scrounger"],
                              "bone_top": ["Big Gulp"]}, {}, {}])
    play(state, "raise realm 1 north 1", "dig to north")
    assert side(state, 1, "north")[1] == "skeleton: Big Gulp"
    # then Bog Boss's own Fight flips the Scrounger, the only minion with fewer Fight icons
    assert side(state, 1, "south") == ["skeleton: Swamp Scrounger (acted)"]


# --- 6. Fight ---------------------------------------------------------------------------------------
def test_6_a_one_fight_card_only_targets_minions_with_no_fight_icon():
    state = position(realms=[{"north": ["skeleton: Mudslinger"],
                              "south": ["Sludge Twins", "Bog Boss", "Swamp Scrounger", "Drain Witch"]}, {}, {}])
    play(state, "raise realm 1 north 1")
    assert legal(state) == ["fight realm 1 south 3", "fight realm 1 south 4"]


def test_6_a_two_fight_card_targets_zero_or_one_and_fights_twice():
    state = position(realms=[{"north": ["skeleton: Sludge Twins"],
                              "south": ["Big Gulp", "Bog Boss", "Mudslinger", "Swamp Scrounger"]}, {}, {}])
    play(state, "raise realm 1 north 1")
    assert legal(state) == ["fight realm 1 south 2", "fight realm 1 south 3", "fight realm 1 south 4"]
    play(state, "fight realm 1 south 2")
    assert legal(state) == ["fight realm 1 south 3", "fight realm 1 south 4"]   # the second Fight
    play(state, "fight realm 1 south 3")
    assert side(state, 1, "south") == ["Big Gulp", "skeleton: Bog Boss", "skeleton: Mudslinger", "Swamp Scrounger"]


def test_6_fight_must_target_your_own_minion_if_it_is_the_only_one():
    state = position(realms=[{"north": ["Swamp Scrounger", "skeleton: Mudslinger"]}, {}, {}])
    play(state, "raise realm 1 north 2")
    assert side(state, 1, "north") == ["skeleton: Swamp Scrounger", "Mudslinger (acted)"]


def test_6_a_fight_with_no_legal_target_is_skipped():
    state = position(realms=[{"north": ["skeleton: Mudslinger"], "south": ["Bog Boss"]}, {}, {}])
    play(state, "raise realm 1 north 1")
    assert state.log[-1] == "Mudslinger has no target for Fight."
    assert side(state, 1, "south") == ["Bog Boss"]


# --- 13. Possess ----------------------------------------------------------------------------------------
def test_13_possess_targets_a_skeleton_or_the_bone_pile_top_without_flipping_it():
    state = position(options={"factions": "freeple-ghoulies-zard"},
                     realms=[{}, {"north": ["skeleton: Statue Haunter", "skeleton: Homework Hexer"],
                                  "bone_top": ["Grave Rattler"]}, {}])
    play(state, "raise realm 2 north 1")
    assert legal(state) == ["possess realm 2 north 2", "possess bone pile 2"]
    play(state, "possess realm 2 north 2")       # Homework Hexer teaches without flipping
    assert side(state, 2, "north") == ["Statue Haunter (acted)", "skeleton: Homework Hexer (acted)"]
    assert hand(state, 0) == ["Leave"]


def test_13_1_a_possessed_dig_skeleton_on_the_bone_pile_digs_itself():
    state = position(options={"factions": "freeple-ghoulies-zard"},
                     realms=[{"north": ["skeleton: Statue Haunter"], "bone_top": ["Swamp Scrounger", "Big Gulp"]}, {}, {}])
    play(state, "raise realm 1 north 1")        # the only target: the top of bone pile 1
    assert "Statue Haunter possesses Swamp Scrounger on top of bone pile 1." in state.log
    assert legal(state) == ["dig to north", "dig to south"]
    play(state, "dig to south")
    assert side(state, 1, "south") == ["skeleton: Swamp Scrounger (acted)"]
    assert bone_top(state, 1) == "Big Gulp"


def test_13_2_a_possessed_leave_skeleton_on_the_bone_pile_moves_to_the_next_bone_pile():
    state = position(options={"factions": "freeple-ghoulies-zard"},
                     realms=[{}, {"north": ["skeleton: Statue Haunter"], "bone_top": ["Trunk Stowaway"]},
                             {"south": ["skeleton: Homework Hexer"], "bone_top": ["Owl Familiar"]}])
    play(state, "raise realm 2 north 1")        # possesses Trunk Stowaway: Leave, Possess
    assert legal(state) == ["leave to realm 1", "leave to realm 3"]
    play(state, "leave to realm 3")
    pile3 = state.view(None)["realms"][2]["bone_pile"]
    assert [c["name"] for c in pile3["known"]] == ["Trunk Stowaway", "Owl Familiar"]   # on top, face up
    # its Possess is performed from bone pile 3: the skeleton in realm 3 (not itself: it acted)
    assert side(state, 3, "south") == ["skeleton: Homework Hexer (acted)"]
    assert hand(state, 0) == ["Leave"]


# --- 14. Casting spells ---------------------------------------------------------------------------------
def test_14_1_no_spell_between_grabbing_and_raising_or_inside_a_chain():
    state = position(realms=[{"south": ["Mudslinger"]}, {"bone_top": ["Human Forest Person"]}, {"south": ["Party Crasher"]}],
                     hands=[["Fight", "Leave"], []])
    assert "cast Fight" in legal(state)
    play(state, "draw from realm 2")
    assert not any(a.startswith(("cast", "combo")) for a in legal(state))
    refused(state, "cast Fight")
    play(state, "place in realm 2")
    assert legal(state) == ["befriend realm 1 south 1", "befriend realm 3 south 1"]
    refused(state, "cast Fight")
    play(state, "befriend realm 1 south 1", "leave to realm 3")
    assert "cast Fight" in legal(state) and "end turn" in legal(state)


def test_14_1_a_spell_drawn_by_teach_waits_for_the_end_of_the_chain():
    """TEACH: "Because playing a spell is a free action, you can do so immediately after drawing a
    spell"; Lich Law 14.1: "you cannot cast a spell between skills being performed" (RULES.md, "A spell
    drawn by Teach"). Spray-Paint Sprite teaches, then must befriend before the Fight can be cast."""
    deck = ["Fight"] + ["Leave"] * 5 + ["Raise"] * 5 + ["Dig"] * 5 + ["Fight"] * 4 + ["Teach"] * 5
    state = position(realms=[{"south": ["Mudslinger"]}, {"north": ["skeleton: Spray-Paint Sprite"]},
                             {"south": ["Party Crasher"]}], spell_deck=deck)
    play(state, "raise realm 2 north 1")
    assert hand(state, 0) == ["Fight"]
    assert legal(state) == ["befriend realm 1 south 1", "befriend realm 3 south 1"]
    refused(state, "cast Fight")
    play(state, "befriend realm 3 south 1")
    assert "cast Fight" in legal(state)


def test_14_2_teach_and_teach_is_not_a_combo():
    state = position(realms=[{"north": ["Mudslinger"]}, {}, {}], hands=[["Teach", "Teach", "Fight"], []])
    menu = legal(state)
    assert "cast Teach" in menu and "combo Fight+Teach" in menu
    assert not any("Teach+Teach" in a for a in menu)
    refused(state, "combo Teach+Teach")


# --- 15. Scoring realms --------------------------------------------------------------------------------
DUCT_TAPE_FIRST = ["Duct Tape Dam", "Spit Falls", "Landfill Throne", "Tire Fire Pit", "Bottom of the Swamp",
                   "Three Kinds of Trouble"]


def test_15_1_scoring_by_accident_is_mandatory():
    # North only wanted to raise its Swamp Scrounger; its Dig puts a skeleton next to it.
    state = position(realms=[{"realm_pile": DUCT_TAPE_FIRST, "north": ["skeleton: Swamp Scrounger"]}, {}, {}])
    play(state, "raise realm 1 north 1", "dig to north")
    assert legal(state) == ["end turn"]          # no way to decline
    play(state, "end turn")
    assert state.view(None)["sides"][0]["score_pile"] == [{"name": "Duct Tape Dam", "noise": 1}]
    assert side(state, 1, "north") == [] and state.view(None)["realms"][0]["realm"]["name"] == "Spit Falls"


def test_15_2_causing_the_opponent_to_score_on_your_turn():
    # North's Swamp Scrounger digs to South's side, completing South's Duct Tape Dam.
    state = position(realms=[{"realm_pile": DUCT_TAPE_FIRST, "north": ["skeleton: Swamp Scrounger"],
                              "south": ["Can Crusher"]}, {}, {}])
    play(state, "raise realm 1 north 1", "dig to south", "end turn")
    assert state.view(None)["sides"][1]["noise"] == 1
    assert state.view(None)["sides"][0]["noise"] == 0
    assert "South scores Duct Tape Dam in realm 1 for 1 noise (1 in all); 3 cards burn." in state.log


def test_both_sides_qualify_the_player_whose_turn_it_is_scores():
    state = position(realms=[{"realm_pile": DUCT_TAPE_FIRST, "north": ["skeleton: Swamp Scrounger", "skeleton: Bog Boss"],
                              "south": ["Can Crusher", "skeleton: Mudslinger"]}, {}, {}])
    play(state, "raise realm 1 north 1", "dig to south", "end turn")
    assert state.view(None)["sides"][0]["noise"] == 1
    assert state.view(None)["sides"][1]["noise"] == 0
