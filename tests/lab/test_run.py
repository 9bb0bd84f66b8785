"""Running studies: the stored rows, determinism across workers, resuming, every game and mode,
and bad input refused before anything is written."""

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.arena import _mix
from tabletome.lab import Store, make_study, run_study

SPECS = ["heuristic", "random"]


def play(path, workers=1, games=12, **kw):
    study = make_study(kw.pop("game", "spirit-link"), kw.pop("specs", SPECS), games, seed=kw.pop("seed", 5), **kw)
    with Store(path) as store:
        result = run_study(study, store, workers=workers)
        return result, store.rows("games"), store.rows("decisions")


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    path = tmp_path_factory.mktemp("lab") / "one.duckdb"
    return path, play(path, workers=1, sweep=["starting_hand=5,7"])


def test_rows_describe_every_game_and_decision(small):
    path, (result, games, decisions) = small
    assert result["played"] == 24 and result["total"] == 24
    with Store(path) as store:
        rows = store.games()
        study = store.study()
    assert [(r["point"], r["idx"]) for r in rows] == [(p, i) for p in range(2) for i in range(12)]
    for r in rows:
        options = json.loads(r["options"])
        assert options["starting_hand"] == (5, 7)[r["point"]]
        # the arena's seeds and rotation
        assert r["seed"] == _mix(5, r["idx"])
        assert r["agent_seeds"] == [_mix(5, r["idx"], s + 1) for s in range(2)]
        assert r["seats"] == [SPECS[(s + r["idx"]) % 2] for s in range(2)]
        assert r["cards_hash"] is None and not r["unfinished"]
        # replaying the stored actions rebuilds the game and its result
        mine = [d for d in decisions if d[0] == r["point"] and d[1] == r["idx"]]
        assert [d[2] for d in mine] == list(range(r["length"]))
        state = tabletome.game("spirit-link").new(players=2, seed=r["seed"], **options)
        for d in mine:
            assert state.to_move == d[3]
            legal = state.legal_actions()
            assert sorted(a.id for a in legal) == sorted(d[9])
            state.apply(d[4])
            assert legal is not None
        assert state.is_over and list(state.winners) == r["winners"]
        assert r["scores"] == [float(x) for x in state.scores]
    assert study.points[1]["label"] == "starting_hand=7"


def test_two_workers_give_identical_rows(small, tmp_path):
    path, (_, games, decisions) = small
    result, games2, decisions2 = play(tmp_path / "two.duckdb", workers=2, sweep=["starting_hand=5,7"])
    assert games2 == games and decisions2 == decisions
    assert result["backend"] == "processes" and result["workers"] == 2
    assert result["batches"] < result["played"] == 24 and result["cpu_seconds"] > 0
    # stored in key order too: even a plain SELECT * gives the same rows in the same order
    with Store(path) as one, Store(tmp_path / "two.duckdb") as two:
        for table in ("games", "decisions"):
            assert one.query(f"SELECT * FROM {table}") == two.query(f"SELECT * FROM {table}")


def test_batches_grow_from_one_game_to_about_two_seconds_of_play():
    from tabletome.lab.runner import MAX_BATCH, _Scheduler
    fast = _Scheduler(range(10_000), 10_000, workers=2)
    assert fast.next_batch() == [0]                 # the first batch measures the speed
    fast.measured(1, 0.001)                          # millisecond games: as many as allowed
    assert fast.next_batch() == list(range(1, 1 + MAX_BATCH))
    slow = _Scheduler(range(100), 100, workers=2)
    slow.next_batch()
    slow.measured(1, 10.0)                           # ten-second games: one at a time
    assert len(slow.next_batch()) == 1
    end = _Scheduler(range(20), 20, workers=2)     # near the end, work is left for every worker
    end.next_batch()
    end.measured(1, 0.001)
    assert len(end.next_batch()) == 5                # ceil(19 / (2 workers * 2))
    handed = [0] + list(range(1, 6))
    while end.pending:
        handed += end.next_batch()
    assert handed == list(range(20))



def test_a_huge_study_starts_at_once_in_bounded_memory_and_keeps_what_it_played(tmp_path):
    # the games are handed out as they are played: a study of 300,000 games (or 10**12) does not
    # first build a task for every game (the old list took ~100 MB here and grew without bound)
    import tracemalloc
    path = tmp_path / "huge.duckdb"
    study = make_study("spirit-link", SPECS, 300_000, seed=2)

    def stop(done, total):
        assert total == 300_000
        if done >= 3:
            raise KeyboardInterrupt
    tracemalloc.start()
    try:
        with Store(path) as store, pytest.raises(KeyboardInterrupt):
            run_study(study, store, workers=1, progress=stop)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000, peak
    with Store(path, create=False, read_only=True) as store:
        kept = store.games()
    assert 3 <= len(kept) < 300 and [g["idx"] for g in kept] == list(range(len(kept)))
    # and the games it played are the ones a small study with the same seed plays
    small = make_study("spirit-link", SPECS, len(kept), seed=2)
    with Store(tmp_path / "small.duckdb") as store:
        run_study(small, store, workers=1)
        assert [(g["seed"], g["winners"], g["length"]) for g in store.games()] == \
            [(g["seed"], g["winners"], g["length"]) for g in kept]


def test_a_second_run_resumes_and_a_larger_one_extends(small, tmp_path):
    _, (_, games, decisions) = small
    path = tmp_path / "grow.duckdb"
    first, g, _ = play(path, games=5, sweep=["starting_hand=5,7"])
    assert first["played"] == 10 and len(g) == 10
    again, g, _ = play(path, games=5, sweep=["starting_hand=5,7"])
    assert again["played"] == 0 and again["skipped"] == 10 and len(g) == 10
    more, g, d = play(path, games=12, sweep=["starting_hand=5,7"])
    assert more["played"] == 14 and more["skipped"] == 10
    assert g == games and d == decisions


def test_a_different_study_in_the_same_file_is_refused(small, tmp_path):
    path = tmp_path / "x.duckdb"
    play(path, games=2)
    with pytest.raises(IllegalAction, match="different study.*seed"):
        play(path, games=2, seed=6)
    with pytest.raises(IllegalAction, match="different study.*specs"):
        play(path, games=2, specs=["random", "random"])
    with Store(path) as store:
        assert len(store.rows("games")) == 2


@pytest.mark.parametrize("kwargs, message", [
    ({"sweep": ["starting_hand"]}, "option=value1,value2"),
    ({"sweep": ["starting_hand=5,9"]}, "cannot be '9'; allowed: 5, 3, 4, 6, 7"),
    ({"sweep": ["colour=red,blue"]}, "no option 'colour' to sweep"),
    ({"sweep": ["starting_hand=5,7"], "options": {"starting_hand": "7"}}, "both set"),
    ({"specs": ["heuristic"]}, "played by 2 players, not 1"),
    ({"specs": ["heuristic", "nobody"]}, "nobody"),
    ({"cards": "/nonexistent/cards.toml"}, "no card file"),
])
def test_bad_input_is_refused_before_anything_is_written(tmp_path, kwargs, message):
    with pytest.raises(IllegalAction, match=message):
        play(tmp_path / "bad.duckdb", games=2, **kwargs)
    assert not (tmp_path / "bad.duckdb").exists()


def first_configuration_per_player_count(game):
    seen = {}
    for players, options in game.configurations():
        seen.setdefault(players, options)
    return sorted(seen.items())


def every_mode(game):
    """Each value of a ``mode`` option, at the smallest player count that plays it."""
    out = []
    for mode in game.options.get("mode", ()):
        for n in game.player_counts:
            try:
                game.resolve_options(n, {"mode": mode})
            except IllegalAction:
                continue
            out.append((n, {"mode": mode}))
            break
    return out


CONFIGS = [(gid, players, options) for gid in tabletome.games()
           for players, options in first_configuration_per_player_count(tabletome.game(gid))]
CONFIGS += [(gid, players, options) for gid in tabletome.games() for players, options in every_mode(tabletome.game(gid))
            if not any(g == gid and o.get("mode") == options["mode"] for g, _, o in CONFIGS)]


@pytest.mark.parametrize("gid, players, options", CONFIGS,
                         ids=[f"{g}-{p}p" + (f"-{o['mode']}" if "mode" in o else "") for g, p, o in CONFIGS])
def test_every_game_mode_and_player_count_plays_into_a_study(tmp_path, gid, players, options):
    path = tmp_path / "g.duckdb"
    study = make_study(gid, ["random"] * players, 2, players=players, options=options, seed=1)
    with Store(path) as store:
        run_study(study, store, workers=1)
        rows = store.games()
        assert len(rows) == 2
        for r in rows:
            assert len(r["outcomes"]) == players and len(r["seats"]) == players
            n = store.query("SELECT count(*) FROM decisions WHERE idx = ?", [r["idx"]])[0][0]
            assert n == r["length"] > 0
            if not r["unfinished"]:
                assert all(0 <= s < players for s in r["winners"])


def test_the_command_line_takes_every_study_flag(tmp_path, capsys):
    """``lab run`` as a designer types it: one --seat for every seat, --players, --option, --sweep,
    --cards (played by worker processes from the stored text) and --workers."""
    from tabletome.cli.main import main
    source = (Path(tabletome.__file__).parent / "games" / "life_siphon" / "cards.toml").read_text()
    cards = tmp_path / "mine.toml"
    cards.write_text(source)
    out = tmp_path / "cli.duckdb"
    args = ["lab", "run", "life-siphon", "--seat", "random", "--players", "3", "--option", "fearsome=on",
            "--sweep", "mode=standard", "--cards", str(cards), "--games", "3", "--workers", "2", "--seed", "4",
            "--out", str(out), "--json"]
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["played"] == 3 and result["backend"] == "processes" and result["workers"] == 2
    with Store(out, create=False, read_only=True) as store:
        study, rows = store.study(), store.games()
    assert study.players == 3 and study.specs == ["random"] * 3 and study.card_text == source
    assert [p["label"] for p in study.points] == ["mode=standard"]
    assert all(json.loads(r["options"])["fearsome"] == "on" and r["cards_hash"] == study.cards_hash
               and len(r["seats"]) == 3 for r in rows)
    assert main(args) == 0                                   # the same command resumes: nothing to play
    assert json.loads(capsys.readouterr().out)["played"] == 0
    other = [a if a != "fearsome=on" else "fearsome=off" for a in args]
    assert main(other) == 2                                  # another study in the same file: refused
    assert "holds a different study (options:" in capsys.readouterr().err


def test_a_terminal_shows_a_progress_bar_with_games_per_second_and_an_eta(tmp_path, capsys, monkeypatch):
    from tabletome.cli.main import main
    monkeypatch.setenv("FORCE_COLOR", "1")      # rich draws for a terminal; capsys stands in for it
    monkeypatch.setenv("COLUMNS", "100")
    out = tmp_path / "bar.duckdb"
    assert main(["lab", "run", "spirit-link", "--seat", "heuristic", "--seat", "random", "--games", "6",
                 "--workers", "1", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    shown = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", captured.err)
    assert re.search(r"spirit-link .* 6/6 [0-9.,]+ games/s \d+:\d\d:\d\d ETA", shown), shown[-400:]
    assert "6 of 6 games stored" in re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", captured.out)


def test_unfinished_games_are_flagged(tmp_path):
    _, games, decisions = play(tmp_path / "u.duckdb", games=3, max_decisions=4)
    assert all(g[-2] for g in games)            # unfinished (then facts)
    assert all(g[-3] == 4 for g in games)       # length
    assert len(decisions) == 12


def test_ctrl_c_keeps_finished_games_and_a_rerun_completes_them(tmp_path):
    path = tmp_path / "ctrl-c.duckdb"
    cmd = [sys.executable, "-m", "tabletome.cli.main", "lab", "run", "spirit-link", "--seat",
           "ismcts:iterations=10,policy=random", "--seat", "random", "--games", "400", "--workers", "1",
           "--seed", "9", "--out", str(path)]
    # a shell without job control starts background jobs with SIGINT ignored, and children inherit
    # that: give the run the default Ctrl-C, as a terminal would, however pytest was started
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # interrupt once some games are written (the file cannot be opened while the run holds it,
    # but its write-ahead log grows with each batch), however busy the machine is
    wal = path.with_name(path.name + ".wal")
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not (wal.exists() and wal.stat().st_size > 20_000):
            time.sleep(0.2)
        time.sleep(1)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:     # never leave the run behind when the test fails
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "run the same command again" in err
    with Store(path) as store:
        kept = store.games()
        assert 0 < len(kept) < 400
        for r in kept:   # whole games only
            assert store.query("SELECT count(*) FROM decisions WHERE idx = ?", [r["idx"]])[0][0] == r["length"]
    # the rerun resumes (here asking for a few more games than were kept, to stay short)
    target = len(kept) + 3
    rerun = subprocess.run(cmd[:cmd.index("--games") + 1] + [str(target)] + cmd[cmd.index("--games") + 2:] + ["--json"],
                           capture_output=True, text=True, timeout=120)
    assert rerun.returncode == 0, rerun.stderr
    assert json.loads(rerun.stdout)["played"] == 3
    # the kept games are untouched, and the three new ones are the games a fresh study plays
    # there (played here directly, not the whole study again, to keep the test short)
    from tabletome.lab.runner import play_batch
    study = make_study("spirit-link", ["ismcts:iterations=10,policy=random", "random"], target, seed=9)
    payload = {"game": study.game, "players": study.players, "specs": study.specs, "card_text": None,
               "max_decisions": study.max_decisions, "points": [{"options": p["options"]} for p in study.points]}
    missing = sorted(set(range(target)) - {r["idx"] for r in kept})
    rows, decisions, *_ = play_batch(payload, [study.task(0, i) for i in missing])
    with Store(path) as resumed:
        assert [r for r in resumed.games() if r["idx"] not in missing] == kept
        fresh = {r[1]: r for r in rows}
        for r in resumed.games():
            if r["idx"] in fresh:
                f = fresh[r["idx"]]
                assert (r["seed"], r["seats"], r["winners"], r["scores"], r["length"]) == (f[2], f[3], f[6], f[7], f[9])
        stored = resumed.query("SELECT point, idx, step, seat, action, action_id FROM decisions WHERE idx IN "
                               f"({', '.join(map(str, missing))}) ORDER BY idx, step")
        assert stored == [d[:6] for d in sorted(decisions, key=lambda d: (d[1], d[2]))]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))


def solo_modes():
    """A game whose default mode one player cannot play, and two modes one player can."""
    for gid in tabletome.games():
        game = tabletome.game(gid)
        modes = []
        for mode in game.options.get("mode", ()):
            try:
                game.resolve_options(1, {"mode": mode})
                modes.append(mode)
            except IllegalAction:
                pass
        try:
            game.resolve_options(1, {})
        except IllegalAction:
            if len(modes) >= 2:
                return gid, modes[:2]
    pytest.skip("no game has a default mode one player cannot play")


def test_a_sweep_over_solo_modes_is_checked_point_by_point(tmp_path, capsys):
    from tabletome.cli.main import main
    gid, modes = solo_modes()
    out = tmp_path / "solo.duckdb"
    assert main(["lab", "run", gid, "--players", "1", "--seat", "heuristic", "--sweep", f"mode={','.join(modes)}",
                 "--games", "2", "--workers", "1", "--out", str(out)]) == 0, capsys.readouterr().err
    with Store(out, create=False, read_only=True) as store:
        assert [p["label"] for p in store.study().points] == [f"mode={m}" for m in modes]
        assert sorted(json.loads(r["options"])["mode"] for r in store.games()) == sorted(modes * 2)
    # a point one player cannot play is still refused, naming it
    default = tabletome.game(gid).resolve_options(None, {})[1]["mode"]
    bad = tmp_path / "bad.duckdb"
    assert main(["lab", "run", gid, "--players", "1", "--seat", "heuristic", "--sweep", f"mode={modes[0]},{default}",
                 "--games", "2", "--workers", "1", "--out", str(bad)]) == 2
    assert default in capsys.readouterr().err and not bad.exists()


def test_what_a_game_draws_at_random_is_stored_beside_its_result(tmp_path):
    """Bad Baby Lich Lords with factions=random: the factions dealt are stored (State.lab_facts)."""
    path = tmp_path / "bb.duckdb"
    game = tabletome.game("bad-baby-lich-lords")
    with Store(path) as store:
        run_study(make_study(game.id, ["random", "random"], 4, seed=2, options={"factions": "random"}), store,
                  workers=1)
        rows = store.games()
    for r in rows:
        options = json.loads(r["options"])
        state = game.new(players=2, seed=r["seed"], **options)
        facts = json.loads(r["facts"])
        assert facts == state.lab_facts() and set(facts) == {"factions"}
        assert facts["factions"] in game.options["factions"]            # written as the option writes it
    assert len({json.loads(r["facts"])["factions"] for r in rows}) > 1 or len(rows) < 3
    # a game that draws nothing of the kind stores NULL
    with Store(tmp_path / "sl.duckdb") as store:
        run_study(make_study("spirit-link", ["random", "random"], 2, seed=2), store, workers=1)
        assert [r["facts"] for r in store.games()] == [None, None]


@pytest.mark.parametrize("command", ["run", "tournament", "tune"])
def test_more_workers_than_the_machine_can_run_are_refused_before_anything_is_written(tmp_path, capsys, command):
    from tabletome.arena import default_workers
    from tabletome.cli.main import main
    from tabletome.lab.runner import WORKERS_PER_CORE
    limit = WORKERS_PER_CORE * default_workers()
    out = tmp_path / "w"
    args = {"run": ["--seat", "heuristic", "--players", "2"],
            "tournament": ["--seat", "heuristic", "--seat", "random"],
            "tune": ["--seat", "heuristic", "--players", "2", "--param", "Wolf.damage=1..2", "--goal", "first-seat=fair"]}
    for workers in (limit + 1, 100_000, 0):
        assert main(["lab", command, "spirit-link", *args[command], "--games", "4", "--workers", str(workers),
                     "--out", str(out)]) == 2
        assert (f"--workers must be a whole number from 1 to {limit} ({WORKERS_PER_CORE} processes per core of this "
                f"machine; a study larger than a machine belongs on --ray), not {workers}") in capsys.readouterr().err
        assert not out.exists()
    # through the API too, before a game is played
    with Store(tmp_path / "api.duckdb") as store:
        with pytest.raises(IllegalAction, match=f"from 1 to {limit}"):
            run_study(make_study("spirit-link", SPECS, 4), store, workers=100_000)
        assert store.games() == [] and store.query("SELECT count(*) FROM study") == [(0,)]
