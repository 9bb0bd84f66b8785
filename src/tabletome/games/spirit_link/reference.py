"""Spirit Link's short rules reference for the table (``rules`` in terminal play)."""

from ...core.reference import summary
from ...core.rulings import named

TURN = """Both players play each turn together: 1. regeneration: draw 2 cards, regenerate 2 mana. \
2. preparation: put 1 transformation face down (its mana is paid when it is revealed). \
3. combat: both are revealed; play at most 1 ability card for your transformation. \
4. settlement: damage is subtracted, life added. Player abilities (discard 3, draw 2; pay 2 mana \
for 1 life) and at most 1 spell a turn may be played in every phase. Start: 24 health (30 at most), \
10 mana (12 at most); hand limit 8 at the end of the turn. Bring your rival's health to 0; a \
player who must draw from an empty deck loses."""

MODE = "The one game, for 2 players: North and South."

RULINGS = ["2. The turn", "3. Face-down", "4. Must you transform", "6. Windows", "7. Damage",
           "10. What", "9. Blood-Claw", "13. Eternal-Firebolt", "16. Hand limit"]


def rules_summary(game, players, options) -> str:
    shown = [f"{name}={value}" for name, value in options.items() if name != "mode"]
    found = named(game, RULINGS)
    return summary("Spirit Link — quick reference (info NAME shows a card)", TURN, MODE, found, shown)
