"""``lab tournament``: a round robin of agents (specs, budgets, opponent settings), every match a
stored study, and Bradley–Terry ratings with 95% intervals.

Each pair of agents plays ``games`` two-player games as a study of its own (``OUT/match-I-J.duckdb``,
seats rotated as in ``lab run``, the same deals for every pair). A game scores 1 for its winner, 0
for the loser and ½ each for a draw (the game's own outcomes). The Bradley–Terry model gives each
agent a strength θ with P(i beats j) = 1 / (1 + exp(θj − θi)); θ is fitted by maximum likelihood
(scipy), shown on the Elo scale (400 / ln 10 · θ, mean 0), with a 95% interval from the inverse
Fisher information. An agent that won or lost every game would have an infinite rating, so every
pair that played is given one extra virtual drawn game (a weak prior that pulls toward equal
strength; its weight next to hundreds of games is small, and it is said in the output).
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

from ..core import IllegalAction
from ..core import game as find_game

ELO = 400 / math.log(10)
PRIOR_DRAWS = 1.0          # virtual drawn games between every pair that played
Z95 = 1.959963984540054


def bradley_terry(agents: list[str], results: list[tuple[int, int, float, float]]) -> dict:
    """``results``: (i, j, score of i, games) per pair. Returns θ (mean 0), their covariance and
    the Elo-scale ratings with 95% intervals."""
    import numpy as np
    from scipy.optimize import minimize

    n = len(agents)
    pairs = [(i, j, s + PRIOR_DRAWS / 2, g + PRIOR_DRAWS) for i, j, s, g in results if g > 0]

    def nll(theta):
        value, grad = 0.0, np.zeros(n)
        for i, j, s, g in pairs:
            d = theta[i] - theta[j]
            p = 1 / (1 + math.exp(-d))
            value -= s * math.log(p) + (g - s) * math.log(1 - p)
            grad[i] -= s - g * p
            grad[j] += s - g * p
        return value, grad

    fit = minimize(nll, np.zeros(n), jac=True, method="BFGS")
    theta = fit.x - fit.x.mean()
    info = np.zeros((n, n))
    for i, j, _s, g in pairs:
        p = 1 / (1 + math.exp(-(theta[i] - theta[j])))
        w = g * p * (1 - p)
        info[i, i] += w
        info[j, j] += w
        info[i, j] -= w
        info[j, i] -= w
    cov = np.linalg.pinv(info)         # the ratings are fixed only up to a shift: mean 0
    ratings = []
    for k, name in enumerate(agents):
        se = math.sqrt(max(cov[k, k], 0.0))
        ratings.append({"agent": name, "theta": float(theta[k]), "rating": ELO * float(theta[k]),
                        "interval": [ELO * (theta[k] - Z95 * se), ELO * (theta[k] + Z95 * se)],
                        "se": ELO * se})
    return {"ratings": ratings, "converged": bool(fit.success)}


def tournament(game_id: str, specs, games: int, out, options=None, cards=None, seed: int = 0, workers=None,
               use_ray=False, ray_address=None, progress=None) -> dict:
    from .runner import ray_start, run_study
    from .store import Store, make_folder, write_file
    from .study import make_study

    specs = [s.strip() for s in specs]
    if len(specs) < 2:
        raise IllegalAction("a tournament needs at least two agents: give --seat once per agent")
    if len(set(specs)) != len(specs):
        raise IllegalAction("an agent is named twice; give each --seat once")
    game = find_game(game_id)
    if 2 not in game.player_counts:
        raise IllegalAction(f"lab tournament plays two-player matches, and {game.name} is not played by two")
    # check every input before playing: one study per pair
    pairs = list(itertools.combinations(range(len(specs)), 2))
    studies = {(i, j): make_study(game_id, [specs[i], specs[j]], games, players=2, options=dict(options or {}),
                                  cards=cards, seed=seed) for i, j in pairs}
    out = make_folder(out, "for the tournament's matches and page")
    started = ray_start(ray_address) if use_ray else False
    matches = []
    try:
        for k, (i, j) in enumerate(pairs):
            path = out / f"match-{i + 1}-{j + 1}.duckdb"
            with Store(path) as store:
                run_study(studies[(i, j)], store, workers=workers, use_ray=use_ray, ray_address=ray_address)
                rows = store.query("SELECT agents, outcomes FROM games ORDER BY point, idx")
            score = sum(outcomes[agents.index(0)] for agents, outcomes in rows)
            wins = sum(1 for agents, outcomes in rows if outcomes[agents.index(0)] == 1)
            losses = sum(1 for agents, outcomes in rows if outcomes[agents.index(0)] == 0)
            matches.append({"a": specs[i], "b": specs[j], "games": len(rows), "a_score": score,
                            "a_wins": wins, "b_wins": losses, "draws": len(rows) - wins - losses,
                            "study": str(path)})
            if progress is not None:
                progress(k + 1, len(pairs), matches[-1])
    finally:
        if started:
            import ray
            ray.shutdown()
    fit = bradley_terry(specs, [(specs.index(m["a"]), specs.index(m["b"]), m["a_score"], m["games"]) for m in matches])
    for r in fit["ratings"]:
        mine = [m for m in matches if r["agent"] in (m["a"], m["b"])]
        played = sum(m["games"] for m in mine)
        scored = sum(m["a_score"] if m["a"] == r["agent"] else m["games"] - m["a_score"] for m in mine)
        r.update(games=played, score=scored / played if played else None)
    fit["ratings"].sort(key=lambda r: -r["rating"])
    first = studies[pairs[0]]
    result = {"game": game.id, "name": game.name, "options": first.points[0]["options"],
              "cards_hash": first.cards_hash, "model": "Bradley-Terry", "scale": "Elo (400/ln 10 per unit of strength), mean 0",
              "prior": f"{PRIOR_DRAWS:g} virtual drawn game per pair", "games_per_match": games, "seed": seed,
              "ratings": fit["ratings"], "matches": matches, "converged": fit["converged"]}
    write_file(out / "tournament.json", json.dumps(result, indent=1))
    write_page(result, out / "tournament.html")
    return result


def write_page(result, path) -> Path:
    """The ratings with their intervals (a matplotlib figure, inline SVG) and the match table."""
    import html

    from .report import CSS, _plt, _subplots, _svg
    from .store import write_file
    _plt()
    ratings = result["ratings"]
    fig, ax = _subplots(figsize=(7.0, 0.45 * len(ratings) + 1.2))
    for k, r in enumerate(ratings):
        y = len(ratings) - 1 - k
        lo, hi = r["interval"]
        ax.errorbar([r["rating"]], [y], xerr=[[r["rating"] - lo], [hi - r["rating"]]], fmt="o", color="#3b6ea8",
                    capsize=4)
        ax.text(hi + 8, y, f"{r['rating']:+.0f}", va="center", fontsize=9)
    ax.set_yticks(range(len(ratings)), [r["agent"] for r in reversed(ratings)])
    ax.axvline(0, color="#999999", lw=0.8, ls=":")
    ax.set_xlabel("Bradley–Terry rating (Elo scale, mean 0), 95% interval")
    ax.set_ylim(-0.7, len(ratings) - 0.3)
    fig.tight_layout()
    esc = html.escape
    rows = "".join(f"<tr><td>{esc(r['agent'])}</td><td>{r['rating']:+.0f}</td><td>{r['interval'][0]:+.0f} to "
                   f"{r['interval'][1]:+.0f}</td><td>{r['games']:,}</td><td>{100 * r['score']:.1f}%</td></tr>"
                   for r in ratings)
    games = "".join(f"<tr><td>{esc(m['a'])}</td><td>{esc(m['b'])}</td><td>{m['games']:,}</td><td>{m['a_wins']:,}</td>"
                    f"<td>{m['draws']:,}</td><td>{m['b_wins']:,}</td></tr>" for m in result["matches"])
    name = result.get("name", result["game"])
    options = ", ".join(f"{k}={v}" for k, v in result.get("options", {}).items()) or "none"
    page = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{esc(name)} tournament"
            f"</title><style>{CSS}</style></head><body><h1>{esc(name)}: round robin of "
            f"{len(ratings)} agents</h1><p class='meta'>options: {esc(options)} · cards: "
            f"{esc(result.get('cards_hash') or 'the game’s own')}</p>"
            f"<p class='meta'>{result['games_per_match']:,} games per pair, seats rotated, "
            f"the same deals for every pair (seed {result['seed']}); {esc(result['model'])} ratings on the "
            f"{esc(result['scale'])}; prior: {esc(result['prior'])}.</p><figure><div>{_svg(fig)}</div>"
            f"<figcaption><b>Ratings.</b> A difference of 100 means the stronger wins about 64% of its games "
            f"against the weaker (draws half), 200 about 76%.</figcaption></figure>"
            f"<table><tr><th>agent</th><th>rating</th><th>95% interval</th><th>games</th><th>score</th></tr>{rows}"
            f"</table><h2>Matches</h2><table><tr><th>agent</th><th>against</th><th>games</th><th>wins</th>"
            f"<th>draws</th><th>losses</th></tr>{games}</table></body></html>")
    return write_file(path, page)


def describe(result) -> list[str]:
    lines = [f"{result['game']}: {len(result['ratings'])} agents, {result['games_per_match']:,} games per pair; "
             f"Bradley-Terry ratings (Elo scale, mean 0; {result['prior']}):"]
    width = max(len(r["agent"]) for r in result["ratings"])
    for r in result["ratings"]:
        lines.append(f"  {r['agent']:<{width}}  {r['rating']:+6.0f}  [{r['interval'][0]:+.0f}, {r['interval'][1]:+.0f}]"
                     f"  score {100 * r['score']:.1f}% of {r['games']:,} games")
    return lines
