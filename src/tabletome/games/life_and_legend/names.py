"""The frames' indices (frames.py declares them in this order) and the numbers frames carry."""

(TURN, PHASE, EFFECTS, WINDOW, RESOLVE, CHOOSE_SPACE, CHOOSE_SEAT, DISCARD, DEFEAT, HAND_DISCARD,
 DRAW_LIFE, LIFE_CARD, TRIM, REMOVE_TRAUMA, CHOOSE_WANDER, ROLL_CHECK, COMPLETE, METHOD,
 TRADE_ANSWER, CONTEST, NO_CONTEST, END_TURN, SETUP_RELICS, LORE_CHOOSE, EMPTINESS, SEEK,
 REMOVE_PERPETUAL, SPARK_EFFECT, DISRUPTED) = range(29)

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

# the per-seat list fields of the state (one list a seat; snapshots name them)
SEAT_LISTS = ("hand", "relics", "traits", "traumas", "wanders", "adventures")
