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


@pytest.mark.parametrize("players, options", G.configurations()[:5] + G.configurations()[-2:])
def test_the_board_renders_for_every_seat_all_game_long(players, options):
    from rich.console import Console
    from tabletome.core import Rng
    import io
    console = Console(width=150, file=io.StringIO())
    r = Rng(3)
    s = G.new(players=players, seed=2, **options)
    step = 0
    while True:
        if step % 7 == 0 or s.is_over:
            for seat in range(players):
                console.print(G.render(s.view(seat), seat))
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[r.below(len(legal))])
        step += 1
