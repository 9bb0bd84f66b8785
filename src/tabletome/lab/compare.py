"""Did my change move anything? Two studies of one game compared by the report's own measures.

Every measure the report shows is compared: each seat's win rate, each agent's (when a study
seats different agents), the first seat's advantage (its win rate less the fair share), game
length, the solo win rate and score, and per card its play rate and its within-game effect (the
report's "having it to play" figure). Each change comes with the difference (study − base), its
95% interval, the test, p and the Benjamini–Hochberg adjusted p (every test of the comparison in
one family), and whether it is significant at 0.05. An omnibus test says whether who wins, by
seat, changed at all.

**Paired when the seeds pair.** Two studies with the same seed play the same deals (game ``i``
is dealt ``mix(seed, i)`` at every sweep point), so their games pair one to one. When every game
of each compared group has a partner with the same deal seed in the other, the comparison is
paired:

- a win rate: McNemar's exact test (a binomial test on the discordant games, those won in one
  study and not in the other), Agresti–Min interval for the paired difference;
- a length, a score, the first seat's advantage per game: Wilcoxon's signed-rank test on the
  per-game differences, t interval of the mean difference;
- who wins by seat: the Stuart–Maxwell test of marginal homogeneity on the paired winners.

Otherwise it is unpaired: Fisher's exact test with Newcombe's interval, Mann–Whitney U with
Welch's interval, and a chi-square test of homogeneity for who wins. A card's play rate counts
seat-games where the card was legal, which differ between the studies, so it is always compared
unpaired (Fisher). A card's within-game effect (the Mantel–Haenszel risk difference) has no
closed-form paired test: its standard error comes from a bootstrap over games, resampling the
paired games together when they pair, and gives a normal interval and p.

Cards (and agents) present in one study only are listed as added or removed with their own
figures; options whose values differ are listed as changed settings. Studies that swept the
same points are compared point by point; otherwise each study's games are pooled.
"""

from __future__ import annotations

import json
import math
import statistics

from ..core import IllegalAction
from .stats import CARD_GAMES_SQL, card_stats, non_play_kinds, seat_names, wilson

ALPHA = 0.05
BOOTSTRAP = 1000          # resamples for a card effect's standard error
Z95 = 1.959963984540054


def _groups(bs, os_):
    if bs.game != os_.game:
        raise IllegalAction(f"cannot compare a study of {bs.game} with one of {os_.game}: compare studies of one game")
    if bs.players != os_.players:
        raise IllegalAction(f"the studies seat {bs.players} and {os_.players} players; compare studies with the same "
                            f"number of players")
    blabels = [p["label"] for p in bs.points]
    olabels = [p["label"] for p in os_.points]
    if len(blabels) > 1 and blabels == olabels:
        return [(label, k, k) for k, label in enumerate(blabels)]
    return [(None, None, None)]


def _games(store, point):
    rows = store.query("SELECT point, idx, seed, agents, winners, scores, length FROM games "
                       "WHERE $1 IS NULL OR point = $1 ORDER BY point, idx", [point])
    return [{"key": (p, i), "seed": seed, "agents": agents, "winners": set(w), "score": (s[0] if s else None),
             "length": length} for p, i, seed, agents, w, s, length in rows]


def _pairing(bg, og, bs, os_) -> list | None:
    """The games of both sides as pairs (same key, same deal seed), or None when they do not pair
    one to one. Pooled studies with several points pair only when their points are the same."""
    if len(bs.points) != len(os_.points) or not bg or len(bg) != len(og):
        return None
    for a, b in zip(bg, og):
        if a["key"] != b["key"] or a["seed"] != b["seed"]:
            return None
    return list(zip(bg, og))


# --- the tests --------------------------------------------------------------------------------
def _rate_unpaired(xb, xo):
    """Two lists of 0/1: study rate − base rate, Newcombe's interval, Fisher's exact test."""
    from scipy.stats import fisher_exact
    nb, no, kb, ko = len(xb), len(xo), sum(xb), sum(xo)
    if not nb or not no:
        return None
    pb, po = kb / nb, ko / no
    (lb, ub), (lo_, uo) = wilson(kb, nb), wilson(ko, no)
    d = po - pb
    lo = d - math.sqrt((po - lo_) ** 2 + (ub - pb) ** 2)
    hi = d + math.sqrt((uo - po) ** 2 + (pb - lb) ** 2)
    p = float(fisher_exact([[ko, no - ko], [kb, nb - kb]])[1])
    return pb, po, d, [lo, hi], "Fisher exact", p


def _rate_paired(xb, xo):
    """Paired 0/1 lists: McNemar's exact test (binomial on the discordant pairs), Agresti–Min interval."""
    from scipy.stats import binomtest
    n = len(xb)
    if not n:
        return None
    down = sum(1 for a, b in zip(xb, xo) if a and not b)
    up = sum(1 for a, b in zip(xb, xo) if b and not a)
    d = (up - down) / n
    p12, p21 = (down + 0.5) / (n + 2), (up + 0.5) / (n + 2)
    adj = p21 - p12
    half = Z95 * math.sqrt(max(p12 + p21 - adj * adj, 0.0) / (n + 2))
    p = float(binomtest(up, up + down, 0.5).pvalue) if up + down else 1.0
    return sum(xb) / n, sum(xo) / n, d, [max(-1.0, adj - half), min(1.0, adj + half)], \
        "McNemar exact (paired games)", p


def _values_unpaired(vb, vo):
    """Two samples of numbers: difference of means, Welch's interval, Mann–Whitney U."""
    from scipy.stats import mannwhitneyu, ttest_ind
    if len(vb) < 2 or len(vo) < 2:
        return None
    mb, mo = statistics.fmean(vb), statistics.fmean(vo)
    if len(set(vb) | set(vo)) == 1:
        return mb, mo, 0.0, [0.0, 0.0], "Mann-Whitney U", 1.0
    p = float(mannwhitneyu(vo, vb, alternative="two-sided").pvalue)
    if statistics.pvariance(vb) == 0 and statistics.pvariance(vo) == 0:
        ci = [mo - mb, mo - mb]
    else:
        c = ttest_ind(vo, vb, equal_var=False).confidence_interval(0.95)
        ci = [float(c.low), float(c.high)]
    return mb, mo, mo - mb, ci, "Mann-Whitney U", p


def _values_paired(vb, vo):
    """Paired numbers: mean of the differences, its t interval, Wilcoxon's signed-rank test."""
    from scipy.stats import ttest_rel, wilcoxon
    if len(vb) < 2:
        return None
    diffs = [b - a for a, b in zip(vb, vo)]
    mb, mo, d = statistics.fmean(vb), statistics.fmean(vo), statistics.fmean(diffs)
    if not any(diffs):
        return mb, mo, 0.0, [0.0, 0.0], "Wilcoxon signed-rank (paired games)", 1.0
    p = float(wilcoxon(vo, vb).pvalue)
    if len(set(diffs)) == 1:
        ci = [d, d]
    else:
        c = ttest_rel(vo, vb).confidence_interval(0.95)
        ci = [float(c.low), float(c.high)]
    return mb, mo, d, ci, "Wilcoxon signed-rank (paired games)", p


def _who_wins(pairs, bg, og, names):
    """Omnibus: did the distribution of who wins (each winning seat set; a draw) change?"""
    from scipy.stats import chi2, chi2_contingency

    def cat(g):
        return " + ".join(names[s] for s in sorted(g["winners"])) or "draw"
    share = {}
    for side, games in (("base", bg), ("study", og)):
        counts = {}
        for g in games:
            counts[cat(g)] = counts.get(cat(g), 0) + 1
        share[side] = {k: v / len(games) for k, v in sorted(counts.items())} if games else {}
    cats = sorted(set(share["base"]) | set(share["study"]))
    tv = 0.5 * sum(abs(share["base"].get(c, 0) - share["study"].get(c, 0)) for c in cats)
    if len(cats) < 2:
        return share, tv, None, None
    if pairs is not None:
        import numpy as np
        k = len(cats)
        index = {c: i for i, c in enumerate(cats)}
        table = np.zeros((k, k))
        for a, b in pairs:
            table[index[cat(a)], index[cat(b)]] += 1
        d = (table.sum(1) - table.sum(0))[:-1]
        s = -(table + table.T)
        np.fill_diagonal(s, table.sum(1) + table.sum(0) - 2 * np.diag(table))
        s = s[:-1, :-1]
        if not d.any():
            return share, tv, "Stuart-Maxwell (paired games)", 1.0
        stat = float(d @ np.linalg.pinv(s) @ d)
        rank = int(np.linalg.matrix_rank(s))
        return share, tv, "Stuart-Maxwell (paired games)", float(chi2.sf(stat, max(rank, 1)))
    table = [[round(share[side].get(c, 0) * n) for c in cats] for side, n in (("base", len(bg)), ("study", len(og)))]
    return share, tv, "chi-square homogeneity", float(chi2_contingency(table)[1])


def _card_effects(store, point, study, cards) -> dict:
    """Per card, per game: the Mantel–Haenszel terms of its within-game effect, as arrays over the
    games (in key order), for the bootstrap. Solo studies compare the games that could play it with
    those that never could (pooled), as the report does."""
    import numpy as np
    keys = [tuple(k) for k in store.query("SELECT point, idx FROM games WHERE $1 IS NULL OR point = $1 "
                                          "ORDER BY point, idx", [point])]
    where = {k: i for i, k in enumerate(keys)}
    discards = non_play_kinds(study) or [""]
    solo = study.players == 1
    names = [c["card"] for c in cards]
    col = {c: j for j, c in enumerate(names)}
    shape = (len(keys), len(names))
    out = {"keys": keys, "cards": names, "solo": solo}
    if solo:
        legal = np.zeros(shape)
        won = np.array([bool(w) for (w,) in store.query(
            "SELECT len(winners) > 0 FROM games WHERE $1 IS NULL OR point = $1 ORDER BY point, idx", [point])],
            dtype=float)
        for card, p, i, n1, a, n, w in store.query(CARD_GAMES_SQL, [point, discards]):
            if card in col:
                legal[where[(p, i)], col[card]] = 1.0
        out.update(legal=legal, won=won)
        return out
    num, weight = np.zeros(shape), np.zeros(shape)
    for card, p, i, n1, a, n, w in store.query(CARD_GAMES_SQL, [point, discards]):
        if card not in col or n1 >= n:
            continue
        n0, c = n - n1, w - a
        num[where[(p, i)], col[card]] = (a * n0 - c * n1) / n
        weight[where[(p, i)], col[card]] = n1 * n0 / n
    out.update(num=num, weight=weight)
    return out


def _resampled_effects(data, counts):
    """Each resample's card effects (rows: resamples, columns: cards); counts: resamples × games."""
    import numpy as np
    with np.errstate(invalid="ignore", divide="ignore"):
        if data["solo"]:
            legal, won = data["legal"], data["won"][:, None]
            have = counts @ legal
            never = counts @ (1 - legal)
            return (counts @ (legal * won)) / have - (counts @ ((1 - legal) * won)) / never
        return (counts @ data["num"]) / (counts @ data["weight"])


def _bootstrap_counts(rng, games, reps):
    return rng.multinomial(games, [1.0 / games] * games, size=reps).astype(float)


def _effect_changes(bdata, odata, shared, paired, bvals, ovals):
    """The bootstrap standard error of each shared card's change of effect; a normal interval and p."""
    import numpy as np
    from scipy.stats import norm
    rng = np.random.default_rng(20261205)
    bj = [bdata["cards"].index(c) for c in shared]
    oj = [odata["cards"].index(c) for c in shared]
    draws = []
    for start in range(0, BOOTSTRAP, 250):
        reps = min(250, BOOTSTRAP - start)
        cb = _bootstrap_counts(rng, len(bdata["keys"]), reps)
        co = cb if paired else _bootstrap_counts(rng, len(odata["keys"]), reps)
        draws.append(_resampled_effects(odata, co)[:, oj] - _resampled_effects(bdata, cb)[:, bj])
    draws = np.vstack(draws)
    out = {}
    for j, card in enumerate(shared):
        d = ovals[card] - bvals[card]
        column = draws[:, j]
        column = column[np.isfinite(column)]
        if len(column) < BOOTSTRAP // 2:
            out[card] = (d, None, None)
            continue
        se = float(np.std(column, ddof=1))
        if se == 0:
            out[card] = (d, [d, d], 1.0 if d == 0 else 0.0)
            continue
        out[card] = (d, [max(-2.0, d - Z95 * se), min(2.0, d + Z95 * se)], float(2 * norm.sf(abs(d) / se)))
    return out


# --- the comparison ---------------------------------------------------------------------------
def compare_studies(base, other) -> dict:
    """The comparison as a JSON-ready dict: ``changes`` (one per measure compared: metric, subject,
    base, study, difference, interval, test, p, p_adjusted, significant), ``added`` and ``removed``
    (cards, agents present in one study only, and options set differently, with their own
    figures) and ``paired``. ``lines`` (one sentence per significant change), ``summary`` and the
    studies' names serve the printed table; ``lab compare --json`` prints the first four keys."""
    from scipy.stats import false_discovery_control

    bs, os_ = base.study(), other.study()
    groups = _groups(bs, os_)
    names = seat_names(bs)
    changes, added, removed = [], [], []
    all_paired = True
    for label, bp, op in groups:
        bg, og = _games(base, bp), _games(other, op)
        pairs = _pairing(bg, og, bs, os_)
        paired = pairs is not None
        all_paired = all_paired and paired

        def add(metric, subject, result, **extra):
            if result is None:
                return
            b, s, d, ci, test, p = result
            row = {"metric": metric, "subject": subject, "base": b, "study": s, "difference": d, "interval": ci,
                   "test": test, "p": p}
            if label is not None:
                row["point"] = label
            row.update(extra)
            changes.append(row)

        def rates(fb, fo):
            xb, xo = [fb(g) for g in bg], [fo(g) for g in og]
            return _rate_paired(xb, xo) if paired else _rate_unpaired(xb, xo)

        def values(fb, fo=None):
            fo = fo or fb
            vb, vo = [fb(g) for g in bg], [fo(g) for g in og]
            if paired:
                keep = [(a, b) for a, b in zip(vb, vo) if a is not None and b is not None]
                return _values_paired([a for a, _ in keep], [b for _, b in keep])
            return _values_unpaired([v for v in vb if v is not None], [v for v in vo if v is not None])

        players = bs.players
        if players > 1:
            share, tv, test, p = _who_wins(pairs, bg, og, names)
            if test is not None:
                add("who_wins", "winners by seat", (share["base"], share["study"], tv, None, test, p))
            for s, name in enumerate(names):
                add("seat_win", name, rates(lambda g, s=s: int(s in g["winners"]),
                                            lambda g, s=s: int(s in g["winners"])))
            add("first_seat_advantage", names[0],
                values(lambda g: int(0 in g["winners"]) - len(g["winners"]) / players))
            blabels, olabels = bs.agent_labels(), os_.agent_labels()
            if len(set(bs.specs)) > 1 or len(set(os_.specs)) > 1:
                def agent_won(labels, name):
                    e = labels.index(name)
                    return lambda g: int(any(g["agents"][s] == e for s in g["winners"]))
                for name in blabels:
                    if name in olabels:
                        add("agent_win", name, rates(agent_won(blabels, name), agent_won(olabels, name)))
                where = {} if label is None else {"point": label}
                for name in blabels:
                    if name not in olabels:
                        removed.append(dict(kind="agent", subject=name, **where,
                                            figures=_agent_figures(bg, blabels.index(name))))
                for name in olabels:
                    if name not in blabels:
                        added.append(dict(kind="agent", subject=name, **where,
                                          figures=_agent_figures(og, olabels.index(name))))
        else:
            add("solo_win", names[0], rates(lambda g: int(bool(g["winners"])), lambda g: int(bool(g["winners"]))))
            add("solo_score", names[0], values(lambda g: g["score"]))
        add("length", "decisions per game", values(lambda g: g["length"]))

        # cards: play rate (unpaired: seat-games differ) and the within-game effect (bootstrap)
        bcards = {c["card"]: c for c in card_stats(base, bp, non_play_kinds(bs))}
        ocards = {c["card"]: c for c in card_stats(other, op, non_play_kinds(os_))}
        shared = [c for c in bcards if c in ocards]
        where = {} if label is None else {"point": label}
        for card in shared:
            cb, co = bcards[card]["play"], ocards[card]["play"]
            if cb["games"] and co["games"]:
                add("play_rate", card, _rate_unpaired([1] * cb["wins"] + [0] * (cb["games"] - cb["wins"]),
                                                      [1] * co["wins"] + [0] * (co["games"] - co["wins"])))
        # (a card the report cannot judge in one study, too few games, is not compared either)
        effect = [c for c in shared if bcards[c]["access"]["difference"] is not None
                  and ocards[c]["access"]["difference"] is not None and bcards[c]["judged"] and ocards[c]["judged"]]
        if effect:
            bdata = _card_effects(base, bp, bs, [bcards[c] for c in effect])
            odata = _card_effects(other, op, os_, [ocards[c] for c in effect])
            bvals = {c: bcards[c]["access"]["difference"] for c in effect}
            ovals = {c: ocards[c]["access"]["difference"] for c in effect}
            test = "bootstrap over games" + (" (paired games)" if paired else "")
            for card, (d, ci, p) in _effect_changes(bdata, odata, effect, paired, bvals, ovals).items():
                if p is not None:
                    add("card_effect", card, (bvals[card], ovals[card], d, ci, test, p))
        for card in bcards:
            if card not in ocards:
                removed.append(dict(kind="card", subject=card, **where, figures=_card_figures(bcards[card])))
        for card in ocards:
            if card not in bcards:
                added.append(dict(kind="card", subject=card, **where, figures=_card_figures(ocards[card])))
    # settings: options set differently (or known to one study only)
    bopts, oopts = _options(bs), _options(os_)
    for name in sorted(set(bopts) | set(oopts)):
        if name not in oopts:
            removed.append({"kind": "option", "subject": name, "figures": {"value": bopts[name]}})
        elif name not in bopts:
            added.append({"kind": "option", "subject": name, "figures": {"value": oopts[name]}})
        elif bopts[name] != oopts[name]:
            added.append({"kind": "option", "subject": name, "figures": {"value": oopts[name], "was": bopts[name]}})
    if bs.cards_hash != os_.cards_hash:
        added.append({"kind": "card file", "subject": os_.cards_hash or "the game's own cards",
                      "figures": {"was": bs.cards_hash or "the game's own cards"}})

    tested = [r for r in changes if r["p"] is not None]
    if tested:
        for r, q in zip(tested, false_discovery_control([r["p"] for r in tested])):
            r["p_adjusted"] = float(q)
    for r in changes:
        r.setdefault("p_adjusted", None)
        r["significant"] = r["p_adjusted"] is not None and r["p_adjusted"] < ALPHA
    lines = [_sentence(r) for r in changes if r["significant"]]
    significant = sum(1 for r in changes if r["significant"])
    return {"changes": changes, "added": added, "removed": removed, "paired": all_paired,
            "game": bs.game, "base_path": str(base.path), "study_path": str(other.path),
            "base_games": len(base.finished_keys()), "study_games": len(other.finished_keys()),
            "base_planned": bs.games * len(bs.points), "study_planned": os_.games * len(os_.points),
            "lines": lines,
            "summary": (f"{significant} of {len(tested)} changes are significant after Benjamini-Hochberg "
                        f"correction at {ALPHA} ("
                        + ("paired: the studies play the same deals" if all_paired
                           else "unpaired: the studies do not play the same deals") + ")."
                        if tested else "nothing could be tested")}


JSON_KEYS = ("changes", "added", "removed", "paired")


def compare_json(result) -> str:
    """``lab compare --json``: the changes, what one study only has, and whether the games paired."""
    return json.dumps({k: result[k] for k in JSON_KEYS}, indent=1)


def _options(study) -> dict:
    opts = dict(study.options)
    for k, values in study.sweep:
        opts[k] = "swept: " + ", ".join(str(v) for v in values)
    return opts


def _agent_figures(games, e):
    seat_games = sum(1 for g in games if e in g["agents"])
    wins = sum(1 for g in games for s in g["winners"] if g["agents"][s] == e)
    lo, hi = wilson(wins, seat_games)
    return {"win_rate": wins / seat_games if seat_games else None, "interval": [lo, hi], "seat_games": seat_games}


def _card_figures(c):
    a = c["access"]
    return {"legal_games": c["legal_games"], "play_rate": c["play"]["rate"], "card_effect": a["difference"],
            "interval": a["ci95"], "p_adjusted": a.get("p_adjusted"), "flag": c["flag"], "judged": c["judged"]}


SHORT = {"McNemar exact": "McNemar", "Wilcoxon signed-rank": "Wilcoxon", "bootstrap over games": "bootstrap",
         "Fisher exact": "Fisher", "Mann-Whitney U": "M-W U", "Stuart-Maxwell": "S-Maxwell",
         "chi-square homogeneity": "chi²"}
METRIC_WORDS = {"seat_win": "win rate", "agent_win": "win rate", "solo_win": "solo win rate",
                "first_seat_advantage": "first-seat advantage", "length": "game length",
                "solo_score": "solo score", "play_rate": "play rate when legal", "card_effect": "card effect",
                "who_wins": "who wins"}
POINTS = {"seat_win", "agent_win", "solo_win", "first_seat_advantage", "play_rate", "card_effect"}


def _show(metric, value):
    if value is None:
        return "–"
    if metric == "who_wins":
        return ", ".join(f"{k} {100 * v:.0f}%" for k, v in sorted(value.items(), key=lambda kv: -kv[1])[:3])
    if metric in ("first_seat_advantage", "card_effect"):
        return f"{100 * value:+.1f} pts"
    if metric in POINTS:
        return f"{100 * value:.1f}%"
    return f"{value:.1f}"


def _change(r):
    d, ci = r["difference"], r["interval"]
    if r["metric"] == "who_wins":
        return f"{100 * d:.1f}% moved"
    if r["metric"] in POINTS:
        text = f"{100 * d:+.1f} pts"
        return text + ("" if ci is None else f" [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]")
    return f"{d:+.1f}" + ("" if ci is None else f" [{ci[0]:+.1f}, {ci[1]:+.1f}]")


def _sentence(r) -> str:
    q = f"{r['test']} p = {r['p']:.2g}, adjusted {r['p_adjusted']:.2g}"
    at = f" at {r['point']}" if r.get("point") else ""
    if r["metric"] == "who_wins":
        return (f"Who wins changed{at}: {100 * r['difference']:.1f}% of the outcomes moved between seats "
                f"(base {_show('who_wins', r['base'])}; study {_show('who_wins', r['study'])}; {q}).")
    what = f"{r['subject']}'s {METRIC_WORDS[r['metric']]}" if r["metric"] != "length" else "Game length"
    verb = "rises" if r["difference"] > 0 else "falls"
    return (f"{what}{at} {verb}: {_show(r['metric'], r['base'])} → {_show(r['metric'], r['study'])} "
            f"({_change(r)}; {q}).")


def _played(result, side) -> str:
    """'400 games', or '51 of 100 games, not finished' for a study whose run was stopped."""
    n, planned = result[f"{side}_games"], result.get(f"{side}_planned", 0)
    return f"{n:,} of {planned:,} games, not finished" if n < planned else f"{n:,} games"


def format_compare(result, console) -> None:
    from rich import box
    from rich.table import Table

    from rich.markup import escape as clean
    order = ["who_wins", "seat_win", "first_seat_advantage", "agent_win", "solo_win", "solo_score", "length",
             "card_effect", "play_rate"]
    points = list(dict.fromkeys(r.get("point") for r in result["changes"])) or [None]
    for k, point in enumerate(points):     # one table per compared sweep point, in the sweep's order
        title = (f"{result['game']}: {clean(result['base_path'])} ({_played(result, 'base')}) → "
                 f"{clean(result['study_path'])} ({_played(result, 'study')})") if k == 0 else ""
        if point is not None:
            title += ("\n" if title else "") + f"at {clean(point)}"
        table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
        for col, justify in (("measure", "left"), ("base", "right"), ("study", "right"),
                             ("change, 95% CI", "right"), ("test", "left"), ("adj. p", "right")):
            table.add_column(col, justify=justify, no_wrap=col != "measure",
                             min_width=14 if col == "measure" else None, max_width=17 if col == "measure" else None)
        rows = sorted((r for r in result["changes"] if r.get("point") == point),
                      key=lambda r: (order.index(r["metric"]), not r["significant"], r["subject"]))
        for r in rows:
            if r["metric"] in ("card_effect", "play_rate") and not r["significant"]:
                continue      # the cards that did not move are counted below, not listed
            q = "–" if r["p_adjusted"] is None else f"{r['p_adjusted']:.2g}"
            what = ("who wins (by seat)" if r["metric"] == "who_wins" else "game length (decisions)"
                    if r["metric"] == "length" else f"{r['subject']} {METRIC_WORDS[r['metric']]}")
            base, study = (("", "") if r["metric"] == "who_wins" else
                           (_show(r["metric"], r["base"]), _show(r["metric"], r["study"])))
            table.add_row(clean(what), base, study, _change(r).replace(" [", "\n["),
                          SHORT.get(r["test"].split(" (")[0], r["test"]), q + (" *" if r["significant"] else ""),
                          style="bold green" if r["significant"] else None)
        console.print(table)
    quiet = sum(1 for r in result["changes"] if r["metric"] in ("card_effect", "play_rate") and not r["significant"])
    if quiet:
        console.print(f"{quiet} card measures did not change significantly (all of them: --json). * significant.",
                      soft_wrap=True)
    console.print(result["summary"])
    for line in result["lines"]:
        console.print(f"• {clean(line)}", soft_wrap=True)
    if not result["lines"]:
        console.print("No difference is significant: the change moved nothing these games can detect.")
    for side, items in (("Only in the study", result["added"]), ("Only in the baseline", result["removed"])):
        for item in items:
            f = item["figures"]
            word = side
            if item["kind"] == "card":
                lo, hi = (round(100 * x, 1) + 0 for x in f["interval"] or (0, 0))     # (+ 0: never "-0.0")
                eff = "–" if f["card_effect"] is None else f"{100 * f['card_effect']:+.1f} pts" + (
                    "" if f["interval"] is None else f" [{lo:+.1f}, {hi:+.1f}]")
                if f["card_effect"] is not None and not f.get("judged", True):
                    eff += " (too few games to judge)"
                text = (f"card {item['subject']}: legal in {f['legal_games']:,} seat-games, played "
                        f"{_show('play_rate', f['play_rate'])}, card effect {eff}" + (f" [{f['flag']}]" if f["flag"] else ""))
            elif item["kind"] == "agent":
                text = (f"agent {item['subject']}: wins {_show('seat_win', f['win_rate'])} "
                        + ("" if f["win_rate"] is None else
                           f"[{100 * f['interval'][0]:.1f}, {100 * f['interval'][1]:.1f}] ")
                        + f"of {f['seat_games']:,} seat-games")
            elif "was" in f and item["kind"] == "option":
                text = f"option {item['subject']} = {f['value']} (baseline: {f['was']})"
                word = "Setting changed"
            elif item["kind"] == "card file":
                text = f"card file {item['subject']} (baseline: {f['was']})"
                word = "Setting changed"
            else:
                text = f"option {item['subject']} = {f['value']}"
            console.print(clean(f"{word}: {text}"), soft_wrap=True)
