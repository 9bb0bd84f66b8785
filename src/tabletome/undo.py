"""Undo for every interface (the terminal and the server), decided through the contract alone.

A seat may take back its last decision (and the computer's replies since) when nothing since
then let it learn something it could not see, and no die, coin or shuffle was used:

- chance: the state's RNG must stand where it stood before that decision (``snapshot()["rng"]``;
  any shuffle, die or coin draws from it);
- hidden information: for each action since, the seat's view after it must follow from what the
  seat could see before it. We re-deal what the seat could not see (``determinize``) a few times;
  if in one of those deals no legal action gives the seat the view it really got, the action
  showed it something (a card drawn, a card played from another hand, a face-down card turned).
- another person: undo never reaches back past another human seat's decision.

What an AI seat saw is forgotten with its reply (agents decide from the state each time).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import tabletome
from tabletome.core import IllegalAction, Rng

SAMPLES = 6


@dataclass
class UndoPoint:
    state: object = None
    reason: str = ""
    taken: list = field(default_factory=list)


def undo_point(state, seat: int, other_humans, agents) -> UndoPoint:
    """The state before ``seat``'s last decision, or the reason it cannot be taken back."""
    record = state.record()
    actions = record["actions"]
    replayed = tabletome.replay({**record, "actions": []})
    before = []           # (state before the action, who moved)
    for text in actions:
        before.append((replayed.clone(), replayed.to_move))
        replayed.apply(text)
    mine = [i for i, (_, who) in enumerate(before) if who == seat]
    if not mine:
        return UndoPoint(reason="you have made no decision yet")
    k = mine[-1]
    for j in range(k + 1, len(actions)):
        if before[j][1] in other_humans:
            return UndoPoint(reason=f"{state.seat_name(before[j][1])} has decided since (ask them to undo first)")
    states = [b for b, _ in before[k:]] + [state]
    for j in range(k, len(actions)):
        s0, s1 = states[j - k], states[j - k + 1]
        who = before[j][1]
        # another seat's choice is never named: it may be hidden from this seat
        what = f"your choice '{actions[j]}'" if who == seat else f"{state.seat_name(who)}'s reply"
        if s0.snapshot()["rng"] != s1.snapshot()["rng"]:
            return UndoPoint(reason=f"{what} used chance (a shuffle, die or coin)")
        if reveals(s0, actions[j], s1, seat):
            return UndoPoint(reason=f"{what} showed you something you could not see before")
    taken = []
    for j in range(k, len(actions)):
        who = before[j][1]
        name = f"'{actions[j]}'" if who == seat else f"{state.seat_name(who)}'s reply"
        if not taken or taken[-1] != name:
            taken.append(name)
    return UndoPoint(state=before[k][0], taken=taken)


def reveals(before, action_text: str, after, seat: int, samples: int = SAMPLES) -> bool:
    """Did ``action_text`` (taken in ``before``, giving ``after``) show ``seat`` anything hidden?"""
    target = after.view(seat)
    mover = before.to_move
    for i in range(samples):
        deal = before.determinize(seat, Rng(1000 + i))
        if mover == seat:
            candidates = [action_text]
        else:
            candidates = [str(a) for a in deal.legal_actions()]
        if not any(_same(deal, text, seat, target) for text in candidates):
            return True
    return False


def _same(deal, text, seat, target) -> bool:
    copy = deal.clone()
    try:
        copy.apply(text)
    except IllegalAction:
        return False
    return copy.view(seat) == target
