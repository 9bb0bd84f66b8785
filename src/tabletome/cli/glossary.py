"""``info TERM`` in the terminal: a game term or abbreviation from the game's glossary
(core/glossary.py), in the rulebook's words with its section; what our screen adds is marked ours."""

from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text

from tabletome.core.glossary import lookup


def term_panel(game, term) -> Group:
    head = Text(term.name, style="bold")
    # the other words once each, without those the name already shows ("Dread Knight (DK)")
    seen = {term.name.lower()} | {w.lower() for w in re.findall(r"[\w'-]+", term.name)}
    also = []
    for word in term.also:
        if word.lower() not in seen:
            seen.add(word.lower())
            also.append(word)
    if also:
        head.append("  (" + ", ".join(also) + ")", style="dim")
    parts = [head, Text.assemble("  “", (term.text, "italic"), "”"),
             Text(f"  — {game.name} rulebook: {term.section}", style="dim")]
    if term.ours:
        parts.append(Text.assemble(("  Ours: ", "magenta"), term.ours))
    return Group(*parts)


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
