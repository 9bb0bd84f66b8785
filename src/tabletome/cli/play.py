"""``tabletome play GAME``: play in the terminal against the computer or friends (hot seat).

Each human seat sees only its own view. With two or more humans at one screen, the table is
cleared and handed over between their decisions, so nobody sees another's hand. The game record
is saved when the game ends, when you type quit, or on Ctrl-C.
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.pretty import Pretty
from rich.text import Text

import tabletome
from tabletome import IllegalAction

from .replay import result_line
from .tables import HUMAN, make_agents, parse_options, seat_specs

HELP = """Type the number of a choice or its text. Other commands:
  hint   ask the computer for its best few choices (does not change the game)
  log    show everything you have seen happen so far
  help   this help
  quit   save the game record and leave"""


class Quit(Exception):
    pass


def run(args) -> int:
    console = Console()
    game = tabletome.game(args.game)
    options = parse_options(args.option)
    players, options = game.resolve_options(args.players, options)
    specs = seat_specs(game, players, args.seat, HUMAN, "heuristic")
    state = game.new(players=players, seed=args.seed, cards=args.cards, **options)
    agents = make_agents(specs, state.seed)
    path = None if args.no_save else Path(args.save or default_record_path(game.id, state.seed))
    session = Session(console, game, state, specs, agents)
    console.print(f"[bold]{game.name}[/bold] — seed {state.seed}. "
                  + ", ".join(f"{state.seat_name(i)}: {spec}" for i, spec in enumerate(specs)))
    code = 0
    try:
        session.play()
    except (KeyboardInterrupt, EOFError, Quit):
        console.print("\n[yellow]Leaving the game.[/yellow]")
        code = 0
    finally:
        if path is not None:
            tabletome.save_record(state.record(), path)
            console.print(f"Game record saved to {path}  (replay it: tabletome replay {path})")
    return code


def default_record_path(game_id, seed):
    return Path("records") / f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.json"


class Session:
    def __init__(self, console, game, state, specs, agents):
        self.console = console
        self.game = game
        self.state = state
        self.specs = specs
        self.agents = agents
        self.humans = [i for i, a in enumerate(agents) if a is None]
        self.last_human = None
        # for each human: how many log lines it had seen when it last decided
        self.seen = {h: 0 for h in self.humans}
        self.spectator_seen = 0

    # --- the loop ------------------------------------------------------------------------------
    def play(self):
        state = self.state
        while not state.is_over:
            seat = state.to_move
            if self.agents[seat] is None:
                self.human_turn(seat)
            else:
                state.apply(self.agents[seat].choose(state))
                if not self.humans:
                    self.print_new_public_lines()
        self.finish()

    def print_new_public_lines(self):
        lines = self.state.visible_log(None)
        for line in lines[self.spectator_seen:]:
            self.console.print(line, highlight=False, markup=False)
        self.spectator_seen = len(lines)

    def finish(self):
        state = self.state
        seat = self.humans[0] if len(self.humans) == 1 else None
        self.draw(seat)
        self.console.print(Text(result_line(state), style="bold green"))

    # --- a human's decision --------------------------------------------------------------------
    def human_turn(self, seat):
        state = self.state
        name = state.seat_name(seat)
        if len(self.humans) > 1 and seat != self.last_human:
            self.console.clear()
            self.console.input(f"[bold]Pass the screen to {name}.[/bold] {name}, press Enter when ready ")
            self.console.clear()
        self.last_human = seat
        self.show_new_lines(seat)
        self.draw(seat)
        while True:
            legal = state.legal_actions()
            self.show_choices(legal)
            answer = self.console.input(f"[bold cyan]{name}[/bold cyan], your choice: ").strip()
            if not answer:
                continue
            word = answer.lower()
            if word in ("quit", "exit", "q"):
                raise Quit()
            if word in ("help", "?"):
                self.console.print(HELP)
                continue
            if word == "log":
                for line in state.visible_log(seat):
                    self.console.print(line, highlight=False, markup=False)
                continue
            if word == "hint":
                self.hint(seat)
                continue
            try:
                action = self.pick(answer, legal)
                state.apply(action)
            except IllegalAction as exc:
                self.console.print(f"[red]Not that: {exc}[/red]")
                continue
            self.seen[seat] = len(state.visible_log(seat))
            return

    def pick(self, answer, legal):
        if answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(legal):
                raise IllegalAction(f"{number} is not a choice; choose 1 to {len(legal)}")
            return legal[number - 1]
        return self.state.parse_action(answer)

    def show_new_lines(self, seat):
        lines = self.state.visible_log(seat)
        new = lines[self.seen[seat]:]
        if len(new) > 12:  # the table shows the last few; print the rest first
            self.console.rule("Since your last decision")
            for line in new[:-12]:
                self.console.print(line, highlight=False, markup=False)

    def draw(self, seat):
        view = self.state.view(seat)
        board = self.game.render(view, seat)
        self.console.print(board if board is not None else Pretty(view))

    def show_choices(self, legal):
        items = [Text.assemble((f"{i + 1:>3}. ", "bold"), str(a)) for i, a in enumerate(legal)]
        self.console.print(Columns(items, column_first=True, equal=True, expand=False))

    def hint(self, seat):
        from tabletome.agents.hints import hints

        with self.console.status("Thinking..."):
            rows = hints(self.state, seat)
        measure = "win chance" if self.state.players > 1 else "expected score (0-100%)"
        self.console.print(f"[bold]Hint[/bold]: the computer's best choices, with its estimated {measure}:")
        for action, chance, visits in rows:
            self.console.print(f"  {str(action):40} {chance:>4.0%}  ({visits} searches)")
