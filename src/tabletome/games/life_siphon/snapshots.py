"""What Life Siphon's snapshot lays out itself, and what its zones cannot say alone: core writes
and reads the declared zones (state.py); this module writes and reads the parts laid out by
quadrant and by attack (``quadrants``, ``supply``, ``turn_state``, ``attack``, ``phase``), checks
the position (every card placed once, the decision against the stack) and is the one place where
older forms are rewritten into today's (``migrate``: before the core decision stack, a ``flow``
object).

The format, and how to write a position by hand, is described in RULES.md ("Snapshots"). The core
writes and reads the decision stack (``stack``, ``decision``) by frame name (frames.py).
"""

from __future__ import annotations

import msgspec

from ...core import IllegalAction
from ...core.registry import game as registered_game
from .board import AREA_KEYS, AREA_OF, CAP, NUM_AREAS, QUADRANT_NAMES, SLOTS, START, empty_board, qn
from .frames import FRAMES
from .ruleset import M_MAIN, M_START, MAX_LIFE, MARK_NAMES, PHASE_NAMES, RIVER_CARDS
from .steps import ATTACK, ATTACK_TARGET, BLOCK, BREATH_WEAPON, END, MAIN, NAMES, RESOLVE, TURN, WINDOW, phase_of

UNSET = msgspec.UNSET


# --- the parts laid out by the game --------------------------------------------------------------------------
class Space(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A familiar on a space, with what it carries until the end of the turn."""
    familiar: str
    damage: int = 0
    attack_bonus: int = 0
    defense_bonus: int = 0
    moved: bool = False
    attacked: bool = False
    blocked: bool = False
    breath: bool = False


Row = list[str | Space | None]  # an area's spaces: empty, a familiar's name, or a Space


class Quadrant(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    life: int | None | msgspec.UnsetType = UNSET    # default 20; null for a Lair
    summoning: Row = []
    movement: Row = []
    river: Row = []
    battleground: Row = []
    pool: list[str] | msgspec.UnsetType = UNSET     # default: the personal familiars not on the board


def _whole(value, name, low, high, where):
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IllegalAction(f"{where} {name!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


def find_quadrant(st, name, where):
    """The quadrant a snapshot names (``turn``)."""
    names = [qn(st, q) for q in range(st.R.Q)]
    if name not in names:
        raise IllegalAction(f"{where} must be one of {', '.join(names)}, not {name!r}")
    return names.index(name)


# --- writing ---------------------------------------------------------------------------------
def slot_snapshot(st, s):
    f = st.kind[s]
    if f < 0:
        return None
    name = st.R.cards.fam_names[f]
    extra = {key: getattr(st, key)[s] for key in ("damage", "attack_bonus", "defense_bonus") if getattr(st, key)[s]}
    extra.update((flag, True) for flag, bit in MARK_NAMES if st.flags[s] & bit)
    return {"familiar": name, **extra} if extra else name


def quadrants(st):
    """Each quadrant by name: its life (null for a Lair), its four areas' spaces, its pool."""
    R = st.R
    fams = R.cards.fam_names
    quads = {}
    for q in range(R.Q):
        base = q * SLOTS
        entry = {"life": st.life[q] if R.has_life[q] else None}
        for a, key in enumerate(AREA_KEYS):
            entry[key] = [slot_snapshot(st, base + i) for i in range(START[a], START[a] + CAP[a])]
        entry["pool"] = [fams[f] for f in range(R.nf) if (st.pool[q] >> f) & 1]
        quads[qn(st, q)] = entry
    return quads


def phase(st):
    return PHASE_NAMES[phase_of(st)]


def supply(st):
    R = st.R
    return {R.cards.fam_names[f]: st.supply[f] for f in R.supply_kinds}


# --- reading ---------------------------------------------------------------------------------
def restore(st, data):
    """The declared zones (core), then the parts laid out here, every card placed once, and the
    decision asked again (or a position written by hand started at its phase)."""
    R = empty_board(st)
    cards = R.cards
    st.zones.restore(st, data)
    restore_quadrants(st, data.quadrants)
    # by default, the shared familiars not on the board
    st.supply = [R.f_supply[f] - st.kind.count(f) if f in R.supply_kinds else 0 for f in range(R.nf)]
    for name, count in data.supply.items():
        f = cards.familiar_of(name, "snapshot supply")
        if not 0 <= count <= R.f_supply[f]:
            raise IllegalAction(f"snapshot supply {name!r} must be a whole number from 0 to {R.f_supply[f]}")
        st.supply[f] = count
    # cards: a hand-written position may leave out the deck (the cards placed nowhere else, in
    # card-list order) and the River (the top 3 of the deck)
    river = st.river
    if st.deck is None:
        used = st.zones.held_counts(st)
        st.deck = [k for k in range(R.n) for _ in range(max(0, R.copies[k] - used[k]))][::-1]
    used = st.zones.held_counts(st)   # (the River given or not, the discard pile, the hands, the deck)
    for k in range(R.n):
        if used[k] != R.copies[k]:
            raise IllegalAction(f"snapshot cards: {used[k]} {cards.names[k]} placed, but this deck has {R.copies[k]}")
    if river is None:
        st.river = [st.deck.pop() if st.deck else -1 for _ in range(RIVER_CARDS)]
    # a seat's vials left out: all of them unused
    st.vials = [st.vials[s] if name in (data.vials or ()) else R.all_vials for s, name in enumerate(st.seat_names)]
    if st.turn < 0:
        st.turn = 0
    check_attack(st)
    phase = data.phase
    if st.decision is not None or st.stack and phase != "over":
        restore_decision(st, phase)
    elif phase == "over":
        st.stack = []
    else:
        start_at(st, phase)


def restore_quadrants(st, quads):
    """The board, life and pools of ``quadrants`` (by quadrant name; every one may be left out)."""
    R = st.R
    cards = R.cards
    st.life = [0] * R.Q
    st.pool = [0] * R.Q
    qnames = [qn(st, q) for q in range(R.Q)]
    extra = sorted(set(quads) - set(qnames))
    if extra:
        raise IllegalAction(f"snapshot 'quadrants': no quadrant {extra[0]!r} in this game; quadrants are: {', '.join(qnames)}")
    for q, qname in enumerate(qnames):
        entry = quads.get(qname) or Quadrant()
        where = f"snapshot quadrant {qname!r}"
        if R.has_life[q]:
            life = MAX_LIFE if entry.life is UNSET else entry.life
            st.life[q] = _whole(life, "life", -99, MAX_LIFE, where)
        elif entry.life is not UNSET and entry.life is not None:
            raise IllegalAction(f"{where}: the Lairs do not track life, so 'life' must be null")
        for a, key in enumerate(AREA_KEYS):
            row = getattr(entry, key)
            if len(row) > CAP[a]:
                raise IllegalAction(f"{where} {key!r} must be a list of at most {CAP[a]} spaces")
            for j, item in enumerate(row):
                if item is not None:
                    restore_slot(st, q * SLOTS + START[a] + j, item, f"{where} {key} space {j + 1}")
        if entry.pool is not UNSET:
            for name in entry.pool:
                f = cards.familiar_of(name, f"{where} pool")
                if f not in R.personal_kinds:
                    raise IllegalAction(f"{where} pool: {name!r} is not a personal familiar of this game")
                st.pool[q] |= 1 << f
        else:
            for f in R.personal_kinds:
                if f not in st.kind[q * SLOTS:(q + 1) * SLOTS]:
                    st.pool[q] |= 1 << f


def restore_slot(st, s, item, where):
    R = st.R
    if isinstance(item, str):
        item = Space(familiar=item)
    f = R.cards.familiar_of(item.familiar, where)
    if not R.in_game[f] and not (R.madness and R.f_pool[f] == 0):
        raise IllegalAction(f"{where}: {item.familiar} is not used in this game (check the module options)")
    st.kind[s] = f
    st.area_count[(s // SLOTS) * NUM_AREAS + AREA_OF[s % SLOTS]] += 1
    st.damage[s] = _whole(item.damage, "damage", 0, 99, where)
    st.attack_bonus[s] = _whole(item.attack_bonus, "attack_bonus", -99, 99, where)
    st.defense_bonus[s] = _whole(item.defense_bonus, "defense_bonus", -99, 99, where)
    st.flags[s] = sum(bit for name, bit in MARK_NAMES if getattr(item, name))


def check_attack(st):
    """The attack's spaces are on the board (slots are quadrant x 13 + space, RULES.md)."""
    n = st.R.Q * SLOTS
    if (not -1 <= st.attacker < n or not -1 <= st.target < n or any(not 0 <= b < n for b in st.blockers)
            or any(not -1 <= b < n for b in st.breath_points)):
        raise IllegalAction("snapshot 'attack' names a space that is not on this board (slots are "
                            f"quadrant x {SLOTS} + space, 0 to {n - 1})")


def restore_decision(st, phase):
    """A game in progress: the decision is asked again, so it must fit the position."""
    if phase not in PHASE_NAMES:
        raise IllegalAction(f"snapshot 'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
    decision = st.decision
    if phase == "over":
        raise IllegalAction("snapshot: the game is over, so it has no 'decision' and an empty 'stack'")
    if decision is None:
        raise IllegalAction("snapshot: a game in progress needs a 'decision' (the frame a seat is asked)")
    stands = PHASE_NAMES[phase_of(st)]
    if phase != stands:
        raise IllegalAction(f"snapshot 'phase' is {phase!r}, but its stack and decision stand in the {stands!r} "
                            "phase (the phase is read from them)")
    if decision[0] in (BLOCK, BREATH_WEAPON, ATTACK_TARGET, RESOLVE) \
            and (st.attacker < 0 or st.defender < 0 and decision[0] != ATTACK_TARGET):
        raise IllegalAction(f"snapshot decision {FRAMES.encode(decision)!r} needs an attack in progress ('attack')")
    st.ask_again()   # (core: it must ask this decision and leave a legal action)


def start_at(st, phase):
    """A position written by hand: the start of a turn, of its Attack Phase or of its Main Phase."""
    q = st.turn
    R = st.R
    seat = R.q_seat[q]
    first = seat if seat >= 0 else 0
    if phase in ("start", "regenerate"):
        if q == 0:
            st.round = max(0, st.round - 1)  # the turn's start moves the round tracker on
        st.stack = [(TURN, q)]
    elif phase == "attack" and not R.is_lair[q]:
        st.attack_phase = True
        st.stack = [(END, q), (MAIN, q), (WINDOW, M_MAIN, (first + 1) % st.players, 0, seat),
                      (ATTACK, q), (WINDOW, M_START, first, 0, -1)]
    elif phase == "main" and not R.is_lair[q]:
        st.stack = [(END, q), (MAIN, q)]
    else:
        raise IllegalAction("snapshot 'phase' of a position written by hand (no 'decision') must be start, "
                            f"attack or main (start for a Lair's turn), not {phase!r}")
    st.run()


# --- the older form --------------------------------------------------------------------------
def migrate(data):
    """Snapshots written before the core decision stack kept it in ``flow``: ``{stack, decision,
    to_move, attack: [attacker, kind, target, kind, defender, blockers, breath]}`` with tasks
    named as frames are now. Rewrite that form into today's."""
    if not isinstance(data, dict) or "flow" not in data:
        return data
    data = dict(data)
    flow = data.pop("flow")
    if flow is None:
        return data
    if not isinstance(flow, dict):
        raise IllegalAction("snapshot 'flow' must be an object")
    stack = flow.get("stack", [])
    if not isinstance(stack, list):
        raise IllegalAction("snapshot flow 'stack' must be a list")
    for task in stack + [flow.get("decision")]:
        if task is not None and (not isinstance(task, list) or not task or task[0] not in NAMES):
            raise IllegalAction(f"snapshot flow: each task is [name, numbers...] with a name from {', '.join(NAMES)}")
    to_move = flow.get("to_move")
    players = data.get("players", 2)
    if to_move is not None and (not isinstance(to_move, int) or isinstance(to_move, bool)
                                or not 0 <= to_move < (players if isinstance(players, int) else 4)):
        raise IllegalAction(f"snapshot flow 'to_move' must be a seat number or null, not {to_move!r}")
    if data.get("phase") == "over":
        stack, decision = [], None   # the older form could keep queued triggers after the end
    else:
        decision = flow.get("decision")
    data["stack"] = stack
    data["decision"] = decision
    att = flow.get("attack")
    if att is not None:
        if (not isinstance(att, list) or len(att) != 7 or not all(isinstance(x, int) for x in att[:5])
                or not isinstance(att[5], list) or not isinstance(att[6], list)):
            raise IllegalAction("snapshot flow 'attack' must be [attacker, kind, target, kind, defender, blockers, breath]")
        data["attack"] = _old_attack(data, att)
    return data


def _old_attack(data, att):
    """The older ``[attacker, kind, target, kind, defender, blockers, breath]`` as today's object."""
    attacker, attacker_kind, target, target_kind, defender, blockers, breath = att
    if attacker == attacker_kind == target == target_kind == defender == -1 and not blockers and not breath:
        return None
    game = registered_game("life-siphon")
    cards = game.check_cards(data["cards"], "the snapshot's card file") if data.get("cards") else game.cards
    options = data.get("options", {})
    players, resolved = game.resolve_options(data.get("players"), options if isinstance(options, dict) else {})
    R = game.ruleset(players, resolved, data.get("cards"))
    ruleset_names = [QUADRANT_NAMES[R.qname[q]] for q in range(R.Q)]
    fams = cards.fam_names

    def fam(k):
        if k == -1:
            return None
        if not 0 <= k < len(fams):
            raise IllegalAction(f"snapshot flow 'attack': no familiar number {k}")
        return fams[k]

    if defender != -1 and not 0 <= defender < len(ruleset_names):
        raise IllegalAction("snapshot flow 'attack' names a space or quadrant that is not on this board")
    return {"attacker": attacker, "attacker_familiar": fam(attacker_kind), "target": target,
            "target_familiar": fam(target_kind),
            "defender": ruleset_names[defender] if defender != -1 else None,
            "blockers": blockers, "breath": breath}
