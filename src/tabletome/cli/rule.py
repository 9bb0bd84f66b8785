"""The rule behind a choice, in the terminal: each decision's moment and rulebook section (a
phase's ``moment`` line from the game's glossary), and ``why TEXT``: why a move is not available
now, with the engine's refusal, the moment's section and the glossary's rule for the move's words
(what is ours - a ruling or our screen's word - marked as ours)."""

from __future__ import annotations

from rich.text import Text

from tabletome.core.glossary import moment_of, why_not
from tabletome.core.rulings import applying

from .glossary import term_panel
from .pager import show_long
from .terminal import typed_number

def moment_term(game, view):
    """The glossary entry of the phase ``view`` is in, when it has a ``moment`` line."""
    return moment_of(game, view)


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


def with_rulings(game, view, legal, heading: Text, width: int = 80) -> Text:
    """The heading with the ids of the rulings of ours (RULES.md, core/rulings.py) that apply to
    this decision, marked as ours: "· ours: ls-river" on its line when it fits, else on a line
    of its own, cut to ``width``; ``rules`` and ``why`` quote them. Ids only: a ruling's title
    may name cards (Sheep and Wolf) a seat at a shared screen should not see named for nothing."""
    found = applying(game, moment_of(game, view), legal)
    if not found:
        return heading
    ids = ", ".join(r.id for r in found)
    out = heading.copy()
    if len(out.plain) + len(" · ours: ") + len(ids) <= width:
        out.append(" · ours: " + ids, style="magenta")
        return out
    line = "Ours (RULES.md, not printed; rules quotes them): " + ids
    if len(line) > width:
        line = line[:width - 1] + "…"
    if out.plain:
        out.append("\n")
    out.append(line, style="magenta")
    return out


def ruling_lines(rulings) -> list[Text]:
    """Each ruling marked as ours, with its id and where it is written: never as the rulebook."""
    return [Text.assemble(("Ours: ", "magenta"), (f"{r.title} ", "bold"), (f"(our ruling {r.id}, RULES.md — not printed) ", "dim"),
                          r.text) for r in rulings]


def why(session, text) -> None:
    """``why TEXT``: is the move available now, and if not, the rule that says so
    (core/glossary.py ``why_not``; a choice's number works too)."""
    console, state, game = session.console, session.state, session.game
    if not text:
        console.print("why TEXT: why a move is not available now (why transform Dragon, why 3)", markup=False)
        return
    n = typed_number(text)
    if n is not None:
        legal = state.legal_actions()
        text = str(legal[n - 1]) if 1 <= n <= len(legal) else text
    answer = why_not(game, state, text)
    if answer["available"]:
        console.print(Text.assemble((f"'{answer['action']}' is available now", "bold green"), " (type it to make it)."))
        return
    parts = [Text.assemble(("Not now: ", "bold red"), answer["reason"])]
    moment = answer["moment"]
    if moment is not None:
        parts.append(Text.assemble(("Now: ", "bold"), moment.moment, (f" (rulebook: {moment.section})", "dim")))
    for info in answer["cards"][:2]:
        parts.append(Text.assemble((f"{info['name']}: ", "bold"), info.get("short") or info.get("text") or ""))
    parts += [term_panel(game, term) for term in answer["terms"]]
    parts += ruling_lines(answer["rulings"])
    # taller than the screen: paged (cli/pager.py), so the answer's first line is read first
    if show_long(console, parts) and state.to_move is not None:
        session.show_table(state.to_move, again=True)
