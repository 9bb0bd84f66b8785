"""The turn: the Regenerate Phase, the River draw, the Main Phase and the end of the turn ("Gameplay",
"The Regenerate Phase", "The Main Phase"). The Attack Phase is in combat.py, casting in spells.py,
summoning and moving in familiars.py.

The frames these rules run are declared in frames.py; where the turn stands is read from the stack
(``steps.phase_of``).
"""

from .board import BATTLEGROUND, CAP, NUM_AREAS, RIVER, SUMMONING, has_fearsome, heal_at_end_of_turn, qn
from .combat import no_attack
from .deck import draw, each_kind_once, refill_river
from .effects import POOL_FEARSOME, POOL_SHARED
from .familiars import move, move_actions
from .ruleset import END_OF_TURN_DRAW, FEARSOME_LIFE, M_END, M_MAIN, M_START, MAX_LIFE, REGENERATE, SUMMONS_PER_TURN
from .spells import aspect_ability_ok, aspect_passive, cast_actions
from .steps import ATTACK, CLEANUP, END, LAIR_ATTACK, LAIR_MOVE, MAIN, RIVER_DRAW, TURN, WINDOW


# --- a turn ---------------------------------------------------------------------------------
def begin_turn(st, frame):
    q = frame[1]
    R = st.R
    st.turn = q
    st.summons = 0
    st.gained = 0
    st.fear_used = 0
    st.aspect_used = 0
    no_attack(st)
    if q == 0:
        # Madness: "At the start of each round (the beginning of your turn), move this to the next
        # higher number." Other modes count rounds the same way, from the starting player.
        st.round += 1
    name = qn(st, q) if st.logging else ""   # a search copy says nothing
    if R.is_lair[q]:
        # "Your opponents only have 2 Phases": they attack, then every Familiar moves forward.
        st.say_fmt(None, "Round {}: the {}'s turn.", st.round, name)
        st.stack += ((LAIR_MOVE, q), (LAIR_ATTACK, q))
        return False
    if st.logging:
        st.say_fmt(None, "Round {}: {}'s turn.", st.round, name)
    # "At the start of your turn, regenerate 1 life—to a maximum of 20. Then, regenerate 1
    # additional life for each Familiar in your River row."
    c = q * NUM_AREAS
    in_river = st.area_count[c + RIVER]
    before = st.life[q]
    st.life[q] = min(MAX_LIFE, before + REGENERATE + in_river)
    if st.life[q] != before and st.logging:
        extra = f" (1 + {in_river} for the River)" if in_river else ""
        st.say_fmt(None, "{} regenerates {} life{}: {}.", name, st.life[q] - before, extra, st.life[q])
    seat = R.q_seat[q]
    if seat >= 0 and st.aspect[seat] >= 0 and R.a_trigger[st.aspect[seat]] == "start-of-turn":
        if aspect_passive(st, seat, st.aspect[seat]):
            return False   # the game is over
    in_battleground = st.area_count[c + BATTLEGROUND] > 0
    # "If you have no Familiars in your Battleground at the start of your turn, you cannot attack"
    st.attack_phase = in_battleground
    first = seat if seat >= 0 else 0
    # pushed last-first, to run as: the Attack Phase (or the River draw), the window as the Main
    # Phase begins, the Main Phase, the end of the turn
    stack = st.stack
    stack += ((END, q), (MAIN, q), (WINDOW, M_MAIN, (first + 1) % st.players, 0, seat))
    if in_battleground:
        # the Attack Phase begins with its first window ("before or after attacking")
        stack += ((ATTACK, q), (WINDOW, M_START, first, 0, -1))
    elif seat >= 0 and max(st.river) >= 0:   # (a River space that holds a card)
        # "if you have no Familiars in the Battleground, you may choose to draw 1 face-up card
        # from the River Cards."
        stack.append((RIVER_DRAW, q))
    return False


def ask_river(st, frame):
    return st.ask_or_take(st.R.q_seat[frame[1]], frame, river_choices(st, frame))


def river_choices(st, frame):
    acts = each_kind_once(st.river, st.R.act.river)
    acts.append(st.R.act.river_none)
    return acts


def take_river(st, frame, action):
    seat = st.to_move
    if action.kind == "river-none":
        if st.logging:
            st.say_fmt(None, "{} takes no River card.", st.seat_name(seat))
        return
    k = action.args[0]
    i = st.river.index(k)
    st.hand[seat].append(k)
    st.known[seat].append(k)  # the River is face up: everyone saw which card it was
    if st.logging:
        st.say_fmt(None, "{} takes {} from the River.", st.seat_name(seat), st.R.names[k])
    refill_river(st, i)


# --- main phase -----------------------------------------------------------------------------
def begin_main(st, frame):
    return st.ask(st.R.ctrl[frame[1]], frame)   # "end turn" alone too (taking it at once would change games)


def main_choices(st, frame):
    q = frame[1]
    R = st.R
    act = R.act
    acts = []
    life = st.life[q]
    if st.summons < SUMMONS_PER_TURN and st.area_count[q * NUM_AREAS + SUMMONING] < CAP[SUMMONING]:
        supply, personal = st.supply, st.pool[q]
        for f, pool, cost, summon in R.summon_options:
            if pool == POOL_FEARSOME:   # "if you have 5 life or less, you may Summon 1 Fearsome for free"
                if supply[f] and life <= FEARSOME_LIFE and not has_fearsome(st, q):
                    acts.append(summon)
            elif life > cost and (supply[f] if pool == POOL_SHARED else (personal >> f) & 1):
                acts.append(summon)   # from the shared supply, or the quadrant's personal pool
    move_actions(st, q, True, acts)
    seat = R.q_seat[q]
    if seat >= 0:
        cast_actions(st, seat, True, acts)
        a = st.aspect[seat]
        if a >= 0 and R.a_trigger[a] == "slow-ability" and not (st.aspect_used >> a) & 1 \
                and life > R.a_cost[a] and aspect_ability_ok(st, seat, a):
            acts.append(act.use_aspect[a])
    acts.append(act.end_turn)
    return acts


def move_in_main(st, frame, action):
    _, i, d = action.args
    move(st, frame[1], i, d, True)


def end_main(st, frame, action):
    if st.logging:
        st.say_fmt(None, "{} ends the Main Phase.", qn(st, frame[1]))


# --- end of turn ----------------------------------------------------------------------------
def end_of_turn(st, frame):
    q = frame[1]
    seat = st.R.q_seat[q]
    first = seat if seat >= 0 else 0
    st.stack += ((CLEANUP, q), (WINDOW, M_END, (first + 1) % st.players, 0, seat))   # (last-first)
    return False


def cleanup(st, frame):
    q = frame[1]
    R = st.R
    seat = R.q_seat[q]
    if seat >= 0:
        a = st.aspect[seat]
        if a >= 0 and R.a_trigger[a] == "end-of-turn":
            if aspect_passive(st, seat, a):
                return False   # the game is over
        # "After you are finished ..., end your turn by drawing 1 card."
        draw(st, seat, END_OF_TURN_DRAW)
    heal_at_end_of_turn(st)
    st.stack.append((TURN, R.left[q]))
    return False
