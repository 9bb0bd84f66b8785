"""Spirit Link's turn as decision frames (``core.stack``): each frame names the rule that runs it.

"There are the following phases of the Game: (The turns in which both players play are processed
in parallel)". A turn pushes, in order (the seat with priority first wherever both decide)::

    prepare(priority), prepare(other)   "you put 1 transformation card face down" (after any
                                        player abilities and spells; trade / life-spring frames
                                        sit on top while a seat picks its discards)
    reveal                              costs paid, a Sheep facing a Wolf is eaten
    window(combat)                      ability cards, spells and player abilities (core ResponseWindow)
    settle                              "damage is subtracted and life points are added"
    window(settlement)                  spells and player abilities
    hand-limit(priority), hand-limit(other)   discard down to 8
    end-turn                            played cards to the discard piles; the next turn

The windows are the core ``ResponseWindow`` with ``after="same"``: a seat that acted keeps
deciding until it passes ("the player with priority acts first and may do several things before
passing"), a seat with nothing it could do is passed for, and a window closes when both seats
pass in a row (RULES.md, ruling 6).
"""

from ...core.stack import Frame, FrameSet, ResponseWindow
from . import combat, spells, turn
from .ruleset import NO_FORM, SETTLEMENT, STEPS

# What a response in a window does (``frame[2]`` is the responding seat, ``frame[1]`` the moment).
RESPONSES = {
    "ability": lambda s, frame, a: combat.play_ability(s, frame[2], a.args[0]),
    # a Firebolt cast in the settlement window hits at once (RULES.md, ruling 13)
    "spell": lambda s, frame, a: spells.cast(s, frame[2], a.args[0], at_once=frame[1] == SETTLEMENT),
    "trade": lambda s, frame, a: turn.start_trade(s, frame[2]),
    "buy": lambda s, frame, a: turn.buy_life(s, frame[2]),
}


def respond(s, frame, action) -> None:
    RESPONSES[action.kind](s, frame, action)


def pass_action(s):
    return s.R.act.pass_


FRAMES = FrameSet(
    Frame("turn", run=turn.start_turn),
    Frame("prepare", ("seat",), legal=turn.preparation_actions, asks="prepare", take_single=True,
          until=("transform", "no-form"), on={
              "transform": lambda s, frame, a: turn.place(s, frame[1], a.args[0]),
              "no-form": lambda s, frame, a: turn.place(s, frame[1], NO_FORM),
              "buy": lambda s, frame, a: turn.buy_life(s, frame[1]),
              "spell": lambda s, frame, a: spells.cast(s, frame[1], a.args[0], at_once=False),
              "trade": lambda s, frame, a: turn.start_trade(s, frame[1])}),
    Frame("trade", ("seat", "left"), legal=turn.discard_actions, resolve=turn.trade_discard,
          asks="discard for trade 3 for 2"),
    Frame("life-spring", ("seat", "card"), legal=spells.spring_actions, asks="discard for Life-Spring",
          on={"discard": spells.spring_discard, "stop": spells.stop_discarding}),
    Frame("reveal", run=combat.reveal),
    ResponseWindow("window", can_respond=None,
                   responses=turn.window_actions, pass_action=pass_action, respond=respond, after="same",
                   moments=("combat", "settlement")),
    Frame("settle", run=combat.settle),
    Frame("hand-limit", ("seat",), run=turn.hand_limit, legal=turn.discard_actions, resolve=turn.limit_discard,
          asks="discard down to the hand limit"),
    Frame("end-turn", run=turn.end_turn),
    ids=STEPS,
)
