"""A study's report: the figures (matplotlib, drawn as inline SVG) on one self-contained HTML page,
and the same figures' numbers as JSON.

matplotlib rather than plotly: the page must be one file that opens anywhere, offline, and prints;
static SVG needs no JavaScript (plotly would inline ~3.5 MB of it per report), and the same figures
save as PNG for the docs and for bug reports.
"""

from __future__ import annotations

import html
import io
from pathlib import Path

from ..core import IllegalAction
from .stats import ALPHA, DEAD_PLAY_RATE, EFFECT, MIN_SIDE, Z95, study_stats

COLORS = ["#3b6ea8", "#d9822b", "#4a9a5b", "#b5443c", "#7d5ba6", "#8c6d3f", "#c45fa0", "#6b6b6b"]
FLAG_COLORS = {"dominant": "#1f8a3b", "dead": "#b5443c", None: "#333333"}


def build_report(store) -> dict:
    """``{"data": JSON-ready numbers, "figures": [(name, title, caption, matplotlib Figure)]}``."""
    data = study_stats(store)
    return {"data": data, "figures": figures(data)}


def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"font.size": 10, "axes.spines.top": False, "axes.spines.right": False,
                         "svg.fonttype": "none", "figure.dpi": 100})
    return plt


def _subplots(*args, figsize, **kw):
    """A figure outside pyplot's registry (reports make many; nothing needs to close them)."""
    from matplotlib.figure import Figure
    fig = Figure(figsize=figsize)
    return fig, fig.subplots(*args, **kw)


def _point_label(pt, multi):
    return pt["label"] if multi else "all games"


def figures(data) -> list[tuple]:
    plt = _plt()
    points = [p for p in data["points"] if p["games"]]
    multi = len(data["points"]) > 1
    sweep_name = ", ".join(k for k, _ in data["study"]["sweep"])
    out = []
    solo = data["study"]["players"] == 1
    if not points:
        return out
    if multi and len(points) > 1:
        out.append(("sweep", f"Against {sweep_name}",
                    f"Each figure against the swept value ({sweep_name}), with 95% intervals: "
                    + ("the solo win rate and the mean final score" if solo else
                       "each seat's win rate (dashed: the fair share), the draws, the first seat's advantage")
                    + " and the mean game length. The points are played on the same deals.",
                    _sweep(plt, points, data["study"], solo)))
    if not solo:
        out.append(("seats", "Win rate by seat",
                    "Each bar is how often that seat won, with its 95% interval; the dashed line is the fair "
                    "share (every seat equal). Agents are rotated through the seats, so a bar far from the line "
                    "is the seat's own advantage or handicap.",
                    _bars(plt, [[s["name"] for s in p["seats"]] for p in points], [p["seats"] for p in points],
                          [p["fair_share"] for p in points], [_point_label(p, multi) for p in points],
                          sweep_name)))
        if points[0].get("teams"):
            out.append(("teams", "Win rate by team",
                        "Teammates win and lose together: each bar is how often that team won, with its 95% "
                        "interval; the dashed line is the fair share.",
                        _bars(plt, [[t["name"] for t in p["teams"]["teams"]] for p in points],
                              [p["teams"]["teams"] for p in points], [p["teams"]["fair_share"] for p in points],
                              [_point_label(p, multi) for p in points], sweep_name)))
        if len(set(data["study"]["specs"])) > 1:
            out.append(("agents", "Win rate by agent",
                        "How often each agent won over every seat it sat in, with 95% intervals.",
                        _bars(plt, [[a["label"] for a in p["agents"]] for p in points],
                              [p["agents"] for p in points], [p["fair_share"] for p in points],
                              [_point_label(p, multi) for p in points], sweep_name)))
        out.append(("first_seat", "First-seat advantage",
                    "The first seat's win rate with its 95% interval against the fair share (the dashed mark). "
                    "An interval that crosses the mark means the study cannot tell whether the first seat is "
                    "favoured." + (f" One row per value of {sweep_name}." if multi else ""),
                    _first_seat(plt, points, multi)))
    else:
        out.append(("scores", "Solo score distribution",
                    "How often each final score came up" + (f", for each value of {sweep_name}." if multi else "."),
                    _hist(plt, [p["solo"]["score"] for p in points], [_point_label(p, multi) for p in points],
                          "final score")))
    out.append(("length", "Game length",
                "How many decisions the games took (every choice any seat made, passes included); the marks "
                "below show each distribution's median.",
                _hist(plt, [p["length"] for p in points], [_point_label(p, multi) for p in points], "decisions per game")))
    for k, p in enumerate(points):
        if p.get("tempo"):
            suffix = f" at {p['label']}" if multi else ""
            solo = len(data["study"]["seat_names"]) == 1
            out.append((f"tempo{k}" if multi else "tempo", "Over the game" + suffix,
                        "Each number the game watches, averaged over the games turn by turn (a finished game's "
                        "last values carried on; a solo game's turns are the game's own)." if solo else
                        "Left: each number the game watches, averaged over the games turn by turn, per seat (a "
                        "finished game's last values carried on). Middle: the eventual winner against the mean of "
                        "the other seats, in games with one winner. Right: when the games were decided: the "
                        f"share of the game after which the eventual winner led on {p['tempo']['lead']} for good.",
                        _tempo(plt, p["tempo"], data["study"]["seat_names"])))
    for k, p in enumerate(points):
        if not p["cards"]:
            continue
        suffix = f" at {p['label']}" if multi else ""
        out.append((f"cards{k}" if multi else "cards", "Cards" + suffix,
                    "Left: how much more (or less) often a seat won when it had the card to play at some point "
                    "than a seat of the same game that never did, with a 95% interval (dotted lines: the "
                    "±10-point flag threshold); cards sorted by it. Middle: among the seats that could play it, "
                    "the win rate of those that did (filled) and those that did not (hollow). Right: how often "
                    "it was played when it could be (bar) and discarded when it could be (×, one per kind of "
                    "action the game counts as not playing the card: a discard, taking it into hand). Green "
                    "names are flagged dominant, red ones dead (also when it is almost never "
                    "played: then its left square shows what its holders' other cards did). Rates over fewer "
                    f"than {MIN_SIDE} seat-games are not drawn.",
                    _cards(plt, p["cards"])))
    return out


def _bars(plt, names, groups, fairs, labels, sweep_name):
    cats = names[0]
    width = 0.8 / len(groups)
    fig, ax = _subplots(figsize=(max(5.0, 1.1 * len(cats) * max(1, len(groups)) ** 0.5 + 2), 3.4))
    for g, (rows, fair, label) in enumerate(zip(groups, fairs, labels)):
        xs = [i - 0.4 + width * (g + 0.5) for i in range(len(rows))]
        ys = [100 * (r["rate"] or 0) for r in rows]
        lo = [y - 100 * r["ci95"][0] for y, r in zip(ys, rows)]
        hi = [100 * r["ci95"][1] - y for y, r in zip(ys, rows)]
        ax.bar(xs, ys, width * 0.92, color=COLORS[g % len(COLORS)], label=label, alpha=0.9)
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="none", ecolor="black", capsize=3, lw=1)
        ax.hlines(100 * fair, xs[0] - width / 2, xs[-1] + width / 2, colors=COLORS[g % len(COLORS)],
                  linestyles="dashed", lw=1.2)
        for x, y, h in zip(xs, ys, hi):
            ax.text(x, min(y + h + 1.5, 93), f"{y:.1f}%", ha="center", va="bottom", fontsize=8, color="#222")
    ax.set_xticks(range(len(cats)), cats)
    ax.set_ylabel("win rate (%)")
    ax.set_ylim(0, 100)
    if len(groups) > 1:
        ax.legend(title=sweep_name, fontsize=8, frameon=False, loc="upper right")
    fig.tight_layout()
    return fig


def _first_seat(plt, points, multi):
    fig, ax = _subplots(figsize=(6.0, 0.6 * len(points) + 1.3))
    for k, p in enumerate(points):
        f = p["first_seat"]
        y = len(points) - 1 - k
        x = 100 * (f["rate"] or 0)
        colour = "#1f8a3b" if f["conclusive"] and f["advantage"] > 0 else "#b5443c" if f["conclusive"] else "#777777"
        ax.errorbar([x], [y], xerr=[[x - 100 * f["ci95"][0]], [100 * f["ci95"][1] - x]], fmt="o", color=colour,
                    capsize=4, lw=1.5)
        ax.plot([100 * f["fair_share"]] * 2, [y - 0.3, y + 0.3], "k--", lw=1)
        bound = 100 * max(f["ci95"][1] - f["fair_share"], f["fair_share"] - f["ci95"][0])
        verdict = "favoured" if f["conclusive"] and f["advantage"] > 0 else \
            "disadvantaged" if f["conclusive"] else \
            f"no edge beyond ±{bound:.1f} pts" if bound <= 3 else "cannot tell yet"
        adv = 100 * f["advantage"]
        ax.text(max(100 * f["ci95"][1], 100 * f["fair_share"]) + 1.5, y,
                f"{x:.1f}% ({0.0 if abs(adv) < 0.05 else adv:+.1f} pts): {verdict}", va="center", fontsize=9)
    ax.set_yticks(range(len(points)), [f"{p['first_seat']['name']}" + (f" · {p['label']}" if multi else "")
                                      for p in reversed(points)])
    ax.set_ylim(-0.7, len(points) - 0.3)
    lo = min(100 * p["first_seat"]["ci95"][0] for p in points)
    hi = max(100 * p["first_seat"]["ci95"][1] for p in points)
    hi = max(hi, max(100 * p["first_seat"]["fair_share"] for p in points))
    ax.set_xlim(max(0, lo - 5), min(100, hi + 30))
    ax.set_xlabel("first seat's win rate (%) — dashed: fair share")
    fig.tight_layout()
    return fig


def _sweep(plt, points, study, solo):
    """Small multiples: each measure against the swept value, with intervals."""
    # one swept option: its values on the axis, named below; a grid: the points' labels
    one = len(study["sweep"]) == 1
    labels = [p["label"].split("=", 1)[1] if one else p["label"] for p in points]
    xs = list(range(len(points)))
    panels = 2 if solo else 3
    fig, axes = _subplots(1, panels, figsize=(3.6 * panels + 0.6, 3.2))

    def line(ax, ys, los, his, colour, label=None, dashed=False, shift=0.0):
        ax.errorbar([x + shift for x in xs], ys, yerr=[[y - lo for y, lo in zip(ys, los)], [hi - y for y, hi in zip(ys, his)]],
                    fmt="o-" if not dashed else "o--", color=colour, capsize=3, lw=1.3, ms=4, label=label)

    def axis(ax, ylabel):
        ax.set_xticks(xs, labels, rotation=30 if max(len(x) for x in labels) > 8 else 0, ha="right"
                      if max(len(x) for x in labels) > 8 else "center", fontsize=8)
        ax.set_xlim(-0.4, len(xs) - 0.6)
        if one:
            ax.set_xlabel(study["sweep"][0][0])
        ax.set_ylabel(ylabel)
        ax.grid(axis="y", color="#eeeeee", lw=0.6)

    if solo:
        rates = [p["solo"]["win"] for p in points]
        line(axes[0], [100 * (r["rate"] or 0) for r in rates], [100 * r["ci95"][0] for r in rates],
             [100 * r["ci95"][1] for r in rates], COLORS[0])
        axis(axes[0], "solo win rate (%)")
        scores = [p["solo"]["score"] for p in points]
        means = [s.get("mean", 0) for s in scores]
        half = [Z95 * s.get("stdev", 0) / max(s.get("n", 1), 1) ** 0.5 for s in scores]
        line(axes[1], means, [m - h for m, h in zip(means, half)], [m + h for m, h in zip(means, half)], COLORS[1])
        axis(axes[1], "mean final score")
    else:
        ax = axes[0]
        names = study["seat_names"]
        for k, name in enumerate(names):      # (seats side by side at each value, so intervals do not hide)
            seats = [p["seats"][k] for p in points]
            line(ax, [100 * (r["rate"] or 0) for r in seats], [100 * r["ci95"][0] for r in seats],
                 [100 * r["ci95"][1] for r in seats], COLORS[k % len(COLORS)], label=name,
                 shift=0.08 * (k - (len(names) - 1) / 2))
        ax.plot(xs, [100 * p["fair_share"] for p in points], "k--", lw=1, label="fair share")
        axis(ax, "win rate (%)")
        ax.legend(fontsize=7, frameon=False)
        ax = axes[1]
        adv = [p["first_seat"] for p in points]
        line(ax, [100 * (f["rate"] - f["fair_share"]) for f in adv],
             [100 * (f["ci95"][0] - f["fair_share"]) for f in adv],
             [100 * (f["ci95"][1] - f["fair_share"]) for f in adv], COLORS[0], label="first seat − fair share")
        from .stats import rate as wilson_rate
        draws = [wilson_rate(p["draws"], p["games"]) for p in points]
        line(ax, [100 * d["rate"] for d in draws], [100 * d["ci95"][0] for d in draws],
             [100 * d["ci95"][1] for d in draws], COLORS[3], label="draws (%)", dashed=True, shift=0.08)
        ax.axhline(0, color="black", lw=0.8)
        axis(ax, "points")
        ax.legend(fontsize=7, frameon=False)
    ax = axes[-1]
    lengths = [p["length"] for p in points]
    means = [s.get("mean", 0) for s in lengths]
    half = [Z95 * s.get("stdev", 0) / max(s.get("n", 1), 1) ** 0.5 for s in lengths]
    line(ax, means, [m - h for m, h in zip(means, half)], [m + h for m, h in zip(means, half)], COLORS[2])
    axis(ax, "mean game length (decisions)")
    fig.tight_layout()
    return fig


def _hist(plt, summaries, labels, xlabel):
    if len(summaries) > 1:
        return _small_multiples(plt, summaries, labels, xlabel)
    fig, ax = _subplots(figsize=(6.5, 3.2))
    top = 0
    for g, (s, label) in enumerate(zip(summaries, labels)):
        h = s.get("histogram") or {"edges": [], "counts": []}
        if not h["counts"]:
            continue
        total = sum(h["counts"])
        shares = [100 * c / total for c in h["counts"]]
        top = max(top, max(shares))
        ax.stairs(shares, h["edges"], color=COLORS[g % len(COLORS)], lw=1.6,
                  fill=len(summaries) == 1, alpha=0.85 if len(summaries) == 1 else 1.0,
                  label=f"{label}: median {s['median']:g}, mean {s['mean']:.1f}")
    for g, s in enumerate(summaries):
        if s.get("n"):
            ax.plot([s["median"]], [-0.04 * top], marker="^", color=COLORS[g % len(COLORS)], clip_on=False)
    beyond = sum(s.get("beyond_histogram", 0) for s in summaries if s.get("n"))
    if beyond:     # a long thin tail: the bulk is shown, and what is cut off is said
        longest = max(s["max"] for s in summaries if s.get("n"))
        xlabel += f"\n({beyond} game{'s' if beyond != 1 else ''} beyond the right edge, up to {longest:g})"
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games (%)")
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8, frameon=False)
    fig.tight_layout()
    return fig


def _tempo(plt, tempo, seat_names):
    names = tempo["measures"][:3]
    fig, axes = _subplots(len(names), 3, figsize=(11.0, 2.5 * len(names) + 0.5), squeeze=False)
    for r, name in enumerate(names):
        ax = axes[r][0]
        for s, series in enumerate(tempo["by_seat"][name]):
            ax.plot(range(len(series)), series, color=COLORS[s % len(COLORS)], lw=1.4, label=seat_names[s])
        ax.set_ylabel(name)
        ax.set_title("by seat", fontsize=8)
        if r == 0:
            ax.legend(fontsize=7, frameon=False)
        ax = axes[r][1]
        result = tempo["by_result"].get(name)
        if result:
            ax.plot(range(len(result["winner"])), result["winner"], color="#1f8a3b", lw=1.6, label="eventual winner")
            ax.plot(range(len(result["others"])), result["others"], color="#b5443c", lw=1.6, label="the other seats")
            ax.set_title(f"by result ({result['games']:,} games with one winner)", fontsize=8)
            if r == 0:
                ax.legend(fontsize=7, frameon=False)
        else:
            ax.set_visible(False)
        for a in axes[r][:2]:
            a.grid(axis="y", color="#eeeeee", lw=0.6)
            if r == len(names) - 1:
                a.set_xlabel("turn (a run of decisions by one seat)" if len(seat_names) > 1 else "turn (the game's own)")
        ax = axes[r][2]
        dec = tempo.get("decided")
        if r == 0 and dec:
            h = dec["histogram"]
            total = sum(h["counts"])
            ax.stairs([100 * c / total for c in h["counts"]], [100 * e for e in h["edges"]], fill=True,
                      color=COLORS[4], alpha=0.85)
            ax.axvline(100 * dec["median_share"], color="black", lw=1, ls=":")
            ax.set_xlabel("decided at (% of the game's turns)")
            ax.set_ylabel("share of games (%)")
            ax.set_title(f"median: turn {dec['median_turn']:g}, {100 * dec['median_share']:.0f}% of the way",
                         fontsize=8)
        else:
            ax.set_visible(False)
    fig.tight_layout()
    return fig


def _small_multiples(plt, summaries, labels, xlabel):
    """One small histogram per sweep point, on shared axes (rather than overlaid curves)."""
    n = len(summaries)
    cols = min(n, 3)
    rows = -(-n // cols)
    fig, axes = _subplots(rows, cols, figsize=(3.4 * cols + 0.4, 2.2 * rows + 0.6), sharex=True, sharey=True,
                          squeeze=False)
    flat = [a for row in axes for a in row]
    for k, (s, label) in enumerate(zip(summaries, labels)):
        ax = flat[k]
        h = s.get("histogram") or {"edges": [], "counts": []}
        if h["counts"]:
            total = sum(h["counts"])
            ax.stairs([100 * c / total for c in h["counts"]], h["edges"], color=COLORS[k % len(COLORS)], fill=True,
                      alpha=0.85)
            ax.axvline(s["median"], color="black", lw=1, ls=":")
        ax.set_title(f"{label}\nmedian {s.get('median', 0):g}, mean {s.get('mean', 0):.1f}", fontsize=8)
        ax.grid(axis="y", color="#eeeeee", lw=0.6)
    for ax in flat[n:]:
        ax.set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel(xlabel, fontsize=8)
    for row in axes:
        row[0].set_ylabel("share (%)", fontsize=8)
    fig.tight_layout()
    return fig


def card_order(c):
    """Cards judged, strongest first; then those the agents (almost) never play; then the cards seen
    in too few games to say anything, apart at the bottom (not at the top for a lucky few games)."""
    from .stats import unplayed
    d = c["access"]["difference"]
    group = 2 if not c["judged"] or d is None else 1 if unplayed(c) else 0
    return (group, -(d or 0), c["card"])


def _cards(plt, cards):
    rows = sorted(cards, key=card_order)
    n = len(rows)
    fig, (ax0, ax, ax2) = _subplots(1, 3, figsize=(11.0, 0.27 * n + 1.6), sharey=True,
                                       gridspec_kw={"width_ratios": [2.2, 2.2, 1.2]})
    for k, c in enumerate(rows):
        y = n - 1 - k
        a = c["access"]
        if a["difference"] is not None:
            x = 100 * a["difference"]
            lo, hi = (100 * v for v in a["ci95"])
            colour = FLAG_COLORS[c["flag"]] if c["flag"] else "#6b8fb8"
            ax0.errorbar([x], [y], xerr=[[x - lo], [hi - x]], fmt="s", color=colour, ms=5, capsize=0, lw=1.2)
        for side in ("played", "not_played"):
            r = c[side]
            if r["games"] < MIN_SIDE:      # a handful of seat-games says nothing and draws a long bar
                continue
            x = 100 * r["rate"]
            filled = side == "played"
            ax.errorbar([x], [y + (0.13 if filled else -0.13)],
                        xerr=[[x - 100 * r["ci95"][0]], [100 * r["ci95"][1] - x]], fmt="o",
                        color=COLORS[0] if filled else COLORS[1], mfc=(COLORS[0] if filled else "white"),
                        ms=5, capsize=0, lw=1)
        p = c["play"]
        x = 100 * (p["rate"] or 0)
        ax2.barh([y], [x], color=FLAG_COLORS[c["flag"]] if c["flag"] else "#9bb5d3", height=0.6)
        ax2.errorbar([x], [y], xerr=[[x - 100 * p["ci95"][0]], [100 * p["ci95"][1] - x]], fmt="none",
                     ecolor="black", lw=0.8)
        for u in c.get("uses", []):
            if u["non_play"] and u["legal_games"]:       # (not clipped at 100%)
                ax2.plot([100 * u["play"]["rate"]], [y], marker="x", color="#444444", ms=5, mew=1.2, clip_on=False)
    # the groups of card_order, drawn apart
    groups = [card_order(c)[0] for c in rows]
    for g, text in ((1, "almost never played"), (2, "too few games to judge")):
        if g in groups:
            first = groups.index(g)
            y = n - 1 - first + 0.5
            for a in (ax0, ax, ax2):
                a.axhline(y, color="#999999", lw=0.8, ls="--")
            ax0.text(0.01, y - 0.05, text, transform=ax0.get_yaxis_transform(), va="top", fontsize=7,
                     color="#666666", style="italic")
    labels = [(c["card"] + (f"  [{c['flag']}]" if c["flag"] else "")) for c in rows]
    ax0.set_yticks(range(n), list(reversed(labels)))
    for tick, c in zip(ax0.get_yticklabels(), reversed(rows)):
        tick.set_color(FLAG_COLORS[c["flag"]])
        if c["flag"]:
            tick.set_fontweight("bold")
    ax0.axvline(0, color="black", lw=0.8)
    for v in (-100 * EFFECT, 100 * EFFECT):
        ax0.axvline(v, color="#999999", lw=0.8, ls=":")
    ax0.set_xlabel("having it to play: win-rate change (points;\nseats that could play it vs seats of the same\ngame that never could)")
    ax0.set_ylim(-0.7, n - 0.3)
    ax0.grid(axis="x", color="#eeeeee", lw=0.6)
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate (%) when it could be played:\n● played it   ○ did not")
    ax.grid(axis="x", color="#dddddd", lw=0.6)
    ax2.set_xlim(0, 100)
    ax2.set_xlabel("played when it could be (%)\n× discarded (or another non-play)")
    ax2.grid(axis="x", color="#dddddd", lw=0.6)
    fig.tight_layout()
    return fig


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]


def save_images(report, folder) -> list[Path]:
    """Each figure as ``DIR/NAME.png`` (for docs and bug reports)."""
    from .store import make_folder
    folder = make_folder(folder, "for the images")
    paths = []
    for name, _title, _caption, fig in report["figures"]:
        path = folder / f"{name}.png"
        try:
            fig.savefig(path, format="png", dpi=80, bbox_inches="tight")
        except OSError as exc:
            raise IllegalAction(f"cannot write {path}: {exc.strerror or exc}") from None
        paths.append(path)
    return paths


CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; max-width: 1120px; margin: 24px auto;
       padding: 0 16px; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; margin-bottom: 0.1em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ddd; }
.meta { color: #555; } .box { border-radius: 6px; padding: 10px 16px; margin: 12px 0; }
.found { background: #eef6ee; border: 1px solid #b9dcb9; } .cannot { background: #fbf3e4; border: 1px solid #e8cf9c; }
.box h3 { margin: 4px 0 6px; } .box li { margin: 3px 0; }
figure { margin: 14px 0 22px; } figcaption { color: #444; font-size: 0.92em; margin-top: 4px; max-width: 860px; }
figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 0.9em; margin: 8px 0 16px; }
td, th { border-bottom: 1px solid #e4e4e4; padding: 3px 9px; text-align: right; }
table.cards { font-size: 0.8em; } table.cards td { white-space: nowrap; }
table.cards td.uses { white-space: normal; min-width: 11em; } .ci { color: #666; font-size: 0.9em; }
table.cards td.uses { font-size: 0.85em; color: #444; }
.wide { overflow-x: auto; } ul.cardlines li { margin: 3px 0; } th.group { text-align: center; border-bottom: 2px solid #bbb; }
td:first-child, th:first-child { text-align: left; }
tr.dominant td:first-child { color: #1f8a3b; font-weight: bold; } tr.dead td:first-child { color: #b5443c; font-weight: bold; }
code { background: #f3f3f3; padding: 0 4px; border-radius: 3px; }
.tabs > input { position: absolute; opacity: 0; }
.tabs > label { display: inline-block; padding: 4px 12px; margin: 0 4px 8px 0; border: 1px solid #bbb;
                border-radius: 14px; cursor: pointer; font-size: 0.9em; }
.tabs > input:checked + label { background: #3b6ea8; color: white; border-color: #3b6ea8; }
.tabs > input:focus-visible + label { outline: 2px solid #d9822b; }
.tabs > .panel { display: none; }
@media print { .tabs > .panel { display: block; } .tabs > label { display: none; } }
"""


def _pct(x):
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(r):
    return f"{100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}%" if r["games"] else "–"


def html_page(report) -> str:
    d = report["data"]
    s = d["study"]
    esc = html.escape
    opts = ", ".join(f"{k}={v}" for k, v in s["options"].items()) or "none"
    sweep = "; ".join(f"{k} = {', '.join(str(v) for v in vals)}" for k, vals in s["sweep"])
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{esc(s['name'])} study</title>"
             f"<style>{CSS}</style></head><body>",
             f"<h1>{esc(s['name'])}: {s['stored_games']:,} games"
             + (f" of {s['games_per_point'] * len(d['points']):,} (not finished)"
                if s['stored_games'] < s['games_per_point'] * len(d['points']) else "") + "</h1>",
             (f"<p class='meta'>Every seat: <b>{esc(s['specs'][0])}</b> · " if len(set(s["specs"])) == 1 else
              f"<p class='meta'>Agents (rotated through the seats): <b>{esc(' vs '.join(s['agents']))}</b> · ")
             + f"{s['players']} player{'s' if s['players'] != 1 else ''} · options: {esc(opts)}"
             + (f" · swept: <b>{esc(sweep)}</b>" if sweep else "")
             + f" · cards: {esc(s['cards_hash'] or 'the game’s own')} · study seed {s['seed']}</p>"]
    parts.append("<div class='box found'><h3>At a glance</h3><ul>" +
                 "".join(f"<li>{esc(t)}</li>" for t in d["findings"] or ["Nothing stands out at 95% confidence."]) +
                 "</ul></div>")
    if d["cannot_conclude"]:
        parts.append("<div class='box cannot'><h3>What this study cannot conclude</h3><ul>" +
                     "".join(f"<li>{esc(t)}</li>" for t in d["cannot_conclude"]) + "</ul></div>")
    sections = {"sweep": "Against the swept value", "seats": "Who wins", "scores": "Scores",
                "length": "How long games take", "tempo": "Over the game", "tempo0": "Over the game"}
    card_figures = [f for f in report["figures"] if f[0].startswith("cards")]
    tabs = len(card_figures) > 1
    for name, title, caption, fig in report["figures"]:
        if name in sections:
            parts.append(f"<h2>{sections[name]}</h2>")
        elif name.startswith("cards") and (name == "cards" or name == card_figures[0][0]):
            parts.append("<h2>Cards</h2><p class='meta'>A seat-game is one seat in one game. A card is "
                         "<i>legal</i> there when an action naming it was among the seat's choices at least once, "
                         "<i>played</i> when the seat chose one; a discard (or what else the game counts as not "
                         "playing it, e.g. taking it into hand) is neither. Flagged "
                         f"<b style='color:#1f8a3b'>dominant</b>: seats that had it to play won at least "
                         f"{EFFECT * 100:.0f} points more often than the seats of the same games that never did "
                         f"(Mantel–Haenszel over the games where some seats had it and some did not, so a card seen "
                         f"mostly in long or drawn games is not blamed for them; Cochran–Mantel–Haenszel test, "
                         f"Benjamini–Hochberg adjusted p &lt; {ALPHA}, at least {MIN_SIDE} such games); "
                         f"<b style='color:#b5443c'>dead</b>: at least "
                         f"{EFFECT * 100:.0f} points less often, or played in under {DEAD_PLAY_RATE * 100:.0f}% of the "
                         "seat-games where it was legal. Deals are random, so having a card is close to a fair "
                         "experiment; <i>played against not played</i> is not: it follows the agents' choices (a "
                         "second-best card played only when the best is missing looks bad). Both are measured "
                         "under these agents: read a flag as “look at this card”, not as a verdict.</p>")
            if tabs:
                # one card section: a selector of the sweep point (CSS only, no script; all shown in print)
                parts.append("<div class='tabs'>" + "".join(
                    f"<input type='radio' name='cardpoint' id='cp{i}'{' checked' if i == 0 else ''}>"
                    f"<label for='cp{i}'>{esc(d['points'][int(f[0][5:])]['label'])}</label>"
                    for i, f in enumerate(card_figures)))
        if name.startswith("cards") and tabs:
            parts.append(f"<div class='panel' id='panel{card_figures.index((name, title, caption, fig))}'>")
        fig_svg = _svg(fig)
        parts.append(f"<figure><div>{fig_svg}</div><figcaption><b>{esc(title)}.</b> {esc(caption)}</figcaption></figure>")
        if name == "agents" or (name == "seats" and len(set(d["study"]["specs"])) == 1):
            parts.append(_tables(d))
            parts.append(_facts_table(d))
        if name.startswith("cards"):
            k = int(name[5:]) if name[5:] else 0
            label = d["points"][k]["label"]
            lines = [t for t in d.get("card_findings", []) if not label or f" at {label} " in t]
            if lines:
                parts.append("<ul class='cardlines'>" + "".join(f"<li>{esc(t)}</li>" for t in lines) + "</ul>")
            parts.append(_card_table(d["points"][k]))
            if tabs:
                parts.append("</div>")
                if name == card_figures[-1][0]:
                    parts.append("</div><style>" + "".join(
                        f"#cp{i}:checked ~ #panel{i} {{ display: block; }}" for i in range(len(card_figures)))
                        + "</style>")
    parts.append(_examples(d))
    parts.append("<p class='meta'>Made by <code>tabletome lab report</code>; the same numbers: "
                 "<code>tabletome lab report STUDY --json</code>.</p></body></html>")
    return "\n".join(parts)


def _examples(d) -> str:
    """The games behind the numbers: a command that replays each (add --server URL to watch it in
    a running server's replay viewer, --record FILE to keep it)."""
    esc = html.escape
    multi = len(d["points"]) > 1
    items = []
    for pt in d.get("examples", {}).get("points", []):
        at = f" at {pt['label']}" if multi else ""
        def codes(games):
            return ", ".join(f"<code>{esc(g['command'])}</code>" for g in games)
        for card, games in pt["cards"].items():
            if games:
                items.append(f"<li>{esc(card)}{esc(at)}: a seat that could play it {games[0]['had_it_and']}: "
                             f"{codes(games)}</li>")
        if pt["upsets"]:
            g = pt["upsets"][0]
            items.append(f"<li>Upsets{esc(at)} ({esc(g['winner'])} beat {esc(g['loser'])}): {codes(pt['upsets'])}</li>")
        if pt["long"]:
            items.append(f"<li>The longest games{esc(at)} ("
                         + ", ".join(f"{g['length']:,}" for g in pt["long"]) + f" decisions): {codes(pt['long'])}</li>")
    if not items:
        return ""
    return ("<h2>Games behind the numbers</h2><p class='meta'>Each command prints the game's story; add "
            "<code>--server http://127.0.0.1:8000</code> to open it in a running server's replay viewer, or "
            "<code>--record FILE</code> to keep it as a record.</p><ul class='cardlines'>" + "".join(items) + "</ul>")


def _tables(d) -> str:
    multi = len(d["points"]) > 1
    rows = []
    for p in d["points"]:
        same = len(set(d["study"]["specs"])) == 1
        teams = p["teams"]["teams"] if p.get("teams") else []
        for kind, items in (("seat", p["seats"]), ("team", teams), ("agent", [] if same else p["agents"])):
            for r in items:
                rows.append(f"<tr><td>{html.escape((p['label'] + ' · ') if multi else '')}{kind} "
                            f"{html.escape(r.get('name') or r.get('label'))}</td><td>{r['wins']:,}</td>"
                            f"<td>{r['games']:,}</td><td>{_pct(r['rate'])}</td><td>{_ci(r)}</td></tr>")
    return ("<table><tr><th></th><th>wins</th><th>games</th><th>win rate</th><th>95% interval</th></tr>"
            + "".join(rows) + "</table>")


def _facts_table(d) -> str:
    """What the games drew that their options do not say (e.g. the factions dealt): each seat's win
    rate in the games with it and in the others, and whether who wins depends on it."""
    multi = len(d["points"]) > 1
    rows = []
    for p in d["points"]:
        for f in p.get("facts") or []:
            def rates(seats):
                return " · ".join(f"{html.escape(s['name'])} {_pct(s['rate'])}" for s in seats)
            q = "–" if f["p_adjusted"] is None else f"{f['p_adjusted']:.2g}"
            rows.append(f"<tr><td>{html.escape((p['label'] + ' · ') if multi else '')}{html.escape(f['fact'])} "
                        f"{html.escape(f['value'])}</td><td>{f['games']:,}</td><td>{rates(f['seats'])}</td>"
                        f"<td>{f['other_games']:,}</td><td>{rates(f['other_seats'])}</td><td>{q}</td></tr>")
    if not rows:
        return ""
    return ("<h3>What the games drew</h3><p class='meta'>Drawn at random, not set by an option (e.g. the factions "
            "dealt): who won in the games with each, and in the others; adjusted p of a chi-square test of who wins "
            "(Benjamini–Hochberg across the rows).</p><table><tr><th></th><th>games</th><th>win rate with it</th>"
            "<th>other games</th><th>win rate without</th><th>adjusted p</th></tr>" + "".join(rows) + "</table>")


def _card_table(p) -> str:
    def pts(d):
        return "–" if d["difference"] is None else f"{100 * d['difference']:+.1f}"

    def q(d):
        return "–" if d["p_adjusted"] is None else f"{d['p_adjusted']:.2g}"

    def span(d):
        return "–" if d["ci95"] is None else f"{100 * d['ci95'][0]:+.1f} to {100 * d['ci95'][1]:+.1f}"
    rows = []
    for c in sorted(p["cards"], key=card_order):
        kinds = "<br>".join(html.escape(f"{u['kind']} {_pct(u['play']['rate'])} of {u['legal_games']:,}")
                            for u in c.get("uses", [])[:4])
        rows.append(f"<tr class='{c['flag'] or ''}'><td>{html.escape(c['card'])}"
                    f"{' [' + c['flag'] + ']' if c['flag'] else ''}</td><td>{c['legal_games']:,}</td>"
                    f"<td>{c['access']['games']:,}</td><td>{_pct(c['access']['having']['rate'])}</td>"
                    f"<td>{_pct(c['access']['other']['rate'])}</td>"
                    f"<td>{pts(c['access'])}<br><span class='ci'>{span(c['access'])}</span></td><td>{q(c['access'])}</td>"
                    f"<td>{_pct(c['play']['rate'])}</td><td>{_pct(c['played']['rate'])}</td>"
                    f"<td>{_pct(c['not_played']['rate'])}</td><td>{pts(c['choice'])}</td><td>{q(c['choice'])}</td>"
                    f"<td class='uses'>{kinds}</td></tr>")
    return ("<div class='wide'><table class='cards'><tr><th></th><th></th><th colspan='5' class='group'>having it to play "
            "(games where some seats had it and others never did)</th>"
            "<th colspan='5' class='group'>playing it when it was legal</th><th></th></tr>"
            "<tr><th>card</th><th>legal in</th><th>games</th><th>win: had it</th><th>win: never</th>"
            "<th>change (pts), 95% interval</th><th>adj. p</th><th>played</th><th>win when played</th>"
            "<th>win when not</th><th>change (pts)</th><th>adj. p</th>"
            "<th>chosen as (share of the seat-games where it could be)</th></tr>" + "".join(rows) + "</table></div>")


def write_html(report, path) -> Path:
    from .store import write_file
    return write_file(path, html_page(report))
