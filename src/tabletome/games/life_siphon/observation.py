"""Life Siphon's observation: what ``view(seat)`` shows, as a fixed float32 vector (slices in docs/rl.md).

It is written straight from the state; a seat's hand through the declared zones, which write
nothing ``seat`` may not see. Seats and quadrants are turned so that the observer's come first
(then clockwise); a spectator keeps the table's order. Card, Aspect and Familiar vocabularies come
from the view's own catalogue, so a card file's names are used as they are. What has no slice of
its own (the decision's details, the attack in progress, Madness Mode's tracker) is hashed, as the
view shows it, into the last slices.
"""

from ...core.observation import HASH_CAP, Encoder, Hasher, Layout, vocabulary
from .board import SLOTS
from .ruleset import MADNESS_ROUNDS_SCALE, MARK_NAMES, MAX_LIFE, PHASE_NAMES
from .steps import phase_of
from .views import attack_view, decision_view, madness_view

MODES = ("standard", "madness", "two-player-variant")
PHASES = ("regenerate", "attack", "main", "end", "movement", "over")
ROLES = ("player", "lair", "ghost")
SLOT_FIELDS = ("attack", "defense", "damage")
SLOT_FLAGS = tuple(name for name, _ in MARK_NAMES)   # moved, attacked, blocked, breath
QUADRANTS = 4
# stated caps (the card file allows a Familiar of attack 99, spells stack bonuses and damage, and
# life may fall far below 0): a later round reads as this round, a bigger number as the cap
ROUND_CAP = MADNESS_ROUNDS_SCALE   # 40, where a Madness score is worth 1 already
SLOT_CAP = 20


class LifeSiphonEncoder(Encoder):
    reads_state = True

    def __init__(self, game, players, options, card_text=None):
        super().__init__(game, players, options, card_text)
        sample = game.new(players=players, seed=0, card_text=card_text, **options)
        catalogue = sample._view(None)["catalogue"]
        self.cards = vocabulary(catalogue["cards"])
        self.aspects = vocabulary(catalogue["aspects"])
        self.familiars = vocabulary(catalogue["familiars"])
        C, A, F = len(self.cards), len(self.aspects), len(self.familiars)
        self.slot_width = F + 1 + len(SLOT_FIELDS) + len(SLOT_FLAGS)
        # bounds (docs/rl.md): a spell card's count is at most its copies in the deck (the card
        # file's), a hand or the deck at most the deck, a Familiar's supply at most 12 (the card
        # file's limit), a slot's numbers and life at the stated caps the encoder clips to
        R = sample.R
        copies = [0.0] * C
        for k, card in enumerate(R.cards.cards):
            if card.name in self.cards:
                copies[self.cards[card.name]] = float(R.copies[k])
        deck = float(len(R.deck))
        vials = float(len(R.cards.vial_names))
        lay = Layout()
        self.g = lay.add(f"round / {ROUND_CAP} (at most 1: later rounds read as round {ROUND_CAP}), summons this turn / 3, "
                         "deck size / 40, game over, I won, I am to move, an attack is in progress, my quadrant's turn", 8,
                         0.0, [1.0, 1.0, deck / 40.0, 1.0, 1.0, 1.0, 1.0, 1.0])
        self.mode = lay.add("mode one-hot: " + ", ".join(MODES), len(MODES))
        self.phase = lay.add("phase one-hot: " + ", ".join(PHASES), len(PHASES))
        self.turn = lay.add("whose turn, by quadrant from mine (one-hot)", QUADRANTS)
        self.hand = lay.add("my hand: count of each spell card", C, 0.0, copies)
        self.river = lay.add("the River: count of each spell card", C, 0.0, copies)
        self.discard = lay.add("discard pile: count of each spell card / 3", C, 0.0, [c / 3.0 for c in copies])
        self.supply = lay.add("supply: count of each Familiar / 12", F)
        self.aside = lay.add("Aspects set aside, and Aspects used this turn (two blocks of each Aspect)", 2 * A)
        self.modules = lay.add("modules on: familiars, vials, fearsome", 3)
        self.quads = []
        cell = [1.0] * (F + 1) + [SLOT_CAP / 5.0] * len(SLOT_FIELDS) + [1.0] * len(SLOT_FLAGS)
        for q in range(QUADRANTS):
            who = "my quadrant" if q == 0 else f"quadrant {q} clockwise from mine"
            self.quads.append({
                "head": lay.add(f"{who}: present, life / {MAX_LIFE} (at least -1: life below -{MAX_LIFE} reads as "
                                f"-{MAX_LIFE}), role one-hot ({', '.join(ROLES)}), controlled by me, "
                                "attacks controlled by me, a seat's own", 3 + len(ROLES) + 3,
                                [0.0, -1.0] + [0.0] * (1 + len(ROLES) + 3), 1.0),
                "pool": lay.add(f"{who}: Familiar pool, count of each", F),
                "slots": lay.add(f"{who}: 13 area slots (summoning 3, movement 4, river 3, battleground 3), each: "
                                 f"a Familiar one-hot ({F}), present, attack / 5, defense / 5, damage / 5 (each at "
                                 f"most {SLOT_CAP / 5:g}: {SLOT_CAP} or more read as {SLOT_CAP}), moved, "
                                 "attacked, blocked, breath", 13 * self.slot_width, 0.0, cell * 13),
            })
        self.seats = []
        for p in range(QUADRANTS):
            who = "me" if p == 0 else f"seat {p} after me"
            self.seats.append({
                "head": lay.add(f"{who}: present, hand size / 10", 2, 0.0, [1.0, deck / 10.0]),
                "known": lay.add(f"{who}: cards known to be in hand, count of each", C, 0.0, copies),
                "aspect": lay.add(f"{who}: equipped Aspect one-hot", A),
                "vials": lay.add(f"{who}: Essence Vials held, hashed (16): each held Vial adds 1", 16, 0.0, vials),
            })
        self.decision = lay.add(f"the decision in progress (its choice, source, details), hashed (32), "
                                f"clipped to +-{HASH_CAP:g}", 32, -HASH_CAP, HASH_CAP, clip=True)
        self.attack = lay.add(f"the attack in progress (attacker, defender, target, blockers), hashed (32), "
                              f"clipped to +-{HASH_CAP:g}", 32, -HASH_CAP, HASH_CAP, clip=True)
        self.rest = lay.add(f"every other view key (Madness Mode's tracker...), hashed (32), clipped to +-{HASH_CAP:g}",
                            32, -HASH_CAP, HASH_CAP, clip=True)
        lay.done(self)
        self.hasher = Hasher()
        self._by_ruleset = {}

    def _indices(self, R):
        """Per ruleset: the vocabulary index of each card, Familiar and Aspect id, and the rest
        of what the view names, computed once."""
        cached = self._by_ruleset.get(id(R))
        if cached is not None and cached[0] is R:
            return cached[1]
        cards = R.cards
        info = {
            "card": [self.cards.get(c.name) for c in cards.cards],
            "fam": [self.familiars.get(n) for n in cards.fam_names],
            "aspect": [self.aspects.get(a.name) for a in cards.aspects],
            "mode": MODES.index(mode) if (mode := self.options.get("mode")) in MODES else None,
            "supply": R.supply_kinds,
            "role": [1 if R.is_lair[q] else 2 if R.is_ghost[q] else 0 for q in range(R.Q)],
            "vials": list(enumerate(cards.vial_names)),
            "phase": [PHASES.index(p) if p in PHASES else None for p in PHASE_NAMES],
        }
        self._by_ruleset[id(R)] = (R, info)
        return info

    def _slot_cell(self, f, fam_ix, f_attack, f_defense, abonus, dbonus, damage, m):
        """A Familiar's area slot as it stands: its floats, as a float32 memoryview to copy in."""
        import numpy as np
        F = len(self.familiars)
        cell = np.zeros(self.slot_width, np.float32)
        c = memoryview(cell)
        c[fam_ix[f]] = 1.0
        c[F] = 1.0
        c[F + 1] = min(f_attack[f] + abonus, SLOT_CAP) / 5.0
        c[F + 2] = min(f_defense[f] + dbonus, SLOT_CAP) / 5.0
        c[F + 3] = min(damage, SLOT_CAP) / 5.0
        for i, (_, bit) in enumerate(MARK_NAMES):   # moved, attacked, blocked, breath
            c[F + 4 + i] = bool(m & bit)
        return c

    def encode_state(self, st, seat, out):
        arr, out = out, memoryview(out)
        R = st.R
        ix = self._indices(R)
        card_ix, fam_ix, asp_ix = ix["card"], ix["fam"], ix["aspect"]
        n = st.players
        Q = R.Q
        me = 0 if seat is None else seat
        q_seat = R.q_seat
        mine = 0 if seat is None else R.seat_q[seat]   # the observer's quadrant
        attack_on = not (st.attacker < 0 and st.defender < 0)
        g = self.g
        out[g] = min(st.round, ROUND_CAP) / ROUND_CAP
        out[g + 1] = st.summons / 3.0
        out[g + 2] = len(st.deck) / 40.0
        phase = phase_of(st)
        out[g + 3] = st.to_move is None
        out[g + 4] = seat is not None and seat in st.winners
        out[g + 5] = seat is not None and st.to_move == seat
        out[g + 6] = attack_on
        turn = st.turn
        out[g + 7] = turn == mine
        if ix["mode"] is not None:
            out[self.mode + ix["mode"]] = 1.0
        phase = ix["phase"][phase]
        if phase is not None:
            out[self.phase + phase] = 1.0
        out[self.turn + (turn - mine) % Q] = 1.0
        if seat is not None:   # (a spectator sees no hand: no call)
            # the hidden hand through the declared zones, which write nothing ``seat`` may not see
            st.zones.encode_row(st, "hand", seat, seat, out, self.hand, card_ix)
        at = self.river
        for k in st.river:
            if k >= 0:
                out[at + card_ix[k]] += 1.0
        at = self.discard
        for k in st.discard:
            out[at + card_ix[k]] += 1.0 / 3.0
        at = self.supply
        supply = st.supply
        for f in ix["supply"]:
            out[at + fam_ix[f]] = supply[f] / 12.0
        A = len(self.aspects)
        if R.uses_aspects:
            at = self.aside
            equipped = st.aspect
            for a in range(R.na):
                if a not in equipped:
                    out[at + asp_ix[a]] += 1.0
        used = st.aspect_used
        if used:
            at = self.aside + A
            for a in range(R.na):
                if (used >> a) & 1:
                    out[at + asp_ix[a]] += 1.0
        at = self.modules
        out[at] = R.familiars_on
        out[at + 1] = R.vials_on
        out[at + 2] = R.fearsome_on
        width = self.slot_width
        kind, damage, abonus, dbonus, flags = st.kind, st.damage, st.attack_bonus, st.defense_bonus, st.flags
        f_attack, f_defense = R.f_attack, R.f_defense
        role, has_life, ctrl, actrl, pools, nf = ix["role"], R.has_life, R.ctrl, R.actrl, st.pool, R.nf
        cells = ix.get("cells")  # this ruleset's slots as they stand -> their floats
        if cells is None or len(cells) > 20_000:
            cells = ix["cells"] = {}
        for k in range(Q):
            q = (mine + k) % Q
            slot = self.quads[k]
            h = slot["head"]
            out[h] = 1.0
            if has_life[q]:
                out[h + 1] = max(st.life[q], -MAX_LIFE) / MAX_LIFE
            out[h + 2 + role[q]] = 1.0
            out[h + 5] = seat is not None and ctrl[q] >= 0 and ctrl[q] == seat
            out[h + 6] = seat is not None and actrl[q] >= 0 and actrl[q] == seat
            out[h + 7] = q_seat[q] >= 0
            pool = pools[q]
            if pool:
                at = slot["pool"]
                for f in range(nf):
                    if (pool >> f) & 1:
                        out[at + fam_ix[f]] += 1.0
            base = slot["slots"]
            s0 = q * SLOTS
            for s in range(s0, s0 + SLOTS):
                f = kind[s]
                if f >= 0:
                    # a Familiar's slot as it stands, kept: written with one copy
                    key = (f, abonus[s], dbonus[s], damage[s], flags[s])
                    cell = cells.get(key)
                    if cell is None:
                        cell = cells[key] = self._slot_cell(f, fam_ix, f_attack, f_defense, *key[1:])
                    out[base:base + width] = cell
                base += width
        hasher = self.hasher
        vials_on = R.vials_on
        for k in range(n):
            p = (me + k) % n
            slot = self.seats[k]
            out[slot["head"]] = 1.0
            out[slot["head"] + 1] = len(st.hand[p]) / 10.0
            at = slot["known"]
            for c in st.known[p]:
                out[at + card_ix[c]] += 1.0
            a = st.aspect[p]
            if a >= 0:
                out[slot["aspect"] + asp_ix[a]] = 1.0
            if vials_on:
                held = st.vials[p]
                for i, v in ix["vials"]:
                    if (held >> i) & 1:
                        hasher.add(out, slot["vials"], 16, v)
        decision = decision_view(st)
        if decision is not None:
            hasher.walk_memo(decision, out, self.decision, 32)
        if attack_on:
            hasher.walk_memo(attack_view(st), out, self.attack, 32)
        if R.madness:
            hasher.walk_memo(madness_view(st), out, self.rest, 32, "madness")
        self.clip(arr)
