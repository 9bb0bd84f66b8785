"""What a seat may see (``view``): hidden are the other hands (but revealed cards and Life
Achievements), covered World cards, Completed Wanders (covered even to their owner), the decks'
order and a contested card; a card a seat has examined it sees by name."""

from __future__ import annotations

from ...core.zones import bits
from . import ruleset as R
from .cards import KIND_NAMES, ACHIEVEMENT
from .modes import lore_held
from .limits import hand_limit, slot_limit, trait_limit, wander_limit, slots_used
from .names import PHASE_NAMES, MOMENTS, DISRUPTED
from .effects import pending


class ViewMixin:
    __slots__ = ()

    def seen(self, seat, card) -> bool:
        """Does ``seat`` know this covered card? A spectator knows what every seat knows (revealed)."""
        if seat is None:
            return all((k >> card) & 1 for k in self.known)
        return (self.known[seat] >> card) & 1 == 1

    def knowers(self, card):
        return [self.seat_name(t) for t in range(self.players) if (self.known[t] >> card) & 1]

    def covered(self, seat, card, owner_sees=False):
        """A covered card as ``seat`` sees it: its name if it knows it, and who else has examined it."""
        if owner_sees or self.seen(seat, card):
            return {"card": self.C.names[card], "examined_by": self.knowers(card)}
        return {"card": "covered", "examined_by": self.knowers(card)}

    def _view(self, seat):
        C = self.C
        names = C.names
        world = []
        for k in range(R.WORLD_SPACES):
            c = self.world[k]
            if c < 0:
                world.append({"space": k + 1, "card": "empty"})
            elif self.up[k]:
                world.append({"space": k + 1, "card": names[c], "type": KIND_NAMES[C.kind[c]], "uncovered": True})
            else:
                world.append({"space": k + 1, **self.covered(seat, c), "uncovered": False})
        seats = []
        for t in range(self.players):
            mine = seat == t
            hand = [self.covered(seat, c, owner_sees=mine or C.kind[c] == ACHIEVEMENT) for c in self.hand[t]]
            seats.append({
                "name": self.seat_name(t),
                "ai": self.ai.get(t),
                "ai_card": C.opponents[self.ai[t]].name if t in self.ai and self.ai[t] in C.opponents else None,
                "legends": self.legends(t),
                "hand": hand,
                "hand_size": len(self.hand[t]),
                "relics": [names[c] for c in self.relics[t]],
                "traits": [names[c] for c in self.traits[t]],
                "traumas": [names[c] for c in self.traumas[t]],
                "life_story": names[self.story[t]] if self.story[t] >= 0 else None,
                "life_path": names[self.path[t]] if self.path[t] >= 0 else None,
                "completed_wanders": [self.covered(seat, c) for c in self.wanders[t]],
                "completed_adventures": [names[c] for c in self.adventures[t]],
                "limits": self.limits_view(t),
            })
        view = {
            "mode": self.mode,
            "turn": self.turn,
            "active": self.seat_name(self.active),
            "phase": PHASE_NAMES[self.phase],
            "to_move": None if self.to_move is None else self.seat_name(self.to_move),
            "asks": self.asks(),
            "world": world,
            "seats": seats,
            "legend_deck": len(self.legend_deck),
            "legend_deck_examined": self.deck_known(seat),
            "legend_discard": [names[c] for c in self.legend_discard],
            "life_deck": len(self.life_deck),
            "life_discard": [names[c] for c in self.life_discard],
            "background_deck": [names[c] for c in self.backgrounds],
            "background_discard": [names[c] for c in self.background_discard],
            "roll": list(self.roll), "roll_modifier": self.roll_mod, "roll_bonus": self.roll_bonus, "roll_once": self.roll_once,
            "life_cards_drawn": [names[c] for c in self.limbo],
            "this_turn": {"world_action_taken": self.acted, "background_activated": self.activated,
                          "spark_used": self.spark_used,
                          "effects_used": [names[c] for c in bits(self.used)]},
            "words_bought": self.words_view(),
            "effects_pending": self.pending_view(),
        }
        if self.contest:
            view["contest"] = self.contest_view(seat)
        if self.mode == "lore":
            view["lore"] = [names[c] for c in self.targets]
            view["acquired"] = [names[c] for c in lore_held(self)]  # held now (RULES.md, "Lore")
        if self.mode == "eternal":
            view["age"] = self.age
        return view

    def deck_known(self, seat):
        """The Legend Deck cards some seat has examined, by depth from the top."""
        deck_known = []
        anyone = 0
        for k in self.known:
            anyone |= k
        if anyone:
            for depth, c in enumerate(reversed(self.legend_deck)):
                if (anyone >> c) & 1:
                    deck_known.append({"from_top": depth + 1, **self.covered(seat, c)})
        return deck_known

    def words_view(self):
        return [(R.SMALL_WORDS + R.GREAT_WORDS)[w] for w in self.words_bought]

    def pending_view(self, frames=None):
        """The Effects used and not yet resolved (``frames``: their frames, when known already)."""
        names = self.C.names
        return [{"seat": self.seat_name(f[1]), "card": names[f[2]], "disrupted": f[0] == DISRUPTED}
                for f in (pending(self) if frames is None else frames)]

    def contest_view(self, seat):
        target, card, life = self.contest
        return {"owner": self.seat_name(target) if target >= 0 else None,
                "card": self.covered(seat, card) if card >= 0 else None,
                "life_card": "covered" if card >= 0 else (self.C.names[life] if life >= 0 else None)}

    def limits_view(self, t):
        return {"hand": hand_limit(self, t), "relic_slots": slot_limit(self, t), "slots_used": slots_used(self, t),
                "traits": trait_limit(self, t), "completed_wanders": wander_limit(self, t)}

    @classmethod
    def prompts(cls) -> tuple:
        """Every prompt ``asks`` can give (an observation encodes the one asked as one of them)."""
        out = []
        for spec in cls.frames.frames:
            if spec.name == "window":
                out += [f"Interfere? ({m})" for m in MOMENTS]
            elif spec.name == "phase":
                out += [f"{p} phase" for p in PHASE_NAMES]
            elif spec.asks:
                out.append(spec.asks)
        return tuple(out)

    def asks(self):
        if self.decision is None:
            return None
        spec = self.frames.frames[self.decision[0]]
        if spec.name == "window":
            return f"Interfere? ({MOMENTS[self.decision[1]]})"
        if spec.name == "phase":
            return f"{PHASE_NAMES[self.decision[2]]} phase"
        return spec.asks
