"""The example studies of docs/lab.md: play them, print their figures, and write them into the page.

    python docs/lab_examples.py                     # play every example (resuming), print the figures as JSON
    python docs/lab_examples.py --only sl-firebolt  # one example
    python docs/lab_examples.py --write             # ... and rewrite its blocks in docs/lab.md (and its PNGs)

Every number the page's "Example studies" quote sits between ``<!-- example:NAME -->`` and
``<!-- /example:NAME -->`` and is rendered here from the studies' own report and comparison (the
lab's Python API, the same code as ``tabletome lab report`` and ``lab compare``); the commands shown
are rendered from the same study specs, so the page cannot say one thing and do another.
``docs/lab/examples.json`` keeps the figures of the last full run. tests/lab/test_docs.py checks
that each block is the rendering of those figures, and re-plays the quick examples (small studies)
to check their figures exactly; the rest are re-played by its ``slow`` test. Studies go to
``runs/docs/`` (resumed when present; delete it to start over).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "lab.md"
FIGURES = ROOT / "docs" / "lab" / "examples.json"
RUNS = ROOT / "runs" / "docs"


@dataclass
class Spec:
    """One study: what ``tabletome lab run`` is given."""
    name: str
    game: str
    seats: list
    games: int
    seed: int = 1
    players: int | None = None
    options: dict = field(default_factory=dict)
    sweep: list = field(default_factory=list)
    card_change: tuple | None = None     # (card, field, value): the game's own card file with one number changed

    def cards_path(self, runs: Path) -> Path | None:
        if self.card_change is None:
            return None
        card, key, value = self.card_change
        return runs / f"{self.game}-{card}-{key}-{value}.toml".lower()

    def command(self) -> str:
        seats = " ".join(f"--seat {s}" for s in self.seats)
        parts = [f"tabletome lab run {self.game} {seats}"]
        if self.players:
            parts.append(f"--players {self.players}")
        parts.append(f"--games {self.games} --seed {self.seed}")
        parts += [f"--option {k}={v}" for k, v in self.options.items()]
        parts += [f"--sweep {s}" for s in self.sweep]
        if self.card_change:
            parts.append(f"--cards runs/docs/{self.cards_path(Path('.')).name}")
        parts.append(f"--out runs/docs/{self.name}.duckdb")
        return " ".join(parts)


@dataclass
class Tune:
    """One ``lab tune`` search: what the command line is given."""
    name: str
    game: str
    seats: list
    params: list
    goals: list
    games: int
    trials: int
    seed: int = 1

    def command(self) -> str:
        return (f"tabletome lab tune {self.game} " + " ".join(f"--seat {s}" for s in self.seats) + " "
                + " ".join(f"--param '{p}'" for p in self.params) + " "
                + " ".join(f"--goal '{g}'" for g in self.goals)
                + f" --games {self.games} --trials {self.trials} --seed {self.seed} --out runs/docs/{self.name}")


@dataclass
class Example:
    name: str
    studies: list
    quick: bool = False            # small enough for CI to re-play on every run
    compare: tuple | None = None   # (base study, changed study)
    images: str | None = None      # save the (last) study's report figures here, under docs/
    tune: Tune | None = None
    shown: tuple = ()              # which of its figures the page shows


EXAMPLES = [
    Example("sl-first", [Spec("sl-first", "spirit-link", ["heuristic", "heuristic"], 4000,
                              sweep=["first=alternate,north"])], images="lab/spirit-link",
            shown=("sweep", "seats")),
    Example("sl-cards", [Spec("sl-cards", "spirit-link", ["heuristic", "heuristic"], 10000)],
            images="lab/spirit-link-cards", shown=("cards",)),
    Example("sl-firebolt", [Spec("sl-firebolt-base", "spirit-link", ["heuristic", "heuristic"], 400),
                            Spec("sl-firebolt-3", "spirit-link", ["heuristic", "heuristic"], 400,
                                 card_change=("Eternal-Firebolt", "cost", 3))],
            quick=True, compare=("sl-firebolt-base", "sl-firebolt-3")),
    Example("sl-tune", [], tune=Tune("tune-firebolt", "spirit-link", ["heuristic", "heuristic"],
                                     ["Eternal-Firebolt.cost=1..6", "Eternal-Firebolt.damage=2..6"],
                                     ["card-effect:Eternal-Firebolt<=5"], games=1000, trials=16)),
    Example("ls-cards", [Spec("ls-cards", "life-siphon", ["heuristic", "heuristic"], 1500)],
            images="lab/life-siphon-cards", shown=("cards",)),
    Example("ls-fearsome", [Spec("ls-base", "life-siphon", ["heuristic"], 2000, players=4),
                            Spec("ls-fearsome", "life-siphon", ["heuristic"], 2000, players=4,
                                 options={"fearsome": "on"})],
            compare=("ls-base", "ls-fearsome"), images="lab/life-siphon-fearsome", shown=("seats", "first_seat")),
]
BY_NAME = {e.name: e for e in EXAMPLES}


# --- playing ----------------------------------------------------------------------------------
def changed_cards(spec: Spec) -> str:
    """The game's own card file with one number changed (the line ``key = N`` of that card)."""
    import tabletome
    game = tabletome.game(spec.game)
    source = (Path(tabletome.__file__).parent / "games" / game.id.replace("-", "_") / "cards.toml").read_text()
    card, key, value = spec.card_change
    match = re.search(r'name = "' + re.escape(card) + r'"\n(?:.+\n)*?' + re.escape(key) + r" = (-?\d+)\n", source)
    if match is None:
        raise SystemExit(f"{card} has no {key} in {game.id}'s card file")
    return source[:match.start(1)] + str(value) + source[match.end(1):]


def play(spec: Spec, runs: Path, workers: int | None) -> Path:
    from tabletome.lab import Store, make_study, run_study
    runs.mkdir(parents=True, exist_ok=True)
    cards = spec.cards_path(runs)
    if cards is not None:
        cards.write_text(changed_cards(spec))
    specs = spec.seats * spec.players if spec.players and len(spec.seats) == 1 else spec.seats
    study = make_study(spec.game, specs, spec.games, players=spec.players, options=dict(spec.options),
                       sweep=list(spec.sweep), cards=cards, seed=spec.seed)
    path = runs / f"{spec.name}.duckdb"
    with Store(path) as store:
        run_study(study, store, workers=workers)
    return path


# --- the figures ------------------------------------------------------------------------------
def _round(value):
    """Numbers as the page prints them (so a figure compares equal whatever the float noise)."""
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, dict):
        return {k: _round(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_round(v) for v in value]
    return value


def figures(example: Example, paths: dict) -> dict:
    """What the page quotes from this example's studies."""
    from tabletome.lab import Store
    from tabletome.lab.compare import compare_studies, format_compare
    from tabletome.lab.stats import study_stats
    out = {"commands": [s.command() for s in example.studies], "studies": {}}
    if example.tune is not None:
        t = example.tune
        summary = paths["tune"]

        def brief(r):
            goal = next(iter(r["goals"].values()))
            return {"label": r["label"], "miss": r["miss"], "met": r["met"], "effect": goal["largest_effect"]}
        out["commands"] = [t.command()]
        out["tune"] = {"ranked": [brief(r) for r in summary["ranked"]], "trials": summary["trials"],
                       "distinct": summary["distinct_candidates"], "separation": summary["separation"],
                       "best_cards": _changed_lines(summary)}
        return _round(out)
    for spec in example.studies:
        with Store(paths[spec.name], create=False, read_only=True) as store:
            data = study_stats(store)
        study = {"games": data["study"]["stored_games"], "findings": data["findings"],
                 "card_findings": data["card_findings"], "points": []}
        for p in data["points"]:
            point = {"label": p["label"], "games": p["games"], "draws": p["draws"]}
            if "first_seat" in p:
                point["first_seat"] = {k: p["first_seat"][k] for k in ("name", "rate", "ci95", "fair_share", "conclusive")}
                point["seats"] = [{"name": s["name"], "rate": s["rate"], "ci95": s["ci95"]} for s in p["seats"]]
            point["cards"] = {c["card"]: {"effect": c["access"]["difference"], "ci95": c["access"]["ci95"],
                                          "games": c["access"]["games"], "play": c["play"]["rate"],
                                          "legal_games": c["legal_games"], "flag": c["flag"]}
                              for c in p["cards"]}
            study["points"].append(point)
        out["studies"][spec.name] = study
    if example.compare:
        base, changed = example.compare
        with Store(paths[base], create=False, read_only=True) as a, Store(paths[changed], create=False,
                                                                          read_only=True) as b:
            result = compare_studies(a, b)
        from rich.console import Console
        console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
        result["base_path"] = f"runs/docs/{base}.duckdb"
        result["study_path"] = f"runs/docs/{changed}.duckdb"
        format_compare(result, console)
        out["compare"] = {"paired": result["paired"], "summary": result["summary"], "lines": result["lines"],
                          "printed": "\n".join(line.rstrip() for line in console.file.getvalue().splitlines()),
                          "changes": [{k: r[k] for k in ("metric", "subject", "base", "study", "difference",
                                                         "interval", "p_adjusted", "significant")}
                                      for r in result["changes"]],
                          "added": [a["subject"] for a in result["added"] if a["kind"] == "card"]}
    return _round(out)


def _changed_lines(summary) -> list[str]:
    """The lines of the best card file that differ from the game's own."""
    import tabletome
    game = tabletome.game(summary["game"])
    own = (Path(tabletome.__file__).parent / "games" / game.id.replace("-", "_") / "cards.toml").read_text()
    best = Path(summary["best_cards"]).read_text()
    return [b for a, b in zip(own.splitlines(), best.splitlines()) if a != b]


# --- the page ---------------------------------------------------------------------------------
def pct(x):
    return f"{100 * x:.1f}%"


def pts(x):
    return f"{100 * x:+.1f}".replace("-", "−")


def commands(f) -> str:
    return "```bash\n" + "\n".join(f["commands"]) + "\n```\n"


def quote(lines) -> str:
    return "\n>\n".join("> " + line for line in lines) + "\n"


def render(name: str, f: dict) -> str:
    """The Markdown block of one example, from its figures only."""
    return RENDER[name](f)


def _sl_first(f):
    (study,) = f["studies"].values()
    bounds = []
    for p in study["points"]:
        fs = p["first_seat"]
        bounds.append(max(fs["ci95"][1] - fs["fair_share"], fs["fair_share"] - fs["ci95"][0]))
    settled = all(not p["first_seat"]["conclusive"] for p in study["points"])
    answer = (f"**Answer: no.** Under heuristic play the first seat has no advantage larger than about "
              f"{100 * max(bounds):.1f} points at either value of `first`; "
              f"{pct(min(p['draws'] / p['games'] for p in study['points']))} to "
              f"{pct(max(p['draws'] / p['games'] for p in study['points']))} of the games are draws."
              if settled else
              "**Answer: yes.** " + " ".join(f"At {p['label']} the first seat wins {pct(p['first_seat']['rate'])} "
                                           f"against a fair share of {pct(p['first_seat']['fair_share'])}."
                                           for p in study["points"]))
    return (commands(f) + "\nThe report's \"At a glance\":\n\n" + quote(study["findings"]) + "\n" + answer + "\n")


def _cards(f, intro=""):
    (study,) = f["studies"].values()
    (p,) = study["points"]
    flagged = sorted(((c, v) for c, v in p["cards"].items() if v["flag"] and v["effect"] is not None
                      and v["play"] is not None and v["play"] >= 0.05), key=lambda cv: -cv[1]["effect"])
    spans = ""
    if flagged:
        (top, t), (low, w) = flagged[0], flagged[-1]
        spans = (f"\nThe intervals: {top} {pts(t['ci95'][0])} to {pts(t['ci95'][1])} points over the "
                 f"{t['games']:,} games where one seat could play it and another never could; {low} "
                 f"{pts(w['ci95'][0])} to {pts(w['ci95'][1])} over {w['games']:,}.\n")
    return (commands(f) + intro + "\nThe report's \"At a glance\":\n\n" + quote(study["findings"]) + spans)


def _sl_firebolt(f):
    c = f["compare"]
    row = next(r for r in c["changes"] if r["metric"] == "card_effect" and r["subject"] == "Eternal-Firebolt")
    play = next(r for r in c["changes"] if r["metric"] == "play_rate" and r["subject"] == "Eternal-Firebolt")
    word = "changes significantly" if row["significant"] else "does not change significantly"
    return (commands(f) + "\n`lab compare` prints:\n\n```\n" + c["printed"] + "\n```\n\n"
            f"Eternal-Firebolt's card effect {word}: {pts(row['base'])} → {pts(row['study'])} points "
            f"({pts(row['difference'])}, 95% interval {pts(row['interval'][0])} to {pts(row['interval'][1])}; "
            f"adjusted p = {row['p_adjusted']:.2g}); the heuristic casts it in {pct(play['base'])} → "
            f"{pct(play['study'])} of the seat-games where it could.\n")


def _ls_fearsome(f):
    c = f["compare"]
    base, fearsome = f["studies"].values()
    seats = [r for r in c["changes"] if r["metric"] == "seat_win"]
    largest = max(seats, key=lambda r: abs(r["difference"]))
    moved = [r for r in seats if r["significant"]]
    omnibus = next(r for r in c["changes"] if r["metric"] == "who_wins")
    answer = (("**Answer: yes, who wins changes.** " if moved or omnibus["significant"] else
               "**Answer: no detectable change in who wins.** ") +
              f"The largest shift is {largest['subject']}'s, {pts(largest['difference'])} points "
              f"(95% interval {pts(largest['interval'][0])} to {pts(largest['interval'][1])}, adjusted "
              f"p = {largest['p_adjusted']:.2g}); the omnibus test of who wins by seat gives adjusted "
              f"p = {omnibus['p_adjusted']:.2g}. The Fearsome cards, in the study only: "
              f"{', '.join(c['added'])}.")
    return (commands(f) + "\n`lab compare` prints:\n\n```\n" + c["printed"] + "\n```\n\n"
            "The two reports' \"At a glance\":\n\n> Without the Fearsome:\n>\n" + quote(base["findings"])
            + "\n> With the Fearsome:\n>\n" + quote(fearsome["findings"]) + "\n" + answer + "\n")


def _sl_tune(f):
    t = f["tune"]
    best = t["ranked"][0]
    rows = "\n".join(f"| {r['label']} | {pts(r['effect']) if r['effect'] is not None else '–'} | "
                     f"{'yes' if r['met'] else 'no'} |" for r in t["ranked"][:6])
    sep = t["separation"]
    apart = (f" The runner-up differs by {100 * sep['difference']:.1f} points; telling the two apart with 80% "
             f"power would take about {sep['games_needed']:,} games each ({sep['games_played']:,} were played)."
             if sep and sep["games_needed"] else "")
    return (commands(f) + f"\nThe search tried {t['distinct']} different card files in {t['trials']} trials. "
            f"The six closest to the goal:\n\n| candidate | Eternal-Firebolt's card effect (points) | meets the goal |\n"
            f"|---|---|---|\n{rows}\n\n"
            + (f"**Answer:** {best['label']} meets it" if best["met"] else
               f"**Answer:** no candidate meets it; the closest is {best['label']}")
            + f" (card effect {pts(best['effect'])} points).{apart} `best.toml` differs from the game's own "
            f"card file in: " + ", ".join(f"`{line.strip()}`" for line in t["best_cards"]) + ".\n")


RENDER = {"sl-tune": _sl_tune, "sl-first": _sl_first, "sl-cards": _cards, "sl-firebolt": _sl_firebolt, "ls-cards": _cards,
          "ls-fearsome": _ls_fearsome}


def block(text: str, name: str) -> str | None:
    """The block of ``name`` in the page, or None."""
    m = re.search(rf"<!-- example:{re.escape(name)} -->\n(.*?)<!-- /example:{re.escape(name)} -->", text, re.S)
    return m.group(1) if m else None


def write_block(text: str, name: str, body: str) -> str:
    if block(text, name) is None:
        raise SystemExit(f"docs/lab.md has no <!-- example:{name} --> block")
    return re.sub(rf"(<!-- example:{re.escape(name)} -->\n).*?(<!-- /example:{re.escape(name)} -->)",
                  lambda m: m.group(1) + body + m.group(2), text, flags=re.S)


def spec_hash(example: Example) -> str:
    commands = [s.command() for s in example.studies] + ([example.tune.command()] if example.tune else [])
    return hashlib.sha256(json.dumps(commands).encode()).hexdigest()[:12]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=list(BY_NAME), help="only this example (repeatable)")
    parser.add_argument("--quick", action="store_true", help="only the examples CI re-plays")
    parser.add_argument("--runs", default=str(RUNS), help="where the study files go (default runs/docs)")
    parser.add_argument("--workers", type=int, help="local processes (default: every core)")
    parser.add_argument("--write", action="store_true",
                        help="rewrite the examples' blocks in docs/lab.md, docs/lab/examples.json and the PNGs")
    args = parser.parse_args(argv)
    chosen = [BY_NAME[n] for n in args.only] if args.only else [e for e in EXAMPLES if e.quick or not args.quick]
    runs = Path(args.runs)
    result = {}
    for example in chosen:
        paths = {s.name: play(s, runs, args.workers) for s in example.studies}
        if example.tune is not None:
            from tabletome.lab.tune import tune
            t = example.tune
            paths["tune"] = tune(t.game, t.seats, t.params, t.goals, t.games, t.trials, runs / t.name, seed=t.seed,
                                 workers=args.workers)
        result[example.name] = dict(figures(example, paths), spec=spec_hash(example))
        if args.write and example.images:
            from tabletome.lab import Store
            from tabletome.lab.report import build_report, save_images
            with Store(paths[example.studies[-1].name], create=False, read_only=True) as store:
                report = build_report(store)
            report["figures"] = [f for f in report["figures"] if f[0] in example.shown]
            save_images(report, ROOT / "docs" / example.images)
    print(json.dumps(result, indent=1, ensure_ascii=False))
    if args.write:
        stored = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
        stored.update(result)
        FIGURES.write_text(json.dumps(stored, indent=1, ensure_ascii=False) + "\n")
        text = DOC.read_text()
        for name, f in result.items():
            text = write_block(text, name, render(name, f))
        DOC.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
