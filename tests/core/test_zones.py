"""Declared zones (core/zones.py) on a toy game, with no game of the project in it.

"Peek": each seat has a deck of three Ace, three Bee and three Cat cards, draws three, and in turn
puts one card of its hand face down ("place"), or, holding more than one, first shows one to the
table ("show", after which every seat knows that card is in the hand). Once both cards are down they are turned up and
discarded, and the game ends (the higher card wins: Cat over Bee over Ace).
"""

from typing import Annotated

import pytest
from msgspec import Meta

from tabletome.core import ActionTable, Game, IllegalAction, Rng, State
from tabletome.core.stack import Frame, FrameIds, FrameSet
from tabletome.core.zones import EVERYONE, OWNER, Cards, Known, Number, Pile, Slot, Zones


class Deck:
    names = ["Ace", "Bee", "Cat"]
    copies = [3, 3, 3]


DECK = Deck()
STEPS = FrameIds("place", "reveal")
PLACE, REVEAL = STEPS.place, STEPS.reveal


def place_actions(state, frame):
    hand = state.hand[frame[1]]
    acts = [state.table.get("place", k) for k in range(3) if hand[k]]
    if state.hand_size[frame[1]] > 1:
        acts += [state.table.get("show", k) for k in range(3) if hand[k] > state.known[frame[1]][k]]
    return acts


def place(state, frame, action):
    seat, k = frame[1], action.args[0]
    state.hand[seat][k] -= 1
    state.hand_size[seat] -= 1
    state.known[seat][k] = min(state.known[seat][k], state.hand[seat][k])
    state.down[seat] = k


def show(state, frame, action):
    state.known[frame[1]][action.args[0]] += 1
    state.stack.append(frame)


def ask_place(state, frame):
    return state.ask_or_take(frame[1], frame, place_actions(state, frame))


def reveal(state, frame):
    state.revealed = True
    for p in (0, 1):
        state.discard[p][state.down[p]] += 1
    a, b = state.down
    state.end_game([] if a == b else [0 if a > b else 1])
    return False


FRAMES = FrameSet(Frame("place", ("seat",), run=ask_place, legal=place_actions, on={"place": place, "show": show}),
                  Frame("reveal", run=reveal), ids=STEPS)

ZONES = Zones(
    Number("points", Annotated[int, Meta(ge=0, le=9)], 0),
    Cards("hand", OWNER, size="hand_size"),
    Pile("deck", OWNER, size_view="deck_size", top_key="deck_top"),
    Cards("discard", EVERYONE, shown="counts"),
    Slot("down", OWNER, public="revealed", holds=lambda cards: [0, 1, 2], holds_word="a card"),
    Known("known", "hand"),
    Number("revealed", bool, False, seat=False),
    cards=lambda state: DECK)


class PeekState(State):
    __slots__ = ZONES.attributes
    frames = FRAMES
    zones = ZONES

    def setup(self):
        ZONES.empty(self)
        for p in (0, 1):
            deck = [k for k in range(3) for _ in range(3)]
            self.rng.shuffle(deck)
            self.deck[p] = deck
            for _ in range(self.options["hand"]):
                self.hand[p][self.deck[p].pop()] += 1
            self.hand_size[p] = self.options["hand"]
        self.push((PLACE, 0), (PLACE, 1), (REVEAL,))
        self.run()


class Peek(Game):
    id = "peek"
    name = "Peek"
    player_counts = (2,)
    options = {"hand": (3, 1)}
    state_class = PeekState

    def build_actions(self):
        table = ActionTable()
        for k, name in enumerate(DECK.names):
            table.add(f"place {name}", "place", k)
            table.add(f"show {name}", "show", k)
        return table


def bare(state_class, players=2):
    """A state of ``state_class`` at a Peek table, no setup run: a test fills its zones."""
    state = state_class.__new__(state_class)
    state._init_common(Peek(), players, {}, 1, Rng(1))
    return state


def test_a_view_shows_a_hidden_hand_as_its_size_and_a_face_down_card_as_face_down():
    state = Peek().new(seed=3)
    hand = list(state.view(0)["players"][0]["hand"])
    state.apply(f"place {hand[0]}")
    north, south = state.view(1)["players"]
    assert "hand" not in north and north["hand_size"] == 2 and north["deck_size"] == 6
    assert north["down"] == "face down" and "deck" not in north
    assert state.view(0)["players"][0]["down"] == hand[0]
    assert state.view(None)["players"][1]["down"] is None


def test_snapshots_name_every_card_and_refuse_what_the_declaration_does_not_allow():
    game = Peek()
    state = game.new(seed=3)
    snap = state.snapshot()
    assert snap["winners"] == [] and snap["revealed"] is False
    assert sorted(snap["seats"][0]) == ["deck", "discard", "down", "hand", "known", "points"]
    again = game.restore(snap)
    assert again.snapshot() == snap and again.clone().snapshot() == snap
    broken = dict(snap, seats=[dict(snap["seats"][0], pionts=1), snap["seats"][1]])
    with pytest.raises(IllegalAction, match="unknown field 'pionts' in seats\\[0\\]"):
        game.restore(broken)
    broken = dict(snap, seats=[dict(snap["seats"][0], hand=["Ace", "Dog"]), snap["seats"][1]])
    with pytest.raises(IllegalAction, match="snapshot seat 0 hand: 'Dog' is not a Peek card"):
        game.restore(broken)
    broken = dict(snap, seats=[dict(snap["seats"][0], points=10), snap["seats"][1]])
    with pytest.raises(IllegalAction, match="seats\\[0\\].points"):
        game.restore(broken)
    top = dict(snap["seats"][0], deck=None, deck_top=["Cat"], hand=["Ace"])
    restored = game.restore(dict(snap, seats=[top, snap["seats"][1]]))
    assert restored.deck[0][-1] == 2 and len(restored.deck[0]) == 8   # the rest of the nine follow
    too_many = dict(top, hand=["Cat", "Cat", "Cat"])
    with pytest.raises(IllegalAction, match="4 Cat placed, but a deck has 3"):
        game.restore(dict(snap, seats=[too_many, snap["seats"][1]]))


def test_winners_survive_a_snapshot():
    game = Peek()
    state = game.new(seed=3, hand=1)   # one card each: nothing to choose, the game plays itself
    assert state.is_over and state.winners == game.restore(state.snapshot()).winners


def test_a_single_option_is_taken_without_asking():
    state = Peek().new(seed=3, hand=1)
    assert state.is_over and state.record()["actions"] == [] and state.revealed


def test_a_clone_is_independent():
    state = Peek().new(seed=3)
    before = state.snapshot()
    copy = state.clone()
    for seat in (0, 1):
        copy.hand[seat][0] += 5
        copy.deck[seat].append(0)
        copy.known[seat][1] = 2
        copy.points[seat] = 4
    copy.revealed = True
    assert state.snapshot() == before and copy.snapshot() != before


@pytest.mark.parametrize("players", [2, 3])
def test_a_clone_of_named_fields_copies_each_as_its_kind_needs(players):
    """``clone_of``: a state that names its fields by kind (not as zones) gets a clone that shares
    the fixed facts, copies numbers, and copies lists and per-seat lists so that neither side sees
    the other's changes."""
    from tabletome.core.zones import clone_of

    class Fields(State):
        __slots__ = ("facts", "score", "row", "hands")
        clone = clone_of(shared=("facts",), values=("score",), lists=("row",), seat_lists=("hands",))

    state = bare(Fields, players)
    state.facts, state.score, state.row = {"fixed": 1}, 3, [1, 2]
    state.hands = [[s] for s in range(players)]
    copy = state.clone()
    assert copy.facts is state.facts and (copy.score, copy.row, copy.hands) == (3, [1, 2], state.hands)
    copy.score += 1
    copy.row.append(3)
    for hand in copy.hands:
        hand.append(9)
    assert (state.score, state.row, state.hands) == (3, [1, 2], [[s] for s in range(players)])
    assert copy.players == players and copy.rng.state == state.rng.state


@pytest.mark.parametrize("players", [2, 3])
def test_empty_gives_every_zone_its_empty_value_and_each_seat_its_own_lists(players):
    """``Zones.empty`` (written once as code for the declaration): numbers at their default (a
    copied list a fresh list), cards at no card, piles, rows and piles of the table empty, slots
    and spaces at their empty mark, card sets and a known card's count at 0; and no two seats,
    nor two states, share a list a rule changes in place."""
    from tabletome.core.zones import CardSet, Kinds, Piles, Row, Spaces
    colours = Kinds(lambda s: COLOURS, _find_colour)
    zones = Zones(
        Number("points", Annotated[int, Meta(ge=0, le=9)], 2), Number("faces", list[int], [1, 2], copy=True),
        Number("round", int, 1, seat=False), Cards("hand", OWNER, size="hand_size"), Cards("coins", kinds=colours),
        Pile("deck", OWNER), Row("line"), Slot("down", OWNER, empty=-2, marks={-2: "none"}), CardSet("seen"),
        Known("known", "hand"), Known("bolts", "hand", card=lambda s: 0), Cards("discard", seat=False, size="discards"),
        Piles("rows"), Spaces("board", 3, empty=-1), Number("log", list[int], [5], copy=True, seat=False),
        cards=lambda s: DECK)

    class Empty(State):
        __slots__ = zones.attributes
    states = [bare(Empty, players), bare(Empty, players)]
    for state in states:
        zones.empty(state)
    state, other = states
    each = lambda value: [value] * players   # noqa: E731
    assert (state.points, state.faces, state.round) == (each(2), each([1, 2]), 1)
    assert (state.hand, state.hand_size, state.coins) == (each([0, 0, 0]), each(0), each([0] * len(COLOURS)))
    assert (state.deck, state.line, state.down, state.seen) == (each([]), each([]), each(-2), each(0))
    assert (state.known, state.bolts, state.discard, state.discards) == (each([0, 0, 0]), each(0), [0, 0, 0], 0)
    assert (state.rows, state.board, state.log) == ([], [-1, -1, -1], [5])
    for field in ("faces", "hand", "coins", "deck", "line", "known"):
        value = getattr(state, field)
        value[0].append(7)
        assert all(7 not in v for v in value[1:]) and 7 not in getattr(other, field)[0], field
    state.log.append(6)
    state.board[0] = 2
    state.discard[1] = 4
    assert (other.log, other.board, other.discard) == ([5], [-1, -1, -1], [0, 0, 0])
    assert zones.zones[1].default == [1, 2] and zones.zones[14].default == [5]
    # a declaration with no counts per card kind reads no card list (a set-up may attach it after)
    rows = Zones(Row("line"), Number("round", int, 1, seat=False), cards=lambda s: s.not_attached_yet)

    class Rows(State):
        __slots__ = rows.attributes
    state = bare(Rows, players)
    rows.empty(state)
    assert (state.line, state.round) == ([[]] * players, 1)


def test_determinize_redeals_what_the_seat_cannot_see_and_keeps_what_it_knows():
    state = Peek().new(seed=5)
    hand = state.view(0)["players"][0]["hand"]
    shown = hand[0]
    state.apply(f"show {shown}")
    state.apply(f"place {[c for c in hand if c != shown][0] if len(set(hand)) > 1 else shown}")
    kind = DECK.names.index(shown)
    seen_hands, seen_down = set(), set()
    for seed in range(40):
        copy = state.determinize(1, Rng(seed))
        assert copy.view(1) == state.view(1)
        assert not ZONES.broken_promises(state, copy, 1)
        assert copy.hand[0][kind] >= 1                      # the shown card stays in North's hand
        assert sum(copy.hand[0]) + len(copy.deck[0]) + 1 == 9
        seen_hands.add(tuple(copy.hand[0]))
        seen_down.add(copy.down[0])
        assert copy.hand[1] == state.hand[1] and sorted(copy.deck[1]) == sorted(state.deck[1])
    assert len(seen_hands) > 1 and len(seen_down) > 1      # North's hidden cards were re-dealt


def test_the_promise_check_sees_a_forgotten_known_card():
    state = Peek().new(seed=5)
    shown = state.view(0)["players"][0]["hand"][0]
    state.apply(f"show {shown}")
    copy = state.clone()
    kind = DECK.names.index(shown)
    copy.hand[0][kind] -= 1
    copy.hand[0][(kind + 1) % 3] += 1
    assert any("known there" in p for p in ZONES.broken_promises(state, copy, 1))


def test_frames_must_follow_their_declared_names():
    with pytest.raises(ValueError, match="not the declared"):
        FrameSet(Frame("reveal", run=reveal), Frame("place", ("seat",), run=ask_place), ids=STEPS)


class Labelled:
    """Cards each one of a kind (``Zones(unique=True)``): two copies of Brave, told apart by label."""
    names = ["Brave", "Brave", "Crown", "Fog", "Gate", "Hex"]
    labels = ["Brave", "Brave #2", "Crown", "Fog", "Gate", "Hex"]


def _row_zones():
    from tabletome.core.zones import NOBODY, CardSet, Derived, Row, Spaces
    return Zones(
        Row("hand", OWNER, key="hands", required=True), Slot("crest"), CardSet("seen"),
        Pile("deck", NOBODY, seat=False, top_first=False),
        Spaces("board", 2, required=True),
        Number("rolls", list[int], [], copy=True, seat=False),
        Row("targets", seat=False, refers=True),
        Derived("over", bool, False, lambda s: s.to_move is None),
        cards=lambda s: Labelled, unique=True, columns=True, label_hint=" (a name, or 'name #k')")


def _row_state():
    declared = _row_zones()

    class RowState(State):
        __slots__ = declared.attributes
        zones = declared

        def determinize(self, seat, rng):   # (a hidden Row: no derived re-deal)
            raise NotImplementedError

    zones = declared
    state = bare(RowState)
    zones.empty(state)
    state.hand = [[1, 3], []]
    state.crest = [2, -1]
    state.seen = [0b11, 0]
    state.deck = [4, 5]   # Hex on top, written as held (top_first=False)
    state.board = [0, -1]
    state.rolls = [6]
    state.targets = [3, 0]
    return zones, state


def test_unique_cards_in_columns_are_written_by_label_in_declaration_order_and_read_back():
    from tabletome.core.snapshots import check_snapshot_fields

    zones, state = _row_state()
    snap = zones.snapshot(state)
    assert list(snap.items()) == [
        ("hands", [["Brave #2", "Fog"], []]), ("crest", ["Crown", None]), ("seen", [["Brave", "Brave #2"], []]),
        ("deck", ["Gate", "Hex"]), ("board", ["Brave", None]), ("rolls", [6]), ("targets", ["Fog", "Brave"]),
        ("over", True), ("winners", [])]
    copy = state.clone()
    copy.hand[0].append(4)
    copy.board[1] = 4
    copy.rolls.append(1)
    copy.seen[0] = 0
    assert zones.snapshot(state) == snap
    schema = zones.schema("Row")
    again = bare(type(state))
    zones.restore(again, check_snapshot_fields(snap, schema, "Row"))
    assert zones.snapshot(again) == snap
    short = {"hands": [], "board": ["Brave #2", "Gate"]}     # every seat's default, the rest left out
    zones.restore(again, check_snapshot_fields(short, schema, "Row"))
    assert (again.hand, again.crest, again.seen, again.board) == ([[], []], [-1, -1], [0, 0], [1, 4])


@pytest.mark.parametrize("fields, words", [
    ({"hands": [["Brave"], ["Brave"]]}, "snapshot field 'hands\\[1\\]': 'Brave' is placed twice"),
    ({"hands": [["Brave #3"], []]}, "'Brave #3' is not a Peek card label \\(a name, or 'name #k'\\)"),
    ({"hands": [[]]}, "snapshot field 'hands' needs one entry per seat \\(2\\), not 1"),
    ({"hands": [[], []], "board": ["Fog"]}, "snapshot field 'board' lists 2 places, not 1"),
    ({"board": [None, None]}, "missing field 'hands'"),
    ({"hands": [[], []], "board": [None, None], "winners": [2]}, "no seat 2 at a table of 2"),
])
def test_unique_cards_in_columns_refuse_a_card_twice_an_unknown_label_and_a_wrong_count(fields, words):
    from tabletome.core.snapshots import check_snapshot_fields

    zones, state = _row_state()
    with pytest.raises(IllegalAction, match=words):
        zones.restore(state, check_snapshot_fields({"board": [None, None], **fields}, zones.schema("Row"), "Peek"))


def test_a_row_that_refers_names_cards_placed_elsewhere():
    from tabletome.core.snapshots import check_snapshot_fields

    zones, state = _row_state()
    zones.restore(state, check_snapshot_fields({"hands": [["Fog"], []], "board": [None, None], "targets": ["Fog"]},
                                               zones.schema("Row"), "Peek"))
    assert state.hand[0] == state.targets == [3]


def test_held_lists_every_card_the_zones_hold_and_none_a_mark_a_card_set_a_number_or_a_referring_row_names():
    zones, state = _row_state()
    # hands seat by seat, the crest slots (-1: no card), the deck as held, the board (-1: empty)
    assert zones.held(state) == [1, 3, 2, 4, 5, 0]


def test_the_derived_redeal_refuses_a_hidden_row_it_cannot_deal():
    with pytest.raises(ValueError, match="zones hand: the derived re-deal deals .* a hidden Row only of a seat in a one-deck"):
        _row_zones().make_determinize()


class SixKinds:
    names = ["A", "B", "C", "D", "E", "F"]


def _one_deck_rows(keeps=None, tries=100):
    """Three seats' hands in order (hidden), the cards all saw each take (``known``), one deck."""
    from tabletome.core.zones import NOBODY, Row
    declared = Zones(Row("hand", OWNER, key="hands"), Row("known", of="hand"), Pile("deck", NOBODY, seat=False),
                     cards=lambda s: SixKinds, one_deck=True, redeal_keeps=keeps, redeal_tries=tries)

    class OneDeckState(State):
        __slots__ = declared.attributes
        zones = declared

    state = bare(OneDeckState, players=3)
    declared.empty(state)
    state.hand = [[0, 1], [2, 3, 2], [4]]
    state.known = [[], [2], []]   # all saw East take a C
    state.deck = [5, 5, 1, 0]
    return state


def test_a_one_deck_redeal_deals_hidden_rows_again_and_keeps_the_cards_all_saw_taken_first():
    state = _one_deck_rows()
    hidden = sorted([3, 2, 4, 5, 5, 1, 0])   # East's hand but its known C, West's, the deck
    dealt = set()
    for s in range(30):
        copy = state.determinize(0, Rng(s))
        assert copy.hand[0] == [0, 1] and copy.known == state.known
        assert copy.hand[1][0] == 2 and [len(h) for h in copy.hand] == [2, 3, 1] and len(copy.deck) == 4
        assert sorted(copy.hand[1][1:] + copy.hand[2] + copy.deck) == hidden
        assert state.zones.broken_promises(state, copy, 0) == []
        dealt.add(tuple(copy.hand[2]))
    assert len(dealt) > 1
    # the copy depends only on what North sees: another deal of what it cannot see, the same copy
    other = state.clone()
    other.hand[1], other.hand[2], other.deck = [2, 5, 0], [3], [4, 5, 1, 2]
    for s in range(5):
        a, b = state.determinize(0, Rng(s)), other.determinize(0, Rng(s))
        assert (a.hand, a.deck) == (b.hand, b.deck)


def test_a_one_deck_redeal_written_out_deals_what_the_table_driven_one_deals():
    """Only listed zones hidden: the re-deal is code written once from the declaration; it gives
    exactly the copy ``Zones.determinize`` (which walks the declaration) gives."""
    for keeps in (None, lambda state, copy, seat: 4 in copy.hand[2]):
        state = _one_deck_rows(keeps=keeps)
        written = type(state).determinize
        assert written.__code__.co_filename == "<string>"
        for seat in range(3):
            for s in range(10):
                a, b = written(state, seat, Rng(s)), state.zones.determinize(state, seat, Rng(s))
                assert (a.hand, a.known, a.deck, a.rng.next64()) == (b.hand, b.known, b.deck, b.rng.next64())


def test_a_one_deck_redeal_deals_again_until_what_the_seat_inferred_holds():
    state = _one_deck_rows(keeps=lambda state, copy, seat: 4 in copy.hand[2])   # West shown to hold an E
    assert all(4 in state.determinize(0, Rng(s)).hand[2] for s in range(20))
    never = _one_deck_rows(keeps=lambda state, copy, seat: False, tries=3)   # the last of 3 deals kept
    assert [len(h) for h in never.determinize(0, Rng(1)).hand] == [2, 3, 1]


def test_a_view_shows_rows_spaces_and_card_sets_by_name_and_a_hidden_row_only_to_its_owner():
    zones, state = _row_state()
    north, south = zones.view(state, 1)["players"]
    assert "hand" not in north and south["hand"] == []
    assert zones.view(state, 0)["players"][0]["hand"] == ["Brave", "Fog"]   # names, not labels
    view = zones.view(state, None)
    assert "hand" not in view["players"][0] and view["players"][0]["seen"] == ["Brave", "Brave"]
    assert (view["board"], view["rolls"], view["targets"], view["players"][0]["crest"]) == (
        ["Brave", None], [6], ["Fog", "Brave"], "Crown")
    assert "deck" not in view and "over" in view and view["rolls"] is not state.rolls


def test_a_direct_encoder_reads_a_hidden_zone_only_for_a_seat_that_sees_it():
    state = Peek().new(seed=3)
    zones = state.zones
    assert zones.seen(state, "hand", 0, 0) is state.hand[0] and zones.seen(state, "deck", 1, 1) is state.deck[1]
    assert [zones.seen(state, "hand", 0, seat) for seat in (1, None)] == [None, None]
    assert zones.seen(state, "discard", 0, 1) is state.discard[0]
    state.apply(state.legal_actions()[0])
    assert (zones.seen(state, "down", 0, 0), zones.seen(state, "down", 0, 1)) == (state.down[0], None)
    state.revealed = True
    assert zones.seen(state, "down", 0, 1) == state.down[0]
    zones, state = _row_state()
    assert zones.seen(state, "hand", 0, 0) == [1, 3] and zones.seen(state, "hand", 0, 1) is None
    assert [zones.seen(state, "deck", None, seat) for seat in (0, 1, None)] == [None, None, None]
    assert zones.seen(state, "targets", None, None) == [3, 0]


def test_a_direct_encoder_writes_a_hidden_zone_only_for_a_seat_that_sees_it():
    zones, state = _row_state()
    index = [5, 4, 3, 2, 1, 0]   # the encoder's place of each card kind
    for seat, written in ((0, [0, 0, 1, 0, 1, 0]), (1, [0] * 6), (None, [0] * 6)):
        out = [0.0] * 8
        zones.encode_row(state, "hand", 0, seat, out, 2, index, 0.5)
        assert out == [0.0] * 2 + [w * 0.5 for w in written]
    out = [0.0] * 6
    zones.encode_row(state, "deck", None, 0, out, 0, index)
    assert out == [0.0] * 6
    zones.encode_row(state, "targets", None, None, out, 0, index)
    assert out == [0.0, 0.0, 1.0, 0.0, 0.0, 1.0]
    state = Peek().new(seed=3)
    for seat in (0, 1):
        out = [0.0] * 3
        state.zones.encode_cards(state, "hand", 0, seat, out, 0, [0, 1, 2])
        assert out == ([float(c) for c in state.hand[0]] if seat == 0 else [0.0] * 3)


def _piles_state(players=2):
    """The table's ``Piles`` (three rows of cards) and an index a snapshot does not write
    (``written=False``: each card's row, which a ``Derived`` fact writes as row numbers from 1)."""
    from tabletome.core.zones import Derived, Piles

    declared = Zones(
        Piles("rows"),
        Number("row_of", list[int], [], copy=True, seat=False, written=False),
        Derived("row_numbers", list[int], [], lambda s: [r + 1 for r in s.row_of]),
        Number("turn", int, 1, seat=False),
        Derived("hint", str | None, None, None),   # only read (an older form may give it), never written
        cards=lambda s: Labelled, unique=True, columns=True)

    class PilesState(State):
        __slots__ = declared.attributes
        zones = declared

        def determinize(self, seat, rng):
            raise NotImplementedError

    state = bare(PilesState, players)
    declared.empty(state)
    state.rows = [[0, 2], [], [5]]
    state.row_of = [0, -1, 0, -1, -1, 2]
    return declared, state


@pytest.mark.parametrize("players", [2, 3])
def test_piles_are_cloned_pile_by_pile_and_an_unwritten_field_is_cloned_but_not_written(players):
    from tabletome.core.snapshots import check_snapshot_fields

    zones, state = _piles_state(players)
    copy = state.clone()
    copy.rows[0].append(3)
    copy.rows.append([4])
    copy.row_of[3] = 0
    assert (state.rows, state.row_of) == ([[0, 2], [], [5]], [0, -1, 0, -1, -1, 2])
    assert copy.rows[2] == [5] and copy.row_of[3] == 0
    snap = zones.snapshot(state)
    assert list(snap.items()) == [("rows", [["Brave", "Crown"], [], ["Hex"]]), ("row_numbers", [1, 0, 1, 0, 0, 3]),
                                  ("turn", 1), ("winners", [])]
    schema = zones.schema("Piles")
    with pytest.raises(IllegalAction, match="unknown field 'row_of'"):
        check_snapshot_fields({**snap, "row_of": [0]}, schema, "Peek")
    assert check_snapshot_fields({**snap, "hint": "old"}, schema, "Peek").hint == "old"
    again = bare(type(state), players)
    zones.empty(again)
    zones.restore(again, check_snapshot_fields({**snap, "turn": 4}, schema, "Peek"))
    assert (again.rows, again.turn, again.row_of) == (state.rows, 4, [])   # the game reads its index back
    with pytest.raises(IllegalAction, match="snapshot field 'rows': 'Hex' is placed twice"):
        zones.restore(again, check_snapshot_fields({"rows": [["Hex"], ["Hex"]]}, schema, "Peek"))
    assert zones.view(state, 0)["rows"] == [["Brave", "Crown"], [], ["Hex"]]


def test_piles_belong_to_the_table():
    from tabletome.core.zones import Piles

    with pytest.raises(ValueError, match="zone 'rows': Piles are the table's"):
        Zones(Piles("rows", seat=True), cards=lambda s: Labelled)


COINS = ["Copper", "Silver"]


def _find_coin(state, name, where):
    if name not in COINS:
        raise IllegalAction(f"{where}: {name!r} is not a coin; coins are {', '.join(COINS)}")
    return COINS.index(name)


def _coins_state(columns):
    """Zones of another card list than the game's (``Kinds``: coins beside the cards, as spells
    beside minions) and a per-seat tally a snapshot does not write, in both snapshot forms (one
    object per seat, one field per zone)."""
    from tabletome.core.zones import Kinds, Row

    coins = Kinds(lambda s: COINS, _find_coin)
    declared = Zones(
        Cards("hand", OWNER),
        Cards("purse", EVERYONE, shown="counts", kinds=coins),
        Number("tally", list[int], [], copy=True, written=False),
        Row("spent", seat=False, kinds=coins),
        cards=lambda s: DECK, columns=columns)

    class CoinState(State):
        __slots__ = declared.attributes
        zones = declared

        def determinize(self, seat, rng):
            raise NotImplementedError

    state = bare(CoinState)
    declared.empty(state)
    state.hand = [[1, 0, 2], [0, 1, 0]]
    state.purse = [[0, 2], [1, 0]]
    state.tally = [[5], [6]]
    state.spent = [1, 0]
    return declared, state


@pytest.mark.parametrize("columns", [False, True])
def test_counts_of_kinds_are_written_shown_and_read_by_their_names_and_an_unwritten_seat_field_is_left_out(columns):
    from tabletome.core.snapshots import check_snapshot_fields

    zones, state = _coins_state(columns)
    assert len(state.clone().purse[0]) == 2 and state.clone().tally == [[5], [6]]
    snap = zones.snapshot(state)
    if columns:
        assert snap == {"hand": [["Ace", "Cat", "Cat"], ["Bee"]], "purse": [["Silver", "Silver"], ["Copper"]],
                        "spent": ["Silver", "Copper"], "winners": []}
    else:
        assert snap["seats"][0] == {"hand": ["Ace", "Cat", "Cat"], "purse": ["Silver", "Silver"]}
        assert snap["spent"] == ["Silver", "Copper"] and "tally" not in snap["seats"][1]
    schema = zones.schema("Coins")
    zones.restore(state, check_snapshot_fields(snap, schema, "Peek"))
    assert (state.hand, state.purse, state.spent) == ([[1, 0, 2], [0, 1, 0]], [[0, 2], [1, 0]], [1, 0])
    assert zones.view(state, 1)["players"][0]["purse"] == {"Silver": 2}
    bad = json_copy(snap)
    (bad["purse"][1] if columns else bad["seats"][1]["purse"]).append("Gold")
    with pytest.raises(IllegalAction, match="'Gold' is not a coin; coins are Copper, Silver"):
        zones.restore(state, check_snapshot_fields(bad, schema, "Peek"))


def test_the_derived_redeal_refuses_hidden_kinds():
    from tabletome.core.zones import Kinds

    zones = Zones(Cards("hand", OWNER), Cards("purse", OWNER, kinds=Kinds(lambda s: COINS, _find_coin)),
                  cards=lambda s: DECK)
    with pytest.raises(ValueError, match="zones purse: the derived re-deal deals no hidden Spaces, Piles or Kinds"):
        zones.make_determinize()


def json_copy(data):
    import json
    return json.loads(json.dumps(data))


# --- a snapshot by seat name, of other kinds than cards, nullable, and grouped --------------------
COLOURS = ["Red", "Green", "Blue"]


def _find_colour(state, name, where):
    if name not in COLOURS:
        raise IllegalAction(f"{where}: {name!r} is not a colour; colours are: {', '.join(COLOURS)}")
    return COLOURS.index(name)


def _named_zones():
    from tabletome.core.zones import NOBODY, CardSet, Derived, Group, Kinds, Row, Spaces
    colours = Kinds(lambda s: COLOURS, _find_colour)
    return Zones(
        Number("round", int, 1, seat=False),
        Derived("board", dict[str, int], {}, lambda s: {"cells": sum(s.cells)}),   # the game lays it out
        Number("cells", list[int], [], copy=True, seat=False, written=False),
        Row("hand", OWNER, key="hands"), Slot("colour", kinds=colours), CardSet("paints", kinds=colours, nullable=True),
        Pile("deck", NOBODY, seat=False, nullable=True), Spaces("row", 2, nullable=True),
        Group("turn", Number("moves", Annotated[int, Meta(ge=0, le=3)], 0, seat=False),
              CardSet("used", key="colours_used", seat=False, kinds=colours)),
        Group("attack", Number("attacker", int, -1, seat=False), Slot("weapon", key="with", seat=False, kinds=colours),
              null_when_empty=True),
        cards=lambda s: DECK, columns=True, named_seats=True)


def _named_state():
    declared = _named_zones()

    class NamedState(State):
        __slots__ = declared.attributes
        zones = declared

        def determinize(self, seat, rng):   # (a hidden Row: no derived re-deal)
            raise NotImplementedError

    state = bare(NamedState)
    declared.empty(state)
    state.cells = [1, 2]
    state.hand = [[2, 0], []]
    state.colour = [1, -1]
    state.paints = [0b101, 0]
    state.deck = [0, 1]   # Bee on top, written first
    state.row = [2, -1]
    state.used = 0b10
    return declared, state


def _named_restore(zones, state, fields):
    from tabletome.core.snapshots import check_snapshot_fields
    zones.restore(state, check_snapshot_fields(fields, zones.schema("Named"), "Peek"))


def test_seats_by_name_other_kinds_and_groups_are_written_in_declaration_order_and_read_back():
    zones, state = _named_state()
    seat_names = state.seat_names
    snap = zones.snapshot(state)
    assert list(snap.items()) == [
        ("round", 1), ("board", {"cells": 3}),
        ("hands", {seat_names[0]: ["Cat", "Ace"], seat_names[1]: []}),
        ("colour", {seat_names[0]: "Green", seat_names[1]: None}),
        ("paints", {seat_names[0]: ["Red", "Blue"], seat_names[1]: []}),
        ("deck", ["Bee", "Ace"]), ("row", ["Cat", None]),
        ("turn", {"moves": 0, "colours_used": ["Green"]}), ("attack", None), ("winners", [])]
    again = bare(type(state))
    _named_restore(zones, again, snap)
    assert not hasattr(again, "cells")   # a field a Derived part lays out: the game reads it back
    again.cells = [3]
    assert zones.snapshot(again) == snap
    state.attacker = 4   # a member off its default: the group is written
    snap = zones.snapshot(state)
    assert snap["attack"] == {"attacker": 4, "with": None}
    _named_restore(zones, again, snap)
    assert again.attacker == 4 and zones.snapshot(again) == snap
    # left out: each seat its default, a nullable zone None for the game to fill, a group its defaults
    _named_restore(zones, again, {"hands": {seat_names[1]: ["Bee"]}, "deck": None})
    assert (again.hand, again.colour, again.paints, again.deck, again.row) == ([[], [1]], [-1, -1], None, None, None)
    _named_restore(zones, again, {"paints": {seat_names[1]: ["Red"]}})   # given: each seat left out its default
    assert again.paints == [0, 1]
    assert (again.moves, again.used, again.attacker, again.weapon) == (0, 0, -1, -1)


@pytest.mark.parametrize("fields, words", [
    ({"hands": {"Nowhere": []}}, "snapshot field 'hands': no seat 'Nowhere'; seats are: "),
    ({"colour": {"North": "Pink"}}, "snapshot field 'colour.North': 'Pink' is not a colour; colours are: Red"),
    ({"turn": {"colours_used": ["Pink"]}}, "snapshot field 'turn.colours_used': 'Pink' is not a colour"),
    ({"turn": {"moves": 4}}, "field 'turn.moves': expected `int` <= 3"),
    ({"turn": {"move": 1}}, "unknown field 'move' in turn"),
    ({"attack": {"with": "Pink"}}, "snapshot field 'attack.with': 'Pink' is not a colour"),
    ({"row": ["Cat"]}, "snapshot field 'row' lists 2 places, not 1"),
    ({"hands": None}, "field 'hands': expected `object`, got `null`"),
])
def test_seats_by_name_other_kinds_and_groups_refuse_what_is_not_declared(fields, words):
    zones, state = _named_state()
    assert state.seat_names == ("North", "South")
    with pytest.raises(IllegalAction, match=words):
        _named_restore(zones, state, fields)


def test_a_group_holds_only_the_tables_fields_and_keys_are_unique():
    from tabletome.core.zones import Derived, Group
    with pytest.raises(ValueError, match="a seat's zone"):
        Group("turn", Number("moves"))
    with pytest.raises(ValueError, match="two zones share a snapshot key"):
        Zones(Number("a", seat=False), Number("b", key="a", seat=False), cards=lambda s: DECK, columns=True)
    # a Derived is no field: it may share its name with the field it lays out
    Zones(Derived("cells", dict, {}, lambda s: {}), Number("cells", list[int], [], seat=False, written=False),
          cards=lambda s: DECK, columns=True)


def test_redeal_deals_the_places_cards_back_by_the_rng_alone_and_moves_what_a_seat_knew_with_its_place():
    from tabletome.core.zones import redeal

    def dealt(first, second, known=None):
        deck, hand, kept = list(first), list(second), [9]
        redeal([(deck, 0), (deck, 2), (hand, 1)], Rng(5), known, 0)
        return deck, hand, kept

    deck, hand, kept = dealt([1, 7, 3], [8, 5])
    assert sorted([deck[0], deck[2], hand[1]]) == [1, 3, 5] and deck[1] == 7 and hand[0] == 8 and kept == [9]
    # the same hidden places and rng, the cards laid out otherwise: the same deal
    assert dealt([5, 7, 1], [8, 3]) == (deck, hand, kept)
    # seat 1 had examined card 3 (at deck[2]) and card 7 (not re-dealt): it now knows the card at deck[2]
    known = [0, (1 << 3) | (1 << 7)]
    deck, hand, _ = dealt([1, 7, 3], [8, 5], known)
    assert known[0] == 0 and known[1] == (1 << deck[2]) | (1 << 7)


def test_held_counts_counts_each_card_where_it_lies_once():
    """``Zones.held_counts``: every card of the declared zones counted once, a Row that refers to cards
    elsewhere, a card set and what every seat knows of a hand not counted."""
    zones, state = _row_state()
    assert zones.held_counts(state) == [1, 1, 1, 1, 1, 1]   # the board, the hand, the crest, the deck
    state.deck = None   # (a deck a snapshot left out, for the game to fill)
    assert zones.held_counts(state) == [1, 1, 1, 1, 0, 0]
    peek = Peek().new(seed=3)
    assert peek.known == [[0, 0, 0], [0, 0, 0]] and ZONES.held_counts(peek) == [6, 6, 6]
    peek.apply(peek.legal_actions()[-1])   # North shows a card: known, and still in its hand once
    assert sum(map(sum, peek.known)) == 1 and ZONES.held_counts(peek) == [6, 6, 6]
    peek.apply(next(a for a in peek.legal_actions() if a.kind == "place"))   # placed face down
    assert ZONES.held_counts(peek) == [6, 6, 6]
