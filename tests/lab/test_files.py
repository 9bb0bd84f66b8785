"""Study files as input: a damaged file, a file another program holds, and a run asking for fewer
games than the file holds each get a plain message from the command line, never a traceback."""

import json
import os
import subprocess
import sys

import pytest

from tabletome.lab import Store

BLOCK, HEADER = 262144, 12288        # DuckDB's block size and its file header


def cli(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "tabletome.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout)


RUN = ["lab", "run", "spirit-link", "--seat", "heuristic", "--seat", "random", "--workers", "1", "--seed", "3"]


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    path = tmp_path_factory.mktemp("files") / "s.duckdb"
    done = cli(*RUN, "--games", "30", "--out", str(path))
    assert done.returncode == 0, done.stderr
    return path


def test_a_damaged_study_file_is_named_not_a_traceback(study, tmp_path):
    damaged = tmp_path / "damaged.duckdb"
    data = bytearray(study.read_bytes())
    assert len(data) > HEADER + 2 * BLOCK        # the games' blocks lie beyond the catalog's
    k = 1
    while HEADER + k * BLOCK + 1064 < len(data):  # spoil a few bytes in every block after the first
        data[HEADER + k * BLOCK + 1000:HEADER + k * BLOCK + 1064] = b"\xff" * 64
        k += 1
    damaged.write_bytes(bytes(data))
    for args in (["lab", "report", str(damaged), "--json"], ["lab", "compare", str(study), str(damaged)]):
        done = cli(*args)
        assert done.returncode == 2, done.stdout + done.stderr
        assert "Traceback" not in done.stderr and "_duckdb" not in done.stderr
        assert f"{damaged} is damaged: DuckDB cannot read it" in done.stderr
        assert "play the study again into a new file" in done.stderr
    # cut short: refused at opening, with the same plain words
    short = tmp_path / "short.duckdb"
    short.write_bytes(study.read_bytes()[:100_000])
    done = cli("lab", "report", str(short))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{short} cannot be opened as a study file (it is damaged, cut short, or not a DuckDB file)" in done.stderr


def test_a_file_in_use_says_so(study):
    import duckdb
    holder = duckdb.connect(str(study))          # this process holds the file, as a running lab run would
    try:
        for args in (RUN + ["--games", "40", "--out", str(study)], ["lab", "report", str(study), "--json"]):
            done = cli(*args)
            assert done.returncode == 2, done.stdout + done.stderr
            assert "Traceback" not in done.stderr and "not a study file" not in done.stderr
            assert f"{study} is in use by another program (process {os.getpid()})" in done.stderr
    finally:
        holder.close()
    with Store(study, create=False, read_only=True) as store:    # refused without a change
        assert len(store.finished_keys()) == 30


def test_asking_for_fewer_games_than_the_study_holds_says_what_happened(study):
    done = cli(*RUN, "--games", "10", "--out", str(study))
    assert done.returncode == 0, done.stderr
    assert "30 of 10" not in done.stdout
    text = " ".join(done.stdout.split())
    assert (f"{study} already holds a study of 30 games; --games 10 asks for fewer, so no game was played and "
            f"none was removed (its report and comparisons read all 30)") in text
    done = cli(*RUN, "--games", "10", "--out", str(study), "--json")
    result = json.loads(done.stdout)
    assert result["played"] == 0 and result["stored"] == 30 and "asks for fewer" in result["note"]
    with Store(study, create=False, read_only=True) as store:
        assert len(store.finished_keys()) == 30 and store.study().games == 30


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_export_writes_every_table_for_other_tools(study, tmp_path, fmt):
    import duckdb
    folder = tmp_path / "out"
    done = cli("lab", "export", str(study), f"--{fmt}", str(folder))
    assert done.returncode == 0, done.stderr
    tables = ("study", "actions", "games", "decisions", "tempo", "runs")
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{t}.{fmt}" for t in tables)
    reader = "read_csv" if fmt == "csv" else "read_parquet"
    with Store(study, create=False, read_only=True) as store:
        for table in tables:
            stored = store.query(f"SELECT count(*) FROM {table}")[0][0]
            assert duckdb.sql(f"SELECT count(*) FROM {reader}('{folder / (table + '.' + fmt)}')").fetchall()[0][0] == stored
        key = "point, idx, seed, length, winners"
        exported = duckdb.sql(f"SELECT {key} FROM {reader}('{folder / ('games.' + fmt)}')").fetchall()
        rows = store.query(f"SELECT {key} FROM games ORDER BY point, idx")
    if fmt == "parquet":                     # types kept
        assert exported == rows
    else:                                    # lists as DuckDB prints them
        assert [r[:4] for r in exported] == [r[:4] for r in rows]
        assert [r[4] for r in exported] == [str(r[4]).replace("'", "") for r in rows]
    # a folder that cannot be made: one plain line
    done = cli("lab", "export", str(study), f"--{fmt}", str(study))
    assert done.returncode == 2 and f"{study} is a file; give a folder to export into" in done.stderr


def test_a_database_that_is_not_a_study_is_refused_and_left_as_it_was(tmp_path):
    import duckdb
    theirs = tmp_path / "theirs.duckdb"
    con = duckdb.connect(str(theirs))
    con.execute("CREATE TABLE games (player VARCHAR, rating INTEGER)")
    con.execute("INSERT INTO games VALUES ('ann', 1500), ('bob', 1400)")
    con.close()
    before = theirs.read_bytes()
    done = cli(*RUN, "--games", "4", "--out", str(theirs))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert f"{theirs} is a DuckDB database but not a study file (its tables: games); nothing was written" \
        in done.stderr
    assert theirs.read_bytes() == before
    con = duckdb.connect(str(theirs), read_only=True)
    assert con.execute("SELECT * FROM games ORDER BY player").fetchall() == [("ann", 1500), ("bob", 1400)]
    assert [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()] == ["games"]
    con.close()
    # an empty DuckDB file is a new study
    empty = tmp_path / "empty.duckdb"
    duckdb.connect(str(empty)).close()
    done = cli(*RUN, "--games", "4", "--out", str(empty))
    assert done.returncode == 0, done.stderr
    assert len(Store(empty, create=False, read_only=True).games()) == 4


@pytest.mark.parametrize("spec, why", [
    ("not json", "Expecting value"),
    ("[1, 2]", "a study record is a JSON object, not list"),
    ("{}", "no 'game'"),
    ("PLAYERS", "its field 'players' is str"),
    ("POINTS", "its field 'points' is str"),
    ("[" * 100_000 + "]" * 100_000, "maximum recursion depth"),
], ids=["not-json", "a-list", "empty", "players-str", "points-str", "nested-too-deep"])
def test_a_damaged_study_record_is_named_not_a_traceback(study, tmp_path, spec, why):
    import duckdb
    stored = json.loads(Store(study, create=False, read_only=True).query("SELECT spec FROM study")[0][0])
    spec = {"PLAYERS": json.dumps(dict(stored, players="two")),
            "POINTS": json.dumps(dict(stored, points="junk"))}.get(spec, spec)
    damaged = tmp_path / "record.duckdb"
    damaged.write_bytes(study.read_bytes())
    con = duckdb.connect(str(damaged))
    con.execute("UPDATE study SET spec = ?", [spec])
    con.close()
    for args in (["lab", "report", str(damaged), "--json"], ["lab", "replay", str(damaged), "--game", "0:1"],
                 RUN + ["--games", "31", "--out", str(damaged)]):
        done = cli(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert f"{damaged} has a damaged study record ({why}" in done.stderr
        assert "Play the study again into a new file" in done.stderr


@pytest.mark.parametrize("args, message", [
    (["lab", "report", "STUDY", "--html", "FOLDER"], "FOLDER is a folder; give a file name"),
    (["lab", "report", "STUDY", "--images", "FILE"], "FILE is a file; give a folder for the images"),
    (["lab", "report", "STUDY", "--images", "/proc/lab-images"], "cannot make the folder /proc/lab-images: "),
    (["lab", "replay", "STUDY", "--game", "0:1", "--record", "FOLDER"], "FOLDER is a folder; give a file name"),
    (["lab", "replay", "STUDY", "--game", "0:1", "--record", "FILE/g.json"], "FILE is a file; give a folder to hold g.json"),
    (["lab", "tournament", "spirit-link", "--seat", "random", "--seat", "heuristic", "--games", "2", "--out", "FILE"],
     "FILE is a file; give a folder for the tournament's matches and page"),
    (["lab", "tune", "spirit-link", "--seat", "heuristic", "--seat", "heuristic", "--param", "Wolf.damage=1..2",
      "--goal", "first-seat=fair", "--games", "2", "--out", "FILE"], "FILE is a file; give a folder for the search"),
    (RUN + ["--games", "2", "--out", "FILE/s.duckdb"], "FILE is a file; give a folder to hold s.duckdb"),
], ids=["html-to-folder", "images-to-file", "images-unmakeable", "record-to-folder", "record-under-file",
        "tournament-to-file", "tune-to-file", "run-under-file"])
def test_an_output_path_that_cannot_be_written_is_named_not_a_traceback(study, tmp_path, args, message):
    folder, file = tmp_path / "a-folder", tmp_path / "a-file"
    folder.mkdir()
    file.write_text("mine")
    names = {"STUDY": str(study), "FOLDER": str(folder), "FILE": str(file)}

    def fill(text):
        for k, v in names.items():
            text = text.replace(k, v)
        return text
    done = cli(*[fill(a) for a in args])
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert fill(message) in done.stderr
    assert file.read_text() == "mine" and list(folder.iterdir()) == []
