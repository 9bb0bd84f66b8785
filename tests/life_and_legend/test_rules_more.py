"""More rulebook sentences: setup, Play Immediately, the Miscellany, Reveal, Uncovering Completed
Wanders, hidden information, AI opponents seeing only their seat's view."""

from tabletome.core import Rng

from .helpers import game, position, play, texts, rng_rolling


def test_relics_may_come_into_play_before_the_first_turn():
    """"6. Play Relics: Players may bring Relics into play now if they choose.\""""
    for seed in range(40):
        s = game().new(players=2, seed=seed, first="north")
        hand = [s.C.names[c] for c in s.hand[0] if s.C.kind[c] == 0]
        if hand:
            assert s.view(0)["asks"] == "Relics to bring into play before the first turn"
            play(s, f"bring {hand[0]} into play")
            assert s.view(1)["seats"][0]["relics"] == [hand[0]]
            return
    raise AssertionError("no seed dealt North a Relic")


def test_play_immediately_and_everyone_discards_from_the_active_player_clockwise():
    """"A Play Immediately Effect must be resolved before the end of the Phase it was drawn." (Plague:
    each Player discards a card) and "If all Players must draw or discard cards on the same turn, the
    Player whose turn it is draws or discards first, going clockwise.\""""
    s = position(players=3, active=1, hands=[["Windfall", "Caravan"], ["Fog", "Storm"], ["Lucky Break", "Treasure Map"]],
                 legend_deck=["Plague"], phase=1)
    assert s.to_move == 1
    play(s, "draw the top Legend card")
    order = []
    while s.view(None)["asks"] == "which card to discard from hand":
        order.append(s.to_move)
        s.apply(texts(s)[0])
    assert order == [1, 2, 0]
    assert "Plague" in s.view(0)["legend_discard"]


def test_effects_on_cards_in_a_legend_area_are_disregarded():
    """"Effects on cards in a Legend Area are disregarded." (a Lantern of Seeking as a Completed Wander
    gives no +1 to Wander rolls; in play it does)"""
    # (no Event in hand, so Wandering rolls the die at once)
    cw = position(wanders=[["Lantern of Seeking"], []], phase=1, rng=rng_rolling(3))
    play(cw, "wander on space 1")
    assert len(cw.wanders[0]) == 1          # the Lantern only; the roll of 3 failed
    relic = position(relics=[["Lantern of Seeking"], []], phase=1, rng=rng_rolling(3))
    play(relic, "wander on space 1")
    assert len(relic.wanders[0]) == 1       # 3 + 1 succeeds
    bare = position(phase=1, rng=rng_rolling(3))
    play(bare, "wander on space 1")
    assert bare.wanders[0] == []


def test_an_uncovered_completed_wander_is_as_if_just_drawn():
    """"If a Completed Wander is uncovered by an Effect, treat it as if it were just drawn by the
    Player possessing it. It is no longer a Completed Wander." (Homecoming)"""
    s = position(hands=[["Homecoming"], []], wanders=[["Crown of Power"], []], legend_deck=["Fog"], phase=0)
    play(s, "play Homecoming")
    v = s.view(1)
    assert v["seats"][0]["completed_wanders"] == []
    assert [h["card"] for h in v["seats"][0]["hand"]][0] == "Crown of Power"   # uncovered: all saw it


def test_reveal_shows_a_hand_to_everyone():
    """"Reveal: Uncover a card so all Players see the face, then cover it and return it." (Mirror of Truth)"""
    s = position(players=3, relics=[["Mirror of Truth"], [], []], hands=[[], ["Windfall"], ["Caravan"]], phase=0)
    play(s, "use Mirror of Truth", "choose South")
    assert s.view(1)["seats"][2]["hand"][0]["card"] == "Caravan"
    assert s.view(None)["seats"][2]["hand"][0]["card"] == "Caravan"
    assert s.view(2)["seats"][1]["hand"][0]["card"] == "covered"


def test_determinize_keeps_the_examined_top_legend_card():
    s = position(relics=[["Seeker's Map"], []], phase=0)
    play(s, "use Seeker's Map")
    top = s.legend_deck[-1]
    assert s.view(0)["legend_deck_examined"][0]["card"] == s.C.names[top]
    assert s.view(1)["legend_deck_examined"][0]["card"] == "covered"
    for k in range(4):
        assert s.determinize(0, Rng(k)).legend_deck[-1] == top


def test_the_world_phase_may_end_with_nothing_possible():
    """With no covered World card, an empty Legend Deck, a full Completed Wander area and no Challenge
    to qualify for, no World Action is possible: the phase may end."""
    world = ["Fog", None, None, None]
    probe = position(world=world, uncovered=[True, False, False, False])
    wanders = ["Windfall", "Caravan", "Dispel", "Curse"]
    rest = [probe.C.labels[c] for c in probe.legend_deck if probe.C.names[c] not in wanders]
    s = position(world=world, uncovered=[True, False, False, False], wanders=[wanders, []], legend_deck=[],
                 legend_discard=rest, phase=1)
    assert "end phase" in texts(s)
    assert not [t for t in texts(s) if t.startswith(("draw", "uncover", "wander", "attempt"))]


def test_ai_opponents_decide_from_their_seat_only():
    """An AI card plays "from what a player in their seat could see": the same choice on a position
    and on any re-deal of what that seat cannot see (with the same die)."""
    from tabletome.games.life_and_legend.opponents import decide
    from tabletome.games.life_and_legend.turn import phase_legal
    from tabletome.games.life_and_legend.names import PHASE, WORLD
    for ai in ("matathias", "golden-horse", "geoffrey"):
        for seed in range(6):
            s = game().new(players=2, seed=seed, ai=ai, first="north")
            frame = (PHASE, 1, WORLD)
            copy = s.determinize(1, Rng(seed))
            copy.rng = s.rng.copy()
            a = decide(s, 1, frame, phase_legal(s, frame))
            b = decide(copy, 1, frame, phase_legal(copy, frame))
            assert str(a) == str(b)


def test_a_hand_written_position_round_trips():
    import json
    s = position(hands=[["Windfall"], ["Caravan"]], relics=[["Crown of Power"], []],
                 traits=[["Bravery (I)", "Bravery (I) #2"], []], phase=0)
    snap = json.loads(json.dumps(s.snapshot()))
    again = game().restore(snap)
    assert again.snapshot() == snap
    assert again.view(0) == s.view(0)


def test_knight_adds_one_to_the_next_die_roll_only():
    """Knight (designed, fifth-pass outlier): "Effect: Once per turn, you may: +1 to your next die
    roll." A 3 to Wander then succeeds, and the bonus is spent by that roll."""
    s = position(path=["Knight", None], phase=1, rng=rng_rolling(3))
    play(s, "use Knight")
    v = s.view(0)
    assert v["roll_once"] == 1 and v["roll_bonus"] == 0
    assert "use Knight" not in texts(s)
    again = game().restore(s.snapshot())            # the bonus is part of the position
    assert again.view(0)["roll_once"] == 1
    play(s, "wander on space 1")
    v = s.view(0)
    assert len(v["seats"][0]["completed_wanders"]) == 1
    assert v["roll_once"] == 0


def test_without_knight_the_same_3_fails_to_wander():
    s = position(path=["Knight", None], phase=1, rng=rng_rolling(3))
    play(s, "wander on space 1")
    assert s.view(0)["seats"][0]["completed_wanders"] == []
