"""The Bad Baby Lich Lords state: realms, bone piles, sides, hands, score piles, declared once as
zones (core derives clone and snapshots from them).

The turn runs on the core decision stack (frames.py): every decision belongs to the active player,
chain decisions included (Lich Law 3.4). The state always rests at a real choice: the turn menu,
or a decision inside an action, a spell or a chain with two or more options. A decision with one
option is taken at once (and logged); a skill with no legal target is skipped (RULES.md, "Forced
choices").

Card ids and realm numbers are 0-based (``ZONES`` below says what each field holds).
"""

from msgspec import UNSET, UnsetType

from ...core import State, as_rng
from ...core.zones import NOBODY, OWNER, Cards, Derived, Kinds, Number, Pile, Piles, Row, Zones
from . import snapshots, views
from .effects import FACTION_IDS, FACTIONS, NUM_SPELLS, SPELLS
from .frames import FRAMES
from .places import BONE, BURNED, HELD, OUT, target_card
from .ruleset import DECISIONS, FREEPLE, NOISE_TO_WIN, PERFORM, PLACE, TURN
from .turn import BEFORE, PHASE_NAMES

# Every component, in the order a snapshot writes it (RULES.md, "Snapshots"). The cards are written
# as the table shows them, realm by realm, each card by name with its side up and whether it acted:
# those fields are not written as they are held (``written=False``) but by the ``Derived`` fact of
# the same key (snapshots.py), which the game reads back. Who sees what is the game's own view
# (views.py) and re-deal (``determinize`` below): the known top cards of a bone pile.
# The spell cards by type, beside the minions: what a hand and the burned spells hold.
SPELL_CARDS = Kinds(lambda state: SPELLS, lambda state, name, where: snapshots.spell_type(name, where))
ZONES = Zones(
    Number("order", list[int], [], seat=False, written=False),      # the realms' factions, realm 1 first
    Derived("factions", list[str] | None, None, lambda s: [FACTION_IDS[f] for f in s.order]),
    Number("turn", int, 1, seat=False),
    Number("active", int | UnsetType, UNSET, seat=False),             # left out: the mode's first seat
    Number("phase", int, BEFORE, seat=False, written=False),          # before or after the action
    Derived("phase", str, PHASE_NAMES[0], views.phase_name),
    Piles("sides", written=False),                   # sides[r * ns + s]: the cards on side s of realm r
    Piles("bone", NOBODY, written=False),            # the bone piles (bottom first) ...
    Number("known", list[int], [], copy=True, seat=False, written=False),   # ... and how many top cards are known
    Piles("rpile", NOBODY, written=False),           # the realm piles (top last)
    Number("up", list[int], [], copy=True, seat=False, written=False),      # per card: minion side up
    Number("acted", list[int], [], copy=True, seat=False, written=False),   # per card: acted this turn
    Number("acted_ids", list[int], [], copy=True, seat=False, written=False),   # the cards that acted
    Number("loc", list[int], [], copy=True, seat=False, written=False),     # per card: its place (places.py)
    Derived("realms", list[snapshots.RealmFields], [], snapshots.realms, required=True),
    Number("held", int, -1, seat=False, written=False),               # the drawn card on its way
    Derived("held", str | None, None, lambda s: snapshots.entry(s, s.held, bone=True) if s.held >= 0 else None),
    Pile("deck", NOBODY, seat=False, written=False),                   # the spell deck (top last)
    Derived("spell_deck", list[str] | UnsetType, UNSET, lambda s: [SPELLS[t] for t in reversed(s.deck)]),
    Cards("hand", OWNER, key="hands", kinds=SPELL_CARDS),    # hand[seat][spell] counts
    Row("burn", seat=False, written=False), Derived("burn", list[str], [], lambda s: [s.R.cards.names[c] for c in s.burn]),
    Row("burn_spells", seat=False, kinds=SPELL_CARDS),
    Piles("scored", written=False),                   # each side's score pile ...
    Number("noise", list[int], [], copy=True, seat=False, written=False),   # ... and its noise
    Derived("score_piles", dict[str, list[str]], {}, snapshots.score_piles),
    Number("artifact", int, -1, seat=False, written=False),   # the Cursed Artifact's realm (Solitaire, else -1)
    Derived("artifact", int | None | UnsetType, UNSET, lambda s: s.artifact + 1 if s.artifact >= 0 else None),
    # the decision with card places, as hand-written positions and snapshots of the old form give it
    Derived("pending", dict | None | UnsetType, UNSET, None), Derived("chain", list | UnsetType, UNSET, None),
    cards=lambda state: state.R.cards, shared=("R", "L"), columns=True)


class LichLordsState(State):
    __slots__ = ZONES.attributes
    frames = FRAMES
    zones = ZONES

    # --- setting up -------------------------------------------------------------------------------------
    def setup(self):
        self.attach()
        R, L = self.R, self.L
        C = R.cards
        order = self.order = list(R.fixed_order) if R.fixed_order is not None else self._random_order()
        rng = self.rng
        for r, f in enumerate(order):
            # "Shuffle each faction's realm cards." "Shuffle each faction's minion/skeleton cards
            # and place them skeleton-side up. This is the faction's bone pile."
            realms = list(C.faction_realms[f])
            rng.shuffle(realms)
            self.rpile[r] = realms
            cards = list(C.faction_cards[f])
            rng.shuffle(cards)
            for c in cards:
                self.loc[c] = BONE + r
            self.bone[r] = cards
            self.known[r] = 1
        # "Shuffle the spell cards and place them face down to the side."
        deck = [t for t in range(NUM_SPELLS) for _ in range(C.spell_copies[t])]
        rng.shuffle(deck)
        self.deck = deck
        if L.solitaire:
            # "Place the Cursed Artifact above the middle realm's bone pile"
            self.artifact = 1
        names = ", ".join(f"{r + 1}: {FACTIONS[f]}" for r, f in enumerate(order))
        self.say_fmt(None, "The realms are laid out ({}).", names)
        for r in range(L.nr):
            realm = C.realms[self.rpile[r][-1]]
            self.say_fmt(None, "Realm {} is {} ({} noise); bone pile {} shows {}.", r + 1, realm.name, realm.noise, r + 1,
                         self.R.cards.names[self.bone[r][-1]])
        self.say_fmt(None, "Turn 1: {}.", self.seat_name(self.active))
        self.stack.append((TURN,))
        self.run()

    def attach(self):
        """The fixed facts of this game (cards, layout, the mode's action table) and an empty
        table with no realms dealt (the zones' defaults, a pile per realm or side; set-up and
        restoring fill it)."""
        R = self.R = self.game.ruleset(self.options, self.card_text)
        L = self.L = R.layout
        self.table = R.table
        ZONES.empty(self)
        n = R.cards.n
        self.sides = [[] for _ in range(L.nr * L.ns)]
        self.up = [0] * n
        self.acted = [0] * n
        self.loc = [OUT] * n
        self.bone = [[] for _ in range(L.nr)]
        self.known = [0] * L.nr
        self.rpile = [[] for _ in range(L.nr)]
        self.scored = [[] for _ in range(L.ns)]
        self.noise = [0] * L.ns
        self.active = L.turn_order[0]

    def _random_order(self):
        """Lich Law 1.4: deal the factions to the realm positions at random (Solitaire: "Use the
        Freeple faction as one of the three realms")."""
        L = self.L
        factions = list(range(len(FACTIONS)))
        if L.solitaire:
            others = [f for f in factions if f != FREEPLE]
            self.rng.shuffle(others)
            chosen = [FREEPLE] + others[:L.nr - 1]
        else:
            self.rng.shuffle(factions)
            chosen = factions[:L.nr]
        self.rng.shuffle(chosen)
        return chosen

    # --- the contract's other parts, each in its module ----------------------------------------------
    @property
    def seat_names(self):
        return self.L.seat_names

    def seat_name(self, seat):
        return self.L.seat_names[seat]

    _view = views.view   # (its own: realms, sides and decisions as the table shows them)
    seat_view = views.seat_view

    def _snapshot(self):
        return snapshots.renumber_frames(self, super()._snapshot())

    def _restore(self, fields):
        super()._restore(fields)
        snapshots.restore(self, fields)

    migrate_snapshot = staticmethod(snapshots.migrate_snapshot)

    def determinize(self, seat, rng):
        """Hidden from a seat: the spells in the other hands and the order of the spell deck, the
        cards of each bone pile below its known top cards, and the realm cards under each realm
        pile's top. A bone pile's hidden cards are always the ones dealt to it at the start and never
        seen since (a card only leaves a bone pile from the top, face up), so each pile is re-shuffled
        on its own. The unseen cards are gathered in a canonical order (sorted) before shuffling, so
        the result depends only on the seat's view and the rng."""
        rng = as_rng(rng)
        c = self.determinized_copy(seat)
        kind_of = self.R.cards.kind
        for r, pile in enumerate(self.bone):
            h = len(pile) - self.known[r]
            if h > 1:
                hidden = sorted(pile[:h])
                kinds = sorted(kind_of[x] for x in hidden)
                rng.shuffle(kinds)
                by_kind = {}
                for x in reversed(hidden):
                    by_kind.setdefault(kind_of[x], []).append(x)
                c.bone[r] = [by_kind[k].pop() for k in kinds] + pile[h:]
        for r, pile in enumerate(self.rpile):
            if len(pile) > 2:
                below = sorted(pile[:-1])
                rng.shuffle(below)
                c.rpile[r] = below + [pile[-1]]
        others = [p for p in range(self.L.players) if p != seat]
        pool = list(self.deck)
        for p in others:
            h = self.hand[p]
            for t in range(NUM_SPELLS):
                pool.extend([t] * h[t])
        pool.sort()
        rng.shuffle(pool)
        i = 0
        for p in others:
            size = sum(self.hand[p])
            h = [0] * NUM_SPELLS
            for t in pool[i:i + size]:
                h[t] += 1
            c.hand[p] = h
            i += size
        c.deck = pool[i:]
        c.rng = rng.spawn()
        return c

    # --- outcome ----------------------------------------------------------------------------------------------
    def action_cards(self, action):
        """The cards an action plays (the lab's units), named from the table: the actions name realms
        and bone piles, not the card there. At the turn menu, "Draw and Raise a Skeleton" plays the
        skeleton on top of the pile ("1. Draw a skeleton card from the top of any realm's bone pile"),
        "Raise a Skeleton in Place" the skeleton it raises; placing the drawn skeleton plays the realm
        card of the realm it goes to ("2. Then place the skeleton on your side of any realm"); Possess
        on a bone pile plays the skeleton on top, whose skills it performs; a spell or a combo plays its
        spell cards ("Fight spell": the spells share their names with skills). Choosing a skill, a skill's
        or spell's target, moving a card, digging to a side and ending the turn play no card (the minion
        or spell behind them was counted when it was played)."""
        kind = action.kind
        C = self.R.cards
        if kind == "cast" or kind == "combo":
            return tuple(f"{spell} spell" for spell in action.cards)
        if kind == "draw" or kind == "possess-pile":
            pile = self.bone[action.args[0]]
            return (C.names[pile[-1]],) if pile else ()
        if kind == "target" and self.decision is not None and self.decision[0] == TURN:    # at the turn menu
            return (C.names[target_card(self, action)],)
        if kind == "place":
            top = self.rpile[action.args[0]]
            return (C.realms[top[-1]].name,) if top else ()
        return ()

    def teams(self):
        """The Teams mode's two sides ("2 players vs 2 players", each side scores together); otherwise
        every seat (every side) alone."""
        return [tuple(seats) for seats in self.L.side_seats]

    def lab_facts(self):
        """The factions dealt to the realms (Lich Law 1.4), as the `factions` option writes them."""
        return {"factions": "-".join(FACTION_IDS[f] for f in self.order)}

    @property
    def scores(self):
        """Each seat's noise (its side's, shared by teammates); Solitaire: the score, the cards left
        in the bone piles once you won, else 0."""
        L = self.L
        if L.solitaire:
            return [self.bone_pile_cards() if self.winners else 0]
        return list(map(self.noise.__getitem__, L.seat_side))    # (seat_side: each seat's side)

    def tempo(self):
        """What a designer watches over a game: each seat's noise (its side's; who leads) and the
        realms its side has won (scored into its score pile)."""
        L = self.L
        return {"noise": [float(self.noise[side]) for side in L.seat_side],
                "realms won": [float(len(self.scored[side])) for side in L.seat_side]}

    def bone_pile_cards(self) -> int:
        """Solitaire's score: "count the number of cards left in each realm's bone pile and total their counts"."""
        return sum(len(p) for p in self.bone)

    def outcome(self, seat):
        """Solitaire: a win is worth 0.5 plus half the share of bone pile cards left; a loss is worth
        up to 0.1 for the noise made. Otherwise 1 for a win, 0 for a loss, 0.5 for a draw."""
        if not self.L.solitaire or self.to_move is not None:
            return super().outcome(seat)
        return self.solitaire_win_worth() if self.winners else self.solitaire_loss_worth()

    def solitaire_win_worth(self) -> float:
        """Solitaire: what winning now is worth, 0.5 plus half the share of bone pile cards left."""
        total = sum(len(self.R.cards.faction_cards[f]) for f in self.order)
        return 0.5 + 0.5 * self.bone_pile_cards() / total

    def solitaire_loss_worth(self) -> float:
        """Solitaire: what losing now is worth, up to 0.1 for the noise made."""
        return 0.1 * min(self.noise[0], NOISE_TO_WIN) / NOISE_TO_WIN

    # --- invariants ---------------------------------------------------------------------------------------------
    def check_invariants(self):
        """Every card in exactly one place, piles and counts consistent, an open decision that is
        a real choice (tests only: it costs a few dozen microseconds)."""
        L, C = self.L, self.R.cards
        loc, up = self.loc, self.up
        expect = [OUT] * C.n

        def put(cards, where):
            for c in cards:
                assert expect[c] == OUT, f"{C.names[c]} is in two places"
                expect[c] = where

        for q, side in enumerate(self.sides):
            if side:
                r, x = divmod(q, L.ns)
                assert L.has_side[r][x], f"cards on a side realm {r + 1} does not have"
                put(side, q)
        for r, pile in enumerate(self.bone):
            put(pile, BONE + r)
            for c in pile:
                assert not up[c], f"{C.names[c]} lies minion-side up in a bone pile"
            assert (1 if pile else 0) <= self.known[r] <= len(pile), f"bone pile {r + 1} known count {self.known[r]} is wrong"
        put(self.burn, BURNED)
        put([self.held] if self.held >= 0 else [], HELD)
        if expect != loc:
            bad = [C.names[c] for c in range(C.n) if expect[c] != loc[c]]
            raise AssertionError(f"cards out of place: {', '.join(bad[:5])}")
        out = [c for c in range(C.n) if C.faction[c] not in self.order]     # the factions put away
        assert loc.count(OUT) == len(out) and all(loc[c] == OUT for c in out), "a card in play is missing"
        assert len(self.acted_ids) == sum(self.acted) and all(self.acted[c] for c in self.acted_ids), \
            "acted list out of step"
        for r, pile in enumerate(self.rpile):
            for rid in pile:
                assert C.realms[rid].faction == self.order[r], f"{C.realms[rid].name} is in the wrong realm pile"
        for s, pile in enumerate(self.scored):
            assert self.noise[s] == sum(C.realms[rid].noise for rid in pile), f"side {s} noise is wrong"
        realms = sorted(rid for pile in self.rpile + self.scored for rid in pile)
        assert realms == sorted(rid for f in self.order for rid in C.faction_realms[f]), "realm cards are missing or doubled"
        assert all(n >= 0 for h in self.hand for n in h)
        spells = [self.deck.count(t) + self.burn_spells.count(t) + sum(h[t] for h in self.hand) for t in range(NUM_SPELLS)]
        assert spells == C.spell_copies, f"spell cards miscounted: {spells}"
        if self.is_over:
            assert not self.stack and self.decision is None, "the game is over but a frame is open"
        else:
            assert self.to_move == self.active, "the active player is not the one to move"
            d = self.decision
            assert d is not None and d[0] in DECISIONS, "no decision is open"
            if d[0] == TURN:
                assert not self.stack and self.held < 0, "the turn menu is open inside a chain"
            else:
                assert self.stack and self.stack[0] == (TURN,), "a chain runs without the turn menu below it"
                assert len(FRAMES[d[0]].legal(self, d)) >= 2, "an open decision has fewer than 2 options"
            assert (self.held >= 0) == (d[0] == PLACE), "a held card waits for a place decision, and only then"
            for f in self.stack:
                if f[0] == PERFORM:
                    assert self.acted[f[1]], f"{C.names[f[1]]} performs but is not marked as having acted"
            assert not any(n >= NOISE_TO_WIN for s, n in enumerate(self.noise) if s != L.artifact_side)
        assert (self.artifact >= 0) == L.solitaire
