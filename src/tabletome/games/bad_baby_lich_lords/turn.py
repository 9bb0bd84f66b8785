"""A turn ("On Your Turn"): spells, the one action, more spells, then the end of the turn.

"On your turn, you have a choice of two actions: draw and raise a skeleton or raise a skeleton in
place. You can also play a spell as a free action as many times as you like on your turn, both
before and after your action." The action is taken when one is possible (RULES.md); "end turn" is
offered once it has been taken, or when none is possible.

4-Player Mode: "When you draw and raise a skeleton, you can only draw from the two bone piles in
your realms and place the skeleton on your side of your realms. When you raise a skeleton, you can
only do so to skeletons on your side of your realms." (``layout.seat_realms``)
"""

from .actions import V_RAISE
from .phases import AFTER, BEFORE, HELD, OVER, P_PLACE, P_TURN, PLACE_ACTION
from .ruleset import MAX_TURNS


class TurnRules:
    __slots__ = ()

    # --- the menu -------------------------------------------------------------------------------------
    def _turn_options(self):
        p = self.active
        L, R = self.L, self.R
        opts = []
        if self.phase == BEFORE:
            side = L.seat_side[p]
            realms = L.seat_realms[p]
            bone = self.bone
            for r in realms:
                if bone[r]:
                    opts.append(R.draw[r])
            T = R.target[V_RAISE]
            ns, maxp, up = L.ns, R.max_positions, self.up
            for r in realms:
                q = r * ns + side
                base = q * maxp
                for j, c in enumerate(self.sides[q]):
                    if not up[c]:
                        opts.append(T[base + j])
            action_possible = bool(opts)
        else:
            action_possible = False
        self._spell_options(p, opts)
        if not action_possible:
            opts.append(R.end)
        return opts

    def _resolve_turn(self, action):
        kind = action.kind
        if kind == "draw":
            # "Draw a skeleton card from the top of any realm's bone pile." (Lich Law 2.1: the
            # realm to place it in is chosen after seeing it and the newly revealed top.)
            r = action.args[0]
            self.phase = AFTER
            c = self._draw_bone(r)
            self.held = c
            self.loc[c] = HELD
            note = self._reveal(r)
            self.say(f"{self.seat_name(self.active)} draws {self.card_name(c)} from bone pile {r + 1}{note}.")
            self.pending = P_PLACE
            self.pctx = (c, PLACE_ACTION)
        elif kind == "target":
            # "Select a skeleton on your side of any realm. Raise the skeleton, flipping it
            # minion-side up and performing all its skills."
            self.phase = AFTER
            c = self._target_card(action)
            self.up[c] = 1
            self.say(f"{self.seat_name(self.active)} raises {self.card_name(c)} in place in realm {self.realm_of(c) + 1}.")
            self._perform(c)
        elif kind == "end":
            self._end_turn()
        else:
            self._cast_from_hand(action)

    def _place_options(self):
        L = self.L
        side = L.seat_side[self.active]
        place = self.R.place
        if self.pctx[1] == PLACE_ACTION:
            return [place[r] for r in L.seat_realms[self.active]]
        return [place[r] for r in range(L.nr) if L.has_side[r][side]]

    def _resolve_place(self, action):
        # "Then place the skeleton on your side of any realm. Finally, raise the skeleton, flipping
        # it minion-side up and performing all its skills."
        c = self.pctx[0]
        r = action.args[0]
        L = self.L
        self.held = -1
        self.up[c] = 1
        self._put_side(c, r * L.ns + L.seat_side[self.active])
        self.say(f"{self.seat_name(self.active)} raises {self.card_name(c)} in realm {r + 1}.")
        self._perform(c)

    # --- the end of the turn -------------------------------------------------------------------------
    def _end_turn(self):
        p = self.active
        ended = f"{self.seat_name(p)} ends the turn."
        mark = len(self._log)
        self._score_realms()
        if len(self._log) > mark:      # something happened at the end of the turn: say so first
            self._log.insert(mark, (None, ended))
            ended = ""
        s = self._noise_winner()
        if s >= 0:
            self._finish(self.L.side_seats[s], f"{self.side_label(s)} made {self.noise[s]} noise and woke "
                                                f"the Lich King")
            return
        self._clear_acted()
        if self.L.solitaire:
            if ended:
                self.say(ended)
                ended = ""
            self._artifact_turn()
            if self.phase == OVER:
                return
        reason = self._exhausted()
        if reason:
            if ended:
                self.say(ended)
            self._finish_on_noise(reason)
            return
        self.turn += 1
        self.active = self.L.next_in_turn[p]
        self.phase = BEFORE
        self.to_move = self.active
        self.pending = P_TURN
        self.pctx = ()
        self.say((ended + " " if ended else "") + f"Turn {self.turn}: {self.seat_name(self.active)}.")

    def _exhausted(self) -> str:
        """Why the game cannot go on (RULES.md, "Endings"), or ""."""
        if not any(self.bone):
            return "every bone pile is empty"
        if not any(self.rpile):
            return "no realm is left to score"
        if self.turn >= MAX_TURNS:
            return f"{MAX_TURNS} turns have been played"
        return ""

    def _finish(self, winners, why):
        self.winners = sorted(winners)
        self.phase = OVER
        self.to_move = None
        self.pending = 0
        self.pctx = ()
        self.stack = []
        names = " and ".join(self.seat_name(w) for w in self.winners)
        if self.winners:
            self.say(f"{why}: {names} {'win' if len(self.winners) > 1 else 'wins'}.")
        else:
            self.say(f"{why}.")

    def _finish_on_noise(self, reason):
        L = self.L
        if L.solitaire:
            self._finish([], f"The game ends: {reason}, and the Lich King sleeps on. You lose")
            return
        best = max(self.noise)
        top = [s for s in range(L.ns) if self.noise[s] == best]
        if len(top) == L.ns:
            self._finish([], f"The game ends: {reason}; every side has {best} noise, a draw")
            return
        seats = [p for s in top for p in L.side_seats[s]]
        self._finish(seats, f"The game ends: {reason}; the most noise wins")
