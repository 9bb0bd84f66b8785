"""The turn: regeneration, preparation, the combat and settlement windows, the hand limit.

"There are the following phases of the Game: (The turns in which both players play are processed
in parallel)" -- both seats go through every phase together; inside a phase the seat with priority
(alternating each turn, see RULES.md) decides first. Player abilities and spells may be used in
every window; a window closes when both seats have passed in a row, and is skipped for a seat that
has nothing it could do.
"""

from .phases import (COMBAT, END, HAND_LIMIT, LIMIT, NO_FORM, NO_PENDING, NOT_PLACED, OVER,
                     PREPARE, SPRING, TRADE)
from .ruleset import (DRAW_PER_TURN, HAND_LIMIT as MAX_HAND, LIFE_PRICE, MANA_PER_TURN, MAX_HEALTH,
                      MAX_MANA, TRADE_DISCARD, TRADE_DRAW)


class TurnRules:
    __slots__ = ()

    # --- regeneration -------------------------------------------------------------------------
    def _start_turn(self):
        self.round += 1
        self.priority = (self.round - 1) % 2 if self.R.alternate_priority else 0
        self.form = [NOT_PLACED, NOT_PLACED]
        self.ability = [-1, -1]
        self.spell_cast = [False, False]
        self.bolts = [0, 0]
        self.revealed = False
        self.say(f"Turn {self.round}: {self.seat_name(self.priority)} has priority.")
        # "In the regeneration phase you get the 2 mana and draw 2 cards." (both seats at once)
        out = [not self._draw(p, DRAW_PER_TURN) for p in (0, 1)]
        for p in (0, 1):
            self.mana[p] = min(MAX_MANA, self.mana[p] + MANA_PER_TURN)
        if out[0] or out[1]:
            self._finish([p for p in (0, 1) if out[p]], "could not draw from an empty deck")
            return
        self.phase = PREPARE
        self._prepare(self.priority)

    def _draw(self, p, n) -> bool:
        """Draw ``n`` cards; False if the deck ran out ("that player loses")."""
        deck, hand, names = self.deck[p], self.hand[p], self.R.cards.names
        drawn = []
        for _ in range(n):
            if not deck:
                break
            k = deck.pop()
            hand[k] += 1
            drawn.append(names[k])
        self.hand_size[p] += len(drawn)
        who = self.seat_name(p)
        if drawn:
            self.say(f"{who} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}.")
            listed = drawn[0] if len(drawn) == 1 else ", ".join(drawn[:-1]) + " and " + drawn[-1]
            self.say(f"{who} draws {listed}.", p)
        if len(drawn) < n:
            self.say(f"{who} has no cards left in the deck and cannot draw.")
            return False
        return True

    def _finish(self, losers, why):
        names = " and ".join(self.seat_name(p) for p in losers)
        self.say(f"{names} {'lose' if len(losers) > 1 else 'loses'}: {why}.")
        self.winners = [p for p in (0, 1) if p not in losers]
        if self.winners:
            self.say(f"{self.seat_name(self.winners[0])} wins.")
        else:
            self.say("Both players are out: the game is a draw.")
        self.phase = OVER
        self.pending = NO_PENDING
        self.to_move = None

    # --- preparation ---------------------------------------------------------------------------
    def _prepare(self, p):
        """Seat ``p`` puts a transformation face down (or none), after any abilities and spells."""
        self.to_move = p
        acts = self._prep_actions(p)
        if len(acts) == 1:  # nothing to decide: no transformation and nothing else to do
            self._place(p, NO_FORM)

    def _prep_actions(self, p):
        R = self.R
        act, cost = R.act, R.cards.cost
        hand, mana = self.hand[p], self.mana[p]
        acts = [act.transform[k] for k in R.cards.forms if hand[k] and cost[k] <= mana]
        if not acts or not R.must_transform:
            acts.append(act.no_form)
        self._free_actions(p, acts)
        return acts

    def _place(self, p, k):
        self.form[p] = k
        who = self.seat_name(p)
        if k == NO_FORM:
            self.say(f"{who} does not transform this turn.")
        else:
            self.say(f"{who} puts a transformation face down.")
            self.say(f"{who} puts {self.R.cards.names[k]} face down.", p)
        if p == self.priority:
            self._prepare(1 - p)
        else:
            self._reveal()

    # --- windows: combat and settlement ------------------------------------------------------------
    def _free_actions(self, p, acts):
        """Spells and player abilities: "Player abilities and spell cards may be played in all phases"."""
        R = self.R
        act, cost, hand, mana = R.act, R.cards.cost, self.hand[p], self.mana[p]
        if not self.spell_cast[p]:
            for k in R.cards.spells:
                if hand[k] and cost[k] <= mana:
                    acts.append(act.spell[k])
        if self.hand_size[p] >= TRADE_DISCARD:
            acts.append(act.trade)
        if mana >= LIFE_PRICE and self.health[p] < MAX_HEALTH:
            acts.append(act.buy)
        return acts

    def _window_actions(self, p):
        """What ``p`` could do in the open window, other than pass."""
        acts = []
        if self.phase == COMBAT:
            # "in the combat phase you can play ability cards which apply specifically to 1 transformation"
            f = self.form[p]
            if f >= 0 and self.ability[p] < 0:
                R = self.R
                hand, mana, cost = self.hand[p], self.mana[p], R.cards.cost
                for k in R.cards.abilities_for[f]:
                    if hand[k] and cost[k] <= mana and (not R.pay_4_life[k] or self.health[p] > 4):
                        acts.append(R.act.ability[k])
        return self._free_actions(p, acts)

    def _open_window(self, phase):
        self.phase = phase
        self.passes = 0
        first = self.priority
        if self._window_actions(first):
            self.to_move = first
        elif self._window_actions(1 - first):
            self.to_move = 1 - first
            self.passes = 1
        else:
            self._close_window()

    def _continue(self, p):
        """After ``p`` acted: back to its preparation, or on in the window (passing for it when it
        has nothing left to do)."""
        if self.to_move is None:
            return
        if self.phase == PREPARE:
            self._prepare(p)
        else:
            self.passes = 0
            if not self._window_actions(p):
                self._pass()

    def _pass(self):
        p = self.to_move
        self.passes += 1
        if self.passes < 2 and self._window_actions(1 - p):
            self.to_move = 1 - p
        else:
            self._close_window()

    def _close_window(self):
        if self.phase == COMBAT:
            self._settle()
            if self.phase != OVER:
                self._open_window(END)
        elif self.phase == END:
            self._hand_limit()

    # --- end of turn -------------------------------------------------------------------------------
    def _hand_limit(self):
        """"Maximum number of hand cards at the end of the turn is 8": discard down to it."""
        for p in (self.priority, 1 - self.priority):
            if self.hand_size[p] > MAX_HAND:
                self.phase = LIMIT
                self.pending = HAND_LIMIT
                self.to_move = p
                return
        self.pending = NO_PENDING
        for p in (0, 1):
            discard = self.discard[p]
            if self.form[p] >= 0:
                discard[self.form[p]] += 1
            if self.ability[p] >= 0:
                discard[self.ability[p]] += 1
        self._start_turn()

    # --- player abilities and spells ---------------------------------------------------------------
    def _buy_life(self, p):
        self.mana[p] -= LIFE_PRICE
        self.health[p] += 1
        self.say(f"{self.seat_name(p)} pays {LIFE_PRICE} mana for 1 life ({self.health[p]}).")
        self._continue(p)

    def _start_trade(self, p):
        self.pending = TRADE
        self.pending_left = TRADE_DISCARD
        self.say(f"{self.seat_name(p)} will discard 3 cards and draw 2.")

    def _discard(self, p, k):
        R = self.R
        self.hand[p][k] -= 1
        self.hand_size[p] -= 1
        self.discard[p][k] += 1
        if R.firebolt[k] and self.known_bolts[p]:
            self.known_bolts[p] -= 1
        who, name = self.seat_name(p), R.cards.names[k]
        pending = self.pending
        if pending == TRADE:
            self.say(f"{who} discards {name}.")
            self.pending_left -= 1
            if self.pending_left == 0:
                self.pending = NO_PENDING
                if not self._draw(p, TRADE_DRAW):
                    self._finish([p], "could not draw from an empty deck")
                    return
                self._continue(p)
        elif pending == SPRING:
            self.health[p] = min(MAX_HEALTH, self.health[p] + 1)
            self.say(f"{who} discards {name} to the Life-Spring and gains 1 life ({self.health[p]}).")
            if self.hand_size[p] == 0:
                self.pending = NO_PENDING
                self._continue(p)
        else:  # HAND_LIMIT
            self.say(f"{who} discards {name} down to the hand limit.")
            if self.hand_size[p] <= MAX_HAND:
                self._hand_limit()

    def _stop_discarding(self, p):
        self.pending = NO_PENDING
        self._continue(p)

    def _cast(self, p, k):
        R = self.R
        self.hand[p][k] -= 1
        self.hand_size[p] -= 1
        self.mana[p] -= R.cards.cost[k]
        self.spell_cast[p] = True
        who, name = self.seat_name(p), R.cards.names[k]
        if R.firebolt[k]:
            # "Deals 3 damage. Return the card to your hand, if you cast it."
            self.hand[p][k] += 1
            self.hand_size[p] += 1
            if self.known_bolts[p] == 0:
                self.known_bolts[p] = 1
            if self.phase == END:
                self.say(f"{who} casts {name}; it returns to {who}'s hand.")
                self._firebolt_now(p)
            else:
                self.bolts[p] += 1
                self.say(f"{who} casts {name} (3 damage at settlement); it returns to {who}'s hand.")
            self._continue(p)
            return
        self.discard[p][k] += 1
        if R.gain_mana[k]:
            self.mana[p] = min(MAX_MANA, self.mana[p] + 1)
            self.say(f"{who} casts {name} and regenerates 1 mana ({self.mana[p]}).")
            self._continue(p)
        elif R.life_spring[k]:
            self.say(f"{who} casts {name}.")
            if self.hand_size[p]:
                self.pending = SPRING
            else:
                self._continue(p)

    def _play_ability(self, p, k):
        R = self.R
        self.hand[p][k] -= 1
        self.hand_size[p] -= 1
        self.mana[p] -= R.cards.cost[k]
        self.ability[p] = k
        who, name = self.seat_name(p), R.cards.names[k]
        if R.pay_4_life[k]:
            self.health[p] -= 4
            self.say(f"{who} plays {name}, paying 4 life ({self.health[p]}).")
        else:
            self.say(f"{who} plays {name}.")
        self._continue(p)
