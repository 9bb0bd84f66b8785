"""The Life & Legend table in the terminal, drawn with rich from a seat's view only: the World as
a 2x2 grid, each seat's Play Area, Legend Area, Backgrounds, Traits, Traumas and limits, the die;
and what the terminal tells people about the cards (``cards_info``, ``describe_choice``), the
Interfere windows' moments in words and the ``rules`` reference.

The table fits an 80x24 terminal with the choices below it: each seat takes two lines (one at
``compact`` 1 and 2 for the other seats), the World two; with room to spare (``compact`` 0) the
cards in your hand are listed with their text and an AI opponent's card is shown.
"""

from __future__ import annotations

import re

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.reference import summary
from ...core.rulings import named
from .cards import ADVENTURE, EVENT, KIND_NAMES, RELIC, TRAIT

DESIGNED = "†"


def _line(*parts) -> Text:
    """One screen line: never wraps (cut with … at the terminal's width)."""
    t = Text(no_wrap=True, overflow="ellipsis")
    for part in parts:
        if isinstance(part, Text):
            t.append_text(part)
        elif isinstance(part, tuple):
            t.append(*part)
        else:
            t.append(part)
    return t


def _card(name, cards):
    """The card of this name, or None (a name the view shows may be "covered" or "empty")."""
    i = cards.by_name.get(str(name).lower())
    return None if i is None else cards.cards[i]


def _designed(name, cards) -> str:
    return DESIGNED if getattr(_card(name, cards), "origin", "") == "designed" else ""


def _world_cell(space, cards) -> Text:
    name = space["card"]
    t = Text(f"{space['space']}. ", style="bold")
    if name == "empty":
        t.append("(empty)", style="dim")
    elif space.get("uncovered"):
        t.append(name + _designed(name, cards), style="bold yellow")
        kind = space.get("type", "")
        legends = getattr(_card(name, cards), "legends", 0)
        t.append(f" {kind}" + (f", {legends} Legends" if legends else ""), style="yellow")
    else:
        t.append("▒ covered ▒" if name == "covered" else f"▒ {name} ▒ (examined)", style="magenta")
        if space.get("examined_by"):
            t.append(f" seen by {', '.join(space['examined_by'])}", style="dim")
    return t


def _world(view, cards) -> Table:
    """The four World spaces two by two, each on one line, as wide as the terminal allows."""
    cells = [_world_cell(s, cards) for s in view["world"]]
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, width=5)
    grid.add_column(no_wrap=True, ratio=1, overflow="ellipsis")
    grid.add_column(no_wrap=True, ratio=1, overflow="ellipsis")
    grid.add_row(Text("World", style="bold cyan"), cells[0], cells[1])
    grid.add_row(Text(""), cells[2], cells[3])
    return grid


def _seat_lines(info, you, active, compact) -> list[Text]:
    lim = info["limits"]
    head = _line((info["name"], "bold cyan" if you else "bold"))
    if you:
        head.append(" (you)", style="bold cyan")
    if info["ai"]:
        head.append(f" (AI {info['ai']})", style="magenta")
    if active:
        head.append(" ◀", style="bold")
    head.append(f" · Legends {info['legends']}", style="bold green")
    head.append(f" · hand {info['hand_size']}/{lim['hand']}")
    cw = [w["card"] for w in info["completed_wanders"]]
    head.append(f" · wanders {len(cw)}/{lim['completed_wanders']}")
    known = [c for c in cw if c != "covered"]
    if known:
        head.append(" (" + ", ".join(known) + ")", style="dim")
    if info["life_story"] or info["life_path"]:
        head.append(f" · {info['life_story'] or '-'} / {info['life_path'] or '-'}", style="yellow")
    more = _line("   ")
    more.append(f"relics {lim['slots_used']}/{lim['relic_slots']}: ", style="dim")
    more.append(", ".join(info["relics"]) or "-")
    more.append(f" · traits {len(info['traits'])}/{lim['traits']}: ", style="dim")
    more.append(", ".join(info["traits"]) or "-")
    for key, label, style in (("traumas", "traumas", "red"), ("completed_adventures", "adventures", None)):
        if info[key]:
            more.append(f" · {label}: ", style="dim")
            more.append(", ".join(info[key]), style=style)
    if compact and not you:
        # one line: the head, then what is in play, cut at the screen's edge
        head.append(" · ", style="dim")
        head.append_text(Text(more.plain.strip()))
        return [head]
    return [head, more]


def render(view, seat, cards, compact=0):
    me = view["seats"][seat]["name"] if seat is not None else None
    status = _line((f"Life & Legend ({view['mode']}) · turn {view['turn']} · {view['active']}: "
                    f"{view['phase'] if view['turn'] else 'before the first turn'}", "bold"),
                   (f" · decks: Legend {view['legend_deck']}, Life {view['life_deck']}", "dim"))
    if view.get("age"):
        status.append(f" · Age {view['age']}", style="dim")
    parts = [status, _world(view, cards)]
    if view.get("lore"):
        acquired = set(view.get("acquired", []))
        parts.append(_line(("Lore: ", "cyan"), ", ".join(n + (" ✓" if n in acquired else "") for n in view["lore"])))
    if view.get("legend_deck_examined"):
        parts.append(_line(("Legend Deck examined: ", "dim"),
                           ", ".join(f"{k['from_top']} from top: {k['card']}" for k in view["legend_deck_examined"])))
    for info in sorted(view["seats"], key=lambda info: info["name"] == me):   # yours last
        parts.extend(_seat_lines(info, info["name"] == me, info["name"] == view["active"], compact))
    if compact == 0:
        ais = [(info["name"], cards.opponents[info["ai"]]) for info in view["seats"]
               if info["ai"] and info["ai"] in cards.opponents]
        if ais:
            parts.append(_line(("AI cards: ", "magenta"),
                               (", ".join(f"{name} plays {card.name}{DESIGNED}" for name, card in ais), "magenta"),
                               (" (info NAME: its steps)", "dim")))
    events = []
    if view["roll"]:
        events.append(Text(f"Die: {', '.join(map(str, view['roll']))}"
                           + (f" ({view['roll_modifier']:+d})" if view["roll_modifier"] else ""), style="bold red"))
    bonus = [f"{view['roll_bonus']:+d} to die rolls this turn" if view["roll_bonus"] else "",
             f"+{view['roll_once']} to the next die roll" if view.get("roll_once") else ""]
    if any(bonus):
        events.append(Text("Bonus: " + "; ".join(b for b in bonus if b), style="red"))
    if view["life_cards_drawn"]:
        events.append(Text("Life card drawn: " + ", ".join(view["life_cards_drawn"]), style="green"))
    if view.get("effects_pending"):
        p = view["effects_pending"][-1]
        events.append(Text(f"{p['seat']} uses {p['card']}" + (" (Disrupted)" if p["disrupted"] else ""), style="yellow"))
    if view.get("contest"):
        events.append(Text(f"Farwander contest of {view['contest']['owner']}'s wander", style="yellow"))
    if events:
        parts.append(_line(" · ").join(events))
    if me is not None:
        hand = view["seats"][seat]["hand"]
        if compact == 0 and hand:
            parts.append(_line(("Your hand:", "bold")))
            for h in hand:
                parts.append(_line("  ", (h["card"] + _designed(h["card"], cards), "bold"), " ",
                                   (getattr(_card(h["card"], cards), "text", ""), "dim")))
        else:
            parts.append(_line(("Your hand: ", "bold"),
                               ", ".join(h["card"] + _designed(h["card"], cards) for h in hand) or "no cards"))
    if view["asks"] and compact < 2 and view["to_move"] != me:      # the seat deciding: the prompt asks
        parts.append(_line((f"Deciding: {view['to_move']} — {view['asks']}", "italic")))
    log = view.get("log", [])[-6:]
    if log:
        parts.append(Text("\n".join(log), style="grey70"))
    if compact == 0:
        parts.append(_line((f"{DESIGNED} designed by us, not printed in the rulebook · info NAME: a whole card",
                            "magenta dim")))
    return Group(*parts)


def describe_moment(view, moment) -> str:
    """'after South uses Warhorn', 'after North rolls the die (3)'."""
    if moment.startswith("an Effect"):
        pending = view.get("effects_pending") or []
        if pending:
            return f"after {pending[-1]['seat']} uses {pending[-1]['card']} (Disrupt it or pass)"
        return "an Effect is used (Disrupt it or pass)"
    if moment.startswith("a die"):
        roll = view.get("roll") or []
        shown = ", ".join(map(str, roll))
        return f"after {view['active']} rolls the die" + (f" ({shown})" if shown else "") + " (Hex it or pass)"
    return moment


def describe_choice(view, action, cards) -> str | None:
    """What a choice naming a space, a wander or a seat touches, from the view; None when the
    choice names its cards (their own lines say it)."""
    kind, args = action.kind, action.args
    space_named = re.search(r"\bspace (\d)\b", str(action))
    if space_named and kind in ("uncover", "wander", "space", "fill"):
        k = int(space_named.group(1)) - 1
        if 0 <= k < len(view["world"]):
            space = view["world"][k]
            name = space["card"]
            if name == "empty":
                return "an empty space"
            if name == "covered":
                seen = space.get("examined_by")
                return "a covered card" + (f" (examined by {', '.join(seen)})" if seen else "")
            what = getattr(_card(name, cards), "text", "")
            return f"{name}{_designed(name, cards)}" + (f": {what}" if what else "")
    if kind in ("turn_in", "farwander") and args:
        if kind == "farwander":   # (its seat, then the wander)
            wanders = view["seats"][args[0]]["completed_wanders"]
        else:
            wanders = next((s["completed_wanders"] for s in view["seats"] if s["name"] == view["to_move"]), [])
        k = args[-1]
        if 0 <= k < len(wanders):
            card = wanders[k]["card"]
            return "a covered Completed Wander" if card == "covered" else f"Completed Wander {card}"
        return ""
    if kind == "seat" and args:
        s = view["seats"][args[0]]
        return f"{s['name']}: {s['legends']} Legends, {s['hand_size']} cards in hand"
    return {"give": "the Life card goes to the Farwanderer", "roll": "Wander on a roll of 4, 5 or 6"}.get(kind)


def cards_info(cards) -> list[dict]:
    """Every card a player may ask about (``Game.cards_info``; the browser's hover and tap, the
    terminal's ``info``): each of the 144 cards once by name, with its kind and whole text, and the
    four AI opponent cards with their numbered steps. Public facts, the same for every seat."""
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
            if row["copies"] > 1:
                row["text"] += f"\n{row['copies']} copies in the Life Deck."
        rows.append(row)
    for o in cards.opponents.values():
        rows.append({"name": o.name, "origin": o.origin, "kind": "AI opponent card", "id": o.id,
                     "short": o.steps[0] if o.steps else "",
                     "text": "\n".join(f"{k + 1}. {step}" for k, step in enumerate(o.steps)),
                     "steps": list(o.steps), "note": o.note})
    return rows


# --- the rules reference ---------------------------------------------------------------------
TURN = """1 Contemplation: bring Relics into play, play Hand Effects, use once-per-turn Effects. \
2 World: take one World Action: draw the top Legend card, uncover a covered World card, Wander on a \
covered one (roll 4+ or discard an Event: it becomes a Completed Wander, 1 Legend) or attempt an \
uncovered Adventure's Challenge you qualify for (its dice are rolled); then fill empty spaces. \
3 Life: activate a Background whose Life Words you have (Life Story / Life Path). \
4 Resolution: discard down to your hand size. Free actions any time on your turn: trade Relics, \
turn in a Completed Wander for a Life card. Interfere Effects may answer another Player's Effect \
(Disrupt) or die roll (Hex). The game ends at the end of the turn the Legend Deck runs out: the \
most Legends wins."""

MODES = {
    "standard": "Standard: 2-4 players; the most Legends when the Legend Deck runs out wins.",
    "farwander": "Farwander: Standard plus die bonuses from Completed Wanders, Farwandering (contest "
                 "another Player's Completed Wander) and buying Life Words, Life Stories or Trauma removal "
                 "with Completed Wanders.",
    "eternal": "Eternal: the Legend Deck is rebuilt from its discards twice (three Ages); the first to "
               "hold the Legends total, 1 Life Story, 1 Life Path and 1 Exceptional Trait at the end of a "
               "turn wins.",
    "war": "Solitaire War: {war} sits in the World and eats the Life Deck; run out the Legend Deck before "
           "the turn the Life Deck runs out.",
    "lore": "Solitaire Lore: acquire (activate) the three Backgrounds set aside.",
    "arbiter": "Solitaire The Arbiter: have the Life Path {arbiter} and all 8 Traumas at the end of a turn, "
               "before the Life or Legend Deck runs out.",
    "treasury": "Solitaire The Treasury: have 10 Legends.",
    "campaign": "Solitaire The Campaign: have 35+ Legends.",
    "legacy": "Solitaire The Legacy: have 40+ Legends.",
    "coop": "Co-op (ours): the players against The Emptiness in the last seat, which devours World cards; "
            "the players win if their Legends doubled exceed The Emptiness's times the number of players.",
}

RULINGS = ["The die", "Interfere", "Play Immediately", "Discard", "Must draw", "Qualifying",
           "Wander on the top Legend card", "Completed Wanders' visibility", "Several dice"]
MODE_RULINGS = {"farwander": ["Farwander Mode"], "eternal": ["Eternal's end"], "war": ["War"],
                "lore": ["Lore"], "arbiter": ["The Arbiter"], "coop": ["Co-op against The Emptiness"]}


def rules_summary(game, players, options, C) -> str:
    """``C``: the cards in play, whose names the mode's text uses for the cards it names by role."""
    mode = options.get("mode", "standard")
    shown = [f"{name}={value}" for name, value in options.items() if name != "mode" and value not in ("none", "random")]
    revisions = ["Revision 2."] if game.plays_older_rules(options) else []
    found = named(game, RULINGS + MODE_RULINGS.get(mode, []) + revisions)
    return summary(f"Life & Legend ({mode}, {players} player{'s' if players != 1 else ''}) — quick reference "
                   "(info NAME shows a card)", TURN, MODES.get(mode, "").format(war=C.names[C.war], arbiter=C.names[C.arbiter]),
                   found, shown)
