"""Hidden information: what a seat cannot see, re-drawn for search (``determinize``).

Hidden from a seat: the other seats' hands (but for cards everyone saw them take from the face-up
River) and the order of the deck. The unseen cards are gathered in card-list order before the
shuffle, so the copy depends only on the seat's view and the rng. A seat asked in a response window
is seen to hold a Fast Cast card it can cast; the re-deal keeps that true when it can.
"""

from ...core import as_rng
from .spells import can_fast
from .steps import WINDOW

REDEAL_TRIES = 30  # re-deals tried for a seat seen answering a window before keeping the last one


def determinize(st, seat, rng):
    """A copy with the deck and the hands ``seat`` cannot see re-dealt (see above)."""
    rng = as_rng(rng)
    c = st.determinized_copy(seat)
    others = [s for s in range(st.players) if s != seat]
    unseen = list(st.deck)
    sizes = {}
    for o in others:
        hand = list(st.hand[o])
        for k in st.known[o]:
            hand.remove(k)
        unseen.extend(hand)
        sizes[o] = len(hand)
    unseen.sort()
    decision = st.decision
    must = st.to_move if (decision is not None and decision[0] == WINDOW and st.to_move != seat) else -1
    for _ in range(REDEAL_TRIES):
        pool = list(unseen)
        rng.shuffle(pool)
        at = 0
        for o in others:
            c.hand[o] = list(st.known[o]) + pool[at:at + sizes[o]]
            at += sizes[o]
        c.deck = pool[at:]
        if must < 0 or can_fast(c, must):
            break
    c.rng = rng.spawn()
    return c
