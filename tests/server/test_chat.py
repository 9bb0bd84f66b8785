"""Table chat against real servers: plain text (control characters never pass, markup stays text),
length and rate limited, spectators read-only unless the host allows, kept with the table across a
restart, and carried between two processes sharing PostgreSQL."""

from .helpers import Client, seat


def two_people(server):
    return server.create("spirit-link", options={"starting_hand": 3}, seed=5,
                         seats=[{"agent": None, "name": "Ann"}, {"agent": None}])


def welcome(client, table_id, s=None, token=None):
    client.send({"type": "hello", "table": table_id, "seat": s, "token": token})
    return client.until(lambda m: m["type"] in ("welcome", "error"))


def chat_of(client):
    return client.until(lambda m: m["type"] == "chat")["messages"]


def test_chat_is_plain_text_limited_and_kept_with_the_table(fresh_server, tmp_path):
    db = tmp_path / "chat.sqlite3"
    server = fresh_server(db=db)
    table = two_people(server)
    tid = table["id"]
    north, south, watcher = Client(server), Client(server), Client(server)
    welcome(north, *seat(table, 0))
    welcome(south, *seat(table, 1))
    assert welcome(watcher, tid)["chat"] == []

    north.send({"type": "chat", "text": "<b>hi</b>\x1b[31m red\nnext"})
    for page in (north, south, watcher):
        [m] = chat_of(page)
        assert m["text"] == "<b>hi</b> [31m red next" and m["who"] == "North (Ann)" and m["seat"] == 0
    assert "\x1b" not in m["text"]
    assert watcher.error({"type": "chat", "text": "me too"})["code"] == "spectator"
    assert north.error({"type": "chat", "text": "x" * 301})["code"] == "bad-field"
    assert north.error({"type": "chat", "text": " \x07 "})["code"] == "bad-field"
    assert north.error({"type": "chat", "text": 5})["code"] == "bad-field"
    r = server.post(f"/api/tables/{tid}/settings", {"host": "not it", "spectator_chat": True})
    assert r.status_code == 403
    r = server.post(f"/api/tables/{tid}/settings", {"host": table["host"], "spectator_chat": True})
    assert r.status_code == 200 and r.json()["spectator_chat"] is True
    watcher.send({"type": "chat", "text": "go South"})
    assert chat_of(south)[0]["who"] == "a spectator"
    codes = []
    for i in range(8):                     # a burst of 5, then one every 2 seconds
        south.send({"type": "chat", "text": f"spam {i}", "id": i})
    for _ in range(8):
        m = south.until(lambda m: m["type"] == "chat" or m["type"] == "error")
        codes.append("ok" if m["type"] == "chat" else m["code"])
    assert codes.count("ok") == 5 and codes.count("rate") == 3, codes

    server.kill()
    again = fresh_server(db=db)
    texts = [m["text"] for m in welcome(Client(again), tid)["chat"]]
    assert texts == ["<b>hi</b> [31m red next", "go South"] + [f"spam {i}" for i in range(5)]


def test_chat_reaches_pages_on_another_process(pg_servers):
    a, b = pg_servers(), pg_servers()
    table = two_people(a)
    north, south = Client(a), Client(b)
    welcome(north, *seat(table, 0))
    welcome(south, *seat(table, 1))
    south.send({"type": "chat", "text": "hello from B"})
    assert chat_of(north)[0]["text"] == "hello from B"
    assert chat_of(south)[0]["text"] == "hello from B"
    north.send({"type": "chat", "text": "and from A"})
    assert south.until(lambda m: m["type"] == "chat" and m["messages"][-1]["text"] == "and from A")
