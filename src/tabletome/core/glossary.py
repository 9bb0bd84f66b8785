"""A game's glossary: every term and abbreviation its screens use, in the rulebook's own words with
the section, read from ``glossary.toml`` in the game's folder::

    [[term]]
    name = "Completed Wander"
    also = ["Wanders"]                      # other words and abbreviations a screen shows for it
    section = "Phase Details - Phase 2: World - Wander"
    text = "Success: The Player places the card in their Legend Area without uncovering it. It is a Completed Wander."
    ours = ""                               # what tabletome's screen adds or abbreviates (marked as ours)
    moment = ""                             # a phase's one line on screen at each decision in it

``lookup(game, words)`` finds the entries a player means: an exact name or ``also`` first, then
names that start with the words, then entries one of whose names holds them as whole words.
"""

from __future__ import annotations

import re
import tomllib

import msgspec

from .errors import IllegalAction
from .lessons import _folder


class Term(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    name: str
    section: str
    text: str
    also: list[str] = []
    ours: str = ""
    moment: str = ""         # for a phase: the line a decision in it shows ("Phase 2: World - draw, ...")

    @property
    def names(self) -> list[str]:
        return [self.name, *self.also]


class GlossaryFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    term: list[Term]


_CACHE: dict[str, list[Term]] = {}


def glossary(game) -> list[Term]:
    """The game's terms ([] without a glossary.toml); a broken file raises IllegalAction naming it."""
    if game.id not in _CACHE:
        path = _folder(game) / "glossary.toml"
        if not path.is_file():
            _CACHE[game.id] = []
        else:
            try:
                parsed = msgspec.convert(tomllib.loads(path.read_text(encoding="utf-8")), GlossaryFile)
            except (tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
                raise IllegalAction(f"{game.id} glossary.toml: {exc}") from None
            _CACHE[game.id] = parsed.term
    return _CACHE[game.id]


def _key(text: str) -> str:
    return " ".join(str(text).split()).lower()


def _plain(word: str) -> str:
    """A word as a glossary names it: without a possessive and without a plural s."""
    w = _key(word)
    if w.endswith("'s"):
        w = w[:-2]
    return w


_KEYS: dict[str, list[tuple[Term, tuple[str, ...]]]] = {}


def _keyed(game) -> list[tuple[Term, tuple[str, ...]]]:
    """Each term of the game's glossary with the keys of its names, worked out once."""
    if game.id not in _KEYS:
        _KEYS[game.id] = [(t, tuple(_key(n) for n in t.names)) for t in glossary(game)]
    return _KEYS[game.id]


def lookup(game, words: str) -> list[Term]:
    """The entries ``words`` means (see the module docstring); [] when none."""
    key = _key(words)
    if not key:
        return []
    terms = _keyed(game)
    forms = {key, _plain(key)}
    if key.endswith("s"):
        forms.add(key[:-1])
    if key.endswith("es"):
        forms.add(key[:-2])
    exact = [t for t, keys in terms if not forms.isdisjoint(keys)]
    if exact:
        return exact
    starts = [t for t, keys in terms if any(k.startswith(key) for k in keys)]
    if starts:
        return starts
    pattern = re.compile(r"(^|[^a-z0-9])(" + "|".join(re.escape(f) for f in forms) + r")($|[^a-z0-9])")
    return [t for t, keys in terms if any(pattern.search(k) for k in keys)]


WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")


_MOMENTS: dict[tuple[str, str], Term | None] = {}
MOMENTS_KEPT = 4096          # (game, phase) answers remembered before starting afresh


def moment_of(game, view):
    """The glossary entry of the phase ``view`` is in (``Game.moment_phase``: its ``phase``), when
    it has a ``moment``. A game has few phases and a server asks at every decision: each answer is
    remembered."""
    phase = game.moment_phase(view) if isinstance(view, dict) else None
    if phase is None:
        return None
    found = _MOMENTS.get((game.id, phase), _MOMENTS)
    if found is _MOMENTS:
        if len(_MOMENTS) >= MOMENTS_KEPT:
            _MOMENTS.clear()
        found = _MOMENTS[game.id, phase] = next((t for t in lookup(game, phase) if t.moment), None)
    return found


def terms_in(game, text, most=2) -> list[Term]:
    """Entries a move's words name exactly (its verb, its kind of card): the rule for ``why``."""
    found = []
    for word in WORD.findall(str(text)):
        for term in lookup(game, word):
            if term not in found and word.lower() in {n.lower() for n in term.names}:
                found.append(term)
    return found[:most]


def why_not(game, state, text, card_words: str = "") -> dict:
    """Why the seat to move cannot make the move ``text`` now: the engine's refusal, the moment
    and its section, and the glossary's rule for the move's words (``card_words``: what the cards
    it names are, e.g. "slow, 2 life"), and the rulings of ours (core/rulings.py) on that move at
    this moment. Ask it only for the seat to move: the refusal lists its
    legal actions."""
    from .errors import IllegalAction

    from .rulings import applying

    try:
        action = state.parse_action(str(text)[:200])
        state.clone().apply(action)
    except IllegalAction as exc:
        reason = str(exc)
    else:
        return {"available": True, "action": str(action), "reason": "", "moment": None, "terms": [], "cards": [],
                "rulings": []}
    moment = moment_of(game, state.view(state.to_move))
    said = str(text).lower()
    cards = [info for info in game.cards_info(state.card_text)
             if re.search(r"(?<![a-z'\-])" + re.escape(info["name"].lower()) + r"(?![a-z'\-])", said)]
    card_words += " ".join(f" {info.get('kind') or ''} {info.get('short') or ''}" for info in cards)
    terms = [t for t in terms_in(game, f"{text} {card_words}") if t is not moment]
    return {"available": False, "action": str(text)[:200], "reason": reason, "moment": moment, "terms": terms,
            "cards": cards, "rulings": applying(game, moment, [text])[:2]}
