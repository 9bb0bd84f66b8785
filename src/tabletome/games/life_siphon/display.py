"""The terminal board, drawn with rich from a view dict only (never the state).

Each quadrant is a panel with its four areas (familiars with attack/defense and damage), its life,
its controller and pool; then the River cards, the viewing seat's hand, Aspects, vials, the attack
in progress and the last lines of the log. Designed components carry a "designed" tag.
"""

from collections import Counter

from rich.console import Group
from rich.table import Table
from rich.text import Text

AREA_TITLES = (("summoning", "Summon"), ("movement", "Move"), ("river", "River"),
               ("battleground", "Battle"))
MARKS = {"moved": "m", "attacked": "a", "blocked": "b", "breath": "w"}
DESIGNED = "†"
NUMBERS_DESIGNED = "‡"      # printed text, but its cost and copies are ours


def short_name(name: str) -> str:
    """A Familiar's name on the board: one word as it is, more words by their initials (DK)."""
    words = name.split()
    return name if len(words) == 1 else "".join(w[0] for w in words).upper()


def _familiar(space, catalogue, compact=0):
    if space is None:
        return Text("·", style="dim")
    t = Text(short_name(space["familiar"]), style="bold")
    base = catalogue.get(space["familiar"], {})
    if base.get("origin") == "designed":
        t.append(DESIGNED, style="magenta")
    if not compact or (space["attack"], space["defense"]) != (base.get("attack"), base.get("defense")):
        # compact: the numbers only when they are not the Familiar's own (info NAME has those)
        t.append(f" {space['attack']}/{space['defense']}")
    if space["damage"]:
        t.append(f"-{space['damage']}", style="red")
    marks = "".join(m for key, m in MARKS.items() if space[key])
    if marks:
        t.append(f"({marks})", style="dim")
    return t


def _quadrant(quad, view, compact=0):
    cat = view["catalogue"]["familiars"]
    table = Table.grid(padding=(0, 1))
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    head = Text(quad["name"], style="bold green" if view["turn"] == quad["name"] else "bold")
    if quad["life"] is not None:
        head.append(f" life {quad['life']}", style="bold red")
    if quad["role"] == "ghost" and compact:
        head.append(f" ghost {quad['controller'][0]}/{quad['attack_controller'][0]}", style="dim")
    elif quad["role"] == "ghost":
        head.append(f" ghost: {quad['controller']} moves, {quad['attack_controller']} attacks", style="dim")
    elif quad["role"] == "lair":
        head.append(" (Lair)", style="dim")
    if quad["pool"]:
        head.append(" pool " + ",".join(short_name(f) for f in quad["pool"]), style="dim")
    for key, title in AREA_TITLES:
        spaces = quad["areas"][key]
        if compact >= 2 and not any(spaces):
            continue          # tightest: empty areas are left out
        row = Text()
        for i, space in enumerate(spaces):
            if i:
                row.append(" ")
            row.append_text(_familiar(space, cat, compact))
        table.add_row(Text(f" {title}"), row)
    return Group(head, table)


def _card(name, view, compact=0):
    info = view["catalogue"]["cards"].get(name, {})
    t = Text(name, style="bold")
    if info:
        if info["origin"] == "designed":
            t.append(DESIGNED, style="magenta")
        elif info.get("numbers_designed"):
            t.append(NUMBERS_DESIGNED, style="magenta")
        if not compact:
            t.append(f" ({info['speed']}, {info['cost']})", style="dim")
        elif info["speed"] == "fast":
            t.append(" f", style="dim")
    return t


def _names(items, view, compact=0) -> Text:
    line = Text()
    if compact:
        counted = Counter(items)
        items = list(counted)
    for i, name in enumerate(items):
        if i:
            line.append(" · ", style="dim")
        line.append_text(_card(name, view, compact) if name else Text("(empty)", style="dim"))
        if compact and name and counted[name] > 1:
            line.append(f" ×{counted[name]}")
    return line


def render(view, seat, compact=0):
    """The board in a few lines: the quadrants two by two, the River, hands, the attack, the
    decision; a † marks what we designed. Fits 80x24 with the choices below it."""
    parts = []
    mode = view["mode"]
    status = Text(f"Life Siphon ({mode}) · round {view['round']} · {view['turn']}: {view['phase']}",
                  style="bold")
    if view.get("madness"):
        m = view["madness"]
        status.append(f" · tracker {m['round_tracker']} · gained {m['life_gained_this_turn']}/3")
        if m["defeated"]:
            status.append("  DEFEATED: the Lairs finish the round", style="red")
    parts.append(status)
    quads = [_quadrant(q, view, compact) for q in view["quadrants"]]
    # clockwise around the board: the first seat top left, the last one bottom left
    board = Table.grid(expand=True, padding=(0, 2))
    board.add_column(ratio=1)
    board.add_column(ratio=1)
    rows = {1: [[0]], 2: [[0, 1]], 3: [[0, 1], [2]], 4: [[0, 1], [3, 2]]}[len(quads)]
    for row in rows:
        board.add_row(*[quads[i] for i in row])
    parts.append(board)

    river = Text("River: ", style="cyan")
    river.append_text(_names(view["river"], view, compact))
    river.append(f" · deck {view['deck_size']}, discard {len(view['discard'])}", style="dim")
    if view["supply"]:
        river.append(" · supply " + ", ".join(f"{short_name(k)} {v}" for k, v in view["supply"].items()), style="dim")
    parts.append(river)
    others = Text()
    for p in view["players"]:
        line = Text()
        if p.get("hand") is not None:
            line.append(f"{p['name']} (you): ", style="bold cyan")
            line.append_text(_names(p["hand"], view, compact) if p["hand"] else Text("no cards", style="dim"))
        else:
            line.append(f"{p['name']} {p['hand_size']} card{'s' if p['hand_size'] != 1 else ''}")
            if p["known_in_hand"]:
                line.append(f" (known: {', '.join(p['known_in_hand'])})")
        if p["aspect"]:
            a = view["catalogue"]["aspects"].get(p["aspect"], {})
            aspect = p["aspect"] if p.get("hand") is not None else p["aspect"].replace("Aspect of ", "")
            line.append(f", {aspect}" + (DESIGNED if a.get("origin") == "designed" else ""))
        if p["vials"] is not None:
            vials = [v.split()[-1] for v in p["vials"]]
            if p.get("hand") is None:
                vials = [v[0] for v in vials]
            line.append(", vials " + ("/".join(vials) or "all used"))
        if p.get("hand") is not None:
            parts.append(line)
        else:
            if others.plain:
                others.append(" · ")
            others.append_text(line)
    if view["aspects_aside"] and any(p["aspect"] for p in view["players"]):
        others.append(" · aside: " + ", ".join(a.replace("Aspect of ", "") for a in view["aspects_aside"]),
                      style="dim")
    if others.plain:
        parts.append(others)

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
    elif view["decision"] and not compact:
        d = view["decision"]
        who = view["players"][d["seat"]]["name"]
        extra = f" ({d['moment']})" if "moment" in d else f" ({d['source']})" if "source" in d else ""
        parts.append(Text(f"{who} to decide: {d['choice']}{extra}", style="bold"))
    log = view.get("log", [])[-8:]
    if log:
        parts.append(Text("\n".join(log), style="grey70"))
    if any(c["origin"] == "designed" for c in view["catalogue"]["cards"].values()):
        key = Text(f"{DESIGNED} designed by us · {NUMBERS_DESIGNED} printed text, our cost · "
                   "(m)oved (a)ttacked (b)locked", style="magenta dim")
        if compact:
            key.append(" · f fast · info NAME · table", style="magenta dim")
        if compact < 2:
            parts.append(key)
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
                     "note": c.note})
    for f in cards.familiars:
        numbers = f"{f.attack}/{f.defense}, summon {f.cost} life" + (f", move {f.move_cost} life" if f.move_cost else "")
        rows.append({"name": f.name, "origin": f.origin, "kind": "Familiar", "short": numbers,
                     "text": f"{f.text}\nattack {f.attack}, defense {f.defense}; costs {f.cost} life to summon"
                             + (f", {f.move_cost} life to move" if f.move_cost else "") + f"; {f.pool} supply {f.supply}.",
                     "note": f.note})
    for a in cards.aspects:
        rows.append({"name": a.name, "origin": a.origin, "kind": "Aspect", "short": a.text,
                     "text": a.text + (f"\ncosts {a.cost} life." if a.cost else ""), "note": ""})
    for v in cards.vials:
        rows.append({"name": v.name, "origin": v.origin, "kind": "Essence Vial", "short": v.text,
                     "text": v.text, "note": ""})
    return rows


# the moments of a turn's Fast Cast windows in words ("attack declared" and "blocks declared" name the attack)
MOMENT_WORDS = {"before attacks": "before {} attacks", "after combat": "after {}'s attacks",
                "main phase begins": "as {}'s main phase begins", "end of turn": "at the end of {}'s turn"}


def describe_moment(view, moment) -> str:
    """A Fast Cast window's moment in words, from the view: "before North attacks", "after
    North's Imp at Battleground 1 attacks South", "after blocks", "at the end of North's turn"."""
    turn = view.get("turn", "")
    att = view.get("attack") or {}
    if moment in MOMENT_WORDS:
        return MOMENT_WORDS[moment].format(turn)
    if moment == "attack declared":
        if att.get("attacker"):
            return f"after {att['attacker']} attacks {att.get('target') or att.get('defender') or ''}".rstrip()
        return f"after {turn} declares an attack"
    if moment == "blocks declared":
        blockers = att.get("blockers") or []
        return "after blocks" + (f" (blocked by {', '.join(blockers)})" if blockers else " (no block)")
    return moment
