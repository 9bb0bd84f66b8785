"""Life Siphon's components as card records (cards.toml, or a player's own file with --cards).

The file is read by the one core card schema (``core.cards.read_cards``): each table's records are
frozen msgspec Structs declared here, with the effect vocabulary of effects.py as their allowed
values. A broken file is refused with ``IllegalAction`` naming the file, the card and the field.
A player's file has the same tables; a table it leaves out comes from the game's own file (so a
file of ``[[card]]`` tables alone plays with the printed Familiars, vials and our Aspects).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import msgspec

from ...core.cards import Card, CardFile, Names, card_error, read_cards
from .effects import EFFECTS, POOLS, TARGETS, VIAL_EFFECTS
from .ruleset import ASPECTS_IN_GAME, DECK_COUNTS, RIVER_CARDS

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")
MIN_DECK = 8  # ours: a hand for each of 4 seats, the 3 River cards and one to draw

Life = Annotated[int, msgspec.Meta(ge=0, le=19)]      # a cost in life: never 20 or more
Amount = Annotated[int, msgspec.Meta(ge=0, le=20)]

Effect = Literal[tuple(EFFECTS)]     # the vocabulary of effects.py, named once there
Target = Literal[TARGETS]
Special = Literal["gain-1-life-when-removed", "chooses-target", "only-blocked-by-its-kind",
                  "removes-familiars-it-damages", "discard-when-unblocked", "damage-1-when-removed",
                  "breath-weapon", "on-damage-any-player-loses-1", "on-damage-may-draw",
                  "on-damage-any-player-gains-1", "on-damage-may-move"]


class Familiar(Card, frozen=True):
    """A Familiar meeple ("The Familiars", "Plague Rat, Shade & Dragon", "The Fearsome")."""
    pool: Literal[POOLS]
    supply: Annotated[int, msgspec.Meta(ge=1, le=12)]
    cost: Life
    attack: Annotated[int, msgspec.Meta(ge=0, le=99)]
    defense: Annotated[int, msgspec.Meta(ge=1, le=99)]
    move_cost: Life = 0
    specials: tuple[Special, ...] = ()


class Spell(Card, frozen=True):
    """A Main Deck card: a Fast, Slow or Fast / Slow Cast spell ("The Cards")."""
    speed: Literal["fast", "slow", "fast/slow"]
    copies: Annotated[int, msgspec.Meta(ge=1, le=39)]
    cost: Life
    effect: Effect
    target: Target
    amount: Amount = 1
    slow_effect: Effect | None = None      # a fast/slow card's Slow Cast half
    slow_target: Target | None = None
    slow_amount: Amount | None = None
    madness: bool = True                  # false: "Remove all copies of the following cards" (Madness)

    @property
    def fast(self) -> bool:
        return self.speed in ("fast", "fast/slow")

    @property
    def slow_amount_or_default(self) -> int:
        return 1 if self.slow_amount is None else self.slow_amount


class Aspect(Card, frozen=True):
    """An Aspect card ("The Aspects"): a passive, on-equip or Slow Cast ability."""
    trigger: Literal["start-of-turn", "end-of-turn", "slow-ability", "on-equip"]
    effect: Literal["gain-life", "lose-life", "draw", "move-familiar"]
    amount: Amount = 1
    who: Literal["you", "left"] = "you"
    cost: Life = 0


class Vial(Card, frozen=True):
    """An Essence Vial ("The Essence Vials")."""
    effect: Literal[VIAL_EFFECTS]


class LifeSiphonCards(CardFile, frozen=True):
    """A Life Siphon card file: every table optional but ``[[card]]`` (the others default to the
    game's own)."""
    card: tuple[Spell, ...]
    aspect: tuple[Aspect, ...] | None = None
    familiar: tuple[Familiar, ...] | None = None
    vial: tuple[Vial, ...] | None = None


class CardSet:
    """Every component of one game, with per-kind lists the rules read on the hot path."""

    def __init__(self, familiars, vials, cards, aspects, source):
        self.familiars, self.vials, self.cards, self.aspects = tuple(familiars), tuple(vials), tuple(cards), tuple(aspects)
        self.source = source
        self.names = [c.name for c in cards]
        self.n = len(cards)
        self.fam_names = [f.name for f in familiars]
        self.nf = len(familiars)
        self.aspect_names = [a.name for a in aspects]
        self.vial_names = [v.name for v in vials]
        self.familiar_of = Names(self.fam_names, "a Familiar", "Familiars").find
        self.aspect_of = Names(self.aspect_names, "an Aspect", "Aspects").find
        self.vial_of = Names(self.vial_names, "an Essence Vial", "vials").find


def load_cards(path=None) -> CardSet:
    """The game's own components (cards.toml): every table present, the rulebook's deck counts."""
    path = Path(path) if path is not None else DEFAULT_CARDS
    source = str(path)
    data = read_cards(path.read_text(), source, LifeSiphonCards)
    for table in ("aspect", "familiar", "vial"):
        if getattr(data, table) is None:
            raise card_error(source, table, None, None, f"the game's own file lists its [[{table}]] tables")
    cards = _check(data, source)
    # "39 Main Deck cards: 16 Fast Cast Spells, 18 Slow Cast Spells, 5 Fast / Slow Cast Spells"
    total = {s: sum(c.copies for c in cards.cards if c.speed == s) for s in DECK_COUNTS}
    if total != DECK_COUNTS:
        raise card_error(source, "card", None, "copies", f"the main deck must hold 16 Fast, 18 Slow and 5 "
                                                        f"Fast / Slow cards, not {total}")
    return cards


def cards_from_text(text: str, source: str, base: CardSet) -> CardSet:
    """A player's own card file; the tables it leaves out come from the game's own (``base``)."""
    data = read_cards(text, source, LifeSiphonCards)
    return _check(data, source, base)


def _check(data: LifeSiphonCards, source: str, base: CardSet | None = None) -> CardSet:
    """The checks that span fields or cards, said the way core says card errors."""
    for table in ("card", "aspect", "familiar", "vial"):
        rows = getattr(data, table)
        if rows is None:
            continue
        if not rows:
            raise card_error(source, table, None, None, f"a card file lists its {table}s as [[{table}]] tables")
        seen = set()
        for row in rows:
            key = row.name.lower()
            if key in seen:
                raise card_error(source, table, row.name, "name", "listed twice (each name once)")
            seen.add(key)
    for table in ("card", "aspect", "familiar", "vial"):
        for row in getattr(data, table) or ():
            if not row.text.strip():
                raise card_error(source, table, row.name, "text", "missing: the text printed on the card "
                                                                  "(or our designed text)")
    for c in data.card:
        if c.target not in EFFECTS[c.effect]:
            raise card_error(source, "card", c.name, "target", f"{c.target!r} is not a target of {c.effect!r}; "
                                                               f"allowed: {', '.join(EFFECTS[c.effect])}")
        halves = (c.slow_effect, c.slow_target, c.slow_amount)
        if c.speed == "fast/slow":
            if c.slow_effect is None or c.slow_target is None:
                missing = "slow_effect" if c.slow_effect is None else "slow_target"
                raise card_error(source, "card", c.name, missing, "a fast/slow card has slow_effect and slow_target "
                                                                  "(its Slow Cast half)")
            if c.slow_target not in EFFECTS[c.slow_effect]:
                raise card_error(source, "card", c.name, "slow_target",
                                 f"{c.slow_target!r} is not a target of {c.slow_effect!r}; "
                                 f"allowed: {', '.join(EFFECTS[c.slow_effect])}")
        elif any(h is not None for h in halves):
            raise card_error(source, "card", c.name, "slow_effect", "only a fast/slow card has slow_effect, "
                                                                    "slow_amount and slow_target")
    total = sum(c.copies for c in data.card)
    if total < MIN_DECK:
        raise card_error(source, "card", None, "copies", f"a main deck needs at least {MIN_DECK} cards (one per "
                                                         f"seat and {RIVER_CARDS} River cards), not {total}")
    if data.aspect is not None and len(data.aspect) > ASPECTS_IN_GAME:
        raise card_error(source, "aspect", None, None, f"there are {ASPECTS_IN_GAME} Aspects in the game, "
                                                       f"not {len(data.aspect)}")
    if data.vial is not None and sorted(v.effect for v in data.vial) != sorted(VIAL_EFFECTS):
        raise card_error(source, "vial", None, "effect", f"the vials must have the effects "
                                                         f"{', '.join(VIAL_EFFECTS)} once each")
    pick = (lambda table: getattr(data, table)) if base is None else (
        lambda table: getattr(data, table) if getattr(data, table) is not None else getattr(base, table + "s"))
    return CardSet(pick("familiar"), pick("vial"), data.card, pick("aspect"), source)
