"""``tabletome lab``: studies of many games, stored in DuckDB, reported and compared.

    tabletome lab run GAME --seat SPEC ... --games N [--players N] [--option k=v ...] [--cards FILE]
                      [--sweep k=v1,v2,...] [--seed S] [--workers K | --ray [ADDRESS]] --out STUDY
    tabletome lab report STUDY [--html FILE] [--json]
    tabletome lab compare BASE STUDY [--json]
    tabletome lab export STUDY --csv DIR | --parquet DIR
    tabletome lab tournament GAME --seat SPEC --seat SPEC ... --games N --out DIR
    tabletome lab tune GAME --seat SPEC ... --param CARD.FIELD=LO..HI ... --goal GOAL ... --out DIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tabletome import IllegalAction
from tabletome.lab.runner import check_workers

from .tables import HUMAN, parse_options
from .terminal import SafeConsole


def add_parser(sub) -> None:
    lab = sub.add_parser("lab", help="studies: play many games into a DuckDB file, report and compare them")
    labsub = lab.add_subparsers(dest="lab_command", metavar="LAB_COMMAND")

    run = labsub.add_parser("run", help="play a study's games (resumes a study already in --out)")
    run.add_argument("game", help="game id (see: tabletome games)")
    run.add_argument("--seat", action="append", metavar="SPEC",
                     help="the agent in the next seat (random, heuristic, ismcts:iterations=200, ...); "
                          "repeat per seat (one --seat with --players N fills every seat); seats are "
                          "rotated from game to game as in the arena")
    run.add_argument("--games", type=int, default=1000, help="games per sweep point (default 1000)")
    run.add_argument("--players", type=int, help="number of players (default: one per --seat)")
    run.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option; repeat for more")
    run.add_argument("--cards", metavar="FILE", help="a card file to play with instead of the game's own cards")
    run.add_argument("--sweep", action="append", metavar="NAME=V1,V2",
                     help="play every game at each value of this option; repeat for a grid")
    run.add_argument("--seed", type=int, default=0, help="the study's seed (default 0): every game's seeds derive from it")
    run.add_argument("--max-decisions", type=int, default=None,
                     help="stop a game after this many decisions and count it unfinished (default 10000)")
    where = run.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="local processes to play on (default: every core)")
    where.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                       help="play as Ray tasks: on the cluster at ADDRESS (e.g. ray://head:10001 or auto), "
                            "or on a local Ray when no address is given")
    run.add_argument("--out", required=True, metavar="STUDY", help="the study file to write (DuckDB), e.g. runs/sl.duckdb")
    run.add_argument("--json", action="store_true", help="print what the run did as JSON")

    report = labsub.add_parser("report", help="the study's figures as one HTML page and/or JSON")
    report.add_argument("study", help="a study file written by tabletome lab run")
    report.add_argument("--html", metavar="FILE", help="write the self-contained HTML report here")
    report.add_argument("--json", action="store_true", help="print the figures' data as JSON")
    report.add_argument("--images", metavar="DIR", help="also save each figure as a PNG in DIR")

    compare = labsub.add_parser("compare", help="did a change move anything? two studies side by side, with tests")
    compare.add_argument("base", help="the baseline study file")
    compare.add_argument("study", help="the study with the change")
    compare.add_argument("--json", action="store_true", help="print the comparison as JSON")

    _add_export(labsub)

    replay = labsub.add_parser("replay", help="one stored game of a study: its story, a record, or the web viewer")
    replay.add_argument("study", help="a study file written by tabletome lab run")
    replay.add_argument("--game", required=True, metavar="POINT:INDEX", help="which game (the report names them)")
    replay.add_argument("--record", metavar="FILE", help="also save it as a record (for tabletome replay or the server)")
    replay.add_argument("--server", metavar="URL", help="open it in the replay viewer of the server at URL "
                                                      "(e.g. http://127.0.0.1:8000) and print its address")
    replay.add_argument("--board", action="store_true", help="also draw the final table")

    tour = labsub.add_parser("tournament", help="a round robin of agents with Bradley-Terry ratings and intervals")
    tour.add_argument("game", help="game id (a two-player game)")
    tour.add_argument("--seat", action="append", metavar="SPEC", help="an agent of the round robin; repeat (two or more)")
    tour.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    tour.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option; repeat for more")
    tour.add_argument("--cards", metavar="FILE", help="a card file to play with")
    tour.add_argument("--seed", type=int, default=0, help="the seed of every match (the same deals for every pair)")
    where = tour.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="local processes to play on (default: every core)")
    where.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS", help="play on Ray, as lab run")
    tour.add_argument("--out", required=True, metavar="DIR", help="the folder for the matches, tournament.json and .html")
    tour.add_argument("--json", action="store_true", help="print the ratings and matches as JSON")

    tune = labsub.add_parser("tune", help="search card numbers (or options) for a card file that meets a goal")
    tune.add_argument("game", help="game id (see: tabletome games)")
    tune.add_argument("--seat", action="append", metavar="SPEC", help="the agent in the next seat, as in lab run")
    tune.add_argument("--players", type=int, help="number of players (default: one per --seat)")
    tune.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option kept fixed; repeat for more")
    tune.add_argument("--cards", metavar="FILE", help="the card file to start from (default: the game's own)")
    tune.add_argument("--param", action="append", metavar="CARD.FIELD=LO..HI | OPTION=V1,V2",
                      help="what to search: a whole-number field of a card over LO..HI, or an option's values; repeat")
    tune.add_argument("--goal", action="append", metavar="GOAL",
                      help="first-seat=X (or =fair), card-effect<=POINTS, mode-win=LO-HI, seat-win=LO-HI; repeat")
    tune.add_argument("--games", type=int, default=400, help="games per candidate (default 400)")
    tune.add_argument("--trials", type=int, default=20, help="candidates to try (default 20)")
    tune.add_argument("--seed", type=int, default=0, help="the seed of every candidate's study and of the search")
    where = tune.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="local processes to play on (default: every core)")
    where.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS", help="play on Ray, as lab run")
    tune.add_argument("--out", required=True, metavar="DIR", help="the folder for the trials' studies and the best card file")
    tune.add_argument("--json", action="store_true", help="print the search's result as JSON")


def _add_export(labsub) -> None:
    export = labsub.add_parser("export", help="every table of a study as CSV or Parquet files, for other tools")
    export.add_argument("study", help="a study file written by tabletome lab run")
    fmt = export.add_mutually_exclusive_group(required=True)
    fmt.add_argument("--csv", metavar="DIR", help="write DIR/study.csv, actions.csv, games.csv, decisions.csv, tempo.csv, runs.csv")
    fmt.add_argument("--parquet", metavar="DIR", help="the same tables as Parquet files in DIR")


def run(args) -> int:
    command = getattr(args, "lab_command", None)
    if command is None:
        print("tabletome lab: name a command: run, report, compare or export (tabletome lab --help)",
              file=sys.stderr)
        return 2
    return {"run": _run, "report": _report, "compare": _compare, "export": _export, "tune": _tune,
            "tournament": _tournament, "replay": _replay}[command](args)


def _replay(args) -> int:
    import tabletome
    from tabletome.lab.games import game_record, parse_key, upload
    from tabletome.lab.store import Store
    point, idx = parse_key(args.game)
    with Store(args.study, create=False, read_only=True) as store:
        record = game_record(store, point, idx)
    console = SafeConsole()
    state = tabletome.replay(record)
    console.print(f"[bold]{state.game.name}[/bold], game {point}:{idx} of {args.study}: {record['players']} "
                  f"player(s), seed {record['seed']}, {len(record['actions'])} actions", soft_wrap=True)
    from .replay import result_line
    for line in state.log:
        console.print(line, highlight=False, markup=False, soft_wrap=True)
    if args.board:
        board = state.game.render(state.view(None), None, card_text=state.card_text)
        if board is not None:
            console.print(board)
    console.print(result_line(state), style="bold", markup=False)
    if args.record:
        from tabletome.lab.store import make_folder
        make_folder(Path(args.record).parent, f"to hold {Path(args.record).name}")
        if Path(args.record).is_dir():
            raise IllegalAction(f"{args.record} is a folder; give a file name for the record")
        try:
            tabletome.save_record(record, args.record)
        except OSError as exc:
            raise IllegalAction(f"cannot write {args.record}: {exc.strerror or exc}") from None
        console.print(f"record saved: {args.record} (tabletome replay {args.record})", markup=False, soft_wrap=True)
    if args.server:
        console.print(f"in the replay viewer: {upload(record, args.server)}", markup=False, soft_wrap=True)
    return 0


def _tournament(args) -> int:
    from tabletome.lab.tournament import describe, tournament
    specs = [s.strip() for s in (args.seat or [])]
    if any(s.lower() == HUMAN for s in specs):
        raise IllegalAction("lab seats are agents only (random, heuristic, ismcts, ...)")
    check_workers(args.workers)
    err = SafeConsole(stderr=True)

    def progress(done, total, match):
        err.print(f"match {done}/{total}: {match['a']} {match['a_wins']}-{match['draws']}-{match['b_wins']} "
                  f"{match['b']}", soft_wrap=True, markup=False)
    result = tournament(args.game, specs, args.games, args.out, options=parse_options(args.option), cards=args.cards,
                        seed=args.seed, workers=args.workers, use_ray=args.ray is not None,
                        ray_address=args.ray or None, progress=None if args.json else progress)
    if args.json:
        print(json.dumps(result))
    else:
        out = SafeConsole()
        for line in describe(result):
            out.print(line, soft_wrap=True, markup=False)
        out.print(f"page: {Path(args.out) / 'tournament.html'}", soft_wrap=True, markup=False)
    return 0


def _tune(args) -> int:
    from tabletome.lab.tune import describe, tune
    specs = [s.strip() for s in (args.seat or [])]
    if not specs:
        raise IllegalAction("name the agents with --seat, one per seat (e.g. --seat heuristic --seat heuristic)")
    if any(s.lower() == HUMAN for s in specs):
        raise IllegalAction("lab seats are agents only (random, heuristic, ismcts, ...)")
    if len(specs) == 1 and args.players and args.players > 1:
        specs = specs * args.players
    check_workers(args.workers)
    err = SafeConsole(stderr=True)

    def progress(done, total, result):
        if err.is_terminal or not args.json:
            err.print(f"trial {done}/{total}: {result['label']}: miss {result['miss']:.3f}", soft_wrap=True,
                      markup=False)
    summary = tune(args.game, specs, args.param or [], args.goal or [], args.games, args.trials, args.out,
                   players=args.players, options=parse_options(args.option), cards=args.cards, seed=args.seed,
                   workers=args.workers, use_ray=args.ray is not None, ray_address=args.ray or None,
                   progress=progress)
    if args.json:
        print(json.dumps(summary))
    else:
        out = SafeConsole()
        for line in describe(summary):
            out.print(line, soft_wrap=True, markup=False)
    return 0


def _export(args) -> int:
    from tabletome.lab.store import Store
    fmt, folder = ("csv", args.csv) if args.csv else ("parquet", args.parquet)
    with Store(args.study, create=False, read_only=True) as store:
        store.study()                       # refuse a DuckDB file that holds no study
        for path in store.export(folder, fmt):
            print(f"written: {path}")
    return 0


def _run(args) -> int:
    import tabletome

    specs = [s.strip() for s in (args.seat or [])]
    if not specs:
        raise IllegalAction("name the agents with --seat, one per seat (e.g. --seat heuristic --seat random)")
    if any(s.lower() == HUMAN for s in specs):
        raise IllegalAction("lab seats are agents only (random, heuristic, ismcts, ...); use 'tabletome play' to play")
    tabletome.game(args.game)
    if len(specs) == 1 and args.players and args.players > 1:
        specs = specs * args.players        # one --seat with --players N: that agent in every seat
    from tabletome.arena import MAX_DECISIONS
    from tabletome.lab import Store, make_study, run_study
    study = make_study(args.game, specs, args.games, players=args.players, options=parse_options(args.option),
                       sweep=args.sweep, cards=args.cards, seed=args.seed,
                       max_decisions=args.max_decisions if args.max_decisions is not None else MAX_DECISIONS)
    check_workers(args.workers)
    from tabletome.lab.store import make_folder
    make_folder(Path(args.out).parent, f"to hold {Path(args.out).name}")
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    console = SafeConsole(stderr=True)
    timed = sorted({s for s in specs if s.split(":")[0] == "ismcts" and "iterations=" not in s})
    if timed:
        console.print(f"note: {', '.join(timed)} searches by the clock, so these games depend on how busy the "
                      f"machine is; name a budget (e.g. ismcts:iterations=400) for a study that replays exactly",
                      style="dim", soft_wrap=True)
    label = args.game
    interrupted = False
    with Store(args.out) as store:
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"),
                      TimeRemainingColumn(), console=console, transient=True,
                      disable=not console.is_terminal) as bar:
            task = bar.add_task(label, total=None, rate="")
            state = {"first": None}

            def progress(done, total):
                import time
                now = time.perf_counter()
                if state["first"] is None:
                    state["first"] = (now, done)
                    bar.update(task, total=total, completed=done)
                    return
                t0, d0 = state["first"]
                rate = (done - d0) / (now - t0) if now > t0 else 0.0
                bar.update(task, total=total, completed=done, rate=f"{rate:,.1f} games/s")

            try:
                result = run_study(study, store, workers=args.workers, use_ray=args.ray is not None,
                                   ray_address=args.ray or None, progress=progress)
            except KeyboardInterrupt:
                interrupted = True
                result = None
        kept = len(store.finished_keys())
        total = len(study.points) * study.games
        held = store.study().games      # games per point the file holds (a run never shrinks it)
    if interrupted:
        console.print(f"interrupted: {kept} of {total} games are stored in {args.out}; "
                      f"run the same command again to play the rest", soft_wrap=True)
        return 130
    if held > study.games:
        # fewer games than the study holds: nothing to play, nothing removed, and the report reads them all
        result["stored"] = kept
        result["note"] = (f"{args.out} already holds a study of {held:,} games"
                          + (" per sweep point" if len(study.points) > 1 else "")
                          + f"; --games {study.games:,} asks for fewer, so "
                          + (f"only the {result['played']:,} missing among its first {study.games:,} were played"
                             if result["played"] else "no game was played")
                          + " and none was removed "
                          f"(its report and comparisons read all {kept:,}). To study {study.games:,} games, give a "
                          f"new --out; to extend this one, a --games above {held:,}.")
    if args.json:
        print(json.dumps(result))
    elif "note" in result:
        SafeConsole().print(result["note"], soft_wrap=True)
    else:
        out = SafeConsole()
        rate = result["played"] / result["seconds"] if result["seconds"] > 0 else 0.0
        where = {"ray": "on Ray", "processes": f"on {result['workers']} processes", "local": "in this process",
                 "none": ""}[result["backend"]]
        line = f"{args.out}: {kept} of {total} games stored"
        if result["played"]:
            busy = result.get("cpu_seconds", 0.0) / result["seconds"] if result["seconds"] > 0 else 0.0
            line += (f"; played {result['played']} {where} in {result['seconds']:.1f} s ({rate:,.1f} games/s, "
                     f"{result['batches']} batches, {busy:.1f} cores busy)")
        if result["skipped"]:
            line += f"; {result['skipped']} were already there"
        out.print(line, soft_wrap=True)
        out.print(f"next: tabletome lab report {args.out} --html {Path(args.out).with_suffix('.html')}", soft_wrap=True)
    return 0


def _report(args) -> int:
    from tabletome.lab.report import build_report, write_html, save_images
    from tabletome.lab.store import Store
    if args.json and not args.html and not args.images:     # the numbers only: no figure to draw
        from tabletome.lab.stats import study_stats
        with Store(args.study, create=False, read_only=True) as store:
            print(json.dumps(study_stats(store), indent=1))
        return 0
    with Store(args.study, create=False, read_only=True) as store:
        report = build_report(store)
    if not args.html and not args.json and not args.images:
        args.html = str(__import__("pathlib").Path(args.study).with_suffix(".html"))
    if args.html:
        write_html(report, args.html)
        print(f"report written to {args.html}", file=sys.stderr)
    if args.images:
        for path in save_images(report, args.images):
            print(f"figure saved: {path}", file=sys.stderr)
    if args.json:
        print(json.dumps(report["data"], indent=1))
    return 0


def _compare(args) -> int:
    from tabletome.lab.compare import compare_json, compare_studies, format_compare
    from tabletome.lab.store import Store
    with Store(args.base, create=False, read_only=True) as base, Store(args.study, create=False, read_only=True) as other:
        result = compare_studies(base, other)
    if args.json:
        print(compare_json(result))
    else:
        format_compare(result, SafeConsole())
    return 0
