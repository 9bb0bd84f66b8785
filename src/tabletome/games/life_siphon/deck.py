"""Cards in and out of the deck: drawing, the River, a card leaving a hand, and a choice among
cards by kind ("Set-Up", "The Cards").

"Shuffle the remaining cards to form the Main Deck"; "Reveal 3 cards from the top of the deck face
up ... These are the River Cards." Each seat's ``known`` cards are the ones everyone saw it take
(from the face-up River): they leave ``known`` with the card.
"""


def top_card(st):
    """The top card of the deck; an empty deck takes the shuffled discard pile (RULES.md)."""
    if not st.deck:
        if not st.R.reshuffle or not st.discard:
            return -1
        st.deck = st.discard
        st.discard = []
        st.rng.shuffle(st.deck)
        st.say("The deck is empty: the discard pile is shuffled into a new deck.")
    return st.deck.pop()


def draw(st, seat, n):
    """``seat`` draws ``n`` cards (fewer if the deck and the discard pile run out)."""
    hand = st.hand[seat]
    got = []
    for _ in range(n):
        k = top_card(st)
        if k < 0:
            break
        hand.append(k)
        got.append(k)
    if st.logging:
        who = st.seat_name(seat)
        if got:
            names = st.R.names
            st.say_fmt(None, "{} draws {} card{}.", who, len(got), 's' if len(got) > 1 else '')
            st.say_fmt(seat, "{} draws {}.", who, ' and '.join(names[k] for k in got))
        if len(got) < n:
            st.say_fmt(None, "The deck and the discard pile are empty: {} cannot draw.", who)


def refill_river(st, i):
    """River space ``i`` takes the top card of the deck."""
    k = top_card(st)
    st.river[i] = k
    if k >= 0 and st.logging:
        st.say_fmt(None, "{} is revealed in the River.", st.R.names[k])


def discard_from_hand(st, seat, k):
    """Card ``k`` goes from ``seat``'s hand to the discard pile (cast or discarded)."""
    st.hand[seat].remove(k)
    known = st.known[seat]
    if k in known:
        known.remove(k)
    st.discard.append(k)


def each_kind_once(cards, actions):
    """``actions[k]`` for each kind ``k`` among ``cards`` (-1: no card), once, in the order met: a
    choice of cards whose copies are the same choice (a River card, a card to discard)."""
    acts = []
    seen = 0
    for k in cards:
        if k >= 0 and not (seen >> k) & 1:
            seen |= 1 << k
            acts.append(actions[k])
    return acts
