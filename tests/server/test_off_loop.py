"""Reading a table from the storage and replaying it, for an HTTP request or a page's hello,
happens off the event loop: while one request waits for its table, the server answers every other. Against a real
uvicorn server on a thread of the test's process (``thread_server``), whose storage the test holds
up at will: no timing is measured, a timeout only turns a hang into a failure."""

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from .helpers import Client

WAIT = 30         # seconds before a test that would hang fails instead


def requests_of(table: dict, key: str) -> dict:
    """Each request that reads a table not loaded yet: (method, path, body)."""
    ticket = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    return {
        "lookup": ("post", "/api/lookup", {"tickets": [ticket]}),
        "my-tables": ("post", "/api/me/tables", {"key": key}),
        "table-info": ("get", f"/api/tables/{table['id']}", None),
        "lobby": ("get", "/api/lobby", None),
        "hello": ("ws", table["id"], ticket),
    }


class Hello:
    """What a page's hello is answered: the state's step and view (as ``.json()``, like an HTTP answer)."""

    status_code = 200

    def __init__(self, server, table_id, ticket):
        page = Client(server)
        try:
            self.state = page.hello(table_id, ticket["seat"], ticket["token"])
        finally:
            page.close()
        assert self.state["type"] == "state", self.state
        self.text = json.dumps(self.state)

    def json(self):
        return {"type": self.state["type"], "step": self.state.get("step"), "view": self.state.get("view")}


def ask(server, request):
    method, path, body = request
    if method == "ws":
        return Hello(server, path, body)
    return server.post(path, body) if method == "post" else server.get(path)


@pytest.mark.parametrize("name", ["lookup", "my-tables", "table-info", "lobby", "hello"])
def test_a_request_waiting_for_its_table_to_load_holds_up_no_other(thread_server, tmp_path, monkeypatch, name):
    """A table stored by a first server is read by a second (as after a restart) for a request;
    the read waits on an event the test sets. Meanwhile the server answers another request; once
    the read goes on, the first request gets what the first server answered."""
    db = tmp_path / "tables.sqlite3"
    first = thread_server(db)
    r = first.post("/api/tables", {"game": "spirit-link", "public": True,
                                   "seats": [{"agent": None, "name": "Ann"}, {"agent": None, "open": True}]})
    assert r.status_code == 200, r.text
    table = r.json()
    key = first.post("/api/me", {}).json()["key"]
    ticket = {"table": table["id"], "seat": 0, "token": table["seats"][0]["token"]}
    assert first.post("/api/me/seats", {"key": key, "tickets": [ticket]}).json() == {"added": 1, "refused": 0}
    request = requests_of(table, key)[name]
    expected = ask(first, request)
    assert expected.status_code == 200 and table["id"] in expected.text, expected.text
    first.stop()

    server = thread_server(db)
    hub = server.app.state.hub
    assert table["id"] not in hub.tables           # (read from the storage on first use)
    reading, release = threading.Event(), threading.Event()
    load_table = hub.storage.load_table

    def held(table_id):
        reading.set()
        if not release.wait(3 * WAIT):             # (the test lets it go before, pass or fail)
            raise RuntimeError("the test never let the table be read")
        return load_table(table_id)

    monkeypatch.setattr(hub.storage, "load_table", held)
    with ThreadPoolExecutor(1) as pool:
        try:
            answer = pool.submit(ask, server, request)
            assert reading.wait(WAIT), "the request never read its table"
            try:
                other = httpx.get(server.url + "/api/games", timeout=WAIT)
            except httpx.TimeoutException:
                pytest.fail(f"{name}: the server answered nothing else while the request's table was read "
                            "(its event loop waited for the read)")
            assert other.status_code == 200 and "spirit-link" in other.text
            assert not answer.done()                  # (its table is still being read)
        finally:
            release.set()
        got = answer.result(WAIT)
    assert got.status_code == 200, got.text
    assert got.json() == expected.json()
    assert table["id"] in hub.tables


def test_a_table_changed_while_a_request_reads_it_is_read_again(tmp_path):
    """``Hub.aget`` reads a table in a worker thread while the event loop plays on: a copy read
    before the table changed is not kept. Here the copy is read, then, before it is kept, another
    request loads the table, the host vacates seat 0 and the table is let go; the request then
    gets the table as it is now (seat 0 vacated: the old token opens nothing). A table deleted
    meanwhile (not loaded here) is not brought back."""
    import asyncio

    from tabletome.server.storage import open_storage
    from tabletome.server.tables import Hub

    async def run():
        storage = open_storage(str(tmp_path / "tables.sqlite3"))
        hub = Hub(storage, ai_delay=0)
        await hub.start()
        try:
            people = [{"agent": None}, {"agent": None}]
            table, host, _ = hub.create("spirit-link", 2, {}, people, seed=0)
            gone, _, _ = hub.create("spirit-link", 2, {}, people, seed=1)
            hub.tables.clear()                         # (both let go: read from the storage on first use)
            read, release = threading.Event(), threading.Event()
            load_table = storage.load_table
            held = {table.id, gone.id}

            def stale(table_id):
                row = load_table(table_id)
                if table_id in held:                   # the request's read: the row as it was, kept back
                    held.discard(table_id)
                    read.set()
                    assert release.wait(WAIT)
                return row

            storage.load_table = stale
            asking = asyncio.get_running_loop().create_task(hub.aget(table.id))
            assert await asyncio.to_thread(read.wait, WAIT)
            other = hub.get(table.id)                  # another request, meanwhile
            hub.vacate(other, 0, host)
            del hub.tables[table.id]                   # let go, as _let_go does an idle table
            release.set()
            got = await asyncio.wait_for(asking, WAIT)
            assert got.row.seats[0].token_hash is None and hub.tables[table.id] is got

            read.clear()
            release.clear()
            asking = asyncio.get_running_loop().create_task(hub.aget(gone.id))
            assert await asyncio.to_thread(read.wait, WAIT)
            storage.delete_table(gone.id)              # as _tidy deletes a table nobody is at
            hub._forget(gone.id)
            release.set()
            assert await asyncio.wait_for(asking, WAIT) is None and gone.id not in hub.tables
        finally:
            release.set()
            await hub.stop()
            storage.close()

    asyncio.run(run())
