"""The steps of a turn: every decision frame's name and number, and the phase of the turn read from
the stack.

The turn runs on the core decision stack (``core/stack.py``): a frame does its work and pushes what
comes next, or asks one seat to decide; the choice goes to the frame's handler for that kind of
action. A turn is ``turn`` (Regenerate Phase), then a ``window`` before attacks, ``attack`` (each
attack pushes ``attack-target`` for a Lich, windows, ``block`` or ``breath``, and ``resolve``), a
``window`` as the Main Phase begins, ``main``, ``end`` (the end-of-turn window) and ``cleanup`` (the
draw), then the next ``turn``. Triggered abilities (a Shade's damage, a Fearsome's ability, the
Essence Vials, a Plague Rat's discard) are queued with ``state.trigger`` and run before anything
below them. The Lairs of Madness Mode take ``lair-attack`` and ``lair-move`` turns.

The rules push frames by the numbers below (``(MAIN, q)``), generated from the names by core's
``FrameIds``; frames.py declares each frame with the rule that runs it (``FrameSet(..., ids=STEPS)``
checks the order); snapshots write frames by name.
"""

from ...core.stack import FrameIds
from .ruleset import M_END, M_MAIN, P_ATTACK, P_END, P_MAIN, P_OVER, P_REGEN

STEPS = FrameIds(
    "turn", "river", "attack", "attack-target", "block", "breath", "resolve", "window", "main",
    "end", "cleanup", "lair-attack", "lair-move", "target", "discard", "draft", "vial", "may-draw",
    "extra-move",
)
NAMES = STEPS.names
TURN, RIVER_DRAW, ATTACK, ATTACK_TARGET = STEPS.turn, STEPS.river, STEPS.attack, STEPS.attack_target
BLOCK, BREATH_WEAPON, RESOLVE, WINDOW, MAIN = STEPS.block, STEPS.breath, STEPS.resolve, STEPS.window, STEPS.main
END, CLEANUP, LAIR_ATTACK, LAIR_MOVE = STEPS.end, STEPS.cleanup, STEPS.lair_attack, STEPS.lair_move
TARGET, DISCARD, DRAFT, VIAL = STEPS.target, STEPS.discard, STEPS.draft, STEPS.vial
MAY_DRAW, EXTRA_MOVE = STEPS.may_draw, STEPS.extra_move

# The phase each step of a turn stands in; the other frames (a target, a block, a window inside an
# attack...) sit on top of one of these and take its phase.
_PHASE_OF_FRAME = {ATTACK: P_ATTACK, LAIR_ATTACK: P_ATTACK, LAIR_MOVE: P_ATTACK, RIVER_DRAW: P_REGEN,
                   MAIN: P_MAIN, END: P_MAIN, CLEANUP: P_END}


def phase_of(st) -> int:
    """Where the turn stands ("Each turn is divided into 3 phases: Regenerate Phase, Attack Phase,
    and Main Phase"; then the end of the turn), read from the decision and the stack below it, top
    first: an ``attack`` frame (a Lair's ``lair-attack`` or ``lair-move``) means the Attack Phase;
    the window as the Main Phase begins means the Main Phase after an Attack Phase, else the
    Regenerate Phase still ("If you have no Familiars in your Battleground at the start of your
    turn, you cannot attack": no Attack Phase); ``main`` the Main Phase; ``cleanup`` the end. An
    empty stack with no decision: the game is over."""
    decision = st.decision
    stack = st.stack
    if decision is None and not stack:
        return P_OVER
    phases = _PHASE_OF_FRAME
    if decision is not None:
        phase = _frame_phase(st, decision, phases)
        if phase is not None:
            return phase
    for i in range(len(stack) - 1, -1, -1):
        phase = _frame_phase(st, stack[i], phases)
        if phase is not None:
            return phase
    return P_REGEN   # only the next ``turn`` frame: the turn is starting


def _frame_phase(st, frame, phases):
    kind = frame[0]
    if kind == WINDOW:
        moment = frame[1]
        if moment == M_MAIN:
            return P_MAIN if st.attack_phase else P_REGEN
        return P_END if moment == M_END else None
    return phases.get(kind)
