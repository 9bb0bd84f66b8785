"""Modular content: the Essence Vials and the Fearsome's abilities ("The Essence Vials",
"The Fearsome"). Plague Rat, Shade and Dragon are familiars' specials (combat.py)."""

from .board import CAP, MOVEMENT, NUM_AREAS, SLOTS
from .effects import E_DAMAGE, E_GAIN, E_LOSE, POOL_PERSONAL, POOL_SHARED, T_PLAYER, T_PLAYER_OR_BG
from .frames import EXTRA_MOVE, MAY_DRAW, TARGET
from .ruleset import SRC_FAMILIAR, SRC_VIAL, SUMMONS_PER_TURN


class ModuleRules:
    __slots__ = ()

    # --- the Fearsome -----------------------------------------------------------------------------
    def _fear(self, s):
        """A Fearsome at ``s`` dealt damage: "A Fearsome's ability can only trigger once per turn."
        A ghost's Fearsome "loses its special ability" (2 Player Variant)."""
        R = self.R
        f = self.kind[s]
        if f < 0 or not R.fear_trigger[f] or (self.fear_used >> f) & 1:
            return
        q = s // SLOTS
        seat = R.ctrl[q]
        if R.is_ghost[q] or seat < 0:
            return
        self.fear_used |= 1 << f
        src = SRC_FAMILIAR + f
        name = R.cards.fam_names[f]
        self.say_fmt(None, "{}'s {} dealt damage: its ability triggers.", self.qn(q), name)
        if R.pain[f]:
            self.trigger((TARGET, E_LOSE, 1, T_PLAYER, q, seat, src))
        elif R.life_giver[f]:
            self.trigger((TARGET, E_GAIN, 1, T_PLAYER, q, seat, src))
        elif R.spell_breaker[f]:
            self.trigger((MAY_DRAW, seat))
        elif R.void[f]:
            self.trigger((EXTRA_MOVE, q, seat, src))

    def may_draw_choices(self, frame):
        act = self.R.act
        return [act.draw, act.no_draw]

    def may_draw(self, frame, action):
        seat = frame[1]
        if action.args[0]:
            self._draw(seat, 1)
        else:
            self.say_fmt(None, "{} does not draw.", self.seat_name(seat))

    def ask_extra_move(self, frame):
        """"you may move 1 of your Familiars, even if it is not your turn ... That Familiar may move
        again during your Main Phase." (also Unholy Haste and Aspect of Command)"""
        acts = self._move_actions(frame[1], False, [])
        if not acts:
            return False
        acts.append(self.R.act.no_move)   # extra_move_choices, worked out once
        return self.ask_with(frame[2], frame, acts)

    def extra_move_choices(self, frame):
        acts = self._move_actions(frame[1], False, [])
        acts.append(self.R.act.no_move)
        return acts

    def extra_move(self, frame, action):
        """An extra move: it does not use up the Familiar's move this turn."""
        _, i, d = action.args
        self._move(frame[1], i, d, False)

    def no_move(self, frame, action):
        self.say_fmt(None, "{} moves nothing.", self.qn(frame[1]))

    # --- the Essence Vials -------------------------------------------------------------------------
    def _mischief_ok(self, q, f):
        R = self.R
        if self.area_count[q * NUM_AREAS + MOVEMENT] >= CAP[MOVEMENT] or self.summons >= SUMMONS_PER_TURN:
            return False
        p = R.f_pool[f]
        if p == POOL_SHARED:
            return self.supply[f] > 0
        if p == POOL_PERSONAL:
            return bool((self.pool[q] >> f) & 1)
        return self.supply[f] > 0 and not self._has_fearsome(q)

    def ask_vial(self, frame):
        _, q, f = frame
        R = self.R
        v = self.vials[R.q_seat[q]]
        if (v >> R.v_shadow) & 1 or ((v >> R.v_mischief) & 1 and self._mischief_ok(q, f)):
            return self.ask(R.q_seat[q], frame)
        return False

    def vial_choices(self, frame):
        _, q, f = frame
        R = self.R
        act = R.act
        v = self.vials[R.q_seat[q]]
        acts = []
        if (v >> R.v_shadow) & 1:
            acts.append(act.use_shadow)
        if (v >> R.v_mischief) & 1 and self._mischief_ok(q, f):
            acts.append(act.use_mischief)
        acts.append(act.keep_vials)
        return acts

    def use_vial(self, frame, action):
        _, q, f = frame
        R = self.R
        seat = R.q_seat[q]
        which = action.args[0]
        if which < 0:
            return
        if which == 1:
            # Essence of Shadow: "deal 1 damage to any player or any Familiar in the Battleground"
            self.vials[seat] &= ~(1 << R.v_shadow)
            self.say_fmt(None, "{} turns over the Essence of Shadow.", self.seat_name(seat))
            self.stack.append(frame)
            self.stack.append((TARGET, E_DAMAGE, 1, T_PLAYER_OR_BG, q, seat, SRC_VIAL + R.v_shadow))
            return
        # Essence of Mischief: "place that Familiar in your Movement Row ... counts as 1 of your 3
        # Summons this turn."
        self.vials[seat] &= ~(1 << R.v_mischief)
        p = R.f_pool[f]
        if p == POOL_SHARED:
            self.supply[f] -= 1
        elif p == POOL_PERSONAL:
            self.pool[q] &= ~(1 << f)
        else:
            self.supply[f] = 0
        self.summons += 1
        s = self._free(q, MOVEMENT)
        self._place(s, f)
        self.say_fmt(None, "{} turns over the Essence of Mischief: the {} returns to the Movement Row (1 of this turn's 3 Summons).", self.seat_name(seat), R.cards.fam_names[f])
        self.stack.append(frame)
