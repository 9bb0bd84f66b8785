"""The combat phase and the settlement: reveal, hits, protections, damage and healing.

"In the combat phase, the damage and abilities are counted. Only the transformation you just
played is valid. If you have not transformed, you do not cause any damage, have no abilities and
get damage normally." "In the settlement phase, damage is subtracted and life points are added."

A hit is one packet of damage: a transformation's attack (twice with Fourius-Attack), Foxfire's
6, or an Eternal-Firebolt's 3. Each hit meets the defender's protections on its own: prevention
(Sheep, Blood-Prize, a coin flip for Deer or Swift-Escape) first, then reduction (Turtle, Bear).
The order and rounding are rulings; see RULES.md.
"""

from .phases import COMBAT, NO_FORM
from .ruleset import MAX_HEALTH

PREVENTED = -1


class CombatRules:
    __slots__ = ()

    def _reveal(self):
        R = self.R
        names = R.cards.names
        self.revealed = True
        for p in (self.priority, 1 - self.priority):
            f = self.form[p]
            who = self.seat_name(p)
            if f == NO_FORM:
                continue
            self.mana[p] -= R.cards.cost[f]
            self.say(f"{who} reveals {names[f]}" + (f", paying {R.cards.cost[f]} mana ({self.mana[p]})." if R.cards.cost[f] else "."))
        # Sheep: "you will be eaten by the wolf. (If this happens, you immediately loose.)"
        eaten = [p for p in (0, 1) if self.form[p] >= 0 and R.sheep[self.form[p]]
                 and self.form[1 - p] >= 0 and R.eats_sheep[self.form[1 - p]]]
        if eaten:
            self._finish(eaten, "the Sheep is eaten by the Wolf")
            return
        self._open_window(COMBAT)

    def _settle(self):
        damage, heal, mana_loss = [0, 0], [0, 0], [0, 0]
        for a in (self.priority, 1 - self.priority):
            self._attack(a, 1 - a, damage, heal, mana_loss)
        for p in (self.priority, 1 - self.priority):
            before = self.health[p]
            self.health[p] = min(MAX_HEALTH, before - damage[p] + heal[p])
            if mana_loss[p]:
                self.mana[p] = max(0, self.mana[p] - mana_loss[p])
            parts = []
            if damage[p]:
                parts.append(f"takes {damage[p]} damage")
            if heal[p]:
                parts.append(f"heals {heal[p]}")
            if mana_loss[p]:
                parts.append(f"loses {mana_loss[p]} mana ({self.mana[p]})")
            if parts:
                self.say(f"Settlement: {self.seat_name(p)} {', '.join(parts)}: {before} -> {self.health[p]} health.")
        losers = [p for p in (0, 1) if self.health[p] <= 0]
        if losers:
            self._finish(losers, "life points brought to zero")

    def _attack(self, a, d, damage, heal, mana_loss):
        """Everything seat ``a`` deals to seat ``d`` this turn."""
        R = self.R
        f, ab = self.form[a], self.ability[a]
        if f >= 0:
            base = R.cards.damage[f]
            hits = 1
            if ab >= 0:
                if R.extra_2[ab]:
                    base += 2  # Ice-Fangs: "Causes 2 damage to health and mana."
                if R.vs_demon[ab]:
                    # Blood-Claw: "Deals 5 damage against the demon, heal 2 life points."
                    fd = self.form[d]
                    demon = fd >= 0 and R.is_demon[fd]
                    if demon or R.blood_claw == "any-target":
                        base += 5
                    if demon or R.blood_claw != "no-effect":
                        heal[a] += 2
                if R.attack_twice[ab]:
                    hits = 2  # Fourius-Attack: "Attacks 2 times."
            if base > 0:
                for _ in range(hits):
                    dealt = self._hit(a, d, base, True, R.cannot_escape[f], R.cards.names[f])
                    if dealt != PREVENTED:
                        damage[d] += dealt
                        if R.bloodgenesis[f]:
                            heal[a] += dealt  # "Regenerates 1 life for each damage point dealt."
                        if ab >= 0 and R.extra_2[ab]:
                            mana_loss[d] += 2
            if ab >= 0 and R.unreducible_6[ab]:
                dealt = self._hit(a, d, 6, False, False, R.cards.names[ab])
                if dealt != PREVENTED:
                    damage[d] += dealt
        for _ in range(self.bolts[a]):
            dealt = self._hit(a, d, 3, True, False, "Eternal-Firebolt")
            if dealt != PREVENTED:
                damage[d] += dealt

    def _hit(self, a, d, amount, reducible, from_tiger, source):
        """The damage one hit of ``amount`` from ``a`` does to ``d``, or PREVENTED."""
        R = self.R
        fd, ad = self.form[d], self.ability[d]
        names = R.cards.names
        who = self.seat_name(d)
        unstoppable = from_tiger and R.tiger_stops_all
        protections = []
        if fd >= 0:
            protections.append(fd)
        if ad >= 0:
            protections.append(ad)
        for k in protections:
            if (R.sheep[k] or R.pay_4_life[k]) and not unstoppable:
                self.say(f"{who}'s {names[k]} suffers no damage from {source}.")
                return PREVENTED
            if R.coin_escape[k]:
                if from_tiger:
                    self.say(f"{who}'s {names[k]} cannot escape from the Tiger.")
                    continue
                heads = self.rng.coin()
                self.say(f"{who} flips a coin for {names[k]} against {source}: {'heads, no damage' if heads else 'tails'}.")
                if heads:
                    return PREVENTED
        if reducible and fd >= 0:
            if R.halves[fd]:
                amount = (amount + 1) // 2 if R.turtle_rounds_up else amount // 2
            elif R.reduces_2[fd]:
                amount = max(0, amount - 2)
        return amount

    def _firebolt_now(self, a):
        """An Eternal-Firebolt cast after settlement hits at once (see RULES.md)."""
        d = 1 - a
        dealt = self._hit(a, d, 3, True, False, "Eternal-Firebolt")
        if dealt != PREVENTED and dealt > 0:
            self.health[d] -= dealt
            self.say(f"Eternal-Firebolt deals {dealt} damage to {self.seat_name(d)} ({self.health[d]}).")
            if self.health[d] <= 0:
                self._finish([d], "life points brought to zero")
