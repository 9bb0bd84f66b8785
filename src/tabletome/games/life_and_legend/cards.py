"""Life & Legend's card schema (core.cards msgspec Structs) and the loaded card list.

Three decks, as printed: the Legend Deck (``[[relic]]``, ``[[event]]``, ``[[adventure]]``: 73 cards),
the Life Deck (``[[trait]]``, ``[[exceptional]]``, ``[[trauma]]``: 35) and the Background Deck
(``[[story]]``, ``[[path]]``, ``[[achievement]]``: 36), plus the four AI opponent cards
(``[[opponent]]``). Every effect is an entry of ``effects.OPS``; a card is data naming its effects.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

import msgspec

from ...core import IllegalAction
from ...core.cards import Card, CardFile, card_error, read_cards
from ...core.files import read_text
from . import ruleset as R

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")

Op = Literal[
    # one-shot effects (effects.py)
    "draw-legend", "draw-life", "discard", "defeat", "trauma", "remove-trauma", "gamble",
    "uncover-world", "examine-world", "examine-deck", "reveal-hand", "remove-world",
    "each-discard", "opponents-discard", "wander-free", "uncover-wander", "seek-word", "seek-trauma",
    "next-roll-bonus", "next-roll-once", "mill-life",
    # continuous effects (read by limits and rolls)
    "hand-size", "relic-slots", "trait-limit", "wander-limit", "die-bonus", "wander-bonus",
    "no-wander", "no-background",
    # interfere effects
    "hex", "disrupt",
]
Word = Literal["I", "You", "And", "Hide", "Seek", "Lost", "Found", "Truth", "Power", "Justice"]
Spark = Literal["reveal-events", "reveal-relics", "reveal-adventures", "discard-card", "discard-wander",
                "roll", "traumas", "traits", "small-hand", "after-adventure", "after-wander", "relics"]
RESPONSE_OPS = ("disrupt", "hex")   # Interfere ops that answer another Player's Effect or roll
# "continuous": the Effect holds for its holder while the card is in play ("Relics can add Life Words,
# Legends, or grant Effects to the Player"). The rulebook's "Ambient: This Effect is continuous and
# affects all Players" is for cards in the World: an Atmosphere's World Effect, an Adventure's
# ``ambient`` (RULES.md, "Ambient and continuous Effects").
Timing = Literal["none", "continuous", "turn", "interfere"]


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    op: Op
    n: int = 1


class Challenge(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    level: Literal["I", "II", "III"]   # Trait, Life or Fate Challenge
    bravery: int = 0
    charisma: int = 0
    inspiration: int = 0
    any: int = 0
    words: list[Word] = []
    dice: list[int] = []


class Relic(Card, frozen=True, kw_only=True):
    slots: int = 1
    legends: int = 0
    word: Word | None = None
    effect: list[Effect] = []
    timing: Timing = "none"
    foolproof: bool = False


class Event(Card, frozen=True, kw_only=True):
    role: Literal["war"] | None = None   # ROLES
    atmosphere: bool = False
    world: list[Effect] = []       # "Events uncovered in the World use the World Effect."
    hand: list[Effect] = []        # "Events played from a hand use the Hand Effect"
    timing: Literal["turn", "interfere", "immediately"] = "turn"


class Adventure(Card, frozen=True, kw_only=True):
    legends: int
    perpetual: bool = False
    challenges: list[Challenge]
    reward: list[Effect] = []
    penalty: list[Effect] = []
    ambient: list[Effect] = []     # "Some Adventures affect play while they are in the World."


class Trait(Card, frozen=True, kw_only=True):
    trait: Literal["bravery", "charisma", "inspiration"]
    word: Word | None = None
    copies: int = 1


class Exceptional(Card, frozen=True, kw_only=True):
    effect: list[Effect]
    timing: Timing = "continuous"


class Trauma(Card, frozen=True, kw_only=True):
    role: Literal["apathy"] | None = None   # ROLES
    effect: list[Effect]


class Story(Card, frozen=True, kw_only=True):
    words: list[Word]
    spark: Spark
    discard: list[Effect]


class Path_(Card, frozen=True, kw_only=True):
    role: Literal["arbiter"] | None = None   # ROLES
    words: list[Word]
    effect: list[Effect]
    spark_effect: list[Effect]


class Achievement(Card, frozen=True, kw_only=True):
    words: list[Word]
    effect: list[Effect]


class Opponent(Card, frozen=True, kw_only=True):
    id: str
    steps: list[str]


class LifeAndLegendCards(CardFile, frozen=True):
    relic: list[Relic]
    event: list[Event]
    adventure: list[Adventure]
    trait: list[Trait]
    exceptional: list[Exceptional]
    trauma: list[Trauma]
    story: list[Story]
    path: list[Path_]
    achievement: list[Achievement]
    opponent: list[Opponent] = []


# kinds of card, in card-id order
RELIC, EVENT, ADVENTURE, TRAIT, EXCEPTIONAL, TRAUMA, STORY, PATH, ACHIEVEMENT = range(9)
KIND_NAMES = ("Relic", "Event", "Adventure", "Trait-Card", "Exceptional Trait", "Trauma",
              "Life Story", "Life Path", "Life Achievement")
TABLES = ("relic", "event", "adventure", "trait", "exceptional", "trauma", "story", "path", "achievement")
# The cards the solitaire modes name, found by ``role`` rather than by name, so that a card file
# which renames them (a printed set, a translation) keeps the modes working. Each role is held by
# exactly one card of its kind: role -> (kind, the mode and the rulebook line that names the card).
ROLES = {
    "war": (EVENT, 'War mode: "The Event, War is placed uncovered somewhere in the World."'),
    "apathy": (TRAUMA, 'Lore mode: "Remove the Trauma, Apathy from the game."'),
    "arbiter": (PATH, 'The Arbiter: "The Player must acquire the Life Path, Arbiter, and all 8 Traumas."'),
}


class CardList:
    """Every card of one game by id: Legend cards first (0..72), then Life cards, then Backgrounds.
    Trait-Cards are listed once per copy, sharing their name."""

    def __init__(self, data: LifeAndLegendCards, source: str):
        self.source = source
        self.amb = None   # the game's derived tables (LifeAndLegend._derive) go here
        self.cards = []     # record per id
        self.kind = []      # kind per id
        for kind, table in enumerate(TABLES):
            for card in getattr(data, table):
                for _ in range(card.copies if kind == TRAIT else 1):
                    self.cards.append(card)
                    self.kind.append(kind)
        self.n = len(self.cards)
        self.names = [c.name for c in self.cards]
        self.opponents = {o.id: o for o in data.opponent}
        self.legend = [i for i in range(self.n) if self.kind[i] <= ADVENTURE]
        self.life = [i for i in range(self.n) if TRAIT <= self.kind[i] <= TRAUMA]
        self.background = [i for i in range(self.n) if self.kind[i] >= STORY]
        self.of_kind = [[i for i in range(self.n) if self.kind[i] == k] for k in range(9)]
        self.by_name = {}
        for i, name in enumerate(self.names):
            self.by_name.setdefault(name.lower(), i)
        self.check()
        # the card id holding each role (ROLES): C.war, C.apathy, C.arbiter
        for role in ROLES:
            setattr(self, role, next(i for i in range(self.n) if getattr(self.cards[i], "role", None) == role))
        K = self.kind
        self.is_atmosphere = [K[i] == EVENT and self.cards[i].atmosphere for i in range(self.n)]
        self.perpetual = [K[i] == ADVENTURE and self.cards[i].perpetual for i in range(self.n)]
        self.word = [self.cards[i].word if K[i] in (RELIC, TRAIT) else None for i in range(self.n)]
        # hot-path tables: Relic slots per id (0 for other cards), Exceptional Traits
        self.slots = [self.cards[i].slots if K[i] == RELIC else 0 for i in range(self.n)]
        self.is_exceptional = [K[i] == EXCEPTIONAL for i in range(self.n)]
        self.exceptionals = frozenset(i for i in range(self.n) if K[i] == EXCEPTIONAL)
        # cards in a Play Area whose Effect the Player may use on their turn ("Once per turn")
        self.turn_effect = [K[i] in (RELIC, EXCEPTIONAL) and self.cards[i].timing == "turn" and bool(self.cards[i].effect)
                            for i in range(self.n)]
        self.perpetuals = frozenset(i for i in range(self.n) if self.perpetual[i])
        # Events played from hand for their Hand Effect on the Player's own turn (not Atmospheres,
        # which go over the current one; not a Hand Effect that only answers another Player's Effect
        # or roll, Disrupt or Hex: it is played in the Interfere window, RULES.md "Interfere-only Events")
        self.hand_effect = [K[i] == EVENT and not self.cards[i].atmosphere and bool(self.cards[i].hand)
                            and not all(e.op in RESPONSE_OPS for e in self.cards[i].hand)
                            for i in range(self.n)]
        # per Trait-Card: 0 bravery, 1 charisma, 2 inspiration, 3 an Exceptional Trait (Challenges count them)
        self.trait_of = [("bravery", "charisma", "inspiration").index(self.cards[i].trait) if K[i] == TRAIT
                         else 3 if K[i] == EXCEPTIONAL else None for i in range(self.n)]
        # per Adventure, each Challenge's (index, mark, (bravery, charisma, inspiration, any), ((Life Word,
        # count), ...), the fewest cards in play that can meet it: one Trait-Card a Trait, one card a Life Word)
        self.challenge_needs = [[(level, ch.level, (ch.bravery, ch.charisma, ch.inspiration, ch.any), counted(ch.words),
                                  ch.bravery + ch.charisma + ch.inspiration + ch.any if ch.level == "I" else len(ch.words))
                                 for level, ch in enumerate(self.cards[i].challenges)] if K[i] == ADVENTURE else None
                                for i in range(self.n)]
        # the Life Achievements as a bit set (a hand's Achievements are revealed: determinize keeps them)
        self.achievements = sum(1 << i for i in range(self.n) if K[i] == ACHIEVEMENT)

    def check(self):
        src = self.source
        counts = ((self.legend, R.LEGEND_DECK, "Legend Deck"), (self.life, R.LIFE_DECK, "Life Deck"),
                  (self.background, R.BACKGROUND_DECK, "Background Deck"))
        for ids, want, deck in counts:
            if len(ids) != want:
                raise card_error(src, None, None, None, f"the {deck} has {want} cards as printed, not {len(ids)}")
        if len(self.of_kind[TRAUMA]) != R.TRAUMAS:
            raise card_error(src, "trauma", None, None, f"the Life Deck holds {R.TRAUMAS} Traumas, not {len(self.of_kind[TRAUMA])}")
        if len(self.of_kind[STORY]) != R.STORIES or len(self.of_kind[PATH]) != R.PATHS:
            raise card_error(src, "story", None, None, "the Background Deck holds 12 Life Stories and 12 Life Paths")
        for i, name in enumerate(self.names):
            first = self.by_name[name.lower()]   # (the copies of a Trait-Card are one record)
            if first != i and self.cards[i] is not self.cards[first]:
                raise card_error(src, TABLES[self.kind[i]], name, "name", "two different cards share this name")
        for role, (kind, line) in ROLES.items():
            holders = [self.names[i] for i in self.of_kind[kind] if self.cards[i].role == role]
            if len(holders) != 1:
                held = "none does" if not holders else ", ".join(repr(h) for h in holders) + " do"
                raise card_error(src, TABLES[kind], None, "role",
                                 f'exactly one {KIND_NAMES[kind]} has role = "{role}" ({line}); {held}')
        for i in range(self.n):
            card = self.cards[i]
            if self.kind[i] == ADVENTURE:
                if not card.challenges:
                    raise card_error(src, "adventure", card.name, "challenges", "an Adventure has at least one Challenge")
                if any(not 1 <= d <= R.DIE_FACES for ch in card.challenges for d in ch.dice):
                    raise card_error(src, "adventure", card.name, "challenges", "a die requirement is 1 to 6")
            if self.kind[i] == TRAIT and card.copies < 1:
                raise card_error(src, "trait", card.name, "copies", "at least 1")
            for eff in effects_of(card):
                if eff.n < -6 or eff.n > 6:
                    raise card_error(src, TABLES[self.kind[i]], card.name, "n", "an effect's number is -6 to 6")

    def find(self, name: str, where: str) -> int:
        i = self.by_name.get(str(name).lower())
        if i is None:
            raise IllegalAction(f"{where}: {name!r} is not a Life & Legend card")
        return i


def counted(words):
    """((word, how many), ...) of a list of Life Words, in first-seen order."""
    return tuple(Counter(words).items())


def effects_of(card):
    fields = ("effect", "world", "hand", "reward", "penalty", "ambient", "discard", "spark_effect")
    return [e for field in fields for e in getattr(card, field, ()) or ()]


def cards_from_text(text: str, source: str) -> CardList:
    return CardList(read_cards(text, source, LifeAndLegendCards), source)


def load_cards(path=None) -> CardList:
    path = Path(path) if path is not None else DEFAULT_CARDS
    return cards_from_text(read_text(path, "card file"), str(path))
