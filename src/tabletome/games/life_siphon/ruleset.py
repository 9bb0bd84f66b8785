"""The fixed facts one game is played with: its components, actions, seating and the rulings its
options choose. Built once per (players, options, card file) and shared by every clone of a state.
"""

from .board import MADNESS, MODE_NAMES, QUADRANT_NAMES, STANDARD, VARIANT
from .effects import EFFECTS, TARGETS

EFFECT_CODES = {name: i for i, name in enumerate(EFFECTS)}
TARGET_CODES = {name: i for i, name in enumerate(TARGETS)}
(T_NONE, T_FAMILIAR, T_BG_FAMILIAR, T_PLAYER, T_OTHER_PLAYER, T_PLAYER_OR_BG, T_PLAYER_WITH_CARDS,
 T_OWN_FAMILIAR) = range(len(TARGETS))
(E_ATTACK, E_DEFENSE, E_DAMAGE, E_GAIN, E_LOSE, E_SIPHON, E_DRAW, E_DISCARD, E_MOVE,
 E_EQUIP) = range(len(EFFECTS))

# Where a log sentence names the source of an effect: a card kind, or one of these offsets.
SRC_ASPECT, SRC_FAMILIAR, SRC_VIAL = 1000, 2000, 3000

POOL_SHARED, POOL_PERSONAL, POOL_FEARSOME = range(3)

# 2 Player Variant: the real player across from each quadrant's real seat (North 0 <-> South 2).
VARIANT_ACROSS = (2, -1, 0, -1)


class RuleSet:
    def __init__(self, cards, index, players: int, options: dict):
        self.cards = cards
        self.act = index
        self.players = players
        self.mode = MODE_NAMES.index(options["mode"])
        mode = self.mode
        self.madness = mode == MADNESS
        self.variant = mode == VARIANT
        self.familiars_on = options["familiars"] == "on" and mode != MADNESS
        self.vials_on = options["vials"] == "on" and mode != MADNESS
        self.fearsome_on = options["fearsome"] == "on" and mode != MADNESS
        self.move_back = options["move_back"] == "yes"
        self.reshuffle = options["deck_out"] == "reshuffle"
        self.kill_any = options["off_target_kill"] == "allowed"

        # --- seating: quadrants, seats, who decides for each quadrant ---------------------------
        if mode == STANDARD:
            Q = players
            names = {1: ("North",), 2: ("North", "South"), 3: ("North", "East", "South"),
                     4: ("North", "East", "South", "West")}[players]
            self.qname = [QUADRANT_NAMES.index(n) for n in names]
            self.q_seat = list(range(Q))
        elif mode == MADNESS:
            Q = 4
            self.qname = [0, 4, 5, 6]          # North, Imp Lair, Lich Lair, Dread Knight Lair
            self.q_seat = [0, -1, -1, -1]
        else:
            Q = 4
            self.qname = [0, 1, 2, 3]          # North, East (ghost), South, West (ghost)
            self.q_seat = [0, -1, 1, -1]       # "The 2 real players sit across from each other"
        self.Q = Q
        self.seat_q = [q for q in range(Q) if self.q_seat[q] >= 0]
        self.q_of_name = {self.qname[q]: q for q in range(Q)}
        self.left = [(q + 1) % Q for q in range(Q)]
        self.right = [(q - 1) % Q for q in range(Q)]
        self.is_lair = [mode == MADNESS and q > 0 for q in range(Q)]
        self.is_ghost = [mode == VARIANT and self.q_seat[q] < 0 for q in range(Q)]
        self.has_life = [not self.is_lair[q] for q in range(Q)]
        # "You control everything about the player to your right (when it's their turn) EXCEPT how
        # they attack ... the other real player (the player across from you) decides how they will
        # attack." ctrl: summons, moves, blocks, choices; actrl: attacks. -1: the rules decide.
        self.ctrl = [self.q_seat[q] for q in range(Q)]
        self.actrl = list(self.ctrl)
        if mode == VARIANT:
            for q in (1, 3):
                self.ctrl[q] = self.q_seat[self.left[q]]
                self.actrl[q] = 1 - self.ctrl[q]
        self.start_hand = 2 if mode == VARIANT else 1   # variant: "These 2 players start with 2 cards each."

        # --- familiars --------------------------------------------------------------------------
        fams = cards.familiars
        self.nf = len(fams)
        self.f_cost = [f.cost for f in fams]
        self.f_attack = [f.attack for f in fams]
        self.f_defense = [f.defense for f in fams]
        self.f_move_cost = [f.move_cost for f in fams]
        self.f_pool = [("shared", "personal", "fearsome").index(f.pool) for f in fams]
        self.f_supply = [f.supply for f in fams]
        sp = [set(f.specials) for f in fams]
        self.imp_gain = [("gain-1-life-when-removed" in s) for s in sp]
        self.chooses_target = [("chooses-target" in s) for s in sp]
        self.same_kind_blocks = [("only-blocked-by-its-kind" in s) for s in sp]
        self.plague = [("removes-familiars-it-damages" in s) for s in sp]
        self.discard_unblocked = [("discard-when-unblocked" in s) for s in sp]
        self.shade = [("damage-1-when-removed" in s) for s in sp]
        self.breath = [("breath-weapon" in s) for s in sp]
        self.pain = [("on-damage-any-player-loses-1" in s) for s in sp]
        self.spell_breaker = [("on-damage-may-draw" in s) for s in sp]
        self.life_giver = [("on-damage-any-player-gains-1" in s) for s in sp]
        self.void = [("on-damage-may-move" in s) for s in sp]
        self.fear_trigger = [self.pain[f] or self.spell_breaker[f] or self.life_giver[f] or self.void[f]
                             for f in range(self.nf)]
        self.summonable = [f for f in range(self.nf)
                           if self.f_pool[f] == POOL_SHARED
                           or (self.f_pool[f] == POOL_PERSONAL and self.familiars_on)
                           or (self.f_pool[f] == POOL_FEARSOME and self.fearsome_on)]
        self.in_game = [f in self.summonable for f in range(self.nf)]
        # Madness: "Place 1 Imp ... 1 Lich ... 1 Dread Knight" — each lair's kind by its specials.
        self.lair_kind = [-1] * Q
        if mode == MADNESS:
            imp = next(f for f in range(self.nf) if self.imp_gain[f])
            lich = next(f for f in range(self.nf) if self.chooses_target[f])
            dk = next(f for f in range(self.nf) if self.f_move_cost[f] > 0)
            self.lair_kind = [-1, imp, lich, dk]

        # --- vials --------------------------------------------------------------------------------
        veff = [v.effect for v in cards.vials]
        self.v_flame = veff.index("grant-breath-weapon")
        self.v_shadow = veff.index("damage-1-on-own-removal")
        self.v_mischief = veff.index("return-on-own-removal")

        # --- cards ----------------------------------------------------------------------------------
        cs = cards.cards
        self.n = len(cs)
        self.c_cost = [c.cost for c in cs]
        self.c_fast = [c.fast for c in cs]
        self.c_slow_only = [c.speed == "slow" for c in cs]
        self.c_both = [c.speed == "fast/slow" for c in cs]
        # the effect a card has when cast: [kind][0] normal (fast, or slow for a slow card), [kind][1] slow half
        self.c_eff = [(EFFECT_CODES[c.effect], c.amount, TARGET_CODES[c.target]) for c in cs]
        self.c_slow_eff = [(EFFECT_CODES[c.slow_effect], c.slow_amount, TARGET_CODES[c.slow_target])
                           if c.speed == "fast/slow" else None for c in cs]
        self.deck = [c.kind for c in cs for _ in range(c.copies) if c.madness or mode != MADNESS]
        self.copies = [0] * self.n
        for k in self.deck:
            self.copies[k] += 1
        self.uses_aspects = mode != MADNESS
        # --- aspects ------------------------------------------------------------------------------
        asp = cards.aspects
        self.na = len(asp)
        self.a_trigger = [a.trigger for a in asp]
        self.a_eff = [(EFFECT_CODES[a.effect], a.amount) for a in asp]
        self.a_left = [a.who == "left" for a in asp]
        self.a_cost = [a.cost for a in asp]

    @property
    def names(self):
        return self.cards.names
