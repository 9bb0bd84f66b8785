"""Server load: N tables of people playing random moves over WebSockets against a real server.

    python benchmarks/server_load.py                     # 20 and 200 tables, paced and closed loop
    python benchmarks/server_load.py --tables 200 --mode paced --rate 550 --seconds 10
    python benchmarks/server_load.py --tables 200 --mode closed --profile server.prof
    python benchmarks/server_load.py --tables 200 --mode closed --echo --rounds 3 --storage postgres

Starts `tabletome serve` on a free loopback port with a fresh SQLite file for each run (or, with
`--storage postgres`, a fresh database in a throwaway PostgreSQL cluster the benchmark starts the
way the tests do: tests/server/postgres.py, fsync off), and opens
one WebSocket per seat for each table (loopback only; at most 500 tables and 120 s a run). The
load generator is spread over `--procs` processes (default 3), each playing its share of the
tables in one asyncio loop. Every seat answers each state in which it is to move with a random
legal move and times it until the state carrying its acknowledgement arrives (the move is
committed to SQLite before that state is sent). A finished game starts a new table. No agent
sits anywhere, so no move wakes an AI.

Two load models (`--mode`, default both):

- **paced** (people who think): after receiving a state in which it is to move, a seat thinks
  for a random time, exponentially distributed with mean `tables / rate` seconds, then sends its
  move. With a server that answered instantly the tables would offer `--rate` moves/s in all
  (default 550); what they achieve is that rate less the time the moves spend in flight.
- **closed** (no thinking): each seat sends its move the moment it is to move, so every table
  always has one move in flight. This is the server's maximum throughput; by Little's law its
  latency is about tables / throughput, whatever the server.

**The echo reference** (`--echo`): benchmarks/_echo.py, a bare FastAPI WebSocket app under the
same uvicorn settings that speaks the same protocol shape (creates tables, seats two WebSockets per
table, answers each move at the table's step with a state of about a real one's size to both seats,
acknowledging the mover) but plays no game and stores nothing: the least a server speaking this
protocol costs on this machine. With `--echo` each round runs the server and the echo one after the
other (the order alternating between rounds; `--rounds`, default 1), and after the rounds of each
table count and mode one more JSON object, `"summary": true`, gives the medians of both and
`ratio`, the server's median moves/s over the echo's, with `ratio_ci95`, a 95% bootstrap interval
of it over the rounds (how far this machine's noise leaves the ratio uncertain).

Prints one JSON object per run (`"target"`: `server` or `echo`; `"storage"`): the load model, committed moves/s, p50/p90/p99 move latency in
milliseconds, the CPU the server and the load generator used in the measured window (in cores),
and the machine's load average. The load generator decodes only the fields it needs (step,
to_move, legal, ack; msgspec skips the view). `--profile FILE` runs the server under cProfile
for the measured window only and prints its top functions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

MAX_TABLES = 500
MAX_SECONDS = 120
MAX_PROCS = 8
GAMES = [("spirit-link", 2, {}), ("bad-baby-lich-lords", 2, {}), ("life-siphon", 2, {})]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(proc, url: str, what: str) -> None:
    import httpx

    for _ in range(300):
        if proc.poll() is not None:
            raise SystemExit(f"{what} exited with {proc.returncode} before answering")
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit(f"{what} did not start")


def start_echo():
    """The echo reference (benchmarks/_echo.py) on a free loopback port."""
    port = free_port()
    cmd = [sys.executable, str(Path(__file__).with_name("_echo.py")), "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(proc, url, "the echo reference")
    return proc, url


def stop(proc) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)      # the agents' worker, if left behind
    except ProcessLookupError:
        pass


def postgres_cluster():
    """A throwaway PostgreSQL cluster, started as the tests start theirs (tests/server/postgres.py)."""
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)
    from tests.server.postgres import PostgresCluster

    return PostgresCluster().start()


def cluster_cpu_seconds(cluster) -> float:
    """CPU seconds of a PostgreSQL cluster: its postmaster (with its reaped backends) and every
    live child of it."""
    if cluster is None:
        return 0.0
    postmaster = int((cluster.dir / "data" / "postmaster.pid").read_text().split()[0])
    total = cpu_seconds(postmaster)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == postmaster:
                total += sum(int(x) for x in fields[11:13]) / os.sysconf("SC_CLK_TCK")
    return total


def start_server(db: str, profile: str | None, server_src: str | None = None):
    port = free_port()
    env = dict(os.environ)
    if server_src:              # another tabletome source tree (an older commit, to compare)
        env["PYTHONPATH"] = str(Path(server_src).resolve() / "src") + os.pathsep + env.get("PYTHONPATH", "")
    if profile:
        cmd = [sys.executable, str(Path(__file__).with_name("_serve.py"))]
        env["TABLETOME_PROFILE"] = profile
    else:
        cmd = [sys.executable, "-m", "tabletome.cli.main"]
    cmd += ["serve", "--port", str(port), "--db", str(db), "--ai-delay", "0", "--rate", "10000"]
    tree = Path(server_src).resolve() if server_src else Path(__file__).resolve().parents[1]
    if "--max-creations-per-hour" in (tree / "src" / "tabletome" / "cli" / "main.py").read_text():
        cmd += ["--max-creations-per-hour", str(10**9),     # every table and page comes from this one address
                "--max-pages-per-client", str(10**9)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, env=env)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(proc, url, "the server")
    return proc, url


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its reaped children, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


# --- one load generator process ------------------------------------------------------------------
class Legal(msgspec.Struct):
    id: int
    text: str


class State(msgspec.Struct):
    """The fields of a server message the load generator needs (msgspec skips the rest)."""
    type: str
    step: int | None = None
    to_move: int | None = None
    over: bool = False
    legal: list[Legal] = []
    ack: object = None


def worker(index, table_ids, url, think_mean, pipe):
    """Play the tables ``table_ids``; report 'ready' when all are seated, measure between the
    wall-clock times the parent sends, then send back the measurements."""
    asyncio.run(_worker(index, table_ids, url, think_mean, pipe))


async def _worker(index, table_ids, url, think_mean, pipe):
    import httpx
    import websockets

    decode = msgspec.json.Decoder(State).decode
    window = [float("inf"), float("inf")]          # measure moves acknowledged inside [t0, t1)
    stats = {"moves": 0, "games": 0, "errors": 0, "latency": []}
    stop = asyncio.Event()
    playing = asyncio.Event()
    seated = [0]
    seated_tables = set()
    all_seated = asyncio.Event()
    ws_url = url.replace("http", "ws") + "/ws"

    async def seat_loop(ws, seat, rng, first):
        pending = None
        async for raw in ws:
            msg = decode(raw)
            if msg.type == "error":
                stats["errors"] += 1
                pending = None
                continue
            if msg.type != "state":
                continue
            if first is not None:
                first.set()
                first = None
            if pending is not None and msg.ack == pending[0]:
                now = time.perf_counter()
                if window[0] <= time.time() < window[1]:
                    stats["latency"].append(now - pending[1])
                    stats["moves"] += 1
                pending = None
            if msg.over or stop.is_set():
                return
            if msg.to_move == seat and msg.legal and pending is None:
                if not playing.is_set():       # every table is seated before any plays
                    await playing.wait()
                if think_mean:
                    await asyncio.sleep(rng.expovariate(1 / think_mean))
                    if stop.is_set():
                        return
                action = rng.choice(msg.legal)
                pending = (msg.step, time.perf_counter())
                await ws.send(json.dumps({"type": "move", "action": action.id, "step": msg.step, "id": msg.step}))

    async def table_loop(i, client):
        while not stop.is_set():
            try:
                await play_tables(i, client)
            except Exception as exc:          # a refused connection, say: report it, count it, go on
                stats["errors"] += 1
                print(f"load generator {index}, table {i}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
                await asyncio.sleep(0.5)

    async def play_tables(i, client):
        rng = random.Random(i)
        while not stop.is_set():
            game, players, options = GAMES[i % len(GAMES)]
            r = await client.post(url + "/api/tables", json={"game": game, "players": players, "options": options,
                                                              "seats": [{"agent": None}] * players})
            table = r.json()
            conns = [await websockets.connect(ws_url, max_size=None, compression=None, open_timeout=120,
                                              ping_interval=None) for _ in range(players)]
            try:
                firsts = [asyncio.Event() for _ in conns]
                for s, ws in enumerate(conns):
                    await ws.send(json.dumps({"type": "hello", "table": table["id"], "seat": s,
                                              "token": table["seats"][s]["token"]}))
                loops = asyncio.gather(*(seat_loop(ws, s, rng, firsts[s]) for s, ws in enumerate(conns)))
                if i not in seated_tables:
                    await asyncio.gather(*(f.wait() for f in firsts))
                    seated_tables.add(i)
                    seated[0] += 1
                    if seated[0] == len(table_ids):
                        all_seated.set()
                await loops
                if window[0] <= time.time() < window[1]:
                    stats["games"] += 1
            finally:
                for ws in conns:
                    await ws.close()

    loop = asyncio.get_running_loop()
    async with httpx.AsyncClient(timeout=120, limits=httpx.Limits(max_connections=20)) as client:
        tasks = [asyncio.create_task(table_loop(i, client)) for i in table_ids]
        await all_seated.wait()
        pipe.send("ready")
        t0, t1 = await loop.run_in_executor(None, pipe.recv)
        playing.set()
        window[:] = [t0, t1]
        await asyncio.sleep(max(0.0, t0 - time.time()))
        cpu0 = time.process_time()
        await asyncio.sleep(max(0.0, t1 - time.time()))
        cpu = time.process_time() - cpu0
        stop.set()
        await asyncio.wait(tasks, timeout=10)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    pipe.send({"moves": stats["moves"], "games": stats["games"], "errors": stats["errors"],
               "latency": stats["latency"], "cpu": cpu})


# --- one run ----------------------------------------------------------------------------------------
def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(url, server_pid, tables, seconds, mode, rate, procs, profile, cluster=None):
    think = tables / rate if mode == "paced" else 0.0
    ctx = mp.get_context("spawn")
    procs = max(1, min(procs, tables))
    pipes, children = [], []
    for w in range(procs):
        parent, child = ctx.Pipe()
        p = ctx.Process(target=worker, args=(w, list(range(w, tables, procs)), url, think, child), daemon=True)
        p.start()
        pipes.append(parent)
        children.append(p)
    try:
        deadline = time.time() + 300
        for pipe, p in zip(pipes, children):
            while not pipe.poll(0.5):
                if not p.is_alive() or time.time() > deadline:
                    raise SystemExit("a load generator process failed to seat its tables within 300 s")
            assert pipe.recv() == "ready"
        t0 = time.time() + 2.0                      # play starts now; measure after 2 s
        t1 = t0 + seconds
        for pipe in pipes:
            pipe.send((t0, t1))
        time.sleep(max(0.0, t0 - time.time()))
        load0, cpu0, db0 = os.getloadavg()[0], cpu_seconds(server_pid), cluster_cpu_seconds(cluster)
        if profile:
            os.kill(server_pid, signal.SIGUSR1)
        time.sleep(max(0.0, t1 - time.time()))
        server_cpu = cpu_seconds(server_pid) - cpu0
        db_cpu = cluster_cpu_seconds(cluster) - db0
        if profile:
            os.kill(server_pid, signal.SIGUSR2)
        load1 = os.getloadavg()[0]
        results = [pipe.recv() if pipe.poll(60) else None for pipe in pipes]
    finally:
        for p in children:
            p.join(15)
            if p.is_alive():
                p.kill()
    if any(r is None for r in results):
        raise SystemExit("a load generator process did not report")
    latency = [x for r in results for x in r["latency"]]
    moves = sum(r["moves"] for r in results)
    out = {"tables": tables, "connections": 2 * tables, "mode": mode,
           "model": (f"each seat thinks Exp(mean {1000 * think:.0f} ms) after a state before its move: "
                     f"{tables} tables offer {rate:g} moves/s with zero latency") if mode == "paced"
           else "closed loop: each seat moves the moment it is to move (one move in flight per table)",
           "offered_moves_per_s": rate if mode == "paced" else None,
           "seconds": seconds, "committed_moves": moves, "moves_per_s": round(moves / seconds, 1),
           "p50_ms": round(1000 * percentile(latency, 0.5), 2) if latency else None,
           "p90_ms": round(1000 * percentile(latency, 0.9), 2) if latency else None,
           "p99_ms": round(1000 * percentile(latency, 0.99), 2) if latency else None,
           "games_finished": sum(r["games"] for r in results), "errors": sum(r["errors"] for r in results),
           "server_cores": round(server_cpu / seconds, 2),
           "server_cpu_ms_per_move": round(1000 * server_cpu / moves, 3) if moves else None,
           "loadgen_cpu_ms_per_move": round(1000 * sum(r["cpu"] for r in results) / moves, 3) if moves else None,
           "loadgen_cores": round(sum(r["cpu"] for r in results) / seconds, 2), "loadgen_procs": procs,
           "load_avg_1min": [round(load0, 2), round(load1, 2)], "cpus": os.cpu_count()}
    if cluster is not None:
        out["database_cores"] = round(db_cpu / seconds, 2)
        out["database_cpu_ms_per_move"] = round(1000 * db_cpu / moves, 3) if moves else None
    return out


def median(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


def rounded(value, digits):
    return None if value is None else round(value, digits)


def summary(runs: list[dict]) -> dict:
    """The medians of the server's and the echo's runs at one table count and mode, and their ratio."""
    out = {"summary": True, "tables": runs[0]["tables"], "mode": runs[0]["mode"],
           "storage": next(r["storage"] for r in runs if r["target"] == "server"),
           "rounds": sum(r["target"] == "server" for r in runs)}
    for target in ("server", "echo"):
        mine = [r for r in runs if r["target"] == target]
        out[f"{target}_moves_per_s"] = [r["moves_per_s"] for r in mine]
        out[f"{target}_moves_per_s_median"] = rounded(median(r["moves_per_s"] for r in mine), 1)
        out[f"{target}_cpu_ms_per_move_median"] = rounded(median(r["server_cpu_ms_per_move"] for r in mine), 3)
    if any("database_cpu_ms_per_move" in r for r in runs):
        out["database_cpu_ms_per_move_median"] = rounded(median(r.get("database_cpu_ms_per_move")
                                                                for r in runs if r["target"] == "server"), 3)
    s, e = out["server_moves_per_s_median"], out["echo_moves_per_s_median"]
    out["ratio"] = round(s / e, 3) if s and e else None
    pairs = list(zip([r["moves_per_s"] for r in runs if r["target"] == "server"],
                     [r["moves_per_s"] for r in runs if r["target"] == "echo"]))
    out["ratios_by_round"] = [round(a / b, 3) if b else None for a, b in pairs]
    out["ratio_ci95"] = ratio_interval(pairs) if out["ratio"] is not None else None
    return out


def ratio_interval(pairs: list[tuple], resamples: int = 2000) -> list[float]:
    """A 95% percentile-bootstrap interval of ``ratio`` (median server moves/s over median echo
    moves/s): the rounds are drawn again with replacement, a round's server and echo runs
    together (they ran side by side); a fixed seed, so the same runs give the same interval."""
    rng = random.Random(0)
    n = len(pairs)
    ratios = []
    for _ in range(resamples):
        drawn = [pairs[rng.randrange(n)] for _ in range(n)]
        e = median(b for _, b in drawn)
        ratios.append(median(a for a, _ in drawn) / e if e else float("inf"))
    ratios.sort()
    return [round(ratios[int(0.025 * resamples)], 3), round(ratios[int(0.975 * resamples) - 1], 3)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, action="append", help="table counts (default: 20 and 200)")
    parser.add_argument("--mode", choices=["paced", "closed"], action="append",
                        help="load model (default: both, paced first)")
    parser.add_argument("--rate", type=float, default=550, help="moves/s the paced tables offer in all (default 550)")
    parser.add_argument("--seconds", type=float, default=12, help="measured seconds per run (default 12)")
    parser.add_argument("--procs", type=int, default=3, help="load generator processes (default 3)")
    parser.add_argument("--server-src", metavar="DIR", help="run the server from this tabletome source tree "
                                                            "(e.g. an older commit, to compare in one run)")
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile in the measured window, "
                                                          "save to FILE, print the top")
    parser.add_argument("--storage", choices=["sqlite", "postgres"], default="sqlite",
                        help="the server's storage: a fresh SQLite file (default) or a fresh database in a "
                             "throwaway PostgreSQL cluster, for each run")
    parser.add_argument("--echo", action="store_true",
                        help="also measure the echo reference (benchmarks/_echo.py), alternating with the server")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each (server, and echo) per table count "
                                                              "and mode, alternating (default 1, at most 20)")
    args = parser.parse_args(argv)
    counts = args.tables or [20, 200]
    modes = args.mode or ["paced", "closed"]
    if any(n < 1 or n > MAX_TABLES for n in counts) or not 0 < args.seconds <= MAX_SECONDS:
        raise SystemExit(f"tables 1 to {MAX_TABLES}, seconds up to {MAX_SECONDS}")
    if not 1 <= args.procs <= MAX_PROCS or args.rate <= 0:
        raise SystemExit(f"procs 1 to {MAX_PROCS}, rate above 0")
    if not 1 <= args.rounds <= 20:
        raise SystemExit("rounds 1 to 20")
    cluster = postgres_cluster() if args.storage == "postgres" else None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for n in counts:
                for mode in modes:
                    runs = []
                    for r in range(args.rounds):
                        targets = ["server", "echo"] if args.echo else ["server"]
                        if r % 2:
                            targets.reverse()
                        for target in targets:
                            result = one_run(args, target, n, mode, cluster, Path(tmp) / f"load-{n}-{mode}-{r}.sqlite3")
                            runs.append(result)
                            print(json.dumps(result), flush=True)
                    if args.echo:
                        print(json.dumps(summary(runs)), flush=True)
    finally:
        if cluster is not None:
            cluster.stop()


def one_run(args, target, n, mode, cluster, sqlite_file: Path) -> dict:
    profile = args.profile if target == "server" else None
    if profile:
        Path(profile).unlink(missing_ok=True)
    if target == "echo":
        proc, url = start_echo()
    else:
        db = cluster.new_database() if cluster is not None else str(sqlite_file)
        proc, url = start_server(db, profile, args.server_src)
    try:
        result = run(url, proc.pid, n, args.seconds, mode, args.rate, args.procs, profile,
                     cluster if target == "server" else None)
    finally:
        stop(proc)
    result["target"] = target
    result["storage"] = args.storage if target == "server" else None
    result["server_src"] = (args.server_src or "this tree") if target == "server" else "benchmarks/_echo.py"
    if profile:
        import pstats
        for _ in range(50):
            if Path(profile).exists():
                break
            time.sleep(0.1)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
    return result


if __name__ == "__main__":
    main()
