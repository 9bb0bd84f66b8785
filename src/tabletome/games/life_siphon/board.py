"""The board: four quadrants of four areas ("The Board"), and the names of everything on it.

A quadrant has 13 spaces: the Summoning Area (3), the Movement Row (4), the River (3) and the
Battleground (3). Slot ``q * 13 + i`` is space ``i`` of quadrant ``q``; the space inside an area
carries no rule ("Familiars can move from one row into the next, even if they aren't directly
adjacent to a particular space"), so a familiar arriving in an area takes its first free space.
"""

SUMMONING, MOVEMENT, RIVER, BATTLEGROUND = range(4)
AREAS = ("Summoning Area", "Movement Row", "River", "Battleground")
AREA_KEYS = ("summoning", "movement", "river", "battleground")
CAP = (3, 4, 3, 3)
START = (0, 3, 7, 10)
SLOTS = 13
AREA_OF = tuple(a for a in range(4) for _ in range(CAP[a]))
NUMBER_IN_AREA = tuple(i + 1 for a in range(4) for i in range(CAP[a]))  # 1-based, as printed in texts

START_LIFE = 20     # "Each player places a life tracker on the 20 space ... your starting (and maximum) life"
MAX_LIFE = 20
SUMMONS_PER_TURN = 3   # "You may Summon a maximum of 3 Familiars."
MAX_BLOCKERS = 3       # "block one of your Familiars with 1, 2 or 3 of their own Familiars"
RIVER_CARDS = 3        # "Reveal 3 cards from the top of the deck face up ... These are the River Cards."
FEARSOME_LIFE = 5      # "if you have 5 life or less, you may Summon 1 Fearsome for free"
MADNESS_GAIN_CAP = 3   # "The maximum amount of life you can gain in this way on a turn is 3."
SPAWNS = 2             # "place two new Familiars of that same type ... for each"

# Every name a quadrant can have, in every mode: action texts name quadrants, and the action table
# is one for the whole game.
QUADRANT_NAMES = ("North", "East", "South", "West", "Imp Lair", "Lich Lair", "Dread Knight Lair")

# Modes
STANDARD, MADNESS, VARIANT = range(3)
MODE_NAMES = ("standard", "madness", "two-player-variant")


def where(slot: int) -> str:
    """'River 2': the space of a slot inside its quadrant."""
    i = slot % SLOTS
    return f"{AREAS[AREA_OF[i]]} {NUMBER_IN_AREA[i]}"
