"""Heuristic against random (a script, not a test; prints JSON).

    .venv/bin/python tests/life_siphon/strength.py [games] [key=value options...]

2-player games alternate seats; Madness Mode reports mean rounds survived and final life.
"""
import json
import sys

import tabletome


def duel(games, **options):
    game = tabletome.game("life-siphon")
    wins = 0
    for g in range(games):
        h = g % 2
        bots = {h: tabletome.agent("heuristic", seed=g), 1 - h: tabletome.agent("random", seed=g + 10_000)}
        s = game.new(players=2, seed=g, **options)
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s))
        wins += h in s.winners
    return {"games": games, "options": options, "heuristic_win_rate": wins / games}


def madness(games, agent):
    game = tabletome.game("life-siphon")
    rounds, lives = [], []
    for g in range(games):
        bot = tabletome.agent(agent, seed=g)
        s = game.new(players=1, seed=g, mode="madness")
        while not s.is_over:
            s.apply(bot.choose(s))
        r, life = s.scores[0]
        rounds.append(r)
        lives.append(life)
    return {"agent": agent, "games": games, "mean_rounds": sum(rounds) / games, "mean_final_life": sum(lives) / games}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 and "=" not in sys.argv[1] else 500
    opts = dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a)
    if opts.get("mode") == "madness":
        print(json.dumps(madness(n, "heuristic")))
        print(json.dumps(madness(n, "random")))
    else:
        print(json.dumps(duel(n, **opts)))
