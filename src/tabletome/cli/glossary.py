"""``info TERM`` in the terminal: a game term or abbreviation from the game's glossary
(core/glossary.py), in the rulebook's words with its section; what our screen adds is marked ours."""

from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text

from tabletome.core.glossary import glossary, lookup


def term_panel(game, term) -> Group:
    head = Text(term.name, style="bold")
    # the other words once each, without those the name already shows ("Dread Knight (DK)")
    seen = set()
    also = []
    for word in term.also:
        shown_in_name = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", term.name, re.IGNORECASE)
        if word.lower() not in seen and not shown_in_name:
            seen.add(word.lower())
            also.append(word)
    if also:
        head.append("  (" + ", ".join(also) + ")", style="dim")
    parts = [head, Text.assemble("  “", (term.text, "italic"), "”"),
             Text(f"  — {game.name} rulebook: {term.section}", style="dim")]
    if term.ours:
        parts.append(Text.assemble(("  Ours: ", "magenta"), term.ours))
    return Group(*parts)


def is_term(game, words) -> bool:
    """True when ``words`` is exactly a name or an abbreviation of the game's glossary ("f" on a
    tight Life Siphon table), which ``info`` explains before any card whose name merely holds it."""
    key = " ".join(words.split()).lower()
    return any(key == " ".join(name.split()).lower() for term in glossary(game) for name in term.names)


def explain(console, game, words) -> bool:
    """Print the glossary entries ``words`` means; False when there are none."""
    terms = lookup(game, words)
    if not terms:
        return False
    if len(terms) > 3:
        console.print(f"'{words}' could be: " + ", ".join(t.name for t in terms), markup=False)
        return True
    for term in terms:
        console.print(term_panel(game, term))
    return True
