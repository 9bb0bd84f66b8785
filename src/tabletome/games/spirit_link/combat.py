"""The combat phase and the settlement: reveal, ability cards, hits, protections, damage, healing.

"In the combat phase, the damage and abilities are counted. Only the transformation you just
played is valid. If you have not transformed, you do not cause any damage, have no abilities and
get damage normally." "In the settlement phase, damage is subtracted and life points are added."

A hit is one packet of damage: a transformation's attack (again with Fourius-Attack), Foxfire's,
or an Eternal-Firebolt's. Each hit meets the defender's protections on its own: prevention
(Sheep, Blood-Prize, a coin flip for Deer or Swift-Escape) first, then reduction (Turtle, Bear).
The order and rounding are rulings; see RULES.md. Every amount comes from the cards' data.
"""

from .ruleset import MAX_HEALTH, NO_FORM, SEATS
from .turn import finish

PREVENTED = -1   # below any damage, so max(0, hit(...)) is what a hit deals


def reveal(s, frame=None) -> bool:
    """Both transformations are turned up and paid for; a Sheep facing a Wolf is eaten."""
    R = s.R
    cards = R.cards
    s.revealed = True
    first = s.priority
    for p in (first, 1 - first):
        f = s.form[p]
        if f == NO_FORM:
            continue
        cost = cards.cost[f]
        s.mana[p] -= cost
        if s.logging:
            if cost:
                s.say_fmt(None, "{} reveals {}, paying {} mana ({}).", SEATS[p], cards.names[f], cost, s.mana[p])
            else:
                s.say_fmt(None, "{} reveals {}.", SEATS[p], cards.names[f])
    # Sheep: "you will be eaten by the wolf. (If this happens, you immediately loose.)"
    form = s.form
    eaten = [p for p in (0, 1) if form[p] >= 0 and R.sheep[form[p]]
             and form[1 - p] >= 0 and R.eats_sheep[form[1 - p]]]
    if eaten:
        sheep, wolf = form[eaten[0]], form[1 - eaten[0]]
        finish(s, eaten, f"the {cards.names[sheep]} is eaten by the {cards.names[wolf]}")
    return False


def play_ability(s, p, k) -> None:
    """An ability card for ``p``'s own revealed transformation ("only 1 ability card ... per turn")."""
    R = s.R
    cards = R.cards
    s.hand[p][k] -= 1
    s.hand_size[p] -= 1
    s.mana[p] -= cards.cost[k]
    s.ability[p] = k
    who, name = SEATS[p], cards.names[k]
    if R.pay_life[k]:
        # Blood-Prize: "Pay 4 life, suffer no damage."
        s.health[p] -= cards.life[k]
        if s.logging:
            s.say_fmt(None, "{} plays {}, paying {} life ({}).", who, name, cards.life[k], s.health[p])
    elif s.logging:
        s.say_fmt(None, "{} plays {}.", who, name)


def settle(s, frame=None) -> bool:
    """Both seats' hits are counted, then settled at once (a double knock-out is a draw)."""
    damage, heal, mana_loss = [0, 0], [0, 0], [0, 0]
    first = s.priority
    for a in (first, 1 - first):
        attack(s, a, 1 - a, damage, heal, mana_loss)
    for p in (first, 1 - first):
        before = s.health[p]
        s.health[p] = min(MAX_HEALTH, before - damage[p] + heal[p])
        if mana_loss[p]:
            s.mana[p] = max(0, s.mana[p] - mana_loss[p])
        if s.logging:
            parts = []
            if damage[p]:
                parts.append(f"takes {damage[p]} damage")
            if heal[p]:
                parts.append(f"heals {heal[p]}")
            if mana_loss[p]:
                parts.append(f"loses {mana_loss[p]} mana ({s.mana[p]})")
            if parts:
                s.say_fmt(None, "Settlement: {} {}: {} -> {} health.", SEATS[p], ', '.join(parts), before, s.health[p])
    losers = [p for p in (0, 1) if s.health[p] <= 0]
    if losers:
        finish(s, losers, "life points brought to zero")
    return False


def attack(s, a, d, damage, heal, mana_loss) -> None:
    """Everything seat ``a`` deals to seat ``d`` this turn."""
    R = s.R
    cards = R.cards
    f, ab = s.form[a], s.ability[a]
    if f >= 0:
        base = cards.damage[f]
        hits = 1
        drain = 0
        if ab >= 0:
            if R.extra_damage_and_mana[ab]:
                # Ice-Fangs: "Causes 2 damage to health and mana."
                base += cards.damage[ab]
                drain = cards.mana[ab]
            if R.vs_demon[ab]:
                # Blood-Claw: "Deals 5 damage against the demon, heal 2 life points."
                fd = s.form[d]
                demon = fd >= 0 and R.is_demon[fd]
                if demon or R.blood_claw == "any-target":
                    base += cards.damage[ab]
                if demon or R.blood_claw != "no-effect":
                    heal[a] += cards.heal[ab]
            if R.attacks_times[ab]:
                hits = cards.attacks[ab]  # Fourius-Attack: "Attacsk 2 times."
        if base > 0:
            for _ in range(hits):
                dealt = hit(s, a, d, base, True, R.cannot_escape[f], cards.names[f])
                if dealt != PREVENTED:
                    damage[d] += dealt
                    if R.bloodgenesis[f]:
                        heal[a] += dealt  # "Regenerates 1 life for each damage point dealt."
                    mana_loss[d] += drain
        if ab >= 0 and R.unreducible[ab]:
            # Foxfire: "Deals 6 Damage, which can not be reduced."
            damage[d] += max(0, hit(s, a, d, cards.damage[ab], False, False, cards.names[ab]))
    bolt = R.firebolt_kind
    for _ in range(s.bolts[a]):
        damage[d] += max(0, hit(s, a, d, cards.damage[bolt], True, False, cards.names[bolt]))


def hit(s, a, d, amount, reducible, from_tiger, source):
    """The damage one hit of ``amount`` from ``a`` does to ``d``, or PREVENTED."""
    R = s.R
    fd, ad = s.form[d], s.ability[d]
    names = R.cards.names
    unstoppable = from_tiger and R.tiger_stops_all
    for k in (fd, ad):
        if k < 0:
            continue
        if (R.sheep[k] or R.pay_life[k]) and not unstoppable:
            if s.logging:
                s.say_fmt(None, "{}'s {} suffers no damage from {}.", SEATS[d], names[k], source)
            return PREVENTED
        if R.coin_escape[k]:
            if from_tiger:
                if s.logging:
                    s.say_fmt(None, "{}'s {} cannot escape from the {}.", SEATS[d], names[k], source)
                continue
            heads = s.rng.coin()
            if s.logging:
                s.say_fmt(None, "{} flips a coin for {} against {}: {}.", SEATS[d], names[k], source,
                          'heads, no damage' if heads else 'tails')
            if heads:
                return PREVENTED
    if reducible and fd >= 0:
        if R.halves[fd]:
            amount = (amount + 1) // 2 if R.turtle_rounds_up else amount // 2
        elif R.reduces[fd]:
            amount = max(0, amount - R.cards.reduce[fd])
    return amount


def firebolt_now(s, a, k) -> None:
    """An Eternal-Firebolt cast after settlement hits at once (see RULES.md)."""
    d = 1 - a
    dealt = hit(s, a, d, s.R.cards.damage[k], True, False, s.R.cards.names[k])
    if dealt > 0:
        s.health[d] -= dealt
        s.say_fmt(None, "{} deals {} damage to {} ({}).", s.R.cards.names[k], dealt, SEATS[d], s.health[d])
        if s.health[d] <= 0:
            finish(s, [d], "life points brought to zero")
