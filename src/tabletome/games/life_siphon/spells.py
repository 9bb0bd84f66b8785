"""Spells and Aspects: casting Fast and Slow Cast cards, their targets and effects, discarding, and
the Aspect draft ("The Cards", "The Aspects").

"Fast Cast spells can be played at any time during your turn or other players' turns. Slow Cast
spells can only be played during your Main Phase." A card is chosen first, then its target.
"""

from .board import BATTLEGROUND, BG_START, NUM_AREAS, SLOTS, fam
from .deck import discard_from_hand, draw, each_kind_once
from .effects import (E_ATTACK, E_DAMAGE, E_DEFENSE, E_DISCARD, E_DRAW, E_EQUIP, E_GAIN, E_LOSE, E_MOVE,
                      E_SIPHON, LIFE_LOSS, T_BG_FAMILIAR, T_FAMILIAR, T_NONE, T_OTHER_PLAYER, T_OWN_FAMILIAR,
                      T_PLAYER_OR_BG, T_PLAYER_WITH_CARDS)
from .familiars import can_extra_move, remove
from .life import gain, lose
from .ruleset import (NEEDS_FAMILIAR, NEEDS_LOOKING, NEEDS_NOTHING, NO_TARGET,
                      SRC_ASPECT, SRC_FAMILIAR, SRC_VIAL, VARIANT_ACROSS, player_target, target_quadrant)
from .steps import DISCARD, DRAFT, EXTRA_MOVE, TARGET


# --- what a seat may cast -------------------------------------------------------------------
def fast_casts(st, seat, moment):
    """The Fast Cast cards ``seat`` may cast in a response window."""
    return cast_actions(st, seat, False, [])


def pass_action(st):
    return st.R.act.pass_


def cast_actions(st, seat, main, acts):
    """The cards ``seat`` may cast now: Fast Cast ones, and in its Main Phase Slow Cast ones."""
    hand = st.hand[seat]
    if not hand:
        return acts
    R = st.R
    life = st.life[R.seat_q[seat]]
    casting = R.casting
    count = st.area_count
    seen = 0
    for k in hand:
        # each kind of card once (a copy is cast the same way)
        if (seen >> k) & 1:
            continue
        seen |= 1 << k
        cost, fast, need, cast, slow_need = casting[k]
        # "no player may reduce their own life below 1"; a Slow Cast card only in the Main Phase
        if life <= cost or not (main or fast):
            continue
        # its target: nothing needed, a familiar, a familiar in a Battleground, or a look
        # (``target_exists`` written out: this loop lists every window's and Main Phase's casts)
        if need == NEEDS_NOTHING:
            acts.append(cast)
        elif need == NEEDS_LOOKING:
            if target_exists(st, R.c_eff[k], seat, cost):
                acts.append(cast)
        elif any(count) if need == NEEDS_FAMILIAR else any(count[BATTLEGROUND::NUM_AREAS]):
            acts.append(cast)
        if main and slow_need is not None and (slow_need == NEEDS_NOTHING
                                               or target_exists(st, R.c_slow_eff[k], seat, cost)):
            acts.append(R.act.cast_slow[k])   # a Fast / Slow card's Slow Cast half
    return acts


def target_exists(st, e, seat, cost):
    """Whether a card of effect ``e`` that ``seat`` casts for ``cost`` finds a target now (the
    targets cast_actions asks about first: it answers the others itself)."""
    eff, amount, ttype = e
    if ttype == T_OWN_FAMILIAR:
        return can_extra_move(st, st.R.seat_q[seat], cost if st.R.own_life_floor else 0)
    if ttype == T_PLAYER_WITH_CARDS:
        # another player holds a card, or the caster holds one besides this
        return len(st.hand[seat]) > 1 or any(st.hand[s] for s in range(st.players) if s != seat)
    if ttype == T_NONE:
        return True
    count = st.area_count
    if ttype == T_FAMILIAR:
        return any(count)
    if ttype == T_BG_FAMILIAR:
        return any(count[BATTLEGROUND::NUM_AREAS])
    return bool(player_targets(st, eff, amount, ttype, st.R.seat_q[seat], cost, first_only=True))


def player_targets(st, eff, amount, ttype, src_q, cost=0, first_only=False, chooser_q=-1):
    """The quadrants a player-targeting effect may choose ("you may choose yourself if a card
    says 'choose any player'"; "no player may reduce their own life below 1": neither the effect's
    quadrant nor ``chooser_q``, the player choosing for it, as for a ghost's Shade in the 2 Player
    Variant); ``first_only``: only the first one (is there any?)."""
    R = st.R
    life = st.life
    out = []
    loss = eff in LIFE_LOSS
    for d in range(R.Q):
        if not R.has_life[d]:
            continue
        if ttype == T_OTHER_PLAYER and d == src_q:
            continue
        if ttype == T_PLAYER_WITH_CARDS:
            s = R.q_seat[d]
            if s < 0 or not st.hand[s]:
                continue
        if loss:
            if d == src_q or d == chooser_q:
                if life[d] - cost - amount < 1:
                    continue
            elif not R.kill_any and life[d] - amount < 1 and d != R.left[src_q] \
                    and not (R.variant and d == VARIANT_ACROSS[src_q]):
                continue  # option off_target_kill=forbidden (RULES.md)
        out.append(d)
        if first_only:
            break
    return out


# --- casting ---------------------------------------------------------------------------------
def cast(st, frame, action):
    """A Fast Cast in a response window (the window that follows is already pushed), or a cast in
    the Main Phase (its frame is back on the stack): pay the card's cost, discard it, then choose
    its target ("The Cards")."""
    R = st.R
    seat = st.to_move
    k, slow = action.args
    discard_from_hand(st, seat, k)
    q = R.seat_q[seat]
    cost = R.c_cost[k]
    eff, amount, ttype = R.c_slow_eff[k] if slow else R.c_eff[k]
    if cost:
        st.life[q] -= cost
    if st.logging:
        how = " as a Slow Cast" if slow else ""
        paid = ", paying {} life ({})." if cost else "."
        st.say_fmt(None, "{} casts {}{}" + paid, st.seat_name(seat), R.names[k], how, cost, st.life[q])
    st.stack.append((TARGET, eff, amount, ttype, q, seat, k))


# --- targets ---------------------------------------------------------------------------------
def ask_target(st, frame):
    _, eff, amount, ttype, src_q, chooser, src = frame
    if ttype == T_NONE:
        apply_effect(st, eff, amount, src_q, NO_TARGET, chooser, src)
        return False
    if ttype == T_OWN_FAMILIAR:
        st.stack.append((EXTRA_MOVE, src_q, chooser, src))
        return False
    choices = target_choices(st, frame)
    if not choices:
        st.say_fmt(None, "{} has no target.", source_name(st, src))
        return False
    return st.ask_with(chooser, frame, choices)   # a lone target too (taking it at once would change games)


def target_choices(st, frame):
    _, eff, amount, ttype, src_q, chooser, src = frame
    R = st.R
    act = R.act
    acts = []
    if ttype not in (T_FAMILIAR, T_BG_FAMILIAR):
        for d in player_targets(st, eff, amount, ttype, src_q, chooser_q=R.seat_q[chooser] if R.own_life_floor else -1):
            acts.append(act.target_player[R.qname[d]])
    if ttype in (T_FAMILIAR, T_BG_FAMILIAR, T_PLAYER_OR_BG):
        kind = st.kind
        first = 0 if ttype == T_FAMILIAR else BG_START
        tf = act.target_familiar
        for q in range(R.Q):
            base = q * SLOTS
            row = tf[R.qname[q]]
            for i in range(first, SLOTS):
                k = kind[base + i]
                if k >= 0:
                    acts.append(row[i][k])
    return acts


def choose_target(st, frame, action):
    _, eff, amount, ttype, src_q, chooser, src = frame
    R = st.R
    if action.kind == "target-player":
        t = player_target(R.q_of_name[action.args[0]])
    else:
        name, i, _ = action.args
        t = R.q_of_name[name] * SLOTS + i
    apply_effect(st, eff, amount, src_q, t, chooser, src)


def source_name(st, src):
    """The name of what an effect comes from: a card, an Aspect, a familiar or a vial (``SRC_...``)."""
    R = st.R
    if src >= SRC_VIAL:
        return R.cards.vial_names[src - SRC_VIAL]
    if src >= SRC_FAMILIAR:
        return R.cards.fam_names[src - SRC_FAMILIAR]
    if src >= SRC_ASPECT:
        return R.cards.aspect_names[src - SRC_ASPECT]
    return R.names[src]


def apply_effect(st, eff, amount, src_q, t, seat, src):
    """Apply one effect of the vocabulary (effects.py) to target ``t``."""
    if st.logging:   # the source and the target are named only in the log
        name = source_name(st, src)
        desc = fam(st, t) if t >= 0 else ""
    else:
        name = desc = ""
    if t >= 0:
        if eff == E_ATTACK or eff == E_DEFENSE:
            bonus, which = (st.attack_bonus, "attack") if eff == E_ATTACK else (st.defense_bonus, "defense")
            bonus[t] += amount
            st.say_fmt(None, "{}: {} gets +{} {} until end of turn.", name, desc, amount, which)
        elif eff == E_DAMAGE:
            st.damage[t] += amount
            st.say_fmt(None, "{} deals {} damage to {}.", name, amount, desc)
            f = st.kind[t]
            if st.damage[t] >= st.R.f_defense[f] + st.defense_bonus[t]:
                remove(st, t)
        return
    d = target_quadrant(t) if t != NO_TARGET else src_q
    if eff == E_GAIN:
        gain(st, d, amount)
    elif eff in (E_LOSE, E_DAMAGE):
        lose(st, d, amount, f" to {name}")
    elif eff == E_SIPHON:
        if not lose(st, d, amount, f" to {name}"):
            gain(st, src_q, amount)
    elif eff == E_DRAW:
        draw(st, seat, amount)
    elif eff == E_DISCARD:
        st.stack.append((DISCARD, st.R.q_seat[d]))
    elif eff == E_EQUIP:
        # "Choose any player to gain 1 life. Then all players discard any equipped Aspects. Choose
        # one Aspect to equip and pass the remaining Aspects to the player to your left."
        gain(st, d, amount)
        if any(a >= 0 for a in st.aspect):
            st.say("Every equipped Aspect is discarded.")
        st.aspect = [-1] * st.players
        st.stack.append((DRAFT, seat, 0))


def aspect_effect(st, seat, a):
    """``seat``'s Aspect ``a`` takes effect (passive, on-equip or ability): no target to choose, it
    falls on the seat or the player to its left. True if it ended the game."""
    R = st.R
    eff, amount = R.a_eff[a]
    q = R.seat_q[seat]
    who = R.left[q] if R.a_left[a] else q
    if eff == E_GAIN:
        gain(st, who, amount)
    elif eff == E_LOSE:
        return lose(st, who, amount, f" to {source_name(st, SRC_ASPECT + a)}")
    elif eff == E_DRAW:
        draw(st, seat, amount)
    elif eff == E_MOVE:
        st.stack.append((EXTRA_MOVE, q, seat, SRC_ASPECT + a))
    return False


# --- discarding --------------------------------------------------------------------------------
def ask_discard(st, frame):
    seat = frame[1]
    if seat < 0 or not st.hand[seat]:
        return False
    return st.ask(seat, frame)   # a lone card too (taking it at once would change games)


def discard_choices(st, frame):
    return each_kind_once(st.hand[frame[1]], st.R.act.discard)


def discard_card(st, frame, action):
    seat = frame[1]
    k = action.args[0]
    discard_from_hand(st, seat, k)
    st.say_fmt(None, "{} discards {}.", st.seat_name(seat), st.R.names[k])


# --- Aspects -----------------------------------------------------------------------------------
def ask_draft(st, frame):
    if all(map(st.aspect.__contains__, range(st.R.na))):   # every Aspect is equipped
        return False
    # a lone Aspect (only a card file with as many Aspects as seats leaves one) is asked too: taking
    # it at once would change such games
    return st.ask(frame[1], frame)


def draft_choices(st, frame):
    act = st.R.act
    return [act.equip[a] for a in range(st.R.na) if a not in st.aspect]


def equip(st, frame, action):
    _, seat, picks = frame
    R = st.R
    a = action.args[0]
    st.aspect[seat] = a
    if st.logging:
        st.say_fmt(None, "{} equips {}.", st.seat_name(seat), R.cards.aspect_names[a])
    if picks + 1 < st.players:
        # "pass the remaining Aspects to the player to your left. Repeat until all players have one"
        st.stack.append((DRAFT, (seat + 1) % st.players, picks + 1))
    if R.a_trigger[a] == "on-equip":
        # "Aspects that have effects that trigger when equipped may trigger again if more than 1
        # Equip Aspect is played on the same turn."
        aspect_effect(st, seat, a)


def aspect_ability_ok(st, seat, a):
    """Whether the ability has something to do: an extra move needs a Familiar that can still move
    once the ability's cost is paid."""
    R = st.R
    return R.a_eff[a][0] != E_MOVE or can_extra_move(st, R.seat_q[seat], R.a_cost[a] if R.own_life_floor else 0)


def use_aspect(st, frame, action):
    """An Aspect's Slow Cast ability: "can only be used once on your turn during your Main Phase"."""
    a = action.args[0]
    R = st.R
    seat = st.to_move
    q = R.seat_q[seat]
    st.aspect_used |= 1 << a
    cost = R.a_cost[a]
    text = f"{st.seat_name(seat)} uses {R.cards.aspect_names[a]}"
    if cost:
        st.life[q] -= cost
        text += f", paying {cost} life ({st.life[q]})"
    st.say(text + ".")
    aspect_effect(st, seat, a)


def aspect_passive(st, seat, a):
    """A start-of-turn or end-of-turn Aspect takes effect ("Aspect of Renewal", "Aspect of Dread").
    True if that ended the game."""
    if st.logging:
        st.say_fmt(None, "{}'s {} takes effect.", st.seat_name(seat), st.R.cards.aspect_names[a])
    return aspect_effect(st, seat, a)
