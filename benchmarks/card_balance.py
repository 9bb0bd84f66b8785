"""Designed-card balance: over N heuristic games, each card's win rate when played, and the cards
never chosen when legal, printed as JSON.

    python benchmarks/card_balance.py --game life-and-legend --games 2000 [--players 2] [--option k=v] [--cards FILE]

A card is "played" by a seat when that seat chooses an action naming it (``action.cards``); its win
rate is the share of those seats that won (ties count as wins for each tied seat). A card is "never
chosen when legal" when some legal action named it and no chosen one did.
"""

import argparse
import json
import time

import tabletome


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="life-and-legend")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", metavar="FILE", help="a card file instead of the game's own (e.g. a candidate change)")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    game = tabletome.game(args.game)
    bot = tabletome.agent("heuristic", seed=args.seed)
    played, won, legal_seen, chosen = {}, {}, set(), set()
    wins = [0] * args.players
    started = time.time()
    for g in range(args.games):
        state = game.new(players=args.players, seed=args.seed * 100_000 + g, cards=args.cards, **options)
        by_seat = [set() for _ in range(args.players)]
        while not state.is_over:
            for a in state.legal_actions():
                legal_seen.update(a.cards)
            seat = state.to_move
            action = bot.choose(state)
            if action.kind not in ("discard", "pass", "decline"):
                by_seat[seat].update(action.cards)
                chosen.update(action.cards)
            state.apply(action)
        for seat in range(args.players):
            win = seat in state.winners
            wins[seat] += win
            for card in by_seat[seat]:
                played[card] = played.get(card, 0) + 1
                won[card] = won.get(card, 0) + win
    total_plays = sum(played.values())
    total_wins = sum(won.values())
    rows = []
    for card in sorted(played):
        rest_plays = total_plays - played[card]
        rest = (total_wins - won[card]) / rest_plays if rest_plays else 0.0
        rate = won[card] / played[card]
        rows.append({"card": card, "played": played[card], "win_rate": round(rate, 3),
                     "rest": round(rest, 3), "gap": round(rate - rest, 3)})
    out = {"game": args.game, "card_file": args.cards or "the game's own", "games": args.games, "players": args.players, "options": options,
           "seat_wins": wins, "seconds": round(time.time() - started, 1),
           "outliers": [r for r in rows if abs(r["gap"]) > 0.15 and r["played"] >= 30],
           "never_chosen_when_legal": sorted(legal_seen - chosen), "cards": rows}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
