"""The fixed facts one game is played with: its cards, its mode's table layout and the rulings
its options choose. Built once per option set and card file, shared (never changed) by clones.

A table layout says, for each mode, how many realms lie between the players, which sides each
realm has, which realms are adjacent (Leave), which side each seat plays on, and which realms a
seat may draw from, place in and raise in (the 4-player restrictions).

Sides are the rows of cards on either side of the realms: in 2-player North's and South's, in
4-player the North team's and the South team's, in Solitaire the player's and the Cursed
Artifact's, in our 3-player variant one per player.
"""

from __future__ import annotations

from itertools import permutations

from ...core.observation import Kept
from ...core.stack import FrameIds
from .actions import COMBO_SPELLS, MAX_REALMS, SIDE_WORDS, TARGET_VERBS
from .effects import FACTION_IDS, FACTIONS, NUM_SKILLS, SPELLS, S_TEACH

MODES = ("two-player", "teams", "solitaire", "three-player")
MODE_PLAYERS = {"two-player": 2, "teams": 4, "solitaire": 1, "three-player": 3}
PLAYERS_MODE = {n: m for m, n in MODE_PLAYERS.items()}
FREEPLE = FACTIONS.index("Freeple")

FACTION_ORDERS = ("random",) + tuple("-".join(p) for p in permutations(FACTION_IDS, 3)) + \
    tuple("-".join(p) for p in permutations(FACTION_IDS, 4))

# --- the rulebook's numbers ---------------------------------------------------------------------
MINIONS_PER_FACTION = 23   # "23 double-sided minion/skeleton cards"
REALMS_PER_FACTION = 6     # "6 large realm cards"
SPELL_CARDS = 25           # "25 spell cards"
NOISE_TO_WIN = 5           # "score enough realms to earn a total of 5 noise"
SUMMON_COUNT = 3           # Royal Summons!: "Move 3 Minions to the same realm."
ARTIFACT_LIMIT = 3         # Solitaire: "Check to see if the Cursed Artifact has at least 3 living minions in any realm"
# ours:
MAX_TURNS = 200            # a game that reaches this many turns ends on noise (RULES.md, "Endings")


# The decision stack's frames by name (frames.py points each at the rule that runs it): the rules
# push these. The decisions come first, then the chain continuations.
STEPS = FrameIds("turn", "place", "or", "skill", "dig-side", "spell-target", "spell-direction", "bone-pile",
                 "summon-realm", "summon-pick", "perform", "stirs", "summon")
TURN, PLACE, OR, SKILL, DIG_SIDE = STEPS.turn, STEPS.place, STEPS["or"], STEPS.skill, STEPS.dig_side
SPELL_TARGET, SPELL_DIRECTION, BONE_PILE = STEPS.spell_target, STEPS.spell_direction, STEPS.bone_pile
SUMMON_REALM, SUMMON_PICK = STEPS.summon_realm, STEPS.summon_pick
PERFORM, STIRS, SUMMON = STEPS.perform, STEPS.stirs, STEPS.summon
DECISIONS = range(TURN, PERFORM)

# Why a drawn skeleton is being placed (the ``why`` of ``place``).
PLACE_ACTION, PLACE_KISS = 0, 1
PLACE_NAMES = ("action", "kiss")


def order_of(value: str):
    """The faction indices of a `factions` option value, realm 1 first; None for "random"."""
    if value == "random":
        return None
    return [FACTION_IDS.index(word) for word in value.split("-")]


# Each mode's table: realms and sides, each realm's sides, the realms adjacent to each (Leave), each
# seat's side, the sides' names, the realms each seat draws from, places in and raises in, the seats.
LAYOUTS = {
    # "Arrange the faction cards into 3 realms between the two players"
    "two-player": dict(nr=3, ns=2, realm_sides=[(0, 1)] * 3, adjacent=[(1,), (0, 2), (1,)], seat_side=[0, 1],
                       side_names=["north", "south"], seat_realms=[(0, 1, 2)] * 2, seat_names=("North", "South")),
    # "Lay out 3 realms with bone piles as if you were playing a 2-player game."
    "solitaire": dict(nr=3, ns=2, realm_sides=[(0, 1)] * 3, adjacent=[(1,), (0, 2), (1,)], seat_side=[0],
                      side_names=["north", "artifact"], seat_realms=[(0, 1, 2)], seat_names=("North",)),
    # "Lay out 4 realms with bone piles between the opposing teams. The two realms in front of you
    # are yours to play in, while your teammate plays in the other two." Seats in clockwise order
    # from the first player (RULES.md, "4-player seating"): 0 North-East and 3 North-West are the
    # North team, 1 South-East and 2 South-West the South.
    "teams": dict(nr=4, ns=2, realm_sides=[(0, 1)] * 4, adjacent=[(1,), (0, 2), (1, 3), (2,)],
                  seat_side=[0, 1, 1, 0], side_names=["north", "south"], seat_realms=[(2, 3), (2, 3), (0, 1), (0, 1)],
                  seat_names=("North-East", "South-East", "South-West", "North-West")),
    # Our 3-player variant (RULES.md): three corner realms, each between two players, and the
    # central realm (realm 4) that all three players touch (Lich Law 1.2).
    "three-player": dict(nr=4, ns=3, realm_sides=[(0, 1), (1, 2), (0, 2), (0, 1, 2)],
                         adjacent=[(3,), (3,), (3,), (0, 1, 2)], seat_side=[0, 1, 2],
                         side_names=["north", "east", "south"], seat_realms=[(0, 2, 3), (0, 1, 3), (1, 2, 3)],
                         seat_names=("North", "East", "South")),
}


class Layout:
    """Where things are on the table in one mode: its ``LAYOUTS`` entry, and what follows from it."""

    def __init__(self, mode: str, team_order: str):
        for field, value in LAYOUTS[mode].items():   # (set one by one: a copied __dict__ is slower to read)
            setattr(self, field, value)
        self.mode = mode
        self.solitaire = mode == "solitaire"
        self.players = len(self.seat_side)
        # teams: 'clockwise' as the rulebook seats the players, or 'alternating' teams every turn
        alternating = mode == "teams" and team_order != "clockwise"
        self.turn_order = [0, 1, 3, 2] if alternating else list(range(self.players))
        self.side_word = [SIDE_WORDS.index(name) for name in self.side_names]
        self.artifact_side = 1 if self.solitaire else -1
        self.has_side = [[s in self.realm_sides[r] for s in range(self.ns)] for r in range(self.nr)]
        self.side_seats = [[p for p in range(self.players) if self.seat_side[p] == s] for s in range(self.ns)]
        # side slots (``r * ns + side``): each realm's, every one, each seat's own (where it raises in
        # place), those whose cards can leave to the same side of an adjacent realm, and for each realm
        # the other realms' whose side it has too (Friendship, Royal Summons!)
        ns = self.ns
        self.realm_slots = [[r * ns + x for x in self.realm_sides[r]] for r in range(self.nr)]
        self.slots = [q for slots in self.realm_slots for q in slots]
        self.seat_slots = [[r * ns + self.seat_side[p] for r in self.seat_realms[p]] for p in range(self.players)]
        self.leave_slots = [q for q in self.slots if any(self.has_side[r2][q % ns] for r2 in self.adjacent[q // ns])]
        self.other_slots = [[q for q in self.slots if q // ns != r and self.has_side[r][q % ns]]
                            for r in range(self.nr)]
        self.next_in_turn = {p: self.turn_order[(i + 1) % self.players] for i, p in enumerate(self.turn_order)}

    def side_label(self, s: int) -> str:
        """The side as players call it: a seat or team name, or the Cursed Artifact."""
        if s == self.artifact_side:
            return "the Cursed Artifact"
        if self.mode == "teams":
            return ("North", "South")[s] + " team"
        return self.seat_names[self.side_seats[s][0]]


def claim_order(L, active, artifact_scores) -> list:
    """Sides in the order they claim a contested realm when ``active`` has the turn: "the player
    whose turn it is scores the realm", then (our 3-player variant) the others in turn order, then
    (Solitaire) the Cursed Artifact's side if it scores."""
    order = [L.seat_side[active]]
    p = active
    for _ in range(L.players - 1):
        p = L.next_in_turn[p]
        s = L.seat_side[p]
        if s not in order:
            order.append(s)
    if L.solitaire and artifact_scores:
        order.append(L.artifact_side)
    return order


class RuleSet:
    def __init__(self, cards, table, options: dict):
        self.cards = cards
        self.options = options
        L = self.layout = Layout(options["mode"], options["team_order"])
        self.fixed_order = order_of(options["factions"])
        self.artifact_scores = options["artifact_scores"] == "yes"
        self.play_while_anything_can_change = options["rules_version"] >= 2     # RULES.md, "Endings"
        self.max_positions = cards.n
        self.table = table
        # the heuristic's share of each realm's requirements a side meets, and whether a side
        # satisfies a realm (scoring.score_realms), by (realm, side's cards); started afresh when full
        self.progress = Kept(200_000)
        self.satisfied = Kept(100_000)
        nr, ns, maxp = L.nr, L.ns, cards.n
        self.end = table.get("end")
        for kind in ("draw", "place", "leave", "summon", "possess-pile"):    # the actions naming a realm, by realm
            setattr(self, kind.replace("-", "_"), [table.get(kind, r) for r in range(nr)])
        self.dig = [table.get("dig", L.side_word[s]) for s in range(ns)]
        self.choose = [table.get("choose", s) for s in range(NUM_SKILLS)]
        self.cast = [table.get("cast", t) for t in range(len(SPELLS))]
        self.combo = {(t, u): table.get("combo", t, u) for t in COMBO_SPELLS for u in (t, S_TEACH)}
        # target[verb][(r * ns + s) * maxp + j]: the action naming the j-th card (0-based) there
        self.target = [[table.get("target", v, r, L.side_word[s], j)
                        for r in range(nr) for s in range(ns) for j in range(maxp)] for v in range(len(TARGET_VERBS))]
        self.word_side = {w: s for s, w in enumerate(L.side_word)}
        # for each active seat: the sides in the order they claim a contested realm, and each
        # realm's (side, side slot) claims in that order (scoring.score_realms)
        self.priority = [claim_order(L, p, self.artifact_scores) for p in range(L.players)]
        self.claims = [[(r, [(s, r * ns + s) for s in order if L.has_side[r][s]]) for r in range(nr)]
                       for order in self.priority]
        self.faces = cards.faces
        # the parts of a view that the layout fixes for the whole game, shared by every view
        # (views.view): read, never change them
        self.view_fixed = {
            # each realm: its index, its number, the realms adjacent to it, and its sides' names and slots
            "realms": [(r, r + 1, [a + 1 for a in L.adjacent[r]], [(L.side_names[x], r * ns + x) for x in L.realm_sides[r]])
                       for r in range(nr)],
            "sides": [(L.side_names[s], L.side_label(s), list(L.side_seats[s])) for s in range(ns)],
            "seat_names": list(L.seat_names),
            "seat_sides": [L.side_names[L.seat_side[p]] for p in range(L.players)],
            "seat_realms": [[r + 1 for r in L.seat_realms[p]] for p in range(L.players)],
        }
        assert nr <= MAX_REALMS
