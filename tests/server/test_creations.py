"""What one client may make the database keep: at most --max-creations-per-hour new tables, uploaded
records, my-tables links and rematches an hour per address (counted in the database, so across
processes and restarts, under a keyed hash no older than its hour), X-Forwarded-For believed only
from the proxies --forwarded-allow-ips names, unfinished tables and uploaded records nobody has been
at for --expire-after days deleted, and a table's chat kept to its last messages."""

import json
import re
import sqlite3
import time

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from .helpers import Client


def fresh_hour():
    """Counts start again each hour: a test counting up to the limit does not straddle two."""
    into = time.time() % 3600
    if into > 3540:
        time.sleep(3601 - into)


def rows(db, sql, params=()):
    if isinstance(db, str) and db.startswith("postgresql://"):
        with psycopg.connect(db) as conn:
            return conn.execute(sql.replace("?", "%s"), params).fetchall()
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(sql, params).fetchall()


@pytest.fixture(params=["sqlite", "postgres-two-processes"])
def servers(request, fresh_server, tmp_path):
    """``make(*extra)`` -> (server A, server B, db): one process on SQLite (A is B), or two processes
    on one PostgreSQL database; ``make`` again starts new ones on the same database (a restart)."""
    if request.param == "sqlite":
        db = tmp_path / "tables.sqlite3"

        def make(*extra):
            server = fresh_server(*extra, db=db)
            return server, server, db
        return make
    pg_servers, pg_db = request.getfixturevalue("pg_servers"), request.getfixturevalue("pg_db")
    return lambda *extra: (pg_servers(*extra), pg_servers(*extra), pg_db)


def two_people(server):
    return server.create("spirit-link", seats=[{"agent": None}, {"agent": None}])


def a_record(server):
    """A finished game's record, as the server serves it (a table whose seat 0 resigned)."""
    table = two_people(server)
    ann = Client(server)
    assert ann.hello(table["id"], 0, table["seats"][0]["token"])["type"] == "state"
    ann.send({"type": "resign", "id": 1})
    ann.until(lambda m: m["type"] == "state" and m["over"])
    ann.close()
    return table, server.get(f"/api/tables/{table['id']}/record").json()


def assert_too_many(r, most):
    assert r.status_code == 429, r.text
    message = r.json()["error"]
    assert f"at most {most} an hour" in message and "--max-creations-per-hour" in message, message
    wait = int(r.headers["retry-after"])
    assert 1 <= wait <= 3600
    assert re.search(r"try again in \d+ (seconds|minutes)$", message), message


def test_one_address_makes_at_most_its_limit_an_hour_across_processes_and_a_restart(servers):
    fresh_hour()
    a, b, db = servers("--max-creations-per-hour", "4")
    finished, record = a_record(a)                           # 1: a table, over (seat 0 resigned)
    assert b.post("/api/records", record).status_code == 200            # 2: an uploaded record
    assert a.post("/api/me", {}).status_code == 200                     # 3: a my-tables link
    last = two_people(b)                                                 # 4
    tables = rows(db, "SELECT count(*) FROM tables")[0][0]
    assert_too_many(a.post("/api/tables", {"game": "spirit-link"}), 4)
    assert_too_many(b.post("/api/records", record), 4)
    assert_too_many(a.post("/api/me", {}), 4)
    # the address is the one that connects: a header naming another is not believed by default
    assert_too_many(b.post("/api/tables", {"game": "spirit-link"}, headers={"x-forwarded-for": "203.0.113.9"}), 4)
    # a rematch is a new table too: refused, with the same message, on the page
    ann = Client(b)
    assert ann.hello(finished["id"], 0, finished["seats"][0]["token"])["type"] == "state"
    error = ann.error({"type": "rematch", "id": 7})
    assert error["code"] == "too-many" and error["id"] == 7 and "at most 4 an hour" in error["message"]
    ann.close()
    assert rows(db, "SELECT count(*) FROM tables")[0][0] == tables     # nothing refused was stored
    assert a.get(f"/api/tables/{finished['id']}").json()["rematch"] is None
    # still counted after a restart of every process
    for server in {a, b}:
        server.stop()
    a, b, _ = servers("--max-creations-per-hour", "4")
    assert_too_many(b.post("/api/tables", {"game": "spirit-link"}), 4)
    # what was made stays usable
    bob = Client(a)
    assert bob.hello(last["id"], 1, last["seats"][1]["token"])["type"] == "state"
    bob.close()
    # a raised limit takes effect at once
    for server in {a, b}:
        server.stop()
    a, _, _ = servers("--max-creations-per-hour", "5")
    assert a.post("/api/tables", {"game": "spirit-link"}).status_code == 200


def test_refused_requests_are_not_counted(fresh_server):
    fresh_hour()
    server = fresh_server("--max-creations-per-hour", "1")
    for body in ({"game": "no-such-game"}, {"game": "spirit-link", "players": 7}, {"game": "spirit-link", "seed": -1}):
        assert server.post("/api/tables", body).status_code == 400
    assert server.post("/api/records", {"game": "spirit-link", "players": 2, "options": {}, "seed": 1,
                                        "actions": ["not a move"]}).status_code == 400
    assert server.post("/api/tables", {"game": "spirit-link"}).status_code == 200
    assert_too_many(server.post("/api/tables", {"game": "spirit-link"}), 1)


def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_count(fresh_server):
    fresh_hour()
    server = fresh_server("--max-creations-per-hour", "1", "--forwarded-allow-ips", "127.0.0.1")

    def make(forwarded):
        return server.post("/api/tables", {"game": "spirit-link"}, headers={"x-forwarded-for": forwarded})

    assert make("198.51.100.1").status_code == 200
    assert_too_many(make("198.51.100.1"), 1)
    assert make("198.51.100.2").status_code == 200
    # a client's own X-Forwarded-For, which the proxy appends to, does not hide it
    assert make("203.0.113.50, 198.51.100.3").status_code == 200
    assert_too_many(make("203.0.113.51, 198.51.100.3"), 1)
    # IPv6: one /64 network is one client
    assert make("2001:db8:0:1::1").status_code == 200
    assert_too_many(make("2001:db8:0:1::2"), 1)
    assert make("2001:db8:0:2::1").status_code == 200
    # the proxy's own address (no header) is one more client
    assert server.post("/api/tables", {"game": "spirit-link"}).status_code == 200


def test_counts_are_stored_under_a_keyed_hash_and_forgotten_after_their_hour(fresh_server, tmp_path):
    fresh_hour()
    db = tmp_path / "tables.sqlite3"
    server = fresh_server("--cleanup-after", "1.5", db=db)
    assert server.post("/api/tables", {"game": "spirit-link"}).status_code == 200
    (client, period, made), = rows(db, "SELECT client, period, made FROM creations")
    assert re.fullmatch(r"[0-9a-f]{64}", client) and made == 1 and period == int(time.time() // 3600)
    with sqlite3.connect(db) as conn:                      # a count of an hour long past
        conn.execute("INSERT INTO creations VALUES ('old', 5, 3)")
    deadline = time.time() + 30
    while time.time() < deadline and rows(db, "SELECT 1 FROM creations WHERE period=5"):
        time.sleep(0.3)
    assert rows(db, "SELECT client, period FROM creations") == [(client, period)]
    dump = "\n".join(sqlite3.connect(db).iterdump())
    assert "127.0.0.1" not in dump


def test_unfinished_tables_and_records_nobody_is_at_expire_and_finished_games_stay(servers):
    # 0.00005 days: 4.3 seconds
    a, b, db = servers("--expire-after", "0.00005", "--cleanup-after", "1.5")
    finished, record = a_record(a)
    uploaded = b.post("/api/records", record).json()["id"]
    unfinished = two_people(b)
    visited = two_people(a)
    ann = Client(a)
    assert ann.hello(visited["id"], 0, visited["seats"][0]["token"])["type"] == "state"
    deadline = time.time() + 60
    while time.time() < deadline and (b.get(f"/api/tables/{unfinished['id']}").status_code == 200
                                      or b.get(f"/api/tables/{uploaded}").status_code == 200):
        ann.drain(0.3)
    assert b.get(f"/api/tables/{unfinished['id']}").status_code == 404
    assert a.get(f"/api/tables/{uploaded}").status_code == 404
    ann.drain(5)                                          # well past the time: Ann is still there
    assert b.get(f"/api/tables/{visited['id']}").status_code == 200
    assert b.get(f"/api/tables/{finished['id']}/record").status_code == 200      # a finished game is kept
    ann.close()
    deadline = time.time() + 60
    while time.time() < deadline and b.get(f"/api/tables/{visited['id']}").status_code == 200:
        time.sleep(0.3)
    assert b.get(f"/api/tables/{visited['id']}").status_code == 404            # once Ann left too
    assert rows(db, "SELECT id FROM tables") == [(finished["id"],)]
    assert rows(db, "SELECT count(*) FROM seats WHERE table_id<>?", (finished["id"],))[0][0] == 0


def test_a_table_keeps_its_last_hundred_chat_messages(servers):
    a, b, db = servers()
    table = two_people(a)
    sent = 0
    for page in range(21):                               # 5 messages a page at once, then one each 2 s
        c = Client(a if page % 2 else b)
        assert c.hello(table["id"], page % 2, table["seats"][page % 2]["token"])["type"] == "state"
        for _ in range(5):
            sent += 1
            c.send({"type": "chat", "text": f"message {sent}"})
        c.until(lambda m, n=sent: m["type"] == "chat" and m["messages"][-1]["text"] == f"message {n}")
        c.close()
    stored = [r[0] for r in rows(db, "SELECT text FROM chat WHERE table_id=? ORDER BY id", (table["id"],))]
    assert stored == [f"message {n}" for n in range(6, 106)]
    late = Client(b)
    late.send({"type": "hello", "table": table["id"], "seat": None})
    welcome = late.until(lambda m: m["type"] == "welcome")
    assert [m["text"] for m in welcome["chat"]] == [f"message {n}" for n in range(56, 106)]
    late.close()


def test_one_address_holds_at_most_its_limit_of_pages_open(fresh_server):
    from websockets.sync.client import connect

    server = fresh_server("--max-pages-per-client", "3", "--forwarded-allow-ips", "127.0.0.1")
    table = two_people(server)
    pages = [Client(server) for _ in range(3)]
    for page in pages:
        assert page.hello(table["id"])["type"] == "state"
    refused = connect(server.ws_url)
    error = json.loads(refused.recv(timeout=20))
    assert error["type"] == "error" and error["code"] == "too-many-pages", error
    assert "at most 3 on this server" in error["message"] and "--max-pages-per-client" in error["message"]
    with pytest.raises(ConnectionClosed):
        refused.recv(timeout=20)
    assert refused.close_code == 1008
    # another address (named by the trusted proxy) has pages of its own
    elsewhere = connect(server.ws_url, additional_headers={"x-forwarded-for": "198.51.100.7"})
    elsewhere.send(json.dumps({"type": "hello", "table": table["id"], "seat": None}))
    assert json.loads(elsewhere.recv(timeout=20))["type"] == "welcome"
    elsewhere.close()
    # a page closed makes room for another (once the server has seen it go)
    pages[0].close()
    hello = json.dumps({"type": "hello", "table": table["id"], "seat": None})
    for _ in range(100):
        again = connect(server.ws_url)
        again.send(hello)
        first = json.loads(again.recv(timeout=20))
        if first["type"] == "welcome":
            break
        again.close()
        time.sleep(0.1)
    assert first["type"] == "welcome", first
    for page in pages[1:] + [again]:
        page.close()


def test_a_database_written_by_an_older_tabletome_opens_and_its_tables_expire(fresh_server, tmp_path):
    """A SQLite file of schema 1 (no seen, public, ended, steps, settings or undo columns) gets
    them when the server opens it, and the index of when tables were seen after them."""
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('schema', '1');
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
                options TEXT NOT NULL, seed INTEGER NOT NULL, cards TEXT, kind TEXT NOT NULL,
                host_hash TEXT NOT NULL, created REAL NOT NULL, over INTEGER NOT NULL DEFAULT 0, rematch TEXT);
            CREATE TABLE seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, agent TEXT,
                token_hash TEXT, PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
            CREATE TABLE actions (table_id TEXT NOT NULL, step INTEGER NOT NULL, seat INTEGER, text TEXT NOT NULL,
                at REAL NOT NULL, PRIMARY KEY (table_id, step)) WITHOUT ROWID;
            INSERT INTO seats VALUES ('old', 0, '', NULL, 't'), ('old', 1, '', NULL, 't');
        """)
        conn.execute("INSERT INTO tables VALUES ('old', 'spirit-link', 2, '{}', 7, NULL, 'live', 'h', ?, 0, NULL)",
                     (time.time(),))
    server = fresh_server("--expire-after", "0.00005", "--cleanup-after", "1.5", db=db)     # it starts
    assert {"seen", "public", "ended", "steps", "settings", "undo"} <= {r[1] for r in rows(db, "PRAGMA table_info(tables)")}
    deadline = time.time() + 60                  # never seen: it expires 4.3 s after it was created
    while time.time() < deadline and rows(db, "SELECT id FROM tables"):
        time.sleep(0.3)
    assert rows(db, "SELECT id FROM tables") == [] and server.get("/api/tables/old").status_code == 404
    assert rows(db, "SELECT name FROM sqlite_master WHERE name='tables_by_seen'") == [("tables_by_seen",)]


def test_creations_asked_at_once_on_every_process_are_counted_exactly(servers):
    from concurrent.futures import ThreadPoolExecutor

    fresh_hour()
    a, b, db = servers("--max-creations-per-hour", "10")
    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(lambda i: (a, b)[i % 2].post("/api/tables", {"game": "spirit-link"}).status_code,
                                range(24)))
    assert sorted(answers) == [200] * 10 + [429] * 14
    assert rows(db, "SELECT count(*) FROM tables")[0][0] == 10
