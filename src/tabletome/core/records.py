"""Game records: ``{game, options, players, seed, actions: [text, ...]}``, saved as JSON (with
``cards``, the card file's text, when the game was played with a card file of its own).

Replaying a record starts the game with the same seed and options and applies each action text
in turn, so every state of the game is rebuilt exactly, by the rules it was played with: a game
whose rules changed since keeps its older rules (option ``rules_version``, game.py) for a record
that names no ``rules_version`` among its options.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import IllegalAction
from .game import RULES_VERSION
from .files import MAX_RECORD_FILE, read_text
from .rng import check_seed
from .text import shown
from .registry import game as find_game

RECORD_FIELDS = ("game", "options", "players", "seed", "actions")
MAX_ACTIONS = 100_000     # more than any game lasts (each declares its length limit, at most 10,000)


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
    check_seed(record["seed"], "record field 'seed'")
    if not isinstance(record["game"], str):
        raise IllegalAction(f"record field 'game' must be a game id such as 'spirit-link', not {shown(record['game'])}")
    if not isinstance(record["players"], int) or isinstance(record["players"], bool):
        raise IllegalAction(f"record field 'players' must be a whole number, not {shown(record['players'])}")
    if len(record["actions"]) > MAX_ACTIONS:
        raise IllegalAction(f"record field 'actions' holds {len(record['actions'])} actions; a record holds at most {MAX_ACTIONS:,}")
    bad = [v for v in record["options"].values() if not isinstance(v, (str, int, float, bool))]
    if bad:
        raise IllegalAction(f"record field 'options' maps option names to values (text or numbers), not {shown(bad[0])}")
    seats = record.get("seats")
    if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, str) and len(s) <= 200 for s in seats)):
        raise IllegalAction("record field 'seats' must be a list of agent specs ('human', 'heuristic', ...)")


def replay(record: dict, upto: int | None = None, on_step=None):
    """The state after replaying ``record`` (its first ``upto`` actions if given). ``on_step``,
    if given, is called with each state after each action."""
    check_record(record)
    game = find_game(record["game"])
    cards = record.get("cards")
    if cards is not None and not isinstance(cards, str):
        raise IllegalAction("record field 'cards' must be the text of a card file")
    options = record["options"]
    if RULES_VERSION in game.options and RULES_VERSION not in options:
        options = {**options, RULES_VERSION: 1}     # saved before the game's rules had a revision
    state = game.new(players=record["players"], seed=record["seed"], card_text=cards, **options)
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
    text = read_text(path, "record file", MAX_RECORD_FILE)
    try:
        record = json.loads(text)
    except ValueError as exc:     # JSONDecodeError, or a number of more than 4,300 digits
        raise IllegalAction(f"record {path} is not valid JSON: {exc}") from None
    except RecursionError:
        raise IllegalAction(f"record {path} is not a game record: its JSON is nested too deeply") from None
    check_record(record)
    return record
