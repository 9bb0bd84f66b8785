"""``tabletome play GAME``: play in the terminal against the computer or friends (hot seat).

Each human seat sees only its own view. With two or more humans at one screen, the screen and
the terminal's scrollback are cleared and handed over between their decisions, so nobody sees
another's hand (the ``log`` command shows only what the seat at the screen may read). ``undo``
takes back a decision while nothing hidden was revealed and no chance was used since;
``tabletome play --resume RECORD`` continues a saved game. The game record is saved when the game
ends, when you quit, on Ctrl-C (which exits with status 130), and when the terminal closes or the
program is told to stop (SIGHUP, SIGTERM: status 129, 143).

Everything here goes through the contract: the table is the game's ``render`` of ``view(seat)``,
cards are explained by ``game.cards_info``, the rules reference is ``game.rules_summary``, and a
response window is recognised by ``state.decision_info()``.
"""

from __future__ import annotations

import os
import shlex
import time
from pathlib import Path

from rich.console import Group
from rich.pretty import Pretty
from rich.markup import escape
from rich.text import Text

import tabletome
from tabletome import IllegalAction
from tabletome.core.text import shown

from .glossary import explain, is_term
from .pager import show_long
from .replay import result_line
from .rule import ruling_lines, why, with_moment, with_rulings
from .tables import HUMAN, load_record, make_agents, parse_options, seat_specs
from .terminal import CLEAR_ALL, INTERRUPTED, Keyboard, SafeConsole, too_long, typed_echo, typed_number
from tabletome.undo import undo_point

HELP = """Type the number of a choice, or its text (its start is enough when only one
choice begins that way). Other commands:
  info NAME  the whole card NAME; info N: the cards of choice N
  info TERM  a game term or abbreviation (info PM), in the rulebook's words
  rules      a turn and the mode you play in short, with the rulings
  why TEXT   why a move is not available now: the engine's reason and the rule
  hint       the computer's best few choices for you (the game is unchanged)
  undo       take back your last decision (not past a revealed card or chance)
  autopass   pass every response window from now on (autopass off: ask again)
  log        everything you have seen happen so far
  table      the whole table, when the screen shows a shortened one
  more       the next choices, when they do not all fit on the screen
  help       this help
  quit       save the game record and leave (asks first)"""


class Quit(Exception):
    pass


def run(args) -> int:
    console = SafeConsole(highlight=False)
    # Ctrl-C stops the game even when the program was started with SIGINT ignored (a background
    # job of a script): Python then installs no handler of its own, and the key would do nothing
    import signal
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    given = [flag for flag, value in (("--players", args.players), ("--seed", args.seed), ("--option", args.option),
                                      ("--cards", args.cards)) if value is not None]
    if args.resume is not None and given:
        raise IllegalAction(f"a resumed game keeps the players, seed, options and cards of its record; "
                            f"leave out {', '.join(given)} (--seat and --vs may change who plays)")
    if args.resume == "":
        from .resume import pick
        args.resume = pick(console, lambda prompt: console.input(prompt))
        if args.resume is None:
            return 0
    if args.resume:
        record = load_record(args.resume)
        if args.game and args.game != record["game"]:
            raise IllegalAction(f"the record {args.resume} is a game of {record['game']}, not {args.game}")
        game = tabletome.game(record["game"])
        state = tabletome.replay(record)
        if state.is_over:
            raise IllegalAction(f"the game in {args.resume} is over; replay it with: tabletome replay {args.resume}")
        players = state.players
        seats = args.seat or record.get("seats")
        if args.vs and not args.seat and seats:          # --vs: the record's computer seats at that level
            seats = [s if s.strip().lower() == HUMAN else computer(args) for s in seats]
        specs = seat_specs(game, players, seats, HUMAN, computer(args))
        path = None if args.no_save else Path(args.save or args.resume)
    else:
        if not args.game:
            raise IllegalAction("name a game (tabletome play spirit-link) or a record to resume (--resume FILE)")
        game = tabletome.game(args.game)
        options = parse_options(args.option)
        players, options = game.resolve_options(args.players, options)
        specs = seat_specs(game, players, args.seat, HUMAN, computer(args))
        state = game.new(players=players, seed=args.seed, cards=args.cards, **options)
        path = None if args.no_save else Path(args.save or default_record_path(game.id, state.seed))
    if path is not None:
        check_save_path(path)
    agents = make_agents(specs, state.seed)
    session = Session(console, game, state, specs, agents, path, module=args.game_module)
    verb = "resumed" if args.resume else "seed"
    by_rules = game.rule_seats(state.players, state.options)    # seats the game plays itself (an AI card)
    header = Text.assemble((game.name, "bold"), f" — {verb} {args.resume if args.resume else state.seed}. "
                           + ", ".join(f"{state.seat_name(i)}: {by_rules.get(i, spec)}" for i, spec in enumerate(specs)))
    hint = "(help: commands)"
    # the hint ends the line when it fits there, else it has a line of its own (never broken in two)
    if header.cell_len + 3 + len(hint) <= console.width:
        session.opening = [header.append("   " + hint)]
    else:
        session.opening = [header, Text(hint)]
    if not session.hot_seat:                  # at a hot seat: above the first hand-over, once it clears the screen
        session.show_opening()
    code = 0
    # the terminal closed (SIGHUP) or the program told to stop (SIGTERM): saved as on Ctrl-C
    before = {number: signal.signal(number, hang_up) for number in (signal.SIGHUP, signal.SIGTERM)}
    try:
        session.play()
    except KeyboardInterrupt:
        console.print("\n[yellow]Interrupted.[/yellow]")
        code = INTERRUPTED
    except EOFError:
        console.print("\n[yellow]End of input: leaving the game.[/yellow]")
    except Quit:
        console.print("[yellow]Leaving the game.[/yellow]")
    except HungUp as stop:
        code = 128 + stop.signal
    except OSError as exc:
        if not isinstance(exc.__context__, HungUp):
            raise
        code = 128 + exc.__context__.signal      # the spinner's last write, to a terminal that is gone
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        try:
            if not session.save() and code == 0:
                code = 1
        except OSError:
            pass     # the record is written, but the terminal that would show so is gone
    return code


class HungUp(Exception):
    """The terminal closed (SIGHUP) or the program was told to stop (SIGTERM) during a game."""

    def __init__(self, number):
        super().__init__(number)
        self.signal = number


def hang_up(number, frame):
    raise HungUp(number)


def check_save_path(path: Path) -> None:
    """Refuse, before the game starts, a record file that could not be written when it ends."""
    if path.is_dir():
        raise IllegalAction(f"--save {shown(str(path), 300)} is a folder; name the record's file (a .json file in it)")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise IllegalAction(f"the game record cannot be saved to {shown(str(path), 300)}: "
                            f"{shown(str(folder), 300)} is not a folder this program may write in "
                            "(--save FILE names another place, --no-save keeps no record)")


def computer(args) -> str:
    """The agent spec of the computer seats not named by --seat: --vs LEVEL, else the heuristic."""
    from tabletome.agents.levels import level_spec
    return level_spec(getattr(args, "vs", None) or "normal")


def default_record_path(game_id, seed):
    return Path("records") / f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.json"


class Session:
    def __init__(self, console, game, state, specs, agents, path=None, module=None):
        self.console = console
        self.game = game
        self.state = state
        self.specs = specs
        self.agents = agents
        self.path = path
        self.module = module   # a game loaded from a file: what goes on with it (--game-module) loads it too
        self.humans = [i for i, a in enumerate(agents) if a is None]
        self.hot_seat = len(self.humans) > 1
        self.last_human = None
        self.opening = []                # the game's first lines (its name, seed, seats, the help hint)
        self.seen = {h: len(state.visible_log(h)) for h in self.humans}
        self.spectator_seen = 0
        self.keyboard = Keyboard()
        self.autopass_game = set()       # seats that pass every response window
        self.autopass_turn = {}          # seat -> the turn (state.turn_key()) it passes for
        self.last_prompt = {}            # seat -> the heading of its last decision
        self.notice = None               # one line to show above the next table (undo, autopass)
        self.heading_text = None         # the heading of the decision on the screen
        self.board_rows = 0              # the rows of the table on the screen
        self.page_start = 0              # the first choice shown when they come in pages (more)
        self.page_end = 0
        self.draws_log = None            # does the game's table draw the log lines it is given?

    # --- the loop ------------------------------------------------------------------------------
    def play(self):
        while not self.state.is_over:
            seat = self.state.to_move
            if self.agents[seat] is None:
                if not self.auto_pass(seat):
                    self.human_turn(seat)
            else:
                self.ai_turn(seat)
        self.finish()

    def ai_turn(self, seat):
        state = self.state
        agent = self.agents[seat]
        if self.humans and self.console.is_terminal:
            with self.keyboard.keep_typing(), \
                    self.console.status(f"{state.seat_name(seat)} is thinking…", spinner="dots"):
                action = agent.choose(state)
        else:
            action = agent.choose(state)
        state.apply(action)
        if not self.humans:
            self.print_new_public_lines()

    def auto_pass(self, seat) -> bool:
        """Pass a response window for ``seat`` if it asked to; True if it did."""
        info = self.state.decision_info()
        if not info or not info["window"] or not info["pass"]:
            return False
        turn = self.autopass_turn.get(seat)
        if seat not in self.autopass_game and (turn is None or turn != self.state.turn_key()):
            return False
        self.state.apply(info["pass"])
        return True

    def print_new_public_lines(self):
        lines = self.state.visible_log(None)
        for line in lines[self.spectator_seen:]:
            self.console.print(line, markup=False)
        self.spectator_seen = len(lines)

    def finish(self):
        state = self.state
        seat = self.humans[0] if len(self.humans) == 1 else None
        if self.humans:
            self.draw(seat)
        self.console.print(Text(result_line(state), style="bold green"))

    def record(self) -> dict:
        record = self.state.record()
        record["seats"] = list(self.specs)
        return record

    def save(self) -> bool:
        """Save the game record, if it is kept; False when it could not be written."""
        if self.path is None:
            return True
        try:
            tabletome.save_record(self.record(), self.path)
        except OSError as exc:
            self.console.print(Text(f"The game record could not be saved to {self.path}: {exc.strerror or exc}",
                                    style="red"))
            return False
        load = self.module_argument()
        if self.state.is_over:
            self.console.print(f"Game record saved to {self.path}  (replay it: tabletome replay {self.command_path()}{load})",
                               markup=False)
        else:
            self.console.print(f"Game record saved to {self.path}  "
                               f"(go on with it: tabletome play --resume {self.command_path()}{load})", markup=False)
        return True

    # --- a human's decision --------------------------------------------------------------------
    def hand_over(self, seat):
        """Clear the screen and the scrollback, and wait for ``seat``'s player to sit down."""
        name = self.state.seat_name(seat)
        self.keyboard.forget()           # typed by the player before: never an answer of this one
        self.console.file.write(CLEAR_ALL)
        self.console.file.flush()
        self.show_opening()
        self.ask(f"[bold]Pass the screen to {name}.[/bold] {name}, press Enter when ready ")
        self.console.file.write(CLEAR_ALL)
        self.console.file.flush()

    def show_opening(self):
        """The game's first lines, once."""
        for line in self.opening:
            self.console.print(line)
        self.opening = []

    def human_turn(self, seat):
        state = self.state
        name = state.seat_name(seat)
        if self.hot_seat and seat != self.last_human:
            self.hand_over(seat)
        self.last_human = seat
        self.page_start = self.page_end = 0
        self.show_table(seat)
        while True:
            answer = self.ask(f"[bold cyan]{name}[/bold cyan], your choice: ").strip()
            if not answer or too_long(self.console, answer):
                continue
            word, _, rest = answer.partition(" ")
            word = word.lower()
            rest = rest.strip()
            if word in ("quit", "exit", "q") and not rest:
                if self.confirm_quit():
                    raise Quit()
                continue
            if word in ("help", "?") and not rest:
                self.console.print(HELP)
                continue
            if word == "log" and not rest:
                # a long log opens in the pager from its first line, as rules does (cli/pager.py)
                if show_long(self.console, [Text("\n".join(state.visible_log(seat)))]):
                    self.show_table(seat, again=True)
                continue
            if word == "hint" and not rest:
                self.hint(seat)
                continue
            if word == "info":
                self.info(rest)
                continue
            if word == "rules" and not rest:
                self.rules()
                continue
            if word == "why":
                why(self, rest)
                continue
            if word == "more" and not rest:
                legal = state.legal_actions()
                self.page_start = self.page_end if self.page_end < len(legal) else 0
                self.show_table(seat, again=True)
                continue
            if word in ("table", "board") and not rest:
                self.draw(seat, log=True)
                continue
            if word == "undo" and not rest:
                if self.undo(seat):
                    return
                continue
            if word == "autopass":
                self.set_autopass(seat, rest.lower())
                before = len(state.visible_log(seat))
                if self.auto_pass(seat):              # the notice shows above the next table
                    self.decided(seat, before)
                    return
                if self.notice:                       # nothing to pass now: say it here, once
                    self.console.print(self.notice)
                    self.notice = None
                continue
            info = state.decision_info()
            if answer.lower() == "a" and info and info["window"]:
                self.autopass_turn[seat] = state.turn_key()
                self.notice = "Auto-passing response windows for the rest of this turn."
                before = len(state.visible_log(seat))
                state.apply(info["pass"])
                self.decided(seat, before)
                return
            before = len(state.visible_log(seat))
            try:
                action = self.pick(answer, state.legal_actions())
                state.apply(action)
            except IllegalAction as exc:
                self.console.print(Text(f"Not that: {exc}", style="red"))
                continue
            self.decided(seat, before)
            return

    def decided(self, seat, before):
        """After ``seat``'s decision (the log was ``before`` lines long): what follows it counts
        as seen, as the table's log shows the last lines; a table that draws no log shows what the
        decision did above the table next time instead (show_table)."""
        self.seen[seat] = before if self.draws_log is False else len(self.state.visible_log(seat))

    def ask(self, prompt: str) -> str:
        return self.keyboard.input(self.console, prompt)

    def command_path(self) -> str:
        """The record's path as a command shown to be typed again takes it (quoted for the shell)."""
        return shlex.quote(str(self.path))

    def module_argument(self) -> str:
        """What a command that goes on with this game adds to load it: its --game-module, if any."""
        return f" --game-module {shlex.quote(self.module)}" if self.module else ""

    def confirm_quit(self) -> bool:
        where = (f"The record will be saved to {self.path}; go on later with: tabletome play --resume {self.command_path()}"
                 f"{self.module_argument()}." if self.path is not None else "This game is not being saved (--no-save).")
        self.console.print(escape(where))
        answer = self.ask("Leave the game now? (y/n) ").strip().lower()
        return answer in ("y", "yes")

    def pick(self, answer, legal):
        number = typed_number(answer)
        if number is not None:
            if not 1 <= number <= len(legal):
                raise IllegalAction(f"{typed_echo(answer)} is not a choice; choose 1 to {len(legal)}")
            return legal[number - 1]
        try:
            return self.state.parse_action(answer)
        except IllegalAction:
            key = " ".join(answer.split()).lower()
            matches = [a for a in legal if str(a).lower().startswith(key)]
            if len(matches) == 1:
                return matches[0]
            if matches:
                listed = ", ".join(str(a) for a in matches[:8]) + (" ..." if len(matches) > 8 else "")
                raise IllegalAction(f"'{answer}' could be: {listed}") from None
            raise

    # --- drawing -------------------------------------------------------------------------------
    def render_board(self, view, seat, compact=0):
        """The game's drawing of ``view``; ``compact`` 1 and 2 ask for tighter tables (games
        whose ``render`` takes no ``compact`` draw their one table)."""
        cards = self.state.card_text
        if compact:
            try:
                board = self.game.render(view, seat, compact=compact, card_text=cards)
            except TypeError:
                board = self.game.render(view, seat)
        else:
            try:
                board = self.game.render(view, seat, card_text=cards)
            except TypeError:
                board = self.game.render(view, seat)
        return Pretty(view) if board is None else board

    def notice_rows(self) -> int:
        """The rows the notice above the table takes (a long one wraps)."""
        return self.rows_of(Text(self.notice, style="italic")) if self.notice else 0

    def rows_of(self, renderable) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def layout(self, seat):
        """The table and the choices fitted to the terminal: the board as the game draws it with
        the last lines of the log; when that and the choices do not fit, the log shrinks, then
        the game draws tighter tables, then the choices lose their explanations and go into
        rows (``groups``), and last into pages (``more``). Numbers always read in order, left
        to right and down. Returns (board, choices, shown log lines)."""
        state = self.state
        legal = state.legal_actions()
        view = state.view(seat)
        lines = state.visible_log(seat)
        heading = self.heading_text or Text()
        width, height = self.console.size
        head = self.rows_of(heading) if heading.plain else 0
        spare = height - head - 1 - self.notice_rows()      # the heading, notice, prompt
        full = self.choice_lines(legal)
        steps = [(0, n) for n in (8, 5, 3, 1, 0)] + [(1, n) for n in (3, 1, 0)] + [(2, 0)]
        if len(lines) - self.seen.get(seat, len(lines)) >= 2:
            # a crowded table after others' moves: a tighter table that keeps 3 of the lines since
            # this seat's last decision comes before a full one that drops them (the rest: log)
            steps = [(0, 8), (0, 5), (0, 3), (1, 3), (2, 3), (0, 1), (1, 1), (2, 1), (0, 0), (1, 0), (2, 0)]
        boards, bare_rows, log_rows = {}, {}, {}

        def board_at(step):
            if step not in boards:
                compact, log_shown = step
                v = dict(view, log=lines[len(lines) - log_shown:] if log_shown else [])
                board = self.render_board(v, seat, compact)
                boards[step] = (board, self.rows_of(board))
            return boards[step]

        def estimate(step):
            # a table's rows with n log lines: its rows without them and the lines' own rows
            # (drawing every table to measure it is slow); checked by drawing it when chosen
            compact, log_shown = step
            if compact not in bare_rows:
                bare_rows[compact] = board_at((compact, 0))[1]
            if log_shown not in log_rows:
                shown = lines[len(lines) - log_shown:] if log_shown else []
                log_rows[log_shown] = self.rows_of(Text("\n".join(shown))) if shown else 0
            return bare_rows[compact] + log_rows[log_shown]

        if lines and self.draws_log is None:
            self.draws_log = board_at((0, 1))[1] > board_at((0, 0))[1]
        if self.draws_log is False:
            # a table that does not draw the log it is given (a game's render may leave it out):
            # the lines since this seat's last decision go above the table instead (show_table)
            steps = [(0, 0), (1, 0), (2, 0)]
        grouped = None
        for arrange in ("full", "groups"):
            if arrange == "groups":
                grouped = self.groups(legal, width)
            for step in steps:
                choices = full if arrange == "full" else grouped
                if len(choices) > spare - estimate(step):
                    continue
                board, used = board_at(step)
                if len(choices) <= spare - used:
                    self.board_rows = used
                    return board, choices, min(step[1], len(lines))
        board, used = board_at(steps[-1])
        room = max(3, spare - used)
        self.board_rows = used
        return board, self.page(legal, width, room), 0

    def show_table(self, seat, again=False):
        """The table as ``seat`` sees it, then the numbered choices, fitted to the terminal
        (``layout``); above it what happened since this seat's last decision, as much as fits.
        ``again``: the same decision drawn again (after ``more`` or a paged text), under the
        heading it had."""
        state = self.state
        lines = state.visible_log(seat)
        new = lines[self.seen.get(seat, 0):]
        if not again or self.heading_text is None:
            self.heading_text = self.heading(seat)
        heading = self.heading_text
        board, choices, log_shown = self.layout(seat)
        self.shown_choices = choices
        width, height = self.console.size
        earlier = new[:len(new) - log_shown] if len(new) > log_shown else []
        used = self.board_rows + len(choices) + (self.rows_of(heading) if heading.plain else 0) \
            + 1 + self.notice_rows()
        if earlier:
            # what happened since this seat's last decision, as much as the screen holds above the
            # table, under one line that folds the rest ("… 12 earlier lines: log")
            spare = height - used - 1
            shown = []
            for line in reversed(earlier):
                need = self.rows_of(Text(line))
                if need > spare:
                    break
                shown.insert(0, line)
                spare -= need
            more = len(earlier) - len(shown)
            if spare >= 0:
                fold = f"… {more} earlier line{'s' if more != 1 else ''}: log" if more else ""
                if shown:
                    self.console.rule("Since your last decision" + (f" ({fold})" if fold else ""))
                else:
                    self.console.print(Text(f"Since your last decision: {fold}", style="dim"))
                for line in shown:
                    self.console.print(line, markup=False)
        self.console.print(board)
        if self.notice:
            self.console.print(Text(self.notice, style="italic"))
            self.notice = None
        if heading.plain:
            self.console.print(heading)
        for line in choices:
            self.console.print(line)

    def groups(self, legal, width, offset=0, ends=None) -> list[Text]:
        """Choices in rows that read in order, left to right: consecutive choices sharing their
        first words are written once ("befriend realm 2 north: 1) 1 · 2) 2 · 3) 4"); others
        follow each other on a line ("1) use The Judge · 2) end phase"); each row wrapped to the
        width. ``ends`` (a list) gets the number of the last choice on each row."""
        texts = [str(a).split() for a in legal]
        out = []
        line = Text()
        flowing = False          # the current line holds single choices, one after the other
        last = offset

        def close():
            nonlocal line, flowing
            if line.plain.strip():
                out.append(line)
                if ends is not None:
                    ends.append(last)
            line, flowing = Text(), False

        def add(n, rest, first):
            nonlocal line, last
            number = (f"{n + 1 + offset})", "bold cyan")
            cell = Text.assemble(("" if first else " · ", "dim"), number, f" {rest}")
            if line.cell_len + cell.cell_len > width and line.plain.strip():
                close()
                line = Text("  ")
                cell = Text.assemble(number, f" {rest}")
            if line.cell_len + cell.cell_len > width:
                cell.truncate(width - line.cell_len, overflow="ellipsis")
            line.append_text(cell)
            last = n + 1 + offset

        i = 0
        while i < len(texts):
            # the longest shared start (never the whole of a choice) of a run of two or more
            best_j, best_k = i + 1, 0
            for k in range(len(texts[i]) - 1, 0, -1):
                j = i + 1
                while j < len(texts) and len(texts[j]) > k and texts[j][:k] == texts[i][:k]:
                    j += 1
                if j - i >= 2:
                    best_j, best_k = j, k
                    break
            if best_k:
                close()
                line = Text(" ".join(texts[i][:best_k]) + ": ", style="bold")
                for n in range(i, best_j):
                    add(n, " ".join(texts[n][best_k:]), n == i)
                close()
            else:
                if not flowing:
                    close()
                    flowing = True
                    add(i, " ".join(texts[i]), True)
                else:
                    add(i, " ".join(texts[i]), False)
            i = best_j
        close()
        return out

    def page(self, legal, width, room) -> list[Text]:
        """The choices from ``self.page_start`` on that fit in ``room`` lines (in rows, as
        ``groups``), and a last line saying how many more there are (``more`` shows them)."""
        start = self.page_start if self.page_start < len(legal) else 0
        ends = []
        rows = self.groups(legal[start:], width, offset=start, ends=ends)
        budget = room - (1 if start else 0)
        keep = max(1, budget - 1) if len(rows) > budget else len(rows)
        shown = rows[:keep]
        last = ends[keep - 1] if ends else start
        if start:
            shown.insert(0, Text(f"  (choices {start + 1}-{last} of {len(legal)}; 'more' for the rest)", style="italic"))
        left = len(legal) - last
        if left > 0:
            shown.append(Text(f"  … {left} more choices ({last + 1}-{len(legal)}): type 'more'", style="italic"))
        self.page_end = last
        return shown

    def heading(self, seat) -> Text:
        """What is being decided, naming the moment of a response window; never the same words
        twice running for the same seat (a repeated step says it comes again)."""
        state = self.state
        info = state.decision_info()
        text = Text()
        if info and info["window"]:
            moment = self.game.describe_moment(state.view(state.to_move), info["moment"])
            text.append(f"Response window — {moment}", style="bold yellow")
            text.append(" · a: auto-pass the rest of this turn · autopass: the game", style="dim")
            if len(text.plain) > self.console.size.width:
                text = Text(f"Response window — {moment}", style="bold yellow")
                text.append(" · a: auto-pass the rest of this turn", style="dim")
        elif info and info["asks"]:
            text.append(info["asks"][0].upper() + info["asks"][1:], style="bold")
        if not (info and info["window"]):
            text = with_moment(self.game, state.view(state.to_move), text, self.console.size.width)   # cli/rule.py
        text = with_rulings(self.game, state.view(state.to_move), state.legal_actions(), text, self.console.size.width)
        plain = text.plain
        key = (plain, tuple(str(a) for a in state.legal_actions()))
        if self.last_prompt.get(seat) == key:
            text.append(" (the same choice once more)" if plain else "The same choice once more:", style="dim")
        self.last_prompt[seat] = key
        return text

    def choice_lines(self, legal, short=True) -> list[Text]:
        """One numbered line per choice, in order, with a short line of what its card does."""
        width = self.console.size.width
        card_text = self.state.card_text
        view = self.state.view(self.state.to_move)
        rows = []
        for i, action in enumerate(legal):
            line = Text.assemble((f"{i + 1:>3}. ", "bold"), str(action))
            text = self.short_for(action, card_text, view) if short else ""
            room = width - line.cell_len - 4          # in cells: a CJK letter takes two
            if text and room > 12:
                said = Text(text)
                said.truncate(room, overflow="ellipsis")
                line.append(" — " + said.plain, style="dim")
            rows.append(line)
        return rows

    def cards_of(self, action, card_text, said="") -> list[dict]:
        """The cards a choice involves: ``action.cards`` when the game fills it, else the card
        names its text (and ``said``, what the game says it touches) mentions."""
        infos = []
        names = [n for n in action.cards if self.card_named(n, card_text) is not None]
        if not names:
            text = (str(action) + " " + said.replace("†", "")).lower()
            for info in self.game.cards_info(card_text):
                if info["name"].lower() in text:
                    names.append(info["name"])
            # "Bog Boss" also contains "Boss": keep the longest names that overlap
            names = [n for n in names if not any(n != m and n.lower() in m.lower() for m in names)]
        for name in names:
            info = self.card_named(name, card_text)
            if info is not None and info not in infos:
                infos.append(info)
        return infos

    def card_named(self, name, card_text) -> dict | None:
        key = " ".join(str(name).split()).lower()
        return next((i for i in self.game.cards_info(card_text) if i["name"].lower() == key), None)

    def short_for(self, action, card_text, view=None) -> str:
        """A short line beside a choice: what the game says it touches (``describe_choice``,
        from this seat's view), else what the cards its text names do."""
        if view is not None:
            said = self.game.describe_choice(view, action)
            if said is not None:
                return said
        infos = self.cards_of(action, card_text)
        parts = []
        for info in infos[:2]:
            short = info.get("short") or ""
            if info.get("origin") == "designed":
                short = (short + " [designed]").strip()
            if short:
                parts.append((f"{info['name']}: " if len(infos) > 1 else "") + short)
        return "; ".join(parts)

    def draw(self, seat, log=False):
        """The whole table, as the game draws it with room to spare (scrolling if it must)."""
        view = self.state.view(seat)
        if log:
            view["log"] = self.state.visible_log(seat)[-8:]
        self.console.print(self.render_board(view, seat))

    # --- commands ------------------------------------------------------------------------------
    def info(self, what):
        state = self.state
        card_text = state.card_text
        everything = self.game.cards_info(card_text)
        n = typed_number(what)
        if not everything and n is None and explain(self.console, self.game, what):
            return
        if not everything:
            self.console.print(f"{self.game.name} has no card texts to show.")
            return
        if not what:
            names = ", ".join(i["name"] for i in everything)
            self.console.print(f"info NAME or info N (a choice's number). Cards: {names}", markup=False)
            return
        if n is not None:
            legal = state.legal_actions()
            if not 1 <= n <= len(legal):
                self.console.print(Text(f"{typed_echo(what)} is not a choice; choose 1 to {len(legal)}", style="red"))
                return
            said = self.game.describe_choice(state.view(state.to_move), legal[n - 1])
            infos = self.cards_of(legal[n - 1], card_text, said or "")
            if said:
                self.console.print(Text.assemble((f"{n}. {legal[n - 1]}", "bold"), f" — {said}"))
            if not infos and said:
                return
            if not infos:
                self.console.print(f"Choice {n} ({legal[n - 1]}) involves no card.", markup=False)
                return
        else:
            infos = [i for i in everything if i["name"].lower() == " ".join(what.split()).lower()]
            if not infos and is_term(self.game, what):          # "info f": the term, not every card with an f
                explain(self.console, self.game, what)
                return
            infos = infos or find_cards(everything, what)
            if not infos and explain(self.console, self.game, what):     # a term or an abbreviation
                return
            if not infos:
                self.console.print(Text(f"No card is named {shown(what)}; type 'info' to list them.", style="red"))
                return
            if len(infos) > 1:
                self.console.print(f"'{what}' could be: " + ", ".join(i["name"] for i in infos), markup=False)
                return
        if show_long(self.console, [card_panel(info) for info in infos]) and self.state.to_move is not None:
            self.show_table(self.state.to_move, again=True)      # paged (cli/pager.py): the table again

    def rules(self):
        state = self.state
        text = self.game.rules_summary(state.players, state.options, state.card_text)
        if not text:
            self.console.print(f"No rules reference for {self.game.name} yet.")
            return
        parts = [Text(text)]
        if state.to_move is not None and not state.is_over:
            from tabletome.core.glossary import moment_of
            from tabletome.core.rulings import applying
            now = applying(self.game, moment_of(self.game, state.view(state.to_move)),
                           state.legal_actions())
            if now:
                parts.append(Text("Our rulings on this decision (RULES.md, not the rulebook):", style="bold"))
                parts.extend(ruling_lines(now))
        if show_long(self.console, parts) and state.to_move is not None:
            self.show_table(state.to_move, again=True)           # paged (cli/pager.py): the table again

    def set_autopass(self, seat, rest):
        if rest in ("off", "no", "stop"):
            self.autopass_game.discard(seat)
            self.autopass_turn.pop(seat, None)
            self.console.print("Response windows will be offered to you again.")
        elif rest in ("", "on", "yes"):
            self.autopass_game.add(seat)
            self.notice = "Auto-passing every response window for the rest of the game ('autopass off' stops it)."
        else:
            self.console.print("[red]autopass takes 'on' (the default) or 'off'[/red]")

    def undo(self, seat) -> bool:
        others = [h for h in self.humans if h != seat]
        point = undo_point(self.state, seat, others, self.agents)
        if point.reason:
            self.console.print(Text(f"Cannot undo: {point.reason}", style="red"))
            return False
        self.state = point.state
        taken = ", ".join(point.taken)
        self.notice = f"Undone: {taken}."
        self.seen[seat] = min(self.seen.get(seat, 0), len(self.state.visible_log(seat)))
        self.last_prompt.pop(seat, None)
        return True

    def hint(self, seat):
        from tabletome.agents.hints import hints

        with self.console.status("Thinking…"):
            rows = hints(self.state, seat)
        measure = "win chance" if self.state.players > 1 else "expected score (0-100%)"
        self.console.print(f"[bold]Hint[/bold]: the computer's best choices, with its estimated {measure}:")
        legal = [str(a) for a in self.state.legal_actions()]
        for action, chance, visits in rows:
            number = f"{legal.index(str(action)) + 1}." if str(action) in legal else ""
            self.console.print(f"  {number:>4} {str(action):40} {chance:>4.0%}  ({visits} searches)", markup=False)


def find_cards(everything: list[dict], what: str) -> list[dict]:
    """The cards ``info WHAT`` means: the one named exactly so, else those whose name begins so,
    else those whose name holds it (case and spacing aside)."""
    key = " ".join(what.split()).lower()
    exact = [i for i in everything if i["name"].lower() == key]
    return exact or [i for i in everything if i["name"].lower().startswith(key)] \
        or [i for i in everything if key in i["name"].lower()]


def card_panel(info) -> Group:
    head = Text(info["name"], style="bold")
    if info.get("kind"):
        head.append(f"  ({info['kind']})", style="dim")
    if info.get("origin") == "designed":
        head.append("  designed: not printed in the rulebook", style="magenta")
    else:
        head.append("  printed in the rulebook", style="dim")
    parts = [head]
    if info.get("text"):
        parts.append(Text("  " + info["text"]))
    if info.get("note"):
        parts.append(Text("  " + info["note"], style="dim"))
    return Group(*parts)
