"""The effect vocabulary of Spirit Link's cards: each name is one sentence of the rulebook.

A card file may give a card only one of these effects; the rules (combat.py, turn.py) read the
effect, never the card's name.
"""

EFFECTS = {
    "transformation": (
        "none",                     # Fox, Dragon: just its damage
        "eats-sheep",               # Wolf: a Sheep facing it is eaten
        "no-damage-eaten-by-wolf",  # Sheep: "You receive no damage, but you will be eaten by the wolf"
        "halve-incoming",           # Turtle: "Halve incoming damage."
        "coin-escape",              # Deer: "Flip a coin. If it's heads, you won't take any damage."
        "reduce-incoming-2",        # Bear: "You suffer 2 less damage."
        "cannot-escape",            # Tiger: "You can not escape from the Tiger."
        "bloodgenesis",             # Demon: "Regenerates 1 life for each damage point dealt."
    ),
    "ability": (
        "unreducible-hit-6",        # Foxfire: "Deals 6 Damage, which can not be reduced."
        "coin-escape",              # Swift-Escape: "Flip a coin, if heads you will not suffer any damage."
        "extra-2-damage-and-mana",  # Ice-Fangs: "Causes 2 damage to health and mana."
        "5-against-demon-heal-2",   # Blood-Claw: "Deals 5 damage against the demon, heal 2 life points."
        "attack-twice",             # Fourius-Attack: "Attacks 2 times."
        "pay-4-life-no-damage",     # Blood-Prize: "Pay 4 life, suffer no damage."
    ),
    "spell": (
        "gain-1-mana",              # Mana-Recovery: "Regenerate 1 mana."
        "discard-x-gain-x-life",    # Life-Spring: "Discard x cards, you gain x life."
        "hit-3-return-to-hand",     # Eternal-Firebolt: "Deals 3 damage. Return the card to your hand"
    ),
}
