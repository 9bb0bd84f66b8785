"""Bad Baby Lich Lords' observation: what ``view(seat)`` shows, as a fixed float32 vector (slices in docs/rl.md).

It is written straight from the state; the seat's spells in hand through the declared zones, which
write nothing ``seat`` may not see, and of a bone pile only its known top cards. Sides (teams, the
Cursed Artifact) and seats are turned so that the observer's come first; realms keep their numbers.
Every group of cards (a side of a realm, the known top of a bone pile, the held card) is encoded the
same way: how many, minions and skeletons, factions, skills (a choice skill such as "Dig/Fight"
counts half to each), total fight, acted, and the count of each card name. The decision and the
chain are hashed as the view shows them.
"""

from operator import itemgetter

from ...core.observation import HASH_CAP, Encoder, Hasher, Kept, Layout, Recorder, vocabulary
from .effects import FACTIONS, SPELLS
from .frames import FRAMES
from .places import BONE, HELD
from .ruleset import MODES, OR, PERFORM, PLACE, SKILL, SPELL_DIRECTION, TURN
from .turn import PHASE_NAMES as PHASES
from ...core.zones import counts_of
from .views import burned_spells, chain_item, decision_view, phase_name, sides_view

DECISIONS = ("turn", "place", "skill", "or", "dig-side", "bone-pile", "summon-pick", "summon-realm",
             "spell-direction", "spell-target")
SKILLS = ("Dig", "Fight", "Teach", "Raise", "Leave", "Possess", "Cast", "Boss", "Friendship")
REALMS, SIDES, SEATS = 4, 4, 4
# stated caps (nothing in the rules bounds them): a later turn reads as this turn, a longer chain
# as this long
TURN_CAP = 200
CHAIN_CAP = 10
# The decisions whose view names a card (its place and name stand for it in the memo key: views.decision_view).
CARD_DECISIONS = frozenset((OR, SKILL, SPELL_DIRECTION, PLACE))


def _bytes(start, width):
    """The bytes of float32 slots ``start`` to ``start + width`` (a slice of ``memoryview.cast("B")``)."""
    return slice(4 * start, 4 * (start + width))


def place_key(st, c):
    """Where card ``c`` is, as ``views.card_place`` words it, in numbers (its location, and its
    position on a side or depth in a bone pile): one key for each place that function names."""
    q = st.loc[c]
    if 0 <= q < BONE:
        return q, st.sides[q].index(c)
    if BONE <= q < HELD:
        pile = st.bone[q - BONE]
        return q, len(pile) - 1 - pile.index(c)
    return q


class LichLordsEncoder(Encoder):
    reads_state = True

    def __init__(self, game, players, options, card_text=None):
        super().__init__(game, players, options, card_text)
        cards = game.check_cards(card_text, "card file") if card_text is not None else game.cards
        self.names = vocabulary(sorted(set(cards.names)))
        self.factions = vocabulary(FACTIONS)
        self.skills = vocabulary(SKILLS)
        N = len(self.names)
        self.group_width = 3 + len(FACTIONS) + len(SKILLS) + 2 + N
        group = (f"a group of cards: count / 5, minions / 5, skeletons / 5, each faction / 5, each skill / 5 "
                 f"({', '.join(SKILLS)}), total fight / 5, acted / 5, then each card name's count ({N})")
        # bounds (docs/rl.md), from the card file: a group holds at most every minion card, a skill
        # at most every skill slot, a name its copies; noise at most every realm's; the rest at
        # the stated caps the encoder clips to (turn, chain) or hashed (clipped to +-HASH_CAP)
        cards_n = float(cards.n)
        copies = [0.0] * N
        for name in cards.names:
            copies[self.names[name]] += 1.0
        spells = float(sum(cards.spell_copies))
        realms_n = float(len(cards.realms))
        noise = float(sum(r.noise for r in cards.realms))
        max_noise = float(max((r.noise for r in cards.realms), default=0))
        group_high = ([cards_n / 5.0] * (3 + len(FACTIONS)) + [sum(map(len, cards.slots)) / 5.0] * len(SKILLS)
                      + [sum(cards.fight) / 5.0, cards_n / 5.0] + copies)
        F = len(FACTIONS)
        head_low = [0.0] * (6 + F) + [-HASH_CAP] * 16
        head_high = [1.0, 1.0, max_noise / 3.0, realms_n / 6.0, cards_n / 20.0, 1.0] + [1.0] * F + [HASH_CAP] * 16
        lay = Layout()
        self.g = lay.add(f"turn / 100 (at most {TURN_CAP / 100:g}: later turns read as turn {TURN_CAP}), I am active, "
                         f"I am to move, game over, I won, spell deck / 30, a card is held, chain length / 5 (at most "
                         f"{CHAIN_CAP / 5:g}: a longer chain reads as {CHAIN_CAP})", 8, 0.0,
                         [TURN_CAP / 100.0, 1.0, 1.0, 1.0, 1.0, spells / 30.0, 1.0, CHAIN_CAP / 5.0])
        self.mode = lay.add("mode one-hot: " + ", ".join(MODES), len(MODES))
        self.phase = lay.add("phase one-hot: " + ", ".join(PHASES), len(PHASES))
        self.decision = lay.add("decision type one-hot: " + ", ".join(DECISIONS), len(DECISIONS))
        self.decision_hash = lay.add(f"the decision's details (card, skill, realm...) and the chain, hashed (32), "
                                     f"clipped to +-{HASH_CAP:g}", 32, -HASH_CAP, HASH_CAP, clip=True)
        self.sides = lay.add(f"{SIDES} sides from mine: present, noise / 5, realms scored / 3, mine, the Cursed "
                             "Artifact's", SIDES * 5, 0.0, [1.0, noise / 5.0, realms_n / 3.0, 1.0, 1.0] * SIDES)
        self.scored = lay.add(f"{SIDES} sides from mine: the realms in their score pile, hashed (8 each), clipped to "
                              f"+-{HASH_CAP:g}", SIDES * 8, -HASH_CAP, HASH_CAP, clip=True)
        self.seats = lay.add(f"{SEATS} seats from me: present, spells in hand / 5, score / 5, on my side", SEATS * 4,
                             0.0, [1.0, spells / 5.0, max(noise, cards_n) / 5.0, 1.0] * SEATS)
        self.spells = lay.add("my spells in hand: count of each skill", len(SKILLS), 0.0, spells)
        self.burn = lay.add("burned: cards / 10, then each spell's count / 3", 1 + len(SKILLS), 0.0,
                            [(cards_n + spells + realms_n) / 10.0] + [spells / 3.0] * len(SKILLS))
        self.held = lay.add("the held card: " + group, self.group_width, 0.0, group_high)
        self.artifact = lay.add(f"the Cursed Artifact's realm one-hot (4), other artifact details hashed (8), clipped "
                                f"to +-{HASH_CAP:g}", 12, [0.0] * 4 + [-HASH_CAP] * 8, [1.0] * 4 + [HASH_CAP] * 8)
        self.realm_head = 6 + len(FACTIONS) + 16
        per_realm = self.realm_head + (1 + SIDES) * self.group_width
        self.realms = lay.add(f"{REALMS} realms by number, each: present, mine to score, noise / 3, realm pile / 6, "
                              f"bone pile size / 20, adjacent realms / 3, faction one-hot, its requirements and "
                              f"bans hashed (16, clipped to +-{HASH_CAP:g}); the known top of its bone pile as a "
                              f"group; then the cards on each of {SIDES} sides from mine as groups. " + group,
                              REALMS * per_realm, (head_low + [0.0] * (1 + SIDES) * self.group_width) * REALMS,
                              (head_high + group_high * (1 + SIDES)) * REALMS)
        self.rest = lay.add(f"every other view key, hashed (32), clipped to +-{HASH_CAP:g}", 32, -HASH_CAP, HASH_CAP,
                            clip=True)
        lay.done(self)
        # the hashed parts inside mixed slices, clipped too
        self.clipped = self.clipped + [(self.artifact + 4, self.artifact + 12)] + [
            (self.realms + r * per_realm + 6 + F, self.realms + r * per_realm + 6 + F + 16) for r in range(REALMS)]
        self.hasher = Hasher()
        # the bytes slices (of ``memoryview.cast("B")``) encode_state copies kept slices into
        self._decision_bytes = _bytes(self.decision_hash, 32)
        self._spells_bytes = _bytes(self.spells, len(SKILLS))
        self._burn_bytes = _bytes(self.burn + 1, len(SKILLS))
        self._held_bytes = _bytes(self.held, self.group_width)
        self._realm_cache = {}
        self._row_of = {}
        self._rows = []
        self._last_rows = (None, None)  # the last faces seen and their rows
        self._sums = Kept(100_001)  # a group's rows -> their sum (a side of a realm changes seldom)
        # slices kept whole by what they show, each made by its writer (_write_sides...) into zeros
        self._side_blocks = Kept()  # (layout, seat, noise, score pile sizes) -> the sides' slice
        self._seat_blocks = Kept()  # (layout, seat, hand sizes, scores) -> the seats' slice
        # encode_state: (a group's card ids, their up marks, their acted marks) -> the bytes of their sum
        self._groups = Kept(20_000)
        self._getters = Kept(4_096)  # a group's card ids -> an itemgetter of them (at most 4,096 kept: they are objects the
        # garbage collector tracks, where the keys of ints and the bytes kept in _groups are not)
        self._row_bytes = []  # the bytes of self._rows (encode_state)
        self._decision_blocks = Kept(20_000)  # a decision's key (its frame, a card by place and name) -> its slice
        self._burn_blocks = Kept()  # the burned spells -> their slice
        self._spell_blocks = Kept()  # my hand's count of each spell -> my spells' slice
        # (2 * realm + mine, its top realm card (or -1 - its faction), pile sizes, the known cards
        # and their acted marks) -> the slice of its head and its bone pile's known top
        self._realm_heads = Kept(20_000)
        self._scored_blocks = Kept()  # a score pile's realms -> its slice
        self._heads_of = (None, None)  # the cards and layout those heads and score piles were made with
        self._realm_slots = {}  # (layout, seat) -> the realms' and sides' places (_slots_for)
        self._chain_adds = Kept(20_000)  # the chain's frames' keys (a performing card by its place) -> its adds
        self._frame_adds = Kept(20_000)  # (a chain frame's key, its position up to max_items - 1) -> its adds
        self._orders = {}  # (my side, sides) -> the sides from mine
        self._decision_at = {}  # a frame type -> its place in the decision one-hot (-1: none)

    def _row_for(self, name, minion, faction, skills, fight, acted) -> int:
        """The row of one card face, skeleton or minion (``minion``), acted or not (kept: the same
        face in another card file shares it)."""
        key = (name, minion, faction, skills, fight, acted)
        row = self._row_of.get(key)
        if row is None:
            import numpy as np
            factions, names = self.factions, self.names
            F, S = len(factions), len(self.skills)
            vec = np.zeros(self.group_width, np.float32)
            vec[0] = 0.2
            vec[1 if minion else 2] = 0.2
            f = factions.get(faction)
            if f is not None:
                vec[3 + f] = 0.2
            for skill in skills:
                parts = skill.split("/")
                for part in parts:
                    k = self.skills.get(part)
                    if k is not None:
                        vec[3 + F + k] += 0.2 / len(parts)
            vec[3 + F + S] = fight / 5.0
            vec[4 + F + S] = 0.2 if acted else 0.0
            k = names.get(name)
            if k is not None:
                vec[5 + F + S + k] = 1.0
            row = self._row_of[key] = len(self._rows)
            self._rows.append(vec)
            self._row_bytes.append(vec.tobytes())
        return row

    def _sum(self, key):
        """The sum of a group's rows, added one after another from the first (kept): from the sum
        of all but the last row when that is kept (a card just joined the group), which is the
        same float32 sum up to there."""
        sums, vectors = self._sums, self._rows
        prefix = sums.get(key[:-1]) if len(key) > 2 else None
        if prefix is not None:
            total = prefix + vectors[key[-1]]
        else:
            total = vectors[key[0]]
            for row in key[1:]:
                total = total + vectors[row]
        return sums.keep(key, total)

    def _realm_card(self, card):
        """The hashed requirements and bans of a realm card: the same for every view, so kept."""
        key = card.get("name")
        cached = self._realm_cache.get(key)
        if cached is None:
            import numpy as np
            buf = np.zeros(16, np.float32)
            self.hasher.walk({"requires": card.get("requires", []), "bans": card.get("bans", []),
                              "name": key}, buf, 0, 16)
            cached = self._realm_cache[key] = buf
        return cached

    # --- the parts, each written into a zero slice at ``at`` ---------------------------------------
    def _write_sides(self, out, at, sides):
        """The sides from mine, each (its view, mine, the Cursed Artifact's): present, noise / 5,
        realms scored / 3, mine, the Cursed Artifact's."""
        for k, (side, mine, artifact) in enumerate(sides):
            a = at + 5 * k
            out[a] = 1.0
            out[a + 1] = side["noise"] / 5.0
            out[a + 2] = len(side["score_pile"]) / 3.0
            out[a + 3] = mine
            out[a + 4] = artifact

    def _write_scored(self, out, at, score_pile):
        """A side's score pile hashed into its 8 floats, each realm by its name and noise."""
        for realm in score_pile:
            self.hasher.walk(realm, out, at, 8)

    def _write_seats(self, out, at, scores, seats):
        """The seats from me, each (seat, spells in hand or None, on my side): present, spells in
        hand / 5, score / 5, on my side."""
        for k, (p, size, mine) in enumerate(seats):
            a = at + 4 * k
            out[a] = 1.0
            if size is not None:
                out[a + 1] = size / 5.0
            if p < len(scores):
                out[a + 2] = scores[p] / 5.0
            out[a + 3] = mine

    def _write_spells(self, out, at, counts, per):
        """Spells ({name: count}: my hand's, the burned ones): each one's count / ``per``, by skill."""
        for spell, count in counts.items():
            k = self.skills.get(spell)
            if k is not None:
                out[at + k] = count / per

    # --- the vector, from the state -------------------------------------------------------------------
    def _face_rows(self, faces):
        """For a ruleset's card faces: card c's row, minion or skeleton, acted or not, at
        ``4 * c + 2 * minion + acted`` (each face's row made once; those of the last faces seen kept:
        the faces are the card file's, shared by its rule sets)."""
        rows = [self._row_for(name, minion, faction, skills, fight, acted)
                for name, faction, skills, fight, designed in faces for minion in (0, 1) for acted in (0, 1)]
        self._last_rows = (faces, rows)
        return rows

    def _write_decision(self, out, decision):
        # as ``walk`` walks the dict, field after field, each field's adds remembered (they recur)
        walk = self.hasher.walk_memo
        for field, value in decision.items():
            walk(value, out, 0, 32, "." + field)

    def _slots_for(self, L, seat, order):
        """For a layout and the observer: each realm's number, ``2 * number + mine`` (mine: the
        observer scores it), the bytes slice of its head and bone pile group, and the (bytes
        slice, index in ``state.sides``) of each side present on it, sides from mine."""
        width = self.group_width
        head = self.realm_head
        per_realm = head + (1 + SIDES) * width
        mine = L.seat_realms[seat] if seat is not None else ()
        realms = []
        for r in range(min(L.nr, REALMS)):
            at = self.realms + r * per_realm
            sides = [(_bytes(at + head + (1 + k) * width, width), r * L.ns + x)
                     for k, x in enumerate(order) if x in L.realm_sides[r]]
            realms.append((r, 2 * r + (r in mine), _bytes(at, head + width), sides))
        slots = self._realm_slots[(id(L), seat)] = (L, realms)
        return slots

    def _write_realm(self, out, r, key, L, C, st, face_rows):
        """A realm's head (present, mine to score, noise / 3, realm pile / 6, bone pile size / 20,
        adjacent realms / 3, faction one-hot, its top realm card's requirements and bans hashed)
        and the known top of its bone pile (top first), from its key (``encode_state``)."""
        code, rid, realm_pile, bone_pile = key[:4]
        card = C.realm_views[rid] if rid >= 0 else None
        F = len(FACTIONS)
        out[0] = 1.0
        out[1] = code % 2
        out[2] = (card["noise"] if card else 0) / 3.0
        out[3] = realm_pile / 6.0
        out[4] = bone_pile / 20.0
        out[5] = len(L.adjacent[r]) / 3.0
        out[6 + st.order[r]] = 1.0
        if card:
            out[6 + F:6 + F + 16] = memoryview(self._realm_card(card))
        pile, up, acted = st.bone[r], st.up, st.acted
        known = st.known[r]
        if known:   # the known cards, top first
            rows = tuple([face_rows[4 * c + 2 * up[c] + acted[c]] for c in pile[:-1 - known:-1]])
            out.cast("B")[4 * self.realm_head:] = self._group_sum(rows)

    def _chain(self, st, chain, keys):
        """The chain's adds, as ``walk(chain_view(st), ..., "chain")`` makes them: each frame's at its
        position (kept by its key and position), then the list's length; kept by the frames' keys."""
        hasher = self.hasher
        frame_adds = self._frame_adds
        last = hasher.max_items - 1
        probe = Recorder()
        adds = probe.adds
        for i, f in enumerate(chain):
            at = min(i, last)
            kept = frame_adds.get((keys[i], at))
            if kept is None:
                frame = Recorder()
                hasher.walk(chain_item(st, f), frame, 0, 32, f"chain[{at}]")
                kept = frame_adds.keep((keys[i], at), tuple(frame.adds))
            adds.extend(kept)
        hasher.add(probe, 0, 32, "chain#", len(chain) / hasher.scale)
        return self._chain_adds.keep(keys, tuple(probe.adds))

    def encode_state(self, st, seat, arr):
        # (kept slices are bytes, not GC-tracked views: copied in through the bytes of ``out``)
        out = memoryview(arr)
        raw = out.cast("B")
        L = st.L
        C = st.R.cards
        ns = L.ns
        me = 0 if seat is None else seat
        faces = st.R.faces
        face_rows = self._last_rows[1] if self._last_rows[0] is faces else self._face_rows(faces)
        if self._heads_of[0] is not C or self._heads_of[1] is not L:
            for kept in (self._realm_heads, self._scored_blocks, self._groups, self._getters):
                kept.clear()   # (card ids name other cards in another card file)
            self._heads_of = (C, L)
        up, acted = st.up, st.acted
        side_names = L.side_names
        my = L.seat_side[me] if seat is not None else 0
        my_side = side_names[my]
        first = side_names.index(my_side)
        order = self._orders.get((first, ns))
        if order is None:
            order = self._orders[(first, ns)] = [(first + k) % ns for k in range(ns)][:SIDES]
        # The decision and each chain frame are walked by keys read off the stack (a frame, with the
        # card it names by its place, and its name where the view shows it, not by its id), so their
        # views are built only the first time a key is seen.
        stack = st.stack
        chain = [f for f in stack if f[0] != TURN] if stack else stack
        # the head: turn, active, to move, over, won, spell deck, held, chain length; the mode and
        # the phase one-hot
        g = self.g
        out[g] = min(st.turn, TURN_CAP) / 100.0
        out[g + 1] = seat is not None and st.active == seat
        out[g + 2] = seat is not None and st.to_move == seat
        out[g + 3] = st.is_over
        out[g + 4] = seat is not None and seat in st.winners
        out[g + 5] = len(st.deck) / 30.0
        out[g + 6] = st.held >= 0
        out[g + 7] = min(len(chain), CHAIN_CAP) / 5.0
        out[self.mode + MODES.index(L.mode)] = 1.0
        out[self.phase + PHASES.index(phase_name(st))] = 1.0
        frame = st.decision
        if frame is not None:
            kind = self._decision_at.get(frame[0])
            if kind is None:
                name = FRAMES[frame[0]].name
                kind = self._decision_at[frame[0]] = self.decision + DECISIONS.index(name) if name in DECISIONS else -1
            if kind >= 0:
                out[kind] = 1.0
            if frame[0] in CARD_DECISIONS:  # the card by its place and name, not its id
                key = (frame[0], place_key(st, frame[1]), C.names[frame[1]], *frame[2:])
            else:
                key = frame
            # the decision is the first thing hashed into its (zero) slice: its 32 floats are
            # kept whole by its key and copied in; the chain adds to them
            block = self._decision_blocks.get(key)
            if block is None:
                block = self._decision_blocks.make(key, 32, self._write_decision, decision_view(st))
            raw[self._decision_bytes] = block
        if chain:
            # as ``walk(chain_view(st), ..., "chain")`` walks the list: each frame at its position,
            # then the list's length; the adds of the whole chain kept by the frames' keys
            keys = tuple([(PERFORM, place_key(st, f[1]), f[2]) if f[0] == PERFORM else f for f in chain])
            adds = self._chain_adds.get(keys)
            if adds is None:
                adds = self._chain(st, chain, keys)
            at = self.decision_hash
            for slot, value in adds:
                out[at + slot] += value
        # the sides' slice and the seats' slice, each written into its zero slice: kept whole by
        # what it shows
        key = (L, seat, *st.noise, *map(len, st.scored))
        block = self._side_blocks.get(key)
        if block is None:
            sides = sides_view(st)
            block = self._side_blocks.make(key, 5 * len(order), self._write_sides, 0, [
                (sides[x], seat is not None and seat in L.side_seats[x], side_names[x] == "artifact") for x in order])
        at = 4 * self.sides
        raw[at:at + len(block)] = block
        if any(st.scored):
            for k, x in enumerate(order):
                scored = st.scored[x]
                if scored:  # hashed into its zero slice: kept whole by the realms scored
                    block = self._scored_blocks.get(tuple(scored))
                    if block is None:
                        block = self._scored_blocks.make(tuple(scored), 8, self._write_scored, 0,
                                                         [C.score_views[rid] for rid in scored])
                    at = 4 * (self.scored + 8 * k)
                    raw[at:at + 32] = block
        hand = st.hand
        # (each seat's score is its side's noise but in Solitaire, and L gives each seat's side)
        key = (L, seat, *map(sum, hand), *(st.scores if L.solitaire else st.noise))
        block = self._seat_blocks.get(key)
        if block is None:
            n = L.players
            block = self._seat_blocks.make(key, 4 * min(n, SEATS), self._write_seats, 0, st.scores, [
                (p, sum(hand[p]), L.seat_side[p] == my) for p in ((me + k) % n for k in range(min(n, SEATS)))])
        at = 4 * self.seats
        raw[at:at + len(block)] = block
        # my spells through the declared zones, which give nothing ``seat`` may not see (a spectator
        # sees no hand: no call)
        h = st.zones.seen(st, "hand", seat, seat) if seat is not None else None
        if h is not None:
            block = self._spell_blocks.get(tuple(h))
            if block is None:
                block = self._spell_blocks.make(tuple(h), len(SKILLS), self._write_spells, 0, counts_of(SPELLS, h), 1.0)
            raw[self._spells_bytes] = block
        out[self.burn] = len(st.burn) / 10.0
        if st.burn_spells:
            burned = tuple(st.burn_spells)
            block = self._burn_blocks.get(burned)
            if block is None:
                block = self._burn_blocks.make(burned, len(SKILLS), self._write_spells, 0, burned_spells(st), 3.0)
            raw[self._burn_bytes] = block
        held = st.held
        if held >= 0:   # a group of one card: its row
            raw[self._held_bytes] = self._row_bytes[face_rows[4 * held + 2 * up[held] + acted[held]]]
        if st.artifact >= 0:   # the Cursed Artifact's realm one-hot
            out[self.artifact + st.artifact] = 1.0
        sides = st.sides
        order_of = st.order
        heads = self._realm_heads
        slots = self._realm_slots.get((id(L), seat))
        if slots is None or slots[0] is not L:
            slots = self._slots_for(L, seat, order)
        groups, getters = self._groups, self._getters
        for r, code, head_slice, side_slots in slots[1]:
            top = st.rpile[r]
            pile = st.bone[r]
            known = st.known[r]
            # the realm's head (present, mine, noise, piles, adjacency, faction, realm card) and the
            # known top of its bone pile (top first), all written into their zero slice: kept whole
            # by what they show (the known cards by id and acted mark)
            if known == 1:
                c = pile[-1]
                key = (code, top[-1] if top else -1 - order_of[r], len(top), len(pile), c, acted[c])
            else:
                cards = tuple(pile[len(pile) - known:])
                key = (code, top[-1] if top else -1 - order_of[r], len(top), len(pile), cards,
                       tuple(map(acted.__getitem__, cards)))
            block = heads.get(key)
            if block is None:
                block = heads.make(key, self.realm_head + self.group_width, self._write_realm, r, key, L, C, st,
                                   face_rows)
            raw[head_slice] = block
            for place, x in side_slots:
                cards = sides[x]
                if cards:
                    ids = tuple(cards)
                    get = getters.get(ids)
                    if get is None:
                        get = getters.keep(ids, itemgetter(*ids))
                    key = (ids, get(up), get(acted))
                    total = groups.get(key)
                    if total is None:
                        rows = tuple([face_rows[4 * c + 2 * up[c] + acted[c]] for c in ids])
                        total = groups.keep(key, self._group_sum(rows))
                    raw[place] = total
        self.clip(arr)

    def _group_sum(self, rows):
        """A group of cards with these rows as bytes: the row, or the rows' sum."""
        if len(rows) == 1:
            return self._row_bytes[rows[0]]
        total = self._sums.get(rows)
        if total is None:
            total = self._sum(rows)
        return total.tobytes()
