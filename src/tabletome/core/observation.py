"""Observations for learning tools: a fixed-length float32 vector of what a seat may see.

An encoder writes, for a game, its player count, options and card file, a vector of a fixed size
that shows exactly what ``view(seat)`` shows. It does so in one of two ways:

- from the view: ``encode(view, seat, out)`` reads ``state.observation_view(seat)`` (the view
  without its log), so it can never show more than the view. A game that gives no encoder of its
  own, such as a game added later, gets ``ViewHashEncoder``: an honest, automatic encoding of any
  view.
- from the state (``reads_state``): ``encode_state(state, seat, out)``, a game's own encoder
  (``Game.observation_encoder``; a module ``observation.py`` in its folder, with every slice
  documented in docs/rl.md), 2 to 2.5 times faster than building the view. It reads what the view
  shows of the state, and a zone hidden from some seats only through the declared zones
  (``Zones.encode_cards``, ``encode_row``, ``encode_slot``, ``seen``), which write nothing ``seat``
  may not see. The conformance suite checks the promise on every configuration: a re-dealt copy
  (``determinize``) gives the seat the same observation, two positions it sees alike give it the
  same one and two it sees differently different ones, and each zone it sees moves its observation.

numpy is imported only when an observation or a mask is asked for, so the engine runs without it.
"""

from __future__ import annotations

import zlib


def numpy():
    """numpy, imported on first use (``pip install 'tabletome[rl]'`` brings it)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is in the rl and test extras
        from .errors import IllegalAction
        raise IllegalAction("observations and action masks need numpy: pip install 'tabletome[rl]'") from None
    return np


class Encoder:
    """Writes what a seat may see into ``out`` (a zeroed float32 numpy vector of ``size``).
    Subclasses set ``size`` in ``__init__`` and implement ``encode`` (or ``encode_state``); ``slices`` names each part for docs and
    debugging. (Writing into a Python list and converting it was measured slower.)"""

    size = 0
    # An encoder that writes the vector straight from the state sets ``reads_state`` and implements
    # ``encode_state(state, seat, out)`` instead (the module's docstring says what it promises).
    reads_state = False

    def __init__(self, game, players: int, options: dict, card_text: str | None = None):
        self.game = game
        self.players = players
        self.options = options
        self.card_text = card_text
        self.slices: list[tuple[str, int, int]] = []  # (name, start, stop)

    def encode(self, view: dict, seat, out) -> None:
        raise NotImplementedError

    def describe(self) -> list[tuple[str, int, int]]:
        """The named slices ``(name, start, stop)`` of the vector."""
        return list(self.slices)

    # Each float's bounds: ``limits`` lists ``(start, stop, low, high)`` (``low``/``high`` a number
    # for the whole slice or one per float), as ``Layout.add`` records them from the encoder's own
    # description (the rules' and the card file's limits, or a stated cap the encoder clips to).
    limits: list = ()

    def bounds(self):
        """``(low, high)``: float32 vectors of ``size``, every observation lies within them
        (tests/rl/test_bounds.py plays random games of every configuration to check it); None
        for an encoder that declares none (the adapters then use (-inf, inf))."""
        if not self.limits:
            return None
        np = numpy()
        low = np.zeros(self.size, np.float32)
        high = np.zeros(self.size, np.float32)
        covered = np.zeros(self.size, bool)
        for start, stop, lo, hi in self.limits:
            low[start:stop] = lo
            high[start:stop] = hi
            covered[start:stop] = True
        if not covered.all():
            raise ValueError(f"{type(self).__name__}: floats {np.flatnonzero(~covered)[:8].tolist()}... have no bounds")
        # a count made of float32 adds (thirds, fifths...) may round a few units past the exact
        # bound: widen each non-zero bound by a millionth of it
        low -= np.abs(low) * np.float32(1e-6)
        high += np.abs(high) * np.float32(1e-6)
        return low, high

    def clip(self, out) -> None:
        """Clip the slices laid out with ``clip=True`` (hashed slices, counts with a stated cap) to
        their bounds, in place: every path that writes a vector calls it last."""
        np = numpy()
        ranges = self.__dict__.get("_clip_ranges")
        if ranges is None:
            low, high = self.bounds()
            ranges = self._clip_ranges = [(a, b, low[a:b], high[a:b]) for a, b in _merge(self.clipped)]
        arr = out if out.__class__ is np.ndarray else np.asarray(out)
        for a, b, lo, hi in ranges:
            part = arr[a:b]
            np.clip(part, lo, hi, out=part)

    clipped: list = ()  # (start, stop) of the slices ``clip`` clips


def _merge(spans):
    """Adjacent ``(start, stop)`` spans joined (one clip for a run of hashed slices)."""
    merged = []
    for a, b in sorted(spans):
        if merged and merged[-1][1] == a:
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


class Layout:
    """Helps an encoder lay its vector out as named slices with their bounds:
    ``s = layout.add("health / 30", 1, low=-1, high=1)``. ``low``/``high``: a number for every
    float of the slice or a sequence of ``width``; ``clip=True`` marks a slice whose values the
    encoder clips to them (``Encoder.clip``): a hashed slice, or a count with a stated cap."""

    def __init__(self):
        self.size = 0
        self.slices: list[tuple[str, int, int]] = []
        self.limits: list = []
        self.clipped: list[tuple[int, int]] = []

    def add(self, name: str, width: int, low=0.0, high=1.0, clip: bool = False) -> int:
        start = self.size
        self.size += width
        self.slices.append((name, start, self.size))
        for bound in (low, high):
            if not isinstance(bound, (int, float)) and len(bound) != width:
                raise ValueError(f"slice {name!r}: {len(bound)} bounds for {width} floats")
        self.limits.append((start, self.size, low, high))
        if clip and width:
            self.clipped.append((start, self.size))
        return start

    def done(self, encoder) -> None:
        """Hand the layout to ``encoder``: its size, slices, bounds and clipped slices."""
        encoder.size = self.size
        encoder.slices = self.slices
        encoder.limits = self.limits
        encoder.clipped = self.clipped


class Hasher:
    """Hashes any JSON-ready value into a slice of a vector: the heart of ``ViewHashEncoder``, and
    the way a hand-written encoder keeps view keys it has no slice for (so nothing is dropped).

    The value is walked as a tree. Each leaf has a path (dict keys, and list positions up to
    ``max_items`` per list; later items share the last position) and a value:
    - a number (or a bool) adds ``value / scale`` to the slot of its path;
    - a string or None adds 1 to the slot of ``path = value`` (so a card name, a phase, a face-down
      marker each light their own slot);
    - a list of strings (a hand, a discard pile) adds 1 per element to ``path[] = element``: a bag
      of cards, whatever order; every list also adds its length / scale to ``path#``.
    Slots are picked by a stable hash (CRC32) of the key into ``width`` buckets: two keys may share
    a slot (the price of needing no vocabulary). Keys in ``skip`` are not walked.
    """

    def __init__(self, scale: float = 10.0, max_items: int = 8, skip=()):
        self.scale = scale
        self.max_items = max_items
        self.skip = frozenset(skip)
        self._slots: dict = {}
        self._memo: dict = {}

    def slot(self, key: str, width: int) -> int:
        slots = self._slots.get(width)
        if slots is None:
            slots = self._slots[width] = {}
        s = slots.get(key)
        if s is None:
            s = slots[key] = zlib.crc32(key.encode()) % width
        return s

    def add(self, out, start: int, width: int, key: str, value: float = 1.0) -> None:
        """Add ``value`` to the bucket of ``key`` in ``out[start:start + width]``."""
        out[start + self.slot(key, width)] += value

    def walk(self, node, out, start: int, width: int, path: str = "") -> None:
        """Hash ``node`` into ``out[start:start + width]``."""
        slots = self._slots.get(width)
        if slots is None:
            slots = self._slots[width] = {}
        self._walk(node, out, start, width, path, slots)

    def walk_memo(self, node, out, start: int, width: int, path: str = "") -> None:
        """``walk``, remembering each distinct node's adds (a decision, a chain... recur often):
        the same adds in the same order, so the same floats as ``walk``."""
        try:
            key = (_freeze(node), width, path)
            adds = self._memo.get(key)
        except TypeError:  # not a plain JSON-ready value: walk it
            self.walk(node, out, start, width, path)
            return
        if adds is None:
            if len(self._memo) > 50_000:
                self._memo.clear()
            probe = _Recorder()
            self.walk(node, probe, 0, width, path)
            adds = self._memo[key] = probe.adds
        for slot, value in adds:
            out[start + slot] += value

    def walk_keyed(self, key, make, out, start: int, width: int, path: str = "") -> None:
        """``walk_memo`` for an encoder that knows a cheaper key than the node itself: ``key``
        (hashable) must decide the node, which ``make()`` builds only the first time the key is
        seen. The same adds in the same order, so the same floats as ``walk(make(), ...)``."""
        memo_key = ("keyed", key, width, path)
        adds = self._memo.get(memo_key)
        if adds is None:
            if len(self._memo) > 50_000:
                self._memo.clear()
            probe = _Recorder()
            self.walk(make(), probe, 0, width, path)
            adds = self._memo[memo_key] = probe.adds
        for slot, value in adds:
            out[start + slot] += value

    def _walk(self, node, out, start, width, path, slots) -> None:
        # the same walk as described above, with the slot lookups inlined (one dict per width)
        cls = node.__class__
        if cls is dict or (cls is not list and cls is not tuple and isinstance(node, dict)):
            skip = self.skip
            for key, value in node.items():
                if key not in skip:
                    self._walk(value, out, start, width, f"{path}.{key}", slots)
            return
        if cls is list or cls is tuple or isinstance(node, (list, tuple)):
            if node and all(isinstance(x, str) for x in node):
                for x in node:
                    key = f"{path}[]={x}"
                    s = slots.get(key)
                    if s is None:
                        s = slots[key] = zlib.crc32(key.encode()) % width
                    out[start + s] += 1.0
            else:
                last = self.max_items - 1
                for i, item in enumerate(node):
                    self._walk(item, out, start, width, f"{path}[{min(i, last)}]", slots)
            key = f"{path}#"
            value = len(node) / self.scale
        elif cls is bool or isinstance(node, bool):
            if not node:
                return
            key, value = path, 1.0
        elif cls is int or cls is float or isinstance(node, (int, float)):
            key, value = path, node / self.scale
        else:
            key, value = f"{path}={node}", 1.0
        s = slots.get(key)
        if s is None:
            s = slots[key] = zlib.crc32(key.encode()) % width
        out[start + s] += value


class _Recorder:
    """Stands in for a vector: records ``out[i] += value`` as ``(i, value)``."""

    def __init__(self):
        self.adds = []

    def __getitem__(self, i):
        return 0.0

    def __setitem__(self, i, value):
        self.adds.append((i, value))


# For an encoder that keeps the adds of several walks together (replayed with ``out[start + i] += v``).
Recorder = _Recorder


def _freeze(node):
    """A hashable stand-in for a JSON-ready value (its type kept: 1, True and "1" differ)."""
    cls = node.__class__
    if cls is dict:
        return ("d", tuple([(k, v if v.__class__ is str else _freeze(v)) for k, v in node.items()]))
    if cls is list or cls is tuple:
        return ("l", tuple([x if x.__class__ is str else _freeze(x) for x in node]))
    if cls is str:
        return node
    return (cls.__name__, node)


# A hashed slot sums what lands in it (1 a string, a number / scale, a list's length / scale):
# nothing bounds it, so every hashed slice is clipped to [-HASH_CAP, HASH_CAP] (``Encoder.clip``).
HASH_CAP = 4.0


class ViewHashEncoder(Encoder):
    """The encoding any game gets from its view without writing an encoder: the whole view
    hashed by ``Hasher`` into ``size`` slots, each clipped to [-HASH_CAP, HASH_CAP]. The log
    (free text) is not encoded, nor the keys in ``skip`` (static text such as a card catalogue)."""

    def __init__(self, game, players, options, card_text=None, size: int = 1024, scale: float = 10.0,
                 max_items: int = 8, skip: tuple = ("log", "catalogue")):
        super().__init__(game, players, options, card_text)
        self.hasher = Hasher(scale, max_items, skip)
        lay = Layout()
        lay.add(f"hashed view features (core.observation.Hasher), clipped to +-{HASH_CAP:g}", size,
                -HASH_CAP, HASH_CAP, clip=True)
        lay.done(self)

    def encode(self, view, seat, out):
        self.hasher.walk(view, out, 0, self.size)
        self.clip(out)


class Kept(dict):
    """Slices of a vector that a direct encoder keeps whole, as bytes, by a key that decides what
    they show (a side's noise and score pile sizes, a realm's known top cards): ``kept.get(key)``,
    or on a miss ``kept.make(key, width, write, *args)``, which calls ``write(out, *args)`` on a
    zero float32 slice of ``width`` (a memoryview; the encoder's own writer, so the slice holds
    what the encoder writes there), keeps its bytes and returns them, for the encoder
    to copy into the bytes of its vector. Bytes, not views: the garbage collector does not track
    them. ``kept.keep(key, value)`` keeps any other value an encoder works out from what decides it
    (a seat's card counts, a pile's bag of names). Once ``cap`` entries are kept it starts again
    empty (a long run meets ever new keys)."""

    __slots__ = ("cap",)   # (no instance dict: ``get`` is looked up as fast as a dict's)

    def __init__(self, cap: int = 10_000):
        super().__init__()
        self.cap = cap

    def make(self, key, width: int, write, *args) -> bytes:
        np = numpy()
        block = np.zeros(width, np.float32)
        write(memoryview(block), *args)
        return self.keep(key, block.tobytes())

    def keep(self, key, value):
        """``self[key] = value`` (emptied first when full): ``value``."""
        if len(self) >= self.cap:
            self.clear()
        self[key] = value
        return value


# --- small helpers for hand-written encoders ----------------------------------------------------
def vocabulary(names) -> dict:
    """A name -> index dict for a list of names (card names, phases...)."""
    return {name: i for i, name in enumerate(names)}


def stable_key(options: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in options.items()))
