"""The core decision stack on a toy game, the worked example of docs/engine.md.

"Pebbles": two seats take turns taking 1 or 2 pebbles from a pile of 5; whoever takes the last
one wins. After each take, the other seat may answer once with "shout" (a response window that
opens only for a seat that has not shouted yet); a shout adds a pebble to the pile.
"""

import msgspec
import pytest

from tabletome.core import ActionTable, Game, IllegalAction, State
from tabletome.core.snapshots import SnapshotFields
from tabletome.core.stack import Frame, FrameSet, ResponseWindow

AFTER_TAKE = 0  # the window's only moment


def _turn_legal(state, frame):
    return [state.table.get("take", n) for n in (1, 2) if n <= state.pile]


def _take(state, frame, action):
    seat = frame[1]
    n = action.args[0]
    state.pile -= n
    state.say(f"{state.seat_name(seat)} takes {n} ({state.pile} left).")
    if state.pile == 0:
        state.say(f"{state.seat_name(seat)} wins.")
        state.end_game([seat])
        return
    # push in the order they run: the window first, then the other seat's turn
    state.push(FRAMES.make("window", AFTER_TAKE, 1 - seat, 0, seat), FRAMES.make("turn", 1 - seat))


def _can_respond(state, seat, moment):
    return not state.shouted[seat]


def _shout(state, frame, action):
    seat = frame[2]
    state.shouted[seat] = True
    state.pile += 1
    state.say(f"{state.seat_name(seat)} shouts: a pebble comes back ({state.pile}).")


WINDOW = ResponseWindow("window", can_respond=_can_respond,
                        responses=lambda state, seat, moment: [state.table.get("shout")],
                        pass_action=lambda state: state.table.get("pass"), respond=_shout,
                        moments=("after a take",))
FRAMES = FrameSet(
    Frame("turn", ("seat",), legal=_turn_legal, on={"take": _take}, asks="take pebbles"),
    WINDOW,
)


class PebbleFields(SnapshotFields):
    pile: int
    shouted: list[bool] = msgspec.field(default_factory=lambda: [False, False])


class PebbleState(State):
    __slots__ = ("pile", "shouted")
    frames = FRAMES
    snapshot_schema = PebbleFields

    def setup(self):
        self.pile = 5
        self.shouted = [False, False]
        self.push(FRAMES.make("turn", 0))
        self.run()

    def clone(self):
        c = type(self).__new__(type(self))    # (a subclass's state too)
        self._copy_common(c)
        c.pile = self.pile
        c.shouted = self.shouted.copy()
        return c

    def _view(self, seat):
        return {"pile": self.pile, "shouted": list(self.shouted)}

    def _snapshot(self):
        return {"pile": self.pile, "shouted": list(self.shouted)}

    def _restore(self, fields):
        self.pile = fields.pile
        self.shouted = list(fields.shouted)


class Pebbles(Game):
    id = "pebbles"
    name = "Pebbles"
    player_counts = (2,)
    state_class = PebbleState

    def build_actions(self):
        table = ActionTable()
        for n in (1, 2):
            table.add(f"take {n}", "take", n)
        table.add("shout", "shout")
        table.add("pass", "pass")
        return table


def texts(state):
    return [str(a) for a in state.legal_actions()]


def test_a_turn_asks_its_seat_and_the_window_opens_only_for_a_seat_that_can_respond():
    state = Pebbles().new(seed=1)
    assert state.to_move == 0 and texts(state) == ["take 1", "take 2"]
    state.apply("take 2")
    # South has not shouted: the window asks South before South's turn
    assert state.to_move == 1 and texts(state) == ["shout", "pass"]
    state.apply("shout")
    assert state.pile == 4
    # after a response the window opens again for every seat: North may answer the shout
    assert state.to_move == 0 and texts(state) == ["shout", "pass"]
    state.apply("pass")
    # South already shouted, so it is skipped; the window closes and South takes its turn
    assert state.to_move == 1 and texts(state) == ["take 1", "take 2"]


def test_a_window_nobody_can_answer_is_never_opened():
    state = Pebbles().new(seed=1)
    state.shouted = [True, True]
    state.apply("take 1")
    assert state.to_move == 1 and texts(state) == ["take 1", "take 2"]


def test_the_game_ends_when_the_stack_empties():
    state = Pebbles().new(seed=1)
    for text in ["take 2", "pass", "take 2", "pass", "take 1"]:
        state.apply(text)
    assert state.is_over and state.winners == [0] and state.stack == [] and state.decision is None
    assert state.log[-1] == "North wins."


def test_snapshots_write_the_stack_by_frame_name_and_read_it_back():
    game = Pebbles()
    state = game.new(seed=1)
    state.apply("take 2")
    snap = state.snapshot()
    assert snap["decision"] == ["window", AFTER_TAKE, 1, 0, 0]
    assert snap["stack"] == [["turn", 1]]
    back = game.restore(snap)
    assert back.snapshot() == snap and texts(back) == texts(state)


@pytest.mark.parametrize("change, words", [
    ({"stack": [["tern", 1]]}, "names no frame 'tern'; frames are: turn, window"),
    ({"stack": [["turn", 1, 2]]}, "frame 'turn' takes 1 numbers (seat), not 2"),
    ({"stack": [["turn", "north"]]}, "field 'seat' of frame 'turn' must be a whole number"),
    ({"decision": "turn"}, "must be [frame name, number, ...]"),
    ({"piles": 3}, "unknown field 'piles'"),
    ({"pile": "3"}, "field 'pile': expected `int`, got `str`"),
])
def test_a_broken_stack_or_field_is_refused_naming_it(change, words):
    game = Pebbles()
    state = game.new(seed=1)
    state.apply("take 2")
    snap = {**state.snapshot(), **change}
    with pytest.raises(IllegalAction) as err:
        game.restore(snap)
    assert words in str(err.value)


def test_a_missing_field_is_refused_naming_it():
    game = Pebbles()
    snap = game.new(seed=1).snapshot()
    del snap["pile"]
    with pytest.raises(IllegalAction, match="missing field 'pile'"):
        game.restore(snap)


def test_clones_share_the_log_until_one_writes():
    state = Pebbles().new(seed=1)
    state.apply("take 1")
    copy = state.clone()
    copy.apply("pass")
    copy.apply("take 1")
    assert len(copy.log) == len(state.log) + 1
    state.apply("shout")
    assert "shouts" in state.log[-1] and "shouts" not in copy.log[-1]


def test_a_muted_copy_writes_no_log():
    state = Pebbles().new(seed=1)
    copy = state.clone().mute()
    copy.apply("take 1")
    assert copy.log == state.log == []


def test_a_line_said_with_say_fmt_reads_like_the_same_line_said_at_once():
    state = Pebbles().new(seed=1)
    state.apply("take 1")
    copy = state.clone()
    state.say(f"{state.seat_name(0)} counts {state.pile} pebbles.")
    state.say("North sees a secret.", 0)
    copy.say_fmt(None, "{} counts {} pebbles.", copy.seat_name(0), copy.pile)
    copy.say_fmt(0, lambda who: f"{who} sees a secret.", "North")
    # a mark taken past unformatted lines counts each as one line
    mark = copy.log_mark()
    assert mark == state.log_mark() == len(state.log)
    copy.say_fmt(None, "{} shouts.", "South")
    copy.say_at(mark, "First this.")
    assert copy.log[-2:] == ["First this.", "South shouts."]
    assert copy.log[:-2] == state.log
    assert copy.visible_log(1) == state.visible_log(1) + ["First this.", "South shouts."]
    assert copy.view(0)["log"][-3] == "North sees a secret."
    assert copy.snapshot()["log"][:-2] == state.snapshot()["log"]
    muted = copy.clone().mute()
    muted.say_fmt(None, "{} is not written.", "this")
    assert muted.log == copy.log


def test_a_determinized_copy_formats_only_the_lines_its_seat_may_read():
    state = Pebbles().new(seed=1)
    state.say_fmt(1, "{} has a secret {}.", "South", 7)
    state.say_fmt(None, "{} is public.", "this")
    copy = state.determinized_copy(0)
    assert copy.log == ["this is public."]
    assert state.visible_log(1) == ["South has a secret 7.", "this is public."]


def test_a_log_read_between_lines_reads_like_one_read_at_the_end():
    """The log formats only the lines since its last read: reading it after every line, in a copy
    that shares it and in one that writes its own, gives what one read at the end gives."""
    def write(state, read):
        seen = []
        for n in range(4):
            mark = state.log_mark()
            state.say_fmt(None, "{} takes {}.", "North", n)
            seen.append(read(state))
            state.say_fmt(1, lambda k: f"South hides {k}.", n)
            seen.append(read(state))
            state.say_at(mark, f"Round {n}.")   # before lines already read
            seen.append(read(state))
            state.say(f"{n} done.")
        return seen

    reader, once = Pebbles().new(seed=1), Pebbles().new(seed=1)
    seen = write(reader, lambda s: list(s.log))
    write(once, lambda s: None)
    assert reader.log == once.log and reader.snapshot()["log"] == once.snapshot()["log"]
    assert reader.log[:4] == ["Round 0.", "North takes 0.", "South hides 0.", "0 done."]
    assert seen[2] == ["Round 0.", "North takes 0.", "South hides 0."]
    shared, own = reader.clone(), once.clone()
    write(shared, lambda s: s.visible_log(1))
    write(own, lambda s: None)
    unread = own.determinized_copy(0)   # filters a log whose last lines are not formatted yet
    assert unread.log == [t for t in shared.log if "hides" not in t]
    assert shared.log == own.log and reader.log == once.log


_WORKED_OUT = []


def _pick_legal(state, frame):
    _WORKED_OUT.append(frame)
    return [state.table.get("take", n) for n in (1, 2) if n <= state.pile]


def _pick_run(state, frame):
    legal = _pick_legal(state, frame)
    return state.ask_with(frame[1], frame, legal) if legal else False


def _pick_take(state, frame, action):
    state.pile -= action.args[0]
    if state.pile == 0:
        state.end_game([frame[1]])
        return
    state.push((0, 1 - frame[1]))


class PickState(PebbleState):
    __slots__ = ()
    frames = FrameSet(Frame("pick", ("seat",), run=_pick_run, legal=_pick_legal, on={"take": _pick_take}))

    def setup(self):
        self.pile = 5
        self.shouted = [False, False]
        self.push((0, 0))
        self.run()


class Pick(Pebbles):
    id = "pick"
    state_class = PickState


def test_ask_with_hands_out_the_legal_actions_the_rule_worked_out():
    _WORKED_OUT.clear()
    state = Pick().new(seed=1)
    assert texts(state) == ["take 1", "take 2"] and len(_WORKED_OUT) == 1   # not worked out again
    state.apply("take 2")
    assert state.to_move == 1 and texts(state) == ["take 1", "take 2"] and len(_WORKED_OUT) == 2
    restored = Pick().restore(state.snapshot())   # a restored state works them out itself
    assert texts(restored) == texts(state) and len(_WORKED_OUT) == 3
    state.apply("take 2")
    state.apply("take 1")
    assert state.is_over and state.winners == [0] and state.legal_actions() == ()


_OFFERED = []


def _shouts(state, seat, moment):
    _OFFERED.append(seat)
    return [] if state.shouted[seat] else [state.table.get("shout")]


class ListingState(PebbleState):
    """Pebbles with a window that has no ``can_respond``: it works out each seat's responses."""
    __slots__ = ()
    frames = FrameSet(
        Frame("turn", ("seat",), legal=_turn_legal, on={"take": _take}, asks="take pebbles"),
        ResponseWindow("window", can_respond=None, responses=_shouts,
                       pass_action=lambda state: state.table.get("pass"), respond=_shout),
    )


class Listing(Pebbles):
    id = "listing"
    state_class = ListingState


def test_a_window_without_can_respond_asks_the_seats_that_have_responses_with_them():
    state = Listing().new(seed=1)
    state.apply("take 2")
    _OFFERED.clear()
    assert state.to_move == 1 and texts(state) == ["shout", "pass"]
    assert _OFFERED == []    # the window's own look at South's responses was kept
    state.apply("shout")
    _OFFERED.clear()
    assert state.to_move == 0 and texts(state) == ["shout", "pass"] and _OFFERED == []
    state.apply("shout")
    # both have shouted: the window closes without asking anyone, and South takes its turn
    assert state.to_move == 1 and texts(state) == ["take 1", "take 2"]
    restored = Listing().restore(state.snapshot())
    assert texts(restored) == texts(state)


# --- the core drives every stack: no game overrides how a decision is asked, listed or taken ---------
@pytest.mark.parametrize("name", ["ask", "_apply", "_legal_actions", "legal_actions", "apply", "ask_with"])
def test_a_state_class_overriding_how_the_core_drives_the_stack_is_refused_when_it_is_made(name):
    def override(self, *args):
        return True

    with pytest.raises(TypeError, match=rf"overrides '{name}', which the core keeps"):
        type("Overriding", (PebbleState,), {"__slots__": (), name: override})
    # a mixin cannot slip it in either
    mixin = type("Mixin", (), {"__slots__": (), name: override})
    with pytest.raises(TypeError, match=rf"Mixed overrides '{name}'"):
        type("Mixed", (mixin, PebbleState), {"__slots__": ()})


def _south_takes_the_most(state, seat, frame, legal):
    _CHOSEN.append((seat, [a.text for a in legal]))
    return legal[-1]


_CHOSEN = []


class AutomatonState(PebbleState):
    """Pebbles where South is played by the rules: it takes as many as it may and never shouts
    (the last of its legal actions)."""
    __slots__ = ()

    def automaton(self, seat):
        return _south_takes_the_most if seat == 1 else None


class AutomatonPebbles(Pebbles):
    id = "automaton-pebbles"
    state_class = AutomatonState


def test_a_seat_played_by_the_rules_chooses_through_its_frames_legal_and_resolve_unrecorded():
    _CHOSEN.clear()
    state = AutomatonPebbles().new(seed=1)
    assert state.to_move == 0
    state.apply("take 1")
    # South's window answer and its turn were chosen at once, from the frames' own legal lists
    assert _CHOSEN == [(1, ["shout", "pass"]), (1, ["take 1", "take 2"])]
    assert state.log == ["North takes 1 (4 left).", "South takes 2 (2 left)."]
    assert state.to_move == 0 and texts(state) == ["shout", "pass"]   # North is asked as always
    assert state.record()["actions"] == ["take 1"]   # only North's decision is recorded
    state.apply("pass")
    assert _CHOSEN[2:] == [] and state.to_move == 0 and texts(state) == ["take 1", "take 2"]


def _sitting_out_legal(state, frame):
    return [] if state.shouted[frame[1]] else _turn_legal(state, frame)   # a seat that shouted sits out


def _only_real_choices(state, frame):
    return state.ask_or_take(frame[1], frame, _sitting_out_legal(state, frame))


def _take_in_turn(state, frame, action):
    state.pile -= action.args[0]
    state.say(f"{state.seat_name(frame[1])} takes {action.args[0]}.")
    if state.pile == 0:
        state.end_game([frame[1]])


class TakeState(PebbleState):
    """Pebbles whose turns are pushed at the start and ask through ``ask_or_take``."""
    __slots__ = ()
    frames = FrameSet(Frame("turn", ("seat",), run=_only_real_choices, legal=_turn_legal, on={"take": _take_in_turn}))

    def setup(self):
        self.pile = 3
        self.shouted = [False, False]
        self.push(*[(0, k % 2) for k in range(6)])
        self.run()


class Take(Pebbles):
    id = "take"
    state_class = TakeState


class TakeSingleState(TakeState):
    """The same with no ``run`` of its own: the frame declares ``take_single``."""
    __slots__ = ()
    frames = FrameSet(Frame("turn", ("seat",), legal=_sitting_out_legal, on={"take": _take_in_turn},
                            take_single=True))


class TakeSingle(Pebbles):
    id = "take-single"
    state_class = TakeSingleState


def test_a_frame_may_declare_take_single_only_with_a_seat_and_a_legal_and_no_run():
    with pytest.raises(ValueError, match="take_single is for a frame"):
        Frame("turn", ("seat",), run=_only_real_choices, legal=_turn_legal, take_single=True)
    with pytest.raises(ValueError, match="take_single is for a frame"):
        Frame("turn", ("seat",), take_single=True)


@pytest.mark.parametrize("game", [Take, TakeSingle])
def test_ask_or_take_takes_a_single_choice_at_once_and_asks_nothing_with_none(game):
    state = game().new(seed=1)
    assert state.to_move == 0 and texts(state) == ["take 1", "take 2"]
    state.apply("take 2")
    # South may only take 1: taken at once, unrecorded, and the game is over
    assert state.is_over and state.winners == [1] and state.log[-1] == "South takes 1."
    assert state.record()["actions"] == ["take 2"]
    state = game().new(seed=1)
    state.shouted[1] = True
    state.apply("take 1")
    # South has nothing to choose: it is not asked, and North's next turn asks North
    assert state.to_move == 0 and state.pile == 2 and texts(state) == ["take 1", "take 2"]


def test_a_frame_with_until_asks_again_after_every_other_choice_before_what_its_handler_pushes():
    class Table:   # what a handler touches of a state: its stack
        def __init__(self):
            self.stack = []

    def take(state, frame, action):
        state.stack.append(("pushed by take",))

    Kind = type("Action", (), {})
    take_action, end_action = Kind(), Kind()
    take_action.kind, end_action.kind = "take", "end"
    phase = Frame("phase", ("seat",), legal=lambda s, f: [], on={"take": take, "end": lambda s, f, a: None},
                  until=("end",))
    state = Table()
    phase.resolve(state, (0, 1), take_action)
    assert state.stack == [(0, 1), ("pushed by take",)]   # the phase back first: the handler's frame runs first
    state.stack.clear()
    phase.resolve(state, (0, 1), end_action)
    assert state.stack == []                            # an "until" kind ends it
    # a frame with one resolve: the until kinds go to it as they are, every other kind asks again
    seen = []
    once = Frame("once", ("seat",), legal=lambda s, f: [], resolve=lambda s, f, a: seen.append(a.kind), until=("end",))
    once.resolve(state, (0, 1), take_action)
    once.resolve(state, (0, 1), end_action)
    assert seen == ["take", "end"] and state.stack == [(0, 1)]
    # a frame that nothing ends is refused when it is made (with no kind, its resolve would not ask again)
    with pytest.raises(ValueError, match="an empty one never ends"):
        Frame("never", ("seat",), legal=lambda s, f: [], resolve=lambda s, f, a: None, until=())


def test_ask_again_refuses_a_restored_decision_that_does_not_fit_the_position():
    """``State.ask_again``: a restored decision is asked again through its frame, so one its frame
    would not ask (a window for a seat that has shouted) or one with no legal action (a turn with
    no pebble left) is refused, and one that fits is asked."""
    state = Pebbles().new(seed=1)
    state.ask_again()
    assert state.decision == FRAMES.make("turn", 0) and state.to_move == 0 and texts(state) == ["take 1", "take 2"]
    state.shouted[1] = True
    state.decision = FRAMES.make("window", AFTER_TAKE, 1, 0, 0)
    with pytest.raises(IllegalAction, match=r"snapshot decision \['window', .*\] does not fit the position: nobody is asked it"):
        state.ask_again()
    state.pile, state.decision = 0, FRAMES.make("turn", 0)
    with pytest.raises(IllegalAction, match=r"snapshot decision \['turn', 0\] leaves no legal action"):
        state.ask_again()
