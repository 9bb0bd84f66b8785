"""The Life & Legend table in the terminal, drawn with rich from a seat's view only: the World as
a 2x2 grid, each seat's Play Area, Legend Area, Backgrounds, Traits, Traumas and limits, the die."""

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


def card_text(name, cards):
    i = cards.by_name.get(str(name).lower())
    if i is None:
        return ""
    c = cards.cards[i]
    return c.text + ("  [designed]" if c.origin == "designed" else "  [printed]")


def world_grid(view, cards):
    grid = Table(show_header=False, show_lines=True, title="The World", expand=False)
    grid.add_column(width=36)
    grid.add_column(width=36)
    cells = []
    for space in view["world"]:
        name = space["card"]
        t = Text(f"{space['space']}. ", style="bold")
        if name == "empty":
            t.append("(empty)", style="dim")
        elif space.get("uncovered"):
            t.append(name, style="bold yellow")
            t.append(f"\n{space.get('type', '')}: {card_text(name, cards)}", style="yellow")
        else:
            t.append("▒ covered ▒" if name == "covered" else f"▒ {name} (examined) ▒", style="magenta")
            if space.get("examined_by"):
                t.append(f"\nexamined by {', '.join(space['examined_by'])}", style="dim")
        cells.append(t)
    grid.add_row(cells[0], cells[1])
    grid.add_row(cells[2], cells[3])
    return grid


def seat_panel(info, you, active):
    g = Table.grid(padding=(0, 1))
    g.add_column(style="bold")
    g.add_column()
    lim = info["limits"]
    g.add_row("Legends", Text(str(info["legends"]), style="bold green"))
    hand = [h["card"] for h in info["hand"]]
    g.add_row("Hand", Text(f"{info['hand_size']}/{lim['hand']}: " + ", ".join(hand)))
    g.add_row("Relics", f"{lim['slots_used']}/{lim['relic_slots']} slots: " + (", ".join(info["relics"]) or "-"))
    g.add_row("Traits", f"{len(info['traits'])}/{lim['traits']}: " + (", ".join(info["traits"]) or "-"))
    g.add_row("Traumas", ", ".join(info["traumas"]) or "-")
    g.add_row("Backgrounds", f"Story: {info['life_story'] or '-'}; Path: {info['life_path'] or '-'}")
    cw = [w["card"] for w in info["completed_wanders"]]
    g.add_row("Wanders", f"{len(cw)}/{lim['completed_wanders']}" + (f" ({', '.join(c for c in cw if c != 'covered')})" if any(c != "covered" for c in cw) else ""))
    g.add_row("Adventures", ", ".join(info["completed_adventures"]) or "-")
    title = info["name"] + (f" (AI: {info['ai']}, designed card)" if info["ai"] else "") + (" (you)" if you else "") + ("  ◀ turn" if active else "")
    return Panel(g, title=title, title_align="left", border_style="cyan" if you else "white")


def render(view, seat, cards):
    parts = [Text(f"Life & Legend ({view['mode']}) — turn {view['turn']}, {view['active']}'s {view['phase']} phase. "
                  f"Legend Deck {view['legend_deck']}, Life Deck {view['life_deck']}.", style="bold")]
    parts.append(world_grid(view, cards))
    me = view["seats"][seat]["name"] if seat is not None else None
    for info in view["seats"]:
        parts.append(seat_panel(info, info["name"] == me, info["name"] == view["active"]))
    for info in view["seats"]:
        card = cards.opponents.get(info["ai"]) if info["ai"] else None
        if card is not None:
            steps = Text("\n".join(f"{k + 1}. {step}" for k, step in enumerate(card.steps)))
            parts.append(Panel(steps, title=f"{card.name} — AI card (designed)", title_align="left", border_style="magenta"))
    if view["roll"]:
        parts.append(Text(f"Die: {', '.join(map(str, view['roll']))} ({view['roll_modifier']:+d})", style="bold red"))
    if view["life_cards_drawn"]:
        parts.append(Text("Life card drawn: " + ", ".join(view["life_cards_drawn"]), style="green"))
    if view.get("lore"):
        parts.append(Text("Lore to uncover: " + ", ".join(view["lore"]), style="cyan"))
    if view["asks"]:
        parts.append(Text(f"Deciding: {view['to_move']} — {view['asks']}", style="italic"))
    if me is not None:
        hand = view["seats"][seat]["hand"]
        if hand:
            t = Table(title="Your hand", expand=False)
            t.add_column("Card", style="bold")
            t.add_column("Text")
            for h in hand:
                t.add_row(Text(h["card"]), Text(card_text(h["card"], cards)))
            parts.append(t)
    log = view.get("log", [])[-6:]
    if log:
        parts.append(Panel(Text("\n".join(log)), title="Log", title_align="left", border_style="grey50"))
    return Group(*parts)


def cards_info(cards) -> list[dict]:
    """Every card a player may ask about (``Game.cards_info``; the browser's hover and tap, the
    terminal's ``info``): each of the 144 cards once by name, with its kind and whole text, and the
    four AI opponent cards with their numbered steps. Public facts, the same for every seat."""
    from .cards import KIND_NAMES, EVENT, ADVENTURE, RELIC, TRAIT
    rows, seen = [], set()
    for i, c in enumerate(cards.cards):
        if c.name in seen:
            continue
        seen.add(c.name)
        kind = cards.kind[i]
        row = {"name": c.name, "origin": c.origin, "kind": KIND_NAMES[kind], "short": c.text, "text": c.text,
               "note": c.note}
        if kind == EVENT and c.atmosphere:
            row["atmosphere"] = True
        if kind == ADVENTURE:
            row["legends"] = c.legends
            if c.perpetual:
                row["perpetual"] = True
        if kind == RELIC:
            row["legends"] = c.legends
            row["slots"] = c.slots
        if kind == TRAIT:
            row["copies"] = sum(1 for d in cards.cards if d is c)
        rows.append(row)
    for o in cards.opponents.values():
        rows.append({"name": o.name, "origin": o.origin, "kind": "AI opponent", "id": o.id,
                     "short": o.steps[0] if o.steps else "",
                     "text": "\n".join(f"{k + 1}. {step}" for k, step in enumerate(o.steps)),
                     "steps": list(o.steps), "note": o.note})
    return rows
