"""Hostile input against the real server (hypothesis): WebSocket messages, request bodies and agent
specs with their budgets. Each gets a clear refusal or a success, never a traceback (a 500) nor a
dropped connection; a refusal changes nothing; every answer comes within a bounded time. A few
hundred examples each in CI; ``pytest --slow`` runs ten times more."""

import json
import math
import sqlite3

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import Client, seat

ANSWER = 15          # seconds: the most any one answer may take (a generous bound, not a timing)
CI_EXAMPLES = 200
SLOW_EXAMPLES = 2000
MESSAGE_TYPES = ["hello", "move", "hint", "rematch", "ping", "dance", "", "HELLO"]
SERVER_TYPES = {"welcome", "state", "hint", "rematch", "error", "pong"}

texts = st.one_of(st.text(max_size=30), st.sampled_from(["\ud800", "\udfff", "a\ud800b", "\x00", "\u202e", "🂡",
                                                           "<script>alert(1)</script>", "x" * 300]))
numbers = st.one_of(st.integers(), st.integers(-3, 40), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([2 ** 63, -2 ** 63, 2 ** 64, 10 ** 30]))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(texts, inner, max_size=4)), max_leaves=12)


def fuzz_settings(n):
    return settings(max_examples=n, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def to_raw(message) -> str:
    """JSON text as a page might send it: lone surrogates escaped (json.dumps does so)."""
    return json.dumps(message, allow_nan=True)


@st.composite
def ws_messages(draw, table_id, token):
    """One frame: usually a message of a known type whose fields are each present or not, well
    typed or hostile (a lone surrogate, a huge number, a nested value...); sometimes not JSON."""
    kind = draw(st.sampled_from(MESSAGE_TYPES))
    message = {"type": kind}
    fields = {"table": st.one_of(st.just(table_id), texts, values), "seat": st.one_of(st.just(0), st.none(), values),
              "token": st.one_of(st.just(token), texts, values), "action": st.one_of(st.integers(-2, 60), texts, values),
              "step": st.one_of(st.integers(-1, 50), values),
              "id": st.one_of(st.integers(), st.sampled_from(["\ud800", "a\udfffb", "\udc00\ud800"]), texts, values)}
    for name, strategy in fields.items():
        if draw(st.booleans()):
            message[name] = draw(strategy)
    if draw(st.integers(0, 3)) == 0:
        extra = draw(st.dictionaries(texts, values, max_size=2))
        message.update({k: v for k, v in extra.items() if k not in message})
    if draw(st.integers(0, 9)) == 0:            # sometimes not even JSON, or not an object
        return draw(st.one_of(st.text(max_size=60), st.just(to_raw(message)[:-1]), st.just("[" * 3000),
                              st.builds(to_raw, values)))
    return to_raw(message)


def table_step(http, table_id) -> int:
    return http.get(f"/api/tables/{table_id}").json()["step"]


def run_ws_fuzz(server, n):
    table = server.create("spirit-link", options={"starting_hand": 3}, seed=12,
                          seats=[{"agent": None}, {"agent": None}])
    tid, me, token = seat(table, 0)
    page = Client(server)
    http = httpx.Client(base_url=server.url, timeout=ANSWER)
    counter = iter(range(10 ** 9))
    again = [True]                                 # say hello (again) before the next example

    @fuzz_settings(n)
    @given(st.data())
    def check(data):
        raw = data.draw(ws_messages(tid, token))
        if again[0]:
            page.hello(tid, me, token)             # an earlier example may have said hello elsewhere
            again[0] = False
        before = table_step(http, tid)
        again[0] = '"hello"' in raw
        page.send(raw)
        mark = f"fuzz-{next(counter)}"
        page.send({"type": "ping", "id": mark})    # everything the message caused comes before this
        got = []
        while True:
            reply = page.recv(ANSWER)              # a dropped connection raises here
            got.append(reply)
            if reply["type"] == "pong" and reply.get("id") == mark:
                break
        after = table_step(http, tid)
        while page.state["step"] < after:          # the state carrying an ack may follow the pong
            got.append(page.recv(ANSWER))
        assert {m["type"] for m in got} <= SERVER_TYPES, got
        for m in got:
            if m["type"] == "error":
                assert m["code"] and isinstance(m["message"], str) and m["message"], m
        acked = any(m["type"] == "state" and m.get("ack") is not None for m in got)
        assert after == before + (1 if acked else 0), (raw, got)   # a refusal changes nothing

    check()
    page.send({"type": "ping", "id": "last"})
    assert page.until(lambda m: m["type"] == "pong", ANSWER)["id"] == "last"   # the connection still works
    page.close()
    http.close()


def test_hostile_websocket_messages_get_a_clear_answer_and_change_nothing(server):
    run_ws_fuzz(server, CI_EXAMPLES)


@pytest.mark.slow
def test_hostile_websocket_messages_soak(server):
    run_ws_fuzz(server, SLOW_EXAMPLES)


# --- agent specs and budgets ----------------------------------------------------------------------------
SETTINGS = ["iterations", "seconds", "c", "policy", "depth", "opponents", "epsilon", "path", "greedy", "", "x"]
spec_values = st.one_of(st.integers(-5, 10 ** 12).map(str), st.floats(allow_nan=True, allow_infinity=True).map(repr),
                        st.sampled_from(["inf", "-inf", "nan", "1e308", "0", "-0", "0x10", "1_000", "", "random",
                                         "heuristic", "search", "policy", "../../etc/passwd", "/etc/passwd"]),
                        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12))


@st.composite
def agent_specs(draw):
    name = draw(st.sampled_from(["ismcts", "heuristic", "random", "policy", "ISMCTS", " ismcts ", "nobody"]))
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        key = draw(st.sampled_from(SETTINGS))
        parts.append(f"{key}={draw(spec_values)}" if draw(st.integers(0, 5)) else key)
    return name + (":" + ",".join(parts) if parts else "")


def tables_stored(server) -> int:
    with sqlite3.connect(server.db) as db:
        return db.execute("SELECT count(*) FROM tables").fetchone()[0]


def within_limits(spec: str, seconds=5.0, iterations=100_000, depth=2000) -> bool:
    """What an accepted spec may name: no budget over the server's limits."""
    import tabletome
    bot = tabletome.agent(spec, seed=0)
    given_ = getattr(bot, "explicit", {})
    return (given_.get("seconds", 0) <= seconds and given_.get("iterations", 0) <= iterations
            and given_.get("depth", 0) <= depth and math.isfinite(given_.get("seconds", 0)))


def run_spec_fuzz(server, n):
    http = httpx.Client(base_url=server.url, timeout=ANSWER)

    @fuzz_settings(n)
    @given(agent_specs(), st.sampled_from(["spirit-link"]))
    def check(spec, game):
        before = tables_stored(server)
        r = http.post("/api/tables", json={"game": game, "options": {"first": "north"},
                                           "seats": [{"agent": None}, {"agent": spec}]})
        assert r.status_code in (200, 400), (spec, r.status_code, r.text)
        if r.status_code == 400:
            message = r.json()["error"]
            assert isinstance(message, str) and message.startswith("seat 1: "), (spec, message)
            assert tables_stored(server) == before, spec        # nothing stored
        else:
            assert tables_stored(server) == before + 1
            assert within_limits(spec), spec

    check()
    http.close()


def test_hostile_agent_specs_are_refused_clearly_or_kept_within_the_limits(server):
    run_spec_fuzz(server, CI_EXAMPLES)


@pytest.mark.slow
def test_hostile_agent_specs_soak(server):
    run_spec_fuzz(server, SLOW_EXAMPLES)


def run_body_fuzz(server, n):
    paths = ["/api/tables", "/api/seats", "/api/lookup"]
    bodies = st.one_of(values, st.fixed_dictionaries({"game": st.one_of(st.sampled_from(["spirit-link", "life-siphon",
                                                                                        "bad-baby-lich-lords",
                                                                                        "life-and-legend"]), values)},
                                                     optional={"players": values, "options": values, "seats": values,
                                                               "seed": values, "tickets": values}))

    http = httpx.Client(base_url=server.url, timeout=ANSWER)

    @fuzz_settings(n)
    @given(st.sampled_from(paths), bodies)
    def check(path, body):
        before = tables_stored(server)
        r = http.post(path, content=to_raw(body).encode(), headers={"content-type": "application/json"})
        assert r.status_code in (200, 400, 403, 404, 413), (path, body, r.status_code, r.text)
        if r.status_code != 200:
            assert r.json()["error"], r.text
            assert tables_stored(server) == before

    check()
    http.close()


def test_hostile_request_bodies_get_a_clear_answer(server):
    run_body_fuzz(server, CI_EXAMPLES)


@pytest.mark.slow
def test_hostile_request_bodies_soak(server):
    run_body_fuzz(server, SLOW_EXAMPLES)
