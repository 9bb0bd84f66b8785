"""Spell cards: "Player abilities and spell cards may be played in all phases", one spell a turn.

Each spell's effect is one name of ``effects.SpellEffect`` and its amount comes from its card:
Mana-Recovery's mana, Life-Spring's life a card, Eternal-Firebolt's damage.
"""

from . import combat
from .turn import discard, discard_actions
from .ruleset import MAX_HEALTH, MAX_MANA, SEATS, SPRING


def cast(s, p, k, at_once: bool) -> None:
    """Seat ``p`` casts spell ``k``; ``at_once``: in the settlement window, after damage is settled."""
    R = s.R
    cards = R.cards
    s.mana[p] -= cards.cost[k]
    s.spell_cast[p] = True
    who, name = SEATS[p], cards.names[k]
    if R.firebolt[k]:
        # "Deals 3 damage. Return the card to your hand, if you cast it.": it stays in the hand, now known
        if s.known_bolts[p] == 0:
            s.known_bolts[p] = 1
        if at_once:
            if s.logging:
                s.say_fmt(None, "{} casts {}; it returns to {}'s hand.", who, name, who)
            combat.firebolt_now(s, p, k)
        else:
            s.bolts[p] += 1
            if s.logging:
                s.say_fmt(None, "{} casts {} ({} damage at settlement); it returns to {}'s hand.", who, name, cards.damage[k], who)
        return
    s.hand[p][k] -= 1
    s.hand_size[p] -= 1
    s.discard[p][k] += 1
    if R.gain_mana[k]:
        # "Regenerate 1 mana."
        s.mana[p] = min(MAX_MANA, s.mana[p] + cards.mana[k])
        if s.logging:
            s.say_fmt(None, "{} casts {} and regenerates {} mana ({}).", who, name, cards.mana[k], s.mana[p])
    elif R.life_spring[k]:
        # "Discard x cards, you gain x life.": the discards are chosen one at a time
        if s.logging:
            s.say_fmt(None, "{} casts {}.", who, name)
        if s.hand_size[p]:
            s.stack.append((SPRING, p, k))


def spring_actions(s, frame):
    """A discard of each kind of card in the hand, or stop discarding."""
    acts = discard_actions(s, frame)
    acts.append(s.R.act.stop)
    return acts


def spring_discard(s, frame, action) -> None:
    _, p, spell = frame
    k = action.args[0]
    discard(s, p, k)
    s.health[p] = min(MAX_HEALTH, s.health[p] + s.R.cards.life[spell])
    s.say_fmt(None, "{} discards {} to the {} and gains {} life ({}).", SEATS[p], s.R.cards.names[k],
              s.R.cards.names[spell], s.R.cards.life[spell], s.health[p])
    if s.hand_size[p]:
        s.stack.append(frame)


def stop_discarding(s, frame, action) -> None:
    """"stop discarding": x is what was discarded so far."""
