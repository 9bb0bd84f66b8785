"""Spirit Link: a two-player duel of transformations, played exactly as its rulebook says.

Rulebook: ../shared/rules/spirit_link.txt. Rulings where it is silent: RULES.md in this folder.
Modules: cards.toml / cards.py (the printed deck), effects.py (the card effect vocabulary),
ruleset.py (the rulebook's numbers, the options' rulings, the turn's step names), actions.py,
frames.py (the turn as decision frames), state.py (the declared zones and setup: core derives
clone, snapshots, the zones' view and the re-deal), turn.py (regeneration, preparation, player
abilities, hand limit), combat.py (reveal, ability cards, hits, settlement), spells.py, views.py
(the phase and pending choice a seat sees), snapshots.py (the stack's checks, old positions),
heuristics.py (the AI's rules of thumb), display.py (the terminal table).
"""

from ...core import Game, register
from ...core.cards import CardFileCache
from . import heuristics
from .actions import ActionIndex, build_actions
from .cards import cards_from_text, load_cards
from .ruleset import RuleSet
from .state import SpiritLinkState


class SpiritLink(Game):
    id = "spirit-link"
    name = "Spirit Link"
    summary = "A pure 2-player duel: transform each turn, fight, and bring your rival's 24 health to zero."
    player_counts = (2,)
    options = {
        "starting_hand": (5, 3, 4, 6, 7),
        "must_transform": ("yes", "no"),
        "tiger": ("escapes", "prevention"),
        "blood_claw": ("heal-only", "no-effect", "any-target"),
        "turtle_rounding": ("down", "up"),
        "first": ("alternate", "north"),
    }
    option_help = {
        "starting_hand": "cards each player draws before the first turn (the rulebook does not say)",
        "must_transform": "must you place a transformation when you hold one you can pay for?",
        "tiger": "what 'You can not escape from the Tiger' stops: the coin-flip escapes, or every prevention",
        "blood_claw": "Blood-Claw against a transformation that is not the Demon",
        "turtle_rounding": "how the Turtle rounds halved odd damage",
        "first": "who acts first inside the parallel phases: alternating each turn, or always North",
    }
    state_class = SpiritLinkState

    def __init__(self):
        self.cards = load_cards()
        super().__init__()
        self.index = ActionIndex(self.actions, self.cards)
        self._card_sets = CardFileCache({None: (self.cards, self.actions, self.index)})
        self._rulesets = CardFileCache()

    def build_actions(self):
        return build_actions(self.cards)

    def check_cards(self, text, source):
        """A player's own deck, in the format of cards.toml."""
        if text not in self._card_sets:
            cards = cards_from_text(text, source)
            table = build_actions(cards)
            self._card_sets[text] = (cards, table, ActionIndex(table, cards))
        return self._card_sets[text][0]

    def table_for(self, card_text):
        if card_text is not None:
            self.check_cards(card_text, "card file")
        return self._card_sets[card_text][1]

    def ruleset(self, options: dict, card_text=None) -> RuleSet:
        key = (tuple(sorted(options.items())), card_text)
        rules = self._rulesets.get(key)
        if rules is None:
            if card_text is not None:
                self.check_cards(card_text, "card file")
            cards, _, index = self._card_sets[card_text]
            rules = self._rulesets[key] = RuleSet(cards, index, options)
        return rules

    # --- agent hooks (core.Game, docs/engine.md) ---------------------------------------------------
    # The search AI's default: about 0.4 s a decision, the opponent modelled by the heuristic
    # (measured much stronger here than searching the opponent's replies, which in the tree would
    # answer this seat's face-down transformation as if they saw it), a fifth of its moves there
    # random, and a Wolf in hand always shown (``rollout_action``): the heuristic rarely answers a
    # face-down Sheep with a Wolf, a person may (benchmarks/README.md).
    search_settings = {"iterations": 800, "opponents": "policy", "epsilon": 0.2}
    heuristic_action = staticmethod(heuristics.choose)
    rollout_action = staticmethod(heuristics.wary)     # the heuristic, but a Wolf in hand is a threat
    evaluate = staticmethod(heuristics.evaluate)

    def describe_cards(self, cards):
        """Every card for people (the terminal's info and choice lines, the browser): display.py."""
        from .display import cards_info
        return cards_info(cards)

    def rules_summary(self, players, options, card_text=None):
        """A short reference of a turn and the mode, with the RULES.md rulings that apply."""
        from .reference import rules_summary
        return rules_summary(self, players, options)

    def score_label(self, players, options):
        return "health"

    def card_info(self, card_text=None):
        cards = self.cards if card_text is None else self.check_cards(card_text, "card file")
        return {c.name: {"name": c.name, "text": c.text, "origin": c.origin, "type": c.type, "cost": c.cost, "damage": c.damage,
                         "for": cards.names[c.for_form] if c.for_form >= 0 else None}
                for c in cards.cards}

    max_decisions = 600   # random games reach ~170 decisions (benchmarks/game_length.py)

    def observation_encoder(self, players, options, card_text=None):
        from .observation import SpiritLinkEncoder
        return SpiritLinkEncoder(self, players, options, card_text)

    def render(self, view, seat, compact=0, card_text=None):
        from .display import render
        cards = self.cards if card_text is None else self.check_cards(card_text, "card file")
        return render(view, seat, cards, compact=compact)


GAME = SpiritLink()
register(GAME)
