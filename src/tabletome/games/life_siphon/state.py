"""The Life Siphon state: the board, life, cards, the turn and the attack in progress, declared
once as zones (core derives clone, snapshots and the re-deal for search from them); its set-up and
outcome.

The rules are modules of functions (turn.py, combat.py, spells.py, familiars.py, modules.py,
madness.py...), each frame of frames.py pointing at one; the core decision stack runs them. What a
seat sees is views.py, the parts of a snapshot laid out by quadrant and its checks snapshots.py.
"""

from collections import Counter
from typing import Annotated

from msgspec import Meta

from ...core import IllegalAction, State
from ...core.zones import NOBODY, OWNER, CardSet, Derived, Group, Kinds, Number, Pile, Row, Slot, Spaces, Zones
from . import snapshots, views
from .board import AREAS, BATTLEGROUND, CAP, MOVEMENT, NUM_AREAS, RIVER, SLOTS, START, empty_board, place, qn
from .deck import draw, refill_river
from .effects import POOL_FEARSOME, POOL_PERSONAL
from .frames import FRAMES
from .ruleset import MADNESS_GAIN_CAP, MADNESS_ROUNDS_SCALE, MAX_BLOCKERS, MAX_LIFE, P_OVER, RIVER_CARDS, START_LIFE, SUMMONS_PER_TURN
from .snapshots import Quadrant
from .spells import cast_actions
from .steps import TURN, WINDOW, phase_of

FAMILIARS = Kinds(lambda st: st.R.cards.fam_names, lambda st, name, where: st.R.cards.familiar_of(name, where))
ASPECTS = Kinds(lambda st: st.R.cards.aspect_names, lambda st, name, where: st.R.cards.aspect_of(name, where))
VIALS = Kinds(lambda st: st.R.cards.vial_names, lambda st, name, where: st.R.cards.vial_of(name, where))
QUADRANTS = Kinds(lambda st: [qn(st, q) for q in range(st.R.Q)], snapshots.find_quadrant)


def _laid_out(attr):
    """A list of numbers a snapshot writes inside a part snapshots.py lays out (the board by
    quadrant, the supply) and reads back, and a view shows there too (views.py)."""
    return Number(attr, list[int], [], copy=True, seat=False, written=False, view=None)


REDEAL_TRIES = 30  # re-deals tried for a seat seen answering a window before keeping the last one


def seen_answering(st, copy, seat) -> bool:
    """What the derived re-deal keeps true when it can. Hidden from a seat are the other seats'
    hands (but for the cards everyone saw them take from the face-up River: the ``known`` row, kept
    first in the hand) and the order of the deck; a seat asked in a response window is seen to hold
    a Fast Cast card it can cast: in ``copy``, that seat (when it is not ``seat``) still can."""
    decision = st.decision
    return decision is None or decision[0] != WINDOW or st.to_move == seat or bool(cast_actions(copy, st.to_move, False, []))


# Every component, in the order a snapshot writes it (RULES.md, "Snapshots"). A view shows the
# zones with a view key (core's Zones.view), the rest as views.py lays it out.
ZONES = Zones(
    Number("round", Annotated[int, Meta(ge=0, le=10_000)], 1, seat=False),
    Slot("turn", seat=False, kinds=QUADRANTS),                         # whose turn: a quadrant
    Derived("phase", str, "start", snapshots.phase),                   # read from the stack (steps.phase_of)
    # the board: one entry per slot (quadrant * SLOTS + space): the familiar's kind (-1: empty),
    # its damage, its attack and defense bonuses until end of turn, its marks (ruleset.MOVED...);
    # how many familiars stand in each area: area_count[q * NUM_AREAS + area]; life per quadrant,
    # each quadrant's personal familiars not on the board (bits)
    Derived("quadrants", dict[str, Quadrant], {}, snapshots.quadrants),
    _laid_out("kind"), _laid_out("damage"), _laid_out("attack_bonus"), _laid_out("defense_bonus"),
    _laid_out("flags"), _laid_out("area_count"), _laid_out("life"), _laid_out("pool"),
    Row("hand", OWNER, key="hands"), Row("known", of="hand", view="known_in_hand"),   # and the cards of it everyone saw it take
    Pile("deck", NOBODY, seat=False, nullable=True, size_view="deck_size"),           # top card last
    Spaces("river", RIVER_CARDS, nullable=True, ordered=False),       # the River's 3 cards (-1: none), taken by name
    Row("discard", seat=False),
    Slot("aspect", key="aspects", kinds=ASPECTS),                     # each seat's Aspect (-1: none)
    CardSet("aspect_used", key="aspects_used", seat=False, kinds=ASPECTS, view="aspects_used_this_turn"),   # this turn
    CardSet("vials", kinds=VIALS, nullable=True),                     # each seat's unused Essence Vials
    Derived("supply", dict[str, int], {}, snapshots.supply),          # shared familiars not on the board
    _laid_out("supply"),
    # the turn: summons and life gained, the Fearsome used (bits), in the Attack Phase
    Group("turn_state", Number("summons", Annotated[int, Meta(ge=0, le=SUMMONS_PER_TURN)], 0, seat=False,
                               view="summons_this_turn"),
          Number("gained", Annotated[int, Meta(ge=0, le=MADNESS_GAIN_CAP)], 0, key="life_gained", seat=False, view=None),
          CardSet("fear_used", key="fearsome_used", seat=False, kinds=FAMILIARS, view=None),
          Number("attack_phase", bool, False, seat=False, view=None)),
    # the attack in progress (combat.py): slots (quadrant * SLOTS + space), the familiars' kinds,
    # the defending quadrant, the blockers' slots, each Breath Weapon point (a slot, -1: life)
    Group("attack", Number("attacker", int, -1, seat=False, view=None),
          Slot("attacker_kind", key="attacker_familiar", seat=False, kinds=FAMILIARS, view=None),
          Number("target", int, -1, seat=False, view=None),
          Slot("target_kind", key="target_familiar", seat=False, kinds=FAMILIARS, view=None),
          Slot("defender", seat=False, kinds=QUADRANTS, view=None),
          Number("blockers", list[int], [], copy=True, seat=False, view=None),
          Number("breath_points", list[int], [], copy=True, key="breath", seat=False, view=None), null_when_empty=True),
    # Madness Mode: defeated this round; the final [round, life]
    Number("defeated", bool, False, seat=False, view=None),
    Number("final", Annotated[list[int], Meta(min_length=2, max_length=2)] | None, None, seat=False, view=None),
    cards=lambda st: st.R.cards, shared=("R",), columns=True, named_seats=True, one_deck=True,
    redeal_keeps=seen_answering, redeal_tries=REDEAL_TRIES)


class LifeSiphonState(State):
    __slots__ = ZONES.attributes

    frames = FRAMES
    zones = ZONES
    view_more = views.view_more
    seat_view = views.seat_view
    _restore = snapshots.restore
    migrate_snapshot = staticmethod(snapshots.migrate)

    def setup(self):
        ZONES.empty(self)   # every zone empty, every number at its default
        R = empty_board(self)
        Q = R.Q
        self.life = [START_LIFE if R.has_life[q] else 0 for q in range(Q)]
        self.supply = [R.f_supply[f] if f in R.supply_kinds else 0 for f in range(R.nf)]
        self.pool = [sum(1 << f for f in R.personal_kinds)] * Q
        self.vials = [R.all_vials] * self.players
        self.turn = 0
        self.round = 0
        names = ", ".join(qn(self, q) for q in range(Q))
        self.say_fmt(None, "Life Siphon ({}): {}.", self.options['mode'], names)
        # "Shuffle the remaining cards to form the Main Deck ... Deal 1 card to each player ...
        # Reveal 3 cards from the top of the deck face up ... These are the River Cards."
        self.deck = list(R.deck)
        self.rng.shuffle(self.deck)
        for s in range(self.players):
            draw(self, s, R.start_hand)
        for i in range(RIVER_CARDS):
            refill_river(self, i)
        if R.madness:
            # "Place 1 Imp in the Battleground ... 1 Lich in the River ... 1 Dread Knight in the Movement Row"
            for q, area in ((1, BATTLEGROUND), (2, RIVER), (3, MOVEMENT)):
                f = R.lair_kind[q]
                self.supply[f] -= 1
                place(self, q * SLOTS + START[area], f)
                name = R.cards.fam_names[f]
                self.say_fmt(None, "The {} starts with {} {} in its {}.", qn(self, q),
                             'an' if name[0] in 'AEIOU' else 'a', name, AREAS[area])
        self.stack = [(TURN, 0)]
        self.run()

    # --- outcome -------------------------------------------------------------------------------
    @property
    def scores(self):
        """Madness Mode: the round the tracker reached, for the one seat ("Wherever the round tracker
        ends up when you die is your score"); the final life that breaks ties is in the view's
        ``madness.score`` and in ``outcome``. Other modes: each seat's life."""
        if self.R.madness:
            return [self.final[0] if self.final is not None else self.round]
        return [self.life[q] for q in self.R.seat_q]

    def tempo(self):
        """What a designer watches over a game: each seat's life (who leads) and the familiars it has
        on the board (in its quadrant). Madness Mode: the one seat's life and familiars."""
        seat_q = self.R.seat_q
        return {"life": [float(self.life[q]) for q in seat_q],
                "familiars": [float(sum(k >= 0 for k in self.kind[q * SLOTS:(q + 1) * SLOTS])) for q in seat_q]}

    def outcome(self, seat):
        """Madness Mode maps the score to [0, 1]: (round - 1 + 1 / (1 + |final life|)) / 40, capped
        at 1, so a later round always beats an earlier one, and within a round a final life closer to
        zero is better. Other modes: 1 for a winner, 0 for a loser."""
        if self.to_move is not None:
            raise IllegalAction("the game is not over yet")
        if self.R.madness:
            rounds, life = self.final if self.final is not None else (self.round, self.life[0])
            return min(1.0, max(0.0, (rounds - 1 + 1.0 / (1 + abs(min(life, 0)))) / MADNESS_ROUNDS_SCALE))
        return State.outcome(self, seat)

    # --- invariants (tests only) ----------------------------------------------------------------
    def check_invariants(self):
        R = self.R
        over = phase_of(self) == P_OVER
        Q = R.Q
        counts = self.zones.held_counts(self)   # the deck, the River, the discard pile and the hands
        assert counts == R.copies, f"cards are not conserved: {counts} != {R.copies}"
        for s in range(self.players):
            assert not Counter(self.known[s]) - Counter(self.hand[s]), f"seat {s} is known to hold a card it does not hold"
        on_board = [0] * R.nf
        for q in range(Q):
            board = self.kind[q * SLOTS:(q + 1) * SLOTS]    # a familiar's kind, or -1 for an empty slot
            for a in range(NUM_AREAS):
                area = board[START[a]:START[a] + CAP[a]]
                n = len(area) - area.count(-1)
                assert n == self.area_count[q * NUM_AREAS + a] <= CAP[a], f"area count of quadrant {q} area {a} is wrong"
            fears = 0
            for f in board:
                if f >= 0:
                    assert R.in_game[f] or R.madness, f"{R.cards.fam_names[f]} is not in this game"
                    on_board[f] += 1
                    if R.f_pool[f] == POOL_PERSONAL:
                        assert not (self.pool[q] >> f) & 1, "a personal familiar is both on the board and in its pool"
                    if R.f_pool[f] == POOL_FEARSOME:
                        fears += 1
            assert fears <= 1, "two Fearsome on one board"
            if R.has_life[q]:
                assert self.life[q] <= MAX_LIFE, f"life above {MAX_LIFE}"
                if not over and not (R.madness and self.defeated):
                    assert self.life[q] >= 1, f"quadrant {q} has {self.life[q]} life but the game goes on"
        for f in R.summonable:
            if f in R.supply_kinds:
                assert self.supply[f] + on_board[f] == R.f_supply[f], f"{R.cards.fam_names[f]} supply is wrong"
            else:
                held = sum(1 for q in range(Q) if (self.pool[q] >> f) & 1)
                assert held + on_board[f] == Q, f"{R.cards.fam_names[f]} pools are wrong"
        assert len(self.blockers) <= MAX_BLOCKERS
        assert self.summons <= SUMMONS_PER_TURN
        if over:
            assert self.to_move is None
        else:
            assert self.to_move is not None and 0 <= self.to_move < self.players
            assert self.legal_actions(), "a seat is to move but has no legal action"
