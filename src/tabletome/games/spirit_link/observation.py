"""Spirit Link's observation: what ``view(seat)`` shows, as a fixed float32 vector (slices in docs/rl.md).

It is written straight from the state, seen from ``seat`` ("me" first, then the rival; a spectator
sees North as "me" and no hand); the cards a seat may not see (a hand, a face-down transformation,
the Firebolts known in a hand) through the declared zones, which write nothing it may not see.
Card slices follow the deck's card list (``cards.toml``, or the card file's).
"""

from ...core.observation import Encoder, Layout
from .ruleset import LIMIT, MAX_HEALTH, MAX_MANA, NO_FORM, NOT_PLACED, SPRING, TRADE
from .views import PHASES, phase_of

PENDING = ("trade 3 for 2", "Life-Spring", "hand limit")
PENDING_OF = {TRADE: 0, SPRING: 1, LIMIT: 2}   # each pending choice's frame: its place in PENDING
# stated caps (nothing in the rules bounds them): a longer game reads as this round, a seat with
# more Firebolts pending (a card file's free Firebolt) as this many
ROUND_CAP = 50
BOLT_CAP = 6


class SpiritLinkEncoder(Encoder):
    reads_state = True

    def __init__(self, game, players, options, card_text=None):
        super().__init__(game, players, options, card_text)
        cards = game.check_cards(card_text, "card file") if card_text is not None else game.cards
        n = self.n = len(cards.names)
        self.ix = list(range(n))   # made for the state's own card list: card k is slot k of a card slice
        # bounds (docs/rl.md): a card's count is at most its copies in the deck (cards.toml or the
        # card file), a hand or a deck at most the deck; health and mana the rulebook's maxima
        copies = [c / 3.0 for c in cards.copies]
        deck = cards.deck_size
        lay = Layout()
        self.g = lay.add(f"round / {ROUND_CAP} (at most 1: later rounds read as round {ROUND_CAP}), I have priority, "
                         "I am to move, game over, I won, rival won", 6)
        self.phase = lay.add("phase one-hot: " + ", ".join(PHASES), len(PHASES))
        self.pending = lay.add("pending choice one-hot: " + ", ".join(PENDING) + "; then discards left / 3",
                               len(PENDING) + 1, 0.0, [1.0] * len(PENDING) + [max(3, deck) / 3.0])
        self.hand = lay.add("my hand: count of each card / 3", n, 0.0, copies)
        self.seat_at = []
        for who in ("me", "rival"):
            self.seat_at.append({
                "stats": lay.add(f"{who}: health / {MAX_HEALTH} (at least -1: health below -{MAX_HEALTH} reads as "
                                 f"-{MAX_HEALTH}), mana / {MAX_MANA}, hand size / 10, deck size / 45, spell cast, "
                                 f"firebolts pending / 3 (at most {BOLT_CAP / 3:g}: {BOLT_CAP} or more read as {BOLT_CAP})", 6,
                                 [-1.0, 0, 0, 0, 0, 0], [1.0, 1.0, deck / 10.0, deck / 45.0, 1.0, BOLT_CAP / 3.0]),
                "discard": lay.add(f"{who}: discard pile, count of each card / 3", n, 0.0, copies),
                "form": lay.add(f"{who}: transformation one-hot: each card, then 'none', 'face down', not placed", n + 3),
                "ability": lay.add(f"{who}: ability in play one-hot: each card, then none", n + 1),
                "known": lay.add(f"{who}: cards known to be in hand, count of each / 3", n, 0.0, copies),
            })
        lay.done(self)
        self._marks = {NO_FORM: n, NOT_PLACED: n + 2}   # a transformation's slice: then "face down" at n + 1

    def encode_state(self, st, seat, out):
        out = memoryview(out)
        me = 0 if seat is None else seat
        ix = self.ix
        n = self.n
        g = self.g
        out[g] = min(st.round, ROUND_CAP) / ROUND_CAP
        out[g + 1] = st.priority == me
        out[g + 2] = st.to_move == me
        out[g + 3] = st.to_move is None
        winners = st.winners
        out[g + 4] = me in winners
        out[g + 5] = (1 - me) in winners
        out[self.phase + phase_of(st)] = 1.0
        decision = st.decision
        pending = PENDING_OF.get(decision[0]) if decision is not None else None
        if pending is not None:   # (by its frame: a card file may rename the Life-Spring)
            out[self.pending + pending] = 1.0
            if decision[0] == TRADE:
                out[self.pending + 3] = decision[2] / 3.0   # the discards left
        # the hidden information through the declared zones: what ``seat`` may not see is not written
        zones = st.zones
        if seat is not None:
            zones.encode_cards(st, "hand", seat, seat, out, self.hand, ix, 1.0 / 3.0)
        for slot, p in ((self.seat_at[0], me), (self.seat_at[1], 1 - me)):
            s = slot["stats"]
            out[s] = max(st.health[p], -MAX_HEALTH) / MAX_HEALTH
            out[s + 1] = st.mana[p] / MAX_MANA
            out[s + 2] = st.hand_size[p] / 10.0
            out[s + 3] = len(st.deck[p]) / 45.0
            out[s + 4] = st.spell_cast[p]
            out[s + 5] = min(st.bolts[p], BOLT_CAP) / 3.0
            d = slot["discard"]
            discard = st.discard[p]
            for k in range(len(discard)):
                if discard[k]:
                    out[d + k] = discard[k] / 3.0
            zones.encode_slot(st, "form", p, seat, out, slot["form"], ix, self._marks, n + 1)
            ability = st.ability[p]
            out[slot["ability"] + (n if ability < 0 else ability)] = 1.0
            zones.encode_cards(st, "known_bolts", p, seat, out, slot["known"], ix, 1.0 / 3.0)
