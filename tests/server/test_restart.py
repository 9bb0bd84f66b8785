"""Nothing lost: a real server process plays part of some games, is killed with SIGKILL, restarts
on the same SQLite file, and every table is at the same position with the same legal actions and
the same views (seats and spectators), its log whole."""

import random

from .helpers import Client, seat


def play(tables, clients, moves, rng):
    """Random moves at each table, each sent by the seat to move and acknowledged."""
    for tid, tabs in clients.items():
        for _ in range(moves):
            step = max(t.state["step"] for t in tabs.values())
            for t in tabs.values():
                t.at_step(step)
            movers = [t for s, t in tabs.items() if s is not None and t.state["legal"]]
            if not movers:
                if tabs[None].state["over"]:
                    break
                tabs[None].at_step(step + 1)          # an agent is to move: wait for it
                continue
            mover = movers[0]
            action = rng.choice(mover.state["legal"])
            mover.send({"type": "move", "action": action["id"], "step": step, "id": step})
            mover.until(lambda m: m.get("ack") == step)
        watcher = tabs[None]
        watcher.at_step(max(t.state["step"] for t in tabs.values()))
        while not watcher.state["over"] and watcher.state["to_move"] not in tabs:
            watcher.at_step(watcher.state["step"] + 1)      # let the agents finish their moves
        step = watcher.state["step"]
        for t in tabs.values():
            t.at_step(step)


def snapshot_of(tabs):
    out = {}
    for s, t in tabs.items():
        st = t.state
        lines = []
        for m in t.messages:            # the whole log this page was sent, in order
            if m["type"] == "state":
                lines = lines[:m["log"]["from"]] + m["log"]["lines"]
        out[s] = (st["step"], st["to_move"], st["view"], st["legal"], lines)
    return out


def test_a_killed_server_resumes_every_table_exactly(fresh_server, tmp_path):
    db = tmp_path / "kill.sqlite3"
    server = fresh_server(db=db)
    rng = random.Random(4)
    specs = [
        ("spirit-link", 2, {"starting_hand": 3}, [None, None]),
        ("life-siphon", 3, {"familiars": "on"}, [None, None, None]),
        ("bad-baby-lich-lords", 2, {}, [None, "heuristic"]),
    ]
    tables, clients = {}, {}
    for game, players, options, agents in specs:
        t = server.create(game, players=players, options=options, seed=11,
                          seats=[{"agent": a} for a in agents])
        tables[t["id"]] = t
        tabs = {i: Client(server) for i, a in enumerate(agents) if a is None}
        for i, c in tabs.items():
            assert c.hello(*seat(t, i))["type"] == "state"
        tabs[None] = Client(server)
        tabs[None].hello(t["id"])
        clients[t["id"]] = tabs
    play(tables, clients, 25, rng)
    before = {tid: snapshot_of(tabs) for tid, tabs in clients.items()}
    steps = {tid: s[None][0] for tid, s in before.items()}
    assert all(step >= 10 for step in steps.values()), steps

    server.kill()
    restarted = fresh_server(db=db)
    for tid, tabs in clients.items():
        again = {}
        for s in tabs:
            c = Client(restarted)
            if s is None:
                c.hello(tid)
            else:
                c.hello(*seat(tables[tid], s))
            again[s] = c
        after = snapshot_of(again)
        for s in tabs:
            assert after[s] == before[tid][s], f"table {tid} seat {s} differs after the restart"
        assert restarted.get(f"/api/tables/{tid}").json()["step"] == steps[tid]
        # and play goes on: the last acknowledged move of a new round survives another kill
        clients[tid] = again
    play(tables, clients, 3, rng)
    acked = {tid: max(t.state["step"] for t in tabs.values()) for tid, tabs in clients.items()}
    restarted.kill()
    third = fresh_server(db=db)
    for tid, step in acked.items():
        assert third.get(f"/api/tables/{tid}").json()["step"] >= step
