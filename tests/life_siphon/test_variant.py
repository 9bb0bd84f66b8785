"""2 Player Variant: ghost seats, shared control, and the goal."""

from .helpers import G, area, life, play, restore, texts

VAR = {"mode": "two-player-variant"}


def test_setup_two_real_players_with_two_cards_and_two_ghosts():
    s = G.new(players=2, seed=5, mode="two-player-variant")
    v = s.view(0)
    assert [(q["name"], q["role"]) for q in v["quadrants"]] == [
        ("North", "player"), ("East", "ghost"), ("South", "player"), ("West", "ghost")]
    assert [p["hand_size"] for p in v["players"]] == [2, 2]
    assert [q["life"] for q in v["quadrants"]] == [20, 20, 20, 20]


def test_you_control_the_ghost_to_your_right_except_its_attacks():
    s = restore(options=VAR, turn="East", phase="start",
                quadrants={"East": {"life": 10, "battleground": ["Imp"]}, "South": {"life": 12}})
    # East attacks South: "the other real player (the player across from you) decides how they will attack"
    assert s.view(None)["phase"] == "attack" and s.to_move == 0
    play(s, "attack with Imp at Battleground 1")
    assert life(s, "South") == 10
    # "You control everything about the player to your right (when it's their turn)": South runs East
    assert s.view(None)["phase"] == "main" and s.to_move == 1
    play(s, "summon Dread Knight")
    assert life(s, "East") == 9  # "you will pay for them using that player's life"


def test_you_block_for_the_ghost_to_your_right():
    s = restore(options=VAR, turn="South", phase="attack",
                quadrants={"South": {"battleground": ["Imp"]}, "West": {"battleground": ["Imp"]}})
    play(s, "attack with Imp at Battleground 1")
    assert s.to_move == 0 and texts(s) == ["block with Imp at Battleground 1", "do not block"]


def test_ghosts_take_no_river_cards_and_draw_nothing():
    s = restore(options=VAR, turn="West", phase="start", quadrants={"West": {"life": 10}})
    assert s.view(None)["phase"] == "main" and s.to_move == 0
    play(s, "end turn")
    assert s.view(None)["players"][0]["hand_size"] == 0


def test_goal_take_out_the_player_to_your_left():
    s = restore(options=VAR, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight"]}, "East": {"life": 5}})
    play(s, "attack with Dread Knight at Battleground 1")
    assert s.is_over and s.winners == [0]


def test_you_lose_if_the_player_to_your_right_is_defeated():
    s = restore(options=VAR, turn="South", phase="attack",
                quadrants={"South": {"battleground": ["Dread Knight"]}, "West": {"life": 5}})
    play(s, "attack with Dread Knight at Battleground 1")
    assert s.is_over and s.winners == [1]


def test_taking_out_the_player_across_wins():
    s = restore(options=VAR, turn="North", phase="main", hands={"North": ["Life Siphon"]},
                quadrants={"South": {"life": 2}})
    play(s, "cast Life Siphon", "target South")
    assert s.is_over and s.winners == [0]


def test_ghost_fearsome_has_no_ability():
    s = restore(options={**VAR, "fearsome": "on"}, turn="East", phase="attack",
                quadrants={"East": {"battleground": ["Pain Maker"]}, "South": {"life": 9}})
    play(s, "attack with Pain Maker at Battleground 1")
    assert life(s, "South") == 6 and s.view(None)["phase"] == "main"


def test_equip_aspect_draft_skips_the_ghosts():
    s = restore(options=VAR, turn="North", phase="main", hands={"North": ["Equip Aspect"]})
    play(s, "cast Equip Aspect", "target North", "equip Aspect of Renewal")
    assert s.to_move == 1 and len(texts(s)) == 4
    play(s, "equip Aspect of Dread")
    assert s.to_move == 0 and texts(s)[-1] == "end turn"
    assert [p["aspect"] for p in s.view(None)["players"]] == ["Aspect of Renewal", "Aspect of Dread"]
    assert area(s, "East", "summoning") == [None, None, None]


def test_a_ghosts_shade_cannot_take_the_player_who_chooses_below_1():
    """Gameplay: "However, no player may reduce their own life below 1." South chooses where the
    Shade of East (the ghost to its right) deals its damage: at 1 life South may not choose South."""
    s = restore(options={**VAR, "familiars": "on"}, turn="North", phase="main", hands={"North": ["Lich's Grasp"]},
                quadrants={"East": {"river": ["Shade"]}, "South": {"life": 1}})
    play(s, "cast Lich's Grasp", "target East's Shade at River 1")
    assert s.to_move == 1 and "target South" not in texts(s) and "target North" in texts(s)
    s = restore(options={**VAR, "familiars": "on"}, turn="North", phase="main", hands={"North": ["Lich's Grasp"]},
                quadrants={"East": {"river": ["Shade"]}, "South": {"life": 2}})
    play(s, "cast Lich's Grasp", "target East's Shade at River 1", "target South")
    assert life(s, "South") == 1 and not s.is_over
