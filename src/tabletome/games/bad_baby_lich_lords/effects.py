"""The rulebook's vocabulary, implemented once: skills, factions, spells, spell effects and realm
requirements.

A card file may only use these words. A minion's behaviour is its list of skill slots (a skill, or
two skills joined by the OR symbol "/"); a realm's is its requirements and bans, written in the
small language below, which follows the rulebook's "Scoring Requirement Icons" section:

    MINIONS/SKELETONS        "2 minions", "a skeleton"
    CARDS WITH SKILLS        "a minion with Raise", "2 skeletons with Dig"
    SKILL ICONS              "a Fight icon", "3 Teach icons"            (icons on minions only)
    MATCHING CARDS           "2 matching minions", "3 matching skeletons" (cards sharing a skill)
    MATCHING SKILLS          "3 matching icons"                         (icons on minions only)
    BANS                     "no minions", "no skeletons", "no minions with Raise",
                             "no skeletons with Dig", "no Raise icons", "no matching icons",
                             "no matching minions", "no matching skeletons"
"""

from __future__ import annotations

import re

# --- skills ("Minion Skills": five core skills, then one skill per faction) ----------------------
DIG, FIGHT, TEACH, LEAVE, RAISE, BOSS, FRIENDSHIP, CAST, POSSESS = range(9)
SKILLS = ("Dig", "Fight", "Teach", "Leave", "Raise", "Boss", "Friendship", "Cast", "Possess")
NUM_SKILLS = len(SKILLS)

# --- factions ("Components": four factions; "Faction Skills": each one's own skill) ---------------
FACTIONS = ("Zard", "Noblins", "Freeple", "Ghoulies")
FACTION_IDS = ("zard", "noblins", "freeple", "ghoulies")   # as written in the `factions` option
FACTION_SKILL = {"Zard": CAST, "Noblins": FRIENDSHIP, "Freeple": BOSS, "Ghoulies": POSSESS}

# --- spells ("Spell Cards") ---------------------------------------------------------------------
S_LEAVE, S_RAISE, S_DIG, S_FIGHT, S_TEACH = range(5)
SPELLS = ("Leave", "Raise", "Dig", "Fight", "Teach")
NUM_SPELLS = len(SPELLS)

# --- spell effects (what a spell or a Combo Spell does, "Spell Cards") ---------------------------
E_LEAVE, E_SUMMON, E_RAISE, E_KISS, E_DIG, E_STIRS, E_FIGHT, E_BURN, E_TEACH = range(9)
EFFECT_NAMES = ("Leave", "Royal Summons!", "Raise", "His Kiss of Life!", "Dig", "The Lich King Stirs!",
                "Fight", "His Fiery Gaze!", "Teach")
SINGLE = {S_LEAVE: E_LEAVE, S_RAISE: E_RAISE, S_DIG: E_DIG, S_FIGHT: E_FIGHT, S_TEACH: E_TEACH}
# "If you have 2 of the same spell type in your hand, you can play them at the same time for a more
# powerful Combo Spell effect"; Fatherly Advice! (Teach) "can count as the 2nd spell for any Combo".
COMBO = {S_LEAVE: E_SUMMON, S_RAISE: E_KISS, S_DIG: E_STIRS, S_FIGHT: E_BURN}

# --- requirements -------------------------------------------------------------------------------
MINION, SKELETON = 1, 2                  # which side up a card requirement asks for
UP_NAMES = {"minion": MINION, "minions": MINION, "skeleton": SKELETON, "skeletons": SKELETON}

# requirement kinds
R_CARDS = "cards"            # count, up, skill (or -1): that many distinct cards
R_ICONS = "icons"            # count, skill: that many icons of the skill on minions
R_MATCH_CARDS = "match-cards"  # count, up: that many distinct cards sharing one skill
R_MATCH_ICONS = "match-icons"  # count: that many icons of one skill on minions

_NUM = r"(a|an|one|two|three|four|five|six|\d+)"
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SKILL = r"(?P<skill>[a-z]+)"


def _forms(count, s):
    """The four sentence forms as patterns: ``count`` where the count stands, ``s`` a plural's ending."""
    forms = (("matching (?P<up>minions|skeletons)", R_MATCH_CARDS), ("matching icons", R_MATCH_ICONS),
             (f"(?P<up>minion{s}|skeleton{s})(?: with {_SKILL})?", R_CARDS), (f"{_SKILL} icon{s}", R_ICONS))
    return tuple((re.compile(f"^{count} {form}$"), kind) for form, kind in forms)


_PATTERNS = _forms(_NUM, "s?")
_BANS = _forms("(no)", "s")   # (the "no" stands where a requirement's count does)

REQUIREMENT_FORMS = ("N minions", "N skeletons", "N minions with SKILL", "N skeletons with SKILL",
                     "N SKILL icons", "N matching minions", "N matching skeletons", "N matching icons")
BAN_FORMS = tuple("no" + form[1:] for form in REQUIREMENT_FORMS)


_SKILL_CODES = {name.lower(): i for i, name in enumerate(SKILLS)}


def skill_code(word: str) -> int:
    """The code of a skill named ``word`` (any case), or -1."""
    return _SKILL_CODES.get(word.lower(), -1)


def parse_requirement(text: str):
    """A requirement as a tuple (kind, count, up, skill), or a string saying what is wrong."""
    return _parse(text, _PATTERNS, None)


def parse_ban(text: str):
    """A ban as a tuple (kind, limit, up, skill): the side may hold fewer than ``limit`` of it."""
    return _parse(text, _BANS, {R_CARDS: 1, R_ICONS: 1, R_MATCH_CARDS: 2, R_MATCH_ICONS: 2})


# a matching requirement counts 2 or more cards or icons: what one with fewer is told
_MATCHING = {R_MATCH_CARDS: "matching cards means 2 or more cards", R_MATCH_ICONS: "matching icons means 2 or more icons"}


def _parse(text, patterns, limits):
    """A requirement (``limits`` None: its count is written) or a ban (its limit by its kind)."""
    t = " ".join(str(text).split()).lower()
    for pattern, kind in patterns:
        m = pattern.match(t)
        if not m:
            continue
        n = (_WORDS.get(m.group(1)) or int(m.group(1))) if limits is None else limits[kind]
        if n < 1:
            return "the count must be at least 1"
        if n < 2 and kind in _MATCHING:
            return _MATCHING[kind]
        words = m.groupdict()     # the side up a card shows (icons: minions'), the skill it names
        skill = skill_code(words["skill"]) if words.get("skill") else -1
        if skill < 0 and words.get("skill"):
            return f"{words['skill']!r} is not a skill; skills are {', '.join(SKILLS)}"
        return (kind, n, UP_NAMES[words["up"]] if words.get("up") else MINION, skill)
    if limits is None:
        return f"not a requirement; write one of: {', '.join(REQUIREMENT_FORMS)}"
    return f"not a ban; write one of: {', '.join(BAN_FORMS)}"


def describe_requirement(req, ban=False) -> str:
    """Canonical English for a parsed requirement, or with ``ban`` for a parsed ban ("no ...")."""
    kind, n, up, skill = req
    word = "minion" if up == MINION else "skeleton"
    count = "no" if ban else "a" if n == 1 else str(n)
    plural = "s" if ban or n != 1 else ""
    if kind == R_CARDS:
        return f"{count} {word}{plural}" + (f" with {SKILLS[skill]}" if skill >= 0 else "")
    if kind == R_ICONS:
        return f"{count} {SKILLS[skill]} icon{plural}"
    if kind == R_MATCH_CARDS:
        return f"{'no' if ban else n} matching {word}s"
    return f"{'no' if ban else n} matching icons"
