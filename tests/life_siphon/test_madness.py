"""1 Player Madness Mode: the Lairs, spawns, life gain, the round tracker and the score."""

import tabletome

from .helpers import G, area, life, play, quad, restore, texts

MAD = {"mode": "madness"}


def test_setup_places_the_three_lairs_and_removes_cards():
    s = G.new(players=1, seed=3, mode="madness")
    v = s.view(0)
    assert [q["name"] for q in v["quadrants"]] == ["North", "Imp Lair", "Lich Lair", "Dread Knight Lair"]
    assert area(s, "Imp Lair", "battleground") == ["Imp", None, None]
    assert area(s, "Lich Lair", "river") == ["Lich", None, None]
    assert area(s, "Dread Knight Lair", "movement") == ["Dread Knight", None, None, None]
    assert [q["life"] for q in v["quadrants"]] == [20, None, None, None]
    assert len(v["players"][0]["hand"]) == 1 and v["round"] == 1
    deck = v["deck_size"] + 1 + sum(1 for c in v["river"] if c)
    assert deck == 39 - 3 - 2 - 5 - 3   # no Lich's Grasp, Grim Vision, Equip Aspect, Life Siphon
    assert "Equip Aspect" not in v["catalogue"]["cards"] and v["catalogue"]["aspects"] == {}


def test_lairs_always_block_with_one_familiar_per_attacker():
    s = restore(players=1, options=MAD, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight", "Dread Knight"]},
                           "Imp Lair": {"battleground": ["Imp", "Imp"], "summoning": ["Imp", "Imp", "Imp"]}})
    play(s, "attack with Dread Knight at Battleground 1")
    assert texts(s) == ["target Imp Lair", "target Lich Lair", "target Dread Knight Lair"]
    play(s, "target Imp Lair")
    assert "Imp Lair blocks with Imp at Battleground 1." in s.log
    play(s, "attack with Dread Knight at Battleground 2", "target Imp Lair")
    assert "Imp Lair blocks with Imp at Battleground 2." in s.log
    assert area(s, "Imp Lair", "battleground") == [None, None, None]
    assert life(s, "North") == 20  # blocked: no life gained


def test_unblocked_attacks_gain_life_capped_at_3():
    s = restore(players=1, options=MAD, turn="North", phase="attack", turn_state={"life_gained": 2},
                quadrants={"North": {"life": 10, "battleground": ["Lich", "Imp"]},
                           "Imp Lair": {"battleground": ["Imp"]}})
    # a Lich at the Imp Lair: "unable to block if you attack the Imp or Dread Knight Lair with a Lich"
    play(s, "attack with Lich at Battleground 1", "target Imp Lair")
    assert life(s, "North") == 11
    play(s, "attack with Imp at Battleground 2", "target Lich Lair")
    assert life(s, "North") == 11  # "The maximum amount of life you can gain in this way on a turn is 3."


def test_spawns_two_per_removal_with_the_capacity_cut_off():
    """"If you remove 2 or more Familiars of the same type on the same turn, any enemy Familiars that
    would spawn but can't fit in that player's Summoning Area are NOT placed.\""""
    s = restore(players=1, options=MAD, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight", "Dread Knight"]},
                           "Imp Lair": {"summoning": ["Imp"], "battleground": ["Imp", "Imp"]}})
    play(s, "attack with Dread Knight at Battleground 1", "target Imp Lair")
    assert area(s, "Imp Lair", "summoning") == ["Imp", "Imp", "Imp"]
    play(s, "attack with Dread Knight at Battleground 2", "target Imp Lair")
    assert area(s, "Imp Lair", "summoning") == ["Imp", "Imp", "Imp"]
    assert "The Imp Lair's Summoning Area is full: no Imp spawns." in s.log


def test_spawns_also_on_the_lairs_attack():
    """"This occurs regardless of if it's during your Attack Phase or their Attack Phase.\""""
    s = restore(players=1, options=MAD, turn="Imp Lair", phase="start",
                quadrants={"North": {"battleground": ["Dread Knight"]}, "Imp Lair": {"battleground": ["Imp"]}})
    assert s.to_move == 0 and texts(s) == ["block with Dread Knight at Battleground 1", "do not block"]
    play(s, "block with Dread Knight at Battleground 1")
    # two spawned, then "Every Familiar moves forward 1 space if possible"
    assert area(s, "Imp Lair", "movement") == ["Imp", "Imp", None, None]
    assert "The Imp Lair spawns 2 Imps in its Summoning Area." in s.log


def test_lairs_attack_the_player_and_move_forward_for_free():
    s = restore(players=1, options=MAD, turn="Lich Lair", phase="start",
                quadrants={"North": {"life": 10, "battleground": ["Imp"]},
                           "Lich Lair": {"river": ["Lich"], "battleground": ["Lich"]},
                           "Dread Knight Lair": {"movement": ["Dread Knight"]}})
    # the Lich attacks North directly; only a Lich may block it: nothing to decide
    assert "North loses 2 life to Lich Lair's Lich at Battleground 1 (8)." in s.log
    assert life(s, "North") == 9  # and regenerates 1 at the start of its turn
    assert area(s, "Lich Lair", "battleground") == ["Lich", "Lich", None]
    assert area(s, "Dread Knight Lair", "river") == ["Dread Knight", None, None]  # no movement cost
    assert s.view(None)["turn"] == "North" and s.view(None)["round"] == 2


def test_round_tracker_and_score_after_defeat():
    """"On the turn when you are defeated, continue to resolve all of your opponents' attacks until the
    4th player (The Dread Knight Lair) finishes all of their attacks.\""""
    s = restore(players=1, options=MAD, turn="Imp Lair", phase="start", round=4,
                quadrants={"North": {"life": 2},
                           "Imp Lair": {"battleground": ["Imp", "Imp"]},
                           "Dread Knight Lair": {"battleground": ["Dread Knight"]}})
    assert s.is_over
    assert s.scores == [4]
    assert s.view(0)["madness"]["score"] == [4, -7]
    assert "North is defeated in round 4: the Lairs finish their attacks this round." in s.log
    assert 0 < s.outcome(0) < 4 / 40
    assert s.winners == []


def test_score_prefers_more_rounds_then_life_nearer_zero():
    a = restore(players=1, options=MAD, turn="Dread Knight Lair", phase="start", round=10,
                quadrants={"North": {"life": 1}, "Dread Knight Lair": {"battleground": ["Imp"]}})
    b = restore(players=1, options=MAD, turn="Dread Knight Lair", phase="start", round=10,
                quadrants={"North": {"life": 1}, "Dread Knight Lair": {"battleground": ["Dread Knight"]}})
    c = restore(players=1, options=MAD, turn="Dread Knight Lair", phase="start", round=9,
                quadrants={"North": {"life": 1}, "Dread Knight Lair": {"battleground": ["Imp"]}})
    assert a.scores == b.scores == [10] and c.scores == [9]
    assert [x.view(0)["madness"]["score"] for x in (a, b, c)] == [[10, -1], [10, -4], [9, -1]]
    assert a.outcome(0) > b.outcome(0) > c.outcome(0)


def test_madness_refuses_other_counts_and_modules():
    import pytest
    with pytest.raises(tabletome.IllegalAction, match="1 player"):
        G.new(players=2, mode="madness")
    with pytest.raises(tabletome.IllegalAction, match="Madness mode does not use"):
        G.new(players=1, mode="madness", fearsome="on")


def test_the_defeated_player_still_blocks():
    s = restore(players=1, options=MAD, turn="Imp Lair", phase="start",
                quadrants={"North": {"life": 1, "battleground": ["Lich"]},
                           "Imp Lair": {"battleground": ["Imp", "Imp"]}})
    play(s, "do not block")
    assert life(s, "North") == -1 and not s.is_over
    play(s, "block with Lich at Battleground 1")
    assert s.is_over and s.scores == [1] and s.view(0)["madness"]["score"] == [1, -1]
    assert quad(s, "North")["life"] == -1
