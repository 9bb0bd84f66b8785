"""Storage for the server: tables, seats and every accepted action, in SQLite (stdlib sqlite3, the
default) or PostgreSQL (psycopg 3, shared by several server processes).

This is the one module that knows the database; the rest of the server never writes SQL.
``open_storage(db)`` picks the backend: a ``postgresql://`` (or ``postgres://``) URL is PostgreSQL,
anything else the path of a SQLite file.

A table is stored as its start (game, players, options, seed, card file) plus the ordered list of
accepted action texts: replaying them rebuilds the state exactly (the contract's records). Each
``add_action`` commits before it returns, and ``add_action_soon`` (the server's moves: those that
arrive together share one commit) before its answer, so an action the server acknowledges survives
a crash of the process (SQLite's write-ahead log with ``synchronous=NORMAL`` is durable against a killed
process; only a power cut may lose the last transactions; PostgreSQL commits durably). The primary
key (table, step) refuses a second action for the same step (``StepTaken``), whichever process
sends it: that is what keeps two processes from both accepting a move for one position.

Several processes (PostgreSQL only, ``shared`` is True) learn of each other's changes through
LISTEN/NOTIFY: every change sends a notification in the transaction that makes it (delivered when it
commits), which ``listen`` hands to the server. Agents' turns are rows of the ``jobs`` table, written
in the transaction that makes an agent the seat to move; any process takes one with
``SELECT ... FOR UPDATE SKIP LOCKED`` and holds its row lock while the agent thinks, so no two
processes take the same job, and a job whose process dies is free again at once (PostgreSQL drops
the dead connection's lock). Nothing waits for that lock: deleting a table skips the job held.

Seat tokens are stored as SHA-256 hashes, never in clear.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

SCHEMA_VERSION = 2          # 2: tables.public, seen (the lobby), ended (resigned), steps, settings, undo
CHAT_STORED = 100           # chat messages a table keeps (a page opening it gets the last 50)
CHANNEL = "tabletome"          # the LISTEN/NOTIFY channel every process of one database shares
INSERT_ACTION = "INSERT INTO actions (table_id, step, seat, text, at) VALUES (?, ?, ?, ?, ?)"
# a move's guard: the table has not ended and is at the move's step (a move ends any undo request)
GUARDED_STEP = "UPDATE tables SET over=?, seen=?, steps=?, undo=NULL WHERE id=? AND ended IS NULL AND steps=?"
_encode_json = msgspec.json.Encoder().encode

SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    cards TEXT,
    kind TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    rematch TEXT,
    public INTEGER NOT NULL DEFAULT 0,
    seen REAL,
    ended TEXT,
    steps INTEGER NOT NULL DEFAULT 0,
    settings TEXT,
    undo TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    agent TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, step)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY,
    table_id TEXT NOT NULL,
    seat INTEGER,
    who TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_table ON chat (table_id, id);
CREATE TABLE IF NOT EXISTS people (key_hash TEXT PRIMARY KEY, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS creations (
    client TEXT NOT NULL,
    period INTEGER NOT NULL,
    made INTEGER NOT NULL,
    PRIMARY KEY (client, period)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS person_seats (
    key_hash TEXT NOT NULL,
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    added REAL NOT NULL,
    PRIMARY KEY (key_hash, table_id, seat)
) WITHOUT ROWID;
"""

POSTGRES_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        cards TEXT,
        kind TEXT NOT NULL,
        host_hash TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        over INTEGER NOT NULL DEFAULT 0,
        rematch TEXT,
        public INTEGER NOT NULL DEFAULT 0,
        seen DOUBLE PRECISION,
        ended TEXT,
        steps INTEGER NOT NULL DEFAULT 0,
        settings TEXT,
        undo TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        agent TEXT,
        token_hash TEXT,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        step INTEGER NOT NULL,
        seat INTEGER,
        text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, step)
    )""",
    """CREATE TABLE IF NOT EXISTS chat (
        id BIGSERIAL PRIMARY KEY,
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER,
        who TEXT NOT NULL,
        text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS chat_by_table ON chat (table_id, id)",
    # a person's "my tables" link: its key's hash, and the seats it holds (the seat's token hash when
    # it was added: a seat re-invited since is no longer theirs)
    "CREATE TABLE IF NOT EXISTS people (key_hash TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL)",
    # how many rows each client (a keyed hash of its address and the hour) made this hour
    """CREATE TABLE IF NOT EXISTS creations (
        client TEXT NOT NULL,
        period BIGINT NOT NULL,
        made INTEGER NOT NULL,
        PRIMARY KEY (client, period)
    )""",
    """CREATE TABLE IF NOT EXISTS person_seats (
        key_hash TEXT NOT NULL REFERENCES people (key_hash) ON DELETE CASCADE ON UPDATE CASCADE,
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        added DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (key_hash, table_id, seat)
    )""",
    # schema 1 had none of these (a database written by an older tabletome)
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS public INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS seen DOUBLE PRECISION",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS ended TEXT",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS settings TEXT",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS undo TEXT",
    "ALTER TABLE tables ADD COLUMN IF NOT EXISTS steps INTEGER",
    "UPDATE tables SET steps=(SELECT count(*) FROM actions a WHERE a.table_id=tables.id) WHERE steps IS NULL",
    "ALTER TABLE tables ALTER COLUMN steps SET NOT NULL",
    "CREATE INDEX IF NOT EXISTS tables_by_seen ON tables (seen)",
    # an agent is to move at this table and step; taken by any process (FOR UPDATE SKIP LOCKED),
    # which holds the row locked while the agent thinks. No foreign key: deleting the table would
    # wait for that lock (with the event loop stopped, for ever); delete_table removes the jobs no
    # process holds, and one held is removed when its process finds the table gone
    """CREATE TABLE IF NOT EXISTS jobs (
        table_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, step)
    )""",
    "ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_table_id_fkey",
]

log = logging.getLogger("tabletome.server")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def is_postgres(db) -> bool:
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def shown_db(db) -> str:
    """Where the tables are, for a message: a PostgreSQL URL without its password."""
    if not is_postgres(db):
        return str(db)
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(db)
    except Exception:
        return "a PostgreSQL database"
    host = parts.get("host", "localhost")
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"PostgreSQL {parts.get('user', '')}{'@' if parts.get('user') else ''}{host}{port}/{parts.get('dbname', '')}"


def open_storage(db) -> "Storage":
    """The storage ``db`` names: a ``postgresql://`` URL, else a SQLite file's path."""
    return PostgresStorage(db) if is_postgres(db) else SQLiteStorage(db)


class StorageUnavailable(Exception):
    """The database cannot be opened: the message says which and why."""


class TableEnded(Exception):
    """The table ended (a resignation) before this action could be stored."""


class NotChanged(Exception):
    """A guarded update found nothing to change (someone else changed it first)."""


class StepTaken(Exception):
    """Another action is already stored for this table and step (another page or process won)."""


@dataclass
class SeatRow:
    seat: int
    name: str
    agent: str | None          # an agent spec, or None for a person
    token_hash: str | None     # None: nobody holds this seat (vacated) or an agent sits there


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict
    seed: int
    cards: str | None
    kind: str                  # "live" (played here) or "replay" (an uploaded record, watched only)
    host_hash: str
    created: float
    over: bool
    rematch: str | None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    public: bool = False       # listed in the lobby while a seat is open
    ended: dict | None = None  # how the table ended other than by the rules (a resignation)
    settings: dict = field(default_factory=dict)   # the host's: {"spectators": bool}
    undo: dict | None = None   # a seat's request to take back its decisions, awaiting the others


@dataclass
class Job:
    """An agent's turn taken by this process: its row stays locked until ``finish_job``."""
    table_id: str
    step: int
    conn: object = None


class Storage:
    """What every backend offers. The SQL here is written with ``?`` placeholders, and each
    backend runs it on one connection behind a lock (thread-safe)."""

    shared = False             # True: other processes may change the same tables (PostgreSQL)

    def __init__(self):
        self._lock = threading.Lock()
        self.origin = secrets.token_hex(6)     # this process, in the notifications it sends

    # backends implement these
    def _query(self, sql: str, params=()) -> list[tuple]:
        raise NotImplementedError

    def _transaction(self, statements: list[tuple[str, object]], many: bool = False) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def _notice(self, table_id: str, kind: str, detail="") -> list:
        """The statement sending one notification with the transaction it is part of (none here)."""
        return []

    # --- tables ------------------------------------------------------------------------------
    def create_table(self, row: TableRow, job_step: int | None = None) -> None:
        """Store a new table (its start, seats and any actions); ``job_step``: an agent is to move."""
        now = time.time()
        statements = [
            ("INSERT INTO tables (id, game, players, options, seed, cards, kind, host_hash, created, over, public, seen,"
             " steps, ended, settings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             [(row.id, row.game, row.players, json.dumps(row.options), row.seed, row.cards,
               row.kind, row.host_hash, row.created or now, int(row.over), int(row.public), now, len(row.actions),
               json.dumps(row.ended) if row.ended is not None else None,
               json.dumps(row.settings) if row.settings else None)]),
            ("INSERT INTO seats (table_id, seat, name, agent, token_hash) VALUES (?, ?, ?, ?, ?)",
             [(row.id, s.seat, s.name, s.agent, s.token_hash) for s in row.seats]),
            ("INSERT INTO actions (table_id, step, seat, text, at) VALUES (?, ?, NULL, ?, ?)",
             [(row.id, i, text, now) for i, text in enumerate(row.actions)]),
        ]
        statements += self._job(row.id, job_step)
        self._transaction(statements)

    def load_table(self, table_id: str) -> TableRow | None:
        rows = self._query("SELECT id, game, players, options, seed, cards, kind, host_hash, created, over, rematch,"
                           " public, ended, settings, undo FROM tables WHERE id=?", (table_id,))
        if not rows:
            return None
        r = rows[0]
        row = TableRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6], r[7], r[8], bool(r[9]), r[10],
                       public=bool(r[11]), ended=json.loads(r[12]) if r[12] else None,
                       settings=json.loads(r[13]) if r[13] else {}, undo=json.loads(r[14]) if r[14] else None)
        row.seats = self.load_seats(table_id)
        row.actions = self.actions_from(table_id, 0)
        return row

    def load_seats(self, table_id: str) -> list[SeatRow]:
        return [SeatRow(*s) for s in self._query(
            "SELECT seat, name, agent, token_hash FROM seats WHERE table_id=? ORDER BY seat", (table_id,))]

    def load_rematch(self, table_id: str) -> str | None:
        rows = self._query("SELECT rematch FROM tables WHERE id=?", (table_id,))
        return rows[0][0] if rows else None

    def load_facts(self, table_id: str) -> tuple | None:
        """What another process may change besides actions and seats: (rematch, public, ended,
        settings, undo)."""
        rows = self._query("SELECT rematch, public, ended, settings, undo FROM tables WHERE id=?", (table_id,))
        if not rows:
            return None
        r = rows[0]
        return (r[0], bool(r[1]), json.loads(r[2]) if r[2] else None, json.loads(r[3]) if r[3] else {},
                json.loads(r[4]) if r[4] else None)

    def actions_from(self, table_id: str, step: int) -> list[str]:
        """The texts of the stored actions from number ``step`` on, in order."""
        return [a[0] for a in self._query(
            "SELECT text FROM actions WHERE table_id=? AND step>=? ORDER BY step", (table_id, step))]

    def action_times(self, table_id: str) -> list[tuple]:
        """(the seat that moved, when) for each stored action, in order: what the clocks count."""
        return [tuple(r) for r in self._query("SELECT seat, at FROM actions WHERE table_id=? ORDER BY step", (table_id,))]

    def unfinished_with_clocks(self) -> list[str]:
        """Ids of live tables not over yet that have a clock (it keeps running after a restart)."""
        rows = self._query("SELECT id FROM tables WHERE kind='live' AND over=0 AND settings LIKE ?", ('%"clock"%',))
        return [r[0] for r in rows]

    def unfinished_with_agents(self) -> list[str]:
        """Ids of live tables not over yet at which an agent sits (they resume after a restart)."""
        rows = self._query("SELECT DISTINCT t.id FROM tables t JOIN seats s ON s.table_id = t.id"
                           " WHERE t.kind='live' AND t.over=0 AND s.agent IS NOT NULL")
        return [r[0] for r in rows]

    # --- play --------------------------------------------------------------------------------
    def add_action(self, table_id: str, step: int, seat: int | None, text: str, over: bool,
                   job: bool = False) -> None:
        """Store accepted action number ``step`` (0-based) and commit before returning. A second
        action for the same step raises ``StepTaken``. ``job``: an agent is to move next."""
        self._transaction(self._action(table_id, step, seat, text, over, job))

    def _action(self, table_id, step, seat, text, over, job) -> list:
        """The statements storing one action."""
        statements = [(INSERT_ACTION, [(table_id, step, seat, text, time.time())])]
        # locks the table's row: a move, a resignation and an undo are stored one after the other,
        # each only at the step it was decided at; a move ends any undo request
        statements.append((GUARDED_STEP, [(int(over), time.time(), step + 1, table_id, step)], TableEnded))
        statements += self._job(table_id, step + 1 if job else None)
        statements += self._notice(table_id, "a", step)
        return statements

    async def add_action_soon(self, table_id: str, step: int, seat: int | None, text: str, over: bool,
                              job: bool = False) -> None:
        """``add_action`` from the event loop: stored with the other moves that arrive meanwhile in
        one transaction (one commit for them all); returns once this move is committed, or raises
        as ``add_action`` would."""
        raise NotImplementedError

    def set_seat(self, table_id: str, seat: int, token_hash_value: str | None) -> None:
        self._transaction([("UPDATE seats SET token_hash=? WHERE table_id=? AND seat=?",
                            [(token_hash_value, table_id, seat)])] + self._notice(table_id, "s"))

    def end_table(self, table_id: str, step: int, ended: dict) -> bool:
        """End the table at ``step`` (a resignation) unless it is over or has moved on; True if done."""
        try:
            self._transaction([("UPDATE tables SET ended=?, over=1 WHERE id=? AND ended IS NULL AND over=0 AND steps=?",
                                [(json.dumps(ended), table_id, step)], NotChanged)] + self._notice(table_id, "s"))
        except NotChanged:
            return False
        return True

    def set_undo(self, table_id: str, step: int, request: dict | None) -> bool:
        """Record (or with None, clear) an undo request while the table is at ``step``."""
        try:
            self._transaction([("UPDATE tables SET undo=? WHERE id=? AND steps=? AND ended IS NULL",
                                [(json.dumps(request) if request is not None else None, table_id, step)], NotChanged)]
                              + self._notice(table_id, "s"))
        except NotChanged:
            return False
        return True

    def undo_to(self, table_id: str, step: int, to: int) -> bool:
        """Take back the actions from number ``to`` on, if the table is still at ``step``."""
        try:
            self._transaction([("UPDATE tables SET steps=?, over=0, undo=NULL WHERE id=? AND steps=? AND ended IS NULL",
                                [(to, table_id, step)], NotChanged),
                               ("DELETE FROM actions WHERE table_id=? AND step>=?", [(table_id, to)])]
                              + self._notice(table_id, "u", to))
        except NotChanged:
            return False
        return True

    def set_settings(self, table_id: str, public: bool, settings: dict) -> None:
        self._transaction([("UPDATE tables SET public=?, settings=? WHERE id=?",
                            [(int(public), json.dumps(settings), table_id)])] + self._notice(table_id, "s"))

    def set_rematch(self, table_id: str, rematch_id: str) -> str:
        """Record the rematch table unless one is recorded already; the one recorded."""
        self._transaction([("UPDATE tables SET rematch=? WHERE id=? AND rematch IS NULL",
                            [(rematch_id, table_id)])] + self._notice(table_id, "s"))
        return self.load_rematch(table_id)

    # --- the lobby -----------------------------------------------------------------------------
    def lobby(self, limit: int = 100) -> list[str]:
        """Ids of public live tables, not over, with a seat nobody holds: the oldest first."""
        rows = self._query("SELECT t.id FROM tables t WHERE t.public=1 AND t.kind='live' AND t.over=0 AND EXISTS"
                           " (SELECT 1 FROM seats s WHERE s.table_id=t.id AND s.agent IS NULL AND s.token_hash IS NULL)"
                           " ORDER BY t.created, t.id LIMIT ?", (limit,))
        return [r[0] for r in rows]

    def take_seat(self, table_id: str, seat: int, token_hash_value: str, name: str) -> bool:
        """Give an open seat (a person's, nobody holding it) to whoever asked first; False if it
        was not open any more."""
        rows = self._query("UPDATE seats SET token_hash=?, name=? WHERE table_id=? AND seat=? AND agent IS NULL"
                           " AND token_hash IS NULL RETURNING seat", (token_hash_value, name, table_id, seat))
        if rows:
            self._transaction([("UPDATE tables SET seen=? WHERE id=?", [(time.time(), table_id)])]
                              + self._notice(table_id, "s"))
        return bool(rows)

    def seen(self, table_ids: list[str]) -> None:
        """Somebody is at these tables now (their pages are open)."""
        now = time.time()
        self._transaction([("UPDATE tables SET seen=? WHERE id=?", [(now, t) for t in table_ids])])

    def abandoned(self, before: float) -> list[str]:
        """Ids of public tables, not over, that nobody has been at since ``before``."""
        return [r[0] for r in self._query("SELECT id FROM tables WHERE public=1 AND over=0 AND kind='live'"
                                          " AND seen < ? ORDER BY id", (before,))]

    def expired(self, before: float, limit: int = 500) -> list[str]:
        """Ids of tables nobody has been at since ``before`` that are not a finished game: live
        tables not over, and uploaded records (their uploader holds the record)."""
        return [r[0] for r in self._query("SELECT id FROM tables WHERE (over=0 OR kind='replay') AND (seen < ?"
                                          " OR (seen IS NULL AND created < ?)) ORDER BY id LIMIT ?",
                                          (before, before, limit))]

    # --- what each client creates ------------------------------------------------------------------
    def count_creation(self, client: str, period: int, most: int) -> bool:
        """Count one more creation for ``client`` (a keyed hash) in ``period``, unless it made
        ``most`` already: True if counted. One statement, so processes sharing the database
        count together."""
        return bool(self._query("INSERT INTO creations (client, period, made) VALUES (?, ?, 1)"
                                " ON CONFLICT (client, period) DO UPDATE SET made=creations.made + 1"
                                " WHERE creations.made < ? RETURNING made", (client, period, most)))

    def forget_creations(self, before_period: int) -> None:
        """Delete the counts of the periods before ``before_period``: no key outlives its hour."""
        self._transaction([("DELETE FROM creations WHERE period < ?", [(before_period,)])])

    # --- a person's "my tables" link ------------------------------------------------------------------
    def add_person(self, key_hash: str) -> None:
        self._transaction([("INSERT INTO people (key_hash, created) VALUES (?, ?)", [(key_hash, time.time())])])

    def person_exists(self, key_hash: str) -> bool:
        return bool(self._query("SELECT 1 FROM people WHERE key_hash=?", (key_hash,)))

    def add_person_seat(self, key_hash: str, table_id: str, seat: int, token_hash_value: str) -> None:
        self._transaction([("DELETE FROM person_seats WHERE key_hash=? AND table_id=? AND seat=?",
                            [(key_hash, table_id, seat)]),
                           ("INSERT INTO person_seats (key_hash, table_id, seat, token_hash, added) VALUES (?, ?, ?, ?, ?)",
                            [(key_hash, table_id, seat, token_hash_value, time.time())])])

    def person_seats(self, key_hash: str, limit: int = 500) -> list[tuple]:
        """(table id, seat, the seat's token hash when added) for each seat the person holds, newest first."""
        return [tuple(r) for r in self._query("SELECT table_id, seat, token_hash FROM person_seats WHERE key_hash=?"
                                              " ORDER BY added DESC LIMIT ?", (key_hash, limit))]

    def rekey_person(self, old_hash: str, new_hash: str) -> bool:
        """Move a person's seats to a new key; the old one stops working. False if there was none."""
        try:
            self._transaction([("INSERT INTO people (key_hash, created) SELECT ?, created FROM people WHERE key_hash=?",
                                [(new_hash, old_hash)], NotChanged),
                               ("UPDATE person_seats SET key_hash=? WHERE key_hash=?", [(new_hash, old_hash)]),
                               ("DELETE FROM people WHERE key_hash=?", [(old_hash,)])])
        except NotChanged:
            return False
        return True

    # --- chat ------------------------------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int | None, who: str, text: str) -> None:
        """Store a chat message; a table keeps its last CHAT_STORED messages (pages show fewer)."""
        self._transaction([("INSERT INTO chat (table_id, seat, who, text, at) VALUES (?, ?, ?, ?, ?)",
                            [(table_id, seat, who, text, time.time())]),
                           ("DELETE FROM chat WHERE table_id=? AND id <= (SELECT id FROM chat WHERE table_id=?"
                            " ORDER BY id DESC LIMIT 1 OFFSET ?)", [(table_id, table_id, CHAT_STORED)])]
                          + self._notice(table_id, "c"))

    def chat_after(self, table_id: str, after: int, limit: int = 50) -> list[dict]:
        """The table's chat messages after id ``after``: the last ``limit`` of them, oldest first."""
        rows = self._query("SELECT id, seat, who, text, at FROM chat WHERE table_id=? AND id>? ORDER BY id DESC LIMIT ?",
                           (table_id, after, limit))
        return [{"id": r[0], "seat": r[1], "who": r[2], "text": r[3], "at": r[4]} for r in reversed(rows)]

    def delete_table(self, table_id: str) -> None:
        self._transaction([("DELETE FROM actions WHERE table_id=?", [(table_id,)]),
                           ("DELETE FROM chat WHERE table_id=?", [(table_id,)]),
                           ("DELETE FROM person_seats WHERE table_id=?", [(table_id,)]),
                           ("DELETE FROM seats WHERE table_id=?", [(table_id,)]),
                           ("DELETE FROM tables WHERE id=?", [(table_id,)])])

    # --- several processes (PostgreSQL); nothing to do for one -----------------------------------
    def _job(self, table_id: str, step: int | None) -> list:
        return []

    def add_job(self, table_id: str, step: int) -> None:
        """An agent is to move at ``table_id``, step ``step`` (kept until a process finishes it)."""

    def claim_job(self) -> Job | None:
        """Take one agent's turn no other process holds, or None."""
        return None

    def finish_job(self, job: Job, done: bool = True) -> None:
        """Let go of a taken job: ``done`` deletes it, else another process may take it again."""

    def notify(self, table_id: str, kind: str, detail="") -> None:
        """Tell the other processes something about a table (who is thinking, say), without waiting
        for it to be sent."""

    def listen(self, callback) -> None:
        """Call ``callback(payload)`` from a thread with each other process's notification, and
        ``callback(None)`` whenever some may have been missed (on (re)connecting)."""


class SQLiteStorage(Storage):
    """One SQLite file, created on first use; one process."""

    def __init__(self, path: str | Path):
        super().__init__()
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._group: list | None = None     # the futures of moves stored but not yet committed
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SQLITE_SCHEMA)
        row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is not None and int(row[0]) > SCHEMA_VERSION:
            raise RuntimeError(f"{self.path} was written by a newer tabletome (schema {row[0]})")
        columns = {c[1] for c in self._db.execute("PRAGMA table_info(tables)")}
        for column, kind in (("public", "INTEGER NOT NULL DEFAULT 0"), ("seen", "REAL"), ("ended", "TEXT"),
                             ("steps", "INTEGER NOT NULL DEFAULT 0"), ("settings", "TEXT"), ("undo", "TEXT")):
            if column not in columns:          # a file written by an older tabletome
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
                if column == "steps":
                    self._db.execute("UPDATE tables SET steps=(SELECT count(*) FROM actions a"
                                     " WHERE a.table_id=tables.id)")
        self._db.execute("CREATE INDEX IF NOT EXISTS tables_by_seen ON tables (seen)")    # (seen: added above)
        self._db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        self._db.execute("INSERT OR IGNORE INTO meta VALUES ('client_secret', ?)", (secrets.token_hex(32),))
        self.client_secret = self._db.execute("SELECT value FROM meta WHERE key='client_secret'").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._commit_group()
            self._db.close()

    def _query(self, sql, params=()):
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def _transaction(self, statements):
        with self._lock:
            self._commit_group()        # (the moves waiting for their commit come first)
            self._run(statements, "BEGIN", "COMMIT", "ROLLBACK")

    def _run(self, statements, begin, commit, rollback) -> None:
        db = self._db
        db.execute(begin)
        try:
            for sql, rows, *unchanged in statements:
                if rows:
                    cur = db.executemany(sql, rows)
                    if unchanged and cur.rowcount == 0:
                        raise unchanged[0](sql)
            if commit is not None:
                db.execute(commit)
        except sqlite3.IntegrityError as exc:
            db.execute(rollback)
            if "actions" in str(exc):
                raise StepTaken(str(exc)) from None
            raise
        except BaseException:
            db.execute(rollback)
            raise

    # Group commit: the moves the event loop accepts in one pass are stored in one transaction by a
    # callback the loop runs before anything it schedules later (the pages' states among them);
    # each move's future is settled after the commit, so it is acknowledged only once it is on disk.
    # Each move's guarded UPDATE runs before its action, so a refused move has changed nothing and
    # takes nothing else with it; anything unforeseen rolls the lot back, and each is then stored
    # on its own, as it would be alone.
    async def add_action_soon(self, table_id, step, seat, text, over, job=False):
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        with self._lock:
            if self._group is None:
                self._group = []
                loop.call_soon(self._commit_group_locked)
            self._group.append(((table_id, step, seat, text, over), done))
        await done

    def _commit_group_locked(self) -> None:
        with self._lock:
            self._commit_group()

    def _commit_group(self) -> None:
        """Store and commit the moves waiting and tell each how it went. Call it holding the lock."""
        group, self._group = self._group, None
        if not group:
            return
        db = self._db
        outcomes = [None] * len(group)
        try:
            db.execute("BEGIN")
            now = time.time()
            moves = [move for move, _ in group]
            # every guard matched (as nearly always): all the actions at once; else move by move
            if db.executemany(GUARDED_STEP, [(int(over), now, step + 1, table_id, step)
                                             for table_id, step, seat, text, over in moves]).rowcount == len(moves):
                db.executemany(INSERT_ACTION, [(table_id, step, seat, text, now)
                                               for table_id, step, seat, text, over in moves])
            else:
                db.execute("ROLLBACK")
                db.execute("BEGIN")
                for i, (table_id, step, seat, text, over) in enumerate(moves):
                    if db.execute(GUARDED_STEP, (int(over), now, step + 1, table_id, step)).rowcount == 0:
                        outcomes[i] = self._refusal(table_id)
                        continue
                    db.execute(INSERT_ACTION, (table_id, step, seat, text, now))
            db.execute("COMMIT")
        except Exception:                # (a full disk, say) each on its own, as it would be alone
            if db.in_transaction:
                db.execute("ROLLBACK")
            for i, ((table_id, step, seat, text, over), _) in enumerate(group):
                try:
                    self._run(self._action(table_id, step, seat, text, over, False), "BEGIN", "COMMIT", "ROLLBACK")
                    outcomes[i] = None
                except Exception as exc:
                    outcomes[i] = exc
        for (_, done), outcome in zip(group, outcomes):
            _settle(done, outcome)

    def _refusal(self, table_id) -> Exception:
        """Why a move's guarded UPDATE matched nothing: its table ended, or its step was taken."""
        row = self._db.execute("SELECT ended FROM tables WHERE id=?", (table_id,)).fetchone()
        if row is None or row[0] is not None:
            return TableEnded(f"table {table_id} has ended")
        return StepTaken(f"the step of this move at table {table_id} is taken")


def _settle_all(lot) -> None:
    for done, outcome in lot:
        _settle(done, outcome)


def _settle(done, outcome) -> None:
    """On the event loop: tell a move waiting in ``add_action_soon`` how storing it went."""
    if done.done():
        return
    if outcome is None:
        done.set_result(None)
    else:
        done.set_exception(outcome)


class PostgresStorage(Storage):
    """A PostgreSQL database (psycopg 3), shared by every server process pointed at it."""

    shared = True

    def __init__(self, url: str):
        try:
            import psycopg
        except ImportError:
            raise StorageUnavailable("a postgresql:// database needs psycopg 3: pip install 'tabletome[server]'") from None

        super().__init__()
        self.url = url
        self._psycopg = psycopg
        self._db = None
        self._idle_jobs: list = []
        self._closing = threading.Event()
        self._listener: threading.Thread | None = None
        self._batch: list = []                    # moves waiting for the writer thread
        self._notices: list = []                  # notifications waiting for it (sent before the moves)
        self._batch_ready = threading.Condition()
        self._writer: threading.Thread | None = None
        with self._lock:
            try:
                db = self._connection()
            except psycopg.OperationalError as exc:
                raise StorageUnavailable(f"cannot reach {shown_db(url)}: {str(exc).strip()}") from None
            with db.transaction():
                # two processes starting at once must not both create the schema
                db.execute("SELECT pg_advisory_xact_lock(7301)")
                for sql in POSTGRES_SCHEMA:
                    db.execute(sql)
                row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if row is not None and int(row[0]) > SCHEMA_VERSION:
                    raise RuntimeError(f"{shown_db(url)} was written by a newer tabletome (schema {row[0]})")
                db.execute("INSERT INTO meta VALUES ('schema', %s) ON CONFLICT (key) DO UPDATE SET value=%s",
                           (str(SCHEMA_VERSION), str(SCHEMA_VERSION)))
                db.execute("INSERT INTO meta VALUES ('client_secret', %s) ON CONFLICT (key) DO NOTHING",
                           (secrets.token_hex(32),))
                self.client_secret = db.execute("SELECT value FROM meta WHERE key='client_secret'").fetchone()[0]

    def _connect(self, autocommit=True):
        return self._psycopg.connect(self.url, autocommit=autocommit, connect_timeout=10)

    def _connection(self):
        """The shared connection (under the lock), opened again if it was lost."""
        if self._db is None or self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    @staticmethod
    def _sql(sql: str) -> str:
        return sql.replace("?", "%s")

    def close(self) -> None:
        self._closing.set()
        with self._batch_ready:
            self._batch_ready.notify()
        if self._writer is not None:
            self._writer.join(10)
        with self._lock:
            for conn in [self._db, *self._idle_jobs]:
                if conn is not None:
                    conn.close()
            self._idle_jobs.clear()
        if self._listener is not None:
            self._listener.join(5)

    def _query(self, sql, params=()):
        with self._lock:
            return self._connection().execute(self._sql(sql), params).fetchall()

    def _transaction(self, statements):
        errors = self._psycopg.errors
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    with db.cursor() as cur:
                        for sql, rows, *unchanged in statements:
                            if rows:
                                cur.executemany(self._sql(sql), rows)
                                if unchanged and cur.rowcount == 0:
                                    raise unchanged[0](sql)
            except errors.UniqueViolation as exc:
                if exc.diag.table_name == "actions":
                    raise StepTaken(str(exc)) from None
                raise

    def _notice(self, table_id, kind, detail=""):
        return [("SELECT pg_notify(?, ?)", [(CHANNEL, self._notice_text(table_id, kind, detail))])]

    def _notice_text(self, table_id, kind, detail="") -> str:
        return f"{self.origin} {table_id} {kind} {detail}"

    def notify(self, table_id, kind, detail=""):
        """Sent by the writer thread, in order, with whatever else waits for it: the event loop
        does not wait for a round trip to the database to say who is online or thinking."""
        with self._batch_ready:
            if self._closing.is_set():
                return
            self._notices.append(self._notice_text(table_id, kind, detail))
            self._start_writer()
            self._batch_ready.notify()

    def _start_writer(self) -> None:
        """The writer thread, started on first use (and again if it died). Call it holding ``_batch_ready``."""
        if self._writer is None or not self._writer.is_alive():
            self._writer = threading.Thread(target=self._write, name="tabletome-write", daemon=True)
            self._writer.start()

    # a move is one statement (one round trip, its own transaction): the guarded UPDATE of the
    # table's row first (it locks the row; a second process's UPDATE waits, then finds the step
    # taken), the action only if it matched, the agent's job and the notifications only if the
    # action was stored
    ADD_ACTION = """WITH moved AS (
            UPDATE tables SET over=%(over)s, seen=%(now)s, steps=%(next)s, undo=NULL
            WHERE id=%(table)s AND ended IS NULL AND steps=%(step)s RETURNING id),
        stored AS (
            INSERT INTO actions (table_id, step, seat, text, at)
            SELECT id, %(step)s, %(seat)s, %(text)s, %(now)s FROM moved RETURNING step),
        job AS (
            INSERT INTO jobs (table_id, step, at) SELECT %(table)s, %(next)s, %(now)s FROM stored
            WHERE %(job)s ON CONFLICT DO NOTHING)
        SELECT pg_notify(%(channel)s, %(notice)s),
               CASE WHEN %(job)s THEN pg_notify(%(channel)s, %(job_notice)s) END FROM stored"""

    def add_action(self, table_id, step, seat, text, over, job=False):
        prefix = f"{self.origin} {table_id}"
        params = {"over": int(over), "now": time.time(), "next": step + 1, "table": table_id, "step": step,
                  "seat": seat, "text": text, "job": bool(job), "channel": CHANNEL,
                  "notice": f"{prefix} a {step}", "job_notice": f"{prefix} j {step + 1}"}
        try:
            with self._lock:
                stored = self._connection().execute(self.ADD_ACTION, params).fetchall()
        except self._psycopg.errors.UniqueViolation as exc:
            raise StepTaken(str(exc)) from None
        if not stored:
            raise self._not_stored(table_id, step)

    def _not_stored(self, table_id, step) -> Exception:
        """Why a move's guarded UPDATE matched nothing: the table ended, or another process
        stored this step first (or the table is gone)."""
        ended = self._query("SELECT ended FROM tables WHERE id=?", (table_id,))
        if ended and ended[0][0] is not None:
            return TableEnded(table_id)
        return StepTaken(f"table {table_id} is past step {step}")

    # the moves of many tables that arrived while the last were being stored, in one statement
    # (one round trip, one transaction), each guarded as ADD_ACTION guards one; the other processes
    # hear of them in one notification per NOTICE_TABLES tables ("ORIGIN * A id,id,...": a
    # notification's payload holds at most 8,000 bytes, a table id at most 40), not one a move
    # The moves come as one JSON array of [table, step, seat, text, over, job] (written by msgspec:
    # the writer thread holds the GIL for half as long per move as with six arrays to adapt).
    ADD_ACTIONS = """WITH input AS (
            SELECT m->>0 AS table_id, (m->>1)::int AS step, (m->>2)::int AS seat, m->>3 AS text,
                   (m->>4)::int AS over, (m->>5)::bool AS job FROM json_array_elements(%(moves)s::json) AS m),
        moved AS (
            UPDATE tables t SET over=i.over, seen=%(now)s, steps=i.step + 1, undo=NULL FROM input i
            WHERE t.id=i.table_id AND t.ended IS NULL AND t.steps=i.step
            RETURNING i.table_id, i.step, i.seat, i.text, i.job),
        stored AS (
            INSERT INTO actions (table_id, step, seat, text, at)
            SELECT table_id, step, seat, text, %(now)s FROM moved),
        job AS (
            INSERT INTO jobs (table_id, step, at) SELECT table_id, step + 1, %(now)s FROM moved WHERE job
            ON CONFLICT DO NOTHING),
        told AS (
            SELECT pg_notify(%(channel)s, %(origin)s || ' * A ' || string_agg(table_id, ',')) FROM
                (SELECT table_id, (row_number() OVER () - 1) / %(per_notice)s AS part FROM moved) m GROUP BY part
            UNION ALL
            SELECT pg_notify(%(channel)s, %(origin)s || ' ' || table_id || ' j ' || (step + 1)) FROM moved WHERE job)
        SELECT table_id, step FROM moved, (SELECT count(*) FROM told) AS sent"""
    NOTICE_TABLES = 150

    async def add_action_soon(self, table_id, step, seat, text, over, job=False) -> None:
        """``add_action``, from the event loop without blocking it: the writer thread stores this
        move together with every other that arrives while it is storing, in one statement, and
        this returns once the move is committed (or raises as ``add_action`` would)."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        with self._batch_ready:
            if self._closing.is_set():
                raise RuntimeError("the storage is closed")
            self._batch.append((loop, done, (table_id, step, seat, text, int(over), bool(job))))
            self._start_writer()
            self._batch_ready.notify()
        await done

    def _write(self) -> None:
        """The writer thread: send the waiting notifications and store the waiting moves, all at
        once, until the storage closes."""
        conn = None
        while True:
            with self._batch_ready:
                while not self._batch and not self._notices and not self._closing.is_set():
                    self._batch_ready.wait(1.0)
                if not self._batch and not self._notices:
                    break
                batch, self._batch = self._batch, []
                notices, self._notices = self._notices, []
            try:
                if conn is None or conn.closed or conn.broken:
                    conn = self._connect()
                if notices:
                    conn.execute("SELECT pg_notify(%s, n) FROM unnest(%s::text[]) AS n", (CHANNEL, notices))
            except Exception:                 # the database is unreachable: these notices are lost
                log.warning("could not send %d notifications", len(notices), exc_info=True)
            if not batch:
                continue
            try:
                if conn is None or conn.closed or conn.broken:
                    conn = self._connect()
                outcomes = self._store_batch(conn, [b[2] for b in batch])
            except Exception as exc:          # the database is unreachable, say: every move fails
                outcomes = [exc] * len(batch)
            settled: dict = {}                # one wake-up of each waiting loop for the whole lot
            for (loop, done, _), outcome in zip(batch, outcomes):
                settled.setdefault(loop, []).append((done, outcome))
            for loop, lot in settled.items():
                try:
                    loop.call_soon_threadsafe(_settle_all, lot)
                except RuntimeError:          # that loop has closed: nobody is waiting
                    pass
        if conn is not None:
            conn.close()

    def _store_batch(self, conn, moves: list[tuple]) -> list:
        """Store ``moves`` (table, step, seat, text, over, job) in one statement; for each, None
        (committed) or the exception ``add_action`` would have raised."""
        try:
            rows = conn.execute(self.ADD_ACTIONS, {
                "moves": _encode_json(moves).decode(), "now": time.time(), "channel": CHANNEL, "origin": self.origin,
                "per_notice": self.NOTICE_TABLES}).fetchall()
        except self._psycopg.Error:
            # one of them failed the statement (and so all): store each on its own to find it
            outcomes = []
            for m in moves:
                try:
                    self.add_action(m[0], m[1], m[2], m[3], bool(m[4]), job=m[5])
                    outcomes.append(None)
                except Exception as exc:
                    outcomes.append(exc)
            return outcomes
        stored = {(r[0], r[1]) for r in rows}
        return [None if (m[0], m[1]) in stored else self._not_stored(m[0], m[1]) for m in moves]

    def delete_table(self, table_id):
        self._transaction([("DELETE FROM jobs WHERE (table_id, step) IN (SELECT table_id, step FROM jobs"
                            " WHERE table_id=? FOR UPDATE SKIP LOCKED)", [(table_id,)]),
                           ("DELETE FROM tables WHERE id=?", [(table_id,)])] + self._notice(table_id, "d"))

    # --- agents' turns -----------------------------------------------------------------------------
    def _job(self, table_id, step):
        if step is None:
            return []
        return [("INSERT INTO jobs (table_id, step, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                 [(table_id, step, time.time())])] + self._notice(table_id, "j", step)

    def add_job(self, table_id, step):
        self._transaction(self._job(table_id, step))

    def claim_job(self):
        with self._lock:
            conn = self._idle_jobs.pop() if self._idle_jobs else None
        try:
            if conn is None or conn.closed or conn.broken:
                conn = self._connect(autocommit=False)
            row = conn.execute("SELECT table_id, step FROM jobs ORDER BY at, table_id, step"
                               " FOR UPDATE SKIP LOCKED LIMIT 1").fetchone()
        except self._psycopg.Error:
            log.exception("could not look for agents' turns in %s", shown_db(self.url))
            if conn is not None:
                conn.close()
            return None
        if row is None:
            conn.rollback()
            self._give_back(conn)
            return None
        return Job(row[0], row[1], conn)       # the transaction stays open: the row stays locked

    def finish_job(self, job, done=True):
        conn = job.conn
        try:
            if done:
                conn.execute("DELETE FROM jobs WHERE table_id=%s AND step=%s", (job.table_id, job.step))
                conn.commit()
            else:
                conn.rollback()
        except self._psycopg.Error:
            log.exception("could not let go of the agent's turn at table %s", job.table_id)
            conn.close()
            return
        self._give_back(conn)

    def _give_back(self, conn):
        with self._lock:
            if self._closing.is_set():
                conn.close()
            else:
                self._idle_jobs.append(conn)

    # --- notifications -----------------------------------------------------------------------------
    def listen(self, callback):
        def run():
            while not self._closing.is_set():
                try:
                    with self._connect() as conn:
                        conn.execute(f"LISTEN {CHANNEL}")
                        callback(None)
                        while not self._closing.is_set():
                            for note in conn.notifies(timeout=0.5):
                                if not note.payload.startswith(self.origin + " "):
                                    callback(note.payload)
                except Exception:
                    if self._closing.is_set():
                        return
                    log.exception("lost the notifications from %s; listening again", shown_db(self.url))
                    self._closing.wait(1)

        self._listener = threading.Thread(target=run, name="tabletome-listen", daemon=True)
        self._listener.start()
