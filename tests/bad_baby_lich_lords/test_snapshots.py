"""Snapshots (positions written by hand, RULES.md "Snapshots"), bad ones, and hidden information."""

import copy
import json

import pytest

from tabletome import IllegalAction
from tabletome.core import Rng

from .helpers import FNZ, GAME, legal, play, position

HFP = {"realms": [{"south": ["Mudslinger"]}, {"north": ["skeleton: Human Forest Person"]}, {"south": ["Party Crasher"]}]}


def base():
    snap = {"game": GAME.id, "players": 2, "options": {"factions": FNZ}}
    snap.update(copy.deepcopy(HFP))
    return snap


def test_a_hand_written_position_fills_in_the_rest():
    state = GAME.restore(base())
    snap = state.snapshot()
    assert snap["factions"] == ["freeple", "noblins", "zard"]
    assert snap["turn"] == 1 and snap["active"] == 0 and snap["phase"] == "before action"
    assert len(snap["realms"][0]["bone_pile"]) == 22 and snap["realms"][0]["known"] == 1
    assert snap["realms"][1]["realm_pile"][0] == "Mosh Glade"
    assert len(snap["spell_deck"]) == 25 and snap["spell_deck"][0] == "Leave"
    assert snap["decision"] == ["turn"] and snap["stack"] == []
    state.check_invariants()


def test_a_position_in_the_middle_of_a_chain_round_trips_and_plays_on():
    state = GAME.restore(base())
    play(state, "raise realm 2 north 1")
    snap = json.loads(json.dumps(state.snapshot()))
    decision = state.view(0)["decision"]
    assert {k: decision[k] for k in ("decision", "card", "skill")} == {"decision": "skill", "card": "realm 2 north 1",
                                                                     "skill": "Friendship"}
    assert state.view(0)["chain"] == [["perform", "realm 2 north 1", 1]]
    assert snap["decision"][0] == "skill" and [f[0] for f in snap["stack"]] == ["turn", "perform"]
    assert snap["realms"][1]["north"] == ["Human Forest Person (acted)"]
    again = GAME.restore(snap)
    assert again.snapshot() == snap and legal(again) == legal(state)
    for s in (state, again):
        play(s, "befriend realm 1 south 1", "leave to realm 3")
    assert again.snapshot()["realms"] == state.snapshot()["realms"]


def test_a_hand_written_chain_position():
    snap = base()
    snap["realms"][1]["north"] = ["Human Forest Person (acted)"]
    snap["pending"] = {"decision": "skill", "card": "realm 2 north 1", "skill": "Leave"}
    snap["chain"] = [["perform", "realm 2 north 1", 2]]
    snap["phase"] = "after action"
    state = GAME.restore(snap)
    assert legal(state) == ["leave to realm 1", "leave to realm 3"]
    play(state, "leave to realm 1")          # then Fight in realm 1: Mudslinger has 1 icon too: no target
    assert state.log[-1] == "Human Forest Person has no target for Fight."
    assert legal(state) == ["end turn"]


def _broken(change):
    snap = base()
    change(snap)
    return snap


BAD = [
    (lambda s: s.update(realms=s["realms"][:2]), "realms"),
    (lambda s: s.update(colour="blue"), "unknown field"),
    (lambda s: s["realms"][0].update(west=["Mudslinger"]), "unknown field"),
    (lambda s: s["realms"][0].update(south=["Mudslinger", "Mudslinger", "Mudslinger"]), "only 2 Mudslinger"),
    (lambda s: s["realms"][0].update(south=["Statue Haunter"]), "not in play"),
    (lambda s: s["realms"][0].update(south=["Nobody"]), "not a minion/skeleton card"),
    (lambda s: s["realms"][0].update(south=[7]), "field 'realms[0].south[0]': expected `str`"),
    (lambda s: s["realms"][0].update(bone_pile=["Bog Boss"]), "cards are nowhere"),
    (lambda s: s["realms"][0].update(bone_pile=["skeleton: Bog Boss"]), "every card there is a skeleton"),
    (lambda s: s["realms"][0].update(bone_pile=[], bone_top=[]), "either 'bone_pile'"),
    (lambda s: s["realms"][0].update(known=30), "known"),
    (lambda s: s["realms"][0].update(realm_pile=["Mosh Glade"]), "Noblins realm, not Freeple"),
    (lambda s: s.update(factions=["zard", "noblins", "freeple"]), "differs from the game's factions option"),
    (lambda s: s.update(hands=[["Fight"] * 6, []]), "spells"),
    (lambda s: s.update(hands=[["Potion"], []]), "not a spell"),
    (lambda s: s.update(hands=[[]]), "hands"),
    (lambda s: s.update(active=2), "active"),
    (lambda s: s.update(phase="lunch"), "phase"),
    (lambda s: s.update(pending={"decision": "dance"}), "pending"),
    (lambda s: s.update(pending={"decision": "skill", "card": "realm 9 north 1", "skill": "Fight"}), "no such realm"),
    (lambda s: s.update(pending={"decision": "skill", "card": "realm 2 north 1", "skill": "Teach"}), "no target"),
    (lambda s: s.update(chain=[["perform", "realm 2 north 1", 0]]), "must be marked (acted)"),
    (lambda s: s.update(chain=[["jump"]]), "chain frame"),
    (lambda s: s.update(pending={"decision": "place"}), "no card is held"),
    (lambda s: s.update(held="Bog Boss"), "held card"),
    (lambda s: s.update(held="Bog Boss", pending={"decision": "place", "for": "action"}), "'after action'"),
    (lambda s: s.update(artifact=2), "Solitaire games only"),
    (lambda s: s.update(winners=[0]), "winners"),
    (lambda s: s.update(score_piles={"west": []}), "not a side"),
    (lambda s: s.update(score_piles={"north": ["Mushroom Ring", "Hangover Stump"]}), "impossible"),
    (lambda s: s.update(turn=0), "turn"),
]


@pytest.mark.parametrize("change,words", BAD, ids=[w for _, w in BAD])
def test_broken_snapshots_are_refused_naming_the_field(change, words):
    with pytest.raises(IllegalAction) as err:
        GAME.restore(_broken(change))
    assert words in str(err.value)


def test_a_random_factions_game_needs_the_factions_in_its_snapshot():
    snap = base()
    snap["options"] = {"factions": "random"}
    with pytest.raises(IllegalAction, match="factions"):
        GAME.restore(snap)
    snap["factions"] = ["freeple", "noblins", "zard"]
    GAME.restore(snap).check_invariants()


# --- hidden information --------------------------------------------------------------------------------
def test_views_hide_hands_deck_order_and_buried_cards():
    state = position(realms=[{"bone_top": ["Big Gulp"]}, {}, {}], hands=[["Fight", "Teach"], ["Raise"]])
    south = state.view(1)
    assert south["hands"][0] == {"seat": 0, "name": "North", "size": 2}
    assert south["hands"][1]["spells"] == ["Raise"]
    assert south["spell_deck"] == 22 and "Leave" not in json.dumps(south["hands"])
    pile = south["realms"][0]["bone_pile"]
    assert pile["size"] == 23 and [c["name"] for c in pile["known"]] == ["Big Gulp"]
    assert "realm_pile" in south["realms"][0] and south["realms"][0]["realm_pile"] == 6
    spectator = state.view(None)
    assert all("spells" not in h for h in spectator["hands"])


def test_a_teach_draw_is_private_and_a_cast_draw_is_public():
    state = position(realms=[{}, {}, {"north": ["skeleton: Homework Hexer"]}])
    play(state, "raise realm 3 north 1")
    assert "North draws Leave." in state.view(0)["log"]
    assert "North draws Leave." not in state.view(1)["log"] and "North draws Leave." not in state.view(None)["log"]


def test_determinize_redraws_only_what_the_seat_cannot_see():
    state = GAME.new(players=2, seed=8, factions=FNZ)
    rng = Rng(3)
    for _ in range(30):
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
    seat = state.to_move
    other = state.determinize(seat, Rng(5))
    assert other.view(seat) == state.view(seat)
    a, b = state.snapshot(), other.snapshot()
    for r in range(3):
        k = a["realms"][r]["known"]
        assert b["realms"][r]["bone_pile"][:k] == a["realms"][r]["bone_pile"][:k]       # known tops kept
        assert sorted(b["realms"][r]["bone_pile"]) == sorted(a["realms"][r]["bone_pile"])  # same cards
        assert b["realms"][r]["realm_pile"][0] == a["realms"][r]["realm_pile"][0]
    assert b["hands"][seat] == a["hands"][seat]
    assert b["seed"] is None and b["history"] == []
    assert any(b["realms"][r]["bone_pile"] != a["realms"][r]["bone_pile"] for r in range(3))


# --- declared fields, the old form and the decision stack in snapshots ---------------------------------
def test_a_misspelled_field_is_refused_naming_it():
    snap = base()
    snap["helth"] = 3
    with pytest.raises(IllegalAction, match="unknown field 'helth'"):
        GAME.restore(snap)
    snap = base()
    snap["realms"][1]["nroth"] = ["Mudslinger"]
    with pytest.raises(IllegalAction, match="unknown field 'nroth' in realms\\[1\\]"):
        GAME.restore(snap)
    snap = base()
    snap["turn"] = "three"
    with pytest.raises(IllegalAction, match="field 'turn': expected `int`"):
        GAME.restore(snap)


def test_an_old_form_snapshot_mid_chain_loads_into_the_same_frames_and_plays_on():
    state = GAME.restore(base())
    play(state, "raise realm 2 north 1")
    new = state.snapshot()
    old = {k: v for k, v in new.items() if k not in ("stack", "decision")}
    old["pending"] = {"decision": "skill", "card": "realm 2 north 1", "skill": "Friendship"}
    old["chain"] = [["perform", "realm 2 north 1", 1]]
    again = GAME.restore(old)
    assert again.snapshot() == new and legal(again) == legal(state)
    for s in (state, again):
        play(s, "befriend realm 1 south 1", "leave to realm 3")
    assert again.snapshot() == state.snapshot()


def test_the_stack_is_written_by_frame_name_and_a_wrong_frame_is_refused():
    state = GAME.restore(base())
    play(state, "raise realm 2 north 1")
    snap = state.snapshot()
    bad = dict(snap, decision=["dance", 1])
    with pytest.raises(IllegalAction, match="names no frame 'dance'"):
        GAME.restore(bad)
    bad = dict(snap, decision=["skill", snap["decision"][1]])
    with pytest.raises(IllegalAction, match="frame 'skill' takes 2 numbers"):
        GAME.restore(bad)
    bad = dict(snap, decision=["skill", 500, 6])
    with pytest.raises(IllegalAction, match="card number 500 is not a card on the table"):
        GAME.restore(bad)
    bad = dict(snap, pending={"decision": "turn"})
    with pytest.raises(IllegalAction, match="not both"):
        GAME.restore(bad)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_snapshots_taken_inside_chains_restore_and_play_on_identically(players):
    """Identical copies of a card are told apart only by number: a chain's card must be the same
    card once restored (snapshot renumbering), wherever the copies have wandered."""
    checked = 0
    for seed in range(12):
        state = GAME.new(players=players, seed=seed)
        rng = Rng(seed)
        steps = 0
        while not state.is_over and steps < 400:
            steps += 1
            if state.decision[0] != 0 and steps % 3 == 0:
                again = GAME.restore(json.loads(json.dumps(state.snapshot())))
                assert again.snapshot() == state.snapshot() and legal(again) == legal(state)
                a, b = state.clone(), again
                r1, r2 = Rng(steps), Rng(steps)
                for _ in range(25):
                    if a.is_over:
                        break
                    la, lb = a.legal_actions(), b.legal_actions()
                    assert [str(x) for x in la] == [str(x) for x in lb]
                    i = r1.below(len(la))
                    r2.below(len(lb))
                    a.apply(la[i])
                    b.apply(lb[i])
                assert {k: v for k, v in a.snapshot().items() if k not in ("stack", "decision", "history", "seed", "log")} \
                    == {k: v for k, v in b.snapshot().items() if k not in ("stack", "decision", "history", "seed", "log")}
                checked += 1
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
    assert checked > 20
