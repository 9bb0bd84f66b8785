"""What a seat may see (``view``): hidden are the other hands (but revealed cards and Life
Achievements), covered World cards, Completed Wanders (covered even to their owner), the decks'
order and a contested card; a card a seat has examined it sees by name."""

from __future__ import annotations

from functools import reduce
from operator import or_

from ...core.zones import bits
from . import ruleset as R
from .cards import KIND_NAMES, ACHIEVEMENT
from .frames import FRAMES
from .modes import lore_held
from .limits import limit, slots_used
from .names import PHASE_NAMES, MOMENTS, DISRUPTED
from .effects import pending


def covered(s, seat, card, owner_sees=False):
    """A covered card as ``seat`` sees it: its name if it knows it (a spectator knows what every
    seat knows: a revealed card), and who else has examined it."""
    known = s.known
    shown = owner_sees or ((known[seat] >> card) & 1 if seat is not None else all((k >> card) & 1 for k in known))
    return {"card": s.C.names[card] if shown else "covered",
            "examined_by": [s.seat_name(t) for t in range(s.players) if (known[t] >> card) & 1]}


def view(s, seat):
    C = s.C
    names = C.names
    world = []
    for k in range(R.WORLD_SPACES):
        c = s.world[k]
        if c < 0:
            world.append({"space": k + 1, "card": "empty"})
        elif s.up[k]:
            world.append({"space": k + 1, "card": names[c], "type": KIND_NAMES[C.kind[c]], "uncovered": True})
        else:
            world.append({"space": k + 1, **covered(s, seat, c), "uncovered": False})
    seats = [{
        "name": s.seat_name(t),
        "ai": s.ai.get(t),
        "ai_card": C.opponents[s.ai[t]].name if t in s.ai and s.ai[t] in C.opponents else None,
        "legends": s.legends(t),
        "hand": [covered(s, seat, c, owner_sees=seat == t or C.kind[c] == ACHIEVEMENT) for c in s.hand[t]],
        "hand_size": len(s.hand[t]),
        "relics": [names[c] for c in s.relics[t]],
        "traits": [names[c] for c in s.traits[t]],
        "traumas": [names[c] for c in s.traumas[t]],
        "life_story": names[s.story[t]] if s.story[t] >= 0 else None,
        "life_path": names[s.path[t]] if s.path[t] >= 0 else None,
        "completed_wanders": [covered(s, seat, c) for c in s.wanders[t]],
        "completed_adventures": [names[c] for c in s.adventures[t]],
        "limits": limits_view(s, t),
    } for t in range(s.players)]
    shown = {
        "mode": s.mode,
        "turn": s.turn,
        "active": s.seat_name(s.active),
        "phase": PHASE_NAMES[s.phase],
        "to_move": None if s.to_move is None else s.seat_name(s.to_move),
        "asks": asks(s),
        "world": world,
        "seats": seats,
        "legend_deck": len(s.legend_deck),
        "legend_deck_examined": deck_known(s, seat),
        "legend_discard": [names[c] for c in s.legend_discard],
        "life_deck": len(s.life_deck),
        "life_discard": [names[c] for c in s.life_discard],
        "background_deck": [names[c] for c in s.backgrounds],
        "background_discard": [names[c] for c in s.background_discard],
        "roll": list(s.roll), "roll_modifier": s.roll_mod, "roll_bonus": s.roll_bonus, "roll_once": s.roll_once,
        "life_cards_drawn": [names[c] for c in s.limbo],
        "this_turn": {"world_action_taken": s.acted, "background_activated": s.activated,
                      "spark_used": s.spark_used,
                      "effects_used": [names[c] for c in bits(s.used)]},
        "words_bought": words_view(s),
        "effects_pending": pending_view(s),
    }
    if s.contest:
        shown["contest"] = contest_view(s, seat)
    if s.mode == "lore":
        shown["lore"] = [names[c] for c in s.targets]
        shown["acquired"] = [names[c] for c in lore_held(s)]  # held now (RULES.md, "Lore")
    if s.mode == "eternal":
        shown["age"] = s.age
    return shown


def deck_known(s, seat):
    """The Legend Deck cards some seat has examined, by depth from the top."""
    anyone = reduce(or_, s.known, 0)
    return [{"from_top": depth + 1, **covered(s, seat, c)} for depth, c in enumerate(reversed(s.legend_deck))
            if (anyone >> c) & 1]


def words_view(s):
    return [(R.SMALL_WORDS + R.GREAT_WORDS)[w] for w in s.words_bought]


def pending_view(s, frames=None):
    """The Effects used and not yet resolved (``frames``: their frames, when known already)."""
    names = s.C.names
    return [{"seat": s.seat_name(f[1]), "card": names[f[2]], "disrupted": f[0] == DISRUPTED}
            for f in (pending(s) if frames is None else frames)]


def contest_view(s, seat):
    target, card, life = s.contest
    return {"owner": s.seat_name(target) if target >= 0 else None,
            "card": covered(s, seat, card) if card >= 0 else None,
            "life_card": "covered" if card >= 0 else (s.C.names[life] if life >= 0 else None)}


def limits_view(s, t):
    return {"hand": limit(s, t, "hand-size"), "relic_slots": limit(s, t, "relic-slots"), "slots_used": slots_used(s, t),
            "traits": limit(s, t, "trait-limit"), "completed_wanders": limit(s, t, "wander-limit")}


def prompts() -> tuple:
    """Every prompt ``asks`` can give (an observation encodes the one asked as one of them)."""
    out = []
    for spec in FRAMES.frames:
        if spec.name == "window":
            out += [f"Interfere? ({m})" for m in MOMENTS]
        elif spec.name == "phase":
            out += [f"{p} phase" for p in PHASE_NAMES]
        elif spec.asks:
            out.append(spec.asks)
    return tuple(out)


def asks(s):
    """What the seat to move is asked (one of ``prompts()``), or None when nobody is."""
    if s.decision is None:
        return None
    spec = s.frames.frames[s.decision[0]]
    if spec.name == "window":
        return f"Interfere? ({MOMENTS[s.decision[1]]})"
    if spec.name == "phase":
        return f"{PHASE_NAMES[s.decision[2]]} phase"
    return spec.asks
