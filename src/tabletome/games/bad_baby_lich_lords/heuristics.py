"""The heuristic agent's rules of thumb (it plays on a determinized copy, so it sees no more than
its seat may).

At every decision it tries each option on a copy, finishes the rest of the chain with a quick
greedy choice, imagines ending the turn there (realms are scored, the Cursed Artifact takes its
turn) and keeps the option whose position looks best:
- noise made, by whom;
- how close each side is to the requirements of each realm it contests (and bans it breaks),
  weighted by the realm's noise: near-complete realms of the opponent are threats, since they
  would score them at the end of a turn -- even at the end of ours (Lich Law 15.2);
- spells in hand and skeletons on one's own side are resources;
- Solitaire: the Cursed Artifact's living minions per realm, and the cards left in the bone piles.
"""

from __future__ import annotations

import math

from .ruleset import TURN
from .scoring import held, icon_sums, side_satisfies
from .turn import end_turn

WIN = 1000.0
NOISE = 10.0
REALM = 3.5
SPELL = 0.6
SKELETON = 0.3
MINION_W = 0.25
QUICK_LIMIT = 40     # most sub-decisions a quick chain finish takes before giving up


def choose(state, rng):
    """The option whose imagined end of turn looks best for the seat to move."""
    seat = state.to_move

    def judge(copy):
        # play the seat's remaining decisions of this action or spell greedily (one step deep)
        steps = 0
        while copy.to_move == seat and copy.decision[0] != TURN and steps < QUICK_LIMIT:
            steps += 1
            copy.apply(_pick(copy, None, lambda after: _static(after, seat)))
        if not copy.is_over and copy.to_move == seat and copy.decision[0] == TURN:
            end_turn(copy)     # imagine ending the turn now: scoring, the artifact's turn
        return _static(copy, seat)

    return _pick(state, rng, judge)


def quick(state, rng):
    """A fast version of ``choose`` for search rollouts: the option whose position right after
    it looks best, without finishing the chain or imagining the end of the turn."""
    seat = state.to_move
    return _pick(state, rng, lambda copy: _static(copy, seat))


def _pick(state, rng, judge):
    """The legal action whose resulting position ``judge`` values most (ties broken at random;
    ``rng`` None: the first)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    best, best_value = legal[0], -math.inf
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        value = judge(copy) + rng.random() * 1e-3 if rng is not None else judge(copy)
        if value > best_value:
            best, best_value = action, value
    return best


def evaluate(state, seat) -> float:
    """An estimate in [0, 1] of how well ``seat`` stands, on the scale of ``outcome``: the chance of
    winning; in Solitaire, the expected outcome, with that chance of a win worth the bone pile
    cards left now (they only dwindle) and otherwise a loss worth the noise made."""
    if state.is_over:
        return state.outcome(seat)
    chance = 1.0 / (1.0 + math.exp(-_static(state, seat) / 15.0))
    if not state.L.solitaire:
        return chance
    return chance * state.solitaire_win_worth() + (1.0 - chance) * state.solitaire_loss_worth()


# --- the position ---------------------------------------------------------------------------------------
def _static(state, seat) -> float:
    L, R = state.L, state.R
    C = R.cards
    if state.is_over:
        if seat in state.winners:
            return WIN + (state.bone_pile_cards() if L.solitaire else 0)
        if not state.winners and not L.solitaire:
            return 0.0
        return -WIN + (state.noise[0] if L.solitaire else 0)
    mine = L.seat_side[seat]
    ns, artifact = L.ns, L.artifact_side
    others = ns - 1
    other_sign = -1.0 / others if others else 0.0
    artifact_sign = -0.5 if R.artifact_scores else 0.0
    signs = [1.0 if s == mine else artifact_sign if s == artifact else other_sign for s in range(ns)]
    value = 0.0
    noise = state.noise
    for s in range(ns):
        if s != artifact:
            value += signs[s] * NOISE * noise[s]
    up = state.up
    cache = R.progress
    sides, rpile, realms = state.sides, state.rpile, C.realms
    for r in range(L.nr):
        pile = rpile[r]
        for s in L.realm_sides[r]:
            cards = sides[r * ns + s]
            if not cards:
                continue   # an empty side adds nothing
            sign = signs[s]
            if pile and sign:
                # a realm's progress depends only on the realm card and the side's cards, each up
                # or down: it repeats across a search's copies, so it is remembered per rule set
                rid = pile[-1]
                key = (rid, *[c if up[c] else -1 - c for c in cards])
                progress = cache.get(key)
                if progress is None:
                    progress = cache.keep(key, _progress(realms[rid], cards, up, C))
                value += sign * REALM * realms[rid].noise * progress
            if s == mine:
                for c in cards:
                    value += MINION_W if up[c] else SKELETON
    value += SPELL * sum(state.hand[seat])
    if L.solitaire:
        value += _artifact_danger(state)
        value += 0.05 * state.bone_pile_cards()
    return value


def _progress(realm, cards, up, C) -> float:
    """1 when the side satisfies the realm, else a share (below 0.8) of its requirements met."""
    if side_satisfies(realm, cards, up, C):
        return 1.0
    minions = [c for c in cards if up[c]]
    skeletons = [c for c in cards if not up[c]]
    icons = icon_sums(minions, C.icons)
    mask = C.mask
    met = need = 0
    for req in realm.requires:
        met += min(held(req, minions, skeletons, icons, mask), req[1])
        need += req[1]
    share = 0.8 * met / need
    for ban in realm.bans:
        if held(ban, minions, skeletons, icons, mask) >= ban[1]:
            share *= 0.3
    return share


def _artifact_danger(state) -> float:
    """Solitaire: the Cursed Artifact's living minions, worst where it raises next."""
    L = state.L
    up = state.up
    danger = 0.0
    for r in range(L.nr):
        living = sum(1 for c in state.sides[r * L.ns + L.artifact_side] if up[c])
        if r == state.artifact and state.bone[r]:
            living += 1   # it raises here next
        danger += (0.0, 1.0, 4.0, 60.0, 80.0)[min(living, 4)]
    return -danger
