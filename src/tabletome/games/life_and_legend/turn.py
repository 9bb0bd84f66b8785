"""The turn, phase by phase ("Part 2: Turns and Phases"), with the free actions of every phase.

"During all Phases, the Player may play Events from their hand, or use Effects on cards in their
Play Area." A phase frame offers the phase's own actions, those free actions and "end phase"; it
comes back after each action until the player ends it. A phase where "end phase" is the only
choice passes without asking.
"""

from __future__ import annotations

from . import ruleset as R
from .adventures import qualifying, adventure_limited, attempt
from .backgrounds import activatable, activate, spark_ready, use_spark, use_story, use_achievement
from .cards import RELIC, EVENT, ADVENTURE, TRAIT, EXCEPTIONAL, TRAUMA, STORY, PATH, ACHIEVEMENT
from .choices import discard_by_name
from .effects import depart, use, draw_legend, next_life, run_op, publish, op_mill_life, remove_from_world
from .limits import hand_limit, slot_limit, slots_used, first_over_limit, mod
from .modes import end_of_turn
from .names import (TURN, PHASE, END_TURN, TRIM, CONTEMPLATION, WORLD, LIFE, RESOLUTION, PHASE_NAMES,
                    HAND, USE, DRAW_LIFE, DISCARD, D_PERPETUAL, REMOVE_PERPETUAL, TOP, REMOVE_TRAUMA, EMPTINESS)
from .world import (can_fill, empty_spaces, fill_from_deck, place_from_hand, place_over_atmosphere,
                    atmosphere_space, atmosphere_allowed, draw_action, uncover, may_wander, wander_targets,
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
    amb = s.C.amb
    for k in range(R.WORLD_SPACES):
        c = s.world[k]
        if c >= 0 and s.up[k]:
            for op, n in amb[c]:
                if op == "mill-life":
                    op_mill_life(s, seat, n, c)
    return False


def run_end_turn(s, frame):
    """"The Game is over at the end of the turn when the Legend Deck becomes empty." and each mode's
    victory (modes.py); else "Move to next Player.\""""
    _, seat = frame
    if end_of_turn(s, seat):
        return False
    s.stack.append((TURN, (seat + 1) % s.players))
    return False


# --- a phase --------------------------------------------------------------------------------------
def run_phase(s, frame):
    _, seat, phase = frame
    s.phase = phase
    # "If an Effect lowers a Player's slots, they must discard down ... immediately" (every limit)
    t = first_over_limit(s)
    if t >= 0:
        s.push((TRIM, t), frame)
        return False
    stack = s.stack
    free = None
    while True:
        legal = phase_legal(s, frame, free)
        if len(legal) > 1 or legal[0].kind != "end":
            s.cached = (frame, legal)
            return s.ask(seat, frame)
        end_phase(s, seat, phase)
        # the next phase begins at once: nothing has changed since the limits were checked, and
        # there are still no free actions (this phase had none, and they do not depend on the phase)
        if not stack or stack[-1][0] != PHASE or s.triggers:
            return False
        frame = stack.pop()
        _, seat, phase = frame
        s.phase = phase
        free = ()


def end_phase(s, seat, phase):
    if phase == WORLD and s.logging and not s.acted:
        s.say(f"{s.seat_name(seat)} takes no World Action.")
    if phase == LIFE:
        s.words_bought = []


def phase_legal(s, frame, free=None):
    """The phase's own actions, the free actions (``free``, when the caller knows them already) and
    "end phase" when the phase may end now."""
    _, seat, phase = frame
    A = s.table
    C = s.C
    out = []
    if phase == RESOLUTION:
        # "During this Phase, the Player must discard down to their maximum hand size."
        held = len(s.hand[seat])
        if held > C.lowest_hand and held > hand_limit(s, seat):
            seen = set()
            discard, canon = A.discard, C.canon
            for c in s.hand[seat]:
                a = discard[canon[c]]
                if a.id not in seen:
                    seen.add(a.id)
                    out.append(a)
            return out
    if phase == CONTEMPLATION:
        # "The Player may bring Relics from hand into play."
        kind = C.kind
        in_hand = [c for c in s.hand[seat] if kind[c] == RELIC]
        if in_hand:
            room = slot_limit(s, seat) - slots_used(s, seat)
            slots, relic = C.slots, A.relic
            for c in in_hand:
                if slots[c] <= room:
                    out.append(relic[c])
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
    if (-1 not in s.world or not can_fill(s, seat)) and not (phase == WORLD and not s.acted and world_actions):
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
            perpetual = C.perpetual
            adventures = [c for c in adventures if perpetual[c]]
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
    kind = C.kind
    hand = s.hand[seat]
    is_atmosphere, hand_effect = C.is_atmosphere, C.hand_effect
    for c in hand:
        k = kind[c]
        if k == EVENT:
            if is_atmosphere[c]:
                if atmosphere_allowed(s) and atmosphere_space(s) >= 0:
                    out.append(A.over[c])
            elif hand_effect[c]:
                out.append(A.play[c])
        elif k == ACHIEVEMENT:
            out.append(A.use[c])
    used = s.used
    use, turn_effect = A.use, C.turn_effect
    relics, traits = s.relics[seat], s.traits[seat]
    for c in relics:
        if turn_effect[c] and not (used >> c) & 1:
            out.append(use[c])
    for c in traits:
        if turn_effect[c] and not (used >> c) & 1:
            out.append(use[c])
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
        out += A.turn_in[:min(len(wanders), 10)]
    world = s.world
    # "At any time during the Player's turn, they may discard a card to remove a Perpetual Adventure"
    if (hand or relics or traits) and not C.perpetuals.isdisjoint(world):
        perpetual = C.perpetual
        for c, uncovered in zip(world, s.up):
            if uncovered and c >= 0 and perpetual[c]:
                out.append(A.perpetual[c])
    # empty World spaces
    if -1 in world:
        deck = s.legend_deck
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
    get = s.table.get
    out = []
    n = len(s.wanders[seat])
    if s.activated:
        return out
    if n >= R.FW_WORD_PRICE:
        for w in range(len(R.SMALL_WORDS)):
            out.append(get("fw_word", w))
    if n >= R.FW_GREAT_WORD_PRICE:
        for w in range(len(R.SMALL_WORDS), len(R.SMALL_WORDS) + len(R.GREAT_WORDS)):
            out.append(get("fw_word", w))
    if n >= R.FW_STORY_PRICE and s.story[seat] < 0 and mod(s, seat, "no-background") <= 0:
        for c in s.backgrounds:
            if s.C.kind[c] == STORY:
                out.append(get("fw_story", c))
    return out


# --- resolving a phase's choice ----------------------------------------------------------------------
def resolve_phase(s, frame, action):
    _, seat, phase = frame
    kind = action.kind
    if kind == "end":
        end_phase(s, seat, phase)
        return
    s.stack.append(frame)    # the phase goes on after this action
    args = action.args
    C = s.C
    if kind == "discard":
        discard_by_name(s, seat, args[0], s.hand[seat])
    elif kind == "relic":
        s.hand[seat].remove(args[0])
        s.relics[seat].append(args[0])
        publish(s, args[0])
        if s.logging:
            s.say(f"{s.seat_name(seat)} brings {C.names[args[0]]} into play.")
    elif kind == "draw":
        s.acted = True
        draw_action(s, seat)
    elif kind == "uncover":
        s.acted = True
        uncover(s, seat, args[0])
    elif kind == "wander":
        s.acted = True
        start_wander(s, seat, args[0], 0)
    elif kind == "farwander":
        s.acted = True
        start_farwander(s, seat, args[0], args[1])
    elif kind == "adventure":
        s.acted = True
        attempt(s, seat, args[0], args[1])
    elif kind == "activate":
        activate(s, seat, args[0])
    elif kind == "fw_word":
        pay_wanders(s, seat, R.FW_WORD_PRICE if args[0] < len(R.SMALL_WORDS) else R.FW_GREAT_WORD_PRICE)
        s.words_bought.append(args[0])
        if s.logging:
            s.say(f"{s.seat_name(seat)} spends Completed Wanders for {(R.SMALL_WORDS + R.GREAT_WORDS)[args[0]]} this phase.")
    elif kind == "fw_story":
        pay_wanders(s, seat, R.FW_STORY_PRICE)
        activate(s, seat, args[0], bought=True)
    elif kind == "fw_trauma":
        pay_wanders(s, seat, R.FW_TRAUMA_PRICE)
        s.traumas[seat].remove(args[0])
        depart(s, args[0])
        if s.logging:
            s.say(f"{s.seat_name(seat)} spends Completed Wanders to remove {C.names[args[0]]}.")
    else:
        resolve_free(s, seat, action)


def pay_wanders(s, seat, n):
    for _ in range(n):
        depart(s, s.wanders[seat].pop(0))


def resolve_free(s, seat, action):
    kind = action.kind
    args = action.args
    C = s.C
    if kind == "play":
        # "Hand Effect: Events played from a hand use the Hand Effect and are discarded afterward."
        card = args[0]
        s.hand[seat].remove(card)
        depart(s, card)
        publish(s, card)
        if s.logging:
            s.say(f"{s.seat_name(seat)} plays {C.names[card]}.")
        use(s, seat, card, HAND)
    elif kind == "over":
        place_over_atmosphere(s, seat, args[0])
    elif kind == "use":
        card = args[0]
        k = C.kind[card]
        if k == STORY:
            use_story(s, seat)
        elif k == ACHIEVEMENT:
            use_achievement(s, seat, card)
        else:
            s.used |= 1 << card
            if s.logging:
                s.say(f"{s.seat_name(seat)} uses {C.names[card]}.")
            use(s, seat, card, USE)
    elif kind == "spark":
        use_spark(s, seat)
    elif kind == "turn_in":
        card = s.wanders[seat].pop(args[0])
        depart(s, card)
        if s.logging:
            s.say(f"{s.seat_name(seat)} turns in a Completed Wander ({C.names[card]}) for a Life card.")
        s.stack.append((DRAW_LIFE, seat))
    elif kind == "perpetual":
        k = s.world.index(args[0])
        s.push((DISCARD, seat, D_PERPETUAL, -1), (REMOVE_PERPETUAL, seat, k))
    elif kind == "fill":
        fill_from_deck(s, seat, args[0])
    elif kind == "place":
        place_from_hand(s, seat, args[0], args[1])
    elif kind == "offer":
        trading.make_offer(s, seat, args[0], args[1], -1)
    elif kind == "offer_for":
        trading.make_offer(s, seat, args[0], args[1], args[2])
    else:
        raise ValueError(f"no rule for {action}")


def run_remove_perpetual(s, frame):
    """"...the Effect is foolproof." (no Interfere window)"""
    _, seat, k = frame
    if s.world[k] >= 0 and s.C.perpetual[s.world[k]]:
        remove_from_world(s, k)
    return False


# --- before the first turn ---------------------------------------------------------------------------
def setup_relics_legal(s, frame):
    """6. Play Relics: "Players may bring Relics into play now if they choose.\""""
    _, seat = frame
    get = s.table.get
    C = s.C
    room = slot_limit(s, seat) - slots_used(s, seat)
    out = [get("relic", c) for c in s.hand[seat] if C.kind[c] == RELIC and C.cards[c].slots <= room]
    out.append(get("done"))
    return out


def run_setup_relics(s, frame):
    legal = setup_relics_legal(s, frame)
    if len(legal) == 1:
        return False
    return s.ask(frame[1], frame)


def resolve_setup_relics(s, frame, action):
    if action.kind == "done":
        return
    _, seat = frame
    s.hand[seat].remove(action.args[0])
    s.relics[seat].append(action.args[0])
    publish(s, action.args[0])
    if s.logging:
        s.say(f"{s.seat_name(seat)} brings {s.C.names[action.args[0]]} into play before the first turn.")
    s.stack.append(frame)
