"""Actions say what they touch (action.cards, action.target): the components named in their text and
the seat whose side they aim at, in every mode."""

import pytest

from tabletome.core import Rng

from .helpers import GAME, play, position


def _action(state, text):
    return next(a for a in state.legal_actions() if str(a) == text)


def test_a_target_names_its_realm_and_the_seat_of_its_side():
    state = position(realms=[{"south": ["Mudslinger"]}, {"north": ["skeleton: Human Forest Person"]},
                             {"south": ["Party Crasher"]}])
    raise_ = _action(state, "raise realm 2 north 1")
    assert raise_.cards == ("realm 2",) and raise_.target == 0
    play(state, "raise realm 2 north 1")
    befriend = _action(state, "befriend realm 1 south 1")
    assert befriend.describe() == {"id": befriend.id, "text": "befriend realm 1 south 1", "kind": "target",
                                   "cards": ["realm 1"], "target": 1}


def test_spells_combos_skills_and_piles_are_named():
    state = position(realms=[{"south": ["Mudslinger"]}, {}, {}], hands=[["Fight", "Teach", "Dig"], []])
    by_text = {str(a): a for a in state.legal_actions()}
    assert by_text["cast Fight"].cards == ("Fight",)
    assert by_text["combo Fight+Teach"].cards == ("Fight", "Teach")
    assert by_text["draw from realm 3"].cards == ("bone pile 3",)
    assert GAME.actions.find("choose Dig").cards == ("Dig",)
    assert GAME.actions.find("possess bone pile 2").cards == ("bone pile 2",)
    assert GAME.actions.find("place in realm 1").cards == ("realm 1",)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_offered_action_aims_at_the_seat_of_its_side(players):
    for seed in range(3):
        state = GAME.new(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            view = state.view(None)
            for a in state.legal_actions():
                assert all(isinstance(c, str) and c for c in a.cards)
                words = str(a).split()
                if a.kind in ("target", "dig"):
                    side = words[3] if a.kind == "target" else words[2]
                    (entry,) = [s for s in view["sides"] if s["side"] == side]
                    expect = entry["seats"][0] if len(entry["seats"]) == 1 else None
                    assert a.target == expect, (str(a), entry)
                else:
                    assert a.target is None
                if a.kind == "target":
                    assert a.cards == (f"realm {words[2]}",)
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
