"""Clocks against real servers: a real-time clock (minutes a game plus seconds a move) and a
turn-based one (seconds a move), kept by the server from the stored moves' times, so they run on
after a restart; a person whose time runs out loses, or an agent plays their move, as chosen when
the table was created."""

import json
import sqlite3
import time

from .helpers import Client, seat


def clocked(server, clock, on_timeout="lose", seats=None):
    r = server.post("/api/tables", {"game": "spirit-link", "options": {"starting_hand": 3}, "seed": 25,
                                    "seats": seats or [{"agent": None}, {"agent": None}], "clock": clock,
                                    "on_timeout": on_timeout})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_real_time_clock_runs_out_and_the_seat_loses(fresh_server):
    server = fresh_server()
    table = clocked(server, {"minutes": 0.05, "increment": 1})          # 3 seconds a game, +1 a move
    north = Client(server)
    north.hello(*seat(table, 0))
    st = north.state
    assert st["clock"]["kind"] == "realtime" and st["clock"]["left"][1] == 3.0
    assert st["clock"]["deadline"] > st["clock"]["now"]
    north.send({"type": "move", "action": st["legal"][0]["id"], "step": 0, "id": 1})
    north.until(lambda m: m.get("ack") == 1)
    over = north.until(lambda m: m["type"] == "state" and m["over"], timeout=30)
    assert over["result"].endswith("ran out of time: " + ("North wins." if over["winners"] == [0] else "South wins."))
    loser = 1 - over["winners"][0]
    record = server.get(f"/api/tables/{table['id']}/record").json()
    assert record["result"]["timeout"] == loser and record["result"]["step"] == len(record["actions"])
    assert north.error({"type": "move", "action": "pass"})["code"] == "over"
    north.send({"type": "rematch", "id": 2})
    rematch = north.until(lambda m: m["type"] == "rematch")["table"]
    again = Client(server)
    again.hello(rematch, 0, table["seats"][0]["token"])
    assert again.state["clock"]["kind"] == "realtime" and again.state["clock"]["left"][1] == 3.0   # same clock


def test_on_timeout_an_agent_plays_the_move(fresh_server):
    server = fresh_server()
    table = clocked(server, {"per_move": 1}, on_timeout="agent")
    watcher = Client(server)
    watcher.hello(table["id"])
    pages = [Client(server), Client(server)]                 # both people there; neither moves
    for i, page in enumerate(pages):
        assert page.hello(*seat(table, i))["type"] == "state"
    watcher.until(lambda m: m["type"] == "state" and m["step"] >= 3, timeout=60)
    assert "ran out" not in (watcher.state.get("result") or "")
    assert watcher.state["clock"]["kind"] == "turn" and watcher.state["clock"]["on_timeout"] == "agent"


def test_a_clock_survives_a_restart(fresh_server, tmp_path):
    db = tmp_path / "clock.sqlite3"
    server = fresh_server(db=db)
    table = clocked(server, {"per_move": 3})
    server.kill()
    time.sleep(3.5)                                        # the time runs out while no server runs
    again = fresh_server(db=db)

    def stored_over():           # read the file itself: nobody asks the server about the table
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT over, ended FROM tables WHERE id=?", (table["id"],)).fetchone()

    deadline = time.time() + 30
    while time.time() < deadline and not stored_over()[0]:
        time.sleep(0.3)
    over, ended = stored_over()
    assert over and json.loads(ended)["timeout"] == 0
    info = again.get(f"/api/tables/{table['id']}").json()
    assert info["over"] and info["step"] == 0


def test_a_clock_starts_when_the_last_open_seat_is_taken(fresh_server):
    """A public table waits in the lobby with its clock stopped; it starts when someone sits down."""
    server = fresh_server()
    r = server.post("/api/tables", {"game": "spirit-link", "public": True, "clock": {"minutes": 0.1},
                                    "seats": [{"agent": None}, {"agent": None, "open": True}]})
    table = r.json()
    time.sleep(7)                                          # longer than North's 6 seconds
    token = server.post(f"/api/tables/{table['id']}/seats/1/join", {}).json()["token"]
    south = Client(server)
    south.hello(table["id"], 1, token)
    clock = south.state["clock"]
    assert not south.state["over"] and clock["deadline"] - clock["now"] > 5, clock
    over = south.until(lambda m: m["type"] == "state" and m["over"], timeout=30)
    assert over["result"] == "North ran out of time: South wins."


def test_bad_clocks_are_refused_clearly(server):
    for clock, words in [({"minutes": 0}, "'clock'"), ({"minutes": "5"}, "'clock'"), ({"per_move": 0.5}, "'clock'"),
                         ({"per_move": 60, "minutes": 5}, "'clock'"), ("fast", "'clock'")]:
        r = server.post("/api/tables", {"game": "spirit-link", "clock": clock})
        assert r.status_code == 400 and words in r.json()["error"], (clock, r.text)
    r = server.post("/api/tables", {"game": "spirit-link", "clock": {"per_move": 60}, "on_timeout": "pause"})
    assert r.status_code == 400 and "'on_timeout'" in r.json()["error"]
