"""Familiars on the board: summoning, moving, and removal with everything it triggers ("The Main
Phase", "Summoning", "Moving", "Plague Rat, Shade & Dragon", the Lairs' "spawn" of 1 Player Madness
Mode, "The Essence Vials").
"""

from .board import (AREA_OF, AREAS, BATTLEGROUND, CAP, NUM_AREAS, NUMBER_IN_AREA, SLOTS, SUMMONING, fam, free_space,
                    place, qn)
from .effects import E_DAMAGE, POOL_FEARSOME, POOL_PERSONAL, POOL_SHARED, T_PLAYER_OR_BG
from .life import gain
from .ruleset import MOVED, P_ATTACK, SPAWNS, SRC_FAMILIAR
from .steps import TARGET, VIAL, phase_of


def _a(n):
    return "an" if n[0] in "AEIOU" else "a"


def take_from_supply(st, q, f):
    """Familiar ``f`` leaves the shared supply, quadrant ``q``'s personal pool ("it goes back to
    your own personal pool"), or the one Fearsome of its kind, to be summoned."""
    p = st.R.f_pool[f]
    if p == POOL_SHARED:
        st.supply[f] -= 1
    elif p == POOL_PERSONAL:
        st.pool[q] &= ~(1 << f)
    else:
        st.supply[f] = 0


def summon(st, frame, action):
    """A Main Phase summon: "Place them in the Summoning Area of your quadrant." Paid with the
    summoning quadrant's life."""
    R = st.R
    q, f = frame[1], action.args[0]
    take_from_supply(st, q, f)
    cost = 0 if R.f_pool[f] == POOL_FEARSOME else R.f_cost[f]  # "you may Summon 1 Fearsome for free"
    st.summons += 1
    slot = free_space(st, q, SUMMONING)
    place(st, slot, f)
    st.life[q] -= cost
    if st.logging:
        name = R.cards.fam_names[f]
        paid = ", paying {} life ({})." if cost else "."   # (formatted only when the log is read)
        st.say_fmt(None, "{} summons {} {}" + paid, qn(st, q), _a(name), name, cost, st.life[q])


def move(st, q, i, d, consume):
    """Move the familiar at space i of quadrant q one area forward (d=1) or back (d=-1)."""
    R = st.R
    s = q * SLOTS + i
    f = st.kind[s]
    a = AREA_OF[i]
    t = free_space(st, q, a + d)
    kind, damage, atk, dfn, flags = st.kind, st.damage, st.attack_bonus, st.defense_bonus, st.flags
    kind[t], damage[t], atk[t], dfn[t] = f, damage[s], atk[s], dfn[s]
    flags[t] = flags[s] | MOVED if consume else flags[s]
    kind[s], damage[s], atk[s], dfn[s], flags[s] = -1, 0, 0, 0, 0
    count, c = st.area_count, q * NUM_AREAS + a
    count[c] -= 1
    count[c + d] += 1
    if st.attacker == s:
        st.attacker = t
    if st.target == s:
        st.target = t
    cost = R.f_move_cost[f]
    pays = cost and not R.is_lair[q]
    if pays:
        # "it costs 1 life each time you move a Dread Knight"
        st.life[q] -= cost
    if st.logging:
        paid = ", paying {} life ({})." if pays else "."
        st.say_fmt(None, "{} moves {} from {} {} to {}" + paid, qn(st, q), R.cards.fam_names[f], AREAS[a],
                   NUMBER_IN_AREA[i], AREAS[a + d], cost, st.life[q])


def move_actions(st, q, consume, acts):
    """Every move of one of q's familiars to an adjacent area ("Each Familiar can move to 1
    adjacent area per turn"); ``consume``: a normal move (once per turn), else an extra move."""
    R = st.R
    kind, flags = st.kind, st.flags
    moved = MOVED if consume else 0   # an extra move may move a familiar that has moved
    life = st.life[q]
    life_floor = R.move_life_floor[q]
    c = q * NUM_AREAS
    summoning, movement, river, battleground = st.area_count[c:c + NUM_AREAS]
    for slot, moves_by_kind in R.moves_out[q][summoning][movement][river][battleground]:
        f = kind[slot]
        if f < 0 or flags[slot] & moved or life <= life_floor[f]:
            continue
        acts += moves_by_kind[f]
    return acts


def can_extra_move(st, q, paid=0):
    """Whether one of q's familiars could take an extra move (``move_actions`` not consuming
    the turn's move) once ``paid`` life is paid for it (a card's or an Aspect's cost): "You cannot
    move a Dread Knight if it would reduce your life below 1." The first one found answers (a
    window's casts ask it, so it builds no list)."""
    kind = st.kind
    life = st.life[q] - paid
    life_floor = st.R.move_life_floor[q]
    c = q * NUM_AREAS
    summoning, movement, river, battleground = st.area_count[c:c + NUM_AREAS]
    for slot, _ in st.R.moves_out[q][summoning][movement][river][battleground]:
        f = kind[slot]
        if f >= 0 and life > life_floor[f]:
            return True
    return False


def remove(st, s):
    """Take the familiar at ``s`` off the board, with everything its removal triggers."""
    R = st.R
    q = s // SLOTS
    f = st.kind[s]
    i = s % SLOTS
    desc = fam(st, s) if st.logging else ""
    st.kind[s] = -1
    st.damage[s] = st.attack_bonus[s] = st.defense_bonus[s] = st.flags[s] = 0
    st.area_count[q * NUM_AREAS + AREA_OF[i]] -= 1
    p = R.f_pool[f]
    if p == POOL_SHARED:
        st.supply[f] += 1
    elif p == POOL_PERSONAL:
        st.pool[q] |= 1 << f  # "it goes back to your own personal pool"
    else:
        st.supply[f] = 1      # "it becomes available again to all players"
    if s == st.attacker:
        st.attacker = -1
    if s == st.target:
        st.target = -1
    st.say_fmt(None, "{} is removed from the board.", desc)
    if R.imp_gain[f]:
        gain(st, q, 1)  # "When an Imp is removed from the board, you gain 1 life."
    if R.shade[f] and R.ctrl[q] >= 0:
        # "When the Shade is removed from the board, deal 1 damage to any player or any Familiar
        # in the Battleground."
        st.trigger((TARGET, E_DAMAGE, 1, T_PLAYER_OR_BG, q, R.ctrl[q], SRC_FAMILIAR + f))
    if R.is_lair[q]:
        # "Your opponents only spawn new Familiars when one of their Familiars is removed from the
        # board": every removal spawns, in combat or not (RULES.md, "Spawns").
        spawn(st, q, f)
    seat = R.q_seat[q]
    # Essence of Shadow / Mischief: "When a Familiar is removed from your Battleground during your
    # Attack Phase"
    if (R.vials_on and seat >= 0 and q == st.turn and AREA_OF[i] == BATTLEGROUND
            and st.vials[seat] & ((1 << R.v_shadow) | (1 << R.v_mischief)) and phase_of(st) == P_ATTACK):
        st.trigger((VIAL, q, f))


def spawn(st, q, f):
    """"place two new Familiars of that same type in that player's Summoning Area for each of
    their Familiars you remove during combat ... any enemy Familiars that would spawn but can't fit
    in that player's Summoning Area are NOT placed." Spawns come from the supply (RULES.md)."""
    placed = 0
    for _ in range(SPAWNS):
        if st.area_count[q * NUM_AREAS + SUMMONING] >= CAP[SUMMONING] or st.supply[f] <= 0:
            break
        st.supply[f] -= 1
        place(st, free_space(st, q, SUMMONING), f)
        placed += 1
    name = st.R.cards.fam_names[f]
    if placed == SPAWNS:
        plural = name + ("es" if name.endswith("ch") else "s")
        st.say_fmt(None, "The {} spawns 2 {} in its Summoning Area.", qn(st, q), plural)
    elif placed:
        st.say_fmt(None, "The {} spawns 1 {}; the other does not fit.", qn(st, q), name)
    else:
        st.say_fmt(None, "The {}'s Summoning Area is full: no {} spawns.", qn(st, q), name)
