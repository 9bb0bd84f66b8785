"""Each ruling of RULES.md, as a scenario from a snapshot."""

import pytest

from .helpers import G, area, life, play, quad, restore, texts




def _all_in_discard(options=None, keep=()):
    from .helpers import position
    snap = position(options=options or {}, turn="North", phase="main", river=[None, None, None])
    snap["discard"] = snap["deck"][len(keep):]
    snap["deck"] = list(keep)
    return G.restore(snap)


def test_deck_out_reshuffle_ruling():
    s = _all_in_discard()
    assert s.view(None)["deck_size"] == 0
    play(s, "end turn")
    assert "The deck is empty: the discard pile is shuffled into a new deck." in s.log
    assert s.view(None)["players"][0]["hand_size"] == 1 and s.view(None)["discard"] == []


def test_deck_out_no_draw_option():
    s = _all_in_discard({"deck_out": "no-draw"})
    play(s, "end turn")
    assert s.view(None)["players"][0]["hand_size"] == 0
    assert "The deck and the discard pile are empty: North cannot draw." in s.log


def test_moving_backwards_is_an_option():
    pos = dict(turn="North", phase="main", quadrants={"North": {"river": ["Imp"]}})
    assert "move Imp from River 1 to Movement Row" in texts(restore(**pos))
    assert "move Imp from River 1 to Movement Row" not in texts(restore(options={"move_back": "no"}, **pos))


def test_off_target_kill_is_an_option():
    """4 players: North's left is East; South is across."""
    pos = dict(players=4, turn="North", phase="main", hands={"North": ["Life Siphon"]},
               quadrants={"South": {"life": 2}, "East": {"life": 2}})
    s = restore(**pos)
    play(s, "cast Life Siphon")
    assert texts(s) == ["target East", "target South", "target West"]
    play(s, "target South")
    assert s.is_over and s.winners == [1]  # "The player to the right of the player that was defeated"
    s = restore(options={"off_target_kill": "forbidden"}, **pos)
    play(s, "cast Life Siphon")
    assert texts(s) == ["target East", "target West"]


def test_void_walker_is_the_void_bringer():
    fams = G.cards.fam_names
    assert "Void Bringer" in fams and "Void Walker" not in fams
    assert "Void Walker" in G.cards.familiars[fams.index("Void Bringer")].note


def test_north_starts():
    s = G.new(players=3, seed=1)
    assert s.view(None)["turn"] == "North" and s.view(None)["round"] == 1


def test_a_lich_attack_fizzles_when_its_target_is_gone():
    s = restore(turn="North", phase="attack", hands={"North": ["Hex Bolt"]},
                quadrants={"North": {"battleground": ["Lich"]}, "South": {"life": 10, "battleground": ["Imp"]}})
    play(s, "pass", "attack with Lich at Battleground 1", "target South's Imp at Battleground 1")
    assert texts(s) == ["cast Hex Bolt", "pass"]
    play(s, "cast Hex Bolt", "target South's Imp at Battleground 1")
    assert "The attack fizzles: its target is no longer there." in s.log
    assert life(s, "South") == 11  # the Imp's removal gave South 1 life; the Lich dealt nothing
    assert area(s, "North", "battleground") == ["Lich", None, None]


def test_a_targeted_familiar_has_not_blocked():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Lich", "Imp"]},
                           "South": {"battleground": [{"familiar": "Dread Knight", "defense_bonus": 5}]}})
    play(s, "attack with Lich at Battleground 1", "target South's Dread Knight at Battleground 1")
    play(s, "attack with Imp at Battleground 2")
    assert texts(s) == ["block with Dread Knight at Battleground 1", "do not block"]


def test_fast_slow_cards_have_two_halves():
    s = restore(turn="North", phase="main", hands={"North": ["Blood Rite"]}, quadrants={"North": {"life": 10}})
    assert {"cast Blood Rite", "cast Blood Rite as Slow Cast"} <= set(texts(s))
    play(s, "cast Blood Rite as Slow Cast", "target North")
    assert life(s, "North") == 13
    s = restore(turn="South", phase="main", hands={"North": ["Blood Rite"]}, quadrants={"North": {"life": 10}})
    play(s, "end turn")  # the end-of-turn window: only the Fast half
    assert s.to_move == 0 and texts(s) == ["cast Blood Rite", "pass"]
    play(s, "cast Blood Rite", "target North")
    assert life(s, "North") == 11 + 1  # Fast half, then North's regeneration


def test_any_one_familiar_means_anywhere_on_the_board():
    s = restore(turn="North", phase="main", hands={"North": ["Dark Axe"]},
                quadrants={"South": {"summoning": ["Imp"]}})
    play(s, "cast Dark Axe")
    assert texts(s) == ["target South's Imp at Summoning Area 1"]


def test_unholy_haste_gives_an_extra_move():
    s = restore(turn="North", phase="main", hands={"North": ["Unholy Haste"]},
                quadrants={"North": {"movement": ["Imp"]}})
    play(s, "move Imp from Movement Row 1 to River", "cast Unholy Haste", "move Imp from River 1 to Battleground")
    assert area(s, "North", "battleground") == ["Imp", None, None]


def test_an_extra_move_is_offered_only_if_a_familiar_can_still_move_once_it_is_paid_for():
    """The Familiars: "You cannot move a Dread Knight if it would reduce your life below 1." Aspect of
    Command (designed: "pay 1 life to move one of your Familiars ... (movement costs must still be
    paid)") is not offered at 2 life when only a Dread Knight could move: paying 1 would leave the
    1 life its move cannot take. At 3 life it is, and the Dread Knight moves."""
    board = {"river": [{"familiar": "Dread Knight", "moved": True}]}
    s = restore(turn="North", phase="main", aspects={"North": "Aspect of Command"},
                quadrants={"North": {"life": 2, **board}})
    assert texts(s) == ["end turn"]
    s = restore(turn="North", phase="main", aspects={"North": "Aspect of Command"},
                quadrants={"North": {"life": 3, **board}})
    play(s, "use Aspect of Command", "move Dread Knight from River 1 to Battleground")
    assert life(s, "North") == 1 and area(s, "North", "battleground") == ["Dread Knight", None, None]


def test_life_gains_are_capped_at_20():
    s = restore(turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight"]}, "South": {"life": 20, "battleground": ["Imp"]}})
    play(s, "attack with Dread Knight at Battleground 1", "block with Imp at Battleground 1")
    assert life(s, "South") == 20 and "South is already at 20 life." in s.log


def test_a_shade_removed_by_a_spell_deals_its_damage():
    s = restore(options={"familiars": "on"}, turn="North", phase="main", hands={"North": ["Lich's Grasp"]},
                quadrants={"South": {"life": 9, "river": ["Shade"]}})
    play(s, "cast Lich's Grasp", "target South's Shade at River 1")
    assert s.to_move == 1 and texts(s) == ["target North", "target South"]
    play(s, "target North")
    assert life(s, "North") == 17  # Lich's Grasp cost 2, the Shade 1


def test_nobody_chooses_themselves_below_1():
    s = restore(turn="North", phase="main", hands={"North": ["Soul Spike"]}, quadrants={"North": {"life": 3}})
    play(s, "cast Soul Spike as Slow Cast")
    assert texts(s) == ["target South"]  # North would go to 3 - 1 - 2 = 0


def test_essence_of_mischief_needs_a_summon_left():
    s = restore(options={"vials": "on"}, turn="North", phase="attack", turn_state={"summons": 3},
                vials={"North": ["Essence of Mischief"]},
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"battleground": ["Dread Knight"]}})
    play(s, "attack with Imp at Battleground 1", "block with Dread Knight at Battleground 1")
    assert s.view(None)["phase"] == "main"  # nothing to offer


@pytest.mark.parametrize("players", [2, 3, 4])
def test_windows_ask_in_turn_order_and_close_after_everyone_passes(players):
    names = {2: ("North", "South"), 3: ("North", "East", "South"), 4: ("North", "East", "South", "West")}
    hands = {name: ["Dark Axe"] for name in names[players]}
    s = restore(players=players, turn="North", phase="attack", hands=hands,
                quadrants={"North": {"battleground": ["Imp"]}})
    seen = []
    while s.view(None)["phase"] == "attack" and "pass" in texts(s):
        seen.append(s.to_move)
        play(s, "pass")
    assert seen == list(range(players))
    assert quad(s, "North")["areas"]["battleground"][0]["familiar"] == "Imp"


def test_damage_stays_until_the_end_of_the_turn():
    """A Dread Knight that blocked an Imp keeps 2 damage: a Lich attack the same turn finishes it."""
    s = restore(players=3, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Imp", "Lich"]}, "East": {"battleground": ["Dread Knight"]}})
    play(s, "attack with Imp at Battleground 1", "block with Dread Knight at Battleground 1")
    assert quad(s, "East")["areas"]["battleground"][0]["damage"] == 2
    play(s, "attack with Lich at Battleground 2", "target East's Dread Knight at Battleground 1")
    assert area(s, "East", "battleground") == [None, None, None]


def test_a_familiar_summoned_this_turn_may_move():
    s = restore(turn="North", phase="main")
    play(s, "summon Imp", "move Imp from Summoning Area 1 to Movement Row")
    assert area(s, "North", "movement") == ["Imp", None, None, None]


def test_madness_spell_removal_spawns_too():
    s = restore(players=1, options={"mode": "madness"}, turn="North", phase="main", hands={"North": ["Hex Bolt"]},
                quadrants={"Imp Lair": {"battleground": ["Imp"]}})
    play(s, "cast Hex Bolt", "target Imp Lair's Imp at Battleground 1")
    assert area(s, "Imp Lair", "summoning") == ["Imp", "Imp", None]


def test_madness_spawns_come_from_the_supply():
    s = restore(players=1, options={"mode": "madness"}, turn="North", phase="main", hands={"North": ["Hex Bolt"]},
                quadrants={"North": {"summoning": ["Imp"] * 3, "movement": ["Imp"] * 4, "river": ["Imp"] * 3},
                           "Imp Lair": {"movement": ["Imp"], "battleground": ["Imp"]}})
    assert s.view(None)["supply"]["Imp"] == 0
    play(s, "cast Hex Bolt", "target Imp Lair's Imp at Battleground 1")
    assert area(s, "Imp Lair", "summoning") == ["Imp", None, None]  # only the one just removed


def test_madness_lairs_are_no_player_targets():
    s = restore(players=1, options={"mode": "madness"}, turn="North", phase="main", hands={"North": ["Soul Spike"]},
                quadrants={"North": {"life": 10}})
    play(s, "cast Soul Spike as Slow Cast")
    assert texts(s) == ["target North"]


def test_madness_lich_lair_steps_in_and_lich_at_a_familiar_gains_nothing():
    s = restore(players=1, options={"mode": "madness"}, turn="North", phase="attack",
                quadrants={"North": {"life": 10, "battleground": ["Lich", "Lich"]},
                           "Lich Lair": {"battleground": ["Lich", "Lich"]},
                           "Imp Lair": {"battleground": ["Imp"]}})
    play(s, "attack with Lich at Battleground 1", "target Lich Lair's Lich at Battleground 1")
    assert "Lich Lair blocks with Lich at Battleground 2." in s.log
    play(s, "attack with Lich at Battleground 2", "target Imp Lair's Imp at Battleground 1")
    assert area(s, "Imp Lair", "summoning") == ["Imp", "Imp", None]
    assert life(s, "North") == 10


def test_ghosts_have_their_own_personal_familiars():
    s = restore(options={"mode": "two-player-variant", "familiars": "on"}, turn="East", phase="main")
    assert s.to_move == 1 and "summon Dragon" in texts(s)
    play(s, "summon Dragon")
    assert quad(s, "East")["pool"] == ["Plague Rat", "Shade"] and quad(s, "South")["pool"] == [
        "Plague Rat", "Shade", "Dragon"]


def test_after_a_cast_in_the_end_of_turn_window_the_active_player_may_answer():
    """"Fast Cast spells can be played at any time during your turn or other players' turns", and
    after a cast everyone may answer it (RULES.md, "Response windows"): with 3 players North ends its
    turn, East answers in the end-of-turn window, and North may then answer East's cast."""
    s = restore(players=3, turn="North", phase="main", hands={"North": ["Hex Bolt"], "East": ["Blood Ward"]},
                quadrants={"East": {"life": 10, "battleground": ["Imp"]}})
    play(s, "end turn")
    assert s.to_move == 1 and texts(s) == ["cast Blood Ward", "pass"]
    play(s, "cast Blood Ward", "target East")
    assert life(s, "East") == 12
    view = s.view(None)
    assert view["turn"] == "North" and view["decision"]["moment"] == "end of turn"
    assert s.to_move == 0 and texts(s) == ["cast Hex Bolt", "pass"]
    play(s, "cast Hex Bolt", "target East's Imp at Battleground 1")
    assert area(s, "East", "battleground") == [None, None, None]


@pytest.mark.parametrize("ghost", ["East", "West"])
def test_windows_on_a_ghosts_turn(ghost):
    """RULES.md, "Response windows": a ghost's Attack Phase windows start with North, those as its
    Main Phase begins and at its end with South; nobody is left out."""
    def asked(s, phase):
        seen = []
        while s.view(None)["phase"] == phase and "pass" in texts(s):
            seen.append(s.to_move)
            play(s, "pass")
        return seen
    hands = {"North": ["Dark Axe"], "South": ["Bone Shield"]}
    s = restore(options={"mode": "two-player-variant"}, turn=ghost, phase="attack", hands=hands,
                quadrants={ghost: {"battleground": ["Imp"]}})
    assert asked(s, "attack") == [0, 1]
    play(s, "end attacks")
    assert asked(s, "main") == [1, 0]
    play(s, "end turn")
    assert asked(s, "end") == [1, 0]


def test_breath_weapon_damage_follows_its_assignment():
    """RULES.md, "Dragon / Breath Weapon": a Fast Cast answers the Breath Weapon when it is declared,
    before the defender assigns, and not between the assignment and the damage."""
    s = restore(options={"familiars": "on"}, turn="North", phase="attack", hands={"South": ["Bone Shield", "Bone Shield"]},
                quadrants={"North": {"battleground": ["Dragon"]}, "South": {"battleground": ["Imp"]}})
    play(s, "pass", "attack with Dragon at Battleground 1")
    assert s.to_move == 1 and s.view(None)["decision"]["moment"] == "attack declared"
    play(s, "pass", "breathe on Imp at Battleground 1", "breathe on Imp at Battleground 1", "breathe on South")
    assert area(s, "South", "battleground") == [None, None, None] and life(s, "South") == 20   # 19, +1 for the Imp
    assert s.view(None)["decision"]["moment"] == "after combat"


def test_a_second_fearsome_the_same_turn_after_the_first_is_removed():
    """RULES.md, "The Fearsome": "you may Summon 1 Fearsome for free" is one at a time."""
    s = restore(options={"fearsome": "on"}, turn="North", phase="main", hands={"North": ["Lich's Grasp"]},
                quadrants={"North": {"life": 5}})
    play(s, "summon Pain Maker")
    assert "summon Life Giver" not in texts(s)
    play(s, "cast Lich's Grasp", "target North's Pain Maker at Summoning Area 1", "summon Life Giver")
    assert area(s, "North", "summoning") == ["Life Giver", None, None]
    assert s.view(None)["summons_this_turn"] == 2


def test_a_cycling_game_ends_as_a_draw_at_the_length_limit():
    """RULES.md, "Does the game always end?": the rulebook has no turn limit; the engine ends a game
    of 2 players at 2,000 decisions as a draw."""
    s = G.new(players=2, seed=1)
    while not s.is_over:
        choices = texts(s)
        s.apply(next((t for t in ("end turn", "take no River card", "pass") if t in choices), choices[0]))
    assert len(s.record()["actions"]) == G.max_game_length(2) == 2000
    assert s.winners == [] and [life(s, "North"), life(s, "South")] == [20, 20]
    assert s.log[-1] == "The game reaches its limit of 2000 decisions and ends as a draw."
