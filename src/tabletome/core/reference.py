"""A game's short rules reference for people at the table (``Game.rules_summary``).

A game writes the outline of a turn and of each mode in its own words (its ``reference.py``) and
names the RULES.md rulings that apply; ``ruling(path, heading)`` quotes the ruling itself: the
first paragraph under that heading that is not a quotation of the rulebook.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def _sections(path: str) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = None
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            current = line.lstrip("#").strip()
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    return sections


def ruling(path, heading: str, sentences: int = 2) -> tuple[str, str]:
    """The ruling under the RULES.md heading that starts with ``heading``: the heading (without
    its number or option note) and the first ``sentences`` sentences of its first paragraph that
    is not a quotation (``> ...``); ("", "") if there is none."""
    import re

    sections = _sections(str(path))
    names = [n for n in sections if n.lower() == heading.lower()] or \
        [n for n in sections if n.lower().startswith(heading.lower())]
    for name in names[:1]:
        lines = sections[name]
        title = re.sub(r"^\d+\.\s*", "", name)
        title = re.sub(r"\s*\((option|`)[^)]*\)\s*$", "", title)
        paragraph = []
        for line in lines:
            if line.startswith(">") or line.startswith("|"):
                if paragraph:
                    break
                continue
            if not line.strip():
                if paragraph:
                    break
                continue
            paragraph.append(line.strip())
        text = " ".join(paragraph).replace("**", "").replace("*", "")
        parts = re.split(r"(?<=[.!?])\s+(?=[A-Z(`\"])", text)
        return title, " ".join(parts[:sentences])
    return "", ""


def summary(title: str, turn: str, mode: str, rulings: list[tuple[str, str, str]], options: list[str],
            width: int = 78) -> str:
    """The reference as plain text: the turn, the mode, the options in play, then each ruling
    (its name, its id in rulings.toml and its text, marked as ours: core/rulings.py) — wrapped to ``width``."""
    out = [title, ""]
    for head, body in (("A turn", turn), ("This mode", mode)):
        if body:
            out.append(head + ":")
            for para in body.strip().split("\n"):
                out.extend(textwrap.wrap(para.strip(), width, initial_indent="  ", subsequent_indent="    "))
    if options:
        out.extend(textwrap.wrap("Options in play: " + ", ".join(options), width, subsequent_indent="  "))
    if rulings:
        out.append("Our rulings that apply (RULES.md, not the rulebook):")
        for name, text, rid in rulings:
            if text:
                out.extend(textwrap.wrap(f"{name} (our ruling {rid}, RULES.md — not printed) {text}", width,
                                         initial_indent="  ", subsequent_indent="    "))
    return "\n".join(out)
