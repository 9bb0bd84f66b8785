"""1 Player Madness Mode: the three Lairs, played by the rules ("1 Player Madness Mode", and the
paragraphs printed under "2 Player Variant" that describe the Lairs' turn: see RULES.md).

"Your opponents do not have cards or draw cards, do not have a life total, and do not pay anything
to move Familiars that have movement costs. Your opponents only spawn new Familiars when one of
their Familiars is removed from the board. Your opponents only have 2 Phases and are taken one at a
time then pass to the player to the left."
"""

from .board import BATTLEGROUND, BG_SPACES, BG_START, CAP, NUM_AREAS, SLOTS, START, SUMMONING, heal_at_end_of_turn, qn
from .combat import declare
from .familiars import move
from .ruleset import ATTACKED
from .steps import LAIR_ATTACK, TURN


def lair_attack(st, frame):
    """"If your opponent has any number of Familiars in their Battleground at the start of their
    turn, all will attack you directly if possible. Their Familiars will never choose to attack
    your Familiars." One at a time, in Battleground order."""
    q = frame[1]
    kind, flags = st.kind, st.flags
    base = q * SLOTS + BG_START
    for s in range(base, base + BG_SPACES):
        if kind[s] >= 0 and not flags[s] & ATTACKED:
            declare(st, s, LAIR_ATTACK)
            return False
    return False


def lair_move(st, frame):
    """"Movement Phase: Every Familiar moves forward 1 space if possible." The front rows move
    first, so a familiar moves into the room the one ahead of it left (RULES.md)."""
    q = frame[1]
    if q == 3 and st.defeated:
        # "continue to resolve all of your opponents' attacks until the 4th player (The Dread
        # Knight Lair) finishes all of their attacks."
        finish_madness(st)
        return False
    kind, count = st.kind, st.area_count
    c = q * NUM_AREAS
    for a in range(BATTLEGROUND - 1, SUMMONING - 1, -1):
        for i in range(START[a], START[a] + CAP[a]):
            if kind[q * SLOTS + i] >= 0 and count[c + a + 1] < CAP[a + 1]:
                move(st, q, i, 1, True)
    heal_at_end_of_turn(st)
    st.stack.append((TURN, st.R.left[q]))
    return False


def finish_madness(st):
    """"Wherever the round tracker ends up when you die is your score": the game ends with the
    round and the final life (the tie-break)."""
    life = st.life[0]
    st.final = [st.round, life]
    st.end_game([])
    st.say_fmt(None, "Madness ends: {} was defeated in round {} with {} life. Score: round {}, final life {}.",
               qn(st, 0), st.round, life, st.round, life)

