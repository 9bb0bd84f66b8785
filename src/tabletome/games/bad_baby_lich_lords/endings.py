"""How a game ends: the Lich King wakes (5 noise), the Cursed Artifact wakes him (Solitaire), or
the game cannot go on (RULES.md, "Endings") and the most noise wins."""

from .places import action_options
from .ruleset import MAX_TURNS


def exhausted(state) -> str:
    """Why the game cannot go on (RULES.md, "Endings"), or ""."""
    if state.R.play_while_anything_can_change:
        if not any(action_options(state, p) or any(state.hand[p]) for p in range(state.L.players)):
            return "no player can take an action or play a spell"
    elif not any(state.bone):
        return "every bone pile is empty"
    if not any(state.rpile):
        return "no realm is left to score"
    if state.turn >= MAX_TURNS:
        return f"{MAX_TURNS} turns have been played"
    return ""


def finish(state, winners, why):
    state.end_game(sorted(winners))
    names = " and ".join(state.seat_name(w) for w in state.winners)
    if state.winners:
        state.say_fmt(None, "{}: {} {}.", why, names, 'win' if len(state.winners) > 1 else 'wins')
    else:
        state.say_fmt(None, "{}.", why)


def finish_on_noise(state, reason):
    L = state.L
    if L.solitaire:
        finish(state, [], f"The game ends: {reason}, and the Lich King sleeps on. You lose")
        return
    best = max(state.noise)
    top = [s for s in range(L.ns) if state.noise[s] == best]
    if len(top) == L.ns:
        finish(state, [], f"The game ends: {reason}; every side has {best} noise, a draw")
        return
    seats = [p for s in top for p in L.side_seats[s]]
    finish(state, seats, f"The game ends: {reason}; the most noise wins")
