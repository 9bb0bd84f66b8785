"""A game's direct encoder (``encode_state``, reading the state for speed) writes exactly the
vector its reference encoding of ``view(seat)`` writes, on many random positions of every
configuration, for every seat and a spectator; so the fast observation can never show more than
the view. (The no-leak conformance test covers the fast path too: it compares observations.)"""

import numpy as np
import pytest

import tabletome
from tabletome.core import Rng

from tests.conformance.helpers import CONFIGS, IDS


def reference(state, seat, encoder):
    out = np.zeros(encoder.size, np.float32)
    encoder.encode(state.observation_view(seat), seat, out)
    return out


def check_positions(config, games=3, every=3, seed0=0):
    """Compare the two encodings on sampled positions of random games; the positions compared."""
    game_id, players, options = config
    game = tabletome.game(game_id)
    encoder = game.encoder(players, **options)
    if not encoder.reads_state:
        return 0
    r = Rng(17)
    compared = 0
    for seed in range(seed0, seed0 + games):
        state = game.new(players=players, seed=seed, **options)
        while True:
            if state.is_over or r.below(every) == 0:
                for seat in [None, *range(players)]:
                    fast = state.observation(seat)
                    slow = reference(state, seat, encoder)
                    bad = np.flatnonzero(fast != slow)
                    assert not bad.size, (
                        f"{game_id} seed {seed} after {len(state._history)} actions, seat {seat}: the direct "
                        f"encoder differs from the view's at {[(int(i), float(fast[i]), float(slow[i])) for i in bad[:6]]} "
                        f"in slices {sorted({name for name, a, b in encoder.describe() for i in bad if a <= i < b})}")
                compared += 1
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[r.below(len(legal))])
    return compared


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_direct_encoder_equals_the_views_encoding(config, slow):
    compared = check_positions(config, games=40 if slow else 3)
    game = tabletome.game(config[0])
    if game.encoder(config[1], **config[2]).reads_state:
        assert compared > 10


def test_the_check_fails_a_direct_encoder_that_shows_more(monkeypatch):
    """The comparison can fail: a direct encoder that also writes a hidden count is caught."""
    config = next(c for c in CONFIGS if c[0] == "life-siphon")
    encoder_class = type(tabletome.game("life-siphon").encoder(config[1], **config[2]))
    real = encoder_class.encode_state

    def leaky(self, state, seat, out):
        real(self, state, seat, out)
        out[self.g + 2] += len(state.hand[(0 if seat is None else seat + 1) % state.players]) / 100.0

    monkeypatch.setattr(encoder_class, "encode_state", leaky)
    with pytest.raises(AssertionError, match="differs from the view's"):
        check_positions(config, games=1)


def test_kept_keeps_a_value_and_empties_itself_when_full_first():
    from tabletome.core.observation import Kept

    cache = Kept(cap=2)
    assert cache.keep("a", 1) == 1 and cache.keep("b", 2) == 2
    assert cache == {"a": 1, "b": 2}
    assert cache.keep("c", 3) == 3 and cache == {"c": 3}   # full: emptied, then kept
