"""Snapshots beyond the declared zones (state.py; core writes and reads those): the checks of the
stack against the position (``check_stack``), and ``migrate``: positions written before the
decision stack, with ``phase``, ``to_move``, ``passes``, ``pending`` and ``priority``, still load and
play on the same way."""

from __future__ import annotations

from ...core import IllegalAction
from .frames import FRAMES
from .ruleset import COMBAT, END_TURN, LIMIT, PREPARE, REVEAL, SETTLE, SETTLEMENT, SPRING, TRADE, WINDOW

ASKING = (PREPARE, TRADE, SPRING, WINDOW, LIMIT)


def check_stack(s) -> None:
    """The decision is a frame that asks a seat; the stack below it is one a turn can have."""
    decision = s.decision
    if decision is None:
        if s.stack:
            raise IllegalAction("snapshot: with no decision open ('decision': null) the game is over, so 'stack' must be empty")
        return
    for frame in [*s.stack, decision]:
        spec = FRAMES[frame[0]]
        if spec.seat_at is not None and frame[spec.seat_at] not in (0, 1):
            raise IllegalAction(f"snapshot frame {spec.name!r}: 'seat' must be 0 or 1, not {frame[spec.seat_at]}")
        if frame[0] == WINDOW and (frame[1] not in (COMBAT, SETTLEMENT) or not 0 <= frame[3] <= 2 or frame[4] not in (-1, 0, 1)):
            raise IllegalAction(f"snapshot frame 'window' must be [window, moment 0 (combat) or 1 (settlement), "
                                f"seat, passes 0 to 2, excluded seat or -1], not {FRAMES.encode(frame)}")
    kind = decision[0]
    if kind not in ASKING:
        asking = ", ".join(FRAMES[k].name for k in ASKING)
        raise IllegalAction(f"snapshot 'decision' must be a frame that asks a seat ({asking}), not {FRAMES[kind].name!r}")
    if kind in (TRADE, SPRING) and (not s.stack or s.stack[-1][0] not in (PREPARE, WINDOW)):
        raise IllegalAction(f"snapshot: a {FRAMES[kind].name!r} decision sits on the 'prepare' or 'window' "
                            "frame it interrupted (the top of 'stack')")
    if kind == TRADE and not 1 <= decision[2] <= 3:
        raise IllegalAction(f"snapshot frame 'trade': 'left' (discards to go) must be 1 to 3, not {decision[2]}")
    if kind == SPRING:
        spring = decision[2]
        if spring == -1:  # a migrated position: the deck's own Life-Spring
            spring = next((k for k in range(s.R.cards.n) if s.R.life_spring[k]), -1)
            s.decision = decision = (SPRING, decision[1], spring)
        if not 0 <= spring < s.R.cards.n or not s.R.life_spring[spring]:
            raise IllegalAction(f"snapshot frame 'life-spring': 'card' must be the index of a discard-for-life spell, not {spring}")
    s.to_move = decision[2] if kind == WINDOW else decision[1]


# --- positions written before the decision stack -----------------------------------------------------
OLD_PHASES = ("preparation", "combat", "settlement", "end of turn", "over")
OLD_PENDING = ("trade", "life-spring", "hand-limit")


def migrate(cls, data: dict) -> dict:
    """A snapshot without 'stack' is in the old form (``phase``, ``to_move``, ``passes``,
    ``pending``, ``priority``; all optional): rewrite it as the frames it stands for."""
    if "stack" in data or "decision" in data:
        return data
    data = dict(data)
    phase = data.pop("phase", "preparation")
    if phase not in OLD_PHASES:
        raise IllegalAction(f"snapshot 'phase' must be one of {', '.join(OLD_PHASES)}, not {phase!r}")
    round_ = data.get("round", 1)
    round_ = round_ if isinstance(round_, int) and not isinstance(round_, bool) and round_ >= 1 else 1
    options = data.get("options")
    north_first = isinstance(options, dict) and options.get("first") == "north"
    first = 0 if north_first else (round_ - 1) % 2
    priority = data.pop("priority", first)
    if priority != first:
        raise IllegalAction(f"snapshot 'priority' must be {first} in round {round_}, not {priority!r}: priority "
                            "alternates every turn, North first (always North with option first=north)")
    passes = data.pop("passes", 0)
    if not isinstance(passes, int) or isinstance(passes, bool) or not 0 <= passes <= 2:
        raise IllegalAction(f"snapshot 'passes' must be a whole number from 0 to 2, not {passes!r}")
    pending = data.pop("pending", None)
    choice, left = None, 0
    if pending is not None:
        if not isinstance(pending, dict) or pending.get("choice") not in OLD_PENDING:
            raise IllegalAction(f"snapshot 'pending' must be null or {{'choice': one of {', '.join(OLD_PENDING)}, 'left': n}}")
        choice = pending["choice"]
        left = pending.get("left", 3 if choice == "trade" else 0)
        if choice == "trade" and (not isinstance(left, int) or isinstance(left, bool) or not 1 <= left <= 3):
            raise IllegalAction(f"snapshot pending 'left' must be a whole number from 1 to 3, not {left!r}")
    over = phase == "over"
    to_move = data.pop("to_move", None if over else first)
    if over:
        if to_move is not None:
            raise IllegalAction("snapshot: the game is over, so 'to_move' must be null")
    elif to_move not in (0, 1) or isinstance(to_move, bool):
        raise IllegalAction(f"snapshot 'to_move' must be 0 or 1 while the game goes on, not {to_move!r}")
    if "revealed" not in data:
        seats = data.get("seats")
        placed = isinstance(seats, list) and all(isinstance(x, dict) and x.get("transformation") is not None for x in seats)
        data["revealed"] = phase != "preparation" and placed
    if over:
        data["stack"], data["decision"] = [], None
        return data
    other = 1 - first
    t = to_move
    limits = [(LIMIT, first), (LIMIT, other), (END_TURN,)]
    after_combat = [(SETTLE,), (WINDOW, SETTLEMENT, first, 0, -1), *limits]
    if choice == "hand-limit" or phase == "end of turn":
        decision, rest = (LIMIT, t), ([(LIMIT, other)] if t == first else []) + [(END_TURN,)]
    elif phase == "preparation":
        decision = (PREPARE, t)
        rest = ([(PREPARE, other)] if t == first else []) + [(REVEAL,), (WINDOW, COMBAT, first, 0, -1), *after_combat]
    elif phase == "combat":
        decision, rest = (WINDOW, COMBAT, t, passes, -1), after_combat
    else:
        decision, rest = (WINDOW, SETTLEMENT, t, passes, -1), limits
    if choice in ("trade", "life-spring"):
        # the choice interrupts the seat's preparation or window, which goes on afterwards
        below = (PREPARE, t) if decision[0] == PREPARE else (WINDOW, decision[1], t, 0, -1)
        rest = [below, *rest]
        decision = (TRADE, t, left) if choice == "trade" else (SPRING, t, -1)
    data["stack"] = [FRAMES.encode(f) for f in reversed(rest)]
    data["decision"] = FRAMES.encode(decision)
    return data
