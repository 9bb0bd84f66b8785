"""The Attack Phase: attacking, choosing a Lich's target, blocking, Breath Weapon and the damage
("The Attack Phase", "Attacking and Blocking", "Attacking with the Imp / Dread Knight", "Attacking
with the Lich", "Blocking", "Plague Rat, Shade & Dragon").

An attack is a sequence of small decisions with response windows between them: the attacker picks
a familiar (and, for a Lich, its target), Fast Cast spells may answer, the defender picks blockers
one at a time (or, against Breath Weapon, where each point of damage goes), Fast Cast spells may
answer again, then the damage is dealt all at once.
"""


from .board import AREA_OF, BATTLEGROUND, BG_SPACES, BG_START, NUM_AREAS, SLOTS, where
from .effects import E_DAMAGE, POOL_PERSONAL, POOL_SHARED, T_PLAYER_OR_BG
from .frames import ATTACK, ATTACK_TARGET, BLOCK, BREATH_WEAPON, DISCARD, RESOLVE, TARGET, VIAL, WINDOW
from .ruleset import (ATTACKED, BLOCKED, BREATH, BREATH_DAMAGE, M_AFTER, M_BLOCKED, M_DECLARED, MADNESS_GAIN_CAP,
                      MAX_BLOCKERS, P_ATTACK, P_MAIN, SRC_FAMILIAR, TO_LIFE)


class CombatRules:
    __slots__ = ()

    # The attack in progress: ``attacker`` (its slot) and ``attacker_kind``; a Lich's chosen
    # ``target`` (slot) and ``target_kind``; the ``defender`` (quadrant); the ``blockers`` (slots);
    # and where each Breath Weapon point goes (``breath_points``: slots, or TO_LIFE).
    def _no_attack(self):
        self.attacker = -1
        self.attacker_kind = -1
        self.target = -1
        self.target_kind = -1
        self.defender = -1
        self.blockers = []
        self.breath_points = []

    def fam(self, s):
        """'South's Imp at Battleground 2'."""
        return f"{self.qn(s // SLOTS)}'s {self.R.cards.fam_names[self.kind[s]]} at {where(s)}"

    # --- choosing attacks ---------------------------------------------------------------------
    def ask_attack(self, frame):
        q = frame[1]
        self.phase = P_ATTACK
        kind, flags = self.kind, self.flags
        base = q * SLOTS + BG_START
        for s in range(base, base + BG_SPACES):
            if kind[s] >= 0 and not flags[s] & ATTACKED:
                return self.ask(self.R.actrl[q], frame)
        self.phase = P_MAIN  # nobody left to attack with: the Attack Phase ends, the Main Phase begins
        return False

    def attack_choices(self, frame):
        q = frame[1]
        R = self.R
        act = R.act
        kind, flags = self.kind, self.flags
        seat = R.q_seat[q]
        flame = R.vials_on and seat >= 0 and (self.vials[seat] >> R.v_flame) & 1
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

    def declare_attack(self, frame, action):
        q = frame[1]
        self._declare(q * SLOTS + BG_START + action.args[1], ATTACK)

    def end_attacks(self, frame, action):
        self.phase = P_MAIN  # "After the Attack Phase is over, your Main Phase begins."
        self.say_fmt(None, "{} ends the Attack Phase.", self.qn(frame[1]))

    def use_flame(self, frame, action):
        """Essence of Flame: "Grant one of your Familiars Breath Weapon until end of turn. Must be
        used before the Familiar attacks."""
        R = self.R
        q = frame[1]
        s = q * SLOTS + BG_START + action.args[1]
        seat = R.q_seat[q]
        self.vials[seat] &= ~(1 << R.v_flame)
        self.flags[s] |= BREATH
        self.say_fmt(None, "{} turns over the Essence of Flame: {} has Breath Weapon until end of turn.", self.seat_name(seat), self.fam(s))
        self.stack.append(frame)

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
        self.attacker, self.attacker_kind = s, f
        self.target, self.target_kind = -1, -1
        self.blockers = []
        self.breath_points = []
        lair = R.is_lair[q]
        # "you can only attack the player to your left"; Madness: "you may attack any of the 3
        # opponents, and all 3 of them will only attack you."
        self.defender = 0 if lair else (-1 if R.madness else R.left[q])
        breath = self._breathes(s)
        if self.logging:
            self.say(f"{self.qn(q)} attacks with {R.cards.fam_names[f]} at {where(s)}"
                     + (" (Breath Weapon)." if breath else "."))
        first = self._first_seat()
        stack = self.stack
        stack.append((cont, q))
        stack.append((WINDOW, M_AFTER, first, 0, -1))
        stack.append((RESOLVE,))
        if breath:
            stack.append((BREATH_WEAPON, BREATH_DAMAGE))
        else:
            stack.append((WINDOW, M_BLOCKED, first, 0, -1))
            stack.append((BLOCK,))
        stack.append((WINDOW, M_DECLARED, first, 0, -1))
        if not lair and (R.madness or (R.chooses_target[f] and not breath)):
            stack.append((ATTACK_TARGET, q))

    # --- the Lich's target (and, in Madness Mode, which Lair) -------------------------------------
    def ask_attack_target(self, frame):
        if self.attacker < 0:
            return False
        R = self.R
        if not R.madness and not self.area_count[self.defender * NUM_AREAS + BATTLEGROUND]:
            # nothing but the seat to choose: no decision
            self.say_fmt(None, "{} attacks {}.", self.fam(self.attacker), self.qn(self.defender))
            return False
        return self.ask(R.actrl[frame[1]], frame)

    def attack_target_choices(self, frame):
        R = self.R
        act = R.act
        f = self.attacker_kind
        kind = self.kind
        acts = []
        lich = R.chooses_target[f] and not self._breathes(self.attacker)
        for d in ((1, 2, 3) if R.madness else (self.defender,)):
            qn = R.qname[d]
            acts.append(act.target_player[qn])
            if lich:
                # "you decide who the Lich is attacking—either your opponent or one of their Familiars"
                for i in range(BG_START, BG_START + BG_SPACES):
                    k = kind[d * SLOTS + i]
                    if k >= 0:
                        acts.append(act.target_familiar[qn][i][k])
        return acts

    def choose_attack_target(self, frame, action):
        R = self.R
        who = self.fam(self.attacker)
        if action.kind == "target-player":
            self.defender = R.q_of_name[action.args[0]]
            self.say_fmt(None, "{} attacks {}{}.", who, 'the ' if R.is_lair[self.defender] else '', self.qn(self.defender))
        else:
            qn, i, _ = action.args
            d = R.q_of_name[qn]
            self.defender = d
            self.target = d * SLOTS + i
            self.target_kind = self.kind[self.target]
            self.say_fmt(None, "{} attacks {}.", who, self.fam(self.target))

    # --- blocking ------------------------------------------------------------------------------
    def _blocker_candidates(self):
        """The defender's Familiars that may still block this attack: in its Battleground, not yet
        blocking this Attack Phase, not the Lich's target; against a Lich, only Liches."""
        d = self.defender
        kind, flags, blockers = self.kind, self.flags, self.blockers
        same = self.R.same_kind_blocks[self.attacker_kind]
        out = []
        base = d * SLOTS + BG_START
        for s in range(base, base + BG_SPACES):
            k = kind[s]
            if k < 0 or flags[s] & BLOCKED or s == self.target or s in blockers:
                continue
            if same and k != self.attacker_kind:
                continue
            out.append(s)
        return out

    def ask_block(self, frame):
        if self.attacker < 0 or len(self.blockers) >= MAX_BLOCKERS:
            return False
        cands = self._blocker_candidates()
        if not cands:
            return False
        d = self.defender
        if self.R.is_lair[d]:
            # "Your opponents will always choose to block if able, with 1 of their Familiars for each
            # attacking Familiar." The Lair blocks with its first Familiar able to (RULES.md).
            if not self.blockers:
                self._add_blocker(cands[0])
            return False
        return self.ask(self.R.ctrl[d], frame)

    def block_choices(self, frame):
        act = self.R.act
        kind = self.kind
        base = self.defender * SLOTS + BG_START
        acts = [act.block[kind[s]][s - base] for s in self._blocker_candidates()]
        acts.append(act.stop_blocking if self.blockers else act.no_block)
        return acts

    def _add_blocker(self, s):
        self.blockers.append(s)
        self.flags[s] |= BLOCKED
        if self.logging:
            self.say_fmt(None, "{} blocks with {} at {}.", self.qn(s // SLOTS), self.R.cards.fam_names[self.kind[s]], where(s))

    def add_block(self, frame, action):
        self._add_blocker(self.defender * SLOTS + BG_START + action.args[1])
        if len(self.blockers) < MAX_BLOCKERS:
            self.stack.append(frame)

    def no_more_blocks(self, frame, action):
        if action.kind == "no-block":
            self.say_fmt(None, "{} does not block.", self.qn(self.defender))

    # --- Breath Weapon --------------------------------------------------------------------------
    def ask_breath(self, frame):
        if self.attacker < 0:
            return False
        d = self.defender
        R = self.R
        if R.is_lair[d]:  # never happens: Madness Mode has no Dragons and no vials
            return False
        return self.ask(R.ctrl[d], frame)

    def breath_choices(self, frame):
        R = self.R
        act = R.act
        d = self.defender
        kind = self.kind
        acts = [act.breath_player[R.qname[d]]] if R.has_life[d] else []
        base = d * SLOTS + BG_START
        for n in range(BG_SPACES):
            k = kind[base + n]
            if k >= 0:
                acts.append(act.breath_familiar[k][n])
        return acts

    def assign_breath(self, frame, action):
        d = self.defender
        if action.kind == "breath-player":
            self.breath_points.append(TO_LIFE)
            self.say_fmt(None, "{} takes 1 Breath Weapon damage on its life.", self.qn(d))
        else:
            s = d * SLOTS + BG_START + action.args[1]
            self.breath_points.append(s)
            self.say_fmt(None, "{} assigns 1 Breath Weapon damage to {}.", self.qn(d), self.fam(s))
        left = frame[1] - 1
        if left:
            self.stack.append((BREATH_WEAPON, left))

    # --- damage ----------------------------------------------------------------------------------
    def deal_damage(self, frame):
        R = self.R
        a = self.attacker
        kind = self.kind
        if a < 0 or kind[a] != self.attacker_kind:
            self.say("The attack fizzles: the attacking Familiar is no longer there.")
            self._no_attack()
            return False
        q = a // SLOTS
        f = kind[a]
        d = self.defender
        damage, bonus = self.damage, self.attack_bonus
        atk = R.f_attack[f] + bonus[a]
        if atk < 0:
            atk = 0
        hit = [a]
        doomed = []
        dealers = []
        if self._breathes(a):
            # "Breath Weapon deals 3 damage, each assigned by the blocking player to their life and / or
            # their Familiars in the battleground. The Dragon takes no damage when attacking."
            to_life = 0
            plague = R.plague[f]
            for t in self.breath_points:
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
            if self.breath_points:
                dealers.append(a)
            if self.logging:
                parts = [self.fam(t) for t in hit[1:]]
                self.say(f"Breath Weapon deals {len(self.breath_points) - to_life} damage to Familiars"
                         + (f" ({', '.join(parts)})" if parts else "") + f" and {to_life} to {self.qn(d)}'s life.")
            if to_life:
                self._fear(a)
                if self._lose(d, to_life, " to Breath Weapon"):
                    return False
            seat = R.q_seat[d]
            if R.discard_unblocked[f] and seat >= 0 and self.hand[seat]:
                # a Breath Weapon is never blocked (RULES.md): "If the Plague Rat is not blocked when
                # it attacks, that opponent must discard a card of their choice"
                self.trigger((DISCARD, seat))
        elif self.blockers:
            # "the attacking Familiar deals their full attack damage to each blocking Familiar. The
            # attack damage of each blocking Familiar is added together and is dealt to the attacking
            # Familiar."
            total = 0
            names = []
            for b in self.blockers:
                if kind[b] < 0:
                    continue
                names.append(b)
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
            if atk > 0 and names:
                dealers.append(a)
            if self.logging:
                who = ', '.join(self.fam(b) for b in names) if names else 'nobody'
                self.say_fmt(None, "{} deals {} damage to {}; it takes {} damage in return.", self.fam(a), atk, who, total)
        elif self.target_kind >= 0:
            t = self.target
            if t < 0 or kind[t] != self.target_kind:
                self.say("The attack fizzles: its target is no longer there.")
                self._no_attack()
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
            self.say_fmt(None, "{} deals {} damage to {} and takes {}.", self.fam(a), atk, self.fam(t), tat)
        else:
            if R.is_lair[d]:
                # "you gain 1 life for each Familiar of yours that attacks that isn't blocked. The
                # maximum amount of life you can gain in this way on a turn is 3."
                self.say_fmt(None, "The {} cannot block {}.", self.qn(d), self.fam(a))
                if self.gained < MADNESS_GAIN_CAP:
                    self.gained += 1
                    self._gain(q, 1)
                else:
                    self.say_fmt(None, "{} has already gained {} life this way this turn.", self.qn(q), MADNESS_GAIN_CAP)
            else:
                # "Your opponent does not block ... All damage ... goes directly to your opponent's life"
                if atk > 0:
                    dealers.append(a)
                    self._fear(a)
                    if self._lose(d, atk, f" to {self.fam(a)}" if self.logging else ""):
                        return False
                else:
                    self.say_fmt(None, "{} deals no damage to {}.", self.fam(a), self.qn(d))
                seat = R.q_seat[d]
                if R.discard_unblocked[f] and seat >= 0 and self.hand[seat]:
                    # "If the Plague Rat is not blocked when it attacks, that opponent must discard a card"
                    self.trigger((DISCARD, seat))
        for s in dealers:
            self._fear(s)
        defense, dbonus = R.f_defense, self.defense_bonus
        for s in hit:
            k = kind[s]
            # "If a Familiar takes damage equal to or greater than its defense, it is removed"
            if k >= 0 and (s in doomed or damage[s] >= defense[k] + dbonus[s]):
                self._remove(s, True)
        self._no_attack()
        return False

    def _remove(self, s, combat):
        """Take the familiar at ``s`` off the board, with everything its removal triggers."""
        R = self.R
        q = s // SLOTS
        f = self.kind[s]
        i = s % SLOTS
        desc = self.fam(s) if self.logging else ""
        self.kind[s] = -1
        self.damage[s] = self.attack_bonus[s] = self.defense_bonus[s] = self.flags[s] = 0
        self.area_count[q * NUM_AREAS + AREA_OF[i]] -= 1
        p = R.f_pool[f]
        if p == POOL_SHARED:
            self.supply[f] += 1
        elif p == POOL_PERSONAL:
            self.pool[q] |= 1 << f  # "it goes back to your own personal pool"
        else:
            self.supply[f] = 1      # "it becomes available again to all players"
        if s == self.attacker:
            self.attacker = -1
        if s == self.target:
            self.target = -1
        self.say_fmt(None, "{} is removed from the board.", desc)
        if R.imp_gain[f]:
            self._gain(q, 1)  # "When an Imp is removed from the board, you gain 1 life."
        if R.shade[f] and R.ctrl[q] >= 0:
            # "When the Shade is removed from the board, deal 1 damage to any player or any Familiar
            # in the Battleground."
            self.trigger((TARGET, E_DAMAGE, 1, T_PLAYER_OR_BG, q, R.ctrl[q], SRC_FAMILIAR + f))
        if R.is_lair[q]:
            # "Your opponents only spawn new Familiars when one of their Familiars is removed from the
            # board": every removal spawns, in combat or not (RULES.md, "Spawns").
            self._spawn(q, f)
        seat = R.q_seat[q]
        if (R.vials_on and seat >= 0 and q == self.turn and self.phase == P_ATTACK
                and AREA_OF[i] == BATTLEGROUND and self.vials[seat] & ((1 << R.v_shadow) | (1 << R.v_mischief))):
            self.trigger((VIAL, q, f))
