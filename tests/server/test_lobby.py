"""The lobby: public tables with open seats are listed, anyone takes an open seat with one request
(getting its token), a seat goes to exactly one person, and public tables nobody is at are deleted
after the configured time."""

import sqlite3
import threading
import time

import pytest

from .helpers import Client


def public_table(server, **extra):
    body = {"game": "spirit-link", "options": {"starting_hand": 3}, "public": True,
            "seats": [{"agent": None, "name": "Ann"}, {"agent": None, "open": True}], **extra}
    r = server.post("/api/tables", body)
    assert r.status_code == 200, r.text
    return r.json()


def listed(server):
    r = server.get("/api/lobby")
    assert r.status_code == 200
    return {t["id"]: t for t in r.json()["tables"]}


def test_public_tables_with_open_seats_are_listed_and_joined_with_one_click(fresh_server):
    server = fresh_server()
    table = public_table(server)
    assert table["seats"][1]["token"] is None and table["seats"][1]["open"]
    private = server.create("spirit-link", options={"starting_hand": 3},      # an open seat, but invite only
                            seats=[{"agent": None}, {"agent": None, "open": True}])
    full = public_table(server, seats=[{"agent": None}, {"agent": "heuristic"}])
    lobby = listed(server)
    assert table["id"] in lobby and private["id"] not in lobby and full["id"] not in lobby
    entry = lobby[table["id"]]
    assert entry["game"] == "spirit-link" and entry["options"]["starting_hand"] == 3
    assert [(s["player"], s["open"]) for s in entry["seats"]] == [("Ann", False), ("", True)]
    assert entry["created"] <= time.time()

    r = server.post(f"/api/tables/{table['id']}/seats/1/join", {"name": "Bob"})
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    bob = Client(server)
    assert bob.hello(table["id"], 1, token)["type"] == "state"
    assert [s["player"] for s in bob.state["seats"]] == ["Ann", "Bob"]
    assert table["id"] not in listed(server)                 # no open seat left
    again = server.post(f"/api/tables/{table['id']}/seats/1/join", {"name": "Eve"})
    assert again.status_code == 409 and "not open" in again.json()["error"]
    assert Client(server).hello(table["id"], 1, token)["type"] == "state"    # Bob keeps it


def test_joining_is_refused_clearly(fresh_server):
    server = fresh_server()
    table = public_table(server)
    private = server.create("spirit-link", seats=[{"agent": None}, {"agent": None}])
    tid = table["id"]
    cases = [
        (f"/api/tables/{private['id']}/seats/1/join", {}, 403, "private"),
        (f"/api/tables/{tid}/seats/0/join", {}, 409, "not open"),          # Ann holds it
        (f"/api/tables/{tid}/seats/7/join", {}, 400, "seats are 0 to 1"),
        (f"/api/tables/{tid}/seats/1/join", {"name": "x" * 40}, 400, "at most 24"),
        (f"/api/tables/{tid}/seats/1/join", {"name": 5}, 400, "must be text"),
        ("/api/tables/nosuch/seats/1/join", {}, 404, "nosuch"),
    ]
    for path, body, status, words in cases:
        r = server.post(path, body)
        assert r.status_code == status and words in r.json()["error"], (path, r.status_code, r.text)
    r = server.post("/api/tables", {"game": "spirit-link", "public": "yes"})
    assert r.status_code == 400 and "'public'" in r.json()["error"]
    r = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": "heuristic", "open": True},
                                                                     {"agent": None}]})
    assert r.status_code == 400 and "'open'" in r.json()["error"]
    assert tid in listed(server)                               # nothing changed


def test_an_open_seat_goes_to_exactly_one_of_two_processes(pg_servers):
    """Two people click the same open seat at once, on two server processes sharing PostgreSQL."""
    a, b = pg_servers(), pg_servers()
    for attempt in range(3):
        table = public_table(a)
        assert table["id"] in listed(b)
        go = threading.Barrier(2)
        answers = {}

        def click(server, name):
            go.wait()
            answers[name] = server.post(f"/api/tables/{table['id']}/seats/1/join", {"name": name})

        threads = [threading.Thread(target=click, args=(s, n)) for s, n in ((a, "Bob"), (b, "Eve"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in answers.values())
        assert codes == [200, 409], {n: r.text for n, r in answers.items()}
        winner = next(n for n, r in answers.items() if r.status_code == 200)
        token = answers[winner].json()["token"]
        for server in (a, b):
            c = Client(server)
            assert c.hello(table["id"], 1, token)["type"] == "state"
            assert c.state["seats"][1]["player"] == winner
        assert table["id"] not in listed(a) and table["id"] not in listed(b)


@pytest.fixture(params=["one-process", "two-processes"])
def tidy_servers(request, fresh_server):
    """The server Ann's page is on and the one the test asks: one process on SQLite, or two on
    PostgreSQL (where the other process, which has no page open, must see that Ann is there)."""
    if request.param == "one-process":
        server = fresh_server("--cleanup-after", "1.5")
        return server, server
    make = request.getfixturevalue("pg_servers")
    return make("--cleanup-after", "1.5"), make("--cleanup-after", "1.5")


def test_public_tables_nobody_is_at_are_deleted_after_the_configured_time(tidy_servers):
    ann_server, server = tidy_servers
    left = public_table(server)
    kept = public_table(server)
    private = server.create("spirit-link", seats=[{"agent": None}, {"agent": None}])
    ann = Client(ann_server)
    assert ann.hello(kept["id"], 0, kept["seats"][0]["token"])["type"] == "state"
    deadline = time.time() + 30
    while time.time() < deadline and server.get(f"/api/tables/{left['id']}").status_code == 200:
        ann.drain(0.3)
    assert server.get(f"/api/tables/{left['id']}").status_code == 404
    assert left["id"] not in listed(server)
    ann.drain(2)                                             # well past the time: Ann is still there
    assert server.get(f"/api/tables/{kept['id']}").status_code == 200 and kept["id"] in listed(server)
    assert server.get(f"/api/tables/{private['id']}").status_code == 200
    ann.close()
    deadline = time.time() + 30
    while time.time() < deadline and server.get(f"/api/tables/{kept['id']}").status_code == 200:
        time.sleep(0.3)
    assert server.get(f"/api/tables/{kept['id']}").status_code == 404    # once Ann left too


def test_abandoned_tables_no_process_has_loaded_are_deleted_too(fresh_server, tmp_path):
    """After a restart (or in a process that never opened them) abandoned public tables are not in
    memory: each pass of the cleanup deletes every one of them, and logs no error."""
    server = fresh_server()
    tables = [public_table(server)["id"] for _ in range(3)]
    server.stop()
    db = tmp_path / "tables.sqlite3"
    server = fresh_server("--cleanup-after", "1.5", db=db)       # the same file: none loaded yet

    def left():
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            marks = ",".join("?" * len(tables))
            return conn.execute(f"SELECT count(*) FROM tables WHERE id IN ({marks})", tables).fetchone()[0]

    deadline = time.time() + 30
    while time.time() < deadline and left():
        time.sleep(0.3)
    assert left() == 0
    assert "could not tidy" not in server.log.read_text()
