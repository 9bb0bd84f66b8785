"""Spells and Combo Spells ("Playing Spells", "Spell Cards").

"Spells can be played as a free action on your turn, either before or after your normal turn
action ... You can play as many spells on your turn as you like." They are offered only at the
turn menu, never inside an action or a chain (Lich Law 14.1). "If you have 2 of the same spell
type in your hand, you can play them at the same time for a more powerful Combo Spell effect ...
The Teach spell can count as the 2nd spell for any Combo Spell" (Fatherly Advice!). A spell is
offered only when it would do something; a spell drawn by Cast is played even if it cannot.
"""

from .actions import V_BURN, V_FIGHT, V_MOVE, V_RAISE
from .phases import (HELD, E_BURN, E_DIG, E_FIGHT, E_KISS, E_LEAVE, E_RAISE, E_STIRS, E_SUMMON, E_TEACH,
                     EFFECT_NAMES, F_STIRS, F_SUMMON, P_DIG_SIDE, P_PILE, P_PLACE, P_SPELL_DIR,
                     P_SPELL_TARGET, P_SUMMON_PICK, P_SUMMON_REALM, PLACE_KISS)
from .vocabulary import S_DIG, S_FIGHT, S_LEAVE, S_RAISE, S_TEACH, SPELLS

SINGLE = {S_LEAVE: E_LEAVE, S_RAISE: E_RAISE, S_DIG: E_DIG, S_FIGHT: E_FIGHT, S_TEACH: E_TEACH}
COMBO = {S_LEAVE: E_SUMMON, S_RAISE: E_KISS, S_DIG: E_STIRS, S_FIGHT: E_BURN}
SUMMON_COUNT = 3   # Royal Summons!: "Move 3 Minions to the same realm."


class SpellRules:
    __slots__ = ()

    # --- the turn menu's spells ---------------------------------------------------------------------
    def _spell_options(self, p, opts):
        hand = self.hand[p]
        if not (hand[0] or hand[1] or hand[2] or hand[3] or hand[4]):
            return
        R = self.R
        minion = skeleton = False
        up = self.up
        for side in self.sides:
            for c in side:
                if up[c]:
                    minion = True
                else:
                    skeleton = True
            if minion and skeleton:
                break
        pile = any(self.bone)
        can = {S_LEAVE: minion, S_RAISE: skeleton, S_DIG: pile, S_FIGHT: minion, S_TEACH: bool(self.deck)}
        combo_can = {S_LEAVE: minion, S_RAISE: pile, S_DIG: pile, S_FIGHT: minion}
        for t in (S_LEAVE, S_RAISE, S_DIG, S_FIGHT, S_TEACH):
            if hand[t] and can[t]:
                opts.append(R.cast[t])
        teach = hand[S_TEACH]
        for t in (S_LEAVE, S_RAISE, S_DIG, S_FIGHT):
            if hand[t] and combo_can[t]:
                if hand[t] >= 2:
                    opts.append(R.combo[(t, t)])
                if teach:
                    opts.append(R.combo[(t, S_TEACH)])

    def _cast_from_hand(self, action):
        p = self.active
        who = self.seat_name(p)
        hand = self.hand[p]
        if action.kind == "cast":
            t = action.args[0]
            hand[t] -= 1
            self.burn_spells.append(t)
            self.say(f"{who} casts {SPELLS[t]}.")
            self._start_single(t)
        else:
            t, u = action.args
            hand[t] -= 1
            hand[u] -= 1
            self.burn_spells.append(t)
            self.burn_spells.append(u)
            self.say(f"{who} plays {SPELLS[t]} and {SPELLS[u]} as the Combo Spell {EFFECT_NAMES[COMBO[t]]}")
            self._start_effect(COMBO[t])

    def _start_single(self, t):
        self._start_effect(SINGLE[t])

    def _start_effect(self, e):
        if e == E_TEACH:
            t = self._draw_spell()
            who = self.seat_name(self.active)
            if t < 0:
                self.say("The spell deck is empty: there is nothing to learn.")
                return
            self.hand[self.active][t] += 1
            self.say(f"{who} draws a spell.")
            self.say(f"{who} draws {SPELLS[t]}.", self.active)
        elif e == E_STIRS:
            self.stack.append((F_STIRS, 0))
        elif e == E_SUMMON:
            self.pending = P_SUMMON_REALM
            self.pctx = ()
        elif e == E_KISS or e == E_DIG:
            self.pending = P_PILE
            self.pctx = (e,)
        else:
            self.pending = P_SPELL_TARGET
            self.pctx = (e,)

    # --- options of the spell decisions -------------------------------------------------------------
    def _minion_targets(self, verb, skip_realm=-1, need_side_in=-1, need_move=False):
        """Every minion on the table as an action of ``verb`` ("Target ANY minion")."""
        L, R = self.L, self.R
        ns, maxp, up = L.ns, R.max_positions, self.up
        T = R.target[verb]
        out = []
        for q, side in enumerate(self.sides):
            if not side:
                continue
            r, x = divmod(q, ns)
            if r == skip_realm:
                continue
            if need_side_in >= 0 and not L.has_side[need_side_in][x]:
                continue
            if need_move and not any(L.has_side[r2][x] for r2 in L.adjacent[r]):
                continue
            base = q * maxp
            for j, d in enumerate(side):
                if up[d]:
                    out.append(T[base + j])
        return out

    def _spell_target_options(self):
        e = self.pctx[0]
        if e == E_LEAVE:
            return self._minion_targets(V_MOVE, need_move=True)
        if e == E_FIGHT:
            return self._minion_targets(V_FIGHT)
        if e == E_BURN:
            return self._minion_targets(V_BURN)
        # E_RAISE: "Target ANY skeleton (not on top of a bone pile)"
        R = self.R
        maxp, up = R.max_positions, self.up
        T = R.target[V_RAISE]
        out = []
        for q, side in enumerate(self.sides):
            base = q * maxp
            for j, d in enumerate(side):
                if not up[d]:
                    out.append(T[base + j])
        return out

    def _spell_dir_options(self):
        c = self.pctx[0]
        L = self.L
        r, x = divmod(self.loc[c], L.ns)
        leave = self.R.leave
        return [leave[r2] for r2 in L.adjacent[r] if L.has_side[r2][x]]

    def _pile_options(self):
        draw = self.R.draw
        return [draw[r] for r in range(self.L.nr) if self.bone[r]]

    def _summon_realm_options(self):
        summon = self.R.summon
        return [summon[r] for r in range(self.L.nr) if self._summon_candidates(r)]

    def _summon_candidates(self, dest):
        return self._minion_targets(V_MOVE, skip_realm=dest, need_side_in=dest)

    # --- resolving them -------------------------------------------------------------------------------
    def _resolve_spell_target(self, action):
        e = self.pctx[0]
        d = self._target_card(action)
        name, where = self.card_name(d), self.where(d)
        if e == E_LEAVE:
            self.say(f"Leave targets {name} {where}.")
            self.pending = P_SPELL_DIR
            self.pctx = (d,)
        elif e == E_FIGHT:
            self.up[d] = 0
            self.say(f"Fight flips {name} {where} skeleton-side up.")
        elif e == E_BURN:
            self._burn_card(d)
            self.say(f"His Fiery Gaze! burns {name} {where}.")
        else:
            self.up[d] = 1
            self.say(f"Raise flips {name} {where} minion-side up.")
            self._perform(d)

    def _resolve_spell_dir(self, action):
        c = self.pctx[0]
        r2 = action.args[0]
        self._move_to_realm(c, r2)
        self.say(f"{self.card_name(c)} moves to realm {r2 + 1}.")

    def _resolve_pile(self, action):
        e = self.pctx[0]
        r = action.args[0]
        if e == E_DIG:
            self.pending = P_DIG_SIDE
            self.pctx = (r,)
            return
        # His Kiss of Life!: "Draw a skeleton from any bone pile and Raise it in any realm."
        c = self._draw_bone(r)
        self.loc[c] = HELD
        self.held = c
        note = self._reveal(r)
        self.say(f"{self.seat_name(self.active)} draws {self.card_name(c)} from bone pile {r + 1}{note}.")
        self.pending = P_PLACE
        self.pctx = (c, PLACE_KISS)

    def _resolve_dig_side(self, action):
        r = self.pctx[0]
        x = self.R.word_side[action.args[0]]
        d = self._draw_bone(r)
        self.up[d] = 0
        self._put_side(d, r * self.L.ns + x)
        note = self._reveal(r)
        self.say(f"{self.card_name(d)} is dug from bone pile {r + 1} to {self.side_label(x)}'s side of realm {r + 1}{note}.")

    def _dig_side_options(self):
        r = self.pctx[0]
        if not self.bone[r]:
            return []
        dig = self.R.dig
        return [dig[x] for x in self.L.realm_sides[r]]

    def _resolve_summon_realm(self, action):
        r = action.args[0]
        self.say(f"Royal Summons! calls minions to realm {r + 1}.")
        self.stack.append((F_SUMMON, r, SUMMON_COUNT))

    def _resolve_summon_pick(self, action):
        dest = self.pctx[0]
        d = self._target_card(action)
        name, where = self.card_name(d), self.where(d)
        x = self.loc[d] % self.L.ns
        self._take(d)
        self._put_side(d, dest * self.L.ns + x)
        self.say(f"{name} is summoned {where.replace('on ', 'from ', 1)} to realm {dest + 1}.")

    # --- frames ---------------------------------------------------------------------------------------
    def _step_stirs(self, frame):
        # The Lich King Stirs!: "Dig a skeleton from EACH bone pile." -- left to right
        for r in range(frame[1], self.L.nr):
            if self.bone[r]:
                self.stack[-1] = (F_STIRS, r + 1)
                self.pending = P_DIG_SIDE
                self.pctx = (r,)
                return
        self.stack.pop()

    def _step_summon(self, frame):
        _, dest, left = frame
        if left == 0 or not self._summon_candidates(dest):
            self.stack.pop()
            return
        self.stack[-1] = (F_SUMMON, dest, left - 1)
        self.pending = P_SUMMON_PICK
        self.pctx = (dest,)
