"""Issue 28 items 6 and 7: Eternal is won by meeting its victory conditions, every AI opponent card
lets every mode it plays end by the rules, and a game the safety net ends says so."""

import pytest

import tabletome

from .helpers import game, position, play, texts, rng_rolling

ETERNAL = {"mode": "eternal"}


WORLD = ["Veiled Mask", "Heirloom Ring", "Truthstone", "Lantern of Seeking"]
RELICS = ["Golden Chalice", "Crown of Power"]


def last_card_of_an_age(age):
    """Eternal at ``age``: North (the most Legends, no Background, no Exceptional Trait) to draw the
    Legend Deck's last card; every other Legend card in the discard pile."""
    probe = position(options=ETERNAL, world=WORLD)
    C = probe.C
    rest = [C.labels[c] for c in C.legend if C.names[c] not in WORLD + RELICS + ["Lost Compass"]]
    s = position(options=ETERNAL, age=age, world=WORLD, relics=[RELICS, []], phase=1,
                 legend_deck=["Lost Compass"], legend_discard=rest)
    assert s.view(0)["legend_deck"] == 1
    play(s, "draw the top Legend card")
    while s.to_move == 0 and "end phase" in texts(s):
        play(s, "end phase")
    return s


def test_eternal_goes_on_into_a_new_age_while_nobody_meets_the_conditions():
    """"Victory Conditions: These additional Victory Conditions must be met." North has the most Legends
    but no Life Story, Life Path or Exceptional Trait: when the Legend Deck runs out at the end of the
    third Age the game goes on into a fourth (it ended there before, North winning)."""
    s = last_card_of_an_age(3)
    assert not s.is_over
    assert s.view(1)["age"] == 4
    assert any("Age 4 of 10" in line for line in s.view(1)["log"])


def test_after_the_last_age_nobody_meeting_the_conditions_is_a_stalemate():
    """"Ties result in a stalemate between tied Players": when the tenth Age ends with no Player
    meeting every condition, every Player is tied in that, and the game ends a stalemate between
    them all (RULES.md, "Eternal's end")."""
    s = last_card_of_an_age(10)
    assert s.is_over and sorted(s.winners) == [0, 1]
    assert not s.ended_by_length
    assert any("a stalemate between all Players" in line for line in s.view(0)["log"])


def test_meeting_every_condition_wins_eternal():
    """"Legends Total: 2 Player Game: 20 Legends." "Background Total: 1 Life Story, 1 Life Path."
    "Trait Total: 1 Exceptional Trait." met at the end of North's turn: North wins."""
    adventures = ["The Dragon of Ashfall", "Crypt of the First King", "The Tribunal", "The World's Edge",
                  "Heart of the Labyrinth", "Siege of Highkeep"]
    s = position(options=ETERNAL, adventures=[adventures, []], relics=[["Golden Chalice"], []], world=WORLD,
                 story=["The Exile", None], path=["Noble", None], traits=[["Fearless"], []], phase=3)
    assert s.view(0)["seats"][0]["legends"] >= 20
    while s.to_move == 0:
        play(s, texts(s)[-1])
    assert s.is_over and s.winners == [0]


def test_the_golden_horse_draws_rather_than_attempt_a_fate_challenge_every_turn():
    """Golden Horse's card (ours): a Fate Challenge "always qualifies", so "attempt the Challenge he
    qualifies for with the most Legends" had him attempt The Dragon of Ashfall every turn and never
    draw. Now he attempts a Fate Challenge on a roll of 1 only; on a 5 he draws the top Legend card."""
    world = ["The Dragon of Ashfall", "Heirloom Ring", "Truthstone", "Golden Chalice"]
    s = position(options={"ai": "golden-horse"}, world=world, uncovered=[True, False, False, False], active=1,
                 phase=1, rng=rng_rolling(5))
    log = s.view(0)["log"]
    assert any("South draws a Legend card" in line for line in log), log[-6:]
    assert not any("attempts The Dragon of Ashfall" in line for line in log)


def test_the_safety_net_says_that_it_ended_the_game():
    """RULES.md, "Endless games": a game no rule has ended stops after the safety net's turns, as a
    draw, and the log, the view, the snapshot and the record say so (``ended_by_length``); it no
    longer claims "The Legend Deck is empty" with Legend cards left."""
    from tabletome.games.life_and_legend import ruleset as R
    s = position(turn=R.MAX_TURNS, phase=3)     # the last turn the safety net allows, at its end
    play(s, *(["end phase"] if "end phase" in texts(s) else []))
    assert s.is_over and s.winners == [] and s.ended_by_length
    said = f"The game reaches the safety net of {R.MAX_TURNS} turns and ends as a draw: no rule ended it."
    assert s.view(0)["ended_by_length"] == said and said in s.view(None)["log"]
    assert not any("The Legend Deck is empty" in line for line in s.log)
    snap = s.snapshot()
    assert snap["ended_by_length"] == said
    again = game().restore(snap)
    assert again.ended_by_length and again.view(1)["ended_by_length"] == said
    assert s.record()["ended_by_length"] == said
    # the terminal's last line and the browser's result say it too
    from tabletome.cli.replay import result_line
    assert result_line(s) == s.game.result_line(s)
    assert result_line(s).startswith("A draw at a length limit, not by the rules")


def _endings(ai, mode, opponent, seeds):
    """Games of one player (``opponent``: an agent spec) against the AI card ``ai`` in ``mode``."""
    g = tabletome.game("life-and-legend")
    out = []
    for seed in seeds:
        state = g.new(players=2, seed=seed, mode=mode, ai=ai)
        agent = tabletome.agent(opponent, seed=seed)
        while not state.is_over:
            state.apply(agent.choose(state))
        out.append(state)
    return out


AI_MODES = [(ai, mode) for ai in ("matathias", "golden-horse", "geoffrey", "emptiness")
            for mode in ("standard", "farwander", "eternal")] + [("emptiness", "coop")]


def _options(ai, mode):
    return ("none" if mode == "coop" else ai), mode


@pytest.mark.parametrize("ai,mode", AI_MODES)
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_every_ai_card_lets_every_mode_end_by_the_rules(ai, mode, opponent):
    """Every AI opponent card, in every mode it plays, against random and heuristic play: the game
    ends by a rule, never by the safety net (a CI-sized sample; the soak below plays hundreds)."""
    ai, mode = _options(ai, mode)
    for state in _endings(ai, mode, opponent, range(3)):
        assert not state.ended_by_length, (ai, mode, opponent, state.seed, state.log[-3:])


@pytest.mark.slow
@pytest.mark.parametrize("ai,mode", AI_MODES)
def test_soak_every_ai_card_lets_every_mode_end_by_the_rules(ai, mode):
    """The soak: 150 games against random play and 150 against the heuristic per AI card and mode."""
    ai, mode = _options(ai, mode)
    for opponent in ("random", "heuristic"):
        for state in _endings(ai, mode, opponent, range(1000, 1150)):
            assert not state.ended_by_length, (ai, mode, opponent, state.seed, state.log[-3:])


def test_a_coop_game_the_emptiness_wins_names_it_in_the_result_line():
    """Co-op: "The Emptiness devours the World" and wins from its seat; the result line the terminal
    and the browser show names the seat with the AI card that plays it, not a bare compass name."""
    import random

    s = game().new(players=2, seed=0, mode="coop")
    r = random.Random(0)
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    assert s.winners == [1] and any("The Emptiness devours the World" in line for line in s.log)
    assert s.game.result_line(s).startswith("South (the AI card The Emptiness) wins; Legends: North ")
    # a seat a person plays keeps its bare name
    human = game().new(players=2, seed=0, mode="standard")
    r = random.Random(1)
    while not human.is_over:
        human.apply(r.choice(human.legal_actions()))
    assert human.game.result_line(human).split(" win")[0] in ("North", "South", "North and South")
