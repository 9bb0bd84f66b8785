"""The turn, phase by phase ("Part 2: Turns and Phases"), with the free actions of every phase.

"During all Phases, the Player may play Events from their hand, or use Effects on cards in their
Play Area." A phase frame offers the phase's own actions, those free actions and "end phase"; it
comes back after each action until the player ends it. A phase where "end phase" is the only
choice passes without asking.
"""

from __future__ import annotations

from itertools import compress

from . import ruleset as R
from .adventures import qualifying, adventure_limited, attempt
from .backgrounds import activatable, activate, spark_ready, use_spark, use_story, use_achievement
from .cards import RELIC, ADVENTURE, STORY, ACHIEVEMENT
from .choices import discard_from_hand, named
from .effects import depart, draw_legend, may_discard_a_card, use, publish, op_mill_life, remove_from_world
from .limits import limit, slots_used, first_over_limit, mod
from .modes import end_of_turn
from .names import (TURN, PHASE, NEXT_PHASE, END_TURN, TRIM, CONTEMPLATION, WORLD, LIFE, RESOLUTION, HAND, USE, DRAW_LIFE,
                    DISCARD, D_PERPETUAL, REMOVE_PERPETUAL, EMPTINESS)
from .world import (can_fill, empty_spaces, fill_from_deck, place_from_hand, place_over_atmosphere,
                    atmosphere_space, atmosphere_allowed, uncover, may_wander, wander_targets,
                    start_wander, farwandering, start_farwander)
from . import trading


# --- the turn ----------------------------------------------------------------------------------
def run_turn(s, frame):
    """"The 1st Player begins their turn." Phases 1 to 4, then the next Player clockwise."""
    _, seat = frame
    s.active = seat
    s.turn += 1
    s.reset_turn_flags()
    s.offered = 0
    s.words_bought = []
    if s.logging:
        s.say_fmt(None, "Turn {}: {}.", s.turn, s.seat_name(seat))
    if s.ai.get(seat) == "emptiness":
        s.push((EMPTINESS, seat), (END_TURN, seat))
    else:
        s.push((PHASE, seat, CONTEMPLATION), (PHASE, seat, WORLD), (PHASE, seat, LIFE),
               (PHASE, seat, RESOLUTION), (END_TURN, seat))
    # Ambient "at the start of each turn" effects in the World (War)
    C = s.C
    if not C.turn_start.isdisjoint(s.world):
        for c in compress(s.world, s.up):   # the uncovered World
            for op, n in C.amb[c]:
                if op == "mill-life":
                    op_mill_life(s, seat, n, c)
    return False


def run_end_turn(s, frame):
    """"The Game is over at the end of the turn when the Legend Deck becomes empty." and each mode's
    victory (modes.py); else "Move to next Player.\""""
    _, seat = frame
    if not end_of_turn(s, seat):
        s.stack.append((TURN, (seat + 1) % s.players))
    return False


# --- a phase --------------------------------------------------------------------------------------
def run_phase(s, frame):
    """A phase; as NEXT_PHASE, the phase after one that passed without asking: it begins at once,
    nothing having changed since the limits were checked, with no free actions (they do not depend
    on the phase)."""
    index, seat, phase = frame
    s.phase = phase
    if index == PHASE:
        # "If an Effect lowers a Player's slots, they must discard down ... immediately" (every limit)
        t = first_over_limit(s)
        if t >= 0:
            s.push((TRIM, t), frame)
            return False
        legal = phase_legal(s, frame)
    else:
        frame = (PHASE, seat, phase)
        legal = phase_legal(s, frame, ())
    if len(legal) > 1 or legal[0].kind != "end":
        return s.ask_with(seat, frame, legal)
    end_phase(s, frame)   # "end phase" is the only choice: the phase passes without asking
    stack = s.stack
    if stack and stack[-1][0] == PHASE and not s.triggers:
        stack[-1] = (NEXT_PHASE, *stack[-1][1:])
    return False


def end_phase(s, frame, action=None):
    """The phase ends (its "end phase", or run_phase when that is the only choice)."""
    _, seat, phase = frame
    if phase == WORLD and s.logging and not s.acted:
        s.say(f"{s.seat_name(seat)} takes no World Action.")
    if phase == LIFE:
        s.words_bought = []


def phase_legal(s, frame, free=None):
    """The phase's own actions, the free actions (``free``, when the caller knows them already) and
    "end phase" when the phase may end now."""
    _, seat, phase = frame
    A = s.table
    out = []
    over_hand = False
    if phase == RESOLUTION:
        # "During this Phase, the Player must discard down to their maximum hand size." Until then
        # the phase cannot end; "During all Phases, the Player may play Events from their hand, or
        # use Effects on cards in their Play Area" still holds (RULES.md, "Phase 4 over the hand size").
        held = len(s.hand[seat])
        if held > s.C.lowest[0] and held > limit(s, seat, "hand-size"):
            over_hand = True
            out = named(s, "discard", s.hand[seat])
    if phase == CONTEMPLATION:
        out = relics_to_bring(s, seat)
    world_actions = []
    if phase == WORLD and not s.acted:
        world_actions = world_legal(s, seat)
        out += world_actions
    if phase == LIFE:
        activate = A.activate
        for c in activatable(s, seat):
            out.append(activate[c])
        if farwandering(s):
            out += farwander_buys(s, seat)
    out += free_legal(s, seat) if free is None else free
    # "Empty spaces must be filled before the current Phase ends"; "must draw the top Legend Deck
    # card if no other World Action is taken" (so World ends only after a World Action, unless none
    # is possible)
    if (not over_hand and (-1 not in s.world or not can_fill(s, seat))
            and not (phase == WORLD and not s.acted and world_actions)):
        out.append(A.end)
    if not out:
        out.append(A.end)
    return out


def world_legal(s, seat):
    A = s.table
    C = s.C
    out = []
    world, up = s.world, s.up
    if s.legend_deck:
        out.append(A.draw)
    # one look at the World: its covered cards (to uncover, to Wander on) and its uncovered Adventures
    covered, adventures = [], []
    kind = C.kind
    for k in range(R.WORLD_SPACES):
        c = world[k]
        if c >= 0:
            if not up[k]:
                covered.append(k)
            elif kind[c] == ADVENTURE:
                adventures.append(c)
    uncover = A.uncover
    for k in covered:
        out.append(uncover[k])
    if may_wander(s, seat):
        wander = A.wander
        for k in wander_targets(s, covered):
            out.append(wander[k])
        if farwandering(s):
            for t in range(s.players):
                if t != seat and s.ai.get(t) != "emptiness":
                    on_t = A.farwander[t]
                    for j in range(min(len(s.wanders[t]), 10)):
                        out.append(on_t[j])
    if adventures:
        if adventure_limited(s, seat):
            adventures = [c for c in adventures if C.perpetual[c]]
        attempt_of = A.adventure
        for c, level in qualifying(s, seat, adventures):
            out.append(attempt_of[c][level])
    return out


def free_legal(s, seat):
    """What the Player may do in every phase of their turn: "During all Phases, the Player may play
    Events from their hand, or use Effects on cards in their Play Area."
    """
    A = s.table
    C = s.C
    out = []
    hand = s.hand[seat]
    from_hand, is_atmosphere = A.from_hand, C.is_atmosphere
    for c in hand:
        a = from_hand[c]
        if a is not None:
            out.append(a)
        elif is_atmosphere[c] and atmosphere_allowed(s) and atmosphere_space(s) >= 0:
            out.append(A.over[c])
    used = s.used
    turn_use = A.turn_use
    relics, traits = s.relics[seat], s.traits[seat]
    for pile in (relics, traits):
        for c in pile:
            a = turn_use[c]
            if a is not None and not (used >> c) & 1:
                out.append(a)
    use = A.use
    story, p = s.story[seat], s.path[seat]
    if story >= 0:
        out.append(use[story])
    if p >= 0 and not (used >> p) & 1:
        out.append(use[p])
    if story >= 0 and p >= 0 and spark_ready(s, seat):
        out.append(A.spark)
    # "The Player may discard a Completed Wander and draw a card from the Life Deck."
    wanders = s.wanders[seat]
    if wanders and (s.life_deck or s.life_discard):
        out += A.turn_in[:len(wanders)]
    world = s.world
    # "At any time during the Player's turn, they may discard a card to remove a Perpetual Adventure"
    if not C.perpetuals.isdisjoint(world) and may_discard_a_card(s, seat):
        for c, uncovered in zip(world, s.up):
            if uncovered and c >= 0 and C.perpetual[c]:
                out.append(A.perpetual[c])
    # empty World spaces
    if -1 in world:
        deck = s.legend_deck
        kind = C.kind
        placeable = [c for c in hand if kind[c] == ADVENTURE or (is_atmosphere[c] and atmosphere_allowed(s))]
        place = A.place
        for k in empty_spaces(s):
            if deck:
                out.append(A.fill[k])
            for c in placeable:
                out.append(place[c][k])
    if s.players > 1 and relics and not s.offered:
        out += trading.offers(s, seat)
    if len(wanders) >= R.FW_TRAUMA_PRICE and farwandering(s):
        fw_trauma = A.fw_trauma
        for c in s.traumas[seat]:
            out.append(fw_trauma[c])
    return out


def farwander_buys(s, seat):
    """Farwander Mode's Phase 3 purchases with Completed Wanders."""
    if s.activated:
        return []
    get, n = s.table.get, len(s.wanders[seat])
    out = [get("fw_word", w) for w in range(len(R.SMALL_WORDS) + len(R.GREAT_WORDS)) if n >= word_price(w)]
    if n >= R.FW_STORY_PRICE and s.story[seat] < 0 and mod(s, seat, "no-background") <= 0:
        out += [get("fw_story", c) for c in s.backgrounds if s.C.kind[c] == STORY]
    return out


def relics_to_bring(s, seat):
    """"The Player may bring Relics from hand into play": those that fit the free Relic slots."""
    C = s.C
    kind, slots, relic = C.kind, C.slots, s.table.relic
    room = None    # (the free Relic slots, counted at the first Relic in hand)
    out = []
    for c in s.hand[seat]:
        if kind[c] == RELIC:
            if room is None:
                room = limit(s, seat, "relic-slots") - slots_used(s, seat)
            if slots[c] <= room:
                out.append(relic[c])
    return out


# --- resolving a phase's choice ----------------------------------------------------------------------
# Each action kind of a phase has its rule (the phase frame's ``on``); the phase goes on after every
# one but "end phase" (the frame's ``until``: the core puts the phase back on the stack first).
def by_seat(rule):
    """The rule of a phase action that is ``rule(s, seat, *the action's numbers)``."""
    return lambda s, frame, action: rule(s, frame[1], *action.args)


def world_action(rule):
    """A World Action's rule: "the Player must attempt one of the following World Actions" (the
    turn's one is taken: ``acted``), then ``rule(s, seat, *the action's numbers)``."""
    def take(s, frame, action):
        s.acted = True
        rule(s, frame[1], *action.args)
    return take


def bring_relic(s, seat, card, when=""):
    """"The Player may bring Relics from hand into play" (``when``: before the first turn)."""
    s.hand[seat].remove(card)
    s.relics[seat].append(card)
    publish(s, card)
    s.say_fmt(None, "{} brings {} into play{}.", s.seat_name(seat), s.C.names[card], when)


def buy_word(s, seat, w):
    pay_wanders(s, seat, word_price(w))
    s.words_bought.append(w)
    s.say_fmt(None, "{} spends Completed Wanders for {} this phase.", s.seat_name(seat), (R.SMALL_WORDS + R.GREAT_WORDS)[w])


def buy_story(s, seat, card):
    pay_wanders(s, seat, R.FW_STORY_PRICE)
    activate(s, seat, card, bought=True)


def buy_trauma_removal(s, seat, card):
    pay_wanders(s, seat, R.FW_TRAUMA_PRICE)
    s.traumas[seat].remove(card)
    depart(s, card)
    s.say_fmt(None, "{} spends Completed Wanders to remove {}.", s.seat_name(seat), s.C.names[card])


def word_price(w):
    """The Completed Wanders a Life Word costs: a small one, or a great one."""
    return R.FW_WORD_PRICE if w < len(R.SMALL_WORDS) else R.FW_GREAT_WORD_PRICE


def pay_wanders(s, seat, n):
    for _ in range(n):
        depart(s, s.wanders[seat].pop(0))


# the free actions of every phase
def play_event(s, seat, card):
    # "Hand Effect: Events played from a hand use the Hand Effect and are discarded afterward."
    s.hand[seat].remove(card)
    depart(s, card)
    publish(s, card)
    s.say_fmt(None, "{} plays {}.", s.seat_name(seat), s.C.names[card])
    use(s, seat, card, HAND)


def use_card(s, seat, card):
    k = s.C.kind[card]
    if k == STORY:
        use_story(s, seat)
    elif k == ACHIEVEMENT:
        use_achievement(s, seat, card)
    else:
        s.used |= 1 << card
        s.say_fmt(None, "{} uses {}.", s.seat_name(seat), s.C.names[card])
        use(s, seat, card, USE)


def turn_in_wander(s, seat, j):
    card = s.wanders[seat].pop(j)
    depart(s, card)
    s.say_fmt(None, "{} turns in a Completed Wander ({}) for a Life card.", s.seat_name(seat), s.C.names[card])
    s.stack.append((DRAW_LIFE, seat))


def remove_perpetual(s, seat, card):
    s.push((DISCARD, seat, D_PERPETUAL, -1), (REMOVE_PERPETUAL, seat, s.world.index(card)))


PHASE_ACTIONS = {
    "end": end_phase, "discard": discard_from_hand, "relic": by_seat(bring_relic),
    # Phase 2's World Actions
    "draw": world_action(draw_legend), "uncover": world_action(uncover), "wander": world_action(start_wander),
    "farwander": world_action(start_farwander), "adventure": world_action(attempt),
    # Phase 3: Backgrounds, and Farwander Mode's purchases with Completed Wanders
    "activate": by_seat(activate), "fw_word": by_seat(buy_word), "fw_story": by_seat(buy_story),
    "fw_trauma": by_seat(buy_trauma_removal),
    # free actions
    "play": by_seat(play_event), "over": by_seat(place_over_atmosphere), "use": by_seat(use_card),
    "spark": by_seat(use_spark), "turn_in": by_seat(turn_in_wander), "perpetual": by_seat(remove_perpetual),
    "fill": by_seat(fill_from_deck), "place": by_seat(place_from_hand), "offer": by_seat(trading.make_offer),
    "offer_for": by_seat(trading.make_offer),
}


def run_remove_perpetual(s, frame):
    """"...the Effect is foolproof." (no Interfere window)"""
    _, seat, k = frame
    if s.world[k] >= 0 and s.C.perpetual[s.world[k]]:
        remove_from_world(s, k)
    return False


# --- before the first turn ---------------------------------------------------------------------------
def setup_relics_legal(s, frame):
    """6. Play Relics: "Players may bring Relics into play now if they choose.\""""
    return relics_to_bring(s, frame[1]) + [s.table.get("done")]


def resolve_setup_relics(s, frame, action):
    if action.kind != "done":
        bring_relic(s, frame[1], action.args[0], " before the first turn")
