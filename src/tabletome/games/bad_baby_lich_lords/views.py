"""What each seat sees (``view``).

Public: everything on the table (both sides of every realm, each card's side up and whether it
acted this turn), the top card of each bone pile and any card known to lie under it, the top
realm card of each realm pile and the pile sizes, the score piles, the burn pile, the size of each
hand and of the spell deck, the open decision and the chain. Private: the spells in a hand (its
owner sees them), the order of the spell deck, the hidden cards of the bone piles and the realm
cards under the top one.
"""

from __future__ import annotations

from collections import Counter

from ...core.zones import names_of
from .effects import EFFECT_NAMES, FACTIONS, SKILLS, SPELLS
from .frames import FRAMES
from .places import BONE, BURNED, HELD
from .ruleset import NOISE_TO_WIN, PERFORM, PLACE_NAMES, STIRS, SUMMON, TURN
from .turn import PHASE_NAMES


def view(state, seat):
    R = state.R
    L, C = state.L, R.cards
    fixed = R.view_fixed
    # a card as it lies now is faces[c][up[c]][acted[c]] (one shared dict: read it, never change it),
    # in plain loops: views show many cards in short lists, where a call a card, or a comprehension
    # a list, costs more than the work itself
    faces, up, acted = C.card_views, state.up, state.acted
    bone, sides_of, rpile = state.bone, state.sides, state.rpile
    realms = []
    for r, number, adjacent, slots in fixed["realms"]:
        pile = bone[r]
        top = rpile[r]
        cards = {}
        for side, slot in slots:
            row = cards[side] = []
            for c in sides_of[slot]:
                row.append(faces[c][up[c]][acted[c]])
        known = []   # the bone pile's known cards, top first
        for c in pile[:-1 - state.known[r]:-1]:
            known.append(faces[c][up[c]][acted[c]])
        realms.append({
            "number": number,
            "faction": FACTIONS[state.order[r]],
            "adjacent": adjacent,
            "realm": C.realm_views[top[-1]] if top else None,
            "realm_pile": len(top),
            "bone_pile": {"size": len(pile), "known": known},
            "cards": cards,
        })
    return {
        "game": "bad-baby-lich-lords",
        "mode": L.mode,
        "seat": seat,
        "players": L.players,
        "seat_names": fixed["seat_names"],
        "turn": state.turn,
        "active": state.active,
        "to_move": state.to_move,
        "phase": phase_name(state),
        "noise_to_win": NOISE_TO_WIN,
        "sides": sides_view(state),
        "seat_sides": fixed["seat_sides"],
        "seat_realms": fixed["seat_realms"],
        "realms": realms,
        "held": faces[state.held][up[state.held]][acted[state.held]] if state.held >= 0 else None,
        "spell_deck": len(state.deck),
        "burn": {"cards": [C.names[c] for c in state.burn], "spells": burned_spells(state)},
        "hands": hands_view(state, seat),
        "artifact": state.artifact + 1 if state.artifact >= 0 else None,
        "decision": decision_view(state),
        "chain": chain_view(state),
        "over": state.is_over,
        "winners": list(state.winners),
        "scores": state.scores,
    }


def sides_view(state) -> list:
    """Each side of the table: its name and label, its seats, its noise and its score pile."""
    score_views = state.R.cards.score_views
    return [{"side": side, "label": label, "seats": seats, "noise": state.noise[s],
             "score_pile": [score_views[rid] for rid in state.scored[s]]}
            for s, (side, label, seats) in enumerate(state.R.view_fixed["sides"])]


def burned_spells(state) -> dict:
    """The burned spells, {name: count}, in the order they were burned."""
    return dict(Counter(SPELLS[t] for t in state.burn_spells))


def hands_view(state, seat, hands=None):
    """Each hand's size (``hands``: as a spectator sees them, read only); the spells in it for its
    owner only."""
    if hands is None:
        hands = [{"seat": p, "name": name, "size": sum(state.hand[p])} for p, name in enumerate(state.L.seat_names)]
    if seat is None:
        return hands
    hands = list(hands)
    hands[seat] = {**hands[seat], "spells": names_of(SPELLS, state.hand[seat])}
    return hands


def seat_view(state, seat, public):
    """What ``seat`` sees that a spectator (``public``) does not: its own spells (core's ``views``)."""
    return {"seat": seat, "hands": hands_view(state, seat, public["hands"])}


def phase_name(state) -> str:
    return PHASE_NAMES[2] if state.is_over else PHASE_NAMES[state.phase]


def decision_view(state):
    """The open decision as ``pending`` writes it, each number in the words of its field (frames.py):
    a card by its place (as in RULES.md), a realm by its number, a skill or a spell by its name; then
    the name of the card it is about, if any."""
    frame = state.decision
    if frame is None:
        return None
    d = {"decision": FRAMES[frame[0]].name}
    for field, value in zip(FRAMES[frame[0]].fields, frame[1:]):
        if field == "card":
            d["card"] = card_place(state, value)
        elif field == "why":
            d["for"] = PLACE_NAMES[value]
        elif field == "first":
            d["skills"] = [SKILLS[value], SKILLS[frame[3]]]
        elif field == "skill":
            d["skill"] = SKILLS[value]
        elif field == "realm":
            d["realm"] = value + 1
        elif field == "effect":
            d["spell"] = EFFECT_NAMES[value]
    if "card" in d:
        d["card_name"] = state.R.cards.names[frame[1]]
    return d


def chain_view(state) -> list:
    """The chain frames waiting below the decision, innermost last, as RULES.md writes them."""
    return [chain_item(state, frame) for frame in state.stack if frame[0] != TURN]


def chain_item(state, frame) -> list:
    """One chain frame (not the turn menu) as ``chain_view`` writes it."""
    kind = frame[0]
    if kind == PERFORM:
        return ["perform", card_place(state, frame[1]), frame[2]]
    if kind == STIRS or kind == SUMMON:     # a realm by its number
        return [FRAMES[kind].name, frame[1] + 1, *frame[2:]]
    return [FRAMES[kind].name, *frame[1:]]


def card_place(state, c) -> str:
    """Where card ``c`` is, as a place: 'realm 2 north 1', 'bone pile 1 [card N]', 'held'."""
    q = state.loc[c]
    L = state.L
    if q == HELD:
        return "held"
    if BONE <= q < HELD:
        pile = state.bone[q - BONE]
        depth = len(pile) - 1 - pile.index(c)
        return f"bone pile {q - BONE + 1}" + (f" card {depth + 1}" if depth else "")
    if 0 <= q < BONE:
        r, x = divmod(q, L.ns)
        return f"realm {r + 1} {L.side_names[x]} {state.sides[q].index(c) + 1}"
    return "burned" if q == BURNED else "out"
