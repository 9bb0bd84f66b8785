"""The state of one game of Life & Legend: its zones, declared once (core derives clone and
snapshots from them), the setup ("Standard Setup"). The rules are the frames of frames.py (the
package's docstring names the modules they call).
"""

from __future__ import annotations

from typing import Annotated

from ...core import State
from msgspec import Meta

from ...core.zones import NOBODY, OWNER, CardSet, Derived, Number, Pile, Row, Slot, Spaces, Zones
from . import limits, modes
from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE, TRAIT, EXCEPTIONAL, TRAUMA, STORY, PATH, ACHIEVEMENT
from .frames import FRAMES
from . import hidden, snapshots, views
from .modes import setup_mode
from .opponents import decide


# Every component, in the order a snapshot writes it. Who sees what is L&L's own view (views.py)
# and re-deal (hidden.py): a hand's Achievements and examined cards, covered World cards.
ZONES = Zones(
    Row("hand", OWNER, key="hands", required=True), Row("relics"), Row("traits"), Row("traumas"),
    Row("wanders", NOBODY),                    # Completed Wanders are covered even to their owner
    Row("adventures"), Slot("story"), Slot("path"),
    CardSet("known"),                          # the covered cards each seat has examined
    Pile("legend_deck", NOBODY, seat=False, top_first=False), Row("legend_discard", seat=False),
    Pile("life_deck", NOBODY, seat=False, top_first=False), Row("life_discard", seat=False),
    Row("backgrounds", seat=False), Row("background_discard", seat=False),
    Spaces("world", R.WORLD_SPACES, NOBODY, required=True),   # covered but where ``up`` (uncovered)
    Number("up", Annotated[list[bool], Meta(min_length=R.WORLD_SPACES, max_length=R.WORLD_SPACES)],
           [False] * R.WORLD_SPACES, key="uncovered", copy=True, seat=False),
    Number("active", int, 0, seat=False), Number("turn", int, 1, seat=False), Number("phase", int, 0, seat=False),
    CardSet("used", seat=False),               # once-per-turn effects used this turn
    Number("acted", bool, False, seat=False), Number("activated", bool, False, seat=False),
    Number("spark_used", bool, False, seat=False), Number("did", int, 0, seat=False),
    Number("roll_bonus", int, 0, seat=False), Number("roll_once", int, 0, seat=False),
    Number("roll", list[int], [], copy=True, seat=False), Number("roll_mod", int, 0, seat=False),
    Derived("pending", list[tuple[int, str, int, int]], [], snapshots.pending),   # [seat, card, part, disrupted]
    CardSet("offered", seat=False),
    Number("words_bought", list[int], [], copy=True, seat=False),
    Number("lost_adventure", bool, False, seat=False), Number("legend_emptied", bool, False, seat=False),
    Number("life_emptied", bool, False, seat=False), Number("age", int, 1, seat=False),
    Row("targets", seat=False, refers=True), Row("acquired", seat=False, refers=True),
    Number("contest", list[int], [], copy=True, seat=False),   # Farwandering: [owner, contested card, covered Life card]
    Row("limbo", seat=False),                  # Life cards drawn and not yet kept or discarded (shown to all)
    Derived("over", bool, False, lambda s: s.to_move is None),
    cards=lambda s: s.C, shared=("C", "ai", "mode"), unique=True, label_hint=snapshots.LABEL_HINT, columns=True)


class LifeAndLegendState(State):
    frames = FRAMES
    zones = ZONES
    __slots__ = ZONES.attributes
    _view = views.view
    determinize = hidden.determinize   # its own, not the derived re-deal

    def _init_common(self, game, players, options, seed, rng, card_text=None):
        super()._init_common(game, players, options, seed, rng, card_text)
        # seat names in action texts depend on the table size (actions.py)
        self.table = game.table_for_players(card_text, players)

    def attach(self):
        self.C = self.game.card_list(self.card_text)
        self.mode = self.options["mode"]
        self.ai = self.game.ai_seats(self.players, self.options)

    restored = snapshots.restored

    def _restore(self, f):
        super()._restore(f)
        snapshots.resume(self, f)

    # --- setup ("Standard Setup") -------------------------------------------------------------
    def setup(self) -> None:
        self.attach()
        C = self.C
        n = self.players
        self.zones.empty(self)   # every zone empty, every number at its default
        self.backgrounds = list(C.background)
        self.turn = 0
        rng = self.rng
        # 1. Shuffle: "Shuffle the Life and Legend Decks."
        self.legend_deck, self.life_deck = list(C.legend), list(C.life)
        if self.mode == "war":    # "The Event, War is placed uncovered somewhere in the World."
            self.legend_deck.remove(C.war)
        if self.mode == "lore":   # "Remove the Trauma, Apathy from the game."
            self.life_deck.remove(C.apathy)
        rng.shuffle(self.legend_deck)
        rng.shuffle(self.life_deck)
        # 2. Prepare World: "Draw four Legend cards keeping them covered."
        for space in range(R.WORLD_SPACES):
            if self.mode == "war" and space == 0:
                self.world[0], self.up[0] = C.war, True
            else:
                self.world[space] = self.legend_deck.pop()
        # 4. 1st Player: RULES.md, "The first player"
        first = 0 if self.options["first"] == "north" or n == 1 else rng.below(n)
        # the Emptiness never goes first (RULES.md, "AI opponents")
        while first in self.ai and self.ai[first] == "emptiness" and n > 1:
            first = (first + 1) % n
        self.active = first
        # 5. Deal Hands: "Deal four covered Legend cards to each Player."
        for k in range(n):
            seat = (first + k) % n
            if self.ai.get(seat) != "emptiness":
                self.hand[seat] += [self.legend_deck.pop() for _ in range(R.HAND_DEAL)]
        setup_mode(self)
        self.say(f"{self.seat_name(first)} goes first.")
        self.push(*self.setup_frames(first))
        self.run()

    def setup_frames(self, first):
        """6. Play Relics: "Players may bring Relics into play now if they choose." Then 8. Begin."""
        f = FRAMES
        frames = []
        if self.mode == "lore" and self.options["lore"] == "chosen":
            frames += [f.make("lore_choose", 0, kind) for kind in (STORY, PATH, ACHIEVEMENT)]
        seats = [(first + k) % self.players for k in range(self.players)]
        frames += [f.make("setup_relics", seat) for seat in seats if self.ai.get(seat) != "emptiness"]
        return frames + [f.make("turn", first)]

    def reset_turn_flags(self):
        self.used = 0            # bit per card id: its once-per-turn effect was used this turn
        self.acted = False       # the World Action of this turn is done
        self.activated = False   # "The Player may only activate one Background per turn"
        self.spark_used = False
        self.roll_bonus = 0
        self.roll_once = 0        # "+1 to your next die roll": spent by the next roll
        self.did = 0             # bit 1: completed an Adventure this turn; bit 2: Wandered successfully

    @classmethod
    def class_for(cls, game, players, options):
        """A table with AI opponents (``ai=...``) asks through their cards (``AITableState``)."""
        return AITableState if game.ai_seats(players, options) else cls

    # --- reading the table -------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.table.seat_names[seat]   # (this table size's names, kept with its actions)

    def legends(self, seat) -> int:
        """A seat's Legend total as its mode counts it ("Acquiring Legends")."""
        return modes.legends(self, seat)

    @property
    def scores(self):
        return modes.scores(self)

    def tempo(self):
        """What a designer watches over a game: each seat's Legends (who leads) and its limits, the
        four card limits added up ("All Player card limits start out at 4. This may go up and down
        during a game", Limits: The Rule of Four): hand size, Relic slots, Trait cards, Wanders."""
        return {"legends": [float(self.legends(t)) for t in range(self.players)],
                "limits": [float(sum(limits.limit(self, t, op) for op in limits.LIMIT_OPS)) for t in range(self.players)]}

    def outcome(self, seat):
        if self.to_move is not None:
            return super().outcome(seat)
        return modes.outcome(self, seat)

    def check_invariants(self):
        C = self.C
        ids = self.zones.held(self) + [c for c in self.contest[1:] if c >= 0]
        expected = C.n - (1 if self.mode == "lore" else 0)
        if len(ids) != expected or len(set(ids)) != expected:
            seen = set()
            twice = [C.names[c] for c in ids if c in seen or seen.add(c)]
            raise AssertionError(f"{len(ids)} cards in play for {expected}; twice: {twice[:5]}")
        kind = C.kind
        for s in range(self.players):
            assert all(kind[i] in (TRAIT, EXCEPTIONAL) for i in self.traits[s]), "a non-Trait among Traits"
            assert all(kind[i] == TRAUMA for i in self.traumas[s]), "a non-Trauma among Traumas"
            assert all(kind[i] == RELIC for i in self.relics[s]), "a non-Relic in play as a Relic"
            assert all(kind[i] in (RELIC, EVENT, ADVENTURE, ACHIEVEMENT) for i in self.hand[s]), "a Life card in hand"
            assert self.story[s] < 0 or kind[self.story[s]] == STORY
            assert self.path[s] < 0 or kind[self.path[s]] == PATH
        atmospheres = sum(1 for k, c in enumerate(self.world) if c >= 0 and self.up[k] and C.is_atmosphere[c])
        assert atmospheres <= 1, "two Atmospheres in the World"
        assert (self.to_move is None) == (self.decision is None)


class AITableState(LifeAndLegendState):
    """A table with AI opponents: an AI seat chooses by its card when the stack asks it (core's
    ``automaton``); the other tables keep the core's inlined ``ask``."""
    __slots__ = ()

    def automaton(self, seat):
        return decide if seat in self.ai else None   # (RULES.md, "AI opponents")
