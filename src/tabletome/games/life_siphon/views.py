"""What each seat sees beside the declared zones: ``view_more`` and ``seat_view`` (snapshots are in snapshots.py)."""

from ...core.zones import bits
from .board import AREA_KEYS, CAP, SLOTS, START, fam, qn
from .frames import FRAMES
from .ruleset import MARK_NAMES, MOMENTS, PHASE_NAMES
from .snapshots import supply
from .spells import source_name
from .steps import ATTACK, MAIN, NAMES, TARGET, WINDOW, phase_of

WINDOW_ASKS = "Fast Cast response"


# --- views ---------------------------------------------------------------------------------
def slot_view(st, s):
    """The familiar in the occupied slot ``s``, one shared dict for each way a familiar can stand
    (read it, never change it)."""
    f = st.kind[s]
    flags = st.flags[s]
    key = (f, st.attack_bonus[s], st.defense_bonus[s], st.damage[s], flags)
    info = st.R.slot_views.get(key)
    if info is None:
        R = st.R
        info = {
            "familiar": R.cards.fam_names[f],
            "attack": R.f_attack[f] + st.attack_bonus[s],
            "defense": R.f_defense[f] + st.defense_bonus[s],
            "damage": st.damage[s],
        }
        info.update((name, bool(flags & bit)) for name, bit in MARK_NAMES)
        if len(R.slot_views) < SLOT_VIEWS_KEPT:
            R.slot_views[key] = info
    return info


SLOT_VIEWS_KEPT = 4096     # ways a familiar stands remembered per rule set (bonuses have no bound)


# each area's key and its spaces in a quadrant
AREA_SPACES = tuple((key, START[a], START[a] + CAP[a]) for a, key in enumerate(AREA_KEYS))


def quadrant_view(st, q):
    R = st.R
    base = q * SLOTS
    kinds = st.kind
    # the quadrant's spaces in order, an empty one (most) without a call
    spaces = [slot_view(st, s) if kinds[s] >= 0 else None for s in range(base, base + SLOTS)]
    return {**fixed_quadrants(st)[q], "life": st.life[q] if R.has_life[q] else None,
            "areas": {key: spaces[start:end] for key, start, end in AREA_SPACES},
            "pool": [R.cards.fam_names[f] for f in bits(st.pool[q])]}


def fixed_quadrants(st):
    """What a view shows of each quadrant that the rule set fixes (it is made per number of
    players): its name, role, seat and controllers. Made once and shared by every view: read
    them, never change them."""
    R = st.R
    got = R.__dict__.get("_view_fixed")
    if got is None:
        def seat_name(p):
            return st.seat_name(p) if p >= 0 else None
        got = R._view_fixed = [{"name": qn(st, q), "role": "lair" if R.is_lair[q] else "ghost" if R.is_ghost[q] else "player",
                                "seat": R.q_seat[q] if R.q_seat[q] >= 0 else None, "controller": seat_name(R.ctrl[q]),
                                "attack_controller": seat_name(R.actrl[q])} for q in range(R.Q)]
    return got


def decision_view(st):
    frame = st.decision
    if frame is None:
        return None
    asks = WINDOW_ASKS if frame[0] == WINDOW else FRAMES[frame[0]].asks
    info = {"seat": st.to_move, "choice": asks or NAMES[frame[0]]}
    if frame[0] == WINDOW:
        info["moment"] = MOMENTS[frame[1]]
    elif frame[0] == TARGET:
        info["source"] = source_name(st, frame[6])
    elif frame[0] in (MAIN, ATTACK):
        info["quadrant"] = qn(st, frame[1])
    return info


def attack_view(st):
    if st.attacker < 0 and st.defender < 0:
        return None
    return {
        "attacker": fam(st, st.attacker) if st.attacker >= 0 else None,
        "defender": qn(st, st.defender) if st.defender >= 0 else None,
        "target": fam(st, st.target) if st.target >= 0 else None,
        "blockers": [fam(st, b) for b in st.blockers if st.kind[b] >= 0],
        "breath": ["life" if t < 0 else fam(st, t) for t in st.breath_points if t < 0 or st.kind[t] >= 0],
    }


def view_more(st, seat, view):
    """What a view shows beside the declared zones (core's ``Zones.view``: the round, whose turn,
    the River, the deck's size, the discard pile, each player's hand for its owner only, the cards
    everyone saw it take, its Aspect and Vials): the phase, the decision, the board, the supply,
    the attack and the cards in play; each player's quadrant and hand size."""
    R = st.R
    view["mode"] = st.options["mode"]
    view["phase"] = PHASE_NAMES[phase_of(st)]
    view["decision"] = decision_view(st)
    view["quadrants"] = [quadrant_view(st, q) for q in range(R.Q)]
    for s, info in enumerate(view["players"]):
        info["quadrant"] = qn(st, R.seat_q[s])
        info["hand_size"] = len(st.hand[s])
        if not R.vials_on:
            info["vials"] = None
    view["supply"] = supply(st)
    view["aspects_aside"] = [R.cards.aspect_names[a] for a in range(R.na) if a not in st.aspect] if R.uses_aspects else []
    view["attack"] = attack_view(st)
    view["modules"] = R.modules_view
    view["catalogue"] = catalogue(st)
    if R.madness:
        view["madness"] = madness_view(st)


def seat_view(st, seat, public):
    """What ``seat`` sees that a spectator (``public``) does not: its own hand (core's
    ``Zones.seat_view``), then what everyone sees of its player (``view_more``'s part)."""
    own = st.zones.seat_view(st, seat, public)
    own["players"][seat] |= public["players"][seat]
    return own


def madness_view(st):
    return {"round_tracker": st.round, "life_gained_this_turn": st.gained, "defeated": st.defeated,
            "score": list(st.final) if st.final is not None else None}


def catalogue(st):
    """The cards, Aspects and Familiars in play with their texts: the same for every view of a
    ruleset, so made once and shared (do not modify a view's catalogue)."""
    R = st.R
    catalogue = R.__dict__.get("_view_catalogue")
    if catalogue is None:
        cards = R.cards
        catalogue = R._view_catalogue = {
            "cards": {c.name: {"speed": c.speed, "cost": c.cost, "text": c.text, "origin": c.origin,
                               "numbers_designed": c.origin == "rulebook" and "designed" in c.note}
                      for k, c in enumerate(cards.cards) if R.copies[k]},
            "aspects": {a.name: {"trigger": a.trigger, "cost": a.cost, "text": a.text, "origin": a.origin}
                        for a in cards.aspects} if R.uses_aspects else {},
            "familiars": {cards.fam_names[f]: {"cost": R.f_cost[f], "attack": R.f_attack[f],
                                               "defense": R.f_defense[f], "origin": cards.familiars[f].origin}
                          for f in R.summonable},
        }
    return catalogue
