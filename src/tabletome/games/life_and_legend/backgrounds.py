"""Backgrounds and Life Words: creation and activation, Life Stories' Sparks, Life Paths' Spark
Effects, Life Achievements.

"If the Player has the appropriate Life Words, they may take a Life Story, Life Path, or Life
Achievement card from the Background Deck and bring it into play, "activating" it. The Player may
only activate one Background per turn and may only have one Background of each type in play at a time."
"""

from __future__ import annotations

from . import ruleset as R
from .cards import RELIC, EVENT, ADVENTURE, STORY, PATH, ACHIEVEMENT
from .effects import use, depart, may_discard_a_card, reveal_hand, roll_for
from .limits import mod
from .names import SPARK, STORY_DISCARD, ACHIEVE, DISCARD, D_SPARK, R_SPARK, SPARK_EFFECT


def words_in_play(s, seat, phase3: bool) -> dict:
    """The Life Words on ``seat``'s Trait-Cards and Relics in play (Farwander: plus those bought
    with Completed Wanders, "available during Phase 3")."""
    word = s.C.word
    have = {}
    for pile in (s.traits[seat], s.relics[seat]):
        for c in pile:
            w = word[c]
            if w is not None:
                have[w] = have.get(w, 0) + 1
    if phase3 and seat == s.active:
        for w in s.words_bought:
            name = (R.SMALL_WORDS + R.GREAT_WORDS)[w]
            have[name] = have.get(name, 0) + 1
    return have


def activatable(s, seat) -> list[int]:
    """The Backgrounds ``seat`` may activate now (Phase 3, none activated this turn)."""
    C = s.C
    # (a card in play carries one Life Word at most, and no Background asks for fewer than C.fewest_words)
    if s.activated or len(s.traits[seat]) + len(s.relics[seat]) + len(s.words_bought) < C.fewest_words:
        return []
    if mod(s, seat, "no-background") > 0:
        return []
    have = words_in_play(s, seat, phase3=True)
    if not have or sum(have.values()) < C.fewest_words:   # (no Background asks for fewer Life Words)
        return []
    kind = C.kind
    free = {STORY: s.story[seat] < 0, PATH: s.path[seat] < 0,
            ACHIEVEMENT: not any(kind[c] == ACHIEVEMENT for c in s.hand[seat])}
    needs = C.needs
    get = have.get
    out = []
    for c in s.backgrounds:
        if free[kind[c]]:
            for w, n in needs[c]:
                if get(w, 0) < n:
                    break
            else:
                out.append(c)
    return out


def activate(s, seat, card, bought=False):
    """Bring a Background into play: "Life Achievements go to the Player's Hand and remain revealed
    to the other Players." Life Stories and Life Paths "stay in play until discarded"."""
    C = s.C
    s.backgrounds.remove(card)
    s.activated = True
    kind = C.kind[card]
    if kind == STORY:
        s.story[seat] = card
    elif kind == PATH:
        s.path[seat] = card
    else:
        s.hand[seat].append(card)
    if card not in s.acquired:
        s.acquired.append(card)
    s.say_fmt(None, "{} activates {}{}.", s.seat_name(seat), C.names[card], " with Completed Wanders" if bought else "")


# --- using Backgrounds ------------------------------------------------------------------------------
def use_story(s, seat):
    """"Life Stories can be discarded for powerful, single-use Effects.\""""
    card = s.story[seat]
    s.story[seat] = -1
    s.background_discard.append(card)
    s.say_fmt(None, "{} discards {} for its Effect.", s.seat_name(seat), s.C.names[card])
    use(s, seat, card, STORY_DISCARD)


def use_achievement(s, seat, card):
    """"First, they grant a powerful single-use Effect.\""""
    s.hand[seat].remove(card)
    s.background_discard.append(card)
    s.say_fmt(None, "{} uses {}.", s.seat_name(seat), s.C.names[card])
    use(s, seat, card, ACHIEVE)


REVEALS = {"reveal-events": EVENT, "reveal-relics": RELIC, "reveal-adventures": ADVENTURE}   # two of them in hand


def spark_ready(s, seat) -> bool:
    """"By combining a Life Story's Spark with a Life Path's Spark Effect, the Player creates a
    powerful new Effect." Every Spark is "Once per turn"; its condition must hold now."""
    story, path = s.story[seat], s.path[seat]
    if story < 0 or path < 0 or s.spark_used:
        return False
    C = s.C
    spark = C.cards[story].spark
    hand = s.hand[seat]
    kind = C.kind
    if spark in REVEALS:
        return sum(kind[c] == REVEALS[spark] for c in hand) >= 2
    if spark == "discard-card":
        return may_discard_a_card(s, seat)
    return {"discard-wander": bool(s.wanders[seat]), "roll": True, "traumas": len(s.traumas[seat]) >= 2,
            "traits": len(s.traits[seat]) >= 3, "small-hand": len(hand) <= 2, "after-adventure": bool(s.did & 1),
            "after-wander": bool(s.did & 2), "relics": len(s.relics[seat]) >= 2}.get(spark, False)


def use_spark(s, seat):
    """Meet the Spark's condition (reveal, discard, roll...), then the Life Path's Spark Effect."""
    C = s.C
    story, path = s.story[seat], s.path[seat]
    spark = C.cards[story].spark
    s.spark_used = True
    s.say_fmt(None, "{} uses the Spark of {} with {}.", s.seat_name(seat), C.names[story], C.names[path])
    if spark.startswith("reveal-"):
        reveal_hand(s, seat)
    if spark == "roll":
        roll_for(s, seat, 1, None, R_SPARK, 5, 0)
        s.say_fmt(None, "{} rolls {} for the Spark.", s.seat_name(seat), s.roll[0])
        return
    if spark == "discard-wander":
        card = s.wanders[seat].pop(0)
        depart(s, card)
        s.say_fmt(None, "{} discards a Completed Wander ({}).", s.seat_name(seat), C.names[card])
    if spark == "discard-card":
        s.push((DISCARD, seat, D_SPARK, -1), (SPARK_EFFECT, seat))
        return
    s.stack.append((SPARK_EFFECT, seat))


def spark_effect(s, seat):
    path = s.path[seat]
    if path >= 0:
        use(s, seat, path, SPARK)
