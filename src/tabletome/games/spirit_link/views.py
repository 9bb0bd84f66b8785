"""What each seat sees (``view``) and the whole state as JSON (``snapshot`` / ``restore``)."""

from ...core import IllegalAction
from .phases import (HAND_LIMIT, NO_FORM, NO_PENDING, NOT_PLACED, OVER, PENDING_NAMES, PHASE_NAMES,
                     PREPARE, SPRING, TRADE)
from .ruleset import MAX_HEALTH, MAX_MANA

SNAPSHOT_PENDING = {"trade": TRADE, "life-spring": SPRING, "hand-limit": HAND_LIMIT}


class Views:
    __slots__ = ()

    def _cards_list(self, counts):
        names = self.R.cards.names
        return [names[k] for k in range(len(counts)) for _ in range(counts[k])]

    def _form_seen(self, p, seat):
        f = self.form[p]
        if f == NOT_PLACED:
            return None
        if f == NO_FORM:
            return "none"
        if self.revealed or seat == p:
            return self.R.cards.names[f]
        return "face down"

    def _view(self, seat):
        names = self.R.cards.names
        players = []
        for p in (0, 1):
            info = {
                "name": self.seat_name(p),
                "health": self.health[p],
                "mana": self.mana[p],
                "hand_size": self.hand_size[p],
                "deck_size": len(self.deck[p]),
                "discard": {names[k]: n for k, n in enumerate(self.discard[p]) if n},
                "transformation": self._form_seen(p, seat),
                "ability": names[self.ability[p]] if self.ability[p] >= 0 else None,
                "spell_cast": self.spell_cast[p],
                "firebolts_pending": self.bolts[p],
                "known_in_hand": [names[k] for k in range(len(names)) if self.R.firebolt[k]] * self.known_bolts[p],
            }
            if seat == p:
                info["hand"] = self._cards_list(self.hand[p])
            players.append(info)
        pending = None
        if self.pending != NO_PENDING:
            pending = {"seat": self.to_move, "choice": PENDING_NAMES[self.pending]}
            if self.pending == TRADE:
                pending["discards_left"] = self.pending_left
        return {
            "game": "spirit-link",
            "seat": seat,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "priority": self.priority,
            "to_move": self.to_move,
            "players": players,
            "pending": pending,
            "over": self.phase == OVER,
            "winners": list(self.winners),
        }

    # --- snapshots ---------------------------------------------------------------------------------
    def _snapshot(self):
        names = self.R.cards.names
        seats = []
        for p in (0, 1):
            f = self.form[p]
            seats.append({
                "health": self.health[p],
                "mana": self.mana[p],
                "hand": self._cards_list(self.hand[p]),
                "deck": [names[k] for k in reversed(self.deck[p])],  # top card first
                "discard": self._cards_list(self.discard[p]),
                "transformation": None if f == NOT_PLACED else "none" if f == NO_FORM else names[f],
                "ability": names[self.ability[p]] if self.ability[p] >= 0 else None,
                "spell_cast": self.spell_cast[p],
                "firebolts_pending": self.bolts[p],
                "known_firebolts": self.known_bolts[p],
            })
        pending = None
        if self.pending != NO_PENDING:
            pending = {"choice": {v: k for k, v in SNAPSHOT_PENDING.items()}[self.pending], "left": self.pending_left}
        return {
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "priority": self.priority,
            "to_move": self.to_move,
            "passes": self.passes,
            "revealed": self.revealed,
            "pending": pending,
            "winners": list(self.winners),
            "seats": seats,
        }

    def _restore(self, data):
        R = self.R = self.game.ruleset(self.options, self.card_text)
        cards = R.cards
        phase = data.get("phase", "preparation")
        if phase not in PHASE_NAMES:
            raise IllegalAction(f"snapshot 'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
        self.phase = PHASE_NAMES.index(phase)
        self.round = _whole(data, "round", 1, 1)
        self.priority = _whole(data, "priority", (self.round - 1) % 2 if R.alternate_priority else 0, 0, 1)
        self.passes = _whole(data, "passes", 0, 0, 2)
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 2:
            raise IllegalAction("snapshot 'seats' must be a list of the 2 seats")
        self.health, self.mana, self.hand, self.hand_size = [], [], [], []
        self.deck, self.discard, self.form, self.ability = [], [], [], []
        self.spell_cast, self.bolts, self.known_bolts = [], [], []
        for p, s in enumerate(seats):
            where = f"snapshot seat {p}"
            if not isinstance(s, dict):
                raise IllegalAction(f"{where} must be an object")
            self.health.append(_whole(s, "health", 24, -99, MAX_HEALTH, where))
            self.mana.append(_whole(s, "mana", 10, 0, MAX_MANA, where))
            hand = self._counts(s.get("hand", []), f"{where} hand")
            self.hand.append(hand)
            self.hand_size.append(sum(hand))
            self.discard.append(self._counts(s.get("discard", []), f"{where} discard"))
            f = s.get("transformation")
            self.form.append(NOT_PLACED if f is None else NO_FORM if f == "none" else
                             cards.kind_of(f, f"{where} transformation"))
            if self.form[p] >= 0 and not cards.is_form[self.form[p]]:
                raise IllegalAction(f"{where}: {f!r} is not a transformation card")
            a = s.get("ability")
            self.ability.append(-1 if a is None else cards.kind_of(a, f"{where} ability"))
            if self.ability[p] >= 0 and self.ability[p] not in cards.abilities:
                raise IllegalAction(f"{where}: {a!r} is not an ability card")
            self.spell_cast.append(bool(s.get("spell_cast", False)))
            self.bolts.append(_whole(s, "firebolts_pending", 0, 0, 99, where))
            self.known_bolts.append(_whole(s, "known_firebolts", 0, 0, 99, where))
            self.deck.append(self._restore_deck(p, s, where))
        self.revealed = bool(data.get("revealed", self.phase != PREPARE and all(f != NOT_PLACED for f in self.form)))
        pending = data.get("pending")
        self.pending, self.pending_left = NO_PENDING, 0
        if pending is not None:
            if not isinstance(pending, dict) or pending.get("choice") not in SNAPSHOT_PENDING:
                raise IllegalAction(f"snapshot 'pending' must be null or {{'choice': one of {', '.join(SNAPSHOT_PENDING)}, 'left': n}}")
            self.pending = SNAPSHOT_PENDING[pending["choice"]]
            self.pending_left = _whole(pending, "left", 3 if self.pending == TRADE else 0, 0, 3, "snapshot pending")
        winners = data.get("winners", [])
        if not isinstance(winners, list) or any(w not in (0, 1) for w in winners):
            raise IllegalAction("snapshot 'winners' must be a list of seats 0 and 1")
        self.winners = list(winners)
        to_move = data.get("to_move", None if self.phase == OVER else self.priority)
        if self.phase == OVER:
            if to_move is not None:
                raise IllegalAction("snapshot: the game is over, so 'to_move' must be null")
        elif to_move not in (0, 1):
            raise IllegalAction(f"snapshot 'to_move' must be 0 or 1 while the game goes on, not {to_move!r}")
        self.to_move = to_move

    def _counts(self, names, where):
        if not isinstance(names, list):
            raise IllegalAction(f"{where} must be a list of card names")
        counts = [0] * self.R.cards.n
        for name in names:
            counts[self.R.cards.kind_of(name, where)] += 1
        return counts

    def _restore_deck(self, p, s, where):
        """The deck, top card first: given whole as 'deck', or as 'deck_top' followed by every
        card of the 45 not placed elsewhere (in card-list order)."""
        cards = self.R.cards
        if "deck" in s:
            top_first = [cards.kind_of(n, f"{where} deck") for n in _names(s["deck"], f"{where} deck")]
        else:
            top_first = [cards.kind_of(n, f"{where} deck_top") for n in _names(s.get("deck_top", []), f"{where} deck_top")]
            used = [self.hand[p][k] + self.discard[p][k] for k in range(cards.n)]
            for k in top_first:
                used[k] += 1
            if self.form[p] >= 0:
                used[self.form[p]] += 1
            if self.ability[p] >= 0:
                used[self.ability[p]] += 1
            for k in range(cards.n):
                if used[k] > cards.copies[k]:
                    raise IllegalAction(f"{where}: {used[k]} {cards.names[k]} placed, but a deck has {cards.copies[k]}")
                top_first.extend([k] * (cards.copies[k] - used[k]))
        return top_first[::-1]


def _names(value, where):
    if not isinstance(value, list):
        raise IllegalAction(f"{where} must be a list of card names")
    return value


def _whole(data, field, default, low, high=None, where="snapshot"):
    value = data.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise IllegalAction(f"{where} {field!r} must be a whole number {bound}, not {value!r}")
    return value
