"""Issue 28, "Life & Legend as printed": rulebook scenarios where the game departed from its
rulebook, each played through the public contract from a hand-written snapshot."""

from tabletome.games.life_and_legend import views

from .helpers import game, position, play, texts, rng_rolling


def test_phase_4_over_the_hand_size_still_offers_events_and_effects():
    """"During all Phases, the Player may play Events from their hand, or use Effects on cards in
    their Play Area." and "Phase 4: Resolution. The Player discards down to their maximum hand size.\""""
    s = position(hands=[["Windfall", "Caravan", "Fog", "Storm", "Dispel"], []], relics=[["Sage's Tome"], []],
                 legend_deck=["Lucky Break", "Lost Compass", "Mirror of Truth"], phase=3)
    assert s.view(0)["phase"] == "Resolution"
    legal = texts(s)
    assert "play Windfall" in legal and "use Sage's Tome" in legal
    assert "discard Fog" in legal
    assert "end phase" not in legal
    play(s, "play Windfall")                      # draws 2: 6 cards in hand
    assert s.view(0)["seats"][0]["hand_size"] == 6
    assert "end phase" not in texts(s)
    while "end phase" not in texts(s):
        play(s, [t for t in texts(s) if t.startswith("discard ")][0])
    assert s.view(0)["seats"][0]["hand_size"] == 4


def test_a_life_story_pays_to_remove_a_perpetual_adventure():
    """"Removing Perpetual Adventures: At any time during the Player's turn, they may discard a card
    to remove a Perpetual Adventure from the World." A Life Story in the Play Area is a card the Player
    possesses ("Discard: ... The Player must possess a card to discard it"; RULES.md, "Discard")."""
    s = position(story=["The Wanderer", None], world=["The Haunted Road", "Heirloom Ring", "Truthstone", "Golden Chalice"],
                 uncovered=[True, False, False, False], phase=0)
    assert "remove The Haunted Road" in texts(s)
    play(s, "remove The Haunted Road")
    v = s.view(0)
    assert v["seats"][0]["life_story"] is None
    assert v["world"][0]["card"] == "empty"
    assert "The Haunted Road" in v["legend_discard"]


def test_the_exiles_spark_may_discard_a_background():
    """The Exile: "Spark: Once per turn, discard a card, you may:" with nothing in hand, no Relic and no
    Trait-Card: the Life Path is a card to discard (RULES.md, "Discard")."""
    s = position(story=["The Exile", None], path=["Noble", None], phase=0, legend_deck=["Lost Compass", "Mirror of Truth"])
    assert "use the Spark" in texts(s)
    play(s, "use the Spark")
    assert s.view(0)["asks"] == "which card to discard"
    assert sorted(texts(s)) == ["discard Noble", "discard The Exile"]


def test_interfere_only_events_are_not_offered_on_their_owners_turn():
    """"Disrupt: The Effect doesn't take place." and Hex answer "an Effect another Player is using" or
    "a roll another Player just made": on their owner's own turn there is none, so Change of Heart,
    Curse, Dispel, Ill Omen and Sabotage are not offered to play there; they stay usable to Wander
    ("Discard 1 Event card from Hand") and in an Interfere window on another Player's turn."""
    only = ["Change of Heart", "Curse", "Dispel", "Ill Omen", "Sabotage"]
    s = position(hands=[only, []], phase=0)
    assert not [t for t in texts(s) if t.startswith("play ")]
    world = position(hands=[only, []], phase=1)
    play(world, "wander on space 1")
    assert "wander by discarding Curse" in texts(world)
    # on another Player's turn, Curse answers a roll
    theirs = position(hands=[[], ["Curse"]], phase=1, rng=rng_rolling(5))
    play(theirs, "wander on space 1")
    assert theirs.to_move == 1 and texts(theirs) == ["interfere with Curse", "pass"]


def test_the_reward_roll_takes_the_players_own_die_bonus():
    """Haunted Manor's Reward: "Roll the die: on 1 or less this Adventure is removed instead of
    completed." With Lucky Break's "+2 to your die rolls this turn" active, a roll of 1 counts as 3:
    the Adventure is completed (RULES.md, "Die bonuses": one rule for every roll of the Player's)."""
    world = ["Haunted Manor", "Heirloom Ring", "Truthstone", "Golden Chalice"]
    s = position(world=world, uncovered=[True, False, False, False], traits=[["Inspiration", "Bravery"], []],
                 roll_bonus=2, phase=1, rng=rng_rolling(2, 1))
    play(s, "attempt Haunted Manor challenge I")
    v = s.view(0)
    assert v["seats"][0]["completed_adventures"] == ["Haunted Manor"]
    assert any("rolls 1 for the Reward (+2)" in line for line in v["log"])
    # without the bonus the same rolls lose it (2 + 0 fails the Challenge's 4+, so a roll of 4 here)
    bare = position(world=world, uncovered=[True, False, False, False], traits=[["Inspiration", "Bravery"], []],
                    phase=1, rng=rng_rolling(4, 1))
    play(bare, "attempt Haunted Manor challenge I")
    assert bare.view(0)["seats"][0]["completed_adventures"] == []
    assert "Haunted Manor" in bare.view(0)["legend_discard"]


def test_a_covered_world_card_effect_takes_nothing_when_none_is_covered():
    """Forgotten Path's Hand Effect: "Take a covered World card as a Completed Wander." With every World
    card uncovered it takes nothing: not the top Legend Deck card, which only Wander's own rule
    reaches ("If there are no covered cards in the World, the Player may Wander on the top Legend
    Deck card")."""
    world = ["Fog", "Haunted Manor", "The Haunted Road", "The Wandering Star"]
    s = position(hands=[["Forgotten Path"], []], world=world, uncovered=[True] * 4,
                 legend_deck=["Lost Compass", "Crown of Power"], phase=0)
    before = s.view(0)["legend_deck"]
    play(s, "play Forgotten Path")
    v = s.view(0)
    assert v["seats"][0]["completed_wanders"] == []
    assert v["legend_deck"] == before               # Crown of Power is still on top of the deck
    assert any("no World card fits the Effect" in line for line in v["log"])


def _slice(encoder, starts_with):
    return next((a, b) for name, a, b in encoder.describe() if name.startswith(starts_with))


def test_every_prompt_and_who_decides_encode_differently(monkeypatch):
    """The observation at 3-4 players: what is asked is one of the game's prompts, one-hot, and who is
    to decide is encoded relative to the observer, so no two distinct prompts (e.g. "World phase" and
    "accept or decline the Relic offer", "which World space" and "which opponent") and no two deciding
    seats share an encoding. Every prompt is encoded (the encoder asked with each in turn), and a
    played position's."""
    from tabletome.games.life_and_legend import observation
    g = game()
    for players in (3, 4):
        encoder = g.encoder(players)
        asks, decider = _slice(encoder, "what the seat to move is asked"), _slice(encoder, "who is to move")
        s = position(players=players, hands=[["Windfall"]] + [[] for _ in range(players - 1)], phase=0)
        prompts = views.prompts()
        assert {"World phase", "accept or decline the Relic offer", "which World space", "which opponent",
                "Interfere? (a die is rolled)"} <= set(prompts)
        assert len(set(prompts)) == len(prompts) == asks[1] - asks[0]
        seen = {}
        for prompt in prompts:
            monkeypatch.setattr(observation, "asks", lambda st, prompt=prompt: prompt)
            for to_move in range(players):
                c = s.clone()
                c.to_move = to_move
                out = c.observation(1)
                key = (out[asks[0]:asks[1]].tobytes(), out[decider[0]:decider[1]].tobytes())
                assert key not in seen, (prompt, to_move, seen.get(key))
                seen[key] = (prompt, to_move)
                assert out[decider[0] + (to_move - 1) % players] == 1.0
        monkeypatch.undo()
        # and from a played position
        play(s, "end phase")
        for seat in range(players):
            assert s.observation(seat)[asks[0] + prompts.index("World phase")] == 1.0
            assert s.observation(seat)[decider[0] + (0 - seat) % players] == 1.0


def test_ambient_is_said_only_where_every_player_is_affected():
    """"Ambient: This Effect is continuous and affects all Players." North holds Lantern of Seeking,
    Finder's Charm and Pilgrim's Staff: their Effects are North's own ("While in play: +1 to your ..."),
    so North has hand 5 and 6 Relic slots and South 4 and 4, and South's Wander roll of 3 fails; an
    uncovered Atmosphere (Festival: "World Effect (Ambient): +1 hand size") raises every Player's.
    Every card whose text says Ambient is one the engine applies to every Player."""
    mine = ["Lantern of Seeking", "Finder's Charm", "Pilgrim's Staff"]
    s = position(relics=[mine, []], active=1, phase=1, rng=rng_rolling(3))
    north, south = (s.view(1)["seats"][t]["limits"] for t in (0, 1))
    assert (north["hand"], north["relic_slots"]) == (5, 6)
    assert (south["hand"], south["relic_slots"]) == (4, 4)
    play(s, "wander on space 1")
    assert s.view(1)["seats"][1]["completed_wanders"] == []          # 3, no +1: it fails
    festival = position(world=["Festival", "Heirloom Ring", "Truthstone", "Golden Chalice"],
                        uncovered=[True, False, False, False], phase=0)
    assert [festival.view(0)["seats"][t]["limits"]["hand"] for t in (0, 1)] == [5, 5]
    # the card file: "Ambient" only on World cards (Atmospheres, an Adventure's "While in the World"),
    # and every Relic, Exceptional Trait and Trauma with a continuous Effect says whose it is
    C = s.C
    for i in range(C.n):
        card, kind = C.cards[i], C.kind[i]
        if kind in (0, 4, 5) and card.effect and getattr(card, "timing", "continuous") == "continuous":
            assert "Ambient" not in card.text and ("your " in card.text or "You " in card.text), card.name
        if "Ambient" in card.text:
            assert (kind == 1 and card.atmosphere) or (kind == 2 and card.ambient), card.name


def test_the_roller_never_hexes_their_own_roll():
    """RULES.md, "Interfere": "the seat whose Effect or roll it is is not asked", also when the window
    opens again after another seat's Hex ("After a response every other seat may answer again")."""
    s = position(relics=[["Cloak of Shadows"], ["Hidden Blade"]], phase=1, rng=rng_rolling(5))
    play(s, "wander on space 1")
    assert s.to_move == 1 and texts(s) == ["interfere with Hidden Blade", "pass"]
    play(s, "interfere with Hidden Blade")
    assert s.to_move == 0 and s.view(0)["asks"] == "World phase"     # North is not asked to Hex itself
    assert len(s.view(0)["seats"][0]["completed_wanders"]) == 1   # 5 - 1 = 4 succeeds
