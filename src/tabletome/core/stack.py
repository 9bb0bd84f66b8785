"""The decision stack: how every game drives its turn.

A game's rules are a set of named *frames*, declared once as data (``Frame``). The state keeps a
stack of frame instances, each a plain tuple ``(frame index, *whole numbers)`` so clones copy it
cheaply. ``State.run()`` pops frames and runs them until one asks a seat to decide; that frame is
the *decision* (``state.decision``). The seat's legal actions are the decision frame's ``legal``;
a choice goes to its ``resolve`` (one function, or one per action kind), which pushes what follows.

    run(state, frame) -> bool     do this step's work and push what comes next (frames pushed last
                                  run first); return ``state.ask(seat, frame)`` to stop and ask a
                                  seat, or False to go on with the next frame
    legal(state, frame) -> list   the asked seat's actions
    resolve(state, frame, action) what a choice does; or ``on={"kind": handler, ...}``

A frame that only asks (no work before the question) may leave ``run`` out: it then asks
``frame``'s seat field (``seat_field``, default ``"seat"``); with ``take_single=True`` it asks only a
real choice (``State.ask_or_take``: a single legal action is taken at once, none asks nothing).
With ``until=("end", ...)`` (action kinds) a frame asks again after each choice until one of those
kinds is chosen (a phase offering actions until its player ends it): any other choice puts the frame
back on the stack before its handler runs, so what the handler pushes runs first. A
frame that asks should name the asked seat in that field: restoring a snapshot sets ``to_move``
from the decision frame's seat.

``ResponseWindow`` is the one core frame for out-of-turn play (Spirit Link's combat window, Life
Siphon's Fast Cast, Life & Legend's Interfere). It goes round the table from a seat and asks only
the seats the game says can respond now (``can_respond``); a response is resolved by the game and
the window opens again for everyone; it closes once every seat has passed or been skipped in a row.

Snapshots write the stack and the decision by frame name (``FrameSet.encode``/``decode``): a
frame is ``[name, number, ...]``, checked against the frame's declared fields when read back.
The stack is empty and no decision is open exactly when the game is over.
"""

from __future__ import annotations

from .errors import IllegalAction


class Frame:
    """One named step of a game's rules (see the module docstring).

    ``run``, ``legal`` and ``resolve`` are plain callables kept on the frame (the functions given,
    or the core's stand-ins), so the core calls a game's rule with no step between. ``ask_at`` is
    where the asked seat stands in the tuple of a frame that only asks (no ``run`` given), else 0:
    the core then asks that seat itself. A choice goes to ``on[action.kind]`` if there is one, else
    to ``resolve``; with ``until``, every handler but those of the ``until`` kinds puts the frame
    back on the stack first (``_again``)."""

    __slots__ = ("name", "fields", "index", "run", "legal", "resolve", "on", "fallback",
                 "seat_at", "ask_at", "asks")

    def __init__(self, name: str, fields: tuple[str, ...] = (), *, run=None, legal=None, resolve=None,
                 on: dict | None = None, seat_field: str = "seat", asks: str = "", take_single: bool = False,
                 until: tuple[str, ...] | None = None):
        self.name = name
        self.fields = tuple(fields)
        self.index = -1
        # where the asked seat stands in the tuple, for frames that only ask
        self.seat_at = self.fields.index(seat_field) + 1 if seat_field in self.fields else None
        if take_single and (run is not None or self.seat_at is None or legal is None):
            raise ValueError(f"frame {name!r}: take_single is for a frame with a seat field and a legal but no run")
        self.ask_at = self.seat_at if run is None and self.seat_at is not None and not take_single else 0
        self.run = run if run is not None else self._ask_or_take if take_single else self._ask
        self.legal = legal if legal is not None else self._no_legal
        self.on = dict(on or {})
        self.fallback = resolve
        if until is not None:
            if not until:
                raise ValueError(f"frame {name!r}: until names the action kinds that end it; an empty one never ends")
            self.on = {kind: h if kind in until else _again(h) for kind, h in self.on.items()}
            self.on.update({kind: resolve for kind in until if kind not in self.on and resolve is not None})
            self.fallback = _again(resolve) if resolve is not None else None
        self.resolve = self._by_kind if self.on or resolve is None else resolve
        self.asks = asks  # what the seat is asked, in words, for views and screens

    def _ask(self, state, frame: tuple) -> bool:
        if self.seat_at is None:
            raise TypeError(f"frame {self.name!r} has no run and no seat field to ask")
        return state.ask(frame[self.seat_at], frame)

    def _ask_or_take(self, state, frame: tuple) -> bool:
        legal = self.legal
        return state.ask_or_take(frame[self.seat_at], frame, legal(state, frame))

    def _no_legal(self, state, frame: tuple) -> list:
        raise TypeError(f"frame {self.name!r} asks nothing: it has no legal")

    def _by_kind(self, state, frame: tuple, action) -> None:
        handler = self.on.get(action.kind, self.fallback)
        if handler is None:
            raise TypeError(f"frame {self.name!r} cannot resolve an action of kind {action.kind!r}")
        handler(state, frame, action)

    def __repr__(self) -> str:
        return f"<frame {self.name}{self.fields}>"


def _again(handler):
    """``handler`` after putting the frame back on the stack (``Frame(until=...)``)."""
    def again(state, frame, action):
        state.stack.append(frame)
        handler(state, frame, action)
    return again


class ResponseWindow(Frame):
    """The core response window: fields ``(moment, seat, passes, exclude)``.

    It offers seats around the table, starting with ``seat``, the chance to respond at ``moment``
    (a game's number for "before attacks", "end of turn"...), skipping every seat that cannot
    (``can_respond``) and ``exclude`` (a seat that may not answer at this moment, or -1). Each pass
    or skip counts; the window closes when every seat has passed or been skipped in a row. After a
    response the window opens again for every seat (``reopen``): "everyone may answer a cast".

    A game makes one with its own answers::

        ResponseWindow("window", can_respond=..., responses=..., pass_action=..., respond=...)

    can_respond(state, seat, moment) -> bool   cheap: could ``seat`` do anything now? (None: the
                                               window works out ``responses`` for each seat it
                                               passes and asks the first that has any, with them)
    responses(state, seat, moment) -> list     what it could do (pass is added by the window)
    pass_action(state) -> Action               the game's "pass"
    respond(state, frame, action)              resolve a response (push what it does)
    after: "next" (the seat after the responder is asked next) or "same" (the responder again)

    A subclass may change ``reopen`` (who is asked after a response).
    """

    __slots__ = ("can_respond", "responses", "pass_action", "respond", "after", "moments")

    def __init__(self, name: str = "window", *, can_respond, responses, pass_action, respond,
                 after: str = "next", moments: tuple[str, ...] = ()):
        super().__init__(name, ("moment", "seat", "passes", "exclude"),
                         run=self._open if can_respond is not None else self._open_listing,
                         legal=self._offer, resolve=self._answer)
        if after not in ("next", "same"):
            raise ValueError("after is 'next' or 'same'")
        self.can_respond = can_respond
        self.responses = responses
        self.pass_action = pass_action
        self.respond = respond
        self.after = after
        self.moments = tuple(moments)  # the moments' names, for views ("before attacks")

    def _open(self, state, frame: tuple) -> bool:
        index, moment, seat, passes, exclude = frame
        players = state.players
        can = self.can_respond
        if passes < players:
            if seat != exclude and can(state, seat, moment):
                return state.ask(seat, frame)   # the first seat asked: the frame as it is
            passes += 1
            seat = (seat + 1) % players
        while passes < players:
            if seat != exclude and can(state, seat, moment):
                return state.ask(seat, (index, moment, seat, passes, exclude))
            passes += 1
            seat = (seat + 1) % players
        return False

    def _open_listing(self, state, frame: tuple) -> bool:
        """``_open`` for a window without ``can_respond``: a seat that has responses is asked with
        them (``ask_with``: they are not worked out again)."""
        index, moment, seat, passes, exclude = frame
        players = state.players
        responses = self.responses
        first = True
        while passes < players:
            if seat != exclude:
                acts = responses(state, seat, moment)
                if acts:
                    pass_action = self.pass_action
                    if not first:
                        frame = (index, moment, seat, passes, exclude)
                    return state.ask_with(seat, frame, (*acts, pass_action(state)))
            first = False
            passes += 1
            seat = (seat + 1) % players
        return False

    # (the game's functions are read into locals before the call: CPython does not speed up a
    # method-style call of a function kept in a slot)
    def _offer(self, state, frame: tuple) -> tuple:
        responses, pass_action = self.responses, self.pass_action
        return (*responses(state, frame[2], frame[1]), pass_action(state))   # the legal tuple itself

    def _answer(self, state, frame: tuple, action) -> None:
        index, moment, seat, passes, exclude = frame
        pass_action = self.pass_action
        if action is pass_action(state):
            state.stack.append((index, moment, (seat + 1) % state.players, passes + 1, exclude))
            return
        state.stack.append(self.reopen(state, frame))
        respond = self.respond
        respond(state, frame, action)

    def reopen(self, state, frame: tuple) -> tuple:
        """The window that follows a response: every seat may answer it (exclusion lifted)."""
        index, moment, seat, _, _ = frame
        nxt = seat if self.after == "same" else (seat + 1) % state.players
        return (index, moment, nxt, 0, -1)

    def moment_name(self, moment: int) -> str:
        return self.moments[moment] if 0 <= moment < len(self.moments) else str(moment)


class FrameIds:
    """A game's frame names, declared before its rules so that the rules can push frames without
    importing the frames that point at them: each name's index is an attribute (``ids.prepare``,
    ``ids.hand_limit`` for "hand-limit"). ``FrameSet(..., ids=IDS)`` checks that its frames are
    exactly these, in this order, so no index is ever kept by hand."""

    def __init__(self, *names: str):
        if len(set(names)) != len(names):
            raise ValueError("two frames share a name")
        self.names = tuple(names)
        for i, name in enumerate(names):
            setattr(self, name.replace("-", "_"), i)

    def __getitem__(self, name: str) -> int:
        return self.names.index(name)


class FrameSet:
    """A game's frames, by name and by index. Frame instances on the stack are tuples whose first
    item is ``frames[name].index``; the rest are whole numbers, one per declared field. ``ids``:
    the game's ``FrameIds``, which the frames must follow name by name."""

    def __init__(self, *frames: Frame, ids: FrameIds | None = None):
        if ids is not None and tuple(f.name for f in frames) != ids.names:
            raise ValueError(f"the frames {[f.name for f in frames]} are not the declared {list(ids.names)}")
        self.frames: list[Frame] = []
        self.by_name: dict[str, Frame] = {}
        for frame in frames:
            if frame.name in self.by_name:
                raise ValueError(f"two frames are named {frame.name!r}")
            frame.index = len(self.frames)
            self.frames.append(frame)
            self.by_name[frame.name] = frame
        # The core's hot path reads these lists by frame index rather than each frame's attributes:
        # frames of different classes (Frame, ResponseWindow, a game's own) would make every such
        # attribute read in ``State.run``/``apply``/``legal_actions`` miss CPython's type caches.
        self.runs = [f.run for f in self.frames]
        self.legals = [f.legal for f in self.frames]
        self.resolves = [f.resolve for f in self.frames]
        self.ons = [f.on for f in self.frames]
        self.ask_ats = [f.ask_at for f in self.frames]

    def __getitem__(self, key) -> Frame:
        return self.frames[key] if isinstance(key, int) else self.by_name[key]

    def __len__(self) -> int:
        return len(self.frames)

    def index(self, name: str) -> int:
        return self.by_name[name].index

    def make(self, name: str, *args: int) -> tuple:
        """A frame instance by name (for set-up code and tests; rules push tuples directly)."""
        frame = self.by_name[name]
        if len(args) != len(frame.fields):
            raise ValueError(f"frame {name!r} takes {len(frame.fields)} numbers ({', '.join(frame.fields)})")
        return (frame.index, *args)

    # --- snapshots ----------------------------------------------------------------------------
    def encode(self, frame: tuple) -> list:
        return [self.frames[frame[0]].name, *frame[1:]]

    def decode(self, data, where: str) -> tuple:
        """Read ``[name, number, ...]`` back, refusing an unknown name or a wrong count or type."""
        known = ", ".join(self.by_name)
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise IllegalAction(f"snapshot {where} must be [frame name, number, ...], not {data!r}; frames are: {known}")
        frame = self.by_name.get(data[0])
        if frame is None:
            raise IllegalAction(f"snapshot {where} names no frame {data[0]!r}; frames are: {known}")
        args = data[1:]
        if len(args) != len(frame.fields):
            fields = ", ".join(frame.fields) or "none"
            raise IllegalAction(f"snapshot {where}: frame {frame.name!r} takes {len(frame.fields)} "
                                f"numbers ({fields}), not {len(args)}")
        for name, value in zip(frame.fields, args):
            if not isinstance(value, int) or isinstance(value, bool):
                raise IllegalAction(f"snapshot {where}: field {name!r} of frame {frame.name!r} must be a whole number, not {value!r}")
        return (frame.index, *args)

    def describe(self, frame: tuple) -> dict:
        """A frame as a JSON-ready dict of its named fields (for views and debugging)."""
        spec = self.frames[frame[0]]
        return {"frame": spec.name, **dict(zip(spec.fields, frame[1:]))}
