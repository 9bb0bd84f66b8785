"""A study's DuckDB file: one file per study, queried with plain SQL.

Tables (rows are keyed by ``point`` (the sweep point, 0 without a sweep) and ``idx`` (the game's
number at that point); read them ``ORDER BY point, idx[, step]``):

- ``study``: one row, ``spec`` (JSON): the game, players, agents, options, sweep points, seed, card
  file (text and hash), decision limit, games per point.
- ``actions``: the game's action table for the study's card file: ``id, text, kind, cards, target``.
  ``cards`` lists the card or component names the action involves (from the action's structured
  fields), ``target`` the seat it targets (NULL when none).
- ``games``: ``point, idx, seed, options`` (JSON, every option), ``cards_hash`` (NULL: the game's
  own cards), ``seats`` (the agent spec in each seat), ``agents`` (which of the study's agents sat
  in each seat), ``agent_seeds``, ``winners`` (seats; empty for a draw), ``scores``, ``outcomes``
  (each seat's reward in [0, 1]), ``length`` (decisions), ``unfinished`` (stopped at the limit), ``facts`` (JSON: what the
  game drew that its options do not say, ``State.lab_facts``: e.g. the factions dealt; NULL: none).
- ``decisions``: ``point, idx, step, seat, action, action_id, kind, cards, target, legal_ids,
  legal_cards, legal_kinds``: one row per decision; ``cards`` are the cards the action played
  (``State.action_cards``); ``legal_ids`` are the ids of the legal actions at that decision, so which
  cards were playable is ``actions.cards`` of those ids; a game that names the cards its actions
  play from its state (Bad Baby Lich Lords: the skeleton on top of a pile) stores them instead,
  ``legal_cards`` with each one's action kind in ``legal_kinds`` (NULL for every other game).
- ``tempo``: ``point, idx, turn, step, name, seat_values``: at the start of each turn (a run
  of decisions by one seat; in a solo game, the game's own turn, ``State.turn_key``) and at the
  end, each number the game watches (``State.tempo``: health, mana...) for every seat.
- ``runs``: when each ``lab run`` ran, on what, how many games, how long (not part of the results).

Each finished batch of games is written in one transaction, so an interrupted run keeps whole
games only and a second run skips them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..core import IllegalAction
from ..core import game as find_game
from .study import Study

SCHEMA = """
CREATE TABLE IF NOT EXISTS study (spec VARCHAR);
CREATE TABLE IF NOT EXISTS actions (id INTEGER PRIMARY KEY, text VARCHAR, kind VARCHAR, cards VARCHAR[],
    target INTEGER);
CREATE TABLE IF NOT EXISTS games (point INTEGER, idx INTEGER, seed BIGINT, options VARCHAR, cards_hash VARCHAR,
    seats VARCHAR[], agents INTEGER[], agent_seeds BIGINT[], winners INTEGER[], scores DOUBLE[],
    outcomes DOUBLE[], length INTEGER, unfinished BOOLEAN, facts VARCHAR, PRIMARY KEY (point, idx));
CREATE TABLE IF NOT EXISTS decisions (point INTEGER, idx INTEGER, step INTEGER, seat INTEGER, action VARCHAR,
    action_id INTEGER, kind VARCHAR, cards VARCHAR[], target INTEGER, legal_ids INTEGER[], legal_cards VARCHAR[],
    legal_kinds VARCHAR[]);
CREATE TABLE IF NOT EXISTS tempo (point INTEGER, idx INTEGER, turn INTEGER, step INTEGER, name VARCHAR,
    seat_values DOUBLE[]);
CREATE TABLE IF NOT EXISTS runs (started TIMESTAMP DEFAULT current_timestamp, backend VARCHAR, workers INTEGER,
    games INTEGER, seconds DOUBLE);
"""

DECISION_COLUMNS = "point, idx, step, seat, action, action_id, kind, cards, target, legal_ids, legal_cards, legal_kinds"


def _duckdb():
    try:
        import duckdb
    except ImportError:
        raise IllegalAction("the lab needs DuckDB: pip install 'tabletome[lab]'") from None
    return duckdb


class Store:
    """One study file. ``Store(path)`` opens (or creates) it; ``Store(path, create=False)`` refuses
    a missing file."""

    def __init__(self, path, create: bool = True, read_only: bool = False):
        duckdb = _duckdb()
        self.path = Path(path)
        if not create and not self.path.exists():
            raise IllegalAction(f"no study at {self.path} (make one with: tabletome lab run ... --out {self.path})")
        if self.path.exists() and self.path.is_dir():
            raise IllegalAction(f"{self.path} is a folder; a study is one DuckDB file")
        try:
            self.con = _Guarded(duckdb.connect(str(self.path), read_only=read_only), self.path, duckdb)
        except duckdb.Error as exc:
            raise IllegalAction(_in_use(self.path, exc) or f"{self.path} cannot be opened as a study file (it is "
                                f"damaged, cut short, or not a DuckDB file): {_first_line(exc)}") from None
        if not read_only:
            self._refuse_other_databases()
            self.con.execute(SCHEMA)
            # (a study stored before games had facts gets the column; its old games keep NULL)
            self.con.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS facts VARCHAR")
            for column in ("legal_cards", "legal_kinds"):        # (likewise decisions before State.action_cards)
                self.con.execute(f"ALTER TABLE decisions ADD COLUMN IF NOT EXISTS {column} VARCHAR[]")
        elif self.con.execute("SELECT count(*) FROM information_schema.columns WHERE table_name = 'decisions' "
                              "AND column_name = 'legal_cards'").fetchone()[0] == 0 and self.con.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = 'decisions'").fetchone()[0]:
            # a study stored before State.action_cards, opened read-only: read it as if it had the columns
            db = self.con.execute("SELECT current_database()").fetchone()[0].replace('"', '""')
            self.con.execute(f'CREATE TEMP VIEW decisions AS SELECT *, NULL::VARCHAR[] AS legal_cards, '
                             f'NULL::VARCHAR[] AS legal_kinds FROM "{db}".main.decisions')
        self._point_options = None

    def _refuse_other_databases(self) -> None:
        """A DuckDB file that holds tables but no study (someone's own database given as --out) is
        refused before anything is written into it."""
        tables = {name: column for name, column in self.con.execute(
            "SELECT t.table_name, c.column_name FROM information_schema.tables t LEFT JOIN "
            "information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name "
            "AND c.column_name = 'spec' WHERE t.table_schema = 'main'").fetchall()}
        if tables and tables.get("study") != "spec":
            self.con.close()
            shown = ", ".join(sorted(tables)[:8]) + (", ..." if len(tables) > 8 else "")
            raise IllegalAction(f"{self.path} is a DuckDB database but not a study file (its tables: {shown}); "
                                f"nothing was written to it. Give a new --out for the study")

    def close(self):
        self.con.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- the study --------------------------------------------------------------------------
    def study(self) -> Study:
        try:
            rows = self.con.execute("SELECT spec FROM study").fetchall()    # (fetchall: no result left open)
            row = rows[0] if rows else None
        except IllegalAction:
            raise
        except Exception:      # a DuckDB file without the lab's tables
            row = None
        if row is None:
            raise IllegalAction(f"{self.path} holds no study yet (tabletome lab run ... --out {self.path})")
        return self._stored(row[0])

    def _stored(self, spec) -> Study:
        """The study the file records, or ``IllegalAction`` when its record is not one ``lab run`` wrote."""
        try:
            return Study.from_json(json.loads(spec))
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            why = f"no {exc}" if isinstance(exc, KeyError) else str(exc).splitlines()[0][:200]
            raise IllegalAction(f"{self.path} has a damaged study record ({why}); it was not written by "
                                f"tabletome lab run. Play the study again into a new file") from None

    def begin_study(self, study: Study) -> None:
        """Record the study, or check that it is the one already stored (so that a second run
        resumes it: same game, agents, options, sweep, seed, cards). A larger ``games`` extends it;
        a run asking for fewer plays only the missing games among its first ``games``."""
        rows = self.con.execute("SELECT spec FROM study").fetchall()
        row = rows[0] if rows else None
        if row is not None:
            stored = self._stored(row[0])
            mine, theirs = study.identity(), stored.identity()
            if mine != theirs:
                diff = [k for k in mine if mine[k] != theirs[k]]
                shown = "; ".join(f"{k}: stored {theirs[k]!r}, asked {mine[k]!r}" for k in diff)
                raise IllegalAction(f"{self.path} holds a different study ({shown}); "
                                    f"give a new --out, or the same settings to resume it")
            study.points = stored.points
            if study.games > stored.games:
                self.con.execute("UPDATE study SET spec = ?", [json.dumps(_with_games(stored, study.games))])
            return
        game = find_game(study.game)
        # the table a game of this study plays with (a game may aim its actions per mode)
        options = study.points[0]["options"] if study.points else study.options
        table = game.new(players=study.players, seed=0, card_text=study.card_text, **options).table
        rows = [(a.id, str(a), a.kind, list(a.cards), a.target)
                for a in table.actions]
        self.con.begin()
        try:
            self.con.execute("INSERT INTO study VALUES (?)", [json.dumps(study.to_json())])
            if rows:
                self.con.execute("INSERT INTO actions SELECT unnest($1), unnest($2), unnest($3), unnest($4), "
                                 "unnest($5)", [list(c) for c in zip(*rows)])
            self.con.commit()
        except BaseException:
            self.con.rollback()
            raise

    def finished_keys(self) -> set[tuple[int, int]]:
        return {(p, i) for p, i in self.con.execute("SELECT point, idx FROM games").fetchall()}

    # --- writing ----------------------------------------------------------------------------
    def write(self, rows: list, decisions: list, tempo: list | None = None) -> None:
        """Write finished games (``runner.play_game`` rows), their decisions and their tempo rows
        in one transaction."""
        if not rows:
            return
        study = self.study() if self._point_options is None else None
        if study is not None:
            self._point_options = [json.dumps(p["options"], sort_keys=True) for p in study.points]
            self._cards_hash = study.cards_hash
        cols = [list(c) for c in zip(*rows)]
        options = [self._point_options[p] for p in cols[0]]
        hashes = [self._cards_hash] * len(rows)
        self.con.begin()
        try:
            self.con.execute(
                "INSERT INTO games (point, idx, seed, options, cards_hash, seats, agents, agent_seeds, winners, "
                "scores, outcomes, length, unfinished, facts) SELECT unnest($1), unnest($2), unnest($3), unnest($4), "
                "unnest($5), unnest($6), unnest($7), unnest($8), unnest($9), unnest($10), unnest($11), "
                "unnest($12), unnest($13), unnest($14)",
                [cols[0], cols[1], cols[2], options, hashes, *cols[3:]])
            if decisions:
                dcols = [list(c) for c in zip(*decisions)]
                self.con.execute(
                    f"INSERT INTO decisions ({DECISION_COLUMNS}) SELECT " +
                    ", ".join(f"unnest(${k + 1})" for k in range(len(dcols))), dcols)
            if tempo:
                tcols = [list(c) for c in zip(*tempo)]
                self.con.execute("INSERT INTO tempo SELECT unnest($1), unnest($2), unnest($3), unnest($4), "
                                 "unnest($5), unnest($6)", tcols)
            self.con.commit()
        except BaseException as exc:
            self.con.rollback()
            if isinstance(exc, RuntimeError) and "interrupted" in str(exc).lower():
                raise KeyboardInterrupt from exc     # DuckDB reports Ctrl-C during a query this way
            raise

    def tidy(self) -> None:
        """Rewrite ``games`` and ``decisions`` in key order (after a complete run), so that even a
        plain ``SELECT *`` gives the same rows in the same order whichever backend played them."""
        games_schema = SCHEMA.split("CREATE TABLE IF NOT EXISTS games ")[1].split(";")[0]
        decisions_schema = SCHEMA.split("CREATE TABLE IF NOT EXISTS decisions ")[1].split(";")[0]
        self.con.begin()
        try:
            tempo_schema = SCHEMA.split("CREATE TABLE IF NOT EXISTS tempo ")[1].split(";")[0]
            for table, schema, order in (("games", games_schema, "point, idx"),
                                         ("decisions", decisions_schema, "point, idx, step"),
                                         ("tempo", tempo_schema, "point, idx, turn, name")):
                self.con.execute(f"CREATE TABLE {table}_sorted {schema}")
                self.con.execute(f"INSERT INTO {table}_sorted SELECT * FROM {table} ORDER BY {order}")
                self.con.execute(f"DROP TABLE {table}")
                self.con.execute(f"ALTER TABLE {table}_sorted RENAME TO {table}")
            self.con.commit()
        except BaseException:
            self.con.rollback()
            raise
        self.con.execute("CHECKPOINT")

    def log_run(self, backend: str, workers: int, games: int, seconds: float) -> None:
        self.con.execute("INSERT INTO runs (backend, workers, games, seconds) VALUES (?, ?, ?, ?)",
                         [backend, workers, games, seconds])

    # --- reading ----------------------------------------------------------------------------
    def games(self) -> list[dict]:
        """Every game row as a dict, ordered by key."""
        cur = self.con.execute("SELECT * FROM games ORDER BY point, idx")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row)) for row in cur.fetchall()]

    def rows(self, table: str) -> list[tuple]:
        """Every row of ``games`` or ``decisions``, ordered by key (for comparing runs)."""
        order = {"games": "point, idx", "decisions": "point, idx, step"}[table]
        return self.con.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()

    def query(self, sql: str, params=None) -> list[tuple]:
        return self.con.execute(sql, params or []).fetchall()

    TABLES = ("study", "actions", "games", "decisions", "tempo", "runs")

    def export(self, folder, fmt: str) -> list[Path]:
        """Every table as ``DIR/TABLE.csv`` (with a header; lists written as DuckDB prints them) or
        ``DIR/TABLE.parquet`` (types kept), rows in key order, for pandas, R, a spreadsheet..."""
        if fmt not in ("csv", "parquet"):
            raise IllegalAction(f"export formats are csv and parquet, not {fmt!r}")
        folder = make_folder(folder, "to export into")
        order = {"games": " ORDER BY point, idx", "decisions": " ORDER BY point, idx, step", "actions": " ORDER BY id",
                 "tempo": " ORDER BY point, idx, turn, name"}
        paths = []
        for table in self.TABLES:
            path = folder / f"{table}.{fmt}"
            relation = self.con.sql(f"SELECT * FROM {table}{order.get(table, '')}")
            try:
                if fmt == "csv":
                    relation.write_csv(str(path), header=True)
                else:
                    relation.write_parquet(str(path))
            except (OSError, _duckdb().IOException, _duckdb().PermissionException) as exc:
                raise IllegalAction(f"cannot write {path}: {_first_line(exc)}") from None
            paths.append(path)
        return paths


def make_folder(folder, purpose: str) -> Path:
    """``folder``, made if missing, or ``IllegalAction`` naming it (a file of that name, no permission)."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise IllegalAction(f"{folder} is a file; give a folder {purpose}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise IllegalAction(f"cannot make the folder {folder}: {exc.strerror or exc}") from None
    return folder


def write_file(path, text: str) -> Path:
    """Write an output of the lab (a page, a card file, JSON), or ``IllegalAction`` naming the path."""
    path = Path(path)
    make_folder(path.parent, f"to hold {path.name}")
    if path.is_dir():
        raise IllegalAction(f"{path} is a folder; give a file name")
    try:
        path.write_text(text)
    except OSError as exc:
        raise IllegalAction(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def _first_line(exc) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _in_use(path, exc) -> str | None:
    """The message for a file another process holds (DuckDB: "Could not set lock on file ...
    Conflicting lock is held in ... (PID 123)"), or None when that is not the cause."""
    text = str(exc)
    if not re.search(r"(could not set|conflicting) lock", text, re.IGNORECASE):
        return None
    pid = re.search(r"PID (\d+)", text)
    who = f" (process {pid.group(1)})" if pid else ""
    return (f"{path} is in use by another program{who}: a study file is written by one program at a time "
            f"(a lab run still playing, or a DuckDB shell with it open); wait for it to finish or close it, "
            f"then run this again")


class _Guarded:
    """The DuckDB connection, with its storage errors said plainly: a file whose blocks are damaged
    (a checksum that does not match, a truncated file, a failed read) raises ``IllegalAction``
    naming the file and what to do, never DuckDB's traceback. Errors in the SQL itself (a bug here)
    and Ctrl-C pass through unchanged."""

    def __init__(self, con, path, duckdb):
        self._con, self._path, self._duckdb = con, path, duckdb

    def _fail(self, exc):
        d = self._duckdb
        if isinstance(exc, (d.InterruptException, d.ProgrammingError)) or not isinstance(exc, d.Error):
            return exc
        return IllegalAction(_in_use(self._path, exc) or
                             f"{self._path} is damaged: DuckDB cannot read it ({_first_line(exc)[:200]}). "
                             f"Its games cannot be trusted; play the study again into a new file "
                             f"(the same lab run command with another --out gives the same games)")

    def execute(self, *args):
        try:     # (the result is read through the same guard: a damaged block may show only then)
            return _Guarded(self._con.execute(*args), self._path, self._duckdb)
        except Exception as exc:
            raise self._fail(exc) from None

    def __getattr__(self, name):
        attr = getattr(self._con, name)
        if not callable(attr):
            return attr

        def call(*args, **kw):
            try:
                return attr(*args, **kw)
            except Exception as exc:
                raise self._fail(exc) from None
        return call


def _with_games(study: Study, games: int) -> dict:
    data = study.to_json()
    data["games"] = games
    return data
