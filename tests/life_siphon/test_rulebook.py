"""Each printed rule of the base game, and the rulebook's example, as a scenario from a snapshot."""

import pytest

from tabletome import IllegalAction

from .helpers import area, life, play, quad, restore, texts


def test_rulebook_example_dread_knight_blocked_by_two_imps():
    """"you attack with a Dread Knight. Your opponent chooses to block your Dread Knight with 2 of
    their Imps ... all 3 Familiars are removed from the board"."""
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight"]},
                           "South": {"life": 15, "battleground": ["Imp", "Imp"]}})
    assert s.to_move == 0
    play(s, "attack with Dread Knight at Battleground 1")
    assert s.to_move == 1 and set(texts(s)) == {"block with Imp at Battleground 1",
                                                 "block with Imp at Battleground 2", "do not block"}
    play(s, "block with Imp at Battleground 1", "block with Imp at Battleground 2")
    assert area(s, "North", "battleground") == [None, None, None]
    assert area(s, "South", "battleground") == [None, None, None]
    assert "North's Dread Knight at Battleground 1 deals 5 damage to South's Imp at Battleground 1, " \
           "South's Imp at Battleground 2; it takes 4 damage in return." in s.log
    assert life(s, "South") == 17  # "When an Imp is removed from the board, you gain 1 life." (twice)
    assert s.view(None)["supply"] == {"Imp": 12, "Lich": 12, "Dread Knight": 12}


def test_unblocked_damage_goes_to_life():
    s = restore(turn="North", phase="attack", quadrants={"North": {"battleground": ["Dread Knight"]},
                                                         "South": {"life": 12, "battleground": ["Imp"]}})
    play(s, "attack with Dread Knight at Battleground 1", "do not block")
    assert life(s, "South") == 7


def test_each_familiar_attacks_once_and_only_from_the_battleground():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"river": ["Imp"], "battleground": ["Imp", None, "Imp"]}, "South": {}})
    assert texts(s) == ["attack with Imp at Battleground 1", "attack with Imp at Battleground 3", "end attacks"]
    play(s, "attack with Imp at Battleground 1")
    assert texts(s) == ["attack with Imp at Battleground 3", "end attacks"]
    play(s, "attack with Imp at Battleground 3")
    assert s.view(None)["phase"] == "main" and life(s, "South") == 16


def test_no_battleground_familiars_no_attack_phase_and_river_card():
    """"If you have no Familiars in your Battleground at the start of your turn, you cannot attack";
    then "you may choose to draw 1 face-up card from the River Cards. Refill the empty slot"."""
    s = restore(turn="North", phase="start", river=["Hex Bolt", "Dark Ritual", "Blood Ward"],
                deck_top=["Bone Shield"], quadrants={"North": {"life": 10, "river": ["Imp"]}})
    assert texts(s) == ["take Hex Bolt from the River", "take Dark Ritual from the River",
                        "take Blood Ward from the River", "take no River card"]
    play(s, "take Hex Bolt from the River")
    assert s.view(0)["players"][0]["hand"] == ["Hex Bolt"]
    assert s.view(1)["players"][0]["known_in_hand"] == ["Hex Bolt"]
    assert s.view(None)["river"] == ["Bone Shield", "Dark Ritual", "Blood Ward"]
    assert s.view(None)["phase"] == "main"


def test_no_river_card_with_a_battleground_familiar():
    s = restore(turn="North", phase="start", quadrants={"North": {"battleground": ["Imp"]}})
    assert "take Dark Ritual from the River" not in texts(s)
    assert "attack with Imp at Battleground 1" in texts(s)


def test_regenerate_one_plus_river_capped_at_20():
    s = restore(turn="North", phase="start", quadrants={"North": {"life": 10, "river": ["Imp", "Lich"]}})
    assert life(s, "North") == 13
    s = restore(turn="North", phase="start", quadrants={"North": {"life": 19, "river": ["Imp", "Lich", "Imp"]}})
    assert life(s, "North") == 20


def test_lich_chooses_its_target_and_only_a_lich_blocks_it():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Lich"]},
                           "South": {"battleground": ["Imp", "Dread Knight", "Lich"]}})
    play(s, "attack with Lich at Battleground 1")
    assert texts(s) == ["target South", "target South's Imp at Battleground 1",
                        "target South's Dread Knight at Battleground 2", "target South's Lich at Battleground 3"]
    play(s, "target South's Imp at Battleground 1")
    # "your opponent's Lich can choose to block the attacking Lich instead of the attacker's chosen target"
    assert texts(s) == ["block with Lich at Battleground 3", "do not block"]
    play(s, "do not block")
    # "both your Lich and your opponent's Familiar deal and receive damage"
    assert area(s, "North", "battleground") == [None, None, None]
    assert area(s, "South", "battleground") == [None, "Dread Knight", "Lich"]


def test_lich_steps_in_front_of_the_target():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Lich"]},
                           "South": {"life": 10, "battleground": ["Imp", "Lich"]}})
    play(s, "attack with Lich at Battleground 1", "target South's Imp at Battleground 1",
         "block with Lich at Battleground 2")
    assert area(s, "South", "battleground") == ["Imp", None, None]
    assert area(s, "North", "battleground") == [None, None, None]
    assert life(s, "South") == 10


def test_lich_at_the_seat_blocked_only_by_liches():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Lich"]}, "South": {"life": 10, "battleground": ["Imp"]}})
    play(s, "attack with Lich at Battleground 1", "target South")
    assert life(s, "South") == 8  # the Imp could not block: nothing to decide


def test_a_lich_may_block_anything():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"battleground": ["Lich"]}})
    play(s, "attack with Imp at Battleground 1")
    assert texts(s) == ["block with Lich at Battleground 1", "do not block"]


def test_each_familiar_blocks_once_per_attack_phase():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Imp", "Imp"]},
                           "South": {"life": 10, "battleground": [{"familiar": "Dread Knight"}]}})
    play(s, "attack with Imp at Battleground 1", "block with Dread Knight at Battleground 1")
    assert area(s, "North", "battleground") == [None, "Imp", None]
    play(s, "attack with Imp at Battleground 2")
    assert life(s, "South") == 8  # the Dread Knight already blocked: no block offered


def test_excess_damage_is_lost_and_damage_heals_at_end_of_turn():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight"]},
                           "South": {"life": 10, "battleground": ["Lich", "Dread Knight"]}})
    play(s, "attack with Dread Knight at Battleground 1", "block with Lich at Battleground 1", "stop blocking")
    assert life(s, "South") == 10  # "any damage in excess ... is lost and does not carry over"
    dk = quad(s, "North")["areas"]["battleground"][0]
    assert dk["damage"] == 2
    play(s, "end turn")
    assert quad(s, "North")["areas"]["battleground"][0]["damage"] == 0


def test_blocking_with_up_to_three():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight"]},
                           "South": {"battleground": ["Imp", "Imp", "Imp"]}})
    play(s, "attack with Dread Knight at Battleground 1", "block with Imp at Battleground 1",
         "block with Imp at Battleground 2")
    assert "stop blocking" in texts(s)
    play(s, "block with Imp at Battleground 3")
    assert area(s, "South", "battleground") == [None, None, None]


def test_summoning_costs_life_up_to_three_and_area_capacity():
    s = restore(turn="North", phase="main", quadrants={"North": {"life": 20}})
    assert texts(s)[:3] == ["summon Imp", "summon Lich", "summon Dread Knight"]
    play(s, "summon Dread Knight", "summon Imp", "summon Lich")
    assert life(s, "North") == 11
    assert area(s, "North", "summoning") == ["Dread Knight", "Imp", "Lich"]
    assert not [t for t in texts(s) if t.startswith("summon")]
    assert "North summons a Dread Knight, paying 2 life (18)." in s.log


def test_summoning_area_full_and_supply_empty():
    s = restore(turn="North", phase="main",
                quadrants={"North": {"summoning": ["Imp", "Imp", "Imp"]}})
    assert not [t for t in texts(s) if t.startswith("summon")]
    imps = {"summoning": ["Imp"] * 3, "movement": ["Imp"] * 4, "river": ["Imp"] * 3, "battleground": ["Imp"] * 2}
    s = restore(turn="North", phase="main", quadrants={"South": imps})
    assert s.view(None)["supply"]["Imp"] == 0  # "If there are no more of a specific Familiar, they cannot be Summoned."
    assert "summon Imp" not in texts(s) and "summon Lich" in texts(s)


def test_nobody_reduces_own_life_below_1():
    s = restore(turn="North", phase="main", quadrants={"North": {"life": 3, "summoning": [None, "Dread Knight"]}})
    assert "summon Dread Knight" in texts(s) and "summon Imp" not in texts(s)
    s = restore(turn="North", phase="main", quadrants={"North": {"life": 1, "summoning": ["Dread Knight"]}})
    assert not [t for t in texts(s) if t.startswith("summon") or t.startswith("move")]


def test_dread_knight_costs_one_life_to_move():
    s = restore(turn="North", phase="main", quadrants={"North": {"life": 5, "movement": ["Dread Knight"]}})
    play(s, "move Dread Knight from Movement Row 1 to River")
    assert life(s, "North") == 4 and area(s, "North", "river") == ["Dread Knight", None, None]


def test_one_adjacent_area_per_familiar_per_turn_and_capacity():
    s = restore(turn="North", phase="main",
                quadrants={"North": {"summoning": ["Imp"], "battleground": ["Imp", "Imp", "Imp"],
                                     "river": ["Lich"]}})
    assert "move Lich from River 1 to Battleground" not in texts(s)  # the Battleground holds 3
    play(s, "move Imp from Summoning Area 1 to Movement Row")
    assert not [t for t in texts(s) if t.startswith("move Imp from Movement Row")]


def test_move_into_any_space_of_the_next_row():
    s = restore(turn="North", phase="main", quadrants={"North": {"movement": [None, None, None, "Imp"],
                                                                 "river": ["Lich", "Lich"]}})
    play(s, "move Imp from Movement Row 4 to River")
    assert area(s, "North", "river") == ["Lich", "Lich", "Imp"]


def test_end_turn_draws_a_card_and_passes_left():
    s = restore(players=3, turn="North", phase="main", deck_top=["Dark Ritual"])
    play(s, "end turn")
    assert s.view(0)["players"][0]["hand"] == ["Dark Ritual"]
    assert s.view(None)["turn"] == "East" and s.to_move == 1


def test_two_players_attack_and_defend_the_same_opponent():
    s = restore(turn="South", phase="attack", quadrants={"North": {"life": 10}, "South": {"battleground": ["Imp"]}})
    play(s, "attack with Imp at Battleground 1")
    assert life(s, "North") == 8


def test_the_player_to_the_right_of_the_defeated_wins():
    """"The player to the right of the player that was defeated is the winner (regardless of who
    reduced that player's life total below 1)." East's right is North."""
    s = restore(players=3, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight"]}, "East": {"life": 4}})
    play(s, "attack with Dread Knight at Battleground 1")
    assert s.is_over and s.winners == [0] and s.outcome(0) == 1.0 and s.outcome(2) == 0.0
    # South (whose left is North) takes East down with a spell: North still wins
    s = restore(players=3, turn="South", phase="main", hands={"South": ["Life Siphon"]},
                quadrants={"East": {"life": 2}})
    play(s, "cast Life Siphon", "target East")
    assert s.is_over and s.winners == [0]


def test_dark_axe_as_printed_until_end_of_turn():
    """"Increase the attack of any one Familiar by 2 until end of turn.\""""
    s = restore(turn="North", phase="attack", hands={"North": ["Dark Axe"]},
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"life": 10}})
    # a response window before the first attack: North holds a Fast Cast card
    assert texts(s) == ["cast Dark Axe", "pass"]
    play(s, "cast Dark Axe")
    assert life(s, "North") == 19
    assert "target North's Imp at Battleground 1" in texts(s)
    play(s, "target North's Imp at Battleground 1")
    assert quad(s, "North")["areas"]["battleground"][0]["attack"] == 4
    play(s, "attack with Imp at Battleground 1")
    assert life(s, "South") == 6
    play(s, "end turn")
    assert quad(s, "North")["areas"]["battleground"][0]["attack"] == 2


def test_fast_cast_after_blocks_changes_the_combat():
    """"Fast Cast cards that increase Familiars' attack or defense can be played before or after
    attacking or blocking." South answers the block with Bone Shield on its blocker."""
    s = restore(turn="North", phase="attack", hands={"South": ["Bone Shield"]},
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"battleground": ["Imp"]}})
    assert s.to_move == 1 and texts(s) == ["cast Bone Shield", "pass"]  # before the first attack
    play(s, "pass")
    assert s.to_move == 0 and texts(s) == ["attack with Imp at Battleground 1", "end attacks"]
    play(s, "attack with Imp at Battleground 1")
    assert s.to_move == 1 and texts(s) == ["cast Bone Shield", "pass"]  # the attack is declared
    play(s, "pass", "block with Imp at Battleground 1")
    assert s.to_move == 1 and texts(s) == ["cast Bone Shield", "pass"]  # the blocks are declared
    play(s, "cast Bone Shield", "target South's Imp at Battleground 1")
    assert area(s, "South", "battleground") == ["Imp", None, None]
    assert area(s, "North", "battleground") == [None, None, None]


def test_no_window_without_a_castable_fast_card():
    s = restore(turn="North", phase="attack", hands={"South": ["Dark Ritual", "Equip Aspect"]},
                quadrants={"North": {"battleground": ["Imp"]}, "South": {}})
    play(s, "attack with Imp at Battleground 1")
    assert s.view(None)["phase"] == "main" and s.to_move == 0
    s = restore(turn="North", phase="attack", hands={"South": ["Hex Bolt"]},
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"life": 2}})
    play(s, "attack with Imp at Battleground 1")
    assert s.is_over  # South cannot pay 2 life for Hex Bolt at 2 life: no window, no stall


def test_equip_aspect_draft_passes_left_and_abilities_once_per_turn():
    """Equip Aspect as printed; "If you use an Aspect's Slow Cast ability and play Equip Aspect, you
    may select the same Aspect again, but you cannot use its ability again this turn. However, Aspects
    that have effects that trigger when equipped may trigger again"."""
    s = restore(players=3, turn="North", phase="main", hands={"North": ["Equip Aspect", "Equip Aspect"]},
                quadrants={"North": {"life": 15}}, deck_top=["Dark Ritual", "Dark Ritual", "Unholy Haste"])
    play(s, "cast Equip Aspect", "target North")
    assert life(s, "North") == 16
    assert s.to_move == 0 and len(texts(s)) == 5
    play(s, "equip Aspect of Hunger")
    assert s.to_move == 1 and "equip Aspect of Hunger" not in texts(s) and len(texts(s)) == 4
    play(s, "equip Aspect of Bones")  # on-equip: East draws a card
    assert s.view(1)["players"][1]["hand"] == ["Dark Ritual"]
    assert s.to_move == 2 and len(texts(s)) == 3
    play(s, "equip Aspect of Renewal")
    assert s.view(None)["aspects_aside"] == ["Aspect of Dread", "Aspect of Command"]
    play(s, "use Aspect of Hunger")
    assert life(s, "North") == 14 and "use Aspect of Hunger" not in texts(s)
    play(s, "cast Equip Aspect", "target North", "equip Aspect of Hunger")
    play(s, "equip Aspect of Bones")  # East re-equips Bones: it triggers again
    assert s.view(1)["players"][1]["hand"] == ["Dark Ritual", "Unholy Haste"]  # North's Hunger drew one
    play(s, "equip Aspect of Renewal")
    assert s.to_move == 0 and "use Aspect of Hunger" not in texts(s)


def test_aspect_passives_start_and_end_of_turn():
    s = restore(turn="North", phase="start", aspects={"North": "Aspect of Renewal", "South": "Aspect of Dread"},
                quadrants={"North": {"life": 10}, "South": {"life": 10}})
    assert life(s, "North") == 12  # regenerate 1, Renewal 1
    play(s, "take no River card", "end turn")
    assert s.to_move == 1
    play(s, "take no River card", "end turn")
    assert "North loses 1 life to Aspect of Dread (11)." in s.log  # at the end of South's turn
    assert life(s, "North") == 13  # North's next turn: 11 + 1 + 1


def test_illegal_actions_change_nothing():
    s = restore(turn="North", phase="main")
    before = s.snapshot()
    for bad in ("summon Dragon", "attack with Imp at Battleground 1", "cast Dark Axe", "nonsense"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.snapshot() == before


def test_getting_started():
    """"Deal 1 card to each player ... Reveal 3 cards ... These are the River Cards ... a life tracker
    on the 20 space"; the Aspects are set aside."""
    from .helpers import G
    for players in (2, 3, 4):
        s = G.new(players=players, seed=9)
        v = s.view(0)
        assert [q["life"] for q in v["quadrants"]] == [20] * players
        assert [p["hand_size"] for p in v["players"]] == [1] * players
        assert len([c for c in v["river"] if c]) == 3
        assert v["deck_size"] == 39 - players - 3
        assert all(p["aspect"] is None for p in v["players"])
        assert v["supply"] == {"Imp": 12, "Lich": 12, "Dread Knight": 12}
        assert s.to_move == 0


def test_area_capacities():
    s = restore(turn="North", phase="main",
                quadrants={"North": {"summoning": ["Imp"], "movement": ["Imp"] * 4, "river": [None, "Lich"]}})
    assert "move Imp from Summoning Area 1 to Movement Row" not in texts(s)  # the Movement Row holds 4
    play(s, "move Imp from Movement Row 1 to River", "move Imp from Movement Row 2 to River")
    assert "move Imp from Movement Row 3 to River" not in texts(s)  # the River holds 3


def test_only_battleground_familiars_block():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"life": 10, "river": ["Dread Knight"]}})
    play(s, "attack with Imp at Battleground 1")
    assert life(s, "South") == 8


def test_slow_cast_only_in_your_main_phase():
    s = restore(turn="South", phase="main", hands={"North": ["Dark Ritual", "Dark Axe"]},
                quadrants={"North": {"river": ["Imp"]}})
    play(s, "end turn")
    assert s.to_move == 0 and texts(s) == ["cast Dark Axe", "pass"]
    play(s, "pass", "take no River card")
    assert "cast Dark Ritual" in texts(s)  # North's own Main Phase


def test_familiars_stay_in_their_quadrant():
    s = restore(players=4, turn="North", phase="main", quadrants={"North": {"battleground": ["Imp"]}})
    assert [t for t in texts(s) if t.startswith("move")] == ["move Imp from Battleground 1 to River"]
