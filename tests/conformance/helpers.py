"""Shared helpers for the conformance suite: which configurations to play, and random play."""

import ast
import functools
import json
import marshal

import tabletome
from tabletome.core import Rng


def all_configurations():
    """(game id, players, options) for every registered game and each of its option sets."""
    configs = []
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        for players, options in game.configurations():
            configs.append((game_id, players, options))
    return configs


def config_id(config):
    game_id, players, options = config
    game = tabletome.game(game_id)
    changed = [f"{k}={v}" for k, v in options.items() if v != game.options[k][0]]
    return f"{game_id}-{players}p" + ("-" + ",".join(changed) if changed else "")


CONFIGS = all_configurations()
IDS = [config_id(c) for c in CONFIGS]


def new_state(config, seed):
    game_id, players, options = config
    return tabletome.game(game_id).new(players=players, seed=seed, **options)


def random_step(state, rng):
    legal = state.legal_actions()
    action = legal[rng.below(len(legal))]
    state.apply(action)
    return action


def play_random(state, rng, max_steps=100_000, each=None):
    steps = 0
    while not state.is_over:
        random_step(state, rng)
        steps += 1
        if each is not None:
            each(state)
        assert steps < max_steps, f"game did not end within {max_steps} decisions"
    return steps


def fingerprint(data) -> bytes:
    """``data`` (a snapshot, a view) frozen as bytes, to compare against later, at a third of
    ``json.dumps``' cost: equal bytes mean equal data. (marshal version 2 writes no back-references,
    so equal values give the same bytes whether or not they share objects; only a different key
    order can make equal data give different bytes, and ``assert_same`` looks again then.)"""
    return marshal.dumps(data, 2)


def assert_same(data, frozen: bytes, message: str = "") -> None:
    """Assert that ``data`` equals what ``fingerprint`` froze, with a readable diff when not."""
    if fingerprint(data) != frozen:
        assert json.dumps(data, sort_keys=True, indent=1) == json.dumps(marshal.loads(frozen), sort_keys=True, indent=1), message


def as_json(data):
    """Round-trip through JSON text, as a file would."""
    return json.loads(json.dumps(data))


def rng(seed):
    return Rng(seed)


# A configuration's games are counted in Spirit Link-sized games: a test asking for N games plays
# N games of a configuration whose random games last about this many decisions, and fewer, longer
# games of a longer configuration (Life & Legend's Eternal mode runs about 1,200), so every
# configuration gets about the same number of positions checked, not the same number of games.
REFERENCE_LENGTH = 150
# A game's size also counts what happens between decisions: its log lines, at Spirit Link's rate of
# about this many a decision. Life & Legend's AI cards play whole turns inside one decision (about
# 11 log lines a decision at four players), so those games are far larger than their decisions say.
LOG_LINES_PER_DECISION = 1.8


def mean_random_length(config):
    """The mean length (decisions) of a few random games of ``config``, seeds apart from the tests'."""
    _CONFIG_OF[config_id(config)] = config
    return _mean_random_size(config_id(config))[0]


def mean_random_size(config):
    """The mean size of those games: their decisions, or their log lines in Spirit Link's decisions
    (``LOG_LINES_PER_DECISION``) where that is more."""
    _CONFIG_OF[config_id(config)] = config
    decisions, lines = _mean_random_size(config_id(config))
    return max(decisions, lines / LOG_LINES_PER_DECISION)


_CONFIG_OF: dict = {}   # (a game registered by a test, such as examples/go_fish.py, is in no CONFIGS)


@functools.cache
def _mean_random_size(key):
    config = _CONFIG_OF[key]
    decisions = lines = 0
    for k in range(3):
        state = new_state(config, 10_000 + k)
        decisions += play_random(state, rng(10_000 + k))
        lines += len(state.log)
    return decisions / 3, lines / 3


def games_for(config, slow, normal, soak):
    """How many games a test plays of ``config``: ``normal`` (``soak`` with ``--slow``) games as large
    as Spirit Link's, scaled down for larger configurations (never below a tenth, nor below 2)."""
    n = soak if slow else normal
    scale = min(1.0, REFERENCE_LENGTH / max(1.0, mean_random_size(config)))
    return max(2, -(-n // 10), round(n * scale))


def stride(config):
    """Check every ``stride``-th position of a game: 1 for games of about Spirit Link's length, more
    for longer ones, whose late positions (long logs and histories) also cost more to check."""
    return max(1, round(mean_random_length(config) / REFERENCE_LENGTH))


# --- a game folder's layout (tests/conformance/test_layout.py, tests/life_siphon/test_layout.py) ---
def sibling_imports(path):
    """(module-level sibling imports, sibling imports inside a function or class) of one module."""
    tree = ast.parse(path.read_text(), str(path))
    top, late = set(), []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
        if node in tree.body:
            top.update(names)
        else:
            late.append((node.lineno, names))
    return top, late


def modules_without_a_circle(folder) -> set:
    """The folder's modules (``__init__`` aside), visited along their sibling imports; an
    AssertionError names the first import circle found."""
    graph = {p.stem: sibling_imports(p)[0] - {p.stem} for p in folder.glob("*.py")}
    graph.pop("__init__")
    done, path = set(), []

    def visit(module):
        if module in path:
            raise AssertionError(f"import circle: {' -> '.join(path[path.index(module):] + [module])}")
        if module in done or module not in graph:
            return
        path.append(module)
        for dep in sorted(graph[module]):
            visit(dep)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
    return done
