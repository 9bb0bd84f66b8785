"""``lab tune``: search card numbers (or options) for a card file that meets a goal, every candidate
judged by simulated games stored as a study.

    tabletome lab tune spirit-link --seat heuristic --players 2 --param 'Eternal-Firebolt.cost=2..6' \\
        --goal card-effect<=10 --games 400 --trials 12 --out runs/tune-firebolt

**Why Optuna (TPE), not NTBEA.** NTBEA (the N-Tuple Bandit Evolutionary Algorithm TAG uses) was
designed for exactly this (few noisy evaluations of game parameters), but it has no maintained
Python package; Optuna is well kept, takes integer and categorical parameters directly, its TPE
sampler models which values do well from few trials, and its ask/tell interface lets each trial be
a study played on local workers or Ray like ``lab run``. The noise NTBEA is built for is reduced
here by design instead: every candidate plays the same deals (the study seed is shared), so two
candidates differ by their numbers, not by their luck, and a candidate asked for twice is the same
stored study (played once). A space no larger than the trials is searched whole, each candidate
once, without the sampler.

Parameters: ``CARD.FIELD=LO..HI`` (a whole-number field of one card in the card file: damage,
cost, health...; every value from LO to HI) or ``OPTION=V1,V2,...`` (a game option). Goals (one or
more; a candidate's *miss* is the sum of how far it is from each, 0 when it meets them all):

- ``first-seat=X``: the first seat's win rate is X (or ``first-seat=fair``: the fair share);
- ``card-effect<=X``: no judged card's within-game effect is more than X points from 0
  (``card-effect:CARD<=X``: that card's; a card too rarely seen to be judged, or no card judged
  at all, misses by 1; a CARD neither in the card file nor named by the first trial's actions
  stops the search there);
- ``mode-win=LO-HI``: the solo win rate (or, with several seats, the first seat's) is in [LO, HI];
- ``seat-win=LO-HI``: every seat's win rate is in [LO, HI].

The search writes into OUT: ``trials/*.duckdb`` (one study per candidate), ``best.toml`` (the
card file of the candidate with the smallest miss), ``best.html`` (its report) and ``tune.json``
(every trial: its numbers, its figures, its miss; the winner, the runner-up, and how many games
would tell them apart: the games a test at 5% needs for 80% power at the difference the goal's
measure shows between them).
"""

from __future__ import annotations

import hashlib
import inspect
import itertools
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from ..core import IllegalAction
from ..core import game as find_game
from ..core.files import read_text
from ..core.text import shown
from .store import make_folder, write_file


@dataclass
class Param:
    text: str
    kind: str             # "card" or "option"
    card: str | None
    field: str | None
    values: list

    @property
    def name(self) -> str:
        return f"{self.card}.{self.field}" if self.kind == "card" else self.field


@dataclass
class Goal:
    text: str
    kind: str             # first-seat, card-effect, mode-win, seat-win
    target: object        # a number, "fair", or (lo, hi)


PARAM_RANGE = 200         # at most this many values in one parameter


def game_card_text(game) -> str:
    path = Path(inspect.getfile(type(game))).parent / "cards.toml"
    if not path.exists():
        raise IllegalAction(f"{game.name} has no card file of its own; give one with --cards FILE")
    return path.read_text()


def card_block(text: str, card: str) -> tuple[int, int] | None:
    """Where the table of the card named ``card`` is in a card file (start, end), or None."""
    heads = [m.start() for m in re.finditer(r"^\[\[?[^\]\n]+\]\]?[ \t]*$", text, re.M)] + [len(text)]
    for start, end in zip(heads, heads[1:]):
        if re.search(r'^name\s*=\s*"' + re.escape(card) + r'"\s*$', text[start:end], re.M):
            return start, end
    return None


def set_card_number(text: str, card: str, field: str, value: int) -> str:
    where = card_block(text, card)
    if where is None:
        raise IllegalAction(f"the card file has no card named {card!r}")
    start, end = where
    block = text[start:end]
    pattern = re.compile(r"^(" + re.escape(field) + r"\s*=\s*)(-?\d+)(\s*(#.*)?)$", re.M)
    if not pattern.search(block):
        raise IllegalAction(f"{card} has no whole-number field {field!r} in the card file")
    return text[:start] + pattern.sub(lambda m: m.group(1) + str(value) + m.group(3), block, count=1) + text[end:]


def parse_param(text: str, game, card_text: str) -> Param:
    name, eq, values = text.partition("=")
    name, values = name.strip(), values.strip()
    if not eq or not name or not values:
        raise IllegalAction(f"a parameter is written CARD.FIELD=LO..HI or OPTION=V1,V2, not {text!r}")
    if ".." in values:
        card, dot, field = name.rpartition(".")
        if not dot or not card or not field:
            raise IllegalAction(f"a card number is written CARD.FIELD=LO..HI (e.g. Wolf.damage=1..5), not {text!r}")
        lo, _, hi = values.partition("..")
        try:
            lo, hi = int(lo), int(hi)
        except ValueError:
            raise IllegalAction(f"{text!r}: LO..HI must be whole numbers") from None
        if lo > hi or hi - lo + 1 > PARAM_RANGE:
            raise IllegalAction(f"{text!r}: LO..HI must go up, with at most {PARAM_RANGE} values")
        for value in (lo, hi):        # the card and its field exist, and the card file allows both ends
            game.check_cards(set_card_number(card_text, card, field, value), f"--param {text!r} at {value}")
        return Param(text, "card", card, field, list(range(lo, hi + 1)))
    if name not in game.options:
        raise IllegalAction(f"{game.name} has no option {name!r}; its options are: {', '.join(game.options) or 'none'} "
                            f"(a card number is written CARD.FIELD=LO..HI)")
    items = [v.strip() for v in values.split(",") if v.strip()]
    return Param(text, "option", None, name, [game.coerce_option(name, v) for v in items])


def parse_goal(text: str) -> Goal:
    t = text.replace(" ", "")
    m = re.fullmatch(r"first-seat=(fair|[0-9.]+%?)", t)
    if m:
        return Goal(text, "first-seat", "fair" if m.group(1) == "fair" else _share(m.group(1)))
    m = re.fullmatch(r"card-effect(?::(.+))?<=([0-9.]+)", text.strip())
    if m:
        return Goal(text, "card-effect", (m.group(1).strip() if m.group(1) else None, _number(m.group(2), text) / 100))
    m = re.fullmatch(r"(mode-win|seat-win)=([0-9.]+%?)-([0-9.]+%?)", t)
    if m:
        lo, hi = _share(m.group(2)), _share(m.group(3))
        if lo > hi:
            raise IllegalAction(f"goal {text!r}: the range must go up")
        return Goal(text, m.group(1), (lo, hi))
    raise IllegalAction(f"a goal is one of first-seat=X (or first-seat=fair), card-effect<=POINTS (or "
                        f"card-effect:CARD<=POINTS), "
                        f"mode-win=LO-HI, seat-win=LO-HI (rates as 0.3 or 30%), not {text!r}")


def _number(text: str, goal: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise IllegalAction(f"goal {goal!r}: {text!r} is not a number") from None


def _share(text: str) -> float:
    try:
        value = float(text.rstrip("%"))
    except ValueError:
        raise IllegalAction(f"a rate is a number between 0 and 1 (or 0% and 100%), not {text!r}") from None
    value = value / 100 if text.endswith("%") or value > 1 else value
    if not 0 <= value <= 1:
        raise IllegalAction(f"a rate is between 0 and 1 (or 0% and 100%), not {text!r}")
    return value


def _match_card(goal: Goal, names) -> bool:
    """Match a card-effect goal's card to one of ``names`` whatever its case, and name it there as
    ``names`` writes it; False when it is none of them (a goal on any card matches at once)."""
    card, limit = goal.target
    if card is None:
        return True
    for name in names:
        if name.casefold() == card.casefold():
            goal.target = (name, limit)
            return True
    return False


def measure(goal: Goal, point: dict) -> tuple[float, dict]:
    """How far a study's figures miss a goal (0 when met), and the figures judged."""
    if goal.kind == "first-seat":
        f = point.get("first_seat")
        if f is None:
            raise IllegalAction("first-seat goals need two or more players")
        target = f["fair_share"] if goal.target == "fair" else goal.target
        return abs(f["rate"] - target), {"first_seat": f["rate"], "target": target, "ci95": f["ci95"]}
    if goal.kind == "card-effect":
        card, limit = goal.target
        judged = {c["card"]: c["access"] for c in point["cards"]
                  if c["judged"] and c["access"]["difference"] is not None and card in (None, c["card"])}
        if card is not None and not judged:
            # not judged (too few games where one seat had it and another did not): as far as can be
            return 1.0, {"largest_effect": None, "card": card, "judged_cards": 0}
        if not judged:
            # no card judged at all: the goal has no evidence, as far as can be
            return 1.0, {"largest_effect": None, "card": None, "judged_cards": 0}
        worst = max(judged.items(), key=lambda kv: abs(kv[1]["difference"]))
        effect = worst[1]["difference"]
        return max(0.0, abs(effect) - limit), {"largest_effect": effect, "card": worst[0],
                                               "judged_cards": len(judged),
                                               "ci95": worst[1]["ci95"]}
    lo, hi = goal.target
    if goal.kind == "mode-win":
        win = point["solo"]["win"] if "solo" in point else point["seats"][0]
        rate = win["rate"]
        return max(0.0, lo - rate, rate - hi), {"win_rate": rate, "ci95": win["ci95"]}
    rates = [s["rate"] for s in point["seats"]]
    return sum(max(0.0, lo - r, r - hi) for r in rates), {"seat_win_rates": rates,
                                                           "seat_ci95": [s["ci95"] for s in point["seats"]]}


def tune(game_id: str, specs, params, goals, games: int, trials: int, out, players=None, options=None,
         cards=None, seed: int = 0, workers=None, use_ray=False, ray_address=None, progress=None) -> dict:
    """Run the search; returns what ``tune.json`` holds."""
    try:
        import optuna
    except ImportError:
        raise IllegalAction("lab tune needs Optuna: pip install 'tabletome[lab]'") from None
    from .report import build_report, write_html
    from .runner import run_study
    from .stats import games_needed, study_stats
    from .store import Store
    from .study import make_study

    game = find_game(game_id)
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= 1000:
        raise IllegalAction(f"--trials must be a whole number from 1 to 1000, not {trials!r}")
    base_text = read_text(cards, "card file") if cards is not None else game_card_text(game)
    card_names = game.check_cards(base_text, str(cards or "the game's card file")).names
    params = [parse_param(p, game, base_text) if isinstance(p, str) else p for p in params]
    goals = [parse_goal(g) if isinstance(g, str) else g for g in goals]
    # a card-effect goal names a card of the card file (its case as written there), or another
    # component an action names (a realm, a Familiar): that one is looked for in the first trial
    unseen = [g for g in goals if g.kind == "card-effect" and not _match_card(g, card_names)]
    if not params:
        raise IllegalAction("name what to search with --param (e.g. --param 'Wolf.damage=1..5')")
    if not goals:
        raise IllegalAction("name the goal with --goal (e.g. --goal first-seat=0.5)")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise IllegalAction("a parameter is named twice; give each once")
    options = dict(options or {})
    for p in params:
        if p.kind == "option" and p.field in options:
            raise IllegalAction(f"option {p.field!r} is both set (--option) and searched (--param); choose one")
    # every candidate must be a valid study: check the corners before playing anything
    make_study(game_id, specs, games, players=players, options=dict(options, **{
        p.field: p.values[0] for p in params if p.kind == "option"}), seed=seed)
    out = make_folder(out, "for the search")
    make_folder(out / "trials", "for the trials")

    def candidate(values: dict) -> tuple[str, dict]:
        text = base_text
        opts = dict(options)
        for p in params:
            if p.kind == "card":
                text = set_card_number(text, p.card, p.field, values[p.name])
            else:
                opts[p.field] = values[p.name]
        return text, opts

    results: dict[str, dict] = {}

    def evaluate(values: dict) -> dict:
        label = ", ".join(f"{k}={v}" for k, v in values.items())
        if label in results:
            return results[label]
        text, opts = candidate(values)
        key = hashlib.sha256(label.encode()).hexdigest()[:10]
        card_path = out / "trials" / f"{key}.toml"
        write_file(card_path, text)
        study = make_study(game_id, specs, games, players=players, options=opts, cards=card_path, seed=seed)
        path = out / "trials" / f"{key}.duckdb"
        with Store(path) as store:
            run_study(study, store, workers=workers, use_ray=use_ray, ray_address=ray_address)
            data = study_stats(store)
        point = data["points"][0]
        while unseen:
            goal = unseen.pop()
            if not _match_card(goal, [c["card"] for c in point["cards"]]):
                raise IllegalAction(
                    f"goal {shown(goal.text)}: no card or component is named {shown(goal.target[0])}: the card file has no such "
                    f"card, and no action of the first trial's {point['games']} games named it; the card file's "
                    f"cards: {', '.join(sorted(set(card_names))[:40])}")
        miss, judged = 0.0, {}
        for g in goals:
            m, figures = measure(g, point)
            miss += m
            judged[g.text] = dict(figures, miss=m)
        result = {"values": values, "label": label, "study": str(path), "cards": str(card_path),
                  "games": point["games"], "miss": miss, "met": miss == 0, "goals": judged,
                  "first_seat": point.get("first_seat", {}).get("rate"),
                  "seats": [s["rate"] for s in point["seats"]]}
        results[label] = result
        return result

    from .runner import ray_start
    started_ray = ray_start(ray_address) if use_ray else False     # once, for every trial
    try:
        return _search(optuna, params, goals, trials, seed, evaluate, results, progress, out, game, games,
                       build_report, write_html, games_needed, Store)
    finally:
        if started_ray:
            import ray
            ray.shutdown()


def _search(optuna, params, goals, trials, seed, evaluate, results, progress, out, game, games,
            build_report, write_html, games_needed, Store) -> dict:
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    order = []
    space = math.prod(len(p.values) for p in params)
    if space <= trials:
        # a space no larger than the trials is searched whole, each candidate once, in order: TPE
        # would ask for some twice and leave others untried
        sampler_name, trials = "every candidate", space
        for k, combo in enumerate(itertools.product(*(p.values for p in params))):
            result = evaluate(dict(zip((p.name for p in params), combo)))
            order.append(result["label"])
            if progress is not None:
                progress(k + 1, trials, result)
    else:
        sampler_name = "optuna TPE"
        sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(5, trials))
        search = optuna.create_study(direction="minimize", sampler=sampler)
        for k in range(trials):
            trial = search.ask()
            values = {}
            for p in params:
                if p.kind == "card":
                    values[p.name] = trial.suggest_int(p.name, p.values[0], p.values[-1])
                else:
                    values[p.name] = trial.suggest_categorical(p.name, p.values)
            result = evaluate(values)
            order.append(result["label"])
            search.tell(trial, result["miss"])
            if progress is not None:
                progress(k + 1, trials, result)
    ranked = sorted(results.values(), key=lambda r: (r["miss"], r["label"]))
    best = ranked[0]
    runner = ranked[1] if len(ranked) > 1 else None
    write_file(out / "best.toml", Path(best["cards"]).read_text())
    with Store(best["study"], create=False, read_only=True) as store:
        write_html(build_report(store), out / "best.html")
    separation = None
    if runner is not None:
        # the goal measure's difference between the two, and the games a test needs to see it (80% power)
        a, b = _headline(best), _headline(runner)
        if a is not None and b is not None:
            diff = abs(a - b)
            separation = {"measure": _headline_name(best), "best": a, "runner_up": b, "difference": diff,
                          "games_needed": games_needed(min(max(a, b), 0.95), diff) if diff > 0 else None,
                          "games_played": best["games"]}
    summary = {"game": game.id, "goals": [g.text for g in goals], "params": [p.text for p in params],
               "games_per_trial": games, "trials": trials, "seed": seed, "distinct_candidates": len(results),
               "sampler": sampler_name, "best": best, "runner_up": runner, "separation": separation,
               "trials_in_order": order, "ranked": ranked, "best_cards": str(out / "best.toml"),
               "best_report": str(out / "best.html")}
    write_file(out / "tune.json", json.dumps(summary, indent=1))
    return summary


def _headline(result):
    """The figure of the first goal, for saying how far apart two candidates are."""
    first = next(iter(result["goals"].values()))
    for key in ("first_seat", "win_rate", "largest_effect"):
        if key in first and first[key] is not None:
            return abs(first[key]) if key == "largest_effect" else first[key]
    rates = first.get("seat_win_rates")
    return max(rates) if rates else None


MEASURES = {"first_seat": "the first seat's win rate", "win_rate": "the win rate",
            "largest_effect": "the largest card effect", "seat_win_rates": "the highest seat win rate", None: "figure"}


def _headline_name(result):
    first = next(iter(result["goals"].values()))
    return next((k for k in ("first_seat", "win_rate", "largest_effect", "seat_win_rates") if k in first), None)


def describe(summary) -> list[str]:
    """The closing lines ``lab tune`` prints."""
    best, runner, sep = summary["best"], summary["runner_up"], summary["separation"]
    searched = ("every one tried" if summary["sampler"] == "every candidate" else f"{summary['trials']} trials")
    lines = [f"best of {summary['distinct_candidates']} candidates ({searched}, "
             f"{summary['games_per_trial']:,} games each): {best['label']}: "
             + ("meets " + "; ".join(summary["goals"]) if best["met"] else
                f"misses {'; '.join(summary['goals'])} by {best['miss']:.3f}")]
    for goal, figures in best["goals"].items():
        lines.append(f"  {goal}: {_figures(figures)}")
    if runner is not None:
        lines.append(f"runner-up: {runner['label']} (miss {runner['miss']:.3f})")
    if sep and sep["games_needed"]:
        lines.append(f"they differ by {100 * sep['difference']:.1f} points of {MEASURES[sep['measure']]}; telling them apart "
                     f"with 80% power needs about {sep['games_needed']:,} games each (played: {sep['games_played']:,})")
    elif sep:
        lines.append(f"they give the same {MEASURES[sep['measure']]} on these games")
    lines.append(f"card file: {summary['best_cards']}; its report: {summary['best_report']}")
    return lines


def _figures(f: dict) -> str:
    """A goal's figures in words, each with its 95% interval (the evidence the miss rests on)."""
    def rate(x, ci):
        return f"{100 * x:.1f}% (95% interval {100 * ci[0]:.1f}-{100 * ci[1]:.1f}%)"
    if "first_seat" in f:
        return f"the first seat wins {rate(f['first_seat'], f['ci95'])} against {100 * f['target']:.1f}%"
    if "win_rate" in f:
        return f"win rate {rate(f['win_rate'], f['ci95'])}"
    if "seat_win_rates" in f:
        return "seat win rates " + ", ".join(rate(x, ci) for x, ci in zip(f["seat_win_rates"], f["seat_ci95"]))
    if f["card"] is None:
        return "no card is judged: too few games where one seat could play a card and another never could"
    if f["largest_effect"] is None:
        return (f"{f['card']} is not judged: too few games where one seat could play it and another "
                "never could")
    lo, hi = f["ci95"]
    return (f"{f['card']}'s card effect {100 * f['largest_effect']:+.1f} points (95% interval {100 * lo:+.1f} "
            f"to {100 * hi:+.1f})" + (f", the largest of {f['judged_cards']} judged cards" if f["judged_cards"] > 1 else ""))


