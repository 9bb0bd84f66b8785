"""What each seat sees beyond its zones (state.py declares them; core shows each as the seat may
see it): the phase, priority and a choice made one card at a time. The log is added by core."""

from .ruleset import COMBAT, LIMIT, PREPARE, SPRING, TRADE, WINDOW

# The phases a view names.
PHASES = ("preparation", "combat", "settlement", "end of turn", "over")
IN_PREPARATION, IN_COMBAT, IN_SETTLEMENT, IN_END, OVER = range(5)


def phase_of(state) -> int:
    """The phase a view names: that of the decision (a discard choice: of the frame it sits on)."""
    frame = state.decision
    if frame is None:
        return OVER
    kind = frame[0]
    if kind == TRADE or kind == SPRING:
        frame = state.stack[-1]
        kind = frame[0]
    if kind == PREPARE:
        return IN_PREPARATION
    if kind == WINDOW:
        return IN_COMBAT if frame[1] == COMBAT else IN_SETTLEMENT
    return IN_END


def pending(s):
    """A choice made one card at a time, in progress: whose, which, and how many discards are left."""
    frame = s.decision
    if frame is None or frame[0] not in (TRADE, SPRING, LIMIT):
        return None
    if frame[0] == TRADE:
        return {"seat": s.to_move, "choice": "trade 3 for 2", "discards_left": frame[2]}
    if frame[0] == SPRING:
        return {"seat": s.to_move, "choice": s.R.cards.names[frame[2]]}
    return {"seat": s.to_move, "choice": "hand limit"}


def view_more(s, seat, view) -> None:
    phase = phase_of(s)
    view["phase"] = PHASES[phase]
    view["priority"] = s.priority
    view["pending"] = pending(s)
    view["over"] = phase == OVER
