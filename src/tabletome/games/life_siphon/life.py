"""Life: gaining it, losing it, and the end of the game ("Game End").

"The game ends as soon as one player's life is reduced below 1 ... The player to the right of the
player that was defeated is the winner (regardless of who reduced that player's life total below
1)." Life never goes above 20 ("regenerate 1 life—to a maximum of 20"). In Madness Mode a defeat
lets the Lairs finish the round (madness.py).
"""

from .board import qn
from .ruleset import MAX_LIFE, STANDARD


def gain(st, q, n):
    """Quadrant ``q`` gains ``n`` life, up to the maximum of 20."""
    if not st.R.has_life[q] or n <= 0:
        return
    before = st.life[q]
    st.life[q] = min(MAX_LIFE, before + n)
    if st.logging:
        if st.life[q] > before:
            st.say_fmt(None, "{} gains {} life ({}).", qn(st, q), st.life[q] - before, st.life[q])
        else:
            st.say_fmt(None, "{} is already at {} life.", qn(st, q), MAX_LIFE)


def lose(st, q, n, why=""):
    """Lose ``n`` life; True if that ended the game."""
    R = st.R
    if not R.has_life[q] or n <= 0:
        return False
    st.life[q] -= n
    if st.logging:
        st.say_fmt(None, "{} loses {} life{} ({}).", qn(st, q), n, why, st.life[q])
    if st.life[q] >= 1:
        return False
    if R.madness:
        if not st.defeated:
            st.defeated = True
            st.say_fmt(None, "{} is defeated in round {}: the Lairs finish their attacks this round.", qn(st, q), st.round)
        return False
    # "The player to the right of the player that was defeated is the winner"
    if R.mode == STANDARD:
        winner = R.q_seat[R.right[q]]
    else:
        # 2 Player Variant: "take out the player to your left, OR take out the player across from
        # you ... You lose if you are defeated, OR if the player to your right is defeated."
        winner = 1 if q in (0, 3) else 0
    finish(st, [winner], f"{qn(st, q)} is defeated")
    return True


def finish(st, winners, why):
    """"The game ends as soon as one player's life is reduced below 1": nothing more runs."""
    st.end_game(winners)
    names = " and ".join(st.seat_name(w) for w in winners)
    st.say(f"{why}: {names} wins; every other player loses." if winners else f"{why}.")
