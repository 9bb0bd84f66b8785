"""Undo against real servers, with the terminal's rule (a seat takes back its decisions since the
last moment that showed it something or used chance): at once against agents; at a table of
people only once the others accept, on one process or two sharing PostgreSQL. Every page steps
back to exactly the view and log it had at that step; what a seat never saw is never shown."""

import pytest

from .helpers import Client, seat


def opened(server, table, i):
    c = Client(server)
    assert c.hello(*seat(table, i))["type"] == "state"
    return c


def log_of(client):
    lines = []
    for m in client.messages:
        if m["type"] == "state":
            lines = lines[:m["log"]["from"]] + m["log"]["lines"]
    return lines


def seen_at(client, step):
    """The last (view, log) this page was shown at ``step``."""
    lines, out = [], None
    for m in client.messages:
        if m["type"] == "state":
            lines = lines[:m["log"]["from"]] + m["log"]["lines"]
            if m["step"] == step:
                out = (m["view"], list(lines), m["legal"])
    return out


def first_undoable(client, rng_pick=0):
    """Play moves as this seat until an undo is possible; the step before the last move."""
    for _ in range(60):
        st = client.state
        if st["over"]:
            return None
        if st["to_move"] == client.seat_no:
            before = st["step"]
            client.seen_before = seen_at(client, before)     # what this page showed before its move
            client.send({"type": "move", "action": st["legal"][rng_pick % len(st["legal"])]["id"], "step": before,
                         "id": f"m{before}"})
            client.until(lambda m: m.get("ack") == f"m{before}")
            client.send({"type": "undo", "id": f"u{before}"})
            got = client.until(lambda m: m.get("ack") == f"u{before}" or (m["type"] == "error" and m.get("id") == f"u{before}"))
            if got["type"] == "state":
                return before
            assert got["code"] == "cannot-undo" and got["message"].startswith("cannot undo: "), got
        else:
            client.at_step(st["step"] + 1)
    raise AssertionError("no undoable move came")


def test_against_an_agent_an_undo_is_immediate_and_exact(fresh_server):
    server = fresh_server()
    table = server.create("spirit-link", options={"starting_hand": 3}, seed=25,
                          seats=[{"agent": None}, {"agent": "heuristic"}])
    north = opened(server, table, 0)
    north.seat_no = 0
    err = north.error({"type": "undo", "id": "x"})
    assert err["code"] == "cannot-undo" and "no decision" in err["message"]
    before = first_undoable(north)
    assert before is not None
    st = north.state           # the undo's acknowledgement, or a later state (the agent stopped thinking)
    if st["step"] != before:
        st = north.until(lambda m: m["type"] == "state" and m["step"] == before)
    view, lines, legal = north.seen_before
    assert st["view"] == view and st["legal"] == legal and log_of(north) == lines
    assert server.get(f"/api/tables/{table['id']}").json()["step"] == before
    fresh = opened(server, table, 0)           # a new page sees the same position
    assert fresh.state["view"] == view and log_of(fresh) == lines


@pytest.fixture(params=["one-process", "two-processes"])
def two(request, server):
    if request.param == "one-process":
        return server, server
    make = request.getfixturevalue("pg_servers")
    return make(), make()


def test_at_a_table_of_people_an_undo_needs_the_others_consent(two):
    a, b = two
    table = a.create("spirit-link", options={"starting_hand": 3}, seed=25,
                     seats=[{"agent": None}, {"agent": None}])
    north, south, watcher = opened(a, table, 0), opened(b, table, 1), Client(b)
    watcher.hello(table["id"])
    north.seat_no = 0
    # the page offers Undo to a seat only once it has decided something (on either process)
    assert (north.state["decided"], south.state["decided"], watcher.state["decided"]) == (False, False, False)
    # North moves until an undo may be asked for (its move showed it nothing new)
    before = first_undoable(north)
    step = before + 1
    asked = south.until(lambda m: m["type"] == "state" and m["undo"] is not None)
    assert asked["undo"] == {"seat": 0, "accepted": []} and asked["step"] == step
    assert north.state["decided"] and not asked["decided"]
    assert opened(b, table, 0).state["decided"]           # North's moves, as South's process heard them
    seen_by_watcher = watcher.until(lambda m: m["type"] == "state" and m["undo"] is not None)
    assert set(seen_by_watcher["undo"]) == {"seat", "accepted"}      # who asked, never what
    assert north.error({"type": "undo", "id": "again"})["code"] == "busy"
    assert north.error({"type": "undo-reply", "accept": True})["code"] == "no-undo"
    assert watcher.error({"type": "undo-reply", "accept": True})["code"] == "spectator"
    # South declines: nothing changes
    south.send({"type": "undo-reply", "accept": False, "id": "no"})
    south.until(lambda m: m.get("ack") == "no")
    north.until(lambda m: m["type"] == "state" and m["undo"] is None)
    assert a.get(f"/api/tables/{table['id']}").json()["step"] == step
    # asked again, South accepts: both pages (on either process) step back exactly
    north.send({"type": "undo", "id": "again2"})
    north.until(lambda m: m.get("ack") == "again2")
    south.until(lambda m: m["type"] == "state" and m["undo"] is not None)
    south.send({"type": "undo-reply", "accept": True, "id": "yes"})
    for page in (north, south, watcher):
        st = page.until(lambda m: m["type"] == "state" and m["step"] == before)
        view, lines, legal = seen_at(page, before)
        assert st["view"] == view and st["legal"] == legal and log_of(page) == lines
        assert st["undo"] is None
    for server in (a, b):
        assert server.get(f"/api/tables/{table['id']}").json()["step"] == before
    # and play goes on from there
    mover = north if north.state["to_move"] == 0 else south
    mover.send({"type": "move", "action": mover.state["legal"][-1]["id"], "step": before, "id": "go"})
    assert mover.until(lambda m: m.get("ack") == "go")["step"] == before + 1


def test_a_repeated_undo_or_a_late_answer_is_refused_as_stale(server):
    """An undo and its answer name the step of the position their page saw: one sent again (a page
    that retries) never takes back a second decision, and a late answer never answers a request
    made since."""
    table = server.create("spirit-link", options={"starting_hand": 3}, seed=25,
                          seats=[{"agent": None}, {"agent": None}])
    north, south = opened(server, table, 0), opened(server, table, 1)
    north.seat_no = 0
    before = first_undoable(north)                      # North's request is open
    asked = south.until(lambda m: m["type"] == "state" and m["undo"] is not None)["step"]
    late = south.error({"type": "undo-reply", "accept": True, "step": asked - 1, "id": "late"})
    assert late["code"] == "stale" and f"at step {asked - 1}, but the table is at step {asked}" in late["message"]
    assert server.get(f"/api/tables/{table['id']}").json()["step"] == asked       # nothing taken back
    south.send({"type": "undo-reply", "accept": True, "step": asked, "id": "yes"})
    north.until(lambda m: m["type"] == "state" and m["step"] == before)
    again = north.error({"type": "undo", "step": asked, "id": "again"})          # the same undo, sent twice
    assert again["code"] == "stale" and "ask again if you still want to" in again["message"]
    assert server.get(f"/api/tables/{table['id']}").json()["step"] == before
    bad = north.error({"type": "undo", "step": "x", "id": "bad"})
    assert bad["code"] == "bad-field" and "'step'" in bad["message"]
