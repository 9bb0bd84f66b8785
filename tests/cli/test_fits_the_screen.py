"""Every game's table and its numbered choices fit an 80x24 terminal: many positions, early and
late, from random and heuristic games of every game, player count and Life & Legend mode, drawn
by the real terminal session; the choices read in order, and those left out are announced."""

import pytest

import tabletome

from .screen import COLS, ROWS, choice_numbers, screen

CONFIGS = [("spirit-link", 2, {}),
           ("life-siphon", 1, {"mode": "madness"}), ("life-siphon", 2, {}), ("life-siphon", 3, {}),
           ("life-siphon", 4, {}), ("life-siphon", 2, {"mode": "two-player-variant"}),
           ("bad-baby-lich-lords", 1, {}), ("bad-baby-lich-lords", 2, {}), ("bad-baby-lich-lords", 3, {}),
           ("bad-baby-lich-lords", 4, {})]
CONFIGS += [("life-and-legend", p, {"mode": m}) for m in ("standard", "farwander", "eternal") for p in (2, 3, 4)]
CONFIGS += [("life-and-legend", 1, {"mode": m}) for m in ("war", "lore", "arbiter", "treasury", "campaign", "legacy")]
CONFIGS += [("life-and-legend", p, {"mode": "coop"}) for p in (2, 3, 4)]
CONFIGS += [("life-and-legend", 4, {"ai": "matathias+golden-horse+geoffrey"}),
            ("life-and-legend", 1, {"mode": "lore", "lore": "chosen"})]
SAMPLES = 7     # positions per game, spread from the first decision to the last


def positions(game_id, players, options, seed, agent):
    game = tabletome.game(game_id)
    state = game.new(players=players, seed=seed, **options)
    chooser = tabletome.agent(agent, seed=seed)
    states, n = [], 0
    while not state.is_over:
        if n % 6 == 0 or n < 3:
            states.append(state.clone())
        state.apply(chooser.choose(state))
        n += 1
    record = state.record()
    states.append(tabletome.replay({**record, "actions": record["actions"][:-1]}))   # the last decision
    step = max(1, len(states) // SAMPLES)
    return states[::step][:SAMPLES - 1] + states[-1:]


def check(state, where):
    lines, choices = screen(state)
    text = "\n".join(lines)
    assert len(lines) <= ROWS - 1, f"{where}: {len(lines)} rows and the prompt:\n{text}"
    assert max(len(line) for line in lines) <= COLS, f"{where}: wider than {COLS}:\n{text}"
    numbers = choice_numbers(choices)
    legal = len(state.legal_actions())
    assert numbers == list(range(1, len(numbers) + 1)), f"{where}: choices out of order:\n{choices}"
    if len(numbers) < legal:
        assert "type 'more'" in choices[-1], f"{where}: choices left out without a word:\n{choices}"
    else:
        assert len(numbers) == legal


@pytest.mark.parametrize("game_id, players, options", CONFIGS,
                         ids=[f"{g}-{p}-{'-'.join(o.values()) or 'default'}" for g, p, o in CONFIGS])
def test_every_screen_fits_80_by_24(game_id, players, options):
    checked = 0
    for seed, agent in ((1, "random"), (2, "heuristic")):
        for n, state in enumerate(positions(game_id, players, options, seed, agent)):
            check(state, f"{game_id} {players}p {options} {agent} seed {seed} position {n}")
            checked += 1
    assert checked >= 2 * 3
