"""Game modes and AI opponents: setups, special rules, special victories, scores."""

import pytest

from tabletome import IllegalAction

from .helpers import game, position, play, texts, rng_rolling

SOLO = {"mode": "war"}


def finish_turn(s, seat=0):
    """End the phases of ``seat``'s turn with the plainest choices."""
    start = s.view(None)["turn"]
    while not s.is_over and s.view(None)["turn"] == start:
        legal = texts(s)
        for pick in ("end phase", "draw the top Legend card", "fill space 1 from the Legend Deck",
                     "fill space 2 from the Legend Deck", "fill space 3 from the Legend Deck",
                     "fill space 4 from the Legend Deck", "pass", "decline"):
            if pick in legal:
                s.apply(pick)
                break
        else:
            s.apply(legal[0])


def test_mode_and_player_combinations_are_checked():
    with pytest.raises(IllegalAction, match="1 player alone"):
        game().new(players=2, mode="war")
    with pytest.raises(IllegalAction, match="Solitaire mode"):
        game().new(players=1)
    with pytest.raises(IllegalAction, match="AI opponents need"):
        game().new(players=2, ai="matathias+geoffrey")
    with pytest.raises(IllegalAction, match="option 'ai'"):
        game().new(players=2, ai="hal-9000")


def test_war_setup_and_endless_war():
    """"Setup: The Event, War is placed uncovered somewhere in the World." "War is always in the World
    and can never be removed.\""""
    s = game().new(players=1, seed=4, mode="war")
    v = s.view(0)
    assert v["world"][0]["card"] == "War" and v["world"][0]["uncovered"]
    s2 = position(players=1, options={"mode": "war"}, world=["War", "Earthquake", "Fog", "Storm"],
                  uncovered=[True, False, False, False], phase=1)
    play(s2, "uncover space 2")            # Earthquake's World Effect: remove a World card
    assert "choose space 1" not in texts(s2)
    s3 = position(players=1, options={"mode": "war"}, world=["War", "Fog", "Storm", "Windfall"],
                  uncovered=[True, False, False, False], phase=1)
    play(s3, "uncover space 2")            # a second Atmosphere cannot remove War: it goes itself
    assert s3.view(0)["world"][0]["card"] == "War" and s3.view(0)["world"][1]["card"] == "empty"


def test_war_is_lost_when_the_life_deck_empties_first():
    """"The Player must run out the Legend Deck before the end of the turn when the Life Deck becomes
    empty." War removes the top Life card each turn."""
    probe = position(players=1, options={"mode": "war"}, world=["War", "Fog", "Storm", "Windfall"],
                     uncovered=[True, False, False, False])
    rest = [probe.C.labels[c] for c in probe.life_deck if probe.C.names[c] != "Bravery"]
    s = position(players=1, options={"mode": "war"}, world=["War", "Fog", "Storm", "Windfall"],
                 uncovered=[True, False, False, False], life_deck=["Bravery"], life_discard=rest, phase=3)
    finish_turn(s)          # this turn ends; the next begins: War removes the last Life card
    # the Life Deck became empty ("Shuffle the Life discard pile back into the Life Deck")
    assert s.view(0)["life_discard"] == ["Bravery"] and s.view(0)["life_deck"] == len(rest)
    finish_turn(s)
    assert s.is_over and s.winners == [] and 0 < s.outcome(0) < 0.5


def test_lore_sets_aside_one_of_each_background_and_removes_apathy():
    """"Randomly draw 1 Life Story, 1 Life Path, and 1 Life Achievement and set them aside. Remove the
    Trauma, Apathy from the game.\""""
    s = game().new(players=1, seed=2, mode="lore")
    C = s.C
    assert sorted(C.kind[c] for c in s.targets) == [6, 7, 8]
    assert all(C.names[c] != "Apathy" for c in s.life_deck + s.life_discard)
    chosen = game().new(players=1, seed=2, mode="lore", lore="chosen")
    assert chosen.view(0)["asks"] == "which Background to set aside"
    play(chosen, "set aside The Hero", "set aside Knight", "set aside Crowned in Glory")
    assert chosen.view(0)["lore"] == ["The Hero", "Knight", "Crowned in Glory"]


def test_lore_is_won_by_holding_the_three_at_the_end_of_a_turn():
    """"The Player must acquire all three of the randomly drawn Backgrounds", read as The Arbiter's
    "acquire" (RULES.md, "Lore"): the Life Story and Life Path in play, the Life Achievement in hand."""
    s = position(players=1, options={"mode": "lore"}, targets=["The Exile", "Rogue", "Master of Secrets"],
                 acquired=["The Exile", "Rogue"], story=["The Exile"], path=["Rogue"],
                 traits=[["Bravery (And)"]], relics=[["Veiled Mask", "Truthstone"]],
                 world=["Fog", "Storm", "Windfall", "Caravan"], phase=2)
    assert s.scores == [2]
    play(s, "activate Master of Secrets")
    assert s.view(0)["acquired"] == ["The Exile", "Rogue", "Master of Secrets"]
    finish_turn(s)
    assert s.is_over and s.winners == [0] and s.scores == [3] and s.outcome(0) == 1.0


def test_lore_is_not_won_with_a_target_acquired_once_and_discarded():
    """A Life Story discarded for its Effect is no longer held: two of three, and the game goes on."""
    s = position(players=1, options={"mode": "lore"}, targets=["The Exile", "Rogue", "Master of Secrets"],
                 acquired=["The Exile", "Rogue"], path=["Rogue"], background_discard=["The Exile"],
                 traits=[["Bravery (And)"]], relics=[["Veiled Mask", "Truthstone"]],
                 world=["Fog", "Storm", "Windfall", "Caravan"], phase=2)
    play(s, "activate Master of Secrets")
    finish_turn(s)
    assert not s.is_over and s.scores == [2]
    assert s.view(0)["acquired"] == ["Rogue", "Master of Secrets"]


def test_the_arbiter_needs_the_arbiter_and_all_eight_traumas():
    """"The Player must acquire the Life Path, Arbiter, and all 8 Traumas\""""
    traumas = ["Apathy", "Fear", "Grief", "Doubt", "Exhaustion", "Loss", "Restlessness", "Dread"]
    s = position(players=1, options={"mode": "arbiter"}, path=["Arbiter"], traumas=[traumas],
                 world=["Fog", "Storm", "Windfall", "Caravan"], phase=3)
    finish_turn(s)
    assert s.is_over and s.winners == [0] and s.scores == [9]
    short = position(players=1, options={"mode": "arbiter"}, path=["Arbiter"], traumas=[traumas[:7]],
                     world=["Fog", "Storm", "Windfall", "Caravan"], phase=3)
    finish_turn(short)
    assert not short.is_over and short.scores == [8]


def test_treasury_and_campaign_count_only_their_legends():
    """"Only Relic Legends apply to your Legend Total." / "Only Adventure Legends apply\""""
    fields = dict(relics=[["Crown of Power"]], adventures=[["The Tribunal"]], wanders=[["Fog"]],
                  world=["Storm", "Windfall", "Caravan", "Dispel"])
    assert position(players=1, options={"mode": "treasury"}, **fields).scores == [3]
    tribunal = game().cards.cards[game().cards.find("The Tribunal", "test")].legends
    assert position(players=1, options={"mode": "campaign"}, **fields).scores == [tribunal]
    assert position(players=1, options={"mode": "legacy"}, **fields).scores == [3 + tribunal + 1]


def test_legacy_is_won_at_forty_legends():
    """"Have 40+ Legends total before the end of the turn when the Legend Deck becomes empty."
    """
    C = game().cards
    advs = sorted((C.names[c] for c in C.of_kind[2] if not C.perpetual[c]), key=lambda n: -C.cards[C.find(n, "t")].legends)
    world = ["Storm", "Windfall", "Caravan", "Dispel"]
    picked, total = [], 0
    for name in advs:
        if total >= 40:
            break
        picked.append(name)
        total += C.cards[C.find(name, "t")].legends
    s = position(players=1, options={"mode": "legacy"}, adventures=[picked], world=world, phase=3)
    assert s.scores == [total] and total >= 40
    finish_turn(s)
    assert s.winners == [0]
    short = position(players=1, options={"mode": "legacy"}, adventures=[picked[:-1]], world=world, phase=3)
    finish_turn(short)
    assert not short.is_over or short.winners == []


# --- Farwander and Eternal ---------------------------------------------------------------------------
def test_farwander_completed_wanders_are_worth_nothing_but_add_to_adventure_rolls():
    """"Completed Wanders are not worth any Legends." "Each Completed Wander possessed may add +1 to
    one Adventure die-roll.\""""
    fw = {"mode": "farwander"}
    s = position(options=fw, wanders=[["Fog", "Storm"], []], world=["The Goblin Bridge", "Windfall", "Caravan", "Dispel"],
                 uncovered=[True, False, False, False], phase=1, rng=rng_rolling(3))
    assert s.legends(0) == 0
    play(s, "attempt The Goblin Bridge challenge III")       # needs a 5: rolls 3, +1 +1
    assert s.view(0)["seats"][0]["completed_adventures"] == ["The Goblin Bridge"]
    std = position(wanders=[["Fog", "Storm"], []], world=["The Goblin Bridge", "Windfall", "Caravan", "Dispel"],
                   uncovered=[True, False, False, False], phase=1, rng=rng_rolling(3))
    assert std.legends(0) == 2
    play(std, "attempt The Goblin Bridge challenge III")
    assert std.view(0)["seats"][0]["completed_adventures"] == []


def test_farwander_spends_wanders_for_traumas_and_words():
    """"Discard 2 Completed Wanders to remove a Trauma." "Discard 2 Completed Wanders to have Hide,
    Seek, Lost, or Found available during Phase 3.\""""
    fw = {"mode": "farwander"}
    s = position(options=fw, wanders=[["Fog", "Storm", "Festival"], []], traumas=[["Fear"], []], phase=0,
                 world=["Windfall", "Caravan", "Dispel", "Curse"])
    play(s, "spend wanders to remove Fear")
    assert s.view(0)["seats"][0]["traumas"] == [] and len(s.wanders[0]) == 1
    w = position(options=fw, wanders=[["Fog", "Storm"], []], traits=[["Bravery (I)"], []], phase=2,
                 world=["Windfall", "Caravan", "Dispel", "Curse"])
    assert "activate The Exile" not in texts(w)
    play(w, "spend wanders for Hide")
    assert "activate The Exile" in texts(w)


def test_farwandering_contest_and_no_contest():
    """"The Farwanderer selects a Completed Wander in an opponent's Legend area ... attempts to Wander
    on it ... Success: The Farwanderer draws 1 Life card and attaches it ... The opponent must choose
    either contest or no contest.\""""
    fw = {"mode": "farwander"}
    base = dict(options=fw, wanders=[[], ["Fog"]], hands=[["Windfall"], []], phase=1,
                world=["Caravan", "Dispel", "Curse", "Storm"], life_deck=["Bravery (I)"])
    s = position(**base)
    play(s, "farwander on South's wander 1", "wander by discarding Windfall")
    assert s.to_move == 1 and sorted(texts(s)) == ["contest", "no contest"]
    assert s.view(1)["contest"]["life_card"] == "covered"
    play(s, "contest")
    assert "Fog" in s.view(0)["legend_discard"] and "Bravery (I)" in s.view(0)["life_discard"]
    n = position(**base)
    play(n, "farwander on South's wander 1", "wander by discarding Windfall", "no contest")
    assert len(n.wanders[0]) == 1 and n.wanders[1] == []
    assert sorted(texts(n)) == ["discard Bravery (I)", "give it to the Farwanderer", "keep Bravery (I)"]
    play(n, "give it to the Farwanderer")
    assert n.to_move == 0 and "keep Bravery (I)" in texts(n)


def test_no_contest_lets_the_opponent_keep_a_trauma_too():
    """Part 4, Farwander Mode, Farwandering 3: "No Contest: The Farwanderer places the Completed
    Wander in their Legend Area. The opponent uncovers the Life Card. The opponent may keep,
    discard, or give the Life Card to the Farwanderer" -- a Trauma as much as a Trait-Card; kept,
    it attaches to the opponent ("Traumas are attached to the Player")."""
    fw = {"mode": "farwander"}
    n = position(options=fw, wanders=[[], ["Fog"]], hands=[["Windfall"], []], phase=1,
                 world=["Caravan", "Dispel", "Curse", "Storm"], life_deck=["Fear"])
    play(n, "farwander on South's wander 1", "wander by discarding Windfall", "no contest")
    assert n.to_move == 1 and sorted(texts(n)) == ["discard Fear", "give it to the Farwanderer", "keep Fear"]
    play(n, "keep Fear")
    assert n.view(0)["seats"][1]["traumas"] == ["Fear"] and n.view(0)["seats"][0]["traumas"] == []
    assert "South keeps Fear." in n.log
    # revision 1 of our rules (a record saved before revision 2) offered no keep for a Trauma
    old = position(options={**fw, "rules_version": 1}, wanders=[[], ["Fog"]], hands=[["Windfall"], []], phase=1,
                   world=["Caravan", "Dispel", "Curse", "Storm"], life_deck=["Fear"])
    play(old, "farwander on South's wander 1", "wander by discarding Windfall", "no contest")
    assert sorted(texts(old)) == ["discard Fear", "give it to the Farwanderer"]


def test_eternal_adventure_limit_and_victory_conditions():
    """"Once this limit of Completed Adventures is reached, that Player can only attempt Perpetual
    Adventures." (2 players: 6) and the victory conditions (20 Legends, a Life Story and Path, an
    Exceptional Trait)."""
    et = {"mode": "eternal"}
    six = ["The Goblin Bridge", "Lost Caravan", "The Whispering Well", "Bandit Camp", "The Masked Ball", "Wolves at the Door"]
    s = position(options=et, adventures=[six, []], traits=[["Bravery", "Inspiration"], []],
                 world=["The Drowned Temple", "The Endless Tournament", "Fog", "Storm"],
                 uncovered=[True, True, False, False], phase=1)
    legal = texts(s)
    assert "attempt The Endless Tournament challenge I" in legal
    assert not [t for t in legal if "Drowned Temple" in t]
    big = ["The Dragon of Ashfall", "Crypt of the First King", "The Tribunal", "The World's Edge", "Storm Peaks",
           "Heart of the Labyrinth"]  # 4 + 3 + 3 + 3 + 3 + 3 Legends, and a Completed Wander: 20
    win = position(options=et, adventures=[big, []], wanders=[["Fog"], []], story=["The Exile", None], path=["Rogue", None],
                   traits=[["Fearless"], []], world=["Windfall", "Caravan", "Dispel", "Curse"], phase=3)
    assert win.legends(0) >= 20
    finish_turn(win)
    assert win.is_over and win.winners == [0]


def test_eternal_rebuilds_the_legend_deck_when_it_runs_out():
    """RULES.md "Eternal's end": the Legend discard pile becomes a new Legend Deck (a new Age)."""
    probe = position(options={"mode": "eternal"}, world=["Windfall", "Caravan", "Dispel", "Curse"])
    others = [probe.C.labels[c] for c in probe.legend_deck if probe.C.names[c] != "Fog"]
    s = position(options={"mode": "eternal"}, legend_deck=["Fog"], legend_discard=others,
                 world=["Windfall", "Caravan", "Dispel", "Curse"], phase=1)
    play(s, "draw the top Legend card")
    while s.to_move == 0:
        s.apply("end phase")
    assert not s.is_over and s.view(0)["age"] == 2 and s.view(0)["legend_deck"] == len(others)


# --- AI opponents -----------------------------------------------------------------------------------
@pytest.mark.parametrize("ai", ["matathias", "golden-horse", "geoffrey", "emptiness"])
def test_ai_opponents_take_their_seats_and_play_by_their_card(ai):
    s = game().new(players=2, seed=5, ai=ai, first="north")
    seen = 0
    while not s.is_over:
        assert s.to_move == 0, "an AI seat is never asked"
        s.apply(s.legal_actions()[0])
        seen += 1
    assert seen > 0
    assert any(line.startswith("Turn") and "South" in line for line in s.log)


def test_an_ai_table_stays_one_through_clone_snapshot_and_pickle():
    """AI seats decide by their card in every copy of the table, and a table without them asks
    every seat (the engine keeps each kind of table in its own state class)."""
    import pickle
    s = game().new(players=2, seed=5, ai="geoffrey", first="north")
    for step in range(40):
        s.apply(s.legal_actions()[step % len(s.legal_actions())])
        s = (s.clone, lambda: game().restore(s.snapshot()), lambda: pickle.loads(pickle.dumps(s)))[step % 3]()
        assert s.to_move == 0, "an AI seat is never asked, in a copy either"
    plain = game().new(players=2, seed=5, first="north")
    asked = set()
    while not plain.is_over and len(asked) < 2:
        asked.add(plain.to_move)
        plain = game().restore(plain.snapshot())
        plain.apply(plain.legal_actions()[0])
    assert asked == {0, 1}


def test_the_emptiness_devours_the_world():
    s = position(options={"ai": "emptiness"}, world=["Windfall", "Caravan", "Dispel", "Curse"], phase=3,
                 rng=rng_rolling(1))
    # North's turn ends at once (nothing to do in Phase 4); The Emptiness rolls 1: it devours the
    # first covered World card, then fills the space; North is to move again
    assert s.to_move == 0 and s.view(0)["turn"] == 3
    assert s.adventures[1] == [s.C.find("Windfall", "t")]
    assert s.legends(1) == 1
    assert s.view(0)["world"][0]["card"] == "covered"      # refilled from the Legend Deck


def test_coop_players_win_together_or_the_emptiness_wins():
    from tabletome.games.life_and_legend.modes import coop_won
    s = game().new(players=3, seed=1, mode="coop")
    assert s.ai == {2: "emptiness"}
    assert coop_won(s, 11, 10) and not coop_won(s, 10, 10)


def test_the_search_reads_war_as_a_race_against_the_life_deck():
    """War is lost "when the Life Deck becomes empty": with the same Legend Deck, the search's
    evaluation is lower when the Life Deck is nearly gone, and it stays under a win's 1."""
    world = dict(world=["War", "Fog", "Storm", "Windfall"], uncovered=[True, False, False, False])
    full = position(players=1, options={"mode": "war"}, **world)
    rest = [full.C.labels[c] for c in full.life_deck if full.C.names[c] != "Bravery"]
    low = position(players=1, options={"mode": "war"}, life_deck=["Bravery"], life_discard=rest, **world)
    assert full.view(0)["legend_deck"] == low.view(0)["legend_deck"]
    assert game().evaluate(low, 0) < game().evaluate(full, 0) < 1.0
