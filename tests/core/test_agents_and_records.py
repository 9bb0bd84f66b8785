"""Agents made from spec strings, and game records."""

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.core import Rng


def test_agent_specs():
    assert {"random", "heuristic"} <= set(tabletome.agent_specs())
    bot = tabletome.agent("random", seed=1)
    state = tabletome.game("spirit-link").new(seed=1)
    assert bot.choose(state) in state.legal_actions()


@pytest.mark.parametrize("spec, message", [
    ("", "agent spec"), ("wizard", "no agent 'wizard'"), ("random:depth=3", "no setting 'depth'"),
    ("random:depth", "key=value"),
])
def test_bad_agent_specs(spec, message):
    with pytest.raises(IllegalAction, match=message):
        tabletome.agent(spec)


@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_agents_decide_only_from_what_the_seat_sees(spec):
    """The same view and the same seed give the same choice, on the true state or a re-dealt one."""
    game = tabletome.game("spirit-link")
    r = Rng(1)
    for seed in range(20):
        state = game.new(seed=seed)
        while not state.is_over:
            seat = state.to_move
            other = state.determinize(seat, Rng(seed))
            a = tabletome.agent(spec, seed=seed).choose(state)
            b = tabletome.agent(spec, seed=seed).choose(other)
            assert str(a) == str(b)
            legal = state.legal_actions()
            state.apply(legal[r.below(len(legal))])


def test_record_round_trip(tmp_path):
    state = tabletome.game("spirit-link").new(seed=12)
    bot = tabletome.agent("heuristic", seed=1)
    while not state.is_over:
        state.apply(bot.choose(state))
    path = tabletome.save_record(state.record(), tmp_path / "r.json")
    again = tabletome.replay(tabletome.load_record(path))
    assert again.snapshot() == state.snapshot()


def test_record_without_seed_is_refused():
    state = tabletome.game("spirit-link").new(seed=1)
    snap = state.snapshot()
    snap["seed"] = None
    restored = tabletome.game("spirit-link").restore(snap)
    with pytest.raises(IllegalAction, match="without a seed"):
        restored.record()


def test_rng_is_deterministic_and_cheap_to_copy():
    a, b = Rng(5), Rng(5)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert c.below(1000) == a.below(1000)
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_randoms_are_the_numbers_random_gives_one_by_one():
    a, b = Rng(11), Rng(11)
    assert a.randoms(7) == [b.random() for _ in range(7)]
    assert a.state == b.state and a.randoms(0) == []
