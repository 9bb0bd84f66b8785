"""What a snapshot's zones (state.py) cannot say alone: core writes and reads them; these are the
position's own checks and the facts derived from the stack.

Cards are written by label: the card's name, or "name #k" for the k-th copy of a Trait-Card
(copies after the first). A hand-written position may leave cards out: they go to the bottom of
their own deck, in card-file order. Frames on the stack hold card ids (their order in cards.toml,
Legend Deck first; RULES.md).
"""

from __future__ import annotations

from ...core import IllegalAction
from .effects import pending as pending_frames
from .names import DISRUPTED

LABEL_HINT = " (a card's name, or 'name #k' for the k-th copy of a Trait-Card)"


def pending(s):
    """The Effects used and not yet resolved, as the stack holds them (written for readers:
    restoring checks them against the stack)."""
    L = s.C.labels
    return [[f[1], L[f[2]], f[3], int(f[0] == DISRUPTED)] for f in pending_frames(s)]


def restored(s):
    """The position's checks once its zones are read; the cards it leaves out go to their decks."""
    C, n = s.C, s.players
    s.up = [bool(u) and s.world[k] >= 0 for k, u in enumerate(s.up)]
    placed = set(s.zones.held(s))
    for c in s.contest[1:]:
        if c >= 0:
            if not 0 <= c < C.n or c in placed:
                raise IllegalAction(f"Life & Legend snapshot field 'contest': card id {c} is not free")
            placed.add(c)
    # cards a hand-written position leaves out go to the bottom of their decks
    apathy = C.apathy if s.mode == "lore" else None
    s.legend_deck[:0] = [i for i in reversed(C.legend) if i not in placed]
    s.life_deck[:0] = [i for i in reversed(C.life) if i not in placed and i != apathy]
    s.backgrounds += [i for i in C.background if i not in placed]
    if not 0 <= s.active < n:
        raise IllegalAction(f"Life & Legend snapshot field 'active' is a seat, 0 to {n - 1}")
    if not 0 <= s.phase < 4:
        raise IllegalAction("Life & Legend snapshot field 'phase' is 0 to 3 (Contemplation, World, Life, Resolution)")


def resume(s, f):
    """The stack against the snapshot's ``pending`` and ``over``; a hand-written position with no
    stack plays on from its phase."""
    given = [[p[0], s.C.labels[s.zones.kind_of(s, p[1], "snapshot field 'pending'")], p[2], p[3]] for p in f.pending]
    if given and not f.over and given != pending(s):
        raise IllegalAction(f"Life & Legend snapshot field 'pending' lists {given}, but the stack's 'resolve' "
                            f"frames hold {pending(s)}: an Effect in use is a 'resolve' frame")
    if f.over:
        s.stack, s.decision, s.to_move = [], None, None
    elif s.decision is None:   # (core has asked a decision's seat already)
        if not s.stack:
            # a hand-written position: the rest of the active seat's turn
            make = s.frames.make
            s.stack = [make("end_turn", s.active)] + [make("phase", s.active, p) for p in range(3, s.phase - 1, -1)]
        s.run()
