"""What each seat sees: ``view(seat)`` (the log is added by core, filtered for the seat)."""

from .frames import LIMIT, OVER, PHASES, SPRING, TRADE, phase_of
from .ruleset import NO_FORM, NOT_PLACED


def cards_list(s, counts):
    names = s.R.cards.names
    return [names[k] for k in range(len(counts)) for _ in range(counts[k])]


def form_seen(s, p, seat):
    f = s.form[p]
    if f == NOT_PLACED:
        return None
    if f == NO_FORM:
        return "none"
    if s.revealed or seat == p:
        return s.R.cards.names[f]
    return "face down"


def pending(s):
    """A choice made one card at a time, in progress: whose, which, and how many discards are left."""
    frame = s.decision
    if frame is None or frame[0] not in (TRADE, SPRING, LIMIT):
        return None
    if frame[0] == TRADE:
        return {"seat": s.to_move, "choice": "trade 3 for 2", "discards_left": frame[2]}
    if frame[0] == SPRING:
        return {"seat": s.to_move, "choice": s.R.cards.names[frame[2]]}
    return {"seat": s.to_move, "choice": "hand limit"}


def view(s, seat):
    names = s.R.cards.names
    bolt = s.R.firebolt_kind
    players = []
    for p in (0, 1):
        info = {
            "name": s.seat_name(p),
            "health": s.health[p],
            "mana": s.mana[p],
            "hand_size": s.hand_size[p],
            "deck_size": len(s.deck[p]),
            "discard": {names[k]: n for k, n in enumerate(s.discard[p]) if n},
            "transformation": form_seen(s, p, seat),
            "ability": names[s.ability[p]] if s.ability[p] >= 0 else None,
            "spell_cast": s.spell_cast[p],
            "firebolts_pending": s.bolts[p],
            "known_in_hand": [names[bolt]] * s.known_bolts[p] if bolt >= 0 else [],
        }
        if seat == p:
            info["hand"] = cards_list(s, s.hand[p])
        players.append(info)
    phase = phase_of(s)
    return {
        "game": "spirit-link",
        "seat": seat,
        "round": s.round,
        "phase": PHASES[phase],
        "priority": s.priority,
        "to_move": s.to_move,
        "players": players,
        "pending": pending(s),
        "over": phase == OVER,
        "winners": list(s.winners),
    }
