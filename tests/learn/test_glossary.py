"""Every term and abbreviation a rendered screen uses resolves in the game's glossary: screens of
many random positions in every game and mode, drawn at 80x24 by the real ``tabletome play``
session. A term is an abbreviation (PM, DK, F/S/M, a Challenge's II) or a capitalised word inside a
line (a word that starts a line or follows a separator is only a sentence's first word); card
names, seat names and the game's name are explained by ``info`` already."""

import random
import re
import sys
from pathlib import Path

import pytest

import tabletome
from tabletome.core.glossary import glossary, lookup

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cli.screen import screen  # noqa: E402

WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|[A-Za-z]")
ABBREVIATION = re.compile(r"(?<![A-Za-z/])(?:[A-Z]{1,3}(?:/[A-Z]{1,3})+|[A-Z]{2,4}|II|III)(?![A-Za-z/])")
MARK = re.compile(r"(?<=[0-9A-Za-z])\(([a-z]{1,4})\)")   # marks written onto a piece: Life Siphon's "5/3(m)"
SEATS = {"North", "East", "South", "West"}
INTERFACE = {"Since", "NAME"}                   # our own words: "Since your last decision", "info NAME"
SEPARATORS = ".·:—-(|,;!?\"“[/"

# Terms the issue names, which must resolve whether or not a sampled screen showed them.
NAMED = {
    "life-and-legend": ["Trait", "Life Word", "Slots", "Trauma", "I", "II", "III", "Spark", "Interfere", "Ambient",
                        "Play Immediately", "Contemplation", "World", "Life", "Resolution", "Completed Wander"],
    "life-siphon": ["PM", "SB", "LG", "VB", "PR", "DK", "Summoning Area", "Movement Row", "River", "Battleground",
                    "Fast Cast", "Slow Cast"],
    "bad-baby-lich-lords": ["Dig", "Fight", "Teach", "Leave", "Raise", "Boss", "Friendship", "Cast", "Possess",
                            "noise", "bone pile", "realm", "skeleton", "minion"],
    "spirit-link": ["Regeneration phase", "Preparation phase", "Combat phase", "Settlement phase", "mana", "health"],
}


SECTION = re.compile(r"\(rulebook: [^)]*\)")      # a section's name is a reference, not a term


def terms_on(lines, ignore):
    found = set()
    for line in lines:
        line = SECTION.sub("", line)
        found.update(a for a in ABBREVIATION.findall(line) if a not in ignore)
        found.update(f"({letter})" for m in MARK.findall(line) if m != "s" for letter in m)   # not "hit(s)"
        for m in WORD.finditer(line):
            word = m.group(0)
            if line[m.end():m.end() + 1] == "…":            # cut short to fit: not a whole word
                continue
            before = line[:m.start()].rstrip()
            if not before or before[-1] in SEPARATORS or not word[0].isupper() or len(word) == 1:
                continue
            bare = word[:-2] if word.endswith("'s") else word
            if bare not in ignore and not ABBREVIATION.fullmatch(bare):
                found.add(bare)
    return found


def screens(game, players, options, seed, samples=10, steps=160):
    state = game.new(players=players, seed=seed, **options)
    bot = tabletome.agent("random", seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        if rng.random() < samples / steps:
            out.append(screen(state)[0])
        state.apply(bot.choose(state))
    out.append(screen(state)[0] if not state.is_over else [])
    return out


@pytest.mark.parametrize("game_id", tabletome.games())
def test_every_term_on_a_screen_resolves_in_the_glossary(game_id):
    game = tabletome.game(game_id)
    ignore = set(SEATS) | INTERFACE | set(WORD.findall(game.name))
    for info in game.cards_info():
        ignore.update(w[:-2] if w.endswith("'s") else w for w in WORD.findall(info["name"]))
    missing = {}
    for players, options in game.configurations():
        for seed in (1, 2):
            for lines in screens(game, players, options, seed):
                for term in terms_on(lines, ignore):
                    if not lookup(game, term):
                        missing.setdefault(term, next(line for line in lines if term.strip("()") in line))
    assert missing == {}, "terms on screen with no glossary entry:\n" + "\n".join(
        f"  {t!r}  in: {line.strip()[:90]}" for t, line in sorted(missing.items()))


@pytest.mark.parametrize("game_id", sorted(NAMED))
def test_the_terms_a_newcomer_asks_about_resolve(game_id):
    game = tabletome.game(game_id)
    assert [t for t in NAMED[game_id] if not lookup(game, t)] == []
    for term in glossary(game):
        assert term.text and term.section


def test_lookup_takes_exact_names_then_starts_then_words():
    game = tabletome.game("life-siphon")
    assert [t.name for t in lookup(game, "pm")] == ["Pain Maker (PM)"]
    assert lookup(game, "no such thing at all") == []


@pytest.mark.parametrize("game_id", tabletome.games())
def test_every_decision_names_its_moment_and_rulebook_section(game_id):
    """"Every decision names its moment and its rulebook section on screen" (the heading above the
    choices; a response window names its own moment instead)."""
    from tabletome.cli.rule import moment_term

    game = tabletome.game(game_id)
    state = game.new(seed=5)
    bot = tabletome.agent("random", seed=5)
    checked = 0
    for _ in range(120):
        if state.is_over:
            break
        info = state.decision_info()
        if not (info and info["window"]):
            term = moment_term(game, state.view(state.to_move))
            assert term is not None, f"no moment for phase {state.view(state.to_move).get('phase')!r}"
            lines, _ = screen(state, seen=len(state.log))
            shown = " ".join(" ".join(lines).split())
            assert term.moment.split(" - ")[0] in shown, shown[-300:]
            assert f"(rulebook: {term.section.split(' - ')[-1]})" in shown or f"(rulebook: {term.section})" in shown
            checked += 1
        state.apply(bot.choose(state))
    assert checked >= 10
