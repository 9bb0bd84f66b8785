"""Print each game's observation layout as Markdown (the tables in docs/rl.md):

    python -m tabletome.rl.describe [game ...]
"""

from __future__ import annotations

import sys

import tabletome


def markdown(game_ids=None) -> str:
    lines = []
    for game_id in game_ids or tabletome.games():
        game = tabletome.game(game_id)
        lines.append(f"### {game.name} (`{game_id}`)")
        seen = set()
        for players, options in game.configurations():
            enc = game.encoder(players, **options)
            key = (type(enc).__name__, tuple(enc.describe()))
            if key in seen:
                continue
            seen.add(key)
            changed = {k: v for k, v in options.items() if v != game.options[k][0]}
            shown = ", ".join(f"{k}={v}" for k, v in changed.items()) or "default options"
            utility = game.utility(players, **options)
            lines.append("")
            lines.append(f"{players} player(s), {shown}: `{type(enc).__name__}`, {enc.size} floats; "
                         f"{game.num_actions_for(players, **options)} action ids; utility {utility['kind']} "
                         f"in [{utility['min']:g}, {utility['max']:g}]; at most "
                         f"{game.max_game_length(players, **options)} decisions")
            lines.append("")
            bounds = enc.bounds()
            lines.append("| slice | what | bounds |")
            lines.append("|---|---|---|")
            for name, start, stop in enc.describe():
                lines.append(f"| `{start}:{stop}` | {name} | {_range(bounds, start, stop)} |")
        lines.append("")
    return "\n".join(lines)


def _range(bounds, start: int, stop: int) -> str:
    """The slice's bounds as ``[low, high]`` (the widest of its floats' when they differ)."""
    if bounds is None:
        return "unbounded"
    if start == stop:
        return ""
    low, high = bounds[0][start:stop], bounds[1][start:stop]
    same = (low == low[0]).all() and (high == high[0]).all()
    text = f"[{low.min():.4g}, {high.max():.4g}]"
    return text if same else text + " (per float, within)"


if __name__ == "__main__":
    print(markdown(sys.argv[1:] or None))
