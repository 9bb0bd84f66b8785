"""The server's own work per move, without the network: the hub of `tabletome serve` (tables.py)
with a real SQLite file and pages that take their messages without sending them, printed as JSON.

    python benchmarks/server_hotpath.py [--moves 20000] [--tables 60]
    python benchmarks/server_hotpath.py --instructions [--tree OLD_TREE] [--tree .]

Sixty tables (Spirit Link, Bad Baby Lich Lords and Life Siphon in turn, two seats each, seeds 0,
1, ...) each have a page open on every seat. Every round, each table's seat to move makes a random
legal move (one `Random(1)` for all) through `Hub.handle`, exactly as a page's message is handled:
checked, applied to a copy, stored with the round's other moves in one transaction; then each page
is given its `state` message (views, diffs, encoding). A finished game is replaced by a new table.
What this leaves out is the transport (uvicorn, websockets, asyncio's sockets), which a bare
WebSocket echo pays as well (server_load.py `--echo`).

Prints the CPU per move (µs; this machine's noise applies). ``--instructions`` instead runs each
``--tree`` (default: this one) under valgrind's callgrind at 300 and 1,500 moves and prints the
instructions per move between them (the load does not change these counts: compare two trees
with them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
GAMES = [("spirit-link", 2), ("bad-baby-lich-lords", 2), ("life-siphon", 2)]
MAX_MOVES = 1_000_000


class QuietSocket:
    """A page's WebSocket that takes every message and sends it nowhere."""

    client = None        # (no address: a Starlette WebSocket's ``client``)

    async def send_text(self, text):
        pass


async def play(moves: int, tables: int) -> dict:
    from tabletome.server import tune_gc
    from tabletome.server.storage import open_storage
    from tabletome.server.tables import Hub

    folder = tempfile.mkdtemp(prefix="tabletome-hotpath-")
    hub = Hub(open_storage(os.path.join(folder, "tables.sqlite3")), ai_workers=1)
    await hub.start()
    rng = random.Random(1)
    made = [0]

    async def new_table():
        game, players = GAMES[made[0] % len(GAMES)]
        table, _, tokens = hub.create(game, players, {}, [{"agent": None, "name": ""}] * players, seed=made[0])
        made[0] += 1
        pages = []
        for seat in range(players):
            page = hub.connection(QuietSocket())
            await hub.hello(page, {"type": "hello", "table": table.id, "seat": seat, "token": tokens[seat]})
            page.outbox.clear()
            table.message_for(page)
            page.dirty = False
            pages.append(page)
        return [table, pages]

    live = [await new_table() for _ in range(tables)]
    tune_gc()
    done = 0
    cpu0 = time.process_time()
    while done < moves:
        batch = []
        for entry in live:
            table, pages = entry
            if table.over:
                for page in pages:
                    hub.leave(page)
                entry[:] = await new_table()
                continue
            seat = table.state.to_move
            action = rng.choice(table.state.legal_actions())
            batch.append(hub.handle(pages[seat], {"type": "move", "action": action.id, "step": table.step, "id": done}))
            done += 1
        await asyncio.gather(*batch)
        for table, pages in live:
            for page in pages:
                if page.outbox:
                    raise SystemExit(f"a move was refused: {page.outbox[0]}")
                if page.dirty:
                    page.dirty = False
                    table.message_for(page)
        await asyncio.sleep(0)          # the commit callbacks run
    cpu = time.process_time() - cpu0
    await hub.stop()
    return {"moves": done, "tables": tables, "cpu_us_per_move": round(1e6 * cpu / done, 1), "games_started": made[0]}


def instructions(tree: Path, tables: int) -> dict:
    """Instructions per move in ``tree`` (its ``src``), the difference of two callgrind runs."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    if not (tree / "src" / "tabletome").is_dir():
        raise SystemExit(f"--tree {tree}: not a tabletome source tree (no src/tabletome in it)")
    counts = {}
    for moves in (300, 1500):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            env = dict(os.environ, PYTHONPATH=str(tree / "src"), PYTHONHASHSEED="0")
            done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                                   str(HERE), "--moves", str(moves), "--tables", str(tables)],
                                  capture_output=True, text=True, env=env, timeout=3600)
            if done.returncode != 0:
                raise SystemExit(f"valgrind in {tree} failed:\n{done.stderr[-2000:]}")
            played = json.loads(done.stdout.strip().splitlines()[-1])["moves"]
            refs = re.search(r"refs:\s+([\d,]+)", done.stderr)
            counts[moves] = (played, int(refs.group(1).replace(",", "")))
    (m0, i0), (m1, i1) = counts[300], counts[1500]
    return {"tree": str(tree), "instructions_per_move": round((i1 - i0) / (m1 - m0)), "moves": [m0, m1]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=20_000, help="moves to play (default 20,000)")
    parser.add_argument("--tables", type=int, default=60, help="tables playing at once (default 60)")
    parser.add_argument("--instructions", action="store_true", help="count instructions per move with callgrind")
    parser.add_argument("--tree", action="append", type=Path, help="with --instructions: a tabletome source tree "
                                                                  "(repeat to compare; default: this one)")
    args = parser.parse_args(argv)
    if not 1 <= args.moves <= MAX_MOVES or not 1 <= args.tables <= 500:
        parser.error(f"--moves is 1 to {MAX_MOVES:,} and --tables 1 to 500")
    if args.instructions:
        for tree in args.tree or [HERE.parents[1]]:
            print(json.dumps(instructions(tree.resolve(), args.tables)), flush=True)
        return
    print(json.dumps(asyncio.run(play(args.moves, args.tables))), flush=True)


if __name__ == "__main__":
    main()
