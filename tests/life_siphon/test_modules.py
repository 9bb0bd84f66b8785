"""Modular content: Plague Rat, Shade & Dragon; the Essence Vials; the Fearsome."""

from .helpers import area, life, play, quad, restore, texts

FAM = {"familiars": "on"}
VIALS = {"vials": "on"}
FEAR = {"fearsome": "on"}


def test_plague_rat_removes_any_familiar_it_damages():
    """"If the Plague Rat deals any amount of damage (greater than zero) to a Familiar, that Familiar
    is removed from the board." With Dark Axe it deals 2 to a Dread Knight (defense 3)."""
    s = restore(options=FAM, turn="North", phase="attack", hands={"North": ["Dark Axe"]},
                quadrants={"North": {"battleground": ["Plague Rat"], "pool": ["Shade", "Dragon"]},
                           "South": {"battleground": ["Dread Knight"]}})
    play(s, "cast Dark Axe", "target North's Plague Rat at Battleground 1",
         "attack with Plague Rat at Battleground 1", "block with Dread Knight at Battleground 1")
    assert area(s, "South", "battleground") == [None, None, None]
    assert area(s, "North", "battleground") == [None, None, None]
    # "When one of these Familiars is removed from the board, it goes back to your own personal pool"
    assert quad(s, "North")["pool"] == ["Plague Rat", "Shade", "Dragon"]


def test_plague_rat_with_zero_attack_removes_nothing():
    s = restore(options=FAM, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Plague Rat"]}, "South": {"battleground": ["Imp"]}})
    play(s, "attack with Plague Rat at Battleground 1", "block with Imp at Battleground 1")
    assert area(s, "South", "battleground") == ["Imp", None, None]
    assert area(s, "North", "battleground") == [None, None, None]


def test_unblocked_plague_rat_makes_the_opponent_discard():
    """"If the Plague Rat is not blocked when it attacks, that opponent must discard a card of their
    choice even if the Plague Rat deals zero damage.\""""
    s = restore(options=FAM, turn="North", phase="attack", hands={"South": ["Dark Ritual", "Equip Aspect"]},
                quadrants={"North": {"battleground": ["Plague Rat"]}, "South": {"life": 9}})
    play(s, "attack with Plague Rat at Battleground 1")
    assert s.to_move == 1 and texts(s) == ["discard Dark Ritual", "discard Equip Aspect"]
    play(s, "discard Equip Aspect")
    assert s.view(1)["players"][1]["hand"] == ["Dark Ritual"] and life(s, "South") == 9
    assert "South discards Equip Aspect." in s.log


def test_shade_deals_1_when_removed():
    s = restore(options=FAM, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Shade"]}, "South": {"life": 9, "battleground": ["Lich", "Imp"]}})
    play(s, "attack with Shade at Battleground 1", "block with Lich at Battleground 1", "stop blocking")
    # both removed; the Shade's owner chooses "any player or any Familiar in the Battleground"
    assert s.to_move == 0
    assert texts(s) == ["target North", "target South", "target South's Imp at Battleground 2"]
    play(s, "target South")
    assert life(s, "South") == 8


def test_dragon_breath_weapon_assigned_by_the_blocking_player():
    """"Breath Weapon deals 3 damage, each assigned by the blocking player to their life and / or
    their Familiars in the battleground. The Dragon takes no damage when attacking.\""""
    s = restore(options=FAM, turn="North", phase="attack", hands={"North": ["Dark Axe"]},
                quadrants={"North": {"battleground": ["Dragon"]}, "South": {"life": 9, "battleground": ["Imp"]}})
    play(s, "cast Dark Axe", "target North's Dragon at Battleground 1")
    play(s, "attack with Dragon at Battleground 1")
    assert s.to_move == 1 and texts(s) == ["breathe on South", "breathe on Imp at Battleground 1"]
    play(s, "breathe on South", "breathe on Imp at Battleground 1", "breathe on Imp at Battleground 1")
    # 3 in all, however high the Dragon's attack: 1 to life, 2 to the Imp (which gives its life back)
    assert "South loses 1 life to Breath Weapon (8)." in s.log and life(s, "South") == 9
    assert area(s, "South", "battleground") == [None, None, None]
    assert area(s, "North", "battleground") == ["Dragon", None, None]
    assert quad(s, "North")["areas"]["battleground"][0]["damage"] == 0


def test_personal_familiars_one_each_per_seat():
    s = restore(options=FAM, turn="North", phase="main")
    assert {"summon Plague Rat", "summon Shade", "summon Dragon"} <= set(texts(s))
    play(s, "summon Dragon")
    assert "summon Dragon" not in texts(s)
    assert quad(s, "South")["pool"] == ["Plague Rat", "Shade", "Dragon"]


def test_essence_of_flame():
    s = restore(options=VIALS, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"life": 9, "battleground": ["Lich"]}})
    assert texts(s) == ["attack with Imp at Battleground 1", "use Essence of Flame on Imp at Battleground 1",
                        "end attacks"]
    play(s, "use Essence of Flame on Imp at Battleground 1")
    assert s.view(None)["players"][0]["vials"] == ["Essence of Shadow", "Essence of Mischief"]
    play(s, "attack with Imp at Battleground 1", "breathe on South", "breathe on South", "breathe on South")
    assert life(s, "South") == 6 and area(s, "North", "battleground") == ["Imp", None, None]


def test_essence_of_shadow_and_mischief_on_a_removal():
    s = restore(options=VIALS, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Imp"]}, "South": {"battleground": ["Dread Knight"]}})
    play(s, "attack with Imp at Battleground 1", "block with Dread Knight at Battleground 1")
    assert s.to_move == 0 and texts(s) == ["use Essence of Shadow", "use Essence of Mischief", "keep the Essences"]
    play(s, "use Essence of Shadow")
    # the Dread Knight took 2 from the Imp: 1 more removes it
    play(s, "target South's Dread Knight at Battleground 1")
    assert area(s, "South", "battleground") == [None, None, None]
    assert texts(s) == ["use Essence of Mischief", "keep the Essences"]
    play(s, "use Essence of Mischief")
    assert area(s, "North", "movement") == ["Imp", None, None, None]
    assert s.view(None)["summons_this_turn"] == 1
    assert s.view(None)["players"][0]["vials"] == ["Essence of Flame"]
    # "That Familiar may move during your Main Phase and counts as 1 of your 3 Summons this turn."
    assert "move Imp from Movement Row 1 to River" in texts(s)
    play(s, "summon Imp", "summon Imp")
    assert not [t for t in texts(s) if t.startswith("summon")]


def test_fearsome_free_summon_at_5_life_or_less_one_at_a_time():
    s = restore(options=FEAR, turn="North", phase="main", quadrants={"North": {"life": 6}})
    assert "summon Pain Maker" not in texts(s)
    s = restore(options=FEAR, turn="North", phase="main", quadrants={"North": {"life": 5},
                                                                      "South": {"battleground": ["Life Giver"]}})
    fearsome = [t for t in texts(s) if t in ("summon Pain Maker", "summon Spell Breaker", "summon Life Giver",
                                             "summon Void Bringer")]
    assert fearsome == ["summon Pain Maker", "summon Spell Breaker", "summon Void Bringer"]  # not on the board
    play(s, "summon Void Bringer")
    assert life(s, "North") == 5 and s.view(None)["summons_this_turn"] == 1
    assert "summon Pain Maker" not in texts(s)  # "you cannot Summon a second Fearsome"


def test_fearsome_returns_to_the_shared_pool():
    s = restore(options=FEAR, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Dread Knight"]}, "South": {"life": 4, "battleground": ["Pain Maker"]}})
    assert s.view(None)["supply"]["Pain Maker"] == 0
    play(s, "attack with Dread Knight at Battleground 1", "block with Pain Maker at Battleground 1")
    # the Pain Maker dealt 3 damage: South chooses a player to lose 1 life
    assert s.to_move == 1 and texts(s) == ["target North", "target South"]
    play(s, "target North")
    assert life(s, "North") == 19
    assert s.view(None)["supply"]["Pain Maker"] == 1


def test_fearsome_ability_once_per_turn():
    s = restore(options=FEAR, turn="North", phase="attack", turn_state={"fearsome_used": ["Life Giver"]},
                quadrants={"North": {"battleground": ["Life Giver"]}, "South": {"life": 9}})
    play(s, "attack with Life Giver at Battleground 1")
    assert life(s, "South") == 6 and s.view(None)["phase"] == "main"


def test_spell_breaker_may_draw():
    s = restore(options=FEAR, turn="North", phase="attack", deck_top=["Dark Ritual"],
                quadrants={"North": {"battleground": ["Spell Breaker"]}})
    play(s, "attack with Spell Breaker at Battleground 1")
    assert texts(s) == ["draw a card", "do not draw"]
    play(s, "draw a card")
    assert s.view(0)["players"][0]["hand"] == ["Dark Ritual"]


def test_void_bringer_moves_a_familiar_on_another_turn():
    """"you may move 1 of your Familiars, even if it is not your turn ... That Familiar may move again
    during your Main Phase.\""""
    s = restore(options=FEAR, turn="North", phase="attack",
                quadrants={"North": {"battleground": ["Imp"]},
                           "South": {"summoning": ["Dread Knight"], "battleground": ["Void Bringer"]}})
    play(s, "attack with Imp at Battleground 1", "block with Void Bringer at Battleground 1")
    assert s.to_move == 1
    assert "move Dread Knight from Summoning Area 1 to Movement Row" in texts(s)
    play(s, "move Dread Knight from Summoning Area 1 to Movement Row")
    assert life(s, "South") == 19  # movement costs must still be paid
    play(s, "end turn", "end attacks")  # North's turn ends; South's begins
    assert "move Dread Knight from Movement Row 1 to River" in texts(s)


def test_a_removal_before_the_first_attack_offers_the_essences():
    """"When a Familiar is removed from your Battleground during your Attack Phase": the window before
    the first attack is in the Attack Phase, whether the turn was played up to it or the position
    starts there (phase "attack")."""
    for phase in ("start", "attack"):
        s = restore(options=VIALS, turn="North", phase=phase, hands={"South": ["Hex Bolt"]},
                    quadrants={"North": {"battleground": ["Imp"]}})
        assert s.to_move == 1 and s.view(None)["decision"]["moment"] == "before attacks"
        play(s, "cast Hex Bolt", "target North's Imp at Battleground 1")
        assert area(s, "North", "battleground") == [None, None, None]
        assert s.to_move == 0
        assert texts(s) == ["use Essence of Shadow", "use Essence of Mischief", "keep the Essences"], phase


def test_a_removal_after_the_attack_phase_offers_no_essence():
    """Once North has ended its attacks the Attack Phase is over: a removal as the Main Phase begins
    is not "during your Attack Phase"."""
    s = restore(options=VIALS, turn="North", phase="attack", hands={"South": ["Hex Bolt"]},
                quadrants={"North": {"battleground": ["Imp"]}})
    play(s, "pass", "end attacks")
    assert s.to_move == 1 and s.view(None)["decision"]["moment"] == "main phase begins"
    play(s, "cast Hex Bolt", "target North's Imp at Battleground 1")
    assert area(s, "North", "battleground") == [None, None, None]
    assert s.to_move == 0 and s.view(None)["phase"] == "main"
    assert "use Essence of Shadow" not in texts(s) and "end turn" in texts(s)


def test_plague_rat_with_breath_weapon_keeps_both_abilities():
    """Essence of Flame gives a Plague Rat Breath Weapon. "If the Plague Rat deals any amount of damage
    (greater than zero) to a Familiar, that Familiar is removed from the board": one point removes a
    Dread Knight. A Breath Weapon is never blocked (RULES.md), so "If the Plague Rat is not blocked
    when it attacks, that opponent must discard a card of their choice"."""
    s = restore(options={**FAM, **VIALS}, turn="North", phase="attack", hands={"South": ["Dark Ritual"]},
                quadrants={"North": {"battleground": ["Plague Rat"]},
                           "South": {"life": 9, "battleground": ["Dread Knight"]}})
    play(s, "use Essence of Flame on Plague Rat at Battleground 1", "attack with Plague Rat at Battleground 1",
         "breathe on Dread Knight at Battleground 1", "breathe on South", "breathe on South")
    assert area(s, "South", "battleground") == [None, None, None]
    assert life(s, "South") == 7
    assert s.to_move == 1 and texts(s) == ["discard Dark Ritual"]
    play(s, "discard Dark Ritual")
    assert "South discards Dark Ritual." in s.log
