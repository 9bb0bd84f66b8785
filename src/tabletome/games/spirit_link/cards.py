"""Spirit Link's card file (cards.toml, or a player's own with --cards), on the core card schema.

A ``[[card]]`` table is read and checked by ``core.cards.read_cards`` against ``CardEntry``; the
checks that span fields or cards (an effect of the wrong card type, an amount its effect does not
read, an ability naming no transformation) are made here with ``card_error``. The deck in play is
a ``CardSet`` of immutable ``DeckCard`` records, with per-kind lists the rules read on hot paths.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import msgspec

from ...core.cards import Card, CardFile, allowed, card_error, read_cards
from ...core.files import read_text
from .effects import AMOUNT_FIELDS, AMOUNTS, EFFECTS, Effect
from .ruleset import MAX_HEALTH, MAX_MANA

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")

# Every number is bounded by what the components allow: no amount of life can exceed a full
# health bar, no amount of mana a full mana pool ("a maximum of 30 health and a maximum of 12
# mana"); copies and attacks have limits of our own, well above the printed 3 copies and 2 attacks.
MAX_COPIES = 9          # ours: a card's copies in a deck
MAX_ATTACKS = 10        # ours: "Attacsk 2 times."
Count = Annotated[int, msgspec.Meta(ge=1, le=MAX_COPIES)]
Life = Annotated[int, msgspec.Meta(ge=0, le=MAX_HEALTH)]
Mana = Annotated[int, msgspec.Meta(ge=0, le=MAX_MANA)]


class CardEntry(Card, frozen=True, kw_only=True):
    """One ``[[card]]`` table as a card file writes it."""
    type: Literal["transformation", "ability", "spell"]
    copies: Count
    cost: Mana
    effect: Effect
    for_: str | None = msgspec.field(default=None, name="for")  # ability cards: its transformation
    # the numbers the card's effect reads (see effects.AMOUNTS); a transformation's damage is its attack
    damage: Life | None = None
    mana: Mana | None = None
    heal: Life | None = None
    life: Life | None = None
    attacks: Annotated[int, msgspec.Meta(ge=0, le=MAX_ATTACKS)] | None = None
    reduce: Life | None = None


class SpiritLinkCards(CardFile, frozen=True):
    card: list[CardEntry]


class DeckCard(msgspec.Struct, frozen=True, kw_only=True):
    """A card in play: its entry's fields, its index in the card list (``kind``) and, for an
    ability card, the index of its transformation (``for_form``, else -1). Unused amounts are 0."""
    kind: int
    name: str
    type: str
    copies: int
    cost: int
    effect: str
    for_form: int
    damage: int
    mana: int
    heal: int
    life: int
    attacks: int
    reduce: int
    text: str
    origin: str


class CardSet:
    """The card list of one deck, with per-kind lists the rules read on the hot path."""

    def __init__(self, cards: list[DeckCard], source: str):
        self.cards = cards
        self.source = source
        self.names = [c.name for c in cards]
        self.by_name = {c.name.lower(): c for c in cards}
        self.n = len(cards)
        self.copies = [c.copies for c in cards]
        self.deck_size = sum(self.copies)
        self.cost = [c.cost for c in cards]
        for field in AMOUNT_FIELDS:   # damage, mana, heal, life, attacks, reduce: per kind
            setattr(self, field, [getattr(c, field) for c in cards])
        self.effect = [c.effect for c in cards]
        self.forms = [c.kind for c in cards if c.type == "transformation"]
        self.abilities = [c.kind for c in cards if c.type == "ability"]
        self.spells = [c.kind for c in cards if c.type == "spell"]
        self.is_form = [c.type == "transformation" for c in cards]
        self.abilities_for = [[a for a in self.abilities if cards[a].for_form == k] for k in range(self.n)]
        self.for_form = [c.for_form for c in cards]


def load_cards(path=None) -> CardSet:
    """Read and check a card file; the printed deck when ``path`` is None."""
    path = Path(path) if path is not None else DEFAULT_CARDS
    return cards_from_text(read_text(path, "card file"), str(path))


def cards_from_text(text: str, source: str) -> CardSet:
    entries = read_cards(text, source, SpiritLinkCards).card
    if not entries:
        raise card_error(source, "card", None, None, "a card file lists its cards as [[card]] tables")
    kind = {}   # each card's index by its name in lower case
    for i, e in enumerate(entries):
        if e.name.lower() in kind:
            raise card_error(source, "card", e.name, "name", "this card name is listed twice")
        kind[e.name.lower()] = i
    cards = [_deck_card(i, e, entries, kind, source) for i, e in enumerate(entries)]
    if not any(c.type == "transformation" for c in cards):
        raise card_error(source, "card", None, None, "a deck needs at least one transformation card")
    returning = [c.name for c in cards if c.effect == "hit-return-to-hand"]
    if len(returning) > 1:
        raise card_error(source, "card", returning[1], "effect",
                         f"only one card may return to its caster's hand (hit-return-to-hand); {returning[0]!r} already does")
    return CardSet(cards, source)


def _deck_card(i: int, e: CardEntry, entries, kind: dict, source: str) -> DeckCard:
    def refuse(field, problem):
        return card_error(source, "card", e.name, field, problem)

    if e.effect not in EFFECTS[e.type]:
        raise refuse("effect", f"{e.effect!r} is not an effect of a {e.type} card; allowed: {allowed(EFFECTS[e.type])}")
    reads = set(AMOUNTS.get(e.effect, ()))
    if e.type == "transformation":
        reads.add("damage")  # "The first value stands for the damage done"
    for field in AMOUNT_FIELDS:
        given = getattr(e, field) is not None
        if field in reads and not given:
            raise refuse(field, f"missing: a {e.type} with effect {e.effect!r} needs it")
        if given and field not in reads:
            raise refuse(field, f"not read by effect {e.effect!r} (it reads: {allowed(sorted(reads)) if reads else 'no amount'})")
    for_form = -1
    if e.type == "ability":
        target = kind.get(e.for_.lower()) if e.for_ is not None else None
        if target is None or entries[target].type != "transformation":
            raise refuse("for", f"an ability card names the transformation it applies to, not {e.for_!r}")
        for_form = target
    elif e.for_ is not None:
        raise refuse("for", "only an ability card names a transformation")
    amounts = {field: getattr(e, field) or 0 for field in AMOUNT_FIELDS}
    return DeckCard(kind=i, name=e.name, type=e.type, copies=e.copies, cost=e.cost, effect=e.effect,
                    for_form=for_form, text=e.text, origin=e.origin, **amounts)
