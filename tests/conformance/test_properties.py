"""Property tests (hypothesis): any sequence of legal choices, in every game and configuration,
keeps the contract's promises at every step — a snapshot restores to the same position with the
same legal actions and views, a clone is independent, and a record replays to the same state."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import tabletome

from .helpers import CONFIGS, IDS, new_state

# choices are read as "the k-th legal action, modulo how many there are"
CHOICES = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=120)


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_any_choice_sequence_keeps_snapshots_clones_and_records_exact(config):
    game = tabletome.game(config[0])

    @settings(max_examples=6, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(seed=st.integers(min_value=0, max_value=2**32), choices=CHOICES)
    def check(seed, choices):
        state = new_state(config, seed)
        for k in choices:
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[k % len(legal)])
        snap = state.snapshot()
        back = game.restore(json.loads(json.dumps(snap)))
        assert canonical(back.snapshot()) == canonical(snap)
        assert [a.id for a in back.legal_actions()] == [a.id for a in state.legal_actions()]
        for seat in [None, *range(state.players)]:
            assert canonical(back.view(seat)) == canonical(state.view(seat))
        copy = state.clone()
        if not copy.is_over:
            copy.apply(copy.legal_actions()[0])
            assert canonical(state.snapshot()) == canonical(snap), "a clone's move changed the original"
        replayed = tabletome.replay(state.record())
        assert canonical(replayed.snapshot()) == canonical(snap)

    check()
