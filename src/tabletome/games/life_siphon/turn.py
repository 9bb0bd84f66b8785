"""The turn: Regenerate, Attack and Main Phases, the end-of-turn draw, summoning, moving, life and
the end of the game ("Gameplay", "The Regenerate Phase", "The Main Phase", "Game End").

The frames these rules run are declared in frames.py.
"""

from .board import (AREAS, AREA_OF, BATTLEGROUND, CAP, NUM_AREAS, NUMBER_IN_AREA, RIVER, SLOTS, START,
                    SUMMONING)
from .effects import POOL_PERSONAL, POOL_SHARED
from .frames import ATTACK, CLEANUP, END, LAIR_ATTACK, LAIR_MOVE, MAIN, RIVER_DRAW, TURN, WINDOW
from .ruleset import (END_OF_TURN_DRAW, FEARSOME_LIFE, M_END, M_MAIN, M_START, MAX_LIFE, MOVED, P_ATTACK,
                      P_END, P_MAIN, P_OVER, P_REGEN, REGENERATE, SRC_ASPECT, STANDARD, SUMMONS_PER_TURN)

def _a(n):
    return "an" if n[0] in "AEIOU" else "a"


class TurnRules:
    __slots__ = ()

    # --- a turn ---------------------------------------------------------------------------------
    def begin_turn(self, frame):
        q = frame[1]
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
        name = self.qn(q) if self.logging else ""   # a search copy says nothing
        stack = self.stack
        if R.is_lair[q]:
            # "Your opponents only have 2 Phases": they attack, then every Familiar moves forward.
            self.phase = P_ATTACK
            self.say_fmt(None, "Round {}: the {}'s turn.", self.round, name)
            stack.append((LAIR_MOVE, q))
            stack.append((LAIR_ATTACK, q))
            return False
        self.phase = P_REGEN
        if self.logging:
            self.say_fmt(None, "Round {}: {}'s turn.", self.round, name)
        # "At the start of your turn, regenerate 1 life—to a maximum of 20. Then, regenerate 1
        # additional life for each Familiar in your River row."
        c = q * NUM_AREAS
        in_river = self.area_count[c + RIVER]
        before = self.life[q]
        self.life[q] = min(MAX_LIFE, before + REGENERATE + in_river)
        if self.life[q] != before and self.logging:
            extra = f" (1 + {in_river} for the River)" if in_river else ""
            self.say_fmt(None, "{} regenerates {} life{}: {}.", name, self.life[q] - before, extra, self.life[q])
        seat = R.q_seat[q]
        if seat >= 0 and self.aspect[seat] >= 0 and R.a_trigger[self.aspect[seat]] == "start-of-turn":
            self._aspect_passive(seat, self.aspect[seat])
            if self.phase == P_OVER:
                return False
        in_battleground = self.area_count[c + BATTLEGROUND] > 0
        # "If you have no Familiars in your Battleground at the start of your turn, you cannot attack"
        self.attack_phase = in_battleground
        stack.append((END, q))
        stack.append((MAIN, q))
        first = seat if seat >= 0 else 0
        stack.append((WINDOW, M_MAIN, (first + 1) % self.players, 0, seat))
        if in_battleground:
            # the Attack Phase begins with its first window ("before or after attacking")
            self.phase = P_ATTACK
            stack.append((ATTACK, q))
            stack.append((WINDOW, M_START, first, 0, -1))
        elif seat >= 0 and max(self.river) >= 0:   # (a River space that holds a card)
            # "if you have no Familiars in the Battleground, you may choose to draw 1 face-up card
            # from the River Cards."
            stack.append((RIVER_DRAW, q))
        return False

    def ask_river(self, frame):
        return self.ask(self.R.q_seat[frame[1]], frame)

    def river_choices(self, frame):
        act = self.R.act
        acts = []
        seen = 0
        for k in self.river:
            if k >= 0 and not (seen >> k) & 1:
                seen |= 1 << k
                acts.append(act.river[k])
        acts.append(act.river_none)
        return acts

    def take_river(self, frame, action):
        seat = self.to_move
        if action.kind == "river-none":
            if self.logging:
                self.say_fmt(None, "{} takes no River card.", self.seat_name(seat))
            return
        k = action.args[0]
        i = self.river.index(k)
        self.hand[seat].append(k)
        self.known[seat].append(k)  # the River is face up: everyone saw which card it was
        if self.logging:
            self.say_fmt(None, "{} takes {} from the River.", self.seat_name(seat), self.R.names[k])
        self._refill(i)

    # --- main phase -----------------------------------------------------------------------------
    def begin_main(self, frame):
        self.phase = P_MAIN
        return self.ask(self.R.ctrl[frame[1]], frame)

    def main_choices(self, frame):
        q = frame[1]
        R = self.R
        act = R.act
        acts = []
        life = self.life[q]
        if self.summons < SUMMONS_PER_TURN and self.area_count[q * NUM_AREAS + SUMMONING] < CAP[SUMMONING]:
            supply, personal = self.supply, self.pool[q]
            for f, pool, cost, summon in R.summon_options:
                if pool == POOL_SHARED:
                    if supply[f] and life > cost:
                        acts.append(summon)
                elif pool == POOL_PERSONAL:
                    if (personal >> f) & 1 and life > cost:
                        acts.append(summon)
                elif supply[f] and life <= FEARSOME_LIFE and not self._has_fearsome(q):
                    acts.append(summon)
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
        kind, flags = self.kind, self.flags
        moved = MOVED if consume else 0   # an extra move may move a familiar that has moved
        life = self.life[q]
        life_floor = R.move_life_floor[q]
        c = q * NUM_AREAS
        summoning, movement, river, battleground = self.area_count[c:c + NUM_AREAS]
        for slot, moves_by_kind in R.moves_out[q][summoning][movement][river][battleground]:
            f = kind[slot]
            if f < 0 or flags[slot] & moved or life <= life_floor[f]:
                continue
            acts += moves_by_kind[f]
        return acts

    def _can_extra_move(self, q):
        """Whether one of q's familiars could take an extra move (``_move_actions`` not consuming
        the turn's move): the first one found answers."""
        kind = self.kind
        life = self.life[q]
        life_floor = self.R.move_life_floor[q]
        c = q * NUM_AREAS
        summoning, movement, river, battleground = self.area_count[c:c + NUM_AREAS]
        for slot, _ in self.R.moves_out[q][summoning][movement][river][battleground]:
            f = kind[slot]
            if f >= 0 and life > life_floor[f]:
                return True
        return False

    def _has_fearsome(self, q):
        fearsome = self.R.is_fearsome
        for f in self.kind[q * SLOTS:(q + 1) * SLOTS]:
            if f >= 0 and fearsome[f]:
                return True
        return False

    def summon_in_main(self, frame, action):
        self.stack.append(frame)
        self._summon(frame[1], action.args[0])

    def move_in_main(self, frame, action):
        _, i, d = action.args
        self.stack.append(frame)
        self._move(frame[1], i, d, True)

    def end_main(self, frame, action):
        if self.logging:
            self.say_fmt(None, "{} ends the Main Phase.", self.qn(frame[1]))

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
        self.life[q] -= cost
        if self.logging:
            name = R.cards.fam_names[f]
            if cost:
                self.say_fmt(None, "{} summons {} {}, paying {} life ({}).", self.qn(q), _a(name), name, cost, self.life[q])
            else:
                self.say_fmt(None, "{} summons {} {}.", self.qn(q), _a(name), name)

    def _free(self, q, area):
        kind = self.kind
        s = q * SLOTS + START[area]
        while kind[s] >= 0:
            s += 1
        return s

    def _place(self, slot, f):
        self.kind[slot] = f
        self.area_count[(slot // SLOTS) * NUM_AREAS + AREA_OF[slot % SLOTS]] += 1

    def _move(self, q, i, d, consume):
        """Move the familiar at space i of quadrant q one area forward (d=1) or back (d=-1)."""
        R = self.R
        s = q * SLOTS + i
        f = self.kind[s]
        a = AREA_OF[i]
        t = self._free(q, a + d)
        kind, damage, atk, dfn, flags = self.kind, self.damage, self.attack_bonus, self.defense_bonus, self.flags
        kind[t], damage[t], atk[t], dfn[t] = f, damage[s], atk[s], dfn[s]
        flags[t] = flags[s] | MOVED if consume else flags[s]
        kind[s], damage[s], atk[s], dfn[s], flags[s] = -1, 0, 0, 0, 0
        count, c = self.area_count, q * NUM_AREAS + a
        count[c] -= 1
        count[c + d] += 1
        if self.attacker == s:
            self.attacker = t
        if self.target == s:
            self.target = t
        cost = R.f_move_cost[f]
        pays = cost and not R.is_lair[q]
        if pays:
            # "it costs 1 life each time you move a Dread Knight"
            self.life[q] -= cost
        if self.logging:
            if pays:
                self.say_fmt(None, "{} moves {} from {} {} to {}, paying {} life ({}).", self.qn(q),
                             R.cards.fam_names[f], AREAS[a], NUMBER_IN_AREA[i], AREAS[a + d], cost, self.life[q])
            else:
                self.say_fmt(None, "{} moves {} from {} {} to {}.", self.qn(q), R.cards.fam_names[f], AREAS[a],
                             NUMBER_IN_AREA[i], AREAS[a + d])

    # --- end of turn ----------------------------------------------------------------------------
    def end_of_turn(self, frame):
        q = frame[1]
        self.phase = P_END
        seat = self.R.q_seat[q]
        first = seat if seat >= 0 else 0
        self.stack.append((CLEANUP, q))
        self.stack.append((WINDOW, M_END, (first + 1) % self.players, 0, seat))
        return False

    def cleanup(self, frame):
        q = frame[1]
        R = self.R
        seat = R.q_seat[q]
        if seat >= 0:
            a = self.aspect[seat]
            if a >= 0 and R.a_trigger[a] == "end-of-turn":
                self._aspect_passive(seat, a)
                if self.phase == P_OVER:
                    return False
            # "After you are finished ..., end your turn by drawing 1 card."
            self._draw(seat, END_OF_TURN_DRAW)
        self._end_of_turn_healing()
        self.stack.append((TURN, R.left[q]))
        return False

    def _end_of_turn_healing(self):
        """"its health fully regenerates at the end of the turn"; bonuses "until end of turn" end."""
        n = len(self.kind)
        self.damage = [0] * n
        self.attack_bonus = [0] * n
        self.defense_bonus = [0] * n
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
        hand = self.hand[seat]
        got = []
        for _ in range(n):
            k = self._top()
            if k < 0:
                break
            hand.append(k)
            got.append(k)
        if self.logging:
            who = self.seat_name(seat)
            if got:
                names = self.R.names
                self.say_fmt(None, "{} draws {} card{}.", who, len(got), 's' if len(got) > 1 else '')
                self.say_fmt(seat, "{} draws {}.", who, ' and '.join(names[k] for k in got))
            if len(got) < n:
                self.say_fmt(None, "The deck and the discard pile are empty: {} cannot draw.", who)

    def _refill(self, i):
        k = self._top()
        self.river[i] = k
        if k >= 0 and self.logging:
            self.say_fmt(None, "{} is revealed in the River.", self.R.names[k])

    # --- life and the end of the game -------------------------------------------------------------
    def _gain(self, q, n):
        if not self.R.has_life[q] or n <= 0:
            return
        before = self.life[q]
        self.life[q] = min(MAX_LIFE, before + n)
        if self.logging:
            if self.life[q] > before:
                self.say_fmt(None, "{} gains {} life ({}).", self.qn(q), self.life[q] - before, self.life[q])
            else:
                self.say_fmt(None, "{} is already at {} life.", self.qn(q), MAX_LIFE)

    def _lose(self, q, n, why=""):
        """Lose ``n`` life; True if that ended the game."""
        R = self.R
        if not R.has_life[q] or n <= 0:
            return False
        self.life[q] -= n
        if self.logging:
            self.say_fmt(None, "{} loses {} life{} ({}).", self.qn(q), n, why, self.life[q])
        if self.life[q] >= 1:
            return False
        if R.madness:
            if not self.defeated:
                self.defeated = True
                self.say_fmt(None, "{} is defeated in round {}: the Lairs finish their attacks this round.", self.qn(q), self.round)
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
        """"The game ends as soon as one player's life is reduced below 1": nothing more runs."""
        self.phase = P_OVER
        self.end_game(winners)
        names = " and ".join(self.seat_name(w) for w in winners)
        self.say(f"{why}: {names} wins; every other player loses." if winners else f"{why}.")

    # --- Aspects ----------------------------------------------------------------------------------
    def _aspect_passive(self, seat, a):
        R = self.R
        eff, amount = R.a_eff[a]
        q = R.seat_q[seat]
        who = R.left[q] if R.a_left[a] else q
        if self.logging:
            self.say_fmt(None, "{}'s {} takes effect.", self.seat_name(seat), R.cards.aspect_names[a])
        self._fixed_effect(eff, amount, q, who, seat, SRC_ASPECT + a)
