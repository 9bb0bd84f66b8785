"""Declared state: a game lists its components once, as typed zones, and core derives the rest.

    ZONES = Zones(
        Number("health", Annotated[int, Meta(ge=-99, le=30)], 24),   # one per seat, public
        Cards("hand", OWNER, size="hand_size"),     # counts per card kind, seen by its owner
        Pile("deck", OWNER),                        # a list of card kinds, top last, order hidden
        Cards("discard", EVERYONE, shown="counts"),
        Slot("form", OWNER, public="revealed", ...),  # one card face down until the reveal
        Known("known_bolts", "hand", card=...),     # what every seat has learned of a hidden hand
        Number("round", ..., seat=False),           # a number of the whole table
        cards=lambda state: state.R.cards, shared=("R",))

    class MyState(State):
        __slots__ = ZONES.attributes
        zones = ZONES

From the declaration core derives, for the state class (``State.__init_subclass__``):

- ``clone``: code generated once per class that copies exactly the declared fields (no deepcopy);
- ``snapshot``/``restore``: the table's numbers, then ``winners``, then ``seats``: one object per
  seat with its zones, every card by name (a pile top card first); a msgspec schema made from the
  declaration refuses an unknown, missing or ill-typed field with the field named;
- ``view(seat)``: each zone as that seat may see it (a hidden hand as its size only, a face-down
  card as "face down", a deck as its size), the game adding its derived public facts
  (``view_more``);
- ``determinize(seat, rng)``: for each owner, the seat's own hidden-order piles are sorted and
  shuffled; every card the seat cannot see (an owner's hidden hand, deck and face-down slots, less
  the cards every seat knows to be there: ``Known``) is gathered into one pool in card-list order;
  each face-down slot draws a card that ``fits`` it, the rest is shuffled and dealt back zone by zone
  in declaration order, each zone keeping its size. The result depends only on what the seat sees
  and the rng;
- ``Zones.held(state)``: every card the zones hold, and ``held_counts`` how many of each, for a check
  that every card is in one place;
- ``Zone.sees(state, owner, seat)``: the one test every view and observation uses, so a zone
  hidden from a seat cannot be shown or encoded for it (``view``; a direct encoder reads the cards
  of a hidden zone only through ``encode_cards``, ``encode_row``, ``encode_slot`` and ``seen``).

Cards each one of a kind, named by label (``unique``), a snapshot of one field per zone
(``columns``), each seat's value under its name (``named_seats``), ordered ``Row``s, a board's
``Spaces``, the table's ``Piles`` (one card list per realm or row), ``CardSet`` bit masks, zones
of other things than cards or of another card list (``Kinds``: familiars, Aspects, quadrants,
spells beside minions), zones a hand-written snapshot may give as null for the game to fill
(``nullable``), table fields written together as one object (``Group``) and ``Derived`` snapshot
parts (facts, or a board laid out by the game around fields it does not write on their own,
``written=False``; ``write=None``: a field only read, an older form) serve a game whose view and
re-deal are still its own; the derived re-deal deals no hidden ``Spaces``, ``Piles`` or ``Kinds``,
and a hidden ``Row`` only of a seat in a one-deck game (``Row(..., of=...)``: the cards of it every
seat saw it take). Such a game's own re-deal lists the places hidden from the seat and ``redeal`` deals
them, moving with each place what the seats had seen of it (``CardSet``s of examined cards).

Who sees a zone: ``EVERYONE``, its ``OWNER`` or ``NOBODY``. A pile's order is hidden from everyone;
its owner knows what is in it (every card it owns that is nowhere else), the others do not.
"""

from __future__ import annotations

from operator import add as _add, sub as _sub
from typing import Annotated, Any

import msgspec

from .cards import CARD_FILES_KEPT
from .errors import IllegalAction
from .snapshots import SnapshotFields
from .state import as_rng

EVERYONE, OWNER, NOBODY = "everyone", "owner", "nobody"
SEES = (EVERYONE, OWNER, NOBODY)
_MISSING = object()


class Zone:
    """One declared component. ``attr``: the state's field; ``key``: its snapshot name; ``view``:
    its key in the view (None: not shown); ``seat``: one per seat (a list) or one for the table;
    ``required``: a ``columns`` snapshot must give it (by default it may be left out);
    ``nullable``: a ``columns`` snapshot may give null for the whole field (the default), which
    leaves it None for the game to fill (a deck of the cards a position leaves out);
    ``kinds``: what it holds when not the game's cards (``Kinds``: familiars, Aspects, another
    card list); ``written=False``: a snapshot does not write it as a field of its own (a game's
    ``Derived`` part lays it out, or writes it in another form, and the game reads it back; an
    index kept beside other zones): ``clone`` copies it, snapshots and their schema leave it out."""

    kind = "zone"
    written = True   # a snapshot writes it as a field of its own

    def __init__(self, attr: str, *, key: str | None = None, view: Any = _MISSING, seat: bool = True,
                 see: str = EVERYONE, required: bool = False, nullable: bool = False, kinds: "Kinds | None" = None,
                 written: bool = True):
        if see not in SEES:
            raise ValueError(f"zone {attr!r}: see is one of {', '.join(SEES)}, not {see!r}")
        self.attr = attr
        self.key = key or attr
        self.view = attr if view is _MISSING else view
        self.seat = seat
        self.see = see
        self.required = required
        self.nullable = nullable
        self.kinds = kinds
        self.written = written

    def sees(self, state, owner, seat) -> bool:
        """Whether ``seat`` (None: a spectator) may see what this zone holds."""
        see = self.see
        return see == EVERYONE or (see == OWNER and seat is not None and seat == owner)

    def seen(self, state, owner, seat, value, names):
        """``value`` (``owner``'s, None: the table's) as ``seat`` reads it in a view, ``names``
        the card names (called only when the seat may see it, ``sees``)."""
        return value

    def __repr__(self) -> str:
        return f"<{self.kind} {self.attr}>"


class Number(Zone):
    """A public number or flag (health, mana, a round, "the transformations are revealed"):
    ``type`` is its msgspec type (bounds included), ``default`` the value a hand-written snapshot
    may leave out and a new game starts with. ``copy``: a list the rules change in place (the
    die faces rolled), which ``clone`` copies; a list only ever replaced whole is shared."""

    kind = "number"

    def __init__(self, attr, type=int, default=0, *, copy: bool = False, **kw):
        super().__init__(attr, **kw)
        self.type = type
        self.default = default
        self.copy = copy

    def seen(self, state, owner, seat, value, names):
        return list(value) if self.copy else value


class Cards(Zone):
    """Cards whose order does not matter (a hand, a discard pile): a count per card kind.
    ``size``: a field kept beside it with the count of cards, public (a view shows it under that
    name). ``shown``: how a seat that sees it reads it in a view, a list of names or
    ``"counts"`` ({name: count}). ``most``: the most cards of one kind it can hold (Go Fish: a hand
    lays four of a rank down at once), which a one-deck re-deal respects."""

    kind = "cards"

    def __init__(self, attr, see=OWNER, *, size: str | None = None, shown: str = "list", most: int | None = None,
                 **kw):
        super().__init__(attr, see=see, **kw)
        self.size = size
        self.shown = shown
        self.most = most

    def seen(self, state, owner, seat, value, names):
        if self.shown == "counts":
            return counts_of(names, value)
        return names_of(names, value)


class Pile(Zone):
    """An ordered stack of cards (a deck): a list of card kinds, the top card last. Its order is
    hidden from everyone; ``see`` says who knows what is in it (its owner, by elimination). A
    snapshot writes it top card first (``top_first=False``: as held, the top card last); ``top_key``
    is the field a hand-written snapshot may give instead, the top cards, the rest of the owner's
    cards following in card-list order."""

    kind = "pile"

    def __init__(self, attr, see=OWNER, *, size_view: str | None = None, top_key: str | None = None,
                 top_first: bool = True, **kw):
        kw.setdefault("view", None)
        super().__init__(attr, see=see, **kw)
        self.size_view = size_view
        self.top_key = top_key
        self.top_first = top_first

    def seen(self, state, owner, seat, value, names):
        return [names[k] for k in reversed(value)]


class Row(Zone):
    """Cards in an order every seat that sees them sees (a hand kept in the order drawn, cards in
    play, a discard pile in order): a list of card kinds, written and shown in that order.
    ``refers``: it names cards that lie in other zones (a mode's targets), so it holds none of
    them (``Zones(unique=True)``). ``of``: per seat, the cards of that seat's hidden ``Row`` ``of``
    every seat knows are there (the cards all saw it take), so it refers; a one-deck re-deal keeps
    them in that row, first."""

    kind = "row"

    def __init__(self, attr, see=EVERYONE, *, refers: bool = False, of: str | None = None, **kw):
        super().__init__(attr, see=see, **kw)
        self.refers = refers or of is not None
        self.of = of

    def seen(self, state, owner, seat, value, names):
        return [names[k] for k in value]


class Slot(Zone):
    """One place for one card (a face-down transformation, an ability in play): a card kind, or
    one of ``marks`` ({value: its name in snapshots and views}, e.g. -1: None, "not placed yet").
    ``public``: the name of a table ``Number`` that, when true, shows it to everyone (the reveal).
    ``hidden``: what a seat that may not see the card reads. ``holds(cards)``: the card kinds it
    may hold (``holds_word`` names them in errors); ``fits(state, owner)``: the card kinds, in
    card-list order, a re-deal may put in it face down (what its owner could have placed; by default any)."""

    kind = "slot"

    def __init__(self, attr, see=EVERYONE, *, marks=None, empty: int = -1, public: str | None = None,
                 hidden: str = "face down", holds=None, holds_word: str = "a card that fits there",
                 fits=None, **kw):
        super().__init__(attr, see=see, **kw)
        self.marks = dict(marks if marks is not None else {-1: None})
        self.by_mark = {name: value for value, name in self.marks.items()}
        self.empty = empty
        self.public = public
        self.hidden = hidden
        self.holds = holds
        self.holds_word = holds_word
        self.fits = fits

    def sees(self, state, owner, seat) -> bool:
        if self.public is not None and getattr(state, self.public):
            return True
        return super().sees(state, owner, seat)

    def seen(self, state, owner, seat, value, names):
        if value in self.marks:
            return self.marks[value]
        return names[value] if self.sees(state, owner, seat) else self.hidden


class Spaces(Zone):
    """A fixed row of ``count`` places of the table, each holding one card or one of ``marks`` (as
    for ``Slot``; -1: None, empty): a board's spaces. A snapshot lists exactly ``count``.
    ``ordered=False``: which card lies in which place is no rule's business (Life Siphon's River: a
    card is taken from it by name), so an observation may show the row as the cards it holds."""

    kind = "spaces"

    def __init__(self, attr, count: int, see=EVERYONE, *, marks=None, empty: int = -1, ordered: bool = True, **kw):
        kw.setdefault("seat", False)
        super().__init__(attr, see=see, **kw)
        self.ordered = ordered
        self.count = count
        self.marks = dict(marks if marks is not None else {-1: None})
        self.by_mark = {name: value for value, name in self.marks.items()}
        self.empty = empty

    def seen(self, state, owner, seat, value, names):
        return [self.marks[k] if k in self.marks else names[k] for k in value]


class Piles(Zone):
    """Several ordered piles of the table (one per realm, a board's rows): a list of card lists,
    each written and shown bottom first, as held. ``clone`` copies each pile."""

    kind = "piles"

    def __init__(self, attr, see=EVERYONE, **kw):
        kw.setdefault("seat", False)
        super().__init__(attr, see=see, **kw)

    def seen(self, state, owner, seat, value, names):
        return [[names[k] for k in pile] for pile in value]


class CardSet(Zone):
    """A set of cards as a bit mask, card kind k at bit k (the cards a seat has examined, the cards
    whose once-a-turn effect was used this turn): written and shown as names in card-list order.
    It names cards that lie in other zones and holds none."""

    kind = "card set"

    def seen(self, state, owner, seat, value, names):
        return [names[k] for k in bits(value)]


class Derived(Zone):
    """A fact derived from the rest of the state (what the stack holds, whether the game is over)
    that a snapshot writes for its readers: ``write(state)``, of msgspec ``type`` (``default`` when
    a snapshot leaves it out). It is no field of the state: the game reads it back, if it needs
    to, from the checked snapshot in its ``_restore``. Its key may be the one of a field the
    snapshot does not write (``written=False``): that field in another form. ``write`` None: a
    field a snapshot may give (a hand-written or older form) but none writes."""

    kind = "derived"

    def __init__(self, key, type, default, write, **kw):
        kw.setdefault("seat", False)
        kw.setdefault("view", None)
        super().__init__(key, **kw)
        self.type = type
        self.default = default
        self.write = write


class Group(Derived):
    """Zones of the table a ``columns`` snapshot writes together as one object under ``key``, each
    member under its own key in order (``"turn_state": {"summons": 0, "life_gained": 0}``), checked
    as one nested object; ``null_when_empty``: written null when every member holds its default
    (no attack in progress), and null (or left out) reads as every default. Its members are
    fields of the state as any zone (cloned, listed in ``Zones.zones`` after it)."""

    kind = "group"

    def __init__(self, key, *members: Zone, null_when_empty: bool = False):
        super().__init__(key, None, None, None)
        self.members = members
        self.null_when_empty = null_when_empty
        for m in members:
            if m.seat or isinstance(m, Derived):
                raise ValueError(f"group {key!r}: {m.attr!r} is a seat's zone or a Derived (a group holds the table's fields)")
            m.written = False   # (written inside the group)


class Known(Zone):
    """What every seat has learned of a hidden ``Cards`` zone ``of`` (a card revealed from a hand,
    an ask that shows a card is held): per seat, the count of each card kind known to be there,
    or, with ``card(state)`` naming the one kind that can be learned, that kind's count. Public;
    a view shows the known cards by name; a re-deal keeps them where they are."""

    kind = "known"

    def __init__(self, attr, of: str, *, card=None, **kw):
        super().__init__(attr, **kw)
        self.of = of
        self.card = card

    def seen(self, state, owner, seat, value, names):
        if self.card is not None:
            k = self.card(state)
            return [names[k]] * value if k >= 0 else []
        return names_of(names, value)


class Kinds:
    """What a zone holds when it is not the game's cards (its familiars, its Aspects, the places of
    its table): ``names(state)``, the names in order (kind k is ``names[k]``); ``find(state, name,
    where)``, the kind a snapshot's name stands for, refusing a name that is none with an
    ``IllegalAction`` that starts with ``where``. A snapshot writes and reads the zone by these names."""

    def __init__(self, names, find):
        self.names = names
        self.find = find


Whole = Annotated[int, msgspec.Meta(ge=0, le=999)]
_SEEN = (Cards, Pile, Row, Spaces, Piles)   # zones a view shows only to a seat that sees them
# the kinds whose view of a zone everyone sees is the same for every seat (a game's own kind may differ)
_CORE_KINDS = (Number, Cards, Pile, Row, Slot, Spaces, Piles, CardSet, Known)


class Zones:
    """A game's declared state (see the module docstring). ``cards(state)``: the card list in
    play (``names``, and ``copies``: each kind's count in one seat's cards, for ``Pile.top_key``
    and for what an owner knows of its pile). ``shared``: fields copied by reference by ``clone``
    and set by ``State.attach`` (fixed facts such as the rule set). ``owned``: how errors name a
    seat's whole set of cards ("a deck"). ``one_deck``: every card comes from one deck for the
    whole table (cards pass between seats), so a re-deal pools what a seat cannot see across all
    the other seats and the table's piles; by default each seat's cards are its own.
    ``unique``: every card kind is one card, named in snapshots by its own label (``labels`` of
    the card list: two copies of a card, "Brave" and "Brave #2"), which a snapshot may place once;
    ``label_hint`` says in errors what a label is. ``columns``: a snapshot writes every zone in
    declaration order as one field, a seat's zone listing each seat's value (``"hands": [[...],
    [...]]``, empty: each seat's default), instead of one object per seat under ``seats_key``;
    with ``named_seats`` as an object from each seat's name to its value (``"hands": {"North":
    [...]}``), a seat left out taking its default and a name that is no seat's refused.
    ``redeal_keeps(state, copy, seat)``: what a one-deck re-deal keeps true when it can, beyond the
    zones (what the seat has inferred from play: Life Siphon's seat asked in a response window
    holds a Fast Cast card it can cast); a deal that breaks it, or a ``Cards`` zone's ``most``, is
    dealt again from the gathered cards, at most ``redeal_tries`` times, the last one kept."""

    def __init__(self, *zones: Zone, cards, shared: tuple[str, ...] = (), owned: str = "a deck",
                 seats_key: str = "seats", one_deck: bool = False, unique: bool = False, label_hint: str = "",
                 columns: bool = False, named_seats: bool = False, redeal_keeps=None, redeal_tries: int = 100):
        zones = tuple(m for z in zones for m in (z, *getattr(z, "members", ())))   # a Group, then its members
        self.zones = list(zones)
        self.named_seats = named_seats
        self.one_deck = one_deck
        self.redeal_keeps = redeal_keeps
        self.redeal_tries = redeal_tries
        self.unique = unique
        self.label_hint = label_hint
        self.columns = columns
        self.cards = cards
        self.shared = tuple(shared)
        self.owned = owned
        self.seats_key = seats_key
        fields = [z for z in zones if not isinstance(z, Derived)]   # (a Derived is no field of the state)
        self.by_attr = {z.attr: z for z in fields}
        if len(self.by_attr) != len(fields):
            raise ValueError("two zones share a field name")
        keys = [z.key for z in zones if z.written]
        if len(set(keys)) != len(keys):
            raise ValueError("two zones share a snapshot key")
        for z in zones:
            if isinstance(z, Known) and not isinstance(self.by_attr.get(z.of), Cards):
                raise ValueError(f"zone {z.attr!r} knows of {z.of!r}, which is no Cards zone")
            if isinstance(z, Piles) and z.seat:
                raise ValueError(f"zone {z.attr!r}: Piles are the table's (seat=False)")
            if isinstance(z, Slot) and z.public is not None and not isinstance(self.by_attr.get(z.public), Number):
                raise ValueError(f"slot {z.attr!r} is made public by {z.public!r}, which is no Number")
        self.seat_zones = [z for z in zones if z.seat]
        self.table_zones = [z for z in zones if not z.seat]
        # what a view shows of each seat zone: (zone, field, its size field, its size's view key,
        # its view key, whether a seat may be kept from seeing it, whether it is shown as it is)
        self._player_plan = []
        for z in self.seat_zones:
            size = z.size if isinstance(z, Cards) else None
            size_view = z.size_view if isinstance(z, Pile) else None
            if z.view is not None or size or size_view:    # (else it shows nothing)
                plain = type(z) is Number and not z.copy     # shown as it is
                self._player_plan.append((z, z.attr, size, size_view, z.view, isinstance(z, _SEEN), plain))
        self._player = player_of(self._player_plan)
        self._own = player_of(self._player_plan, own=True)
        for g in zones:
            if isinstance(g, Group):
                self._make_group(g)
        sizes = tuple(z.size for z in zones if isinstance(z, Cards) and z.size)
        self.attributes = tuple(z.attr for z in zones if not isinstance(z, Derived)) + sizes + self.shared
        self.known_of = {z.of: z for z in zones if isinstance(z, Known)}
        self.known_rows = {z.of: z for z in zones if isinstance(z, Row) and z.of is not None}
        # what a re-deal goes through: each seat's cards and piles in declaration order, its slots
        # what a re-deal does with one owner's zones, for the seat itself (True) and for another:
        # piles whose cards it knows, shuffled; cards it cannot see, pooled; slots that may be face down
        self._plans = {}
        for own in (True, False):
            seen = (EVERYONE, OWNER) if own else (EVERYONE,)
            shuffled = [z.attr for z in self.seat_zones if isinstance(z, Pile) and z.see in seen]
            hidden = [z for z in self.seat_zones if (isinstance(z, (Cards, Pile)) or isinstance(z, Row) and not z.refers)
                      and z.see not in seen]
            dealt = [(z.attr, not isinstance(z, Cards), getattr(z, "size", None)) for z in hidden]
            knowns = [(i, self.known_of[z.attr]) for i, z in enumerate(hidden) if z.attr in self.known_of]
            slots = [(z.attr, z.public, z.fits) for z in self.seat_zones if isinstance(z, Slot) and z.see not in seen]
            self._plans[own] = (shuffled, dealt, knowns, slots)
        self._most = {z.attr: z.most for z in self.zones if isinstance(z, Cards) and z.most is not None}
        self._table_plan = ([z.attr for z in self.table_zones if isinstance(z, Pile) and z.see == EVERYONE],
                            [(z.attr, isinstance(z, Pile)) for z in self.table_zones
                             if isinstance(z, (Cards, Pile)) and z.see != EVERYONE])
        self._names = {}

    def _make_group(self, g) -> None:
        """A group's snapshot type (a nested Struct of its members' fields), default and writer."""
        fields = [field for m in g.members for field in self._fields(m)]
        g.type = msgspec.defstruct(f"{g.key.title().replace('_', '')}Fields", fields,
                                   forbid_unknown_fields=True, kw_only=True)
        if g.null_when_empty:
            g.type, g.default = g.type | None, None
        else:
            g.default = msgspec.field(default_factory=g.type)

        def write(state):
            names = self.cards(state).names
            value = {m.key: self._written(state, m, getattr(state, m.attr), names) for m in g.members}
            if g.null_when_empty and all(value[m.key] == self._default(m) for m in g.members):
                return None
            return value
        g.write = write

    def _read_group(self, state, g, value, cards) -> None:
        for m in g.members:
            given = self._default(m) if value is None else getattr(value, m.key)
            setattr(state, m.attr, self._read(state, m, given, f"snapshot field '{g.key}.{m.key}'", cards))

    # --- card names -------------------------------------------------------------------------------
    def _index(self, cards) -> dict:
        names = cards.labels if self.unique else cards.names
        got = self._names.get(id(names))
        if got is None or got[0] is not names:
            if len(self._names) >= CARD_FILES_KEPT:   # (one a card list: bounded as games' caches of card files are)
                self._names.clear()
            got = self._names[id(names)] = (names, {name.lower(): k for k, name in enumerate(names)})
        return got[1]

    def kind_of(self, state, name, where: str) -> int:
        cards = self.cards(state)
        k = self._index(cards).get(str(name).lower()) if isinstance(name, str) else None
        if k is None:
            if self.unique:
                raise IllegalAction(f"{where}: {name!r} is not a {state.game.name} card label{self.label_hint}")
            raise IllegalAction(f"{where}: {name!r} is not a {state.game.name} card; cards are: {', '.join(cards.names)}")
        return k

    # --- a new game ---------------------------------------------------------------------------
    def empty(self, state) -> None:
        """Every zone empty (numbers at their default) for ``setup`` to deal into: code written once
        for the declared zones (``empty_of``), as fast as a hand-written reset."""
        self.empty = empty_of(self)   # (made on first use, then called directly)
        self.empty(state)

    # --- clone ----------------------------------------------------------------------------------
    def make_clone(self):
        """The state's ``clone``: code written once for the declared fields (``clone_of``)."""
        values, lists, seat_lists, table_lists = [], [], [], []
        for z in self.zones:
            if isinstance(z, Derived):
                continue
            if isinstance(z, Piles):
                table_lists.append(z.attr)
                continue
            deep = (isinstance(z, (Cards, Pile, Row, Spaces)) or (isinstance(z, Known) and z.card is None)
                    or (isinstance(z, Number) and z.copy))
            if not z.seat:
                (lists if deep else values).append(z.attr)
            else:
                (seat_lists if deep else lists).append(z.attr)
            if isinstance(z, Cards) and z.size:
                (lists if z.seat else values).append(z.size)
        return clone_of(shared=self.shared, values=values, lists=lists, seat_lists=seat_lists, table_lists=table_lists)

    # --- seeing ---------------------------------------------------------------------------------
    def view(self, state, seat) -> dict:
        """The zones as ``seat`` sees them: the table's, then ``players``, one dict per seat."""
        names = self.cards(state).names
        view = {"game": state.game.id, "seat": seat}
        for z in self.table_zones:
            if isinstance(z, Pile) and z.size_view:
                view[z.size_view] = len(getattr(state, z.attr))
            if z.view is not None and (not isinstance(z, _SEEN) or z.sees(state, None, seat)):
                view[z.view] = z.seen(state, None, seat, getattr(state, z.attr), names if z.kinds is None else z.kinds.names(state))
        view["to_move"] = state.to_move
        view["players"] = [self._player(state, p, seat, names) for p in range(state.players)]
        view["over"] = state.to_move is None
        view["winners"] = list(state.winners)
        return view

    def seat_view(self, state, seat, public: dict) -> dict:
        """What ``seat`` sees of the zones that a spectator (``public``, read only) does not: its
        own player's entry (a table zone, and another player's, look the same to every seat)."""
        players = list(public["players"])
        players[seat] = self._own(state, seat, players[seat], self.cards(state).names)
        return {"seat": seat, "players": players}

    # A direct encoder (one that writes an observation from the state, not from the view) reads the
    # cards of a zone some seat may not see only through these: each tests ``sees`` before it reads
    # a card. (A zone's size every seat sees.)
    def seen(self, state, attr, owner, seat):
        """Zone ``attr`` of ``owner`` (None: the table's) as the state holds it (read only), if
        ``seat`` may see it; None otherwise."""
        z = self.by_attr[attr]
        if not z.sees(state, owner, seat):
            return None
        return getattr(state, attr) if owner is None else getattr(state, attr)[owner]

    def encode_cards(self, state, attr, owner, seat, out, at, index, scale=1.0) -> None:
        """Write zone ``attr`` of ``owner`` (counts per kind) into ``out[at + index[kind]]``, times
        ``scale``, if ``seat`` may see it; nothing otherwise."""
        z = self.by_attr[attr]
        if not z.sees(state, owner, seat):
            return
        counts = getattr(state, attr)[owner]
        if isinstance(z, Known) and z.card is not None:
            k = z.card(state)
            if k >= 0:
                for _ in range(counts):   # one add a card, as an encoder of the view's names does
                    out[at + index[k]] += scale
            return
        for k in range(len(counts)):
            for _ in range(counts[k]):
                out[at + index[k]] += scale

    def encode_row(self, state, attr, owner, seat, out, at, index, scale=1.0) -> None:
        """Add ``scale`` into ``out[at + index[kind]]`` for each card of zone ``attr`` of ``owner``
        (None: the table's), a list of kinds (a ``Row``, a ``Pile``), if ``seat`` may see it;
        nothing otherwise. (``encode_cards`` writes a zone of counts.)"""
        z = self.by_attr[attr]
        if not z.sees(state, owner, seat):
            return
        for k in (getattr(state, attr) if owner is None else getattr(state, attr)[owner]):
            out[at + index[k]] += scale

    def encode_slot(self, state, attr, owner, seat, out, at, index, marks: dict, hidden: int) -> None:
        """A slot as a one-hot: ``out[at + index[card]]`` for a card ``seat`` may see,
        ``out[at + marks[mark]]`` for a mark, ``out[at + hidden]`` for a card it may not see."""
        z = self.by_attr[attr]
        value = getattr(state, attr)[owner]
        if value in z.marks:
            out[at + marks[value]] = 1.0
        elif z.sees(state, owner, seat):
            out[at + index[value]] = 1.0
        else:
            out[at + hidden] = 1.0

    # --- snapshots ------------------------------------------------------------------------------
    def snapshot(self, state) -> dict:
        cards = self.cards(state)
        names = cards.labels if self.unique else cards.names
        if self.columns:
            data = {}
            seat_names = state.seat_names if self.named_seats else None
            for z in self.zones:
                if not z.written or (isinstance(z, Derived) and z.write is None):
                    continue
                value = z.write(state) if isinstance(z, Derived) else getattr(state, z.attr)
                if not z.seat:
                    data[z.key] = self._written(state, z, value, names)
                elif seat_names is not None:
                    data[z.key] = {seat_names[p]: self._written(state, z, v, names) for p, v in enumerate(value)}
                else:
                    data[z.key] = [self._written(state, z, v, names) for v in value]
            data["winners"] = list(state.winners)
            return data
        data = {}
        for z in self.table_zones:
            if z.written:
                data[z.key] = self._written(state, z, getattr(state, z.attr), names)
        data["winners"] = list(state.winners)
        seats = []
        for p in range(state.players):
            seats.append({z.key: self._written(state, z, getattr(state, z.attr)[p], names) for z in self.seat_zones if z.written})
        data[self.seats_key] = seats
        return data

    def _written(self, state, z, value, names):
        if z.kinds is not None:
            names = z.kinds.names(state)
        if value is None and z.nullable:
            return None
        if isinstance(z, Number):
            return list(value) if z.copy else value
        if isinstance(z, Derived):
            return value
        if isinstance(z, Pile):
            return [names[k] for k in (reversed(value) if z.top_first else value)]
        if isinstance(z, Row):
            return [names[k] for k in value]
        if isinstance(z, Slot):
            return z.marks[value] if value in z.marks else names[value]
        if isinstance(z, Spaces):
            return [z.marks[k] if k in z.marks else names[k] for k in value]
        if isinstance(z, CardSet):
            return [names[k] for k in bits(value)]
        if isinstance(z, Piles):
            return [[names[k] for k in pile] for pile in value]
        if isinstance(z, Known) and z.card is not None:
            return value
        return names_of(names, value)

    def schema(self, name: str) -> type:
        """The msgspec Struct a snapshot of these zones is checked against."""
        if self.columns:
            top = []
            for z in self.zones:
                if not z.written:
                    continue
                for key, kind, default in self._fields(z):
                    if z.seat and self.named_seats:
                        kind, default = dict[str, kind], msgspec.field(default_factory=dict)
                    elif z.seat:
                        kind, default = list[kind], msgspec.field(default_factory=list)
                    if z.nullable:
                        kind, default = kind | None, None
                    top.append((key, kind) if z.required else (key, kind, default))
            top.append(("winners", list[Annotated[int, msgspec.Meta(ge=0, le=7)]], msgspec.field(default_factory=list)))
            return msgspec.defstruct(f"{name}Fields", top, bases=(SnapshotFields,), kw_only=True)
        seat_fields = []
        for z in self.seat_zones:
            seat_fields += self._fields(z) if z.written else []
        Seat = msgspec.defstruct(f"{name}Seat", seat_fields, forbid_unknown_fields=True, kw_only=True)
        top = []
        for z in self.table_zones:
            top += self._fields(z) if z.written else []
        top.append(("winners", list[Annotated[int, msgspec.Meta(ge=0, le=7)]], msgspec.field(default_factory=list)))
        top.append((self.seats_key, Annotated[list[Seat], msgspec.Meta(min_length=1, max_length=8)]))
        return msgspec.defstruct(f"{name}Fields", top, bases=(SnapshotFields,), kw_only=True)

    def _fields(self, z) -> list:
        empty = msgspec.field(default_factory=list)
        if isinstance(z, (Number, Derived)):
            default = msgspec.field(default_factory=lambda: list(z.default)) if isinstance(z.default, list) else z.default
            return [(z.key, z.type, default)]
        if isinstance(z, (Cards, Row, CardSet)) or (isinstance(z, Pile) and self.columns):
            return [(z.key, list[str], empty)]
        if isinstance(z, Spaces):
            return [(z.key, list[str | None], empty)]
        if isinstance(z, Piles):
            return [(z.key, list[list[str]], empty)]
        if isinstance(z, Pile):
            fields = [(z.key, list[str] | None, None)]
            if z.top_key:
                fields.append((z.top_key, list[str], empty))
            return fields
        if isinstance(z, Slot):
            return [(z.key, str | None, z.marks.get(z.empty))]
        if z.card is not None:
            return [(z.key, Whole, 0)]
        return [(z.key, list[str], empty)]

    def restore(self, state, data) -> None:
        """Set every zone from the checked snapshot Struct (cards by name, each checked)."""
        cards = self.cards(state)
        n = len(cards.names)
        if self.columns:
            self._restore_columns(state, data, cards)
            return
        for z in self.table_zones:
            if z.written:
                setattr(state, z.attr, self._read(state, z, getattr(data, z.key), "snapshot", cards))
        seats = getattr(data, self.seats_key)
        if len(seats) != state.players:
            raise IllegalAction(f"snapshot field {self.seats_key!r} must list {state.players} seats, not {len(seats)}")
        written = [z for z in self.seat_zones if z.written]
        for z in written:
            setattr(state, z.attr, [])
            if isinstance(z, Cards) and z.size:
                setattr(state, z.size, [])
        for p, seat in enumerate(seats):
            where = f"snapshot seat {p}"
            piles = []
            for z in written:
                if isinstance(z, Pile):
                    piles.append(z)
                    getattr(state, z.attr).append(None)
                    continue
                value = self._read(state, z, getattr(seat, z.key), f"{where} {z.key}", cards)
                getattr(state, z.attr).append(value)
                if isinstance(z, Cards) and z.size:
                    getattr(state, z.size).append(sum(value))
            for z in piles:   # last: a pile given by its top cards holds the rest of the seat's cards
                getattr(state, z.attr)[p] = self._pile(state, z, p, seat, where, cards, n)
        state.winners = list(data.winners)
        for w in state.winners:
            if w >= state.players:
                raise IllegalAction(f"snapshot field 'winners': there is no seat {w} at a table of {state.players}")

    def _restore_columns(self, state, data, cards) -> None:
        players = state.players
        placed = set() if self.unique else None
        for z in self.zones:
            if isinstance(z, Group):
                self._read_group(state, z, getattr(data, z.key), cards)
            if isinstance(z, Derived) or not z.written:
                continue
            value, where = getattr(data, z.key), f"snapshot field {z.key!r}"
            if not z.seat:
                setattr(state, z.attr, self._read(state, z, value, where, cards, placed))
                continue
            if value is None:   # (a nullable zone: the game fills it)
                setattr(state, z.attr, None)
                continue
            if self.named_seats:
                setattr(state, z.attr, self._read_named(state, z, value, where, cards, placed))
                continue
            if value and len(value) != players:
                raise IllegalAction(f"{where} needs one entry per seat ({players}), not {len(value)}")
            setattr(state, z.attr, [self._read(state, z, value[p] if value else self._default(z), f"snapshot field '{z.key}[{p}]'",
                                               cards, placed) for p in range(players)])
        state.winners = list(data.winners)
        for w in state.winners:
            if w >= players:
                raise IllegalAction(f"snapshot field 'winners': there is no seat {w} at a table of {players}")

    def _read_named(self, state, z, value, where, cards, placed) -> list:
        """A seat zone written as {seat name: value}: each seat's, its default where left out."""
        seat_names = state.seat_names
        for name in value:
            if name not in seat_names:
                raise IllegalAction(f"{where}: no seat {name!r}; seats are: {', '.join(seat_names)}")
        return [self._read(state, z, value[name] if name in value else self._default(z),
                           f"snapshot field '{z.key}.{name}'", cards, placed) for name in seat_names]

    @staticmethod
    def _default(z):
        """What a snapshot's empty per-seat field gives each seat."""
        if isinstance(z, Number):
            return list(z.default) if z.copy else z.default
        return z.marks.get(z.empty) if isinstance(z, Slot) else []

    @staticmethod
    def _place(k, value, where, placed) -> int:
        if placed is not None:
            if k in placed:
                raise IllegalAction(f"{where}: {value!r} is placed twice (each card once, every copy by its own label)")
            placed.add(k)
        return k

    def _read(self, state, z, value, where, cards, placed=None):
        if isinstance(z, Number) or (value is None and z.nullable):
            return value
        if z.kinds is not None:
            return self._read_kinds(state, z, value, where)
        if isinstance(z, (Pile, Row)):
            refers = isinstance(z, Row) and z.refers
            got = [self._place(self.kind_of(state, name, where), name, where, None if refers else placed)
                   for name in value or ()]
            return got[::-1] if isinstance(z, Pile) and z.top_first else got
        if isinstance(z, Piles):
            return [[self._place(self.kind_of(state, name, where), name, where, placed) for name in pile]
                    for pile in value]
        if isinstance(z, CardSet):
            mask = 0
            for name in value:
                mask |= 1 << self.kind_of(state, name, where)
            return mask
        if isinstance(z, Spaces):
            if len(value) != z.count:
                raise IllegalAction(f"{where} lists {z.count} places, not {len(value)}")
            return [z.by_mark[x] if x in z.by_mark else self._place(self.kind_of(state, x, where), x, where, placed)
                    for x in value]
        if isinstance(z, Slot):
            if value in z.by_mark:
                return z.by_mark[value]
            k = self.kind_of(state, value, where)
            if z.holds is not None and k not in z.holds(cards):
                raise IllegalAction(f"{where}: {value!r} is not {z.holds_word}")
            return self._place(k, value, where, placed)
        if isinstance(z, Known) and z.card is not None:
            return value
        counts = [0] * len(cards.names)
        for name in value:
            counts[self.kind_of(state, name, where)] += 1
        return counts

    @staticmethod
    def _read_kinds(state, z, value, where):
        """A zone of ``Kinds`` (a slot, a card set, a row or counts of them) from its names."""
        find = z.kinds.find
        if isinstance(z, Slot):
            return z.by_mark[value] if value in z.by_mark else find(state, value, where)
        if isinstance(z, CardSet):
            mask = 0
            for name in value:
                mask |= 1 << find(state, name, where)
            return mask
        if isinstance(z, Row):
            return [find(state, name, where) for name in value]
        if isinstance(z, Cards):
            counts = [0] * len(z.kinds.names(state))
            for name in value:
                counts[find(state, name, where)] += 1
            return counts
        raise ValueError(f"zone {z.attr!r}: a {z.kind} of Kinds is not read (a Slot, CardSet, Row or Cards is)")

    def _pile(self, state, z, p, seat, where, cards, n):
        given = getattr(seat, z.key)
        if given is not None:
            return [self.kind_of(state, name, f"{where} {z.key}") for name in given][::-1]
        top = [self.kind_of(state, name, f"{where} {z.top_key}") for name in getattr(seat, z.top_key, [])]
        used = self.placed(state, p)
        for k in top:
            used[k] += 1
        rest = []
        for k in range(n):
            if used[k] > cards.copies[k]:
                raise IllegalAction(f"{where} {z.top_key}: {used[k]} {cards.names[k]} placed, but {self.owned} "
                                    f"has {cards.copies[k]}")
            rest.extend([k] * (cards.copies[k] - used[k]))
        return (top + rest)[::-1]

    def held(self, state) -> list[int]:
        """Every card the declared zones hold, zone by zone in declaration order (a seat's zone
        seat by seat): the cards of ``Row``s (but one that ``refers``), ``Pile``s, ``Slot``s,
        ``Spaces`` and ``Piles``, a ``Cards`` zone's kinds as often as it holds them; marks, card
        sets, known cards, numbers and zones of other ``Kinds`` hold none. For a game's checks
        (each card once) and to find the cards a hand-written position leaves out."""
        out = []
        for z in self.zones:
            if (z.kinds is not None or isinstance(z, (Number, Derived, CardSet, Known))
                    or (isinstance(z, Row) and z.refers)):
                continue
            for value in (getattr(state, z.attr) if z.seat else (getattr(state, z.attr),)):
                if value is None:
                    continue
                if isinstance(z, (Row, Pile)):
                    out += value
                elif isinstance(z, Slot):
                    if value not in z.marks:
                        out.append(value)
                elif isinstance(z, Spaces):
                    out += [k for k in value if k not in z.marks]
                elif isinstance(z, Piles):
                    for pile in value:
                        out += pile
                else:
                    out += [k for k in range(len(value)) for _ in range(value[k])]
        return out

    def placed(self, state, p) -> list[int]:
        """How many of each card kind seat ``p`` holds in its zones other than its piles."""
        counts = [0] * len(self.cards(state).names)
        for z in self.seat_zones:
            value = getattr(state, z.attr)[p]
            if isinstance(z, Cards):
                for k in range(len(value)):
                    counts[k] += value[k]
            elif isinstance(z, Slot) and value is not None and value >= 0:
                counts[value] += 1
        return counts

    def held_counts(self, state) -> list[int]:
        """How many cards of each kind the declared zones hold (``held`` counted), for a check that
        every card is in one place (a game's ``check_invariants``, a snapshot's "every card placed
        once"); a field left None (a snapshot's deck the game fills in) holds none."""
        counts = [0] * len(self.cards(state).names)
        for k in self.held(state):
            counts[k] += 1
        return counts

    # --- the re-deal -----------------------------------------------------------------------------
    def make_determinize(self):
        """The state's ``determinize``: for seats that own their cards, code written once from the
        plans (as ``clone`` is), each owner's zones in straight lines; for ``one_deck``, the same
        when every hidden zone lists its cards (``_make_listed_determinize``), else the
        table-driven ``Zones.determinize``."""
        undealt = [z.attr for z in self.zones if (isinstance(z, (Spaces, Piles)) or z.kinds is not None
                                                  or isinstance(z, Row) and not (self.one_deck and z.seat))
                   and z.see != EVERYONE]
        if undealt:
            raise ValueError(f"zones {', '.join(undealt)}: the derived re-deal deals no hidden Spaces, Piles or "
                             f"Kinds, and a hidden Row only of a seat in a one-deck game; the state class writes "
                             f"its own determinize")
        zones = self

        def determinize_one_deck(state, seat, rng):
            """A copy in which every card ``seat`` cannot see is re-drawn at random, consistent with
            what it has seen (derived from the declared zones)."""
            return zones.determinize(state, seat, rng)
        determinize_one_deck.zones = self   # (the conformance suite checks a derived re-deal against its zones)
        if self.one_deck:
            listed = self._make_listed_determinize()
            return determinize_one_deck if listed is None else listed
        scope = {"_as_rng": as_rng, "_cards": self.cards, "_add": _add, "_sub": _sub}
        lines = ["def determinize(state, seat, rng):",
                 "    rng = _as_rng(rng)",
                 "    copy = state.determinized_copy(seat)",
                 "    n = len(_cards(state).names)",
                 "    players = state.players",
                 "    for owner in ((seat, 1 - seat) if players == 2 else (*range(seat, players), *range(seat))):"]
        for own in (True, False):
            lines.append(f"        {'if' if own else 'else'}{' owner == seat' if own else ''}:")
            body = self._determinize_lines(own, scope)
            lines += ["            " + line for line in body] or ["            pass"]
        lines += ["    copy.rng = rng.spawn()", "    return copy"]
        exec("\n".join(lines), scope)
        determinize = scope["determinize"]
        determinize.__doc__ = determinize_one_deck.__doc__
        determinize.zones = self
        return determinize

    def _make_listed_determinize(self):
        """For ``one_deck`` when every hidden zone lists its cards (a ``Pile``, a ``Row``; no
        ``Cards``, ``Known`` or face-down slot: Life Siphon), ``Zones.determinize`` written out
        once in straight lines (as ``clone`` is): the same copy, at a hand-written re-deal's speed.
        None otherwise."""
        plans = self._plans
        table_shuffled, table_hidden = self._table_plan
        counted = [attr for own in (True, False) for attr, pile, _ in plans[own][1] if not pile]
        counted += [attr for attr, pile in table_hidden if not pile]
        if counted or any(plans[own][2] or plans[own][3] for own in (True, False)):   # (Cards, Known, slots)
            return None
        scope = {"_as_rng": as_rng, "_keeps": self.redeal_keeps}
        gather, deal = {}, {}
        for own in (True, False):
            shuffled, dealt = plans[own][0], plans[own][1]
            gather[own] = [line for attr in shuffled for line in (
                f"mine = sorted(state.{attr}[owner])", "rng.shuffle(mine)", f"copy.{attr}[owner] = mine")]
            deal[own] = []
            for attr, _, _ in dealt:
                shown = self.known_rows.get(attr)
                if shown is None:
                    gather[own].append(f"unseen += state.{attr}[owner]")
                    deal[own] += [f"take = len(state.{attr}[owner])", f"copy.{attr}[owner] = deal[at:at + take]",
                                  "at += take"]
                    continue
                gather[own] += [f"held = state.{attr}[owner]", f"known = state.{shown.attr}[owner]", "if known:",
                                "    held = list(held)", "    for k in known:", "        held.remove(k)",
                                "unseen += held"]
                deal[own] += [f"known = state.{shown.attr}[owner]",
                              f"take = len(state.{attr}[owner]) - len(known)",
                              f"copy.{attr}[owner] = known + deal[at:at + take] if known else deal[at:at + take]",
                              "at += take"]

        def by_owner(parts):
            out = ["for owner in range(players):"]
            for own in (True, False):
                out.append(f"    {'if owner == seat' if own else 'else'}:")
                out += ["        " + line for line in parts[own]] or ["        pass"]
            return out

        lines = ["rng = _as_rng(rng)", "copy = state.determinized_copy(seat)", "players = state.players", "unseen = []",
                 *by_owner(gather)]
        for attr in table_shuffled:
            lines += [f"mine = sorted(state.{attr})", "rng.shuffle(mine)", f"copy.{attr} = mine"]
        lines += [f"unseen += state.{attr}" for attr, _ in table_hidden]
        lines.append("unseen.sort()   # (card-list order: the copy depends only on what the seat sees and the rng)")
        dealing = ["deal = unseen.copy()", "rng.shuffle(deal)", "at = 0", *by_owner(deal)]
        for attr, _ in table_hidden:
            dealing += [f"take = len(state.{attr})", f"copy.{attr} = deal[at:at + take]", "at += take"]
        if self.redeal_keeps is None:
            lines += dealing
        else:   # a deal that breaks what the seat inferred: dealt again, the last one kept
            lines += [f"for _ in range({self.redeal_tries}):", *["    " + line for line in dealing],
                      "    if _keeps(state, copy, seat):", "        break"]
        lines += ["copy.rng = rng.spawn()", "return copy"]
        exec("\n".join(["def determinize(state, seat, rng):", *["    " + line for line in lines]]), scope)
        determinize = scope["determinize"]
        determinize.__doc__ = ("A copy in which every card ``seat`` cannot see is re-drawn at random, consistent "
                               "with what it has seen (derived from the declared zones).")
        determinize.zones = self
        return determinize

    def _determinize_lines(self, own: bool, scope: dict) -> list[str]:
        """One owner's part of the generated ``determinize`` (``own``: the seat's own zones)."""
        shuffled, dealt, knowns, slots = self._plans[own]
        out = []
        for attr in shuffled:   # cards the seat knows, not their order
            out += [f"mine = sorted(state.{attr}[owner])", "rng.shuffle(mine)", f"copy.{attr}[owner] = mine"]
        if not dealt and not slots:
            return out
        first = True
        for attr, pile, size in dealt:
            if pile:
                out += ["pool = [0] * n"] if first else []
                out += [f"for k in state.{attr}[owner]:", "    pool[k] += 1"]
            else:
                out.append(f"pool = state.{attr}[owner].copy()" if first else
                           f"pool = list(map(_add, pool, state.{attr}[owner]))")
            first = False
        if first:
            out.append("pool = [0] * n")
        kept = {}
        for i, known in knowns:   # what every seat knows stays where it is
            name = kept[i] = f"kept{i}"
            if known.card is not None:
                scope[f"_card{i}"] = known.card
                out += [f"{name} = [0] * n", f"k = _card{i}(state)", "if k >= 0:",
                        f"    {name}[k] = min(state.{known.attr}[owner], pool[k])", f"    pool[k] -= {name}[k]"]
            else:
                out += [f"{name} = list(map(min, state.{known.attr}[owner], pool))",
                        f"pool = list(map(_sub, pool, {name}))"]
        for j, (attr, public, fits) in enumerate(slots):   # a face-down card: what its owner could have placed
            test = f"k >= 0 and not state.{public}" if public is not None else "k >= 0"
            scope[f"_fits{j}"] = fits
            kinds = f"_fits{j}(state, owner)" if fits is not None else "range(n)"
            out += [f"k = state.{attr}[owner]", f"if {test}:", "    pool[k] += 1",
                    f"    choices = [k for k in {kinds} for _ in range(pool[k])]",
                    "    k = choices[rng.below(len(choices))]", "    pool[k] -= 1", f"    copy.{attr}[owner] = k"]
        out += ["unseen = [k for k in range(n) for _ in range(pool[k])]", "rng.shuffle(unseen)", "at = 0"]
        for i, (attr, pile, size) in enumerate(dealt):
            if pile:
                out += [f"size = len(state.{attr}[owner])", f"copy.{attr}[owner] = unseen[at:at + size]"]
            else:
                count = f"state.{size}[owner]" if size else f"sum(state.{attr}[owner])"
                if i in kept:
                    out += [f"hand = {kept[i]}", f"size = {count} - sum(hand)"]
                else:
                    out += ["hand = [0] * n", f"size = {count}"]
                out += ["for k in unseen[at:at + size]:", "    hand[k] += 1", f"copy.{attr}[owner] = hand"]
            out.append("at += size")
        return out

    def determinize(self, state, seat, rng):
        """A copy in which every card ``seat`` cannot see is re-drawn (see the module docstring)."""
        if not self.one_deck:
            return type(state).determinize(state, seat, rng)
        rng = as_rng(rng)
        copy = state.determinized_copy(seat)
        n = len(self.cards(state).names)
        unseen = []   # every card the seat cannot see
        dealt, kept, down, first = [], {}, [], {}
        for owner in range(state.players):
            shuffled, hidden, knowns, slots = self._plans[owner == seat]
            for attr in shuffled:
                mine = sorted(getattr(state, attr)[owner])
                rng.shuffle(mine)
                getattr(copy, attr)[owner] = mine
            for attr, pile, size in hidden:
                held = getattr(state, attr)[owner]
                shown = self.known_rows.get(attr)
                if shown is not None:   # the cards every seat saw it take stay there, first
                    mine = first[(owner, attr)] = list(getattr(state, shown.attr)[owner])
                    if mine:
                        held = list(held)
                        for k in mine:
                            held.remove(k)
                unseen += held if pile else [j for j in range(n) for _ in range(held[j])]
                dealt.append((owner, attr, pile, size))
            for i, known in knowns:
                kept[(owner, hidden[i][0])] = known
            for attr, public, fits in slots:
                k = getattr(state, attr)[owner]
                if k >= 0 and (public is None or not getattr(state, public)):
                    down.append((owner, attr, fits, k))
        shuffled, hidden = self._table_plan
        for attr in shuffled:
            mine = sorted(getattr(state, attr))
            rng.shuffle(mine)
            setattr(copy, attr, mine)
        for attr, pile in hidden:
            held = getattr(state, attr)
            unseen += held if pile else [j for j in range(n) for _ in range(held[j])]
            dealt.append((None, attr, pile, None))
        unseen.sort()   # (card-list order: the copy depends only on what the seat sees and the rng)
        if kept or down:
            unseen = self._set_aside(state, copy, rng, unseen, kept, down, n)
        keeps = self.redeal_keeps
        for _ in range(self.redeal_tries):   # a deal that breaks ``most`` or ``redeal_keeps``: dealt again
            deal = unseen.copy()
            rng.shuffle(deal)
            values, fits = _deal(self, state, dealt, kept, first, deal, n)
            for (owner, attr, pile, size), value in zip(dealt, values):
                if owner is None:
                    setattr(copy, attr, value)
                else:
                    getattr(copy, attr)[owner] = value
            if fits and (keeps is None or keeps(state, copy, seat)):
                break
        copy.rng = rng.spawn()
        return copy

    @staticmethod
    def _set_aside(state, copy, rng, unseen, kept, down, n) -> list[int]:
        """Of ``unseen`` (sorted), the cards every seat knows to be in a hidden zone (``Known``)
        set aside in ``kept``, and a card that fits dealt to each face-down slot of ``down`` (in
        ``copy``): the rest, sorted."""
        pool = [0] * n
        for k in unseen:
            pool[k] += 1
        for key, known in kept.items():   # what every seat knows stays where it is
            counts = getattr(state, known.attr)[key[0]]
            if known.card is not None:
                k, counts = known.card(state), [0] * n
                if k >= 0:
                    counts[k] = getattr(state, known.attr)[key[0]]
            have = list(map(min, counts, pool))
            pool = list(map(_sub, pool, have))
            kept[key] = have
        for owner, attr, fits, k in down:
            pool[k] += 1
            kinds = fits(state, owner) if fits is not None else range(n)
            choices = [k for k in kinds for _ in range(pool[k])]
            k = choices[rng.below(len(choices))]
            pool[k] -= 1
            getattr(copy, attr)[owner] = k
        return [k for k in range(n) for _ in range(pool[k])]

    def broken_promises(self, state, copy, seat) -> list[str]:
        """What ``copy`` (``state.determinize(seat, ...)``) changed that the declaration says ``seat``
        knows: a zone it sees, a size, a number, the cards of a pile it knows (in any order), a
        known card no longer where it is known to be. Empty when the re-deal kept its promises
        (the conformance suite checks it)."""
        problems = []
        names = self.cards(state).names
        for z in self.zones:
            if isinstance(z, Derived):   # (no field of the state)
                continue
            owners = range(state.players) if z.seat else (None,)
            for owner in owners:
                mine = getattr(state, z.attr) if owner is None else getattr(state, z.attr)[owner]
                theirs = getattr(copy, z.attr) if owner is None else getattr(copy, z.attr)[owner]
                where = f"{z.attr}" + ("" if owner is None else f" of seat {owner}")
                if isinstance(z, Pile):
                    if len(mine) != len(theirs):
                        problems.append(f"{where}: {len(theirs)} cards, not {len(mine)}")
                    elif z.sees(state, owner, seat) and sorted(mine) != sorted(theirs):
                        problems.append(f"{where}: seat {seat} knows what is in it, but the cards changed")
                elif isinstance(z, Cards):
                    if sum(mine) != sum(theirs):
                        problems.append(f"{where}: {sum(theirs)} cards, not {sum(mine)}")
                    elif z.sees(state, owner, seat) and mine != theirs:
                        problems.append(f"{where}: seat {seat} sees it, but its cards changed")
                elif isinstance(z, Slot):
                    if (mine in z.marks or z.sees(state, owner, seat)) and mine != theirs:
                        problems.append(f"{where}: seat {seat} sees it, but it changed")
                elif isinstance(z, Row) and not z.refers:
                    if len(mine) != len(theirs):
                        problems.append(f"{where}: {len(theirs)} cards, not {len(mine)}")
                    elif z.sees(state, owner, seat) and mine != theirs:
                        problems.append(f"{where}: seat {seat} sees it, but it changed")
                elif mine != theirs:
                    problems.append(f"{where}: {theirs!r}, not {mine!r}")
                if isinstance(z, Row) and z.of is not None and owner is not None:
                    held = list(getattr(copy, z.of)[owner])
                    for k in mine:
                        if k in held:
                            held.remove(k)
                        else:
                            problems.append(f"{z.of} of seat {owner}: {names[k]} known there, gone")
                if isinstance(z, Known) and owner is not None:
                    held = getattr(copy, z.of)[owner]
                    if z.card is not None:
                        k = z.card(state)
                        if k >= 0 and held[k] < mine:
                            problems.append(f"{z.of} of seat {owner}: {mine} {names[k]} known there, {held[k]} left")
                    else:
                        lost = [names[k] for k in range(len(mine)) if held[k] < mine[k]]
                        if lost:
                            problems.append(f"{z.of} of seat {owner}: {', '.join(lost)} known there, gone")
        return problems


def empty_of(zones):
    """``Zones.empty(state)``: one assignment a field, in declaration order, each zone's empty value
    written out (a seat's zone one value a seat, a list each), so a new game walks no plan."""
    scope = {"cards": zones.cards}
    lines = ["def empty(state):", "    P = state.players"]
    if any(isinstance(z, Cards) and z.kinds is None or isinstance(z, Known) and z.card is None for z in zones.zones):
        lines.append("    n = len(cards(state).names)")   # (only then: a game may set its card list after)
    for i, z in enumerate(zones.zones):
        if isinstance(z, Derived):
            continue
        d = f"d{i}"
        if isinstance(z, Number):
            scope[d] = z.default
            if z.copy:
                one, each = f"list({d})", f"[list({d}) for _ in range(P)]"
            elif isinstance(z.default, list):
                one, each = d, f"[{d}.copy() for _ in range(P)]"
            else:
                one, each = d, f"[{d}] * P"
        elif isinstance(z, (Cards, Known)) and not (isinstance(z, Known) and z.card is not None):
            size = "n"
            if isinstance(z, Cards) and z.kinds is not None:
                scope[f"z{i}"] = z
                size = f"m{i}"
                lines.append(f"    m{i} = len(z{i}.kinds.names(state))")
            one, each = f"[0] * {size}", f"[[0] * {size} for _ in range(P)]"
            if isinstance(z, Cards) and z.size:
                lines.append(f"    state.{z.size} = {'[0] * P' if z.seat else '0'}")
        elif isinstance(z, (Pile, Row, Piles)):
            one, each = "[]", "[[] for _ in range(P)]"
        elif isinstance(z, Slot):
            scope[d] = z.empty
            one, each = d, f"[{d}] * P"
        elif isinstance(z, Spaces):
            scope[d] = z.empty
            one, each = f"[{d}] * {z.count}", f"[[{d}] * {z.count} for _ in range(P)]"
        else:   # a CardSet, a Known of one card kind: a number
            one, each = "0", "[0] * P"
        lines.append(f"    state.{z.attr} = {each if z.seat else one}")
    exec("\n".join(lines), scope)
    return scope["empty"]


def clone_of(*, shared=(), values=(), lists=(), seat_lists=(), table_lists=()):
    """A state class's ``clone``, code written once that copies exactly the fields named, each as its
    kind needs: ``shared`` and ``values`` by reference (fixed facts, numbers, tuples), ``lists`` of
    numbers with ``.copy()``, ``seat_lists`` (a list of lists, one per seat) list by list, literal for
    two seats, the common case, ``table_lists`` (a list of lists of any length) list by list.
    ``Zones`` makes its clone with it; a game whose state is not declared as zones may name its
    fields here (no deepcopy, no hand-written copy)."""
    lines = ["def clone(self):", "    c = _new(self.__class__)", "    self._copy_common(c)"]
    lines += [f"    c.{attr} = self.{attr}" for attr in (*shared, *values)]
    lines += [f"    c.{attr} = self.{attr}.copy()" for attr in lists]
    if seat_lists:
        lines.append("    if self.players == 2:")
        lines += [f"        v = self.{attr}; c.{attr} = [v[0].copy(), v[1].copy()]" for attr in seat_lists]
        lines.append("    else:")
        lines += [f"        c.{attr} = list(map(_copy, self.{attr}))" for attr in seat_lists]
    lines += [f"    c.{attr} = list(map(_copy, self.{attr}))" for attr in table_lists]
    lines.append("    return c")
    scope = {"_new": object.__new__, "_copy": list.copy}
    exec("\n".join(lines), scope)
    clone = scope["clone"]
    clone.__doc__ = "An independent copy: changing one never changes the other (generated from the declared fields)."
    return clone


def player_of(plan, own: bool = False):
    """``Zones._player(state, p, seat, names)``, player ``p``'s zones as ``seat`` sees them: code
    written once from the view plan (as ``clone_of`` writes ``clone``), one line a zone in
    declaration order, so a view walks no plan and tests no zone kind. A zone shown to a seat
    only if it ``sees`` it is tested as its ``see`` says (an owner: ``seat == p``); the common
    kinds are read by the module's helpers, any other by its ``seen``.

    ``own``: ``Zones._own(state, p, public, names)`` instead, player ``p``'s zones as ``p`` itself
    sees them, given ``public``, its entry as a spectator sees it: what a zone of a core kind
    shows to everyone is the same to ``p`` and is taken from there."""
    scope = {"names_of": names_of, "counts_of": counts_of}
    seat = "p" if own else "seat"
    first = ["'name': public['name']" if own else "'name': state.seat_name(p)"]   # the keys before the first that may be hidden
    then = []                                # the rest, in order
    def put(key, expr):
        if then:
            then.append(f"    info[{key!r}] = {expr}")
        else:
            first.append(f"{key!r}: {expr}")
    for i, (z, attr, size, size_view, key, hideable, plain) in enumerate(plan):
        scope[f"z{i}"] = z
        value = f"state.{attr}[p]"
        if plain:
            put(key, value)
            continue
        if size:
            put(size, f"state.{size}[p]")
        if size_view:
            put(size_view, f"len({value})")
        if key is None:
            continue
        if own and z.see == EVERYONE and type(z) in _CORE_KINDS:
            put(key, f"public[{key!r}]")
            continue
        names = "names" if z.kinds is None else f"z{i}.kinds.names(state)"
        if type(z).seen is Cards.seen:
            expr = f"{'counts_of' if z.shown == 'counts' else 'names_of'}({names}, {value})"
        else:
            expr = f"z{i}.seen(state, p, {seat}, {value}, {names})"
        test = None
        if hideable:
            if type(z).sees is not Zone.sees:
                test = f"z{i}.sees(state, p, {seat})"
            elif z.see == OWNER and not own:
                test = "seat == p"
            elif z.see == NOBODY:
                continue
        if test is None:
            put(key, expr)
        else:
            then.append(f"    if {test}:")
            then.append(f"        info[{key!r}] = {expr}")
    head = "def player(state, p, public, names):" if own else "def player(state, p, seat, names):"
    exec("\n".join([head, "    info = {" + ", ".join(first) + "}", *then, "    return info"]), scope)
    player = scope["player"]
    player.__doc__ = (f"Player ``p``'s zones as {'``p`` itself' if own else '``seat``'} sees them "
                      "(generated from the declared zones).")
    return player


def _deal(zones, state, dealt, kept, first, unseen, n):
    """Deal ``unseen`` (shuffled) back to the ``dealt`` zones in order, each keeping its size and
    its known cards (``kept`` counts, a row's ``first`` cards): the values, and whether every
    zone's ``most`` held."""
    values, ok = [], True
    for owner, attr, pile, size in dealt:
        held = getattr(state, attr) if owner is None else getattr(state, attr)[owner]
        if pile:
            mine = first.get((owner, attr), [])
            take = len(held) - len(mine)
            values.append(mine + unseen[:take])
            del unseen[:take]
            continue
        value = (kept.get((owner, attr)) or [0] * n).copy()
        size = sum(held) - sum(value)
        most = zones._most.get(attr, size)
        rest = []
        for k in unseen:
            if size and value[k] < most:
                value[k] += 1
                size -= 1
            else:
                rest.append(k)
        if size:   # not enough cards fit under the limit
            ok = False
            for k in rest[:size]:
                value[k] += 1
            rest = rest[size:]
        unseen[:] = rest
        values.append(value)
    return values, ok


def redeal(places, rng, known=None, seat=None) -> None:
    """Re-deal the cards at ``places``, (list, index) pairs in a fixed order, in place: gathered,
    sorted (card-list order), shuffled with ``rng`` and dealt back place by place, so that the
    result depends only on which places are hidden and the rng (a hand-written re-deal of places a
    declared zone cannot say: covered cards in a board's spaces, a card set aside). ``known``: each
    seat's ``CardSet`` of the cards it has seen (examined), changed in place: a seat that knew the
    card at a place (who did is public) knows the card dealt there now instead; ``seat``, whose
    re-deal it is, knows no card at the places."""
    cards = sorted([pile[i] for pile, i in places])
    anyone = 0
    for k in known or ():
        anyone |= k
    if known is None or not anyone & ~known[seat]:   # nobody knows a card at the places: deal them
        rng.shuffle(cards)
        for (pile, i), card in zip(places, cards):
            pile[i] = card
        return
    # who had seen each place's card (only seats other than ``seat`` can have)
    knowers = [None if not (anyone >> pile[i]) & 1 else
               [t for t in range(len(known)) if (known[t] >> pile[i]) & 1] for pile, i in places]
    redrawn = 0
    for x in cards:
        redrawn |= 1 << x
    for t in range(len(known)):
        known[t] &= ~redrawn
    rng.shuffle(cards)
    for (pile, i), card, who in zip(places, cards, knowers):
        pile[i] = card
        if who:
            for t in who:
                known[t] |= 1 << card


def bits(mask) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names_of(names, counts) -> list[str]:
    """Each kind's name as many times as ``counts`` holds it, in kind order."""
    out = []
    for name, count in zip(names, counts):
        if count:
            out += [name] * count
    return out


def counts_of(names, counts) -> dict:
    """{name: count} of the kinds ``counts`` holds, in kind order."""
    return {names[k]: c for k, c in enumerate(counts) if c}
