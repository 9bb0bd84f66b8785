"""Which rule runs each task, lists each decision's actions, and handles each kind of action."""

from .combat import CombatRules as C
from .flow import (T_ATK_TARGET, T_ATTACK, T_BLOCK, T_BREATH, T_CLEANUP, T_DISCARD, T_DRAFT, T_END,
                   T_EXTRA_MOVE, T_LAIR_ATTACK, T_LAIR_MOVE, T_MAIN, T_MAY_DRAW, T_RESOLVE, T_RIVER,
                   T_TARGET, T_TURN, T_VIAL, T_WINDOW, TASK_NAMES)
from .madness import MadnessRules as M
from .modules import ModuleRules as X
from .spells import SpellRules as S
from .turn import TurnRules as T

_tasks = {
    T_TURN: T._t_turn, T_RIVER: T._t_river, T_ATTACK: C._t_attack, T_ATK_TARGET: C._t_atk_target,
    T_BLOCK: C._t_block, T_BREATH: C._t_breath, T_RESOLVE: C._t_resolve, T_WINDOW: T._t_window,
    T_MAIN: T._t_main, T_END: T._t_end, T_CLEANUP: T._t_cleanup, T_LAIR_ATTACK: M._t_lair_attack,
    T_LAIR_MOVE: M._t_lair_move, T_TARGET: S._t_target, T_DISCARD: S._t_discard, T_DRAFT: S._t_draft,
    T_VIAL: X._t_vial, T_MAY_DRAW: X._t_may_draw, T_EXTRA_MOVE: X._t_extra_move,
}
TASKS = [_tasks[i] for i in range(len(TASK_NAMES))]

LEGAL = {
    T_RIVER: T._legal_river, T_ATTACK: C._legal_attack, T_ATK_TARGET: C._legal_atk_target,
    T_BLOCK: C._legal_block, T_BREATH: C._legal_breath, T_WINDOW: T._legal_window, T_MAIN: T._legal_main,
    T_TARGET: S._legal_target, T_DISCARD: S._legal_discard, T_DRAFT: S._legal_draft, T_VIAL: X._legal_vial,
    T_MAY_DRAW: X._legal_may_draw, T_EXTRA_MOVE: X._legal_extra_move,
}

HANDLERS = {
    "pass": T._do_pass,
    "end-turn": T._do_end_turn,
    "end-attacks": C._do_end_attacks,
    "river-none": T._do_river,
    "river": T._do_river,
    "summon": T._do_summon,
    "move": T._do_move,
    "attack": C._do_attack,
    "block": C._do_block,
    "no-block": C._do_no_block,
    "stop-blocking": C._do_no_block,
    "target-player": S._do_target,
    "target-familiar": S._do_target,
    "breath-player": C._do_breath,
    "breath-familiar": C._do_breath,
    "cast": S._do_cast,
    "discard": S._do_discard,
    "equip": S._do_equip,
    "use-aspect": S._do_use_aspect,
    "flame": C._do_flame,
    "vial": X._do_vial,
    "may-draw": X._do_may_draw,
    "no-move": X._do_no_move,
}
