"""examples/go_fish.py, the template's example game, passes the whole conformance suite: every
check of this folder runs on it, with each of its configurations.

The example registers "go-fish" when imported. So that the other tests of a run (which list
``tabletome.games()``) keep seeing the project's own games only, it is loaded from its file and
registered for each test here alone, its configurations joining the suite's lists meanwhile.
"""

import importlib.util
import inspect
from pathlib import Path

import pytest

import tabletome
from tabletome.core import registry

from . import helpers, test_agent_hooks, test_contract, test_declared_state, test_learning_contract, test_properties

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "go_fish.py"
MODULES = (test_contract, test_properties, test_learning_contract, test_declared_state, test_agent_hooks)
# checks of the suite that take a configuration or a game id (the rest check a named game only)
CHECKS = {f"{m.__name__.rsplit('.', 1)[1]}.{name}": fn for m in MODULES for name, fn in vars(m).items()
          if name.startswith("test_") and callable(fn)
          and {"config", "game_id"} & set(inspect.signature(fn).parameters)}


def load_example():
    spec = importlib.util.spec_from_file_location("go_fish_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def go_fish():
    module = load_example()
    game = tabletome.game("go-fish")
    configs = [("go-fish", players, options) for players, options in game.configurations()]
    ids = [helpers.config_id(c) for c in configs]
    added = [(helpers.CONFIGS, configs), (helpers.IDS, ids), (test_declared_state.ZONED, configs),
             (test_declared_state.ZONED_IDS, ids)]
    for target, items in added:
        target.extend(items)
    try:
        yield module, configs
    finally:
        for target, items in added:
            del target[-len(items):]
        registry._GAMES.pop("go-fish", None)


def test_the_example_registers_go_fish_and_fits_in_400_lines(go_fish):
    assert "go-fish" in tabletome.games()
    assert len(EXAMPLE.read_text().splitlines()) <= 400


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_go_fish_passes(check, go_fish, monkeypatch):
    fn = CHECKS[check]
    params = inspect.signature(fn).parameters
    _, configs = go_fish
    for config in configs:
        kwargs = {"config": config} if "config" in params else {"game_id": "go-fish"}
        if "slow" in params:
            kwargs["slow"] = False
        if "monkeypatch" in params:
            kwargs["monkeypatch"] = monkeypatch
        fn(**kwargs)
        if "game_id" in kwargs:
            break


def test_a_determinize_keeps_what_each_ask_revealed(go_fish):
    """North asked South for a rank: every re-deal for South keeps that rank in North's hand."""
    state = tabletome.game("go-fish").new(players=3, seed=4)
    north = state.view(0)["players"][0]["hand"]
    rank = north[0]
    target = "East" if state.hand_size[1] else "South"
    state.apply(f"ask {target} for {rank}s" if rank[0].isdigit() else
                f"ask {target} for {dict(A='Aces', J='Jacks', Q='Queens', K='Kings')[rank]}")
    known = state.view(2)["players"][0]["known_in_hand"]
    if state.to_move == 0:    # North asks again: what it holds is known all the same
        assert rank in known
    kind = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].index(rank)
    for seed in range(30):
        copy = state.determinize(2, seed)
        assert copy.hand[0][kind] >= state.known[0][kind] >= 1
        assert copy.view(2) == state.view(2)


def test_the_heuristic_beats_random_play(go_fish):
    game = tabletome.game("go-fish")
    wins = 0
    for seed in range(40):
        state = game.new(players=2, seed=seed)
        agents = [tabletome.agent("heuristic", seed=seed), tabletome.agent("random", seed=seed)]
        while not state.is_over:
            state.apply(agents[state.to_move].choose(state))
        wins += 0 in state.winners
    assert wins >= 24


def test_the_table_shows_the_last_ask(go_fish):
    """After an ask the terminal's table says who asked whom for what."""
    from rich.console import Console

    game = tabletome.game("go-fish")
    seen = set()
    for seed in range(12):
        state = game.new(players=2, seed=seed)
        move = state.legal_actions()[-1]
        state.apply(move)
        console = Console(record=True, width=80)
        console.print(game.render(state.view(1), 1))
        rank = move.text.split(" for ")[1]
        assert f"last: North asked South for {rank}" in console.export_text()
        seen.add(rank[0].isdigit())
    assert seen == {True, False}, "asks for numbers and for named ranks"
