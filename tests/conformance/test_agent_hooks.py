"""The hooks agents read from a game (``core.game.AGENT_HOOKS``: ``search_settings``,
``search_settings_for``, ``heuristic_action``, ``rollout_action``, ``evaluate``, ``turn_key``) are
declared on core's ``Game``, each with a documented default; every game overrides those it has
there, and everything that reads a game (agents, the lab, the RL adapters, the interfaces) reads
declared names directly, never probing a game for an optional attribute."""

import ast
from pathlib import Path

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.agents import ISMCTSAgent
from tabletome.core import Action, Game, Rng, State
from tabletome.core.game import AGENT_HOOKS
from tabletome.core.observation import Encoder

from .helpers import CONFIGS, IDS, new_state, random_step

SRC = Path(tabletome.__file__).resolve().parent
# the code that reads games through the contract (the games and core are what it reads)
READERS = ["agents", "lab", "rl", "server", "cli", "arena.py", "undo.py"]


def test_every_agent_hook_is_declared_on_core_game():
    for name in AGENT_HOOKS:
        assert name in vars(Game), f"{name} is not declared on core.Game"


def bare(game_id):
    """The game, as a subclass of its class that declares none of the hooks (Game's defaults)."""
    cls = type(tabletome.game(game_id))
    return type(f"Bare{cls.__name__}", (cls,), {name: vars(Game)[name] for name in AGENT_HOOKS})()


@pytest.mark.parametrize("game_id", tabletome.games())
def test_a_game_declaring_no_hook_gets_the_documented_defaults(game_id):
    game = bare(game_id)
    state = game.new(seed=3)
    r = Rng(1)
    while len(state.legal_actions()) < 2:
        random_step(state, r)
    assert game.search_settings == {} and game.search_settings_for(state.players) == {}
    assert game.heuristic_action(state, r) is None and game.rollout_action(state, r) is None
    assert all(game.evaluate(state, seat) is None for seat in range(state.players))
    view = state.view(None)
    assert state.turn_key() == game.turn_key(state) == (view.get("round"), view.get("turn"), view.get("active"))
    # the agents play it with their own defaults: ISMCTS with random rollouts to the end, and the
    # heuristic agent says there is none
    bot = tabletome.agent("ismcts:iterations=8", seed=1)
    assert bot.choose(state).id in {a.id for a in state.legal_actions()}
    with pytest.raises(IllegalAction, match="has no heuristic agent"):
        tabletome.agent("heuristic", seed=1).choose(state)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_games_hooks_answer_as_declared(config):
    """Each hook of each configuration answers as ``Game`` documents it: settings the ISMCTS agent
    accepts, heuristic and rollout choices that are legal (or None: no policy), estimates in [0, 1]
    (or None), and a turn key that a copy of the position shares."""
    game_id, players, options = config
    game = tabletome.game(game_id)
    settings = game.search_settings_for(players)
    assert isinstance(settings, dict)
    ISMCTSAgent().settings_for(game, players)   # refuses a setting it does not know, naming it
    state = new_state(config, 7)
    r = Rng(2)
    for _ in range(6):
        if state.is_over:
            break
        seat = state.to_move
        legal = {a.id for a in state.legal_actions()}
        seen = state.determinize(seat, Rng(5))
        for hook in (game.heuristic_action, game.rollout_action):
            choice = hook(seen.clone(), Rng(3))
            assert choice is None or choice.id in legal, f"{game_id}: {hook.__name__} chose {choice}, not legal"
        for s in range(state.players):
            value = game.evaluate(seen, s)
            assert value is None or 0.0 <= value <= 1.0
        key = state.turn_key()
        hash(key)
        assert state.clone().turn_key() == key
        for _ in range(7):
            if not state.is_over:
                random_step(state, r)


def _probes(path: Path):
    """``(line, name)`` of each ``getattr``/``hasattr`` call in ``path`` naming a constant attribute."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            yield node.lineno, node.args[1].value


def declared_names() -> set[str]:
    """Every name core declares for a game, its state, an encoder or an action, and every name a
    registered game's classes define."""
    names = set(dir(Game)) | set(dir(State)) | set(dir(Encoder)) | set(Action.__slots__)
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        for cls in type(game).__mro__ + game.state_class.__mro__:
            names |= set(vars(cls)) | set(getattr(cls, "__slots__", ()))
    return names


def probed(roots) -> list[str]:
    names = declared_names()
    found = []
    for root in roots:
        for path in sorted([root] if root.is_file() else root.rglob("*.py")):
            found += [f"{path.relative_to(SRC)}:{line} probes {name!r}" for line, name in _probes(path) if name in names]
    return found


def test_readers_of_games_never_probe_for_a_hook():
    """A name core declares is read directly (it always answers, with its default); a name only a
    game defines is no hook at all until core's Game declares it."""
    assert probed([SRC / r for r in READERS]) == []


def test_the_probe_check_finds_a_probe(tmp_path):
    reader = tmp_path / "reader.py"
    reader.write_text('def settings(game, players):\n'
                      '    pick = getattr(game, "search_settings_for", None)\n'
                      '    return pick(players) if pick else getattr(game, "solitaire_search_settings", {})\n')
    found = [name for _, name in _probes(reader)]
    assert found == ["search_settings_for", "solitaire_search_settings"]
    assert set(found) <= declared_names()
