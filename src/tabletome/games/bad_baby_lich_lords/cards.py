"""Loading and checking the card file (cards.toml, or a player's own printed cards with --cards).

A minion's behaviour is its skill slots; a realm's, its noise, requirements and bans; a spell's,
its type. All of them use only the vocabulary in ``vocabulary.py``. A broken file is refused with
an ``IllegalAction`` naming the file, the card and the field.

Every physical card gets an integer id: minion/skeleton cards 0..N-1 (faction by faction, in file
order, copies together), realm cards 0..23. The rules read the per-id lists of ``CardSet``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from ...core import IllegalAction
from .vocabulary import (FACTION_SKILL, FACTIONS, FIGHT, MINIONS_PER_FACTION, NUM_SKILLS,
                         NUM_SPELLS, REALMS_PER_FACTION, SKILLS, SPELL_CARDS, SPELLS, describe_ban,
                         describe_requirement, parse_ban, parse_requirement, skill_code)

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")
ORIGINS = ("rulebook", "designed")
MINION_FIELDS = {"name", "faction", "copies", "skills", "text", "origin", "note"}
REALM_FIELDS = {"name", "faction", "noise", "requires", "bans", "text", "origin", "note"}
SPELL_FIELDS = {"name", "copies", "text", "combo", "combo_text", "origin", "note"}
MAX_SLOTS = 6
MAX_NOISE = 9


class MinionKind:
    """One minion design (its copies are identical cards)."""

    __slots__ = ("kind", "name", "faction", "copies", "slots", "fight", "icons", "mask", "text",
                 "origin", "note", "skills_text")

    def __init__(self, kind, name, faction, copies, slots, text, origin, note):
        self.kind = kind
        self.name = name
        self.faction = faction
        self.copies = copies
        self.slots = slots                    # tuple of (skill, other skill or -1)
        icons = [0] * NUM_SKILLS
        mask = 0
        for a, b in slots:
            for s in (a, b):
                if s >= 0:
                    icons[s] += 1             # both skills of an OR pair are printed icons
                    mask |= 1 << s
        self.icons = tuple(icons)
        self.mask = mask
        self.fight = icons[FIGHT]
        self.text = text
        self.origin = origin
        self.note = note
        self.skills_text = [slot_text(slot) for slot in slots]


class RealmCard:
    __slots__ = ("id", "name", "faction", "noise", "requires", "bans", "text", "origin", "note",
                 "requires_text", "bans_text", "min_cards", "min_minions", "min_skeletons")

    def __init__(self, id, name, faction, noise, requires, bans, text, origin, note):
        self.id = id
        self.name = name
        self.faction = faction
        self.noise = noise
        self.requires = requires
        self.bans = bans
        self.text = text
        self.origin = origin
        self.note = note
        self.requires_text = [describe_requirement(r) for r in requires]
        # the fewest cards a side needs: card requirements need their own cards, icons a minion
        cards = [(n, up) for kind, n, up, _ in requires if kind in ("cards", "match-cards")]
        self.min_skeletons = sum(n for n, up in cards if up != 1)
        self.min_minions = sum(n for n, up in cards if up == 1)
        if any(kind in ("icons", "match-icons") for kind, _, _, _ in requires):
            self.min_minions = max(1, self.min_minions)
        self.min_cards = max(1, self.min_minions + self.min_skeletons)
        self.bans_text = [describe_ban(b) for b in bans]


def slot_text(slot) -> str:
    a, b = slot
    return SKILLS[a] if b < 0 else f"{SKILLS[a]}/{SKILLS[b]}"


class CardSet:
    """Everything one card file holds, as per-id lists the rules read on the hot path."""

    def __init__(self, kinds, realms, spell_copies, spell_text, source):
        self.source = source
        self.kinds = kinds
        self.realms = realms
        self.spell_copies = spell_copies      # per spell type
        self.spell_text = spell_text          # per spell type: dict of text, combo, combo_text, origin
        ids_kind = []
        for k in kinds:
            ids_kind.extend([k.kind] * k.copies)
        self.n = len(ids_kind)
        self.kind = ids_kind
        self.faction = [kinds[k].faction for k in ids_kind]
        self.slots = [kinds[k].slots for k in ids_kind]
        self.fight = [kinds[k].fight for k in ids_kind]
        self.icons = [kinds[k].icons for k in ids_kind]
        self.mask = [kinds[k].mask for k in ids_kind]
        self.name = [kinds[k].name for k in ids_kind]
        self.faction_cards = [[i for i in range(self.n) if self.faction[i] == f] for f in range(len(FACTIONS))]
        self.faction_realms = [[r.id for r in realms if r.faction == f] for f in range(len(FACTIONS))]
        self.kind_by_name = {k.name.lower(): k for k in kinds}
        self.realm_by_name = {r.name.lower(): r for r in realms}
        self.ids_of_kind = [[i for i in range(self.n) if ids_kind[i] == k.kind] for k in kinds]

    def minion_kind(self, name, where: str) -> MinionKind:
        kind = self.kind_by_name.get(str(name).lower()) if isinstance(name, str) else None
        if kind is None:
            raise IllegalAction(f"{where}: {name!r} is not a minion/skeleton card of this card file")
        return kind

    def realm(self, name, where: str) -> RealmCard:
        realm = self.realm_by_name.get(str(name).lower()) if isinstance(name, str) else None
        if realm is None:
            raise IllegalAction(f"{where}: {name!r} is not a realm card of this card file")
        return realm


# --- reading ----------------------------------------------------------------------------------------
def load_cards(path=None) -> CardSet:
    """Read and check a card file; the game's own cards.toml when ``path`` is None."""
    path = Path(path) if path is not None else DEFAULT_CARDS
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise IllegalAction(f"no card file at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise IllegalAction(f"cannot read card file {path}: {exc}") from None
    return cards_from_text(text, str(path))


def cards_from_text(text: str, source: str) -> CardSet:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise IllegalAction(f"card file {source} is not valid TOML: {exc}") from None
    return parse_cards(data, source)


def _text_field(entry, field, where, required=True):
    value = entry.get(field, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise IllegalAction(f"{where}: field {field!r} must be {'a non-empty' if required else 'a'} string, not {value!r}")
    return value


def _common(entry, i, table, fields, source):
    where = f"{source}, {table} {i + 1}"
    if not isinstance(entry, dict):
        raise IllegalAction(f"{where}: must be a table")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction(f"{where}: field 'name' must be a non-empty string")
    where = f"{source}, {table} {name!r}"
    if name != name.strip() or any(ch in name for ch in ":()[]\n"):
        raise IllegalAction(f"{where}: field 'name' must not start or end with spaces or hold any of : ( ) [ ]")
    extra = sorted(set(entry) - fields)
    if extra:
        raise IllegalAction(f"{where}: unknown field(s) {', '.join(extra)}; fields are: {', '.join(sorted(fields))}")
    origin = entry.get("origin")
    if origin not in ORIGINS:
        raise IllegalAction(f"{where}: field 'origin' must be one of {', '.join(ORIGINS)}, not {origin!r}")
    _text_field(entry, "text", where, required=origin == "rulebook")
    if "note" in entry:
        _text_field(entry, "note", where)
    return name, where


def _faction(entry, where):
    faction = entry.get("faction")
    names = {f.lower(): i for i, f in enumerate(FACTIONS)}
    if not isinstance(faction, str) or faction.lower() not in names:
        raise IllegalAction(f"{where}: field 'faction' must be one of {', '.join(FACTIONS)}, not {faction!r}")
    return names[faction.lower()]


def _whole(entry, field, low, high, where):
    value = entry.get(field)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IllegalAction(f"{where}: field {field!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _parse_minion(entry, i, kind, source):
    name, where = _common(entry, i, "minion", MINION_FIELDS, source)
    f = _faction(entry, where)
    copies = _whole(entry, "copies", 1, MINIONS_PER_FACTION, where)
    skills = entry.get("skills")
    if not isinstance(skills, list) or not 1 <= len(skills) <= MAX_SLOTS:
        raise IllegalAction(f"{where}: field 'skills' must be a list of 1 to {MAX_SLOTS} skills, not {skills!r}")
    slots = []
    for j, word in enumerate(skills):
        if not isinstance(word, str):
            raise IllegalAction(f"{where}: field 'skills' entry {j + 1} must be a string, not {word!r}")
        parts = [p.strip() for p in word.split("/")]
        if len(parts) > 2:
            raise IllegalAction(f"{where}: field 'skills' entry {word!r}: the OR symbol joins exactly two skills")
        codes = []
        for part in parts:
            code = skill_code(part)
            if code < 0:
                raise IllegalAction(f"{where}: field 'skills' entry {word!r}: {part!r} is not a skill; "
                                    f"skills are {', '.join(SKILLS)}")
            for other, fskill in FACTION_SKILL.items():
                if code == fskill and FACTIONS.index(other) != f:
                    raise IllegalAction(f"{where}: field 'skills': {SKILLS[code]} is the {other} faction skill "
                                        f"and only appears on {other} minions (\"Each faction includes a unique "
                                        f"skill that only appears on their minions\")")
            codes.append(code)
        if len(codes) == 2 and codes[0] == codes[1]:
            raise IllegalAction(f"{where}: field 'skills' entry {word!r}: an OR choice needs two different skills")
        slots.append((codes[0], codes[1] if len(codes) == 2 else -1))
    return MinionKind(kind, name, f, copies, tuple(slots), entry.get("text", ""), entry["origin"], entry.get("note", ""))


def _parse_realm(entry, i, rid, source):
    name, where = _common(entry, i, "realm", REALM_FIELDS, source)
    f = _faction(entry, where)
    noise = _whole(entry, "noise", 1, MAX_NOISE, where)
    lists = {}
    for field, parse in (("requires", parse_requirement), ("bans", parse_ban)):
        raw = entry.get(field, [])
        if not isinstance(raw, list):
            raise IllegalAction(f"{where}: field {field!r} must be a list of strings, not {raw!r}")
        parsed = []
        for text in raw:
            if not isinstance(text, str):
                raise IllegalAction(f"{where}: field {field!r} entry {text!r} must be a string")
            result = parse(text)
            if isinstance(result, str):
                raise IllegalAction(f"{where}: field {field!r} entry {text!r}: {result}")
            parsed.append(result)
        lists[field] = tuple(parsed)
    if not lists["requires"]:
        raise IllegalAction(f"{where}: field 'requires' must list at least one requirement (a realm with only "
                            f"bans would be scored by an empty side)")
    return RealmCard(rid, name, f, noise, lists["requires"], lists["bans"], entry.get("text", ""),
                     entry["origin"], entry.get("note", ""))


def parse_cards(data: dict, source: str) -> CardSet:
    for table in ("minion", "realm", "spell"):
        if not isinstance(data.get(table), list) or not data[table]:
            raise IllegalAction(f"{source}: a card file lists its cards as [[minion]], [[realm]] and [[spell]] "
                                f"tables; no [[{table}]] found")
    extra = sorted(set(data) - {"minion", "realm", "spell"})
    if extra:
        raise IllegalAction(f"{source}: unknown table(s) {', '.join(extra)}; tables are minion, realm, spell")
    kinds = [_parse_minion(e, i, i, source) for i, e in enumerate(data["minion"])]
    kinds.sort(key=lambda k: k.faction)  # faction by faction, file order within a faction
    for i, k in enumerate(kinds):
        k.kind = i
    realms = [_parse_realm(e, i, i, source) for i, e in enumerate(data["realm"])]
    realms.sort(key=lambda r: r.faction)
    for i, r in enumerate(realms):
        r.id = i
    spell_copies = [0] * NUM_SPELLS
    spell_text = [None] * NUM_SPELLS
    for i, entry in enumerate(data["spell"]):
        name, where = _common(entry, i, "spell", SPELL_FIELDS, source)
        if name not in SPELLS:
            raise IllegalAction(f"{where}: field 'name' must be a spell type, one of {', '.join(SPELLS)}")
        t = SPELLS.index(name)
        if spell_text[t] is not None:
            raise IllegalAction(f"{source}: spell {name!r} is listed twice")
        spell_copies[t] = _whole(entry, "copies", 1, SPELL_CARDS, where)
        spell_text[t] = {"text": entry.get("text", ""), "combo": _text_field(entry, "combo", where),
                         "combo_text": _text_field(entry, "combo_text", where), "origin": entry["origin"],
                         "note": entry.get("note", "")}
    missing = [SPELLS[t] for t in range(NUM_SPELLS) if spell_text[t] is None]
    if missing:
        raise IllegalAction(f"{source}: the spell deck has no {', '.join(missing)} cards; every spell type is needed")
    if sum(spell_copies) != SPELL_CARDS:
        raise IllegalAction(f"{source}: the spell copies add up to {sum(spell_copies)}, but there are "
                            f"{SPELL_CARDS} spell cards (\"25 spell cards\")")
    # names: unique across minions, realms and spell types
    seen = {s.lower(): "spell" for s in SPELLS}
    for what, items in (("minion", kinds), ("realm", realms)):
        for item in items:
            key = item.name.lower()
            if key in seen:
                raise IllegalAction(f"{source}, {what} {item.name!r}: field 'name' is also the name of a {seen[key]}")
            seen[key] = what
    for f, faction in enumerate(FACTIONS):
        n = sum(k.copies for k in kinds if k.faction == f)
        if n != MINIONS_PER_FACTION:
            raise IllegalAction(f"{source}: the {faction} minions' copies add up to {n}, but each faction has "
                                f"{MINIONS_PER_FACTION} minion/skeleton cards")
        n = sum(1 for r in realms if r.faction == f)
        if n != REALMS_PER_FACTION:
            raise IllegalAction(f"{source}: {faction} has {n} realm cards, but each faction has {REALMS_PER_FACTION}")
    return CardSet(kinds, realms, spell_copies, spell_text, source)
