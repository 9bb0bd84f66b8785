"""Spells and Aspects: casting Fast and Slow Cast cards, their targets and effects, discarding, and
the Aspect draft ("The Cards", "The Aspects").

"Fast Cast spells can be played at any time during your turn or other players' turns. Slow Cast
spells can only be played during your Main Phase." A card is chosen first, then its target.
"""

from .board import BATTLEGROUND, BG_START, NUM_AREAS, SLOTS
from .effects import (E_ATTACK, E_DAMAGE, E_DEFENSE, E_DISCARD, E_DRAW, E_EQUIP, E_GAIN, E_LOSE, E_MOVE,
                      E_SIPHON, LIFE_LOSS, T_BG_FAMILIAR, T_FAMILIAR, T_NONE, T_OTHER_PLAYER, T_OWN_FAMILIAR,
                      T_PLAYER_OR_BG, T_PLAYER_WITH_CARDS)
from .frames import DISCARD, DRAFT, EXTRA_MOVE, TARGET
from .ruleset import (NEEDS_BATTLEGROUND_FAMILIAR, NEEDS_FAMILIAR, NEEDS_LOOKING, NEEDS_NOTHING, NO_TARGET,
                      SRC_ASPECT, SRC_FAMILIAR, SRC_VIAL, VARIANT_ACROSS, player_target, target_quadrant)


class SpellRules:
    __slots__ = ()

    # --- what a seat may cast -------------------------------------------------------------------
    def fast_casts(self, seat, moment):
        """The Fast Cast cards ``seat`` may cast in a response window."""
        return self._cast_actions(seat, False, [])

    def pass_action(self):
        return self.R.act.pass_

    def _can_fast(self, seat):
        R = self.R
        life = self.life[R.seat_q[seat]]
        cost, fast = R.c_cost, R.c_fast
        for k in self.hand[seat]:
            if fast[k] and (life > cost[k]) and self._target_exists(R.c_eff[k], seat, cost[k]):
                return True
        return False

    def _cast_actions(self, seat, main, acts):
        """The cards ``seat`` may cast now: Fast Cast ones, and in its Main Phase Slow Cast ones."""
        hand = self.hand[seat]
        if not hand:
            return acts
        R = self.R
        life = self.life[R.seat_q[seat]]
        casting = R.casting
        count = self.area_count
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
            # (``_can_target`` written out: this loop lists every window's and Main Phase's casts)
            if need == NEEDS_NOTHING:
                acts.append(cast)
            elif need == NEEDS_LOOKING:
                if self._target_exists(R.c_eff[k], seat, cost):
                    acts.append(cast)
            elif any(count) if need == NEEDS_FAMILIAR else any(count[BATTLEGROUND::NUM_AREAS]):
                acts.append(cast)
            if main and slow_need is not None and self._can_target(slow_need, R.c_slow_eff[k], seat, cost):
                acts.append(R.act.cast_slow[k])   # a Fast / Slow card's Slow Cast half
        return acts

    def _can_target(self, need, e, seat, cost):
        """Whether a cast that needs ``need`` (``RuleSet.c_needs``) finds a target now."""
        if need == NEEDS_NOTHING:
            return True
        count = self.area_count
        if need == NEEDS_FAMILIAR:
            return any(count)
        if need == NEEDS_BATTLEGROUND_FAMILIAR:
            return any(count[BATTLEGROUND::NUM_AREAS])
        return self._target_exists(e, seat, cost)

    def _target_exists(self, e, seat, cost):
        eff, amount, ttype = e
        # (the targets _cast_actions asks about first: it answers the others itself)
        if ttype == T_OWN_FAMILIAR:
            return self._can_extra_move(self.R.seat_q[seat])
        if ttype == T_PLAYER_WITH_CARDS:
            # another player holds a card, or the caster holds one besides this
            return len(self.hand[seat]) > 1 or any(self.hand[s] for s in range(self.players) if s != seat)
        if ttype == T_NONE:
            return True
        count = self.area_count
        if ttype == T_FAMILIAR:
            return any(count)
        if ttype == T_BG_FAMILIAR:
            for i in self.R.battleground_counts:
                if count[i]:
                    return True
            return False
        return bool(self._player_targets(eff, amount, ttype, self.R.seat_q[seat], cost, first_only=True))

    def _player_targets(self, eff, amount, ttype, src_q, cost=0, first_only=False):
        """The quadrants a player-targeting effect may choose ("you may choose yourself if a card
        says 'choose any player'"; "no player may reduce their own life below 1"); ``first_only``:
        only the first one (is there any?)."""
        R = self.R
        life = self.life
        out = []
        loss = eff in LIFE_LOSS
        for d in range(R.Q):
            if not R.has_life[d]:
                continue
            if ttype == T_OTHER_PLAYER and d == src_q:
                continue
            if ttype == T_PLAYER_WITH_CARDS:
                s = R.q_seat[d]
                if s < 0 or not self.hand[s]:
                    continue
            if loss:
                if d == src_q:
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
    def cast_response(self, frame, action):
        """A Fast Cast in a response window (the window that follows is already pushed)."""
        self._cast(self.to_move, *action.args)

    def cast_in_main(self, frame, action):
        self.stack.append(frame)
        self._cast(self.to_move, *action.args)

    def _cast(self, seat, k, slow):
        """Pay the card's cost, discard it, then choose its target ("The Cards")."""
        R = self.R
        self._lose_card(seat, k)
        self.discard.append(k)
        q = R.seat_q[seat]
        cost = R.c_cost[k]
        eff, amount, ttype = R.c_slow_eff[k] if slow else R.c_eff[k]
        if cost:
            self.life[q] -= cost
        if self.logging:
            how = " as a Slow Cast" if slow else ""
            if cost:
                self.say_fmt(None, "{} casts {}{}, paying {} life ({}).", self.seat_name(seat), R.names[k], how, cost, self.life[q])
            else:
                self.say_fmt(None, "{} casts {}{}.", self.seat_name(seat), R.names[k], how)
        self.stack.append((TARGET, eff, amount, ttype, q, seat, k))

    def _lose_card(self, seat, k):
        self.hand[seat].remove(k)
        known = self.known[seat]
        if k in known:
            known.remove(k)

    # --- targets ---------------------------------------------------------------------------------
    def ask_target(self, frame):
        _, eff, amount, ttype, src_q, chooser, src = frame
        if ttype == T_NONE:
            self._effect(eff, amount, src_q, NO_TARGET, chooser, src)
            return False
        if ttype == T_OWN_FAMILIAR:
            self.stack.append((EXTRA_MOVE, src_q, chooser, src))
            return False
        choices = self.target_choices(frame)
        if not choices:
            self.say_fmt(None, "{} has no target.", self._src_name(src))
            return False
        return self.ask_with(chooser, frame, choices)

    def target_choices(self, frame):
        _, eff, amount, ttype, src_q, chooser, src = frame
        R = self.R
        act = R.act
        acts = []
        if ttype not in (T_FAMILIAR, T_BG_FAMILIAR):
            for d in self._player_targets(eff, amount, ttype, src_q):
                acts.append(act.target_player[R.qname[d]])
        if ttype in (T_FAMILIAR, T_BG_FAMILIAR, T_PLAYER_OR_BG):
            kind = self.kind
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

    def choose_target(self, frame, action):
        _, eff, amount, ttype, src_q, chooser, src = frame
        R = self.R
        if action.kind == "target-player":
            t = player_target(R.q_of_name[action.args[0]])
        else:
            qn, i, _ = action.args
            t = R.q_of_name[qn] * SLOTS + i
        self._effect(eff, amount, src_q, t, chooser, src)

    def _src_name(self, src):
        R = self.R
        if src >= SRC_VIAL:
            return R.cards.vial_names[src - SRC_VIAL]
        if src >= SRC_FAMILIAR:
            return R.cards.fam_names[src - SRC_FAMILIAR]
        if src >= SRC_ASPECT:
            return R.cards.aspect_names[src - SRC_ASPECT]
        return R.names[src]

    def _effect(self, eff, amount, src_q, t, seat, src):
        """Apply one effect of the vocabulary (effects.py) to target ``t``."""
        if self.logging:   # the source and the target are named only in the log
            name = self._src_name(src)
            desc = self.fam(t) if t >= 0 else ""
        else:
            name = desc = ""
        if t >= 0:
            if eff == E_ATTACK:
                self.attack_bonus[t] += amount
                self.say_fmt(None, "{}: {} gets +{} attack until end of turn.", name, desc, amount)
            elif eff == E_DEFENSE:
                self.defense_bonus[t] += amount
                self.say_fmt(None, "{}: {} gets +{} defense until end of turn.", name, desc, amount)
            elif eff == E_DAMAGE:
                self.damage[t] += amount
                self.say_fmt(None, "{} deals {} damage to {}.", name, amount, desc)
                f = self.kind[t]
                if self.damage[t] >= self.R.f_defense[f] + self.defense_bonus[t]:
                    self._remove(t, False)
            return
        d = target_quadrant(t) if t != NO_TARGET else src_q
        if eff == E_GAIN:
            self._gain(d, amount)
        elif eff in (E_LOSE, E_DAMAGE):
            self._lose(d, amount, f" to {name}")
        elif eff == E_SIPHON:
            if not self._lose(d, amount, f" to {name}"):
                self._gain(src_q, amount)
        elif eff == E_DRAW:
            self._draw(seat, amount)
        elif eff == E_DISCARD:
            self.stack.append((DISCARD, self.R.q_seat[d]))
        elif eff == E_EQUIP:
            # "Choose any player to gain 1 life. Then all players discard any equipped Aspects. Choose
            # one Aspect to equip and pass the remaining Aspects to the player to your left."
            self._gain(d, amount)
            if any(a >= 0 for a in self.aspect):
                self.say("Every equipped Aspect is discarded.")
            self.aspect = [-1] * self.players
            self.stack.append((DRAFT, seat, 0))

    def _fixed_effect(self, eff, amount, q, who, seat, src):
        """An Aspect's passive, on-equip or ability effect: no target to choose."""
        if eff == E_GAIN:
            self._gain(who, amount)
        elif eff == E_LOSE:
            self._lose(who, amount, f" to {self._src_name(src)}")
        elif eff == E_DRAW:
            self._draw(seat, amount)
        elif eff == E_MOVE:
            self.stack.append((EXTRA_MOVE, q, seat, src))

    # --- discarding --------------------------------------------------------------------------------
    def ask_discard(self, frame):
        seat = frame[1]
        if seat < 0 or not self.hand[seat]:
            return False
        return self.ask(seat, frame)

    def discard_choices(self, frame):
        act = self.R.act
        acts = []
        seen = 0
        for k in self.hand[frame[1]]:
            if not (seen >> k) & 1:
                seen |= 1 << k
                acts.append(act.discard[k])
        return acts

    def discard_card(self, frame, action):
        seat = frame[1]
        k = action.args[0]
        self._lose_card(seat, k)
        self.discard.append(k)
        self.say_fmt(None, "{} discards {}.", self.seat_name(seat), self.R.names[k])

    # --- Aspects -----------------------------------------------------------------------------------
    def ask_draft(self, frame):
        if all(map(self.aspect.__contains__, range(self.R.na))):   # every Aspect is equipped
            return False
        return self.ask(frame[1], frame)

    def draft_choices(self, frame):
        act = self.R.act
        return [act.equip[a] for a in range(self.R.na) if a not in self.aspect]

    def equip(self, frame, action):
        _, seat, picks = frame
        R = self.R
        a = action.args[0]
        self.aspect[seat] = a
        if self.logging:
            self.say_fmt(None, "{} equips {}.", self.seat_name(seat), R.cards.aspect_names[a])
        if picks + 1 < self.players:
            # "pass the remaining Aspects to the player to your left. Repeat until all players have one"
            self.stack.append((DRAFT, (seat + 1) % self.players, picks + 1))
        if R.a_trigger[a] == "on-equip":
            # "Aspects that have effects that trigger when equipped may trigger again if more than 1
            # Equip Aspect is played on the same turn."
            eff, amount = R.a_eff[a]
            q = R.seat_q[seat]
            self._fixed_effect(eff, amount, q, R.left[q] if R.a_left[a] else q, seat, SRC_ASPECT + a)

    def _aspect_ability_ok(self, seat, a):
        eff = self.R.a_eff[a][0]
        if eff == E_MOVE:
            return self._can_extra_move(self.R.seat_q[seat])
        return True

    def use_aspect(self, frame, action):
        """An Aspect's Slow Cast ability: "can only be used once on your turn during your Main Phase"."""
        a = action.args[0]
        R = self.R
        seat = self.to_move
        q = R.seat_q[seat]
        self.stack.append(frame)
        self.aspect_used |= 1 << a
        cost = R.a_cost[a]
        text = f"{self.seat_name(seat)} uses {R.cards.aspect_names[a]}"
        if cost:
            self.life[q] -= cost
            text += f", paying {cost} life ({self.life[q]})"
        self.say(text + ".")
        eff, amount = R.a_eff[a]
        self._fixed_effect(eff, amount, q, R.left[q] if R.a_left[a] else q, seat, SRC_ASPECT + a)


