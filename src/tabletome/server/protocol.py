"""The WebSocket message protocol: checking what a page sends, building what a seat receives.

Everything a seat receives is built here from the contract alone: ``view(seat)`` (its log taken
out and sent as new lines), that seat's legal actions only when it is to move, and the table's
public facts (seats, who is thinking, the result). docs/server.md describes every message.
"""

from __future__ import annotations

import json
import re

from tabletome.core.glossary import moment_of
from tabletome.core.rulings import applying, as_dict, named_by
from tabletome.core.text import shown

MAX_MESSAGE = 4096          # bytes a page may send in one message
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
CLIENT_TYPES = ("hello", "move", "hint", "why", "rematch", "resign", "chat", "undo", "undo-reply", "ping")


class BadMessage(Exception):
    """A message refused before it reaches a table: its text says what was wrong and what is allowed."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class TooMany(BadMessage):
    """A client made as many tables, records and links as the server allows this hour (HTTP 429)."""

    def __init__(self, message: str, retry_after: int):
        super().__init__("too-many", message)
        self.retry_after = retry_after


def parse_message(raw) -> dict:
    """Check one incoming frame; return the message dict or raise ``BadMessage``."""
    if not isinstance(raw, str):
        raise BadMessage("bad-frame", "send text frames holding one JSON object, not binary frames")
    size = len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise BadMessage("too-large", f"a message is at most {MAX_MESSAGE} bytes; this one has {size}")
    try:
        msg = json.loads(raw)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise BadMessage("malformed", f"malformed JSON ({exc.msg if hasattr(exc, 'msg') else exc}); "
                                      'send one object such as {"type": "move", "action": "pass"}') from None
    if not isinstance(msg, dict):
        raise BadMessage("malformed", f"a message is a JSON object, not {type(msg).__name__}")
    if "\\u" in raw and not unicode_ok(msg):
        raise BadMessage("malformed", "a message's text must be Unicode: it holds a lone surrogate escape "
                                      "(\\ud800 to \\udfff not in a pair)")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise BadMessage("unknown-type", f"unknown message type {shown(kind)}; types are: {', '.join(CLIENT_TYPES)}")
    if "id" in msg and not (msg["id"] is None or isinstance(msg["id"], (int, str)) and not isinstance(msg["id"], bool)):
        raise BadMessage("bad-field", "field 'id' (your request id, echoed back) must be a number or a string")
    if isinstance(msg.get("id"), str) and len(msg["id"]) > 64:
        raise BadMessage("bad-field", "field 'id' is at most 64 characters")
    if kind == "hello":
        table = msg.get("table")
        if not isinstance(table, str) or not TABLE_ID.match(table):
            raise BadMessage("bad-field", f"field 'table' must be a table id (letters, digits, - and _), not {shown(table)}")
        seat = msg.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise BadMessage("bad-field", f"field 'seat' must be a seat number or null for a spectator, not {shown(seat)}")
        token, me = msg.get("token"), msg.get("me")
        if me is not None and (not isinstance(me, str) or not 0 < len(me) <= 128):
            raise BadMessage("bad-field", "field 'me' must be the secret of your my-tables link")
        if seat is not None and me is None and (not isinstance(token, str) or not 0 < len(token) <= 128):
            raise BadMessage("bad-field", "a seat needs field 'token', the secret from its invite link "
                                          "(or 'me', the secret of your my-tables link)")
    elif kind == "move":
        action = msg.get("action")
        if isinstance(action, bool) or not isinstance(action, (str, int)):
            raise BadMessage("bad-field", f"field 'action' must be an action's text or id, not {shown(action)}")
    elif kind == "why":
        text = msg.get("text")
        if not isinstance(text, str) or not 0 < len(text) <= 200:
            raise BadMessage("bad-field", "field 'text' must be a move's text, 1 to 200 characters")
    elif kind == "undo-reply":
        if not isinstance(msg.get("accept"), bool):
            raise BadMessage("bad-field", "field 'accept' must be true (take it back) or false (decline)")
    if kind in ("move", "undo", "undo-reply"):
        step = msg.get("step")
        if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
            raise BadMessage("bad-field", f"field 'step' must be the step number of the position you saw, not {shown(step)}")
    if kind == "chat":
        if not isinstance(msg.get("text"), str):
            raise BadMessage("bad-field", f"field 'text' must be the chat message's text, not {shown(msg.get('text'))}")
    return msg


def unicode_ok(value) -> bool:
    """True if every string in ``value`` (JSON data) can be encoded: no lone surrogate from a
    ``\\ud800``-style escape, which no reply echoing it could be sent with."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def decision_for(state, seat, view: dict | None = None, legal=None) -> dict | None:
    """For the seat to move only: the moment being decided and its rulebook section (glossary.toml
    ``moment``), and the rulings of ours (rulings.toml, RULES.md) that apply to its choices,
    marked as ours (core/rulings.py). ``view`` and ``legal``: that seat's view and legal actions
    now, when the caller has them already. The answer is remembered and shared: do not change it."""
    if seat is None or state.is_over or state.to_move != seat:
        return None
    game = state.game
    if view is None:
        view = state.view(seat)
    if legal is None:
        legal = state.legal_actions()
    # the same phase and the same rulings named by the choices give the same answer
    key = (game.id, game.moment_phase(view), named_by(game, legal))
    found = _DECISIONS.get(key)
    if found is None:
        if len(_DECISIONS) >= DECISIONS_KEPT:
            _DECISIONS.clear()
        term = moment_of(game, view)
        found = _DECISIONS[key] = {"moment": term.moment if term else None,
                                   "section": term.section if term else None,
                                   "rulings": [as_dict(r) for r in applying(game, term, legal)]}
    return found


_DECISIONS: dict[tuple, dict] = {}
DECISIONS_KEPT = 20_000      # (game, phase, legal actions) answers remembered before starting afresh


def seat_payload(state, seat: int | None, log: list[str] | None = None, view: dict | None = None) -> dict:
    """What ``seat`` (None: a spectator) may receive about ``state`` now, log as a full list
    (``log``: that list, when the caller keeps it; ``view``: that seat's view without its log,
    when the caller made it).

    Legal actions are listed only for the seat to move: another seat's list could name the cards
    in its hand."""
    if view is None:
        view = state.view(seat, log=log is None)
    if log is None:
        log = view.pop("log", [])
    over = state.is_over
    mine = seat is not None and state.to_move == seat
    legal = state.legal_actions() if mine else ()
    payload = {
        "step": None,          # filled in by the table
        "to_move": state.to_move,
        "over": over,
        "view": view,
        "legal": [{"id": a.id, "text": a.text} for a in legal],
        "log_all": log,
        "decision": decision_for(state, seat, view, legal) if mine else None,
    }
    if over:
        payload["winners"] = list(state.winners)
        payload["scores"] = list(state.scores)
        payload["result"] = state.game.result_line(state)
    return payload
