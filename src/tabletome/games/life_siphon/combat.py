"""The Attack Phase: attacking, choosing a Lich's target, blocking, Breath Weapon and the damage
("The Attack Phase", "Attacking and Blocking", "Attacking with the Imp / Dread Knight", "Attacking
with the Lich", "Blocking", "Plague Rat, Shade & Dragon").

An attack is a sequence of small decisions with response windows between them: the attacker picks
a familiar (and, for a Lich, its target), Fast Cast spells may answer, the defender picks blockers
one at a time (or, against Breath Weapon, where each point of damage goes), Fast Cast spells may
answer again, then the damage is dealt all at once.
"""

from .board import BATTLEGROUND, BG_SPACES, BG_START, NUM_AREAS, SLOTS, fam, qn, where
from .familiars import remove
from .life import gain, lose
from .modules import fear
from .ruleset import (ATTACKED, BLOCKED, BREATH, BREATH_DAMAGE, M_AFTER, M_BLOCKED, M_DECLARED, MADNESS_GAIN_CAP,
                      MAX_BLOCKERS, TO_LIFE)
from .steps import ATTACK, ATTACK_TARGET, BLOCK, BREATH_WEAPON, DISCARD, RESOLVE, WINDOW


# The attack in progress: ``attacker`` (its slot) and ``attacker_kind``; a Lich's chosen
# ``target`` (slot) and ``target_kind``; the ``defender`` (quadrant); the ``blockers`` (slots);
# and where each Breath Weapon point goes (``breath_points``: slots, or TO_LIFE).
def no_attack(st):
    """No attack in progress."""
    st.attacker = -1
    st.attacker_kind = -1
    st.target = -1
    st.target_kind = -1
    st.defender = -1
    st.blockers = []
    st.breath_points = []


# --- choosing attacks ---------------------------------------------------------------------
def ask_attack(st, frame):
    acts = attack_choices(st, frame)
    if len(acts) == 1:
        return False   # only "end attacks", nobody left to attack with: the Main Phase begins
    return st.ask_or_take(st.R.actrl[frame[1]], frame, acts)


def attack_choices(st, frame):
    q = frame[1]
    R = st.R
    act = R.act
    kind, flags = st.kind, st.flags
    seat = R.q_seat[q]
    flame = R.vials_on and seat >= 0 and (st.vials[seat] >> R.v_flame) & 1
    acts = []
    base = q * SLOTS + BG_START
    for n in range(BG_SPACES):
        s = base + n
        f = kind[s]
        if f >= 0 and not flags[s] & ATTACKED:
            acts.append(act.attack[f][n])
            if flame and not flags[s] & BREATH and not R.breath[f]:
                acts.append(act.flame[f][n])
    acts.append(act.end_attacks)
    return acts


def declare_attack(st, frame, action):
    q = frame[1]
    declare(st, q * SLOTS + BG_START + action.args[1], ATTACK)


def end_attacks(st, frame, action):
    # "After the Attack Phase is over, your Main Phase begins": the attack frame is not pushed again
    st.say_fmt(None, "{} ends the Attack Phase.", qn(st, frame[1]))


def use_flame(st, frame, action):
    """Essence of Flame: "Grant one of your Familiars Breath Weapon until end of turn. Must be
    used before the Familiar attacks."""
    R = st.R
    q = frame[1]
    s = q * SLOTS + BG_START + action.args[1]
    seat = R.q_seat[q]
    st.vials[seat] &= ~(1 << R.v_flame)
    st.flags[s] |= BREATH
    st.say_fmt(None, "{} turns over the Essence of Flame: {} has Breath Weapon until end of turn.",
               st.seat_name(seat), fam(st, s))
    st.stack.append(frame)


def breathes(st, s):
    """Whether the familiar at ``s`` attacks with Breath Weapon (a Dragon, or Essence of Flame)."""
    return st.flags[s] & BREATH or st.R.breath[st.kind[s]]


def declare(st, s, cont):
    """Seat's familiar at ``s`` attacks; push the steps of the attack."""
    R = st.R
    q = s // SLOTS
    f = st.kind[s]
    st.flags[s] |= ATTACKED
    no_attack(st)
    st.attacker, st.attacker_kind = s, f
    lair = R.is_lair[q]
    # "you can only attack the player to your left"; Madness: "you may attack any of the 3
    # opponents, and all 3 of them will only attack you."
    st.defender = 0 if lair else (-1 if R.madness else R.left[q])
    breath = breathes(st, s)
    if st.logging:
        st.say(f"{qn(st, q)} attacks with {R.cards.fam_names[f]} at {where(s)}"
                 + (" (Breath Weapon)." if breath else "."))
    # the response windows of an attack start with the seat whose turn it is (a Lair's turn: seat 0)
    first = max(R.q_seat[st.turn], 0)
    # pushed last-first (list extends cost less than state.push on a search's hot path), to run as:
    # a Lich's target (in Madness, which Lair), a window, the blocks and a window (or where Breath
    # Weapon goes), the damage, a last window, then the next attack
    stack = st.stack
    stack += ((cont, q), (WINDOW, M_AFTER, first, 0, -1), (RESOLVE,))
    stack += ((BREATH_WEAPON, BREATH_DAMAGE),) if breath else ((WINDOW, M_BLOCKED, first, 0, -1), (BLOCK,))
    stack.append((WINDOW, M_DECLARED, first, 0, -1))
    if not lair and (R.madness or (R.chooses_target[f] and not breath)):
        stack.append((ATTACK_TARGET, q))


# --- the Lich's target (and, in Madness Mode, which Lair) -------------------------------------
def ask_attack_target(st, frame):
    if st.attacker < 0:
        return False
    R = st.R
    if not R.madness and not st.area_count[st.defender * NUM_AREAS + BATTLEGROUND]:
        # nothing but the seat to choose: no decision
        st.say_fmt(None, "{} attacks {}.", fam(st, st.attacker), qn(st, st.defender))
        return False
    return st.ask_or_take(R.actrl[frame[1]], frame, attack_target_choices(st, frame))


def attack_target_choices(st, frame):
    R = st.R
    act = R.act
    f = st.attacker_kind
    kind = st.kind
    acts = []
    lich = R.chooses_target[f] and not breathes(st, st.attacker)
    for d in ((1, 2, 3) if R.madness else (st.defender,)):
        name = R.qname[d]
        acts.append(act.target_player[name])
        if lich:
            # "you decide who the Lich is attacking—either your opponent or one of their Familiars"
            for i in range(BG_START, BG_START + BG_SPACES):
                k = kind[d * SLOTS + i]
                if k >= 0:
                    acts.append(act.target_familiar[name][i][k])
    return acts


def choose_attack_target(st, frame, action):
    R = st.R
    who = fam(st, st.attacker)
    if action.kind == "target-player":
        st.defender = R.q_of_name[action.args[0]]
        st.say_fmt(None, "{} attacks {}{}.", who, 'the ' if R.is_lair[st.defender] else '', qn(st, st.defender))
    else:
        name, i, _ = action.args
        d = R.q_of_name[name]
        st.defender = d
        st.target = d * SLOTS + i
        st.target_kind = st.kind[st.target]
        st.say_fmt(None, "{} attacks {}.", who, fam(st, st.target))


# --- blocking ------------------------------------------------------------------------------
def blocker_candidates(st):
    """The defender's Familiars that may still block this attack: in its Battleground, not yet
    blocking this Attack Phase, not the Lich's target; against a Lich, only Liches."""
    d = st.defender
    kind, flags, blockers = st.kind, st.flags, st.blockers
    same = st.R.same_kind_blocks[st.attacker_kind]
    out = []
    base = d * SLOTS + BG_START
    for s in range(base, base + BG_SPACES):
        k = kind[s]
        if k < 0 or flags[s] & BLOCKED or s == st.target or s in blockers or (same and k != st.attacker_kind):
            continue
        out.append(s)
    return out


def ask_block(st, frame):
    if st.attacker < 0 or len(st.blockers) >= MAX_BLOCKERS:
        return False
    cands = blocker_candidates(st)
    if not cands:
        return False
    d = st.defender
    if st.R.is_lair[d]:
        # "Your opponents will always choose to block if able, with 1 of their Familiars for each
        # attacking Familiar." The Lair blocks with its first Familiar able to (RULES.md).
        if not st.blockers:
            add_blocker(st, cands[0])
        return False
    return st.ask_or_take(st.R.ctrl[d], frame, block_choices(st, frame))


def block_choices(st, frame):
    act = st.R.act
    kind = st.kind
    base = st.defender * SLOTS + BG_START
    acts = [act.block[kind[s]][s - base] for s in blocker_candidates(st)]
    acts.append(act.stop_blocking if st.blockers else act.no_block)
    return acts


def add_blocker(st, s):
    st.blockers.append(s)
    st.flags[s] |= BLOCKED
    if st.logging:
        st.say_fmt(None, "{} blocks with {} at {}.", qn(st, s // SLOTS), st.R.cards.fam_names[st.kind[s]], where(s))


def add_block(st, frame, action):
    add_blocker(st, st.defender * SLOTS + BG_START + action.args[1])
    if len(st.blockers) < MAX_BLOCKERS:
        st.stack.append(frame)


def no_more_blocks(st, frame, action):
    if action.kind == "no-block":
        st.say_fmt(None, "{} does not block.", qn(st, st.defender))


# --- Breath Weapon --------------------------------------------------------------------------
def ask_breath(st, frame):
    if st.attacker < 0:
        return False
    d = st.defender
    R = st.R
    if R.is_lair[d]:  # never happens: Madness Mode has no Dragons and no vials
        return False
    # asked even when its life is the one place left (an empty Battleground): taking a lone choice
    # at once (ask_or_take) would change recorded games
    return st.ask(R.ctrl[d], frame)


def breath_choices(st, frame):
    R = st.R
    act = R.act
    d = st.defender
    kind = st.kind
    acts = [act.breath_player[R.qname[d]]] if R.has_life[d] else []
    base = d * SLOTS + BG_START
    for n in range(BG_SPACES):
        k = kind[base + n]
        if k >= 0:
            acts.append(act.breath_familiar[k][n])
    return acts


def assign_breath(st, frame, action):
    d = st.defender
    if action.kind == "breath-player":
        st.breath_points.append(TO_LIFE)
        st.say_fmt(None, "{} takes 1 Breath Weapon damage on its life.", qn(st, d))
    else:
        s = d * SLOTS + BG_START + action.args[1]
        st.breath_points.append(s)
        st.say_fmt(None, "{} assigns 1 Breath Weapon damage to {}.", qn(st, d), fam(st, s))
    left = frame[1] - 1
    if left:
        st.stack.append((BREATH_WEAPON, left))


# --- damage ----------------------------------------------------------------------------------
def deal_damage(st, frame):
    """The attack's damage, dealt all at once when every choice of the attack is made."""
    R = st.R
    a = st.attacker
    kind = st.kind
    if a < 0 or kind[a] != st.attacker_kind:
        st.say("The attack fizzles: the attacking Familiar is no longer there.")
        no_attack(st)
        return False
    q = a // SLOTS
    f = kind[a]
    d = st.defender
    damage, bonus = st.damage, st.attack_bonus
    atk = R.f_attack[f] + bonus[a]
    if atk < 0:
        atk = 0
    hit = [a]
    doomed = []
    dealers = []
    unblocked = False   # the attack reached a player: a Breath Weapon is never blocked (RULES.md)
    if breathes(st, a):
        # "Breath Weapon deals 3 damage, each assigned by the blocking player to their life and / or
        # their Familiars in the battleground. The Dragon takes no damage when attacking."
        to_life = 0
        plague = R.plague[f]
        for t in st.breath_points:
            if t == TO_LIFE:
                to_life += 1
            elif kind[t] >= 0:
                damage[t] += 1
                if t not in hit:
                    hit.append(t)
                    if plague:
                        # a Plague Rat with Breath Weapon (Essence of Flame): "If the Plague Rat
                        # deals any amount of damage (greater than zero) to a Familiar, that
                        # Familiar is removed from the board."
                        doomed.append(t)
        if st.breath_points:
            dealers.append(a)
        if st.logging:
            parts = [fam(st, t) for t in hit[1:]]
            st.say(f"Breath Weapon deals {len(st.breath_points) - to_life} damage to Familiars"
                     + (f" ({', '.join(parts)})" if parts else "") + f" and {to_life} to {qn(st, d)}'s life.")
        if to_life:
            fear(st, a)
            if lose(st, d, to_life, " to Breath Weapon"):
                return False
        unblocked = True
    elif st.blockers:
        # "the attacking Familiar deals their full attack damage to each blocking Familiar. The
        # attack damage of each blocking Familiar is added together and is dealt to the attacking
        # Familiar."
        total = 0
        for b in st.blockers:
            if kind[b] < 0:
                continue
            damage[b] += atk
            hit.append(b)
            if atk > 0 and R.plague[f]:
                doomed.append(b)
            bat = R.f_attack[kind[b]] + bonus[b]
            if bat > 0:
                total += bat
                dealers.append(b)
                if R.plague[kind[b]]:
                    doomed.append(a)
        damage[a] += total
        blocked = hit[1:]   # the blockers still there
        if atk > 0 and blocked:
            dealers.append(a)
        if st.logging:
            who = ', '.join(fam(st, b) for b in blocked) if blocked else 'nobody'
            st.say_fmt(None, "{} deals {} damage to {}; it takes {} damage in return.", fam(st, a), atk, who, total)
    elif st.target_kind >= 0:
        t = st.target
        if t < 0 or kind[t] != st.target_kind:
            st.say("The attack fizzles: its target is no longer there.")
            no_attack(st)
            return False
        # "If you decide to attack a Familiar with your Lich, both your Lich and your opponent's
        # Familiar deal and receive damage."
        tat = R.f_attack[kind[t]] + bonus[t]
        if tat < 0:
            tat = 0
        damage[t] += atk
        damage[a] += tat
        hit.append(t)
        if atk > 0:
            dealers.append(a)
            if R.plague[f]:
                doomed.append(t)
        if tat > 0:
            dealers.append(t)
            if R.plague[kind[t]]:
                doomed.append(a)
        st.say_fmt(None, "{} deals {} damage to {} and takes {}.", fam(st, a), atk, fam(st, t), tat)
    else:
        if R.is_lair[d]:
            # "you gain 1 life for each Familiar of yours that attacks that isn't blocked. The
            # maximum amount of life you can gain in this way on a turn is 3."
            st.say_fmt(None, "The {} cannot block {}.", qn(st, d), fam(st, a))
            if st.gained < MADNESS_GAIN_CAP:
                st.gained += 1
                gain(st, q, 1)
            else:
                st.say_fmt(None, "{} has already gained {} life this way this turn.", qn(st, q), MADNESS_GAIN_CAP)
        else:
            # "Your opponent does not block ... All damage ... goes directly to your opponent's life"
            if atk > 0:
                dealers.append(a)
                fear(st, a)
                if lose(st, d, atk, f" to {fam(st, a)}" if st.logging else ""):
                    return False
            else:
                st.say_fmt(None, "{} deals no damage to {}.", fam(st, a), qn(st, d))
            unblocked = True
    seat = R.q_seat[d]
    if unblocked and R.discard_unblocked[f] and seat >= 0 and st.hand[seat]:
        # "If the Plague Rat is not blocked when it attacks, that opponent must discard a card of their choice"
        st.trigger((DISCARD, seat))
    for s in dealers:
        fear(st, s)
    defense, dbonus = R.f_defense, st.defense_bonus
    for s in hit:
        k = kind[s]
        # "If a Familiar takes damage equal to or greater than its defense, it is removed"
        if k >= 0 and (s in doomed or damage[s] >= defense[k] + dbonus[s]):
            remove(st, s)
    no_attack(st)
    return False

