"""The Spirit Link state: its zones, declared once (core derives clone, snapshots, the zones'
part of the view and the re-deal from them), and the setup.

The turn itself is the decision stack (frames.py); the rules are in turn.py, combat.py and
spells.py, the rest of what a seat sees in views.py, old snapshot forms in snapshots.py.
"""

from typing import Annotated

from msgspec import Meta

from ...core import State
from ...core.zones import EVERYONE, OWNER, Cards, Known, Number, Pile, Slot, Zones
from . import snapshots, views
from .frames import FRAMES
from .ruleset import (HAND_LIMIT, LIMIT, MAX_HEALTH, MAX_MANA, NO_FORM, NOT_PLACED, START_HEALTH, START_MANA,
                      TURN)
from .turn import draw
from .views import IN_SETTLEMENT, phase_of

Whole = Annotated[int, Meta(ge=0, le=99)]


def _can_place(s, p) -> list[int]:
    """The cards a seat could have put face down: the transformations it can pay for."""
    cost, mana = s.R.cards.cost, s.mana[p]
    return [k for k in s.R.cards.forms if cost[k] <= mana]


ZONES = Zones(
    Number("health", Annotated[int, Meta(ge=-99, le=MAX_HEALTH)], START_HEALTH),
    Number("mana", Annotated[int, Meta(ge=0, le=MAX_MANA)], START_MANA),
    Cards("hand", OWNER, size="hand_size"),
    # "deck" lists a whole deck, top card first; or "deck_top" gives its next cards and the rest of
    # the 45 cards not placed elsewhere follow in card-list order
    Pile("deck", OWNER, size_view="deck_size", top_key="deck_top"),
    Cards("discard", EVERYONE, shown="counts"),
    # "you put 1 transformation card face down in front of you": seen by all once revealed
    Slot("form", OWNER, key="transformation", view="transformation", marks={NOT_PLACED: None, NO_FORM: "none"},
         public="revealed", holds=lambda cards: cards.forms, holds_word="a transformation card", fits=_can_place),
    Slot("ability", EVERYONE, holds=lambda cards: cards.abilities, holds_word="an ability card"),
    Number("spell_cast", bool, False),
    Number("bolts", Whole, 0, key="firebolts_pending", view="firebolts_pending"),
    # an Eternal-Firebolt cast returns to its caster's hand in sight of both seats
    Known("known_bolts", "hand", card=lambda s: s.R.firebolt_kind, key="known_firebolts", view="known_in_hand"),
    Number("round", Annotated[int, Meta(ge=1)], 1, seat=False),
    Number("revealed", bool, False, seat=False, view=None),
    cards=lambda s: s.R.cards, shared=("R",))


class SpiritLinkState(State):
    __slots__ = ZONES.attributes

    frames = FRAMES
    zones = ZONES

    def attach(self):
        self.R = self.game.ruleset(self.options, self.card_text)

    def setup(self):
        self.attach()
        R = self.R
        cards = R.cards
        ZONES.empty(self)
        for p in (0, 1):
            deck = [k for k in range(cards.n) for _ in range(cards.copies[k])]
            self.rng.shuffle(deck)
            self.deck[p] = deck
        self.round = 0
        for p in (0, 1):
            draw(self, p, R.start_hand)
        self.push((TURN,))
        self.run()

    @property
    def priority(self) -> int:
        """The seat that decides first this turn: alternating, North first (RULES.md, ruling 2)."""
        return (self.round - 1) % 2 if self.R.alternate_priority else 0

    @property
    def phase(self) -> int:
        """Where the turn stands (views.PHASES names it)."""
        return phase_of(self)

    view_more = views.view_more

    def seat_view(self, seat, public):
        return ZONES.seat_view(self, seat, public)   # (view_more adds nothing a seat alone sees)
    restored = snapshots.check_stack
    migrate_snapshot = classmethod(snapshots.migrate)

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
            counts = ZONES.placed(self, p)   # hand, discard pile, transformation and ability
            for k in self.deck[p]:
                counts[k] += 1
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
