"""Bad Baby Lich Lords: a race to 5 noise decided by chains of skills, as its rulebook says.

Rulebook: ../shared/rules/bad_baby_lich_lords.txt. Rulings where it is silent: RULES.md here.
Modules: effects.py (the vocabulary: skills, spells and their effects, the requirement language),
cards.toml / cards.py (the card data on the core card schema), ruleset.py (the rulebook's numbers,
modes and table layouts), actions.py (the action table), frames.py (the decision stack: every
frame of a turn), state.py (the state's zones, declared once: core derives clone and snapshots;
set-up; the re-deal, determinize), turn.py (the turn, its action and its end), skills.py
(performing skills: the chain), spells.py (spells and Combo Spells), scoring.py (realm
requirements and scoring), solitaire.py (the Cursed Artifact), endings.py (how a game ends),
places.py (where a card lies, moving cards), views.py (views), snapshots.py (the realms as a
snapshot writes them, the position's checks, the old snapshot form), heuristics.py (the AI's
rules of thumb), display.py (the terminal table).
"""

from ...core import Game, IllegalAction, register
from ...core.cards import CardFileCache
from .actions import build_actions, mode_table
from .cards import cards_from_text, load_cards
from .ruleset import FACTION_ORDERS, FREEPLE, MODE_PLAYERS, MODES, PLAYERS_MODE, Layout, RuleSet, order_of
from .state import LichLordsState
from . import heuristics


class BadBabyLichLords(Game):
    id = "bad-baby-lich-lords"
    name = "Bad Baby Lich Lords"
    summary = ("Raise skeletons into minions whose skills chain into each other, and score realms "
               "to make 5 noise and wake your father the Lich King.")
    player_counts = (1, 2, 3, 4)
    options = {
        "mode": MODES,
        "factions": FACTION_ORDERS,
        "team_order": ("clockwise", "alternating"),
        "artifact_scores": ("yes", "no"),
        "rules_version": (2, 1),
    }
    option_help = {
        "mode": "two-player (2), teams: 4-player 2v2 (4), solitaire against the Cursed Artifact (1), "
                "three-player: our designed variant on all four realms (3); follows the player count when not given",
        "factions": "the factions of the realms, realm 1 first: 'random' (Lich Law 1.4), three factions for "
                    "two-player and solitaire (solitaire must use freeple), all four for teams and three-player",
        "team_order": "teams only: 'clockwise' as the rulebook seats the players (North, South, South, North, ...) "
                      "or 'alternating' teams every turn",
        "artifact_scores": "solitaire only: does the Cursed Artifact's side score a realm it satisfies at the end of "
                           "your turn (taking it from you)?",
        "rules_version": "the revision of our rules: 2 follows the rulebook (play goes on while anyone can act); 1 plays as tabletome did "
                         "before it (RULES.md, Revisions), as a record saved before then replays",
    }
    state_class = LichLordsState

    def __init__(self):
        self.cards = load_cards()
        super().__init__()
        self._card_sets = CardFileCache({None: self.cards})
        self._rulesets = CardFileCache()
        self._tables = CardFileCache()

    def build_actions(self):
        return build_actions(self.cards.n)

    def default_players(self):
        return 2

    # --- options ------------------------------------------------------------------------------------
    def resolve_options(self, players, options):
        """As the core does, but the mode follows the player count when it is not given, and the
        player count follows the mode."""
        options = dict(options)
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players)
        if "mode" not in options and players in PLAYERS_MODE:
            options["mode"] = PLAYERS_MODE[players]
        if players is None and "mode" in options:
            players = MODE_PLAYERS[self.coerce_option("mode", options["mode"])]
        return super().resolve_options(players, options)

    def check_combination(self, players, options):
        mode = options["mode"]
        if MODE_PLAYERS[mode] != players:
            raise IllegalAction(f"mode {mode!r} is played by {MODE_PLAYERS[mode]} player(s), not {players}; "
                                f"modes by players: 1 solitaire, 2 two-player, 3 three-player, 4 teams")
        order = order_of(options["factions"])
        if order is not None:
            want = 3 if mode in ("two-player", "solitaire") else 4
            if len(order) != want:
                raise IllegalAction(f"option 'factions' for mode {mode!r} lists {want} factions (realm 1 first), "
                                    f"not {options['factions']!r}")
            if mode == "solitaire" and FREEPLE not in order:
                raise IllegalAction("option 'factions': Solitaire must \"use the Freeple faction as one of the three "
                                    "realms\"")
        if options["team_order"] != "clockwise" and mode != "teams":
            raise IllegalAction("option 'team_order' is for mode 'teams' only")
        if options["artifact_scores"] != "yes" and mode != "solitaire":
            raise IllegalAction("option 'artifact_scores' is for mode 'solitaire' only")

    def configurations(self):
        """What the conformance suite plays: every mode (random factions), a fixed faction order
        with the Ghoulies, Solitaire with the other artifact ruling, and revision 1 of our rules
        (which games saved before revision 2 still play by) -- not all 49 faction values, to keep
        CI quick. tests/bad_baby_lich_lords plays the other option values."""
        wanted = [
            (2, {}),
            (2, {"factions": "ghoulies-zard-noblins"}),
            (4, {}),
            (1, {}),
            (1, {"artifact_scores": "no", "factions": "zard-freeple-ghoulies"}),
            (3, {}),
            (2, {"rules_version": 1}),
        ]
        return [self.resolve_options(p, o) for p, o in wanted]

    # --- cards ----------------------------------------------------------------------------------------
    def check_cards(self, text, source):
        """A card file in the format of cards.toml (the printed cards, for those who own them)."""
        if text not in self._card_sets:
            self._card_sets[text] = cards_from_text(text, source)
        return self._card_sets[text]

    def ruleset(self, options, card_text=None) -> RuleSet:
        key = (tuple(sorted(options.items())), card_text)
        rules = self._rulesets.get(key)
        if rules is None:
            cards = self.check_cards(card_text, "card file") if card_text is not None else self.cards
            # the mode's action table (the game's ids and texts, each aimed at the seat of its side):
            # it names card ids, not cards, so card files of as many cards share one (10,000 actions)
            mode = (options["mode"], options["team_order"], cards.n)
            if mode not in self._tables:
                self._tables[mode] = mode_table(cards.n, Layout(options["mode"], options["team_order"]))
            rules = self._rulesets[key] = RuleSet(cards, self._tables[mode], options)
        return rules

    # --- agent hooks (core.Game, docs/engine.md) ---------------------------------------------------
    # The search AI's default: about 0.3 s a decision; rollouts play the quick greedy policy for
    # 12 actions and are scored by ``evaluate``; the other seats are modelled by that policy
    # (measured: benchmarks/README.md).
    search_settings = {"iterations": 250, "depth": 12, "opponents": "policy"}
    # Solitaire has no opponent in the tree and rewards winning fast (the score is the bone pile
    # cards left), which a deeper search finds: 700 iterations, about 0.7 s a decision.
    solitaire_search_settings = {"iterations": 700, "depth": 12}

    def search_settings_for(self, players):
        return self.solitaire_search_settings if players == 1 else self.search_settings

    heuristic_action = staticmethod(heuristics.choose)
    rollout_action = staticmethod(heuristics.quick)      # choose's lookahead is too slow to roll out with
    evaluate = staticmethod(heuristics.evaluate)

    # The most decisions a game takes (then a draw, by core): about 3x the longest of 1000 random
    # and 100 heuristic games per option set (benchmarks/game_length.py; 2 players: 942).
    max_decisions = {1: 500, 2: 3000, 3: 3000, 4: 3000}

    def observation_encoder(self, players, options, card_text=None):
        from .observation import LichLordsEncoder
        return LichLordsEncoder(self, players, options, card_text)

    def describe_cards(self, cards):
        """Every card for people (the terminal's info and choice lines, the browser): display.py."""
        from .display import cards_info
        return cards_info(cards)

    def describe_choice(self, view, action):
        from .display import describe_choice
        return describe_choice(view, action)

    def rules_summary(self, players, options, card_text=None):
        """A short reference of a turn and the mode, with the RULES.md rulings that apply."""
        from .reference import rules_summary
        return rules_summary(self, players, options)

    def score_label(self, players, options):
        return "cards left in the bone piles" if players == 1 else "noise"

    def result_scores(self, state):
        """Solitaire: "Once you score 5 noise, stop and count ... That number is your score": a
        lost game has no score (``state.scores`` keeps 0 there)."""
        if state.players == 1 and not state.winners:
            return [None]
        return super().result_scores(state)

    def score_words(self, state):
        """Solitaire: "Once you score 5 noise, stop and count the number of cards left in each
        realm's bone pile and total their counts. That number is your score": a loss has no
        score, but the line still counts the cards left."""
        if state.players == 1 and not state.winners:
            return f"cards left in the bone piles: {state.bone_pile_cards()} (a score only when you win)"
        return super().score_words(state)

    def render(self, view, seat, compact=0, card_text=None):
        from .display import render     # the view carries every card text it shows
        return render(view, seat, compact=compact)


GAME = BadBabyLichLords()
register(GAME)
