"""Hidden information, re-drawn for search (``determinize``).

Hidden from a seat: the spells in the other hands and the order of the spell deck, the cards of
each bone pile below its known top cards, and the realm cards under each realm pile's top. A
bone pile's hidden cards are always the ones dealt to it at the start and never seen since (a
card only leaves a bone pile from the top, face up), so each pile is re-shuffled on its own. The
unseen cards are gathered in a canonical order (sorted) before shuffling, so the result depends
only on the seat's view and the rng.
"""

from ...core import as_rng
from .effects import NUM_SPELLS


def determinize(state, seat, rng):
    rng = as_rng(rng)
    c = state.determinized_copy(seat)
    kind_of = state.R.cards.kind
    for r, pile in enumerate(state.bone):
        h = len(pile) - state.known[r]
        if h > 1:
            hidden = sorted(pile[:h])
            kinds = sorted(kind_of[x] for x in hidden)
            rng.shuffle(kinds)
            by_kind = {}
            for x in reversed(hidden):
                by_kind.setdefault(kind_of[x], []).append(x)
            c.bone[r] = [by_kind[k].pop() for k in kinds] + pile[h:]
    for r, pile in enumerate(state.rpile):
        if len(pile) > 2:
            below = sorted(pile[:-1])
            rng.shuffle(below)
            c.rpile[r] = below + [pile[-1]]
    others = [p for p in range(state.L.players) if p != seat]
    pool = list(state.deck)
    for p in others:
        h = state.hand[p]
        for t in range(NUM_SPELLS):
            pool.extend([t] * h[t])
    pool.sort()
    rng.shuffle(pool)
    i = 0
    for p in others:
        size = sum(state.hand[p])
        h = [0] * NUM_SPELLS
        for t in pool[i:i + size]:
            h[t] += 1
        c.hand[p] = h
        i += size
    c.deck = pool[i:]
    c.rng = rng.spawn()
    return c
