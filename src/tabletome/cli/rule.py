"""The rule behind a choice, in the terminal: each decision's moment and rulebook section (a
phase's ``moment`` line from the game's glossary), and ``why TEXT``: why a move is not available
now, with the engine's refusal, the moment's section and the glossary's rule for the move's words
(what is ours - a ruling or our screen's word - marked as ours)."""

from __future__ import annotations

import re

from rich.text import Text

from tabletome import IllegalAction
from tabletome.core.glossary import lookup

from .glossary import term_panel

WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")


def moment_term(game, view):
    """The glossary entry of the phase ``view`` is in, when it has a ``moment`` line."""
    phase = view.get("phase") if isinstance(view, dict) else None
    if not isinstance(phase, str):
        return None
    return next((t for t in lookup(game, phase) if t.moment), None)


def with_moment(game, view, heading: Text, width: int = 80) -> Text:
    """The decision's heading with the moment first: "Phase 2: World - draw, uncover, wander or
    attempt an Adventure (rulebook: ...) · What to do in this phase", on one line of ``width``
    when it can be: else the moment's name alone with the section, then with the section's last
    part ("2. Preperation phase"), which it keeps even on two lines."""
    term = moment_term(game, view)
    if term is None:
        return heading
    name = term.moment.split(" - ")[0]
    short = term.section.split(" - ")[-1]
    out = None
    for moment, section in ((term.moment, term.section), (name, term.section), (name, short)):
        out = Text(moment, style="bold")
        if section:
            out.append(f" (rulebook: {section})", style="dim")
        if heading.plain:
            out.append(" · ")
            out.append_text(heading)
        if len(out.plain) <= width:
            break
    return out


def terms_for(game, text, most=2):
    """Glossary entries the words of a move name exactly (its verb, its kind of card)."""
    found = []
    for word in WORD.findall(text):
        for term in lookup(game, word):
            if term not in found and word.lower() in {n.lower() for n in term.names}:
                found.append(term)
    return found[:most]


def why(session, text) -> None:
    """``why TEXT``: is the move available now, and if not, the rule that says so."""
    console, state, game = session.console, session.state, session.game
    if not text:
        console.print("why TEXT: why a move is not available now (why transform Dragon, why 3)", markup=False)
        return
    try:
        action = session.pick(text, state.legal_actions())
        state.clone().apply(action)
    except IllegalAction as exc:
        console.print(Text.assemble(("Not now: ", "bold red"), str(exc)))
    else:
        console.print(Text.assemble((f"'{action}' is available now", "bold green"), " (type it to make it)."))
        return
    view = state.view(state.to_move)
    moment = moment_term(game, view)
    if moment is not None:
        console.print(Text.assemble(("Now: ", "bold"), moment.moment, (f" (rulebook: {moment.section})", "dim")))
    said = ""
    for info in session.cards_of(type("Named", (), {"cards": (), "__str__": lambda self: text})(), state.card_text):
        said += " " + (info.get("short") or "")
        console.print(Text.assemble((f"{info['name']}: ", "bold"), info.get("short") or info.get("text") or ""))
    for term in terms_for(game, text + said):
        if term is not moment:
            console.print(term_panel(game, term))
