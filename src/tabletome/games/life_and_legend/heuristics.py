"""The heuristic AI's rules of thumb for Life & Legend, and the evaluation search cuts off with.

It sees what the seat sees (it runs on a determinized copy). Its choices score each legal action by
the Legends it is likely to bring, with the chance of each die roll counted exactly."""

from __future__ import annotations

from functools import cache

from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE, TRAIT, EXCEPTIONAL, TRAUMA, STORY, PATH, ACHIEVEMENT
from .backgrounds import activatable
from .limits import mod, limit
from .modes import coop_sides, legends, solo_progress
from .names import LIFE_CARD

DIE = R.DIE_FACES
# The collector modes count Adventures (The Campaign) or every Legend (The Legacy): a draw there
# spends the Legend Deck that is their clock, and a Wander's Completed Wander buys the Life draw
# that Trait Challenges need (with a draw worth 1.0 and a Wander 0.9, the heuristic won The
# Campaign 0 games of 30).
# Eternal likewise: Completed Wanders are its Legends and its Life draws (for the Exceptional Trait
# and the Traits its Challenges need), and "victory is more difficult to achieve"
DRAW = {"campaign": 0.4, "legacy": 0.4, "eternal": 0.4}
# A Completed Wander counts for nothing toward Farwander's, The Treasury's and The Arbiter's win
WANDER = {"campaign": 1.3, "legacy": 1.6, "lore": 0.9, "eternal": 1.6, "farwander": 0.3, "treasury": 0.3, "arbiter": 0.3}


@cache
def p_at_least(need, bonus=0) -> float:
    """The chance one die roll plus ``bonus`` reaches ``need`` (worked out once per pair)."""
    return sum(1 for r in range(1, DIE + 1) if r + bonus >= need) / DIE


def p_dice(needs, bonus, spare=0) -> float:
    p = 1.0
    for n in needs:
        p *= p_at_least(n - (spare > 0), bonus)
        spare -= 1
    return p


def wanted_words(s) -> set:
    """Lore: the Life Words the Backgrounds still to acquire need."""
    if s.mode != "lore":
        return set()
    return {w for c in s.targets if c not in s.acquired for w in s.C.cards[c].words}


def card_value(s, card) -> float:
    C = s.C
    if s.mode == "lore" and (card in s.targets or C.word[card] in wanted_words(s)):
        return 10 if card in s.targets else 8  # a Lore target counts only while held
    kind = C.kind[card]
    rec = C.cards[card]
    if kind == RELIC:
        return 2 + rec.legends * 1.5 + (1 if rec.word else 0)
    if kind == ADVENTURE:
        return 1 + rec.legends * 0.4
    if kind == ACHIEVEMENT:
        return 6
    if kind == EVENT:
        return 1.5 if rec.timing == "interfere" else 1
    if kind in (TRAIT, EXCEPTIONAL):
        # Eternal: "Trait Total: 1 Exceptional Trait" is a victory condition
        return 2.5 + (1 if C.word[card] else 0) + ((6 if s.mode == "eternal" else 1) if kind == EXCEPTIONAL else 0)
    if kind in (STORY, PATH):
        return 9 if s.mode == "eternal" else 5   # Eternal: "Background Total: 1 Life Story, 1 Life Path"
    return 1


GOOD_OPS = {"draw-legend": 1.0, "draw-life": 1.2, "wander-free": 1.5, "remove-trauma": 1.0, "uncover-wander": 0.6,
            "opponents-discard": 0.6, "next-roll-bonus": 0.2, "next-roll-once": 0.15, "examine-world": 0.2, "examine-deck": 0.1,
            "reveal-hand": 0.1, "uncover-world": 0.3, "remove-world": 0.1, "seek-word": 1.2, "discard": -0.8,
            "each-discard": -0.2, "trauma": -1.0, "seek-trauma": -1.0, "defeat": -1.5, "gamble": -0.3}


ARBITER_OPS = dict(GOOD_OPS, **{"trauma": 2.0, "seek-trauma": 2.0, "remove-trauma": -1.5})
# Eternal: Defeat takes a Background first ("1. Background"), and a Life Story and a Life Path are
# victory conditions there
ETERNAL_OPS = dict(GOOD_OPS, **{"defeat": -3.0})
WAR_OPS = dict(GOOD_OPS, **{"draw-legend": 1.5, "draw-life": -0.8, "seek-word": -1.5, "seek-trauma": -1.5,
                            "trauma": -1.5, "wander-free": 1.5})


NEEDS_COVERED = ("wander-free", "uncover-world", "examine-world")   # "a covered World card"


def effect_score(s, effects, now=False) -> float:
    """What ``effects`` are worth; ``now``: in this position (an Effect that takes "a covered World
    card" is worth nothing while no World card is covered: RULES.md, "A covered World card")."""
    mode = s.mode
    table = ARBITER_OPS if mode == "arbiter" else WAR_OPS if mode == "war" else ETERNAL_OPS if mode == "eternal" else GOOD_OPS
    covered = not now or any(c >= 0 and not u for c, u in zip(s.world, s.up))
    return sum(table.get(e.op, 0) * e.n for e in effects if covered or e.op not in NEEDS_COVERED)


def choose(s, rng):
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    frame = s.decision
    seat = s.to_move
    # a drawn Life card's "discard" is scored unlike any other discard (see ``score``)
    known = (_BY_ID.get((s.table, s.mode)) or fixed_by_id(s))[frame[0] != LIFE_CARD]
    best, best_score = None, -1e9
    for a, jitter in zip(legal, rng.randoms(len(legal))):
        sc = known[a.id]
        if sc is None:
            sc = score(s, seat, frame, a)
        sc += jitter * 0.01
        if sc > best_score:
            best, best_score = a, sc
    return best


# The rules of thumb that do not depend on the position, by action kind ("discard" is scored by
# the card, but for a drawn Life card: see ``score``)
FIXED = {"end": 0.0, "pass": 0.0, "interfere": 0.5, "keep": 1.0, "decline": 0.0,
         "contest": 0.5, "no_contest": 0.0, "offer": -1.0, "offer_for": -1.0, "spark": 2.0, "over": -0.5,
         "fill": 0.5, "perpetual": -2.0, "farwander": 0.5,
         "space": 0.1, "seat": 0.1, "pick_wander": 0.1, "remove_trauma": 0.1, "discard_wander": 0.1,
         "set_aside": 0.1, "done": 0.0}


# The rules of thumb that depend only on the mode and the action's card (not on the frame, the seat
# or the position), scored once per action table and mode; "discard", "relic", "activate" and
# "by_event" only outside Lore, where the Life Words still wanted change as Backgrounds are acquired
BY_CARD = ("draw", "uncover", "use", "play", "place")
BY_CARD_BUT_LORE = ("discard", "relic", "activate", "by_event")
_BY_ID = {}


def fixed_by_id(s) -> tuple:
    """Per action id of ``s``'s table: its score where it depends only on the mode and the action,
    else None (``score`` works it out from the position): FIXED alone (for a drawn Life card's
    frame), and FIXED with BY_CARD and BY_CARD_BUT_LORE."""
    key = (s.table, s.mode)
    scores = _BY_ID.get(key)
    if scores is None:
        kinds = BY_CARD if s.mode == "lore" else BY_CARD + BY_CARD_BUT_LORE
        fixed = [FIXED.get(a.kind) for a in s.table]
        by_card = [score(s, None, (None,), a) if a.kind in kinds else sc for a, sc in zip(s.table, fixed)]
        scores = _BY_ID[key] = (fixed, by_card)
    return scores


def score(s, seat, frame, a) -> float:
    """An action's score where FIXED has none (``choose`` and ``fixed_by_id`` look FIXED up first)."""
    kind = a.kind
    by_position = BY_POSITION.get(kind)
    if by_position is not None:
        return by_position(s, seat, a)
    C = s.C
    args = a.args
    if frame[0] == LIFE_CARD:
        return 0.0   # a drawn Trait-Card's "discard": keep it unless the Trait area is full
    if kind == "discard":
        return 10 - card_value(s, args[0])
    if kind == "accept":
        return 1.0 if frame[4] < 0 else -1.0
    if kind == "give":
        return 0.3 if C.kind[frame[3]] == TRAUMA else -0.5
    if kind == "relic":
        bonus = 3 if s.mode == "lore" and C.word[args[0]] in wanted_words(s) else 0
        return 3 + bonus + C.cards[args[0]].legends * (2 if s.mode == "treasury" else 1)
    if kind == "activate":
        card = args[0]
        if s.mode == "lore":
            return 8.0 if card in s.targets else -3.0
        if s.mode == "arbiter":
            return 8.0 if card == C.arbiter else (2.0 if C.kind[card] != PATH else -3.0)
        return 6.0
    if kind == "use":
        if s.mode == "lore" and args[0] in s.targets:
            return -6.0  # a Lore target used up is no longer held (RULES.md, "Lore")
        k = C.kind[args[0]]
        rec = C.cards[args[0]]
        if k == STORY:
            # (discarded for its Effect; in Eternal a Life Story is a victory condition)
            return effect_score(s, rec.discard) - (9 if s.mode == "eternal" else 4)
        if k == ACHIEVEMENT:
            return effect_score(s, rec.effect) - 5
        return effect_score(s, rec.effect) + 0.2
    if kind == "play":
        rec = C.cards[args[0]]
        if rec.timing == "interfere":
            return -0.5
        return effect_score(s, rec.hand) - 0.9
    if kind == "place":
        # an Adventure placed in the World can be attempted next: worth more than the covered top card
        if C.kind[args[0]] == ADVENTURE:
            return 1.5 if s.mode in ("campaign", "legacy", "standard", "eternal", "farwander", "coop") else 0.2
        return -0.2
    mode = s.mode
    if kind == "draw":
        return 1.5 if mode == "war" else DRAW.get(mode, 1.0)
    if kind == "uncover":
        return 1.3 if mode in ("war", "campaign", "legacy") else (1.1 if mode == "treasury" else 0.9)
    if kind == "by_event":
        return 1.0 - card_value(s, args[0]) * 0.2
    return 0.0


# --- the rules of thumb that depend on the position most (``score`` looks them up first) ---------
def turn_in_score(s, seat, a) -> float:
    # a Completed Wander is a Legend (but in Farwander, The Treasury and The Campaign); a
    # Trait-Card opens Challenges and Life Words
    mode = s.mode
    if mode == "war":
        return -2.0
    if mode in ("farwander", "campaign", "lore", "arbiter", "treasury"):
        return 0.8 if len(s.traits[seat]) < 4 else -0.2
    if len(s.wanders[seat]) >= limit(s, seat, "wander-limit"):
        return 0.6
    if mode == "eternal" and s.C.exceptionals.isdisjoint(s.traits[seat]):
        return 0.8     # a Life draw looks for the Exceptional Trait Eternal's victory needs
    return 0.5 if len(s.traits[seat]) < 3 else -0.5


def wander_score(s, seat, a) -> float:
    mode = s.mode
    p = p_at_least(R.WANDER_ROLL, mod(s, seat, "wander-bonus") + s.roll_bonus + s.roll_once)
    kind = s.C.kind
    if any(kind[c] == EVENT for c in s.hand[seat]):   # (or Wander by discarding an Event)
        p = max(p, 0.8)
    worth = WANDER.get(mode, 1.4)
    if mode == "war":
        worth = 1.4 if a.args[0] == 4 else 0.8
    return 0.1 + p * worth


def adventure_score(s, seat, a) -> float:
    card, level = a.args
    rec = s.C.cards[card]
    ch = rec.challenges[level]
    spare = len(s.wanders[seat]) if s.mode in ("farwander", "eternal") else 0
    p = p_dice(ch.dice, mod(s, seat, "die-bonus") + s.roll_bonus + s.roll_once, spare)
    worth = rec.legends if s.mode != "treasury" else 0
    penalty = effect_score(s, rec.penalty)
    if s.mode == "arbiter":
        penalty = abs(penalty)      # Traumas are what The Arbiter wants
    return p * (worth + effect_score(s, rec.reward, now=True) + 0.5) + (1 - p) * penalty


def roll_score(s, seat, a) -> float:
    """The chance to Wander by a roll: "Roll a 4, 5, or 6 on a Regular Die", with the seat's bonuses."""
    return p_at_least(R.WANDER_ROLL, mod(s, seat, "wander-bonus") + s.roll_bonus + s.roll_once)


def fw_word_score(s, seat, a) -> float:
    """Eternal: a word bought with Completed Wanders is worth it when it lets a Life Story or Life
    Path (victory conditions there) be activated this phase."""
    if s.mode != "eternal" or seat is None:
        return -0.2
    s.words_bought.append(a.args[0])
    try:
        kinds = {s.C.kind[c] for c in activatable(s, seat)}
    finally:
        s.words_bought.pop()
    return 2.5 if kinds & {STORY, PATH} else -0.2


def fw_story_score(s, seat, a) -> float:
    return 3.0 if s.mode == "eternal" else -0.2     # Eternal: "Background Total: 1 Life Story"


def fw_trauma_score(s, seat, a) -> float:
    if s.mode != "eternal":
        return -0.2
    # Apathy ("You cannot activate Backgrounds") stands between a seat and Eternal's Backgrounds
    return 3.0 if any(e.op == "no-background" for e in s.C.cards[a.args[0]].effect) else 0.3


BY_POSITION = {"turn_in": turn_in_score, "wander": wander_score, "adventure": adventure_score, "roll": roll_score,
               "fw_word": fw_word_score, "fw_story": fw_story_score, "fw_trauma": fw_trauma_score}


def standing(s, seat) -> float:
    """Legends now, plus a little for what is likely to become Legends."""
    C = s.C
    kind = C.kind
    v = legends(s, seat)
    for c in s.hand[seat]:   # (whole and half Legends: exact in any order)
        if kind[c] == RELIC:
            v += C.cards[c].legends * 0.5
    v += 0.3 * len(s.traits[seat]) + 0.8 * ((s.story[seat] >= 0) + (s.path[seat] >= 0))
    v += 0.15 * len(s.hand[seat]) - 0.3 * len(s.traumas[seat])
    if s.mode == "eternal":
        # Eternal is won by its victory conditions: Legends count up to the total asked, and each of
        # the Life Story, the Life Path and an Exceptional Trait counts as much as a good Adventure
        v = min(v, R.ETERNAL_LEGENDS.get(s.players, 12)) + 3.0 * (
            (s.story[seat] >= 0) + (s.path[seat] >= 0) + (not C.exceptionals.isdisjoint(s.traits[seat])))
    return v


def evaluate(s, seat) -> float:
    """On the scale of ``outcome``: in a solo mode half the share of the goal reached (winning is 1);
    else the chance of having the most Legends, from the lead over the best opponent, sharper as the
    Legend Deck runs down."""
    if s.is_over:
        return s.outcome(seat)
    if s.mode in R.SOLO_MODES:
        value, goal = solo_progress(s)
        if s.mode == "war":
            return war_race(s, value / goal)
        return 0.5 * min(1.0, value / goal)
    if s.mode == "coop":
        team, foe = coop_sides(s)
        diff = sum(standing(s, t) for t in team) - sum(legends(s, t) for t in foe) * (len(team) / 2)
        return max(0.02, min(0.98, 0.5 + diff * 0.05))
    mine = standing(s, seat)
    best = max(standing(s, t) for t in range(s.players) if t != seat)
    left = len(s.legend_deck) / max(1, len(s.C.legend))
    scale = 0.06 + 0.18 * (1 - left)
    return max(0.02, min(0.98, 0.5 + (mine - best) * scale))


def war_race(s, share) -> float:
    """War is a race: "run out the Legend Deck before the end of the turn when the Life Deck becomes
    empty". Half the share of the Legend Deck run out (as ``outcome`` counts a loss), and more as the
    Life Deck has more left than the Legend Deck."""
    # (the Life Deck became empty this turn: the War is lost at its end, whatever the rebuilt deck holds)
    life_left = 0.0 if s.life_emptied else len(s.life_deck) / len(s.C.life)
    return max(0.0, min(0.98, 0.5 * share + 0.25 * (life_left - (1 - share))))
