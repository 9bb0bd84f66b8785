"""Win rate and mean score of an agent in every solo configuration of a game, printed as JSON lines.

    python benchmarks/solo_modes.py --game life-and-legend --spec heuristic --games 10

Seeds 500, 501, ...; a game's solo configurations are those of ``game.all_configurations()`` (or
``configurations()``) with one player.
"""

import argparse
import json

import tabletome


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="life-and-legend")
    ap.add_argument("--spec", default="heuristic")
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    game = tabletome.game(args.game)
    configs = getattr(game, "all_configurations", game.configurations)()
    for players, options in configs:
        if players != 1:
            continue
        wins, score = 0, 0.0
        for g in range(args.games):
            bot = tabletome.agent(args.spec, seed=g)
            state = game.new(players=1, seed=500 + g, **options)
            while not state.is_over:
                state.apply(bot.choose(state))
            wins += bool(state.winners)
            score += state.scores[0]
        changed = {k: v for k, v in options.items() if v != game.options[k][0]}
        print(json.dumps({"game": args.game, "spec": args.spec, "options": changed, "games": args.games,
                          "win_rate": wins / args.games, "mean_score": score / args.games}), flush=True)


if __name__ == "__main__":
    main()
