"""The ASGI app: the web pages, the HTTP API and the WebSocket, on FastAPI.

    from tabletome.server import create_app
    app = create_app("tables.sqlite3")            # or "postgresql://user@host/db"

HTTP (JSON): the games and their options, creating tables, re-inviting or vacating a seat, looking
up the tables a browser sits at, downloading a finished table's record, uploading a record to
watch, and stepping through a finished game. WebSocket ``/ws``: live play (protocol.py).
docs/server.md describes every route and message.
"""

from __future__ import annotations

import asyncio
import functools
import html
import itertools
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

import tabletome
from tabletome import IllegalAction
from tabletome.core.records import check_record
from tabletome.core.rng import check_seed
from tabletome.core.text import shown

from . import learn
from .limits import AgentLimits, CreationLimit
from .protocol import TABLE_ID, BadMessage, TooMany, parse_message, unicode_ok
from .storage import open_storage, token_hash
from .tables import CLOSE_RATE, EXPIRE_AFTER, MAX_LOADED, MAX_PAGES, RULE_SEAT, Hub, encode

STATIC = Path(__file__).with_name("static")
MAX_BODY = 2_000_000          # bytes: the largest record an upload may carry
MAX_NAME = 24
MAX_TICKETS = 200
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}

log = logging.getLogger("tabletome.server")

MISSING_TABLE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such table — tabletome</title><link rel="stylesheet" href="/static/style.css"></head>
<body class="start"><main class="start-main"><section class="panel">
<h1>No such table</h1>
<p id="missing" class="error">There is no table {id} on this server: the table does not exist. Check the link.</p>
<p><a href="/">Start a new table</a></p>
</section></main></body></html>
"""


class SecurityHeaders:
    """Plain ASGI middleware adding SECURITY_HEADERS to every HTTP response (cheaper than
    Starlette's BaseHTTPMiddleware, and it leaves WebSockets alone)."""

    def __init__(self, app):
        self.app = app
        self.extra = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + self.extra
            await send(message)

        return await self.app(scope, receive, send_with_headers)


MAX_COMBINATIONS = 20_000    # option combinations tried per game for the start page's form


@functools.cache
def combinations(game_id: str):
    """Every player count and option values the game accepts together, as ``[players, value of
    each option in game.options order]`` lists (the start page offers only these), or None for a
    game with more than MAX_COMBINATIONS (its form offers every value; creating a table refuses)."""
    game = tabletome.game(game_id)
    names = list(game.options)
    total = len(game.player_counts)
    for values in game.options.values():
        total *= len(values)
    if total > MAX_COMBINATIONS:
        return None
    out = []
    for players in game.player_counts:
        for values in itertools.product(*game.options.values()):
            try:
                game.resolve_options(players, dict(zip(names, values)))
            except IllegalAction:
                continue
            out.append([players, *values])
    return out


def client_of(request: Request) -> str | None:
    """The client's address as uvicorn gives it: the proxy's word for it only from a proxy
    ``tabletome serve --forwarded-allow-ips`` trusts."""
    return request.client.host if request.client else None


class Refused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def create_app(db: str | Path, ai_workers: int = 1, ai_delay: float = 0.3, rate: float = 30.0,
               burst: int = 60, limits: AgentLimits | None = None, cleanup_after: float = 3600.0,
               max_loaded: int = MAX_LOADED, creations: CreationLimit | None = None,
               expire_after: float = EXPIRE_AFTER, max_pages: int = MAX_PAGES) -> FastAPI:
    storage = open_storage(db)
    hub = Hub(storage, ai_workers=ai_workers, ai_delay=ai_delay, rate=rate, burst=burst, limits=limits,
              cleanup_after=cleanup_after, max_loaded=max_loaded, creations=creations, expire_after=expire_after,
              max_pages=max_pages)

    @asynccontextmanager
    async def lifespan(app):
        await hub.start()
        yield
        await hub.stop()
        storage.close()

    app = FastAPI(title="tabletome", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub

    app.add_middleware(SecurityHeaders)

    @app.exception_handler(Refused)
    async def refused(request, exc: Refused):
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(IllegalAction)
    async def illegal(request, exc: IllegalAction):
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def invalid(request, exc: RequestValidationError):
        """A value in the address that is not what the route takes (a seat or a step that is not
        a whole number): a 400 like every other refusal, not FastAPI's 422."""
        first = exc.errors()[0]
        where, name = first["loc"][0], first["loc"][-1]
        wanted = "a whole number" if first["type"].startswith("int") else "valid"
        place = "in the address" if where == "path" else "in the query"
        return JSONResponse({"error": f"{name!r} {place} must be {wanted}, not {shown(first.get('input'))}"},
                            status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request, exc: StarletteHTTPException):
        """No such route, or not with that method: said as every other error is."""
        if exc.status_code == 405:
            message = f"{request.url.path} does not take {request.method} (docs/server.md lists the routes)"
        elif exc.status_code == 404:
            message = f"there is nothing at {shown(request.url.path)} (docs/server.md lists the routes)"
        else:
            message = str(exc.detail)
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(TooMany)
    async def too_many(request, exc: TooMany):
        return JSONResponse({"error": exc.message, "code": exc.code}, status_code=429,
                            headers={"retry-after": str(exc.retry_after)})

    @app.exception_handler(BadMessage)
    async def bad(request, exc: BadMessage):
        status = {"forbidden": 403, "taken": 409}.get(exc.code, 400)
        return JSONResponse({"error": exc.message, "code": exc.code}, status_code=status)

    async def body(request: Request) -> dict:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise Refused(413, f"a request body is at most {MAX_BODY} bytes; this one has {len(raw)}")
        try:
            data = json.loads(raw or b"{}")
        except ValueError as exc:     # not JSON, not UTF-8, or a number of more than 4,300 digits
            raise Refused(400, f"the body is not valid JSON: {exc}") from None
        except RecursionError:
            raise Refused(400, "the body is nested too deeply to be a table request or a record") from None
        if not isinstance(data, dict):
            raise Refused(400, f"the body must be a JSON object, not {type(data).__name__}")
        if not unicode_ok(data):
            raise Refused(400, "the body's text must be Unicode: it holds a lone surrogate escape "
                               "(\\ud800 to \\udfff not in a pair)")
        return data

    async def table_or_404(table_id: str):
        table = await hub.aget(table_id) if isinstance(table_id, str) and len(table_id) <= 40 else None
        if table is None:
            raise Refused(404, f"there is no table {shown(table_id)}")
        return table

    # --- pages -----------------------------------------------------------------------------------
    @app.get("/")
    async def index():
        return FileResponse(STATIC / "index.html")

    @app.get("/learn")
    async def learn_page():
        return FileResponse(STATIC / "learn.html")

    @app.get("/table/{table_id:path}")
    async def table_page(table_id: str):
        try:
            known = TABLE_ID.match(table_id) and await hub.aget(table_id) is not None
        except BadMessage:               # a stored table that no longer replays: the page says why
            known = True
        if not known:
            return HTMLResponse(MISSING_TABLE.format(id=html.escape(table_id)), status_code=404)
        return FileResponse(STATIC / "table.html")

    @app.get("/favicon.ico")
    async def favicon():
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # --- API -------------------------------------------------------------------------------------
    @app.get("/api/games")
    async def games():
        out = []
        for game_id in tabletome.games():
            game = tabletome.game(game_id)
            out.append({"id": game.id, "name": game.name, "summary": game.summary,
                        "player_counts": list(game.player_counts),
                        "options": {k: list(v) for k, v in game.options.items()},
                        "option_help": dict(game.option_help), "combinations": combinations(game.id)})
        from tabletome.agents.levels import LEVELS, STRENGTH
        levels = [{"name": name, "spec": spec, "strength": STRENGTH[name]} for name, spec in LEVELS.items()]
        return {"games": out, "agents": hub.limits.agents(), "levels": levels}

    def clean_name(value, what: str) -> str:
        """A person's name as typed: text, printable characters only, at most MAX_NAME of them."""
        name = value or ""
        if not isinstance(name, str):
            raise Refused(400, f"{what}: 'name' must be text")
        name = "".join(ch for ch in name if ch.isprintable()).strip()
        if len(name) > MAX_NAME:
            raise Refused(400, f"{what}: a name is at most {MAX_NAME} characters")
        return name

    def clock_setup(clock, on_timeout) -> dict:
        """A table's time control as asked for, checked: real-time or turn-based, and what a timeout does."""
        usage = ('field \'clock\' must be {"minutes": M, "increment": S} (a real-time clock: M minutes a '
                 'game, 0.05 to 1440, plus S seconds a move, 0 to 3600) or {"per_move": S} (turn-based: S '
                 'seconds a move, 1 to 2592000, i.e. up to 30 days)')
        number = (int, float)
        if not isinstance(clock, dict):
            raise Refused(400, usage)
        if on_timeout not in ("lose", "agent"):
            raise Refused(400, "field 'on_timeout' must be 'lose' (the seat whose time runs out loses) or "
                               "'agent' (an agent plays that move)")
        if set(clock) <= {"minutes", "increment"} and "minutes" in clock:
            m, inc = clock["minutes"], clock.get("increment", 0)
            if isinstance(m, bool) or isinstance(inc, bool) or not isinstance(m, number) or not isinstance(inc, number) \
                    or not 0.05 <= m <= 1440 or not 0 <= inc <= 3600:
                raise Refused(400, usage)
            return {"kind": "realtime", "minutes": float(m), "increment": float(inc), "on_timeout": on_timeout}
        if set(clock) == {"per_move"}:
            per = clock["per_move"]
            if isinstance(per, bool) or not isinstance(per, number) or not 1 <= per <= 2_592_000:
                raise Refused(400, usage)
            return {"kind": "turn", "per_move": float(per), "on_timeout": on_timeout}
        raise Refused(400, usage)

    def table_setup(data: dict):
        """The game, player count and options a request names, checked as a new table's are."""
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise Refused(400, f"field 'game' must be a game id; games are: {', '.join(tabletome.games())}")
        game = tabletome.game(game_id)
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise Refused(400, "field 'options' must be an object of option names to values")
        players = data.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            counts = ", ".join(str(n) for n in game.player_counts)
            raise Refused(400, f"field 'players' must be a whole number ({game.name} is played by {counts}), "
                               f"not {shown(players)}")
        bad = [k for k, v in options.items() if not isinstance(v, (str, int, float)) or isinstance(v, bool)]
        if bad:
            raise Refused(400, f"option {shown(bad[0])} must be one of its values (text or a number), "
                               f"not {shown(options[bad[0]])}")
        players, options = game.resolve_options(players, options)
        return game, players, options

    @app.get("/api/learn")
    async def learn_list():
        return learn.catalogue()

    @app.post("/api/learn/{game_id}/{number}")
    async def learn_step(game_id: str, number: str, request: Request):
        """One try at a lesson (server/learn.py): stateless, the page sends the moves taken."""
        return learn.attempt(game_id, number, await body(request))

    @app.get("/api/glossary/{game_id}")
    async def glossary(game_id: str):
        return learn.glossary_of(game_id)

    @app.post("/api/learn/{game_id}/{number}/show")
    async def learn_show(game_id: str, number: str, request: Request):
        return learn.next_move(game_id, number, await body(request))

    @app.post("/api/seats")
    async def rule_seats(request: Request):
        """Which seats of a table with these players and options the game plays itself (Life &
        Legend's AI opponent cards): the start page shows them as taken."""
        data = await body(request)
        game, players, options = table_setup(data)
        return {"players": players, "seats": {str(k): v for k, v in game.rule_seats(players, options).items()}}

    @app.post("/api/tables")
    async def create_table(request: Request):
        data = await body(request)
        game, players, options = table_setup(data)
        seats = data.get("seats")
        if seats is None:
            seats = [{"agent": None}] + [{"agent": "heuristic"}] * (players - 1)
        if not isinstance(seats, list) or len(seats) != players:
            raise Refused(400, f"field 'seats' must list {players} seats, one per player, each "
                               '{"agent": null} for a person or {"agent": "heuristic"} (any agent spec)')
        by_rules = game.rule_seats(players, options)     # seats the game plays by its own rules
        clean = []
        for i, seat in enumerate(seats):
            if i in by_rules:
                clean.append({"agent": RULE_SEAT, "name": by_rules[i]})
                continue
            if not isinstance(seat, dict):
                raise Refused(400, f"seat {i} must be an object such as {{\"agent\": null, \"name\": \"Ann\"}}")
            spec = seat.get("agent")
            if spec is not None:
                if not isinstance(spec, str) or len(spec) > 100:
                    raise Refused(400, f"seat {i}: 'agent' must be an agent spec such as 'heuristic', or null for a person")
                try:
                    hub.limits.check(spec)         # a bad spec, or one over the server's limits
                except IllegalAction as exc:
                    raise Refused(400, f"seat {i}: {exc}") from None
            name = clean_name(seat.get("name"), f"seat {i}")
            open_seat = seat.get("open", False)
            if not isinstance(open_seat, bool) or (open_seat and spec is not None):
                raise Refused(400, f"seat {i}: 'open' must be true (a person's seat nobody holds yet, for "
                                   "whoever joins from the lobby) or false, and only for a person's seat")
            clean.append({"agent": spec, "name": name, "open": open_seat})
        settings = {}
        clock = data.get("clock")
        if clock is not None:
            settings["clock"] = clock_setup(clock, data.get("on_timeout", "lose"))
        public = data.get("public", False)
        if not isinstance(public, bool):
            raise Refused(400, "field 'public' must be true (listed in the lobby) or false (invite only, the default)")
        seed = data.get("seed")
        if seed is not None:
            seed = check_seed(seed, "field 'seed' (or left out)")     # the one rule for seeds (core.rng)
        table, host, tokens = await hub.acreate(game.id, players, options, clean, seed=seed, public=public,
                                                settings=settings, client=client_of(request))
        return {"id": table.id, "host": host, "game": game.id, "players": players, "options": options,
                "public": public,
                "seats": [{"seat": i, "name": table.seat_name(i), "agent": clean[i]["agent"], "token": tokens[i],
                           "open": bool(clean[i].get("open"))} for i in range(players)]}

    @app.get("/api/lobby")
    async def lobby():
        """Public tables with a seat open for anyone, the longest waiting first."""
        return {"tables": await hub.lobby(), "cleanup_after": hub.cleanup_after}

    @app.post("/api/tables/{table_id}/seats/{seat}/join")
    async def join(table_id: str, seat: int, request: Request):
        table = await table_or_404(table_id)
        data = await body(request)
        name = clean_name(data.get("name"), "joining")
        token = hub.join(table, seat, name)
        return {"table": table.id, "seat": seat, "seat_name": table.seat_name(seat), "token": token,
                "game": table.game.id, "game_name": table.game.name}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str):
        return (await table_or_404(table_id)).info()

    @app.post("/api/tables/{table_id}/seats/{seat}/invite")
    async def invite(table_id: str, seat: int, request: Request):
        table = await table_or_404(table_id)
        data = await body(request)
        token = hub.reinvite(table, seat, data.get("host"))
        return {"table": table.id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/seats/{seat}/vacate")
    async def vacate(table_id: str, seat: int, request: Request):
        table = await table_or_404(table_id)
        data = await body(request)
        hub.vacate(table, seat, data.get("host"))
        return {"table": table.id, "seat": seat, "vacated": True}

    @app.post("/api/tables/{table_id}/settings")
    async def settings(table_id: str, request: Request):
        """The host's: ``public`` (listed in the lobby), ``spectators`` (anyone may watch) and
        ``spectator_chat`` (spectators may write in the chat)."""
        table = await table_or_404(table_id)
        data = await body(request)
        for key in ("public", "spectators", "spectator_chat"):
            if data.get(key) is not None and not isinstance(data[key], bool):
                raise Refused(400, f"field {key!r} must be true or false (or left out: unchanged)")
        hub.settle(table, data.get("host"), public=data.get("public"), spectators=data.get("spectators"),
                   spectator_chat=data.get("spectator_chat"))
        return {"table": table.id, "public": table.row.public, "spectators": table.row.settings.get("spectators", True),
                "spectator_chat": table.row.settings.get("spectator_chat", False)}

    @app.post("/api/tables/{table_id}/spectators/{watch_id}/remove")
    async def remove_spectator(table_id: str, watch_id: str, request: Request):
        table = await table_or_404(table_id)
        data = await body(request)
        hub.remove_spectator(table, data.get("host"), watch_id)
        return {"table": table.id, "removed": watch_id}

    @app.post("/api/tables/{table_id}/delete")
    async def delete(table_id: str, request: Request):
        table = await table_or_404(table_id)
        data = await body(request)
        hub.delete(table, data.get("host"))
        return {"table": table_id, "deleted": True}

    @app.post("/api/lookup")
    async def lookup(request: Request):
        """The tables a browser sits at: it sends the tickets it keeps; each valid one is described."""
        data = await body(request)
        tickets = data.get("tickets")
        if not isinstance(tickets, list) or len(tickets) > MAX_TICKETS:
            raise Refused(400, f"field 'tickets' must be a list of at most {MAX_TICKETS} {{table, seat, token}}")
        out = []
        for t in tickets:
            if not isinstance(t, dict):
                continue
            entry = {"table": t.get("table"), "seat": t.get("seat"), "valid": False}
            try:
                table = await hub.aget(t.get("table")) if isinstance(t.get("table"), str) and len(t["table"]) <= 40 else None
            except BadMessage:
                table = None
            if table is not None:
                seat = t.get("seat")
                seat_ok = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < table.row.players
                if seat is None:
                    entry["valid"] = True
                elif seat_ok and isinstance(t.get("token"), str):
                    current = table.row.seats[seat].token_hash
                    entry["valid"] = current is not None and current == token_hash(t["token"])
                if entry["valid"]:
                    entry.update(described(table, seat))
            out.append(entry)
        return {"tables": out}

    def described(table, seat) -> dict:
        """What a list of someone's tables shows of one of them."""
        return dict(game=table.game.id, game_name=table.game.name, step=table.step,
                    over=table.over, kind=table.row.kind,
                    seat_name=table.seat_name(seat) if seat is not None else None,
                    your_turn=seat is not None and table.state.to_move == seat and not table.over,
                    result=table.result_text() if table.over else None,
                    rematch=table.row.rematch)

    # --- "my tables": a personal secret link holding all of a person's seats ------------------------
    def person(data: dict) -> str:
        """The hash of the my-tables key a request carries, refused unless it works."""
        key = data.get("key")
        if not isinstance(key, str) or not 0 < len(key) <= 128:
            raise Refused(400, "field 'key' must be the secret of your my-tables link")
        hashed = token_hash(key)
        if not hub.storage.person_exists(hashed):
            raise Refused(403, "that my-tables link does not work: it was re-issued (the old one stops "
                               "working) or mistyped")
        return hashed

    @app.post("/api/me")
    async def new_person(request: Request):
        """A new my-tables link: its secret key, shown once (only its hash is stored)."""
        await body(request)
        client = client_of(request)

        def made() -> str:
            hub.count_creation(client)
            return hub.new_person()

        return {"key": await run_in_threadpool(made)}

    @app.post("/api/me/seats")
    async def add_seats(request: Request):
        """Add seats to a my-tables link: each ticket whose token opens its seat now."""
        data = await body(request)
        hashed = await run_in_threadpool(person, data)
        tickets = data.get("tickets")
        if not isinstance(tickets, list) or len(tickets) > MAX_TICKETS:
            raise Refused(400, f"field 'tickets' must be a list of at most {MAX_TICKETS} {{table, seat, token}}")
        added = 0
        for t in tickets:
            if isinstance(t, dict) and await hub.add_person_seat(hashed, t.get("table"), t.get("seat"), t.get("token")):
                added += 1
        return {"added": added, "refused": len(tickets) - added}

    @app.post("/api/me/tables")
    async def my_tables(request: Request):
        """Every seat a my-tables link holds that still opens: the tables, to list and resume."""
        data = await body(request)
        out = []
        for table, seat in await hub.person_tables(await run_in_threadpool(person, data)):
            out.append({"table": table.id, "seat": seat, **described(table, seat)})
        return {"tables": out}

    @app.post("/api/me/reissue")
    async def reissue(request: Request):
        """A new key for the same link; the old one stops working at once."""
        data = await body(request)
        hashed = await run_in_threadpool(person, data)
        key = await run_in_threadpool(hub.reissue_person, hashed)
        if key is None:
            raise Refused(403, "that my-tables link was re-issued meanwhile")
        return {"key": key}

    def finished(table):
        if table.row.kind == "live" and not table.over:
            raise Refused(403, "the record names every hidden choice, so it is shown once the game is over")

    def position(record: dict, step: int, who):
        """A finished game's state at ``step`` and what ``who`` saw of it: replayed in a worker thread."""
        state = tabletome.replay(record, upto=step)
        return state, state.view(who)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str):
        table = await table_or_404(table_id)
        finished(table)
        text = json.dumps(table.record(), indent=1) + "\n"
        name = f"{table.game.id}-{table.id}.json"
        return Response(text, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: int = 0, seat: str = "none"):
        """The finished game at ``step`` (0: the start) as ``seat`` saw it (``none``: a spectator)."""
        table = await table_or_404(table_id)
        finished(table)
        actions = table.row.actions
        if not 0 <= step <= len(actions):
            raise Refused(400, f"step must be 0 to {len(actions)}, not {step}")
        if seat in ("none", "null", ""):
            who = None
        elif seat.isdigit() and int(seat) < table.row.players:
            who = int(seat)
        else:
            raise Refused(400, f"seat must be 0 to {table.row.players - 1} or none, not {shown(seat)}")
        state, view = await run_in_threadpool(position, table.record(), step, who)
        ended = table.row.ended if step == len(actions) else None
        return {"table": table.id, "step": step, "steps": len(actions), "seat": who,
                "action": actions[step - 1] if step else None, "to_move": state.to_move,
                "over": state.is_over or ended is not None,
                "result": ended["text"] if ended is not None else state.game.result_line(state) if state.is_over else None,
                "view": view, "actions": actions}

    @app.post("/api/records")
    async def upload(request: Request):
        """A record (saved by ``tabletome play``, by this server, ...) becomes a table to watch."""
        data = await body(request)
        check_record(data)
        game = tabletome.game(data["game"])
        players, options = game.resolve_options(data["players"], data["options"])
        cards = data.get("cards")
        resigned = None
        if data.get("result") is not None:       # a game that ended by a resignation
            result = data["result"]
            resigned = (result.get("resigned", result.get("timeout")) if isinstance(result, dict) else None)
            if isinstance(resigned, bool) or not isinstance(resigned, int) or not 0 <= resigned < players \
                    or result.get("step") != len(data["actions"]):
                raise Refused(400, "record field 'result' must be {\"resigned\": SEAT, \"step\": the number of "
                                   f"actions}} (a seat 0 to {players - 1} resigned after the last action), or left out")
        table, _, _ = await hub.acreate(game.id, players, options, [{"agent": None, "name": ""}] * players,
                                        seed=data["seed"], kind="replay", actions=data["actions"], cards=cards,
                                        resigned=resigned, client=client_of(request))
        return {"id": table.id, "steps": table.step, "over": table.over}

    # --- live play ---------------------------------------------------------------------------------
    @app.websocket("/ws")
    async def ws_endpoint(ws: WebSocket):
        await ws.accept()
        conn = hub.connection(ws)
        if not hub.open_page(conn):
            try:
                await ws.send_text(encode({"type": "error", "code": "too-many-pages", "message": (
                    f"too many pages open from your address: at most {hub.max_pages} on this server (tabletome "
                    "serve --max-pages-per-client); close some and reload this one")}))
                await ws.close(code=CLOSE_RATE, reason="too many pages")
            except (WebSocketDisconnect, RuntimeError):     # it left already
                pass
            return
        try:
            await serve_page(ws, conn)
        finally:
            hub.close_page(conn)

    async def serve_page(ws: WebSocket, conn) -> None:
        sender = asyncio.create_task(conn.sender())
        try:
            while not sender.done():
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes")
                if not conn.allow():
                    if conn.refused_in_a_row > 10 * conn.burst:
                        conn.close_after_send(CLOSE_RATE, "too many messages")
                        break
                    if conn.refused_in_a_row == 1 or conn.refused_in_a_row % 50 == 0:
                        conn.error("rate", f"too many messages: at most {conn.rate:g} a second "
                                           f"(bursts of {conn.burst}); this one was dropped")
                    continue
                try:
                    msg = parse_message(raw)
                except BadMessage as exc:
                    conn.error(exc.code, exc.message)
                    continue
                await hub.handle(conn, msg)
        except WebSocketDisconnect:
            pass
        except RuntimeError:         # the sender closed the socket (a revoked token)
            pass
        finally:
            conn.cancel_hint()                      # the page left: its hint is of no use
            if conn.table is not None:
                hub.leave(conn)
            if not sender.done():
                if conn.closing is not None:        # let it send the last error and close
                    try:
                        await asyncio.wait_for(sender, timeout=1)
                    except Exception:
                        pass
                sender.cancel()
            if ws.client_state == WebSocketState.CONNECTED and conn.closing is None:
                try:
                    await ws.close()
                except Exception:
                    pass

    return app


def warm_pool(app) -> None:
    """Start the agents' worker processes ahead of the first move (they take a second to import)."""
    app.state.hub.scheduler.start()
