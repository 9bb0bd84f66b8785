"""Limits: The Rule of Four, and every continuous number an effect changes.

"All Player card limits start out at 4. This may go up and down during a game. The exceptions are
Traumas and Completed Adventures, which have no limit." A seat's numbers are 4 plus what its own
Relics and Exceptional Trait in play and its own Traumas add (continuous Effects: "+1 to your ..."),
and what the uncovered Atmospheres and Adventures in the World add ("Ambient: This Effect is
continuous and affects all Players"). "Effects on cards in a Legend Area are disregarded."
"""

from itertools import compress

from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE, TRAIT, EXCEPTIONAL, TRAUMA

LIMIT_OPS = ("hand-size", "relic-slots", "trait-limit", "wander-limit")   # the ops that change a card limit
CONTINUOUS = LIMIT_OPS + ("die-bonus", "wander-bonus", "no-wander", "no-background", "mill-life")


def ambient_table(C):
    """Per card id: its continuous effects as ((op, n), ...), where it has any."""
    table = [()] * C.n
    for i in range(C.n):
        card, kind = C.cards[i], C.kind[i]
        if kind == RELIC or kind == EXCEPTIONAL:
            effs = card.effect if card.timing == "continuous" else ()
        elif kind == TRAUMA:
            effs = card.effect
        elif kind == EVENT:
            effs = card.world if card.atmosphere else ()
        elif kind == ADVENTURE:
            effs = card.ambient
        else:
            effs = ()
        table[i] = tuple((e.op, e.n) for e in effs if e.op in CONTINUOUS)
    return table


def ambient_by_op(C, table):
    """Per continuous op: each card id's number for it (0 for a card without it), so that a seat's
    total is a plain sum over the cards that affect it."""
    by_op = {op: [0] * C.n for op in CONTINUOUS}
    for i, effs in enumerate(table):
        for o, n in effs:
            by_op[o][i] += n
    # None for an op no card of this file has: its total is always 0
    return {op: (ns if any(ns) else None) for op, ns in by_op.items()}


def ambient_where(C, by_op):
    """Per continuous op: whether a card with it can lie in a seat's Relics, its Trait-Cards, its
    Traumas, the World (by the kinds each holds), so that ``mod`` skips the places it cannot be."""
    kinds = {op: {C.kind[i] for i, n in enumerate(ns) if n} if ns else set() for op, ns in by_op.items()}
    return {op: (RELIC in k, bool(k & {TRAIT, EXCEPTIONAL}), TRAUMA in k, bool(k & {RELIC, EVENT, ADVENTURE}))
            for op, k in kinds.items()}


def mod(s, seat, op) -> int:
    """The sum of ``op`` over every continuous effect on ``seat``: its Relics, Trait-Cards and
    Traumas, and the uncovered World."""
    C = s.C
    n_of = C.amb_op[op]
    if n_of is None:
        return 0
    relics, traits, traumas, world = C.amb_where[op]
    n = 0
    if relics:
        for c in s.relics[seat]:
            n += n_of[c]
    if traits:
        for c in s.traits[seat]:
            n += n_of[c]
    if traumas:
        for c in s.traumas[seat]:
            n += n_of[c]
    if world:
        for c in compress(s.world, s.up):     # the uncovered World
            n += n_of[c]
    return n


def limit(s, seat, op) -> int:
    """A card limit of ``seat``: 4 plus the continuous Effects on it that name ``op`` (one of
    LIMIT_OPS: hand size, Relic slots, Trait cards, Completed Wanders), never below 0."""
    return max(0, R.LIMIT + mod(s, seat, op))


def slots_used(s, seat):
    slots = s.C.slots
    n = 0
    for c in s.relics[seat]:
        n += slots[c]
    return n


def exceptionals(s, seat):
    exc = s.C.is_exceptional
    return sum(exc[c] for c in s.traits[seat])


def lowest_limits(table) -> tuple:
    """The lowest each limit can go with this card file (every lowering effect at once), so that
    most checks need not add up the modifiers: a count within it is within the limit. In LIMIT_OPS
    order: hand size, Relic slots, Trait cards, Completed Wanders."""
    return tuple(R.LIMIT + sum(n for effs in table for o, n in effs if o == op and n < 0) for op in LIMIT_OPS)


def first_over_limit(s) -> int:
    """The first seat over one of its limits now, or -1 (``over_limit`` for every seat, written out
    for the whole table: a count within the lowest its limit can go needs no sum of the modifiers)."""
    C = s.C
    slots, exceptional, exceptionals = C.slots, C.is_exceptional, C.exceptionals
    _, slots_low, traits_low, wanders_low = C.lowest
    relics, traits, wanders = s.relics, s.traits, s.wanders
    for t in range(s.players):
        used = 0
        for c in relics[t]:
            used += slots[c]
        if used > slots_low and used > limit(s, t, "relic-slots"):
            return t
        held = traits[t]
        n = len(held)
        if n > traits_low and n > limit(s, t, "trait-limit"):
            return t
        if n > R.EXCEPTIONAL_LIMIT and not exceptionals.isdisjoint(held):
            n = 0
            for c in held:
                if exceptional[c]:
                    n += 1
            if n > R.EXCEPTIONAL_LIMIT:
                return t
        n = len(wanders[t])
        if n > wanders_low and n > limit(s, t, "wander-limit"):
            return t
    return -1


def over_limit(s, seat) -> str:
    """Which limit ``seat`` is over now ('' when none): "they must discard down ... immediately"."""
    _, slots_low, traits_low, wanders_low = s.C.lowest
    used, traits, wanders = slots_used(s, seat), len(s.traits[seat]), len(s.wanders[seat])
    if used > slots_low and used > limit(s, seat, "relic-slots"):
        return "relics"
    if traits > traits_low and traits > limit(s, seat, "trait-limit"):
        return "traits"
    if traits > R.EXCEPTIONAL_LIMIT and exceptionals(s, seat) > R.EXCEPTIONAL_LIMIT:
        return "traits"
    if wanders > wanders_low and wanders > limit(s, seat, "wander-limit"):
        return "wanders"
    return ""
