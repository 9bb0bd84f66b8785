"""Long texts in the terminal (``rules``, a long ``info``) open in a pager, as ``man`` and ``git``
do: ``$PAGER`` when set, else what Python's ``pydoc`` finds (``less``, ``more``). Shorter texts, and
output that is not a terminal, are printed as they are."""

from __future__ import annotations


def show_long(console, renderables) -> bool:
    """Print ``renderables``, or page them when they are taller than the screen; True if paged
    (the caller redraws the table)."""
    rows = sum(len(console.render_lines(r, console.options, pad=False)) for r in renderables)
    if not console.is_terminal or rows <= console.size.height - 2:
        for r in renderables:
            console.print(r)
        return False
    with console.pager(styles=False):
        for r in renderables:
            console.print(r)
    return True
