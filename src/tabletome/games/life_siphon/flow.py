"""Names for where a Life Siphon turn stands.

The rules run as a stack of small tasks (a turn, a River draw, an attack, a response window, a
target to choose...). A task either does its work and pushes what comes next, or stops and asks
one seat to decide; the decision's handler pushes what follows. The stack and the decision in
progress are plain tuples of ints, so clones copy them cheaply and snapshots write them as lists.
"""

TASK_NAMES = (
    "turn", "river", "attack", "attack-target", "block", "breath", "resolve", "window", "main",
    "end", "cleanup", "lair-attack", "lair-move", "target", "discard", "draft", "vial", "may-draw",
    "extra-move",
)
(T_TURN, T_RIVER, T_ATTACK, T_ATK_TARGET, T_BLOCK, T_BREATH, T_RESOLVE, T_WINDOW, T_MAIN, T_END,
 T_CLEANUP, T_LAIR_ATTACK, T_LAIR_MOVE, T_TARGET, T_DISCARD, T_DRAFT, T_VIAL, T_MAY_DRAW,
 T_EXTRA_MOVE) = range(len(TASK_NAMES))

# How many numbers follow each task's name (snapshots check it).
TASK_ARITY = (1, 1, 1, 1, 0, 1, 0, 4, 1, 1, 1, 1, 1, 6, 1, 2, 2, 1, 3)

# What a seat is asked, by the task that asks it (for views and the screen).
DECISION_NAMES = {
    T_RIVER: "draw a River card?", T_ATTACK: "attack", T_ATK_TARGET: "choose what to attack",
    T_BLOCK: "block", T_BREATH: "assign Breath Weapon damage", T_WINDOW: "Fast Cast response",
    T_MAIN: "main phase", T_TARGET: "choose a target", T_DISCARD: "discard a card",
    T_DRAFT: "equip an Aspect", T_VIAL: "use an Essence Vial?", T_MAY_DRAW: "draw a card?",
    T_EXTRA_MOVE: "move a Familiar",
}

# Response windows: the moments Fast Cast spells are offered ("before or after attacking or blocking").
MOMENTS = ("before attacks", "attack declared", "blocks declared", "after combat", "main phase begins",
           "end of turn")
M_START, M_DECLARED, M_BLOCKED, M_AFTER, M_MAIN, M_END = range(len(MOMENTS))

PHASE_NAMES = ("regenerate", "attack", "main", "end", "movement", "over")
P_REGEN, P_ATTACK, P_MAIN, P_END, P_MOVE, P_OVER = range(len(PHASE_NAMES))

# Per-familiar flags, reset at the end of every turn.
MOVED, ATTACKED, BLOCKED, BREATH = 1, 2, 4, 8

# An effect's target: a slot (>= 0), nothing, or a quadrant q encoded as -(q + 2).
NO_TARGET = -1


def player_target(q: int) -> int:
    return -q - 2


def target_quadrant(t: int) -> int:
    return -t - 2
