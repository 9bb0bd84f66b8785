"""The Spirit Link state: two seats' health, mana, hands, decks and this turn's cards.

The turn itself is the decision stack (frames.py); the rules are in turn.py, combat.py and
spells.py, what a seat sees in views.py, snapshots in snapshots.py, the re-deal in hidden.py.
"""

from ...core import State
from . import hidden, snapshots, views
from .frames import FRAMES, IN_SETTLEMENT, LIMIT, TURN, phase_of
from .ruleset import HAND_LIMIT, MAX_HEALTH, MAX_MANA, NO_FORM, NOT_PLACED, START_HEALTH, START_MANA
from .turn import draw


class SpiritLinkState(State):
    __slots__ = ("R", "health", "mana", "hand", "hand_size", "deck", "discard", "form", "ability",
                 "spell_cast", "bolts", "known_bolts", "round", "revealed")

    frames = FRAMES
    snapshot_schema = snapshots.SpiritLinkFields

    def setup(self):
        R = self.R = self.game.ruleset(self.options, self.card_text)
        cards = R.cards
        self.health = [START_HEALTH, START_HEALTH]
        self.mana = [START_MANA, START_MANA]
        self.hand = [[0] * cards.n, [0] * cards.n]
        self.hand_size = [0, 0]
        self.discard = [[0] * cards.n, [0] * cards.n]
        self.deck = []
        for p in (0, 1):
            deck = [k for k in range(cards.n) for _ in range(cards.copies[k])]
            self.rng.shuffle(deck)
            self.deck.append(deck)
        self.known_bolts = [0, 0]
        self.round = 0
        for p in (0, 1):
            draw(self, p, R.start_hand)
        self.push((TURN,))
        self.run()

    def clone(self):
        c = SpiritLinkState.__new__(SpiritLinkState)
        self._copy_common(c)
        c.R = self.R
        c.health = self.health.copy()
        c.mana = self.mana.copy()
        c.hand = [self.hand[0].copy(), self.hand[1].copy()]
        c.hand_size = self.hand_size.copy()
        c.deck = [self.deck[0].copy(), self.deck[1].copy()]
        c.discard = [self.discard[0].copy(), self.discard[1].copy()]
        c.form = self.form.copy()
        c.ability = self.ability.copy()
        c.spell_cast = self.spell_cast.copy()
        c.bolts = self.bolts.copy()
        c.known_bolts = self.known_bolts.copy()
        c.round = self.round
        c.revealed = self.revealed
        return c

    @property
    def priority(self) -> int:
        """The seat that decides first this turn: alternating, North first (RULES.md, ruling 2)."""
        return (self.round - 1) % 2 if self.R.alternate_priority else 0

    @property
    def phase(self) -> int:
        """Where the turn stands (frames.PHASES names it)."""
        return phase_of(self)

    # --- seeing, snapshots, the re-deal -------------------------------------------------------------
    _view = views.view
    _snapshot = snapshots.snapshot
    _restore = snapshots.restore
    migrate_snapshot = classmethod(snapshots.migrate)
    determinize = hidden.determinize

    # --- outcome -------------------------------------------------------------------------------
    @property
    def scores(self):
        """Each seat's health."""
        return list(self.health)

    def tempo(self):
        """What a designer watches over a game: each seat's health (who leads) and mana."""
        return {"health": [float(h) for h in self.health], "mana": [float(m) for m in self.mana]}

    def check_invariants(self):
        cards = self.R.cards
        over = self.decision is None
        for p in (0, 1):
            counts = [self.hand[p][k] + self.discard[p][k] for k in range(cards.n)]
            for k in self.deck[p]:
                counts[k] += 1
            if self.form[p] >= 0:
                counts[self.form[p]] += 1
            if self.ability[p] >= 0:
                counts[self.ability[p]] += 1
            wrong = [cards.names[k] for k in range(cards.n) if counts[k] != cards.copies[k]]
            assert not wrong, f"seat {p} does not hold its deck's cards exactly: {', '.join(wrong)} miscounted"
            assert self.hand_size[p] == sum(self.hand[p]), f"seat {p} hand size {self.hand_size[p]} is wrong"
            assert 0 <= self.mana[p] <= MAX_MANA, f"seat {p} mana {self.mana[p]} out of 0..{MAX_MANA}"
            assert self.health[p] <= MAX_HEALTH, f"seat {p} health {self.health[p]} above {MAX_HEALTH}"
            assert over or self.health[p] > 0, f"seat {p} has {self.health[p]} health but the game goes on"
            bolts_in_hand = self.hand[p][self.R.firebolt_kind] if self.R.firebolt_kind >= 0 else 0
            assert 0 <= self.known_bolts[p] <= bolts_in_hand, f"seat {p} known Firebolts exceed its hand"
            assert self.form[p] >= 0 or self.form[p] in (NOT_PLACED, NO_FORM)
        if over:
            assert self.to_move is None and not self.stack, "the game is over but a seat is to move"
        else:
            assert self.to_move in (0, 1), "the game goes on but no seat is to move"
            assert self.decision[0] != LIMIT or self.hand_size[self.to_move] > HAND_LIMIT
        assert self.phase != IN_SETTLEMENT or self.revealed, "the settlement window opens after the reveal"
