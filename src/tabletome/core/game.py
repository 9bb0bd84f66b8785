"""The game object: a game's declared facts (players, options, actions) and how to start one.

A game subclass declares, as data at the top of its class::

    id = "spirit-link"            # the registry id
    name = "Spirit Link"
    player_counts = (2,)          # the allowed numbers of players
    options = {"starting_hand": (5, 3, 7)}   # each option's allowed values, default first

and builds its ``ActionTable`` once. ``new`` and ``restore`` check their input and raise
``IllegalAction`` with a message naming what was wrong and what is allowed.
"""

from __future__ import annotations

from typing import Any

from .actions import ActionTable
from .cards import CardFileCache
from .errors import IllegalAction
from .files import MAX_CARD_FILE, read_text
from .rng import check_seed
from .text import shown


# The option of a game whose rules were changed to follow its rulebook: the revision of its rules a
# game is played by, newest first (1: as before the first change; RULES.md, "Revisions"). A record
# that names none was saved before the first change, and replays by revision 1 (records.py).
RULES_VERSION = "rules_version"

# The hooks agents read from a game, each declared on ``Game`` below with its default.
AGENT_HOOKS = ("search_settings", "search_settings_for", "heuristic_action", "rollout_action", "evaluate",
               "turn_key")


class Game:
    id: str = ""
    name: str = ""
    summary: str = ""
    player_counts: tuple[int, ...] = ()
    options: dict[str, tuple] = {}
    option_help: dict[str, str] = {}
    state_class: type = None  # the game's State subclass
    # kinds of action that name a card without playing it (discarding it, taking it into hand): the
    # lab's card statistics count them apart from playing it (docs/lab.md)
    non_play_kinds: tuple[str, ...] = ("discard",)

    def __init__(self):
        self.actions: ActionTable = self.build_actions()

    # --- declared facts -------------------------------------------------------------------
    def build_actions(self) -> ActionTable:
        """Every action the game can ever offer (override)."""
        raise NotImplementedError

    @property
    def num_actions(self) -> int:
        """Action ids lie in ``range(num_actions)``, for every option set of this game."""
        return len(self.actions)

    def default_players(self) -> int:
        return self.player_counts[0]

    # --- options ----------------------------------------------------------------------------
    def resolve_options(self, players: int | None, options: dict[str, Any]) -> tuple[int, dict]:
        """Check a player count and options; return the count and every option with its value
        (defaults filled in). Values may be given as text ("7" for 7), as the CLI does."""
        if players is None:
            players = self.players_for(options)
        if players is None:
            players = self.default_players()
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players)
        if players not in self.player_counts:
            allowed = ", ".join(str(n) for n in self.player_counts)
            raise IllegalAction(f"{self.name} is played by {allowed} players, not {shown(players)}")
        options = {**self.options_for(players, options), **options}
        resolved = {name: values[0] for name, values in self.options.items()}
        for name, value in options.items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise IllegalAction(f"{self.name} has no option {shown(name)}; its options are: {known}")
            resolved[name] = self.coerce_option(name, value)
        self.check_combination(players, resolved)
        return players, resolved

    def coerce_option(self, name: str, value: Any) -> Any:
        allowed = self.options[name]
        for candidate in allowed:
            if value == candidate or str(value).strip().lower() == str(candidate).lower():
                return candidate
        raise IllegalAction(f"option {name!r} of {self.name} cannot be {shown(value)}; allowed: {describe_values(allowed)}")

    def players_for(self, options: dict) -> int | None:
        """The number of players these options imply when none is given (a solo mode: 1), or
        None for the game's default count (override)."""
        return None

    def rule_seats(self, players: int, options: dict) -> dict[int, str]:
        """Seats the game plays itself by its own rules (e.g. an AI opponent card), as
        ``{seat: what plays it}``: no person or agent sits there and the seat never decides.
        By default none (override)."""
        return {}

    def options_for(self, players: int, options: dict) -> dict:
        """Options a player count implies when they are not given (one player: the solo mode),
        as ``{name: value}``; those given win (override)."""
        return {}

    def check_combination(self, players: int, options: dict) -> None:
        """Refuse option combinations that do not go together (override; raise IllegalAction)."""

    def configurations(self) -> list[tuple[int, dict]]:
        """The (players, options) sets the conformance suite plays: the defaults at every player
        count, then each non-default option value on its own, at every count it allows."""
        configs: list[tuple[int, dict]] = []
        seen = set()

        def add(players, changes):
            try:
                players, resolved = self.resolve_options(players, changes)
            except IllegalAction:
                return
            key = (players, tuple(sorted(resolved.items(), key=lambda kv: kv[0])))
            if key not in seen:
                seen.add(key)
                configs.append((players, resolved))

        for players in self.player_counts:
            add(players, {})
        for name, values in self.options.items():
            for value in values[1:]:
                for players in self.player_counts:
                    add(players, {name: value})
        return configs

    # --- card files -------------------------------------------------------------------------
    def check_cards(self, text: str, source: str):
        """Parse and check the text of a card file (``--cards FILE``); raise ``IllegalAction``
        naming ``source``, the card and the field when it is broken. Returns the parsed cards.
        Override in games whose cards can be loaded; by default a game has no card files."""
        raise IllegalAction(f"{self.name} takes no card file: every card it uses is printed in its rulebook")

    def table_for(self, card_text: str | None) -> ActionTable:
        """The action table of a game played with this card file (None: the game's own cards).
        Override when action texts name cards."""
        return self.actions

    # --- starting and restoring -----------------------------------------------------------
    def new(self, players: int | None = None, seed: int | None = None, cards=None,
            card_text: str | None = None, **options):
        """Start a game. ``seed`` fixes every shuffle and coin flip; None picks one at random.
        ``cards`` is the path of a card file to play with instead of the game's own cards
        (``card_text``: the same, given as the file's text, as records and snapshots hold it)."""
        players, resolved = self.resolve_options(players, options)
        if seed is None:
            import secrets
            seed = secrets.randbits(63)
        else:
            seed = check_seed(seed)
        if cards is not None:
            card_text = read_text(cards, "card file", MAX_CARD_FILE)
            self.check_cards(card_text, str(cards))
        elif card_text is not None:
            if not isinstance(card_text, str):
                raise IllegalAction("card_text must be the text of a card file")
            self.check_cards(card_text, "the record's card file")
        return self.state_class.start(self, players, seed, resolved, card_text)

    def restore(self, snapshot: dict):
        """Bring back a state from ``snapshot()`` output (or a position written by hand)."""
        return self.state_class.from_snapshot(self, snapshot)

    # --- agent hooks (docs/engine.md, "Agent hooks") ----------------------------------------
    # What agents read from a game, each declared here with its default: a game overrides those
    # it has, in its __init__.py, the functions themselves rather than wrappers around them
    # (``heuristic_action = staticmethod(heuristics.choose)``: no extra call on a search's hot path).
    # Agents read these names directly and never probe a game for anything else.

    # The ISMCTS agent's settings for this game when its spec names none (``iterations``,
    # ``seconds``, ``c``, ``policy``, ``depth``, ``opponents``, ``epsilon``: agents/ismcts.py);
    # empty: the agent's defaults.
    search_settings: dict = {}

    def search_settings_for(self, players: int) -> dict:
        """The ISMCTS settings for a game of ``players`` (override where a solo mode searches
        otherwise); by default ``search_settings``."""
        return self.search_settings

    def heuristic_action(self, state, rng):
        """The game's heuristic choice for the seat to move in ``state`` (a determinized copy the
        agent made, so it sees nothing the seat may not). None: the game has no heuristic."""
        return None

    def rollout_action(self, state, rng):
        """The policy search rollouts play (on determinized copies): the heuristic unless the game
        offers a faster one. None means 'no policy' (rollouts are then random)."""
        return self.heuristic_action(state, rng)

    def evaluate(self, state, seat: int) -> float | None:
        """A heuristic estimate in [0, 1] of how well ``seat`` stands, on the scale of ``outcome``
        (its chance of winning; in a solo mode, the normalised score it can expect), for search
        cut-offs. None: the game has no estimate (searches then play out to the end)."""
        return None

    def turn_key(self, state):
        """Something that changes exactly when a new turn of ``state`` begins (``state.turn_key()``,
        for "auto-pass for the rest of this turn"); by default the spectator view's round, turn
        and active seat."""
        view = state._view(None)
        return (view.get("round"), view.get("turn"), view.get("active"))

    # --- helpers for interfaces ------------------------------------------------------------
    def card_info(self, card_text: str | None = None) -> dict[str, dict]:
        """Each card a player may meet, by name, for interfaces to show on hover or tap: a dict
        with ``text`` and ``origin`` ("rulebook" or "designed") and whatever else the game has
        (``type``, ``cost``...). Public facts, the same for every seat; ``card_text``: a card file
        the game is played with. By default: ``cards_info`` by name (override to add fields)."""
        return {info["name"]: info for info in self.cards_info(card_text)}

    def render(self, view: dict, seat: int | None, compact: int = 0, card_text: str | None = None):
        """A rich renderable drawing ``view`` for a person at ``seat`` (override). ``compact``:
        0 the usual table; 1 and 2 tighter ones (fewer lines), which the terminal asks for when
        the table and the choices do not fit its screen. ``card_text``: the card file the game
        is played with (``state.card_text``; None: the game's own), whose texts the table shows."""
        return None

    # --- learning tools (docs/rl.md) --------------------------------------------------------
    # The most decisions a game may take: an int, or {players: int}. Past it the game ends as a
    # draw (core does it, and logs it). Each game declares a cap measured by
    # benchmarks/game_length.py, with a wide margin; a new game gets this generous default.
    max_decisions: int | dict = 5000

    def max_game_length(self, players: int | None = None, **options) -> int:
        """The most decisions a game of ``players`` with ``options`` lasts; past it, a draw."""
        players, resolved = self.resolve_options(players, options)
        return self._max_decisions(players, resolved)

    def _max_decisions(self, players: int, options: dict) -> int:
        cap = self.max_decisions
        return cap.get(players, max(cap.values())) if isinstance(cap, dict) else cap

    def utility(self, players: int | None = None, **options) -> dict:
        """What ``state.returns()`` pays at the end, per player count: ``kind`` (``zero-sum``,
        ``general-sum`` or ``single-player``), ``min`` and ``max`` of one seat's return and ``sum``,
        the total over seats when it is constant (None otherwise)."""
        players, resolved = self.resolve_options(players, options)
        return self._utility(players, resolved)

    def _utility(self, players: int, options: dict) -> dict:
        # returns are 2 * outcome - 1: +1 a win, -1 a loss, 0 a draw (solo: the normalised score)
        if players == 1:
            return {"kind": "single-player", "min": -1.0, "max": 1.0, "sum": None}
        if players == 2:
            return {"kind": "zero-sum", "min": -1.0, "max": 1.0, "sum": 0.0}
        return {"kind": "general-sum", "min": -1.0, "max": 1.0, "sum": None}

    def observation_encoder(self, players: int, options: dict, card_text: str | None = None):
        """The ``core.observation.Encoder`` of this game (override: a game's observation.py); by
        default the automatic ``ViewHashEncoder``."""
        from .observation import ViewHashEncoder
        return ViewHashEncoder(self, players, options, card_text)

    def encoder(self, players: int | None = None, card_text: str | None = None, **options):
        """The (cached) observation encoder for this player count, options and card file."""
        from .observation import stable_key
        cache = self.__dict__.get("_encoders")
        if cache is None:
            cache = self._encoders = CardFileCache()
        key = (players, card_text, stable_key(options))
        enc = cache.get(key)
        if enc is None:
            players2, resolved = self.resolve_options(players, options)
            if card_text is not None:
                self.check_cards(card_text, "card file")
            enc = cache[key] = cache.setdefault((players2, card_text, stable_key(resolved)),
                                                self.observation_encoder(players2, resolved, card_text))
        return enc

    def observation_shape(self, players: int | None = None, cards=None, card_text: str | None = None,
                          **options) -> tuple[int]:
        """The shape of ``state.observation(seat)`` for this player count, options (and card file)."""
        if cards is not None:
            card_text = read_text(cards, "card file", MAX_CARD_FILE)
        return (self.encoder(players, card_text, **options).size,)

    def num_actions_for(self, players: int | None = None, cards=None, card_text: str | None = None,
                        **options) -> int:
        """The length of ``state.action_mask()`` for these options and card file."""
        self.resolve_options(players, options)
        if cards is not None:
            card_text = read_text(cards, "card file", MAX_CARD_FILE)
        return len(self.table_for(card_text))

    # --- explaining the game to people (the terminal, the browser) ---------------------------
    def score_label(self, players: int, options: dict) -> str:
        """What ``state.scores`` count, in words ("health", "rounds survived"), for result lines."""
        return "scores"

    def moment_phase(self, view: dict) -> str | None:
        """The glossary name of the moment a seat's ``view`` is in (``core.glossary.moment_of``):
        its ``phase`` by default; a game that asks before its first turn may name its setup."""
        phase = view.get("phase")
        return phase if isinstance(phase, str) else None

    def result_scores(self, state) -> list:
        """The final scores a result counts (selfplay's means, the lab, the arena): ``state.scores``,
        with None where the game gives no score for how it ended (a game overrides it)."""
        return list(state.scores)

    def score_words(self, state) -> str:
        """The numbers of a finished game's result line, from public facts: "health: North 1,
        South 4"; a solo game "round reached: 6". By default ``score_label`` and ``state.scores``
        (override where a result is not simply its score)."""
        scores = state.scores
        if not scores:
            return ""
        label = self.score_label(state.players, state.options)
        if state.players == 1:
            return f"{label}: {scores[0]}"
        names = state.seat_names
        return f"{label}: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(scores))

    def result_line(self, state) -> str:
        """A finished game's result in one line, naming what its numbers are (``score_words``),
        from public facts only: "South wins; health: North 1, South 4." A solo game: "Lost; round
        reached: 6." A seat its rules play is named with them ("South (the AI card The Emptiness)
        wins"). The terminal ends a game with it; the browser shows it."""
        words = self.score_words(state)
        tail = f"; {words}" if words else ""
        if state.ended_by_length:     # no rule ended it: a length limit did (the log says which)
            return ("Lost" if state.players == 1 else "A draw") + " at a length limit, not by the rules" + tail + "."
        if state.players == 1:
            return ("Won" if state.winners else "Lost") + tail + "."
        names = state.seat_names
        if state.winners:
            ruled = self.rule_seats(state.players, state.options)   # a seat its rules play is named with them
            who = [names[w] + (f" ({ruled[w]})" if w in ruled else "") for w in state.winners]
            head = (" and ".join(who) + " win") if len(who) > 1 else f"{who[0]} wins"
        else:
            head = "A draw"
        return head + tail + "."

    def cards_info(self, card_text: str | None = None) -> list[dict]:
        """Every card and component a player may ask about, from the game's card data (or the
        given card file's): dicts with ``name``, ``origin`` ("rulebook" or "designed"), ``kind``
        (the game's word: "spell", "minion"...), ``short`` (one line of what it does) and
        ``text`` (the whole card, with its numbers). Made once per card file by the game's
        ``describe_cards`` from its parsed cards (``self.cards``, or ``check_cards(card_text)``)
        and remembered; by default there are none."""
        cache = self.__dict__.get("_cards_info")
        if cache is None:
            cache = self._cards_info = CardFileCache()
        info = cache.get(card_text)
        if info is None:
            if type(self).describe_cards is Game.describe_cards:
                return []
            cards = self.cards if card_text is None else self.check_cards(card_text, "card file")
            info = cache[card_text] = self.describe_cards(cards)
        return info

    def describe_cards(self, cards) -> list[dict]:
        """``cards_info`` for one parsed card set (``check_cards``' answer): override, usually with
        the game's ``display.cards_info``."""
        return []

    def describe_choice(self, view: dict, action) -> str | None:
        """What a choice touches, in words, read from the deciding seat's ``view`` (so it names
        only what that seat may see): "Bog Boss (minion, realm 2, South)" for "boss realm 2
        south 1". None: the game has nothing to add beyond the cards its text names."""
        return None

    def describe_moment(self, view: dict, moment: str) -> str:
        """A response window's moment in words for people, from the deciding seat's ``view``
        ("before North attacks", "after South uses Warhorn"); ``moment`` is the window's own name
        of it. By default that name."""
        return moment

    def plays_older_rules(self, options: dict) -> bool:
        """Whether ``options`` play an older revision of the rules than the newest (``rules_version``):
        a rules summary then shows what that revision does differently (RULES.md, "Revisions")."""
        values = self.options.get(RULES_VERSION)
        return values is not None and options.get(RULES_VERSION, values[0]) != values[0]

    def rules_summary(self, players: int, options: dict, card_text: str | None = None) -> str:
        """A short reference of a turn and of the mode being played, with the rulings (RULES.md)
        that apply, in plain text for a person at the table; ``card_text``: the card file in play
        (a card the summary names is named as that file names it). Override."""
        return ""

    def __repr__(self) -> str:
        return f"<game {self.id}>"


def describe_values(values, limit: int = 8) -> str:
    """An option's allowed values for people: all of them when few or short, else the pattern
    they follow ("random, or 3 to 4 of zard, noblins, freeple, ghoulies joined by '-' in any
    order"; "none, or 1 to 3 of matathias, golden-horse, geoffrey joined by '+' in this order")
    or the first few."""
    from math import comb, perm

    values = [str(v) for v in values]
    if len(values) <= limit or len(", ".join(values)) <= 100:
        return ", ".join(values)
    for sep in ("+", "-"):
        joined = [v.split(sep) for v in values if sep in v]
        if not joined:
            continue
        words = []
        for parts in joined:
            for w in parts:
                if w not in words:
                    words.append(w)
        if len(words) > limit:
            continue
        singles = [v for v in values if sep not in v and v in words]
        plain = [v for v in values if sep not in v and v not in words]
        sizes = sorted({len(p) for p in joined} | ({1} if singles else set()))
        count = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
        head = ", ".join(plain) + ", or " if plain else ""
        combos = len({tuple(p) for p in joined}) + len(singles)
        order = " in any order" if combos == sum(perm(len(words), k) for k in sizes) else \
            " in this order" if combos == sum(comb(len(words), k) for k in sizes) else ""
        return (f"{head}{count} of {', '.join(words)} joined by '{sep}'{order} "
                f"(e.g. {sep.join(joined[0])})")
    return ", ".join(values[:limit]) + f" and {len(values) - limit} more"
