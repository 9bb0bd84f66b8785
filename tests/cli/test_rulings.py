"""Our rulings at the table, typed as a person would at 80x24 (issue 30, item 3): for each game,
a decision where rulings of its RULES.md apply shows their ids marked as ours in its heading,
`rules` quotes them, and `why` names the ruling that settles the move; a ruling is never shown
as the rulebook's words or section."""

import re

import pytest

import tabletome
from tabletome.core.rulings import rulings

from .term import PROMPT, finish, plain, spawn

# (game, its play arguments, the rulings the first decision shows, a move to ask `why` of, the
# rulings its answer quotes)
CASES = [
    ("spirit-link", ["--seed", "3"], ["sl-2", "sl-3", "sl-4"], "play Ice-Fangs", ["sl-5", "sl-6"]),
    ("life-siphon", ["--players", "4", "--seed", "3"], ["ls-deck-out", "ls-river"], "cast Hex Bolt",
     ["ls-fast-kill", "ls-windows"]),
    ("bad-baby-lich-lords", ["--seed", "3"], ["bb-turn"], "end turn", ["bb-turn"]),
    ("life-and-legend", ["--players", "4", "--seed", "2"], ["ll-play-immediately"], "discard Plague",
     ["ll-discard"]),
]


def flat(text) -> str:
    return " ".join(plain(text).split())


def never_as_rulebook(game_id, transcript):
    """Every ruling the screen quotes is marked as ours right before its words, and no ruling's
    words or title come as the rulebook's (after "rulebook:" or inside the rulebook's quotes)."""
    text = flat(transcript)
    quoted = 0
    for r in rulings(tabletome.game(game_id)):
        words = " ".join(r.text.split())[:50]
        for m in re.finditer(re.escape(words), text):
            before = text[max(0, m.start() - 200):m.start()]
            assert f"(our ruling {r.id}, RULES.md — not printed)" in before, \
                f"{r.id} shown without being marked as ours: …{before}{words}"
            quoted += 1
        assert f"“{words}" not in text, f"{r.id} quoted as the rulebook's words"
        assert f"rulebook: {r.title}" not in text, f"{r.id} named as a rulebook section"
    return quoted


@pytest.mark.parametrize("game_id,args,heading,move,answer", CASES, ids=[c[0] for c in CASES])
def test_rulings_that_apply_are_marked_as_ours(game_id, args, heading, move, answer):
    child = spawn("play", game_id, *args, "--no-save", timeout=60)
    child.expect(PROMPT)
    screen = flat(child.before)
    assert "not printed" in screen and re.search(r"[Oo]urs", screen), screen
    for rid in heading:
        assert re.search(rf"(Ours \(RULES\.md, not printed[^)]*\):| · ours:)[^·]*\b{rid}\b", screen), \
            f"{rid} not in the heading: {screen[-600:]}"

    child.sendline("rules")
    child.expect(PROMPT)
    said = flat(child.before)
    assert "Our rulings on this decision (RULES.md, not the rulebook):" in said
    for rid in heading:
        assert f"(our ruling {rid}, RULES.md — not printed)" in said

    child.sendline(f"why {move}")
    child.expect(PROMPT)
    said = flat(child.before)
    assert "Not now:" in said
    for rid in answer:
        assert f"(our ruling {rid}, RULES.md — not printed)" in said, said

    child.sendline("quit")
    child.expect(r"Leave the game now\? \(y/n\)")
    child.sendline("y")
    transcript = finish(child)
    assert never_as_rulebook(game_id, transcript) >= len(set(heading) | set(answer))
