"""``tabletome``: play the games in the terminal, replay records, list games, run AI-only games.

    tabletome games
    tabletome play spirit-link [--seat human|random|heuristic|SPEC ...] [--seed S] [--option name=value ...]
    tabletome play --resume [RECORD]        (no RECORD: pick an unfinished game in records/)
    tabletome play go-fish --game-module examples/go_fish.py   (a game from a file or module)
    tabletome replay FILE [--seat N | --reveal] [--board] [--step]
    tabletome learn GAME [N] [--list]       (the game's tutorial, lesson by lesson)
    tabletome selfplay GAME --games N --seat A --seat B [--seed S] [--json]
    tabletome arena GAME --seat SPEC ... --games N [--workers K] [--json] [--save-dir DIR]
    tabletome lab run|report|compare ...   (studies in DuckDB: see docs/lab.md)
    tabletome serve [--host 127.0.0.1] [--port 8000] [--db PATH|postgresql://...]
"""

from __future__ import annotations

import argparse
import os
import sys

from tabletome import IllegalAction
from tabletome.core.text import safe_text

from .terminal import INTERRUPTED, line_editing


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletome", description="Four tabletop card games, exactly as their rulebooks say.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    games = sub.add_parser("games", help="list the games with their players and options")
    games.add_argument("--json", action="store_true", help="print JSON")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", nargs="?", help="game id (see: tabletome games)")
    add_table_arguments(play)
    from tabletome.agents.levels import LEVELS, STRENGTH
    play.add_argument("--vs", choices=list(LEVELS), metavar="LEVEL",
                      help="how strong the computer seats are (default normal): "
                           + "; ".join(f"{name}: {STRENGTH[name]}".replace("%", "%%") for name in LEVELS)
                           + " (benchmarks/README.md, 'Difficulty levels')")
    play.add_argument("--resume", metavar="RECORD", nargs="?", const="",
                      help="go on with a saved, unfinished game (its record file); with no file, pick one "
                           "of the unfinished games in records/, newest first")
    play.add_argument("--save", metavar="FILE", help="where to save the game record (default: records/GAME-TIME.json)")
    play.add_argument("--no-save", action="store_true", help="do not save the game record")
    add_game_module(play, "e.g. examples/go_fish.py, then play go-fish")

    learn = sub.add_parser("learn", help="learn a game: short lessons on real positions, each with its rule")
    learn.add_argument("game", help="game id (see: tabletome games)")
    learn.add_argument("number", nargs="?", help="start at lesson N (default 1)")
    learn.add_argument("--list", action="store_true", help="list the lessons")

    replay = sub.add_parser("replay", help="replay a saved game record and print its log, as a seat saw it")
    replay.add_argument("file", help="a record saved by tabletome play, selfplay or arena")
    replay.add_argument("--seat", metavar="SEAT", help="what this seat saw: its number (0 for the first) or name "
                                                       "(default: a spectator's view of an unfinished game)")
    replay.add_argument("--reveal", action="store_true", help="every seat's cards and draws, even of an unfinished game")
    replay.add_argument("--board", action="store_true", help="also draw the last table (as --seat sees it)")
    replay.add_argument("--step", action="store_true",
                        help="step through the record with the table drawn at each step (forward, back, jump)")
    add_game_module(replay, "the game of a record of go-fish: examples/go_fish.py")

    selfplay = sub.add_parser("selfplay", help="play AI-only games and count the wins")
    selfplay.add_argument("game", help="game id")
    add_table_arguments(selfplay, many=True)
    selfplay.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    selfplay.add_argument("--json", action="store_true", help="print one JSON object")
    selfplay.add_argument("--save-dir", metavar="DIR", help="save every game's record in DIR")

    arena = sub.add_parser("arena", help="agents play each other, seats rotated, with 95%% confidence intervals")
    arena.add_argument("game", help="game id")
    add_table_arguments(arena, many=True)
    arena.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    arena.add_argument("--workers", type=int, help="processes to play on (default: every core)")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--save-dir", metavar="DIR", help="save every game's record in DIR, with arena.json")

    from .lab import add_parser as add_lab_parser
    add_lab_parser(sub)
    serve = sub.add_parser("serve", help="play in the browser: tables, invite links, agents (needs tabletome[server])")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--db", metavar="PATH|URL", help="SQLite file holding the tables, created on first start "
                                                        "(default ~/.local/share/tabletome/tables.sqlite3), or a "
                                                        "postgresql://user@host/dbname URL that several serve "
                                                        "processes may share")
    serve.add_argument("--ai-workers", type=int, default=1, help="processes the agents think in (default 1)")
    serve.add_argument("--ai-delay", type=float, default=0.3, help="seconds an agent waits before each move, so "
                                                                   "people can follow (default 0.3)")
    serve.add_argument("--rate", type=float, default=30.0, help="messages a second one page may send (default 30)")
    serve.add_argument("--max-agent-seconds", type=float, default=5.0, metavar="S",
                       help="most seconds of search an agent may spend on one move or hint (default 5)")
    serve.add_argument("--max-agent-iterations", type=int, default=100_000, metavar="N",
                       help="most search iterations an agent spec may name (default 100000)")
    serve.add_argument("--max-agent-depth", type=int, default=2000, metavar="N",
                       help="most rollout actions an agent spec may name as its depth (default 2000)")
    serve.add_argument("--policy-dir", metavar="DIR",
                       help="policy files (.npz) tables may name as policy:FILE (default: no policy agent)")
    serve.add_argument("--cleanup-after", type=float, default=3600.0, metavar="SECONDS",
                       help="delete a public table, not over, that nobody has been at for this long (default 3600)")
    serve.add_argument("--max-loaded-tables", type=int, default=2000, metavar="N",
                       help="tables kept in memory beyond those in use; the others are reloaded from the database "
                            "when asked for (default 2000)")
    serve.add_argument("--max-creations-per-hour", type=int, default=300, metavar="N",
                       help="new tables, uploaded records and my-tables links one client address may make in an "
                            "hour (default 300)")
    serve.add_argument("--expire-after", type=float, default=60.0, metavar="DAYS",
                       help="delete an unfinished table, or an uploaded record, that nobody has been at for this "
                            "many days (default 60); finished games are kept")
    serve.add_argument("--max-pages-per-client", type=int, default=500, metavar="N",
                       help="pages (WebSockets) one client address may hold open on one process (default 500)")
    serve.add_argument("--forwarded-allow-ips", metavar="ADDRS",
                       help="the proxies (addresses or networks, comma-separated) trusted to name the client's "
                            "address in X-Forwarded-For (default: none, the client is whoever connects)")
    return parser


def add_table_arguments(p, many: bool = False):
    """The table's arguments: ``many`` for a run of agent-only games (selfplay, arena)."""
    p.add_argument("--seat", action="append", metavar="SPEC",
                   help=f"who sits in the next seat: {'' if many else 'human, '}random, heuristic, ismcts or an agent "
                        "spec such as ismcts:iterations=800; repeat per seat")
    p.add_argument("--players", type=int, help="number of players (default: what the mode needs, else the game's usual count)")
    p.add_argument("--seed", type=int, help="the run's seed, from which every game's and agent's seed follows (default 0: "
                                            "a run repeats)" if many else "random seed (default: a new one each time)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option; repeat for more")
    p.add_argument("--cards", metavar="FILE", help="a card file to play with instead of the game's own cards")


def add_game_module(parser, example: str) -> None:
    parser.add_argument("--game-module", metavar="FILE|MODULE",
                        help=f"first load a game from a Python file or an importable module that registers it "
                             f"when imported ({example}); its code runs as with python FILE")


def load_game_module(where: str) -> None:
    """Import a game's module (a ``.py`` file or a dotted module name), which registers its game."""
    import importlib
    import importlib.util
    from pathlib import Path

    from tabletome.core.text import shown

    if where.endswith(".py") or "/" in where:
        path = Path(where)
        if not path.is_file():
            raise IllegalAction(f"--game-module {shown(where)}: no such Python file")
        spec = importlib.util.spec_from_file_location(f"tabletome_game_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            raise IllegalAction(f"--game-module {shown(where)} failed to load: {type(exc).__name__}: "
                                f"{str(exc)[:300]}") from None
        return
    try:
        importlib.import_module(where)
    except ImportError as exc:
        raise IllegalAction(f"--game-module {shown(where)}: no such module ({str(exc)[:120]}); give a "
                            ".py file or a module name on the Python path") from None


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    if args.command in ("play", "replay", "learn"):
        line_editing()
    try:
        if args.command == "games":
            from .games_list import run
        elif args.command == "play":
            from .play import run
            if args.game_module:
                load_game_module(args.game_module)
        elif args.command == "replay":
            from .replay import run
            if args.game_module:
                load_game_module(args.game_module)
        elif args.command == "learn":
            from .learn import run
        elif args.command == "selfplay":
            from .selfplay import run
        elif args.command == "arena":
            from .arena import run
        elif args.command == "lab":
            from .lab import run
        elif args.command == "serve":
            from .serve import run
        return run(args)
    except IllegalAction as exc:
        print(f"tabletome: {safe_text(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl-C at a prompt no command answers itself (replay --step, the resume picker): stop
        # quietly with the status of a program stopped by it (play, selfplay and arena say more)
        print("\nInterrupted.", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        # the reader stopped early (tabletome games --json | head): stop quietly, as other tools do,
        # with what is still buffered for standard output sent nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
