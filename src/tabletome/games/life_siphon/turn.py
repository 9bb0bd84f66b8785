"""The turn: Regenerate, Attack and Main Phases, the end-of-turn draw, summoning, moving, life,
response windows and the end of the game ("Gameplay", "The Regenerate Phase", "The Main Phase",
"Game End")."""

from .board import (AREAS, AREA_OF, BATTLEGROUND, CAP, FEARSOME_LIFE, MAX_LIFE, NUMBER_IN_AREA, SLOTS,
                    START, SUMMONING, SUMMONS_PER_TURN, STANDARD)
from .flow import (M_END, M_MAIN, M_START, MOVED, P_ATTACK, P_END, P_MAIN, P_OVER, P_REGEN, T_ATTACK,
                   T_CLEANUP, T_END, T_LAIR_ATTACK, T_LAIR_MOVE, T_MAIN, T_RIVER, T_TURN, T_WINDOW)
from .ruleset import POOL_FEARSOME, POOL_PERSONAL, POOL_SHARED, SRC_ASPECT


def _a(n):
    return "an" if n[0] in "AEIOU" else "a"


class TurnRules:
    __slots__ = ()

    # --- a turn ---------------------------------------------------------------------------------
    def _t_turn(self, task):
        q = task[1]
        R = self.R
        self.turn = q
        self.summons = 0
        self.gained = 0
        self.fear_used = 0
        self.aspect_used = 0
        self._no_attack()
        if q == 0:
            # Madness: "At the start of each round (the beginning of your turn), move this to the next
            # higher number." Other modes count rounds the same way, from the starting player.
            self.round += 1
        name = self.qn(q)
        stack = self.stack
        if R.is_lair[q]:
            # "Your opponents only have 2 Phases": they attack, then every Familiar moves forward.
            self.phase = P_ATTACK
            self.say(f"Round {self.round}: the {name}'s turn.")
            stack.append((T_LAIR_MOVE, q))
            stack.append((T_LAIR_ATTACK, q))
            return False
        self.phase = P_REGEN
        self.say(f"Round {self.round}: {name}'s turn.")
        # "At the start of your turn, regenerate 1 life—to a maximum of 20. Then, regenerate 1
        # additional life for each Familiar in your River row."
        river = self.cnt[q * 4 + 2]
        before = self.life[q]
        self.life[q] = min(MAX_LIFE, before + 1 + river)
        if self.life[q] != before:
            extra = f" (1 + {river} for the River)" if river else ""
            self.say(f"{name} regenerates {self.life[q] - before} life{extra}: {self.life[q]}.")
        seat = R.q_seat[q]
        if seat >= 0 and self.aspect[seat] >= 0 and R.a_trigger[self.aspect[seat]] == "start-of-turn":
            self._aspect_passive(seat, self.aspect[seat])
            if self.phase == P_OVER:
                return False
        bg = self.cnt[q * 4 + BATTLEGROUND] > 0
        # "If you have no Familiars in your Battleground at the start of your turn, you cannot attack"
        self.attack_phase = bg
        stack.append((T_END, q))
        stack.append((T_MAIN, q))
        first = seat if seat >= 0 else 0
        stack.append((T_WINDOW, M_MAIN, (first + 1) % self.players, 0, seat))
        if bg:
            stack.append((T_ATTACK, q))
            stack.append((T_WINDOW, M_START, first, 0, -1))
        elif seat >= 0 and any(k >= 0 for k in self.river):
            # "if you have no Familiars in the Battleground, you may choose to draw 1 face-up card
            # from the River Cards."
            stack.append((T_RIVER, q))
        return False

    def _t_river(self, task):
        self.cur = task
        self.to_move = self.R.q_seat[task[1]]
        return True

    def _legal_river(self, cur):
        act = self.R.act
        acts = []
        seen = 0
        for k in self.river:
            if k >= 0 and not (seen >> k) & 1:
                seen |= 1 << k
                acts.append(act.river[k])
        acts.append(act.river_none)
        return acts

    def _do_river(self, action):
        seat = self.to_move
        if action.kind == "river-none":
            self.say(f"{self.seat_name(seat)} takes no River card.")
            return
        k = action.args[0]
        i = self.river.index(k)
        self.hand[seat].append(k)
        self.known[seat].append(k)  # the River is face up: everyone saw which card it was
        self.say(f"{self.seat_name(seat)} takes {self.R.names[k]} from the River.")
        self._refill(i)

    # --- main phase -----------------------------------------------------------------------------
    def _t_main(self, task):
        self.phase = P_MAIN
        self.cur = task
        self.to_move = self.R.ctrl[task[1]]
        return True

    def _legal_main(self, cur):
        q = cur[1]
        R = self.R
        act = R.act
        acts = []
        life = self.life[q]
        if self.summons < SUMMONS_PER_TURN and self.cnt[q * 4] < 3:
            supply, cost, pools = self.supply, R.f_cost, R.f_pool
            for f in R.summonable:
                p = pools[f]
                if p == POOL_SHARED:
                    if supply[f] and life > cost[f]:
                        acts.append(act.summon[f])
                elif p == POOL_PERSONAL:
                    if (self.pool[q] >> f) & 1 and life > cost[f]:
                        acts.append(act.summon[f])
                elif supply[f] and life <= FEARSOME_LIFE and not self._has_fearsome(q):
                    acts.append(act.summon[f])
        self._move_actions(q, True, acts)
        seat = R.q_seat[q]
        if seat >= 0:
            self._cast_actions(seat, True, acts)
            a = self.aspect[seat]
            if a >= 0 and R.a_trigger[a] == "slow-ability" and not (self.aspect_used >> a) & 1 \
                    and life > R.a_cost[a] and self._aspect_ability_ok(seat, a):
                acts.append(act.use_aspect[a])
        acts.append(act.end_turn)
        return acts

    def _move_actions(self, q, consume, acts):
        """Every move of one of q's familiars to an adjacent area ("Each Familiar can move to 1
        adjacent area per turn"); ``consume``: a normal move (once per turn), else an extra move."""
        R = self.R
        kind, flags, cnt = self.kind, self.flags, self.cnt
        base = q * SLOTS
        c = q * 4
        life = self.life[q]
        pays = not R.is_lair[q]
        back = R.move_back
        mc = R.f_move_cost
        moves = R.act.move
        for i in range(SLOTS):
            f = kind[base + i]
            if f < 0 or (consume and flags[base + i] & MOVED):
                continue
            if pays and mc[f] and life <= mc[f]:
                continue
            a = AREA_OF[i]
            pair = moves[f][i]
            if a < 3 and cnt[c + a + 1] < CAP[a + 1]:
                acts.append(pair[1])
            if back and a > 0 and cnt[c + a - 1] < CAP[a - 1]:
                acts.append(pair[0])
        return acts

    def _has_fearsome(self, q):
        pools = self.R.f_pool
        for f in self.kind[q * SLOTS:(q + 1) * SLOTS]:
            if f >= 0 and pools[f] == POOL_FEARSOME:
                return True
        return False

    def _do_summon(self, action):
        self.stack.append(self.cur)
        self._summon(self.cur[1], action.args[0])

    def _do_move(self, action):
        cur = self.cur
        f, i, d = action.args
        if cur[0] == T_MAIN:
            self.stack.append(cur)
            self._move(cur[1], i, d, True)
        else:  # an extra move (Void Bringer, Unholy Haste, Aspect of Command)
            self._move(cur[1], i, d, False)

    def _do_end_turn(self, action):
        self.say(f"{self.qn(self.cur[1])} ends the Main Phase.")

    def _summon(self, q, f):
        """"Place them in the Summoning Area of your quadrant." Paid with the summoning quadrant's life."""
        R = self.R
        p = R.f_pool[f]
        if p == POOL_SHARED:
            self.supply[f] -= 1
            cost = R.f_cost[f]
        elif p == POOL_PERSONAL:
            self.pool[q] &= ~(1 << f)
            cost = R.f_cost[f]
        else:
            self.supply[f] = 0
            cost = 0  # "you may Summon 1 Fearsome for free"
        self.summons += 1
        slot = self._free(q, SUMMONING)
        self._place(slot, f)
        name = R.cards.fam_names[f]
        if cost:
            self.life[q] -= cost
            self.say(f"{self.qn(q)} summons {_a(name)} {name}, paying {cost} life ({self.life[q]}).")
        else:
            self.say(f"{self.qn(q)} summons {_a(name)} {name}.")

    def _free(self, q, area):
        kind = self.kind
        s = q * SLOTS + START[area]
        while kind[s] >= 0:
            s += 1
        return s

    def _place(self, slot, f):
        self.kind[slot] = f
        self.cnt[(slot // SLOTS) * 4 + AREA_OF[slot % SLOTS]] += 1

    def _move(self, q, i, d, consume):
        """Move the familiar at space i of quadrant q one area forward (d=1) or back (d=-1)."""
        R = self.R
        s = q * SLOTS + i
        f = self.kind[s]
        a = AREA_OF[i]
        t = self._free(q, a + d)
        kind, dmg, abuf, dbuf, flags = self.kind, self.dmg, self.abuf, self.dbuf, self.flags
        kind[t], dmg[t], abuf[t], dbuf[t], flags[t] = f, dmg[s], abuf[s], dbuf[s], flags[s]
        kind[s], dmg[s], abuf[s], dbuf[s], flags[s] = -1, 0, 0, 0, 0
        if consume:
            flags[t] |= MOVED
        self.cnt[q * 4 + a] -= 1
        self.cnt[q * 4 + a + d] += 1
        if self.att == s:
            self.att = t
        if self.tgt == s:
            self.tgt = t
        name = R.cards.fam_names[f]
        text = f"{self.qn(q)} moves {name} from {AREAS[a]} {NUMBER_IN_AREA[i]} to {AREAS[a + d]}"
        cost = R.f_move_cost[f]
        if cost and not R.is_lair[q]:
            # "it costs 1 life each time you move a Dread Knight"
            self.life[q] -= cost
            text += f", paying {cost} life ({self.life[q]})"
        self.say(text + ".")

    # --- end of turn ----------------------------------------------------------------------------
    def _t_end(self, task):
        q = task[1]
        self.phase = P_END
        seat = self.R.q_seat[q]
        first = seat if seat >= 0 else 0
        self.stack.append((T_CLEANUP, q))
        self.stack.append((T_WINDOW, M_END, (first + 1) % self.players, 0, seat))
        return False

    def _t_cleanup(self, task):
        q = task[1]
        R = self.R
        seat = R.q_seat[q]
        if seat >= 0:
            a = self.aspect[seat]
            if a >= 0 and R.a_trigger[a] == "end-of-turn":
                self._aspect_passive(seat, a)
                if self.phase == P_OVER:
                    return False
            # "After you are finished ..., end your turn by drawing 1 card."
            self._draw(seat, 1)
        self._end_of_turn_healing()
        self.stack.append((T_TURN, R.left[q]))
        return False

    def _end_of_turn_healing(self):
        """"its health fully regenerates at the end of the turn"; bonuses "until end of turn" end."""
        n = len(self.kind)
        self.dmg = [0] * n
        self.abuf = [0] * n
        self.dbuf = [0] * n
        self.flags = [0] * n

    # --- cards in and out of the deck -------------------------------------------------------------
    def _top(self):
        """The top card of the deck; an empty deck takes the shuffled discard pile (RULES.md)."""
        if not self.deck:
            if not self.R.reshuffle or not self.discard:
                return -1
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.say("The deck is empty: the discard pile is shuffled into a new deck.")
        return self.deck.pop()

    def _draw(self, seat, n):
        names = self.R.names
        got = []
        for _ in range(n):
            k = self._top()
            if k < 0:
                break
            self.hand[seat].append(k)
            got.append(names[k])
        who = self.seat_name(seat)
        if got:
            self.say(f"{who} draws {len(got)} card{'s' if len(got) > 1 else ''}.")
            self.say(f"{who} draws {' and '.join(got)}.", seat)
        if len(got) < n:
            self.say(f"The deck and the discard pile are empty: {who} cannot draw.")

    def _refill(self, i):
        k = self._top()
        self.river[i] = k
        if k >= 0:
            self.say(f"{self.R.names[k]} is revealed in the River.")

    # --- life and the end of the game -------------------------------------------------------------
    def _gain(self, q, n):
        if not self.R.has_life[q] or n <= 0:
            return
        before = self.life[q]
        self.life[q] = min(MAX_LIFE, before + n)
        if self.life[q] > before:
            self.say(f"{self.qn(q)} gains {self.life[q] - before} life ({self.life[q]}).")
        else:
            self.say(f"{self.qn(q)} is already at {MAX_LIFE} life.")

    def _lose(self, q, n, why=""):
        """Lose ``n`` life; True if that ended the game."""
        R = self.R
        if not R.has_life[q] or n <= 0:
            return False
        self.life[q] -= n
        self.say(f"{self.qn(q)} loses {n} life{why} ({self.life[q]}).")
        if self.life[q] >= 1:
            return False
        if R.madness:
            if not self.defeated:
                self.defeated = True
                self.say(f"{self.qn(q)} is defeated in round {self.round}: the Lairs finish their attacks this round.")
            return False
        # "The player to the right of the player that was defeated is the winner"
        if R.mode == STANDARD:
            winner = R.q_seat[R.right[q]]
        else:
            # 2 Player Variant: "take out the player to your left, OR take out the player across from
            # you ... You lose if you are defeated, OR if the player to your right is defeated."
            winner = 1 if q in (0, 3) else 0
        self._finish([winner], f"{self.qn(q)} is defeated")
        return True

    def _finish(self, winners, why):
        self.winners = winners
        self.phase = P_OVER
        self.stack.clear()
        self.cur = None
        self.to_move = None
        names = " and ".join(self.seat_name(w) for w in winners)
        self.say(f"{why}: {names} wins; every other player loses." if winners else f"{why}.")

    # --- response windows ---------------------------------------------------------------------------
    def _t_window(self, task):
        """Offer Fast Cast spells around the table, starting with ``seat``, to every seat that holds
        one it can pay for with a target; the window closes once every seat has passed in a row."""
        _, moment, seat, passes, exclude = task
        P = self.players
        while passes < P:
            if seat != exclude and self.hand[seat] and self._can_fast(seat):
                self.cur = (T_WINDOW, moment, seat, passes, exclude)
                self.to_move = seat
                return True
            passes += 1
            seat = (seat + 1) % P
        return False

    def _legal_window(self, cur):
        acts = self._cast_actions(cur[2], False, [])
        acts.append(self.R.act.pass_)
        return acts

    def _do_pass(self, action):
        _, moment, seat, passes, exclude = self.cur
        self.stack.append((T_WINDOW, moment, (seat + 1) % self.players, passes + 1, exclude))

    # --- Aspects ----------------------------------------------------------------------------------
    def _aspect_passive(self, seat, a):
        R = self.R
        eff, amount = R.a_eff[a]
        q = R.seat_q[seat]
        who = R.left[q] if R.a_left[a] else q
        self.say(f"{self.seat_name(seat)}'s {R.cards.aspect_names[a]} takes effect.")
        self._fixed_effect(eff, amount, q, who, seat, SRC_ASPECT + a)

