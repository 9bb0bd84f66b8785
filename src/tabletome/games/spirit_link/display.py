"""The Spirit Link table in the terminal, drawn with rich from a seat's view only."""

from rich.console import Group
from rich.text import Text

from .ruleset import MAX_HEALTH, MAX_MANA


def bar(value, maximum, width, colour):
    filled = max(0, min(width, round(width * value / maximum)))
    text = Text()
    text.append("█" * filled, style=colour)
    text.append("░" * (width - filled), style="grey35")
    text.append(f" {value}/{maximum}", style=f"bold {colour}")
    return text


def seat_lines(info, you, active, cards, phase):
    """One seat in two lines: health and mana bars with the transformation; then the cards."""
    head = Text(info["name"] + (" (you)" if you else ""), style="bold cyan" if you else "bold")
    if active:
        head.append(" ◀", style="bold")
    head.pad_right(max(0, 14 - len(head.plain)))
    head.append("health ", style="red")
    head.append_text(bar(info["health"], MAX_HEALTH, 10, "red"))
    head.append("  mana ", style="blue")
    head.append_text(bar(info["mana"], MAX_MANA, 6, "blue"))
    more = Text(" " * 14)
    form = info["transformation"]
    if form is None:
        more.append("not placed yet", style="dim")
    elif form == "none":
        more.append("no transformation", style="dim")
    elif form == "face down":
        more.append("▒ face down ▒", style="magenta")
    else:
        card = cards.by_name.get(form.lower())
        more.append(form, style="bold yellow")
        if card is not None and card.type == "transformation":
            more.append(f" {card.damage} damage", style="yellow")
    if info["ability"]:
        more.append(f" + {info['ability']}", style="bold green")
    more.append(f" · {info['hand_size']} in hand, {info['deck_size']} in deck, "
                f"{sum(info['discard'].values())} discarded", style="dim")
    extras = []
    if info["spell_cast"]:
        extras.append("spell cast this turn")
    # Firebolts cast before settlement hit at settlement; once it has come, they are spent
    if info["firebolts_pending"] and phase in ("preparation", "combat"):
        extras.append(f"{info['firebolts_pending']} Firebolt hit(s) at settlement")
    if info["known_in_hand"]:
        extras.append("known in hand: " + ", ".join(info["known_in_hand"]))
    if extras:
        more.append("; " + "; ".join(extras), style="italic")
    return [head, more]


def hand_line(hand, cards):
    """The viewer's hand on one line: each card with its type and cost (``info NAME`` for the rest)."""
    counts = {}
    for name in hand:
        counts[name] = counts.get(name, 0) + 1
    line = Text("Your hand: ", style="bold")
    if not counts:
        line.append("no cards", style="dim")
    for i, (name, n) in enumerate(counts.items()):
        card = cards.by_name[name.lower()]
        if i:
            line.append(" · ")
        line.append(name + (f" ×{n}" if n > 1 else ""), style="bold")
        if card.type == "transformation":
            what = f"{card.damage} dmg, {card.cost} mana"
        elif card.type == "ability":
            what = f"{cards.names[card.for_form]} ability, {card.cost}" if card.for_form >= 0 else f"ability, {card.cost}"
        else:
            what = f"spell, {card.cost}"
        line.append(f" ({what})", style="dim")
    return line


def render(view, seat, cards, compact=0):
    players = view["players"]
    if view["over"]:
        winners = view["winners"]
        status = ("Game over: " + " and ".join(players[w]["name"] for w in winners) + " wins") if winners \
            else "Game over: a draw"
    else:
        status = (f"Spirit Link · turn {view['round']} · {view['phase']} phase · "
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
        parts.extend(seat_lines(players[p], p == seat, view["to_move"] == p, cards, view["phase"]))
    if seat in (0, 1) and "hand" in players[seat]:
        parts.append(hand_line(players[seat]["hand"], cards))
    log = view.get("log", [])[-12:]
    if log:
        parts.append(Text("\n".join(log), style="grey70"))
    return Group(*parts)


def cards_info(cards) -> list[dict]:
    """Every card of the deck for people (``Game.cards_info``): name, origin, kind, a short line
    of what it does (its numbers and printed text) and the whole printed card."""
    import re

    rows = []
    for card in cards.cards:
        rest = re.sub(r"^\s*\S+\s*\([^)]*\)\s*", "", card.text).strip()
        kind = card.type
        if kind == "ability" and card.for_form >= 0:
            kind = f"ability for {cards.names[card.for_form]}"
        short = f"{card.damage} damage, {card.cost} mana" if kind == "transformation" else f"{kind}, {card.cost} mana"
        if rest:
            short += ". " + rest
        full = (f"{card.text}\n{kind}; costs {card.cost} mana"
                + (f"; deals {card.damage} damage" if card.type == "transformation" else "")
                + f"; {card.copies} in each deck.")
        rows.append({"name": card.name, "origin": card.origin, "kind": kind, "short": short, "text": full,
                     "note": ""})
    return rows
