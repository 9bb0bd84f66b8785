"""The WebSocket protocol against a real server: every bad message answered with a clear error
that changes nothing, tokens that stop working, moves applied one after the other."""

import json
import threading

import httpx
import pytest

from .helpers import Client, seat


def spirit_link(server, seats=None, seed=3):
    return server.create("spirit-link", options={"starting_hand": 3}, seed=seed,
                         seats=seats or [{"agent": None}, {"agent": None}])


def opened(server, table, i):
    c = Client(server)
    first = c.hello(*seat(table, i))
    assert first["type"] == "state", first
    return c


def test_a_seat_sees_its_state_and_moves(server):
    table = spirit_link(server)
    north = opened(server, table, 0)
    state = north.state
    assert state["seat"] == 0 and state["to_move"] == 0 and state["step"] == 0
    assert state["legal"] and all(set(a) == {"id", "text"} for a in state["legal"])
    assert state["log"]["from"] == 0 and state["log"]["lines"]
    assert "log" not in state["view"]
    action = state["legal"][0]
    north.send({"type": "move", "action": action["text"], "step": 0, "id": "m1"})
    after = north.until(lambda m: m["type"] == "state" and m.get("ack") == "m1")
    assert after["step"] == 1
    assert after["log"]["from"] == len(state["log"]["lines"])      # only the new lines


@pytest.mark.parametrize("raw, code", [
    ("not json at all", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "dance"}', "unknown-type"),
    ('{"type": "move"}', "bad-field"),
    ('{"type": "hello", "table": "<script>alert(1)</script>"}', "bad-field"),
    ('{"type": "hello", "table": "abc", "seat": "0", "token": "x"}', "bad-field"),
    ('{"type": "move", "action": "pass", "step": "now"}', "bad-field"),
    ('{"type": "ping", "id": "\\ud800"}', "malformed"),                # a lone surrogate, echoed nowhere
    ('{"type": "move", "action": "\\udfff", "id": 1}', "malformed"),
    ('{"type": "hello", "table": "abc", "\\ud800": 1}', "malformed"),
])
def test_malformed_messages_are_refused_clearly(server, raw, code):
    c = Client(server)
    err = c.error(raw)
    assert err["code"] == code, err
    assert err["message"]
    c.send({"type": "ping", "id": 7})
    assert c.until(lambda m: m["type"] == "pong")["id"] == 7      # the connection still works


def test_a_message_over_the_size_limit_is_refused(server):
    c = Client(server)
    err = c.error(json.dumps({"type": "ping", "pad": "x" * 5000}))
    assert err["code"] == "too-large" and "4096" in err["message"]


def test_unknown_table_wrong_seat_and_forged_tokens(server):
    table = spirit_link(server, seats=[{"agent": None}, {"agent": "heuristic"}])
    c = Client(server)
    err = c.hello("nosuchtable", 0, "x")
    assert err["code"] == "unknown-table" and "nosuchtable" in err["message"]
    err = c.hello(table["id"], 5, "x")
    assert err["code"] == "bad-seat"
    err = c.hello(table["id"], 1, "x")                     # an agent's seat
    assert err["code"] == "bad-seat" and "heuristic" in err["message"]
    err = c.hello(table["id"], 0, table["seats"][0]["token"][:-2] + "xx")
    assert err["code"] == "bad-token"
    err = c.error({"type": "move", "action": "pass"})      # no seat taken: nothing moves
    assert err["code"] == "no-table"
    assert server.get(f"/api/tables/{table['id']}").json()["step"] == 0


def test_spectators_and_out_of_turn_moves_change_nothing_and_leak_nothing(server):
    table = spirit_link(server)
    north, south = opened(server, table, 0), opened(server, table, 1)
    spectator = Client(server)
    assert spectator.hello(table["id"])["legal"] == []
    assert south.state["legal"] == []                      # not its turn: no list (it could name cards)
    north_choices = [a["text"] for a in north.state["legal"]]
    err = spectator.error({"type": "move", "action": north_choices[0]})
    assert err["code"] == "spectator"
    for text in north_choices:
        err = south.error({"type": "move", "action": text, "id": 3})
        assert err["code"] == "not-your-turn" and err["id"] == 3
        assert not any(t in err["message"] for t in north_choices if t != "pass")
    err = south.error({"type": "move", "action": north.state["legal"][0]["id"]})
    assert err["code"] == "not-your-turn"
    assert server.get(f"/api/tables/{table['id']}").json()["step"] == 0


def test_illegal_and_stale_moves_get_the_engines_reason(server):
    table = spirit_link(server)
    north = opened(server, table, 0)
    err = north.error({"type": "move", "action": "transform Unicorn"})
    assert err["code"] == "illegal" and "Unicorn" in err["message"]
    err = north.error({"type": "move", "action": 99999})
    assert err["code"] == "illegal" and "99999" in err["message"]
    err = north.error({"type": "move", "action": north.state["legal"][0]["text"], "step": 7})
    assert err["code"] == "stale" and "step 7" in err["message"]
    assert server.get(f"/api/tables/{table['id']}").json()["step"] == 0


def test_two_moves_at_once_are_applied_one_after_the_other(server):
    """Two tabs of the seat to move send a move for the same position at the same moment: one is
    applied, the other is refused as stale, and storage holds exactly one action for that step."""
    for attempt in range(5):
        table = spirit_link(server, seed=10 + attempt)
        tabs = [opened(server, table, 0) for _ in range(2)]
        legal = tabs[0].state["legal"]
        go = threading.Barrier(2)

        def fire(tab, action):
            go.wait()
            tab.send({"type": "move", "action": action["id"], "step": 0, "id": action["id"]})

        threads = [threading.Thread(target=fire, args=(tabs[i], legal[i % len(legal)])) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        outcomes = []
        for tab in tabs:
            m = tab.until(lambda m: m.get("ack") is not None or m["type"] == "error")
            outcomes.append("ok" if m["type"] == "state" else m["code"])
        assert sorted(outcomes) == ["ok", "stale"], outcomes
        info = server.get(f"/api/tables/{table['id']}").json()
        assert info["step"] == 1


def test_a_vacated_or_reinvited_seat_token_stops_working(server):
    table = spirit_link(server)
    north = opened(server, table, 0)
    old = table["seats"][0]["token"]
    r = server.post(f"/api/tables/{table['id']}/seats/0/invite", {"host": "not the host"})
    assert r.status_code == 403
    r = server.post(f"/api/tables/{table['id']}/seats/0/invite", {"host": table["host"]})
    assert r.status_code == 200
    new = r.json()["token"]
    assert new != old
    err = north.until(lambda m: m["type"] == "error")
    assert err["code"] == "revoked"
    c = Client(server)
    assert c.hello(table["id"], 0, old)["code"] == "bad-token"
    again = Client(server)
    assert again.hello(table["id"], 0, new)["type"] == "state"
    r = server.post(f"/api/tables/{table['id']}/seats/0/vacate", {"host": table["host"]})
    assert r.status_code == 200
    assert again.until(lambda m: m["type"] == "error")["code"] == "revoked"
    assert Client(server).hello(table["id"], 0, new)["code"] == "bad-token"
    looked = server.post("/api/lookup", {"tickets": [{"table": table["id"], "seat": 0, "token": new}]}).json()
    assert looked["tables"][0]["valid"] is False


def test_the_message_rate_per_connection_is_bounded(fresh_server):
    server = fresh_server("--rate", "5")
    c = Client(server)
    for i in range(40):
        c.send({"type": "ping", "id": i})
    got = c.drain(1.0)
    pongs = [m for m in got if m["type"] == "pong"]
    rate = [m for m in got if m.get("code") == "rate"]
    assert rate and "5 a second" in rate[0]["message"]
    assert 5 <= len(pongs) <= 15          # the burst (10), and what refilled meanwhile


def test_records_only_after_the_end_then_upload_and_replay(server):
    table = server.create("spirit-link", options={"starting_hand": 3}, seed=5,
                          seats=[{"agent": None}, {"agent": None}])
    r = server.get(f"/api/tables/{table['id']}/record")
    assert r.status_code == 403 and "over" in r.json()["error"]
    assert server.get(f"/api/tables/{table['id']}/replay?step=0").status_code == 403
    tabs = [opened(server, table, i) for i in range(2)]
    step = 0
    while True:
        for t in tabs:
            t.at_step(step)
        mover = [t for t in tabs if t.state["legal"]]
        if not mover:
            break
        mover[0].send({"type": "move", "action": mover[0].state["legal"][-1]["id"], "step": step})
        step += 1
    assert tabs[0].state["over"] and tabs[0].state["result"]
    record = server.get(f"/api/tables/{table['id']}/record").json()
    assert len(record["actions"]) == step and record["game"] == "spirit-link"
    import tabletome
    assert tabletome.replay(record).is_over
    up = server.post("/api/records", record).json()
    assert up["steps"] == step and up["over"]
    frame = server.get(f"/api/tables/{up['id']}/replay?step=3&seat=1").json()
    assert frame["step"] == 3 and frame["action"] == record["actions"][2]
    assert frame["view"] == tabletome.replay(record, upto=3).view(1)
    bad = server.post("/api/records", {**record, "actions": record["actions"][:2] + ["transform Unicorn"]})
    assert bad.status_code == 400 and "Unicorn" in bad.json()["error"]
    # a rematch: the same seats (and tokens) at a new table
    tabs[0].send({"type": "rematch", "id": 1})
    new = tabs[0].until(lambda m: m["type"] == "rematch")["table"]
    assert new != table["id"]
    again = Client(server)
    assert again.hello(new, 1, table["seats"][1]["token"])["step"] == 0


def test_bad_table_requests_are_refused_clearly(server):
    r = server.post("/api/tables", {"game": "chess"})
    assert r.status_code == 400 and "chess" in r.json()["error"]
    r = server.post("/api/tables", {"game": "spirit-link", "options": {"starting_hand": 99}})
    assert r.status_code == 400 and "starting_hand" in r.json()["error"]
    r = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": "genius"}, {"agent": None}]})
    assert r.status_code == 400 and "genius" in r.json()["error"]
    r = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": None}]})
    assert r.status_code == 400 and "2 seats" in r.json()["error"]
    r = server.post("/api/tables", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400
    r = server.post("/api/tables", content=b'{"game": "spirit-link", "seats": [{"agent": null, "name": "\\ud800"}, '
                                          b'{"agent": "\\udc00"}]}')
    assert r.status_code == 400 and "surrogate" in r.json()["error"], r.text
    r = server.post("/api/tables", content=b"[" * 100_000)
    assert r.status_code == 400 and "nested" in r.json()["error"], r.text


@pytest.mark.slow
def test_many_pages_closing_one_after_another_leave_no_traceback_in_the_log(fresh_server):
    """Pages that read little and close one after another while each leaving sends the others
    a state (about 100 seconds): a state may be on its way to a page uvicorn has closed, and a
    page gone is not an error, so the log holds no "Task exception was never retrieved"
    (uvicorn says so with a RuntimeError there, not a WebSocketDisconnect)."""
    srv = fresh_server("--rate", "2000")
    table = srv.create("spirit-link", seats=[{"agent": None}, {"agent": None}])
    for _ in range(2):
        pages = [Client(srv) for _ in range(100)]      # each reads nothing more once 16 wait unread
        for page in pages:
            page.send({"type": "hello", "table": table["id"], "seat": None})
        for page in pages:
            page.close()
    assert Client(srv).hello(table["id"])["type"] == "state"      # the server serves on
    srv.stop()
    log = srv.log.read_text()
    assert "Traceback" not in log and "never retrieved" not in log, log[-3000:]


def test_a_bad_address_or_method_is_refused_as_every_other_request(server):
    """The router's own refusals (a seat or step that is no number, no such route, a wrong method)
    are the documented {"error"} with a 400, 404 or 405, not FastAPI's {"detail"} and 422."""
    table = server.create("spirit-link", seats=[{"agent": None}, {"agent": None}])
    cases = [
        ("post", f"/api/tables/{table['id']}/seats/abc/join", 400, "'seat' in the address must be a whole number, not 'abc'"),
        ("post", f"/api/tables/{table['id']}/seats/1.5/invite", 400, "'seat' in the address must be a whole number"),
        ("get", f"/api/tables/{table['id']}/replay?step=x%1b", 400, "'step' in the query must be a whole number, not 'x\\x1b'"),
        ("get", "/api/nothing-here", 404, "there is nothing at '/api/nothing-here'"),
        ("get", "/static/../../pyproject.toml", 404, "there is nothing at"),
        ("put", "/api/tables", 405, "/api/tables does not take PUT"),
        ("get", "/api/tables", 405, "/api/tables does not take GET"),
    ]
    for method, path, status, words in cases:
        r = httpx.request(method.upper(), server.url + path, timeout=30)
        assert r.status_code == status and words in r.json()["error"] and "detail" not in r.json(), (path, r.text)


def test_pages_that_leave_mid_game_leave_no_traceback_in_the_log(fresh_server):
    """Two pages closed at once (the players shut their tabs): the first leaving changes who is
    online, so the server sends the second a state while it is closing. A page gone is not an
    error: the server's log stays free of tracebacks ("Task exception was never retrieved")."""
    srv = fresh_server()
    for game in range(12):
        table = srv.create("spirit-link", seed=game, seats=[{"agent": None}, {"agent": None}])
        pages = [Client(srv), Client(srv)]
        for i, page in enumerate(pages):
            page.hello(*seat(table, i))
        for page in pages:             # both tabs close without waiting for the server's answer
            with page.ws.protocol_mutex:
                page.ws.protocol.send_close()
                page.ws.send_data()
        for page in pages:
            page.ws.close_socket()
    srv.stop()
    log = srv.log.read_text()
    assert "Traceback" not in log and "never retrieved" not in log, log[-3000:]
