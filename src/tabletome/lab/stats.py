"""The numbers behind a study's report: win rates with Wilson intervals, the first seat's
advantage, game lengths, solo scores and per-card statistics, each per sweep point, computed with
SQL on the study's DuckDB file.

Per-card statistics count *seat-games*: one seat in one game. A card is *legal* in a seat-game
when some action naming it (``actions.cards``) was among that seat's legal actions at one of its
decisions, and *played* when the seat chose such an action. The play rate is played / legal.
Two comparisons, each with Newcombe's interval and Fisher's exact test (Benjamini-Hochberg across
every test of a point):

- *choice*: the win rate when played against when legal and not played. It says what the agents'
  choices went with, and is confounded by them: a heuristic that plays its second-best card only
  when it lacks the best one makes the second-best look bad.
- *access*: how much more often a seat that had the card to play (legal at least once) won than
  a seat of the same game that never had it: the Mantel-Haenszel risk difference over the games
  where some seats had it and some did not (each game is a stratum), with Sato's variance and the
  Cochran-Mantel-Haenszel test. Comparing seats of the same game removes what a pooled comparison
  of "legal" against "never legal" seat-games mixes in: a long game shows every seat more cards
  and ends in a draw more often, so any common card would look bad. In a two-player game it is
  simply (wins of the seat that had it − wins of the seat that did not) / such games. Deals are
  random, so this is close to the value of having the card; it is what the flags use. It is still
  an association under the study's agents. ``legal`` and ``never`` keep the pooled rates.

Discarding a card (or taking it into hand) is not playing it: actions of the game's
``non_play_kinds`` (core ``Game``, default ``("discard",)``) count neither as the card being
legal nor as it being played. Each kind
of action naming a card (a *use*: "transform", "discard"...) is also counted on its own
(``uses``), so a card the agents only ever discard shows as played 0% and discarded often.
"""

from __future__ import annotations

import math
import statistics

from ..arena import Z95, wilson
from ..core import game as find_game

# a card is flagged when its effect is at least this large and significant after correction
EFFECT = 0.10
ALPHA = 0.05
DEAD_PLAY_RATE = 0.05      # played in fewer than this share of the seat-games where it was legal
MIN_SIDE = 20              # seat-games needed on each side (played / not played) to judge a card


def seat_names(study) -> list[str]:
    game = find_game(study.game)
    state = game.new(players=study.players, seed=0, card_text=study.card_text, **study.points[0]["options"])
    return [state.seat_name(s) for s in range(study.players)]


def rate(wins: int, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"wins": int(wins), "games": int(n), "rate": wins / n if n else None, "ci95": [lo, hi]}


POWER = 0.80              # the power a "games needed" figure is computed for
Z_POWER = 0.8416212335729143   # the standard normal's 80th percentile


def games_needed(p: float, difference: float, power: float = POWER) -> int:
    """Games for a two-sided test at 5% to detect a win rate ``difference`` away from ``p`` with
    the given power (80%): n = (z_0.975 + z_power)^2 p (1 - p) / difference^2."""
    from scipy.stats import norm
    difference = max(abs(difference), 0.01)
    p = min(max(p, 0.05), 0.95)
    z = Z95 + (Z_POWER if power == POWER else float(norm.ppf(power)))
    return int(math.ceil(z * z * p * (1 - p) / (difference * difference)))


def histogram(values, bins: int = 30) -> dict:
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = min(values), max(values)
    if lo == hi:
        return {"edges": [lo - 0.5, hi + 0.5], "counts": [len(values)]}
    integer = all(float(v).is_integer() for v in values)
    width = (hi - lo) / bins
    if integer:
        width = max(1, math.ceil(width))
        edges = [lo - 0.5 + k * width for k in range(int((hi - lo) // width) + 2)]
    else:
        edges = [lo + k * width for k in range(bins + 1)]
    counts = [0] * (len(edges) - 1)
    for v in values:
        k = min(int((v - edges[0]) // width), len(counts) - 1)
        counts[k] += 1
    return {"edges": edges, "counts": counts}


def summary(values) -> dict:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def q(f):
        return ordered[min(len(ordered) - 1, int(f * len(ordered)))]
    # a long thin tail would squash the bulk into a few bins: bin up to the 99th percentile
    # (the report says what lies beyond)
    shown = ordered if ordered[-1] <= 1.5 * q(0.99) else [v for v in ordered if v <= q(0.99)]
    return {"n": len(values), "mean": statistics.fmean(values), "stdev": statistics.pstdev(values),
            "median": statistics.median(values), "p10": q(0.10), "p90": q(0.90), "p99": q(0.99),
            "min": ordered[0], "max": ordered[-1], "histogram": histogram(shown),
            "beyond_histogram": len(ordered) - len(shown)}


def point_stats(store, study, point: int | None, names: list[str]) -> dict:
    """Every figure's numbers for one sweep point (None: every point pooled)."""
    rows = store.query("SELECT winners, seats, agents, scores, outcomes, length, unfinished FROM games "
                       "WHERE $1 IS NULL OR point = $1 ORDER BY point, idx", [point])
    n = len(rows)
    players = study.players
    labels = study.agent_labels()
    seat_wins = [0] * players
    agent_wins = [0] * len(labels)
    agent_games = [0] * len(labels)
    agent_outcome = [0.0] * len(labels)
    winners_total = 0
    for winners, _seats, agents, _scores, outcomes, _length, _unf in rows:
        winners_total += len(winners)
        for s in winners:
            seat_wins[s] += 1
        for s, e in enumerate(agents):
            agent_games[e] += 1
            agent_outcome[e] += outcomes[s]
            if s in winners:
                agent_wins[e] += 1
    fair = winners_total / (n * players) if n else 0.0
    out = {
        "label": study.points[point]["label"] if point is not None else "all points",
        "options": study.points[point]["options"] if point is not None else study.options,
        "games": n,
        "unfinished": sum(1 for r in rows if r[6]),
        "draws": sum(1 for r in rows if not r[0]) if players > 1 else 0,   # (a solo game no one won is lost)
        "fair_share": fair,
        "seats": [dict(rate(seat_wins[s], n), seat=s, name=names[s]) for s in range(players)],
        "agents": [dict(rate(agent_wins[e], agent_games[e]), label=labels[e], spec=study.specs[e],
                        mean_outcome=agent_outcome[e] / agent_games[e] if agent_games[e] else None)
                   for e in range(len(labels))],
        "length": summary([r[5] for r in rows]),
    }
    if players > 1:
        first = out["seats"][0]
        lo, hi = first["ci95"]
        adv = (first["rate"] or 0.0) - fair
        out["first_seat"] = {"name": names[0], "rate": first["rate"], "ci95": [lo, hi], "fair_share": fair,
                             "advantage": adv, "conclusive": not (lo <= fair <= hi), "games": n}
    else:
        scores = [r[3][0] for r in rows if r[3] and r[3][0] is not None]
        out["solo"] = {"score": summary(scores), "outcome": summary([r[4][0] for r in rows]),
                       "win": rate(seat_wins[0], n)}
    fresh = fresh_state(study, point)
    teams = fresh.teams()
    if players > 1 and any(len(t) > 1 for t in teams):
        out["teams"] = team_stats(rows, teams, names)
    out["facts"] = fact_stats(store, point, players, names)
    out["cards"] = card_stats(store, point, non_play_kinds(study))
    out["tempo"] = tempo_stats(store, point, players, study)
    out["lengths"] = [r[5] for r in rows]
    if players == 1:
        out["scores"] = [r[3][0] for r in rows if r[3] and r[3][0] is not None]
    return out


TEMPO_TURNS = 0.9          # the tempo figures run to the turn this share of the games reaches


def fresh_state(study, point):
    """A new game of the study's options (at ``point``) and card file: what the game declares about
    itself (its teams, its watched numbers)."""
    options = study.points[point or 0]["options"] if study.points else study.options
    return find_game(study.game).new(players=study.players, seed=0, card_text=study.card_text, **options)


def tempo_order(study, point) -> list[str]:
    """The watched numbers in the order the game declares them (``State.tempo``: the first says who
    leads)."""
    return list(fresh_state(study, point).tempo())


def team_stats(rows, teams, names) -> dict:
    """Teams (``State.teams``): how often each team won, with its 95% interval, against the fair
    share (the mean number of winning teams per game divided by the teams)."""
    n = len(rows)
    wins = [sum(1 for r in rows if any(s in r[0] for s in team)) for team in teams]
    fair = sum(wins) / (n * len(teams)) if n else 0.0
    return {"fair_share": fair,
            "teams": [dict(rate(w, n), seats=list(team), name=" & ".join(names[s] for s in team))
                      for team, w in zip(teams, wins)]}


def fact_stats(store, point, players, names) -> list[dict]:
    """What the games drew that their options do not say (``games.facts``, ``State.lab_facts``): for
    each fact and each part of its value (a value written as parts joined by '-', like the factions
    dealt, counts each part: "with Ghoulie in play"), the games that had it, each seat's win rate in
    them and in the others, and a chi-square test of whether who wins (the winning seats, a draw)
    depends on it; p adjusted by Benjamini-Hochberg across the parts."""
    import json as _json
    from scipy.stats import chi2_contingency, false_discovery_control
    try:
        rows = store.query("SELECT facts, winners FROM games WHERE ($1 IS NULL OR point = $1) AND facts IS NOT NULL "
                           "ORDER BY point, idx", [point])
    except Exception:            # (a study stored before games had facts, opened read-only)
        return []
    if not rows:
        return []
    games = [(_json.loads(f), tuple(sorted(w))) for f, w in rows]
    out = []
    for name in sorted({k for f, _ in games for k in f}):
        parts = sorted({p for f, _ in games if name in f for p in str(f[name]).split("-")})
        if len(parts) < 2 or all(all(p in str(f.get(name, "")).split("-") for p in parts) for f, _ in games):
            continue          # the same in every game: nothing to compare
        for part in parts:
            has = [w for f, w in games if part in str(f.get(name, "")).split("-")]
            hasnt = [w for f, w in games if part not in str(f.get(name, "")).split("-")]
            outcomes = sorted(set(has) | set(hasnt))
            p = None
            if has and hasnt and len(outcomes) > 1:
                table = [[sum(1 for w in group if w == o) for o in outcomes] for group in (has, hasnt)]
                p = float(chi2_contingency(table)[1])
            out.append({"fact": name, "value": part, "games": len(has), "other_games": len(hasnt),
                        "seats": [dict(rate(sum(1 for w in has if s in w), len(has)), name=names[s])
                                  for s in range(players)],
                        "other_seats": [dict(rate(sum(1 for w in hasnt if s in w), len(hasnt)), name=names[s])
                                        for s in range(players)],
                        "draws": sum(1 for w in has if not w), "test": "chi-square (who wins: with / without)",
                        "p": p, "p_adjusted": None})
    tested = [f for f in out if f["p"] is not None]
    if tested:
        for f, q in zip(tested, false_discovery_control([f["p"] for f in tested])):
            f["p_adjusted"] = float(q)
    return out


def tempo_stats(store, point, players, study=None) -> dict | None:
    """The course of the game's watched numbers (``State.tempo``) over its turns: the mean of each
    per seat and for the eventual winner against the other seats (a finished game's last values
    carried on, so every turn averages every game), and when games are decided: the turn after
    which the eventual winner led for good on the first number (strictly ahead of every other seat)."""
    import numpy as np
    if not store.query("SELECT count(*) FROM information_schema.tables WHERE table_name = 'tempo'")[0][0]:
        return None          # a study stored before tempo was recorded
    rows = store.query("SELECT t.idx, t.turn, t.name, t.seat_values, g.winners, g.unfinished FROM tempo t JOIN games g "
                       "USING (point, idx) WHERE $1 IS NULL OR t.point = $1 ORDER BY t.point, t.idx, t.turn", [point])
    if not rows:
        return None
    names = list(dict.fromkeys(r[2] for r in rows))
    if study is not None:
        declared = tempo_order(study, point)
        names.sort(key=lambda n: declared.index(n) if n in declared else len(declared))
    games: dict = {}
    for idx, turn, name, values, winners, unfinished in rows:
        g = games.setdefault(idx, {"winners": winners, "unfinished": unfinished, "series": {n: [] for n in names}})
        g["series"][name].append(values)
    lengths = sorted(len(g["series"][names[0]]) for g in games.values())
    T = max(2, lengths[min(len(lengths) - 1, int(TEMPO_TURNS * len(lengths)))])
    out = {"measures": names, "lead": names[0], "turns": T, "by_seat": {}, "by_result": {}}
    for name in names:
        cube = np.zeros((len(games), T, players))
        for k, g in enumerate(games.values()):
            series = np.array(g["series"][name], dtype=float)[:T]
            cube[k, :len(series)] = series
            cube[k, len(series):] = series[-1]      # the final values carried on
        out["by_seat"][name] = cube.mean(axis=0).T.tolist()
        single = [k for k, g in enumerate(games.values()) if len(g["winners"]) == 1 and players > 1]
        if single:
            won = np.array([cube[k, :, list(games.values())[k]["winners"][0]] for k in single])
            others = np.array([np.delete(cube[k], list(games.values())[k]["winners"][0], axis=1).mean(axis=1)
                               for k in single])
            out["by_result"][name] = {"winner": won.mean(axis=0).tolist(), "others": others.mean(axis=0).tolist(),
                                      "games": len(single)}
    decided = []
    if players > 1:
        for g in games.values():
            if len(g["winners"]) != 1 or g["unfinished"]:
                continue
            w = g["winners"][0]
            series = g["series"][names[0]]
            behind = [t for t, values in enumerate(series) if not all(values[w] > v for s, v in enumerate(values)
                                                                         if s != w)]
            turn = behind[-1] + 1 if behind else 0
            decided.append((turn, turn / max(len(series) - 1, 1)))
    if decided:
        turns = [t for t, _ in decided]
        shares = [f for _, f in decided]
        out["decided"] = {"games": len(decided), "median_turn": statistics.median(turns),
                          "median_share": statistics.median(shares),
                          "histogram": {"edges": [k / 10 for k in range(11)],
                                        "counts": [sum(1 for f in shares if min(int(f * 10), 9) == k)
                                                   for k in range(10)]}}
    return out


# (card, kind) of every action each seat could take: the legal actions' cards from the action table,
# or, in a game that names the cards its actions play from its state (State.action_cards), the ones
# stored with each decision
LEGAL_PAIRS = """legal_pairs AS (
  SELECT l.point, l.idx, l.seat, ak.card, ak.kind
  FROM (SELECT point, idx, seat, unnest(legal_ids) AS id FROM decisions
        WHERE ($1 IS NULL OR point = $1) AND legal_cards IS NULL) l
  JOIN (SELECT id, kind, unnest(cards) AS card FROM actions) ak USING (id)
  UNION ALL
  SELECT point, idx, seat, unnest(legal_cards) AS card, unnest(legal_kinds) AS kind FROM decisions
  WHERE ($1 IS NULL OR point = $1) AND legal_cards IS NOT NULL)"""

CARD_SQL = """
WITH """ + LEGAL_PAIRS + """,
legal AS (SELECT DISTINCT point, idx, seat, card FROM legal_pairs WHERE NOT list_contains($2, kind)),
played AS (SELECT DISTINCT point, idx, seat, unnest(cards) AS card FROM decisions
           WHERE ($1 IS NULL OR point = $1) AND NOT list_contains($2, kind)),
g AS (SELECT point, idx, winners FROM games WHERE $1 IS NULL OR point = $1)
SELECT l.card,
       count(*) AS legal_games,
       count(p.card) AS played_games,
       count(*) FILTER (WHERE p.card IS NOT NULL AND list_contains(g.winners, l.seat)) AS wins_played,
       count(*) FILTER (WHERE p.card IS NULL AND list_contains(g.winners, l.seat)) AS wins_not
FROM legal l LEFT JOIN played p USING (point, idx, seat, card) JOIN g USING (point, idx)
GROUP BY l.card ORDER BY l.card
"""

USES_SQL = """
WITH """ + LEGAL_PAIRS + """,
legal AS (SELECT DISTINCT point, idx, seat, card, kind FROM legal_pairs),
chosen AS (SELECT DISTINCT point, idx, seat, unnest(cards) AS card, kind FROM decisions WHERE $1 IS NULL OR point = $1),
g AS (SELECT point, idx, winners FROM games WHERE $1 IS NULL OR point = $1)
SELECT l.card, l.kind,
       count(*) AS legal_games,
       count(c.card) AS chosen_games,
       count(*) FILTER (WHERE c.card IS NOT NULL AND list_contains(g.winners, l.seat)) AS wins_chosen,
       count(*) FILTER (WHERE c.card IS NULL AND list_contains(g.winners, l.seat)) AS wins_not
FROM legal l LEFT JOIN chosen c USING (point, idx, seat, card, kind) JOIN g USING (point, idx)
GROUP BY l.card, l.kind ORDER BY l.card, count(c.card) DESC, l.kind
"""

WITHIN_SQL = """
WITH """ + LEGAL_PAIRS + """,
legal AS (SELECT DISTINCT point, idx, seat, card FROM legal_pairs WHERE NOT list_contains($2, kind)),
g AS (SELECT point, idx, winners, len(outcomes) AS n FROM games WHERE $1 IS NULL OR point = $1),
per AS (SELECT l.card, l.point, l.idx, count(*) AS n1,
               count(*) FILTER (WHERE list_contains(g.winners, l.seat)) AS a
        FROM legal l JOIN g USING (point, idx) GROUP BY l.card, l.point, l.idx)
SELECT per.card, per.n1, per.a, g.n, len(g.winners) AS w, count(*) AS games
FROM per JOIN g USING (point, idx) WHERE per.n1 < g.n
GROUP BY ALL ORDER BY ALL
"""

# per card and game: how many seats could play it (n1) and how many of those won (a), of n seats and w winners
CARD_GAMES_SQL = """
WITH """ + LEGAL_PAIRS + """,
legal AS (SELECT DISTINCT point, idx, seat, card FROM legal_pairs WHERE NOT list_contains($2, kind)),
g AS (SELECT point, idx, winners, len(outcomes) AS n FROM games WHERE $1 IS NULL OR point = $1),
per AS (SELECT l.card, l.point, l.idx, count(*) AS n1,
               count(*) FILTER (WHERE list_contains(g.winners, l.seat)) AS a
        FROM legal l JOIN g USING (point, idx) GROUP BY l.card, l.point, l.idx)
SELECT per.card, per.point, per.idx, per.n1, per.a, g.n, len(g.winners) AS w
FROM per JOIN g USING (point, idx) ORDER BY ALL
"""

KIND_SQL = """
SELECT card, kind, count(*) FROM (SELECT unnest(cards) AS card, kind FROM decisions WHERE $1 IS NULL OR point = $1)
GROUP BY card, kind ORDER BY card, count(*) DESC, kind
"""


def difference(a: dict, b: dict) -> dict:
    """``a`` minus ``b`` (two ``rate`` dicts) with Newcombe's 95% interval (from the Wilson ones)
    and Fisher's exact test; None fields when either side is empty."""
    from scipy.stats import fisher_exact

    if not a["games"] or not b["games"]:
        return {"difference": None, "ci95": None, "p": None}
    pa, pb = a["rate"], b["rate"]
    (la, ua), (lb, ub) = a["ci95"], b["ci95"]
    d = pa - pb
    lo = d - ((pa - la) ** 2 + (ub - pb) ** 2) ** 0.5
    hi = d + ((ua - pa) ** 2 + (pb - lb) ** 2) ** 0.5
    p = fisher_exact([[a["wins"], a["games"] - a["wins"]], [b["wins"], b["games"] - b["wins"]]])[1]
    return {"difference": d, "ci95": [lo, hi], "p": float(p)}


def non_play_kinds(study) -> list[str]:
    """The kinds of action that name a card without playing it in this study's game."""
    return list(find_game(study.game).non_play_kinds)


def within_games(strata) -> dict:
    """The Mantel-Haenszel risk difference of winning, seats that had a card against seats of the
    same game that did not, over ``strata``: ``(n1, a, n, w, count)`` = ``count`` games of ``n``
    seats with ``w`` winners, where ``n1`` seats had it and ``a`` of them won. Sato's variance
    (valid however many small strata) gives the 95% interval; the CMH test gives p."""
    from scipy.stats import chi2

    weight = num = P = Q = dev = var = 0.0
    games = having = having_wins = other = other_wins = 0
    for n1, a, n, w, count in strata:
        n1, a, n, w, count = int(n1), int(a), int(n), int(w), int(count)
        n0, c = n - n1, w - a
        if n1 <= 0 or n0 <= 0:
            continue
        games += count
        having, having_wins, other, other_wins = having + count * n1, having_wins + count * a, \
            other + count * n0, other_wins + count * c
        weight += count * n1 * n0 / n
        num += count * (a * n0 - c * n1) / n
        P += count * (n1 * n1 * c - n0 * n0 * a + n1 * n0 * (n0 - n1) / 2) / (n * n)
        Q += count * (a * (n0 - c) + c * (n1 - a)) / (2 * n)
        dev += count * (a - n1 * w / n)
        var += count * n1 * n0 * w * (n - w) / (n * n * (n - 1))
    out = {"games": games, "having": rate(having_wins, having), "other": rate(other_wins, other),
           "difference": None, "ci95": None, "p": None}
    if weight > 0:
        d = num / weight
        v = max((d * P + Q) / (weight * weight), 0.0)
        out["difference"] = d
        out["ci95"] = [max(-1.0, d - Z95 * math.sqrt(v)), min(1.0, d + Z95 * math.sqrt(v))]
        out["p"] = float(chi2.sf(dev * dev / var, 1)) if var > 0 else (1.0 if dev == 0 else 0.0)
    return out


def card_stats(store, point: int | None, discards=("discard",)) -> list[dict]:
    """Per card: play rate when legal; win rate when played, when legal and not played, when
    legal at all and when never legal; two differences (``choice``: played minus not played,
    ``access``: legal minus never legal) with intervals and tests; the flag. Actions of a kind in
    ``discards`` count neither as legal nor as played; ``uses`` counts each kind apart."""
    from scipy.stats import false_discovery_control
    discards = list(discards) or [""]   # (an empty list would not type in SQL)

    seat_games, seat_wins = store.query(
        "SELECT count(*) * any_value(len(outcomes)), coalesce(sum(len(winners)), 0) FROM games "
        "WHERE $1 IS NULL OR point = $1", [point])[0]
    seat_games, seat_wins = int(seat_games or 0), int(seat_wins or 0)
    rows = store.query(CARD_SQL, [point, discards])
    solo = store.query("SELECT max(len(outcomes)) FROM games WHERE $1 IS NULL OR point = $1", [point])[0][0] == 1
    kinds: dict[str, dict[str, int]] = {}
    for card, kind, count in store.query(KIND_SQL, [point]):
        kinds.setdefault(card, {})[kind] = int(count)
    strata: dict[str, list] = {}
    for card, *stratum in store.query(WITHIN_SQL, [point, discards]):
        strata.setdefault(card, []).append(stratum)
    uses: dict[str, list] = {}
    for card, kind, legal, chosen, wins_c, wins_n in store.query(USES_SQL, [point]):
        legal, chosen, wins_c, wins_n = int(legal), int(chosen), int(wins_c), int(wins_n)
        use = {"kind": kind, "non_play": kind in discards, "legal_games": legal, "chosen_games": chosen,
               "play": rate(chosen, legal), "chosen": rate(wins_c, chosen), "not_chosen": rate(wins_n, legal - chosen)}
        use["choice"] = difference(use["chosen"], use["not_chosen"])
        uses.setdefault(card, []).append(use)
    cards = []
    # a card only ever discardable still gets a row (never playable), so every card an action named shows
    counts = {card: (legal, played, wins_p, wins_n) for card, legal, played, wins_p, wins_n in rows}
    for card in sorted(set(counts) | set(uses)):
        legal, played, wins_p, wins_n = (int(x) for x in counts.get(card, (0, 0, 0, 0)))
        entry = {"card": card, "legal_games": legal, "played_games": played, "never_games": seat_games - legal,
                 "play": rate(played, legal), "played": rate(wins_p, played),
                 "not_played": rate(wins_n, legal - played), "legal": rate(wins_p + wins_n, legal),
                 "never": rate(seat_wins - wins_p - wins_n, seat_games - legal), "kinds": kinds.get(card, {}),
                 "uses": uses.get(card, [])}
        entry["choice"] = difference(entry["played"], entry["not_played"])
        if solo:    # one seat: no other seat of the same game to compare with, so games are pooled
            entry["access"] = dict(difference(entry["legal"], entry["never"]), within=False,
                                   games=min(legal, seat_games - legal), having=entry["legal"], other=entry["never"])
        else:
            entry["access"] = dict(within_games(strata.get(card, [])), within=True)
        # judged: enough games where some seats had it and some did not
        entry["judged"] = entry["access"]["games"] >= MIN_SIDE
        entry["choice_judged"] = played >= MIN_SIDE and legal - played >= MIN_SIDE
        cards.append(entry)
    tests = [(c, k) for c in cards for k in ("choice", "access") if c[k]["p"] is not None]
    if tests:
        for (c, k), q in zip(tests, false_discovery_control([c[k]["p"] for c, k in tests])):
            c[k]["p_adjusted"] = float(q)
    # each use's played-against-not-played test: a family of its own (the flags' family is unchanged)
    use_tests = [u for c in cards for u in c["uses"] if u["choice"]["p"] is not None]
    if use_tests:
        for u, q in zip(use_tests, false_discovery_control([u["choice"]["p"] for u in use_tests])):
            u["choice"]["p_adjusted"] = float(q)
    for c in cards:
        for u in c["uses"]:
            u["choice"].setdefault("p_adjusted", None)
        for k in ("choice", "access"):
            c[k].setdefault("p_adjusted", None)
        c["flag"] = flag(c)
    return cards


def unplayed(c: dict) -> bool:
    """Played in under DEAD_PLAY_RATE of the seat-games where it could be (95% sure)."""
    return c["legal_games"] >= MIN_SIDE * 2 and c["play"]["ci95"][1] < DEAD_PLAY_RATE


def flag(c: dict) -> str | None:
    """"dominant": having it to play goes with a win rate at least EFFECT higher (significant
    after correction); "dead": at least EFFECT lower, or played in under DEAD_PLAY_RATE of the
    seat-games where it was legal."""
    a = c["access"]
    # a card the agents (almost) never play is dead whatever its holders won: a card playable only
    # beside a strong one (an ability for a strong transformation) shares its holders' wins
    if unplayed(c):
        return "dead"
    significant = a["p_adjusted"] is not None and a["p_adjusted"] < ALPHA and c["judged"]
    if significant and a["difference"] >= EFFECT:
        return "dominant"
    if significant and a["difference"] <= -EFFECT:
        return "dead"
    return None


def study_stats(store) -> dict:
    """The report's data: the study's description, then each point's figures, then sentences:
    what the study shows and what it cannot conclude."""
    study = store.study()
    names = seat_names(study)
    points = [point_stats(store, study, p, names) for p in range(len(study.points))]
    for p in points:       # raw values serve the comparisons, not the report
        p.pop("lengths", None)
        p.pop("scores", None)
    data = {
        "study": {"game": study.game, "name": find_game(study.game).name, "players": study.players,
                  "agents": study.agent_labels(), "specs": study.specs, "options": study.options,
                  "sweep": [[k, v] for k, v in study.sweep], "seed": study.seed, "cards_hash": study.cards_hash,
                  "games_per_point": study.games, "seat_names": names,
                  "stored_games": sum(p["games"] for p in points)},
        "points": points,
    }
    data["findings"], data["cannot_conclude"], data["card_findings"] = sentences(data)
    from .games import example_games
    data["examples"] = example_games(store, study, data)
    return data


def _pct(x):
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _ci(ci):
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def sentences(data) -> tuple[list[str], list[str], list[str]]:
    """Plain-language findings, limits and one line per flagged card."""
    found, cannot, detail = [], [], []
    multi = len(data["points"]) > 1
    s = data["study"]
    asked = s["games_per_point"] * len(data["points"])
    if s["stored_games"] < asked:
        cannot.append(f"The study is not finished: {s['stored_games']:,} of its {asked:,} games are stored (a run "
                      f"was stopped). Run the same tabletome lab run command again to play the rest; until then "
                      f"every figure here is of the games stored.")
    for pt in data["points"]:
        at = f" at {pt['label']}" if multi else ""
        n = pt["games"]
        if n == 0:
            cannot.append(f"No games are stored{at} yet.")
            continue
        if pt["unfinished"]:
            cannot.append(f"{pt['unfinished']} of {n:,} games{at} hit the decision limit and count as "
                          f"{'lost' if 'solo' in pt else 'draws'}.")
        if "first_seat" in pt:
            f = pt["first_seat"]
            fair = f["fair_share"]
            if f["conclusive"]:
                word = "favoured" if f["advantage"] > 0 else "at a disadvantage"
                found.append(f"The first seat ({f['name']}){at} is {word}: it wins {_pct(f['rate'])} "
                             f"({_ci(f['ci95'])}) of {n:,} games against a fair share of {_pct(fair)} "
                             f"({100 * f['advantage']:+.1f} points).")
            else:
                lo, hi = f["ci95"]
                bound = max(hi - fair, fair - lo)
                if bound <= 0.03:
                    found.append(f"The first seat ({f['name']}){at} is not measurably favoured: it wins "
                                 f"{_pct(f['rate'])} ({_ci(f['ci95'])}) of {n:,} games against a fair share of "
                                 f"{_pct(fair)}, which rules out an advantage or handicap of more than "
                                 f"{100 * bound:.1f} points.")
                else:
                    need = games_needed(f["rate"] or 0.5, max(abs(f["advantage"]), 0.02))
                    cannot.append(f"Whether the first seat ({f['name']}){at} is favoured: it wins "
                                  f"{_pct(f['rate'])} ({_ci(f['ci95'])}), an interval that contains the fair "
                                  f"share {_pct(fair)}; about {need:,} games would detect a difference of "
                                  f"{max(abs(100 * f['advantage']), 2):.1f} points with {POWER:.0%} power.")
            if pt["draws"]:
                found.append(f"{_pct(pt['draws'] / n)} of the games{at} were draws ({pt['draws']:,} of {n:,}); the fair "
                             f"share of wins is {_pct(fair)} per seat.")
            for seat in pt["seats"][1:]:
                lo, hi = seat["ci95"]
                if not (lo <= fair <= hi):
                    word = "more" if seat["rate"] > fair else "less"
                    found.append(f"{seat['name']}{at} wins {word} often than its fair share: {_pct(seat['rate'])} "
                                 f"({_ci(seat['ci95'])}) of {n:,} games against {_pct(fair)}.")
            if len(set(data["study"]["specs"])) > 1:
                for a in pt["agents"]:
                    lo, hi = a["ci95"]
                    if lo <= fair <= hi:
                        cannot.append(f"Whether {a['label']}{at} wins more or less than its fair share: "
                                      f"{_pct(a['rate'])} ({_ci(a['ci95'])}) over {a['games']} seat-games.")
                    else:
                        found.append(f"{a['label']}{at} wins {_pct(a['rate'])} ({_ci(a['ci95'])}) of its "
                                     f"{a['games']} seat-games (fair share {_pct(fair)}).")
        else:
            s = pt["solo"]
            if s["score"]["n"]:
                found.append(f"Solo{at}: score {s['score']['mean']:.2f} ± {s['score']['stdev']:.2f} "
                             f"(mean ± sd, median {s['score']['median']}), won {_pct(s['win']['rate'])} "
                             f"({_ci(s['win']['ci95'])}) of {n:,} games.")
        if pt.get("teams"):
            t = pt["teams"]
            line = ", ".join(f"{team['name']} {_pct(team['rate'])} ({_ci(team['ci95'])})" for team in t["teams"])
            fair_t = t["fair_share"]
            if any(not (team["ci95"][0] <= fair_t <= team["ci95"][1]) for team in t["teams"]):
                found.append(f"Teams{at} (teammates win together) win: {line} of {n:,} games, against a fair share "
                             f"of {_pct(fair_t)} each.")
            else:
                cannot.append(f"Whether a team{at} is favoured (teammates win together): {line} of {n:,} games, "
                              f"every interval containing the fair share {_pct(fair_t)}.")
        for f in pt.get("facts") or []:
            with_ = ", ".join(f"{s['name']} {_pct(s['rate'])}" for s in f["seats"])
            without = ", ".join(f"{s['name']} {_pct(s['rate'])}" for s in f["other_seats"])
            if f["p_adjusted"] is not None and f["p_adjusted"] < ALPHA:
                found.append(f"Who wins{at} changes with {f['fact']} {f['value']}: {with_} in its {f['games']:,} games, "
                             f"{without} in the other {f['other_games']:,} ({f['test']}, adjusted p = "
                             f"{f['p_adjusted']:.2g}).")
        tested = [f for f in pt.get("facts") or [] if f["p_adjusted"] is not None]
        if tested and all(f["p_adjusted"] >= ALPHA for f in tested):
            cannot.append(f"Whether the {tested[0]['fact']} drawn{at} change who wins: none does detectably ("
                          + ", ".join(f"{f['value']} in {f['games']:,} games, adjusted p = {f['p_adjusted']:.2g}"
                                      for f in tested) + ").")
        tempo = pt.get("tempo") or {}
        if tempo.get("decided"):
            dec = tempo["decided"]
            found.append(f"Games{at} are decided (the eventual winner leads on {tempo['lead']} for good, strictly ahead of "
                         f"every other seat) at a median of turn {dec['median_turn']:g}, "
                         f"{100 * dec['median_share']:.0f}% of the way through the game ({dec['games']:,} games with "
                         f"one winner; a turn is a run of decisions by one seat).")
        cards = pt["cards"]
        agents = sorted(set(data["study"]["specs"]))
        mixed = (f"; the seats hold different agents ({' and '.join(agents)}), so these figures mix the agents' "
                 f"strength with the cards'" if len(agents) > 1 else "")
        # at a glance: one line each for the dominant, the dead and the unplayed, strongest first
        flagged = sorted((c for c in cards if c["flag"] and not unplayed(c)),
                         key=lambda c: -(c["access"]["difference"] or 0))
        for word in ("dominant", "dead"):
            group = [c for c in flagged if c["flag"] == word]
            if word == "dead":
                group.reverse()
            if group:
                found.append(f"{'Dominant' if word == 'dominant' else 'Dead'} cards{at} (a seat that could play it won "
                             f"this much {'more' if word == 'dominant' else 'less'} often than a seat of the same game "
                             f"that never could{mixed}): " + ", ".join(
                                 f"{c['card']} {100 * c['access']['difference']:+.1f} points" for c in group) + ".")
        never = [c for c in cards if c["flag"] == "dead" and unplayed(c)]
        if never:
            found.append(f"Cards{at} the agents (almost) never play when they could: " + ", ".join(
                f"{c['card']} ({_pct(c['play']['rate'])} of {c['legal_games']:,} seat-games)" for c in never) + ".")
        for c in sorted(cards, key=lambda c: (c["flag"] != "dominant", unplayed(c),
                                              -(c["access"]["difference"] or 0))):
            a = c["access"]
            if c["flag"] == "dead" and unplayed(c):
                tossed = [u for u in c["uses"] if u["non_play"] and u["chosen_games"]]
                detail.append(f"{c['card']}{at} looks dead: played in only {_pct(c['play']['rate'])} "
                             f"({_ci(c['play']['ci95'])}) of the {c['legal_games']:,} seat-games where it could be"
                             + "".join(f"; chosen as {u['kind']} in {_pct(u['play']['rate'])} of the "
                                       f"{u['legal_games']:,} where it could be" for u in tossed) + ".")
            elif c["flag"] and not a.get("within", True):
                detail.append(f"{c['card']}{at} looks {c['flag']}: the games where it could be played were won "
                              f"{_pct(a['having']['rate'])}, those where it never could {_pct(a['other']['rate'])}: "
                              f"{100 * a['difference']:+.1f} points ({100 * a['ci95'][0]:+.1f} to "
                              f"{100 * a['ci95'][1]:+.1f}); adjusted p = {a['p_adjusted']:.2g}.")
            elif c["flag"]:
                detail.append(f"{c['card']}{at} looks {c['flag']}: in the {a['games']:,} games where some seats had it "
                             f"to play and others never did, the seats that had it won {_pct(a['having']['rate'])}, "
                             f"the others {_pct(a['other']['rate'])}: {100 * a['difference']:+.1f} points "
                             f"({100 * a['ci95'][0]:+.1f} to {100 * a['ci95'][1]:+.1f}); adjusted p = {a['p_adjusted']:.2g}.")
        unjudged = [c["card"] for c in cards if not c["judged"]]
        if unjudged:
            shown = ", ".join(unjudged[:12]) + (f" and {len(unjudged) - 12} more" if len(unjudged) > 12 else "")
            if data["study"]["players"] == 1:
                cannot.append(f"Whether having {shown}{at} to play helps: fewer than {MIN_SIDE} games could play it, "
                              f"or fewer than {MIN_SIDE} never could.")
            else:
                cannot.append(f"Whether having {shown}{at} to play helps: fewer than {MIN_SIDE} games had a seat "
                              f"that could play it and a seat that never could.")
        if cards and data["study"]["players"] == 1:
            cannot.append(f"What a card{at} is worth within a game: a solo game has no other seat to compare with, "
                          f"so the card figures pool the games: the games where the card could be played against "
                          f"the games where it never could (a card seen mostly in long games shares their result).")
        if cards and len(set(data["study"]["specs"])) > 1:
            cannot.append(f"Card statistics{at} pool the seat-games of every agent "
                          f"({', '.join(sorted(set(data['study']['specs'])))}); to judge the cards themselves, "
                          f"give every seat the same agent.")
        if cards:
            cannot.append(f"Why a card{at} goes with winning or losing: the card statistics are associations "
                          f"under these agents (a card playable only after a strong play, or one the agents "
                          f"misuse, is judged with them); choices a seat was not asked (its only legal move, "
                          f"made for it) are not decisions and are not counted.")
        if not cards:
            cannot.append(f"Per-card statistics{at}: no action in this game names a card or component "
                          f"(its actions carry no structured card fields yet).")
    return found, cannot, detail
