"""1 Player Madness Mode: the three Lairs, played by the rules ("1 Player Madness Mode", and the
paragraphs printed under "2 Player Variant" that describe the Lairs' turn: see RULES.md).

"Your opponents do not have cards or draw cards, do not have a life total, and do not pay anything
to move Familiars that have movement costs. Your opponents only spawn new Familiars when one of
their Familiars is removed from the board. Your opponents only have 2 Phases and are taken one at a
time then pass to the player to the left."
"""

from .board import BATTLEGROUND, BG_SPACES, BG_START, CAP, NUM_AREAS, SLOTS, START, SUMMONING
from .frames import LAIR_ATTACK, TURN
from .ruleset import ATTACKED, P_MOVE, P_OVER, SPAWNS


class MadnessRules:
    __slots__ = ()

    def lair_attack(self, frame):
        """"If your opponent has any number of Familiars in their Battleground at the start of their
        turn, all will attack you directly if possible. Their Familiars will never choose to attack
        your Familiars." One at a time, in Battleground order."""
        q = frame[1]
        kind, flags = self.kind, self.flags
        base = q * SLOTS + BG_START
        for s in range(base, base + BG_SPACES):
            if kind[s] >= 0 and not flags[s] & ATTACKED:
                self._declare(s, LAIR_ATTACK)
                return False
        return False

    def lair_move(self, frame):
        """"Movement Phase: Every Familiar moves forward 1 space if possible." The front rows move
        first, so a familiar moves into the room the one ahead of it left (RULES.md)."""
        q = frame[1]
        if q == 3 and self.defeated:
            # "continue to resolve all of your opponents' attacks until the 4th player (The Dread
            # Knight Lair) finishes all of their attacks."
            self._finish_madness()
            return False
        self.phase = P_MOVE
        kind, count = self.kind, self.area_count
        c = q * NUM_AREAS
        for a in range(BATTLEGROUND - 1, SUMMONING - 1, -1):
            for i in range(START[a], START[a] + CAP[a]):
                if kind[q * SLOTS + i] >= 0 and count[c + a + 1] < CAP[a + 1]:
                    self._move(q, i, 1, True)
        self._end_of_turn_healing()
        self.stack.append((TURN, self.R.left[q]))
        return False

    def _spawn(self, q, f):
        """"place two new Familiars of that same type in that player's Summoning Area for each of
        their Familiars you remove during combat ... any enemy Familiars that would spawn but can't fit
        in that player's Summoning Area are NOT placed." Spawns come from the supply (RULES.md)."""
        placed = 0
        for _ in range(SPAWNS):
            if self.area_count[q * NUM_AREAS + SUMMONING] >= CAP[SUMMONING] or self.supply[f] <= 0:
                break
            self.supply[f] -= 1
            self._place(self._free(q, SUMMONING), f)
            placed += 1
        name = self.R.cards.fam_names[f]
        if placed == SPAWNS:
            plural = name + ("es" if name.endswith("ch") else "s")
            self.say_fmt(None, "The {} spawns 2 {} in its Summoning Area.", self.qn(q), plural)
        elif placed:
            self.say_fmt(None, "The {} spawns 1 {}; the other does not fit.", self.qn(q), name)
        else:
            self.say_fmt(None, "The {}'s Summoning Area is full: no {} spawns.", self.qn(q), name)

    def _finish_madness(self):
        life = self.life[0]
        self.final = (self.round, life)
        self.phase = P_OVER
        self.end_game([])
        self.say_fmt(None, "Madness ends: {} was defeated in round {} with {} life. Score: round {}, final life {}.", self.qn(0), self.round, life, self.round, life)


