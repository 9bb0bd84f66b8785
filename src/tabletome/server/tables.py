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
and seat (msgspec, each top-level value on its own: a diff compares their JSON), however many pages
show it, and so is each diff.
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
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

import tabletome
from tabletome import IllegalAction
from tabletome.core.cards import CARD_FILES_KEPT
from tabletome.core.text import shown
from tabletome.undo import undo_point

from .limits import AgentLimits, CreationLimit, client_network
from .protocol import BadMessage, TooMany, seat_payload
from .storage import SeatRow, StepTaken, Storage, TableEnded, TableRow, token_hash
from .workers import JobFailed, Scheduler

log = logging.getLogger("tabletome.server")

CLOSE_REVOKED = 4401      # WebSocket close code: this seat's token no longer works
CLOSE_RATE = 1008         # policy violation: far too many messages
RULE_SEAT = "card"        # the 'agent' of a seat the game plays by its own rules (game.rule_seats)
CHAT_MAX = 300            # characters in one chat message
CHAT_KEPT = 50            # chat messages a page gets when it opens the table
EXPIRE_AFTER = 60 * 86400  # seconds an unfinished table (or an uploaded record) nobody is at is kept
MAX_PAGES = 500           # WebSockets one client address may hold open on one process
MAX_LOADED = 2000         # tables a process keeps loaded beyond those in use (about 11 KB each)
CHAT_RATE, CHAT_BURST = 0.5, 5     # chat messages a second one page may send, and in a burst
PRESENCE_TTL = 180.0      # seconds another process's word that a seat is online holds (it repeats it)
LOAD_TRIES = 5            # reads of a table in a thread (``Hub.aget``) before reading it on the loop

_encode = msgspec.json.Encoder().encode
_NOTHING = object()


def encode(value) -> str:
    """JSON text of ``value`` (msgspec: several times faster than the json module)."""
    return _encode(value).decode()


def decision_json(decision: dict) -> msgspec.Raw:
    """The JSON of a decision (``protocol.decision_for`` shares one dict between the positions
    it answers for), made once."""
    hit = _DECISION_JSON.get(id(decision))
    if hit is None or hit[0] is not decision:
        if len(_DECISION_JSON) >= 20_000:
            _DECISION_JSON.clear()
        hit = _DECISION_JSON[id(decision)] = (decision, msgspec.Raw(_encode(decision)))
    return hit[1]


_DECISION_JSON: dict[int, tuple] = {}   # id(a decision) -> (it, its JSON)


def new_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def card_info(game, card_text):
    try:
        return game.card_info(card_text) or {}
    except Exception:  # a game's display helper must never break a table
        log.exception("card_info failed for %s", game.id)
        return {}


def resignation(state, seat: int, step: int, why: str = "resigned") -> dict:
    """How a table ends when ``seat`` resigns (or runs out of time: ``why`` "timeout") at
    ``step``: every seat but its team wins (its teammates lose with it: ``state.teams()``)."""
    team = next((t for t in state.teams() if seat in t), (seat,))
    winners = [s for s in range(state.players) if s not in team]
    names = [state.seat_name(s) for s in winners]
    said = "resigned" if why == "resigned" else "ran out of time"
    text = (f"{state.seat_name(seat)} {said}"
            + (f": {' and '.join(names)} win{'s' if len(names) == 1 else ''}." if names else "."))
    return {why: seat, "step": step, "winners": winners, "text": text}


class Connection:
    """One open page: its WebSocket, its seat, and what it has been sent."""

    def __init__(self, ws, rate: float, burst: int):
        self.ws = ws
        self.client = ws.client.host if ws.client else None    # its address, as uvicorn gives it
        self.table: LiveTable | None = None
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.log_sent = 0
        self.view: dict | None = None      # the view this page has (its encoded parts, LiveTable.payload)
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
        self.watch_id = secrets.token_urlsafe(6)   # names this page while it watches (the host may remove it)
        self.chat_allowance = float(CHAT_BURST)
        self.chat_last = time.monotonic()

    def allow_chat(self) -> bool:
        now = time.monotonic()
        self.chat_allowance = min(CHAT_BURST, self.chat_allowance + (now - self.chat_last) * CHAT_RATE)
        self.chat_last = now
        if self.chat_allowance < 1:
            return False
        self.chat_allowance -= 1
        return True

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
        """Send queued messages and the latest state, in order, until the page goes away (a page
        that closes while a state is on its way has left: not an error)."""
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    await self._send(encode(self.outbox.popleft()))
                if self.dirty and self.table is not None:
                    self.dirty = False
                    await self._send(self.table.message_for(self))
                if self.closing is not None:
                    code, reason = self.closing
                    await self.ws.close(code=code, reason=reason)
                    return
        except WebSocketDisconnect:
            return

    async def _send(self, text: str) -> None:
        try:
            await self.ws.send_text(text)
        except RuntimeError:
            # uvicorn answered the page's close before its receive loop heard of it: the page has
            # left (uvicorn says so with a RuntimeError, not the WebSocketDisconnect of a lost one)
            raise WebSocketDisconnect(1000) from None


class LiveTable:
    def __init__(self, row: TableRow):
        self.row = row
        self.id = row.id
        self.game = tabletome.game(row.game)
        self._logs: dict = {}            # seat -> [the log mark read up to, the lines it may read]
        self.replay()
        self.step = len(row.actions)
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.thinking: int | None = None
        self.thinking_here = False       # the seat thinking is thinking in this process
        self.online_here: tuple = (frozenset(), frozenset())   # here(), as last told the others
        self.online_elsewhere: dict = {}  # another process -> ((its seats, its spectators), when told)
        self.chat: list[dict] | None = None    # the last CHAT_KEPT chat messages (read on first use)
        self.times: list[tuple] | None = None   # (seat, when) of each action, for the clock (read on first use)
        self.timing_out = False                 # an agent is playing a timed-out seat's move
        self.ai_error: str | None = None
        self.ai_task: asyncio.Task | None = None
        self._payloads: dict = {}
        self._last_views: tuple = ({}, {})     # the first view made at the last position, its parts
        self._seats_json: msgspec.Raw | None = None
        self._seats_until = float("inf")       # when an online word from another process grows old
        self.cards = card_info(self.game, row.cards)
        self.clock_now: dict | None = None       # the clock as pages were last told (the hub sets it)

    @staticmethod
    def record_of(row: TableRow) -> dict:
        record = {"game": row.game, "options": row.options, "players": row.players, "seed": row.seed,
                  "actions": list(row.actions)}
        if row.cards is not None:
            record["cards"] = row.cards
        if row.ended is not None:
            record["result"] = row.ended        # how it ended other than by the rules (a resignation)
        return record

    def clock(self, storage) -> dict | None:
        """The table's clock now, or None: real-time (``left``: seconds each seat has) or turn-based;
        ``deadline``: when the person to move runs out (epoch seconds). Counted from the stored
        actions' times, so it survives a restart and is the same in every process."""
        c = self.row.settings.get("clock")
        if not c or self.row.kind != "live":
            return None
        if self.times is None or len(self.times) != self.step:
            self.times = storage.action_times(self.id)
        now = time.time()
        players = self.row.players
        prev = c.get("from", self.row.created)       # when the last open seat was taken, if one was
        spent, moves = [0.0] * players, [0] * players
        for seat, at in self.times:
            if seat is not None and 0 <= seat < players:
                spent[seat] += at - prev
                moves[seat] += 1
            prev = at
        out = {"kind": c["kind"], "on_timeout": c["on_timeout"], "now": now, "deadline": None, "left": None}
        to_move = self.state.to_move
        person = not self.over and self.row.seats[to_move].agent is None
        if c["kind"] == "realtime":
            left = [c["minutes"] * 60 + c["increment"] * moves[s] - spent[s] for s in range(players)]
            if person:
                left[to_move] -= now - prev
                out["deadline"] = now + left[to_move]
            ended = self.row.ended
            if ended is not None and "timeout" in ended:
                left[ended["timeout"]] = 0      # its time ran out (the stored moves stop before)
            out["left"] = [round(x, 1) for x in left]
        elif person:
            out["deadline"] = prev + c["per_move"]
        return out

    def result_text(self) -> str:
        return self.row.ended["text"] if self.row.ended is not None else self.state.game.result_line(self.state)

    @property
    def over(self) -> bool:
        """The game is over by its rules, or the table ended (a resignation)."""
        return self.state.is_over or self.row.ended is not None

    def record(self) -> dict:
        return self.record_of(self.row)

    def replay(self) -> None:
        """The true state played again from the stored actions (on loading, after an undo or a move
        that could not be stored): the log each seat reads is read afresh."""
        self.state = tabletome.replay(self.record_of(self.row))
        self._logs.clear()
        self._movers: set | None = None

    def has_decided(self, seat) -> bool:
        """Whether ``seat`` has made a decision at this table (only then may it ask to undo one):
        the movers are read from a replay the first time a page asks, then kept (``moved_by``)."""
        if self._movers is None:
            state, movers = tabletome.replay(self.record(), upto=0), set()
            for text in self.row.actions:
                movers.add(state.to_move)
                state.apply(text)
            self._movers = movers
        return seat in self._movers

    def moved_by(self, seat) -> None:
        if self._movers is not None:
            self._movers.add(seat)

    def log_for(self, seat) -> list[str]:
        """The log lines ``seat`` may read, kept from one position to the next: each move reads only
        the lines it wrote (a position that does not continue this one comes through ``replay``).
        The list grows in place: only the payloads of the position it was read at hold it."""
        kept = self._logs.get(seat)
        if kept is None:
            kept = self._logs[seat] = [0, []]
        mark = self.state.log_mark()
        if mark < kept[0]:               # (a shorter log is another story: read it whole)
            kept[:] = [0, []]
        if mark != kept[0]:
            kept[1] += self.state.visible_log(seat, since=kept[0])
            kept[0] = mark
        return kept[1]

    # --- seats -------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.state.seat_name(seat)

    def token_ok(self, conn: Connection) -> bool:
        if conn.seat is None:
            return True
        current = self.row.seats[conn.seat].token_hash
        return current is not None and conn.token_hash is not None and hmac.compare_digest(current, conn.token_hash)

    def seats_online_here(self) -> frozenset:
        return frozenset(c.seat for c in self.conns if c.seat is not None and self.token_ok(c))

    def here(self) -> tuple:
        """Who has a page open in this process: (the seats, the spectators' ids)."""
        return (self.seats_online_here(), frozenset(c.watch_id for c in self.conns if c.seat is None))

    def everywhere(self) -> tuple[set, set]:
        """Who has a page open in any process: (the seats, the spectators' ids)."""
        seats, watchers = (set(x) for x in self.here())
        fresh = time.monotonic() - PRESENCE_TTL
        for (s, w), when in self.online_elsewhere.values():
            if when > fresh:
                seats |= s
                watchers |= w
        return seats, watchers

    def public_seats(self) -> list[dict]:
        online = self.everywhere()[0]
        out = []
        for s in self.row.seats:
            out.append({"seat": s.seat, "name": self.seat_name(s.seat), "player": s.name, "agent": s.agent,
                        "open": s.agent is None and s.token_hash is None, "online": s.seat in online})
        return out

    def info(self) -> dict:
        """The table's public facts: what any page may know."""
        return {"id": self.id, "game": self.game.id, "game_name": self.game.name, "players": self.row.players,
                "options": self.row.options, "kind": self.row.kind, "seats": self.public_seats(),
                "step": self.step, "over": self.over, "to_move": self.state.to_move,
                "rematch": self.row.rematch, "public": self.row.public, "created": self.row.created,
                "spectators": sorted(self.everywhere()[1]),
                "allow_spectators": self.row.settings.get("spectators", True),
                "spectator_chat": self.row.settings.get("spectator_chat", False)}

    # --- what a page receives ------------------------------------------------------------------
    def invalidate(self, in_place: bool = False) -> None:
        """The position changed: every seat's payload is made again (the seats list is not: it
        changes with the seats and who is online, and ``touch`` says when). ``in_place``: the
        state itself was moved on (not replaced), so the last views' values may have changed."""
        self._payloads.clear()
        if in_place:
            self._last_views = ({}, {})

    def payload(self, seat) -> dict:
        """What ``seat`` may receive at this position, its view encoded once (cached): each of the
        view's top-level values on its own (``parts``), so a diff compares encoded bytes."""
        cached = self._payloads.get(seat)
        if cached is None:
            self._make_payloads(seat)
            cached = self._payloads[seat]
        return cached

    def _make_payloads(self, seat) -> None:
        """The payloads of ``seat`` and of every other page's seat at this position, made together:
        what every seat sees alike is made and encoded once (``State.views``)."""
        seats = [s for s in {seat, *(c.seat for c in self.conns)} if s not in self._payloads]
        # a value that is the very one an earlier view held (another seat's at this position, or
        # one a game keeps, such as a catalogue) has that view's JSON: the views made last are
        # kept so that no value of theirs can be another's
        base, base_parts = self._last_views
        first = True
        for s, view in zip(seats, self.state.views(seats, log=False)):
            cached = seat_payload(self.state, s, self.log_for(s), view=view)
            cached["step"] = self.step
            if self.row.ended is not None and not self.state.is_over:
                cached.update(over=True, legal=[], winners=list(self.row.ended["winners"]), scores=[],
                              result=self.row.ended["text"])
            # the JSON of each top-level value (bytes: nothing shared with the game's state)
            view = cached.pop("view")
            parts = {key: base_parts[key] if value is base.get(key, _NOTHING) else _encode(value)
                     for key, value in view.items()}
            if first:
                base, base_parts, first = view, parts, False
            cached["parts"] = parts
            cached["view_json"] = None   # the whole view, made when a page needs it (after its hello)
            cached["keys"] = tuple(parts)
            cached["diffs"] = {}         # id(the parts a page has) -> (those parts, their step, the diff's JSON)
            cached["legal_json"] = msgspec.Raw(_encode(cached["legal"]))
            if cached["decision"] is not None:
                cached["decision"] = decision_json(cached["decision"])
            self._payloads[s] = cached
        self._last_views = (base, base_parts)

    def diff_json(self, p: dict, have: dict, have_step) -> msgspec.Raw:
        """The diff from the view whose parts are ``have`` (sent at ``have_step``) to this
        position's, as JSON: the top-level values whose JSON changed."""
        hit = p["diffs"].get(id(have))
        if hit is not None and hit[0] is have and hit[1] == have_step:
            return hit[2]
        diff = {"base": have_step,
                "set": {k: msgspec.Raw(raw) for k, raw in p["parts"].items() if have.get(k) != raw}}
        if p["keys"] != tuple(have):
            diff["keys"] = list(p["keys"])
        text = msgspec.Raw(_encode(diff))
        p["diffs"][id(have)] = (have, have_step, text)
        return text

    def seats_json(self) -> msgspec.Raw:
        """The public seats as JSON, made again after a ``touch`` that may change them, or once
        another process's word that a seat is online has grown old."""
        if self._seats_json is None or time.monotonic() >= self._seats_until:
            self._seats_json = msgspec.Raw(_encode(self.public_seats()))
            now = time.monotonic()
            self._seats_until = min((when + PRESENCE_TTL for _, when in self.online_elsewhere.values()
                                     if when + PRESENCE_TTL > now), default=float("inf"))
        return self._seats_json

    def message_for(self, conn: Connection) -> str:
        """The ``state`` message for one page: the whole view after its hello, else a diff."""
        p = self.payload(conn.seat)
        lines = p["log_all"]
        start = min(conn.log_sent, len(lines))
        message = {"type": "state", "table": self.id, "seat": conn.seat, "step": p["step"], "to_move": p["to_move"],
                   "over": p["over"], "log": {"from": start, "lines": lines[start:]},
                   "thinking": self.thinking, "ai_error": self.ai_error, "rematch": self.row.rematch,
                   "undo": ({"seat": self.row.undo["seat"], "accepted": self.row.undo["accepted"]}
                            if self.row.undo is not None else None),
                   "decided": (conn.seat is not None and self.row.kind == "live" and not self.over
                               and self.has_decided(conn.seat)),
                   "clock": self.clock_now,
                   "decision": p["decision"]}
        for key in ("winners", "scores", "result"):
            if key in p:
                message[key] = p[key]
        if conn.ack is not None:
            message["ack"] = conn.ack
            conn.ack = None
        conn.log_sent = len(lines)
        message["seats"] = self.seats_json()
        if conn.view is None:
            if p["view_json"] is None:
                p["view_json"] = msgspec.Raw(_encode({key: msgspec.Raw(raw) for key, raw in p["parts"].items()}))
            message["view"] = p["view_json"]
        else:
            message["diff"] = self.diff_json(p, conn.view, conn.sent_step)
        conn.view, conn.sent_step = p["parts"], p["step"]
        message["legal"] = p["legal_json"]
        return _encode(message).decode()

    def touch(self, seats: bool = True) -> None:
        """Send every page the table as it is now. ``seats``: the seats or who is online may have
        changed (False after a move, which changes neither)."""
        if seats:
            self._seats_json = None
        for conn in self.conns:
            conn.mark()


def _same_step(table: LiveTable, msg: dict, what: str, then: str) -> None:
    """A message that names the step of the position it was sent from (``step``: a move, an undo,
    an answer to one) is refused once the table has moved on: a repeated or late message never acts
    on a position its sender did not see."""
    step = msg.get("step")
    if step is not None and step != table.step:
        raise BadMessage("stale", f"{what} at step {step}, but the table is at step {table.step}; {then}")


class Hub:
    """Every live table, the connections to them, and the scheduler their agents think in."""

    def __init__(self, storage: Storage, ai_workers: int = 1, ai_delay: float = 0.3,
                 rate: float = 30.0, burst: int = 60, limits: AgentLimits | None = None,
                 cleanup_after: float = 3600.0, max_loaded: int = MAX_LOADED,
                 creations: CreationLimit | None = None, expire_after: float = EXPIRE_AFTER,
                 max_pages: int = MAX_PAGES):
        self.storage = storage
        self.max_pages = max_pages             # open pages (WebSockets) one client address may hold here
        self.pages: dict[str, int] = {}        # client_network -> its pages open here
        self.cleanup_after = cleanup_after     # seconds a public table nobody is at is kept
        self.expire_after = expire_after       # seconds an unfinished table or a record nobody is at is kept
        self.creations = creations or CreationLimit()
        # the tables loaded here, the least recently used first: at most ``max_loaded`` once the idle
        # ones are let go (``_let_go``); the storage holds every table, a page asking for one reloads it
        self.tables: dict[str, LiveTable] = {}
        self.max_loaded = max_loaded
        # tables being read in a worker thread (``aget``): id -> [reads under way, changes heard meanwhile]
        self._loading: dict[str, list[int]] = {}
        self.ai_delay = ai_delay
        self.rate = rate
        self.burst = burst
        self.limits = limits or AgentLimits()
        self.ai_workers = ai_workers
        self.scheduler = Scheduler(ai_workers)
        self._tasks: set[asyncio.Task] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._job_wake: asyncio.Event | None = None

    # --- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Resume the agents of every unfinished table (after a restart they carry on). With
        storage other processes share, listen to their changes and take agents' turns."""
        self._loop = asyncio.get_running_loop()
        if self.storage.shared:
            self._job_wake = asyncio.Event()
            self.storage.listen(self._heard)
            self._spawn(self._take_jobs())
        self._spawn(self._tidy())
        self._spawn(self._clocks())
        for table_id in self.storage.unfinished_with_clocks():
            try:
                self.get(table_id)
            except BadMessage:
                continue
        for table_id in self.storage.unfinished_with_agents():
            try:
                table = self.get(table_id)
            except BadMessage:
                continue
            if table is not None and self.storage.shared:
                if self._agent_to_move(table):
                    self.storage.add_job(table.id, table.step)
            elif table is not None:
                self.schedule_ai(table)

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.scheduler.shutdown()

    def connection(self, ws) -> Connection:
        return Connection(ws, self.rate, self.burst)

    def open_page(self, conn: Connection) -> bool:
        """Count a new page of its client; False (not counted) if that client has ``max_pages`` open."""
        network = client_network(conn.client)
        if self.pages.get(network, 0) >= self.max_pages:
            return False
        self.pages[network] = self.pages.get(network, 0) + 1
        return True

    def close_page(self, conn: Connection) -> None:
        network = client_network(conn.client)
        left = self.pages.get(network, 0) - 1
        if left > 0:
            self.pages[network] = left
        else:
            self.pages.pop(network, None)

    # --- tables --------------------------------------------------------------------------------
    def get(self, table_id: str) -> LiveTable | None:
        """The table, loaded here on first use (read from the storage and replayed) on the event
        loop, which serves nothing else meanwhile: for the start and the agents' jobs. HTTP
        requests and a page's hello ask ``aget``."""
        table = self._loaded(table_id)
        if table is not None:
            return table
        return self._keep(self._read(table_id))

    async def aget(self, table_id: str) -> LiveTable | None:
        """``get`` without holding up the event loop: a table not loaded here is read and replayed
        in a worker thread (starlette's ``run_in_threadpool``) and kept here back on the loop. A
        copy read while the table changed (loaded here by another request meanwhile, deleted, or
        changed by another process: ``_changed``) is dropped and the table read again."""
        for _ in range(LOAD_TRIES):
            table = self._loaded(table_id)
            if table is not None:
                return table
            loading = self._loading.setdefault(table_id, [0, 0])
            loading[0] += 1
            changes = loading[1]
            try:
                table = await run_in_threadpool(self._read, table_id)
            finally:
                loading[0] -= 1
                if not loading[0]:
                    del self._loading[table_id]
            if loading[1] == changes:
                return self._keep(table)
        return self.get(table_id)        # (changed at every try: read on the loop, where nothing can change it)

    def _loaded(self, table_id: str) -> LiveTable | None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            self.tables[table_id] = table    # (now the most recently used)
        return table

    def _read(self, table_id: str) -> LiveTable | None:
        """The table as stored, replayed; None if there is none. Touches nothing of the hub's
        (only the storage, which is thread-safe, and the game), so ``aget`` runs it in a thread."""
        row = self.storage.load_table(table_id)
        if row is None:
            return None
        try:
            return LiveTable(row)
        except IllegalAction as exc:
            log.error("table %s cannot be replayed: %s", table_id, exc)
            raise BadMessage("broken-table", f"table {table_id} can no longer be replayed: {exc}") from None

    def _keep(self, table: LiveTable | None) -> LiveTable | None:
        """A table just read becomes the one loaded here (on the event loop)."""
        if table is None:
            return None
        self.tables[table.id] = table
        self._changed(table.id)
        if self._loop is not None and not self.storage.shared:
            self.schedule_ai(table)          # an agent to move at a table let go (``_let_go``) plays on
        self._let_go(table)
        return table

    def _changed(self, table_id: str) -> None:
        """The table was loaded, deleted or changed meanwhile: a copy being read (``aget``) is stale."""
        loading = self._loading.get(table_id)
        if loading is not None:
            loading[1] += 1

    @staticmethod
    def _idle(table: LiveTable) -> bool:
        """Nothing here holds the table: no page, no agent thinking or playing on, no move being made."""
        return (not table.conns and table.thinking is None and not table.timing_out and not table.lock.locked()
                and (table.ai_task is None or table.ai_task.done()))

    def _let_go(self, keep: LiveTable) -> None:
        """Over ``max_loaded`` tables here, or over CARD_FILES_KEPT tables with a card file of
        their own (each holds what its game made of that file, up to megabytes): forget the least
        recently used idle ones (not ``keep``, just loaded). They stay in the storage, whole: a
        page, a job or a restart loads one again, and its clock (counted from the stored moves'
        times) runs out then if it ran out meanwhile."""
        over = len(self.tables) - self.max_loaded
        carded = sum(1 for t in self.tables.values() if t.row.cards is not None) - CARD_FILES_KEPT
        if over <= 0 and carded <= 0:
            return
        for table_id, table in list(self.tables.items()):
            if over <= 0 and carded <= 0:
                return
            heavy = table.row.cards is not None
            if table is keep or (over <= 0 and not heavy) or not self._idle(table):
                continue
            del self.tables[table_id]
            over -= 1
            carded -= heavy

    def create(self, game_id, players, options, seats: list[dict], seed=None, kind="live",
               actions=None, cards=None, host_hash=None, token_hashes=None,
               public=False, resigned=None, settings=None, client=_NOTHING) -> tuple[LiveTable, str, list]:
        """Start a table. ``seats``: [{"agent": spec or None, "name": str, "open": bool}]. Returns
        the table, the host token and each person's seat token (None for agents and open seats,
        which nobody holds until someone joins from the lobby or the host invites). ``client``:
        the address of the client asking, counted (``count_creation``) once the table is checked."""
        return self._open(*self._make(game_id, players, options, seats, seed=seed, kind=kind, actions=actions,
                                      cards=cards, host_hash=host_hash, token_hashes=token_hashes, public=public,
                                      resigned=resigned, settings=settings, client=client))

    async def acreate(self, game_id, players, options, seats: list[dict], **kw) -> tuple[LiveTable, str, list]:
        """``create`` without holding up the event loop: the table is made (its actions replayed,
        an uploaded record's among them), counted and stored in a worker thread, as ``aget`` reads
        one, and kept here back on the loop."""
        return self._open(*await run_in_threadpool(self._make, game_id, players, options, seats, **kw))

    def _make(self, game_id, players, options, seats: list[dict], seed=None, kind="live",
              actions=None, cards=None, host_hash=None, token_hashes=None,
              public=False, resigned=None, settings=None, client=_NOTHING) -> tuple[LiveTable, str, list]:
        """``create`` up to keeping the table: touches nothing of the hub's but the storage."""
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
            if kind != "live" or agent_spec is not None or seat.get("open"):
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
                       rows, list(actions or []), public=bool(public) and kind == "live", settings=dict(settings or {}))
        table = LiveTable(row)           # replays the actions: refuses a broken record
        if resigned is not None and not table.state.is_over:
            row.ended = resignation(table.state, resigned, table.step)
        row.over = table.over
        if client is not _NOTHING:
            self.count_creation(client)
        self.storage.create_table(row, job_step=table.step if self._agent_to_move(table) else None)
        return table, host, tokens

    def _open(self, table: LiveTable, host, tokens) -> tuple[LiveTable, str, list]:
        """A table just made becomes one loaded here (on the event loop)."""
        self.tables[table.id] = table
        if table.row.kind == "live":
            self.schedule_ai(table)
        self._let_go(table)
        return table, host, tokens

    def count_creation(self, client: str | None) -> None:
        """Count one new table, record or my-tables link for the client at address ``client``;
        refused (``TooMany``) past the server's limit this hour."""
        now = time.time()
        period = self.creations.period(now)
        key = self.creations.client_key(self.storage.client_secret, client, period)
        if not self.storage.count_creation(key, period, self.creations.per_hour):
            raise TooMany(*self.creations.refusal(now))

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

    # --- "my tables" ------------------------------------------------------------------------------
    def new_person(self) -> str:
        key = new_token()
        self.storage.add_person(token_hash(key))
        return key

    def reissue_person(self, key_hash: str) -> str | None:
        key = new_token()
        return key if self.storage.rekey_person(key_hash, token_hash(key)) else None

    async def add_person_seat(self, key_hash: str, table_id, seat, token) -> bool:
        """Add a seat to a my-tables link if ``token`` opens it now."""
        if not isinstance(table_id, str) or len(table_id) > 40 or not isinstance(token, str) or len(token) > 128:
            return False
        try:
            table = await self.aget(table_id)
        except BadMessage:
            return False
        if table is None or isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.row.players:
            return False
        current = table.row.seats[seat].token_hash
        if current is None or not hmac.compare_digest(current, token_hash(token)):
            return False
        await run_in_threadpool(self.storage.add_person_seat, key_hash, table.id, seat, current)
        return True

    async def person_tables(self, key_hash: str) -> list[tuple]:
        """(table, seat) for each seat of a my-tables link whose token has not changed since."""
        out = []
        for table_id, seat, held in await run_in_threadpool(self.storage.person_seats, key_hash):
            try:
                table = await self.aget(table_id)
            except BadMessage:
                continue
            if table is not None and 0 <= seat < table.row.players:
                current = table.row.seats[seat].token_hash
                if current is not None and hmac.compare_digest(current, held):
                    out.append((table, seat))
        return out

    def _person_holds(self, key, table: LiveTable, seat: int) -> str | None:
        """The seat's token hash if the my-tables link ``key`` holds that seat now, else None."""
        if not isinstance(key, str) or not 0 < len(key) <= 128:
            return None
        current = table.row.seats[seat].token_hash
        for table_id, s, held in self.storage.person_seats(token_hash(key)):
            if table_id == table.id and s == seat and current is not None and hmac.compare_digest(current, held):
                return current
        return None

    # --- clocks ------------------------------------------------------------------------------------
    async def _clocks(self) -> None:
        """Twice a second: the clock of each table here with one; a person whose time ran out
        loses, or an agent plays their move, as the table was created to do."""
        while True:
            await asyncio.sleep(0.5)
            for table in list(self.tables.values()):
                if not table.row.settings.get("clock"):
                    continue
                try:
                    self._tick(table)
                except Exception:
                    log.exception("the clock of table %s failed", table.id)

    def _tick(self, table: LiveTable) -> None:
        self._catch_up(table)
        clock = table.clock(self.storage)
        if clock is not None and (table.clock_now is None or clock["deadline"] != table.clock_now["deadline"]
                                  or table.over != table.row.over):
            table.clock_now = clock
            table.touch()
        if clock is None or clock["deadline"] is None or time.time() < clock["deadline"] or table.timing_out:
            return
        if any(s.agent is None and s.token_hash is None for s in table.row.seats):
            return                     # a seat is still open: nobody runs out of time before it is taken
        seat, step = table.state.to_move, table.step
        if clock["on_timeout"] == "lose":
            ended = resignation(table.state, seat, step, why="timeout")
            if self.storage.end_table(table.id, step, ended):
                table.row.ended = ended
                table.row.over = True
                table.invalidate()
            else:
                self._reload_facts(table)
            table.clock_now = table.clock(self.storage)
            table.touch()
        else:
            table.timing_out = True
            self._spawn(self._play_for(table, seat, step))

    async def _play_for(self, table: LiveTable, seat: int, step: int) -> None:
        """A person ran out of time: the heuristic agent makes their move."""
        try:
            seed = int.from_bytes(hashlib.sha256(f"{table.row.seed}:{step}:timeout".encode()).digest()[:7], "big")
            text = await self._think(table.id, table.game.id, table.state.snapshot(), "heuristic", seed)
            async with table.lock:
                self._catch_up(table)
                if table.step == step and not table.over and table.state.to_move == seat:
                    await self._commit(table, seat, table.state.parse_action(text))
        except BadMessage:
            pass                       # another process moved first
        finally:
            table.timing_out = False
        self.schedule_ai(table)

    # --- the lobby -------------------------------------------------------------------------------
    async def lobby(self) -> list[dict]:
        """Public tables with an open seat, the longest waiting first: their public facts."""
        out = []
        for table_id in await run_in_threadpool(self.storage.lobby):
            try:
                table = await self.aget(table_id)
            except BadMessage:
                continue
            if table is not None:
                self._catch_up(table)
                out.append(table.info())
        return out

    def join(self, table: LiveTable, seat, name: str) -> str:
        """Take an open seat of a public table: its new token, or refused if it is not open."""
        self._check_person_seat(table, seat)
        if not table.row.public:
            raise BadMessage("forbidden", "this table is private: only its host can invite someone to a seat")
        self._catch_up(table)
        if table.over:
            raise BadMessage("over", "the game at this table is over")
        token = new_token()
        if not self.storage.take_seat(table.id, seat, token_hash(token), name):
            self._reload_seats(table)
            raise BadMessage("taken", f"seat {seat} ({table.seat_name(seat)}) is not open any more: "
                                      "someone else sat down first")
        table.row.seats[seat].token_hash = token_hash(token)
        table.row.seats[seat].name = name
        self._start_clock(table)
        table.touch()
        return token

    def _start_clock(self, table: LiveTable) -> None:
        """A clock starts when the game can: once no seat is open, if nobody has moved yet."""
        clock = table.row.settings.get("clock")
        if not clock or table.step or any(s.agent is None and s.token_hash is None for s in table.row.seats):
            return
        settings = {**table.row.settings, "clock": {**clock, "from": time.time()}}
        self.storage.set_settings(table.id, table.row.public, settings)
        table.row.settings = settings
        table.times = None
        table.clock_now = table.clock(self.storage)

    async def _tidy(self) -> None:
        """Now and then: mark the tables whose pages are open here as seen; delete the public
        tables, not over, that nobody has been at for ``cleanup_after`` seconds, and the
        unfinished tables and uploaded records nobody has been at for ``expire_after``; forget
        the counts of creations of past hours."""
        period = min(PRESENCE_TTL / 3, max(0.5, self.cleanup_after / 4))
        while True:
            await asyncio.sleep(period)
            try:
                for table in list(self.tables.values()):
                    self.presence(table, again=True)
                here = [t.id for t in self.tables.values() if t.conns]
                if here:
                    self.storage.seen(here)
                now = time.time()
                for table_id in (self.storage.abandoned(now - self.cleanup_after)
                                 + self.storage.expired(now - self.expire_after)):
                    table = self.tables.get(table_id)
                    if table is not None and not self._idle(table):
                        continue
                    self.storage.delete_table(table_id)
                    self._forget(table_id)
                self.storage.forget_creations(self.creations.period(now))
            except Exception:
                log.exception("could not tidy the tables")

    def _forget(self, table_id: str) -> None:
        """A table deleted (here or by another process): its pages are told and closed."""
        self._changed(table_id)
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        for conn in list(table.conns):
            conn.error("deleted", "this table was deleted")
            conn.close_after_send(CLOSE_REVOKED, "table deleted")
        table.conns.clear()

    # --- the host's moderation ----------------------------------------------------------------
    def settle(self, table: LiveTable, host, public=None, spectators=None, spectator_chat=None) -> None:
        """The host makes the table public or private, lets spectators watch or not (closing
        every spectator's page), lets spectators write in the chat or not."""
        self.check_host(table, host)
        settings = dict(table.row.settings)
        if spectators is not None:
            settings["spectators"] = spectators
        if spectator_chat is not None:
            settings["spectator_chat"] = spectator_chat
        public = table.row.public if public is None else public
        self.storage.set_settings(table.id, public, settings)
        table.row.public, table.row.settings = public, settings
        if not settings.get("spectators", True):
            self._remove_watcher(table, None)
        table.touch()

    def remove_spectator(self, table: LiveTable, host, watch_id: str) -> None:
        self.check_host(table, host)
        if watch_id not in table.everywhere()[1]:
            raise BadMessage("bad-field", f"no spectator {shown(watch_id)} is watching this table")
        self._remove_watcher(table, watch_id)
        if self.storage.shared:
            self.storage.notify(table.id, "x", watch_id)

    def _remove_watcher(self, table: LiveTable, watch_id) -> None:
        """Close the page of spectator ``watch_id`` (None: of every spectator) in this process."""
        for conn in list(table.conns):
            if conn.seat is None and (watch_id is None or conn.watch_id == watch_id):
                conn.error("removed", "the host closed this table to you as a spectator")
                conn.close_after_send(CLOSE_REVOKED, "removed by the host")
                table.conns.discard(conn)
        self.presence(table)
        table.touch()

    def delete(self, table: LiveTable, host) -> None:
        self.check_host(table, host)
        self.storage.delete_table(table.id)
        self._forget(table.id)

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
        self._start_clock(table)
        self._drop_revoked(table, why)

    def _drop_revoked(self, table, why):
        """Tell and disconnect every page whose seat token no longer works."""
        for conn in list(table.conns):
            if conn.seat is not None and not table.token_ok(conn):
                conn.error("revoked", f"your token for seat {conn.seat} no longer works: {why}")
                conn.close_after_send(CLOSE_REVOKED, "token revoked")
                table.conns.discard(conn)
        self.presence(table)
        table.touch()

    def leave(self, conn: Connection) -> None:
        """A page left its table (closed, or said hello to another)."""
        table = conn.table
        table.conns.discard(conn)
        self.presence(table)
        table.touch()

    def presence(self, table: LiveTable, again: bool = False) -> None:
        """Tell the other processes which seats have a page open here, when that changed (or
        ``again``, to keep their word fresh)."""
        if not self.storage.shared:
            return
        here = table.here()
        if here != table.online_here or (again and (here[0] or here[1])):
            table.online_here = here
            self.storage.notify(table.id, "p", ",".join(map(str, sorted(here[0]))) + "|" + ",".join(sorted(here[1])))

    # --- messages from pages -------------------------------------------------------------------
    async def handle(self, conn: Connection, msg: dict) -> None:
        kind = msg["type"]
        request = msg.get("id")
        try:
            if kind == "ping":
                conn.push({"type": "pong", "id": request})
            elif kind == "hello":
                await self.hello(conn, msg)
            elif kind == "move":
                await self.move(conn, msg)
            elif kind == "hint":
                self.hint(conn, msg)
            elif kind == "why":
                self.why(conn, msg)
            elif kind == "rematch":
                self.rematch(conn, msg)
            elif kind == "chat":
                self.say(conn, msg)
            elif kind == "undo":
                self.undo(conn, msg)
            elif kind == "undo-reply":
                self.undo_reply(conn, msg)
            elif kind == "resign":
                self.resign(conn, msg)
        except BadMessage as exc:
            conn.error(exc.code, exc.message, request)
        except IllegalAction as exc:
            conn.error("illegal", str(exc), request)

    async def hello(self, conn: Connection, msg: dict) -> None:
        table = await self.aget(msg["table"])     # (a page's messages wait for it; other pages do not)
        if table is None:
            raise BadMessage("unknown-table", f"there is no table {shown(msg['table'])}; check the link")
        self._catch_up(table)
        seat = msg.get("seat")
        hashed = None
        if seat is None and not table.row.settings.get("spectators", True):
            raise BadMessage("no-spectators", "the host does not let anyone watch this table")
        if seat is not None:
            if not 0 <= seat < table.row.players:
                raise BadMessage("bad-seat", f"there is no seat {seat} at this table; seats are 0 to "
                                             f"{table.row.players - 1}, or null to watch")
            s = table.row.seats[seat]
            if s.agent is not None:
                raise BadMessage("bad-seat", f"seat {seat} ({table.seat_name(seat)}) is played by the agent {s.agent!r}")
            if s.token_hash is None:
                raise BadMessage("bad-token", f"seat {seat} ({table.seat_name(seat)}) is vacant: ask the host for a new invite link")
            hashed = self._person_holds(msg.get("me"), table, seat) if msg.get("me") is not None else None
            if hashed is None:
                hashed = token_hash(msg["token"] if isinstance(msg.get("token"), str) else "")
            if not hmac.compare_digest(hashed, s.token_hash):
                raise BadMessage("bad-token", f"that token does not open seat {seat} ({table.seat_name(seat)}): "
                                              "the link may be old (the seat re-invited) or mistyped")
        if conn.table is not None:
            self.leave(conn)
        conn.table, conn.seat, conn.token_hash, conn.log_sent = table, seat, hashed, 0
        conn.view = conn.sent_step = None        # the next state carries the whole view
        table.conns.add(conn)
        self.presence(table)
        if table.row.settings.get("clock"):
            table.clock_now = table.clock(self.storage)
        conn.push({"type": "welcome", "id": msg.get("id"), "table": table.info(), "seat": seat,
                   "seat_name": table.seat_name(seat) if seat is not None else None,
                   "cards": table.cards, "option_help": dict(table.game.option_help),
                   "chat": self._chat_of(table)})
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
            try:
                action = self._checked_move(table, conn, msg)
            except (BadMessage, IllegalAction):
                # another process may have moved on: refuse only what is refused at the latest step
                if not self._catch_up(table):
                    raise
                action = self._checked_move(table, conn, msg)
            await self._commit(table, conn.seat, action)
            conn.ack = msg.get("id", True) if msg.get("id") is not None else True
        self.schedule_ai(table)

    def _checked_move(self, table: LiveTable, conn: Connection, msg: dict):
        """The action ``msg`` asks for, checked against the table's position; refused otherwise."""
        state = table.state
        if table.row.kind != "live":
            raise BadMessage("replay", "this table replays a record; nobody plays at it")
        if table.over:
            raise BadMessage("over", "the game is over: no move is legal (ask for a rematch)")
        _same_step(table, msg, "that move was chosen", "choose again from the new position")
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
            return found[0]
        if len(wanted) > 200:
            raise BadMessage("bad-field", "an action text is at most 200 characters")
        return state.parse_action(wanted)

    async def _commit(self, table: LiveTable, seat: int, action) -> None:
        """Apply ``action`` to the true state and store it; committed before anyone hears of it.

        The move is stored with the other tables' moves that arrive meanwhile, in one transaction
        (``add_action_soon``), while the loop serves them; until it is committed the table keeps,
        and shows, the position before it (the move is applied to a copy). Call it holding the
        table's lock."""
        step = table.step
        state = table.state.clone()
        state.apply(action)
        spec = None if state.is_over else table.row.seats[state.to_move].agent
        job = spec is not None and spec != RULE_SEAT and table.row.kind == "live"
        try:
            await self.storage.add_action_soon(table.id, step, seat, action.text, state.is_over, job=job)
        except Exception as exc:
            self._not_stored(table, exc)
        if table.step != step:           # this process read the stored moves meanwhile (ours among them)
            self._rebuild(table)
            return
        table.moved_by(table.state.to_move)
        table.state = state
        self._moved(table, action)

    def _not_stored(self, table: LiveTable, exc: Exception) -> None:
        """A move could not be stored (its table's state is the one before it): say why."""
        taken = isinstance(exc, (StepTaken, TableEnded))
        if not taken:
            log.exception("could not store a move at table %s", table.id)
        if taken:
            self._rebuild(table)
        table.touch()
        if taken and table.over:
            raise BadMessage("over", "the table ended before this move (a resignation)") from None
        if taken:
            raise BadMessage("stale", f"another move was made at step {table.step - 1} first; "
                                      "choose again from the new position") from None
        raise BadMessage("storage", "the move could not be saved, so it was not made; try again") from None

    def _moved(self, table: LiveTable, action) -> None:
        """The move is stored and ``table.state`` holds it: the table moves on, the pages hear."""
        state = table.state
        table.row.actions.append(action.text)
        table.step += 1
        table.row.over = state.is_over
        table.row.undo = None
        if table.row.settings.get("clock"):
            table.clock_now = table.clock(self.storage)
        table.invalidate()
        for conn in table.conns:         # a hint for the position before is of no use now
            conn.cancel_hint()
        table.touch(seats=False)

    # --- other processes (storage they share) ---------------------------------------------------
    def _heard(self, payload) -> None:
        """A notification from another process (called from the storage's listening thread)."""
        try:
            self._loop.call_soon_threadsafe(self._notified, payload)
        except RuntimeError:             # the loop has closed: the server is stopping
            pass

    def _notified(self, payload) -> None:
        if payload is None:              # (re)connected: anything may have been missed
            for table in list(self.tables.values()):
                self._catch_up(table)
                self._reload_seats(table)
            self._job_wake.set()
            return
        try:
            origin, table_id, kind, detail = payload.split(" ", 3)
        except ValueError:
            log.error("a notification this server does not know: %r", payload[:100])
            return
        if kind == "j":
            self._job_wake.set()
            return
        if kind == "A":                  # moves stored together at these tables (storage.ADD_ACTIONS)
            for moved in detail.split(","):
                table = self.tables.get(moved)
                if table is not None:
                    self._follow(table, "a", "", origin)
            return
        table = self.tables.get(table_id)
        if table is None:                # not loaded here: it is read whole when a page asks for it
            if kind in ("s", "d", "u"):  # (its seats or facts changed, deleted, moves taken back)
                self._changed(table_id)  # a copy being read now is stale (its moves: caught up on use)
            return
        self._follow(table, kind, detail, origin)

    def _follow(self, table: LiveTable, kind: str, detail: str, origin: str) -> None:
        """A change another process made to a table loaded here."""
        try:
            if kind == "a":
                self._catch_up(table)
            elif kind == "s":
                self._reload_seats(table)
            elif kind == "d":
                self._forget(table.id)
            elif kind == "p":
                seats, _, watchers = detail.partition("|")
                seats = frozenset(int(x) for x in seats.split(",") if x.isdigit())
                watchers = frozenset(x for x in watchers.split(",") if x)
                table.online_elsewhere[origin] = ((seats, watchers), time.monotonic())
                table.touch()
            elif kind == "x":
                self._remove_watcher(table, detail)
            elif kind == "c":
                self._chat_news(table)
            elif kind == "u":
                self._rebuild(table)
            elif kind == "k" and not table.thinking_here:
                table.thinking = int(detail) if detail.isdigit() else None
                table.touch()
        except Exception:
            log.exception("could not follow a change to table %s made by another process", table.id)

    def _catch_up(self, table: LiveTable) -> bool:
        """Apply the actions other processes stored since this table's step; True if any."""
        if not self.storage.shared or table.row.kind != "live":
            return False
        texts = self.storage.actions_from(table.id, table.step)
        if not texts:
            return False
        for text in texts:
            table.moved_by(table.state.to_move)
            table.state.apply(text)
            table.row.actions.append(text)
            table.step += 1
        table.row.over = table.state.is_over
        table.row.undo = None
        if not table.thinking_here:
            table.thinking = None
        table.invalidate(in_place=True)
        table.touch(seats=False)
        return True

    def _reload_seats(self, table: LiveTable) -> None:
        """Seat tokens and the rematch as another process left them."""
        for s in self.storage.load_seats(table.id):
            if 0 <= s.seat < len(table.row.seats):
                table.row.seats[s.seat].token_hash = s.token_hash
                table.row.seats[s.seat].name = s.name
        self._reload_facts(table)
        self._drop_revoked(table, "the seat was re-invited or vacated")
        table.touch()

    def _reload_facts(self, table: LiveTable) -> None:
        """The rematch, public and ended as another process left them."""
        facts = self.storage.load_facts(table.id)
        if facts is None:
            return
        rematch, public, ended, settings, undo = facts
        table.row.undo = undo
        table.row.settings = settings
        if not settings.get("spectators", True):
            self._remove_watcher(table, None)
        if ended != table.row.ended:
            table.row.ended = ended
            table.row.over = table.over
            table.invalidate()
        table.row.rematch, table.row.public = rematch, public

    # --- agents ----------------------------------------------------------------------------------
    @staticmethod
    def _agent_to_move(table: LiveTable) -> bool:
        """Whether an agent (not a seat the game plays by its rules) decides the next move."""
        state = table.state
        if table.row.kind != "live" or table.over:
            return False
        spec = table.row.seats[state.to_move].agent
        return spec is not None and spec != RULE_SEAT

    def schedule_ai(self, table: LiveTable) -> None:
        if self.storage.shared:
            # the agent's turn is a job stored with the move that made it (any process takes it)
            if self._agent_to_move(table):
                self._job_wake.set()
            return
        if table.row.kind != "live" or (table.ai_task is not None and not table.ai_task.done()):
            return
        state = table.state
        if table.over or table.row.seats[state.to_move].agent is None:
            return
        table.ai_task = self._spawn(self._run_ai(table))

    async def _run_ai(self, table: LiveTable) -> None:
        """One process on its own storage: the table's agents move one after the other."""
        while await self._agent_turn(table):
            pass

    async def _take_jobs(self) -> None:
        """Storage shared by several processes: take agents' turns (jobs) that no other process
        holds, at most ``ai_workers`` at once, until the server stops."""
        slots = asyncio.Semaphore(max(1, self.ai_workers))
        while True:
            self._job_wake.clear()
            while not slots.locked():
                job = self.storage.claim_job()
                if job is None:
                    break
                await slots.acquire()
                self._spawn(self._do_job(job, slots))
            try:
                # also look again now and then: a job whose process died is free again
                await asyncio.wait_for(self._job_wake.wait(), 1.0)
            except asyncio.TimeoutError:
                pass

    async def _do_job(self, job, slots: asyncio.Semaphore) -> None:
        done = True
        try:
            table = self.get(job.table_id)
            if table is not None:
                self._catch_up(table)
                if table.step == job.step:
                    await self._agent_turn(table)
        except asyncio.CancelledError:
            done = False                 # stopping: another process takes it
            raise
        except Exception:
            log.exception("an agent's turn at table %s failed", job.table_id)
        finally:
            self.storage.finish_job(job, done)
            slots.release()
            if self._job_wake is not None:
                self._job_wake.set()

    async def _agent_turn(self, table: LiveTable) -> bool:
        """The agent to move at ``table`` decides and its move is made; False when no agent is to
        move or it failed (the table shows why)."""
        if not self._agent_to_move(table):
            return False
        seat = table.state.to_move
        spec = table.row.seats[seat].agent
        step = table.step
        table.thinking, table.thinking_here = seat, True
        table.touch()
        if self.storage.shared:
            self.storage.notify(table.id, "k", seat)
        try:
            if self.ai_delay:
                await asyncio.sleep(self.ai_delay)
            seed = int.from_bytes(hashlib.sha256(f"{table.row.seed}:{step}".encode()).digest()[:7], "big")
            try:
                text = await self._think(table.id, table.game.id, table.state.snapshot(), spec, seed)
            except Exception as exc:
                log.exception("agent %s failed at table %s", spec, table.id)
                why = exc if isinstance(exc, JobFailed) else type(exc).__name__
                table.ai_error = f"the agent {spec!r} failed: {why}"
                if self.storage.shared:
                    self.storage.notify(table.id, "k", "-")
                return False
            async with table.lock:
                self._catch_up(table)
                if table.step == step:
                    table.ai_error = None
                    try:
                        await self._commit(table, seat, table.state.parse_action(text))
                    except BadMessage:       # another process moved first: look again
                        pass
            return True
        finally:
            table.thinking, table.thinking_here = None, False
            table.touch()

    async def _think(self, table_id: str, game_id: str, snapshot: dict, spec: str, seed: int) -> str:
        """The action text agent ``spec`` picks in ``snapshot``, worked out by the scheduler's
        workers in time slices fair between tables (workers.py), within the server's limits."""
        return await self.scheduler.run(table_id, ("choose", game_id, snapshot, spec, seed, self.limits))

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
        if table.over or state.to_move != conn.seat:
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

    # --- chat --------------------------------------------------------------------------------------
    def _chat_of(self, table: LiveTable) -> list[dict]:
        if table.chat is None:
            table.chat = self.storage.chat_after(table.id, 0, CHAT_KEPT)
        return table.chat

    def say(self, conn: Connection, msg: dict) -> None:
        """A chat message to the table: plain text, kept with the table, sent to every page."""
        table = conn.table
        if table is None:
            raise BadMessage("no-table", 'say hello first: {"type": "hello", "table": ID, "seat": N, "token": T}')
        if conn.seat is None:
            if not table.row.settings.get("spectator_chat", False):
                raise BadMessage("spectator", "spectators read the chat; the host may let them write too")
            who = "a spectator"
        else:
            self._seated(conn)
            player = table.row.seats[conn.seat].name
            who = table.seat_name(conn.seat) + (f" ({player})" if player else "")
        text = "".join(ch if ch.isprintable() else " " for ch in msg["text"]).strip()
        if not text:
            raise BadMessage("bad-field", "a chat message needs some text")
        if len(text) > CHAT_MAX:
            raise BadMessage("bad-field", f"a chat message is at most {CHAT_MAX} characters; this one has {len(text)}")
        if not conn.allow_chat():
            raise BadMessage("rate", f"too many chat messages: at most {CHAT_BURST} at once, then one every "
                                     f"{1 / CHAT_RATE:g} seconds")
        self.storage.add_chat(table.id, conn.seat, who, text)
        self._chat_news(table)

    def _chat_news(self, table: LiveTable) -> None:
        """Send every page the chat messages stored since the last one this process knows."""
        kept = self._chat_of(table)
        new = self.storage.chat_after(table.id, kept[-1]["id"] if kept else 0, CHAT_KEPT)
        if not new:
            return
        kept.extend(new)
        del kept[:-CHAT_KEPT]
        for conn in table.conns:
            conn.push({"type": "chat", "messages": new})

    # --- undo ----------------------------------------------------------------------------------------
    def undo(self, conn: Connection, msg: dict) -> None:
        """Take back this seat's last decision (and the agents' replies since) when nothing since
        revealed anything to it or used chance (the terminal's rule): at once when no other person
        sits at the table, else once every other person accepts."""
        table = self._seated(conn)
        self._catch_up(table)
        if table.row.kind != "live" or table.over:
            raise BadMessage("over", "the game is over: nothing can be taken back")
        _same_step(table, msg, "that undo was asked", "ask again if you still want to")
        if table.row.undo is not None:
            raise BadMessage("busy", f"{table.seat_name(table.row.undo['seat'])} has asked to undo; "
                                     "wait for the answer")
        seats = table.row.seats
        people = [s.seat for s in seats if s.agent is None and s.seat != conn.seat]
        agents = [s.seat for s in seats if s.agent is not None]
        point = undo_point(table.state, conn.seat, people, agents)
        if point.reason:
            raise BadMessage("cannot-undo", f"cannot undo: {point.reason}")
        to = len(point.state.record()["actions"])
        if not people:
            self._undo_now(table, to, conn)
        else:
            request = {"seat": conn.seat, "step": table.step, "to": to, "accepted": []}
            if not self.storage.set_undo(table.id, table.step, request):
                self._rebuild(table)
                raise BadMessage("stale", "the table moved on meanwhile; ask again if you still want to")
            table.row.undo = request
            table.touch()
        conn.ack = msg.get("id", True) if msg.get("id") is not None else True

    def undo_reply(self, conn: Connection, msg: dict) -> None:
        """Another person accepts or declines the pending undo request."""
        table = self._seated(conn)
        self._catch_up(table)
        request = table.row.undo
        if request is None or request["seat"] == conn.seat:
            raise BadMessage("no-undo", "nobody else has asked to undo at this table now")
        _same_step(table, msg, "that answer was to the request", "nothing was taken back")
        if msg.get("accept") is True:
            accepted = sorted(set(request["accepted"]) | {conn.seat})
            people = {s.seat for s in table.row.seats if s.agent is None and s.seat != request["seat"]}
            if people <= set(accepted):
                self._undo_now(table, request["to"], conn)
            else:
                request = {**request, "accepted": accepted}
                if not self.storage.set_undo(table.id, table.step, request):
                    self._rebuild(table)
                    raise BadMessage("stale", "the table moved on meanwhile")
                table.row.undo = request
        else:
            self.storage.set_undo(table.id, table.step, None)
            table.row.undo = None
        table.touch()
        conn.ack = msg.get("id", True) if msg.get("id") is not None else True

    def _undo_now(self, table: LiveTable, to: int, conn: Connection) -> None:
        if not self.storage.undo_to(table.id, table.step, to):
            self._rebuild(table)
            raise BadMessage("stale", "the table moved on meanwhile; ask again if you still want to")
        del table.row.actions[to:]
        table.row.undo = None
        self._rebuild(table, reload=False)

    def _rebuild(self, table: LiveTable, reload: bool = True) -> None:
        """The table's true state replayed from its actions (read again from storage when
        ``reload``), after an undo or a move another process refused."""
        if reload:
            row = self.storage.load_table(table.id)
            if row is None:
                self._forget(table.id)
                return
            table.row.actions = row.actions
            table.row.ended, table.row.undo, table.row.rematch = row.ended, row.undo, row.rematch
        table.replay()
        table.step = len(table.row.actions)
        table.row.over = table.over
        table.invalidate()
        table.touch()

    def resign(self, conn: Connection, msg: dict) -> None:
        """The seat gives up: the table ends now, every other seat winning (the record says so)."""
        table = self._seated(conn)
        if table.row.kind != "live":
            raise BadMessage("replay", "this table replays a record; nobody plays at it")
        for _ in range(5):       # another process may store a move first: resign after it
            self._catch_up(table)
            if table.over:
                raise BadMessage("over", "the game is over already")
            ended = resignation(table.state, conn.seat, table.step)
            if self.storage.end_table(table.id, table.step, ended):
                break
            self._reload_facts(table)
        else:
            raise BadMessage("busy", "the table kept moving on; resign again")
        table.row.ended = ended
        table.row.over = True
        table.invalidate()
        table.touch()
        conn.ack = msg.get("id", True) if msg.get("id") is not None else True

    def rematch(self, conn: Connection, msg: dict) -> None:
        table = self._seated(conn)
        if not table.over:
            raise BadMessage("not-over", "a rematch is offered once the game is over")
        if table.row.rematch is None:
            row = table.row
            new, _, _ = self.create(row.game, row.players, row.options,
                                    [{"agent": s.agent, "name": s.name} for s in row.seats],
                                    cards=row.cards, host_hash=row.host_hash,
                                    token_hashes=[s.token_hash for s in row.seats],
                                    settings=row.settings,     # the same clock and spectator rules
                                    client=conn.client)
            row.rematch = self.storage.set_rematch(row.id, new.id)
            if row.rematch != new.id:    # another process made the rematch first
                self.storage.delete_table(new.id)
                self.tables.pop(new.id, None)
            table.touch()
        conn.push({"type": "rematch", "id": msg.get("id"), "table": table.row.rematch})
