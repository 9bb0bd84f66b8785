"""Victory in every mode: Standard, Farwander, Eternal, the six Solitaire modes and co-op against
The Emptiness; Legend totals, ``scores`` and ``outcome``."""

from __future__ import annotations

from . import ruleset as R
from .cards import ADVENTURE, EXCEPTIONAL, STORY, PATH, ACHIEVEMENT


def setup_mode(s):
    """Solitaire set-ups ("Setup:" of each mode); War's is in state.setup."""
    if s.mode == "lore" and s.options["lore"] == "random":
        # "Randomly draw 1 Life Story, 1 Life Path, and 1 Life Achievement and set them aside."
        C = s.C
        for kind in (STORY, PATH, ACHIEVEMENT):
            pool = [c for c in s.backgrounds if C.kind[c] == kind]
            s.targets.append(pool[s.rng.below(len(pool))])
        s.say_fmt(None, "The Lore to uncover: {}.", ", ".join(C.names[c] for c in s.targets))


def relic_legends(s, seat):
    cards = s.C.cards
    return sum(cards[c].legends for c in s.relics[seat])


def adventure_legends(s, seat):
    cards = s.C.cards
    kind = s.C.kind
    if s.ai.get(seat) == "emptiness":
        # a devoured Adventure is worth its Legends; every other devoured card 1 (its AI card)
        return sum(cards[c].legends if kind[c] == ADVENTURE else 1 for c in s.adventures[seat])
    return sum(cards[c].legends for c in s.adventures[seat])


def legends(s, seat) -> int:
    """"Acquiring Legends": Completed Wanders (1 each; none in Farwander Mode: "Completed Wanders
    are not worth any Legends"), Completed Adventures, Relics in play. The Treasury: "Only Relic
    Legends apply"; The Campaign: "Only Adventure Legends apply"."""
    mode = s.mode
    if mode == "treasury":
        return relic_legends(s, seat)
    if mode == "campaign":
        return adventure_legends(s, seat)
    wanders = 0 if mode == "farwander" else len(s.wanders[seat]) * R.CW_LEGENDS
    return wanders + adventure_legends(s, seat) + relic_legends(s, seat)


def eternal_qualifies(s, seat) -> bool:
    """Eternal Mode: "Legends Total ... Background Total: 1 Life Story, 1 Life Path. Trait Total:
    1 Exceptional Trait.\""""
    need = R.ETERNAL_LEGENDS.get(s.players, 12)
    kind = s.C.kind
    return (legends(s, seat) >= need and s.story[seat] >= 0 and s.path[seat] >= 0
            and any(kind[c] == EXCEPTIONAL for c in s.traits[seat]))


def lore_held(s) -> list:
    """Lore's targets the Player holds now: "acquire all three" read as The Arbiter's "acquire the
    Life Path, Arbiter, and all 8 Traumas" is (RULES.md, "Lore"): the Life Story and the Life Path
    in play, the Life Achievement in hand."""
    return [c for c in s.targets if c == s.story[0] or c == s.path[0] or c in s.hand[0]]


def solo_progress(s) -> tuple[float, float]:
    """(the mode's measure, its goal) for the solitaire modes."""
    mode = s.mode
    C = s.C
    if mode == "war":
        total = len(C.legend) - 1
        return total - len(s.legend_deck), total
    if mode == "lore":
        return len(lore_held(s)), 3
    if mode == "arbiter":
        return len(s.traumas[0]) + (s.path[0] == C.arbiter), R.TRAUMAS + 1
    goal = {"treasury": R.TREASURY_GOAL, "campaign": R.CAMPAIGN_GOAL, "legacy": R.LEGACY_GOAL}[mode]
    return legends(s, 0), goal


def end_of_turn(s, seat) -> bool:
    """Check victory at the end of the turn; True when the game is over."""
    mode = s.mode
    if mode in R.SOLO_MODES:
        # "before the end of the turn when the Legend Deck becomes empty" (War: "run out the Legend
        # Deck before the end of the turn when the Life Deck becomes empty"; The Arbiter: "when the
        # Life or Legend Deck becomes empty")
        value, goal = solo_progress(s)
        if value >= goal:   # (War's goal: every Legend card but War run out of the deck)
            finish(s, [0], "The Player wins!")
            return True
        if s.legend_emptied or (mode in ("war", "arbiter") and s.life_emptied):
            finish(s, [], "Time runs out: the Player loses.")
            return True
        s.life_emptied = False
        return safety_net(s)
    if mode == "eternal":
        # "These additional Victory Conditions must be met." (RULES.md, "Eternal's end")
        qualified = [t for t in range(s.players) if eternal_qualifies(s, t)]
        if qualified:
            finish(s, most_legends(s, qualified), "A Player meets every Eternal victory condition.")
            return True
        if s.legend_emptied:
            if s.age < R.ETERNAL_AGES:
                # the Legend discard pile becomes a new Legend Deck: a new Age
                s.age += 1
                s.legend_deck = s.legend_discard
                s.legend_discard = []
                s.rng.shuffle(s.legend_deck)
                s.legend_emptied = not s.legend_deck
                s.say_fmt(None, "The Legend Deck is rebuilt from its discard pile: Age {} of {}.", s.age, R.ETERNAL_AGES)
                return False
            # "Ties result in a stalemate between tied Players": nobody met the conditions
            finish(s, list(range(s.players)), f"Age {R.ETERNAL_AGES} ends and no Player meets every Eternal "
                                              "victory condition: a stalemate between all Players.")
            return True
        return safety_net(s)
    if s.legend_emptied:
        if mode == "coop":
            team, foe = coop_sides(s)
            ours = sum(legends(s, t) for t in team)
            theirs = sum(legends(s, t) for t in foe)
            if coop_won(s, ours, theirs):
                finish(s, team, f"The players' {ours} Legends outshine The Emptiness's {theirs}.")
            else:
                finish(s, foe, f"The Emptiness devours the World ({theirs} Legends against {ours}).")
            return True
        # "Determine the winner by highest Legends. Ties result in a stalemate between tied Players."
        finish(s, most_legends(s, range(s.players)), "The Legend Deck is empty: the game is over.")
        return True
    return safety_net(s)


def safety_net(s) -> bool:
    """RULES.md, "Endless games": after R.MAX_TURNS turns a game no rule has ended ends as a draw,
    and says so (``state.ended_by_length``)."""
    if s.turn < R.MAX_TURNS:
        return False
    s.end_by_limit(f"The game reaches the safety net of {R.MAX_TURNS} turns and ends as a draw: no rule ended it.")
    return True


def coop_sides(s):
    """Co-op: the players' seats, and The Emptiness's."""
    return ([t for t in range(s.players) if s.ai.get(t) != "emptiness"],
            [t for t in range(s.players) if s.ai.get(t) == "emptiness"])


def coop_won(s, ours, theirs) -> bool:
    """Co-op (ours, RULES.md): the players win together when their combined Legends exceed The
    Emptiness's times the number of players, halved."""
    return ours * 2 > theirs * (s.players - 1)   # (every seat but The Emptiness's)


def most_legends(s, seats):
    seats = list(seats)
    best = max(legends(s, t) for t in seats)
    return [t for t in seats if legends(s, t) == best]


def finish(s, winners, why):
    if s.logging:
        s.say(why)
        if winners:
            s.say("Winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(s.seat_name(t) for t in winners) + ".")
        else:
            s.say("Nobody wins.")
    s.end_game(winners)


def scores(s):
    if s.mode in R.SOLO_MODES:
        return [solo_progress(s)[0]]
    return [legends(s, t) for t in range(s.players)]


def outcome(s, seat) -> float:
    """Solitaire: 1 for the special victory, else half the share of the goal reached. Ties share
    the win ("a stalemate between tied Players"); co-op winners win together."""
    if s.mode in R.SOLO_MODES:
        if s.winners:
            return 1.0
        value, goal = solo_progress(s)
        return 0.5 * min(1.0, value / goal)
    if not s.winners:
        return 0.5
    if seat not in s.winners:
        return 0.0
    return 1.0 if s.mode == "coop" else 1.0 / len(s.winners)
