"""Life Siphon's decision frames: every step of a turn (named and numbered in steps.py) declared
once, each pointing at the rule that runs it in turn.py, combat.py, spells.py, familiars.py,
modules.py or madness.py; the core decision stack runs them (the order of the turn is described in steps.py)."""

from ...core.stack import Frame, FrameSet, ResponseWindow
from . import combat, familiars, madness, modules, spells, turn
from .ruleset import M_MAIN, MOMENTS
from .steps import STEPS


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
    Frame("turn", ("quadrant",), run=turn.begin_turn),
    # "you may choose to draw 1 face-up card from the River Cards"
    Frame("river", ("quadrant",), run=turn.ask_river, legal=turn.river_choices,
          on={"river": turn.take_river, "river-none": turn.take_river}, asks="draw a River card?"),
    # "The Attack Phase": attack with one Familiar at a time, or end the phase
    Frame("attack", ("quadrant",), run=combat.ask_attack, legal=combat.attack_choices,
          on={"attack": combat.declare_attack, "flame": combat.use_flame, "end-attacks": combat.end_attacks},
          asks="attack"),
    # "Attacking with the Lich": "you decide who the Lich is attacking"; Madness: which Lair
    Frame("attack-target", ("quadrant",), run=combat.ask_attack_target, legal=combat.attack_target_choices,
          on={"target-player": combat.choose_attack_target, "target-familiar": combat.choose_attack_target},
          asks="choose what to attack"),
    # "Blocking": 1, 2 or 3 blockers, chosen one at a time
    Frame("block", (), run=combat.ask_block, legal=combat.block_choices,
          on={"block": combat.add_block, "no-block": combat.no_more_blocks,
              "stop-blocking": combat.no_more_blocks},
          asks="block"),
    # Breath Weapon: "each assigned by the blocking player to their life and / or their Familiars"
    Frame("breath", ("points",), run=combat.ask_breath, legal=combat.breath_choices,
          on={"breath-player": combat.assign_breath, "breath-familiar": combat.assign_breath},
          asks="assign Breath Weapon damage"),
    # the damage of one attack, dealt at once
    Frame("resolve", (), run=combat.deal_damage),
    # Fast Cast response windows
    # (no can_respond: a seat's Fast Casts are worked out once, and the window asks a seat that has any)
    FastCastWindow("window", can_respond=None, responses=spells.fast_casts, pass_action=spells.pass_action,
                   respond=spells.cast, moments=MOMENTS),
    # "The Main Phase": summon, move, cast Slow Cast spells, use an Aspect, in any order, until the turn ends
    Frame("main", ("quadrant",), run=turn.begin_main, legal=turn.main_choices,
          on={"summon": familiars.summon, "move": turn.move_in_main, "cast": spells.cast,
              "use-aspect": spells.use_aspect, "end-turn": turn.end_main}, until=("end-turn",), asks="main phase"),
    # the end of the turn: a last Fast Cast window before the draw
    Frame("end", ("quadrant",), run=turn.end_of_turn),
    # "end your turn by drawing 1 card"; end-of-turn Aspects; healing; the next player's turn
    Frame("cleanup", ("quadrant",), run=turn.cleanup),
    # Madness Mode: a Lair's Attack Phase and Movement Phase
    Frame("lair-attack", ("quadrant",), run=madness.lair_attack),
    Frame("lair-move", ("quadrant",), run=madness.lair_move),
    # an effect's target (spells, Aspects, the Shade, the Fearsome, Essence of Shadow)
    Frame("target", ("effect", "amount", "target_type", "source_quadrant", "chooser", "source"),
          run=spells.ask_target, legal=spells.target_choices,
          on={"target-player": spells.choose_target, "target-familiar": spells.choose_target},
          asks="choose a target"),
    # "discard a card of their choice"
    Frame("discard", ("seat",), run=spells.ask_discard, legal=spells.discard_choices,
          on={"discard": spells.discard_card}, asks="discard a card"),
    # Equip Aspect: "Choose one Aspect to equip and pass the remaining Aspects to the player to your left"
    Frame("draft", ("seat", "picks"), run=spells.ask_draft, legal=spells.draft_choices,
          on={"equip": spells.equip}, asks="equip an Aspect"),
    # Essence of Shadow / Mischief: "When a Familiar is removed from your Battleground during your Attack Phase"
    Frame("vial", ("quadrant", "familiar"), run=modules.ask_vial, legal=modules.vial_choices,
          on={"vial": modules.use_vial}, asks="use an Essence Vial?"),
    # Spell Breaker: "you may draw a card"
    Frame("may-draw", ("seat",), legal=modules.may_draw_choices, on={"may-draw": modules.may_draw},
          asks="draw a card?"),
    # Void Bringer, Unholy Haste, Aspect of Command: an extra move
    Frame("extra-move", ("quadrant", "chooser", "source"), run=modules.ask_extra_move,
          legal=modules.extra_move_choices, on={"move": modules.extra_move, "no-move": modules.no_move},
          asks="move a Familiar"),
    ids=STEPS,
)

