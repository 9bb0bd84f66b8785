"""Performing skills: the chain of minions acting ("Rules for Performing Skills", "Minion Skills").

"Skills are performed in order from left to right. If possible, all skills must be performed,
even if the only available target is one of your own minions! A minion/skeleton can only perform
its skills once per turn. Skills can target cards on either your side or your opponent's side of
the realm. If you cause an opponent's card to perform its skills, you make any decisions necessary
for those skills."

A card that starts performing is marked as having acted (Lich Law 3.1) and pushes a frame
(F_PERFORM, card, next slot) on the chain stack. Raise, Boss and Possess push the target's frame
on top, so the target performs all its skills before the first card goes on (Lich Law 14.1: no
spell until every skill triggered has been performed). Every decision is the active player's
(Lich Law 3.4), whichever side the acting card is on.
"""

from .actions import V_BEFRIEND, V_BOSS, V_FIGHT, V_POSSESS, V_RAISE
from .phases import BONE, F_PERFORM, HELD, P_OR, P_SKILL
from .vocabulary import (BOSS, CAST, DIG, FIGHT, FRIENDSHIP, LEAVE, POSSESS, RAISE, SKILLS, SPELLS,
                         TEACH)


class SkillRules:
    __slots__ = ()

    def _perform(self, c):
        """Card ``c`` performs its skills now, unless it already acted this turn (Lich Law 3.1)."""
        if self.acted[c]:
            self.say(f"{self.card_name(c)} has already acted this turn and performs no skills.")
            return
        self._mark_acted(c)
        self.stack.append((F_PERFORM, c, 0))

    def _step_perform(self, frame):
        _, c, k = frame
        slots = self.R.cards.slots[c]
        q = self.loc[c]
        if k >= len(slots) or q < 0 or q >= HELD:
            self.stack.pop()
            return
        self.stack[-1] = (F_PERFORM, c, k + 1)
        a, b = slots[k]
        if b < 0:
            self._begin_skill(c, a)
        else:
            # "The player who is performing the skills chooses which of the two skills to perform."
            self.pending = P_OR
            self.pctx = (c, a, b)

    def _begin_skill(self, c, s):
        if s == TEACH:
            self._teach(c)
        elif s == CAST:
            self._cast_skill(c)
        else:
            self.pending = P_SKILL
            self.pctx = (c, s)

    # --- which targets a skill has ------------------------------------------------------------------
    def _skill_possible(self, c, s) -> bool:
        if s == TEACH or s == CAST:
            return bool(self.deck)
        return bool(self._skill_targets(c, s))

    def _skill_targets(self, c, s):
        """The actions naming each legal target of skill ``s`` performed by card ``c``."""
        L, R = self.L, self.R
        r = self.realm_of(c)
        ns, maxp, sides, up = L.ns, R.max_positions, self.sides, self.up
        out = []
        if s == DIG:
            # "Draw a skeleton from the top of this realm's bone pile and place it on either side"
            if self.bone[r]:
                dig = R.dig
                out = [dig[x] for x in L.realm_sides[r]]
        elif s == FIGHT:
            # "Target a minion in this realm that has fewer fight skill icons"
            fight = R.cards.fight
            f = fight[c]
            if f > 0:
                T = R.target[V_FIGHT]
                for x in L.realm_sides[r]:
                    q = r * ns + x
                    base = q * maxp
                    for j, d in enumerate(sides[q]):
                        if up[d] and fight[d] < f:
                            out.append(T[base + j])
        elif s == LEAVE:
            # "Move this minion to an adjacent realm ... cannot wrap"; from the bone pile, to the
            # adjacent realm's bone pile (Lich Law 13.2)
            q = self.loc[c]
            leave = R.leave
            if q >= BONE:
                out = [leave[r2] for r2 in L.adjacent[r]]
            else:
                x = q % ns
                out = [leave[r2] for r2 in L.adjacent[r] if L.has_side[r2][x]]
        elif s == RAISE:
            # "Target a skeleton in this realm (not on top of the bone pile)"
            T = R.target[V_RAISE]
            for x in L.realm_sides[r]:
                q = r * ns + x
                base = q * maxp
                for j, d in enumerate(sides[q]):
                    if not up[d]:
                        out.append(T[base + j])
        elif s == BOSS:
            # "Target a minion in this realm and perform its skills" -- one that has not acted
            # yet (Lich Law 3.1: "cannot boss the first minion ... because it has already acted")
            T, acted = R.target[V_BOSS], self.acted
            for x in L.realm_sides[r]:
                q = r * ns + x
                base = q * maxp
                for j, d in enumerate(sides[q]):
                    if up[d] and not acted[d]:
                        out.append(T[base + j])
        elif s == FRIENDSHIP:
            # "Target a minion in a different realm and move it to this realm. It does not change sides."
            T, has = R.target[V_BEFRIEND], L.has_side[r]
            for r2 in range(L.nr):
                if r2 == r:
                    continue
                for x in L.realm_sides[r2]:
                    if not has[x]:
                        continue
                    q = r2 * ns + x
                    base = q * maxp
                    for j, d in enumerate(sides[q]):
                        if up[d]:
                            out.append(T[base + j])
        elif s == POSSESS:
            # "Target a skeleton in this realm OR on top of this realm's bone pile and perform its
            # skills without flipping it" -- one that has not acted yet
            T, acted = R.target[V_POSSESS], self.acted
            for x in L.realm_sides[r]:
                q = r * ns + x
                base = q * maxp
                for j, d in enumerate(sides[q]):
                    if not up[d] and not acted[d]:
                        out.append(T[base + j])
            pile = self.bone[r]
            if pile and not acted[pile[-1]]:
                out.append(R.possess_pile[r])
        return out

    def _or_options(self):
        c, a, b = self.pctx
        # Lich Law 3.3: the performer may pick the skill with no valid target to avoid the other.
        if self._skill_possible(c, a) or self._skill_possible(c, b):
            return [self.R.choose[a], self.R.choose[b]]
        return []

    # --- doing it -------------------------------------------------------------------------------------
    def _resolve_or(self, action):
        c = self.pctx[0]
        s = action.args[0]
        self.say(f"{self.seat_name(self.active)} chooses {SKILLS[s]} for {self.card_name(c)}.")
        self._begin_skill(c, s)

    def _resolve_skill(self, action):
        c, s = self.pctx
        R, L = self.R, self.L
        name = self.card_name(c)
        if s == DIG:
            r = self.realm_of(c)
            x = R.word_side[action.args[0]]
            d = self._draw_bone(r)
            self.up[d] = 0
            self._put_side(d, r * L.ns + x)
            note = self._reveal(r)
            self.say(f"{name} digs {self.card_name(d)} from bone pile {r + 1} to "
                     f"{self.side_label(x)}'s side of realm {r + 1}{note}.")
            return
        if s == LEAVE:
            r2 = action.args[0]
            self._move_to_realm(c, r2)
            self.say(f"{name} leaves to {'bone pile' if self.loc[c] >= BONE else 'realm'} {r2 + 1}.")
            return
        if action.kind == "possess-pile":
            r = action.args[0]
            d = self.bone[r][-1]
            self.say(f"{name} possesses {self.card_name(d)} on top of bone pile {r + 1}.")
            self._perform(d)
            return
        d = self._target_card(action)
        dname = self.card_name(d)
        where = self.where(d)
        if s == FIGHT:
            self.up[d] = 0
            self.say(f"{name} fights {dname} {where}: it flips skeleton-side up.")
        elif s == RAISE:
            self.up[d] = 1
            self.say(f"{name} raises {dname} {where}.")
            self._perform(d)
        elif s == BOSS:
            self.say(f"{name} bosses {dname} {where}.")
            self._perform(d)
        elif s == POSSESS:
            self.say(f"{name} possesses the skeleton {dname} {where}.")
            self._perform(d)
        elif s == FRIENDSHIP:
            r = self.realm_of(c)
            x = self.loc[d] % L.ns
            self._take(d)
            self._put_side(d, r * L.ns + x)
            self.say(f"{name} befriends {dname}, {where.replace('on ', 'from ', 1)}, into realm {r + 1}.")

    def _target_card(self, action):
        _, r, w, j = action.args
        return self.sides[r * self.L.ns + self.R.word_side[w]][j]

    def _move_to_realm(self, c, r2):
        """Leave: to the same side of realm ``r2``, or from a bone pile to the top of r2's bone pile."""
        q = self.loc[c]
        if q >= BONE:
            self._take(c)
            self._put_bone(r2, c)
        else:
            x = q % self.L.ns
            self._take(c)
            self._put_side(c, r2 * self.L.ns + x)

    def _teach(self, c):
        # Lich Law 3.4.1: the acting player draws the spell, whoever owns the card.
        who = self.seat_name(self.active)
        t = self._draw_spell()
        if t < 0:
            self.say(f"{self.card_name(c)} teaches, but the spell deck is empty.")
            return
        self.hand[self.active][t] += 1
        self.say(f"{self.card_name(c)} teaches: {who} draws a spell.")
        self.say(f"{who} draws {SPELLS[t]}.", self.active)

    def _cast_skill(self, c):
        # "Draw a spell card and play it immediately in any realm you choose."
        t = self._draw_spell()
        if t < 0:
            self.say(f"{self.card_name(c)} casts, but the spell deck is empty.")
            return
        self.say(f"{self.card_name(c)} casts: {self.seat_name(self.active)} draws {SPELLS[t]} and plays it at once.")
        self.burn_spells.append(t)
        self._start_single(t)
