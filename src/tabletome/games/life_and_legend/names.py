"""The frames' names and indices (frames.py declares them, FrameSet checks the order) and the
numbers frames carry."""

from ...core.stack import FrameIds

STEPS = FrameIds("turn", "phase", "effects", "window", "resolve", "choose_space", "choose_seat", "discard",
                 "defeat", "hand_discard", "draw_life", "life_card", "trim", "remove_trauma", "choose_wander",
                 "roll_check", "complete", "method", "trade_answer", "contest", "no_contest", "end_turn",
                 "setup_relics", "lore_choose", "emptiness", "seek", "remove_perpetual", "spark_effect",
                 "disrupted", "next_phase")
TURN, PHASE, EFFECTS, WINDOW, RESOLVE = STEPS.turn, STEPS.phase, STEPS.effects, STEPS.window, STEPS.resolve
CHOOSE_SPACE, CHOOSE_SEAT, CHOOSE_WANDER = STEPS.choose_space, STEPS.choose_seat, STEPS.choose_wander
DISCARD, DEFEAT, HAND_DISCARD, TRIM = STEPS.discard, STEPS.defeat, STEPS.hand_discard, STEPS.trim
DRAW_LIFE, LIFE_CARD, REMOVE_TRAUMA = STEPS.draw_life, STEPS.life_card, STEPS.remove_trauma
ROLL_CHECK, COMPLETE, METHOD, SEEK = STEPS.roll_check, STEPS.complete, STEPS.method, STEPS.seek
TRADE_ANSWER, CONTEST, NO_CONTEST = STEPS.trade_answer, STEPS.contest, STEPS.no_contest
END_TURN, EMPTINESS, REMOVE_PERPETUAL = STEPS.end_turn, STEPS.emptiness, STEPS.remove_perpetual
SPARK_EFFECT, DISRUPTED, NEXT_PHASE = STEPS.spark_effect, STEPS.disrupted, STEPS.next_phase

# phases ("Phases must be progressed through in order.")
CONTEMPLATION, WORLD, LIFE, RESOLUTION = range(4)
PHASE_NAMES = ("Contemplation", "World", "Life", "Resolution")

# which part of a card an EFFECTS frame runs
HAND, WORLD_FX, USE, REWARD, PENALTY, STORY_DISCARD, SPARK, ACHIEVE = range(8)

# Interfere window moments
ON_EFFECT, ON_ROLL = range(2)
MOMENTS = ("an Effect is used", "a die is rolled")

# what a roll decides (ROLL_CHECK)
R_WANDER, R_ADVENTURE, R_FARWANDER, R_SPARK, R_GAMBLE = range(5)
TOP = 4   # "space" number of the top Legend Deck card ("Wander on the top Legend Deck card")

# why a card is discarded (DISCARD)
D_EFFECT, D_PERPETUAL, D_SPARK = range(3)

# SEEK: what is sought
SEEK_WORD, SEEK_TRAUMA = range(2)
