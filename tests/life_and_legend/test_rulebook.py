"""Rulebook scenarios, each from a hand-written position (a snapshot), the actions, the outcome."""

import pytest

from tabletome import IllegalAction

from .helpers import position, texts, play, rng_rolling


# --- the printed example: The Philosopher Noble -------------------------------------------------
def test_the_philosopher_noble_spark_reveals_two_events_to_draw_a_legend_card():
    """"For example, if the Player is The Philosopher Noble, the Life Story (The Philosopher) has the
    Spark "Once per turn, reveal a Hand of at least 2 Events, you may:", and the Life Path (Noble) has
    the Spark Effect "Draw a Legend Card." Together, the Player could reveal a Hand of two Events to
    draw an additional Legend Card once per turn.\""""
    s = position(story=["The Philosopher", None], path=["Noble", None], hands=[["Windfall", "Caravan"], []],
                 legend_deck=["Crown of Power"], phase=0)
    assert "use the Spark" in texts(s)
    play(s, "use the Spark")
    assert [h["card"] for h in s.view(1)["seats"][0]["hand"]] == ["Windfall", "Caravan", "covered"]
    assert [h["card"] for h in s.view(0)["seats"][0]["hand"]] == ["Windfall", "Caravan", "Crown of Power"]
    assert "use the Spark" not in texts(s)          # once per turn


def test_the_philosopher_noble_without_two_events_has_no_spark():
    s = position(story=["The Philosopher", None], path=["Noble", None], hands=[["Windfall", "Truthstone"], []],
                 world=["Veiled Mask", "Heirloom Ring", "Crown of Power", "Golden Chalice"], phase=0)
    assert "use the Spark" not in texts(s)


def test_noble_effect_draws_a_legend_card_then_discards_a_card():
    """"The Noble Life Path's Effect is "Once per turn, you may draw a Legend card. Discard a card."\""""
    s = position(path=["Noble", None], hands=[["Windfall"], []], legend_deck=["Crown of Power"], phase=0)
    play(s, "use Noble")
    assert s.view(0)["asks"] == "which card to discard"
    assert sorted(texts(s)) == ["discard Crown of Power", "discard Noble", "discard Windfall"]
    play(s, "discard Windfall")
    assert [h["card"] for h in s.view(0)["seats"][0]["hand"]] == ["Crown of Power"]
    assert "use Noble" not in texts(s)


def test_the_philosopher_discards_for_a_trait_card_with_a_life_word():
    """"The Philosopher Life Story's Effect is "Discard: Draw and discard Life cards until you draw a
    Trait Card with a Life Word.\"\""""
    # the Life Deck's top is its last card: Bravery (no word), Fear (a Trauma), then Charisma (You)
    s = position(story=["The Philosopher", None], life_deck=["Charisma (You)", "Fear", "Bravery"], phase=0)
    play(s, "use The Philosopher")
    v = s.view(1)
    assert v["seats"][0]["life_story"] is None and "The Philosopher" in v["background_discard"]
    assert v["life_discard"][-2:] == ["Bravery", "Fear"]
    assert v["life_cards_drawn"] == ["Charisma (You)"]
    assert sorted(texts(s)) == ["discard Charisma (You)", "keep Charisma (You)"]
    play(s, "keep Charisma (You)")
    assert s.view(1)["seats"][0]["traits"] == ["Charisma (You)"]


# --- Phase 2: World ------------------------------------------------------------------------------
def test_the_world_phase_needs_a_world_action_and_draw_is_one():
    """"The Player must draw the top Legend Deck card if no other World Action is taken.\""""
    s = position(phase=1)
    assert "end phase" not in texts(s)
    assert "draw the top Legend card" in texts(s)
    play(s, "draw the top Legend card")
    assert s.view(0)["seats"][0]["hand_size"] == 1


def test_uncovering_a_relic_puts_it_in_hand_and_the_space_must_be_filled():
    """"Relic: This goes to the Player's hand and is treated as though it were just drawn." and
    "Empty spaces must be filled before the current Phase ends\""""
    s = position(phase=1)
    play(s, "uncover space 2")
    v = s.view(1)
    assert v["world"][1]["card"] == "empty"
    assert v["seats"][0]["hand"][0]["card"] == "Heirloom Ring"      # uncovered: everyone saw it
    assert "end phase" not in texts(s)
    play(s, "fill space 2 from the Legend Deck")
    assert s.view(0)["world"][1]["card"] == "covered"


def test_uncovering_an_event_uses_its_world_effect():
    """"Event: Use the World Effect." (Sudden Insight: draw a Life card)"""
    s = position(world=["Veiled Mask", "Sudden Insight", "Truthstone", "Golden Chalice"],
                 life_deck=["Bravery (I)"], phase=1)
    play(s, "uncover space 2")
    assert s.view(0)["life_cards_drawn"] == ["Bravery (I)"]
    assert "Sudden Insight" in s.view(0)["legend_discard"]


def test_an_uncovered_atmosphere_removes_the_current_one():
    """"There can only be one Atmosphere card in the World. Uncovered Atmosphere Events remove
    current ones.\""""
    s = position(world=["Festival", "Fog", "Truthstone", "Golden Chalice"], uncovered=[True, False, False, False], phase=1)
    play(s, "uncover space 2")
    v = s.view(0)
    assert v["world"][0]["card"] == "empty" and v["world"][1]["card"] == "Fog"
    assert "Festival" in v["legend_discard"]


def test_wander_by_discarding_an_event_is_a_covered_completed_wander_worth_one_legend():
    """"Discard 1 Event card from Hand. Success: The Player places the card in their Legend Area
    without uncovering it. It is a Completed Wander." "Completed Wanders are worth 1 Legend each.\""""
    s = position(hands=[["Windfall"], []], phase=1)
    play(s, "wander on space 3")
    assert sorted(texts(s)) == ["roll the die", "wander by discarding Windfall"]
    play(s, "wander by discarding Windfall")
    v = s.view(0)
    assert v["seats"][0]["completed_wanders"] == [{"card": "covered", "examined_by": []}]   # covered even to its owner
    assert v["seats"][0]["legends"] == 1
    assert v["world"][2]["card"] == "empty"


@pytest.mark.parametrize("face,success", [(3, False), (4, True), (6, True)])
def test_wander_by_rolling_needs_4_5_or_6(face, success):
    """"Roll a 4, 5, or 6 on a Regular Die." "Failure: If the roll fails, the Player continues with the Phase.\""""
    s = position(hands=[["Windfall"], []], phase=1, rng=rng_rolling(face))
    play(s, "wander on space 1", "roll the die")
    assert (len(s.view(0)["seats"][0]["completed_wanders"]) == 1) is success


def test_no_wander_at_the_completed_wander_limit():
    """"Completed Wanders: 4, cannot Wander when the limit is reached.\""""
    s = position(wanders=[["Windfall", "Caravan", "Fog", "Storm"], []], phase=1)
    assert not [t for t in texts(s) if t.startswith("wander on")]


def test_wander_on_the_top_legend_card_when_no_world_card_is_covered():
    """"If there are no covered cards in the World, the Player may Wander on the top Legend Deck card.\""""
    s = position(world=["The Goblin Bridge", "Lost Caravan", None, None], uncovered=[True, True, False, False],
                 hands=[["Windfall"], []], phase=1)
    assert "wander on the top Legend card" in texts(s)
    covered = position(phase=1)
    assert "wander on the top Legend card" not in texts(covered)


# --- Challenges --------------------------------------------------------------------------------
def test_any_trait_and_exceptional_traits_on_challenges():
    """"if an Adventure Challenge required two Inspiration and one Any Trait ... If the Player had two
    Inspiration and one Charisma, for instance, they would meet the requirement." Haunted Manor's
    Challenge I: 1 Inspiration, 1 Any Trait. "Exceptional Traits also count as "Any Trait".\""""
    world = ["Haunted Manor", "Heirloom Ring", "Truthstone", "Golden Chalice"]
    up = [True, False, False, False]
    meets = position(world=world, uncovered=up, traits=[["Inspiration (I)", "Charisma"], []], phase=1)
    assert "attempt Haunted Manor challenge I" in texts(meets)
    short = position(world=world, uncovered=up, traits=[["Inspiration (I)"], []], phase=1)
    assert "attempt Haunted Manor challenge I" not in texts(short)
    wild = position(world=world, uncovered=up, traits=[["Inspiration (I)", "Fearless"], []], phase=1)
    assert "attempt Haunted Manor challenge I" in texts(wild)


def test_the_printed_any_trait_example_two_inspiration_and_a_charisma():
    """Part 3, Life Cards, "Any Trait": "if an Adventure Challenge required two Inspiration and one Any
    Trait, the Player would need two Inspiration and one Trait of any kind. If the Player had two
    Inspiration and one Charisma, for instance, they would meet the requirement." The Silent
    Monastery's Challenge I is that requirement (and a die of 3+), played to its end."""
    world = ["The Silent Monastery", "Heirloom Ring", "Truthstone", "Golden Chalice"]
    up = [True, False, False, False]
    meets = position(world=world, uncovered=up, traits=[["Inspiration (I)", "Inspiration (You)", "Charisma"], []],
                     phase=1, rng=rng_rolling(3))
    play(meets, "attempt The Silent Monastery challenge I")
    assert meets.view(0)["seats"][0]["completed_adventures"] == ["The Silent Monastery"]
    two = position(world=world, uncovered=up, traits=[["Inspiration (I)", "Inspiration (You)"], []], phase=1)
    assert "attempt The Silent Monastery challenge I" not in texts(two)
    named = position(world=world, uncovered=up, traits=[["Inspiration (I)", "Charisma", "Bravery"], []], phase=1)
    assert "attempt The Silent Monastery challenge I" not in texts(named)


def test_life_challenges_need_the_life_words_in_play():
    """Errata: "Life Challenges on Adventures are completed by having the proper Life Words in play".
    Lost Caravan's Challenge II: Lost (Lost Compass carries it)."""
    world = ["Lost Caravan", "Heirloom Ring", "Truthstone", "Golden Chalice"]
    up = [True, False, False, False]
    have = position(world=world, uncovered=up, relics=[["Lost Compass"], []], phase=1)
    assert "attempt Lost Caravan challenge II" in texts(have)
    in_hand = position(world=world, uncovered=up, hands=[["Lost Compass"], []], phase=1)
    assert "attempt Lost Caravan challenge II" not in texts(in_hand)


def test_success_resolves_the_reward_then_places_the_adventure():
    """"Success: The Player resolves the Adventure's Reward and places the Completed Adventure into
    their Legend Area" (Lost Caravan: Reward draw a Legend card; Challenge II has no die)."""
    s = position(world=["Lost Caravan", "Heirloom Ring", "Truthstone", "Golden Chalice"],
                 uncovered=[True, False, False, False], relics=[["Lost Compass"], []],
                 legend_deck=["Crown of Power"], phase=1)
    play(s, "attempt Lost Caravan challenge II")
    v = s.view(0)
    assert v["seats"][0]["completed_adventures"] == ["Lost Caravan"]
    assert v["seats"][0]["legends"] == s.C.cards[s.C.find("Lost Caravan", "t")].legends + 1   # and Lost Compass
    assert [h["card"] for h in v["seats"][0]["hand"]] == ["Crown of Power"]


def test_failure_resolves_the_penalty():
    """"Failure: The Player resolves the Adventure's Penalty" (Bandit Camp: Defeat)."""
    s = position(world=["Bandit Camp", "Heirloom Ring", "Truthstone", "Golden Chalice"],
                 uncovered=[True, False, False, False], traits=[["Bravery (I)", "Charisma"], []],
                 relics=[["Veiled Mask"], []], phase=1, rng=rng_rolling(1))
    play(s, "attempt Bandit Camp challenge I")
    # Defeat: "2. Trait-Card or Exceptional Trait Card" before "3. Relic in play"
    assert sorted(texts(s)) == ["discard Bravery (I)", "discard Charisma"]


def test_defeat_order_background_first_life_achievements_exempt_but_may_stand_in():
    """"1. Background: Life Achievements are exempt, but can be discarded in place of another card
    type. 2. Trait-Card ... 3. Relic in play 4. Any card from hand\""""
    s = position(world=["Curse", "Heirloom Ring", "Truthstone", "Golden Chalice"],
                 story=["The Exile", None], traits=[["Bravery", "Charisma"], []],
                 hands=[["Windfall", "A Life Well Lived"], []], phase=1)
    play(s, "uncover space 1")      # Curse's World Effect: face Defeat
    assert sorted(texts(s)) == ["discard A Life Well Lived", "discard The Exile"]
    bare = position(world=["Curse", "Heirloom Ring", "Truthstone", "Golden Chalice"],
                    hands=[["Windfall", "Storm"], []], phase=1)
    play(bare, "uncover space 1")
    assert sorted(texts(bare)) == ["discard Storm", "discard Windfall"]


def test_perpetual_adventures_stay_and_are_removed_by_discarding_a_card():
    """"If a Player successfully completes a Perpetual Adventure, they get any rewards ... but the
    card remains in the World." "they may discard a card to remove a Perpetual Adventure\""""
    world = ["The Wandering Star", "Heirloom Ring", "Truthstone", "Golden Chalice"]
    s = position(world=world, uncovered=[True, False, False, False], relics=[["Seeker's Map"], []], phase=1)
    play(s, "attempt The Wandering Star challenge II")   # Reward: take a covered World card as a Completed Wander
    if s.view(0)["asks"] == "which World space":
        play(s, "choose space 2")
    v = s.view(0)
    assert v["world"][0]["card"] == "The Wandering Star"
    assert len(v["seats"][0]["completed_wanders"]) == 1
    r = position(world=world, uncovered=[True, False, False, False], hands=[["Windfall"], []], phase=0)
    play(r, "remove The Wandering Star")
    assert r.view(0)["world"][0]["card"] == "empty"
    assert "Windfall" in r.view(0)["legend_discard"]


# --- Rule of Four ---------------------------------------------------------------------------------
def test_resolution_discards_down_to_the_hand_size():
    """"Phase 4: Resolution. The Player discards down to their maximum hand size.\""""
    s = position(hands=[["Windfall", "Caravan", "Fog", "Storm", "Dispel", "Curse"], []], phase=3)
    assert {"discard Fog", "discard Storm"} <= set(texts(s))
    assert "end phase" not in texts(s)
    play(s, "discard Fog", "discard Storm")
    assert s.view(0)["seats"][0]["hand_size"] == 4
    assert "end phase" in texts(s) and not [t for t in texts(s) if t.startswith("discard ")]


def test_a_fifth_trait_card_is_discarded_down_at_once():
    """"Trait Cards: 4, including 1 Exceptional Trait.\""""
    s = position(traits=[["Bravery", "Charisma", "Inspiration", "Bravery (I)"], []],
                 life_deck=["Charisma (I)"], phase=0, wanders=[["Windfall"], []])
    play(s, "turn in wander 1", "keep Charisma (I)")
    assert s.view(0)["asks"] == "which card to discard down to a limit"
    play(s, "discard Bravery")
    assert len(s.view(0)["seats"][0]["traits"]) == 4


def test_a_trauma_lowering_a_limit_forces_a_discard():
    """"If an Effect lowers a Player's slots, they must discard down to the appropriate number of
    Relics immediately." (Loss: -1 Relic slot)"""
    s = position(relics=[["Veiled Mask", "Heirloom Ring", "Truthstone", "Lost Compass"], []],
                 world=["Nightmare", "Fog", "Storm", "Windfall"], life_deck=["Loss"], phase=1)
    play(s, "uncover space 1")      # Nightmare: draw Life cards until a Trauma
    assert s.view(0)["seats"][0]["traumas"] == ["Loss"]
    assert s.view(0)["asks"] == "which card to discard down to a limit"


def test_completed_wanders_turned_in_for_life_draws():
    """"Life Deck draws: The Player may discard a Completed Wander and draw a card from the Life Deck.\""""
    s = position(wanders=[["Windfall"], []], life_deck=["Bravery (I)"], phase=0)
    play(s, "turn in wander 1")
    assert s.view(0)["life_cards_drawn"] == ["Bravery (I)"]
    assert "Windfall" in s.view(0)["legend_discard"]


def test_the_life_deck_reshuffles_its_discard_pile_when_empty():
    """"When The Life Deck Becomes Empty: Shuffle the Life discard pile back into the Life Deck\""""
    life = ["Bravery", "Charisma"]
    s = position(wanders=[["Windfall"], []], life_deck=[], life_discard=life, phase=0,
                 traits=[[], []])
    assert s.view(0)["life_deck"] > 0      # left-out cards went to the bottom of the deck


def test_the_life_deck_is_rebuilt_the_moment_it_becomes_empty():
    """Part 3, Life Cards: "When The Life Deck Becomes Empty: Shuffle the Life discard pile back into
    the Life Deck and proceed with play." The last card drawn is in play when that happens, so it is
    not in the new deck: discarded, it starts the new discard pile."""
    probe = position()
    others = [probe.C.labels[c] for c in probe.C.life if probe.C.labels[c] != "Bravery (I)"]
    s = position(wanders=[["Windfall"], []], life_deck=["Bravery (I)"], life_discard=others, phase=0)
    play(s, "turn in wander 1")
    v = s.view(0)
    assert v["life_cards_drawn"] == ["Bravery (I)"]
    assert v["life_deck"] == len(others) and v["life_discard"] == []
    play(s, "discard Bravery (I)")
    assert s.view(0)["life_discard"] == ["Bravery (I)"] and s.view(0)["life_deck"] == len(others)


# --- Backgrounds ----------------------------------------------------------------------------------
def test_activate_one_background_a_turn_with_the_life_words_in_play():
    """"If the Player has the appropriate Life Words, they may take a Life Story ... The Player may
    only activate one Background per turn and may only have one Background of each type in play.\""""
    s = position(traits=[["Bravery (I)", "Charisma (You)"], []], relics=[["Seeker's Map", "Finder's Charm"], []], phase=2)
    options = [t for t in texts(s) if t.startswith("activate")]
    assert "activate The Philosopher" in options and "activate Noble" in options
    play(s, "activate The Philosopher")
    assert not [t for t in texts(s) if t.startswith("activate")]
    assert s.view(1)["seats"][0]["life_story"] == "The Philosopher"


def test_life_achievements_go_to_hand_revealed():
    """"Life Achievements go to the Player's Hand and remain revealed to the other Players.\""""
    s = position(traits=[["Bravery (And)"], []], relics=[["Finder's Charm", "Mirror of Truth"], []], phase=2)
    play(s, "activate A Life Well Lived")
    assert s.view(1)["seats"][0]["hand"][0]["card"] == "A Life Well Lived"


def test_apathy_blocks_backgrounds():
    s = position(traits=[["Bravery (I)"], []], relics=[["Seeker's Map"], []], traumas=[["Apathy"], []], phase=2)
    assert not [t for t in texts(s) if t.startswith("activate")]


# --- Interfere ------------------------------------------------------------------------------------
def test_no_interfere_window_without_an_interfere_card():
    """Windows open "only for seats that hold a usable one": nobody is asked."""
    s = position(hands=[["Windfall"], ["Caravan"]], legend_deck=["Fog", "Storm", "Festival"], phase=0)
    play(s, "play Windfall")
    assert s.to_move == 0


def test_an_interfere_event_disrupts_an_effect_on_another_players_turn():
    """"Interfere Effects can be used on any Player's turn." "Disrupt: The Effect doesn't take place.\""""
    s = position(hands=[["Windfall"], ["Dispel"]], legend_deck=["Fog", "Storm", "Festival"], phase=0)
    play(s, "play Windfall")
    assert s.to_move == 1 and sorted(texts(s)) == ["interfere with Dispel", "pass"]
    play(s, "interfere with Dispel")
    v = s.view(0)
    assert v["seats"][0]["hand_size"] == 0 and "Dispel" in v["legend_discard"]
    passed = position(hands=[["Windfall"], ["Dispel"]], legend_deck=["Fog", "Storm", "Festival"], phase=0)
    play(passed, "play Windfall", "pass")
    assert passed.view(0)["seats"][0]["hand_size"] == 2


def test_the_effect_in_use_is_its_frame_on_the_stack_in_the_view_and_the_snapshot():
    """The Effect waiting on the Interfere window is listed (view, snapshot) from its frame on the
    stack; a Disrupt keeps it from taking place; a snapshot listing another Effect is refused."""
    s = position(hands=[["Windfall"], ["Dispel"]], legend_deck=["Fog", "Storm", "Festival"], phase=0)
    play(s, "play Windfall")
    assert s.view(1)["effects_pending"] == [{"seat": "North", "card": "Windfall", "disrupted": False}]
    snap = s.snapshot()
    assert snap["pending"] == [[0, "Windfall", snap["stack"][-1][3], 0]] and snap["stack"][-1][0] == "resolve"
    assert s.game.restore(snap).view(1) == s.view(1)
    bad = dict(snap, pending=[[1, "Windfall", snap["stack"][-1][3], 0]])
    with pytest.raises(IllegalAction, match="field 'pending'.*'resolve' frames"):
        s.game.restore(bad)
    play(s, "interfere with Dispel")
    assert "The Effect of Windfall is Disrupted." in s.log and s.view(0)["effects_pending"] == []


def test_a_hex_lowers_a_roll():
    s = position(hands=[["Windfall"], ["Sabotage"]], phase=1, rng=rng_rolling(4))
    play(s, "wander on space 1", "roll the die")
    assert s.to_move == 1 and "interfere with Sabotage" in texts(s)
    play(s, "interfere with Sabotage")
    assert s.view(0)["seats"][0]["completed_wanders"] == []


# --- hidden information ------------------------------------------------------------------------------
def test_examine_shows_one_seat_only_and_determinize_keeps_it():
    """"Examine: Uncover a card so only that Player can see it, then cover it and return it.\""""
    from tabletome.core import Rng
    s = position(relics=[["Lost Compass"], []], phase=0)
    play(s, "use Lost Compass", "choose space 4")
    assert s.view(0)["world"][3]["card"] == "Golden Chalice"
    assert s.view(1)["world"][3] == {"space": 4, "card": "covered", "examined_by": ["North"], "uncovered": False}
    for k in range(5):
        copy = s.determinize(0, Rng(k))
        assert copy.view(0) == s.view(0)
        assert copy.C.names[copy.world[3]] == "Golden Chalice"
    moved = {s.C.names[s.determinize(1, Rng(k)).world[3]] for k in range(8)}
    assert len(moved) > 1          # South does not know it


def test_other_hands_are_hidden():
    s = position(hands=[["Windfall"], ["Caravan"]], phase=0)
    assert s.view(0)["seats"][1]["hand"] == [{"card": "covered", "examined_by": []}]


# --- trading ------------------------------------------------------------------------------------
def test_relic_trading_offer_and_accept():
    """"Relic Trading: Players may trade or offer to give away Relics in play if they wish.\""""
    s = position(relics=[["Veiled Mask"], ["Truthstone"]], hands=[["Windfall"], []],
                 world=["Heirloom Ring", "Fog", "Storm", "Festival"], phase=0)
    play(s, "offer Veiled Mask to South for Truthstone")
    assert s.to_move == 1 and sorted(texts(s)) == ["accept", "decline"]
    play(s, "accept")
    assert s.view(0)["seats"][0]["relics"] == ["Truthstone"]
    assert s.view(0)["seats"][1]["relics"] == ["Veiled Mask"]


# --- victory --------------------------------------------------------------------------------------
def test_the_game_ends_at_the_end_of_the_turn_the_legend_deck_empties_and_ties_are_stalemates():
    """"The Game is over at the end of the turn when the Legend Deck becomes empty. Determine the
    winner by highest Legends. Ties result in a stalemate between tied Players.\""""
    world = ["Storm", "Festival", "Windfall", "Caravan"]
    probe = position(legend_deck=["Fog"], world=world, relics=[["Veiled Mask"], ["Heirloom Ring"]], phase=1)
    others = [probe.C.names[c] for c in probe.legend_deck[:-1]]
    s2 = position(legend_deck=["Fog"], legend_discard=others, world=world,
                  relics=[["Veiled Mask"], ["Heirloom Ring"]], phase=1)
    play(s2, "draw the top Legend card")
    assert s2.view(0)["legend_deck"] == 0
    assert not s2.is_over                # not before the end of the turn
    while not s2.is_over:
        assert s2.to_move == 0
        s2.apply("end phase")
    assert s2.winners == [0, 1]          # 2 Legends each: a stalemate
    assert s2.outcome(0) == s2.outcome(1) == 0.5


def test_misspelled_snapshot_fields_are_refused():
    with pytest.raises(IllegalAction, match="hnads"):
        position(hnads=[[], []])
