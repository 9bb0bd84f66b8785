"""Storage for the server: tables, seats and every accepted action, in SQLite (stdlib sqlite3).

This is the one module that knows the database. Another backend (PostgreSQL, say) would implement
the same methods; the rest of the server never writes SQL.

A table is stored as its start (game, players, options, seed, card file) plus the ordered list of
accepted action texts: replaying them rebuilds the state exactly (the contract's records). Each
``add_action`` commits before it returns, so an action the server acknowledges survives a crash of
the process (SQLite's write-ahead log with ``synchronous=NORMAL`` is durable against a killed
process; only a power cut may lose the last transactions).

Seat tokens are stored as SHA-256 hashes, never in clear.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA_VERSION = 1

SCHEMA = """
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
    rematch TEXT
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
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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


class Storage:
    """SQLite storage, created on first use. Thread-safe (one connection behind a lock)."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(row[0]) > SCHEMA_VERSION:
            raise RuntimeError(f"{self.path} was written by a newer tabletome (schema {row[0]})")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- tables ------------------------------------------------------------------------------
    def create_table(self, row: TableRow) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN")
            try:
                db.execute("INSERT INTO tables (id, game, players, options, seed, cards, kind, host_hash, created, over)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (row.id, row.game, row.players, json.dumps(row.options), row.seed, row.cards,
                            row.kind, row.host_hash, row.created or time.time(), int(row.over)))
                db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                               [(row.id, s.seat, s.name, s.agent, s.token_hash) for s in row.seats])
                db.executemany("INSERT INTO actions VALUES (?, ?, NULL, ?, ?)",
                               [(row.id, i, text, time.time()) for i, text in enumerate(row.actions)])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def load_table(self, table_id: str) -> TableRow | None:
        with self._lock:
            db = self._db
            r = db.execute("SELECT id, game, players, options, seed, cards, kind, host_hash, created, over, rematch"
                           " FROM tables WHERE id=?", (table_id,)).fetchone()
            if r is None:
                return None
            row = TableRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6], r[7], r[8], bool(r[9]), r[10])
            row.seats = [SeatRow(*s) for s in db.execute(
                "SELECT seat, name, agent, token_hash FROM seats WHERE table_id=? ORDER BY seat", (table_id,))]
            row.actions = [a[0] for a in db.execute(
                "SELECT text FROM actions WHERE table_id=? ORDER BY step", (table_id,))]
            return row

    def unfinished_with_agents(self) -> list[str]:
        """Ids of live tables not over yet at which an agent sits (they resume after a restart)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT DISTINCT t.id FROM tables t JOIN seats s ON s.table_id = t.id"
                " WHERE t.kind='live' AND t.over=0 AND s.agent IS NOT NULL").fetchall()
        return [r[0] for r in rows]

    # --- play --------------------------------------------------------------------------------
    def add_action(self, table_id: str, step: int, seat: int | None, text: str, over: bool) -> None:
        """Store accepted action number ``step`` (0-based) and commit before returning. A second
        action for the same step is refused by the primary key (IntegrityError)."""
        with self._lock:
            db = self._db
            db.execute("BEGIN")
            try:
                db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?)", (table_id, step, seat, text, time.time()))
                if over:
                    db.execute("UPDATE tables SET over=1 WHERE id=?", (table_id,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def set_seat(self, table_id: str, seat: int, token_hash_value: str | None) -> None:
        with self._lock:
            self._db.execute("UPDATE seats SET token_hash=? WHERE table_id=? AND seat=?",
                             (token_hash_value, table_id, seat))

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self._lock:
            self._db.execute("UPDATE tables SET rematch=? WHERE id=?", (rematch_id, table_id))
