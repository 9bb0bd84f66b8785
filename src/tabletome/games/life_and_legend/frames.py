"""Life & Legend's decision frames: the turn as the core decision stack (core/stack.py).

Each frame names the rule that runs it. The turn is TURN -> PHASE x4 (Contemplation, World, Life,
Resolution) -> END_TURN; every effect used opens the Interfere WINDOW and then RESOLVE runs its
EFFECTS unless Disrupted; rolls open the WINDOW before ROLL_CHECK; Reward, Penalty and Defeat are
EFFECTS / DEFEAT frames in the printed order; Play Immediately cards, drawn Life cards, limits,
trades and Farwander contests are frames too (names.py names them in order: ``STEPS``).
"""

from ...core.stack import Frame, FrameSet, ResponseWindow
from . import choices as ch
from . import interfere
from . import names as N
from . import trading, turn
from .adventures import complete
from .backgrounds import spark_effect
from .opponents import emptiness_turn
from .world import contest, no_contest


def step(rule):
    """The ``run`` of a frame that does ``rule(s, *the frame's numbers)`` and goes on."""
    def run(s, frame):
        rule(s, *frame[1:])
        return False
    return run


FRAMES = FrameSet(
    Frame("turn", ("seat",), run=turn.run_turn),                                   # Part 2: Turns and Phases
    Frame("phase", ("seat", "phase"), run=turn.run_phase, legal=turn.phase_legal,   # Phases 1-4
          on=turn.PHASE_ACTIONS, until=("end",), asks="what to do in this phase"),
    Frame("effects", ("seat", "card", "part", "step"), run=ch.run_effects_frame),  # Card Effects
    ResponseWindow("window", can_respond=interfere.can_respond, responses=interfere.responses,  # Interfere
                   pass_action=interfere.pass_action, respond=interfere.respond, moments=N.MOMENTS),
    Frame("resolve", ("seat", "card", "part", "slot"), run=ch.run_resolve),          # Disrupt
    Frame("choose_space", ("seat", "op", "card"), run=ch.run_choose_space, legal=ch.legal_choose_space,
          resolve=ch.resolve_choose_space, asks="which World space"),
    Frame("choose_seat", ("seat", "op", "n"), legal=ch.legal_choose_seat, take_single=True,
          resolve=ch.resolve_choose_seat, asks="which opponent"),
    Frame("discard", ("seat", "why", "extra"), legal=ch.legal_discard, take_single=True,
          resolve=ch.resolve_discard, asks="which card to discard"),                 # Discard
    Frame("defeat", ("seat",), run=ch.run_defeat, legal=ch.legal_defeat, resolve=ch.resolve_defeat,
          asks="which card to lose to Defeat"),                                      # Defeat
    Frame("hand_discard", ("seat",), legal=ch.legal_hand_discard, take_single=True,
          resolve=ch.discard_from_hand, asks="which card to discard from hand"),
    Frame("draw_life", ("seat",), run=ch.run_draw_life),                             # Life Cards
    Frame("life_card", ("seat", "card"), legal=ch.legal_life_card, resolve=ch.resolve_life_card,
          asks="keep or discard the Life card drawn"),
    Frame("trim", ("seat",), legal=ch.legal_trim, take_single=True, resolve=ch.resolve_trim,
          asks="which card to discard down to a limit"),                             # The Rule of Four
    Frame("remove_trauma", ("seat",), legal=ch.legal_remove_trauma, take_single=True,
          resolve=ch.resolve_remove_trauma, asks="which Trauma to remove"),
    Frame("choose_wander", ("seat", "op"), legal=ch.legal_choose_wander, take_single=True,
          resolve=ch.resolve_choose_wander, asks="which Completed Wander"),
    Frame("roll_check", ("seat", "what", "a", "b"), run=ch.run_roll_check),         # The Dice
    Frame("complete", ("seat", "card"), run=step(complete)),                       # Rewards and Penalties
    Frame("method", ("seat", "target", "index"), legal=ch.legal_method, take_single=True,
          resolve=ch.resolve_method, asks="how to Wander"),                          # Wander
    Frame("trade_answer", ("seat", "giver", "give", "take"), legal=ch.answers("accept", "decline"),
          resolve=trading.answer, asks="accept or decline the Relic offer"),       # Relic Trading
    Frame("contest", ("seat", "farwanderer"), legal=ch.answers("contest", "no_contest"),
          on={"contest": contest, "no_contest": no_contest}, asks="contest or no contest"),   # Farwandering
    Frame("no_contest", ("seat", "farwanderer", "life"), legal=ch.legal_no_contest,
          resolve=ch.resolve_no_contest, asks="keep, discard or give the Life card"),
    Frame("end_turn", ("seat",), run=turn.run_end_turn),                           # Victory
    Frame("setup_relics", ("seat",), legal=turn.setup_relics_legal, take_single=True,
          resolve=turn.resolve_setup_relics, until=("done",),
          asks="Relics to bring into play before the first turn"),
    Frame("lore_choose", ("seat", "kind"), legal=ch.legal_lore, resolve=ch.resolve_lore,
          asks="which Background to set aside"),                                     # Lore
    Frame("emptiness", ("seat",), run=step(emptiness_turn)),                        # AI Opponents
    Frame("seek", ("seat", "what"), run=ch.run_seek),
    Frame("remove_perpetual", ("seat", "space"), run=turn.run_remove_perpetual),    # Removing Perpetual Adventures
    Frame("spark_effect", ("seat",), run=step(spark_effect)),                      # Sparks and Spark Effects
    Frame("disrupted", ("seat", "card", "part", "slot"), run=ch.run_disrupted),      # Disrupt
    Frame("next_phase", ("seat", "phase"), run=turn.run_phase),                      # Phases
    ids=N.STEPS,
)
