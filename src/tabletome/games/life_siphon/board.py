"""The board's geometry: four quadrants of four areas ("The Board"), and the names of their spaces.

A quadrant has 13 spaces: the Summoning Area (3), the Movement Row (4), the River (3) and the
Battleground (3). Slot ``q * SLOTS + i`` is space ``i`` of quadrant ``q``; the space inside an area
carries no rule ("Familiars can move from one row into the next, even if they aren't directly
adjacent to a particular space"), so a familiar arriving in an area takes its first free space.
The state counts the familiars of each area in ``area_count[q * NUM_AREAS + area]``. Below the
geometry: an empty board, its familiars healed at the end of a turn, placing a familiar in an
area's first free space, and the names of quadrants and of familiars on the board (for the log).
"""

SUMMONING, MOVEMENT, RIVER, BATTLEGROUND = range(4)
NUM_AREAS = 4
AREAS = ("Summoning Area", "Movement Row", "River", "Battleground")
AREA_KEYS = ("summoning", "movement", "river", "battleground")
# "This area can hold a maximum of 3 Familiars" (Summoning Area, River, Battleground); "The area can
# hold a maximum of 4 Familiars" (Movement Row).
CAP = (3, 4, 3, 3)
START = (0, 3, 7, 10)           # each area's first space in a quadrant
SLOTS = 13                      # spaces in a quadrant
BG_START = START[BATTLEGROUND]  # "Only Familiars in the Battleground are able to attack and block."
BG_SPACES = CAP[BATTLEGROUND]
AREA_OF = tuple(a for a in range(NUM_AREAS) for _ in range(CAP[a]))
NUMBER_IN_AREA = tuple(i + 1 for a in range(NUM_AREAS) for i in range(CAP[a]))  # 1-based, as in texts
SPACE_NAMES = tuple(f"{AREAS[AREA_OF[i]]} {NUMBER_IN_AREA[i]}" for i in range(SLOTS))  # "River 2"

# Every name a quadrant can have, in every mode: action texts name quadrants, and the action table
# is one for the whole game.
QUADRANT_NAMES = ("North", "East", "South", "West", "Imp Lair", "Lich Lair", "Dread Knight Lair")


def where(slot: int) -> str:
    """'River 2': the space of a slot inside its quadrant."""
    return SPACE_NAMES[slot % SLOTS]


def empty_board(st):
    """The rule set of the state's options and an empty board: where set-up and snapshots start."""
    R = st.R = st.game.ruleset(st.players, st.options, st.card_text)
    st.kind = [-1] * (R.Q * SLOTS)
    heal_at_end_of_turn(st)
    st.area_count = [0] * (R.Q * NUM_AREAS)
    return R


def heal_at_end_of_turn(st):
    """"its health fully regenerates at the end of the turn"; bonuses "until end of turn" end."""
    n = len(st.kind)
    st.damage = [0] * n
    st.attack_bonus = [0] * n
    st.defense_bonus = [0] * n
    st.flags = [0] * n


def qn(st, q):
    """A quadrant's name: its seat's, a ghost's or a Lair's."""
    return QUADRANT_NAMES[st.R.qname[q]]


def has_fearsome(st, q):
    """Whether quadrant ``q`` has a Fearsome on its board ("If you already have a Fearsome on your
    board, you cannot Summon a second Fearsome")."""
    fearsome = st.R.is_fearsome
    return any(f >= 0 and fearsome[f] for f in st.kind[q * SLOTS:(q + 1) * SLOTS])


def free_space(st, q, area):
    """The first free space of ``area`` in quadrant ``q`` (the caller knows there is one)."""
    kind = st.kind
    s = q * SLOTS + START[area]
    while kind[s] >= 0:
        s += 1
    return s


def place(st, slot, f):
    """Put familiar ``f`` on the empty ``slot``."""
    st.kind[slot] = f
    st.area_count[(slot // SLOTS) * NUM_AREAS + AREA_OF[slot % SLOTS]] += 1


def fam(st, s):
    """'South's Imp at Battleground 2'."""
    return f"{qn(st, s // SLOTS)}'s {st.R.cards.fam_names[st.kind[s]]} at {where(s)}"
