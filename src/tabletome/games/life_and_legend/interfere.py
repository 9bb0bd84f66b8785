"""Interfere: "Normally, Effects can only be used by the Player on their turn. Interfere Effects can
be used on any Player's turn." The core ResponseWindow opens at two moments (an Effect is used,
a die is rolled) and asks only the seats that hold a usable Interfere Effect for that moment.

"Opponents' Turn: You may only use interfere effects on cards in your play area, or play events
from your hand with interfere effects."
"""

from __future__ import annotations

from .cards import RELIC, EVENT, EXCEPTIONAL, RESPONSE_OPS
from .effects import depart, in_use
from .names import ON_EFFECT, DISRUPTED
from .opponents import interferes


def interfere_op(C, card):
    """The Interfere op a card offers ('disrupt', 'hex' or None), and its number."""
    kind = C.kind[card]
    rec = C.cards[card]
    if kind not in (EVENT, RELIC, EXCEPTIONAL) or rec.timing != "interfere":
        return None, 0
    for e in (rec.hand if kind == EVENT else rec.effect):   # an Event's Hand Effect, a card in play's Effect
        if e.op in RESPONSE_OPS:
            return e.op, e.n
    return None, 0


def sources(s, seat, moment):
    """The cards ``seat`` could Interfere with now."""
    want = "disrupt" if moment == ON_EFFECT else "hex"
    C = s.C
    table = C.itable
    used = s.used
    out = []
    for c in s.hand[seat]:
        if table[c][0] == want and C.kind[c] == EVENT:
            out.append(c)
    for pile in (s.relics[seat], s.traits[seat]):
        for c in pile:
            if table[c][0] == want and not (used >> c) & 1:
                out.append(c)
    return out


def can_respond(s, seat, moment) -> bool:
    if s.ai.get(seat) == "emptiness":
        return False
    if moment == ON_EFFECT:
        at = in_use(s)
        if at < 0:
            return False
        frame, who, card, _, _ = s.stack[at]
        if frame == DISRUPTED or who == seat or foolproof(s, card):
            return False
    else:
        # every roll a window answers is the active Player's (Wander, Challenge, Spark, Reward): they
        # do not Hex it, even when the window opens again after another seat's answer
        if not s.roll or seat == s.active:
            return False
    if s.ai.get(seat) is not None and not interferes(s, seat, moment):
        return False
    # (most often the seat holds no card that could Interfere at this moment at all)
    cards = s.C.interferers["disrupt" if moment == ON_EFFECT else "hex"]
    if cards.isdisjoint(s.hand[seat]) and cards.isdisjoint(s.relics[seat]) and cards.isdisjoint(s.traits[seat]):
        return False
    return bool(sources(s, seat, moment))


def foolproof(s, card) -> bool:
    """"Foolproof: This Effect cannot be Disrupted or Disregarded.\""""
    return bool(getattr(s.C.cards[card], "foolproof", False))


def responses(s, seat, moment):
    interfere = s.table.interfere
    return [interfere[c] for c in sources(s, seat, moment)]


def pass_action(s):
    return s.table.pass_


def respond(s, frame, action):
    """Disrupt the Effect being used, or Hex the roll just made. An Interfere response resolves at
    once (RULES.md, "Interfere")."""
    _, moment, seat, _, _ = frame
    card = action.args[0]
    C = s.C
    op, n = C.itable[card]
    if C.kind[card] == EVENT:
        s.hand[seat].remove(card)
        depart(s, card)
    else:
        s.used |= 1 << card
    if op == "disrupt":
        at = in_use(s)
        used = s.stack[at]
        s.stack[at] = (DISRUPTED, *used[1:])
        s.say_fmt(None, "{} Disrupts {} with {}.", s.seat_name(seat), C.names[used[2]], C.names[card])
    else:
        s.roll_mod -= n
        s.say_fmt(None, "{} Interferes with {}: -{} to the roll.", s.seat_name(seat), C.names[card], n)
