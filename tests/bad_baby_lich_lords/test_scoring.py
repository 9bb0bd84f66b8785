"""Realm requirements, bans and end-of-turn scoring (RULES.md, "Scoring"), from hand-written
positions: each case puts cards on North's side of a realm and ends North's turn."""

import pytest

from .helpers import noise, play, position, realm_pile, side

GNZ = "ghoulies-noblins-zard"
FNZ = "freeple-noblins-zard"

CASES = [
    # MINIONS/SKELETONS
    (GNZ, 2, "Mosh Glade", ["Party Crasher", "Sock Thief", "Mosh Pixie"], True),
    (GNZ, 2, "Mosh Glade", ["Party Crasher", "Sock Thief", "skeleton: Mosh Pixie"], False),
    (GNZ, 1, "Quiet Cemetery", ["skeleton: Statue Haunter", "skeleton: Grave Rattler"], True),
    (GNZ, 1, "Quiet Cemetery", ["skeleton: Statue Haunter", "skeleton: Grave Rattler", "Ouija Pest"], False),  # no minions
    (GNZ, 2, "Mushroom Ring", ["Party Crasher", "Sock Thief", "Mosh Pixie", "Firefly DJ"], True),
    (GNZ, 2, "Mushroom Ring", ["Party Crasher", "Sock Thief", "Mosh Pixie", "Firefly DJ", "skeleton: Moth Roadie"], False),
    # CARDS WITH SKILLS
    (GNZ, 3, "Detention Hall", ["Homework Hexer"], True),
    (GNZ, 3, "Detention Hall", ["skeleton: Homework Hexer"], False),
    (GNZ, 3, "Detention Hall", ["Homework Hexer", "Hamster Golem"], False),        # its OR Fight icon is banned
    (GNZ, 3, "Potion Lab", ["Apprentice of Sneezes", "skeleton: Homework Hexer"], True),
    (GNZ, 3, "Potion Lab", ["Apprentice of Sneezes", "Homework Hexer"], False),    # a skeleton with Teach
    (GNZ, 1, "Ossuary", ["Tombstone Tickler", "skeleton: Grave Rattler", "skeleton: Crypt Keeper's Kid"], True),
    (GNZ, 1, "Ossuary", ["Tombstone Tickler", "skeleton: Grave Rattler"], False),
    (GNZ, 1, "Statue Garden", ["Statue Haunter", "skeleton: Statue Haunter"], True),
    (GNZ, 2, "Hangover Stump", ["Mosh Pixie", "skeleton: Party Crasher", "skeleton: Sock Thief", "skeleton: Firefly DJ"], True),
    # SKILL ICONS (minions only; one card may hold several)
    (GNZ, 3, "Library of Unreadable Books", ["Professor Nap", "Owl Familiar"], True),
    (GNZ, 3, "Library of Unreadable Books", ["Professor Nap", "skeleton: Owl Familiar"], False),
    (FNZ, 1, "Spit Falls", ["Sludge Twins"], True),                                  # two icons on one card
    (FNZ, 1, "Spit Falls", ["Sludge Twins", "skeleton: Mudslinger"], False),         # no skeletons
    (FNZ, 1, "Tire Fire Pit", ["Trash Diver", "Sludge Twins"], True),                # an OR Fight icon counts
    (GNZ, 3, "Astronomy Tower", ["Toad Conjurer", "Hamster Golem"], True),
    # MATCHING CARDS WITH SKILLS
    (GNZ, 2, "Afterparty Hollow", ["Party Crasher", "Firefly DJ", "skeleton: Sock Thief"], True),
    (GNZ, 2, "Afterparty Hollow", ["Party Crasher", "Sock Thief", "skeleton: Mosh Pixie"], False),
    (GNZ, 1, "Haunted Attic", ["skeleton: Statue Haunter", "skeleton: Grave Rattler"], True),
    (GNZ, 1, "Haunted Attic", ["skeleton: Statue Haunter", "skeleton: Gargoyle Grump"], True),  # skeleton icons are not banned
    (GNZ, 1, "Haunted Attic", ["skeleton: Statue Haunter", "skeleton: Grave Rattler", "Lantern Shade"], False),
    (FNZ, 1, "Bottom of the Swamp", ["Mudslinger", "Sludge Twins", "Big Gulp"], True),
    (FNZ, 1, "Bottom of the Swamp", ["Mudslinger", "Sludge Twins", "Big Gulp", "Drain Witch"], False),  # no Teach icons
    # MATCHING SKILLS
    (GNZ, 3, "Sneezing Observatory", ["Grimoire Brat", "Apprentice of Sneezes"], True),
    (GNZ, 3, "Sneezing Observatory", ["Grimoire Brat", "Homework Hexer"], False),
    # BANS
    (GNZ, 3, "Pet Shop of Horrors", ["Homework Hexer", "Apprentice of Sneezes"], True),
    (GNZ, 3, "Pet Shop of Horrors", ["Homework Hexer", "Owl Familiar"], False),     # matching Teach icons
    (GNZ, 3, "Pet Shop of Horrors", ["Professor Nap", "Apprentice of Sneezes"], False),  # two on one minion
    (GNZ, 2, "Moth Lamp Lounge", ["Mosh Pixie", "Party Crasher"], True),
    (GNZ, 2, "Moth Lamp Lounge", ["Human Forest Person", "Party Crasher"], False),  # matching minions
    (GNZ, 1, "Mausoleum Party", ["Mausoleum Moaner", "skeleton: Statue Haunter", "skeleton: Grave Rattler"], True),
    (GNZ, 1, "Mausoleum Party", ["Mausoleum Moaner", "skeleton: Statue Haunter", "skeleton: Grave Rattler",
                                 "Ouija Pest"], False),                              # no minions with Teach
    (GNZ, 1, "Crypt Steps", ["Statue Haunter", "skeleton: Grave Rattler"], True),
    (GNZ, 1, "Crypt Steps", ["Statue Haunter", "skeleton: Gargoyle Grump"], False),  # no skeletons with Fight
]


@pytest.mark.parametrize("factions,realm,name,cards,scored", CASES,
                         ids=[f"{c[2]}-{'yes' if c[4] else 'no'}-{i}" for i, c in enumerate(CASES)])
def test_requirements_and_bans(factions, realm, name, cards, scored):
    entries = [{}, {}, {}]
    entries[realm - 1] = {"realm_pile": realm_pile(name), "north": cards}
    state = position(options={"factions": factions}, realms=entries, phase="after action")
    assert state.view(None)["realms"][realm - 1]["realm"]["name"] == name
    play(state, "end turn")
    pile = state.view(None)["sides"][0]["score_pile"]
    assert (pile == [{"name": name, "noise": state.game.cards.realm(name, "").noise}]) == scored


def test_a_realm_without_cards_left_cannot_be_scored():
    # Only possible when the Cursed Artifact took them (a faction's realms hold 12 noise)
    state = position(players=1, options={"mode": "solitaire", "factions": FNZ},
                     realms=[{"realm_pile": [], "north": ["Swamp Scrounger", "skeleton: Mudslinger"]}, {}, {}],
                     score_piles={"artifact": realm_pile("Duct Tape Dam")}, phase="after action")
    assert state.view(None)["realms"][0]["realm"] is None and state.view(None)["realms"][0]["realm_pile"] == 0
    play(state, "end turn")
    assert side(state, 1, "north") == ["Swamp Scrounger", "skeleton: Mudslinger"]
    assert noise(state) == [0, 12]


def test_scoring_the_fifth_noise_wins_at_once():
    state = position(realms=[{"realm_pile": realm_pile("Duct Tape Dam"), "north": ["Swamp Scrounger", "skeleton: Mudslinger"]},
                             {}, {}],
                     score_piles={"north": ["Mushroom Ring"]}, phase="after action")
    # North has 3 noise (Mushroom Ring), so the realm pile of realm 2 lacks it
    assert noise(state) == [3, 0]
    play(state, "end turn")
    assert noise(state) == [4, 0] and not state.is_over
    state = position(realms=[{"realm_pile": realm_pile("Landfill Throne"),
                              "north": ["Bog Boss", "skeleton: Mudslinger", "skeleton: Big Gulp"]}, {}, {}],
                     score_piles={"north": ["Mushroom Ring"]}, phase="after action")
    play(state, "end turn")
    assert state.is_over and state.winners == [0] and state.scores == [5, 0]
    assert state.log[-1] == "North made 5 noise and woke the Lich King: North wins."
    assert state.outcome(0) == 1.0 and state.outcome(1) == 0.0


def test_several_realms_score_in_one_end_of_turn_for_either_side():
    state = position(realms=[{"realm_pile": realm_pile("Duct Tape Dam"), "north": ["Swamp Scrounger", "skeleton: Mudslinger"]},
                             {"realm_pile": realm_pile("Mosh Glade"), "south": ["Party Crasher", "Sock Thief", "Mosh Pixie"]},
                             {}], phase="after action")
    play(state, "end turn")
    assert noise(state) == [1, 1]
    assert state.view(None)["active"] == 1


def test_when_both_reach_five_the_player_whose_turn_it_is_wins():
    state = position(realms=[{"realm_pile": realm_pile("Duct Tape Dam"), "north": ["Swamp Scrounger", "skeleton: Mudslinger"]},
                             {"realm_pile": realm_pile("Mosh Glade"), "south": ["Party Crasher", "Sock Thief", "Mosh Pixie"]},
                             {}], score_piles={"north": ["Astronomy Tower"], "south": ["Sneezing Observatory"]},
                     phase="after action", active=1)
    assert noise(state) == [3, 3]
    play(state, "end turn")
    assert noise(state) == [4, 4] and not state.is_over
    state = position(realms=[{"realm_pile": realm_pile("Landfill Throne"),
                              "north": ["Bog Boss", "skeleton: Mudslinger", "skeleton: Big Gulp"]},
                             {"realm_pile": realm_pile("Afterparty Hollow"),
                              "south": ["Party Crasher", "Firefly DJ", "skeleton: Sock Thief"]},
                             {}], score_piles={"north": ["Astronomy Tower"], "south": ["Sneezing Observatory"]},
                     phase="after action", active=1)
    play(state, "end turn")
    assert noise(state) == [5, 5]
    assert state.winners == [1]
