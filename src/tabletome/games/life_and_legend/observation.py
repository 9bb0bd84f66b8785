"""Life & Legend's observation: what ``view(seat)`` shows, as a fixed float32 vector (slices in docs/rl.md).

It is written straight from the state. Seats are turned so that the observer's comes first; a
spectator keeps the table's order. Card names come from the game's card list, so every card name has
its own slot in each bag of cards. A covered card shows only as covered (and who examined it), as in
the view, which names a card only to a seat that may see it (``views.covered``). What has no slice
of its own (the roll, words bought, effects pending, a contest) is hashed, as the view shows it.
"""

from functools import reduce
from operator import and_, or_

from ...core.observation import HASH_CAP, Encoder, Hasher, Kept, Layout, vocabulary
from ...core.zones import bits
from .cards import ACHIEVEMENT
from .effects import pending
from .limits import LIMIT_OPS
from .modes import lore_held
from .names import PHASE_NAMES
from .ruleset import CW_LEGENDS, ETERNAL_AGES
from .views import asks, contest_view, covered, deck_known, limits_view, pending_view, prompts, words_view

SEATS = 4
SPACES = 4
PILES = (("legend_discard", "the Legend discard pile"), ("life_discard", "the Life discard pile"),
         ("background_deck", "the Background deck"), ("background_discard", "the Background discard pile"),
         ("life_cards_drawn", "Life cards drawn, not yet placed"), ("effects_used", "effects used this turn"),
         ("lore", "Lore Mode's targets"), ("acquired", "Lore Mode's targets held now"))
LIMITS = ("hand", "relic_slots", "slots_used", "traits", "completed_wanders")
# stated caps (nothing in the rules bounds them; Eternal games pass 10,000 turns): a later turn
# reads as this turn, a roll modifier beyond +-ROLL_CAP as +-ROLL_CAP, a limit above LIMIT_CAP as it
TURN_CAP = 500
ROLL_CAP = 10
LIMIT_CAP = 20


class LifeAndLegendEncoder(Encoder):
    reads_state = True

    def __init__(self, game, players, options, card_text=None):
        super().__init__(game, players, options, card_text)
        sample = game.new(players=players, seed=0, card_text=card_text, **options)
        self.names = vocabulary(sorted(set(sample.C.names)))
        self.modes = vocabulary(game.options["mode"])
        N = len(self.names)
        # bounds (docs/rl.md), from the card list: a name's count at most its copies, a hand or a
        # pile at most every card, Legends at most every card's and every Wander's, the Ages
        # the rules' 10; the rest at the stated caps the encoder clips to, hashed slices +-HASH_CAP
        C = sample.C
        total = float(len(C.names))
        copies = [0.0] * N
        for name in C.names:
            copies[self.names[name]] += 1.0
        legends = sum(max(0, getattr(card, "legends", 0)) for card in C.cards) + total * CW_LEGENDS
        H = HASH_CAP
        lay = Layout()
        self.g = lay.add(f"turn / 50 (at most {TURN_CAP / 50:g}: later turns read as turn {TURN_CAP}), I am active, "
                         "I am to move, nobody is to move (over), roll modifier / 5, (roll bonus this turn + bonus to "
                         f"the next roll) / 5 (each at most +-{ROLL_CAP / 5:g}: beyond +-{ROLL_CAP} reads as +-{ROLL_CAP}), "
                         "Legend deck / 60, Life deck / 40, world action taken, Background "
                         f"activated, spark used, age / {ETERNAL_AGES}", 12,
                         [0.0] * 4 + [-ROLL_CAP / 5.0] * 2 + [0.0] * 6,
                         [TURN_CAP / 50.0, 1.0, 1.0, 1.0, ROLL_CAP / 5.0, ROLL_CAP / 5.0, total / 60.0, total / 40.0,
                          1.0, 1.0, 1.0, 1.0])
        self.mode = lay.add("mode one-hot: " + ", ".join(self.modes), len(self.modes))
        self.phase = lay.add("phase one-hot: " + ", ".join(PHASE_NAMES), len(PHASE_NAMES))
        self.prompts = vocabulary(prompts())
        self.asks = lay.add("what the seat to move is asked, one-hot: " + "; ".join(self.prompts), len(self.prompts))
        self.decider = lay.add(f"who is to move, one-hot: me, then each seat after me ({SEATS})", SEATS)
        self.roll = lay.add(f"the dice rolled, hashed (8), clipped to +-{H:g}", 8, -H, H, clip=True)
        self.world_width = N + 3 + SEATS
        self.world = lay.add(f"{SPACES} World spaces, each: the card by name if shown ({N}), empty, uncovered, "
                             f"covered, examined by each seat from me ({SEATS})", SPACES * self.world_width)
        self.seats = []
        for k in range(SEATS):
            who = "me" if k == 0 else f"seat {k} after me"
            self.seats.append({
                "head": lay.add(f"{who}: present, Legends / 10, hand size / 5, AI card hashed (4, clipped to +-{H:g}), "
                                f"covered cards in hand, cards in {'my' if k == 0 else 'its'} hand examined by each "
                                f"seat from me ({SEATS})", 7 + 1 + SEATS,
                                [0.0, 0.0, 0.0] + [-H] * 4 + [0.0] * (1 + SEATS),
                                [1.0, legends / 10.0, total / 5.0] + [H] * 4 + [total] * (1 + SEATS), clip=True),
                "hand": lay.add(f"{who}: cards in hand shown by name, count of each", N, 0.0, copies),
                "play": lay.add(f"{who}: Relics, Traits, Traumas, Life Story, Life Path and Completed Adventures, "
                                "count of each", N, 0.0, copies),
                "wanders": lay.add(f"{who}: Completed Wanders: count, shown by name, hashed (8, clipped to +-{H:g})", 10,
                                   [0.0, 0.0] + [-H] * 8, [total, total] + [H] * 8, clip=True),
                "limits": lay.add(f"{who}: limits / 5 (each at most {LIMIT_CAP / 5:g}: more reads as {LIMIT_CAP}): "
                                  + ", ".join(LIMITS), len(LIMITS), 0.0, LIMIT_CAP / 5.0, clip=True),
            })
        self.piles = {key: lay.add(f"{what}: count of each card", N, 0.0, copies) for key, what in PILES}
        # encode_state's places: each World space's, each seat's (head, hand, play bytes, wanders,
        # limits bytes), and the piles' in PILES's order (the order it reads them from the state)
        self._world_at = tuple(self.world + k * self.world_width for k in range(SPACES))
        self._seat_at = [(s["head"], s["hand"], 4 * s["play"], s["wanders"], 4 * s["limits"]) for s in self.seats]
        self._pile_at = tuple(self.piles[key] for key, _ in PILES)
        self.examined = lay.add(f"Legend deck cards examined: count / 5, then hashed (16, clipped to +-{H:g})", 17,
                                [0.0] + [-H] * 16, [total / 5.0] + [H] * 16, clip=True)
        self.words = lay.add(f"words bought, hashed (8), clipped to +-{H:g}", 8, -H, H, clip=True)
        self.pending = lay.add(f"effects pending, hashed (16), clipped to +-{H:g}", 16, -H, H, clip=True)
        self.contest = lay.add(f"a contest in progress, hashed (16), clipped to +-{H:g}", 16, -H, H, clip=True)
        self.rest = lay.add(f"every other view key, hashed (32), clipped to +-{H:g}", 32, -H, H, clip=True)
        lay.done(self)
        self.hasher = Hasher()
        self._by_cards = {}
        self._last_ix = (None, None, 0)  # the last card set seen, its index and its limit cards
        self._counts = Kept(20_000)  # (a seat's Play Area, the uncovered World...) -> its Legends, limits, Play Area bag
        self._piles = Kept(20_000)  # a long pile's cards -> its count of each name
        self._decks = Kept(20_000)  # the Legend Deck's cards -> them as bits

    def _index(self, C):
        """The card set's ids to name places, and (as bits) the cards whose continuous effects
        change a limit: of the uncovered World, only those count in a seat's limits."""
        cached = self._by_cards.get(id(C))
        if cached is None or cached[0] is not C:
            limit_bits = sum(1 << i for i, effs in enumerate(C.amb) if any(op in LIMIT_OPS for op, _ in effs))
            cached = self._by_cards[id(C)] = (C, [self.names[name] for name in C.names], limit_bits)
        self._last_ix = cached
        return cached[1]

    def _bag(self, cards, ix):
        """The count of each card name among ``cards`` as float32 bytes (whole counts, exact; kept
        as bytes, which the garbage collector does not track, so a full cache costs it nothing)."""
        import numpy as np
        bag = np.zeros(len(self.names), np.float32)
        row = memoryview(bag)
        for c in cards:
            row[ix[c]] += 1.0
        return bag.tobytes()

    def _seat_counts(self, st, t, key, ix):
        """A seat's Legends / 10, its limits / 5 (float32 bytes) and its Play Area bag (None when
        empty), kept by ``key``."""
        import numpy as np
        limits = limits_view(st, t)
        cards = [*st.relics[t], *st.traits[t], *st.traumas[t], *st.adventures[t],
                 *[c for c in (st.story[t], st.path[t]) if c >= 0]]
        counts = (st.legends(t) / 10.0, np.array([limits[name] / 5.0 for name in LIMITS], np.float32).tobytes(),
                  self._bag(cards, ix) if cards else None)
        return self._counts.keep(key, counts)

    def encode_state(self, st, seat, arr):
        out = memoryview(arr)
        outb = out.cast("B")  # (the kept float32 bytes are written through it, at 4 bytes a float)
        bag = []  # places counted +1 each (whole counts, so the order of the adds does not matter)
        hasher = self.hasher
        C = st.C
        ix = self._last_ix[1] if self._last_ix[0] is C else self._index(C)
        limit_bits = self._last_ix[2]
        kind = C.kind
        N = len(self.names)
        n = st.players
        me = 0 if seat is None else seat
        known = st.known
        g = self.g
        out[g] = min(st.turn, TURN_CAP) / 50.0
        out[g + 1] = seat is not None and st.active == seat
        out[g + 2] = seat is not None and st.to_move == seat
        out[g + 3] = st.to_move is None
        out[g + 4] = max(-ROLL_CAP, min(st.roll_mod, ROLL_CAP)) / 5.0
        out[g + 5] = max(-ROLL_CAP, min(st.roll_bonus + st.roll_once, ROLL_CAP)) / 5.0
        out[g + 6] = len(st.legend_deck) / 60.0
        out[g + 7] = len(st.life_deck) / 40.0
        out[g + 8] = st.acted
        out[g + 9] = st.activated
        out[g + 10] = st.spark_used
        if st.mode == "eternal":
            out[g + 11] = st.age / 10.0
        mode = self.modes.get(st.mode)
        if mode is not None:
            out[self.mode + mode] = 1.0
        out[self.phase + st.phase] = 1.0
        # what is asked, and the roll (its adds kept by its value)
        asked = asks(st)
        if asked is not None:
            out[self.asks + self.prompts[asked]] = 1.0
        if st.to_move is not None:
            out[self.decider + (st.to_move - me) % n] = 1.0
        roll = st.roll
        hasher.walk_keyed(tuple(roll), roll.copy, out, self.roll, 8, "roll")

        # the view names a covered card this seat knows (a spectator: one all seats know): the
        # bits of ``seen``; ``anyone``: the cards some seat knows
        anyone = reduce(or_, known, 0)
        seen = reduce(and_, known, -1) if seat is None else known[seat]

        world, up = st.world, st.up
        # the uncovered World cards that change a limit (all a seat's limits read of the World)
        world_limits = tuple([c for c, u in zip(world, up) if u and c >= 0 and (limit_bits >> c) & 1]) if limit_bits else ()
        for at, c, u in zip(self._world_at, world, up):   # (the row is zero: only the ones are written)
            if c < 0:
                out[at + N] = 1.0
                continue
            if u:
                out[at + ix[c]] = 1.0
                out[at + N + 1] = 1.0
                continue
            if (seen >> c) & 1:
                out[at + ix[c]] = 1.0
            out[at + N + 2] = 1.0
            for t in range(n):
                if (known[t] >> c) & 1:
                    out[at + N + 3 + (t - me) % n] += 1.0
        for k in range(min(n, SEATS)):
            t = (me + k) % n
            h, at_hand, at_play, at_wanders, at_limits = self._seat_at[k]
            out[h] = 1.0
            # the seat's Legends and limits (rules' counts of its Play Area and the uncovered
            # World, what the view shows), kept by everything they are counted from
            key = (id(C), st.mode, st.ai.get(t), tuple(st.relics[t]), tuple(st.traits[t]), tuple(st.traumas[t]),
                   tuple(st.adventures[t]), len(st.wanders[t]), st.story[t], st.path[t], world_limits)
            counts = self._counts.get(key)
            if counts is None:
                counts = self._seat_counts(st, t, key, ix)
            out[h + 1] = counts[0]
            out[h + 2] = len(st.hand[t]) / 5.0
            ai = st.ai.get(t)
            if ai is not None:
                hasher.walk(ai, out, h + 3, 4, "ai")
            mine = seat == t
            for c in st.hand[t]:
                if mine or kind[c] == ACHIEVEMENT or (seen >> c) & 1:
                    bag.append(at_hand + ix[c])
                else:
                    bag.append(h + 7)
                if (anyone >> c) & 1:
                    for u in range(n):
                        if (known[u] >> c) & 1:
                            bag.append(h + 8 + (u - me) % n)
            play = counts[2]
            if play is not None:  # the Play Area's bag, counted once for the key
                outb[at_play:at_play + len(play)] = play
            at = at_wanders
            for c in st.wanders[t]:
                out[at] += 1.0
                card = covered(st, seat, c)
                if card["card"] != "covered":
                    out[at + 1] += 1.0
                hasher.walk_memo(card, out, at + 2, 8, "wander")
            outb[at_limits:at_limits + 4 * len(LIMITS)] = counts[1]
        lore = st.mode == "lore"
        for at, cards in zip(self._pile_at, (st.legend_discard, st.life_discard, st.backgrounds, st.background_discard,
                                             st.limbo, bits(st.used) if st.used else (),
                                             st.targets if lore else (), lore_held(st) if lore else ())):
            if cards:
                if len(cards) < 6:
                    bag.extend([at + ix[c] for c in cards])
                else:  # a long pile's bag, kept by its cards
                    counts = self._piles.get(tuple(cards))
                    if counts is None:
                        counts = self._piles.keep(tuple(cards), self._bag(cards, ix))
                    at *= 4
                    outb[at:at + len(counts)] = counts
        # the Legend Deck cards some seat examined (``deck_known``): looked for only when a card
        # of the deck is known to anyone (the deck's cards as bits, kept by the deck)
        examined = None
        if anyone:
            deck = tuple(st.legend_deck)
            bits_of = self._decks.get(deck)
            if bits_of is None:
                bits_of = self._decks.keep(deck, sum(1 << c for c in deck))
            if anyone & bits_of:
                examined = deck_known(st, seat)
        if examined:
            out[self.examined] = len(examined) / 5.0
            hasher.walk_memo(examined, out, self.examined + 1, 16, "examined")
        if st.words_bought:
            hasher.walk_memo(words_view(st), out, self.words, 8, "words")
        used = pending(st)
        if used:
            hasher.walk_memo(pending_view(st, used), out, self.pending, 16, "pending")
        if st.contest:
            hasher.walk_memo(contest_view(st, seat), out, self.contest, 16, "contest")
        for i in bag:  # those places hold nothing else: whole counts, exact in float32
            out[i] += 1.0
        self.clip(arr)
