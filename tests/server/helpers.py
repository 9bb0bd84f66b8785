"""Helpers for the server tests: a real `tabletome serve` process on a free loopback port with its
own SQLite file (or a PostgreSQL database, see postgres.py), the same app and uvicorn on a thread of
the test's own process (``ServerThread``: a test can reach into the server while it serves), and a
WebSocket client that keeps every message it receives."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import httpx
from websockets.sync.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """A server on 127.0.0.1:``port``, and the requests the tests make of it."""

    port: int | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def post(self, path, body=None, **kw):
        return httpx.post(self.url + path, json=body, timeout=30, **kw)

    def get(self, path, **kw):
        return httpx.get(self.url + path, timeout=30, **kw)

    def create(self, game, players=None, options=None, seats=None, seed=None) -> dict:
        body = {"game": game, "options": options or {}}
        if players is not None:
            body["players"] = players
        if seats is not None:
            body["seats"] = seats
        if seed is not None:
            body["seed"] = seed
        r = self.post("/api/tables", body)
        assert r.status_code == 200, r.text
        return r.json()


class ServerProcess(Served):
    """`tabletome serve` in a subprocess (the real uvicorn server, the real SQLite file)."""

    def __init__(self, db, *extra: str, log: Path | None = None):
        """``db``: a SQLite file, or a postgresql:// URL (then ``log`` names the server's log file)."""
        self.db = db if isinstance(db, str) and db.startswith("postgresql://") else Path(db)
        self.extra = list(extra)
        self.port = None
        self.proc = None
        self.log = Path(log) if log is not None else self.db.with_suffix(".log")

    def start(self, timeout: float = 60) -> "ServerProcess":
        self.port = free_port()
        cmd = [sys.executable, "-m", "tabletome.cli.main", "serve", "--port", str(self.port), "--db", str(self.db),
               "--ai-delay", "0", *self.extra]
        out = open(self.log, "a")
        self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout}s: {self.log.read_text()[-2000:]}")

    def pause(self) -> None:
        """SIGSTOP the server and its workers: alive (its connections open) but doing nothing."""
        os.killpg(self.proc.pid, signal.SIGSTOP)

    def kill(self) -> None:
        """SIGKILL the server and everything it started (its agents' worker processes)."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)     # any worker left behind
            except ProcessLookupError:
                pass


class ServerThread(Served):
    """``create_app`` served by a real uvicorn server (the settings ``tabletome serve`` uses) on a
    thread of this process: the test may reach into ``app.state.hub`` (its storage, its tables)
    while the server's event loop serves on its own thread."""

    def __init__(self, db, **options):
        import uvicorn

        from tabletome.server import UVICORN_SETTINGS, create_app

        self.app = create_app(str(db), **{"ai_delay": 0, **options})
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    proxy_headers=False, forwarded_allow_ips="", **UVICORN_SETTINGS))
        self.thread = threading.Thread(target=self.server.run, name="tabletome-test-server", daemon=True)

    def start(self, timeout: float = 60) -> "ServerThread":
        self.thread.start()
        deadline = time.time() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.time() > deadline:
                self.stop()
                raise RuntimeError("the server on a thread did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        if self.thread.is_alive():
            self.thread.join(30)

    def __enter__(self) -> "ServerThread":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class Client:
    """One page's WebSocket: send messages, wait for the ones we expect, keep them all."""

    def __init__(self, server: ServerProcess):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.ws = connect(server.ws_url, max_size=None, open_timeout=20)
        self.messages: list[dict] = []
        self.state: dict | None = None

    def send(self, message) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self, timeout: float = 20) -> dict:
        msg = json.loads(self.ws.recv(timeout=timeout))
        if msg.get("type") == "state":
            msg["view"] = self.view_of(msg)
            self.state = msg
        self.messages.append(msg)
        return msg

    def view_of(self, msg) -> dict:
        """The view a state carries: whole after a hello, else its diff applied to the previous
        state's view, as the page does (static/js/table.js). The diff stays in ``msg["diff"]``."""
        if "view" in msg:
            assert "diff" not in msg, msg
            return msg["view"]
        diff = msg["diff"]
        assert self.state is not None, "a diff arrived before any whole view"
        assert diff["base"] == self.state["step"], f"a diff against step {diff['base']}, but this page is at {self.state['step']}"
        old = self.state["view"]
        keys = diff.get("keys", list(old))
        assert set(diff["set"]) <= set(keys), "a diff sets a key the view does not have"
        return {k: diff["set"][k] if k in diff["set"] else old[k] for k in keys}

    def until(self, pred, timeout: float = 30) -> dict:
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError("the expected message did not come")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def drain(self, wait: float = 0.2) -> list[dict]:
        got = []
        try:
            while True:
                got.append(self.recv(wait))
        except TimeoutError:
            pass
        return got

    def hello(self, table, seat=None, token=None) -> dict:
        self.send({"type": "hello", "table": table, "seat": seat, "token": token})
        return self.until(lambda m: m["type"] in ("state", "error"))

    def error(self, message) -> dict:
        self.send(message)
        return self.until(lambda m: m["type"] == "error")

    def at_step(self, step, timeout: float = 30) -> dict:
        if self.state is not None and self.state["step"] >= step:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["step"] >= step, timeout)

    def close(self) -> None:
        self.ws.close()


def seat(table: dict, i: int) -> tuple:
    return table["id"], i, table["seats"][i]["token"]
