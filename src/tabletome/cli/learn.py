"""``tabletome learn GAME``: the game's tutorial, lesson by lesson, in the terminal.

    tabletome learn life-and-legend          every lesson, from the first
    tabletome learn life-and-legend --list   the lessons
    tabletome learn life-and-legend 4        from lesson 4

Each lesson (core/lessons.py, the game's lessons.toml) shows its goal, the rulebook passage it
teaches with its section, and the table as the lesson's seat sees it, drawn by ``tabletome play``'s
own screen (``Session.show_table``) in the rows the lesson text leaves. The right move advances; a
legal but wrong one is explained and may be retried; an illegal one gets the engine's reason and
the rule that forbids it.
"""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text

import tabletome
from tabletome import IllegalAction
from tabletome.core.lessons import judge, lesson as lesson_number, lessons, same, Verdict

from .play import Session
from .rule import why
from .terminal import SafeConsole, too_long

HELP = """Type the number of a choice, or its text, to make your move. Other commands:
  goal     the lesson's goal and rule again, with the table
  show     the move this lesson wants (if you are stuck)
  info X   a card, a term or an abbreviation; info N: the cards of choice N
  rules    a short reference of the game
  why X    why move X is not available now, with its rule
  skip     the next lesson; back: the lesson before
  list     the lessons
  quit     leave the tutorial"""


class Leave(Exception):
    pass


def run(args) -> int:
    console = SafeConsole(highlight=False)
    game = tabletome.game(args.game)
    every = lessons(game)
    if not every:
        raise IllegalAction(f"{game.name} has no lessons yet")
    if args.list:
        console.print(f"[bold]{escape(game.name)}[/bold]: {len(every)} lessons "
                      f"(tabletome learn {game.id} N starts at lesson N)")
        for les in every:
            console.print(Text.assemble((f"{les.number:>3}. ", "bold"), les.title, (f"  — {les.section}", "dim")),
                          no_wrap=True, overflow="ellipsis")
        return 0
    first = lesson_number(game, args.number).number if args.number is not None else 1
    tutor = Tutor(console, game, every)
    try:
        tutor.run(first)
    except (Leave, EOFError):
        console.print(f"[yellow]Leaving the tutorial.[/yellow] Come back with: tabletome learn {game.id} {tutor.at}")
    except KeyboardInterrupt:
        console.print("\n[yellow]Interrupted.[/yellow]")
        return 130
    return 0


class Tutor:
    def __init__(self, console, game, every):
        self.console = console
        self.game = game
        self.every = every
        self.at = 1

    def run(self, first):
        n = first
        while n <= len(self.every):
            self.at = n
            move = self.lesson(self.every[n - 1])
            n = n + 1 if move == "next" else max(1, n - 1)
        self.console.print(Text(f"You have finished the {self.game.name} tutorial.", style="bold green"))
        self.console.print(f"Play a game: tabletome play {self.game.id}   (type 'help' at your turn for commands)",
                           markup=False)

    # --- one lesson --------------------------------------------------------------------------
    def header(self, les, width) -> list[Text]:
        head = Text.assemble((f"Lesson {les.number} of {len(self.every)} · ", "bold"), (les.title, "bold cyan"))
        goal = Text.assemble(("Goal: ", "bold"), les.goal)
        quote = Text.assemble((f"“{les.quote}”", "italic"), (f" — rulebook: {les.section}", "dim"))
        parts = [head, goal, quote]
        if les.ours:
            parts.append(Text.assemble(("Our ruling: ", "magenta"), les.ours))
        return parts

    def session(self, state, rows_used):
        width, height = self.console.size
        sub = SafeConsole(file=self.console.file, width=width, height=max(10, height - rows_used),
                      force_terminal=self.console.is_terminal, color_system=self.console.color_system,
                      highlight=False)
        agents = [None if i == state.to_move else object() for i in range(state.players)]
        session = Session(sub, self.game, state, ["human"] * state.players, agents)
        session.seen[state.to_move] = len(state.visible_log(state.to_move))
        return session

    def show(self, les, state):
        parts = self.header(les, self.console.size.width)
        rows = sum(len(self.console.render_lines(p, self.console.options, pad=False)) for p in parts)
        for p in parts:
            self.console.print(p)
        session = self.session(state, rows)
        session.show_table(state.to_move)
        return session

    def lesson(self, les) -> str:
        state = les.start()
        seat = state.to_move
        step = 0
        if self.console.is_terminal:
            self.console.clear()
        session = self.show(les, state)
        while True:
            answer = self.console.input(f"[bold cyan]Lesson {les.number}[/bold cyan], your move: ").strip()
            if not answer or too_long(self.console, answer):
                continue
            word, _, rest = answer.partition(" ")
            word, rest = word.lower(), rest.strip()
            if word in ("quit", "exit", "q") and not rest:
                raise Leave()
            if word in ("help", "?") and not rest:
                self.console.print(HELP, markup=False)
                continue
            if word in ("goal", "table", "again") and not rest:
                session = self.show(les, state)
                continue
            if word in ("show", "answer") and not rest:
                self.console.print(Text.assemble("This lesson's move: ", (les.moves[step], "bold")))
                continue
            if word in ("skip", "next") and not rest:
                return "next"
            if word == "back" and not rest:
                return "back"
            if word == "list" and not rest:
                for other in self.every:
                    self.console.print(f"{other.number:>3}. {other.title}", markup=False)
                continue
            if word == "info":
                session.info(rest)
                continue
            if word == "rules" and not rest:
                session.rules()
                continue
            if word == "why":
                why(session, rest)
                continue
            if same(answer, les.illegal.move):
                # the whole text of the move the lesson forbids, never taken as the start of another
                verdict = judge(les, state, step, answer)
            else:
                try:
                    action = session.pick(answer, state.legal_actions())
                except IllegalAction as exc:
                    verdict = Verdict("illegal", str(exc))
                else:
                    verdict = judge(les, state, step, action)
            if verdict.kind == "illegal":
                self.console.print(Text.assemble(("✗ Not allowed: ", "bold red"), verdict.message))
                if verdict.rule:
                    self.console.print(Text.assemble(("  The rule: ", "bold"), verdict.rule))
                self.console.print(Text("  Try again ('show' tells you the move).", style="dim"))
                continue
            if verdict.kind in ("wrong", "other"):
                self.console.print(Text.assemble(("✗ ", "bold yellow"), verdict.message))
                self.console.print(Text("  Try again ('show' tells you the move).", style="dim"))
                continue
            step += 1
            self.print_lines(verdict.new_lines)
            if verdict.kind == "right":
                self.console.print(Text("✓ Right. Next step:", style="bold green"))
                session = self.session(state, 1)
                session.show_table(seat)
                continue
            self.console.print(Text.assemble(("✓ Done. ", "bold green"), les.done))
            more = les.number < len(self.every)
            prompt = (f"Enter: lesson {les.number + 1} · back · quit: " if more else "Enter: finish · back: ")
            reply = self.console.input(prompt).strip().lower()
            if reply in ("quit", "exit", "q"):
                raise Leave()
            return "back" if reply == "back" else "next"

    def print_lines(self, lines, most=6):
        shown = lines[-most:]
        if len(lines) > most:
            self.console.print(Text(f"  … {len(lines) - most} earlier lines", style="dim"))
        for line in shown:
            self.console.print(Text("  " + line, style="dim"))
