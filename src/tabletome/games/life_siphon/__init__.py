"""Life Siphon: cursed humans summon Familiars and cast spells at the cost of their own life,
played exactly as its rulebook says, with every mode and module.

Rulebook: ../shared/rules/life_siphon.txt. Rulings where it is silent: RULES.md in this folder.
Modules, each importing only modules listed before it (no import circles): board.py (the board's
geometry, placing familiars), effects.py (the effect vocabulary), ruleset.py (the rulebook's
numbers; seating, control and the rulings the options choose), cards.toml / cards.py (familiars,
vials, the 39-card deck, the Aspects), actions.py (every action's text), steps.py (the decision
frames' names and numbers; the phase read from the stack). The rules, functions of the state:
life.py (life, game end), deck.py (drawing, the River), familiars.py (summoning, moving, removal),
modules.py (Essence Vials, the Fearsome), spells.py (casting, targets, response windows,
Aspects), combat.py (attacks, blocks, Breath Weapon, damage), madness.py (the Lairs), turn.py (the
phases of a turn). Then frames.py (each frame with the rule that runs it), views.py (views),
snapshots.py (the board's part of a snapshot, the position's checks, older forms), state.py (the
declared zones, what the derived re-deal keeps, set-up), heuristics.py (the AI's rules of thumb),
observation.py (the RL encoder), display.py (the terminal board), reference.py (the rules summary).
"""

from ...core import Game, IllegalAction, register
from ...core.cards import CardFileCache
from .actions import ActionIndex
from .cards import cards_from_text, load_cards
from .display import cards_info, describe_moment, render
from . import heuristics
from .observation import LifeSiphonEncoder
from .reference import rules_summary
from .ruleset import MADNESS, MODE_NAMES, STANDARD, VARIANT, RuleSet
from .state import LifeSiphonState


class LifeSiphon(Game):
    id = "life-siphon"
    name = "Life Siphon"
    summary = ("Summon Familiars and cast spells at the cost of your own life; bring the player to your "
               "left below 1 life. 2-4 players, a 2 Player Variant with ghost seats, and 1 Player Madness Mode.")
    player_counts = (1, 2, 3, 4)
    options = {
        "mode": MODE_NAMES,
        "familiars": ("off", "on"),
        "vials": ("off", "on"),
        "fearsome": ("off", "on"),
        "move_back": ("yes", "no"),
        "deck_out": ("reshuffle", "no-draw"),
        "off_target_kill": ("allowed", "forbidden"),
        "rules_version": (2, 1),
    }
    option_help = {
        "mode": "standard (2-4 players), madness (1 player against the three Lairs), "
                "two-player-variant (2 players sharing two ghost seats)",
        "familiars": "module: Plague Rat, Shade and Dragon, one of each per seat",
        "vials": "module: the Essence Vials (Flame, Shadow, Mischief), once per game each",
        "fearsome": "module: the Fearsome, a free summon at 5 life or less",
        "move_back": "may a Familiar move to the adjacent area behind it (RULES.md)?",
        "deck_out": "when the deck runs out: shuffle the discard pile into a new deck, or draw nothing",
        "off_target_kill": "may a spell or ability take a player other than the one to your left below 1 life?",
        "rules_version": "the revision of our rules: 2 follows the rulebook; 1 plays as tabletome did "
                         "before it (RULES.md, Revisions), as a record saved before then replays",
    }
    state_class = LifeSiphonState

    def __init__(self):
        self.cards = load_cards()
        self._index = ActionIndex(self.cards)
        super().__init__()
        self._card_sets = CardFileCache({None: (self.cards, self.actions, self._index)})
        self._rulesets = CardFileCache()

    def build_actions(self):
        return self._index.table

    def default_players(self):
        return 2

    def players_for(self, options):
        """A solo or two-seat mode names its player count: ``--option mode=madness`` alone works."""
        mode = str(options.get("mode", "")).strip().lower()
        return {"madness": 1, "two-player-variant": 2}.get(mode)

    def options_for(self, players, options):
        """One player plays the 1 Player Madness Mode."""
        return {"mode": "madness"} if players == 1 else {}

    def check_combination(self, players, options):
        mode = options["mode"]
        modules = [m for m in ("familiars", "vials", "fearsome") if options[m] == "on"]
        if mode == "madness":
            if players != 1:
                raise IllegalAction(f"1 Player Madness Mode is played by 1 player, not {players}")
            if modules:
                raise IllegalAction("Madness mode does not use the Fearsome, Dragon, Shade, or Plague Rat, and "
                                    f"does not use the Essence Vials: turn off {', '.join(modules)}")
        elif mode == "two-player-variant":
            if players != 2:
                raise IllegalAction(f"the 2 Player Variant is played by 2 players, not {players}")
        elif players == 1:
            raise IllegalAction("the standard game is played by 2 to 4 players; 1 player plays mode=madness")

    def configurations(self):
        """Every mode at its player count, each module and ruling alone, all modules together, and
        revision 1 of our rules (which games saved before revision 2 still play by)."""
        on = {"familiars": "on", "vials": "on", "fearsome": "on"}
        sets = [(2, {}), (3, {}), (4, {}), (1, {"mode": "madness"}), (2, {"mode": "two-player-variant"}),
                (2, {"familiars": "on"}), (3, {"vials": "on"}), (2, {"fearsome": "on"}),
                (2, {"move_back": "no"}), (2, {"deck_out": "no-draw"}), (4, {"off_target_kill": "forbidden"}),
                (4, on), (2, {"mode": "two-player-variant", **on}), (2, {"mode": "two-player-variant", "rules_version": 1})]
        return [self.resolve_options(players, changes) for players, changes in sets]

    # --- card files ------------------------------------------------------------------------------
    def check_cards(self, text, source):
        """A player's own printed cards, in the format of cards.toml (the tables it leaves out come
        from the game's own file)."""
        if text not in self._card_sets:
            cards = cards_from_text(text, source, self.cards)
            index = ActionIndex(cards)
            self._card_sets[text] = (cards, index.table, index)
        return self._card_sets[text][0]

    def table_for(self, card_text):
        if card_text is not None:
            self.check_cards(card_text, "card file")
        return self._card_sets[card_text][1]

    def ruleset(self, players, options, card_text=None) -> RuleSet:
        key = (players, tuple(sorted(options.items())), card_text)
        rules = self._rulesets.get(key)
        if rules is None:
            if card_text is not None:
                self.check_cards(card_text, "card file")
            cards, _, index = self._card_sets[card_text]
            rules = self._rulesets[key] = RuleSet(cards, index, players, options)
        return rules

    # --- agent hooks (core.Game, docs/engine.md) ---------------------------------------------------
    # The search AI's default, Madness too: 200 iterations a decision (about 0.15 s), rollouts
    # played to the end by the heuristic, the other seats modelled by it (benchmarks/README.md).
    search_settings = {"iterations": 200, "opponents": "policy"}
    heuristic_action = staticmethod(heuristics.choose)
    rollout_action = staticmethod(heuristics.choose)
    evaluate = staticmethod(heuristics.evaluate)

    # The most decisions a game takes (then a draw, by core): about 3x the longest of 1000 random
    # and 100 heuristic games per option set (benchmarks/game_length.py; 3 heuristic seats: 1179).
    max_decisions = {1: 1000, 2: 2000, 3: 4000, 4: 4000}
    # taking a card from the River or discarding it is not playing it (the lab's card statistics)
    non_play_kinds = ("discard", "river")

    def observation_encoder(self, players, options, card_text=None):
        return LifeSiphonEncoder(self, players, options, card_text)

    # every card for people (the terminal's info and choice lines, the browser), and a window's moment
    describe_cards = staticmethod(cards_info)
    describe_moment = staticmethod(describe_moment)

    def rules_summary(self, players, options, card_text=None):
        """A short reference of a turn and the mode, with the RULES.md rulings that apply."""
        return rules_summary(self, players, options)

    def score_label(self, players, options):
        return "round reached" if options.get("mode") == "madness" else "life"

    def render(self, view, seat, compact=0, card_text=None):
        return render(view, seat, compact=compact)   # the view carries every card text it shows


GAME = LifeSiphon()
register(GAME)

__all__ = ["GAME", "LifeSiphon", "LifeSiphonState", "MADNESS", "STANDARD", "VARIANT"]
