"""Spirit Link's rules of thumb, for the heuristic agent and for search cut-offs.

``choose`` is given a determinized copy (the agent re-deals what its seat cannot see), so reading
the copy's fields is reading only what the seat knows plus a guess.
"""

import math

from .ruleset import COMBAT, LIMIT, PREPARE, SPRING, TRADE, WINDOW

EXPECTED_INCOMING = 5.0   # a rough guess of what the opponent deals in a turn


def card_value(state, p, k) -> float:
    """How much keeping card ``k`` is worth to seat ``p`` (higher keeps)."""
    R = state.R
    cards = R.cards
    hand = state.hand[p]
    if cards.is_form[k]:
        value = form_value(state, p, k, EXPECTED_INCOMING, ignore_mana=True)
    elif k in cards.abilities:
        value = 3.0 if hand[cards.for_form[k]] else 0.5
    elif R.firebolt[k]:
        value = 9.0
    elif R.gain_mana[k]:
        value = 2.0
    else:
        value = 1.5
    return value - 0.8 * (hand[k] - 1)  # later copies are worth less


def form_value(state, p, k, incoming, ignore_mana=False) -> float:
    """Damage dealt plus damage avoided, minus the mana it costs, for transforming into ``k``."""
    R = state.R
    cards = R.cards
    hand, mana = state.hand[p], state.mana[p]
    damage, cost = cards.damage, cards.cost
    dealt = damage[k]
    avoided = 0.0
    left = mana - cost[k]
    for a in cards.abilities_for[k]:
        if hand[a] and cost[a] <= left:
            if R.unreducible[a]:
                dealt += damage[a]
            elif R.attacks_times[a]:
                dealt += damage[k] * (cards.attacks[a] - 1)
            elif R.extra_damage_and_mana[a]:
                dealt += damage[a]
    if R.sheep[k]:
        avoided = incoming - 12.0  # the risk of meeting a Wolf is losing the game
    elif R.halves[k]:
        avoided = incoming / 2
    elif R.reduces[k]:
        avoided = min(float(cards.reduce[k]), incoming)
    elif R.coin_escape[k]:
        avoided = incoming / 2
    if R.bloodgenesis[k]:
        dealt *= 2  # its damage comes back as life
    price = 0.0 if ignore_mana else cards.cost[k] * (0.45 if mana >= 10 else 0.75)
    return dealt + avoided - price


def incoming_now(state, p) -> float:
    """What the revealed opponent will deal to ``p`` before protections."""
    R = state.R
    o = 1 - p
    f = state.form[o]
    base = R.cards.damage[f] if f >= 0 else 0
    return base + (R.cards.damage[R.firebolt_kind] * state.bolts[o] if state.bolts[o] else 0)


def wary(state, rng):
    """``choose``, except that a seat holding a Wolf transforms into it: the policy ISMCTS plays
    rollouts and models the other seat with. ``choose`` alone rarely answers a face-down Sheep with
    a Wolf, so a search modelling it thinks a Sheep nearly safe; a random or human opponent is not
    so kind ("you will be eaten by the wolf. (If this happens, you immediately loose.)")."""
    if state.decision[0] == PREPARE:
        eats = state.R.eats_sheep
        for a in state.legal_actions():
            if a.kind == "transform" and eats[a.args[0]]:
                return a
    return choose(state, rng)


def choose(state, rng):
    p = state.to_move
    legal = state.legal_actions()
    frame = state.decision
    kind = frame[0]
    if kind == TRADE or kind == SPRING or kind == LIMIT:
        return choose_discard(state, p, legal, kind == SPRING)
    if kind == PREPARE:
        return choose_preparation(state, p, legal)
    if kind == WINDOW and frame[1] == COMBAT:
        return choose_combat(state, p, legal)
    return choose_end(state, p, legal)


def choose_discard(state, p, legal, spring):
    act = state.R.act
    kinds = [a.args[0] for a in legal if a.kind == "discard"]
    worst = min(kinds, key=lambda k: (card_value(state, p, k), k))
    if spring:
        if card_value(state, p, worst) > 1.6 or state.health[p] >= 30:
            return act.stop
    return act.discard[worst]


def choose_preparation(state, p, legal):
    R = state.R
    act = R.act
    scored = [(form_value(state, p, a.args[0], EXPECTED_INCOMING), -a.id, a) for a in legal if a.kind == "transform"]
    best, best_value = None, -99
    if scored:
        best_value, _, best = max(scored, key=lambda t: (t[0], t[1]))
    if best_value < 2.0 and act.trade in legal and state.hand_size[p] >= 4:
        return act.trade
    for a in legal:
        if a.kind == "spell" and R.gain_mana[a.args[0]] and state.mana[p] < 11:
            return a
    if best is not None:
        return best
    return act.no_form


def choose_combat(state, p, legal):
    R = state.R
    act = R.act
    o = 1 - p
    incoming = incoming_now(state, p)
    fo = state.form[o]
    opp_protected = fo >= 0 and R.sheep[fo] or (state.ability[o] >= 0 and R.pay_life[state.ability[o]])
    for a in legal:
        if a.kind != "ability":
            continue
        k = a.args[0]
        if R.pay_life[k]:
            if incoming > 5 and state.health[p] > 8:
                return a
        elif R.coin_escape[k]:
            if incoming >= 4 and not (fo >= 0 and R.cannot_escape[fo]):
                return a
        elif R.vs_demon[k]:
            if (fo >= 0 and R.is_demon[fo]) or R.blood_claw == "heal-only":
                return a
        elif not opp_protected:
            return a
    for a in legal:
        if a.kind == "spell":
            k = a.args[0]
            if R.firebolt[k] and not opp_protected:
                return a
            if R.gain_mana[k] and state.mana[p] < 12:
                return a
    if act.buy in legal and state.mana[p] >= 11:
        return act.buy
    return act.pass_


def choose_end(state, p, legal):
    R = state.R
    act = R.act
    for a in legal:
        if a.kind == "spell" and R.firebolt[a.args[0]] and state.mana[p] >= 8:
            return a
    if act.buy in legal and state.mana[p] >= 10:
        return act.buy
    if act.trade in legal and state.hand_size[p] > 9:
        return act.trade
    return act.pass_


def evaluate(state, seat) -> float:
    """An estimate in [0, 1] of how well ``seat`` stands: health first, then mana and cards."""
    if state.is_over:
        return state.outcome(seat)
    o = 1 - seat
    edge = (state.health[seat] - state.health[o]) + 0.35 * (state.mana[seat] - state.mana[o])
    edge += 0.25 * (state.hand_size[seat] - state.hand_size[o])
    edge += 0.3 * (len(state.deck[seat]) - len(state.deck[o])) if min(len(state.deck[seat]), len(state.deck[o])) < 6 else 0
    return 1.0 / (1.0 + math.exp(-edge / 6.0))
