"""Resigning and the host's moderation, against real servers: a resignation ends the table with a
result in its record, is never stored together with a move for the same step (two processes on
PostgreSQL), and the host makes a table public or private, closes it to spectators, removes one
spectator, or deletes it, on whichever process the pages are. At a 2v2 table a resignation loses
for the whole team."""

import threading
import time

import pytest

import tabletome

from .helpers import Client, seat


def two_people(server, seed=25):
    return server.create("spirit-link", options={"starting_hand": 3}, seed=seed,
                         seats=[{"agent": None}, {"agent": None}])


def told(client, code, timeout=10.0) -> bool:
    """Whether ``client`` is sent an error ``code`` within ``timeout`` (its page may be closed after)."""
    from websockets.exceptions import ConnectionClosed

    try:
        client.until(lambda m: m.get("code") == code, timeout=timeout)
    except (TimeoutError, ConnectionClosed):
        pass
    return any(m.get("code") == code for m in client.messages)


def opened(server, table, i):
    c = Client(server)
    assert c.hello(*seat(table, i))["type"] == "state"
    return c


def test_a_resignation_ends_the_table_with_a_result_in_its_record(fresh_server):
    server = fresh_server()
    table = two_people(server)
    north, south = opened(server, table, 0), opened(server, table, 1)
    watcher = Client(server)
    watcher.hello(table["id"])
    north.send({"type": "move", "action": north.state["legal"][0]["id"], "step": 0, "id": 1})
    north.until(lambda m: m.get("ack") == 1)
    assert watcher.error({"type": "resign"})["code"] == "spectator"
    south.send({"type": "resign", "id": "r"})
    done = south.until(lambda m: m.get("ack") == "r")
    for page in (north, south, watcher):
        st = page.until(lambda m: m["type"] == "state" and m["over"]) if not page.state["over"] else page.state
        assert st["winners"] == [0] and st["result"] == "South resigned: North wins." and st["legal"] == []
    assert done["over"]
    assert north.error({"type": "move", "action": "pass"})["code"] == "over"
    assert south.error({"type": "resign"})["code"] == "over"
    record = server.get(f"/api/tables/{table['id']}/record").json()
    assert record["result"] == {"resigned": 1, "step": 1, "winners": [0], "text": "South resigned: North wins."}
    assert len(record["actions"]) == 1 and not tabletome.replay(record).is_over
    looked = server.post("/api/lookup", {"tickets": [{"table": table["id"], "seat": 0,
                                                      "token": table["seats"][0]["token"]}]}).json()["tables"][0]
    assert looked["over"] and looked["result"] == "South resigned: North wins."
    up = server.post("/api/records", record).json()            # the record, uploaded, ends the same way
    assert up["over"] and up["steps"] == 1
    last = server.get(f"/api/tables/{up['id']}/replay?step=1").json()
    assert last["over"] and last["result"] == "South resigned: North wins."
    bad = server.post("/api/records", {**record, "result": {"resigned": 5, "step": 1}})
    assert bad.status_code == 400 and "'result'" in bad.json()["error"]
    # a rematch is offered as after any end
    north.send({"type": "rematch", "id": 2})
    assert north.until(lambda m: m["type"] == "rematch")["table"] != table["id"]


def test_a_resignation_and_a_move_at_once_on_two_processes_are_never_both_stored(pg_servers):
    a, b = pg_servers(), pg_servers()
    for attempt in range(4):
        table = two_people(a, seed=20 + attempt)
        north, south = opened(a, table, 0), opened(b, table, 1)
        go = threading.Barrier(2)

        def move():
            go.wait()
            north.send({"type": "move", "action": north.state["legal"][0]["id"], "step": 0, "id": "m"})

        def resign():
            go.wait()
            south.send({"type": "resign", "id": "r"})

        threads = [threading.Thread(target=f) for f in (move, resign)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        south.until(lambda m: m.get("ack") == "r" or (m["type"] == "error" and m.get("id") == "r"))
        north.until(lambda m: m.get("ack") == "m" or (m["type"] == "error" and m.get("id") == "m"))
        record = b.get(f"/api/tables/{table['id']}/record").json()
        assert record["result"]["resigned"] == 1
        assert record["result"]["step"] == len(record["actions"])     # the move before it, or none
        for server in (a, b):
            info = server.get(f"/api/tables/{table['id']}").json()
            assert info["over"] and info["step"] == len(record["actions"])


@pytest.fixture(params=["one-process", "two-processes"])
def host_and_pages(request, server):
    """The server the host asks and the one the pages are on."""
    if request.param == "one-process":
        return server, server
    make = request.getfixturevalue("pg_servers")
    return make(), make()


def test_the_host_moderates_the_table(host_and_pages):
    host_server, pages = host_and_pages
    table = host_server.create("spirit-link", seats=[{"agent": None}, {"agent": None, "open": True}])
    tid, host = table["id"], table["host"]
    north = opened(pages, table, 0)
    ann, bob = Client(pages), Client(pages)
    ann.hello(tid)
    bob.hello(tid)

    def info():
        return host_server.get(f"/api/tables/{tid}").json()

    def post(what, body):
        return host_server.post(f"/api/tables/{tid}/{what}", body)

    assert post("settings", {"host": "nope", "public": True}).status_code == 403
    assert post("settings", {"host": host, "public": "yes"}).status_code == 400
    assert post("settings", {"host": host, "public": True}).json()["public"] is True
    assert tid in [t["id"] for t in pages.get("/api/lobby").json()["tables"]]
    assert post("settings", {"host": host, "public": False}).status_code == 200
    assert tid not in [t["id"] for t in pages.get("/api/lobby").json()["tables"]]

    # two spectators: the host removes one of them by the id the table lists
    for _ in range(100):
        if len(info()["spectators"]) == 2:
            break
        north.drain(0.1)
    watchers = info()["spectators"]
    assert len(watchers) == 2
    assert host_server.post(f"/api/tables/{tid}/spectators/{watchers[0]}/remove", {"host": "x"}).status_code == 403
    assert host_server.post(f"/api/tables/{tid}/spectators/nobody/remove", {"host": host}).status_code == 400
    assert host_server.post(f"/api/tables/{tid}/spectators/{watchers[0]}/remove", {"host": host}).status_code == 200
    removed = [c for c in (ann, bob) if told(c, "removed", timeout=2)]
    assert len(removed) == 1
    kept = bob if removed[0] is ann else ann
    kept.send({"type": "ping", "id": 1})
    assert kept.until(lambda m: m["type"] == "pong")["id"] == 1

    # closed to spectators: the other one is closed too, and nobody new may watch; seats still play
    assert post("settings", {"host": host, "spectators": False}).status_code == 200
    assert told(kept, "removed")
    assert Client(pages).hello(tid)["code"] == "no-spectators"
    assert opened(pages, table, 0).state["step"] == 0

    # deleted: the pages are told, the table is gone everywhere
    assert post("delete", {"host": "nope"}).status_code == 403
    assert post("delete", {"host": host}).status_code == 200
    assert told(north, "deleted")
    assert host_server.get(f"/api/tables/{tid}").status_code == 404
    assert pages.get(f"/api/tables/{tid}").status_code == 404


def test_the_host_deletes_a_table_while_its_agent_thinks(pg_servers, pg_db):
    """On PostgreSQL a process holds an agent's turn (its jobs row) locked while the agent thinks.
    Deleting the table then must not wait for that lock: it answered never, and the whole
    process with it, while the agent's move waited for the loop the delete held."""
    import httpx
    import psycopg

    server = pg_servers("--max-agent-seconds", "4")
    table = server.create("spirit-link", seats=[{"agent": "ismcts:seconds=2"}, {"agent": None}])
    with psycopg.connect(pg_db) as conn:
        deadline = time.time() + 20      # the agent's turn is taken: its row is locked
        while time.time() < deadline and conn.execute(
                "SELECT count(*) FROM jobs WHERE table_id=%s AND (table_id, step) NOT IN "
                "(SELECT table_id, step FROM jobs FOR UPDATE SKIP LOCKED)", (table["id"],)).fetchone()[0] == 0:
            conn.rollback()
            time.sleep(0.05)
        conn.rollback()
    r = httpx.post(f"{server.url}/api/tables/{table['id']}/delete", json={"host": table["host"]}, timeout=15)
    assert r.status_code == 200 and r.json()["deleted"] is True
    assert httpx.get(f"{server.url}/api/games", timeout=15).status_code == 200
    assert server.get(f"/api/tables/{table['id']}").status_code == 404
    with psycopg.connect(pg_db, autocommit=True) as conn:   # the agent's turn ends and its row goes
        deadline = time.time() + 30
        while time.time() < deadline and conn.execute("SELECT count(*) FROM jobs").fetchone()[0]:
            time.sleep(0.2)
        assert conn.execute("SELECT count(*) FROM jobs").fetchone()[0] == 0
    assert "Traceback" not in server.log.read_text()


def test_at_a_2v2_table_a_resignation_loses_for_the_whole_team(server):
    """Bad Baby Lich Lords' teams (North-East with North-West, South-East with South-West): when
    North-East resigned, North-West was named among the winners."""
    table = server.create("bad-baby-lich-lords", players=4, options={"mode": "teams"}, seed=1,
                          seats=[{"agent": None} for _ in range(4)])
    pages = [opened(server, table, i) for i in range(4)]
    assert [s["name"] for s in pages[0].state["seats"]] == ["North-East", "South-East", "South-West", "North-West"]
    pages[0].send({"type": "resign", "id": "r"})
    for page in pages:
        st = page.until(lambda m: m["type"] == "state" and m["over"])
        assert st["winners"] == [1, 2] and st["result"] == "North-East resigned: South-East and South-West win."
    record = server.get(f"/api/tables/{table['id']}/record").json()
    assert record["result"]["winners"] == [1, 2]
