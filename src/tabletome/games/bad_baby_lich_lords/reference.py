"""Bad Baby Lich Lords' short rules reference for the table (``rules`` in terminal play)."""

from ...core.reference import summary
from ...core.rulings import named

TURN = """One action: draw a skeleton from the top of a realm's bone pile, place it on your side \
of any realm and raise it (flip it minion-side up and perform all its skills, left to right); or \
raise a skeleton already on your side. Before and after your action you may play any number of \
spells from your hand (two of a type, or any other with a Teach, make a Combo; two Teach do not). Skills with a target must \
be performed; '/' is a choice; a card acts once a turn. At the end of your turn every realm whose \
requirements a side meets is scored (both: the player whose turn it is): that side takes the realm \
card and its noise, and every card on both sides is burned. 5 noise wakes the Lich King: you win."""

MODES = {
    "two-player": "2 players, 3 realms.",
    "teams": """4 players in two teams of two, 4 realms: you draw from, place in and raise in place only in the \
two realms in front of you (Leave and Friendship may move cards to your teammate's); spells go anywhere. \
A team wins with 5 noise together.""",
    "solitaire": """Solitaire against the Cursed Artifact: on its turn it digs and raises (no skills) \
from the bone pile beside it, then moves one bone pile to the right. 3 living Artifact minions in one \
realm wake the Lich King and you lose; reach 5 noise first and your score is the cards left in the \
bone piles.""",
    "three-player": "Our 3-player variant (the rulebook's section 16 is printed empty): see RULES.md.",
}

RULINGS = {
    "two-player": ["The turn", "Forced choices", "Scoring", "Endings"],
    "teams": ["The turn", "Forced choices", "Scoring", "4-player seating", "Endings"],
    "solitaire": ["The turn", "Forced choices", "Solitaire", "Endings"],
    "three-player": ["The turn", "Forced choices", "The 3-player variant", "Scoring", "Endings"],
}


def rules_summary(game, players, options) -> str:
    mode = options.get("mode", "two-player")
    shown = [f"{name}={value}" for name, value in options.items() if name != "mode"]
    revisions = ["Revisions"] if game.plays_older_rules(options) else []
    found = named(game, RULINGS.get(mode, RULINGS["two-player"]) + revisions)
    return summary(f"Bad Baby Lich Lords ({mode}) — quick reference (info NAME shows a card)",
                   TURN, MODES.get(mode, ""), found, shown)
