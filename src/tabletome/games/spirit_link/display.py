"""The Spirit Link table in the terminal, drawn with rich from a seat's view only."""

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .ruleset import MAX_HEALTH, MAX_MANA


def bar(value, maximum, width, colour):
    filled = max(0, min(width, round(width * value / maximum)))
    text = Text()
    text.append("█" * filled, style=colour)
    text.append("░" * (width - filled), style="grey35")
    text.append(f" {value}/{maximum}", style=f"bold {colour}")
    return text


def seat_panel(info, you, active, cards):
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row("Health", bar(info["health"], MAX_HEALTH, 30, "red"))
    grid.add_row("Mana", bar(info["mana"], MAX_MANA, 12, "blue"))
    form = info["transformation"]
    shown = {None: Text("not placed yet", style="dim"), "none": Text("no transformation", style="dim"),
             "face down": Text("▒ face down ▒", style="magenta")}.get(form)
    if shown is None:
        card = cards.by_name.get(form.lower())
        shown = Text(form, style="bold yellow")
        if card is not None:
            shown.append(f"  {card.text}", style="yellow")
    grid.add_row("Transformation", shown)
    if info["ability"]:
        grid.add_row("Ability", Text(info["ability"], style="bold green"))
    extras = []
    if info["spell_cast"]:
        extras.append("spell cast this turn")
    if info["firebolts_pending"]:
        extras.append(f"{info['firebolts_pending']} Firebolt hit(s) at settlement")
    if info["known_in_hand"]:
        extras.append("known in hand: " + ", ".join(info["known_in_hand"]))
    grid.add_row("Cards", f"{info['hand_size']} in hand, {info['deck_size']} in deck, "
                          f"{sum(info['discard'].values())} discarded")
    if extras:
        grid.add_row("", Text("; ".join(extras), style="italic"))
    title = info["name"] + (" (you)" if you else "") + ("  ◀ to move" if active else "")
    return Panel(grid, title=title, title_align="left", border_style="cyan" if you else "white")


def hand_table(hand, cards):
    table = Table(title="Your hand", show_lines=False, expand=False)
    table.add_column("Card", style="bold")
    table.add_column("Type")
    table.add_column("Cost", justify="right")
    table.add_column("Text")
    counts = {}
    for name in hand:
        counts[name] = counts.get(name, 0) + 1
    for name, n in counts.items():
        card = cards.by_name[name.lower()]
        label = name + (f" ×{n}" if n > 1 else "")
        kind = card.type + (f" for {cards.names[card.for_form]}" if card.for_form >= 0 else "")
        table.add_row(label, kind, str(card.cost), card.text)
    return table


def render(view, seat, cards):
    players = view["players"]
    if view["over"]:
        winners = view["winners"]
        status = ("Game over: " + " and ".join(players[w]["name"] for w in winners) + " wins") if winners \
            else "Game over: a draw"
    else:
        status = (f"Turn {view['round']} · {view['phase']} phase · "
                  f"{players[view['priority']]['name']} has priority · "
                  f"{players[view['to_move']]['name']} to move")
        if view["pending"]:
            p = view["pending"]
            status += f" · choosing discards for {p['choice']}"
            if "discards_left" in p:
                status += f" ({p['discards_left']} left)"
    order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
    parts = [Text(status, style="bold")]
    for p in order:
        parts.append(seat_panel(players[p], p == seat, view["to_move"] == p, cards))
    if seat in (0, 1) and "hand" in players[seat]:
        parts.append(hand_table(players[seat]["hand"], cards))
    log = view.get("log", [])[-12:]
    if log:
        parts.append(Panel(Text("\n".join(log)), title="What just happened", title_align="left",
                           border_style="grey50"))
    return Group(*parts)


def cards_info(cards) -> list[dict]:
    """Every card of the deck for people (``Game.cards_info``): name, origin, kind, a short line
    of what it does (its numbers and printed text) and the whole printed card."""
    import re

    rows = []
    for card in cards.cards:
        rest = re.sub(r"^\s*\S+\s*\([^)]*\)\s*", "", card.text).strip()
        if card.type == "transformation":
            short = f"{card.damage} damage, {card.cost} mana"
            kind = "transformation"
        elif card.type == "ability":
            kind = f"ability for {cards.names[card.for_form]}" if card.for_form >= 0 else "ability"
            short = f"{kind}, {card.cost} mana"
        else:
            kind = "spell"
            short = f"spell, {card.cost} mana"
        if rest:
            short += ". " + rest
        full = (f"{card.text}\n{kind}; costs {card.cost} mana"
                + (f"; deals {card.damage} damage" if card.type == "transformation" else "")
                + f"; {card.copies} in each deck.")
        rows.append({"name": card.name, "origin": card.origin, "kind": kind, "short": short, "text": full,
                     "note": ""})
    return rows
