"""What each seat sees (``view``) and the whole state as JSON (``snapshot`` / ``restore``).

Public: everything on the table (both sides of every realm, each card's side up and whether it
acted this turn), the top card of each bone pile and any card known to lie under it, the top
realm card of each realm pile and the pile sizes, the score piles, the burn pile, the size of each
hand and of the spell deck, the open decision and the chain. Private: the spells in a hand (its
owner sees them), the order of the spell deck, the hidden cards of the bone piles and the realm
cards under the top one. The snapshot format is documented in RULES.md ("Snapshots").
"""

from __future__ import annotations

import re

from ...core import IllegalAction
from .phases import (AFTER, BEFORE, BONE, BURNED, E_DIG, E_KISS, EFFECT_NAMES, F_PERFORM, F_STIRS,
                     F_SUMMON, FRAME_NAMES, HELD, OVER, P_DIG_SIDE, P_NONE, P_OR, P_PILE, P_PLACE,
                     P_SKILL, P_SPELL_DIR, P_SPELL_TARGET, P_SUMMON_PICK, P_SUMMON_REALM, P_TURN,
                     PENDING_NAMES, PHASE_NAMES, PLACE_NAMES)
from .vocabulary import FACTION_IDS, FACTIONS, NOISE_TO_WIN, NUM_SPELLS, SKILLS, SPELLS, skill_code

_ACTED = " (acted)"
_SKELETON = "skeleton:"
_REF = re.compile(r"^(?:realm (\d+) ([a-z]+) (\d+)|bone pile (\d+)(?: card (\d+))?|held)$")


def card_faces(C):
    """The public face of every card: (name, faction, skills, fight icons, designed), cached."""
    faces = getattr(C, "_faces", None)
    if faces is None:
        faces = []
        for c in range(C.n):
            k = C.kinds[C.kind[c]]
            faces.append((k.name, FACTIONS[k.faction], tuple(k.skills_text), k.fight, k.origin == "designed"))
        C._faces = faces
    return faces


def realm_info(C, rid):
    realm = C.realms[rid]
    return {"name": realm.name, "faction": FACTIONS[realm.faction], "noise": realm.noise,
            "requires": list(realm.requires_text), "bans": list(realm.bans_text), "text": realm.text,
            "designed": realm.origin == "designed"}


class Views:
    __slots__ = ()

    # --- views ------------------------------------------------------------------------------------
    def _card_view(self, c):
        name, faction, skills, fight, designed = self.R.faces[c]
        return {"name": name, "faction": faction, "up": "minion" if self.up[c] else "skeleton",
                "skills": list(skills), "fight": fight, "acted": self.acted[c] == 1, "designed": designed}

    def _view(self, seat):
        L, C = self.L, self.R.cards
        ns = L.ns
        realms = []
        for r in range(L.nr):
            pile = self.bone[r]
            known = [self._card_view(pile[-1 - i]) for i in range(self.known[r])]
            top = self.rpile[r]
            realms.append({
                "number": r + 1,
                "faction": FACTIONS[self.order[r]],
                "adjacent": [a + 1 for a in L.adjacent[r]],
                "realm": realm_info(C, top[-1]) if top else None,
                "realm_pile": len(top),
                "bone_pile": {"size": len(pile), "known": known},
                "cards": {L.side_names[x]: [self._card_view(c) for c in self.sides[r * ns + x]]
                          for x in L.realm_sides[r]},
            })
        sides = []
        for s in range(ns):
            sides.append({"side": L.side_names[s], "label": L.side_label(s), "seats": list(L.side_seats[s]),
                          "noise": self.noise[s],
                          "score_pile": [{"name": C.realms[rid].name, "noise": C.realms[rid].noise}
                                         for rid in self.scored[s]]})
        hands = []
        for p in range(L.players):
            h = self.hand[p]
            entry = {"seat": p, "name": L.seat_names[p], "size": sum(h)}
            if p == seat:
                entry["spells"] = [SPELLS[t] for t in range(NUM_SPELLS) for _ in range(h[t])]
            hands.append(entry)
        burned = {}
        for t in self.burn_spells:
            burned[SPELLS[t]] = burned.get(SPELLS[t], 0) + 1
        return {
            "game": "bad-baby-lich-lords",
            "mode": L.mode,
            "seat": seat,
            "players": L.players,
            "seat_names": list(L.seat_names),
            "turn": self.turn,
            "active": self.active,
            "to_move": self.to_move,
            "phase": PHASE_NAMES[self.phase],
            "noise_to_win": NOISE_TO_WIN,
            "sides": sides,
            "seat_sides": [L.side_names[L.seat_side[p]] for p in range(L.players)],
            "seat_realms": [[r + 1 for r in L.seat_realms[p]] for p in range(L.players)],
            "realms": realms,
            "held": self._card_view(self.held) if self.held >= 0 else None,
            "spell_deck": len(self.deck),
            "burn": {"cards": [C.name[c] for c in self.burn], "spells": burned},
            "hands": hands,
            "artifact": self.artifact + 1 if self.artifact >= 0 else None,
            "decision": self._decision_view(),
            "chain": [self._frame_json(f) for f in self.stack],
            "over": self.phase == OVER,
            "winners": list(self.winners),
            "scores": self.scores,
        }

    def _decision_view(self):
        d = self._pending_json()
        if d is None:
            return None
        pend = self.pending
        if pend in (P_OR, P_SKILL, P_SPELL_DIR, P_PLACE):
            d["card_name"] = self.card_name(self.pctx[0])
        return d

    # --- card references (for the chain and the open decision) ----------------------------------------
    def _ref(self, c):
        q = self.loc[c]
        L = self.L
        if q == HELD:
            return "held"
        if BONE <= q < HELD:
            pile = self.bone[q - BONE]
            depth = len(pile) - 1 - pile.index(c)
            return f"bone pile {q - BONE + 1}" + (f" card {depth + 1}" if depth else "")
        if 0 <= q < BONE:
            r, x = divmod(q, L.ns)
            return f"realm {r + 1} {L.side_names[x]} {self.sides[q].index(c) + 1}"
        return "burned" if q == BURNED else "out"

    def _card_at(self, ref, where):
        if not isinstance(ref, str):
            raise IllegalAction(f"{where} must name a card's place, like 'realm 2 north 1', 'bone pile 1' or 'held'")
        m = _REF.match(" ".join(ref.split()).lower())
        if not m:
            raise IllegalAction(f"{where}: {ref!r} names no place; write 'realm R SIDE N', 'bone pile R [card N]' or 'held'")
        L = self.L
        if m.group(1):
            r = int(m.group(1)) - 1
            if not 0 <= r < L.nr or m.group(2) not in L.side_names:
                raise IllegalAction(f"{where}: {ref!r}: there is no such realm side")
            x = L.side_names.index(m.group(2))
            side = self.sides[r * L.ns + x]
            j = int(m.group(3)) - 1
            if not 0 <= j < len(side):
                raise IllegalAction(f"{where}: {ref!r}: that side holds {len(side)} cards")
            return side[j]
        if m.group(4):
            r = int(m.group(4)) - 1
            if not 0 <= r < L.nr or not self.bone[r]:
                raise IllegalAction(f"{where}: {ref!r}: no such card in a bone pile")
            depth = int(m.group(5) or 1) - 1
            pile = self.bone[r]
            if not 0 <= depth < self.known[r]:
                raise IllegalAction(f"{where}: {ref!r}: only the known top cards of a bone pile can be named")
            return pile[-1 - depth]
        if self.held < 0:
            raise IllegalAction(f"{where}: no card is held")
        return self.held

    def _frame_json(self, frame):
        kind = frame[0]
        if kind == F_PERFORM:
            return ["perform", self._ref(frame[1]), frame[2]]
        if kind == F_STIRS:
            return ["stirs", frame[1] + 1]
        return ["summon", frame[1] + 1, frame[2]]

    def _pending_json(self):
        pend, ctx = self.pending, self.pctx
        if pend == P_NONE:
            return None
        d = {"decision": PENDING_NAMES[pend]}
        if pend == P_PLACE:
            d["card"] = self._ref(ctx[0])
            d["for"] = PLACE_NAMES[ctx[1]]
        elif pend == P_OR:
            d["card"] = self._ref(ctx[0])
            d["skills"] = [SKILLS[ctx[1]], SKILLS[ctx[2]]]
        elif pend == P_SKILL:
            d["card"] = self._ref(ctx[0])
            d["skill"] = SKILLS[ctx[1]]
        elif pend == P_DIG_SIDE:
            d["realm"] = ctx[0] + 1
        elif pend in (P_SPELL_TARGET, P_PILE):
            d["spell"] = EFFECT_NAMES[ctx[0]]
        elif pend == P_SPELL_DIR:
            d["card"] = self._ref(ctx[0])
        elif pend == P_SUMMON_PICK:
            d["realm"] = ctx[0] + 1
        return d

    # --- snapshots -----------------------------------------------------------------------------------
    def _entry(self, c, bone=False):
        text = self.card_name(c)
        if not bone and not self.up[c]:
            text = f"{_SKELETON} {text}"
        if self.acted[c]:
            text += _ACTED
        return text

    def _snapshot(self):
        L, C = self.L, self.R.cards
        name, acted = C.name, self.acted
        realms = []
        for r in range(L.nr):
            entry = {
                "realm_pile": [C.realms[rid].name for rid in reversed(self.rpile[r])],
                "bone_pile": [name[c] + _ACTED if acted[c] else name[c] for c in reversed(self.bone[r])],
                "known": self.known[r],
            }
            for x in L.realm_sides[r]:
                entry[L.side_names[x]] = [self._entry(c) for c in self.sides[r * L.ns + x]]
            realms.append(entry)
        return {
            "factions": [FACTION_IDS[f] for f in self.order],
            "turn": self.turn,
            "active": self.active,
            "phase": PHASE_NAMES[self.phase],
            "realms": realms,
            "held": self._entry(self.held, bone=True) if self.held >= 0 else None,
            "spell_deck": [SPELLS[t] for t in reversed(self.deck)],
            "hands": [[SPELLS[t] for t in range(NUM_SPELLS) for _ in range(h[t])] for h in self.hand],
            "burn": [C.name[c] for c in self.burn],
            "burn_spells": [SPELLS[t] for t in self.burn_spells],
            "score_piles": {L.side_names[s]: [C.realms[rid].name for rid in self.scored[s]] for s in range(L.ns)},
            "artifact": self.artifact + 1 if self.artifact >= 0 else None,
            "pending": self._pending_json(),
            "chain": [self._frame_json(f) for f in self.stack],
            "winners": list(self.winners),
        }

    # --- restoring ------------------------------------------------------------------------------------
    def _restore(self, data):
        R = self._init_rules()
        L, C = self.L, R.cards
        known_fields = {"game", "players", "options", "seed", "rng", "history", "log", "cards", "factions",
                        "turn", "active", "phase", "realms", "held", "spell_deck", "hands", "burn",
                        "burn_spells", "score_piles", "artifact", "pending", "chain", "winners"}
        extra = sorted(set(data) - known_fields)
        if extra:
            raise IllegalAction(f"snapshot has unknown field(s) {', '.join(extra)}; see RULES.md, 'Snapshots'")
        order = self._restore_order(data.get("factions"))
        self._init_empty(order)
        self.turn = _whole(data, "turn", 1, 1)
        self.active = _whole(data, "active", L.turn_order[0], 0, L.players - 1)
        phase = data.get("phase", PHASE_NAMES[BEFORE])
        if phase not in PHASE_NAMES:
            raise IllegalAction(f"snapshot 'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
        self.phase = PHASE_NAMES.index(phase)
        ids = _Ids(C)
        realms = data.get("realms")
        if not isinstance(realms, list) or len(realms) != L.nr:
            raise IllegalAction(f"snapshot 'realms' must be a list of the {L.nr} realms, realm 1 first")
        for r, entry in enumerate(realms):
            where = f"snapshot realm {r + 1}"
            if not isinstance(entry, dict):
                raise IllegalAction(f"{where} must be an object")
            allowed = {"realm_pile", "bone_pile", "bone_top", "known"} | {L.side_names[x] for x in L.realm_sides[r]}
            extra = sorted(set(entry) - allowed)
            if extra:
                raise IllegalAction(f"{where} has unknown field(s) {', '.join(extra)}; its fields are {', '.join(sorted(allowed))}")
            for x in L.realm_sides[r]:
                name = L.side_names[x]
                q = r * L.ns + x
                for text in _names(entry.get(name, []), f"{where} {name}"):
                    c, up, acted = self._parse_entry(ids, text, f"{where} {name}", order)
                    self._put_side(c, q)
                    self.up[c] = up
                    if acted:
                        self._mark_acted(c)
        held = data.get("held")
        if held is not None:
            c, up, acted = self._parse_entry(ids, held, "snapshot held", order, bone=True)
            self.held = c
            self.loc[c] = HELD
            if acted:
                self._mark_acted(c)
        burn = _names(data.get("burn", []), "snapshot burn")
        for text in burn:
            c = ids.take(text, "snapshot burn", order, C)
            self.burn.append(c)
            self.loc[c] = BURNED
            self.up[c] = 1
        # bone piles last: listed cards first, then each pile not listed in full is filled (below
        # its `bone_top`) with its faction's cards not placed anywhere, in card-file order
        tops = []
        for r, entry in enumerate(realms):
            where = f"snapshot realm {r + 1}"
            if "bone_pile" in entry and "bone_top" in entry:
                raise IllegalAction(f"{where}: give either 'bone_pile' (the whole pile) or 'bone_top' (its top cards)")
            field = "bone_pile" if "bone_pile" in entry else "bone_top"
            top_first = []
            for text in _names(entry.get(field, []), f"{where} {field}"):
                c, up, acted = self._parse_entry(ids, text, f"{where} {field}", order, bone=True)
                if acted:
                    self._mark_acted(c)
                top_first.append(c)
            tops.append(top_first)
        for r, entry in enumerate(realms):
            top_first = tops[r]
            if "bone_pile" not in entry:
                top_first = top_first + ids.rest(self.order[r])
            self.bone[r] = top_first[::-1]
            for c in top_first:
                self.loc[c] = BONE + r
            self.known[r] = _whole(entry, "known", max(1, len(tops[r])) if top_first else 0,
                                   1 if top_first else 0, len(top_first), f"snapshot realm {r + 1}")
        for f in order:
            left = ids.rest(f)
            if left:
                raise IllegalAction(f"snapshot: {len(left)} {FACTIONS[f]} cards are nowhere (e.g. {C.name[left[0]]}); "
                                    f"list them in a bone pile, on a side or in the burn pile")
        self.acted_ids.sort()
        # realm piles and score piles
        used = set()
        for r, entry in enumerate(realms):
            where = f"snapshot realm {r + 1} realm_pile"
            if "realm_pile" in entry:
                names = _names(entry["realm_pile"], where)
                pile = []
                for name in names:
                    realm = C.realm(name, where)
                    if realm.faction != order[r]:
                        raise IllegalAction(f"{where}: {realm.name} is a {FACTIONS[realm.faction]} realm, not {FACTIONS[order[r]]}")
                    if realm.id in used:
                        raise IllegalAction(f"{where}: {realm.name} is listed twice")
                    used.add(realm.id)
                    pile.append(realm.id)
                self.rpile[r] = pile[::-1]
        scores = data.get("score_piles", {})
        if not isinstance(scores, dict):
            raise IllegalAction("snapshot 'score_piles' must map side names to lists of realm names")
        for name, names in scores.items():
            if name not in L.side_names:
                raise IllegalAction(f"snapshot 'score_piles': {name!r} is not a side; sides are {', '.join(L.side_names)}")
            s = L.side_names.index(name)
            for rname in _names(names, f"snapshot score_piles {name}"):
                realm = C.realm(rname, f"snapshot score_piles {name}")
                if realm.faction not in order or realm.id in used:
                    raise IllegalAction(f"snapshot score_piles {name}: {realm.name} is not in play or is listed twice")
                used.add(realm.id)
                self.scored[s].append(realm.id)
                self.noise[s] += realm.noise
        for r, entry in enumerate(realms):
            if "realm_pile" not in entry:
                self.rpile[r] = [rid for rid in C.faction_realms[order[r]] if rid not in used][::-1]
                used.update(self.rpile[r])
        # spells
        hands = data.get("hands", [[] for _ in range(L.players)])
        if not isinstance(hands, list) or len(hands) != L.players:
            raise IllegalAction(f"snapshot 'hands' must be a list of {L.players} hands of spell names")
        counts = [0] * NUM_SPELLS
        for p, hand in enumerate(hands):
            for name in _names(hand, f"snapshot hand {p}"):
                t = _spell(name, f"snapshot hand {p}")
                self.hand[p][t] += 1
                counts[t] += 1
        for name in _names(data.get("burn_spells", []), "snapshot burn_spells"):
            t = _spell(name, "snapshot burn_spells")
            self.burn_spells.append(t)
            counts[t] += 1
        if "spell_deck" in data:
            deck = [_spell(n, "snapshot spell_deck") for n in _names(data["spell_deck"], "snapshot spell_deck")]
            self.deck = deck[::-1]
        else:
            rest = [t for t in range(NUM_SPELLS) for _ in range(max(0, C.spell_copies[t] - counts[t]))]
            self.deck = rest[::-1]
        for t in self.deck:
            counts[t] += 1
        if counts != list(C.spell_copies):
            raise IllegalAction(f"snapshot spells: hands, burn_spells and spell_deck hold "
                                f"{dict(zip(SPELLS, counts))}, but the game has {dict(zip(SPELLS, C.spell_copies))}")
        # the Cursed Artifact
        artifact = data.get("artifact", 2 if L.solitaire else None)
        if L.solitaire:
            if not isinstance(artifact, int) or isinstance(artifact, bool) or not 1 <= artifact <= L.nr:
                raise IllegalAction(f"snapshot 'artifact' must be the realm number (1 to {L.nr}) of the Cursed Artifact")
            self.artifact = artifact - 1
        elif artifact is not None:
            raise IllegalAction("snapshot 'artifact' is for Solitaire games only")
        # the chain and the open decision
        winners = data.get("winners", [])
        if not isinstance(winners, list) or any(not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < L.players
                                                 for w in winners):
            raise IllegalAction("snapshot 'winners' must be a list of seats")
        self.winners = sorted(winners)
        chain = data.get("chain", [])
        if not isinstance(chain, list):
            raise IllegalAction("snapshot 'chain' must be a list of frames")
        self.stack = [self._parse_frame(f, i) for i, f in enumerate(chain)]
        self.pending, self.pctx = self._parse_pending(data.get("pending", {"decision": "turn"}))
        if self.phase == OVER:
            if self.pending != P_NONE or self.stack:
                raise IllegalAction("snapshot: the game is over, so 'pending' must be null and 'chain' empty")
            self.to_move = None
        else:
            if self.winners:
                raise IllegalAction("snapshot: the game goes on, so 'winners' must be empty")
            if self.pending == P_NONE:
                raise IllegalAction("snapshot: the game goes on, so 'pending' must name the open decision")
            if self.pending == P_TURN and (self.stack or self.held >= 0):
                raise IllegalAction("snapshot: the turn menu cannot be open while a chain or a held card waits")
            if self.pending == P_PLACE and self.pctx[0] != self.held:
                raise IllegalAction("snapshot: a 'place' decision places the held card")
            if self.pending == P_PLACE and self.pctx[1] == 0 and self.phase != AFTER:
                raise IllegalAction("snapshot: placing the drawn card is part of the action, so 'phase' must be "
                                    "'after action'")
            if self.held >= 0 and self.pending != P_PLACE:
                raise IllegalAction("snapshot: a held card must be waiting for a 'place' decision")
            self.to_move = self.active
            if self.pending != P_TURN and len(self._options()) < 2:
                # a hand-written position: carry on to the first real choice
                self._legal = tuple(self._run())

    def _restore_order(self, given):
        L = self.L
        fixed = self.R.fixed_order
        if given is None:
            if fixed is None:
                raise IllegalAction("snapshot 'factions' must list the realms' factions (realm 1 first), "
                                    "since the game's factions option is 'random'")
            return list(fixed)
        if not isinstance(given, list) or len(given) != L.nr or any(g not in FACTION_IDS for g in given) \
                or len(set(given)) != len(given):
            raise IllegalAction(f"snapshot 'factions' must list {L.nr} different factions out of "
                                f"{', '.join(FACTION_IDS)}, realm 1 first, not {given!r}")
        order = [FACTION_IDS.index(g) for g in given]
        if fixed is not None and order != fixed:
            raise IllegalAction(f"snapshot 'factions' {given!r} differs from the game's factions option "
                                f"{self.options['factions']!r}")
        if L.solitaire and FACTION_IDS.index("freeple") not in order:
            raise IllegalAction("snapshot 'factions': Solitaire uses the Freeple faction as one of the three realms")
        return order

    def _parse_entry(self, ids, text, where, order, bone=False):
        if not isinstance(text, str):
            raise IllegalAction(f"{where}: a card is written as its name, e.g. 'Mudslinger', 'skeleton: Mudslinger' "
                                f"or 'Mudslinger (acted)', not {text!r}")
        t = text.strip()
        acted = False
        up = 0 if bone else 1
        if t.lower().endswith(_ACTED):
            acted = True
            t = t[:-len(_ACTED)].strip()
        if t.lower().startswith(_SKELETON):
            if bone:
                raise IllegalAction(f"{where}: every card there is a skeleton; write just its name, not {text!r}")
            up = 0
            t = t[len(_SKELETON):].strip()
        c = ids.take(t, where, order, self.R.cards)
        return c, up, acted

    def _parse_frame(self, frame, i):
        where = f"snapshot chain frame {i + 1}"
        if not isinstance(frame, list) or not frame or frame[0] not in FRAME_NAMES:
            raise IllegalAction(f"{where} must be ['perform', card place, next skill], ['stirs', realm] "
                                f"or ['summon', realm, minions left]")
        kind = frame[0]
        L = self.L
        if kind == "perform":
            if len(frame) != 3:
                raise IllegalAction(f"{where}: ['perform', card place, next skill]")
            c = self._card_at(frame[1], where)
            k = frame[2]
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= len(self.R.cards.slots[c]):
                raise IllegalAction(f"{where}: the next skill is a number from 0 to the card's skill count")
            if not self.acted[c]:
                raise IllegalAction(f"{where}: a performing card must be marked (acted)")
            return (F_PERFORM, c, k)
        if kind == "stirs":
            if len(frame) != 2 or not isinstance(frame[1], int) or not 1 <= frame[1] <= L.nr + 1:
                raise IllegalAction(f"{where}: ['stirs', next realm number]")
            return (F_STIRS, frame[1] - 1)
        if len(frame) != 3 or not isinstance(frame[1], int) or not 1 <= frame[1] <= L.nr \
                or not isinstance(frame[2], int) or not 0 <= frame[2] <= 3:
            raise IllegalAction(f"{where}: ['summon', realm number, minions left (0 to 3)]")
        return (F_SUMMON, frame[1] - 1, frame[2])

    def _parse_pending(self, data):
        if data is None:
            return P_NONE, ()
        if not isinstance(data, dict) or data.get("decision") not in PENDING_NAMES[1:]:
            raise IllegalAction(f"snapshot 'pending' must be null or an object whose 'decision' is one of "
                                f"{', '.join(PENDING_NAMES[1:])}")
        pend = PENDING_NAMES.index(data["decision"])
        where = f"snapshot pending {data['decision']}"
        L = self.L

        def realm(field):
            v = data.get(field)
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= L.nr:
                raise IllegalAction(f"{where}: {field!r} must be a realm number from 1 to {L.nr}")
            return v - 1

        def skill(name):
            s = skill_code(name) if isinstance(name, str) else -1
            if s < 0:
                raise IllegalAction(f"{where}: {name!r} is not a skill")
            return s

        def effect(allowed):
            name = data.get("spell")
            names = [EFFECT_NAMES[e] for e in allowed]
            if name not in names:
                raise IllegalAction(f"{where}: 'spell' must be one of {', '.join(names)}")
            return allowed[names.index(name)]

        if pend == P_TURN or pend == P_SUMMON_REALM:
            return pend, ()
        if pend == P_PLACE:
            why = data.get("for", "action")
            if why not in PLACE_NAMES:
                raise IllegalAction(f"{where}: 'for' must be one of {', '.join(PLACE_NAMES)}")
            return pend, (self._card_at(data.get("card", "held"), where), PLACE_NAMES.index(why))
        if pend == P_OR:
            skills = data.get("skills")
            if not isinstance(skills, list) or len(skills) != 2:
                raise IllegalAction(f"{where}: 'skills' must list the two skills of the OR choice")
            return pend, (self._card_at(data.get("card"), where), skill(skills[0]), skill(skills[1]))
        if pend == P_SKILL:
            s = skill(data.get("skill"))
            if SKILLS[s] in ("Teach", "Cast"):
                raise IllegalAction(f"{where}: {SKILLS[s]} has no target to choose")
            return pend, (self._card_at(data.get("card"), where), s)
        if pend == P_DIG_SIDE or pend == P_SUMMON_PICK:
            return pend, (realm("realm"),)
        if pend == P_SPELL_TARGET:
            from .phases import E_BURN, E_FIGHT, E_LEAVE, E_RAISE
            return pend, (effect((E_LEAVE, E_RAISE, E_FIGHT, E_BURN)),)
        if pend == P_PILE:
            return pend, (effect((E_DIG, E_KISS)),)
        # P_SPELL_DIR
        c = self._card_at(data.get("card"), where)
        if not 0 <= self.loc[c] < BONE or not self.up[c]:
            raise IllegalAction(f"{where}: the Leave spell moves a minion on a side of a realm")
        return pend, (c,)


class _Ids:
    """Hands out card ids by name while a snapshot is read."""

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


def _names(value, where):
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalAction(f"{where} must be a list of names")
    return value


def _spell(name, where):
    for t, s in enumerate(SPELLS):
        if isinstance(name, str) and name.strip().lower() == s.lower():
            return t
    raise IllegalAction(f"{where}: {name!r} is not a spell; spells are {', '.join(SPELLS)}")


def _whole(data, field, default, low, high=None, where="snapshot"):
    value = data.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise IllegalAction(f"{where} {field!r} must be a whole number {bound}, not {value!r}")
    return value
