"""Duel: a small game through the real contract whose card strengths are known by construction,
so the lab's card statistics can be checked against the truth.

Each seat is dealt 3 cards from a shuffled deck of 12 (two each of Dragon 6, Knight 3, Coin 2,
Dud -2, Curse, and Mirror 1). Seats alternate, North first, for two turns each; on a turn a seat
plays one card from its hand or passes. Curse is played at a seat and takes 3 from that seat's
total. The higher total wins; equal totals draw. So Dragon is the strongest card, playing Dud is
worse than passing, and Curse played at the other seat is good.

The heuristic plays its most valuable card and passes rather than play Dud: under it, Dud is
never played when it could be.

With ``discard=on`` a seat may instead discard a card from its hand (it scores nothing), and the
heuristic discards a Dud rather than pass: under it, Dud is discarded and still never played.
"""

from __future__ import annotations

from tabletome.core import ActionTable, Game, State
from tabletome.core.stack import Frame, FrameSet

VALUES = {"Dragon": 6, "Knight": 3, "Coin": 2, "Dud": -2, "Curse": 0, "Mirror": 1}
DECK = [name for name in VALUES for _ in range(2)]


def turn_legal(self, frame):
    seat = frame[1]
    table = self.table
    legal = [table.get("pass")]
    for name in sorted(set(self.hands[seat])):
        if name == "Curse":
            legal.extend(table.get("curse", s) for s in range(2))
        else:
            legal.append(table.get("play", name))
        if self.options.get("discard") == "on":
            legal.append(table.get("discard", name))
    return legal


def turn_resolve(self, frame, action):
    seat = frame[1]
    if action.kind == "play":
        name = action.args[0]
        self.hands[seat].remove(name)
        self.played.append(name)
        self.totals[seat] += VALUES[name]
        self.say(f"{self.seat_name(seat)} plays {name}.")
    elif action.kind == "curse":
        self.hands[seat].remove("Curse")
        self.played.append("Curse")
        self.totals[action.args[0]] -= 3
        self.say(f"{self.seat_name(seat)} curses {self.seat_name(action.args[0])}.")
    elif action.kind == "discard":
        self.hands[seat].remove(action.args[0])
        self.played.append(action.args[0])
        self.say(f"{self.seat_name(seat)} discards {action.args[0]}.")
    else:
        self.say(f"{self.seat_name(seat)} passes.")
    self.turns += 1
    if self.turns == 4:
        a, b = self.totals
        self.end_game([0] if a > b else [1] if b > a else [])
    else:
        self.push((0, 1 - seat))


class DuelState(State):
    __slots__ = ("hands", "totals", "turns", "played")
    frames = FrameSet(Frame("turn", ("seat",), legal=turn_legal, resolve=turn_resolve, asks="what to play"))

    def setup(self):
        deck = list(DECK)
        for i in range(len(deck) - 1, 0, -1):
            j = self.rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        self.hands = [sorted(deck[0:3]), sorted(deck[3:6])]
        self.totals = [0, 0]
        self.turns = 0
        self.played = []
        self.push((0, 0))   # North's turn
        self.run()

    @property
    def scores(self):
        return list(self.totals)

    def _view(self, seat):
        return {"totals": list(self.totals), "hand": list(self.hands[seat]) if seat is not None else None,
                "cards_held": [len(h) for h in self.hands]}

    def clone(self):
        c = type(self).__new__(type(self))
        self._copy_common(c)
        c.hands = [list(h) for h in self.hands]
        c.totals = list(self.totals)
        c.turns = self.turns
        c.played = list(self.played)
        return c

    def determinize(self, seat, rng):
        """The other hand re-drawn from the cards this seat has not seen (its own, those played)."""
        from tabletome.core import as_rng
        rng = as_rng(rng)
        c = self.clone()
        other = 1 - seat
        pool = list(DECK)
        for name in c.hands[seat] + c.played:
            pool.remove(name)
        for i in range(len(pool) - 1, 0, -1):
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        c.hands[other] = sorted(pool[:len(c.hands[other])])
        return c


def heuristic(state, rng):
    seat = state.to_move
    best, value = None, 0
    for action in state.legal_actions():
        if action.kind == "play":
            v = VALUES[action.args[0]]
        elif action.kind == "curse":
            v = 3 if action.args[0] != seat else -3
        else:
            continue
        if v > value:
            best, value = action, v
    if best is None and any(a.kind == "discard" and a.args[0] == "Dud" for a in state.legal_actions()):
        return state.table.get("discard", "Dud")
    return best or state.table.get("pass")


class Duel(Game):
    id = "lab-duel"
    name = "Duel"
    summary = "a test game for the lab"
    player_counts = (2,)
    options = {"curse": ("on",), "discard": ("off", "on")}
    state_class = DuelState

    def build_actions(self):
        table = ActionTable()
        table.add("pass", "pass")
        for name in VALUES:
            if name == "Curse":
                for s, word in enumerate(("North", "South")):
                    table.add(f"curse {word}", "curse", s, cards=("Curse",), target=s)
            else:
                table.add(f"play {name}", "play", name, cards=(name,))
        for name in VALUES:
            table.add(f"discard {name}", "discard", name, cards=(name,))
        return table

    def heuristic_action(self, state, rng):
        return heuristic(state, rng)
