"""The rulebook's examples, each from a hand-written position."""

from .helpers import legal, play, position, side

THREE_KINDS_FIRST = ["Three Kinds of Trouble", "Spit Falls", "Landfill Throne", "Tire Fire Pit",
                     "Bottom of the Swamp", "Duct Tape Dam"]
BUG_RAVE_FIRST = ["Bug Rave", "Mosh Glade", "Afterparty Hollow", "Mushroom Ring", "Moth Lamp Lounge",
                  "Hangover Stump"]


def test_the_human_forest_person_performs_friendship_leave_and_fight_in_order():
    """"Example: The Human Forest Person performs the skills Friendship, Leave, and Fight in order.\""""
    state = position(realms=[{"south": ["Mudslinger"]}, {"north": ["skeleton: Human Forest Person"]},
                             {"south": ["Party Crasher"]}])
    play(state, "raise realm 2 north 1")
    # Friendship: a minion in a different realm, either side
    assert legal(state) == ["befriend realm 1 south 1", "befriend realm 3 south 1"]
    play(state, "befriend realm 1 south 1")
    assert side(state, 2, "south") == ["Mudslinger"]          # it came to realm 2, still South's
    # Leave: an adjacent realm
    assert legal(state) == ["leave to realm 1", "leave to realm 3"]
    play(state, "leave to realm 3")
    # Fight (1 icon) in its new realm: Party Crasher (0 icons) is the only target, taken at once
    assert side(state, 3, "north") == ["Human Forest Person (acted)"]
    assert side(state, 3, "south") == ["skeleton: Party Crasher"]
    assert state.log[-4:] == [
        "North raises Human Forest Person in place in realm 2.",
        "Human Forest Person befriends Mudslinger, from South's side of realm 1, into realm 2.",
        "Human Forest Person leaves to realm 3.",
        "Human Forest Person fights Party Crasher on South's side of realm 3: it flips skeleton-side up.",
    ]


def test_the_scoring_example_three_qualifying_minions_score_the_realm():
    """"this realm requires 3 minion cards, each with specific skill icons on them (Dig, Fight, and
    Teach.) This player has 3 qualifying minions on their side of the realm, so they score it.\""""
    state = position(realms=[{"realm_pile": THREE_KINDS_FIRST, "north": ["skeleton: Swamp Scrounger", "Mudslinger",
                                                                          "Drain Witch"],
                              "bone_top": ["Big Gulp"]}, {}, {}])
    assert state.view(None)["realms"][0]["realm"]["requires"] == ["a minion with Dig", "a minion with Fight",
                                                                 "a minion with Teach"]
    play(state, "raise realm 1 north 1", "dig to south")   # the third qualifying minion
    play(state, "end turn")
    assert state.view(None)["sides"][0]["score_pile"] == [{"name": "Three Kinds of Trouble", "noise": 3}]
    assert state.view(None)["sides"][0]["noise"] == 3
    # "Gather all other cards on both players' sides of the realm and discard them into the burn pile."
    assert side(state, 1, "north") == [] and side(state, 1, "south") == []
    assert sorted(state.snapshot()["burn"]) == ["Big Gulp", "Drain Witch", "Mudslinger", "Swamp Scrounger"]
    # "The next realm in the pile is now revealed"
    assert state.view(None)["realms"][0]["realm"]["name"] == "Spit Falls"


def test_three_card_requirements_need_three_cards():
    # Can Crusher has Dig and Fight: with a Teach minion that is two cards, not three (RULES.md)
    state = position(realms=[{"realm_pile": THREE_KINDS_FIRST, "north": ["Can Crusher", "Drain Witch"]}, {}, {}],
                     phase="after action")
    play(state, "end turn")
    assert state.view(None)["sides"][0]["noise"] == 0
    state = position(realms=[{"realm_pile": THREE_KINDS_FIRST, "north": ["Can Crusher", "Drain Witch", "Mudslinger"]},
                             {}, {}], phase="after action")
    play(state, "end turn")
    assert state.view(None)["sides"][0]["noise"] == 3


def test_icon_requirements_can_share_a_card():
    """"Skill icon requirements don't have to be on separate cards.\" Bug Rave: 2 Friendship icons
    and a Leave icon -- the Human Forest Person gives a Friendship and the Leave."""
    state = position(realms=[{}, {"realm_pile": BUG_RAVE_FIRST, "north": ["Human Forest Person", "Party Crasher"]}, {}],
                     phase="after action")
    play(state, "end turn")
    assert state.view(None)["sides"][0]["score_pile"] == [{"name": "Bug Rave", "noise": 2}]


def test_skill_icons_on_skeletons_do_not_count():
    state = position(realms=[{}, {"realm_pile": BUG_RAVE_FIRST,
                                  "north": ["skeleton: Human Forest Person", "Party Crasher", "Party Crasher"]}, {}],
                     phase="after action")
    play(state, "end turn")
    assert state.view(None)["sides"][0]["noise"] == 0


def test_either_skill_of_an_or_counts_toward_scoring():
    # Moth Roadie (Leave/Friendship) gives the Leave icon and one Friendship icon
    state = position(realms=[{}, {"realm_pile": BUG_RAVE_FIRST, "north": ["Moth Roadie", "Party Crasher"]}, {}],
                     phase="after action")
    play(state, "end turn")
    assert state.view(None)["sides"][0]["noise"] == 2


def test_two_fight_spells_are_his_fiery_gaze():
    """"you can play two Fight spells at the same time for the Combo Spell effect "His Fiery Gaze!",
    which burns a target minion, discarding it from play entirely.\""""
    state = position(realms=[{"south": ["Big Gulp", "Mudslinger"]}, {}, {}], hands=[["Fight", "Fight"], []])
    assert "combo Fight+Fight" in legal(state)
    play(state, "combo Fight+Fight")
    assert legal(state) == ["burn realm 1 south 1", "burn realm 1 south 2"]
    play(state, "burn realm 1 south 1")
    assert side(state, 1, "south") == ["Mudslinger"]
    snap = state.snapshot()
    assert snap["burn"] == ["Big Gulp"] and snap["burn_spells"] == ["Fight", "Fight"]
    assert snap["hands"][0] == []


def test_a_fight_and_a_teach_are_also_his_fiery_gaze():
    """"The Teach spell can count as the 2nd spell for any Combo Spell, so a Fight and a Teach can also
    be played together for the "His Fiery Gaze!" effect.\""""
    state = position(realms=[{"south": ["Big Gulp"]}, {}, {}], hands=[["Fight", "Teach"], []])
    play(state, "combo Fight+Teach")           # one target: burned at once
    assert side(state, 1, "south") == []
    assert state.snapshot()["burn"] == ["Big Gulp"]
    assert "North plays Fight and Teach as the Combo Spell His Fiery Gaze!" in state.log


def test_the_fight_spell_flips_regardless_of_fight_icons():
    """"the spell Fight always flips the target minion, regardless of the number of Fight icons it has.\""""
    state = position(realms=[{}, {}, {"south": ["Big Gulp"]}], hands=[["Fight"], []])
    play(state, "cast Fight")
    assert side(state, 3, "south") == ["skeleton: Big Gulp"]


def test_the_3_1_example_raise_then_boss():
    """Lich Law 3.1's example: grab and raise a minion with Raise, which raises a skeleton with Boss,
    which then cannot boss the first minion."""
    state = position(realms=[{"north": ["skeleton: Spit Sergeant"]}, {}, {"bone_top": ["Necromancy Nerd"]}])
    play(state, "draw from realm 3", "place in realm 1")
    # Spit Sergeant (Boss, Boss) has no minion it may boss: the Nerd already acted; then the Nerd teaches
    i = state.log.index("Necromancy Nerd raises Spit Sergeant on North's side of realm 1.")
    assert state.log[i + 1:i + 4] == ["Spit Sergeant has no target for Boss.", "Spit Sergeant has no target for Boss.",
                                      "Necromancy Nerd teaches: North draws a spell."]
    assert side(state, 1, "north") == ["Spit Sergeant (acted)", "Necromancy Nerd (acted)"]
