"""Server load: N tables of people playing random moves over WebSockets against a real server.

    python benchmarks/server_load.py                     # 20 and 200 tables, 15 s each
    python benchmarks/server_load.py --tables 50 --seconds 5 --profile server.prof

Starts `tabletome serve` on a free loopback port with a fresh SQLite file, opens one WebSocket per
seat for each table (loopback only; at most 500 tables and 120 s a run), and plays random legal
moves as fast as the acknowledgements come back: each seat sends its move when the table says it
is to move and times it until the state carrying its acknowledgement arrives (the move is
committed to SQLite before that). A finished game starts a new table. No agent sits anywhere, so
no move wakes an AI. Prints one JSON object per table count: committed moves/s and p50/p99 move
latency in milliseconds. `--profile FILE` runs the server under cProfile and prints its top
functions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

MAX_TABLES = 500
MAX_SECONDS = 120
GAMES = [("spirit-link", 2, {}), ("bad-baby-lich-lords", 2, {}), ("life-siphon", 2, {})]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, profile: str | None):
    port = free_port()
    cmd = [sys.executable]
    if profile:
        cmd += ["-m", "cProfile", "-o", profile]
        cmd += [str(Path(__file__).with_name("_serve.py"))]
    else:
        cmd += ["-m", "tabletome.cli.main"]
    cmd += ["serve", "--port", str(port), "--db", str(db), "--ai-delay", "0", "--rate", "10000"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def seat_loop(ws, seat, stats, stop, rng):
    """Answer every state where this seat is to move with a random legal move; time each."""
    pending = None
    async for raw in ws:
        msg = json.loads(raw)
        if msg.get("type") == "error":
            stats["errors"] += 1
            pending = None
        if msg.get("type") != "state":
            continue
        if pending is not None and msg.get("ack") == pending[0]:
            stats["latency"].append(time.perf_counter() - pending[1])
            stats["moves"] += 1
            pending = None
        if msg["over"]:
            return
        if stop.is_set():
            return
        if msg["to_move"] == seat and msg["legal"] and pending is None:
            action = rng.choice(msg["legal"])
            pending = (msg["step"], time.perf_counter())
            await ws.send(json.dumps({"type": "move", "action": action["id"], "step": msg["step"], "id": msg["step"]}))


async def table_loop(i, url, stats, stop, client):
    rng = random.Random(i)
    ws_url = url.replace("http", "ws") + "/ws"
    while not stop.is_set():
        game, players, options = GAMES[i % len(GAMES)]
        r = await client.post(url + "/api/tables", json={"game": game, "players": players, "options": options,
                                                          "seats": [{"agent": None}] * players})
        table = r.json()
        conns = [await websockets.connect(ws_url, max_size=None) for _ in range(players)]
        try:
            for s, ws in enumerate(conns):
                await ws.send(json.dumps({"type": "hello", "table": table["id"], "seat": s,
                                          "token": table["seats"][s]["token"]}))
            await asyncio.gather(*(seat_loop(ws, s, stats, stop, rng) for s, ws in enumerate(conns)))
            stats["games"] += 1
        finally:
            for ws in conns:
                await ws.close()


def percentile(values, q):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def run(url, tables, seconds):
    stats = {"moves": 0, "games": 0, "errors": 0, "latency": []}
    stop = asyncio.Event()
    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=50)) as client:
        tasks = [asyncio.create_task(table_loop(i, url, stats, stop, client)) for i in range(tables)]
        await asyncio.sleep(2)                      # let every table connect before measuring
        stats.update(moves=0, games=0, latency=[])
        t0 = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - t0
        measured = dict(stats, latency=list(stats["latency"]))
        stop.set()
        await asyncio.wait(tasks, timeout=20)
        for t in tasks:
            t.cancel()
    lat = measured["latency"]
    return {"tables": tables, "connections": tables * 2, "seconds": round(elapsed, 2),
            "committed_moves": measured["moves"], "moves_per_s": round(measured["moves"] / elapsed, 1),
            "p50_ms": round(1000 * percentile(lat, 0.5), 2) if lat else None,
            "p99_ms": round(1000 * percentile(lat, 0.99), 2) if lat else None,
            "games_finished": measured["games"], "errors": measured["errors"]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, action="append", help="table counts (default: 20 and 200)")
    parser.add_argument("--seconds", type=float, default=15, help="measured seconds per table count (default 15)")
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile, save to FILE, print the top")
    args = parser.parse_args(argv)
    counts = args.tables or [20, 200]
    if any(n < 1 or n > MAX_TABLES for n in counts) or not 0 < args.seconds <= MAX_SECONDS:
        raise SystemExit(f"tables 1 to {MAX_TABLES}, seconds up to {MAX_SECONDS}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in counts:
            proc, url = start_server(Path(tmp) / f"load-{n}.sqlite3", args.profile)
            try:
                result = asyncio.run(run(url, n, args.seconds))
                result["cpus"] = os.cpu_count()
                print(json.dumps(result), flush=True)
            finally:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
            if args.profile:
                import pstats
                pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
