"""The Life Siphon heuristic keeps a life reserve against the attacks it can see coming (issue 13,
item 8): it never summons below ``life_reserve`` (the Battleground attack of the seats that attack
it, less what its own Battleground Familiars can block, half its attackers' River, plus 1; at least
7), and never pays a move below that reserve less 2. Played through the contract: the seat's life
is ``state.scores``, the choice's kind is ``action.kind``."""

import tabletome
from tabletome.games.life_siphon import heuristics


def test_the_heuristic_never_spends_below_the_reserve_it_sees():
    game = tabletome.game("life-siphon")
    raised = checked = 0
    for seed in range(12):
        state = game.new(players=2, seed=seed)
        bots = [tabletome.agent("heuristic", seed=seed * 10 + i) for i in range(2)]
        last = None
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_move
            q = state.R.seat_q[seat]
            reserve = heuristics.life_reserve(state, q, True)
            moving = None
            before = state.scores[seat]
            action = bots[seat].choose(state)
            if action.kind == "move":
                moving = heuristics.move_reserve(state, q, True, action)
            state.apply(action)
            if state.is_over:
                break
            after = state.scores[seat]
            if action.kind == "summon" and after < before:
                assert after >= reserve, f"seed {seed}: summoned down to {after} below a reserve of {reserve}"
                checked += 1
            # a move a spell grants (Unholy Haste) is the spell's, chosen with it
            if action.kind == "move" and after < before and last != "cast":
                assert after >= moving, f"seed {seed}: moved down to {after} below {moving}"
                checked += 1
            raised += reserve > 7
            last = action.kind
    assert checked > 20 and raised > 0, (checked, raised)


def test_the_reserve_counts_the_attacks_on_the_board():
    state = tabletome.game("life-siphon").new(players=2, seed=1)
    bots = [tabletome.agent("heuristic", seed=i) for i in range(2)]
    seen = set()
    while not state.is_over and len(seen) < 3:
        seen.add(heuristics.threat(state, state.R.seat_q[0]))
        state.apply(bots[state.to_move].choose(state))
    assert max(seen) > 0 and 0 in seen
