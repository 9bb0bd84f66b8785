"""The effect vocabulary of Spirit Link's cards: each name is one sentence of the rulebook.

A card's behaviour is its numbers plus one of these names; the rules read the effect and the
card's amounts, never its name: transformations and ability cards in ``combat.py``, spells in
``spells.py``. ``AMOUNTS`` says which numbers an effect reads from its card, so a player's own
card file can change them (a Bear that suffers 3 less, a Foxfire of 7).
"""

from typing import Literal, get_args

TransformationEffect = Literal[
    "none",                     # Fox, Dragon: just its damage
    "eats-sheep",               # Wolf: a Sheep facing it is eaten
    "no-damage-eaten-by-wolf",  # Sheep: "You receive no damage, but you will be eaten by the wolf"
    "halve-incoming",           # Turtle: "Halve incoming damage."
    "coin-escape",              # Deer: "Flip a coin. If it's heads, you won't take any damage."
    "reduce-incoming",          # Bear: "You suffer 2 less damage." (reduce)
    "cannot-escape",            # Tiger: "You can not escape from the Tiger."
    "bloodgenesis",             # Demon: "Regenerates 1 life for each damage point dealt."
]
AbilityEffect = Literal[
    "unreducible-hit",          # Foxfire: "Deals 6 Damage, which can not be reduced." (damage)
    "coin-escape",              # Swift-Escape: "Flip a coin, if heads you will not suffer any damage."
    "extra-damage-and-mana",    # Ice-Fangs: "Causes 2 damage to health and mana." (damage, mana)
    "against-demon-heal",       # Blood-Claw: "Deals 5 damage against the demon, heal 2 life points." (damage, heal)
    "attacks-times",            # Fourius-Attack: "Attacsk 2 times." (attacks)
    "pay-life-no-damage",       # Blood-Prize: "Pay 4 life, suffer no damage." (life)
]
SpellEffect = Literal[
    "gain-mana",                # Mana-Recovery: "Regenerate 1 mana." (mana)
    "discard-for-life",         # Life-Spring: "Discard x cards, you gain x life." (life a card)
    "hit-return-to-hand",       # Eternal-Firebolt: "Deals 3 damage. Return the card to your hand" (damage)
]
Effect = Literal[TransformationEffect, AbilityEffect, SpellEffect]

EFFECTS = {
    "transformation": get_args(TransformationEffect),
    "ability": get_args(AbilityEffect),
    "spell": get_args(SpellEffect),
}

# The numbers each effect reads from its card (a transformation's own damage is always its attack).
AMOUNTS = {
    "reduce-incoming": ("reduce",),
    "unreducible-hit": ("damage",),
    "extra-damage-and-mana": ("damage", "mana"),
    "against-demon-heal": ("damage", "heal"),
    "attacks-times": ("attacks",),
    "pay-life-no-damage": ("life",),
    "gain-mana": ("mana",),
    "discard-for-life": ("life",),
    "hit-return-to-hand": ("damage",),
}
AMOUNT_FIELDS = ("damage", "mana", "heal", "life", "attacks", "reduce")
