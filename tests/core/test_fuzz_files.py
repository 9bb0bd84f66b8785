"""Fuzzing the doors files come in by (hypothesis): hostile card files (``--cards``, a record's or a
snapshot's card file), records (``--resume``, ``replay``) and snapshots (``game.restore``), made by
breaking each game's own files, against the real loaders.

Every example must end in success or ``IllegalAction`` with a message; never another exception,
never a change to the input or to the game (a refused file leaves everything as it was), within a
generous bound of time and memory. A few hundred examples run in CI; ``--slow`` runs thousands."""

from __future__ import annotations

import copy
import json
import math
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import tabletome
from tabletome import IllegalAction
from tabletome.agents import agent
from tabletome.cli.tables import seat_specs

GAME_IDS = sorted(tabletome.games())
GAMES_DIR = Path(tabletome.__file__).parent / "games"
PEAK_BYTES = 200_000_000     # generous: the largest file allowed, parsed, holds a few tens of MB


def fuzz_settings(slow, ci=60):
    # deadline: a generous bound on one example (loading, and a few moves when it loads); each takes
    # milliseconds, so only a loader that hangs or crawls reaches it
    return settings(max_examples=ci * 20 if slow else ci, deadline=30_000, derandomize=not slow,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.data_too_large, HealthCheck.large_base_example])


# --- hostile values ------------------------------------------------------------------------------------
NASTY_TEXT = ["", " ", "\x1b]0;PWNED\x07\x1b[2J\x1b[41m", "\u202eevil", "[red]x[/red]", "[/bold]", "\x00", "\ud800",
              "W" * 5000, "Wolf", "wolf", "transform Wolf", "none", "designed", "rulebook", "Zard", "\n\n", "é" * 90]
NASTY_NUMBERS = [0, -1, 1, 2, 3, 6, 7, 12, 13, 30, 31, 99, 999, 1000, -1000, 10 ** 8, 2 ** 63, 2 ** 64, -(2 ** 63),
                 10 ** 30]
SCALARS = st.one_of(st.sampled_from(NASTY_TEXT), st.sampled_from(NASTY_NUMBERS), st.text(max_size=20),
                    st.integers(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["op", "n", "name", "x", "level", ""]) | st.text(max_size=6),
                                                 inner, max_size=3)), max_leaves=8)
BIG = st.sampled_from([list(range(200)), [{"op": "discard"}] * 150, "x" * 3000, {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}])


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"


def to_toml(data: dict) -> str:
    """A card file's tables as TOML (each table an array of tables, as every game writes them)."""
    out = []
    for table, rows in data.items():
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            out.insert(0, f"{json.dumps(table)} = {toml_value(rows)}")
            continue
        for row in rows:
            out.append(f"[[{json.dumps(table)}]]")
            out.extend(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in row.items())
            out.append("")
    return "\n".join(out)


def own_cards(game_id) -> dict:
    import tomllib
    return tomllib.loads((GAMES_DIR / game_id.replace("-", "_") / "cards.toml").read_text())


def mutate(data, draw, depth=0):
    """A copy of ``data`` (JSON-like) with one place broken: replaced by a hostile value, deleted, or
    given a field of its own; the place is chosen by walking down at random."""
    data = copy.deepcopy(data)
    if not isinstance(data, (dict, list)) or not data:
        return draw(VALUES | BIG)
    keys = list(data) if isinstance(data, dict) else list(range(len(data)))
    key = draw(st.sampled_from(keys))
    action = draw(st.sampled_from(["replace", "delete", "add", "deeper", "deeper", "deeper"]))
    if action == "deeper" and depth < 6:
        data[key] = mutate(data[key], draw, depth + 1)
    elif action == "delete":
        del data[key]
    elif action == "add" and isinstance(data, dict):
        data[draw(st.text(max_size=8))] = draw(VALUES)
    elif action == "add":
        data.append(draw(VALUES))
    else:
        data[key] = draw(VALUES | BIG)
    return data


def text_mutation(text: str, draw) -> str:
    """Raw damage to a file's text: a cut, a repeat, an insertion of hostile characters."""
    n = len(text)
    a = draw(st.integers(0, n))
    b = draw(st.integers(a, min(n, a + 400)))
    kind = draw(st.sampled_from(["cut", "repeat", "insert", "garbage"]))
    if kind == "cut":
        return text[:a] + text[b:]
    if kind == "repeat":
        return text[:b] + text[a:b] * draw(st.integers(2, 50)) + text[b:]
    if kind == "insert":
        return text[:a] + draw(st.sampled_from(NASTY_TEXT + ["[", "]", "=", '"', "[[card]]", "\\u"])) + text[a:]
    return draw(st.text(max_size=300))


# --- the checks ---------------------------------------------------------------------------------------
def fingerprint(game) -> str:
    """What a refused file must leave as it was: a new game with the game's own cards, and their info."""
    return json.dumps([game.new(seed=1).snapshot(), game.cards_info()], sort_keys=True, default=str)


def bounded(call):
    """``call()`` within the memory bound; returns its result or the IllegalAction it raised."""
    tracemalloc.start()
    try:
        return call()
    except IllegalAction as exc:
        assert str(exc).strip(), "an IllegalAction without a message"
        return exc
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert peak < PEAK_BYTES, f"peak memory {peak:,} bytes"


def plays(state, steps=30):
    """A state that loaded plays on: views, snapshots, clones and a few random moves answer."""
    bot = agent("random", seed=0)
    for _ in range(steps):
        for seat in [None, *range(state.players)]:
            state.view(seat)
        if state.is_over:
            break
        state.apply(bot.choose(state))
    state.game.restore(json.loads(json.dumps(state.snapshot())))
    state.clone()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_card_files_are_refused_or_play(game_id, slow):
    game = tabletome.game(game_id)
    before = fingerprint(game)
    base = own_cards(game_id)
    text0 = to_toml(base)
    game.check_cards(text0, "own.toml")          # the serializer writes a file the game accepts

    @fuzz_settings(slow)
    @given(data=st.data())
    def check(data):
        if data.draw(st.booleans()):
            text = to_toml(mutate(base, data.draw))
        else:
            text = text_mutation(text0, data.draw)
        result = bounded(lambda: game.check_cards(text, "fuzz.toml"))
        event("refused" if isinstance(result, IllegalAction) else "accepted")
        if isinstance(result, IllegalAction):
            assert "fuzz.toml" in str(result) or "card file" in str(result), str(result)
            assert fingerprint(game) == before, "a refused card file changed the game"
            return
        started = bounded(lambda: game.new(seed=0, card_text=text))
        if isinstance(started, IllegalAction):
            return
        game.cards_info(text)
        plays(started)

    check()


def record_of(game_id, players, options, moves, seed=3):
    state = tabletome.game(game_id).new(players=players, seed=seed, **options)
    bot = agent("random", seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return {**state.record(), "seats": ["human"] * state.players}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_records_are_refused_or_replay(game_id, slow, tmp_path):
    game = tabletome.game(game_id)
    records = [record_of(game_id, players, options, 40) for players, options in game.configurations()[:4]]
    before = fingerprint(game)

    @fuzz_settings(slow)
    @given(data=st.data())
    def check(data):
        record = mutate(data.draw(st.sampled_from(records)), data.draw)
        if data.draw(st.booleans()) and isinstance(record, dict):
            record["cards"] = data.draw(st.sampled_from(NASTY_TEXT)) if data.draw(st.booleans()) \
                else to_toml(mutate(own_cards(game_id), data.draw)) if game_id != "life-and-legend" \
                else text_mutation(to_toml(own_cards(game_id)), data.draw)
        given_record = copy.deepcopy(record)
        path = tmp_path / "fuzz.json"
        try:
            path.write_text(json.dumps(record))
        except (UnicodeEncodeError, ValueError):
            return                                 # not something a file can hold
        loaded = bounded(lambda: tabletome.load_record(path))
        assert record == given_record or json.dumps(record) == json.dumps(given_record)
        if isinstance(loaded, IllegalAction):
            return
        state = bounded(lambda: tabletome.replay(loaded))          # what replay and --resume do
        event("refused" if isinstance(state, IllegalAction) else "replayed")
        if isinstance(state, IllegalAction):
            assert fingerprint(game) == before, "a refused record changed the game"
            return
        try:                                        # --resume seats the record's agents
            seat_specs(state.game, state.players, loaded.get("seats"), "human", "heuristic")
        except IllegalAction:
            pass
        plays(state, steps=5)

    check()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_snapshots_are_refused_or_restore_and_play(game_id, slow):
    game = tabletome.game(game_id)
    snapshots = []
    for players, options in game.configurations()[:4]:
        for moves in (0, 25, 80):
            state = game.new(players=players, seed=7, **options)
            bot = agent("random", seed=7)
            for _ in range(moves):
                if state.is_over:
                    break
                state.apply(bot.choose(state))
            snapshots.append(state.snapshot())
    before = fingerprint(game)

    @fuzz_settings(slow, ci=100)
    @given(data=st.data())
    def check(data):
        snapshot = mutate(data.draw(st.sampled_from(snapshots)), data.draw)
        given_snapshot = json.dumps(snapshot, sort_keys=True, default=repr)
        state = bounded(lambda: game.restore(snapshot))
        event("refused" if isinstance(state, IllegalAction) else "restored")
        assert json.dumps(snapshot, sort_keys=True, default=repr) == given_snapshot, "restore changed its input"
        if isinstance(state, IllegalAction):
            assert fingerprint(game) == before, "a refused snapshot changed the game"
            return
        state.legal_actions()
        plays(state, steps=5)

    check()
