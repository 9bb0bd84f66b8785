"""The fixed facts one Spirit Link game is played with: its cards, its actions and the rulings
its options choose. Shared (never changed) by every clone of a state."""

from .actions import ActionIndex

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


class RuleSet:
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
        self.reduces_2 = [e == "reduce-incoming-2" for e in eff]
        self.cannot_escape = [e == "cannot-escape" for e in eff]
        self.bloodgenesis = [e == "bloodgenesis" for e in eff]
        self.unreducible_6 = [e == "unreducible-hit-6" for e in eff]
        self.extra_2 = [e == "extra-2-damage-and-mana" for e in eff]
        self.vs_demon = [e == "5-against-demon-heal-2" for e in eff]
        self.attack_twice = [e == "attack-twice" for e in eff]
        self.pay_4_life = [e == "pay-4-life-no-damage" for e in eff]
        self.gain_mana = [e == "gain-1-mana" for e in eff]
        self.life_spring = [e == "discard-x-gain-x-life" for e in eff]
        self.firebolt = [e == "hit-3-return-to-hand" for e in eff]
        # Blood-Claw's "the demon" is whichever transformation has Bloodgenesis.
        self.is_demon = self.bloodgenesis
