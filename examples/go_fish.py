"""Go Fish, the traditional card game, as the smallest complete tabletome game on declared zones.

    import examples.go_fish        # registers "go-fish"
    tabletome play go-fish --game-module examples/go_fish.py

The rules (the traditional game, as commonly played): 2 to 4 players, a 52-card deck of 13 ranks
in four suits (suits do not matter). Each player is dealt 7 cards (5 at four players); the rest
is the stock, face down. On your turn, ask another player who holds cards for a rank you hold:
"North, give me your 7s". If they hold any, they give you all of them and you ask again. If not,
"Go fish": draw the top card of the stock; if it is the rank you asked for, show it and ask
again, else the turn passes to the left. Four cards of a rank make a book, laid down at once. A
player with an empty hand draws a card on their turn (or passes, the stock empty). When all 13
books are down, the player with the most books wins (ties share the win).

Public knowledge: an ask shows the asker holds the rank ("North asked for 7s, so North holds a 7"),
cards given are seen by everyone, and a card fished that matches the ask is shown. The declared
``Known`` zone keeps it, so a search re-deals the hidden hands and the stock around it.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from tabletome.core import ActionTable, Game, State, register, seat_names
from tabletome.core.stack import Frame, FrameIds, FrameSet
from tabletome.core.zones import EVERYONE, NOBODY, OWNER, Cards, Known, Number, Pile, Zones


class Deck:
    """The card data: the 13 ranks, four cards of each (suits play no part in Go Fish)."""
    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    copies = [4] * 13
    words = ["Aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings"]


DECK = Deck()
RANKS = len(DECK.names)
BOOK = 4
ALL_SEATS = ("North", "East", "South", "West")   # every seat name of a 2- to 4-player table


def deal_size(players: int) -> int:
    """Seven cards each to two or three players, five to four."""
    return 7 if players < 4 else 5


STEPS = FrameIds("turn")
TURN = STEPS.turn

ZONES = Zones(
    Cards("hand", OWNER, size="hand_size", most=BOOK - 1),   # four of a rank are laid down at once
    Known("known", "hand", view="known_in_hand"),   # what the table has seen each hand holds
    Number("books", Annotated[int, Meta(ge=0, le=RANKS)], 0),
    Cards("booked", EVERYONE),                       # the ranks laid down as books
    Pile("stock", NOBODY, seat=False, size_view="stock_size"),
    Number("last_ask", Annotated[list[int], Meta(max_length=3)], [], seat=False, view=None),
    cards=lambda state: DECK, one_deck=True, owned="the deck")


# --- the rules -----------------------------------------------------------------------------------
def draw(state, seat) -> int:
    """The top card of the stock into ``seat``'s hand (the caller checks the stock is not empty)."""
    k = state.stock.pop()
    state.hand[seat][k] += 1
    state.hand_size[seat] += 1
    return k


def lay_books(state, seat) -> bool:
    """Four cards of a rank make a book, laid down at once. True once the game is over."""
    hand = state.hand[seat]
    for k in range(RANKS):
        if hand[k] == BOOK:
            hand[k] = 0
            state.hand_size[seat] -= BOOK
            state.known[seat][k] = 0
            state.booked[seat][k] = BOOK
            state.books[seat] += 1
            state.say(f"{state.seat_name(seat)} lays down a book of {DECK.words[k]}.")
    if sum(state.books) == RANKS:
        best = max(state.books)
        winners = [p for p in range(state.players) if state.books[p] == best]
        state.say(" and ".join(state.seat_name(p) for p in winners) + f" win{'s' if len(winners) == 1 else ''} "
                  f"with {best} books.")
        state.end_game(winners)
        return True
    return False


def name_index(state, seat) -> int:
    """Where ``seat``'s name stands in ``ALL_SEATS`` (an action names its target by name)."""
    return ALL_SEATS.index(state.seat_name(seat))


def asks(state, frame):
    """Ask any other seat that holds cards for a rank in your hand."""
    seat = frame[1]
    hand, table = state.hand[seat], state.table
    return [table.get("ask", name_index(state, target), k) for target in range(state.players)
            if target != seat and state.hand_size[target] for k in range(RANKS) if hand[k]]


def start_turn(state, frame) -> bool:
    seat = frame[1]
    if not state.hand_size[seat] or not any(state.hand_size[p] for p in range(state.players) if p != seat):
        # an empty hand (or nobody to ask) draws a card and goes on; with no stock, the seat passes
        if state.stock:
            k = draw(state, seat)
            state.say(f"{state.seat_name(seat)} draws a card.")
            state.say(f"{state.seat_name(seat)} draws {DECK.names[k]}.", seat)
            if not lay_books(state, seat):
                state.stack.append(frame)
        else:
            state.stack.append((TURN, (seat + 1) % state.players))
        return False
    return state.ask_or_take(seat, frame, asks(state, frame))


def ask(state, frame, action) -> None:
    seat, k = frame[1], action.args[1]
    target = state.seat_names.index(ALL_SEATS[action.args[0]])
    who, whom, rank = state.seat_name(seat), state.seat_name(target), DECK.words[k]
    state.last_ask = [seat, target, k]
    state.known[seat][k] = max(state.known[seat][k], 1)   # the asker holds the rank
    given = state.hand[target][k]
    if given:
        state.say(f"{who} asks {whom} for {rank}: {whom} gives {given}.")
        state.hand[target][k] = 0
        state.hand_size[target] -= given
        state.known[target][k] = 0
        state.hand[seat][k] += given
        state.hand_size[seat] += given
        state.known[seat][k] = min(state.hand[seat][k], state.known[seat][k] + given)
        again = True
    elif state.stock:
        state.say(f"{who} asks {whom} for {rank}: go fish.")
        drawn = draw(state, seat)
        again = drawn == k
        if again:
            state.known[seat][k] = min(state.hand[seat][k], state.known[seat][k] + 1)
            state.say(f"{who} fishes the {DECK.names[k]} asked for and asks again.")
        else:
            state.say(f"{who} draws {DECK.names[drawn]}.", seat)
    else:
        state.say(f"{who} asks {whom} for {rank}: go fish, but the stock is empty.")
        again = False
    if not lay_books(state, seat):
        state.stack.append((TURN, seat if again else (seat + 1) % state.players))


FRAMES = FrameSet(Frame("turn", ("seat",), run=start_turn, legal=asks, on={"ask": ask}, asks="ask for a rank"),
                  ids=STEPS)


class GoFishState(State):
    __slots__ = ZONES.attributes
    frames = FRAMES
    zones = ZONES

    def setup(self):
        ZONES.empty(self)
        self.stock = [k for k in range(RANKS) for _ in range(BOOK)]
        self.rng.shuffle(self.stock)
        for seat in range(self.players):
            for _ in range(deal_size(self.players)):
                draw(self, seat)
        self.say(f"Each player is dealt {deal_size(self.players)} cards.")
        for seat in range(self.players):
            lay_books(self, seat)
        self.push((TURN, 0))
        self.run()

    def view_more(self, seat, view):
        if self.last_ask:
            asker, target, k = self.last_ask
            view["last_ask"] = {"seat": asker, "asked": target, "rank": DECK.names[k]}

    @property
    def scores(self):
        """Each seat's books."""
        return list(self.books)

    def check_invariants(self):
        for seat in range(self.players):
            hand = self.hand[seat]
            assert self.hand_size[seat] == sum(hand), f"seat {seat}'s hand size is wrong"
            assert all(0 <= self.known[seat][k] <= hand[k] for k in range(RANKS)), f"seat {seat}: known exceeds hand"
            assert all(c < BOOK for c in hand), f"seat {seat} holds a book it has not laid down"
        total = [self.stock.count(k) + sum(self.hand[p][k] + self.booked[p][k] for p in range(self.players))
                 for k in range(RANKS)]
        assert total == [BOOK] * RANKS, "the deck does not hold 52 cards"


# --- the game ------------------------------------------------------------------------------------
def heuristic(state, rng):
    """Ask a seat known to hold a rank you hold; else ask for your most-held rank."""
    legal = state.legal_actions()
    known, names = state.known, state.seat_names
    sure = [a for a in legal if known[names.index(ALL_SEATS[a.args[0]])][a.args[1]]]
    if sure:
        return max(sure, key=lambda a: (state.hand[state.to_move][a.args[1]], -a.id))
    most = max(state.hand[state.to_move][a.args[1]] for a in legal)
    best = [a for a in legal if state.hand[state.to_move][a.args[1]] == most]
    return best[rng.below(len(best))]


class GoFish(Game):
    id = "go-fish"
    name = "Go Fish"
    summary = "Ask for ranks, go fish, collect books of four: the traditional card game for 2 to 4."
    player_counts = (2, 3, 4)
    options = {}
    state_class = GoFishState
    max_decisions = 2000

    def build_actions(self):
        table = ActionTable()
        for target, name in enumerate(ALL_SEATS):
            for k, rank in enumerate(DECK.words):
                table.add(f"ask {name} for {rank}", "ask", target, k, cards=(DECK.names[k],))
        return table

    def table_for(self, card_text):
        return self.actions

    heuristic_action = staticmethod(heuristic)

    def evaluate(self, state, seat):
        total = sum(state.books)
        return 0.5 if not total else state.books[seat] / total

    def score_label(self, players, options):
        return "books"

    def render(self, view, seat, compact=0, card_text=None):
        """The table for a person at ``seat``: each hand (its cards, or how many), what everyone
        knows it holds, its books; the stock's size and the last ask."""
        from rich.table import Table

        last = view.get("last_ask")
        said = (f"last: {view['players'][last['seat']]['name']} asked {view['players'][last['asked']]['name']}"
                f" for {DECK.words[DECK.names.index(last['rank'])]}") if last else None
        table = Table(title=f"Go Fish: the stock holds {view['stock_size']} cards", title_justify="left",
                      caption=said, caption_justify="left")
        for column in ("seat", "hand", "known to all", "books"):
            table.add_column(column)
        for p, info in enumerate(view["players"]):
            hand = " ".join(info["hand"]) if "hand" in info else f"{info['hand_size']} cards"
            books = " ".join(dict.fromkeys(info["booked"])) or "-"
            table.add_row(info["name"] + (" (you)" if p == seat else ""), hand,
                          " ".join(info["known_in_hand"]) or "-", f"{info['books']}: {books}")
        return table

    def rules_summary(self, players, options, card_text=None):
        return (f"Go Fish for {players}: ask another player for a rank you hold; they give you all "
                f"of it and you ask again, or you go fish from the stock. Four of a rank make a book. "
                f"The most books wins. Seats: {', '.join(seat_names(players))}.")


GAME = GoFish()
register(GAME)
