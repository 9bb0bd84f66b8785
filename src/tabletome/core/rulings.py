"""A game's rulings (its RULES.md: where tabletome settles what the rulebook leaves open), each
addressable and tied to the moments and moves it applies to, read from ``rulings.toml`` in the
game's folder::

    [[ruling]]
    id = "windows"                           # its address: `rules` and `why` name it
    heading = "6. Windows"                   # the RULES.md heading it is under (or how it starts),
    # name = "Interfere"                     # or instead the bold name a RULES.md paragraph opens with
    moments = ["Combat phase"]               # glossary names of the moments it applies in ([]: any)
    actions = ["cast", "play", "pass"]       # the first words of the moves it settles ([]: any)
    cards = ["Eternal-Firebolt"]             # or: moves that name one of these cards
    scope = "decision"                       # "game": setup or the end, not one decision (`rules` lists it)

A ruling is ours, never printed: every screen shows it marked as ours (``Ours:``), with its id and
"RULES.md", never as the rulebook's words or section. ``applying(game, moment, moves)`` gives the
rulings for a moment (a glossary ``Term`` with a ``moment`` line, or None) and moves (their texts).
"""

from __future__ import annotations

import functools

import re
import tomllib

import msgspec

from .errors import IllegalAction
from .lessons import _folder
from .reference import ruling as heading_ruling


class Ruling(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: str
    heading: str = ""
    name: str = ""
    moments: list[str] = []
    actions: list[str] = []
    cards: list[str] = []
    scope: str = "decision"
    title: str = ""          # filled from RULES.md on loading
    text: str = ""


class RulingsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ruling: list[Ruling]


_CACHE: dict[str, list[Ruling]] = {}


def _bold(rules_text: str, name: str, sentences: int = 2) -> tuple[str, str]:
    """The paragraph (or bullet) of RULES.md that opens with the bold ``name``: (its name, its
    first ``sentences`` sentences after the name); ("", "") when there is none."""
    pattern = r"(?ms)^(?:- )?\*\*(" + re.escape(name) + r"[^*]*)\*\*(.*?)(?=^- |^#|^\*\*|^\s*$|\Z)"
    m = re.search(pattern, rules_text)
    if not m:
        return "", ""
    title = m.group(1).strip().rstrip(".")
    body = " ".join(m.group(2).split()).lstrip(" (:").replace("**", "").replace("*", "")
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z(`\"])", body)
    return title, " ".join(parts[:sentences])


def rulings(game) -> list[Ruling]:
    """The game's rulings ([] without a rulings.toml), each with its title and text from RULES.md;
    a ruling RULES.md does not have, or a broken file, raises IllegalAction naming it."""
    if game.id in _CACHE:
        return _CACHE[game.id]
    folder = _folder(game)
    path = folder / "rulings.toml"
    if not path.is_file():
        _CACHE[game.id] = []
        return []
    try:
        parsed = msgspec.convert(tomllib.loads(path.read_text(encoding="utf-8")), RulingsFile)
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
        raise IllegalAction(f"{game.id} rulings.toml: {exc}") from None
    rules_path = folder / "RULES.md"
    rules_text = rules_path.read_text(encoding="utf-8")
    out, ids = [], set()
    for r in parsed.ruling:
        if r.id in ids:
            raise IllegalAction(f"{game.id} rulings.toml: the id '{r.id}' is used twice")
        ids.add(r.id)
        if r.scope not in ("decision", "game"):
            raise IllegalAction(f"{game.id} rulings.toml: ruling '{r.id}': scope is 'decision' or 'game', not '{r.scope}'")
        if bool(r.heading) == bool(r.name):
            raise IllegalAction(f"{game.id} rulings.toml: ruling '{r.id}' needs one of heading or name")
        title, text = heading_ruling(str(rules_path), r.heading) if r.heading else _bold(rules_text, r.name)
        if not text:
            raise IllegalAction(f"{game.id} rulings.toml: ruling '{r.id}': RULES.md has no "
                                f"{'heading' if r.heading else 'bold name'} '{r.heading or r.name}' with a ruling under it")
        out.append(msgspec.structs.replace(r, title=title, text=re.sub(r"^-\s+", "", text)))
    _CACHE[game.id] = out
    return out


def applying(game, moment, moves=()) -> list[Ruling]:
    """The rulings that apply at ``moment`` (a glossary term, or None) to ``moves`` (action texts):
    one whose ``moments`` hold the moment (none listed: any moment), and whose ``actions`` hold
    a move's first word or whose ``cards`` a move names (neither listed: every move)."""
    name = moment.name if moment is not None else None
    named = named_by(game, moves)
    return [r for i, (r, actions, cards) in enumerate(_lowered(game))
            if r.scope == "decision" and (not r.moments or name in r.moments)
            and (not (actions or cards) or i in named)]


def named_by(game, moves) -> frozenset:
    """Which of the rulings that name moves or cards ``moves`` name (their places in the game's
    list): with the moment, all that decides which rulings apply (a key for remembering them)."""
    _lowered(game)
    game_id = game.id
    return frozenset().union(*[_naming(game_id, str(m)) for m in moves])


@functools.lru_cache(maxsize=65536)
def _naming(game_id: str, text: str) -> frozenset:
    """The rulings (their places in ``_lowered``) whose ``actions`` hold the move's first word or
    whose ``cards`` it names: worked out once per move text (a server asks at every decision)."""
    text = " ".join(text.split()).lower()
    word = text.split(" ", 1)[0]
    return frozenset(i for i, (_, actions, cards) in enumerate(_LOWERED[game_id])
                     if word in actions or any(c in text for c in cards))


_LOWERED: dict[str, list] = {}


def _lowered(game) -> list[tuple[Ruling, frozenset, tuple]]:
    """Each ruling with its ``actions`` and ``cards`` in lower case, worked out once per game."""
    if game.id not in _LOWERED:
        _LOWERED[game.id] = [(r, frozenset(a.lower() for a in r.actions), tuple(c.lower() for c in r.cards))
                             for r in rulings(game)]
    return _LOWERED[game.id]


def named(game, headings) -> list[tuple[str, str, str]]:
    """The rulings ``headings`` name (each a RULES.md heading or bold name, or how its title
    starts), as (title, text, id) for a quick reference (core/reference.py ``summary``); a name
    rulings.toml does not hold raises IllegalAction."""
    every = rulings(game)
    out = []
    for h in headings:
        key = h.lower().rstrip(".")
        hit = next((r for r in every if key in ((r.heading or r.name).lower().rstrip("."), r.title.lower())), None) \
            or next((r for r in every if (r.heading or r.name).lower().startswith(key) or r.title.lower().startswith(key)), None)
        if hit is None:
            raise IllegalAction(f"{game.id}: no ruling in rulings.toml is named '{h}'")
        out.append((hit.title, hit.text, hit.id))
    return out


def as_dict(r: Ruling) -> dict:
    """A ruling for a web page: marked as ours, with where it is written."""
    return {"id": r.id, "title": r.title, "text": r.text, "ours": True, "where": "RULES.md"}
