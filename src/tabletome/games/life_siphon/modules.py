"""Modular content: the Essence Vials and the Fearsome's abilities ("The Essence Vials",
"The Fearsome"). Plague Rat, Shade and Dragon are familiars' specials (combat.py)."""

from .board import CAP, MOVEMENT, NUM_AREAS, SLOTS, free_space, has_fearsome, place, qn
from .deck import draw
from .effects import E_DAMAGE, E_GAIN, E_LOSE, POOL_PERSONAL, POOL_SHARED, T_PLAYER, T_PLAYER_OR_BG
from .familiars import move, move_actions, take_from_supply
from .ruleset import SRC_FAMILIAR, SRC_VIAL, SUMMONS_PER_TURN
from .steps import EXTRA_MOVE, MAY_DRAW, TARGET


# --- the Fearsome -----------------------------------------------------------------------------
def fear(st, s):
    """A Fearsome at ``s`` dealt damage: "A Fearsome's ability can only trigger once per turn."
    A ghost's Fearsome "loses its special ability" (2 Player Variant)."""
    R = st.R
    f = st.kind[s]
    if f < 0 or not R.fear_trigger[f] or (st.fear_used >> f) & 1:
        return
    q = s // SLOTS
    seat = R.ctrl[q]
    if R.is_ghost[q] or seat < 0:
        return
    st.fear_used |= 1 << f
    src = SRC_FAMILIAR + f
    name = R.cards.fam_names[f]
    st.say_fmt(None, "{}'s {} dealt damage: its ability triggers.", qn(st, q), name)
    if R.pain[f]:
        st.trigger((TARGET, E_LOSE, 1, T_PLAYER, q, seat, src))
    elif R.life_giver[f]:
        st.trigger((TARGET, E_GAIN, 1, T_PLAYER, q, seat, src))
    elif R.spell_breaker[f]:
        st.trigger((MAY_DRAW, seat))
    elif R.void[f]:
        st.trigger((EXTRA_MOVE, q, seat, src))


def may_draw_choices(st, frame):
    act = st.R.act
    return [act.draw, act.no_draw]


def may_draw(st, frame, action):
    seat = frame[1]
    if action.args[0]:
        draw(st, seat, 1)
    else:
        st.say_fmt(None, "{} does not draw.", st.seat_name(seat))


def ask_extra_move(st, frame):
    """"you may move 1 of your Familiars, even if it is not your turn ... That Familiar may move
    again during your Main Phase." (also Unholy Haste and Aspect of Command)"""
    acts = extra_move_choices(st, frame)
    if len(acts) == 1:   # only "move nothing": skipped unsaid (ask_or_take would log "moves nothing")
        return False
    return st.ask_with(frame[2], frame, acts)


def extra_move_choices(st, frame):
    acts = move_actions(st, frame[1], False, [])
    acts.append(st.R.act.no_move)
    return acts


def extra_move(st, frame, action):
    """An extra move: it does not use up the Familiar's move this turn."""
    _, i, d = action.args
    move(st, frame[1], i, d, False)


def no_move(st, frame, action):
    st.say_fmt(None, "{} moves nothing.", qn(st, frame[1]))


# --- the Essence Vials -------------------------------------------------------------------------
def mischief_ok(st, q, f):
    R = st.R
    if st.area_count[q * NUM_AREAS + MOVEMENT] >= CAP[MOVEMENT] or st.summons >= SUMMONS_PER_TURN:
        return False
    p = R.f_pool[f]
    if p == POOL_SHARED:
        return st.supply[f] > 0
    if p == POOL_PERSONAL:
        return bool((st.pool[q] >> f) & 1)
    return st.supply[f] > 0 and not has_fearsome(st, q)


def ask_vial(st, frame):
    """"When a Familiar is removed from your Battleground during your Attack Phase" (familiars.py
    triggers this): asked only if a vial it may use is left (else "keep the vials" is taken)."""
    return st.ask_or_take(st.R.q_seat[frame[1]], frame, vial_choices(st, frame))


def vial_choices(st, frame):
    _, q, f = frame
    R = st.R
    act = R.act
    v = st.vials[R.q_seat[q]]
    acts = []
    if (v >> R.v_shadow) & 1:
        acts.append(act.use_shadow)
    if (v >> R.v_mischief) & 1 and mischief_ok(st, q, f):
        acts.append(act.use_mischief)
    acts.append(act.keep_vials)
    return acts


def use_vial(st, frame, action):
    _, q, f = frame
    R = st.R
    seat = R.q_seat[q]
    which = action.args[0]
    if which < 0:
        return
    if which == 1:
        # Essence of Shadow: "deal 1 damage to any player or any Familiar in the Battleground"
        st.vials[seat] &= ~(1 << R.v_shadow)
        st.say_fmt(None, "{} turns over the Essence of Shadow.", st.seat_name(seat))
        st.stack += (frame, (TARGET, E_DAMAGE, 1, T_PLAYER_OR_BG, q, seat, SRC_VIAL + R.v_shadow))   # (last-first)
        return
    # Essence of Mischief: "place that Familiar in your Movement Row ... counts as 1 of your 3
    # Summons this turn."
    st.vials[seat] &= ~(1 << R.v_mischief)
    take_from_supply(st, q, f)
    st.summons += 1
    s = free_space(st, q, MOVEMENT)
    place(st, s, f)
    st.say_fmt(None, "{} turns over the Essence of Mischief: the {} returns to the Movement Row (1 of this turn's 3 "
               "Summons).", st.seat_name(seat), R.cards.fam_names[f])
    st.stack.append(frame)
