"""PostgreSQL and several server processes: real `tabletome serve` processes sharing one database of
a throwaway PostgreSQL cluster (the ``postgres`` fixture). A move made on one process reaches the
pages of another; two processes never both accept a move for one step; agents' turns are taken by
whichever process is free, and one killed with SIGKILL loses nothing."""

import random
import subprocess
import sys
import threading
import time

import psycopg
import pytest

import tabletome
from tabletome.server.storage import POSTGRES_SCHEMA, SeatRow, StepTaken, TableEnded, TableRow, open_storage

from .helpers import Client, seat


def opened(server, table, i):
    c = Client(server)
    assert c.hello(*seat(table, i))["type"] == "state"
    return c


def watcher(server, table_id):
    c = Client(server)
    assert c.hello(table_id)["type"] == "state"
    return c


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_both_backends_store_the_same_way(backend, tmp_path, request):
    """The storage module behind either database: a table and its actions read back as written, a
    second action for one step refused, the rematch recorded once."""
    db = request.getfixturevalue("pg_db") if backend == "postgres" else str(tmp_path / "t.sqlite3")
    storage = open_storage(db)
    assert storage.shared == (backend == "postgres")
    row = TableRow("t1", "spirit-link", 2, {"starting_hand": 3}, 2 ** 62 + 5, None, "live", "h" * 64, 1.5, False,
                   None, [SeatRow(0, "Ann", None, "a" * 64), SeatRow(1, "", "heuristic", None)], ["x"])
    storage.create_table(row)
    storage.add_action("t1", 1, 0, "pass", False)
    with pytest.raises(StepTaken):
        storage.add_action("t1", 1, 1, "something else", False)
    storage.add_action("t1", 2, 1, "end", True)
    back = storage.load_table("t1")
    assert back.actions == ["x", "pass", "end"] and back.over and back.seed == 2 ** 62 + 5
    assert back.options == {"starting_hand": 3} and back.seats == row.seats
    assert storage.actions_from("t1", 1) == ["pass", "end"]
    storage.set_seat("t1", 0, None)
    assert storage.load_seats("t1")[0].token_hash is None
    assert storage.set_rematch("t1", "r1") == "r1"
    assert storage.set_rematch("t1", "r2") == "r1"           # the first rematch stays
    storage.delete_table("t1")
    assert storage.load_table("t1") is None
    storage.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_moves_stored_together_are_each_guarded_on_their_own(backend, tmp_path, request):
    """Moves of many tables arriving at once are stored together (one transaction): each is
    committed by the time it is answered (another connection reads it), or refused as it would
    be alone (its step taken, its table ended), without changing the others."""
    import asyncio

    db = request.getfixturevalue("pg_db") if backend == "postgres" else str(tmp_path / "t.sqlite3")
    storage, reader = open_storage(db), open_storage(db)
    for i in range(5):
        storage.create_table(TableRow(f"t{i}", "spirit-link", 2, {}, i, None, "live", "h" * 64, 1.0, False, None,
                                      [SeatRow(0, "", None, "a" * 64), SeatRow(1, "", "heuristic", None)], []))
    storage.add_action("t1", 0, 0, "first", False)                     # t1 is at step 1 already
    assert storage.end_table("t2", 0, {"resigned": 0, "step": 0, "winners": [1], "text": "x"})

    async def stored(*move, **job):
        await storage.add_action_soon(*move, **job)
        return reader.actions_from(move[0], 0)     # what another connection reads once answered

    async def moves():
        return await asyncio.gather(
            stored("t1", 0, 0, "late", False),          # step 0 is taken (the first of the lot)
            stored("t0", 0, 0, "pass", False),
            stored("t2", 0, 0, "after the end", False),  # t2 ended
            stored("t3", 0, 0, "pass", False, job=True),
            stored("t4", 0, 0, "pass", True),
            return_exceptions=True)

    outcomes = asyncio.run(moves())
    assert outcomes[1] == ["pass"] and outcomes[3] == ["pass"] and outcomes[4] == ["pass"]
    assert isinstance(outcomes[0], StepTaken) and isinstance(outcomes[2], TableEnded)
    assert [reader.actions_from(f"t{i}", 0) for i in range(5)] == [["pass"], ["first"], [], ["pass"], ["pass"]]
    assert reader.load_table("t4").over and not reader.load_table("t0").over

    async def refused_alone():               # a lot where nothing but the ended table fails
        return await asyncio.gather(stored("t2", 0, 0, "again", False), stored("t0", 1, 1, "pass", False),
                                    return_exceptions=True)

    ended, moved = asyncio.run(refused_alone())
    assert isinstance(ended, TableEnded) and moved == ["pass", "pass"]
    assert reader.actions_from("t2", 0) == [] and reader.load_table("t2").ended is not None
    if storage.shared:                                                   # (agents' jobs: shared storage)
        job = storage.claim_job()                                        # t3's agent is to move
        assert job is not None and (job.table_id, job.step) == ("t3", 1)
        storage.finish_job(job)
    storage.close()
    reader.close()


def test_a_lot_that_fails_unforeseen_is_stored_move_by_move(tmp_path):
    """SQLite: a statement failing where no guard foresaw it (here an action row already at the
    step of a table that says it is not there yet) rolls the lot back, and each move is then
    stored on its own: the others are committed, the failing one is refused and changes nothing."""
    import asyncio

    db = str(tmp_path / "t.sqlite3")
    storage, reader = open_storage(db), open_storage(db)
    for i in range(3):
        storage.create_table(TableRow(f"t{i}", "spirit-link", 2, {}, i, None, "live", "h" * 64, 1.0, False, None,
                                      [SeatRow(0, "", None, "a" * 64), SeatRow(1, "", None, "b" * 64)], []))
    storage._db.execute("INSERT INTO actions (table_id, step, seat, text, at) VALUES ('t1', 0, 0, 'stray', 1.0)")

    async def moves():
        return await asyncio.gather(*(storage.add_action_soon(f"t{i}", 0, 0, "pass", False) for i in range(3)),
                                    return_exceptions=True)

    outcomes = asyncio.run(moves())
    assert outcomes[0] is None and outcomes[2] is None and isinstance(outcomes[1], StepTaken)
    assert [reader.actions_from(f"t{i}", 0) for i in range(3)] == [["pass"], ["stray"], ["pass"]]
    assert [reader.load_table(f"t{i}").over for i in range(3)] == [False, False, False]
    assert reader._query("SELECT steps FROM tables WHERE id='t1'") == [(0,)]
    storage.close()
    reader.close()


def test_a_lot_of_moves_is_heard_in_one_notice_per_lot(pg_db, monkeypatch):
    """Moves stored together reach the other processes in one notification naming their tables
    (split so that none holds more than NOTICE_TABLES), not one a move; an agent's turn is still
    a notice of its own; a refused move is in none."""
    import queue

    from tabletome.server.storage import PostgresStorage

    writer, hearer = open_storage(pg_db), open_storage(pg_db)
    heard = queue.Queue()
    hearer.listen(heard.put)
    assert heard.get(timeout=10) is None                                 # listening
    for i in range(5):
        writer.create_table(TableRow(f"t{i}", "spirit-link", 2, {}, i, None, "live", "h" * 64, 1.0, False, None,
                                     [SeatRow(0, "", None, "a" * 64), SeatRow(1, "", "heuristic", None)], []))
    monkeypatch.setattr(PostgresStorage, "NOTICE_TABLES", 2)
    lot = [(f"t{i}", 0, 0, "pass", 0, i == 3) for i in range(5)] + [("t1", 7, 0, "stale", 0, False)]
    conn = writer._connect()
    outcomes = writer._store_batch(conn, lot)
    conn.close()
    assert outcomes[:5] == [None] * 5 and isinstance(outcomes[5], StepTaken)
    notices = []
    while len(notices) < 4:
        notices.append(heard.get(timeout=10))
    assert heard.empty() or heard.get(timeout=1) is None
    lots = sorted(n.split(" ", 3)[3].split(",") for n in notices if n.split(" ")[2] == "A")
    assert sorted(len(names) for names in lots) == [1, 2, 2] and sorted(sum(lots, [])) == [f"t{i}" for i in range(5)]
    assert [n.split(" ", 1)[1] for n in notices if n.split(" ")[2] == "j"] == ["t3 j 1"]
    writer.close()
    hearer.close()


def test_notices_are_sent_by_the_writer_without_the_loop_waiting(pg_db):
    """Who is online or thinking is told to the other processes by the writer thread, in order:
    ``notify`` returns at once even while the storage's own connection is busy (held here), so the
    event loop never waits for the database to say it."""
    import queue

    teller, hearer = open_storage(pg_db), open_storage(pg_db)
    heard = queue.Queue()
    hearer.listen(heard.put)
    assert heard.get(timeout=10) is None                                 # listening
    returned = threading.Event()
    with teller._lock:                   # the connection the loop's other storage calls use is busy
        def tell():
            for i in range(3):
                teller.notify("t1", "p", str(i))
            returned.set()
        threading.Thread(target=tell, daemon=True).start()
        assert returned.wait(5)
    assert [heard.get(timeout=10).split(" ", 1)[1] for _ in range(3)] == ["t1 p 0", "t1 p 1", "t1 p 2"]
    teller.close()
    hearer.close()


def test_jobs_are_taken_once_and_freed_when_their_process_dies(pg_db):
    """An agent's turn is held by one process at a time (SKIP LOCKED), and free again the moment
    the connection holding it is gone."""
    a, b = open_storage(pg_db), open_storage(pg_db)
    row = TableRow("t1", "spirit-link", 2, {}, 1, None, "live", "h" * 64, 1.0, False, None,
                   [SeatRow(0, "", "heuristic", None), SeatRow(1, "", "heuristic", None)], [])
    a.create_table(row, job_step=0)
    job = a.claim_job()
    assert (job.table_id, job.step) == ("t1", 0)
    assert b.claim_job() is None                              # held by a: b skips it
    job.conn.close()                                          # a's connection dies
    deadline = time.time() + 10                               # (its backend lets go as it ends)
    while (again := b.claim_job()) is None and time.time() < deadline:
        time.sleep(0.05)
    assert again is not None and (again.table_id, again.step) == ("t1", 0)
    b.finish_job(again)
    assert a.claim_job() is None and b.claim_job() is None    # done: gone for everyone
    a.close()
    b.close()


def test_a_table_is_deleted_while_a_process_holds_its_agents_turn(pg_db):
    """Deleting a table does not wait for the agent's turn another connection holds: the turns no
    one holds go with it, the one held goes when its holder finishes it. A database made before
    (its jobs tied to their table by a foreign key, which made the delete wait) loses the key."""
    with psycopg.connect(pg_db, autocommit=True) as conn:          # the schema as it was before
        for sql in POSTGRES_SCHEMA:
            if "jobs" not in sql:
                conn.execute(sql)
        conn.execute("CREATE TABLE jobs (table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,"
                     " step INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, step))")
    a, b = open_storage(pg_db), open_storage(pg_db)
    with psycopg.connect(pg_db) as conn:
        assert conn.execute("SELECT count(*) FROM pg_constraint WHERE conrelid = 'jobs'::regclass"
                            " AND contype = 'f'").fetchone()[0] == 0
    for tid in ("t1", "t2"):
        a.create_table(TableRow(tid, "spirit-link", 2, {}, 1, None, "live", "h" * 64, 1.0, False, None,
                                [SeatRow(0, "", "heuristic", None), SeatRow(1, "", "heuristic", None)], []),
                       job_step=0)
    job = a.claim_job()                                         # a's agent thinks at one of them
    other = "t2" if job.table_id == "t1" else "t1"
    done = threading.Event()
    threading.Thread(target=lambda: (b.delete_table(job.table_id), b.delete_table(other), done.set()),
                     daemon=True).start()
    assert done.wait(10), "the delete waited for the agent's turn"
    with psycopg.connect(pg_db) as conn:
        assert conn.execute("SELECT table_id FROM jobs").fetchall() == [(job.table_id,)]   # the one held
    a.finish_job(job)
    with psycopg.connect(pg_db) as conn:
        assert conn.execute("SELECT count(*) FROM jobs").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM tables").fetchone()[0] == 0
    a.close()
    b.close()


def test_a_game_across_two_processes_survives_one_killed(pg_servers):
    """Seat 0 plays on process A, seat 1 on process B: each move reaches the other seat's page on
    the other process. A is killed with SIGKILL mid-game; seat 0 goes on on B, and the game
    finishes there with every acknowledged move in its record, in order."""
    a, b = pg_servers(), pg_servers()
    rng = random.Random(7)
    table = a.create("spirit-link", options={"starting_hand": 3}, seed=25,
                     seats=[{"agent": None}, {"agent": None}])
    tid = table["id"]
    tabs = {0: opened(a, table, 0), 1: opened(b, table, 1)}
    spectators = [watcher(a, tid), watcher(b, tid)]
    acked = []

    def play(moves):
        for _ in range(moves):
            step = len(acked)
            for t in tabs.values():
                t.at_step(step, timeout=20)    # the move made on the other process reached this page
            mover = [t for t in tabs.values() if t.state["legal"]]
            if not mover:
                assert all(t.state["over"] for t in tabs.values())
                return
            action = rng.choice(mover[0].state["legal"])
            mover[0].send({"type": "move", "action": action["id"], "step": step, "id": step})
            mover[0].until(lambda m: m.get("ack") == step or m["type"] == "error")
            assert mover[0].messages[-1].get("ack") == step, mover[0].messages[-1]
            acked.append(action["text"])

    play(12)
    assert len(acked) == 12
    for s in spectators:
        s.at_step(12, timeout=20)
    a.kill()                                                   # mid-game, with seat 0 connected to it
    tabs[0] = opened(b, table, 0)
    assert tabs[0].state["step"] == 12
    play(10_000)
    assert tabs[1].state["over"]
    record = b.get(f"/api/tables/{tid}/record").json()
    assert record["actions"] == acked                         # nothing lost, nothing twice
    assert tabletome.replay(record).is_over
    spectators[1].at_step(len(acked))


def test_two_processes_never_both_accept_a_move_for_one_step(pg_servers, pg_db):
    """Two pages of the seat to move, on two processes, send different moves for the same position
    at the same moment: one is applied, the other refused as stale, one action stored."""
    a, b = pg_servers(), pg_servers()
    for attempt in range(4):
        table = a.create("spirit-link", options={"starting_hand": 3}, seed=40 + attempt,
                         seats=[{"agent": None}, {"agent": None}])
        tabs = [opened(a, table, 0), opened(b, table, 0)]
        legal = tabs[0].state["legal"]
        go = threading.Barrier(2)

        def fire(tab, action):
            go.wait()
            tab.send({"type": "move", "action": action["id"], "step": 0, "id": "m"})

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
        for tab in tabs:
            tab.at_step(1, timeout=20)
            assert tab.drain(0.3) == [] or tab.state["step"] == 1
        with psycopg.connect(pg_db) as conn:
            stored = conn.execute("SELECT step FROM actions WHERE table_id=%s", (table["id"],)).fetchall()
        assert stored == [(0,)]
        assert a.get(f"/api/tables/{table['id']}").json()["step"] == 1
        assert b.get(f"/api/tables/{table['id']}").json()["step"] == 1


def test_agents_turns_are_taken_by_any_process(pg_servers):
    """Tables of agents created on process A go on while A is frozen (SIGSTOP): process B takes
    their turns from the job table. Then A is killed, and B finishes every table, the one whose
    turn A held too."""
    a = pg_servers("--ai-delay", "0.1")
    b = pg_servers("--ai-delay", "0.1", "--ai-workers", "2")
    tables = [a.create("spirit-link", options={"starting_hand": 3}, seed=60 + i,
                       seats=[{"agent": "heuristic"}, {"agent": "random"}])["id"] for i in range(3)]
    a.pause()
    watchers = {tid: watcher(b, tid) for tid in tables}
    frozen_at = {tid: w.state["step"] for tid, w in watchers.items()}

    def wait_until(done, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline and not done():
            for w in watchers.values():          # read every page, so none falls behind
                w.drain(0.05)
        return done()

    # A holds at most one turn (one worker): B's workers move the others on
    def moved():
        return [tid for tid, w in watchers.items() if w.state["over"] or w.state["step"] >= frozen_at[tid] + 3]

    assert wait_until(lambda: len(moved()) >= 2, 60), {
        tid: (frozen_at[tid], w.state["step"]) for tid, w in watchers.items()}
    a.kill()
    assert wait_until(lambda: all(w.state["over"] for w in watchers.values()), 150), {
        tid: w.state["step"] for tid, w in watchers.items()}
    for tid in tables:
        record = b.get(f"/api/tables/{tid}/record").json()
        assert tabletome.replay(record).is_over


def test_serve_says_clearly_when_postgresql_cannot_be_reached(tmp_path):
    from .helpers import free_port

    port = free_port()       # nothing listens there
    r = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "serve", "--port", str(free_port()),
                        "--db", f"postgresql://someone:secret@127.0.0.1:{port}/tables"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, r.stdout + r.stderr
    assert f"cannot reach PostgreSQL someone@127.0.0.1:{port}/tables" in r.stdout
    assert "secret" not in r.stdout + r.stderr and "Traceback" not in r.stderr
