"""The tabletome command, driven as a user would: arguments in, text out."""

import io
import json

import pytest

import tabletome
from tabletome.cli.main import main


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_games_lists_every_game_with_players_and_options(capsys):
    code, out, _ = run(capsys, "games", "--json")
    rows = json.loads(out)
    assert code == 0
    assert {r["id"] for r in rows} == set(tabletome.games())
    spirit = next(r for r in rows if r["id"] == "spirit-link")
    assert spirit["players"] == [2] and "starting_hand" in spirit["options"]
    code, out, _ = run(capsys, "games")
    assert "spirit-link" in out


def test_selfplay_json_has_the_promised_keys(capsys):
    code, out, _ = run(capsys, "selfplay", "spirit-link", "--games", "20", "--seat", "heuristic",
                       "--seat", "random", "--seed", "3", "--json")
    result = json.loads(out)
    assert code == 0
    assert {"games", "wins", "draws", "mean_length", "games_per_s"} <= set(result)
    assert result["games"] == 20 and len(result["wins"]) == 2
    assert sum(result["wins"]) + result["draws"] == 20
    assert result["wins"][0] > result["wins"][1]


def test_ai_only_play_saves_a_record_that_replays(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "spirit-link", "--seat", "random", "--seat", "heuristic",
                       "--seed", "5", "--save", str(path))
    assert code == 0 and path.exists()
    record = json.loads(path.read_text())
    assert record["game"] == "spirit-link" and record["seed"] == 5
    state = tabletome.replay(record)
    assert state.is_over
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert state.log[-1] in out


def test_a_human_plays_by_number_and_text_and_bad_input_is_reasked(capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    state = tabletome.game("spirit-link").new(seed=8)
    first = str(state.legal_actions()[0])
    answers = f"99\nflap\n{first}\n1\nhelp\nlog\nquit\n"
    code, out, _ = run(capsys, "play", "spirit-link", "--seed", "8", "--save", str(path),
                       stdin=answers, monkeypatch=monkeypatch)
    assert code == 0
    assert "99 is not a choice" in out
    assert "'flap' names no legal action" in out
    record = json.loads(path.read_text())
    assert record["actions"][0] == first
    assert len(record["actions"]) >= 2


def test_end_of_input_saves_the_record(capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "spirit-link", "--seed", "8", "--save", str(path),
                       stdin="", monkeypatch=monkeypatch)
    assert code == 0 and path.exists()


def test_hot_seat_hands_over_between_humans(capsys, monkeypatch, tmp_path):
    answers = "\n1\n" * 6 + "quit\n"
    code, out, _ = run(capsys, "play", "spirit-link", "--seat", "human", "--seat", "human", "--seed", "2",
                       "--no-save", stdin=answers, monkeypatch=monkeypatch)
    assert code == 0
    assert "Pass the screen to South" in out


@pytest.mark.parametrize("argv, message", [
    (["play", "chess"], "no game 'chess'"),
    (["play", "spirit-link", "--option", "tiger=maybe"], "cannot be 'maybe'"),
    (["play", "spirit-link", "--option", "nonsense"], "name=value"),
    (["play", "spirit-link", "--seat", "genius"], "no agent 'genius'"),
    (["play", "spirit-link", "--seat", "human", "--seat", "random", "--seat", "random"], "2 seat"),
    (["selfplay", "spirit-link", "--games", "0"], "at least 1"),
    (["replay", "/no/such/record.json"], "no record file"),
])
def test_bad_arguments_get_a_clear_message(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def test_a_broken_record_is_refused(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "spirit-link", "options": {}, "players": 2, "seed": 1,
                                "actions": ["transform Unicorn"]}))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and "record action 1" in err
    path.write_text("{not json")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and "not valid JSON" in err
    path.write_text(json.dumps({"game": "spirit-link"}))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and "lacks" in err


def test_arena_json_rotates_seats_and_saves_records(capsys, tmp_path):
    code, out, _ = run(capsys, "arena", "spirit-link", "--seat", "heuristic", "--seat", "random",
                       "--games", "4", "--workers", "1", "--seed", "2", "--json", "--save-dir", str(tmp_path))
    result = json.loads(out)
    assert code == 0
    assert result["games"] == 4 and [a["spec"] for a in result["agents"]] == ["heuristic", "random"]
    heuristic, rnd = result["agents"]
    assert heuristic["wins"] + rnd["wins"] + result["draws"] == 4
    assert 0 <= heuristic["ci95"][0] <= heuristic["win_rate"] <= heuristic["ci95"][1] <= 1
    assert {"first_seat", "mean_length"} <= set(result)
    index = json.loads((tmp_path / "arena.json").read_text())
    assert [g["seats"] for g in index["games"]][:2] == [["heuristic", "random"], ["random", "heuristic"]]


def test_arena_table_and_solo_mode(capsys):
    code, out, _ = run(capsys, "arena", "spirit-link", "--seat", "random", "--seat", "random", "--games", "2",
                       "--workers", "1")
    assert code == 0 and "95% CI" in out and "random #1" in out and "first seat" in out
    code, out, _ = run(capsys, "arena", "life-siphon", "--seat", "random", "--option", "mode=madness",
                       "--games", "2", "--workers", "1", "--json")
    result = json.loads(out)
    assert code == 0 and result["players"] == 1 and result["solo"]["score_mean"] >= 1


@pytest.mark.parametrize("argv, message", [
    (["arena", "spirit-link", "--games", "2"], "--seat"),
    (["arena", "spirit-link", "--seat", "human", "--seat", "random"], "agents only"),
    (["arena", "spirit-link", "--seat", "random", "--seat", "genius"], "no agent 'genius'"),
    (["arena", "spirit-link", "--seat", "random"], "2 players, not 1"),
    (["arena", "spirit-link", "--seat", "random", "--seat", "random", "--games", "0"], "at least 1"),
    (["arena", "spirit-link", "--seat", "random", "--seat", "random", "--workers", "0"], "workers"),
    (["arena", "chess", "--seat", "random"], "no game 'chess'"),
])
def test_arena_bad_arguments_get_a_clear_message(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def test_hint_shows_choices_with_win_chances_and_changes_nothing(capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    monkeypatch.setattr("tabletome.agents.hints.DEFAULT_SPEC", "ismcts:iterations=60")
    code, out, _ = run(capsys, "play", "spirit-link", "--seed", "8", "--save", str(path),
                       stdin="hint\nquit\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "%" in out and "hint" in out.lower()
    record = json.loads(path.read_text())
    assert record["actions"] == []


def test_selfplay_solo_scores_count_only_the_games_that_have_one(capsys):
    # Bad Baby Lich Lords' Solitaire: "Once you score 5 noise, stop and count the number of cards
    # left in each realm's bone pile ... That number is your score": a lost game has no score,
    # so the mean is over the games won, not pulled down by a 0 for each loss
    code, out, _ = run(capsys, "selfplay", "bad-baby-lich-lords", "--players", "1", "--games", "20",
                       "--seed", "0", "--json")
    result = json.loads(out)
    assert code == 0
    assert result["losses"] >= 1 and result["wins"][0] >= 1, "the seed must give both ends"
    assert result["scored_games"] == result["wins"][0]
    assert result["score_min"] > 0
    code, out, _ = run(capsys, "selfplay", "bad-baby-lich-lords", "--players", "1", "--games", "20",
                       "--seed", "0")
    assert f"over the {result['wins'][0]} games with a score" in out


def test_play_loads_a_game_from_a_file_with_game_module(tmp_path):
    """``--game-module FILE`` imports a game that registers itself (the example Go Fish), then plays it;
    a missing file is refused with its name. (A subprocess: the registry of this process is untouched.)"""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    cmd = [sys.executable, "-m", "tabletome.cli.main", "play", "go-fish", "--seat", "random", "--seat", "heuristic",
           "--seed", "3", "--no-save"]
    done = subprocess.run([*cmd, "--game-module", str(root / "examples" / "go_fish.py")], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "South wins with 10 books." in done.stdout
    missing = subprocess.run([*cmd, "--game-module", "nowhere/go_fish.py"], capture_output=True, text=True, env=env,
                             cwd=tmp_path, timeout=120)
    assert missing.returncode == 2 and "'nowhere/go_fish.py': no such Python file" in missing.stderr
    unknown = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert unknown.returncode == 2 and "there is no game 'go-fish'" in unknown.stderr


def test_a_game_from_a_file_is_replayed_and_resumed_with_the_command_its_save_line_gives(tmp_path):
    """Go Fish quit after a move: the save line's command (with ``--game-module``) resumes it, and
    ``replay`` takes ``--game-module`` too. (Subprocesses: this process's registry is untouched.)"""
    import os
    import shlex
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "src"), COLUMNS="1000")   # (the save line on one line)
    cli = [sys.executable, "-m", "tabletome.cli.main"]
    module = str(root / "examples" / "go_fish.py")
    played = subprocess.run([*cli, "play", "go-fish", "--game-module", module, "--seed", "3"], input="1\nquit\n",
                            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert played.returncode == 0, played.stderr
    asked = next(x for x in played.stdout.splitlines() if "go on later with: tabletome play --resume" in x)
    assert asked.endswith(f" --game-module {module}.")
    line = next(x for x in played.stdout.splitlines() if "go on with it: tabletome play --resume" in x)
    command = shlex.split(line.split("go on with it: tabletome ", 1)[1].rstrip(")"))
    assert command[-2:] == ["--game-module", module]
    resumed = subprocess.run([*cli, *command], input="quit\n", capture_output=True, text=True, env=env,
                             cwd=tmp_path, timeout=120)
    assert resumed.returncode == 0 and "Go Fish — resumed" in resumed.stdout, resumed.stderr
    replayed = subprocess.run([*cli, "replay", command[2], "--game-module", module], capture_output=True, text=True,
                              env=env, cwd=tmp_path, timeout=120)
    assert replayed.returncode == 0 and "asks" in replayed.stdout, replayed.stderr


def test_a_reader_that_stops_early_ends_the_output_quietly(tmp_path):
    """``tabletome games --json | head -c 20``: no traceback when the reader has stopped reading
    (here it is gone before anything is written)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "games", "--json"], stdout=write,
                              stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path, timeout=120)
    finally:
        os.close(write)
    assert done.returncode == 1 and not done.stderr, done.stderr


def test_python_dash_m_tabletome_is_the_tabletome_command():
    """``python -m tabletome games``, as a user whose venv's scripts are not on PATH types it, lists
    the games as ``tabletome games`` does."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    done = subprocess.run([sys.executable, "-m", "tabletome", "games", "--json"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert {"spirit-link", "life-siphon", "bad-baby-lich-lords", "life-and-legend"} <= {
        g["id"] for g in json.loads(done.stdout)}
