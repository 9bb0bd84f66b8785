"""The four AI opponents, played by their cards (cards.toml, ``[[opponent]]``, ours: the rulebook
says their instructions are on oversized cards it does not print).

Each decides from what a player in its seat could see: its own hand and Play Area, the uncovered
World, public piles, and the die (the state's seeded rng). ``decide`` follows the card's priority
list for the decision at hand; The Emptiness has its own turn (``emptiness_turn``).
"""

from __future__ import annotations

from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE, EXCEPTIONAL, TRAUMA, PATH, ACHIEVEMENT
from .effects import roll, world_covered, publish, take_space, top_legend
from .names import PHASE, WORLD, LIFE, RESOLUTION, ON_EFFECT, ON_ROLL
from .limits import limit


# the moment each AI card Interferes at: Golden Horse Hexes rolls; Geoffrey Disrupts Effects;
# Matathias "avoids conflict": never
INTERFERES = {"golden-horse": ON_ROLL, "geoffrey": ON_EFFECT}


def interferes(s, seat, moment) -> bool:
    return INTERFERES.get(s.ai[seat]) == moment


def value(s, card) -> int:
    """The rule of thumb an AI card discards by: Legends a card is worth to hold."""
    C = s.C
    kind = C.kind[card]
    if kind == RELIC:
        return 10 + C.cards[card].legends * 3 + (2 if C.word[card] else 0)
    if kind == ADVENTURE:
        return 4 + C.cards[card].legends
    if kind == ACHIEVEMENT:
        return 30
    return 6


DISCARD_ORDER = {"matathias": (ADVENTURE, EVENT, RELIC), "golden-horse": (EVENT, RELIC, ADVENTURE),
                 "geoffrey": (ADVENTURE, RELIC, EVENT)}


def decide(s, seat, frame, legal):
    kind = s.ai[seat]
    by_kind = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if frame[0] == PHASE:
        return phase_choice(s, seat, frame[2], kind, by_kind, legal)
    if "interfere" in by_kind:
        return by_kind["interfere"][0]
    if "accept" in by_kind:
        # Matathias "accepts every Relic given" (an offer for nothing: TRADE_ANSWER's take < 0); everyone declines trades
        return by_kind["accept"][0] if kind == "matathias" and frame[4] < 0 else by_kind["decline"][0]
    if "contest" in by_kind:
        return by_kind["no_contest" if kind == "matathias" else "contest"][0]
    if "keep" in by_kind and s.C.kind[by_kind["keep"][0].args[0]] != TRAUMA:   # (a Trauma offered: discarded)
        return by_kind["keep"][0]
    if "roll" in by_kind:   # (Matathias Wanders by an Event when he has one)
        return first(by_kind, ("by_event", "roll") if kind == "matathias" else ("roll",), None)
    if "discard" in by_kind:
        return lowest(s, by_kind["discard"], kind)
    if "give" in by_kind:
        return by_kind["give"][0]
    return legal[0]


def first(by_kind, kinds, otherwise):
    """The first action of the first of ``kinds`` (action kinds, in the card's order) offered, else ``otherwise``."""
    for k in kinds:
        if k in by_kind:
            return by_kind[k][0]
    return otherwise


def lowest(s, actions, kind):
    order = DISCARD_ORDER.get(kind, (EVENT, ADVENTURE, RELIC))
    C = s.C

    def rank(a):
        card = a.args[0]
        k = C.kind[card]
        return (order.index(k) if k in order else len(order), value(s, card))
    return min(actions, key=rank)


def phase_choice(s, seat, phase, kind, by_kind, legal):
    C = s.C
    end = by_kind.get("end", [None])[0]
    if phase == RESOLUTION and "discard" in by_kind and end is None:
        return lowest(s, by_kind["discard"], kind)
    # relics into play, the most Legends first (every card: Phase 1)
    if "relic" in by_kind:
        return max(by_kind["relic"], key=lambda a: C.cards[a.args[0]].legends)
    # empty World spaces
    if kind == "golden-horse":
        for a in by_kind.get("place", ()):
            if C.kind[a.args[0]] == ADVENTURE:
                return a
    if "fill" in by_kind:
        return by_kind["fill"][0]
    if phase == WORLD and not by_kind.keys().isdisjoint(("draw", "uncover", "wander", "adventure")):
        return world_choice(s, seat, kind, by_kind, legal)
    if phase == LIFE and "activate" in by_kind:   # (Story, Path, Achievement: the kinds' own order)
        return min(by_kind["activate"], key=lambda a: C.kind[a.args[0]])
    if kind == "golden-horse":
        for a in by_kind.get("play", []):
            if any(e.op == "opponents-discard" for e in C.cards[a.args[0]].hand):
                return a
        for a in by_kind.get("use", ()):
            if C.kind[a.args[0]] == PATH:
                return a
        if "spark" in by_kind:
            return by_kind["spark"][0]
    if kind == "geoffrey":
        for a in by_kind.get("play", ()):
            if C.cards[a.args[0]].timing == "turn":
                return a
        for a in by_kind.get("use", ()):
            if C.kind[a.args[0]] in (RELIC, EXCEPTIONAL, PATH):
                return a
        if "turn_in" in by_kind:
            return by_kind["turn_in"][0]
    if kind == "matathias" and "turn_in" in by_kind and len(s.wanders[seat]) >= limit(s, seat, "wander-limit"):
        return by_kind["turn_in"][0]
    return end if end is not None else legal[0]


def world_choice(s, seat, kind, by_kind, legal):
    C = s.C
    if kind == "matathias":
        # 1-4: Wander if he may, else uncover; 5-6: draw (so that a Wanderer who keeps failing, with
        # Doubt or Fog on his rolls, still runs the Legend Deck down)
        return first(by_kind, ("wander", "uncover", "draw") if roll(s) <= 4 else ("draw", "uncover", "wander"), legal[0])
    if kind == "golden-horse":
        # a Trait or Life Challenge he qualifies for, on an Adventure worth Legends (not Perpetual)
        adventures = [a for a in by_kind.get("adventure", []) if not C.perpetual[a.args[0]]]
        earned = [a for a in adventures if C.cards[a.args[0]].challenges[a.args[1]].level != "III"]
        if earned:
            return max(earned, key=lambda a: C.cards[a.args[0]].legends)
        fate = [a for a in adventures if C.cards[a.args[0]].challenges[a.args[1]].level == "III"]
        r = roll(s)
        if r == 1 and fate:
            return max(fate, key=lambda a: C.cards[a.args[0]].legends)
        if r <= 4 and "uncover" in by_kind:
            return by_kind["uncover"][0]
        return first(by_kind, ("draw", "uncover", "wander"), legal[0])
    # Geoffrey: 1-3 draw, 4-5 uncover, 6 Wander; else the first of the others he may
    r = roll(s)
    order = ("draw", "uncover", "wander") if r <= 3 else ("uncover", "wander", "draw") if r <= 5 else ("wander", "draw", "uncover")
    return first(by_kind, order, legal[0])


# --- The Emptiness ----------------------------------------------------------------------------------
def devour(s, seat, k):
    card = take_space(s, k)
    publish(s, card)
    s.adventures[seat].append(card)
    s.say_fmt(None, "The Emptiness devours {} from space {}.", s.C.names[card], k + 1)


def emptiness_turn(s, seat):
    """Its card: roll the die; devour; fill every empty space from the top of the Legend Deck."""
    C = s.C
    r = roll(s)
    s.say_fmt(None, "The Emptiness rolls {}.", r)
    covered = world_covered(s)
    uncovered = [k for k in range(R.WORLD_SPACES) if s.world[k] >= 0 and s.up[k]
                 and not (s.mode == "war" and s.world[k] == C.war)]
    if r <= 2:
        if covered:
            devour(s, seat, covered[0])
    elif r <= 4:
        if uncovered:
            best = max(uncovered, key=lambda k: C.cards[s.world[k]].legends if C.kind[s.world[k]] == ADVENTURE else 0)
            devour(s, seat, best)
        elif covered:
            devour(s, seat, covered[0])
    elif r == 5:
        if s.legend_deck:
            card = top_legend(s)
            publish(s, card)
            s.adventures[seat].append(card)
            s.say_fmt(None, "The Emptiness devours the top Legend card, {}.", C.names[card])
    else:
        if covered:
            devour(s, seat, covered[0])
        uncovered = [k for k in uncovered if s.world[k] >= 0]
        if uncovered:
            devour(s, seat, uncovered[0])
    for k in range(R.WORLD_SPACES):
        if s.world[k] < 0 and s.legend_deck:
            s.world[k] = top_legend(s)
