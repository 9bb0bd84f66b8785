"""The terminal table, drawn only from a view: the realms side by side with each side's minions
and skeletons, the bone pile tops, the realm cards' requirements and noise, hands, score piles,
the burn pile, the Cursed Artifact, the open decision and the story so far.

Positions are numbered as action texts name them ("realm 2 south 3" is the 3rd card in the south
row of realm 2). Designed cards (not printed in the rulebook) carry a dagger: †.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .actions import SIDE_WORDS
from .effects import FACTIONS

DESIGNED = "†"
LOG_LINES = 10


def _card_line(i, card, compact=0) -> Text:
    line = Text(f"{i}. " if i and not compact else f"{i}." if i else "")
    minion = card["up"] == "minion"
    name = card["name"] + (DESIGNED if card.get("designed") and not compact else "")
    if minion:
        line.append(name, style="bold")
    else:
        line.append("skel. " if compact else "skeleton ", style="dim")
        line.append(name, style="dim bold")
    line.append(" " + ",".join(card["skills"]), style="cyan" if minion else "dim cyan")
    if card.get("acted"):
        line.append(" (acted)", style="yellow")
    return line


def _side_cards(cards, compact=0) -> Text:
    t = Text()
    for i, card in enumerate(cards):
        if i:
            t.append(" | " if not compact else " ", style="dim")
        t.append_text(_card_line(i + 1, card, compact))
    return t


def _realm_lines(realm, view, sides, mine, labels, compact=0) -> list[Text]:
    """One realm in a few lines: its card, each side's row (the viewer's last), its bone pile."""
    # compact: every line one screen row at most (cut with …; the table command shows it all)
    cut = dict(no_wrap=True, overflow="ellipsis") if compact >= 2 else {}
    head = Text(f"Realm {realm['number']} ", style="bold", **cut)
    card = realm["realm"]
    if card is None:
        head.append("no realm card left", style="dim")
    else:
        head.append(card["name"] + (DESIGNED if card["designed"] and not compact else ""), style="bold green")
        head.append(f" {realm['faction']}, {card['noise']} noise", style="yellow")
        if card["requires"]:
            head.append("; needs " + " and ".join(card["requires"]))
        if card["bans"]:
            head.append("; " + "; ".join(card["bans"]), style="red")
    if view.get("artifact") == realm["number"]:
        head.append("  ☠ Cursed Artifact", style="bold red")
    pile = realm["bone_pile"]
    if compact >= 2:
        # tightest: the piles on the realm's own line, before what it needs
        piles = Text(f" · piles {realm['realm_pile']}/{pile['size']}", style="dim")
        if pile["known"]:
            piles.append(", top ", style="dim")
            piles.append_text(_card_line(0, pile["known"][0], compact))
        if card is not None:
            name_end = len(f"Realm {realm['number']} ") + len(card["name"]) + len(f" {realm['faction']}, {card['noise']} noise")
            head = head[:name_end] + piles + head[name_end:]
        else:
            head.append_text(piles)
        head.no_wrap, head.overflow = True, "ellipsis"
    lines = [head]
    for side in sides:
        cards = realm["cards"].get(side)
        if cards is None or (compact >= 2 and not cards):
            continue
        row = Text(f"  {labels[side]}{' (you)' if side == mine else ''}: ", style="bold" if side == mine else "", **cut)
        row.append_text(_side_cards(cards, compact) if cards else Text("(empty)", style="dim"))
        lines.append(row)
    if compact >= 2:
        return lines
    bones = Text(f"  realm pile {realm['realm_pile']} · bone pile {realm['number']}: {pile['size']}", style="dim", **cut)
    for i, known in enumerate(pile["known"]):
        bones.append(", top " if i == 0 else ", then ", style="dim")
        bones.append_text(_card_line(0, known, compact))
    lines.append(bones)
    return lines


def render(view, seat, compact=0):
    """A rich renderable of ``view`` as ``seat`` (None: a spectator) sees it, a few lines per
    realm so the table and the choices fit an 80x24 terminal."""
    sides = view["sides"]
    side_names = [s["side"] for s in sides]
    mine = view["seat_sides"][seat] if seat is not None else None
    # the viewer's side is drawn nearest to them, last
    order = [s for s in side_names if s != mine] + ([mine] if mine else [])
    labels = {s["side"]: s["label"] for s in sides}

    title = Text(f"Bad Baby Lich Lords · {view['mode']} · turn {view['turn']} · ", style="bold")
    if view["over"] and view["winners"]:
        title.append("won by " + " and ".join(view["seat_names"][w] for w in view["winners"]), style="bold green")
    elif view["over"]:
        title.append("over, nobody won", style="bold red")
    else:
        title.append(f"{view['seat_names'][view['active']]} to move ({view['phase']})", style="bold cyan")
    parts = [title]
    for realm in view["realms"]:
        parts.extend(_realm_lines(realm, view, order, mine, labels, compact))

    cut = dict(no_wrap=True, overflow="ellipsis") if compact >= 2 else {}
    noise = Text(**cut)
    for i, s in enumerate(sides):
        if i:
            noise.append(" · ")
        noise.append(f"{s['label']} {s['noise']}/{view['noise_to_win']} noise", style="bold yellow")
        if s["score_pile"]:
            noise.append(" (" + ", ".join(f"{r['name']} {r['noise']}" for r in s["score_pile"]) + ")")
    parts.append(noise)
    hands = Text(**cut)
    for h in view["hands"]:
        if hands.plain:
            hands.append(" · ")
        if "spells" in h:
            hands.append(f"your spells ({h['name']}): ", style="bold")
            hands.append(", ".join(h["spells"]) or "none", style="bold cyan")
        else:
            hands.append(f"{h['name']} {h['size']} spell{'s' if h['size'] != 1 else ''}")
    burned = ", ".join(f"{n}×{k}" for k, n in view["burn"]["spells"].items())
    hands.append(f" · spell deck {view['spell_deck']} · burn pile {len(view['burn']['cards'])}"
                 + (f" + {burned}" if burned else ""), style="dim")
    parts.append(hands)
    if seat is not None and len(view["seat_realms"][seat]) < len(view["realms"]):
        parts.append(Text("your realms (draw, place, raise in): "
                          + ", ".join(str(r) for r in view["seat_realms"][seat]), style="bold"))
    if view["held"]:
        held = Text("drawn, to place: ", style="bold")
        held.append_text(_card_line(0, view["held"]))
        parts.append(held)
    decision = _decision_text(view)
    if decision:
        parts.append(Text("deciding: " + decision, style="bold cyan"))
    log = view.get("log", [])[-LOG_LINES:]
    if log:
        parts.append(Text("\n".join(log), style="dim"))
    if not compact:
        parts.append(Text(f"{DESIGNED} designed by us inside the rulebook's vocabulary, not printed in it",
                          style="dim italic"))
    return Group(*parts)


# What the open decision asks, in words: ``who`` is the card it is about, ``skills`` its OR choice.
_DECIDING = {
    "skill": "a target for {who}'s {skill} ({card})",
    "or": "which skill {who} performs: {skills} ({card})",
    "place": "the realm to raise {who} in",
    "dig-side": "the side to dig to in realm {realm}",
    "spell-target": "the target of {spell}",
    "bone-pile": "the bone pile for {spell}",
    "spell-direction": "where {who} moves",
    "summon-realm": "the realm Royal Summons! calls minions to",
    "summon-pick": "a minion to summon to realm {realm}",
}
_SKILL_DECIDING = {"Dig": "the side {who} digs to ({card})", "Leave": "the realm {who} leaves to ({card})"}


def _decision_text(view) -> str:
    d = view.get("decision")
    if not d or d["decision"] == "turn" or view["over"]:
        return ""
    kind = d["decision"]
    words = _SKILL_DECIDING.get(d["skill"]) if kind == "skill" else None
    words = words or _DECIDING.get(kind, "{decision}")
    return words.format_map(dict(d, who=d.get("card_name", ""), skills=" or ".join(d.get("skills", ()))))


def cards_info(cards) -> list[dict]:
    """Every card a player may ask about (``Game.cards_info``): minions (their skills), realms
    (noise, what they need and ban) and the spells with their combos, from the card records."""

    rows = []
    for k in cards.kinds:
        faction = FACTIONS[k.faction]
        skills = ", ".join(k.skills_text) or "no skills"
        rows.append({"name": k.name, "origin": k.origin, "kind": f"{faction} minion", "short": f"{faction} minion: {skills}",
                     "text": f"skills: {skills}. {k.copies} in the {faction} deck.\n\"{k.text}\"", "note": k.note})
    for r in cards.realms:
        needs = " and ".join(r.requires_text)
        bans = "; ".join(r.bans_text)
        faction = FACTIONS[r.faction]
        short = f"{faction} realm, {r.noise} noise" + (f"; needs {needs}" if needs else "") + (f"; {bans}" if bans else "")
        rows.append({"name": r.name, "origin": r.origin, "kind": f"{faction} realm", "short": short,
                     "text": f"{short}.\n\"{r.text}\"", "note": r.note})
    for spell in cards.spells:
        combo = f"\nCombo ({spell.combo}): {spell.combo_text}" if spell.combo else ""
        rows.append({"name": spell.name, "origin": spell.origin, "kind": "spell", "short": spell.text,
                     "text": spell.text + combo, "note": spell.note})
    return rows


def describe_choice(view, action) -> str | None:
    """The cards a choice touches, named from the view: action texts name positions ("fight
    realm 1 north 2"), the screen names the card there ("Mosh Pixie†, minion, realm 1 North")."""

    kind, args = action.kind, action.args
    labels = {s["side"]: s["label"] for s in view["sides"]}
    # the realm an action names (a target's is its second number), if the table has it
    r = args[1] if kind == "target" else args[0] if args else -1
    realm = next((x for x in view["realms"] if x["number"] == r + 1), None)

    def card_name(card):
        return card["name"] + (DESIGNED if card.get("designed") else "")

    if kind == "target":
        w, j = args[2:]
        cards = realm["cards"].get(SIDE_WORDS[w], []) if realm else []
        if j < len(cards):
            card = cards[j]
            return (f"{card_name(card)} ({labels.get(SIDE_WORDS[w], SIDE_WORDS[w])}'s {card['up']}: "
                    f"{','.join(card['skills'])})")
        return ""
    if kind in ("draw", "possess-pile"):
        known = realm["bone_pile"]["known"] if realm else []
        if known:
            top = known[0]
            return f"top of bone pile {args[0] + 1}: {card_name(top)} {','.join(top['skills'])}"
        return f"bone pile {args[0] + 1}" + (f", {realm['bone_pile']['size']} cards" if realm else "")
    if kind in ("place", "leave", "summon"):
        if realm and realm["realm"]:
            card = realm["realm"]
            return (f"{card_name(card)}: {card['noise']} noise"
                    + (f", needs {' and '.join(card['requires'])}" if card["requires"] else ""))
        return ""
    if kind == "dig":
        return f"{labels.get(SIDE_WORDS[args[0]], SIDE_WORDS[args[0]])}'s side"
    if kind == "choose":
        return "a skill of the card acting (its other skill is not performed)"
    if kind in ("cast", "combo"):
        return None      # the spell cards' own lines (Game.cards_info) say it
    return ""
