"""The fixed facts one Spirit Link game is played with: the rulebook's numbers, its cards, its
actions and the rulings its options choose. Shared (never changed) by every clone of a state."""

from ...core import seat_names
from ...core.stack import FrameIds

SEATS = seat_names(2)  # "The game is a pure 2 player game."

MAX_HEALTH = 30       # "You can have a maximum of 30 health
MAX_MANA = 12         #  and a maximum of 12 mana."
START_HEALTH = 24     # "Each player starts with 24 health points
START_MANA = 10       #  and 10 mana."
HAND_LIMIT = 8        # "Maximum number of hand cards at the end of the turn is 8."
DRAW_PER_TURN = 2     # "At the beginning of each turn, draw 2 cards
MANA_PER_TURN = 2     #  and regenerate 2 mana."
TRADE_DISCARD = 3     # "discard 3 cards
TRADE_DRAW = 2        #  and draw 2 in exchange."
LIFE_PRICE = 2        # "you can sacrifice 2 mana to regenerate 1 life point."

# A seat's transformation this turn: a card kind, or one of these.
NOT_PLACED = -1       # still preparing
NO_FORM = -2          # "If you have not transformed, you do not cause any damage..."

# The turn's steps by name (frames.py points each at the rule that runs it): the rules push these.
STEPS = FrameIds("turn", "prepare", "trade", "life-spring", "reveal", "window", "settle", "hand-limit", "end-turn")
TURN, PREPARE, TRADE, SPRING = STEPS.turn, STEPS.prepare, STEPS.trade, STEPS.life_spring
REVEAL, WINDOW, SETTLE, LIMIT, END_TURN = STEPS.reveal, STEPS.window, STEPS.settle, STEPS.hand_limit, STEPS.end_turn
COMBAT, SETTLEMENT = 0, 1   # the window's moments


class RuleSet:
    """Options and card effects as the rules read them: per card kind, is it a Sheep, does it
    halve incoming damage... (the card's amounts are in ``cards``)."""

    def __init__(self, cards, index, options: dict):
        self.cards = cards
        self.act = index
        self.start_hand = int(options["starting_hand"])
        self.must_transform = options["must_transform"] == "yes"
        self.tiger_stops_all = options["tiger"] == "prevention"
        self.blood_claw = options["blood_claw"]
        self.turtle_rounds_up = options["turtle_rounding"] == "up"
        self.alternate_priority = options["first"] == "alternate"
        eff = cards.effect
        self.eats_sheep = [e == "eats-sheep" for e in eff]
        self.sheep = [e == "no-damage-eaten-by-wolf" for e in eff]
        self.halves = [e == "halve-incoming" for e in eff]
        self.coin_escape = [e == "coin-escape" for e in eff]
        self.reduces = [e == "reduce-incoming" for e in eff]
        self.cannot_escape = [e == "cannot-escape" for e in eff]
        self.bloodgenesis = [e == "bloodgenesis" for e in eff]
        self.unreducible = [e == "unreducible-hit" for e in eff]
        self.extra_damage_and_mana = [e == "extra-damage-and-mana" for e in eff]
        self.vs_demon = [e == "against-demon-heal" for e in eff]
        self.attacks_times = [e == "attacks-times" for e in eff]
        self.pay_life = [e == "pay-life-no-damage" for e in eff]
        self.gain_mana = [e == "gain-mana" for e in eff]
        self.life_spring = [e == "discard-for-life" for e in eff]
        self.firebolt = [e == "hit-return-to-hand" for e in eff]
        # the one card that returns to its caster's hand (cards.py allows at most one), or -1
        self.firebolt_kind = next((k for k in range(cards.n) if self.firebolt[k]), -1)
        # Blood-Claw's "the demon" is whichever transformation has Bloodgenesis.
        self.is_demon = self.bloodgenesis
