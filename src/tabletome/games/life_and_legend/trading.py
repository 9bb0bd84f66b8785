"""Relic trading: "Players may trade or offer to give away Relics in play if they wish." The Player
whose turn it is offers, one offer a turn (RULES.md, "Relic trading"); the other seat answers
accept or decline."""

from __future__ import annotations

from .names import TRADE_ANSWER, TRIM


def offers(s, seat):
    """The offers ``seat`` may make when it has made none this turn (free_legal asks only then): each
    Relic it has in play, to each other seat, as a gift or for one of that seat's Relics in play."""
    A = s.table
    out = []
    others = [t for t in range(s.players) if t != seat and s.ai.get(t) != "emptiness"]
    relics = s.relics
    for c in relics[seat]:
        gift, swap = A.offer[c], A.offer_for[c]
        for t in others:
            out.append(gift[t])
            for_t = swap[t]
            for d in relics[t]:
                out.append(for_t[d])
    return out


def make_offer(s, seat, give, target, take=-1):
    """``seat`` offers its Relic ``give`` to ``target``, as a gift or for ``target``'s Relic ``take``."""
    s.offered |= 1 << give
    if s.logging:
        names = s.C.names
        what = f" for {names[take]}" if take >= 0 else " as a gift"
        s.say(f"{s.seat_name(seat)} offers {names[give]} to {s.seat_name(target)}{what}.")
    s.stack.append((TRADE_ANSWER, target, seat, give, take))


def answer(s, frame, action):
    """The offer accepted or declined; accepted, the Relics change hands and both seats discard down
    to their limits (a declined offer moves none)."""
    _, target, giver, give, take = frame
    if action.kind != "accept":
        s.say_fmt(None, "{} declines.", s.seat_name(target))
        return
    s.relics[giver].remove(give)
    s.relics[target].append(give)
    if take >= 0:
        s.relics[target].remove(take)
        s.relics[giver].append(take)
    s.say_fmt(None, "{} accepts.", s.seat_name(target))
    s.push((TRIM, target), (TRIM, giver))
