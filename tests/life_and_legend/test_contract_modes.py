"""The contract's promises in every Life & Legend mode (the conformance suite plays a subset of
them, see ``LifeAndLegend.configurations``): random games end, snapshots restore exactly, views
leak nothing a re-deal changes, determinize depends only on the view, records replay."""

import json

import pytest

import tabletome
from tabletome.core import Rng

GAME = tabletome.game("life-and-legend")
CONFIGS = GAME.all_configurations()
IDS = [f"{p}p-" + "-".join(f"{k}={v}" for k, v in o.items() if v != GAME.options[k][0]) for p, o in CONFIGS]


def as_json(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_mode_keeps_the_contract(config):
    players, options = config
    for seed in range(1):
        state = GAME.new(players=players, seed=seed, **options)
        rng = Rng(seed)
        step = 0
        while not state.is_over:
            state.check_invariants()
            if step % (4 if step < 200 else 20) == 0:   # long games (Eternal) sampled thinner late
                snap = as_json(state.snapshot())
                back = GAME.restore(snap)
                assert as_json(back.snapshot()) == snap
                assert [a.id for a in back.legal_actions()] == [a.id for a in state.legal_actions()]
                for seat in range(players):
                    view = state.view(seat)
                    copy = state.determinize(seat, Rng(seed * 1000 + seat))
                    assert copy.view(seat) == view
                    copy.check_invariants()
                seat = state.to_move
                a = state.determinize(seat, Rng(99)).snapshot()
                b = state.determinize(seat, Rng(7)).determinize(seat, Rng(99)).snapshot()
                assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            step += 1
            assert step < 20_000
        assert all(0.0 <= state.outcome(s) <= 1.0 for s in range(players))
        assert as_json(tabletome.replay(as_json(state.record())).snapshot()) == as_json(state.snapshot())
