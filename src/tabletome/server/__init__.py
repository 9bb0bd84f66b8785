"""``tabletome serve``: play every registered game in the browser, against people and agents.

- app.py: the ASGI app (FastAPI): pages, HTTP API, the WebSocket.
- tables.py: live tables (the true state, connections, agents thinking in workers).
- protocol.py: checking incoming messages, building what each seat may receive.
- storage.py: SQLite or PostgreSQL storage (the one module that knows the database).
- workers.py: agents and hints, run in worker processes in time slices, fair between tables.
- limits.py: the most an agent from a request may cost (``--max-agent-*``).
- static/: the front end (plain HTML, CSS and JavaScript modules; no build step).

docs/server.md describes the API and the message protocol.
"""

from .app import create_app
from .tables import EXPIRE_AFTER, MAX_LOADED, MAX_PAGES

__all__ = ["create_app", "serve"]

# no per-message deflate: compressing every state costs more CPU than it saves on a loopback or LAN
UVICORN_SETTINGS = dict(ws_max_size=65536, ws_per_message_deflate=False, lifespan="on")


def tune_gc() -> None:
    """Collect cycles less often than Python's default, as long-running servers do. Every move
    allocates copies, views and messages (thousands of small objects), so with the default (a
    young collection each 700 allocations, a full one over every live table's state after a
    hundred of those) the collector took up to a fifth of the server's CPU at 200 tables in a
    closed loop on a busy machine (benchmarks/server_load.py). What was loaded at start (code, card
    data) is frozen out of every collection; garbage in cycles waits a little longer, everything
    else is freed as before."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def default_db() -> str:
    import os
    from pathlib import Path

    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return str(base / "tabletome" / "tables.sqlite3")


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, ai_workers: int = 1,
          ai_delay: float = 0.3, rate: float = 30.0, log_level: str = "warning", limits=None,
          cleanup_after: float = 3600.0, max_loaded: int = MAX_LOADED, creations=None,
          expire_after: float = EXPIRE_AFTER, forwarded_allow_ips: str | None = None,
          max_pages: int = MAX_PAGES) -> None:
    """Run the server until interrupted. ``limits``: the ``AgentLimits`` of agents from requests;
    ``creations``: the ``CreationLimit`` of each client address; ``forwarded_allow_ips``: the
    proxies (addresses or networks, comma-separated) whose X-Forwarded-For names the client
    (None: no proxy is trusted, the client is whoever connects)."""
    import uvicorn

    from .app import warm_pool
    from .storage import shown_db

    db = db or default_db()
    app = create_app(db, ai_workers=ai_workers, ai_delay=ai_delay, rate=rate, burst=max(2 * int(rate), 1),
                     limits=limits, cleanup_after=cleanup_after, max_loaded=max_loaded, creations=creations,
                     expire_after=expire_after, max_pages=max_pages)
    shown_host = f"[{host}]" if ":" in host else host
    print(f"tabletome: serving on http://{shown_host}:{port}/  (tables stored in {shown_db(db)}; Ctrl-C stops)", flush=True)
    warm_pool(app)
    tune_gc()
    # uvicorn by default believes X-Forwarded-For from 127.0.0.1: any client of a proxy on this
    # machine that passes the header on could then name its own address. Here only the proxies
    # the operator names are believed.
    uvicorn.run(app, host=host, port=port, log_level=log_level, proxy_headers=bool(forwarded_allow_ips),
                forwarded_allow_ips=forwarded_allow_ips or "", **UVICORN_SETTINGS)
