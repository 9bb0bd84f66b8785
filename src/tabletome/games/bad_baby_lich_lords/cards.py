"""The card file (cards.toml, or a player's own printed cards with --cards), on the one card schema.

The file is read and checked by ``core.cards.read_cards`` against the records below (frozen
msgspec Structs: unknown, missing or ill-typed fields are refused naming the file, the card and
the field). The game declares only its fields and its vocabulary: a minion's skill slots, a
realm's requirements and bans, a spell's type, all in the words of ``effects.py``. What spans
fields or cards (a skill word, a requirement sentence, the printed counts) is checked after,
through ``card_error``, so it reads the same.

Every physical card gets an integer id: minion/skeleton cards 0..N-1 (faction by faction, in file
order, copies together), realm cards 0..23. The rules read the per-id lists of ``CardSet``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import msgspec

from ...core import IllegalAction
from ...core.cards import Card, CardFile, card_error, read_cards
from ...core.files import read_text
from .effects import (FACTION_SKILL, FACTIONS, FIGHT, NUM_SKILLS, NUM_SPELLS, SKILLS, SPELLS,
                      describe_requirement, parse_ban, parse_requirement, skill_code)
from .ruleset import MINIONS_PER_FACTION, REALMS_PER_FACTION, SPELL_CARDS

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")
MAX_SLOTS = 6      # ours: the most skill slots a minion card has room for
MAX_NOISE = 9      # ours: the highest noise a realm card may carry

Faction = Literal["Zard", "Noblins", "Freeple", "Ghoulies"]


# --- the file's records ------------------------------------------------------------------------------
class Minion(Card, frozen=True):
    """[[minion]]: one minion/skeleton design; ``skills`` left to right, "A/B" for an OR choice."""
    faction: Faction
    copies: Annotated[int, msgspec.Meta(ge=1, le=MINIONS_PER_FACTION)]
    skills: Annotated[list[str], msgspec.Meta(min_length=1, max_length=MAX_SLOTS)]


class Realm(Card, frozen=True):
    """[[realm]]: a realm card; ``requires`` and ``bans`` in the requirement language of effects.py."""
    faction: Faction
    noise: Annotated[int, msgspec.Meta(ge=1, le=MAX_NOISE)]
    requires: list[str] = []
    bans: list[str] = []


class Spell(Card, frozen=True):
    """[[spell]]: one spell type (its name), its copies in the deck and its Combo Spell."""
    copies: Annotated[int, msgspec.Meta(ge=1, le=SPELL_CARDS)]
    combo: str
    combo_text: str


class LichLordsCards(CardFile, frozen=True):
    minion: list[Minion]
    realm: list[Realm]
    spell: list[Spell]


# --- what the rules read -----------------------------------------------------------------------------
class MinionKind(msgspec.Struct, frozen=True):
    """One minion design, compiled for the rules (its copies are identical cards)."""
    kind: int
    name: str
    faction: int
    copies: int
    slots: tuple                # (skill, other skill or -1) per slot
    icons: tuple                # icons per skill, both skills of an OR pair counted
    mask: int                   # bit s: has skill s
    fight: int
    skills_text: tuple
    text: str
    origin: str
    note: str


class RealmCard(msgspec.Struct, frozen=True):
    """One realm card, compiled: requirements and bans as tuples (kind, count, up, skill)."""
    id: int
    name: str
    faction: int
    noise: int
    requires: tuple
    bans: tuple
    requires_text: tuple
    bans_text: tuple
    min_cards: int
    min_minions: int
    min_skeletons: int
    text: str
    origin: str
    note: str


def _minion_kind(kind: int, m: Minion, slots: tuple) -> MinionKind:
    icons = [0] * NUM_SKILLS
    mask = 0
    for a, b in slots:
        for s in (a, b):
            if s >= 0:
                icons[s] += 1             # both skills of an OR pair are printed icons
                mask |= 1 << s
    texts = tuple(SKILLS[a] if b < 0 else f"{SKILLS[a]}/{SKILLS[b]}" for a, b in slots)    # "Dig", "Dig/Fight"
    return MinionKind(kind, m.name, FACTIONS.index(m.faction), m.copies, slots, tuple(icons), mask, icons[FIGHT],
                      texts, m.text, m.origin, m.note)


def _realm_card(rid: int, r: Realm, requires: tuple, bans: tuple) -> RealmCard:
    # the fewest cards a side needs: card requirements need their own cards, icons a minion
    cards = [(n, up) for kind, n, up, _ in requires if kind in ("cards", "match-cards")]
    min_skeletons = sum(n for n, up in cards if up != 1)
    min_minions = sum(n for n, up in cards if up == 1)
    if any(kind in ("icons", "match-icons") for kind, _, _, _ in requires):
        min_minions = max(1, min_minions)
    return RealmCard(rid, r.name, FACTIONS.index(r.faction), r.noise, requires, bans,
                     tuple(describe_requirement(q) for q in requires), tuple(describe_requirement(b, ban=True) for b in bans),
                     max(1, min_minions + min_skeletons), min_minions, min_skeletons, r.text, r.origin, r.note)


class CardSet:
    """Everything one card file holds, as per-id lists the rules read on the hot path."""

    def __init__(self, kinds, realms, spells, source):
        self.source = source
        self.kinds = kinds
        self.realms = realms
        self.spells = spells                  # the Spell records, by spell type
        self.spell_copies = [s.copies for s in spells]
        ids_kind = [k.kind for k in kinds for _ in range(k.copies)]     # each card id's kind, copies together
        self.n = len(ids_kind)
        self.kind = ids_kind
        for field in ("faction", "slots", "fight", "icons", "mask"):    # each card id's, its kind's
            setattr(self, field, [getattr(kinds[k], field) for k in ids_kind])
        self.names = [kinds[k].name for k in ids_kind]   # each card id's name
        self.faction_cards = [[i for i in range(self.n) if self.faction[i] == f] for f in range(len(FACTIONS))]
        self.faction_realms = [[r.id for r in realms if r.faction == f] for f in range(len(FACTIONS))]
        self.kind_by_name = {k.name.lower(): k for k in kinds}
        self.realm_by_name = {r.name.lower(): r for r in realms}
        self.ids_of_kind = [[i for i in range(self.n) if ids_kind[i] == k.kind] for k in kinds]
        # the public face of every card id: (name, faction, skills, fight icons, designed)
        self.faces = [(k.name, FACTIONS[k.faction], k.skills_text, k.fight, k.origin == "designed")
                      for k in map(kinds.__getitem__, ids_kind)]
        # each card's view as a skeleton or a minion, not acted or acted (``card_views[card][up][acted]``),
        # each realm card's public facts and its entry in a score pile, as views show them (shared
        # by every view: read them, never change them)
        self.card_views = [[[{"name": name, "faction": faction, "up": up, "skills": list(skills), "fight": fight,
                              "acted": acted, "designed": designed} for acted in (False, True)]
                            for up in ("skeleton", "minion")]
                           for name, faction, skills, fight, designed in self.faces]
        self.realm_views = [{"name": r.name, "faction": FACTIONS[r.faction], "noise": r.noise,
                             "requires": list(r.requires_text), "bans": list(r.bans_text), "text": r.text,
                             "designed": r.origin == "designed"} for r in realms]
        self.score_views = [{"name": r.name, "noise": r.noise} for r in realms]

    def minion_kind(self, name, where: str) -> MinionKind:
        return _named(self.kind_by_name, name, where, "minion/skeleton")

    def realm(self, name, where: str) -> RealmCard:
        return _named(self.realm_by_name, name, where, "realm")


def _named(by_name, name, where, what):
    """The card named ``name`` whatever its case, or an IllegalAction starting with ``where``."""
    found = by_name.get(name.lower()) if isinstance(name, str) else None
    if found is None:
        raise IllegalAction(f"{where}: {name!r} is not a {what} card of this card file")
    return found


# --- reading -------------------------------------------------------------------------------------------
def load_cards(path=None) -> CardSet:
    """Read and check a card file; the game's own cards.toml when ``path`` is None."""
    path = Path(path) if path is not None else DEFAULT_CARDS
    return cards_from_text(read_text(path, "card file"), str(path))


def cards_from_text(text: str, source: str) -> CardSet:
    data = read_cards(text, source, LichLordsCards)
    for table in ("minion", "realm", "spell"):
        if not getattr(data, table):
            raise card_error(source, table, None, None, f"a card file lists its cards as [[minion]], [[realm]] and "
                                                        f"[[spell]] tables; no [[{table}]] found")
    for table, rows in (("minion", data.minion), ("realm", data.realm), ("spell", data.spell)):
        for card in rows:
            _check_common(source, table, card)
    minions = sorted(enumerate(data.minion), key=lambda im: FACTIONS.index(im[1].faction))
    kinds = [_minion_kind(k, m, _slots(source, m)) for k, (_, m) in enumerate(minions)]
    realms = sorted(data.realm, key=lambda r: FACTIONS.index(r.faction))
    realms = [_realm_card(i, r, _sentences(source, r, "requires", parse_requirement),
                          _sentences(source, r, "bans", parse_ban)) for i, r in enumerate(realms)]
    for r in realms:
        if not r.requires:
            raise card_error(source, "realm", r.name, "requires", "must list at least one requirement (a realm with "
                                                                  "only bans would be scored by an empty side)")
    spells = _spells(source, data.spell)
    _check_counts(source, kinds, realms)
    return CardSet(kinds, realms, spells, source)


def _check_common(source, table, card):
    name = card.name
    if not name.strip() or name != name.strip() or any(ch in name for ch in ":()[]\n"):
        raise card_error(source, table, name, "name", "must be non-empty, must not start or end with spaces, "
                                                      "and must not hold any of : ( ) [ ]")
    if card.origin == "rulebook" and not card.text.strip():
        raise card_error(source, table, name, "text", "a rulebook card quotes its printed text")


def _slots(source, m: Minion) -> tuple:
    f = FACTIONS.index(m.faction)
    slots = []
    for word in m.skills:
        where = f"field 'skills' entry {word!r}"
        parts = [p.strip() for p in word.split("/")]
        if len(parts) > 2:
            raise card_error(source, "minion", m.name, None, f"{where}: the OR symbol joins exactly two skills")
        codes = []
        for part in parts:
            code = skill_code(part)
            if code < 0:
                raise card_error(source, "minion", m.name, None,
                                 f"{where}: {part!r} is not a skill; skills are {', '.join(SKILLS)}")
            for other, fskill in FACTION_SKILL.items():
                if code == fskill and FACTIONS.index(other) != f:
                    raise card_error(source, "minion", m.name, "skills",
                                     f"{SKILLS[code]} is the {other} faction skill and only appears on {other} "
                                     f"minions (\"Each faction includes a unique skill that only appears on their "
                                     f"minions\")")
            codes.append(code)
        if len(codes) == 2 and codes[0] == codes[1]:
            raise card_error(source, "minion", m.name, None, f"{where}: an OR choice needs two different skills")
        slots.append((codes[0], codes[1] if len(codes) == 2 else -1))
    return tuple(slots)


def _sentences(source, r: Realm, field, parse) -> tuple:
    parsed = []
    for text in getattr(r, field):
        result = parse(text)
        if isinstance(result, str):
            raise card_error(source, "realm", r.name, None, f"field {field!r} entry {text!r}: {result}")
        parsed.append(result)
    return tuple(parsed)


def _spells(source, rows) -> list:
    by_type = [None] * NUM_SPELLS
    for s in rows:
        if s.name not in SPELLS:
            raise card_error(source, "spell", s.name, "name", f"must be a spell type, one of {', '.join(SPELLS)}")
        t = SPELLS.index(s.name)
        if by_type[t] is not None:
            raise card_error(source, "spell", s.name, None, "is listed twice")
        by_type[t] = s
    missing = [SPELLS[t] for t in range(NUM_SPELLS) if by_type[t] is None]
    if missing:
        raise card_error(source, None, None, None, f"the spell deck has no {', '.join(missing)} cards; every spell "
                                                   f"type is needed")
    total = sum(s.copies for s in by_type)
    if total != SPELL_CARDS:
        raise card_error(source, None, None, None, f"the spell copies add up to {total}, but there are "
                                                   f"{SPELL_CARDS} spell cards (\"25 spell cards\")")
    return by_type


def _check_counts(source, kinds, realms):
    # names: unique across minions, realms and spell types
    seen = {s.lower(): "spell" for s in SPELLS}
    for what, items in (("minion", kinds), ("realm", realms)):
        for item in items:
            key = item.name.lower()
            if key in seen:
                raise card_error(source, what, item.name, "name", f"is also the name of a {seen[key]}")
            seen[key] = what
    for f, faction in enumerate(FACTIONS):
        n = sum(k.copies for k in kinds if k.faction == f)
        if n != MINIONS_PER_FACTION:
            raise card_error(source, None, None, None, f"the {faction} minions' copies add up to {n}, but each "
                                                       f"faction has {MINIONS_PER_FACTION} minion/skeleton cards")
        n = sum(1 for r in realms if r.faction == f)
        if n != REALMS_PER_FACTION:
            raise card_error(source, None, None, None, f"{faction} has {n} realm cards, but each faction has "
                                                       f"{REALMS_PER_FACTION}")
