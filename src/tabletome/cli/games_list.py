"""``tabletome games``: every game with its players and options."""

import json

from rich.padding import Padding
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
        console.print(Padding(Text(row["summary"], style="dim"), (0, 0, 0, 2)))
        for name, values in row["options"].items():
            console.print(Padding(Text(f"--option {name}=  {describe_values(values)}"), (0, 0, 0, 2)))
            help_text = game.option_help.get(name)
            if help_text:
                console.print(Padding(Text(help_text, style="dim"), (0, 0, 0, 6)))
        console.print()
    console.print("Each option's first value is its default; 'tabletome games --json' lists every value.")
    return 0
