"""``tabletome games``: every game with its players and options."""

import json
import textwrap

from rich.text import Text

import tabletome
from tabletome.core.game import describe_values

from .terminal import SafeConsole


def run(args) -> int:
    rows = []
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        rows.append({
            "id": game.id,
            "name": game.name,
            "players": list(game.player_counts),
            "options": {k: list(v) for k, v in game.options.items()},
            "summary": game.summary,
        })
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    console = SafeConsole()
    for row in rows:
        game = tabletome.game(row["id"])
        players = ", ".join(str(n) for n in row["players"])
        console.print(f"[bold cyan]{row['id']}[/bold cyan]  [bold]{row['name']}[/bold]  ({players} players)")
        indented(console, row["summary"], 2, "dim")
        for name, values in row["options"].items():
            indented(console, f"--option {name}=  {describe_values(values)}", 2)
            help_text = game.option_help.get(name)
            if help_text:
                indented(console, help_text, 6, "dim")
        console.print()
    indented(console, "Each option's first value is its default; 'tabletome games --json' lists every value.", 0)
    return 0


def indented(console, text: str, indent: int, style: str = "") -> None:
    """``text`` wrapped to the screen, ``indent`` columns in, each line ending where its words do."""
    for line in textwrap.wrap(text, max(20, console.width - indent)):
        console.print(Text(" " * indent + line, style=style), overflow="ignore", crop=False)
