"""Life Siphon's decision frames: every step of a turn, declared once, each pointing at its rule.

The turn runs on the core decision stack (``core/stack.py``): a frame does its work and pushes what
comes next, or asks one seat to decide; the choice goes to the frame's handler for that kind of
action. A turn is ``turn`` (Regenerate Phase), then a ``window`` before attacks, ``attack`` (each
attack pushes ``attack-target`` for a Lich, windows, ``block`` or ``breath``, and ``resolve``), a
``window`` as the Main Phase begins, ``main``, ``end`` (the end-of-turn window) and ``cleanup`` (the
draw), then the next ``turn``. Triggered abilities (a Shade's damage, a Fearsome's ability, the
Essence Vials, a Plague Rat's discard) are queued with ``state.trigger`` and run before anything
below them. The Lairs of Madness Mode take ``lair-attack`` and ``lair-move`` turns.

The frame indices below are what rules push (``(MAIN, q)``); snapshots write frames by name.
"""

from ...core.stack import Frame, FrameSet, ResponseWindow
from .ruleset import M_MAIN, MOMENTS

NAMES = (
    "turn", "river", "attack", "attack-target", "block", "breath", "resolve", "window", "main",
    "end", "cleanup", "lair-attack", "lair-move", "target", "discard", "draft", "vial", "may-draw",
    "extra-move",
)
(TURN, RIVER_DRAW, ATTACK, ATTACK_TARGET, BLOCK, BREATH_WEAPON, RESOLVE, WINDOW, MAIN, END, CLEANUP,
 LAIR_ATTACK, LAIR_MOVE, TARGET, DISCARD, DRAFT, VIAL, MAY_DRAW, EXTRA_MOVE) = range(len(NAMES))

# The rules import the indices above; the frames below import the rules (this module is imported
# first, by the package's __init__).
from .combat import CombatRules as C  # noqa: E402
from .madness import MadnessRules as L  # noqa: E402
from .modules import ModuleRules as X  # noqa: E402
from .spells import SpellRules as S  # noqa: E402
from .turn import TurnRules as T  # noqa: E402


class FastCastWindow(ResponseWindow):
    """"Fast Cast spells can be played at any time during your turn or other players' turns": the
    core response window, offered to each seat holding a Fast Cast card it can pay for with a
    target (RULES.md, "Response windows"). The windows as the Main Phase begins and at the end of
    the turn start with the next seat and leave out the active player (who casts freely in its own
    Main Phase); after a cast the window opens again for everyone, the active player included
    (the core ``reopen``): "everyone may answer a cast". Only as the Main Phase begins does the
    active player stay out after a cast: its Main Phase follows at once, where it may cast the same
    Fast Cast cards, so asking it in the window too would only add a pass."""

    __slots__ = ()

    def reopen(self, state, frame):
        if frame[1] == M_MAIN:
            index, moment, seat, _, exclude = frame
            return (index, moment, (seat + 1) % state.players, 0, exclude)
        return ResponseWindow.reopen(self, state, frame)


FRAMES = FrameSet(
    # "Gameplay", "The Regenerate Phase": regenerate, then push the turn's phases
    Frame("turn", ("quadrant",), run=T.begin_turn),
    # "you may choose to draw 1 face-up card from the River Cards"
    Frame("river", ("quadrant",), run=T.ask_river, legal=T.river_choices,
          on={"river": T.take_river, "river-none": T.take_river}, asks="draw a River card?"),
    # "The Attack Phase": attack with one Familiar at a time, or end the phase
    Frame("attack", ("quadrant",), run=C.ask_attack, legal=C.attack_choices,
          on={"attack": C.declare_attack, "flame": C.use_flame, "end-attacks": C.end_attacks}, asks="attack"),
    # "Attacking with the Lich": "you decide who the Lich is attacking"; Madness: which Lair
    Frame("attack-target", ("quadrant",), run=C.ask_attack_target, legal=C.attack_target_choices,
          on={"target-player": C.choose_attack_target, "target-familiar": C.choose_attack_target},
          asks="choose what to attack"),
    # "Blocking": 1, 2 or 3 blockers, chosen one at a time
    Frame("block", (), run=C.ask_block, legal=C.block_choices,
          on={"block": C.add_block, "no-block": C.no_more_blocks, "stop-blocking": C.no_more_blocks},
          asks="block"),
    # Breath Weapon: "each assigned by the blocking player to their life and / or their Familiars"
    Frame("breath", ("points",), run=C.ask_breath, legal=C.breath_choices,
          on={"breath-player": C.assign_breath, "breath-familiar": C.assign_breath},
          asks="assign Breath Weapon damage"),
    # the damage of one attack, dealt at once
    Frame("resolve", (), run=C.deal_damage),
    # Fast Cast response windows
    # (no can_respond: a seat's Fast Casts are worked out once, and the window asks a seat that has any)
    FastCastWindow("window", can_respond=None, responses=S.fast_casts, pass_action=S.pass_action,
                   respond=S.cast_response, moments=MOMENTS),
    # "The Main Phase": summon, move, cast Slow Cast spells, use an Aspect, in any order
    Frame("main", ("quadrant",), run=T.begin_main, legal=T.main_choices,
          on={"summon": T.summon_in_main, "move": T.move_in_main, "cast": S.cast_in_main,
              "use-aspect": S.use_aspect, "end-turn": T.end_main}, asks="main phase"),
    # the end of the turn: a last Fast Cast window before the draw
    Frame("end", ("quadrant",), run=T.end_of_turn),
    # "end your turn by drawing 1 card"; end-of-turn Aspects; healing; the next player's turn
    Frame("cleanup", ("quadrant",), run=T.cleanup),
    # Madness Mode: a Lair's Attack Phase and Movement Phase
    Frame("lair-attack", ("quadrant",), run=L.lair_attack),
    Frame("lair-move", ("quadrant",), run=L.lair_move),
    # an effect's target (spells, Aspects, the Shade, the Fearsome, Essence of Shadow)
    Frame("target", ("effect", "amount", "target_type", "source_quadrant", "chooser", "source"),
          run=S.ask_target, legal=S.target_choices,
          on={"target-player": S.choose_target, "target-familiar": S.choose_target}, asks="choose a target"),
    # "discard a card of their choice"
    Frame("discard", ("seat",), run=S.ask_discard, legal=S.discard_choices, on={"discard": S.discard_card},
          asks="discard a card"),
    # Equip Aspect: "Choose one Aspect to equip and pass the remaining Aspects to the player to your left"
    Frame("draft", ("seat", "picks"), run=S.ask_draft, legal=S.draft_choices, on={"equip": S.equip},
          asks="equip an Aspect"),
    # Essence of Shadow / Mischief: "When a Familiar is removed from your Battleground during your Attack Phase"
    Frame("vial", ("quadrant", "familiar"), run=X.ask_vial, legal=X.vial_choices, on={"vial": X.use_vial},
          asks="use an Essence Vial?"),
    # Spell Breaker: "you may draw a card"
    Frame("may-draw", ("seat",), legal=X.may_draw_choices, on={"may-draw": X.may_draw}, asks="draw a card?"),
    # Void Bringer, Unholy Haste, Aspect of Command: an extra move
    Frame("extra-move", ("quadrant", "chooser", "source"), run=X.ask_extra_move, legal=X.extra_move_choices,
          on={"move": X.extra_move, "no-move": X.no_move}, asks="move a Familiar"),
)
assert tuple(f.name for f in FRAMES.frames) == NAMES


def frame_name(frame: tuple) -> str:
    return NAMES[frame[0]]
