"""The terminal board, drawn with rich from a view dict only (never the state).

Each quadrant is a panel with its four areas (familiars with attack/defense and damage), its life,
its controller and pool; then the River cards, the viewing seat's hand, Aspects, vials, the attack
in progress and the last lines of the log. Designed components carry a "designed" tag.
"""

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

AREA_TITLES = (("summoning", "Summoning Area"), ("movement", "Movement Row"), ("river", "River"),
               ("battleground", "Battleground"))


def _familiar(space, catalogue):
    if space is None:
        return Text("·", style="dim")
    t = Text(space["familiar"], style="bold")
    t.append(f" {space['attack']}/{space['defense']}")
    if space["damage"]:
        t.append(f" -{space['damage']}", style="red")
    marks = [m for m in ("moved", "attacked", "blocked", "breath") if space[m]]
    if marks:
        t.append(" (" + ", ".join(marks) + ")", style="dim")
    if catalogue.get(space["familiar"], {}).get("origin") == "designed":
        t.append(" designed", style="magenta")
    return t


def _quadrant(quad, view):
    cat = view["catalogue"]["familiars"]
    table = Table.grid(padding=(0, 1))
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for key, title in AREA_TITLES:
        spaces = quad["areas"][key]
        row = Text()
        for i, space in enumerate(spaces):
            if i:
                row.append("  |  ", style="dim")
            row.append_text(_familiar(space, cat))
        table.add_row(title, row)
    head = quad["name"]
    if quad["life"] is not None:
        head += f"  life {quad['life']}"
    if quad["role"] == "ghost":
        head += f"  (ghost: {quad['controller']} controls, {quad['attack_controller']} attacks)"
    elif quad["role"] == "lair":
        head += "  (Lair)"
    if quad["pool"]:
        table.add_row("Pool", ", ".join(quad["pool"]))
    style = "green" if view["turn"] == quad["name"] else "white"
    return Panel(table, title=head, border_style=style)


def _card(name, view):
    info = view["catalogue"]["cards"].get(name, {})
    t = Text(name, style="bold")
    if info:
        t.append(f" [{info['speed']}, {info['cost']} life]", style="dim")
        if info["origin"] == "designed":
            t.append(" designed", style="magenta")
        elif info.get("numbers_designed"):
            t.append(" printed text, designed cost", style="magenta dim")
    return t


def render(view, seat):
    parts = []
    mode = view["mode"]
    status = Text(f"Life Siphon ({mode})  round {view['round']}  ", style="bold")
    status.append(f"{view['turn']}'s turn, {view['phase']} phase")
    if view.get("madness"):
        m = view["madness"]
        status.append(f"  | round tracker {m['round_tracker']}, life gained from unblocked attacks {m['life_gained_this_turn']}/3")
        if m["defeated"]:
            status.append("  DEFEATED: the Lairs finish the round", style="red")
    parts.append(status)
    quads = [_quadrant(q, view) for q in view["quadrants"]]
    # clockwise around the board: the first seat top left, the last one bottom left
    board = Table.grid(expand=True, padding=(0, 1))
    board.add_column(ratio=1)
    board.add_column(ratio=1)
    rows = {1: [[0]], 2: [[0, 1]], 3: [[0, 1], [2]], 4: [[0, 1], [3, 2]]}[len(quads)]
    for row in rows:
        board.add_row(*[quads[i] for i in row])
    parts.append(board)

    cards = Table.grid(padding=(0, 2))
    cards.add_column(style="cyan")
    cards.add_column()
    river = Text()
    for i, name in enumerate(view["river"]):
        if i:
            river.append("  |  ", style="dim")
        river.append_text(_card(name, view) if name else Text("(empty)", style="dim"))
    cards.add_row("River", river)
    cards.add_row("Deck", f"{view['deck_size']} cards, discard pile {len(view['discard'])}")
    if view["supply"]:
        cards.add_row("Supply", ", ".join(f"{k} {v}" for k, v in view["supply"].items()))
    for p in view["players"]:
        line = Text(f"{p['hand_size']} card{'s' if p['hand_size'] != 1 else ''}")
        if p.get("hand") is not None:
            line = Text()
            for i, name in enumerate(p["hand"]):
                if i:
                    line.append(", ")
                line.append_text(_card(name, view))
            if not p["hand"]:
                line.append("(no cards)", style="dim")
        elif p["known_in_hand"]:
            line.append(f" (known: {', '.join(p['known_in_hand'])})")
        if p["aspect"]:
            a = view["catalogue"]["aspects"].get(p["aspect"], {})
            line.append(f"  | Aspect: {p['aspect']}")
            if a.get("origin") == "designed":
                line.append(" designed", style="magenta")
        if p["vials"] is not None:
            line.append("  | vials: " + (", ".join(p["vials"]) or "all turned over"))
        cards.add_row(p["name"] + (" (you)" if p.get("hand") is not None else ""), line)
    if view["aspects_aside"] and any(p["aspect"] for p in view["players"]):
        cards.add_row("Aspects aside", ", ".join(view["aspects_aside"]))
    parts.append(Panel(cards, title="Cards"))

    att = view["attack"]
    if att and att["attacker"]:
        text = f"{att['attacker']} attacks {att['target'] or att['defender'] or '...'}"
        if att["blockers"]:
            text += "; blocked by " + ", ".join(att["blockers"])
        if att["breath"]:
            text += "; Breath Weapon on " + ", ".join(att["breath"])
        parts.append(Text(text, style="yellow"))
    if view["over"]:
        if view.get("madness") and view["madness"]["score"]:
            r, life = view["madness"]["score"]
            parts.append(Text(f"Game over: defeated in round {r} with {life} life.", style="bold red"))
        else:
            names = [view["players"][w]["name"] for w in view["winners"]]
            parts.append(Text(f"Game over: {', '.join(names)} wins.", style="bold green"))
    elif view["decision"]:
        d = view["decision"]
        who = view["players"][d["seat"]]["name"]
        extra = f" ({d['moment']})" if "moment" in d else f" ({d['source']})" if "source" in d else ""
        parts.append(Text(f"{who} to decide: {d['choice']}{extra}", style="bold"))
    log = view.get("log", [])[-8:]
    if log:
        parts.append(Panel(Text("\n".join(log)), title="Log", border_style="dim"))
    designed = any(c["origin"] == "designed" for c in view["catalogue"]["cards"].values())
    if designed:
        parts.append(Text("Cards and Aspects tagged 'designed' are not printed in the rulebook: we designed "
                          "them inside its mechanics (load your printed cards with --cards FILE).",
                          style="magenta dim"))
    return Group(*parts)


def cards_info(cards) -> list[dict]:
    """Every component a player may ask about (``Game.cards_info``): spells, Familiars, Aspects
    and vials, each with a short line of what it does and its whole text with its numbers."""
    rows = []
    for c in cards.cards:
        numbers = f"{c.speed}, {c.cost} life"
        rows.append({"name": c.name, "origin": c.origin, "kind": "spell", "short": f"{numbers}: {c.text}",
                     "text": f"{c.text}\n{c.speed} spell, costs {c.cost} life; {c.copies} in the deck"
                             + ("; also used in Madness Mode" if c.madness else "") + ".",
                     "note": c.notes})
    for f in cards.familiars:
        numbers = f"{f.attack}/{f.defense}, summon {f.cost} life" + (f", move {f.move_cost} life" if f.move_cost else "")
        rows.append({"name": f.name, "origin": f.origin, "kind": "Familiar", "short": numbers,
                     "text": f"{f.text}\nattack {f.attack}, defense {f.defense}; costs {f.cost} life to summon"
                             + (f", {f.move_cost} life to move" if f.move_cost else "") + f"; {f.pool} supply {f.supply}.",
                     "note": f.notes})
    for a in cards.aspects:
        rows.append({"name": a.name, "origin": a.origin, "kind": "Aspect", "short": a.text,
                     "text": a.text + (f"\ncosts {a.cost} life." if a.cost else ""), "note": ""})
    for v in cards.vials:
        rows.append({"name": v.name, "origin": v.origin, "kind": "Essence Vial", "short": v.text,
                     "text": v.text, "note": ""})
    return rows
