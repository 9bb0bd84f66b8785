"""The frames an effect or a rule pushes to ask for one choice, and the chains they run
(Reward/Penalty/Effects, drawn Life cards, limits, Defeat, Farwander contests). A choice with one
possible answer is made without asking."""

from __future__ import annotations

from . import ruleset as R
from .adventures import defeat_choices, resolve_attempt
from .cards import EVENT, TRAIT, EXCEPTIONAL, TRAUMA, ACHIEVEMENT
from .effects import (depart, discard, effect_list, run_op, next_life, attach_trauma, publish, reveal_hand,
                      world_covered, removable, remove_from_world, OP_NAMES, play_immediately)
from .limits import over_limit, limit, exceptionals
from .names import (EFFECTS, LIFE_CARD, TRIM, SEEK_WORD, SEEK_TRAUMA, R_WANDER, R_ADVENTURE, R_FARWANDER,
                    R_SPARK, R_GAMBLE, SPARK_EFFECT, D_EFFECT)
from .world import (check_roll, wander_succeeds, farwander_fails, farwander_succeeds, wander_by_roll,
                    uncover as uncover_world_card)


def named(s, kind, cards):
    """One action per distinct card name among ``cards`` (Trait-Card copies share a name)."""
    by_card = getattr(s.table, kind)
    canon = s.C.canon
    seen = set()
    out = []
    for c in cards:
        a = by_card[canon[c]]
        if a.id not in seen:
            seen.add(a.id)
            out.append(a)
    return out


def discard_by_name(s, seat, canon_id, pool):
    name = s.C.names[canon_id]
    for c in list(pool):
        if s.C.names[c] == name:
            discard(s, seat, c)
            return c
    raise ValueError(f"{name} is not there to discard")


# --- effects -----------------------------------------------------------------------------------------
def run_effects_frame(s, frame):
    _, seat, card, part, step = frame
    effects = effect_list(s.C, card, part)
    if step < len(effects):
        s.stack.append((EFFECTS, seat, card, part, step + 1))
        run_op(s, seat, effects[step], card)
    return False


def run_resolve(s, frame):
    """After the Interfere window: the Effect resolves (a Disrupted one is a DISRUPTED frame)."""
    _, seat, card, part, slot = frame
    s.stack.append((EFFECTS, seat, card, part, 0))
    return False


def run_disrupted(s, frame):
    """"Disrupt: The Effect doesn't take place. Play continues as normal.\""""
    s.say_fmt(None, "The Effect of {} is Disrupted.", s.C.names[frame[2]])
    return False


# --- choosing a World space, a seat, a Completed Wander ----------------------------------------------
def space_choices(s, seat, op):
    name = OP_NAMES[op]
    if name in ("uncover-world", "examine-world"):
        return world_covered(s)
    if name == "remove-world":
        return [k for k in range(R.WORLD_SPACES) if removable(s, k)]
    if name == "wander-free":
        if len(s.wanders[seat]) >= limit(s, seat, "wander-limit"):
            return []
        # "Take a covered World card": with none covered the Effect takes nothing (RULES.md, "A
        # covered World card"; Wander's "the top Legend Deck card" is a World Action's rule, not the card's)
        return world_covered(s)
    return []


def run_choose_space(s, frame):
    _, seat, op, card = frame
    spaces = space_choices(s, seat, op)
    if not spaces and s.logging and card >= 0:
        s.say(f"{s.C.names[card]}: no World card fits the Effect; it does nothing.")
    space = s.table.space
    return s.ask_or_take(seat, frame, [space[k] for k in spaces])


def legal_choose_space(s, frame):
    return [s.table.get("space", k) for k in space_choices(s, frame[1], frame[2])]


def resolve_choose_space(s, frame, action):
    _, seat, op, card = frame
    k = action.args[0]
    name = OP_NAMES[op]
    if name == "uncover-world":
        uncover_world_card(s, seat, k)
    elif name == "examine-world":
        s.known[seat] |= 1 << s.world[k]
        s.say_fmt(None, "{} examines space {}.", s.seat_name(seat), k + 1)
        s.say_fmt(seat, "Space {} holds {}.", k + 1, s.C.names[s.world[k]])
    elif name == "remove-world":
        remove_from_world(s, k)
    elif name == "wander-free":
        wander_succeeds(s, seat, k)


def legal_choose_seat(s, frame):
    """An opponent with cards in hand, The Emptiness aside."""
    return [s.table.get("seat", t) for t in range(s.players) if t != frame[1] and s.hand[t] and s.ai.get(t) != "emptiness"]


def resolve_choose_seat(s, frame, action):
    reveal_hand(s, action.args[0])


def legal_choose_wander(s, frame):
    return s.table.pick_wander[:len(s.wanders[frame[1]])]


def resolve_choose_wander(s, frame, action):
    """"Uncovering: If a Completed Wander is uncovered by an Effect, treat it as if it were just
    drawn by the Player possessing it. It is no longer a Completed Wander.\""""
    seat = frame[1]
    card = s.wanders[seat].pop(action.args[0])
    publish(s, card)
    s.hand[seat].append(card)
    s.say_fmt(None, "{} uncovers a Completed Wander: {}.", s.seat_name(seat), s.C.names[card])
    play_immediately(s, seat, card)


# --- discarding ------------------------------------------------------------------------------------
def discard_pool(s, seat):
    return [*s.hand[seat], *s.relics[seat], *s.traits[seat], *[c for c in (s.story[seat], s.path[seat]) if c >= 0]]


def owed_discards(s, pool):
    """One "discard" per card name of ``pool``; none when it holds nothing but Life Achievements,
    which "are exempt from defeat, discard, and remove Effects, but can be discarded in the place of
    any other card"."""
    kind = s.C.kind
    return [] if all(kind[c] == ACHIEVEMENT for c in pool) else named(s, "discard", pool)


def legal_discard(s, frame):
    pool = discard_pool(s, frame[1])
    return owed_discards(s, pool) if frame[2] == D_EFFECT else named(s, "discard", pool)


def resolve_discard(s, frame, action):
    discard_by_name(s, frame[1], action.args[0], discard_pool(s, frame[1]))


def legal_hand_discard(s, frame):
    return owed_discards(s, s.hand[frame[1]])


def discard_from_hand(s, frame, action):
    discard_by_name(s, frame[1], action.args[0], s.hand[frame[1]])


def legal_defeat(s, frame):
    return owed_discards(s, defeat_choices(s, frame[1]))


def run_defeat(s, frame):
    s.say_fmt(None, "{} faces Defeat.", s.seat_name(frame[1]))
    return s.ask_or_take(frame[1], frame, legal_defeat(s, frame))


def resolve_defeat(s, frame, action):
    discard_by_name(s, frame[1], action.args[0], defeat_choices(s, frame[1]))


# --- limits ---------------------------------------------------------------------------------------
def legal_trim(s, frame):
    seat = frame[1]
    which = over_limit(s, seat)
    if which == "relics":
        return named(s, "discard", s.relics[seat])
    if which == "traits":
        pool = s.traits[seat]
        if exceptionals(s, seat) > R.EXCEPTIONAL_LIMIT:
            pool = [c for c in pool if s.C.kind[c] == EXCEPTIONAL]
        return named(s, "discard", pool)
    if which == "wanders":
        return s.table.discard_wander[:len(s.wanders[seat])]
    return []


def resolve_trim(s, frame, action):
    seat = frame[1]
    if action.kind == "discard_wander":
        card = s.wanders[seat].pop(action.args[0])
        depart(s, card)
        s.say_fmt(None, "{} discards a Completed Wander ({}) down to the limit.", s.seat_name(seat), s.C.names[card])
    else:
        discard_by_name(s, seat, action.args[0], s.relics[seat] if over_limit(s, seat) == "relics" else s.traits[seat])
    s.stack.append((TRIM, seat))


# --- Life cards ------------------------------------------------------------------------------------
def run_draw_life(s, frame):
    """"Life Cards ... must be discarded or played immediately when drawn. Traumas may not be
    automatically discarded." A drawn Life card is shown to all (RULES.md)."""
    card = next_life(s)
    if card >= 0:
        take_life_card(s, frame[1], card)
    return False


def take_life_card(s, seat, card, drawn=True):
    """A Life card ``seat`` takes as just drawn (``drawn``: from the Life Deck, said so): a Trauma
    attaches at once; any other is shown to all until it is kept or discarded (LIFE_CARD)."""
    if s.C.kind[card] == TRAUMA:
        attach_trauma(s, seat, card)
        return
    if drawn and s.logging:
        s.say(f"{s.seat_name(seat)} draws the Life card {s.C.names[card]}.")
    s.limbo.append(card)
    s.stack.append((LIFE_CARD, seat, card))


def legal_life_card(s, frame):
    name = s.C.canon[frame[2]]
    return [s.table.keep[name], s.table.discard[name]]


def resolve_life_card(s, frame, action):
    _, seat, card = frame
    s.limbo.remove(card)
    if action.kind == "keep":
        s.traits[seat].append(card)
        s.say_fmt(None, "{} plays {}.", s.seat_name(seat), s.C.names[card])
        s.stack.append((TRIM, seat))
    else:
        depart(s, card)
        s.say_fmt(None, "{} discards {}.", s.seat_name(seat), s.C.names[card])


def run_seek(s, frame):
    """The Philosopher: "Draw and discard Life cards until you draw a Trait Card with a Life Word."
    Traumas drawn meanwhile are discarded too ("go with what the card says first"); seeking a
    Trauma attaches the first one drawn."""
    _, seat, what = frame
    C = s.C
    budget = len(s.life_deck) + len(s.life_discard)
    for _ in range(budget):
        card = next_life(s)
        if card < 0:
            return False
        kind = C.kind[card]
        if what == SEEK_TRAUMA and kind == TRAUMA:
            attach_trauma(s, seat, card)
            return False
        if what == SEEK_WORD and kind == TRAIT and C.word[card] is not None:
            take_life_card(s, seat, card)
            return False
        s.life_discard.append(card)
        if s.logging:
            s.say_fmt(None, "{} draws and discards {}.", s.seat_name(seat), C.names[card])
    return False


def legal_remove_trauma(s, frame):
    return [s.table.get("remove_trauma", c) for c in s.traumas[frame[1]]]


def resolve_remove_trauma(s, frame, action):
    seat = frame[1]
    s.traumas[seat].remove(action.args[0])
    depart(s, action.args[0])
    s.say_fmt(None, "{} removes the Trauma {}.", s.seat_name(seat), s.C.names[action.args[0]])


# --- rolls ----------------------------------------------------------------------------------------
def run_roll_check(s, frame):
    _, seat, what, a, b = frame
    if what == R_WANDER:
        if check_roll(s, R.WANDER_ROLL):
            wander_succeeds(s, seat, a)
        elif s.logging:
            s.say(f"{s.seat_name(seat)} fails to Wander.")
    elif what == R_FARWANDER:
        if check_roll(s, R.WANDER_ROLL):
            farwander_succeeds(s, seat)
        else:
            farwander_fails(s, seat)
    elif what == R_ADVENTURE:
        resolve_attempt(s, seat, a, b)
    elif what == R_SPARK:
        if check_roll(s, a):
            s.stack.append((SPARK_EFFECT, seat))
        elif s.logging:
            s.say("The Spark fails.")
    elif what == R_GAMBLE:
        r = s.roll[0] + s.roll_mod
        if s.logging:
            s.say(f"{s.seat_name(seat)} rolls {s.roll[0]} for the Reward" + (f" ({s.roll_mod:+d})" if s.roll_mod else "") + ".")
        if r <= a:
            s.lost_adventure = True
    s.roll = []
    s.roll_mod = 0
    return False


# --- Wander's method -----------------------------------------------------------------------------
def legal_method(s, frame):
    """"Roll a 4, 5, or 6 on a Regular Die. or Discard 1 Event card from Hand.\""""
    kind, by_event = s.C.kind, s.table.by_event
    return [s.table.roll] + [by_event[c] for c in s.hand[frame[1]] if kind[c] == EVENT]


def resolve_method(s, frame, action):
    _, seat, target, index = frame
    farwander = target >= 10
    if action.kind == "by_event":
        discard(s, seat, action.args[0])
        if farwander:
            farwander_succeeds(s, seat)
        else:
            wander_succeeds(s, seat, target)
    else:
        wander_by_roll(s, seat, R_FARWANDER if farwander else R_WANDER, target, index)


# --- trading and contests -----------------------------------------------------------------------------
def answers(*kinds):
    """The ``legal`` of a frame whose answers are always these action kinds."""
    def legal(s, frame):
        return list(map(s.table.get, kinds))
    return legal


def legal_no_contest(s, frame):
    """Part 4, Farwander Mode, Farwandering 3: "The opponent may keep, discard, or give the Life
    Card to the Farwanderer" (whatever card it is, a Trauma too; revision 1 kept no Trauma)."""
    life = frame[3]
    get, name = s.table.get, s.C.canon[life]
    keep = [] if s.C.kind[life] == TRAUMA and s.options["rules_version"] < 2 else [get("keep", name)]
    return keep + [get("discard", name), get("give")]


def resolve_no_contest(s, frame, action):
    _, target, farwanderer, life = frame
    s.contest = []
    if action.kind == "keep":
        s.say_fmt(None, "{} keeps {}.", s.seat_name(target), s.C.names[life])
        if s.C.kind[life] == TRAUMA:
            # "Traumas are attached to the Player"
            attach_trauma(s, target, life)
            return
        s.traits[target].append(life)
        s.stack.append((TRIM, target))
    elif action.kind == "discard":
        depart(s, life)
        s.say_fmt(None, "{} discards {}.", s.seat_name(target), s.C.names[life])
    else:
        s.say_fmt(None, "{} gives {} to {}.", s.seat_name(target), s.C.names[life], s.seat_name(farwanderer))
        take_life_card(s, farwanderer, life, drawn=False)


# --- Lore: chosen Backgrounds ---------------------------------------------------------------------------
def legal_lore(s, frame):
    _, seat, kind = frame
    return [s.table.get("set_aside", c) for c in s.backgrounds if s.C.kind[c] == kind]


def resolve_lore(s, frame, action):
    s.targets.append(action.args[0])
    s.say_fmt(None, "The Lore to uncover: {}.", s.C.names[action.args[0]])
