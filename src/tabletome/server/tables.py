"""Live tables: the true state of each game, who is connected, and the agents that play.

The hub holds one ``LiveTable`` per table in use (loaded from storage on first use by replaying
its actions). Every change to a table happens on the event loop under the table's lock: check the
move, apply it to the true state, commit it to storage, and only then tell the pages, so two moves
arriving at once are applied one after the other and an acknowledged move is never lost. Agent
seats think in worker processes (``workers.py``); the table shows them as thinking meanwhile.

Each page gets the state as its seat may see it (``protocol.seat_payload``), never more. The
first state a page receives after its hello carries the whole view; later ones carry only the
view's top-level keys whose value changed since that page's previous state (``diff``), so a
catalogue that never changes is sent once per connection. Each view is encoded once per position
and seat (msgspec), however many pages show it, and so is each diff.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections import deque

import msgspec

import tabletome
from tabletome import IllegalAction

from .limits import AgentLimits
from .protocol import BadMessage, seat_payload, shown
from .storage import SeatRow, Storage, TableRow, token_hash
from .workers import Scheduler

log = logging.getLogger("tabletome.server")

CLOSE_REVOKED = 4401      # WebSocket close code: this seat's token no longer works
CLOSE_RATE = 1008         # policy violation: far too many messages
RULE_SEAT = "card"        # the 'agent' of a seat the game plays by its own rules (game.rule_seats)

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode
_MISSING = object()


def encode(value) -> str:
    """JSON text of ``value`` (msgspec: several times faster than the json module)."""
    return _encode(value).decode()


def new_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def card_info(game, card_text):
    hook = getattr(game, "card_info", None)
    if hook is None:
        return {}
    try:
        return hook(card_text) or {}
    except Exception:  # a game's display helper must never break a table
        log.exception("card_info failed for %s", game.id)
        return {}


class Connection:
    """One open page: its WebSocket, its seat, and what it has been sent."""

    def __init__(self, ws, rate: float, burst: int):
        self.ws = ws
        self.table: LiveTable | None = None
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.log_sent = 0
        self.view: dict | None = None      # the view this page has (the table's private copy)
        self.sent_step: int | None = None  # the step of the last state sent
        self.ack = None
        self.dirty = False
        self.outbox: deque = deque()
        self.wake = asyncio.Event()
        self.rate = rate
        self.burst = burst
        self.allowance = float(burst)
        self.last = time.monotonic()
        self.refused_in_a_row = 0
        self.hint_task: asyncio.Task | None = None
        self.closing: tuple[int, str] | None = None

    def allow(self) -> bool:
        """Token bucket: ``rate`` messages a second, bursts of ``burst``."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            self.refused_in_a_row += 1
            return False
        self.allowance -= 1
        self.refused_in_a_row = 0
        return True

    def push(self, message: dict) -> None:
        self.outbox.append(message)
        self.wake.set()

    def error(self, code: str, message: str, request=None) -> None:
        out = {"type": "error", "code": code, "message": message}
        if request is not None:
            out["id"] = request
        self.push(out)

    def mark(self) -> None:
        """The table changed: send this page the new state (coalesced with later changes)."""
        self.dirty = True
        self.wake.set()

    def cancel_hint(self) -> None:
        """Stop working out this page's hint (it left, asked again, or the table moved on)."""
        if self.hint_task is not None and not self.hint_task.done():
            self.hint_task.cancel()
        self.hint_task = None

    def close_after_send(self, code: int, reason: str) -> None:
        self.closing = (code, reason)
        self.wake.set()

    async def sender(self) -> None:
        """Send queued messages and the latest state, in order, until the page goes away."""
        ws = self.ws
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outbox:
                await ws.send_text(encode(self.outbox.popleft()))
            if self.dirty and self.table is not None:
                self.dirty = False
                await ws.send_text(self.table.message_for(self))
            if self.closing is not None:
                code, reason = self.closing
                await ws.close(code=code, reason=reason)
                return


class LiveTable:
    def __init__(self, row: TableRow):
        self.row = row
        self.id = row.id
        self.game = tabletome.game(row.game)
        self.state = tabletome.replay(self.record_of(row))
        self.step = len(row.actions)
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.thinking: int | None = None
        self.ai_error: str | None = None
        self.ai_task: asyncio.Task | None = None
        self._payloads: dict = {}
        self._last_view: dict = {}       # seat -> the view copy of the last position shown
        self._seats_json: str | None = None
        self.cards = card_info(self.game, row.cards)

    @staticmethod
    def record_of(row: TableRow) -> dict:
        record = {"game": row.game, "options": row.options, "players": row.players, "seed": row.seed,
                  "actions": list(row.actions)}
        if row.cards is not None:
            record["cards"] = row.cards
        return record

    def record(self) -> dict:
        return self.record_of(self.row)

    # --- seats -------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.state.seat_name(seat)

    def token_ok(self, conn: Connection) -> bool:
        if conn.seat is None:
            return True
        current = self.row.seats[conn.seat].token_hash
        return current is not None and conn.token_hash is not None and hmac.compare_digest(current, conn.token_hash)

    def public_seats(self) -> list[dict]:
        online = {c.seat for c in self.conns if c.seat is not None and self.token_ok(c)}
        out = []
        for s in self.row.seats:
            out.append({"seat": s.seat, "name": self.seat_name(s.seat), "player": s.name, "agent": s.agent,
                        "open": s.agent is None and s.token_hash is None, "online": s.seat in online})
        return out

    def info(self) -> dict:
        """The table's public facts: what any page may know."""
        return {"id": self.id, "game": self.game.id, "game_name": self.game.name, "players": self.row.players,
                "options": self.row.options, "kind": self.row.kind, "seats": self.public_seats(),
                "step": self.step, "over": self.state.is_over, "to_move": self.state.to_move,
                "rematch": self.row.rematch}

    # --- what a page receives ------------------------------------------------------------------
    def invalidate(self) -> None:
        self._payloads.clear()
        self._seats_json = None

    def payload(self, seat) -> dict:
        """What ``seat`` may receive at this position, its view encoded once (cached)."""
        cached = self._payloads.get(seat)
        if cached is None:
            cached = seat_payload(self.state, seat)
            cached["step"] = self.step
            raw = _encode(cached["view"])
            cached["view_json"] = raw.decode()
            # a private copy (never shared with the game's state), whose values are the very
            # objects of the previous position's copy where they are equal: a diff then finds
            # the changed keys by identity, however many positions a page skipped
            view = _decode(raw)
            previous = self._last_view.get(seat)
            if previous is not None:
                for key, value in view.items():
                    old = previous.get(key, _MISSING)
                    if old is not _MISSING and old == value:
                        view[key] = old
            self._last_view[seat] = view
            cached["view"] = view
            cached["keys"] = tuple(view)
            cached["diffs"] = {}         # id(the view a page has) -> (that view, the diff's JSON)
            cached["legal_json"] = encode(cached["legal"])
            self._payloads[seat] = cached
        return cached

    def diff_json(self, p: dict, have: dict, have_step) -> str:
        """The diff from the view ``have`` (sent at ``have_step``) to this position's, as JSON."""
        hit = p["diffs"].get(id(have))
        if hit is not None and hit[0] is have and hit[1] == have_step:
            return hit[2]
        diff = {"base": have_step, "set": {k: v for k, v in p["view"].items() if have.get(k, _MISSING) is not v}}
        if p["keys"] != tuple(have):
            diff["keys"] = list(p["keys"])
        text = encode(diff)
        p["diffs"][id(have)] = (have, have_step, text)
        return text

    def seats_json(self) -> str:
        if self._seats_json is None:
            self._seats_json = encode(self.public_seats())
        return self._seats_json

    def message_for(self, conn: Connection) -> str:
        """The ``state`` message for one page: the whole view after its hello, else a diff."""
        p = self.payload(conn.seat)
        lines = p["log_all"]
        start = min(conn.log_sent, len(lines))
        message = {"type": "state", "table": self.id, "seat": conn.seat, "step": p["step"], "to_move": p["to_move"],
                   "over": p["over"], "log": {"from": start, "lines": lines[start:]},
                   "thinking": self.thinking, "ai_error": self.ai_error, "rematch": self.row.rematch,
                   "decision": p["decision"]}
        for key in ("winners", "scores", "result"):
            if key in p:
                message[key] = p[key]
        if conn.ack is not None:
            message["ack"] = conn.ack
            conn.ack = None
        conn.log_sent = len(lines)
        if conn.view is None:
            view = ', "view": ' + p["view_json"]
        else:
            view = ', "diff": ' + self.diff_json(p, conn.view, conn.sent_step)
        conn.view, conn.sent_step = p["view"], p["step"]
        return (encode(message)[:-1] + ', "seats": ' + self.seats_json() + view
                + ', "legal": ' + p["legal_json"] + "}")

    def touch(self) -> None:
        self._seats_json = None          # who is online may have changed
        for conn in self.conns:
            conn.mark()


class Hub:
    """Every live table, the connections to them, and the scheduler their agents think in."""

    def __init__(self, storage: Storage, ai_workers: int = 1, ai_delay: float = 0.3,
                 rate: float = 30.0, burst: int = 60, limits: AgentLimits | None = None):
        self.storage = storage
        self.tables: dict[str, LiveTable] = {}
        self.ai_delay = ai_delay
        self.rate = rate
        self.burst = burst
        self.limits = limits or AgentLimits()
        self.scheduler = Scheduler(ai_workers)
        self._tasks: set[asyncio.Task] = set()

    # --- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Resume the agents of every unfinished table (after a restart they carry on)."""
        for table_id in self.storage.unfinished_with_agents():
            table = self.get(table_id)
            if table is not None:
                self.schedule_ai(table)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.scheduler.shutdown()

    def connection(self, ws) -> Connection:
        return Connection(ws, self.rate, self.burst)

    # --- tables --------------------------------------------------------------------------------
    def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is None:
            row = self.storage.load_table(table_id)
            if row is None:
                return None
            try:
                table = LiveTable(row)
            except IllegalAction as exc:
                log.error("table %s cannot be replayed: %s", table_id, exc)
                raise BadMessage("broken-table", f"table {table_id} can no longer be replayed: {exc}") from None
            self.tables[table_id] = table
        return table

    def create(self, game_id, players, options, seats: list[dict], seed=None, kind="live",
               actions=None, cards=None, host_hash=None, token_hashes=None) -> tuple[LiveTable, str, list]:
        """Start a table. ``seats``: [{"agent": spec or None, "name": str}]. Returns the table, the
        host token and each person's seat token (None for agents)."""
        game = tabletome.game(game_id)
        players, options = game.resolve_options(players, options or {})
        if seed is None:
            seed = secrets.randbits(53)
        host = None
        if host_hash is None:
            host = new_token()
            host_hash = token_hash(host)
        tokens, rows = [], []
        for i, seat in enumerate(seats):
            agent_spec = seat.get("agent")
            if kind != "live" or agent_spec is not None:
                tokens.append(None)
                h = None
            elif token_hashes is not None:
                tokens.append(None)
                h = token_hashes[i]
            else:
                t = new_token()
                tokens.append(t)
                h = token_hash(t)
            rows.append(SeatRow(i, seat.get("name") or "", agent_spec, h))
        row = TableRow(new_id(), game.id, players, options, seed, cards, kind, host_hash, time.time(), False, None,
                       rows, list(actions or []))
        table = LiveTable(row)           # replays the actions: refuses a broken record
        row.over = table.state.is_over
        self.storage.create_table(row)
        self.tables[row.id] = table
        if kind == "live":
            self.schedule_ai(table)
        return table, host, tokens

    def check_host(self, table: LiveTable, host) -> None:
        if not isinstance(host, str) or not hmac.compare_digest(token_hash(host), table.row.host_hash):
            raise BadMessage("forbidden", "this needs the table's host token (given to whoever created the table)")

    def reinvite(self, table: LiveTable, seat: int, host) -> str:
        """A new token for a person's seat; the old one stops working at once."""
        self.check_host(table, host)
        self._check_person_seat(table, seat)
        token = new_token()
        self._set_token(table, seat, token_hash(token), "the seat was re-invited")
        return token

    def vacate(self, table: LiveTable, seat: int, host) -> None:
        self.check_host(table, host)
        self._check_person_seat(table, seat)
        self._set_token(table, seat, None, "the seat was vacated")

    def _check_person_seat(self, table, seat):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.row.players:
            raise BadMessage("bad-seat", f"there is no seat {shown(seat)} at this table; seats are 0 to {table.row.players - 1}")
        if table.row.seats[seat].agent is not None:
            raise BadMessage("bad-seat", f"seat {seat} is played by the agent {table.row.seats[seat].agent!r}")
        if table.row.kind != "live":
            raise BadMessage("bad-seat", "this table replays a record; nobody sits at it")

    def _set_token(self, table, seat, new_hash, why):
        self.storage.set_seat(table.id, seat, new_hash)
        table.row.seats[seat].token_hash = new_hash
        for conn in list(table.conns):
            if conn.seat == seat and not table.token_ok(conn):
                conn.error("revoked", f"your token for seat {seat} no longer works: {why}")
                conn.close_after_send(CLOSE_REVOKED, "token revoked")
                table.conns.discard(conn)
        table.touch()

    # --- messages from pages -------------------------------------------------------------------
    async def handle(self, conn: Connection, msg: dict) -> None:
        kind = msg["type"]
        request = msg.get("id")
        try:
            if kind == "ping":
                conn.push({"type": "pong", "id": request})
            elif kind == "hello":
                self.hello(conn, msg)
            elif kind == "move":
                await self.move(conn, msg)
            elif kind == "hint":
                self.hint(conn, msg)
            elif kind == "why":
                self.why(conn, msg)
            elif kind == "rematch":
                self.rematch(conn, msg)
        except BadMessage as exc:
            conn.error(exc.code, exc.message, request)
        except IllegalAction as exc:
            conn.error("illegal", str(exc), request)

    def hello(self, conn: Connection, msg: dict) -> None:
        table = self.get(msg["table"])
        if table is None:
            raise BadMessage("unknown-table", f"there is no table {shown(msg['table'])}; check the link")
        seat = msg.get("seat")
        hashed = None
        if seat is not None:
            if not 0 <= seat < table.row.players:
                raise BadMessage("bad-seat", f"there is no seat {seat} at this table; seats are 0 to "
                                             f"{table.row.players - 1}, or null to watch")
            s = table.row.seats[seat]
            if s.agent is not None:
                raise BadMessage("bad-seat", f"seat {seat} ({table.seat_name(seat)}) is played by the agent {s.agent!r}")
            if s.token_hash is None:
                raise BadMessage("bad-token", f"seat {seat} ({table.seat_name(seat)}) is vacant: ask the host for a new invite link")
            hashed = token_hash(msg["token"])
            if not hmac.compare_digest(hashed, s.token_hash):
                raise BadMessage("bad-token", f"that token does not open seat {seat} ({table.seat_name(seat)}): "
                                              "the link may be old (the seat re-invited) or mistyped")
        if conn.table is not None:
            conn.table.conns.discard(conn)
            conn.table.touch()
        conn.table, conn.seat, conn.token_hash, conn.log_sent = table, seat, hashed, 0
        conn.view = conn.sent_step = None        # the next state carries the whole view
        table.conns.add(conn)
        conn.push({"type": "welcome", "id": msg.get("id"), "table": table.info(), "seat": seat,
                   "seat_name": table.seat_name(seat) if seat is not None else None,
                   "cards": table.cards, "option_help": dict(table.game.option_help)})
        table.touch()

    def _seated(self, conn: Connection) -> LiveTable:
        table = conn.table
        if table is None:
            raise BadMessage("no-table", 'say hello first: {"type": "hello", "table": ID, "seat": N, "token": T}')
        if conn.seat is None:
            raise BadMessage("spectator", "spectators cannot do that; open your seat's invite link to play")
        if not table.token_ok(conn):
            raise BadMessage("revoked", f"your token for seat {conn.seat} no longer works (the seat was vacated or re-invited)")
        return table

    async def move(self, conn: Connection, msg: dict) -> None:
        table = self._seated(conn)
        async with table.lock:
            state = table.state
            if table.row.kind != "live":
                raise BadMessage("replay", "this table replays a record; nobody plays at it")
            if state.is_over:
                raise BadMessage("over", "the game is over: no move is legal (ask for a rematch)")
            step = msg.get("step")
            if step is not None and step != table.step:
                raise BadMessage("stale", f"that move was chosen at step {step}, but the table is at step "
                                          f"{table.step}; choose again from the new position")
            if state.to_move != conn.seat:
                raise BadMessage("not-your-turn", f"it is {table.seat_name(state.to_move)}'s turn, not "
                                                  f"{table.seat_name(conn.seat)}'s; wait for yours")
            wanted = msg["action"]
            if isinstance(wanted, int):
                legal = state.legal_actions()
                found = [a for a in legal if a.id == wanted]
                if not found:
                    ids = ", ".join(f"{a.id} ({a.text})" for a in legal)
                    raise IllegalAction(f"no legal action has id {wanted}; yours are: {ids}")
                action = found[0]
            else:
                if len(wanted) > 200:
                    raise BadMessage("bad-field", "an action text is at most 200 characters")
                action = state.parse_action(wanted)
            self._commit(table, conn.seat, action)
            conn.ack = msg.get("id", True) if msg.get("id") is not None else True
        self.schedule_ai(table)

    def _commit(self, table: LiveTable, seat: int, action) -> None:
        """Apply ``action`` to the true state and store it; committed before anyone hears of it."""
        state = table.state
        state.apply(action)
        try:
            self.storage.add_action(table.id, table.step, seat, action.text, state.is_over)
        except Exception:
            log.exception("could not store a move at table %s; rebuilding it from storage", table.id)
            table.state = tabletome.replay(table.record())     # the stored actions, without this one
            table.invalidate()
            table.touch()
            raise BadMessage("storage", "the move could not be saved, so it was not made; try again")
        table.row.actions.append(action.text)
        table.step += 1
        table.row.over = state.is_over
        table.invalidate()
        for conn in table.conns:         # a hint for the position before is of no use now
            conn.cancel_hint()
        table.touch()

    # --- agents ----------------------------------------------------------------------------------
    def schedule_ai(self, table: LiveTable) -> None:
        if table.row.kind != "live" or (table.ai_task is not None and not table.ai_task.done()):
            return
        state = table.state
        if state.is_over or table.row.seats[state.to_move].agent is None:
            return
        task = asyncio.get_running_loop().create_task(self._run_ai(table))
        table.ai_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run_ai(self, table: LiveTable) -> None:
        try:
            while not table.state.is_over:
                seat = table.state.to_move
                spec = table.row.seats[seat].agent
                if spec is None or spec == RULE_SEAT:    # a seat played by the rules never decides
                    break
                step = table.step
                table.thinking = seat
                table.touch()
                if self.ai_delay:
                    await asyncio.sleep(self.ai_delay)
                seed = int.from_bytes(hashlib.sha256(f"{table.row.seed}:{step}".encode()).digest()[:7], "big")
                snapshot = table.state.snapshot()
                try:
                    text = await self.scheduler.run(table.id, ("choose", table.game.id, snapshot, spec, seed,
                                                               self.limits))
                except Exception as exc:
                    log.error("agent %s failed at table %s: %s", spec, table.id, exc)
                    table.ai_error = f"the agent {spec!r} failed: {exc}"
                    break
                async with table.lock:
                    if table.step != step:
                        continue
                    table.ai_error = None
                    self._commit(table, seat, table.state.parse_action(text))
        finally:
            table.thinking = None
            table.touch()

    def why(self, conn: Connection, msg: dict) -> None:
        """Why the seat to move cannot make a move now (core/glossary.py ``why_not``): only for
        that seat at its turn, since the refusal lists its legal actions."""
        from tabletome.core.glossary import why_not
        from tabletome.core.rulings import as_dict

        table = self._seated(conn)
        state = table.state
        if state.is_over or state.to_move != conn.seat:
            raise BadMessage("not-your-turn", "'why' is for the seat to move, at its turn")
        answer = why_not(table.game, state, msg["text"])
        term = lambda t: {"name": t.name, "text": t.text, "section": t.section, "ours": t.ours}  # noqa: E731
        conn.push({"type": "why", "id": msg.get("id"), "step": table.step, "available": answer["available"],
                   "action": answer["action"], "reason": answer["reason"],
                   "moment": ({"moment": answer["moment"].moment, "section": answer["moment"].section}
                              if answer["moment"] else None),
                   "terms": [term(t) for t in answer["terms"]],
                   "rulings": [as_dict(r) for r in answer["rulings"]]})

    def hint(self, conn: Connection, msg: dict) -> None:
        """Work out a hint for this page; one it asked for before is cancelled (it asked again)."""
        table = self._seated(conn)
        state = table.state
        if state.is_over or state.to_move != conn.seat:
            raise BadMessage("not-your-turn", "a hint is for the seat to move, at its turn")
        conn.cancel_hint()
        step, seat = table.step, conn.seat
        snapshot = state.snapshot()
        request = msg.get("id")

        async def work():
            try:
                rows = await self.scheduler.run(table.id, ("hint", table.game.id, snapshot, seat, step, self.limits))
                conn.push({"type": "hint", "id": request, "step": step, "rows": rows})
            except Exception as exc:
                conn.error("hint-failed", f"no hint this time: {exc}", request)

        task = asyncio.get_running_loop().create_task(work())
        conn.hint_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def rematch(self, conn: Connection, msg: dict) -> None:
        table = self._seated(conn)
        if not table.state.is_over:
            raise BadMessage("not-over", "a rematch is offered once the game is over")
        if table.row.rematch is None:
            row = table.row
            new, _, _ = self.create(row.game, row.players, row.options,
                                    [{"agent": s.agent, "name": s.name} for s in row.seats],
                                    cards=row.cards, host_hash=row.host_hash,
                                    token_hashes=[s.token_hash for s in row.seats])
            row.rematch = new.id
            self.storage.set_rematch(row.id, new.id)
            table.touch()
        conn.push({"type": "rematch", "id": msg.get("id"), "table": table.row.rematch})
