"""A person's "my tables" link, against real servers: created once, it holds the seats added to
it; opened anywhere (no localStorage) it lists and resumes each of them; a seat re-invited since is
no longer listed; re-issuing the link gives a new key and the old one stops working."""

from .helpers import Client


def test_my_tables_link_lists_and_resumes_every_seat(fresh_server):
    server = fresh_server()
    one = server.create("spirit-link", seats=[{"agent": None}, {"agent": "heuristic"}])
    two = server.create("life-siphon", players=2, seats=[{"agent": None}, {"agent": None}])
    key = server.post("/api/me", {}).json()["key"]
    tickets = [{"table": one["id"], "seat": 0, "token": one["seats"][0]["token"]},
               {"table": two["id"], "seat": 1, "token": two["seats"][1]["token"]},
               {"table": two["id"], "seat": 0, "token": "forged"},
               {"table": "nosuch", "seat": 0, "token": "x"}]
    r = server.post("/api/me/seats", {"key": key, "tickets": tickets})
    assert r.json() == {"added": 2, "refused": 2}
    listed = server.post("/api/me/tables", {"key": key}).json()["tables"]
    assert sorted((t["table"], t["seat"], t["game"]) for t in listed) == sorted(
        [(one["id"], 0, "spirit-link"), (two["id"], 1, "life-siphon")])
    # another device: the link alone opens the seat
    page = Client(server)
    page.send({"type": "hello", "table": two["id"], "seat": 1, "me": key})
    assert page.until(lambda m: m["type"] in ("state", "error"))["type"] == "state"
    assert page.state["seat"] == 1
    wrong = Client(server)
    wrong.send({"type": "hello", "table": two["id"], "seat": 0, "me": key})       # not one of its seats
    assert wrong.until(lambda m: m["type"] in ("state", "error"))["code"] == "bad-token"
    # a seat re-invited by the host is no longer this person's
    server.post(f"/api/tables/{two['id']}/seats/1/invite", {"host": two["host"]})
    listed = server.post("/api/me/tables", {"key": key}).json()["tables"]
    assert [(t["table"], t["seat"]) for t in listed] == [(one["id"], 0)]
    # re-issued: the new key holds the seats, the old one is refused everywhere
    new = server.post("/api/me/reissue", {"key": key}).json()["key"]
    assert new != key
    assert server.post("/api/me/tables", {"key": key}).status_code == 403
    assert [t["table"] for t in server.post("/api/me/tables", {"key": new}).json()["tables"]] == [one["id"]]
    old = Client(server)
    old.send({"type": "hello", "table": one["id"], "seat": 0, "me": key})
    assert old.until(lambda m: m["type"] in ("state", "error"))["code"] == "bad-token"
    again = Client(server)
    again.send({"type": "hello", "table": one["id"], "seat": 0, "me": new})
    assert again.until(lambda m: m["type"] in ("state", "error"))["type"] == "state"
    for bad in ({"key": 5}, {"key": ""}, {}):
        assert server.post("/api/me/tables", bad).status_code == 400
