"""Actions: a canonical text for people and an integer id for learning tools.

Each game builds one ``ActionTable`` holding every action it can ever offer, each made once. A
state's ``legal_actions()`` hands out these same objects, so comparing actions is comparing
identities and an action's id never changes within a game.
"""

from __future__ import annotations

from .errors import IllegalAction
from .text import shown


class Action:
    """One choice a seat can make. ``str(action)`` is its canonical text, ``action.id`` its integer
    id in ``range(game.num_actions)``.

    What it touches, for tools that must not parse text (the lab's card statistics, a page's
    clickable cards): ``kind`` (the game's word for this sort of choice: "transform", "cast",
    "pass"...), ``cards`` (the names of the cards or components it involves, e.g. the card played
    and the card it targets; empty when none) and ``target`` (the seat it is aimed at, or None).
    ``args`` are for the game's own rules code."""

    __slots__ = ("id", "text", "kind", "args", "cards", "target")

    def __init__(self, id: int, text: str, kind: str, args: tuple = (), cards: tuple = (),
                 target: int | None = None):
        self.id = id
        self.text = text
        self.kind = kind
        self.args = args
        self.cards = tuple(cards)
        self.target = target

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.text!r})"

    def __reduce__(self):
        return (Action, (self.id, self.text, self.kind, self.args, self.cards, self.target))

    def describe(self) -> dict:
        """The action as JSON-ready structured fields: id, text, kind, cards, target."""
        return {"id": self.id, "text": self.text, "kind": self.kind, "cards": list(self.cards),
                "target": self.target}


def normalize_text(text: str) -> str:
    """Action text compares case-insensitively and with runs of spaces collapsed."""
    return " ".join(text.split()).lower()


class ActionTable:
    """Every action a game can offer, in id order, findable by id, text or (kind, args)."""

    def __init__(self):
        self.actions: list[Action] = []
        self._by_text: dict[str, Action] = {}
        self._by_key: dict[tuple, Action] = {}

    def add(self, text: str, kind: str, *args, cards: tuple = (), target: int | None = None) -> Action:
        """A new action; ``cards`` and ``target`` say what it touches (see ``Action``)."""
        key = normalize_text(text)
        if key in self._by_text:
            raise ValueError(f"duplicate action text {text!r}")
        action = Action(len(self.actions), text, kind, args, cards, target)
        self.actions.append(action)
        self._by_text[key] = action
        self._by_key[(kind, *args)] = action
        return action

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, action_id: int) -> Action:
        return self.actions[action_id]

    def get(self, kind: str, *args) -> Action:
        """The action of this kind with these arguments."""
        return self._by_key[(kind, *args)]

    def find(self, text: str) -> Action | None:
        """The action whose canonical text is ``text`` (case and spacing aside), or None."""
        return self._by_text.get(normalize_text(text))


def describe_choices(actions, limit: int = 12) -> str:
    """A short list of action texts for error messages."""
    texts = [str(a) for a in actions]
    if not texts:
        return "no action is legal now"
    shown = ", ".join(repr(t) for t in texts[:limit])
    more = f" and {len(texts) - limit} more" if len(texts) > limit else ""
    return f"legal now: {shown}{more}"


def refuse_text(text, legal) -> IllegalAction:
    """The error for action text that names no legal action."""
    return IllegalAction(f"{shown(text)} names no legal action; {describe_choices(legal)}")
