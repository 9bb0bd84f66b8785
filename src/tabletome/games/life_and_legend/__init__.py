"""Life & Legend: 1-4 players vie to acquire Legends by exploring the World and facing Challenges,
with every mode of its rulebook and its four AI opponents.

Rulebook: ../shared/rules/life_and_legend.txt. Rulings where it is silent: RULES.md in this folder;
the designed cards and why they are as they are: DESIGN.md. Modules: cards.toml / cards.py (the 144 cards and the
AI cards), effects.py (the effect vocabulary), frames.py (the decision frames), turn.py (phases and
free actions), world.py (World Actions, Wander, Farwandering), adventures.py (Challenges, Reward,
Penalty, Defeat), backgrounds.py (Life Words, Backgrounds, Sparks), choices.py (choice frames),
interfere.py (the Interfere window), trading.py (Relic trading), limits.py (the Rule of Four),
modes.py (victory in every mode), opponents.py (the AI opponents), views.py, snapshots.py,
hidden.py (determinize), heuristics.py, display.py.
"""

from itertools import combinations

from ...core import Game, IllegalAction, register
from ...core.cards import CardFileCache
from . import heuristics
from . import ruleset as R
from .actions import build_actions
from .cards import cards_from_text, counted, load_cards, RESPONSE_OPS
from .interfere import interfere_op
from .limits import ambient_table, ambient_by_op, ambient_where, lowest_limits
from .state import LifeAndLegendState

AI_VALUES = ("none",) + tuple("+".join(c) for n in (1, 2, 3) for c in combinations(R.AI_NAMES, n))


class LifeAndLegend(Game):
    id = "life-and-legend"
    name = "Life & Legend"
    summary = ("Explore the World, Wander and face Adventures to acquire the most Legends. 2-4 players "
               "(Standard, Farwander, Eternal), six Solitaire modes, four AI opponents and co-op against The Emptiness.")
    player_counts = (1, 2, 3, 4)
    options = {
        "mode": R.MODES,
        "ai": AI_VALUES,
        "first": ("random", "north"),
        "lore": ("random", "chosen"),
        "rules_version": (2, 1),
    }
    option_help = {
        "mode": "standard, farwander, eternal (2-4 players); war, lore, arbiter, treasury, campaign, legacy "
                "(1 player); coop (1-3 players with The Emptiness in the last seat)",
        "ai": "AI opponents taking the last seats, e.g. golden-horse or matathias+geoffrey (RULES.md)",
        "first": "who goes first: at random (the rulebook's 'furthest from their birthplace') or North",
        "lore": "Lore mode: draw the three Backgrounds at random, or choose them",
        "rules_version": "the revision of our rules: 2 follows the rulebook; 1 plays as tabletome did "
                         "before it (RULES.md, Revisions), as a record saved before then replays",
    }
    state_class = LifeAndLegendState
    # Eternal lasts up to ten Ages (RULES.md, "Eternal's end"): an AI card that Wanders every turn
    # against a random player plays about 1,200 turns and 2,700 decisions (benchmarks/ll_endings.py)
    ETERNAL_DECISIONS = 20000

    def _max_decisions(self, players, options):
        if options.get("mode") == "eternal":
            return self.ETERNAL_DECISIONS
        return super()._max_decisions(players, options)

    def __init__(self):
        self.cards = load_cards()
        self._sets = CardFileCache()
        self._tables = CardFileCache()
        super().__init__()

    # --- cards and actions -------------------------------------------------------------------------
    def card_list(self, card_text=None):
        return self._derive(self.cards if card_text is None else self.check_cards(card_text, "card file"))

    def check_cards(self, text, source):
        if text not in self._sets:
            self._sets[text] = cards_from_text(text, source)
        return self._sets[text]

    def build_actions(self):
        return self.table_for_players(None, 2)

    def observation_encoder(self, players, options, card_text=None):
        from .observation import LifeAndLegendEncoder
        return LifeAndLegendEncoder(self, players, options, card_text)

    def table_for(self, card_text):
        return self.table_for_players(card_text, 2)

    def table_for_players(self, card_text, players):
        key = (card_text, players)
        if key not in self._tables:
            self._tables[key] = build_actions(self.card_list(card_text), players)
        return self._tables[key]

    def _derive(self, C):
        """Tables the rules read on hot paths, computed once per card list and kept on it."""
        if getattr(C, "amb", None) is None:
            C.canon = [C.by_name[name.lower()] for name in C.names]
            # (a Trait-Card's copies follow its first: the k-th copy is k - 1 ids after it)
            C.labels = [name if i == C.canon[i] else f"{name} #{i - C.canon[i] + 1}" for i, name in enumerate(C.names)]
            C.amb = ambient_table(C)
            C.amb_op = ambient_by_op(C, C.amb)
            # the cards with an "at the start of each turn" effect while uncovered in the World (War)
            C.turn_start = frozenset(i for i in range(C.n) if any(op == "mill-life" for op, _ in C.amb[i]))
            C.amb_where = ambient_where(C, C.amb_op)
            C.itable = [interfere_op(C, i) for i in range(C.n)]
            C.interferers = {op: frozenset(i for i in range(C.n) if C.itable[i][0] == op) for op in RESPONSE_OPS}
            C.lowest = lowest_limits(C.amb)
            C.needs = [counted(C.cards[i].words) if i in C.background else None for i in range(C.n)]
            C.fewest_words = min((len(C.cards[i].words) for i in C.background), default=0)
        return C

    # --- options -------------------------------------------------------------------------------------
    def default_players(self):
        return 2

    def players_for(self, options):
        """A Solitaire mode names its player count: ``--option mode=lore`` alone works."""
        mode = str(options.get("mode", "")).strip().lower()
        return 1 if mode in R.SOLO_MODES else None

    def ai_seats(self, players, options) -> dict:
        """Seat -> AI opponent id: the AI opponents named take the last seats (co-op: The Emptiness)."""
        names = [] if options["ai"] == "none" else options["ai"].split("+")
        if options["mode"] == "coop" and "emptiness" not in names:
            names.append("emptiness")
        return {players - len(names) + k: name for k, name in enumerate(names)}

    def rule_seats(self, players, options) -> dict:
        """The AI opponents' seats, each played by its card (``Game.rule_seats``)."""
        players, options = self.resolve_options(players, options)
        return {seat: f"the AI card {self.cards.opponents[name].name}"
                for seat, name in self.ai_seats(players, options).items()}

    def check_combination(self, players, options):
        mode = options["mode"]
        ais = [] if options["ai"] == "none" else options["ai"].split("+")
        if mode in R.SOLO_MODES:
            if players != 1 or ais:
                raise IllegalAction(f"the Solitaire mode {mode} is played by 1 player alone, not {players}"
                                    + (" with AI opponents" if ais else ""))
        elif mode == "coop":
            if not 2 <= players <= 4:
                raise IllegalAction("co-op against The Emptiness is 1-3 players plus The Emptiness's seat: players 2 to 4")
            if ais:
                raise IllegalAction("in co-op The Emptiness takes the last seat by itself; leave ai=none")
        else:
            if players == 1:
                raise IllegalAction(f"{mode} is played by 2 to 4 players (an AI opponent may take a seat); "
                                    "1 player plays a Solitaire mode: mode=war, lore, arbiter, treasury, campaign or legacy")
            if len(ais) >= players:
                raise IllegalAction(f"{len(ais)} AI opponents need at least {len(ais) + 1} players (one seat is yours)")
        if options["lore"] != "random" and mode != "lore":
            raise IllegalAction("option lore is for mode=lore")

    def configurations(self):
        """For the conformance suite: every player count, every frame and rule set once — Standard at
        2, the three AI cards at 4 (first=north), Farwander at 3, Eternal at 2, co-op at 3, War and Lore
        (chosen) alone. The other Solitaire modes differ only in how they score and end; every mode
        is also played through the contract's checks in tests/life_and_legend/test_contract_modes.py.
        And revision 1 of our rules at 2, which games saved before revision 2 still play by."""
        sets = [(2, {}), (4, {"ai": "matathias+golden-horse+geoffrey", "first": "north"}),
                (3, {"mode": "farwander"}), (2, {"mode": "eternal"}), (3, {"mode": "coop"}),
                (1, {"mode": "war"}), (1, {"mode": "lore", "lore": "chosen"}), (2, {"rules_version": 1})]
        return [self.resolve_options(p, o) for p, o in sets]

    def all_configurations(self):
        """Every mode once, for the game's own contract tests."""
        return self.configurations() + [self.resolve_options(1, {"mode": m}) for m in ("arbiter", "treasury", "campaign", "legacy")]

    # --- agent hooks (core.Game, docs/engine.md) ---------------------------------------------------
    # The search AI's default, the solitaire modes too: 300 iterations a decision, heuristic
    # rollouts cut off after 30 actions and scored by ``evaluate``, the other seats modelled by the
    # heuristic (benchmarks/README.md).
    search_settings = {"iterations": 300, "opponents": "policy", "depth": 30}
    heuristic_action = staticmethod(heuristics.choose)
    rollout_action = staticmethod(heuristics.choose)
    evaluate = staticmethod(heuristics.evaluate)

    # --- the screen --------------------------------------------------------------------------------
    def moment_phase(self, view):
        """Before the first turn (turn 0) the moment is the setup's "6. Play Relics", not Phase 1."""
        return "Setup" if view.get("turn") == 0 else super().moment_phase(view)

    def render(self, view, seat, compact=0, card_text=None):
        from .display import render
        return render(view, seat, self.card_list(card_text), compact=compact)

    def score_label(self, players, options):
        """What ``state.scores`` count: Legends, or a Solitaire mode's measure (RULES.md, "Scores")."""
        return {"war": "Legend cards run out (of 72)", "lore": "Backgrounds held (of 3)",
                "arbiter": "Traumas and Arbiter (of 9)", "treasury": "Legends (goal 10)",
                "campaign": "Legends (goal 35)", "legacy": "Legends (goal 40)"}.get(options.get("mode"), "Legends")

    def describe_moment(self, view, moment):
        from .display import describe_moment
        return describe_moment(view, moment)

    def describe_cards(self, cards):
        """Every card for people (the terminal's info and choice lines, the browser): display.py."""
        from .display import cards_info
        return cards_info(self._derive(cards))

    def describe_choice(self, view, action):
        from .display import describe_choice
        return describe_choice(view, action, self.cards)

    def rules_summary(self, players, options, card_text=None):
        """The turn, the mode and the rulings that apply (RULES.md), for ``rules`` at the table;
        a mode's card by the name ``card_text``'s file gives it."""
        from .display import rules_summary
        return rules_summary(self, players, options, self.card_list(card_text))


GAME = LifeAndLegend()
register(GAME)

__all__ = ["GAME", "LifeAndLegend", "LifeAndLegendState"]
