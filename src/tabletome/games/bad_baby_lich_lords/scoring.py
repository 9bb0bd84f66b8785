"""Realm requirements and end-of-turn scoring ("Making Noise", "End of Turn: Scoring Realms").

A side satisfies a realm when it holds none of the banned cards or icons and meets every
requirement. Card requirements (minions/skeletons, cards with skills, matching cards) each need
their own cards: the rulebook's example realm "requires 3 minion cards", and only icons are said
not to need separate cards ("Skill icon requirements don't have to be on separate cards"). Icon
requirements count the icons printed on minions, both skills of an OR pair included ("Either
skill icon can count towards scoring a realm"); "Skill icons on skeletons don't count".
"""

from operator import add

from .effects import MINION, NUM_SKILLS, R_CARDS, R_ICONS, R_MATCH_CARDS, R_MATCH_ICONS
from .places import BURNED
from .ruleset import NOISE_TO_WIN


def side_satisfies(realm, cards, up, C) -> bool:
    """Whether the cards on one side of a realm satisfy the realm card ``realm``."""
    if len(cards) < realm.min_cards:
        return False
    minions = [c for c in cards if up[c]]
    if len(minions) < realm.min_minions or len(cards) - len(minions) < realm.min_skeletons:
        return False
    mask = C.mask
    skeletons = [c for c in cards if not up[c]]
    icons = None
    if realm.bans or any(req[0] in (R_ICONS, R_MATCH_ICONS) for req in realm.requires):
        icons = icon_sums(minions, C.icons)
    # BANS: "If any bans are present on your side of the realm, you can't score it."
    for ban in realm.bans:
        if held(ban, minions, skeletons, icons, mask) >= ban[1]:
            return False
    slots = []      # (up, skill or -1) for each card needed
    groups = []     # (up, count) for each matching-cards requirement
    need = {}
    for kind, n, up_, skill in realm.requires:
        if kind == R_CARDS:
            slots.extend([(up_, skill)] * n)
        elif kind == R_ICONS:
            need[skill] = need.get(skill, 0) + n
        elif kind == R_MATCH_CARDS:
            groups.append((up_, n))
        elif max(icons) < n:     # R_MATCH_ICONS
            return False
    for skill, n in need.items():
        if icons[skill] < n:
            return False
    if not slots and not groups:
        return True
    n_min = sum(1 for up_, _ in slots if up_ == MINION) + sum(n for up_, n in groups if up_ == MINION)
    n_sk = len(slots) + sum(n for _, n in groups) - n_min
    if n_min > len(minions) or n_sk > len(skeletons):
        return False
    return _assign(slots, groups, 0, minions, skeletons, mask)


def icon_sums(minions, icons_of) -> list:
    """Each skill's icons, summed over the minions."""
    icons = [0] * NUM_SKILLS
    for c in minions:
        icons = list(map(add, icons, icons_of[c]))
    return icons


def held(req, minions, skeletons, icons, mask) -> int:
    """How much of what a requirement or a ban counts a side holds (its minions, its skeletons,
    its minions' icons per skill): the cards it names, the icons of its skill, or the most cards or
    icons sharing one skill. A ban is present when this reaches its limit."""
    kind, _, up_, skill = req
    pool = minions if up_ == MINION else skeletons
    if kind == R_CARDS:
        return sum(1 for c in pool if skill < 0 or mask[c] >> skill & 1)
    if kind == R_ICONS:
        return icons[skill]
    if kind == R_MATCH_CARDS:
        return _best_shared(pool, mask)
    return max(icons)


def _best_shared(pool, mask) -> int:
    """The most cards of ``pool`` that share one skill."""
    best = 0
    for s in range(NUM_SKILLS):
        n = 0
        for c in pool:
            if mask[c] >> s & 1:
                n += 1
        if n > best:
            best = n
    return best


def _assign(slots, groups, g, minions, skeletons, mask) -> bool:
    """Can distinct cards fill every slot, each matching-cards group choosing one shared skill?"""
    if g < len(groups):
        up_, n = groups[g]
        pool = minions if up_ == MINION else skeletons
        for s in range(NUM_SKILLS):
            if sum(1 for c in pool if mask[c] >> s & 1) >= n:
                if _assign(slots + [(up_, s)] * n, groups, g + 1, minions, skeletons, mask):
                    return True
        return False
    # bipartite matching of slots to cards (augmenting paths; a handful of each)
    owner = {}
    return all(_augment(i, set(), slots, owner, minions, skeletons, mask) for i in range(len(slots)))


def _augment(i, seen, slots, owner, minions, skeletons, mask) -> bool:
    """Give slot ``i`` a card of its own (``owner``: card -> slot), moving the slots that hold the
    cards it fits on to others (an augmenting path)."""
    up_, skill = slots[i]
    pool = minions if up_ == MINION else skeletons
    for c in pool:
        if c in seen or not (skill < 0 or mask[c] >> skill & 1):
            continue
        seen.add(c)
        if c not in owner or _augment(owner[c], seen, slots, owner, minions, skeletons, mask):
            owner[c] = i
            return True
    return False


def score_realms(state):
    """Score every realm whose requirements a side meets ("A realm must be scored if its
    requirements are met at the end of a player's turn"), the sides claiming it in
    ``claim_order``'s order. Whether a side satisfies a realm depends only on the realm card and
    the side's cards, each up or down, which mostly stay put from turn to turn: it is remembered
    per rule set."""
    R, up, sides, rpile = state.R, state.up, state.sides, state.rpile
    C, cache = R.cards, R.satisfied
    for r, claims in R.claims[state.active]:
        pile = rpile[r]
        if pile:
            rid = pile[-1]
            realm = C.realms[rid]
            for s, q in claims:
                cards = sides[q]
                if len(cards) < realm.min_cards:     # (a side with fewer cards cannot satisfy it)
                    continue
                key = (rid, *[c if up[c] else -1 - c for c in cards])
                answer = cache.get(key)
                if answer is None:
                    answer = cache.keep(key, side_satisfies(realm, cards, up, C))
                if answer:
                    score(state, r, s)
                    break


def score(state, r, s):
    """Score realm r for side s: "1. Take the top card from the realm pile and add it to the scoring
    player's score pile. 2. Gather all other cards on both players' sides of the realm and discard
    them into the burn pile." """
    L, C = state.L, state.R.cards
    realm = C.realms[state.rpile[r].pop()]
    state.scored[s].append(realm.id)
    state.noise[s] += realm.noise
    burned = 0
    for q in L.realm_slots[r]:
        for c in state.sides[q]:
            state.loc[c] = BURNED
            state.up[c] = 1
            state.burn.append(c)
            burned += 1
        state.sides[q] = []
    if not state.logging:
        return
    state.say_fmt(None, "{} scores {} in realm {} for {} noise ({} in all); {} card{} burn.", L.side_label(s), realm.name,
                  r + 1, realm.noise, state.noise[s], burned, 's' if burned != 1 else '')
    if state.rpile[r]:
        nxt = C.realms[state.rpile[r][-1]]
        state.say(f"Realm {r + 1} is now {nxt.name} ({nxt.noise} noise): requires "
                  f"{', '.join(nxt.requires_text)}" + (f"; {', '.join(nxt.bans_text)}" if nxt.bans_text else "") + ".")
    else:
        state.say_fmt(None, "Realm pile {} is empty: realm {} can no longer be scored.", r + 1, r + 1)


def noise_winner(state):
    """The side that woke the Lich King (5 noise), or -1: the first in the order the sides claim a
    contested realm (every side a seat plays is in it)."""
    noise = state.noise
    if max(noise) < NOISE_TO_WIN:
        return -1
    for s in state.R.priority[state.active]:
        if noise[s] >= NOISE_TO_WIN and s != state.L.artifact_side:
            return s
    return -1
