"""The state of one game in progress: the contract every game's state fulfils.

A state says who decides now (``to_move``), lists that seat's ``legal_actions()``, and
``apply(action_or_text)`` changes it in place. Everything else a tool needs is here too:
``view(seat)`` (what a seat may see, JSON-ready), ``snapshot()`` / ``game.restore``, ``clone()``,
``determinize(seat, rng)``, ``is_over``, ``winners``, ``scores``, ``log`` and ``record()``.

A game subclasses ``State`` and provides the rules: ``setup`` and its ``frames``
(``core.stack``). A game that declares its ``zones`` (``core.zones``) gets ``clone``,
``_snapshot`` / ``_restore`` with their schema, the zones' part of ``_view`` and ``determinize``
derived from the declaration; it adds its derived public facts to a view in ``view_more``. The
shared parts (checking input, history, log, records, snapshots' common fields) live here once.
"""

from __future__ import annotations

import numbers
from typing import Any

from .actions import Action, refuse_text, describe_choices
from .cards import CardFileCache
from .snapshots import check_snapshot_fields
from .errors import IllegalAction
from .rng import Rng, check_seed
from .text import shown
from .seats import SEAT_NAMES, seat_names


def as_rng(rng) -> Rng:
    """Accept a tabletome ``Rng``, a ``random.Random``, a numpy ``Generator`` or an int seed, and
    give an ``Rng`` (seeded from the next 64 bits of a generator given)."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool):
        return Rng(int(rng))  # numpy integers too
    if hasattr(rng, "getrandbits"):
        return Rng(rng.getrandbits(64))
    if type(rng).__name__ == "Generator" and hasattr(rng, "bit_generator"):  # numpy.random.Generator
        return Rng(int(rng.bit_generator.random_raw()))
    raise IllegalAction(f"a random source is an Rng, a random.Random, a numpy Generator or an int, "
                        f"not {type(rng).__name__}")


class State:
    __slots__ = ("game", "players", "options", "seed", "rng", "to_move", "winners", "table",
                 "card_text", "stack", "decision", "triggers", "logging",
                 "_history", "_log", "_log_owned", "_log_seat", "_log_done", "_legal", "length_cap", "_capped_seat", "_limit", "_driver",
                 "__weakref__")

    # The game's frames (core.stack.FrameSet): with them, the core drives the turn (``run``) and
    # writes the stack into snapshots by frame name.
    frames = None
    # The game's declared snapshot fields: a msgspec Struct (forbid_unknown_fields=True). With it,
    # the core refuses an unknown, missing or ill-typed field the same way in every game and hands
    # ``_restore`` the checked Struct.
    snapshot_schema = None
    # The game's declared zones (core.zones.Zones): with them, the core derives ``clone``,
    # ``_snapshot``/``_restore`` and their schema, the zones' part of ``_view`` and ``determinize``.
    zones = None
    # Seats the rules play themselves (a game's computer opponents, played by their cards):
    # ``automaton(state, seat)`` gives the function that chooses for ``seat``,
    # ``(state, seat, frame, legal) -> Action``, or None for a seat that decides for itself. When
    # the stack asks such a seat, the core takes its choice at once through the decision frame's
    # ``legal`` and ``resolve``, as it would a seat's action (no decision is recorded).
    automaton = None
    # How the core drives this class's stack (``_Driver``), made once per subclass; every state
    # holds it in a slot, so the hot path reads no class attribute.
    _class_driver = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in _CORE_ONLY:   # the core drives every stack the same way
            mine = getattr(cls, name, None)
            if mine is not getattr(State, name, None) and mine is not _ask_automaton:
                raise TypeError(f"{cls.__name__} overrides {name!r}, which the core keeps: a game's rules "
                                f"are its frames (core.stack: run, legal, resolve); computer-played seats "
                                f"are its 'automaton'")
        if cls.automaton is not None:
            cls.ask = _ask_automaton
        zones = cls.__dict__.get("zones")
        if zones is not None:
            if "clone" not in cls.__dict__:
                cls.clone = zones.make_clone()
            if "determinize" not in cls.__dict__:
                cls.determinize = zones.make_determinize()
            if "snapshot_schema" not in cls.__dict__:
                cls.snapshot_schema = zones.schema(cls.__name__.removesuffix("State"))
        cls._class_driver = _Driver(cls)

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def start(cls, game, players: int, seed: int, options: dict, card_text: str | None = None) -> "State":
        """A new game (called by ``game.new`` after it checked the options and card file)."""
        cls = cls.class_for(game, players, options)
        state = cls.__new__(cls)
        state._init_common(game, players, options, seed, Rng(seed), card_text)
        state.setup()
        return state

    @classmethod
    def class_for(cls, game, players: int, options: dict) -> type:
        """The State class that plays ``game`` at a table of ``players`` with these (resolved) options: this
        one, or a subclass with the same fields (``__slots__ = ()``) that decides some things its
        own way, e.g. a table with computer-played seats declaring an ``automaton``, so that tables
        without them keep the core's inlined ``ask``."""
        return cls

    def _init_common(self, game, players, options, seed, rng, card_text=None):
        self.game = game
        self.card_text = card_text
        self.table = game.table_for(card_text)
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = rng
        self.to_move = None
        self.winners = []
        self.stack = []
        self.decision = None
        self.triggers = []
        self.logging = True
        self._history = []
        self._log = []
        self._log_owned = True
        self._log_seat = None
        self._log_done = 0       # the log's first lines known to be formatted (see ``_lines``)
        self._legal = None
        self.length_cap = game._max_decisions(players, options)
        self._capped_seat = None
        self._limit = None
        self._driver = type(self)._class_driver or _NO_DRIVER

    def _copy_common(self, other: "State") -> None:
        """Copy the shared fields into a fresh ``other`` (used by each game's ``clone``)."""
        other.game = self.game
        other.card_text = self.card_text
        other.table = self.table
        other.players = self.players
        other.options = self.options
        other.seed = self.seed
        other.rng = Rng.__new__(Rng)
        other.rng.state = self.rng.state
        other.to_move = self.to_move
        other.winners = list(self.winners)
        other.stack = self.stack.copy()
        other.decision = self.decision
        other.triggers = self.triggers.copy()
        other.logging = self.logging
        other._history = self._history.copy()
        # the log is shared until either side writes to it (copy on write, see ``say``)
        other._log = self._log
        other._log_seat = self._log_seat
        other._log_done = self._log_done
        other._log_owned = False
        self._log_owned = False
        other._legal = self._legal
        other.length_cap = self.length_cap
        other._capped_seat = self._capped_seat
        other._limit = self._limit
        other._driver = self._driver

    def setup(self) -> None:
        """Deal, shuffle and set ``to_move`` for a new game (override)."""
        raise NotImplementedError

    # --- deciding ----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once nobody is to move."""
        return self.to_move is None

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat ``to_move`` may take now (empty once the game is over). The
        returned tuple is shared: do not keep it across ``apply``."""
        legal = self._legal
        if legal is None:
            if self.to_move is None:
                legal = ()
            else:
                frame = self.decision   # the decision frame's legal, called directly
                legal = tuple(self._driver.legals[frame[0]](self, frame))
            self._legal = legal
        return legal

    def parse_action(self, text: str) -> Action:
        """The legal action whose canonical text is ``text`` (case and spacing aside)."""
        if not isinstance(text, str):
            raise IllegalAction(f"action text must be a string, not {type(text).__name__}")
        action = self.table.find(text)
        legal = self.legal_actions()
        if action is None or action not in legal:
            if self.to_move is None:
                raise IllegalAction(f"{text!r}: the game is over, no action is legal")
            if action is not None:
                raise IllegalAction(f"{action.text!r} is not legal now; {describe_choices(legal)}")
            raise refuse_text(text, legal)
        return action

    def apply(self, action) -> None:
        """Take ``action`` (an Action from ``legal_actions()`` or its text) for the seat to move.
        Raises ``IllegalAction`` and changes nothing if it is not legal now."""
        if action.__class__ is not Action:
            action = self._as_action(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            action = self._equal_legal(action, legal)
        history = self._history
        history.append(action.id)
        self._legal = None
        driver = self._driver
        resolves = driver.resolves
        # the decision frame resolves the choice, then the stack runs on (``run`` inlined)
        frame = self.decision
        index = frame[0]
        driver.ons[index].get(action.kind, resolves[index])(self, frame, action)
        stack, triggers = self.stack, self.triggers
        runs, ask_ats = driver.runs, driver.ask_ats
        self.decision = self.to_move = None
        while True:
            if triggers:
                triggers.reverse()
                stack.extend(triggers)
                triggers.clear()
            if not stack:
                return
            frame = stack.pop()
            index = frame[0]
            at = ask_ats[index]
            if at:
                self.decision = frame
                self.to_move = frame[at]
                break
            if runs[index](self, frame):
                break
        if len(history) >= self.length_cap and self.to_move is not None:   # (rarely true: tested first)
            self._end_by_length()

    def _as_action(self, action) -> Action:
        """``apply``'s input other than an Action: its text or its id."""
        if isinstance(action, str):
            return self.parse_action(action)
        if isinstance(action, numbers.Integral) and not isinstance(action, bool):
            return self.action_of_id(action)
        raise IllegalAction(f"an action is an Action, its text or its id, not {type(action).__name__}")

    def _equal_legal(self, action, legal) -> Action:
        """The legal action equal to ``action`` (one from another game instance), or refuse it."""
        if self.to_move is None:
            raise IllegalAction(f"{action}: the game is over, no action is legal")
        same = [a for a in legal if a.id == action.id and a.text == action.text]
        if not same:
            raise IllegalAction(f"{str(action)!r} is not legal now; {describe_choices(legal)}")
        return same[0]

    def action_of_id(self, action_id) -> Action:
        """The legal action with this integer id (an int or a numpy integer)."""
        action_id = int(action_id)
        table = self.table
        if not 0 <= action_id < len(table):
            raise IllegalAction(f"action id {action_id} is out of range: ids lie in 0 to {len(table) - 1}")
        action = table[action_id]
        if action not in self.legal_actions():
            if self.to_move is None:
                raise IllegalAction(f"action id {action_id} ({action.text!r}): the game is over, no action is legal")
            raise IllegalAction(f"action id {action_id} ({action.text!r}) is not legal now; "
                                f"{describe_choices(self.legal_actions())}")
        return action

    def _end_by_length(self, say: bool = True) -> None:
        """The game reached ``length_cap`` decisions (``game.max_game_length``): it ends as a draw."""
        self._capped_seat = self.to_move
        self.to_move = None
        self.winners = []
        self._legal = None
        self._limit = f"The game reaches its limit of {self.length_cap} decisions and ends as a draw."
        if say:
            self.say(self._limit)

    def end_by_limit(self, why: str) -> None:
        """A game's own safety net (a limit that is none of its rules, such as a number of turns)
        ends the game as a draw: ``why`` is said in the log, and ``ended_by_length`` is True; the
        view, the snapshot and the record carry ``why`` as ``ended_by_length``."""
        self.end_game([])
        self._legal = None
        self._limit = why
        self.say(why)

    @property
    def ended_by_length(self) -> bool:
        """True when the game ended as a draw at a length limit (the core's decisions, or a game's
        own safety net: ``end_by_limit``) rather than by its rules."""
        return self._limit is not None

    # --- the decision stack (core/stack.py) ------------------------------------------------------
    def run(self) -> None:
        """Run frames until one asks a seat to decide, or the stack is empty (the game is over).
        Frames a rule queued with ``trigger`` run before anything below them, in queued order."""
        stack = self.stack
        driver = self._driver
        runs = driver.runs
        ask_ats = driver.ask_ats
        triggers = self.triggers
        self.decision = None
        self.to_move = None
        while True:
            if triggers:
                triggers.reverse()
                stack.extend(triggers)
                triggers.clear()
            if not stack:
                return
            frame = stack.pop()
            index = frame[0]
            at = ask_ats[index]
            if at:   # a frame that only asks: ``ask`` inlined
                self.decision = frame
                self.to_move = frame[at]
                return
            if runs[index](self, frame):
                return

    def ask(self, seat: int, frame: tuple) -> bool:
        """Stop the stack and ask ``seat`` to decide ``frame`` (a frame's ``run`` returns this)."""
        self.decision = frame
        self.to_move = seat
        return True

    def ask_with(self, seat: int, frame: tuple, legal) -> bool:
        """``ask``, when the rule has just worked out the seat's legal actions (to see whether
        there are any): ``legal`` must be what the frame's ``legal`` gives now, and it is not
        worked out again. (A class with an ``automaton`` is asked through its ``ask``.)"""
        if not self._driver.plain_ask:
            return self.ask(seat, frame)
        self.decision = frame
        self.to_move = seat
        self._legal = tuple(legal)
        return True

    def ask_or_take(self, seat: int, frame: tuple, legal) -> bool:
        """Ask ``seat`` only a real choice: with one legal action, take it at once (the frame's
        handler resolves it, no decision is recorded) and go on (False); with none, nothing is
        asked and the stack goes on (False); else ``ask_with``."""
        if len(legal) <= 1:
            if not legal:
                return False
            action = legal[0]
            index = frame[0]
            frames = self.frames
            frames.ons[index].get(action.kind, frames.resolves[index])(self, frame, action)
            return False
        if not self._driver.plain_ask:
            return self.ask(seat, frame)
        self.decision = frame   # ``ask_with`` inlined
        self.to_move = seat
        self._legal = tuple(legal)
        return True

    def push(self, *frames: tuple) -> None:
        """Push frames so that they run in the order given (the first runs first)."""
        self.stack.extend(reversed(frames))

    def trigger(self, frame: tuple) -> None:
        """Queue a triggered frame: it runs before whatever is below it on the stack."""
        self.triggers.append(frame)

    def end_game(self, winners) -> None:
        """The game is over: ``winners`` (a list of seats; empty for a draw). Nothing more runs."""
        self.winners = list(winners)
        self.stack.clear()
        self.triggers.clear()
        self.decision = None
        self.to_move = None

    # --- what is being decided, in words (for people) -------------------------------------------
    def decision_info(self) -> dict | None:
        """What the seat to move is asked, for screens: ``{"frame", "asks", "window", "moment",
        "pass"}``: the decision frame's name and question, whether it is a response window, the
        window's moment ("before North attacks") and its pass action's text. None when over."""
        if self.to_move is None or self.frames is None or self.decision is None:
            return None
        from .stack import ResponseWindow

        frame = self.frames.frames[self.decision[0]]
        info = {"frame": frame.name, "asks": frame.asks, "window": False, "moment": None, "pass": None}
        if isinstance(frame, ResponseWindow):
            info["window"] = True
            info["moment"] = frame.moment_name(self.decision[1])
            info["pass"] = frame.pass_action(self).text
        return info

    def turn_key(self):
        """Something that changes exactly when a new turn begins (for "auto-pass for the rest of
        this turn"): the game's ``turn_key`` hook (``Game.turn_key``)."""
        return self.game.turn_key(self)

    # --- outcome -------------------------------------------------------------------------------
    @property
    def scores(self) -> list:
        """Per-seat numbers the game keeps as a score (override: health, noise, rounds...)."""
        return []

    def tempo(self) -> dict:
        """The numbers a designer watches over a game, each seat's: ``{name: [one per seat]}``, the
        first saying who leads. The lab stores them at each turn and plots their course. By default
        the scores, named by the game's ``score_label``; a game names its own (health and mana...)."""
        scores = self.scores
        if not scores or len(scores) != self.players or not all(isinstance(x, (int, float)) for x in scores):
            return {}
        return {self.game.score_label(self.players, self.options): [float(x) for x in scores]}

    def action_cards(self, action) -> tuple[str, ...]:
        """The cards ``action`` plays from this state (named before it is applied): what the lab
        counts as a card played, and as playable by the seat to move. By default the action's own
        structured ``cards``; a game whose actions name places (a realm, a pile) rather than the card
        there names the card from its own state."""
        return tuple(action.cards)

    def teams(self) -> list[tuple[int, ...]]:
        """The seats that win and lose together (teammates), each team a tuple of seats; by default
        every seat plays for itself."""
        return [(s,) for s in range(self.players)]

    def lab_facts(self) -> dict:
        """What a game drew at random that its options do not say (the lab stores it beside the
        result, so a study can be split by it), e.g. the factions dealt when they are random.
        ``{name: text}``; none by default."""
        return {}

    def outcome(self, seat: int) -> float:
        """The finished game's reward for ``seat`` in [0, 1]: 1 for a winner, 0 for a loser,
        0.5 each when nobody won. Solo modes override it to normalise their score."""
        if self.to_move is not None:
            raise IllegalAction("the game is not over yet")
        if not self.winners:
            return 0.5
        return 1.0 if seat in self.winners else 0.0

    def returns(self) -> list[float]:
        """Each seat's return, ``2 * outcome(seat) - 1``: +1 a win, -1 a loss, 0 a draw (a solo
        mode: its normalised score on [-1, 1]); all 0 before the end. ``game.utility(players)``
        declares its kind, bounds and sum."""
        if self.to_move is not None:
            return [0.0] * self.players
        return [2.0 * self.outcome(seat) - 1.0 for seat in range(self.players)]

    # --- names and log ---------------------------------------------------------------------------
    @property
    def seat_names(self) -> tuple[str, ...]:
        return seat_names(self.players)

    def seat_name(self, seat: int) -> str:
        names = SEAT_NAMES.get(self.players)
        return names[seat] if names is not None else seat_names(self.players)[seat]

    def say(self, text: str, seat: int | None = None) -> None:
        """Add a sentence to the log: public, or seen only by ``seat``. A muted copy (``mute``)
        writes nothing; rules on a hot path may test ``self.logging`` before building the text."""
        if not self.logging:
            return
        if not self._log_owned:
            self._own_log()
        self._log.append((seat, text))

    def say_fmt(self, seat: int | None, template, *args) -> None:
        """Add the sentence ``template.format(*args)`` to the log (public when ``seat`` is None,
        else seen only by ``seat``), formatted only when the log is read: the same line as
        ``say(template.format(*args), seat)`` at less cost in a game nobody reads (random play,
        an arena). ``template`` may also be a function: the line is then ``template(*args)``.
        ``args`` must be values that never change (numbers, strings, tuples)."""
        if not self.logging:
            return
        if not self._log_owned:
            self._own_log()
        self._log.append((seat, template, args))

    def log_mark(self) -> int:
        """Where the log stands now, for ``say_at``."""
        if self._log_seat is not None:
            self._own_log()
        return len(self._log)   # a line not yet formatted (``say_fmt``) counts as one

    def say_at(self, mark: int, text: str, seat: int | None = None) -> None:
        """Put a sentence into the log at ``mark`` (before what was said since)."""
        if not self.logging:
            return
        if not self._log_owned:
            self._own_log()
        self._log.insert(mark, (seat, text))
        if mark <= self._log_done:
            self._log_done += 1

    def _lines(self) -> list:
        """The log's lines, ``(seat or None, text)``, this state may hold (a pending filter of a
        determinized copy applied first)."""
        if self._log_seat is not None:
            self._own_log()
        log = self._log
        for i in range(self._log_done, len(log)):  # the lines since the last read
            line = log[i]
            if len(line) == 3:   # a line of ``say_fmt``, formatted now (the same line in every
                seat, template, args = line   # copy that shares this list)
                log[i] = (seat, template.format(*args) if template.__class__ is str else template(*args))
        self._log_done = len(log)
        return log

    def _own_log(self) -> None:
        """Give this state a log list of its own (copy on write), filtered to what ``_log_seat``
        may read when a determinized copy still shares its original's whole log."""
        seat = self._log_seat
        if seat is not None:
            self._log = [line for line in self._log if line[0] is None or line[0] == seat]
            self._log_seat = None
            self._log_done = 0
        else:
            self._log = self._log.copy()
        self._log_owned = True

    def mute(self) -> "State":
        """Stop writing log lines in this state (a copy made for search); returns the state."""
        self.logging = False
        return self

    @property
    def log(self) -> list[str]:
        """The whole story of the game so far, in plain sentences (private lines included)."""
        return [text for _, text in self._lines()]

    def visible_log(self, seat: int | None, since: int = 0) -> list[str]:
        """The log as ``seat`` may read it (``None``: a spectator, public lines only). ``since``: only
        the lines written from the ``log_mark()`` given on, for a reader that keeps what it read
        (lines are only ever added after the last mark a reader took: ``say_at`` inserts within
        one move)."""
        lines = self._lines()
        if since:
            lines = lines[since:]
        return [text for who, text in lines if who is None or who == seat]

    # --- seeing ----------------------------------------------------------------------------------
    def check_seat(self, seat, allow_none: bool = True) -> None:
        if seat is None and allow_none:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            allowed = f"0 to {self.players - 1}" + (" or None for a spectator" if allow_none else "")
            raise IllegalAction(f"there is no seat {seat!r} at this table; seats are {allowed}")

    def view(self, seat: int | None, log: bool = True) -> dict:
        """What ``seat`` may see, as a JSON-ready dict (``None``: a spectator). ``log=False``: without
        its ``log`` (a reader keeping the log itself reads the new lines with ``visible_log``). The
        dict is the caller's; the values in it may be shared with other views: read, never change them."""
        self.check_seat(seat)
        view = self._view(seat)
        if log:
            view["log"] = self.visible_log(seat)
        if self._limit is not None:
            view["over"], view["winners"], view["to_move"] = True, [], None
            view["ended_by_length"] = self._limit     # (the observation reads none of it)
        return view

    def views(self, seats, log: bool = True) -> list[dict]:
        """``view(seat)`` for each of ``seats`` at this position, made together (a server sending
        a move to every page). When the game declares ``seat_view``, what every seat sees alike is
        made once, as a spectator sees it, and the views share those values: read them, never
        change them."""
        seats = list(seats)
        if len(seats) < 2 or type(self).seat_view is State.seat_view:
            return [self.view(seat, log) for seat in seats]
        players = self.players
        for seat in seats:
            if seat.__class__ is not int or not 0 <= seat < players:   # (the common case tested first)
                self.check_seat(seat)
        public = self._view(None)
        seat_view, limit = self.seat_view, self._limit
        out = []
        for seat in seats:
            view = public.copy() if seat is None else public | seat_view(seat, public)
            if log:
                view["log"] = self.visible_log(seat)
            if limit is not None:
                view["over"], view["winners"], view["to_move"] = True, [], None
                view["ended_by_length"] = limit
            out.append(view)
        return out

    def seat_view(self, seat: int, public: dict) -> dict:
        """The top-level parts of ``view(seat)`` that are not as a spectator sees them, given the
        spectator's view ``public`` (read only). Override with ``views``'s promise kept: ``public``
        updated with these is ``view(seat)``, key order included (a game that declares none has
        every view made whole; declared zones give theirs, ``Zones.seat_view``)."""
        raise NotImplementedError

    # --- learning tools (docs/rl.md) -------------------------------------------------------------
    def observation(self, seat: int | None, out=None):
        """What ``seat`` may see as a float32 numpy vector of ``game.observation_shape(...)``,
        written by the game's encoder (``core.observation``). ``out``: a float32 vector of that
        shape to fill instead of a new one (batches reuse theirs)."""
        if (seat.__class__ is not int and seat is not None and not isinstance(seat, bool)
                and isinstance(seat, numbers.Integral)):
            seat = int(seat)  # numpy integers
        self.check_seat(seat)
        try:  # resolved options keep the game's order, so this key needs no sorting
            encoder = self.game._encoders_fast[(self.players, self.card_text, tuple(self.options.items()))]
        except (AttributeError, KeyError):
            encoder = self.game.encoder(self.players, self.card_text, **self.options)
            fast = self.game.__dict__.get("_encoders_fast")
            if fast is None:
                fast = self.game._encoders_fast = CardFileCache()
            fast[(self.players, self.card_text, tuple(self.options.items()))] = encoder
        if out is None:
            from .observation import numpy
            out = numpy().zeros(encoder.size, dtype=numpy().float32)
        else:
            out.fill(0.0)
        if encoder.reads_state:   # a game's own encoder (its hidden cards through the declared zones)
            encoder.encode_state(self, seat, out)
        else:
            encoder.encode(self.observation_view(seat), seat, out)
        return out

    def observation_view(self, seat: int | None) -> dict:
        """The view an encoder that reads views reads: ``view(seat)`` without its log."""
        view = self._view(seat)
        if self._capped_seat is not None:
            view["over"], view["winners"], view["to_move"] = True, [], None
        return view

    def action_mask(self):
        """A bool numpy vector of length ``len(state.table)`` (``game.num_actions`` with the game's
        own cards): True at the ids of ``legal_actions()``."""
        from .observation import numpy
        np = numpy()
        mask = np.zeros(len(self.table), dtype=bool)
        ids = [a.id for a in self.legal_actions()]
        if ids:
            mask[ids] = True
        return mask

    def __deepcopy__(self, memo):
        return self.clone()

    def __copy__(self):
        return self.clone()

    def __reduce__(self):
        return (_restore_state, (self.game.id, self.snapshot()))

    def _view(self, seat: int | None) -> dict:
        """What ``seat`` may see (without the log): the declared zones as it sees them, then the
        game's derived public facts (``view_more``)."""
        zones = self.zones
        if zones is None:
            raise NotImplementedError
        view = zones.view(self, seat)
        self.view_more(seat, view)
        return view

    def view_more(self, seat: int | None, view: dict) -> None:
        """Add the game's derived public facts (a phase, a pending choice) to ``view`` (override)."""

    def attach(self) -> None:
        """Set the fixed facts a state shares with its clones (a rule set from the options and the
        card file) before a snapshot's zones are read (override; ``setup`` calls it too)."""

    def clone(self) -> "State":
        """An independent copy: changing one never changes the other."""
        raise NotImplementedError

    def determinized_copy(self, seat: int) -> "State":
        """The start of every game's ``determinize``: a clone with no seed, no history and only the
        log lines ``seat`` may read. The game then re-draws what ``seat`` cannot see in it, and
        gives it a fresh rng (``copy.rng = rng.spawn()``)."""
        self.check_seat(seat, allow_none=False)
        history, self._history = self._history, _NO_HISTORY   # the copy starts with none
        try:
            copy = self.clone()
        finally:
            self._history = history
        # the copy shares the whole log and filters it only if it ever reads or writes it (a muted
        # search copy never does): the lines ``seat`` may not read can never be reached from it
        if copy._log_seat != seat:
            if copy._log_seat is not None:
                copy._own_log()
            copy._log_seat = seat
            copy._log_owned = False
        copy.seed = None
        copy._legal = None
        return copy

    def determinize(self, seat: int, rng) -> "State":
        """A copy in which everything ``seat`` cannot see is re-drawn at random, consistent with
        what it has seen. It depends only on ``view(seat)`` and ``rng``."""
        zones = self.zones
        if zones is None:
            raise NotImplementedError
        return zones.determinize(self, seat, rng)

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks one of the game's invariants (override)."""

    # --- snapshots and records -------------------------------------------------------------------
    def snapshot(self) -> dict:
        """The whole state as a JSON-ready dict, RNG included; ``game.restore`` brings it back."""
        data = {
            "game": self.game.id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "history": [self.table[i].text for i in self._history],
            "log": [[who, text] for who, text in self._lines()],
        }
        if self.card_text is not None:
            data["cards"] = self.card_text
        frames = self.frames
        if frames is not None:
            data["stack"] = [frames.encode(f) for f in self.stack]
            data["decision"] = frames.encode(self.decision) if self.decision is not None else None
        if self._capped_seat is not None:  # the game's fields as they stood at the length limit
            self.to_move, winners = self._capped_seat, self.winners
            try:
                data.update(self._snapshot())
            finally:
                self.to_move, self.winners = None, winners
        else:
            data.update(self._snapshot())
            if self._limit is not None:   # a game's own safety net (the length cap follows from the history)
                data["ended_by_length"] = self._limit
        return data

    def _snapshot(self) -> dict:
        """The game's own fields: the declared zones, ``winners`` among them (override without zones)."""
        zones = self.zones
        if zones is None:
            raise NotImplementedError
        return zones.snapshot(self)

    @classmethod
    def from_snapshot(cls, game, data: Any) -> "State":
        if not isinstance(data, dict):
            raise IllegalAction(f"a snapshot is a JSON object, not {type(data).__name__}")
        if data.get("game", game.id) != game.id:
            raise IllegalAction(f"this snapshot is of {data.get('game')!r}, not {game.id!r}")
        data = cls.migrate_snapshot(data)
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise IllegalAction("snapshot field 'options' must be an object of option names to values")
        players, options = game.resolve_options(data.get("players"), options)
        seed = data.get("seed")
        if seed is not None:
            seed = check_seed(seed, "snapshot field 'seed' (or null)")
        rng_state = data.get("rng", seed if seed is not None else 0)
        if not isinstance(rng_state, int) or isinstance(rng_state, bool) or not 0 <= rng_state < 1 << 64:
            raise IllegalAction(f"snapshot field 'rng' must be a whole number from 0 to 2**64-1, not {shown(rng_state)}")
        card_text = data.get("cards")
        if card_text is not None:
            if not isinstance(card_text, str):
                raise IllegalAction("snapshot field 'cards' must be the text of a card file")
            game.check_cards(card_text, "the snapshot's card file")
        cls = cls.class_for(game, players, options)
        state = cls.__new__(cls)
        state._init_common(game, players, options, seed, Rng(rng_state), card_text)
        history = data.get("history", [])
        if not isinstance(history, list):
            raise IllegalAction("snapshot field 'history' must be a list of action texts")
        for i, text in enumerate(history):
            action = state.table.find(text) if isinstance(text, str) else None
            if action is None:
                raise IllegalAction(f"snapshot history entry {i} ({text!r}) is not an action of {game.name}")
            state._history.append(action.id)
        log = data.get("log", [])
        if not isinstance(log, list):
            raise IllegalAction("snapshot field 'log' must be a list of [seat or null, sentence]")
        for i, entry in enumerate(log):
            if isinstance(entry, str):
                entry = [None, entry]
            if (not isinstance(entry, (list, tuple)) or len(entry) != 2 or not isinstance(entry[1], str)
                    or not (entry[0] is None or (isinstance(entry[0], int) and 0 <= entry[0] < players))):
                raise IllegalAction(f"snapshot log entry {i} must be [seat or null, sentence], not {entry!r}")
            state._log.append((entry[0], entry[1]))
        fields = data
        if cls.frames is not None and "stack" in data:
            stack = data["stack"]
            if not isinstance(stack, list):
                raise IllegalAction("snapshot field 'stack' must be a list of frames, [name, number, ...]")
            state.stack = [cls.frames.decode(f, f"stack entry {i}") for i, f in enumerate(stack)]
            decision = data.get("decision")
            state.decision = None if decision is None else cls.frames.decode(decision, "field 'decision'")
            if state.decision is not None:
                # the asked seat stands in the decision frame's "seat" field
                at = cls.frames[state.decision[0]].seat_at
                if at is not None:
                    state.to_move = state.decision[at]
                    state.check_seat(state.to_move, allow_none=False)
        if cls.snapshot_schema is not None:
            fields = check_snapshot_fields(data, cls.snapshot_schema, game.name)
        try:
            state._restore(fields)
        except IllegalAction:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise IllegalAction(f"broken {game.name} snapshot: {type(exc).__name__}: {exc}") from None
        try:
            state.check_invariants()
        except AssertionError as exc:
            raise IllegalAction(f"impossible {game.name} position in snapshot: {exc}") from None
        if state.to_move is not None and len(state._history) >= state.length_cap:
            state._end_by_length(say=False)  # its log already says so
        limit = data.get("ended_by_length")
        if limit is not None:
            if not isinstance(limit, str) or len(limit) > 500:
                raise IllegalAction("snapshot field 'ended_by_length' must be the sentence that ended the game (up to 500 characters)")
            if state.to_move is not None:
                raise IllegalAction("snapshot field 'ended_by_length' is for a game that is over")
            state._limit = limit
        return state

    def _restore(self, data) -> None:
        """Set the game's own fields from a snapshot: the checked ``snapshot_schema`` Struct when
        the game declares one (the stack and decision are already set), else the raw dict. With
        zones: ``attach``, the zones, then the game's own checks (``restored``)."""
        zones = self.zones
        if zones is None:
            raise NotImplementedError
        self.attach()
        zones.restore(self, data)
        self.restored()

    def restored(self) -> None:
        """Check what a snapshot's zones cannot say alone (the stack against the position), once
        they are read (override; raise IllegalAction)."""

    def ask_again(self) -> None:
        """Ask a restored ``decision`` again through its frame's ``run`` (a game's ``_restore`` may
        call it once the position is read), so that a snapshot's decision must fit the position:
        the frame asks that same decision and leaves a legal action, else an ``IllegalAction``
        says which does not hold."""
        decision, frames = self.decision, self.frames
        shown = frames.encode(decision)
        self.decision, self._legal = None, None
        try:
            asked = frames[decision[0]].run(self, decision) and self.decision == decision
            legal = self.legal_actions() if asked else ()
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            raise IllegalAction(f"snapshot decision {shown!r} does not fit the position: {exc}") from None
        if not asked:
            raise IllegalAction(f"snapshot decision {shown!r} does not fit the position: nobody is asked it")
        if not legal:
            raise IllegalAction(f"snapshot decision {shown!r} leaves no legal action")

    @classmethod
    def migrate_snapshot(cls, data: dict) -> dict:
        """Rewrite a snapshot written in an older form into today's (override; the default keeps
        it). Called before any field is read, so old saved positions load and play on."""
        return data

    def record(self) -> dict:
        """The game record ``{game, options, players, seed, actions}`` that replays to this state
        (plus ``cards``, the card file's text, when the game was started with ``cards=FILE``)."""
        if self.seed is None:
            raise IllegalAction("this state was restored from a snapshot without a seed, so it has no record")
        table = self.table
        record = {
            "game": self.game.id,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": [table[i].text for i in self._history],
        }
        if self.card_text is not None:
            record["cards"] = self.card_text
        if self._limit is not None:
            record["ended_by_length"] = self._limit   # (replaying the actions ends it the same way)
        return record

    def __repr__(self) -> str:
        who = "over" if self.to_move is None else f"{self.seat_name(self.to_move)} to move"
        return f"<{self.game.id} state, {who}>"


def _restore_state(game_id: str, snapshot: dict) -> State:
    """Unpickle a state: its game from the registry, then its snapshot (``State.__reduce__``)."""
    from .registry import game
    return game(game_id).restore(snapshot)


def _ask_automaton(self, seat: int, frame: tuple) -> bool:
    """``State.ask`` of a class with an ``automaton``: a seat the rules play chooses at once
    through the frame's ``legal`` and ``resolve`` (and the stack goes on); any other seat is asked."""
    choose = self.automaton(seat)
    if choose is None:
        self.decision = frame
        self.to_move = seat
        return True
    index = frame[0]
    frames = self.frames
    action = choose(self, seat, frame, frames.legals[index](self, frame))
    frames.ons[index].get(action.kind, frames.resolves[index])(self, frame, action)
    return False


# What no game may override: every decision goes through the frames, the same way in every game.
_CORE_ONLY = ("_apply", "_legal_actions", "ask", "ask_with", "ask_or_take", "legal_actions", "apply", "run")


class _Driver:
    """How the core drives one State subclass's decision stack: its frames' rules as lists by frame
    index (``FrameSet.runs``...). ``ask_ats`` is all 0 for a class with an ``automaton`` (then every
    frame's ``run`` calls ``ask``, which lets a computer-played seat choose at once)."""

    __slots__ = ("runs", "legals", "resolves", "ons", "ask_ats", "plain_ask")

    def __init__(self, cls=None):
        frames = cls.frames if cls is not None else None
        self.runs = self.legals = self.resolves = self.ons = self.ask_ats = None
        # ``ask_with`` may set the legal actions itself: no seat is played by the rules
        self.plain_ask = cls is not None and cls.automaton is None
        if frames is None:
            return
        self.runs = frames.runs
        self.legals = frames.legals
        self.resolves, self.ons = frames.resolves, frames.ons
        self.ask_ats = frames.ask_ats if cls.automaton is None else [0] * len(frames)


_NO_DRIVER = _Driver()
_NO_HISTORY: list = []   # never changed: ``clone`` copies it
