"""A small, fast, seedable random number generator whose whole state is one integer.

Every random event in a game (shuffles, coin flips) draws from the state's own ``Rng``, so the same
seed and the same actions always give the same game, and a snapshot (which stores the integer)
continues identically. It is SplitMix64: cheap to clone, good enough for games, and stable across
Python versions (unlike ``random.Random``'s shuffle, which has changed before).
"""

import numbers

from .errors import IllegalAction
from .text import shown

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

# The one rule for seeds, wherever one comes in (game.new, records, snapshots, the server's tables
# and uploads): a whole number from 0 to 2**63 - 1, which every store (SQLite, PostgreSQL BIGINT,
# JSON readers that use doubles aside) keeps exactly.
SEED_LIMIT = 1 << 63


def check_seed(seed, where: str = "a seed") -> int:
    """``seed`` as an int (numpy integers too), or IllegalAction saying what a seed may be."""
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool) and 0 <= int(seed) < SEED_LIMIT:
        return int(seed)
    raise IllegalAction(f"{where} must be a whole number from 0 to 2**63-1 ({SEED_LIMIT - 1}), not {shown(seed)}")


class Rng:
    """SplitMix64. ``state`` is the whole state: copy it to clone, store it to snapshot."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n >= 1); the tiny modulo bias of 64 bits is ignored."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n   # next64() inlined: one Python call less a draw

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0)

    def randoms(self, n: int) -> list:
        """``n`` uniform floats in [0, 1): the same numbers as ``n`` calls of ``random()``, at the
        cost of one call (a heuristic's tie-breaking jitter over every legal action)."""
        s = self.state
        out = []
        add = out.append
        for _ in range(n):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            add(((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0))
        self.state = s
        return out

    def coin(self) -> bool:
        """A fair coin flip: True for heads."""
        return bool(self.next64() >> 63)

    def choice(self, seq):
        """A uniformly chosen element of a non-empty sequence."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return seq[(z ^ (z >> 31)) % len(seq)]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates). Each 64-bit output serves several swaps: its
        value is used as a mixed-radix number while at least 2**16 times the range remains, which
        keeps every swap's bias below 2**-16 while drawing several times fewer numbers."""
        s = self.state
        r = 0
        left = 0  # r is uniform in range(left)
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            if left < n << 16:
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                r = z ^ (z >> 31)
                left = 1 << 64
            j = r % n
            r //= n
            left //= n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> "Rng":
        """An independent generator seeded from this one's next output."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
