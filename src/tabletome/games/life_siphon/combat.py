"""The Attack Phase: attacking, choosing a Lich's target, blocking, Breath Weapon and the damage
("The Attack Phase", "Attacking and Blocking", "Attacking with the Imp / Dread Knight", "Attacking
with the Lich", "Blocking", "Plague Rat, Shade & Dragon").

An attack is a sequence of small decisions with response windows between them: the attacker picks
a familiar (and, for a Lich, its target), Fast Cast spells may answer, the defender picks blockers
one at a time (or, against Breath Weapon, where each point of damage goes), Fast Cast spells may
answer again, then the damage is dealt all at once.
"""

from .board import AREA_OF, BATTLEGROUND, MAX_BLOCKERS, SLOTS, where
from .effects import BREATH_DAMAGE
from .flow import (ATTACKED, BLOCKED, BREATH, M_AFTER, M_BLOCKED, M_DECLARED, P_ATTACK, T_ATK_TARGET,
                   T_ATTACK, T_BLOCK, T_BREATH, T_DISCARD, T_RESOLVE, T_TARGET, T_VIAL, T_WINDOW)
from .ruleset import E_DAMAGE, POOL_PERSONAL, POOL_SHARED, SRC_FAMILIAR, T_PLAYER_OR_BG

BG0 = 10  # the first Battleground space of a quadrant


class CombatRules:
    __slots__ = ()

    def _no_attack(self):
        self.att = -1
        self.att_kind = -1
        self.tgt = -1
        self.tgt_kind = -1
        self.dq = -1
        self.blk = []
        self.bre = []

    def fam(self, s):
        """'South's Imp at Battleground 2'."""
        return f"{self.qn(s // SLOTS)}'s {self.R.cards.fam_names[self.kind[s]]} at {where(s)}"

    # --- choosing attacks ---------------------------------------------------------------------
    def _t_attack(self, task):
        q = task[1]
        self.phase = P_ATTACK
        kind, flags = self.kind, self.flags
        base = q * SLOTS + BG0
        for s in range(base, base + 3):
            if kind[s] >= 0 and not flags[s] & ATTACKED:
                self.cur = task
                self.to_move = self.R.actrl[q]
                return True
        return False  # nobody left to attack with: the Attack Phase ends

    def _legal_attack(self, cur):
        q = cur[1]
        R = self.R
        act = R.act
        kind, flags = self.kind, self.flags
        seat = R.q_seat[q]
        flame = R.vials_on and seat >= 0 and (self.vials[seat] >> R.v_flame) & 1
        acts = []
        base = q * SLOTS + BG0
        for n in range(3):
            s = base + n
            f = kind[s]
            if f >= 0 and not flags[s] & ATTACKED:
                acts.append(act.attack[f][n])
                if flame and not flags[s] & BREATH and not R.breath[f]:
                    acts.append(act.flame[f][n])
        acts.append(act.end_attacks)
        return acts

    def _do_attack(self, action):
        q = self.cur[1]
        self._declare(q * SLOTS + BG0 + action.args[1], T_ATTACK)

    def _do_end_attacks(self, action):
        self.say(f"{self.qn(self.cur[1])} ends the Attack Phase.")

    def _do_flame(self, action):
        """Essence of Flame: "Grant one of your Familiars Breath Weapon until end of turn. Must be
        used before the Familiar attacks."""
        R = self.R
        q = self.cur[1]
        s = q * SLOTS + BG0 + action.args[1]
        seat = R.q_seat[q]
        self.vials[seat] &= ~(1 << R.v_flame)
        self.flags[s] |= BREATH
        self.say(f"{self.seat_name(seat)} turns over the Essence of Flame: {self.fam(s)} has Breath Weapon until end of turn.")
        self.stack.append(self.cur)

    def _first_seat(self):
        s = self.R.q_seat[self.turn]
        return s if s >= 0 else 0

    def _breathes(self, s):
        return self.flags[s] & BREATH or self.R.breath[self.kind[s]]

    def _declare(self, s, cont):
        """Seat's familiar at ``s`` attacks; push the steps of the attack."""
        R = self.R
        q = s // SLOTS
        f = self.kind[s]
        self.flags[s] |= ATTACKED
        self.att, self.att_kind = s, f
        self.tgt, self.tgt_kind = -1, -1
        self.blk = []
        self.bre = []
        lair = R.is_lair[q]
        # "you can only attack the player to your left"; Madness: "you may attack any of the 3
        # opponents, and all 3 of them will only attack you."
        self.dq = 0 if lair else (-1 if R.madness else R.left[q])
        breath = self._breathes(s)
        self.say(f"{self.qn(q)} attacks with {R.cards.fam_names[f]} at {where(s)}"
                 + (" (Breath Weapon)." if breath else "."))
        first = self._first_seat()
        stack = self.stack
        stack.append((cont, q))
        stack.append((T_WINDOW, M_AFTER, first, 0, -1))
        stack.append((T_RESOLVE,))
        if breath:
            stack.append((T_BREATH, BREATH_DAMAGE))
        else:
            stack.append((T_WINDOW, M_BLOCKED, first, 0, -1))
            stack.append((T_BLOCK,))
        stack.append((T_WINDOW, M_DECLARED, first, 0, -1))
        if not lair and (R.madness or (R.chooses_target[f] and not breath)):
            stack.append((T_ATK_TARGET, q))

    # --- the Lich's target (and, in Madness Mode, which Lair) -------------------------------------
    def _t_atk_target(self, task):
        if self.att < 0:
            return False
        R = self.R
        if not R.madness and not self.cnt[self.dq * 4 + BATTLEGROUND]:
            # nothing but the seat to choose: no decision
            self.say(f"{self.fam(self.att)} attacks {self.qn(self.dq)}.")
            return False
        self.cur = task
        self.to_move = self.R.actrl[task[1]]
        return True

    def _legal_atk_target(self, cur):
        R = self.R
        act = R.act
        f = self.att_kind
        kind = self.kind
        acts = []
        lich = R.chooses_target[f] and not self._breathes(self.att)
        for d in ((1, 2, 3) if R.madness else (self.dq,)):
            qn = R.qname[d]
            acts.append(act.target_player[qn])
            if lich:
                # "you decide who the Lich is attacking—either your opponent or one of their Familiars"
                for i in range(BG0, BG0 + 3):
                    k = kind[d * SLOTS + i]
                    if k >= 0:
                        acts.append(act.target_familiar[qn][i][k])
        return acts

    def _atk_target(self, action):
        R = self.R
        who = self.fam(self.att)
        if action.kind == "target-player":
            self.dq = R.q_of_name[action.args[0]]
            self.say(f"{who} attacks {'the ' if R.is_lair[self.dq] else ''}{self.qn(self.dq)}.")
        else:
            qn, i, _ = action.args
            d = R.q_of_name[qn]
            self.dq = d
            self.tgt = d * SLOTS + i
            self.tgt_kind = self.kind[self.tgt]
            self.say(f"{who} attacks {self.fam(self.tgt)}.")

    # --- blocking ------------------------------------------------------------------------------
    def _blockers(self):
        """The defender's Familiars that may still block this attack: in its Battleground, not yet
        blocking this Attack Phase, not the Lich's target; against a Lich, only Liches."""
        d = self.dq
        kind, flags, blk = self.kind, self.flags, self.blk
        same = self.R.same_kind_blocks[self.att_kind]
        out = []
        base = d * SLOTS + BG0
        for s in range(base, base + 3):
            k = kind[s]
            if k < 0 or flags[s] & BLOCKED or s == self.tgt or s in blk:
                continue
            if same and k != self.att_kind:
                continue
            out.append(s)
        return out

    def _t_block(self, task):
        if self.att < 0 or len(self.blk) >= MAX_BLOCKERS:
            return False
        cands = self._blockers()
        if not cands:
            return False
        d = self.dq
        if self.R.is_lair[d]:
            # "Your opponents will always choose to block if able, with 1 of their Familiars for each
            # attacking Familiar." The Lair blocks with its first Familiar able to (RULES.md).
            if not self.blk:
                self._add_blocker(cands[0])
            return False
        self.cur = task
        self.to_move = self.R.ctrl[d]
        return True

    def _legal_block(self, cur):
        act = self.R.act
        kind = self.kind
        base = self.dq * SLOTS + BG0
        acts = [act.block[kind[s]][s - base] for s in self._blockers()]
        acts.append(act.stop_blocking if self.blk else act.no_block)
        return acts

    def _add_blocker(self, s):
        self.blk.append(s)
        self.flags[s] |= BLOCKED
        self.say(f"{self.qn(s // SLOTS)} blocks with {self.R.cards.fam_names[self.kind[s]]} at {where(s)}.")

    def _do_block(self, action):
        self._add_blocker(self.dq * SLOTS + BG0 + action.args[1])
        if len(self.blk) < MAX_BLOCKERS:
            self.stack.append(self.cur)

    def _do_no_block(self, action):
        if action.kind == "no-block":
            self.say(f"{self.qn(self.dq)} does not block.")

    # --- Breath Weapon --------------------------------------------------------------------------
    def _t_breath(self, task):
        if self.att < 0:
            return False
        d = self.dq
        R = self.R
        if R.is_lair[d]:  # never happens: Madness Mode has no Dragons and no vials
            return False
        self.cur = task
        self.to_move = R.ctrl[d]
        return True

    def _legal_breath(self, cur):
        R = self.R
        act = R.act
        d = self.dq
        kind = self.kind
        acts = [act.breath_player[R.qname[d]]] if R.has_life[d] else []
        base = d * SLOTS + BG0
        for n in range(3):
            k = kind[base + n]
            if k >= 0:
                acts.append(act.breath_familiar[k][n])
        return acts

    def _do_breath(self, action):
        d = self.dq
        if action.kind == "breath-player":
            self.bre.append(-1)
            self.say(f"{self.qn(d)} takes 1 Breath Weapon damage on its life.")
        else:
            s = d * SLOTS + BG0 + action.args[1]
            self.bre.append(s)
            self.say(f"{self.qn(d)} assigns 1 Breath Weapon damage to {self.fam(s)}.")
        left = self.cur[1] - 1
        if left:
            self.stack.append((T_BREATH, left))

    # --- damage ----------------------------------------------------------------------------------
    def _t_resolve(self, task):
        R = self.R
        a = self.att
        kind = self.kind
        if a < 0 or kind[a] != self.att_kind:
            self.say("The attack fizzles: the attacking Familiar is no longer there.")
            self._no_attack()
            return False
        q = a // SLOTS
        f = kind[a]
        d = self.dq
        dmg, abuf = self.dmg, self.abuf
        atk = R.f_attack[f] + abuf[a]
        if atk < 0:
            atk = 0
        hit = [a]
        doomed = []
        dealers = []
        if self._breathes(a):
            # "Breath Weapon deals 3 damage, each assigned by the blocking player to their life and / or
            # their Familiars in the battleground. The Dragon takes no damage when attacking."
            to_life = 0
            for t in self.bre:
                if t < 0:
                    to_life += 1
                elif kind[t] >= 0:
                    dmg[t] += 1
                    if t not in hit:
                        hit.append(t)
            if self.bre:
                dealers.append(a)
            parts = [self.fam(t) for t in hit[1:]]
            self.say(f"Breath Weapon deals {len(self.bre) - to_life} damage to Familiars"
                     + (f" ({', '.join(parts)})" if parts else "") + f" and {to_life} to {self.qn(d)}'s life.")
            if to_life:
                self._fear(a)
                if self._lose(d, to_life, " to Breath Weapon"):
                    return False
        elif self.blk:
            # "the attacking Familiar deals their full attack damage to each blocking Familiar. The
            # attack damage of each blocking Familiar is added together and is dealt to the attacking
            # Familiar."
            total = 0
            names = []
            for b in self.blk:
                if kind[b] < 0:
                    continue
                names.append(self.fam(b))
                dmg[b] += atk
                hit.append(b)
                if atk > 0 and R.plague[f]:
                    doomed.append(b)
                bat = R.f_attack[kind[b]] + abuf[b]
                if bat > 0:
                    total += bat
                    dealers.append(b)
                    if R.plague[kind[b]]:
                        doomed.append(a)
            dmg[a] += total
            if atk > 0 and names:
                dealers.append(a)
            self.say(f"{self.fam(a)} deals {atk} damage to {', '.join(names) if names else 'nobody'}; "
                     f"it takes {total} damage in return.")
        elif self.tgt_kind >= 0:
            t = self.tgt
            if t < 0 or kind[t] != self.tgt_kind:
                self.say("The attack fizzles: its target is no longer there.")
                self._no_attack()
                return False
            # "If you decide to attack a Familiar with your Lich, both your Lich and your opponent's
            # Familiar deal and receive damage."
            tat = R.f_attack[kind[t]] + abuf[t]
            if tat < 0:
                tat = 0
            dmg[t] += atk
            dmg[a] += tat
            hit.append(t)
            if atk > 0:
                dealers.append(a)
                if R.plague[f]:
                    doomed.append(t)
            if tat > 0:
                dealers.append(t)
                if R.plague[kind[t]]:
                    doomed.append(a)
            self.say(f"{self.fam(a)} deals {atk} damage to {self.fam(t)} and takes {tat}.")
        else:
            if R.is_lair[d]:
                # "you gain 1 life for each Familiar of yours that attacks that isn't blocked. The
                # maximum amount of life you can gain in this way on a turn is 3."
                self.say(f"The {self.qn(d)} cannot block {self.fam(a)}.")
                if self.gained < 3:
                    self.gained += 1
                    self._gain(q, 1)
                else:
                    self.say(f"{self.qn(q)} has already gained 3 life this way this turn.")
            else:
                # "Your opponent does not block ... All damage ... goes directly to your opponent's life"
                if atk > 0:
                    dealers.append(a)
                    self._fear(a)
                    if self._lose(d, atk, f" to {self.fam(a)}"):
                        return False
                else:
                    self.say(f"{self.fam(a)} deals no damage to {self.qn(d)}.")
                seat = R.q_seat[d]
                if R.discard_unblocked[f] and seat >= 0 and self.hand[seat]:
                    # "If the Plague Rat is not blocked when it attacks, that opponent must discard a card"
                    self.trig.append((T_DISCARD, seat))
        for s in dealers:
            self._fear(s)
        defense, dbuf = R.f_defense, self.dbuf
        for s in hit:
            k = kind[s]
            # "If a Familiar takes damage equal to or greater than its defense, it is removed"
            if k >= 0 and (s in doomed or dmg[s] >= defense[k] + dbuf[s]):
                self._remove(s, True)
        self._no_attack()
        return False

    def _remove(self, s, combat):
        """Take the familiar at ``s`` off the board, with everything its removal triggers."""
        R = self.R
        q = s // SLOTS
        f = self.kind[s]
        i = s % SLOTS
        desc = self.fam(s)
        self.kind[s] = -1
        self.dmg[s] = self.abuf[s] = self.dbuf[s] = self.flags[s] = 0
        self.cnt[q * 4 + AREA_OF[i]] -= 1
        p = R.f_pool[f]
        if p == POOL_SHARED:
            self.supply[f] += 1
        elif p == POOL_PERSONAL:
            self.pool[q] |= 1 << f  # "it goes back to your own personal pool"
        else:
            self.supply[f] = 1      # "it becomes available again to all players"
        if s == self.att:
            self.att = -1
        if s == self.tgt:
            self.tgt = -1
        self.say(f"{desc} is removed from the board.")
        if R.imp_gain[f]:
            self._gain(q, 1)  # "When an Imp is removed from the board, you gain 1 life."
        if R.shade[f] and R.ctrl[q] >= 0:
            # "When the Shade is removed from the board, deal 1 damage to any player or any Familiar
            # in the Battleground."
            self.trig.append((T_TARGET, E_DAMAGE, 1, T_PLAYER_OR_BG, q, R.ctrl[q], SRC_FAMILIAR + f))
        if R.is_lair[q]:
            # "Your opponents only spawn new Familiars when one of their Familiars is removed from the
            # board": every removal spawns, in combat or not (RULES.md, "Spawns").
            self._spawn(q, f)
        seat = R.q_seat[q]
        if (R.vials_on and seat >= 0 and q == self.turn and self.phase == P_ATTACK
                and AREA_OF[i] == BATTLEGROUND and self.vials[seat] & ((1 << R.v_shadow) | (1 << R.v_mischief))):
            self.trig.append((T_VIAL, q, f))
