"""``core.observation.Kept``: the slices a direct encoder keeps whole by a key are what its writer
writes into a zero slice, kept until the cap is reached."""

import numpy as np

from tabletome.core.observation import Kept


def write_counts(out, counts):
    for k, count in enumerate(counts):
        out[k] = count / 3.0


def test_a_kept_slice_is_what_the_writer_writes_into_zeros():
    kept = Kept()
    block = kept.make((1, 2), 4, write_counts, [1, 2])
    expected = np.zeros(4, np.float32)
    write_counts(expected, [1, 2])
    assert block == expected.tobytes()
    assert kept.get((1, 2)) is block
    assert kept.get((2, 1)) is None


def test_a_full_kept_starts_again_empty():
    kept = Kept(cap=2)
    kept.make("a", 2, write_counts, [1])
    kept.make("b", 2, write_counts, [2])
    kept.make("c", 2, write_counts, [3])
    assert list(kept) == ["c"]


def test_kept_keeps_a_value_and_empties_itself_when_full_first():
    cache = Kept(cap=2)
    assert cache.keep("a", 1) == 1 and cache.keep("b", 2) == 2
    assert cache == {"a": 1, "b": 2}
    assert cache.keep("c", 3) == 3 and cache == {"c": 3}   # full: emptied, then kept
