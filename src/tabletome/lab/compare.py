"""Did my change move anything? Two studies of one game side by side, with two-sample tests.

Win rates (per seat, per agent) and cards' play rates and win-when-played rates are compared with
Fisher's exact test on the 2x2 table of successes and failures; game lengths (and solo scores)
with the Mann-Whitney U test. Every test of a comparison is corrected together with
Benjamini-Hochberg (the false discovery rate), and each difference whose adjusted p is below 0.05
gets a plain-language line. When both studies swept the same points, they are compared point by
point; otherwise each study's games are pooled.
"""

from __future__ import annotations

import statistics

from ..core import IllegalAction
from .stats import point_stats, seat_names

ALPHA = 0.05


def _groups(base, other):
    bs, os_ = base.study(), other.study()
    if bs.game != os_.game:
        raise IllegalAction(f"cannot compare a study of {bs.game} with one of {os_.game}: compare studies of one game")
    if bs.players != os_.players:
        raise IllegalAction(f"the studies seat {bs.players} and {os_.players} players; compare studies with the same "
                            f"number of players")
    blabels = [p["label"] for p in bs.points]
    olabels = [p["label"] for p in os_.points]
    if len(blabels) > 1 and blabels == olabels:
        return bs, os_, [(label, k, k) for k, label in enumerate(blabels)]
    return bs, os_, [("all games", None, None)]


def _fisher(a_hits, a_n, b_hits, b_n):
    from scipy.stats import fisher_exact
    if a_n == 0 or b_n == 0:
        return None
    return float(fisher_exact([[a_hits, a_n - a_hits], [b_hits, b_n - b_hits]])[1])


def _mwu(a, b):
    """Mann-Whitney U's p, and how often a value of ``b`` beats one of ``a`` (ties half)."""
    from scipy.stats import mannwhitneyu
    if len(a) < 2 or len(b) < 2 or (len(set(a)) == 1 and set(a) == set(b)):
        return None, None
    test = mannwhitneyu(b, a, alternative="two-sided")
    return float(test.pvalue), float(test.statistic) / (len(a) * len(b))


def compare_studies(base, other) -> dict:
    """The comparison as a JSON-ready dict: ``rows`` (each measure, base and study values, test,
    p, adjusted p, significant) and ``lines`` (one sentence per significant difference)."""
    from scipy.stats import false_discovery_control

    bs, os_, groups = _groups(base, other)
    names = seat_names(bs)
    rows = []
    for label, bp, op in groups:
        b = point_stats(base, bs, bp, names)
        o = point_stats(other, os_, op, names)
        where = "" if label == "all games" else f" at {label}"

        def rate_row(measure, what, rb, ro, kind="win rate"):
            rows.append({"group": label, "measure": measure, "what": what + where, "kind": kind, "test": "Fisher exact",
                         "base": rb["rate"], "base_ci95": rb["ci95"], "base_n": rb["games"],
                         "study": ro["rate"], "study_ci95": ro["ci95"], "study_n": ro["games"],
                         "p": _fisher(rb["wins"], rb["games"], ro["wins"], ro["games"])})

        if bs.players > 1:
            for sb, so in zip(b["seats"], o["seats"]):
                rate_row(f"seat {sb['name']}", f"{sb['name']} (seat {sb['seat'] + 1})", sb, so)
            # agents are compared when they differ within a study (identical agents are the seats again)
            olabels = {a["label"]: a for a in o["agents"]} if len(set(os_.specs)) > 1 else {}
            for ab in (b["agents"] if len(set(bs.specs)) > 1 else []):
                if ab["label"] in olabels:
                    rate_row(f"agent {ab['label']}", ab["label"], ab, olabels[ab["label"]])
        else:
            rate_row("solo win", "the solo player", b["solo"]["win"], o["solo"]["win"])
            rows.append(_dist_row(label, "solo score", "the final score" + where, b["scores"], o["scores"]))
        rows.append(_dist_row(label, "length", "game length (decisions)" + where, b["lengths"], o["lengths"]))
        ocards = {c["card"]: c for c in o["cards"]}
        for cb in b["cards"]:
            co = ocards.get(cb["card"])
            if co is None:
                continue
            rate_row(f"card {cb['card']} play rate", f"{cb['card']}'s play rate when legal", cb["play"], co["play"],
                     kind="play rate")
            rate_row(f"card {cb['card']} win when legal", f"the win rate of seats that could play {cb['card']}",
                     cb["legal"], co["legal"])
            rate_row(f"card {cb['card']} win when played", f"the win rate of seats playing {cb['card']}",
                     cb["played"], co["played"])
    tested = [r for r in rows if r["p"] is not None]
    if tested:
        for r, q in zip(tested, false_discovery_control([r["p"] for r in tested])):
            r["p_adjusted"] = float(q)
    for r in rows:
        r.setdefault("p_adjusted", None)
        r["significant"] = r["p_adjusted"] is not None and r["p_adjusted"] < ALPHA
    lines = [_sentence(r) for r in rows if r["significant"]]
    return {"game": bs.game, "base": str(base.path), "study": str(other.path),
            "base_games": sum(1 for _ in base.finished_keys()), "study_games": sum(1 for _ in other.finished_keys()),
            "groups": [g[0] for g in groups], "tests": len(tested), "rows": rows, "lines": lines,
            "summary": (f"{len(lines)} of {len(tested)} differences are significant after Benjamini-Hochberg "
                        f"correction at {ALPHA}." if tested else "nothing could be tested")}


def _dist_row(label, measure, what, a, b):
    p, higher = _mwu(a, b)
    return {"group": label, "measure": measure, "what": what, "kind": "distribution", "test": "Mann-Whitney U",
            "base": statistics.fmean(a) if a else None, "base_median": statistics.median(a) if a else None,
            "base_n": len(a), "study": statistics.fmean(b) if b else None,
            "study_median": statistics.median(b) if b else None, "study_n": len(b), "p": p,
            "study_higher": higher}


def _sentence(r) -> str:
    q = f"{r['test']} p = {r['p']:.2g}, adjusted {r['p_adjusted']:.2g}"
    if r["kind"] == "distribution":
        # the direction Mann-Whitney tests: how often a study game beats a baseline game
        up = r["study_higher"] > 0.5
        share = r["study_higher"] if up else 1 - r["study_higher"]
        return (f"{r['what'][0].upper() + r['what'][1:]} tends to be {'higher' if up else 'lower'}: a game of the "
                f"study is {'above' if up else 'below'} a baseline game {100 * share:.1f}% of the time; median "
                f"{r['base_median']:g} → {r['study_median']:g}, mean {r['base']:.1f} → {r['study']:.1f} ({q}).")
    delta = 100 * (r["study"] - r["base"])
    if r["kind"] == "play rate":
        verb = "is played more often" if delta > 0 else "is played less often"
        return (f"{r['what'].split(chr(39))[0]} {verb} when legal: {100 * r['base']:.1f}% → {100 * r['study']:.1f}% "
                f"({delta:+.1f} points; {q}).")
    subject = r["what"]
    return (f"{subject[0].upper() + subject[1:]} {'rises' if delta > 0 else 'falls'}: {100 * r['base']:.1f}% → "
            f"{100 * r['study']:.1f}% ({delta:+.1f} points; {q}).")


def format_compare(result, console) -> None:
    from rich.table import Table

    table = Table(title=f"{result['game']}: {result['base']} ({result['base_games']:,} games) → "
                        f"{result['study']} ({result['study_games']:,} games)")
    for col, justify in (("measure", "left"), ("base", "right"), ("study", "right"), ("change", "right"),
                         ("test", "left"), ("adj. p", "right"), ("", "left")):
        table.add_column(col, justify=justify)
    for r in result["rows"]:
        if r["kind"] == "distribution":
            base = "–" if r["base"] is None else f"{r['base']:.1f}"
            study = "–" if r["study"] is None else f"{r['study']:.1f}"
            change = "–" if r["base"] is None or r["study"] is None else f"{r['study'] - r['base']:+.1f}"
        else:
            base = "–" if r["base"] is None else f"{100 * r['base']:.1f}%"
            study = "–" if r["study"] is None else f"{100 * r['study']:.1f}%"
            change = "–" if r["base"] is None or r["study"] is None else f"{100 * (r['study'] - r['base']):+.1f} pts"
        q = "–" if r["p_adjusted"] is None else f"{r['p_adjusted']:.2g}"
        group = "" if r["group"] == "all games" else f"{r['group']}: "
        table.add_row(group + r["measure"], base, study, change, r["test"], q,
                      "[bold green]significant[/]" if r["significant"] else "")
    console.print(table)
    console.print(result["summary"])
    for line in result["lines"]:
        console.print(f"• {line}")
    if not result["lines"]:
        console.print("No difference is significant: the change moved nothing these games can detect.")
