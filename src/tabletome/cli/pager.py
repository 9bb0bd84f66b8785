"""Long texts in the terminal (``rules``, a long ``info``) open in a pager, as ``man`` and ``git``
do: ``$PAGER`` when set, else what Python's ``pydoc`` finds (``less``, ``more``). Shorter texts, output
that is not a terminal, and any text when ``$PAGER`` names no program here, are printed as they are."""

from __future__ import annotations

import os
import shlex
import shutil


def show_long(console, renderables, soft_wrap=False) -> bool:
    """Print ``renderables``, or page them when they are taller than the screen; True if paged
    (the caller redraws the table). ``soft_wrap``: lines are not broken at the width (the
    terminal or the pager wraps them), so printed to a file each stays whole."""
    rows = sum(len(console.render_lines(r, console.options, pad=False)) for r in renderables)
    if not console.is_terminal or rows <= console.size.height - 2 or not pager_found():
        for r in renderables:
            console.print(r, soft_wrap=soft_wrap)
        return False
    with console.pager(styles=False):
        for r in renderables:
            console.print(r, soft_wrap=soft_wrap)
    return True


def pager_found() -> bool:
    """False when ``$MANPAGER`` or ``$PAGER`` (as ``pydoc`` reads them) names a program that is
    not here: the text would be lost behind the shell's "not found"."""
    command = os.environ.get("MANPAGER") or os.environ.get("PAGER")
    if not command:
        return True
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    return bool(words) and shutil.which(words[0]) is not None
