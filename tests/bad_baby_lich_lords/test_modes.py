"""The modes as options: 4-player teams, Solitaire against the Cursed Artifact, our 3-player
variant; option checks; the endings; agents playing every mode."""

import json

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.core import Rng

from .helpers import GAME, hand, legal, noise, play, position, realm_pile, refused, side

TEAMS = {"mode": "teams", "factions": "freeple-noblins-zard-ghoulies"}
SOLO = {"mode": "solitaire", "factions": "freeple-noblins-zard"}
THREE = {"mode": "three-player", "factions": "freeple-noblins-zard-ghoulies"}


def all_cards(*factions):
    return [k.name for k in GAME.cards.kinds if k.faction in factions for _ in range(k.copies)]


# --- options ---------------------------------------------------------------------------------------
def test_the_mode_follows_the_player_count_and_the_count_follows_the_mode():
    assert GAME.new(seed=1).options["mode"] == "two-player"
    assert GAME.new(players=4, seed=1).options["mode"] == "teams"
    assert GAME.new(players=1, seed=1).options["mode"] == "solitaire"
    assert GAME.new(players=3, seed=1).options["mode"] == "three-player"
    assert GAME.new(mode="teams", seed=1).players == 4
    assert GAME.new(mode="solitaire", seed=1).players == 1


@pytest.mark.parametrize("players,options,words", [
    (2, {"mode": "teams"}, "mode"),
    (4, {"mode": "two-player"}, "mode"),
    (2, {"team_order": "alternating"}, "team_order"),
    (2, {"artifact_scores": "no"}, "artifact_scores"),
    (1, {"factions": "zard-noblins-ghoulies"}, "Freeple"),
    (3, {"factions": "zard-noblins-ghoulies"}, "factions"),
    (2, {"factions": "zard-zard-ghoulies"}, "factions"),
])
def test_impossible_option_combinations_are_refused(players, options, words):
    with pytest.raises(IllegalAction, match=words):
        GAME.new(players=players, **options)


def test_the_conformance_configurations_cover_every_mode():
    modes = {options["mode"] for _, options in GAME.configurations()}
    assert modes == {"two-player", "teams", "solitaire", "three-player"}
    assert any("ghoulies" in options["factions"] for _, options in GAME.configurations())


# --- 4-player teams -----------------------------------------------------------------------------------
def test_team_seats_turn_order_and_sides():
    state = GAME.new(players=4, seed=3, **TEAMS)
    view = state.view(None)
    assert view["seat_names"] == ["North-East", "South-East", "South-West", "North-West"]
    assert view["seat_sides"] == ["north", "south", "south", "north"]
    assert view["seat_realms"] == [[3, 4], [3, 4], [1, 2], [1, 2]]
    order = []
    state = position(players=4, options=TEAMS, realms=[{}, {}, {}, {}], phase="after action")
    for _ in range(5):
        order.append(state.view(None)["active"])
        state.apply("end turn")
        state.apply(legal(state)[0]) if "end turn" not in legal(state) else None
        while "end turn" not in legal(state):
            state.apply(legal(state)[0])
    assert order == [0, 1, 2, 3, 0]
    alt = position(players=4, options=dict(TEAMS, team_order="alternating"), realms=[{}, {}, {}, {}],
                   phase="after action")
    order = []
    for _ in range(5):
        order.append(alt.view(None)["active"])
        alt.apply("end turn")
        while "end turn" not in legal(alt):
            alt.apply(legal(alt)[0])
    assert order == [0, 1, 3, 2, 0]


def test_team_draw_and_raise_restrictions():
    state = position(players=4, options=TEAMS,
                     realms=[{"north": ["skeleton: Mudslinger"]}, {},
                             {"north": ["skeleton: Homework Hexer"], "south": ["skeleton: Owl Familiar"]}, {}])
    # seat 0 (North-East) plays realms 3 and 4: draws there, raises only its team's skeletons there
    assert legal(state) == ["draw from realm 3", "draw from realm 4", "raise realm 3 north 1"]
    refused(state, "draw from realm 1")
    refused(state, "raise realm 1 north 1")
    play(state, "draw from realm 4")
    assert legal(state) == ["place in realm 3", "place in realm 4"]


def test_skills_and_spells_reach_the_teammates_realms():
    state = position(players=4, options=TEAMS,
                     realms=[{"south": ["Sock Thief"]}, {}, {"north": ["skeleton: Tire Swinger"]}, {}],
                     hands=[["Fight"], [], [], []])
    play(state, "raise realm 3 north 1")
    assert legal(state) == ["leave to realm 2", "leave to realm 4"]
    play(state, "leave to realm 2")             # into the teammate's realm
    assert side(state, 2, "north") == ["Tire Swinger (acted)"]
    play(state, "cast Fight")
    assert "fight realm 1 south 1" in legal(state)


def test_teammates_share_noise_and_win_together_with_private_hands():
    state = position(players=4, options=TEAMS,
                     realms=[{}, {}, {"realm_pile": realm_pile("Detention Hall"), "north": ["Homework Hexer"]}, {}],
                     score_piles={"north": ["Mushroom Ring"]},
                     hands=[["Teach"], [], [], ["Fight"]], phase="after action")
    assert state.scores == [3, 0, 0, 3]
    assert "spells" not in state.view(3)["hands"][0] and state.view(3)["hands"][0]["size"] == 1
    assert hand(state, 3) == ["Fight"]
    play(state, "end turn")
    assert state.scores == [4, 0, 0, 4]
    state = position(players=4, options=TEAMS,
                     realms=[{}, {}, {"realm_pile": realm_pile("Library of Unreadable Books"),
                                      "north": ["Professor Nap", "Homework Hexer"]}, {}],
                     score_piles={"north": ["Mushroom Ring"]}, phase="after action")
    play(state, "end turn")
    assert state.winners == [0, 3]
    assert [state.outcome(p) for p in range(4)] == [1.0, 0.0, 0.0, 1.0]


# --- Solitaire ---------------------------------------------------------------------------------------
def test_the_artifact_digs_and_raises_without_skills_then_moves_right_and_wraps():
    state = position(players=1, options=SOLO,
                     realms=[{"bone_top": ["Mudslinger"]}, {"bone_top": ["Party Crasher"]},
                             {"bone_top": ["Crayon Summoner"]}], phase="after action")
    assert state.view(0)["artifact"] == 2
    play(state, "end turn")
    assert side(state, 2, "artifact") == ["Party Crasher"]        # raised, no Friendship performed
    assert state.view(0)["artifact"] == 3
    while "end turn" not in legal(state):
        play(state, legal(state)[0])
    play(state, "end turn")
    assert side(state, 3, "artifact")[-1] == "Crayon Summoner"   # no Dig, no Cast
    assert state.view(0)["artifact"] == 1                        # looped around to the left
    assert "The Cursed Artifact moves to bone pile 1." in state.log


def test_three_living_artifact_minions_in_a_realm_lose_the_game():
    state = position(players=1, options=SOLO,
                     realms=[{}, {"artifact": ["Sock Thief", "Mosh Pixie"], "bone_top": ["Party Crasher"]}, {}],
                     phase="after action", score_piles={"north": ["Spit Falls"]})
    play(state, "end turn")
    assert state.is_over and state.winners == []
    assert state.scores == [0]
    assert state.outcome(0) == pytest.approx(0.1 * 1 / 5)
    assert "awakens the Lich King" in state.log[-1]


def test_skeletons_of_the_artifact_are_not_living_minions():
    state = position(players=1, options=SOLO,
                     realms=[{}, {"artifact": ["Sock Thief", "skeleton: Mosh Pixie"], "bone_top": ["Party Crasher"]}, {}],
                     phase="after action")
    play(state, "end turn")
    assert not state.is_over


def test_solitaire_win_and_score_counts_the_bone_piles():
    state = position(players=1, options=SOLO,
                     realms=[{"realm_pile": realm_pile("Landfill Throne"),
                              "north": ["Bog Boss", "skeleton: Mudslinger", "skeleton: Big Gulp"]}, {}, {}],
                     score_piles={"north": ["Mushroom Ring"]}, phase="after action")
    left = sum(r["bone_pile"]["size"] for r in state.view(0)["realms"])
    play(state, "end turn")
    assert state.winners == [0]
    assert state.scores == [left] and left == 66
    assert state.outcome(0) == pytest.approx(0.5 + 0.5 * 66 / 69)


def test_solitaire_evaluation_is_on_the_outcomes_scale_and_never_beats_winning_now():
    """The search's cut-off value of a Solitaire position is an expected outcome: below what a win
    with the bone piles left now is worth (they only dwindle), and higher for a closer win."""
    def near(**fields):
        return position(players=1, options=SOLO,
                        realms=[{"realm_pile": realm_pile("Landfill Throne"),
                                 "north": ["Bog Boss", "skeleton: Mudslinger", "skeleton: Big Gulp"]}, {}, {}],
                        score_piles={"north": ["Mushroom Ring"]}, phase="after action", **fields)

    for state in (near(), near(burn=all_cards(1))):
        left = sum(r["bone_pile"]["size"] for r in state.view(0)["realms"])
        win_now = 0.5 + 0.5 * left / 69
        far = position(players=1, options=SOLO, realms=[{}, {}, {}], phase="after action")
        assert 0.0 <= GAME.evaluate(far, 0) < GAME.evaluate(state, 0) < win_now
        play(state, "end turn")
        assert GAME.evaluate(state, 0) == state.outcome(0) == pytest.approx(win_now)


@pytest.mark.parametrize("rule,scored", [("yes", True), ("no", False)])
def test_the_artifact_scores_a_realm_its_side_satisfies_unless_ruled_out(rule, scored):
    # the Artifact's three minions in realm 2 meet Mosh Glade ("3 minions") at the end of your turn
    state = position(players=1, options=dict(SOLO, artifact_scores=rule),
                     realms=[{}, {"realm_pile": realm_pile("Mosh Glade"),
                                  "artifact": ["Sock Thief", "Mosh Pixie", "Party Crasher"]}, {}],
                     artifact=1, phase="after action")
    state.apply("end turn")
    if scored:   # it takes the realm, and realm 2 burns: it no longer has 3 living minions there
        assert noise(state) == [0, 1] and side(state, 2, "artifact") == [] and not state.is_over
    else:        # the realm stays, and its step 2 finds 3 living minions in realm 2: you lose
        assert noise(state) == [0, 0] and state.is_over and state.winners == []


def test_an_empty_bone_pile_gives_the_artifact_nothing():
    burned = [n for n in all_cards(1)]
    state = position(players=1, options=SOLO, realms=[{}, {"bone_pile": []}, {}], burn=burned, phase="after action")
    play(state, "end turn")
    assert "Bone pile 2 is empty: the Cursed Artifact raises nothing." in state.log
    assert state.view(0)["artifact"] == 3


# --- three players (our variant) ------------------------------------------------------------------------
def test_three_player_layout_corner_and_central_realms():
    state = GAME.new(players=3, seed=5, **{k: v for k, v in THREE.items() if k != "mode"})
    realms = state.view(None)["realms"]
    assert [sorted(r["cards"]) for r in realms] == [["east", "north"], ["east", "south"], ["north", "south"],
                                                    ["east", "north", "south"]]
    assert [r["adjacent"] for r in realms] == [[4], [4], [4], [1, 2, 3]]
    assert legal(state) == ["draw from realm 1", "draw from realm 3", "draw from realm 4"]
    assert state.view(None)["seat_realms"] == [[1, 3, 4], [1, 2, 4], [2, 3, 4]]


def test_three_player_moves_only_to_realms_with_the_cards_side():
    state = position(players=3, options=THREE,
                     realms=[{"north": ["skeleton: Party Crasher"]}, {"south": ["Mudslinger"], "east": ["Sock Thief"]},
                             {}, {"north": ["skeleton: Tire Swinger"]}])
    play(state, "raise realm 1 north 1")        # Friendship into realm 1 (north/east): not South's Mudslinger
    assert side(state, 1, "east") == ["Sock Thief"]
    state = position(players=3, options=THREE, realms=[{}, {}, {}, {"north": ["skeleton: Tire Swinger"]}])
    play(state, "raise realm 4 north 1")
    assert legal(state) == ["leave to realm 1", "leave to realm 3"]   # not realm 2 (East/South)


def test_three_player_contested_realm_goes_to_the_next_player_in_turn_order():
    cards = ["Party Crasher", "Sock Thief", "Mosh Pixie"]
    other = ["Firefly DJ", "Moth Roadie", "Dustbunny Drifter"]
    state = position(players=3, options=dict(THREE, factions="freeple-zard-ghoulies-noblins"),
                     realms=[{}, {}, {}, {"realm_pile": realm_pile("Mosh Glade"), "east": cards, "south": other}],
                     phase="after action")
    play(state, "end turn")
    assert noise(state) == [0, 1, 0]


# --- endings -----------------------------------------------------------------------------------------
def _emptied(north_score, south_score, rules_version=2):
    burned = all_cards(2, 1, 0)
    return position(options={"factions": "freeple-noblins-zard", "rules_version": rules_version},
                    realms=[{"bone_pile": []}, {"bone_pile": []}, {"bone_pile": []}], burn=burned,
                    score_piles={"north": north_score, "south": south_score}, phase="after action")


def test_the_game_ends_when_nothing_can_change_any_more_most_noise_wins():
    state = _emptied(["Duct Tape Dam"], [])
    play(state, "end turn")
    assert state.is_over and state.winners == [0]
    assert "no player can take an action or play a spell" in state.log[-1]


def test_equal_noise_at_the_end_is_a_draw():
    state = _emptied(["Duct Tape Dam"], ["Spit Falls"])
    play(state, "end turn")
    assert state.is_over and state.winners == [] and state.outcome(0) == 0.5


def _skeletons_left(rules_version=2):
    """Every bone pile empty, but South has two skeletons on its side of realm 1, whose realm card
    (Duct Tape Dam) needs "a minion with Dig" and "a skeleton"."""
    burned = all_cards(2, 1, 0)
    for name in ("Swamp Scrounger", "Mudslinger"):
        burned.remove(name)
    realms = [{"bone_pile": [], "realm_pile": realm_pile("Duct Tape Dam"),
               "south": ["skeleton: Swamp Scrounger", "skeleton: Mudslinger"]},
              {"bone_pile": []}, {"bone_pile": []}]
    return position(options={"factions": "freeple-noblins-zard", "rules_version": rules_version},
                    realms=realms, burn=burned, phase="after action")


def test_with_every_bone_pile_empty_a_player_who_can_raise_in_place_plays_on():
    # "On your turn, you have a choice of two actions: draw and raise a skeleton or raise a
    # skeleton in place" (On Your Turn): South can still raise, and score.
    state = _skeletons_left()
    play(state, "end turn")
    assert not state.is_over and state.to_move == 1
    assert legal(state) == ["raise realm 1 south 1", "raise realm 1 south 2"]
    play(state, "raise realm 1 south 1", "end turn")
    assert noise(state) == [0, 1]


def test_a_spell_in_hand_keeps_the_game_going():
    burned = all_cards(2, 1, 0)
    state = position(options={"factions": "freeple-noblins-zard"},
                     realms=[{"bone_pile": []}, {"bone_pile": []}, {"bone_pile": []}], burn=burned,
                     hands=[[], ["Teach"]], phase="after action")
    play(state, "end turn")
    assert not state.is_over and legal(state) == ["cast Teach", "end turn"]


def test_revision_1_ended_the_game_when_every_bone_pile_was_empty():
    state = _skeletons_left(rules_version=1)
    play(state, "end turn")
    assert state.is_over and state.winners == []
    assert "every bone pile is empty" in state.log[-1]


def test_the_turn_limit_ends_a_game_that_would_never_end():
    state = position(realms=[{}, {}, {}], turn=200, phase="after action", score_piles={"south": ["Spit Falls"]})
    play(state, "end turn")
    assert state.is_over and state.winners == [1]
    assert "200 turns" in state.log[-1]


def test_with_no_action_possible_the_turn_menu_offers_end_turn():
    burned = all_cards(2, 1, 0)
    burned.remove("Mudslinger")
    state = position(realms=[{"bone_pile": [], "south": ["skeleton: Mudslinger"]}, {"bone_pile": []},
                             {"bone_pile": []}], burn=burned, hands=[["Teach"], []])
    assert legal(state) == ["cast Teach", "end turn"]


# --- agents and records in every mode --------------------------------------------------------------------
EVERY = [(2, {}), (4, {}), (4, {"team_order": "alternating"}), (1, {}), (1, {"artifact_scores": "no"}), (3, {}),
         (3, {"factions": "ghoulies-zard-noblins-freeple"})]


@pytest.mark.parametrize("players,options", EVERY)
@pytest.mark.parametrize("spec", ["heuristic", "random"])
def test_agents_play_full_games_in_every_mode(players, options, spec):
    state = GAME.new(players=players, seed=11, **options)
    agents = [tabletome.agent(spec, seed=p) for p in range(players)]
    steps = 0
    while not state.is_over:
        state.apply(agents[state.to_move].choose(state))
        steps += 1
    state.check_invariants()
    assert steps > 0 and 0.0 <= state.outcome(0) <= 1.0
    again = tabletome.replay(json.loads(json.dumps(state.record())))
    assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("players,options", [(4, {"team_order": "alternating"}),
                                             (3, {"factions": "ghoulies-zard-noblins-freeple"})])
def test_random_games_keep_invariants_and_restore_in_the_other_option_values(players, options):
    rng = Rng(4)
    for seed in range(15):
        state = GAME.new(players=players, seed=seed, **options)
        while not state.is_over:
            legal_now = state.legal_actions()
            state.apply(legal_now[rng.below(len(legal_now))])
            state.check_invariants()
            if rng.below(20) == 0:
                snap = json.loads(json.dumps(state.snapshot()))
                assert GAME.restore(snap).snapshot() == snap
                seat = state.to_move
                if seat is not None:    # (a game that just ended has no seat to move)
                    assert state.determinize(seat, Rng(seed)).view(seat) == state.view(seat)
