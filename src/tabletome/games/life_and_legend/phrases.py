"""How an effect reads in words (card texts, the screen): one phrase per effect of the vocabulary."""

PHRASES = {
    "draw-legend": "draw {n} Legend card{s}",
    "draw-life": "draw {n} Life card{s}",
    "discard": "discard {n} card{s}",
    "defeat": "face Defeat",
    "trauma": "draw Life cards until you draw a Trauma (it attaches to you; discard the others)",
    "remove-trauma": "remove {n} of your Traumas",
    "gamble": "roll the die: on {n} or less this Adventure is removed instead of completed",
    "uncover-world": "uncover a covered World card",
    "examine-world": "examine a covered World card",
    "examine-deck": "examine the top Legend Deck card",
    "reveal-hand": "an opponent of your choice reveals their hand",
    "remove-world": "remove a World card",
    "each-discard": "each Player discards {n} card{s} from hand",
    "opponents-discard": "each opponent discards {n} card{s} from hand",
    "wander-free": "take a covered World card as a Completed Wander",
    "uncover-wander": "uncover one of your Completed Wanders",
    "seek-word": "draw and discard Life cards until you draw a Trait Card with a Life Word",
    "seek-trauma": "draw Life cards until you draw a Trauma (it attaches to you; discard the others)",
    "next-roll-bonus": "+{n} to your die rolls this turn",
    "next-roll-once": "+{n} to your next die roll",
    "mill-life": "at the start of each turn, roll the die: on {n} or less, remove the top Life Deck card",
    "hand-size": "{sign}{n} hand size",
    "relic-slots": "{sign}{n} Relic slot{s}",
    "trait-limit": "{sign}{n} Trait-Card limit",
    "wander-limit": "{sign}{n} Completed Wander limit",
    "die-bonus": "{sign}{n} to Adventure die rolls",
    "wander-bonus": "{sign}{n} to Wander rolls",
    "no-wander": "cannot Wander",
    "no-background": "cannot activate Backgrounds",
    "hex": "-{n} to each die of a roll another Player just made",
    "disrupt": "Disrupt an Effect another Player is using",
}


def phrase(op: str, n: int = 1) -> str:
    m = abs(n)
    return PHRASES[op].format(n=m, s="" if m == 1 else "s", sign="+" if n >= 0 else "-")


def describe(effects) -> str:
    """``[Effect, ...]`` as one sentence."""
    parts = [phrase(e.op, e.n) for e in effects]
    if not parts:
        return ""
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."
