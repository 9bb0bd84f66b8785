"""Life Siphon's rule constants, each quoting the rulebook line it comes from, and the ``RuleSet``:
the fixed facts one game is played with (its components, seating and the rulings its options
choose), built once per (players, options, card file) and shared by every clone of a state.
"""

from itertools import product

from ...core import IllegalAction
from .board import BATTLEGROUND, CAP, NUM_AREAS, QUADRANT_NAMES, SLOTS, START, SUMMONING
from .effects import (EFFECT_CODES, LIFE_LOSS, POOL_FEARSOME, POOL_PERSONAL, POOL_SHARED, POOLS, T_BG_FAMILIAR,
                      T_FAMILIAR, T_NONE, T_PLAYER, TARGET_CODES)

# --- numbers the rulebook prints ------------------------------------------------------------------
START_LIFE = 20     # "Each player places a life tracker on the 20 space ... your starting (and maximum) life"
MAX_LIFE = 20       # "regenerate 1 life—to a maximum of 20"
REGENERATE = 1      # "At the start of your turn, regenerate 1 life"
SUMMONS_PER_TURN = 3   # "You may Summon a maximum of 3 Familiars."
MAX_BLOCKERS = 3       # "block one of your Familiars with 1, 2 or 3 of their own Familiars"
RIVER_CARDS = 3        # "Reveal 3 cards from the top of the deck face up ... These are the River Cards."
START_HAND = 1         # "Deal 1 card to each player."
VARIANT_START_HAND = 2  # 2 Player Variant: "These 2 players start with 2 cards each."
END_OF_TURN_DRAW = 1   # "end your turn by drawing 1 card"
FEARSOME_LIFE = 5      # "if you have 5 life or less, you may Summon 1 Fearsome for free"
MADNESS_GAIN_CAP = 3   # "The maximum amount of life you can gain in this way on a turn is 3."
SPAWNS = 2             # "place two new Familiars of that same type ... for each"
BREATH_DAMAGE = 3      # "Breath Weapon deals 3 damage ... cannot be increased with Fast Cast spells"
DECK_COUNTS = {"fast": 16, "slow": 18, "fast/slow": 5}  # "16 Fast Cast Spells, 18 Slow Cast Spells, 5 Fast / Slow"
ASPECTS_IN_GAME = 5    # "There are 5 Aspects in the game."
MADNESS_ROUNDS_SCALE = 40  # ours: a Madness score of round 40 or more is worth 1 (state.outcome)

# a move that costs no life has no life floor: a number below any life (a small int, not -inf: an
# int compares with an int the fastest)
NO_LIFE_FLOOR = -1_000_000

# --- modes ----------------------------------------------------------------------------------------
MODE_NAMES = ("standard", "madness", "two-player-variant")
STANDARD, MADNESS, VARIANT = range(len(MODE_NAMES))

# --- where a turn stands (views; read from the stack by steps.phase_of) ----------------------------
# "Each turn is divided into 3 phases: Regenerate Phase, Attack Phase, and Main Phase"; the end of the
# turn ("end your turn by drawing 1 card"); and a finished game. (The Lairs' "Movement Phase" asks
# nobody anything: a view shows a Lair's turn in its Attack Phase.)
PHASE_NAMES = ("regenerate", "attack", "main", "end", "over")
P_REGEN, P_ATTACK, P_MAIN, P_END, P_OVER = range(len(PHASE_NAMES))

# Response windows: the moments Fast Cast spells are offered ("Fast Cast spells can be played at any
# time during your turn or other players' turns"; "before or after attacking or blocking"; RULES.md).
MOMENTS = ("before attacks", "attack declared", "blocks declared", "after combat", "main phase begins",
           "end of turn")
M_START, M_DECLARED, M_BLOCKED, M_AFTER, M_MAIN, M_END = range(len(MOMENTS))

# Per-familiar marks, cleared at the end of every turn: "Each Familiar can move to 1 adjacent area per
# turn", "can only attack once per Attack Phase", "can only block once per Attack Phase", and
# Essence of Flame's "Breath Weapon until end of turn".
MOVED, ATTACKED, BLOCKED, BREATH = 1, 2, 4, 8
MARK_NAMES = (("moved", MOVED), ("attacked", ATTACKED), ("blocked", BLOCKED), ("breath", BREATH))

# An effect's target: a slot (>= 0), nothing, or a quadrant q encoded as -(q + 2).
NO_TARGET = -1
# A Breath Weapon point assigned to the defender's life rather than to a familiar's slot.
TO_LIFE = -1


def player_target(q: int) -> int:
    return -q - 2


def target_quadrant(t: int) -> int:
    return -t - 2


# What a card can be cast only with, for its target: nothing (it needs none, or it may choose any
# player with life, and the caster's own quadrant has life), a familiar anywhere, a familiar in a
# Battleground, or whatever SpellRules._target_exists finds among the players and the caster's own
# familiars.
NEEDS_NOTHING, NEEDS_FAMILIAR, NEEDS_BATTLEGROUND_FAMILIAR, NEEDS_LOOKING = range(4)


def target_needs(effect) -> int:
    eff, _, ttype = effect
    if ttype == T_NONE or (ttype == T_PLAYER and eff not in LIFE_LOSS):
        return NEEDS_NOTHING
    if ttype == T_FAMILIAR:
        return NEEDS_FAMILIAR
    if ttype == T_BG_FAMILIAR:
        return NEEDS_BATTLEGROUND_FAMILIAR
    return NEEDS_LOOKING


# Where a log sentence names the source of an effect: a card kind, or one of these offsets.
SRC_ASPECT, SRC_FAMILIAR, SRC_VIAL = 1000, 2000, 3000

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
        # (a view's "modules" and familiars as they stand: views.py, shared by every view)
        self.modules_view = {"familiars": self.familiars_on, "vials": self.vials_on, "fearsome": self.fearsome_on}
        self.slot_views = {}
        self.move_back = options["move_back"] == "yes"
        self.reshuffle = options["deck_out"] == "reshuffle"
        self.kill_any = options["off_target_kill"] == "allowed"
        # revision 2 of our rules (RULES.md, "Revisions"): "no player may reduce their own life below
        # 1" also once a cost is paid, and for the player choosing another's effect
        self.own_life_floor = options["rules_version"] >= 2

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
        # the quadrants whose life each quadrant wants down: the one to its left it attacks, and in
        # the 2 Player Variant the real player across; none in Madness
        self.enemies = [() if mode == MADNESS else
                        (self.left[q],) + ((VARIANT_ACROSS[q],) if mode == VARIANT and VARIANT_ACROSS[q] >= 0 else ())
                        for q in range(Q)]
        # the quadrants whose attacks land on each quadrant (those that want its life down; none in
        # Madness, where the Lairs attack as their own rules say): the heuristic's threats
        self.attackers = [tuple(a for a in range(Q) if q in self.enemies[a]) for q in range(Q)]
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
        self.start_hand = VARIANT_START_HAND if mode == VARIANT else START_HAND

        # --- familiars --------------------------------------------------------------------------
        fams = cards.familiars
        self.nf = len(fams)
        self.f_cost = [f.cost for f in fams]
        self.f_attack = [f.attack for f in fams]
        self.f_defense = [f.defense for f in fams]
        self.f_move_cost = [f.move_cost for f in fams]
        self.f_pool = [POOLS.index(f.pool) for f in fams]
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
        self.is_fearsome = [p == POOL_FEARSOME for p in self.f_pool]
        self.fear_trigger = [self.pain[f] or self.spell_breaker[f] or self.life_giver[f] or self.void[f]
                             for f in range(self.nf)]
        self.summonable = [f for f in range(self.nf)
                           if self.f_pool[f] == POOL_SHARED
                           or (self.f_pool[f] == POOL_PERSONAL and self.familiars_on)
                           or (self.f_pool[f] == POOL_FEARSOME and self.fearsome_on)]
        self.in_game = [f in self.summonable for f in range(self.nf)]
        # the kinds of the shared supply (shared and Fearsome) and of each personal pool ("Each
        # player has access to 1 Dragon, 1 Plague Rat, and 1 Shade the entire game")
        self.supply_kinds = [f for f in self.summonable if self.f_pool[f] != POOL_PERSONAL]
        self.personal_kinds = [f for f in self.summonable if self.f_pool[f] == POOL_PERSONAL]
        # each summonable kind with its pool, its cost in life and its summon action
        self.summon_options = tuple((f, self.f_pool[f], self.f_cost[f], index.summon[f]) for f in self.summonable)
        # --- moving: "Each Familiar can move to 1 adjacent area per turn" ---------------------------
        # moves_out[q][summoning][movement][river][battleground]: when quadrant q's areas hold that
        # many familiars (its counts in the state's area_count), the spaces a familiar could leave,
        # in order, each with the move actions out of it for every kind of familiar (forward
        # first, then back): a move needs room in the area it goes to.
        self.moves_out = [self._moves_out(q, index.move) for q in range(Q)]
        # a familiar of kind f moves only while its quadrant has more life than this: "it costs 1
        # life each time you move a Dread Knight", and no player may pay its life below 1; a Lair
        # pays nothing
        self.move_life_floor = [[cost if cost and not self.is_lair[q] else NO_LIFE_FLOOR
                                 for cost in self.f_move_cost] for q in range(Q)]
        # Madness: "Place 1 Imp ... 1 Lich ... 1 Dread Knight" — each lair's kind by its specials.
        self.lair_kind = [-1] * Q
        if mode == MADNESS:
            imp = next((f for f in range(self.nf) if self.imp_gain[f]), -1)
            lich = next((f for f in range(self.nf) if self.chooses_target[f]), -1)
            dk = next((f for f in range(self.nf) if self.f_move_cost[f] > 0), -1)
            if -1 in (imp, lich, dk):
                raise IllegalAction(f"{cards.source}: Madness Mode needs an Imp (gain-1-life-when-removed), a Lich "
                                    "(chooses-target) and a Dread Knight (a move_cost) among the [[familiar]] tables")
            self.lair_kind = [-1, imp, lich, dk]

        # --- vials --------------------------------------------------------------------------------
        veff = [v.effect for v in cards.vials]
        self.v_flame = veff.index("grant-breath-weapon")
        self.v_shadow = veff.index("damage-1-on-own-removal")
        self.v_mischief = veff.index("return-on-own-removal")
        # "Each player starts with 1 of each of the 3 Essence Vials": a bit per unused vial
        self.all_vials = (1 << len(veff)) - 1 if self.vials_on else 0

        # --- cards ----------------------------------------------------------------------------------
        cs = cards.cards
        self.n = len(cs)
        self.c_cost = [c.cost for c in cs]
        self.c_fast = [c.fast for c in cs]
        self.c_both = [c.speed == "fast/slow" for c in cs]
        # the effect a card has when cast: [kind][0] normal (fast, or slow for a slow card), [kind][1] slow half
        self.c_eff = [(EFFECT_CODES[c.effect], c.amount, TARGET_CODES[c.target]) for c in cs]
        self.c_slow_eff = [(EFFECT_CODES[c.slow_effect], c.slow_amount_or_default, TARGET_CODES[c.slow_target])
                           if c.speed == "fast/slow" else None for c in cs]
        # casting[k]: what casting card k asks, read at once: its cost, whether it is a Fast Cast,
        # what it must find for its target (NEEDS_NOTHING...), its cast action, and what its Slow
        # Cast half must find (None: no such half)
        self.casting = [(self.c_cost[k], self.c_fast[k], target_needs(self.c_eff[k]), index.cast[k],
                         target_needs(self.c_slow_eff[k]) if self.c_both[k] else None) for k in range(self.n)]
        self.deck = [k for k, c in enumerate(cs) for _ in range(c.copies) if c.madness or mode != MADNESS]
        self.copies = [c.copies if c.madness or mode != MADNESS else 0 for c in cs]
        self.uses_aspects = mode != MADNESS
        # --- aspects ------------------------------------------------------------------------------
        asp = cards.aspects
        self.na = len(asp)
        self.a_trigger = [a.trigger for a in asp]
        self.a_eff = [(EFFECT_CODES[a.effect], a.amount) for a in asp]
        self.a_left = [a.who == "left" for a in asp]
        self.a_cost = [a.cost for a in asp]
        # the heuristic's own tables for this rule set (heuristics.Tables, built on first use)
        self.heuristic_tables = None

    def _moves_out(self, q, move):
        """The table ``moves_out[q]``: for every fullness of the quadrant's areas, the spaces that
        can be left and their move actions by kind (``move[f][space]``: the (back, forward) actions)."""
        out_of_space = {}   # (space, forward, backward) -> the move actions for each kind
        table = {}
        for fullness in product(*(range(cap + 1) for cap in CAP)):
            exits = []
            for a in range(NUM_AREAS):
                if not fullness[a]:
                    continue
                forward = a < BATTLEGROUND and fullness[a + 1] < CAP[a + 1]
                backward = self.move_back and a > SUMMONING and fullness[a - 1] < CAP[a - 1]
                if not (forward or backward):
                    continue
                for space in range(START[a], START[a] + CAP[a]):
                    key = (space, forward, backward)
                    if key not in out_of_space:
                        out_of_space[key] = tuple(((move[f][space][1],) if forward else ())
                                                  + ((move[f][space][0],) if backward else ())
                                                  for f in range(self.nf))
                    exits.append((q * SLOTS + space, out_of_space[key]))
            table[fullness] = tuple(exits)
        # nested by area, in the board's order: [summoning][movement][river][battleground]
        # (four list indexings cost less than a tuple key's hash)
        summoning, movement, river, battleground = (range(cap + 1) for cap in CAP)
        return [[[[table[s, m, r, b] for b in battleground] for r in river] for m in movement] for s in summoning]

    @property
    def names(self):
        return self.cards.names
