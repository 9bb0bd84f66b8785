"""Game records: ``{game, options, players, seed, actions: [text, ...]}``, saved as JSON (with
``cards``, the card file's text, when the game was played with a card file of its own).

Replaying a record starts the game with the same seed and options and applies each action text
in turn, so every state of the game is rebuilt exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import IllegalAction
from .files import read_text
from .registry import game as find_game

RECORD_FIELDS = ("game", "options", "players", "seed", "actions")


def check_record(record) -> None:
    if not isinstance(record, dict):
        raise IllegalAction(f"a game record is a JSON object, not {type(record).__name__}")
    missing = [f for f in RECORD_FIELDS if f not in record]
    if missing:
        raise IllegalAction(f"the game record lacks {', '.join(missing)}; a record has {', '.join(RECORD_FIELDS)}")
    if not isinstance(record["options"], dict):
        raise IllegalAction("record field 'options' must be an object of option names to values")
    if not isinstance(record["actions"], list) or not all(isinstance(a, str) for a in record["actions"]):
        raise IllegalAction("record field 'actions' must be a list of action texts")
    if not isinstance(record["seed"], int) or isinstance(record["seed"], bool):
        raise IllegalAction(f"record field 'seed' must be a whole number, not {record['seed']!r}")


def replay(record: dict, upto: int | None = None, on_step=None):
    """The state after replaying ``record`` (its first ``upto`` actions if given). ``on_step``,
    if given, is called with each state after each action."""
    check_record(record)
    game = find_game(record["game"])
    cards = record.get("cards")
    if cards is not None and not isinstance(cards, str):
        raise IllegalAction("record field 'cards' must be the text of a card file")
    state = game.new(players=record["players"], seed=record["seed"], card_text=cards, **record["options"])
    actions = record["actions"] if upto is None else record["actions"][:upto]
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise IllegalAction(f"record action {i + 1} ({text!r}) cannot be replayed: {exc}") from None
        if on_step is not None:
            on_step(state)
    return state


def save_record(record: dict, path) -> Path:
    check_record(record)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n")
    return path


def load_record(path) -> dict:
    text = read_text(path, "record file")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IllegalAction(f"record {path} is not valid JSON: {exc}") from None
    check_record(record)
    return record
