"""Agent budgets are input: the server's limits on agent specs, and a scheduler in which one
table's search cannot starve another table's agent (issue 27, item 1), against real servers."""

import os
import signal
import sqlite3
import time

import pytest

import tabletome

from .helpers import Client, seat


def tables_stored(server) -> int:
    with sqlite3.connect(server.db) as db:
        return db.execute("SELECT count(*) FROM tables").fetchone()[0]


@pytest.mark.parametrize("spec, words", [
    ("ismcts:seconds=100000000", ["'seconds'", "at most 5", "--max-agent-seconds", "100000000"]),
    ("ismcts:iterations=1000000000", ["'iterations'", "at most 100000", "--max-agent-iterations"]),
    ("ismcts:depth=999999", ["'depth'", "at most 2000", "--max-agent-depth"]),
    ("ismcts:seconds=inf", ["'seconds'", "above 0"]),
    ("ismcts:iterations=0", ["'iterations'", "at least 1"]),
    ("policy:/etc/passwd", ["no policy agent", "--policy-dir"]),
    ("chess-engine", ["no agent 'chess-engine'", "heuristic, ismcts, random"]),
])
def test_an_agent_over_the_servers_limits_is_refused_naming_the_limit(server, spec, words):
    before = tables_stored(server)
    r = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": None}, {"agent": spec}]})
    assert r.status_code == 400, r.text
    message = r.json()["error"]
    assert message.startswith("seat 1: "), message
    for word in words:
        assert word in message, message
    assert tables_stored(server) == before         # nothing changed


def test_the_limits_are_the_servers_options(fresh_server):
    server = fresh_server("--max-agent-seconds", "0.5", "--max-agent-iterations", "300", "--max-agent-depth", "10")
    for spec, word in [("ismcts:seconds=0.6", "at most 0.5"), ("ismcts:iterations=301", "at most 300"),
                       ("ismcts:depth=11", "at most 10")]:
        r = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": None}, {"agent": spec}]})
        assert r.status_code == 400 and word in r.json()["error"], r.text
    server.create("spirit-link", seats=[{"agent": None}, {"agent": "ismcts:seconds=0.5,iterations=300,depth=10"}])
    assert server.get("/api/games").json()["agents"] == ["heuristic", "ismcts", "random"]


def test_a_bad_limit_is_refused_at_start(tmp_path):
    import subprocess
    import sys
    for flag, value in [("--max-agent-seconds", "0"), ("--max-agent-seconds", "nan"), ("--max-agent-iterations", "0"),
                        ("--ai-workers", "0"), ("--max-loaded-tables", "0"), ("--max-creations-per-hour", "0"),
                        ("--max-pages-per-client", "0"),
                        ("--expire-after", "0"), ("--expire-after", "inf"), ("--forwarded-allow-ips", "nginx")]:
        out = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "serve", "--db", str(tmp_path / "x.sqlite3"),
                              flag, value], capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and flag in out.stderr + out.stdout, (out.stdout, out.stderr)


def test_a_policy_agent_only_from_the_policy_directory(fresh_server, tmp_path):
    import numpy as np
    from tabletome.agents.policy import save_policy
    import tabletome
    game = tabletome.game("spirit-link")
    state = game.new(seed=1)
    obs, n = state.observation(0).shape[0], len(state.table)
    policies = tmp_path / "policies"
    policies.mkdir()
    save_policy(policies / "p.npz", [(np.zeros((obs, n)), np.zeros(n))], {"game": game.id, "obs_size": obs,
                                                                          "num_actions": n})
    (tmp_path / "outside.npz").write_bytes((policies / "p.npz").read_bytes())
    server = fresh_server("--policy-dir", str(policies))
    assert "policy" in server.get("/api/games").json()["agents"]
    t = server.create("spirit-link", seats=[{"agent": "policy:p.npz"}, {"agent": "random"}], seed=2)
    watcher = Client(server)
    watcher.hello(t["id"])
    watcher.at_step(3)                               # the policy and the random agent play
    for spec in ("policy:../outside.npz", f"policy:{tmp_path / 'outside.npz'}", "policy:missing.npz"):
        r = server.post("/api/tables", {"game": "spirit-link", "seats": [{"agent": None}, {"agent": spec}]})
        assert r.status_code == 400 and "not a file in this server's policy directory" in r.json()["error"], r.text


def test_a_stored_agent_over_the_limits_is_clamped_after_a_restart(fresh_server, tmp_path):
    """A table stored before the limits (here: its spec edited by hand in the database) resumes with
    its search clamped to the server's limits: it moves, and another table is not starved."""
    db = tmp_path / "old.sqlite3"
    server = fresh_server("--ai-delay", "60", db=db)     # no agent moves before the kill
    old = server.create("spirit-link", seats=[{"agent": "ismcts:seconds=0.1"}, {"agent": "ismcts:seconds=0.1"}],
                        seed=3)
    unknown = server.create("spirit-link", seats=[{"agent": "random"}, {"agent": None}], seed=3,
                            options={"first": "north"})
    server.kill()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE seats SET agent='ismcts:seconds=100000000,iterations=1000000000' WHERE table_id=?",
                     (old["id"],))
        conn.execute("UPDATE seats SET agent='policy:/etc/passwd' WHERE table_id=? AND seat=0", (unknown["id"],))
    server = fresh_server("--max-agent-seconds", "0.3", db=db)
    watcher = Client(server)
    watcher.hello(old["id"])
    start = watcher.state["step"]
    watcher.at_step(start + 3, timeout=30)          # three decisions at most 0.3 s of search each
    assert watcher.state["ai_error"] is None
    assert_heuristic_answers_quickly(server)
    stopped = Client(server)                         # a stored agent the server does not play: its error
    state = stopped.hello(unknown["id"])
    if state["ai_error"] is None:
        state = stopped.until(lambda m: m["type"] == "state" and m["ai_error"] is not None)
    assert "no policy agent" in state["ai_error"] and state["step"] == 0


def person_vs_heuristic(server):
    t = server.create("spirit-link", seats=[{"agent": None}, {"agent": "heuristic"}], seed=5)
    page = Client(server)
    page.hello(*seat(t, 0))
    return t, page


def heuristic_reply_seconds(page, moves: int = 4) -> list[float]:
    """Play ``moves`` of the person's moves; the seconds from each acknowledgement to the agent's reply."""
    waits = []
    while len(waits) < moves and not page.state["over"]:
        if page.state["to_move"] != 0:
            page.at_step(page.state["step"] + 1)
            continue
        step = page.state["step"]
        page.send({"type": "move", "action": page.state["legal"][0]["id"], "step": step, "id": step})
        page.until(lambda m: m.get("ack") == step)
        acked = time.monotonic()
        if page.state["over"] or page.state["to_move"] == 0:
            continue
        page.at_step(step + 2, timeout=60)
        waits.append(time.monotonic() - acked)
    return waits


def assert_heuristic_answers_quickly(server):
    _, page = person_vs_heuristic(server)
    waits = heuristic_reply_seconds(page)
    assert waits and max(waits) < 1.0, waits          # the generous bound the issue asks for
    page.close()


def test_an_expensive_table_does_not_starve_another_tables_heuristic(fresh_server):
    server = fresh_server()                          # the default limit: 5 s of search a decision
    busy = []
    for n in range(2):                               # two tables searching the largest budget, nonstop
        t = server.create("spirit-link", seats=[{"agent": "ismcts:seconds=5,iterations=100000"}] * 2, seed=n)
        busy.append(t)
    watcher = Client(server)
    watcher.hello(busy[0]["id"])
    watcher.until(lambda m: m["type"] == "state" and m["thinking"] is not None)
    time.sleep(0.5)                                  # both searches are under way
    assert_heuristic_answers_quickly(server)


def test_ten_hint_pages_of_one_seat_do_not_delay_another_tables_agent(fresh_server):
    server = fresh_server("--rate", "2000")
    t = server.create("spirit-link", seats=[{"agent": None}, {"agent": "heuristic"}], seed=8)
    pages = [Client(server) for _ in range(10)]
    for p in pages:
        p.hello(*seat(t, 0))
    if pages[0].state["to_move"] != 0:
        for p in pages:
            p.at_step(pages[0].state["step"] + 1)
    _, other = person_vs_heuristic(server)
    for i, p in enumerate(pages):
        p.send({"type": "hint", "id": i})
    waits = heuristic_reply_seconds(other)
    assert waits and max(waits) < 1.0, waits
    rows = pages[0].until(lambda m: m["type"] == "hint")["rows"]   # and the hints still come
    assert rows and rows[0]["visits"] > 0


def test_a_hint_asked_again_replaces_the_first(server):
    t = server.create("spirit-link", seats=[{"agent": None}, {"agent": "heuristic"}], seed=9)
    page = Client(server)
    page.hello(*seat(t, 0))
    if page.state["to_move"] != 0:
        page.at_step(page.state["step"] + 1)
    page.send({"type": "hint", "id": "first"})
    page.send({"type": "hint", "id": "second"})
    answer = page.until(lambda m: m["type"] in ("hint", "error"))
    assert answer["type"] == "hint" and answer["id"] == "second", answer
    assert not [m for m in page.drain(1.5) if m["type"] in ("hint", "error")]   # the first was cancelled


def descendants(pid: int) -> set[int]:
    """The live processes below ``pid`` (from /proc), not counting zombies."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                parents[int(entry)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        stat = open(f"/proc/{pid}/stat").read()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def cpu_seconds(pids) -> float:
    total = 0
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def test_hints_of_pages_that_left_are_cancelled(fresh_server):
    server = fresh_server("--rate", "2000")
    t = server.create("spirit-link", seats=[{"agent": None}, {"agent": "heuristic"}], seed=10)
    pages = [Client(server) for _ in range(10)]
    for p in pages:
        p.hello(*seat(t, 0))
    if pages[0].state["to_move"] != 0:
        for p in pages:
            p.at_step(pages[0].state["step"] + 1)
    workers = descendants(server.proc.pid)
    assert workers
    for i, p in enumerate(pages):
        p.send({"type": "hint", "id": i})
    time.sleep(0.3)
    for p in pages:
        p.close()
    time.sleep(0.5)
    used = cpu_seconds(workers)
    time.sleep(2)
    assert cpu_seconds(workers) - used < 0.5      # ten one-second hints left behind: about 10 s of CPU


def test_workers_exit_when_the_server_is_killed(fresh_server):
    server = fresh_server()
    t = server.create("spirit-link", seats=[{"agent": "ismcts:seconds=2"}, {"agent": "ismcts:seconds=2"}], seed=4)
    watcher = Client(server)
    watcher.hello(t["id"])
    watcher.until(lambda m: m["type"] == "state" and m["thinking"] is not None)
    below = descendants(server.proc.pid)
    assert below, "the server started no worker"
    os.kill(server.proc.pid, signal.SIGKILL)         # the server only, not its process group
    server.proc.wait(10)
    deadline = time.time() + 10
    while time.time() < deadline and any(alive(p) for p in below):
        time.sleep(0.2)
    left = [p for p in below if alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    assert not left, f"orphaned processes after the server died: {left}"


def test_a_worker_killed_mid_search_fails_that_move_and_the_server_carries_on(fresh_server):
    server = fresh_server()
    t = server.create("spirit-link", seats=[{"agent": "ismcts:seconds=5"}, {"agent": "ismcts:seconds=5"}], seed=6)
    watcher = Client(server)
    watcher.hello(t["id"])
    watcher.until(lambda m: m["type"] == "state" and m["thinking"] is not None)
    time.sleep(0.5)
    workers = [p for p in descendants(server.proc.pid)
               if b"resource_tracker" not in open(f"/proc/{p}/cmdline", "rb").read()]
    assert len(workers) == 1, workers
    os.kill(workers[0], signal.SIGKILL)
    state = watcher.until(lambda m: m["type"] == "state" and m["ai_error"] is not None)
    assert "worker process stopped" in state["ai_error"]
    _, page = person_vs_heuristic(server)              # a new worker (started afresh) serves the tables
    assert len(heuristic_reply_seconds(page)) == 4


def test_ctrl_c_stops_the_server_and_its_workers_without_a_traceback(fresh_server):
    server = fresh_server()
    t = server.create("spirit-link", seats=[{"agent": "ismcts:seconds=3"}, {"agent": "ismcts:seconds=3"}], seed=7)
    watcher = Client(server)
    watcher.hello(t["id"])
    watcher.until(lambda m: m["type"] == "state" and m["thinking"] is not None)
    time.sleep(0.5)                                  # a search is under way in the worker
    below = descendants(server.proc.pid)
    os.killpg(server.proc.pid, signal.SIGINT)        # what Ctrl-C in a terminal does
    assert server.proc.wait(30) == 0
    deadline = time.time() + 10
    while time.time() < deadline and any(alive(p) for p in below):
        time.sleep(0.2)
    assert not [p for p in below if alive(p)]
    log = server.log.read_text()
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, log


def test_an_agents_error_reaches_the_table_without_what_its_seat_sees(monkeypatch, capfd):
    """Every seat reads a table's agent error, so an error that may hold what the agent's seat
    sees (here its hand, in a heuristic's bug) reaches the table as its kind only and the server's
    log whole; a refused spec (it names the spec only) is said in full."""
    from tabletome.server.limits import AgentLimits
    from tabletome.server.workers import run_slice

    game = tabletome.game("spirit-link")
    state = game.new(seed=3)
    hand = state.view(state.to_move)["players"][state.to_move]["hand"]

    def bug(seen, rng):
        raise ValueError(f"no rule of thumb for a hand of {', '.join(hand)}")

    monkeypatch.setattr(game, "heuristic_action", bug)
    task = ("choose", game.id, state.snapshot(), "heuristic", 1, AgentLimits())
    op, job, said = run_slice({}, 7, task, 0.05)
    assert (op, job) == ("failed", 7)
    assert "ValueError" in said and "log" in said
    assert not any(card in said for card in hand), said
    assert f"no rule of thumb for a hand of {', '.join(hand)}" in capfd.readouterr().err

    refused = ("choose", game.id, state.snapshot(), "policy:/etc/passwd", 1, AgentLimits())
    op, _, said = run_slice({}, 8, refused, 0.05)
    assert op == "failed" and "this server plays no policy agent" in said and "--policy-dir" in said, said
