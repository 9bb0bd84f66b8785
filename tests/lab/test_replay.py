"""From a number to the games behind it: the report names example games, ``lab replay`` rebuilds
any stored game as a record (checked against the stored result), ``tabletome replay`` reads that
record, and ``--server`` opens it in a running server's replay viewer."""

import json
import re
import subprocess
import sys

import pytest

import tabletome
from tabletome.cli.main import main
from tabletome.lab import Store

from server.helpers import ServerProcess  # (tests/ is on the path: tests/server is "server")


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "s.duckdb"
    assert main(["lab", "run", "spirit-link", "--seat", "heuristic", "--seat", "random", "--games", "30",
                 "--seed", "6", "--workers", "1", "--out", str(path)]) == 0
    return path


def test_the_report_names_the_games_behind_its_numbers(study, capsys):
    capsys.readouterr()
    assert main(["lab", "report", str(study), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (examples,) = data["examples"]["points"]
    with Store(study, create=False, read_only=True) as store:
        games = {r["idx"]: r for r in store.games()}
    longest = sorted(games.values(), key=lambda g: (-g["length"], g["idx"]))[:3]
    assert [g["game"] for g in examples["long"]] == [f"0:{g['idx']}" for g in longest]
    assert all(g["command"] == f"tabletome lab replay {study} --game {g['game']}" for g in examples["long"])
    # upsets: the agent that wins least often beating the one that wins most
    agents = data["points"][0]["agents"]
    weak = min(range(2), key=lambda e: agents[e]["rate"])
    for g in examples["upsets"]:
        row = games[int(g["game"].split(":")[1])]
        assert {row["agents"][s] for s in row["winners"]} == {weak}
    # flagged cards point at games where a seat that had it won (dominant) or lost (dead)
    flags = {c["card"]: c["flag"] for c in data["points"][0]["cards"] if c["flag"]}
    assert set(examples["cards"]) <= set(flags)
    for card, items in examples["cards"].items():
        assert all(g["had_it_and"] == ("won" if flags[card] == "dominant" else "lost") for g in items)
    page = study.with_suffix(".html")
    assert main(["lab", "report", str(study), "--html", str(page)]) == 0
    assert "Games behind the numbers" in page.read_text() and examples["long"][0]["command"] in page.read_text()


def test_lab_replay_rebuilds_a_stored_game_as_a_record(study, tmp_path):
    with Store(study, create=False, read_only=True) as store:
        row = store.games()[4]
    record = tmp_path / "g.json"
    done = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "lab", "replay", str(study), "--game",
                           f"0:{row['idx']}", "--record", str(record)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    saved = json.loads(record.read_text())
    assert saved["seed"] == row["seed"] and len(saved["actions"]) == row["length"]
    state = tabletome.replay(saved)
    assert state.is_over and sorted(state.winners) == sorted(row["winners"])
    again = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "replay", str(record)], capture_output=True,
                           text=True, timeout=120)
    assert again.returncode == 0
    # lab replay prints the same story and result line as tabletome replay
    assert done.stdout.splitlines()[-2] == again.stdout.splitlines()[-1]
    bad = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "lab", "replay", str(study), "--game", "3:99"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "has no game 3:99" in bad.stderr


def test_lab_replay_opens_the_game_in_a_running_servers_replay_viewer(study, tmp_path):
    server = ServerProcess(tmp_path / "tables.sqlite3").start()
    try:
        with Store(study, create=False, read_only=True) as store:
            row = store.games()[2]
        done = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "lab", "replay", str(study), "--game",
                               f"0:{row['idx']}", "--server", server.url], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        link = re.search(r"in the replay viewer: (\S+)", done.stdout).group(1)
        table = link.rsplit("/", 1)[1]
        assert link == f"{server.url}/table/{table}" and server.get(f"/table/{table}").status_code == 200
        last = server.get(f"/api/tables/{table}/replay", params={"step": row["length"]}).json()
        assert last["over"] and last["steps"] == row["length"]
    finally:
        server.stop()
