"""The Life Siphon heuristic: rules of thumb for every decision, applied to a determinized copy
(so it sees only what its seat may see).

Main Phase: cast useful spells, move Familiars toward the Battleground, summon while life stays
above a reserve. Attack Phase: attack with everything, a Lich at a Familiar it can kill and survive.
Blocks: the subset of blockers (up to 3) that trades best, or any block against a lethal hit.
Windows: Fast Cast spells that change a combat, kill a Familiar or heal when low; otherwise pass.
"""

from collections import Counter
from itertools import combinations, groupby
from operator import attrgetter

from .board import AREA_OF, BATTLEGROUND, BG_START, NUM_AREAS, RIVER, SLOTS, START, SUMMONING
from .combat import blocker_candidates
from .effects import (E_ATTACK, E_DAMAGE, E_DEFENSE, E_DISCARD, E_DRAW, E_EQUIP, E_GAIN, E_LOSE, E_MOVE, E_SIPHON,
                      T_BG_FAMILIAR)
from .familiars import move_actions
from .ruleset import BLOCKED, M_BLOCKED, M_DECLARED, MADNESS_GAIN_CAP, MAX_BLOCKERS
from .steps import (ATTACK, ATTACK_TARGET, BLOCK, BREATH_WEAPON, DISCARD, DRAFT, EXTRA_MOVE, MAIN, MAY_DRAW,
                     NAMES as FRAME_NAMES, RIVER_DRAW, TARGET, VIAL, WINDOW)

_KIND = attrgetter("kind")
RIVER_START = START[RIVER]


def _value(R, f):
    """What a familiar on the board is worth, in life points."""
    return R.f_cost[f] + R.f_attack[f] + 1


def _def_left(s, st):
    return st.R.f_defense[st.kind[s]] + st.defense_bonus[s] - st.damage[s]


def _atk(s, st):
    return max(0, st.R.f_attack[st.kind[s]] + st.attack_bonus[s])


# Keep a life reserve against the attacks one can see coming: every Familiar in the Battleground
# of a seat that attacks ``q`` attacks at the start of that seat's next turn; Familiars in its
# River may move there and attack the turn after. With the reserve below 7, the old heuristic spent
# its life on Dread Knights (20 -> 6 in one turn) and died to the first attack.
THREAT_RESERVE = True
RESERVE_MARGIN = 1          # one life more than the attacks the board shows
RIVER_HALF = True


def threat(st, q, extra_blockers: int = 0) -> int:
    """The damage ``q`` can see coming at its attackers' next turn: the attack of their
    Battleground Familiars, less the strongest ones ``q``'s own Battleground Familiars can block
    (one each); with ``RIVER_HALF``, half the attack of their River Familiars too (a turn later)."""
    R = st.R
    kind, count, attack = st.kind, st.area_count, R.f_attack
    attacks = []
    later = 0
    for a in R.attackers[q]:   # the quadrants whose attacks land on q
        base = a * SLOTS
        if count[a * NUM_AREAS + BATTLEGROUND]:
            for f in kind[base + BG_START:base + SLOTS]:
                if f >= 0:
                    attacks.append(attack[f])
        if RIVER_HALF and count[a * NUM_AREAS + RIVER]:
            for f in kind[base + RIVER_START:base + BG_START]:
                if f >= 0:
                    later += attack[f]
    blockers = extra_blockers + count[q * NUM_AREAS + BATTLEGROUND]
    attacks.sort(reverse=True)
    return sum(attacks[blockers:]) + later // 2


def move_reserve(st, q, mine, action, reserve=None):
    """The life a move that costs life must leave: the reserve less 2; a move from the River into
    the Battleground adds a blocker, so it need keep only what the attacks would still bring past
    that blocker (less 2)."""
    if reserve is None:
        reserve = life_reserve(st, q, mine)
    i = action.args[1]
    if AREA_OF[i] == RIVER and THREAT_RESERVE and not st.R.madness:
        return min(reserve, max(7 if mine else 12, threat(st, q, 1) + RESERVE_MARGIN)) - 2
    return reserve - 2


def life_reserve(st, q, mine: bool) -> int:
    """The life the heuristic keeps when it summons, moves and casts: 7 (12 for a ghost seat it
    plays for someone else), or more when the attacks it can see coming would take more."""
    base = 7 if mine else 12
    if not THREAT_RESERVE or st.R.madness:
        return base
    return max(base, threat(st, q) + RESERVE_MARGIN)


def choose(st, rng):
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    fn = CHOOSER_OF_FRAME[st.decision[0]]
    return fn(st, st.to_move, legal, rng) if fn is not None else legal[0]


def _by_kind(legal, kind):
    return [a for a in legal if a.kind == kind]


class Tables:
    """The heuristic's tables, built once per rule set (kept on ``RuleSet.heuristic_tables``)."""

    def __init__(self, R):
        act = R.act
        # a cast action's effect, amount, target type and cost (its Slow Cast half's for cast_slow)
        self.cast_effect = {act.cast[k]: (*R.c_eff[k], R.c_cost[k]) for k in range(R.n)}
        self.cast_effect.update({act.cast_slow[k]: (*R.c_slow_eff[k], R.c_cost[k])
                                 for k in range(R.n) if R.c_slow_eff[k] is not None})
        # a move forward's score: the area it leaves (twice) and the familiar's attack
        self.forward_score = {act.move[f][i][1]: AREA_OF[i] * 2 + R.f_attack[f]
                              for f in range(R.nf) for i in range(SLOTS) if act.move[f][i][1] is not None}
        # what a familiar on the board is worth (_value)
        self.value = [_value(R, f) for f in range(R.nf)]
        # a summon's worth: attack and defense less its cost, 10 more for a free one
        self.summon_worth = {act.summon[f]: R.f_attack[f] + R.f_defense[f] - R.f_cost[f] + (10 if R.f_cost[f] == 0 else 0)
                             for f in range(R.nf)}
        # the Aspects equipped first, by trigger (the least first)
        self.draft_rank = {act.equip[a]: DRAFT_ORDER[R.a_trigger[a]] for a in range(R.na)}
        # a River card's worth: a Fast Cast first, then a damage spell
        self.river_worth = {act.river[k]: (R.c_fast[k], R.c_eff[k][0] == E_DAMAGE) for k in range(R.n)}
        # the slot a familiar target action aims at, and the quadrant a player target action aims at
        self.target_slot = {act.target_familiar[R.qname[q]][i][f]: q * SLOTS + i
                            for q in range(R.Q) for i in range(SLOTS) for f in range(R.nf)}
        self.target_quadrant = {act.target_player[R.qname[q]]: q for q in range(R.Q)}


def _tables(R):
    """The rule set's Tables, built the first time (read as ``R.heuristic_tables or _tables(R)``)."""
    tables = R.heuristic_tables = Tables(R)
    return tables


# --- main phase --------------------------------------------------------------------------------
def _main(st, seat, legal, rng):
    R = st.R
    q = st.decision[1]
    mine = R.q_seat[q] == seat
    life = st.life[q]
    reserve = None   # life_reserve(st, q, mine), worked out when a choice first needs it
    enemies = R.enemies[q]   # the quadrants whose life q wants down
    # the legal actions by kind, in their order (main_choices lists each kind in one run)
    by_kind = {kind: list(group) for kind, group in groupby(legal, _KIND)}
    # spells first
    tables = R.heuristic_tables or _tables(R)
    cast_effect = tables.cast_effect
    for a in by_kind.get("cast", ()):
        eff, amount, ttype, cost = cast_effect[a]
        # a combat trick (the card most held) waits for a combat's window
        if eff == E_DEFENSE or eff == E_ATTACK:
            continue
        if life - cost < 3 and eff != E_GAIN:
            continue
        # one test for each effect
        if eff == E_EQUIP:
            return a
        elif eff == E_LOSE or eff == E_SIPHON:
            if enemies:
                e = min(enemies, key=lambda d: st.life[d])
                if st.life[e] <= amount:
                    return a
                if reserve is None:
                    reserve = life_reserve(st, q, mine)
                if life - cost > reserve:
                    return a
        elif eff == E_GAIN:
            if life <= 20 - amount:
                return a
        elif eff == E_DRAW:
            if reserve is None:
                reserve = life_reserve(st, q, mine)
            if life - cost > reserve:
                return a
        elif eff == E_DISCARD:
            if any(st.hand[R.q_seat[d]] for d in enemies if R.q_seat[d] >= 0):
                return a
        elif eff == E_DAMAGE:
            if _kill_target(st, q, amount, ttype == T_BG_FAMILIAR) is not None:
                return a
        elif eff == E_MOVE:
            if any(m.args[2] == 1 for m in move_actions(st, q, False, [])):   # a move forward
                return a
    for a in by_kind.get("use-aspect", ()):
        if reserve is None:
            reserve = life_reserve(st, q, mine)
        if life - R.a_cost[a.args[0]] > reserve:
            return a
    if R.madness:
        return _madness_main(st, q, legal)
    # moves toward the Battleground (into the River first while the Battleground is full)
    best = None
    forward_score = tables.forward_score
    for a in by_kind.get("move", ()):
        score = forward_score.get(a)
        if score is None:
            continue   # a move back
        f = a.args[0]
        if R.f_move_cost[f]:
            if reserve is None:
                reserve = life_reserve(st, q, mine)
            if life - R.f_move_cost[f] < move_reserve(st, q, mine, a, reserve):
                continue
        if best is None or score > best[0]:
            best = (score, a)
    if best is not None:
        return best[1]
    # summons while life stays above the reserve
    summons = by_kind.get("summon")
    if summons:
        summons.sort(key=tables.summon_worth.__getitem__, reverse=True)
        for a in summons:
            f = a.args[0]
            if R.f_cost[f] and reserve is None:
                reserve = life_reserve(st, q, mine)
            if R.f_cost[f] == 0 or life - R.f_cost[f] >= reserve:
                c = q * NUM_AREAS
                if not mine and R.f_cost[f] and st.area_count[c + BATTLEGROUND] + st.area_count[c + SUMMONING] >= 3:
                    continue
                return a
    return R.act.end_turn


def _madness_main(st, q, legal):
    """Madness: keep the River full (it regenerates), hold two Battleground blockers, and summon Imps
    (cheap blockers that give a life back when they fall) while life stays above 7."""
    R = st.R
    life = st.life[q]
    bg = st.area_count[q * NUM_AREAS + BATTLEGROUND]
    moves = [a for a in _by_kind(legal, "move") if a.args[2] == 1
             and not (AREA_OF[a.args[1]] == 2 and bg >= 2)
             and not (R.f_move_cost[a.args[0]] and life <= 6)]
    if moves:
        return max(moves, key=lambda a: AREA_OF[a.args[1]])
    summons = _by_kind(legal, "summon")
    summons.sort(key=lambda a: (not R.imp_gain[a.args[0]], R.f_cost[a.args[0]]))
    for a in summons:
        if life - R.f_cost[a.args[0]] >= 7:
            return a
    return R.act.end_turn


def _kill_target(st, q, amount, battleground_only):
    """The most valuable enemy familiar ``amount`` damage removes."""
    R = st.R
    kind, damage, defense_bonus, defense, count = st.kind, st.damage, st.defense_bonus, R.f_defense, st.area_count
    value = (R.heuristic_tables or _tables(R)).value
    first = BG_START if battleground_only else 0
    best = None
    for d in range(R.Q):
        if d == q or (not R.madness and R.is_ghost[d] and R.ctrl[d] == R.q_seat[q]):
            continue
        base, areas = d * SLOTS, d * NUM_AREAS
        if not (count[areas + BATTLEGROUND] if battleground_only else any(count[areas:areas + NUM_AREAS])):
            continue   # no familiar there
        for i, f in enumerate(kind[base + first:base + SLOTS], first):
            # (_def_left inlined)
            if f >= 0 and defense[f] + defense_bonus[base + i] - damage[base + i] <= amount:
                v = value[f] + (3 if AREA_OF[i] == BATTLEGROUND else 0)
                if best is None or v > best[0]:
                    best = (v, base + i)
    return None if best is None else best[1]


# --- attacking ----------------------------------------------------------------------------------
def _attack(st, seat, legal, rng):
    R = st.R
    q = st.decision[1]
    for a in _by_kind(legal, "flame"):
        if R.f_attack[a.args[0]] < 3:
            return a
    attacks = _by_kind(legal, "attack")
    if not attacks:
        return R.act.end_attacks
    if R.madness:
        # attack a Lair that cannot block while it still gives life; never feed spawns needlessly
        if st.gained < MADNESS_GAIN_CAP:
            for a in attacks:
                f = a.args[0]
                for d in (1, 2, 3):
                    if not _lair_can_block(st, d, f):
                        return a
        return R.act.end_attacks
    if R.q_seat[q] < 0 and R.actrl[q] == seat:
        return attacks[0]  # a ghost attacking my opponent: everything goes
    return max(attacks, key=lambda a: R.f_attack[a.args[0]])   # (the first of the strongest)


def _lair_can_block(st, d, f):
    """Whether Lair ``d`` has a Battleground familiar that may still block familiar kind ``f``."""
    same = st.R.same_kind_blocks[f]
    kind, flags = st.kind, st.flags
    for s in range(d * SLOTS + BG_START, d * SLOTS + BG_START + 3):
        if kind[s] >= 0 and not flags[s] & BLOCKED and (not same or kind[s] == f):
            return True
    return False


def _atk_target(st, seat, legal, rng):
    R = st.R
    a_s = st.attacker
    atk = _atk(a_s, st)
    mydef = _def_left(a_s, st)
    if R.madness:
        f = st.attacker_kind
        for a in legal:
            if a.kind == "target-player" and not _lair_can_block(st, R.q_of_name[a.args[0]], f):
                return a
        return legal[0]
    best = None
    for a in legal:
        if a.kind != "target-familiar":
            continue
        qn, i, f = a.args
        s = R.q_of_name[qn] * SLOTS + i
        if _def_left(s, st) <= atk and _atk(s, st) < mydef:
            v = _value(R, f)
            if best is None or v > best[0]:
                best = (v, a)
    return best[1] if best is not None else next(a for a in legal if a.kind == "target-player")


# --- blocking ---------------------------------------------------------------------------------
def _block(st, seat, legal, rng):
    R = st.R
    d = st.defender
    a_s = st.attacker
    A = _atk(a_s, st)
    D = _def_left(a_s, st)
    chosen = list(st.blockers)
    cands = blocker_candidates(st)
    life = st.life[d] if R.has_life[d] else 99
    lethal = life - A < 1 and not chosen
    options = []
    for n in range(0, min(MAX_BLOCKERS - len(chosen), len(cands)) + 1):
        for extra in combinations(cands, n):
            S = chosen + list(extra)
            if not S:
                score = -A * (3 if life - A < 6 else 1)
                if lethal:
                    score -= 1000
            else:
                lost = sum(_value(R, st.kind[b]) for b in S if _def_left(b, st) <= A)
                killed = sum(_atk(b, st) for b in S) >= D
                gain = (1 if R.madness else _value(R, st.kind[a_s])) if killed else 0
                score = gain - lost
            options.append((score, len(extra), extra))
    best = min(options, key=lambda o: (-o[0], o[1]))[2]   # (the first of the best, as a stable sort)
    if best:
        base = d * SLOTS + BG_START
        s = best[0]
        return R.act.block[st.kind[s]][s - base]
    return R.act.stop_blocking if chosen else R.act.no_block


def _breath(st, seat, legal, rng):
    d = st.defender
    R = st.R
    assigned = Counter(st.breath_points)
    # put the damage where nothing dies, else on life while it is high
    for a in legal:
        if a.kind == "breath-familiar":
            s = d * SLOTS + BG_START + a.args[1]
            if _def_left(s, st) - assigned[s] > 1:
                return a
    if R.has_life[d] and st.life[d] > 6:
        return legal[0]
    return legal[-1]


# --- spells and targets -----------------------------------------------------------------------
def _window(st, seat, legal, rng):
    R = st.R
    q = R.seat_q[seat]
    life = st.life[q]
    moment = st.decision[1]
    cast_effect = (R.heuristic_tables or _tables(R)).cast_effect
    for a in legal:
        if a.kind != "cast":
            continue
        eff, amount, ttype, cost = cast_effect[a]
        if life - cost < 2:
            continue
        # (one test for each effect, the combat tricks first: the Fast Casts most held)
        if eff == E_ATTACK or eff == E_DEFENSE:
            if (moment == M_BLOCKED or moment == M_DECLARED) and st.attacker >= 0 \
                    and _combat_buff_target(st, q, eff, amount) is not None:
                return a
        elif eff == E_DAMAGE:
            if _kill_target(st, q, amount, ttype == T_BG_FAMILIAR) is not None:
                return a
        elif eff == E_GAIN:
            if life <= 14:
                return a
        elif eff == E_DRAW:
            if life > 8:
                return a
    return R.act.pass_


def _combat_buff_target(st, q, eff, amount):
    """A familiar of mine in this combat whom the buff saves or lets kill."""
    a_s = st.attacker
    if a_s < 0:
        return None
    blk = [b for b in st.blockers if st.kind[b] >= 0]
    mine_att = a_s // SLOTS == q
    if mine_att:
        if not blk:
            return None
        taken = sum(_atk(b, st) for b in blk)
        if eff == E_DEFENSE and taken >= _def_left(a_s, st) > taken - amount:
            return a_s
        if eff == E_ATTACK and any(_def_left(b, st) > _atk(a_s, st) >= _def_left(b, st) - amount for b in blk):
            return a_s
        return None
    mine = [b for b in blk if b // SLOTS == q]
    if not mine:
        return None
    A = _atk(a_s, st)
    for b in mine:
        if eff == E_DEFENSE and A >= _def_left(b, st) > A - amount:
            return b
    if eff == E_ATTACK:
        total = sum(_atk(b, st) for b in blk)
        D = _def_left(a_s, st)
        if total < D <= total + amount:
            return mine[0]
    return None


def _target(st, seat, legal, rng):
    R = st.R
    _, eff, amount, ttype, src_q, chooser, src = st.decision
    q = src_q
    players = [a for a in legal if a.kind == "target-player"]
    fams = [a for a in legal if a.kind == "target-familiar"]

    tables = R.heuristic_tables or _tables(R)
    slot, quad = tables.target_slot, tables.target_quadrant   # a target action's slot, quadrant

    if eff in (E_ATTACK, E_DEFENSE):
        s = _combat_buff_target(st, q, eff, amount)
        for a in fams:
            if slot[a] == s:
                return a
        own = [a for a in fams if slot[a] // SLOTS == q]   # the first of the most advanced, else any familiar
        return max(own, key=lambda a: AREA_OF[slot[a] % SLOTS]) if own else fams[0] if fams else legal[0]
    if eff == E_DAMAGE:
        best = None
        for a in fams:
            s = slot[a]
            if s // SLOTS == q:
                continue
            kills = _def_left(s, st) <= amount
            v = (_value(R, st.kind[s]) if kills else 0) + (2 if AREA_OF[s % SLOTS] == BATTLEGROUND else 0)
            if best is None or v > best[0]:
                best = (v, a)
        enemies = R.enemies[q]
        for a in players:
            if quad[a] in enemies and (best is None or best[0] < 2):
                return a
        if best is not None:
            return best[1]
        if not players:
            return fams[-1]
    if eff in (E_GAIN, E_EQUIP):
        for a in players:
            if quad[a] == q:
                return a
    if eff in (E_LOSE, E_SIPHON, E_DAMAGE, E_DISCARD):
        enemies = R.enemies[q]
        cands = [a for a in players if quad[a] in enemies]
        if cands:
            return min(cands, key=lambda a: st.life[quad[a]])
        others = [a for a in players if quad[a] != q]
        if others:
            return others[0]
    return legal[0]


def _discard(st, seat, legal, rng):
    R = st.R
    return min(legal, key=lambda a: (R.c_cost[a.args[0]] == 0, -R.c_cost[a.args[0]]))


# the Aspects the heuristic equips first, by trigger
DRAFT_ORDER = {"start-of-turn": 0, "end-of-turn": 1, "slow-ability": 2, "on-equip": 3}


def _draft(st, seat, legal, rng):
    return min(legal, key=(st.R.heuristic_tables or _tables(st.R)).draft_rank.__getitem__)


def _river(st, seat, legal, rng):
    R = st.R
    takes = [a for a in legal if a.kind == "river"]
    if not takes:
        return legal[-1]
    return max(takes, key=(R.heuristic_tables or _tables(R)).river_worth.__getitem__)


# the Essence of Mischief first (the familiar comes back), then Shadow, else keep them
VIAL_ORDER = {2: 0, 1: 1, -1: 2}


def _vial(st, seat, legal, rng):
    return min(legal, key=lambda a: VIAL_ORDER[a.args[0]])


def _may_draw(st, seat, legal, rng):
    return st.R.act.draw


def _extra_move(st, seat, legal, rng):
    return next((a for a in legal if a.kind == "move" and a.args[2] == 1), st.R.act.no_move)


CHOOSERS = {
    MAIN: _main, ATTACK: _attack, ATTACK_TARGET: _atk_target, BLOCK: _block, BREATH_WEAPON: _breath,
    WINDOW: _window, TARGET: _target, DISCARD: _discard, DRAFT: _draft, RIVER_DRAW: _river,
    VIAL: _vial, MAY_DRAW: _may_draw, EXTRA_MOVE: _extra_move,
}
# the same by frame index (None: a frame the heuristic leaves to its first legal action)
CHOOSER_OF_FRAME = [CHOOSERS.get(index) for index in range(len(FRAME_NAMES))]


def evaluate(st, seat):
    """How well ``seat`` stands, in [0, 1]: its life and board against its opponents'."""
    if st.to_move is None:
        return st.outcome(seat)
    R = st.R
    q = R.seat_q[seat]

    def strength(d):
        total = st.life[d] if R.has_life[d] else 0
        base = d * SLOTS
        for i in range(SLOTS):
            f = st.kind[base + i]
            if f >= 0:
                total += 0.5 * _value(R, f) * (1.5 if AREA_OF[i] == BATTLEGROUND else 1)
        return total

    if R.madness:
        return min(1.0, (st.round + st.life[0] / 20.0) / 40.0)
    mine = strength(q)
    theirs = max(strength(d) for d in R.enemies[q])
    return max(0.0, min(1.0, 0.5 + (mine - theirs) / 80.0))


