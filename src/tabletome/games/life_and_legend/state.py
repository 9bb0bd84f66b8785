"""The state of one game of Life & Legend: its fields, the setup ("Standard Setup") and clone.

The rules are the frames of frames.py; the modules they call are named for what they hold:
turn.py (phases, free actions, the end of the turn), world.py (World Actions, empty spaces,
Wander, Farwandering), adventures.py (Challenges, Reward, Penalty, Defeat), effects.py (the effect
vocabulary), backgrounds.py (Life Words, Backgrounds, Sparks), interfere.py (the Interfere
window), trading.py (Relic trading), modes.py (victory in every mode), opponents.py (the AI cards).
"""

from __future__ import annotations

from ...core import State
from . import limits, modes
from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE, TRAIT, EXCEPTIONAL, TRAUMA, STORY, PATH, ACHIEVEMENT
from .frames import FRAMES
from .hidden import HiddenInformation
from .snapshots import SnapshotFields, SnapshotMixin
from .views import ViewMixin
from .modes import setup_mode
from .names import SEAT_LISTS
from .opponents import decide


class LifeAndLegendState(SnapshotMixin, ViewMixin, HiddenInformation, State):
    frames = FRAMES
    snapshot_schema = SnapshotFields
    __slots__ = ("C", "hand", "relics", "traits", "traumas", "wanders", "adventures", "story", "path",
                 "known", "legend_deck", "legend_discard", "life_deck", "life_discard", "backgrounds",
                 "background_discard", "world", "up", "active", "turn", "phase", "used", "acted",
                 "activated", "roll_bonus", "roll_once", "roll", "roll_mod", "words_bought",
                 "lost_adventure", "legend_emptied", "life_emptied", "age", "targets", "acquired",
                 "ai", "mode", "spark_used", "did", "offered", "contest", "limbo")

    def _init_common(self, game, players, options, seed, rng, card_text=None):
        super()._init_common(game, players, options, seed, rng, card_text)
        # seat names in action texts depend on the table size (actions.py)
        self.table = game.table_for_players(card_text, players)

    # --- setup ("Standard Setup") -------------------------------------------------------------
    def setup(self) -> None:
        C = self.C = self.game.card_list(self.card_text)
        opts = self.options
        n = self.players
        self.mode = opts["mode"]
        self.ai = self.game.ai_seats(n, opts)
        for name in SEAT_LISTS:
            setattr(self, name, [[] for _ in range(n)])
        self.story = [-1] * n
        self.path = [-1] * n
        self.known = [0] * n
        self.legend_discard, self.life_discard, self.background_discard = [], [], []
        self.backgrounds = list(C.background)
        self.world = [-1] * R.WORLD_SPACES
        self.up = [False] * R.WORLD_SPACES
        self.turn = 0
        self.phase = 0
        self.reset_turn_flags()
        self.roll = []
        self.roll_mod = 0
        self.words_bought = []
        self.lost_adventure = False
        self.legend_emptied = self.life_emptied = False
        self.age = 1
        self.targets = []
        self.acquired = []
        self.offered = 0
        self.contest = []     # Farwandering: [owner, contested card, covered Life card]
        self.limbo = []       # Life cards drawn and not yet kept or discarded (shown to all)
        rng = self.rng
        # 1. Shuffle: "Shuffle the Life and Legend Decks."
        legend = list(C.legend)
        life = list(C.life)
        if self.mode == "war":    # "The Event, War is placed uncovered somewhere in the World."
            legend.remove(C.war)
        if self.mode == "lore":   # "Remove the Trauma, Apathy from the game."
            life.remove(C.apathy)
        rng.shuffle(legend)
        rng.shuffle(life)
        self.legend_deck, self.life_deck = legend, life
        # 2. Prepare World: "Draw four Legend cards keeping them covered."
        for space in range(R.WORLD_SPACES):
            if self.mode == "war" and space == 0:
                self.world[0], self.up[0] = C.war, True
            else:
                self.world[space] = self.legend_deck.pop()
        # 4. 1st Player: RULES.md, "The first player"
        first = 0 if opts["first"] == "north" or n == 1 else rng.below(n)
        # the Emptiness never goes first (RULES.md, "AI opponents")
        while first in self.ai and self.ai[first] == "emptiness" and n > 1:
            first = (first + 1) % n
        self.active = first
        # 5. Deal Hands: "Deal four covered Legend cards to each Player."
        for k in range(n):
            seat = (first + k) % n
            if self.ai.get(seat) == "emptiness":
                continue
            for _ in range(R.HAND_DEAL):
                self.hand[seat].append(self.legend_deck.pop())
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
        for k in range(self.players):
            seat = (first + k) % self.players
            if self.ai.get(seat) != "emptiness":
                frames.append(f.make("setup_relics", seat))
        frames.append(f.make("turn", first))
        return frames

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

    # --- clone ----------------------------------------------------------------------------------
    def clone(self):
        cls = type(self)
        c = cls.__new__(cls)
        self._copy_common(c)
        c.C = self.C
        c.hand = [x.copy() for x in self.hand]
        c.relics = [x.copy() for x in self.relics]
        c.traits = [x.copy() for x in self.traits]
        c.traumas = [x.copy() for x in self.traumas]
        c.wanders = [x.copy() for x in self.wanders]
        c.adventures = [x.copy() for x in self.adventures]
        c.story = self.story.copy()
        c.path = self.path.copy()
        c.known = self.known.copy()
        c.legend_deck = self.legend_deck.copy()
        c.legend_discard = self.legend_discard.copy()
        c.life_deck = self.life_deck.copy()
        c.life_discard = self.life_discard.copy()
        c.backgrounds = self.backgrounds.copy()
        c.background_discard = self.background_discard.copy()
        c.world = self.world.copy()
        c.up = self.up.copy()
        c.roll = self.roll.copy()
        c.words_bought = self.words_bought.copy()
        c.targets = self.targets.copy()
        c.acquired = self.acquired.copy()
        c.contest = self.contest.copy()
        c.limbo = self.limbo.copy()
        # numbers, flags and the never-changed AI seats and mode: shared
        c.active, c.turn, c.phase, c.used = self.active, self.turn, self.phase, self.used
        c.acted, c.activated, c.roll_bonus, c.roll_mod = self.acted, self.activated, self.roll_bonus, self.roll_mod
        c.roll_once = self.roll_once
        c.lost_adventure, c.legend_emptied, c.life_emptied = self.lost_adventure, self.legend_emptied, self.life_emptied
        c.age, c.ai, c.mode = self.age, self.ai, self.mode
        c.spark_used, c.did, c.offered = self.spark_used, self.did, self.offered
        return c

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
                "limits": [float(limits.hand_limit(self, t) + limits.slot_limit(self, t) + limits.trait_limit(self, t)
                                 + limits.wander_limit(self, t)) for t in range(self.players)]}

    def outcome(self, seat):
        if self.to_move is not None:
            return super().outcome(seat)
        return modes.outcome(self, seat)

    def check_invariants(self):
        C = self.C
        ids = (self.legend_deck + self.legend_discard + self.life_deck + self.life_discard + self.backgrounds
               + self.background_discard + [c for c in self.world if c >= 0] + self.limbo
               + [c for c in self.contest[1:] if c >= 0])
        for s in range(self.players):
            ids += self.hand[s] + self.relics[s] + self.traits[s] + self.traumas[s] + self.wanders[s] + self.adventures[s]
            ids += [c for c in (self.story[s], self.path[s]) if c >= 0]
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
