"""Tutorials: a game's lessons, read from ``lessons.toml`` in its own folder, and the judge of a
player's move in a lesson. Every interface (``tabletome learn``, the browser's Learn page) and the
lesson tests go through here.

A lesson is a real position (a snapshot: written inline in the file or kept in a JSON file beside
it), a goal in a sentence or two, the rulebook passage it teaches (quoted, with its section), the
moves that reach the goal, a legal move that works but is wrong (and why), an illegal move (and the
rule that forbids it), and the outcome the right moves bring (log lines and view values), which the
tests check::

    [[lesson]]
    title = "Transform"
    goal = "Put a transformation face down: the Wolf."
    section = "Game cards, Information, phases, etc. - 2. Preperation phase"
    quote = "In the preparation phase you put 1 transformation card face down in front of you."
    moves = ["transform Wolf"]
    done = "Your Wolf waits face down for the combat phase."
    expect_log = ["North places a transformation face down"]
    position = { ... }          # or position = "lessons/transform.json"
    [lesson.wrong]
    move = "transform Sheep"
    why = "This works, but ..."
    [lesson.illegal]
    move = "transform Dragon"
    rule = "..."

``expect`` maps dotted paths in the lesson seat's view (``players.1.health``), or the contract's
``over``, ``winners`` and ``scores``, to the values they hold after the moves and the ``replies``
(the moves that carry the turn on to that outcome: the passes of a response window, another seat's
answer), which the lesson plays after the player's.
"""

from __future__ import annotations

import importlib.resources
import json
import sys
import tomllib
from dataclasses import dataclass, field
from typing import Any

import msgspec

from .errors import IllegalAction

MAX_ANSWER = 200          # characters of a typed move the judge reads


class Wrong(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    move: str
    why: str


class Illegal(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    move: str
    rule: str
    step: int = 0            # the step of ``moves`` it is tried at (0: before the first)


class LessonEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    title: str
    goal: str
    section: str
    quote: str
    moves: list[str]
    done: str
    wrong: Wrong
    illegal: Illegal
    position: str | dict
    replies: list[str] = []
    expect_log: list[str] = []
    expect: dict[str, Any] = {}
    ours: str = ""           # a ruling of ours (RULES.md) the lesson relies on, quoted


class LessonFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    lesson: list[LessonEntry]


@dataclass(frozen=True)
class Lesson:
    game: Any
    number: int              # 1-based
    entry: LessonEntry
    snapshot: dict

    def __getattr__(self, name):
        return getattr(self.entry, name)

    def start(self):
        """The lesson's position, a fresh state."""
        return self.game.restore(json.loads(json.dumps(self.snapshot)))


@dataclass
class Verdict:
    kind: str                # "right" (a step of the goal), "done" (the goal reached), "wrong", "other", "illegal"
    message: str
    rule: str = ""           # for an illegal move: the rule that forbids it (lesson's, when it is that move)
    action: str = ""
    new_lines: list = field(default_factory=list)


def _folder(game):
    """The game's own folder (the package its class is defined in). A game in one file (an
    example loaded with ``--game-module``) has none: a folder named after the file, which holds no
    lessons or rulings unless someone makes it."""
    module = sys.modules.get(type(game).__module__)
    if module is None or not module.__package__:
        from pathlib import Path
        return Path(getattr(module, "__file__", None) or ".").with_suffix("") / "__no_folder__"
    return importlib.resources.files(module.__package__)


_CACHE: dict[str, list[Lesson]] = {}


def lessons(game) -> list[Lesson]:
    """The game's lessons in order ([] when its folder has no lessons.toml); a broken file raises
    IllegalAction naming the file, the lesson and the field."""
    if game.id in _CACHE:
        return _CACHE[game.id]
    folder = _folder(game)
    path = folder / "lessons.toml"
    if not path.is_file():
        _CACHE[game.id] = []
        return []
    source = f"{game.id} lessons.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        parsed = msgspec.convert(data, LessonFile)
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
        raise IllegalAction(f"{source}: {exc}") from None
    out = []
    for i, entry in enumerate(parsed.lesson, 1):
        where = f"{source}: lesson {i} ({entry.title!r})"
        if not entry.moves:
            raise IllegalAction(f"{where}: 'moves' names no move")
        if not entry.expect and not entry.expect_log:
            raise IllegalAction(f"{where}: give the outcome to check ('expect' or 'expect_log')")
        if isinstance(entry.position, str):
            try:
                snapshot = json.loads((folder / entry.position).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise IllegalAction(f"{where}: position {entry.position!r} cannot be read: {exc}") from None
        else:
            snapshot = dict(entry.position)
        snapshot.setdefault("game", game.id)
        out.append(Lesson(game, i, entry, snapshot))
    _CACHE[game.id] = out
    return out


def lesson(game, number) -> Lesson:
    """Lesson ``number`` (1-based), or IllegalAction saying which numbers there are."""
    every = lessons(game)
    if not every:
        raise IllegalAction(f"{game.name} has no lessons yet")
    try:
        n = int(number)
    except (TypeError, ValueError):
        raise IllegalAction(f"a lesson number is a whole number from 1 to {len(every)}, not {str(number)[:20]!r}") from None
    if not 1 <= n <= len(every):
        raise IllegalAction(f"{game.name} has lessons 1 to {len(every)}; there is no lesson {n}")
    return every[n - 1]


def same(a: str, b: str) -> bool:
    return " ".join(a.split()).lower() == " ".join(b.split()).lower()


def judge(lesson: Lesson, state, step: int, answer) -> Verdict:
    """What the move ``answer`` (an action or its text) does at ``step`` of ``lesson`` in
    ``state``. A right move is applied to ``state`` (and, after the last, the file's replies);
    anything else leaves it unchanged, so the player may try again."""
    text = str(answer)[:MAX_ANSWER]
    seat = state.to_move
    seen = len(state.visible_log(seat))
    try:
        action = state.parse_action(text) if isinstance(answer, str) else answer
        trial = state.clone()
        trial.apply(action)
    except IllegalAction as exc:
        rule = lesson.illegal.rule if same(text, lesson.illegal.move) else ""
        return Verdict("illegal", str(exc), rule=rule, action=text)
    said = str(action)
    if not same(said, lesson.moves[step]):
        if step == 0 and same(said, lesson.wrong.move):
            return Verdict("wrong", lesson.wrong.why, action=said)
        return Verdict("other", f"'{said}' is allowed here, but it is not this lesson's move. {lesson.goal}",
                       action=said)
    state.apply(action)
    if step + 1 < len(lesson.moves):
        return Verdict("right", "Right.", action=said, new_lines=state.visible_log(seat)[seen:])
    for reply in lesson.replies:
        state.apply(reply)
    return Verdict("done", lesson.done, action=said, new_lines=state.visible_log(seat)[seen:])


def at(view, path: str):
    """The value at a dotted path of a view (``players.1.health``; numbers index lists)."""
    value = view
    for part in path.split("."):
        if isinstance(value, list):
            value = value[int(part)]
        else:
            value = value[part]
    return value


def outcome_problems(lesson: Lesson, state, seat: int, lines: list[str]) -> list[str]:
    """What differs from the outcome the lesson describes (empty when it holds)."""
    problems = []
    text = "\n".join(lines)
    for want in lesson.expect_log:
        if want not in text:
            problems.append(f"no log line says {want!r}; the moves wrote: {lines}")
    view = state.view(seat)
    contract = {"over": state.is_over, "winners": list(state.winners), "scores": list(state.scores or [])}
    for path, want in lesson.expect.items():
        try:
            got = contract[path] if path in contract else at(view, path)
        except (KeyError, IndexError, ValueError, TypeError):
            problems.append(f"the view has no {path}")
            continue
        if got != want:
            problems.append(f"{path} is {got!r}, not {want!r}")
    return problems
