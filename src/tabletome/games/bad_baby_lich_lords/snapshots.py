"""What a snapshot's zones (state.py) cannot say alone: the cards as the table shows them (a
realm's sides by name, a card's side up and whether it acted, card copies told apart by where they
lie), what spans fields (every card somewhere, the spells adding up, a decision that fits the
table); the old form (``migrate_snapshot``).

The fields are declared once, as zones: the core writes them in order, reads the plain ones
(the turn, the hands, the burned spells) and refuses an unknown, missing or ill-typed field naming
it; the realms, the spell deck and the other ``Derived`` facts are written by state.py's
declaration and read back here (``restore``). The core writes the decision stack (``stack``,
``decision``) by frame name (frames.py); a frame's card is a card number, written so that the
restored position gives the same card that number (``renumber_frames``). A position written by
hand may instead name the open decision the older way, with card places: ``pending`` and
``chain`` (RULES.md, "Snapshots"); snapshots written before the decision stack are in that form
and load as before.
"""

from __future__ import annotations

import re

import msgspec
from msgspec import UNSET, UnsetType

from ...core import IllegalAction
from .effects import (E_BURN, E_DIG, E_FIGHT, E_KISS, E_LEAVE, E_RAISE, EFFECT_NAMES, FACTION_IDS, FACTIONS,
                      NUM_SKILLS, NUM_SPELLS, SPELLS, CAST, TEACH, skill_code)
from .frames import FRAMES
from .places import BONE, BURNED, HELD, mark_acted, put_side
from .ruleset import (BONE_PILE, DECISIONS, DIG_SIDE, FREEPLE, OR, PERFORM, PLACE, PLACE_ACTION, PLACE_NAMES, SKILL,
                      SPELL_DIRECTION, SPELL_TARGET, STIRS, SUMMON, SUMMON_COUNT, SUMMON_PICK, TURN)
from .turn import AFTER, PHASE_NAMES

_ACTED = " (acted)"
_SKELETON = "skeleton:"
_REF = re.compile(r"^(?:realm (\d+) ([a-z]+) (\d+)|bone pile (\d+)(?: card (\d+))?|held)$")
# frames whose first number is a card
_CARD_FRAMES = frozenset((PERFORM, PLACE, OR, SKILL, SPELL_DIRECTION))
# the effects a spell's decision may hold: a spell's target, a bone pile
_EFFECTS = {SPELL_TARGET: (E_LEAVE, E_RAISE, E_FIGHT, E_BURN), BONE_PILE: (E_DIG, E_KISS)}


class RealmFields(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One realm: its realm pile and bone pile (top first) and the cards on each of its sides."""
    realm_pile: list[str] | UnsetType = UNSET
    bone_pile: list[str] | UnsetType = UNSET
    bone_top: list[str] | UnsetType = UNSET
    known: int | UnsetType = UNSET
    north: list[str] | UnsetType = UNSET
    south: list[str] | UnsetType = UNSET
    east: list[str] | UnsetType = UNSET
    artifact: list[str] | UnsetType = UNSET


def migrate_snapshot(data: dict) -> dict:
    """A snapshot without the core's ``stack`` names its decision the old way (``pending``, default
    the turn menu, and ``chain``); it is read once the cards are placed (``restore``)."""
    if "stack" in data or "decision" in data or "pending" in data:
        return data
    return {**data, "pending": {"decision": "turn"}}


# --- writing ------------------------------------------------------------------------------------------------
def entry(state, c, bone=False):
    """A card as a snapshot writes it: its name, 'skeleton: ' before a skeleton's on a side, ' (acted)' after."""
    text = state.R.cards.names[c]
    if not bone and not state.up[c]:
        text = f"{_SKELETON} {text}"
    if state.acted[c]:
        text += _ACTED
    return text


def realms(state):
    L, C = state.L, state.R.cards
    out = []
    for r in range(L.nr):
        realm = {
            "realm_pile": [C.realms[rid].name for rid in reversed(state.rpile[r])],
            "bone_pile": [entry(state, c, bone=True) for c in reversed(state.bone[r])],
            "known": state.known[r],
        }
        for x in L.realm_sides[r]:
            realm[L.side_names[x]] = [entry(state, c) for c in state.sides[r * L.ns + x]]
        out.append(realm)
    return out


def score_piles(state):
    L, realms = state.L, state.R.cards.realms
    return {L.side_names[s]: [realms[rid].name for rid in state.scored[s]] for s in range(L.ns)}


def renumber_frames(state, data) -> dict:
    """``data`` with the decision stack's cards written as the numbers ``restore`` gives them:
    identical copies of a card are told apart only by number."""
    frames = list(state.stack) + ([state.decision] if state.decision is not None else [])
    if any(f[0] in _CARD_FRAMES for f in frames):
        number = _restored_numbers(state)
        renumber = lambda f: (f[0], number[f[1]], *f[2:]) if f[0] in _CARD_FRAMES else f  # noqa: E731
        data["stack"] = [FRAMES.encode(renumber(f)) for f in state.stack]
        data["decision"] = FRAMES.encode(renumber(state.decision)) if state.decision is not None else None
    return data


def _restored_numbers(state) -> dict:
    """card -> the card number ``restore`` hands out to the card at its place (the same order)."""
    L, C = state.L, state.R.cards
    placed = []
    for q in L.slots:
        placed.extend(state.sides[q])
    if state.held >= 0:
        placed.append(state.held)
    placed.extend(state.burn)
    for r in range(L.nr):
        placed.extend(reversed(state.bone[r]))
    free = _Ids(C).free
    return {c: free[C.kind[c]].pop(0) for c in placed}


# --- reading ------------------------------------------------------------------------------------------------
def restore(state, data) -> None:
    """Read back what the zones' ``Derived`` facts wrote (the core has read ``turn``, ``active``
    and ``winners``)."""
    L, C = state.L, state.R.cards
    order = state.order = _restore_order(state, data.factions)
    _whole("turn", state.turn, 1)
    active = L.turn_order[0] if state.active is UNSET else state.active
    state.active = _whole("active", active, 0, L.players - 1)
    if data.phase not in PHASE_NAMES:
        raise IllegalAction(f"snapshot 'phase' must be one of {', '.join(PHASE_NAMES)}, not {data.phase!r}")
    over = data.phase == PHASE_NAMES[2]
    state.phase = 0 if over else PHASE_NAMES.index(data.phase)
    ids = _Ids(C)
    realms = data.realms
    if len(realms) != L.nr:
        raise IllegalAction(f"snapshot 'realms' must be a list of the {L.nr} realms, realm 1 first")
    for r, entry in enumerate(realms):
        where = f"snapshot realm {r + 1}"
        here = [L.side_names[x] for x in L.realm_sides[r]]
        for word in ("north", "south", "east", "artifact"):
            if getattr(entry, word) is not UNSET and word not in here:
                allowed = ["realm_pile", "bone_pile", "bone_top", "known"] + here
                raise IllegalAction(f"{where} has unknown field(s) {word}; its fields are {', '.join(sorted(allowed))}")
        for q, name in zip(L.realm_slots[r], here):
            for text in getattr(entry, name) or ():
                c, up = _parse_entry(state, ids, text, f"{where} {name}", order)
                put_side(state, c, q)
                state.up[c] = up
    if data.held is not None:
        c = state.held = _parse_entry(state, ids, data.held, "snapshot held", order, bone=True)[0]
        state.loc[c] = HELD
    for text in data.burn:
        c = ids.take(text, "snapshot burn", order, C)
        state.burn.append(c)
        state.loc[c] = BURNED
        state.up[c] = 1
    # bone piles last: listed cards first, then each pile not listed in full is filled (below
    # its `bone_top`) with its faction's cards not placed anywhere, in card-file order
    tops = []
    for r, entry in enumerate(realms):
        where = f"snapshot realm {r + 1}"
        if entry.bone_pile is not UNSET and entry.bone_top is not UNSET:
            raise IllegalAction(f"{where}: give either 'bone_pile' (the whole pile) or 'bone_top' (its top cards)")
        field = "bone_pile" if entry.bone_pile is not UNSET else "bone_top"
        tops.append([_parse_entry(state, ids, text, f"{where} {field}", order, bone=True)[0]
                     for text in getattr(entry, field) or ()])
    for r, entry in enumerate(realms):
        top_first = tops[r]
        if entry.bone_pile is UNSET:
            top_first = top_first + ids.rest(state.order[r])
        state.bone[r] = top_first[::-1]
        for c in top_first:
            state.loc[c] = BONE + r
        known = (max(1, len(tops[r])) if top_first else 0) if entry.known is UNSET else entry.known
        state.known[r] = _whole("known", known, 1 if top_first else 0, len(top_first), f"snapshot realm {r + 1}")
    for f in order:
        left = ids.rest(f)
        if left:
            raise IllegalAction(f"snapshot: {len(left)} {FACTIONS[f]} cards are nowhere (e.g. {C.names[left[0]]}); "
                                f"list them in a bone pile, on a side or in the burn pile")
    state.acted_ids.sort()
    _restore_realm_piles(state, data, order)
    _restore_spells(state, data)
    # the Cursed Artifact
    artifact = (2 if L.solitaire else None) if data.artifact is UNSET else data.artifact
    if L.solitaire:
        if not isinstance(artifact, int) or not 1 <= artifact <= L.nr:
            raise IllegalAction(f"snapshot 'artifact' must be the realm number (1 to {L.nr}) of the Cursed Artifact")
        state.artifact = artifact - 1
    elif artifact is not None:
        raise IllegalAction("snapshot 'artifact' is for Solitaire games only")
    _restore_decision(state, data, over)


def _restore_realm_piles(state, data, order):
    L, C = state.L, state.R.cards
    used = set()
    for r, entry in enumerate(data.realms):
        where = f"snapshot realm {r + 1} realm_pile"
        if entry.realm_pile is not UNSET:
            pile = []
            for name in entry.realm_pile:
                realm = C.realm(name, where)
                if realm.faction != order[r]:
                    raise IllegalAction(f"{where}: {realm.name} is a {FACTIONS[realm.faction]} realm, not {FACTIONS[order[r]]}")
                if realm.id in used:
                    raise IllegalAction(f"{where}: {realm.name} is listed twice")
                used.add(realm.id)
                pile.append(realm.id)
            state.rpile[r] = pile[::-1]
    for name, names in data.score_piles.items():
        if name not in L.side_names:
            raise IllegalAction(f"snapshot 'score_piles': {name!r} is not a side; sides are {', '.join(L.side_names)}")
        s = L.side_names.index(name)
        for rname in names:
            realm = C.realm(rname, f"snapshot score_piles {name}")
            if realm.faction not in order or realm.id in used:
                raise IllegalAction(f"snapshot score_piles {name}: {realm.name} is not in play or is listed twice")
            used.add(realm.id)
            state.scored[s].append(realm.id)
            state.noise[s] += realm.noise
    for r, entry in enumerate(data.realms):
        if entry.realm_pile is UNSET:
            state.rpile[r] = [rid for rid in C.faction_realms[order[r]] if rid not in used][::-1]
            used.update(state.rpile[r])


def _restore_spells(state, data):
    """The spell deck (left out: every spell not in a hand or burned); the spells add up."""
    C = state.R.cards
    counts = [sum(h[t] for h in state.hand) + state.burn_spells.count(t) for t in range(NUM_SPELLS)]
    if data.spell_deck is not UNSET:
        state.deck = [spell_type(n, "snapshot spell_deck") for n in data.spell_deck][::-1]
    else:
        state.deck = [t for t in range(NUM_SPELLS) for _ in range(max(0, C.spell_copies[t] - counts[t]))][::-1]
    for t in state.deck:
        counts[t] += 1
    if counts != list(C.spell_copies):
        raise IllegalAction(f"snapshot spells: hands, burn_spells and spell_deck hold "
                            f"{dict(zip(SPELLS, counts))}, but the game has {dict(zip(SPELLS, C.spell_copies))}")


# --- the decision and the chain ---------------------------------------------------------------------------
def _restore_decision(state, data, over):
    old_form = data.pending is not UNSET or data.chain is not UNSET
    if old_form:
        if state.stack or state.decision is not None:
            raise IllegalAction("snapshot: give the decision either as 'stack' and 'decision' (frames) or as "
                                "'pending' and 'chain' (card places), not both")
        pending = {"decision": "turn"} if data.pending is UNSET else data.pending
        stack = []
        for i, f in enumerate(data.chain or ()):   # read as frames, then checked as the frames form is
            stack.append(_parse_chain_frame(state, f, i))
            _check_frame(state, stack[-1], f"snapshot chain frame {i + 1}")
        decision = _parse_pending(state, pending)
        if decision is not None:
            _check_frame(state, decision, f"snapshot pending {pending['decision']}")
            if decision[0] != TURN:
                stack.insert(0, (TURN,))
        state.stack = stack
        state.decision = decision
    else:
        for i, frame in enumerate(state.stack):
            _check_frame(state, frame, f"snapshot stack entry {i}")
        if state.decision is not None:
            _check_frame(state, state.decision, "snapshot decision")
    decision = state.decision
    if over:
        if decision is not None or state.stack:
            raise IllegalAction("snapshot: the game is over, so 'pending' must be null and 'chain' empty")
        state.winners = sorted(data.winners)
        state.to_move = None
        return
    if data.winners:
        raise IllegalAction("snapshot: the game goes on, so 'winners' must be empty")
    if decision is None and not state.stack:
        raise IllegalAction("snapshot: the game goes on, so 'pending' must name the open decision")
    if decision is not None:
        if decision[0] not in DECISIONS:
            raise IllegalAction(f"snapshot 'decision': frame {FRAMES[decision[0]].name!r} is not a decision")
        if decision[0] == TURN and (state.stack or state.held >= 0):
            raise IllegalAction("snapshot: the turn menu cannot be open while a chain or a held card waits")
        if decision[0] == PLACE and decision[1] != state.held:
            raise IllegalAction("snapshot: a 'place' decision places the held card")
        if decision[0] == PLACE and decision[2] == PLACE_ACTION and state.phase != AFTER:
            raise IllegalAction("snapshot: placing the drawn card is part of the action, so 'phase' must be "
                                "'after action'")
    if state.held >= 0 and (decision is None or decision[0] != PLACE):
        raise IllegalAction("snapshot: a held card must be waiting for a 'place' decision")
    state.to_move = state.active
    if decision is None or (decision[0] != TURN and len(FRAMES[decision[0]].legal(state, decision)) < 2):
        # a hand-written position: carry on to the first real choice
        if decision is not None:
            state.stack.append(decision)
        state.run()


def _check_frame(state, frame, where):
    """A frame read from a snapshot names things that exist here."""
    L, C = state.L, state.R.cards
    kind, args = frame[0], frame[1:]
    name = FRAMES[kind].name

    def bad(what):
        raise IllegalAction(f"{where}: frame {name!r}: {what}")

    if kind in _CARD_FRAMES:
        c = args[0]
        if not 0 <= c < C.n or state.loc[c] < 0 or state.loc[c] == BURNED:
            bad(f"card number {c} is not a card on the table")
    if kind == PERFORM:
        if not 0 <= args[1] <= len(C.slots[args[0]]):
            bad("the next skill is a number from 0 to the card's skill count")
        if not state.acted[args[0]]:
            bad("a performing card must be marked (acted)")
    elif kind == PLACE and args[1] not in (0, 1):
        bad("'why' is 0 (the action) or 1 (His Kiss of Life!)")
    elif kind == OR and not all(0 <= s < NUM_SKILLS for s in args[1:]):
        bad(f"a skill is a number from 0 to {NUM_SKILLS - 1}")
    elif kind == SKILL and (not 0 <= args[1] < NUM_SKILLS or args[1] in (TEACH, CAST)):
        bad("the skill must be one with a target to choose (Teach and Cast have no target)")
    elif kind in (DIG_SIDE, SUMMON_PICK, SUMMON, STIRS):
        top = L.nr if kind == STIRS else L.nr - 1
        if not 0 <= args[0] <= top:
            bad(f"the realm is a number from 0 to {top}")
        if kind == SUMMON and not 0 <= args[1] <= SUMMON_COUNT:
            bad(f"minions left is a number from 0 to {SUMMON_COUNT}")
    elif kind in _EFFECTS and args[0] not in _EFFECTS[kind]:
        bad("the effect must be " + ", ".join(f"{e} ({EFFECT_NAMES[e]})" for e in _EFFECTS[kind]))
    if kind == SPELL_DIRECTION and (not 0 <= state.loc[args[0]] < BONE or not state.up[args[0]]):
        bad("the Leave spell moves a minion on a side of a realm")


def _parse_chain_frame(state, frame, i):
    """A chain frame written with a card place and realm numbers, as a frame (``_check_frame``
    checks its numbers)."""
    kind = frame[0] if isinstance(frame, list) and frame else None
    size = {"perform": 3, "stirs": 2, "summon": 3}.get(kind)
    if size is None or len(frame) != size or not all(_is_whole(x) for x in frame[1 + (kind == "perform"):]) \
            or (kind != "perform" and not 1 <= frame[1] <= state.L.nr + (kind == "stirs")):
        raise IllegalAction(f"snapshot chain frame {i + 1} must be ['perform', card place, next skill], "
                            f"['stirs', next realm number (1 to {state.L.nr + 1})] or ['summon', realm number "
                            f"(1 to {state.L.nr}), minions left (0 to {SUMMON_COUNT})]")
    if kind == "perform":
        return (PERFORM, _card_at(state, frame[1], f"snapshot chain frame {i + 1}"), frame[2])
    return (STIRS if kind == "stirs" else SUMMON, frame[1] - 1, *frame[2:])


def _is_whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


_PENDING = {FRAMES[k].name: k for k in DECISIONS}


def _parse_pending(state, data):
    """The open decision written with card places (``pending``), as a frame; None: the game is
    over. Each field is read as ``views.decision_view`` writes it."""
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("decision") not in _PENDING:
        raise IllegalAction(f"snapshot 'pending' must be null or an object whose 'decision' is one of "
                            f"{', '.join(_PENDING)}")
    kind = _PENDING[data["decision"]]
    where = f"snapshot pending {data['decision']}"
    fields = FRAMES[kind].fields
    why, skills = data.get("for", "action"), data.get("skills")
    if "why" in fields and why not in PLACE_NAMES:
        raise IllegalAction(f"{where}: 'for' must be one of {', '.join(PLACE_NAMES)}")
    if "first" in fields and (not isinstance(skills, list) or len(skills) != 2):
        raise IllegalAction(f"{where}: 'skills' must list the two skills of the OR choice")
    frame = [kind]
    for field in fields:
        if field == "card":
            frame.append(_card_at(state, data.get("card", "held" if kind == PLACE else None), where))
        elif field == "why":
            frame.append(PLACE_NAMES.index(why))
        elif field in ("first", "second", "skill"):
            name = data.get("skill") if field == "skill" else skills[field == "second"]
            skill = skill_code(name) if isinstance(name, str) else -1
            if skill < 0:
                raise IllegalAction(f"{where}: {name!r} is not a skill")
            frame.append(skill)
        elif field == "realm":
            realm = data.get("realm")
            if not _is_whole(realm) or not 1 <= realm <= state.L.nr:
                raise IllegalAction(f"{where}: 'realm' must be a realm number from 1 to {state.L.nr}")
            frame.append(realm - 1)
        else:   # effect: the spell's
            allowed = _EFFECTS[kind]
            names = [EFFECT_NAMES[e] for e in allowed]
            if data.get("spell") not in names:
                raise IllegalAction(f"{where}: 'spell' must be one of {', '.join(names)}")
            frame.append(allowed[names.index(data["spell"])])
    return tuple(frame)


def _card_at(state, ref, where):
    """The card at a place written as in RULES.md: 'realm 2 north 1', 'bone pile 1 [card N]', 'held'."""
    if not isinstance(ref, str):
        raise IllegalAction(f"{where} must name a card's place, like 'realm 2 north 1', 'bone pile 1' or 'held'")
    m = _REF.match(" ".join(ref.split()).lower())
    if not m:
        raise IllegalAction(f"{where}: {ref!r} names no place; write 'realm R SIDE N', 'bone pile R [card N]' or 'held'")
    L = state.L
    if m.group(1):
        r = int(m.group(1)) - 1
        if not 0 <= r < L.nr or m.group(2) not in L.side_names:
            raise IllegalAction(f"{where}: {ref!r}: there is no such realm side")
        x = L.side_names.index(m.group(2))
        side = state.sides[r * L.ns + x]
        j = int(m.group(3)) - 1
        if not 0 <= j < len(side):
            raise IllegalAction(f"{where}: {ref!r}: that side holds {len(side)} cards")
        return side[j]
    if m.group(4):
        r = int(m.group(4)) - 1
        if not 0 <= r < L.nr or not state.bone[r]:
            raise IllegalAction(f"{where}: {ref!r}: no such card in a bone pile")
        depth = int(m.group(5) or 1) - 1
        pile = state.bone[r]
        if not 0 <= depth < state.known[r]:
            raise IllegalAction(f"{where}: {ref!r}: only the known top cards of a bone pile can be named")
        return pile[-1 - depth]
    if state.held < 0:
        raise IllegalAction(f"{where}: no card is held")
    return state.held


# --- small readers ------------------------------------------------------------------------------------------
def _restore_order(state, given):
    L = state.L
    fixed = state.R.fixed_order
    if given is None:
        if fixed is None:
            raise IllegalAction("snapshot 'factions' must list the realms' factions (realm 1 first), "
                                "since the game's factions option is 'random'")
        return list(fixed)
    if len(given) != L.nr or any(g not in FACTION_IDS for g in given) or len(set(given)) != len(given):
        raise IllegalAction(f"snapshot 'factions' must list {L.nr} different factions out of "
                            f"{', '.join(FACTION_IDS)}, realm 1 first, not {given!r}")
    order = [FACTION_IDS.index(g) for g in given]
    if fixed is not None and order != fixed:
        raise IllegalAction(f"snapshot 'factions' {given!r} differs from the game's factions option "
                            f"{state.options['factions']!r}")
    if L.solitaire and FREEPLE not in order:
        raise IllegalAction("snapshot 'factions': Solitaire uses the Freeple faction as one of the three realms")
    return order


def _parse_entry(state, ids, text, where, order, bone=False):
    """A card as a snapshot writes it (``entry``): its id and side up, marked as having acted if so."""
    t = text.strip()
    up = 0 if bone else 1
    acted = t.lower().endswith(_ACTED)
    if acted:
        t = t[:-len(_ACTED)].strip()
    if t.lower().startswith(_SKELETON):
        if bone:
            raise IllegalAction(f"{where}: every card there is a skeleton; write just its name, not {text!r}")
        up = 0
        t = t[len(_SKELETON):].strip()
    c = ids.take(t, where, order, state.R.cards)
    if acted:
        mark_acted(state, c)
    return c, up


class _Ids:
    """Hands out card ids by name while a snapshot is read (each kind's copies in id order)."""

    def __init__(self, C):
        self.C = C
        self.free = [list(ids) for ids in C.ids_of_kind]

    def take(self, name, where, order, C):
        kind = C.minion_kind(name, where)
        if kind.faction not in order:
            raise IllegalAction(f"{where}: {kind.name} is a {FACTIONS[kind.faction]} card, and that faction is not in play")
        free = self.free[kind.kind]
        if not free:
            raise IllegalAction(f"{where}: there are only {kind.copies} {kind.name} cards, and this is one more")
        return free.pop(0)

    def rest(self, f):
        """The faction's cards not handed out yet, in card-file order (taking them)."""
        out = []
        for k in self.C.kinds:
            if k.faction == f:
                out.extend(self.free[k.kind])
                self.free[k.kind] = []
        return out


def spell_type(name, where):
    for t, s in enumerate(SPELLS):
        if name.strip().lower() == s.lower():
            return t
    raise IllegalAction(f"{where}: {name!r} is not a spell; spells are {', '.join(SPELLS)}")


def _whole(field, value, low, high=None, where="snapshot"):
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise IllegalAction(f"{where} {field!r} must be a whole number {bound}, not {value!r}")
    return value
