"""``tabletome games``: every game with its players and options."""

import json

from rich.console import Console
from rich.table import Table

import tabletome


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
    table = Table(title="tabletome games", show_lines=True)
    table.add_column("id", style="bold cyan")
    table.add_column("game")
    table.add_column("players", justify="center")
    table.add_column("options (default first)")
    for row in rows:
        game = tabletome.game(row["id"])
        opts = "\n".join(f"{k}: " + shorten(v) for k, v in row["options"].items()) or "none"
        table.add_row(row["id"], f"{row['name']}\n[dim]{row['summary']}[/dim]",
                      ", ".join(str(n) for n in row["players"]), opts)
    Console().print(table)
    return 0


def shorten(values, shown=5):
    text = " | ".join(str(x) for x in values[:shown])
    if len(values) > shown:
        text += f" | … ({len(values)} values in all; tabletome games --json lists them)"
    return text
