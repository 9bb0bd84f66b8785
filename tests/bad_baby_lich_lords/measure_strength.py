"""How strong the heuristic agent is (a script, not a test):

    .venv/bin/python tests/bad_baby_lich_lords/measure_strength.py [games] [solitaire games]

Two-player: the heuristic against the random agent, seats alternating (the heuristic is North in
even games, South in odd ones); a draw counts as not won. Solitaire: win rate and mean score
(cards left in the bone piles, 0 for a loss) of the heuristic and of the random agent. Prints JSON.
"""

import json
import sys
import time

import tabletome

GAME = "bad-baby-lich-lords"


def two_player(games):
    game = tabletome.game(GAME)
    wins = draws = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new(players=2, seed=10_000 + i)
        h = i % 2
        agents = {h: tabletome.agent("heuristic", seed=i), 1 - h: tabletome.agent("random", seed=i)}
        while not state.is_over:
            state.apply(agents[state.to_move].choose(state))
        if state.winners == [h]:
            wins += 1
        elif not state.winners:
            draws += 1
    return {"games": games, "heuristic_wins": wins, "draws": draws, "win_rate": round(wins / games, 3),
            "seconds": round(time.perf_counter() - start, 1)}


def solitaire(spec, games):
    game = tabletome.game(GAME)
    wins, scores, noise = 0, [], []
    for i in range(games):
        state = game.new(players=1, seed=20_000 + i)
        agent = tabletome.agent(spec, seed=i)
        while not state.is_over:
            state.apply(agent.choose(state))
        wins += bool(state.winners)
        scores.append(state.scores[0])
        noise.append(state.noise[0])
    return {"agent": spec, "games": games, "win_rate": round(wins / games, 3),
            "mean_score": round(sum(scores) / games, 2),
            "mean_score_of_wins": round(sum(scores) / wins, 2) if wins else None,
            "mean_noise": round(sum(noise) / games, 2)}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    m = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    print(json.dumps({"two_player_heuristic_vs_random": two_player(n),
                      "solitaire": [solitaire("heuristic", m), solitaire("random", m)]}, indent=1))
