"""The reference benchmarks/server_load.py measures the server against: a bare FastAPI WebSocket
app speaking the same protocol shape, under the same uvicorn settings as `tabletome serve`.

    python benchmarks/_echo.py --port 8123

It plays no game. ``POST /api/tables`` answers like the server's (an id and a token per seat);
``hello`` seats a WebSocket and answers a ``state``; a ``move`` at the table's step by the seat to
move advances the step, passes the turn to the other seat, and sends each seated WebSocket a
``state`` of about the size of a real one (a view of PAD bytes, the legal list for the seat to
move, the acknowledgement for the mover). A table is over after LENGTH moves, as a game would be.
Messages are parsed and built with the json module, once per message and connection: the least
any server speaking this protocol must do, with nothing stored.
"""

from __future__ import annotations

import argparse
import json
import secrets

from fastapi import FastAPI, Request, WebSocket
from starlette.websockets import WebSocketDisconnect

LENGTH = 140           # moves a table lasts (random games of the three games last about this long)
PAD = 1500             # bytes of "view" in each state (real states: about 1 to 2.5 KB)
LEGAL = [{"id": i, "text": f"action number {i}"} for i in range(6)]


def create_app() -> FastAPI:
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    tables: dict[str, dict] = {}
    view = {"board": "x" * PAD}

    @app.get("/api/games")
    async def games():
        return {"games": []}

    @app.post("/api/tables")
    async def create(request: Request):
        data = json.loads(await request.body())
        players = int(data.get("players", 2))
        table_id = secrets.token_urlsafe(9)
        tables[table_id] = {"step": 0, "to_move": 0, "players": players, "conns": [None] * players}
        return {"id": table_id, "seats": [{"seat": i, "token": secrets.token_urlsafe(24)} for i in range(players)]}

    def state(table_id: str, table: dict, seat: int, ack) -> str:
        over = table["step"] >= LENGTH
        message = {"type": "state", "table": table_id, "seat": seat, "step": table["step"],
                   "to_move": table["to_move"], "over": over, "view": view,
                   "legal": LEGAL if seat == table["to_move"] and not over else []}
        if ack is not None:
            message["ack"] = ack
        return json.dumps(message)

    @app.websocket("/ws")
    async def ws_endpoint(ws: WebSocket):
        await ws.accept()
        table_id = table = seat = None
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                if msg.get("type") == "hello":
                    table_id, seat = msg["table"], msg["seat"]
                    table = tables[table_id]
                    table["conns"][seat] = ws
                    await ws.send_text(state(table_id, table, seat, None))
                elif msg.get("type") == "move" and table is not None:
                    if msg.get("step") != table["step"] or table["to_move"] != seat or table["step"] >= LENGTH:
                        await ws.send_text(json.dumps({"type": "error", "code": "stale", "message": "no"}))
                        continue
                    table["step"] += 1
                    table["to_move"] = (seat + 1) % table["players"]
                    for s, other in enumerate(table["conns"]):
                        if other is not None:
                            await other.send_text(state(table_id, table, s, msg.get("id") if s == seat else None))
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None:
                table["conns"][seat] = None
                if not any(table["conns"]):
                    tables.pop(table_id, None)

    return app


def main(argv=None):
    import uvicorn

    from tabletome.server import UVICORN_SETTINGS

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args(argv)
    uvicorn.run(create_app(), host="127.0.0.1", port=args.port, log_level="warning", **UVICORN_SETTINGS)


if __name__ == "__main__":
    main()
