"""ISMCTS in slices (how the server interleaves searches) and capped budgets (the server's limits)."""

import tabletome
from tabletome.agents.ismcts import finish


def positions(game_id, players, n=3):
    state = tabletome.game(game_id).new(players=players, seed=7)
    bot = tabletome.agent("random", seed=1)
    out = []
    while len(out) < n and not state.is_over:
        if len(state.legal_actions()) > 1:
            out.append(state.copy() if hasattr(state, "copy") else tabletome.game(game_id).restore(state.snapshot()))
        state.apply(bot.choose(state))
    return out


def test_a_search_in_slices_decides_as_the_whole_search():
    for game_id, players in [("spirit-link", 2), ("life-siphon", 2)]:
        for state in positions(game_id, players, 2):
            whole = tabletome.agent("ismcts:iterations=60", seed=5)
            sliced = tabletome.agent("ismcts:iterations=60", seed=5)
            steps = sliced.analysing(state, top=9, slice_seconds=0.001)
            pauses = 0
            while True:
                try:
                    next(steps)
                    pauses += 1
                except StopIteration as stop:
                    rows = stop.value
                    break
            assert pauses > 0
            assert rows == whole.analyse(state, top=9)
            assert finish(tabletome.agent("ismcts:iterations=60", seed=5).choosing(state, 0.001)) \
                == tabletome.agent("ismcts:iterations=60", seed=5).choose(state)


def test_a_seconds_budget_counts_search_time_not_pauses():
    import time
    state = positions("spirit-link", 2, 1)[0]
    bot = tabletome.agent("ismcts:seconds=0.2", seed=1)
    steps = bot.analysing(state, slice_seconds=0.05)
    pauses = 0
    try:
        while True:
            next(steps)
            pauses += 1
            time.sleep(0.5)                    # another table's turn
    except StopIteration:
        pass
    assert pauses >= 3                         # 0.2 s of search in slices of 0.05 s, whatever the pauses
    # counted with its pauses it would be 1.7 s at least; the margin is for a loaded machine, where
    # a slice may run past its end by a preempted iteration
    assert 0.2 <= bot.last_search["seconds"] < 1.2


def test_a_cap_bounds_every_budget_whatever_the_spec_or_the_game():
    game = tabletome.game("spirit-link")
    capped = tabletome.agent("ismcts:seconds=100000,iterations=1000000,depth=0", seed=1).cap(
        seconds=2, iterations=500, depth=40)
    s = capped.settings_for(game, 2)
    assert (s["seconds"], s["iterations"], s["depth"]) == (2, 500, 40)
    own = tabletome.agent("ismcts", seed=1).cap(seconds=0.5, iterations=100, depth=5).settings_for(game, 2)
    assert (own["seconds"], own["iterations"], own["depth"]) == (0.5, 100, 5)     # the game's 800 capped
    loose = tabletome.agent("ismcts:iterations=50,depth=3", seed=1).cap(seconds=2, iterations=500, depth=40)
    s = loose.settings_for(game, 2)
    assert (s["seconds"], s["iterations"], s["depth"]) == (2, 50, 3)             # below the caps: unchanged
