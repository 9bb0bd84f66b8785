"""The heuristic and random agents play whole games in every mode and option set."""

import pytest

import tabletome

G = tabletome.game("life-siphon")


@pytest.mark.parametrize("players, options", G.configurations(),
                         ids=[f"{p}p-" + ",".join(f"{k}={v}" for k, v in o.items() if v != G.options[k][0])
                              for p, o in G.configurations()])
def test_heuristic_and_random_play_full_games(players, options):
    for seed in range(2):
        bots = [tabletome.agent("heuristic" if (i + seed) % 2 == 0 else "random", seed=seed * 10 + i)
                for i in range(players)]
        s = G.new(players=players, seed=seed, **options)
        steps = 0
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s))
            steps += 1
            assert steps < 20_000
        assert s.winners or options.get("mode") == "madness"
        for seat in range(players):
            assert 0.0 <= s.outcome(seat) <= 1.0
        assert 0.0 <= G.evaluate(s, 0) <= 1.0


def test_heuristic_against_itself_finishes():
    for mode, players in (("standard", 2), ("standard", 4), ("two-player-variant", 2), ("madness", 1)):
        s = G.new(players=players, seed=7, mode=mode)
        bot = tabletome.agent("heuristic", seed=1)
        steps = 0
        while not s.is_over:
            s.apply(bot.choose(s))
            steps += 1
            assert steps < 20_000, mode
