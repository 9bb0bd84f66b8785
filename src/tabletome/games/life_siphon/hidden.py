"""Hidden information, re-drawn for search: core derives ``determinize`` from the zones state.py
declares (one deck for the table).

Hidden from a seat: the other seats' hands (but for the cards everyone saw them take from the
face-up River: the ``known`` row, kept first in the hand) and the order of the deck. A seat asked
in a response window is seen to hold a Fast Cast card it can cast; the re-deal keeps that true
when it can (``keeps``).
"""

from .spells import can_fast
from .steps import WINDOW

REDEAL_TRIES = 30  # re-deals tried for a seat seen answering a window before keeping the last one


def keeps(st, copy, seat) -> bool:
    """In ``copy``, the seat asked in a response window (when it is not ``seat``) can cast a Fast
    Cast card."""
    decision = st.decision
    return decision is None or decision[0] != WINDOW or st.to_move == seat or can_fast(copy, st.to_move)
