"""The decision stack of a Bad Baby Lich Lords turn: every frame the rules push, by name.

The core drives the turn (``core/stack.py``): it pops a frame and runs it until one asks a seat.
Every decision is the active player's, chain decisions included (Lich Law 3.4). A *decision*
frame asks it when it has two or more options; one with a single option is taken at once, and
one with none is skipped and said so (RULES.md, "Forced choices"). The turn menu always asks.

Decisions (the frame name, its numbers, the rule that answers it):

    turn                              the turn menu: draw, raise in place, a spell, end turn (turn.py)
    place (card, why)                 the realm to raise the drawn card in (turn.py)
    or (card, first, second)          which skill of an OR slot the card performs (skills.py)
    skill (card, skill)               the target of a card's skill (skills.py)
    dig-side (realm)                  the side a Dig spell digs to (spells.py)
    spell-target (effect)             the target of a spell (spells.py)
    spell-direction (card)            where the Leave spell moves its minion (spells.py)
    bone-pile (effect)                the bone pile of a Dig spell or His Kiss of Life! (spells.py)
    summon-realm ()                   the realm Royal Summons! calls minions to (spells.py)
    summon-pick (realm)               a minion to summon there (spells.py)

Chain continuations (no question of their own: they push the next decision):

    perform (card, slot)              the card performs its skills from ``slot`` on (skills.py)
    stirs (realm)                     The Lich King Stirs! digs from each bone pile from ``realm`` on
    summon (realm, left)              Royal Summons! moves ``left`` more minions to ``realm``

Numbers: a card is its id, a realm 0-based, a skill or effect its index in effects.py, ``why``
PLACE_ACTION or PLACE_KISS. During a chain the turn menu waits at the bottom of the stack: the
stack is ``[turn, perform ..., ...]`` and the decision on top; at the turn menu the stack is empty.
"""

from ...core.stack import Frame, FrameSet
from . import skills, spells, turn
from .ruleset import STEPS


def decision(name, fields=(), *, legal, resolve, skip):
    """A choice of the active player: asked when it has two or more options, taken at once when it
    has one (core ``State.ask_or_take``), skipped (``skip`` says why) when it has none."""
    def run(state, frame) -> bool:
        options = legal(state, frame)
        if options:
            return state.ask_or_take(state.active, frame, options)
        skip(state, frame)
        return False
    return Frame(name, fields, run=run, legal=legal, resolve=resolve)


def menu(state, frame) -> bool:
    """The turn menu always asks (it always offers something: "end turn" when nothing else); any
    choice but "end turn" puts it back on the stack under what that choice does (``until``)."""
    return state.ask_with(state.active, frame, turn.turn_options(state, frame))


FRAMES = FrameSet(
    Frame("turn", run=menu, legal=turn.turn_options,
          on={"draw": turn.draw_and_raise, "target": turn.raise_in_place, "end": turn.end_turn,
              "cast": spells.cast_spells, "combo": spells.cast_spells}, until=("end",)),
    decision("place", ("card", "why"), legal=turn.place_options,
             resolve=turn.place_and_raise, skip=spells.nothing_happens),
    decision("or", ("card", "first", "second"), legal=skills.or_options,
             resolve=skills.choose_skill, skip=skills.no_target),
    decision("skill", ("card", "skill"), legal=skills.skill_options,
             resolve=skills.perform_skill, skip=skills.no_target),
    decision("dig-side", ("realm",), legal=spells.dig_side_options,
             resolve=spells.dig_to_side, skip=spells.nothing_happens),
    decision("spell-target", ("effect",), legal=spells.spell_target_options,
             resolve=spells.spell_on_target, skip=spells.nothing_happens),
    decision("spell-direction", ("card",), legal=spells.direction_options,
             resolve=spells.move_by_spell, skip=spells.nothing_happens),
    decision("bone-pile", ("effect",), legal=spells.pile_options,
             resolve=spells.spell_on_pile, skip=spells.nothing_happens),
    decision("summon-realm", (), legal=spells.summon_realm_options,
             resolve=spells.summon_to_realm, skip=spells.nothing_happens),
    decision("summon-pick", ("realm",), legal=spells.summon_pick_options,
             resolve=spells.summon_one, skip=spells.nothing_happens),
    Frame("perform", ("card", "slot"), run=skills.perform_next),
    Frame("stirs", ("realm",), run=spells.stirs_next),
    Frame("summon", ("realm", "left"), run=spells.summon_next),
    ids=STEPS,
)
