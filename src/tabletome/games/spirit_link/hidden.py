"""Hidden information: what a seat cannot see, re-drawn for search (``determinize``).

Hidden from a seat: the opponent's hand (but for Eternal-Firebolts seen returning to it), the
opponent's face-down transformation until the reveal, and the order of both decks. The unseen cards
are gathered in card-list order, so the result depends only on the seat's view and the rng.
"""

from ...core import as_rng


def determinize(s, seat, rng):
    rng = as_rng(rng)
    c = s.determinized_copy(seat)
    R = s.R
    cards = R.cards
    n = cards.n
    # my own deck: I know what is in it, not its order
    mine = sorted(s.deck[seat])
    rng.shuffle(mine)
    c.deck[seat] = mine
    # the opponent's deck, hand and face-down card form one pool of unseen cards
    o = 1 - seat
    pool = s.hand[o].copy()
    for k in s.deck[o]:
        pool[k] += 1
    known = [0] * n
    bolt = R.firebolt_kind
    if bolt >= 0:
        known[bolt] = min(s.known_bolts[o], pool[bolt])
        pool[bolt] -= known[bolt]
    if s.form[o] >= 0 and not s.revealed:
        pool[s.form[o]] += 1
        affordable = [k for k in cards.forms if cards.cost[k] <= s.mana[o] for _ in range(pool[k])]
        f = affordable[rng.below(len(affordable))]
        pool[f] -= 1
        c.form[o] = f
    unseen = [k for k in range(n) for _ in range(pool[k])]
    rng.shuffle(unseen)
    size = s.hand_size[o] - sum(known)
    hand = known
    for k in unseen[:size]:
        hand[k] += 1
    c.hand[o] = hand
    c.deck[o] = unseen[size:]
    c.rng = rng.spawn()
    return c
