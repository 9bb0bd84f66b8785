"""The Spirit Link state: two seats' health, mana, hands, decks and this turn's cards."""

from ...core import State
from .combat import CombatRules
from .hidden import HiddenInformation
from .phases import COMBAT, END, HAND_LIMIT, NO_FORM, NO_PENDING, NOT_PLACED, OVER, PREPARE, SPRING
from .ruleset import MAX_HEALTH, MAX_MANA, RuleSet, START_HEALTH, START_MANA
from .turn import TurnRules
from .views import Views


class SpiritLinkState(TurnRules, CombatRules, Views, HiddenInformation, State):
    __slots__ = ("R", "health", "mana", "hand", "hand_size", "deck", "discard", "form", "ability",
                 "spell_cast", "bolts", "known_bolts", "phase", "priority", "round", "passes",
                 "pending", "pending_left", "revealed")

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
        self.pending = NO_PENDING
        self.pending_left = 0
        self.passes = 0
        for p in (0, 1):
            self._draw(p, R.start_hand)
        self._start_turn()

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
        c.phase = self.phase
        c.priority = self.priority
        c.round = self.round
        c.passes = self.passes
        c.pending = self.pending
        c.pending_left = self.pending_left
        c.revealed = self.revealed
        return c

    # --- deciding ----------------------------------------------------------------------------
    def _legal_actions(self):
        p = self.to_move
        act = self.R.act
        if self.pending:
            hand = self.hand[p]
            acts = [act.discard[k] for k in range(len(hand)) if hand[k]]
            if self.pending == SPRING:
                acts.append(act.stop)
            return acts
        if self.phase == PREPARE:
            return self._prep_actions(p)
        acts = self._window_actions(p)
        acts.append(act.pass_)
        return acts

    def _apply(self, action):
        p = self.to_move
        kind = action.kind
        if kind == "pass":
            self._pass()
        elif kind == "discard":
            self._discard(p, action.args[0])
        elif kind == "transform":
            k = action.args[0]
            self.hand[p][k] -= 1
            self.hand_size[p] -= 1
            self._place(p, k)
        elif kind == "buy":
            self._buy_life(p)
        elif kind == "spell":
            self._cast(p, action.args[0])
        elif kind == "ability":
            self._play_ability(p, action.args[0])
        elif kind == "trade":
            self._start_trade(p)
        elif kind == "no-form":
            self._place(p, NO_FORM)
        elif kind == "stop":
            self._stop_discarding(p)

    # --- outcome -------------------------------------------------------------------------------
    @property
    def scores(self):
        """Each seat's health."""
        return list(self.health)

    def check_invariants(self):
        cards = self.R.cards
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
            assert self.phase == OVER or self.health[p] > 0, f"seat {p} has {self.health[p]} health but the game goes on"
            bolts_in_hand = sum(self.hand[p][k] for k in range(cards.n) if self.R.firebolt[k])
            assert 0 <= self.known_bolts[p] <= bolts_in_hand, f"seat {p} known Firebolts exceed its hand"
            if self.phase in (PREPARE, COMBAT, END):
                assert self.form[p] >= 0 or self.form[p] in (NOT_PLACED, NO_FORM)
        if self.phase == OVER:
            assert self.to_move is None, "the game is over but a seat is to move"
        else:
            assert self.to_move in (0, 1), "the game goes on but no seat is to move"
            assert self.pending != HAND_LIMIT or self.hand_size[self.to_move] > 8
        assert self.phase != END or self.revealed
