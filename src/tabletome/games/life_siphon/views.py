"""What each seat sees (``view``), and the whole state as JSON (``snapshot`` / ``restore``).

The snapshot format, and how to write a position by hand, is described in RULES.md ("Snapshots").
"""

from ...core import IllegalAction
from .board import AREA_KEYS, CAP, MAX_LIFE, SLOTS, START
from .flow import (ATTACKED, BLOCKED, BREATH, DECISION_NAMES, M_MAIN, M_START, MOMENTS, MOVED, P_ATTACK,
                   P_MAIN, P_OVER, P_REGEN, PHASE_NAMES, T_ATK_TARGET, T_ATTACK, T_BLOCK, T_BREATH, T_END,
                   T_MAIN, T_RESOLVE, T_TARGET, T_TURN, T_WINDOW, TASK_ARITY, TASK_NAMES)
from .ruleset import POOL_PERSONAL

FLAG_NAMES = (("moved", MOVED), ("attacked", ATTACKED), ("blocked", BLOCKED), ("breath", BREATH))


class Views:
    __slots__ = ()

    # --- views ---------------------------------------------------------------------------------
    def _slot_view(self, s):
        f = self.kind[s]
        if f < 0:
            return None
        R = self.R
        info = {
            "familiar": R.cards.fam_names[f],
            "attack": R.f_attack[f] + self.abuf[s],
            "defense": R.f_defense[f] + self.dbuf[s],
            "damage": self.dmg[s],
        }
        for name, bit in FLAG_NAMES:
            info[name] = bool(self.flags[s] & bit)
        return info

    def _quadrant_view(self, q):
        R = self.R
        base = q * SLOTS
        areas = {key: [self._slot_view(base + i) for i in range(START[a], START[a] + CAP[a])]
                 for a, key in enumerate(AREA_KEYS)}
        kind = "lair" if R.is_lair[q] else "ghost" if R.is_ghost[q] else "player"
        seat = R.q_seat[q]
        return {
            "name": self.qn(q),
            "role": kind,
            "seat": seat if seat >= 0 else None,
            "controller": self.seat_name(R.ctrl[q]) if R.ctrl[q] >= 0 else None,
            "attack_controller": self.seat_name(R.actrl[q]) if R.actrl[q] >= 0 else None,
            "life": self.life[q] if R.has_life[q] else None,
            "areas": areas,
            "pool": [R.cards.fam_names[f] for f in range(R.nf) if (self.pool[q] >> f) & 1],
        }

    def _decision(self):
        cur = self.cur
        if cur is None:
            return None
        info = {"seat": self.to_move, "choice": DECISION_NAMES.get(cur[0], TASK_NAMES[cur[0]])}
        if cur[0] == T_WINDOW:
            info["moment"] = MOMENTS[cur[1]]
        elif cur[0] == T_TARGET:
            info["source"] = self._src_name(cur[6])
        elif cur[0] in (T_MAIN, T_ATTACK):
            info["quadrant"] = self.qn(cur[1])
        return info

    def _attack_view(self):
        if self.att < 0 and self.dq < 0:
            return None
        return {
            "attacker": self.fam(self.att) if self.att >= 0 else None,
            "defender": self.qn(self.dq) if self.dq >= 0 else None,
            "target": self.fam(self.tgt) if self.tgt >= 0 else None,
            "blockers": [self.fam(b) for b in self.blk if self.kind[b] >= 0],
            "breath": ["life" if t < 0 else self.fam(t) for t in self.bre if t < 0 or self.kind[t] >= 0],
        }

    def _card_info(self, c):
        return {"speed": c.speed, "cost": c.cost, "text": c.text, "origin": c.origin,
                "numbers_designed": c.origin == "rulebook" and "designed" in c.notes}

    def _view(self, seat):
        R = self.R
        cards = R.cards
        names = cards.names
        players = []
        for s in range(self.players):
            info = {
                "name": self.seat_name(s),
                "quadrant": self.qn(R.seat_q[s]),
                "hand_size": len(self.hand[s]),
                "known_in_hand": [names[k] for k in self.known[s]],
                "aspect": cards.aspect_names[self.aspect[s]] if self.aspect[s] >= 0 else None,
                "vials": [v for i, v in enumerate(cards.vial_names) if (self.vials[s] >> i) & 1] if R.vials_on else None,
            }
            if seat == s:
                info["hand"] = [names[k] for k in self.hand[s]]
            players.append(info)
        view = {
            "game": "life-siphon",
            "mode": self.options["mode"],
            "seat": seat,
            "round": self.round,
            "turn": self.qn(self.turn),
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "decision": self._decision(),
            "quadrants": [self._quadrant_view(q) for q in range(R.Q)],
            "players": players,
            "river": [names[k] if k >= 0 else None for k in self.river],
            "deck_size": len(self.deck),
            "discard": [names[k] for k in self.discard],
            "supply": {cards.fam_names[f]: self.supply[f] for f in R.summonable if R.f_pool[f] != POOL_PERSONAL},
            "summons_this_turn": self.summons,
            "aspects_used_this_turn": [cards.aspect_names[a] for a in range(R.na) if (self.aspect_used >> a) & 1],
            "aspects_aside": [cards.aspect_names[a] for a in range(R.na) if a not in self.aspect] if R.uses_aspects else [],
            "attack": self._attack_view(),
            "modules": {"familiars": R.familiars_on, "vials": R.vials_on, "fearsome": R.fearsome_on},
            "over": self.phase == P_OVER,
            "winners": list(self.winners),
            "catalogue": {
                "cards": {c.name: self._card_info(c) for c in cards.cards if R.copies[c.kind]},
                "aspects": {a.name: {"trigger": a.trigger, "cost": a.cost, "text": a.text, "origin": a.origin}
                            for a in cards.aspects} if R.uses_aspects else {},
                "familiars": {cards.fam_names[f]: {"cost": R.f_cost[f], "attack": R.f_attack[f],
                                                   "defense": R.f_defense[f], "origin": cards.familiars[f].origin}
                              for f in R.summonable},
            },
        }
        if R.madness:
            view["madness"] = {"round_tracker": self.round, "life_gained_this_turn": self.gained,
                               "defeated": self.defeated,
                               "score": list(self.final) if self.final is not None else None}
        return view

    # --- snapshots ---------------------------------------------------------------------------------
    def _slot_snapshot(self, s):
        f = self.kind[s]
        if f < 0:
            return None
        name = self.R.cards.fam_names[f]
        extra = {}
        if self.dmg[s]:
            extra["damage"] = self.dmg[s]
        if self.abuf[s]:
            extra["attack_bonus"] = self.abuf[s]
        if self.dbuf[s]:
            extra["defense_bonus"] = self.dbuf[s]
        for flag, bit in FLAG_NAMES:
            if self.flags[s] & bit:
                extra[flag] = True
        if not extra:
            return name
        return {"familiar": name, **extra}

    def _snapshot(self):
        R = self.R
        cards = R.cards
        names = cards.names
        quads = {}
        for q in range(R.Q):
            base = q * SLOTS
            entry = {"life": self.life[q] if R.has_life[q] else None}
            for a, key in enumerate(AREA_KEYS):
                entry[key] = [self._slot_snapshot(base + i) for i in range(START[a], START[a] + CAP[a])]
            entry["pool"] = [cards.fam_names[f] for f in range(R.nf) if (self.pool[q] >> f) & 1]
            quads[self.qn(q)] = entry
        seats = self.seat_names
        return {
            "round": self.round,
            "turn": self.qn(self.turn),
            "phase": PHASE_NAMES[self.phase],
            "quadrants": quads,
            "hands": {seats[s]: [names[k] for k in self.hand[s]] for s in range(self.players)},
            "known": {seats[s]: [names[k] for k in self.known[s]] for s in range(self.players)},
            "deck": [names[k] for k in reversed(self.deck)],
            "river": [names[k] if k >= 0 else None for k in self.river],
            "discard": [names[k] for k in self.discard],
            "aspects": {seats[s]: cards.aspect_names[self.aspect[s]] if self.aspect[s] >= 0 else None
                        for s in range(self.players)},
            "aspects_used": [cards.aspect_names[a] for a in range(R.na) if (self.aspect_used >> a) & 1],
            "vials": {seats[s]: [v for i, v in enumerate(cards.vial_names) if (self.vials[s] >> i) & 1]
                      for s in range(self.players)},
            "supply": {cards.fam_names[f]: self.supply[f] for f in range(R.nf)
                       if R.f_pool[f] != POOL_PERSONAL and R.in_game[f]},
            "turn_state": {"summons": self.summons, "life_gained": self.gained,
                           "fearsome_used": [cards.fam_names[f] for f in range(R.nf) if (self.fear_used >> f) & 1],
                           "attack_phase": self.attack_phase},
            "flow": {
                "stack": [[TASK_NAMES[t[0]], *t[1:]] for t in self.stack],
                "decision": [TASK_NAMES[self.cur[0]], *self.cur[1:]] if self.cur is not None else None,
                "to_move": self.to_move,
                "attack": [self.att, self.att_kind, self.tgt, self.tgt_kind, self.dq, list(self.blk), list(self.bre)],
            },
            "defeated": self.defeated,
            "final": list(self.final) if self.final is not None else None,
            "winners": list(self.winners),
        }

    def _restore(self, data):
        R = self.R = self.game.ruleset(self.players, self.options, self.card_text)
        cards = R.cards
        Q = R.Q
        self.kind = [-1] * (Q * SLOTS)
        self.dmg = [0] * (Q * SLOTS)
        self.abuf = [0] * (Q * SLOTS)
        self.dbuf = [0] * (Q * SLOTS)
        self.flags = [0] * (Q * SLOTS)
        self.cnt = [0] * (Q * 4)
        self.life = [0] * Q
        self.pool = [0] * Q
        qnames = [self.qn(q) for q in range(Q)]
        quads = data.get("quadrants", {})
        if not isinstance(quads, dict):
            raise IllegalAction("snapshot 'quadrants' must be an object of quadrant names: " + ", ".join(qnames))
        extra = sorted(set(quads) - set(qnames))
        if extra:
            raise IllegalAction(f"snapshot 'quadrants': no quadrant {extra[0]!r} in this game; quadrants are: {', '.join(qnames)}")
        on_board = [0] * R.nf
        for q, qname in enumerate(qnames):
            entry = quads.get(qname, {})
            where_ = f"snapshot quadrant {qname!r}"
            if not isinstance(entry, dict):
                raise IllegalAction(f"{where_} must be an object")
            if R.has_life[q]:
                self.life[q] = _whole(entry, "life", MAX_LIFE, -99, MAX_LIFE, where_)
            elif entry.get("life") is not None:
                raise IllegalAction(f"{where_}: the Lairs do not track life, so 'life' must be null")
            for a, key in enumerate(AREA_KEYS):
                row = entry.get(key, [])
                if not isinstance(row, list) or len(row) > CAP[a]:
                    raise IllegalAction(f"{where_} {key!r} must be a list of at most {CAP[a]} spaces")
                for j, item in enumerate(row):
                    if item is None:
                        continue
                    s = q * SLOTS + START[a] + j
                    self._restore_slot(s, item, f"{where_} {key} space {j + 1}")
                    on_board[self.kind[s]] += 1
            if "pool" in entry:
                pool = entry["pool"]
                if not isinstance(pool, list):
                    raise IllegalAction(f"{where_} 'pool' must be a list of familiar names")
                for name in pool:
                    f = cards.familiar_of(name, f"{where_} pool")
                    if R.f_pool[f] != POOL_PERSONAL or not R.in_game[f]:
                        raise IllegalAction(f"{where_} pool: {name!r} is not a personal familiar of this game")
                    self.pool[q] |= 1 << f
            else:
                for f in R.summonable:
                    if R.f_pool[f] == POOL_PERSONAL and not any(
                            self.kind[q * SLOTS + i] == f for i in range(SLOTS)):
                        self.pool[q] |= 1 << f
        supply = data.get("supply", {})
        if not isinstance(supply, dict):
            raise IllegalAction("snapshot 'supply' must be an object of familiar names to counts")
        self.supply = [0] * R.nf
        for f in range(R.nf):
            if R.f_pool[f] != POOL_PERSONAL and R.in_game[f]:
                self.supply[f] = R.f_supply[f] - on_board[f]
        for name, n in supply.items():
            f = cards.familiar_of(name, "snapshot supply")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= R.f_supply[f]:
                raise IllegalAction(f"snapshot supply {name!r} must be a whole number from 0 to {R.f_supply[f]}")
            self.supply[f] = n
        # cards
        seats = self.seat_names
        self.hand = [self._card_list(_seat_field(data, "hands", seats, s), f"snapshot hands {seats[s]!r}")
                     for s in range(self.players)]
        self.known = [self._card_list(_seat_field(data, "known", seats, s), f"snapshot known {seats[s]!r}")
                      for s in range(self.players)]
        self.discard = self._card_list(data.get("discard", []), "snapshot discard")
        river = data.get("river")
        self.river = [-1, -1, -1]
        if river is not None:
            if not isinstance(river, list) or len(river) != 3:
                raise IllegalAction("snapshot 'river' must be a list of 3 card names or nulls")
            self.river = [-1 if n is None else cards.kind_of(n, "snapshot river") for n in river]
        used = [0] * R.n
        for k in self.discard + [k for k in self.river if k >= 0] + [k for h in self.hand for k in h]:
            used[k] += 1
        if "deck" in data:
            self.deck = self._card_list(data["deck"], "snapshot deck")[::-1]
        else:
            top = [k for k in range(R.n) for _ in range(max(0, R.copies[k] - used[k]))]
            self.deck = top[::-1]
        for k in self.deck:
            used[k] += 1
        for k in range(R.n):
            if used[k] != R.copies[k]:
                raise IllegalAction(f"snapshot cards: {used[k]} {cards.names[k]} placed, but this deck has {R.copies[k]}")
        if river is None:
            for i in range(3):
                self.river[i] = self.deck.pop() if self.deck else -1
        aspects = data.get("aspects", {})
        self.aspect = [-1] * self.players
        if not isinstance(aspects, dict):
            raise IllegalAction("snapshot 'aspects' must be an object of seat names to Aspect names")
        for name, a in aspects.items():
            s = _seat_index(seats, name, "snapshot aspects")
            if a is not None:
                self.aspect[s] = cards.aspect_of(a, "snapshot aspects")
        self.aspect_used = 0
        for a in _list(data, "aspects_used"):
            self.aspect_used |= 1 << cards.aspect_of(a, "snapshot aspects_used")
        vials = data.get("vials")
        self.vials = [7 if R.vials_on else 0] * self.players
        if vials is not None:
            if not isinstance(vials, dict):
                raise IllegalAction("snapshot 'vials' must be an object of seat names to lists of unused vials")
            for name, vs in vials.items():
                s = _seat_index(seats, name, "snapshot vials")
                if not isinstance(vs, list):
                    raise IllegalAction("snapshot 'vials' lists each seat's unused vials")
                self.vials[s] = 0
                for v in vs:
                    self.vials[s] |= 1 << cards.vial_of(v, "snapshot vials")
        # the turn
        self.round = _whole(data, "round", 1, 0, 10_000)
        turn = data.get("turn", qnames[0])
        if turn not in qnames:
            raise IllegalAction(f"snapshot 'turn' must be one of {', '.join(qnames)}, not {turn!r}")
        self.turn = qnames.index(turn)
        ts = data.get("turn_state", {})
        if not isinstance(ts, dict):
            raise IllegalAction("snapshot 'turn_state' must be an object")
        self.summons = _whole(ts, "summons", 0, 0, 3, "snapshot turn_state")
        self.gained = _whole(ts, "life_gained", 0, 0, 3, "snapshot turn_state")
        self.fear_used = 0
        for name in _list(ts, "fearsome_used"):
            self.fear_used |= 1 << cards.familiar_of(name, "snapshot turn_state fearsome_used")
        self.attack_phase = bool(ts.get("attack_phase", False))
        self.defeated = bool(data.get("defeated", False))
        final = data.get("final")
        self.final = tuple(final) if isinstance(final, list) and len(final) == 2 else None
        winners = data.get("winners", [])
        if not isinstance(winners, list) or any(w not in range(self.players) for w in winners):
            raise IllegalAction("snapshot 'winners' must be a list of seats")
        self.winners = list(winners)
        self.trig = []
        self._no_attack()
        phase = data.get("phase", "start")
        flow = data.get("flow")
        if flow is not None:
            self._restore_flow(flow, phase)
        else:
            self._start_at(phase)

    def _restore_slot(self, s, item, where_):
        R = self.R
        if isinstance(item, str):
            item = {"familiar": item}
        if not isinstance(item, dict) or "familiar" not in item:
            raise IllegalAction(f"{where_} must be a familiar name or {{'familiar': name, 'damage': n, ...}}")
        known = {"familiar", "damage", "attack_bonus", "defense_bonus"} | {n for n, _ in FLAG_NAMES}
        extra = sorted(set(item) - known)
        if extra:
            raise IllegalAction(f"{where_}: unknown field(s) {', '.join(extra)}; fields are: {', '.join(sorted(known))}")
        f = R.cards.familiar_of(item["familiar"], where_)
        if not R.in_game[f] and not (R.madness and R.f_pool[f] == 0):
            raise IllegalAction(f"{where_}: {item['familiar']} is not used in this game (check the module options)")
        self.kind[s] = f
        self.cnt[(s // SLOTS) * 4 + [a for a in range(4) if START[a] <= s % SLOTS < START[a] + CAP[a]][0]] += 1
        self.dmg[s] = _whole(item, "damage", 0, 0, 99, where_)
        self.abuf[s] = _whole(item, "attack_bonus", 0, -99, 99, where_)
        self.dbuf[s] = _whole(item, "defense_bonus", 0, -99, 99, where_)
        for name, bit in FLAG_NAMES:
            if item.get(name, False):
                self.flags[s] |= bit

    def _card_list(self, names, where_):
        if not isinstance(names, list):
            raise IllegalAction(f"{where_} must be a list of card names")
        return [self.R.cards.kind_of(n, where_) for n in names]

    def _restore_flow(self, flow, phase):
        if not isinstance(flow, dict):
            raise IllegalAction("snapshot 'flow' must be an object")
        if phase not in PHASE_NAMES:
            raise IllegalAction(f"snapshot 'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
        self.phase = PHASE_NAMES.index(phase)
        self.stack = [_task(t, "snapshot flow stack") for t in _list(flow, "stack")]
        dec = flow.get("decision")
        self.cur = None if dec is None else _task(dec, "snapshot flow decision")
        to_move = flow.get("to_move")
        att = flow.get("attack")
        if att is not None:
            if (not isinstance(att, list) or len(att) != 7 or not all(isinstance(x, int) for x in att[:5])
                    or not isinstance(att[5], list) or not isinstance(att[6], list)):
                raise IllegalAction("snapshot flow 'attack' must be [attacker, kind, target, kind, defender, blockers, breath]")
            self.att, self.att_kind, self.tgt, self.tgt_kind, self.dq = att[:5]
            self.blk = [int(x) for x in att[5]]
            self.bre = [int(x) for x in att[6]]
        n = self.R.Q * SLOTS
        if (not -1 <= self.att < n or not -1 <= self.tgt < n or not -1 <= self.dq < self.R.Q
                or any(not 0 <= b < n for b in self.blk) or any(not -1 <= b < n for b in self.bre)):
            raise IllegalAction("snapshot flow 'attack' names a space or quadrant that is not on this board")
        if self.cur is not None and self.cur[0] in (T_BLOCK, T_BREATH, T_ATK_TARGET, T_RESOLVE) \
                and (self.att < 0 or self.dq < 0 and self.cur[0] != T_ATK_TARGET):
            raise IllegalAction(f"snapshot flow decision {dec!r} needs an attack in progress ('attack')")
        if self.phase == P_OVER:
            if to_move is not None or self.cur is not None:
                raise IllegalAction("snapshot: the game is over, so the flow has no decision and 'to_move' is null")
            self.to_move = None
            return
        if self.cur is None or to_move not in range(self.players):
            raise IllegalAction("snapshot flow: a game in progress needs a 'decision' and a seat 'to_move'")
        self.to_move = to_move
        try:
            legal = self._legal_actions()
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            raise IllegalAction(f"snapshot flow decision {dec!r} does not fit the position: {exc}") from None
        if not legal:
            raise IllegalAction(f"snapshot flow decision {dec!r} leaves no legal action")

    def _start_at(self, phase):
        """A position written by hand: the start of a turn, of its Attack Phase or of its Main Phase."""
        q = self.turn
        R = self.R
        seat = R.q_seat[q]
        first = seat if seat >= 0 else 0
        self.phase = P_REGEN
        if phase in ("start", "regenerate"):
            if q == 0:
                self.round = max(0, self.round - 1)  # the turn's start moves the round tracker on
            self.stack = [(T_TURN, q)]
        elif phase == "attack" and not R.is_lair[q]:
            self.phase = P_ATTACK
            self.attack_phase = True
            self.stack = [(T_END, q), (T_MAIN, q), (T_WINDOW, M_MAIN, (first + 1) % self.players, 0, seat),
                          (T_ATTACK, q), (T_WINDOW, M_START, first, 0, -1)]
        elif phase == "main" and not R.is_lair[q]:
            self.phase = P_MAIN
            self.stack = [(T_END, q), (T_MAIN, q)]
        else:
            raise IllegalAction("snapshot 'phase' of a position written by hand (no 'flow') must be start, "
                                f"attack or main (start for a Lair's turn), not {phase!r}")
        self.cur = None
        self._run()


def _task(t, where_):
    if (not isinstance(t, list) or not t or t[0] not in TASK_NAMES
            or not all(isinstance(x, int) and not isinstance(x, bool) and -99 <= x < 10_000 for x in t[1:])):
        raise IllegalAction(f"{where_}: each task is [name, numbers...] with a name from {', '.join(TASK_NAMES)}")
    code = TASK_NAMES.index(t[0])
    if len(t) - 1 != TASK_ARITY[code]:
        raise IllegalAction(f"{where_}: task {t[0]!r} takes {TASK_ARITY[code]} numbers, not {len(t) - 1}")
    return (code, *t[1:])


def _list(data, field):
    value = data.get(field, [])
    if not isinstance(value, list):
        raise IllegalAction(f"snapshot {field!r} must be a list")
    return value


def _seat_index(seats, name, where_):
    if name not in seats:
        raise IllegalAction(f"{where_}: no seat {name!r}; seats are: {', '.join(seats)}")
    return seats.index(name)


def _seat_field(data, field, seats, s):
    value = data.get(field, {})
    if not isinstance(value, dict):
        raise IllegalAction(f"snapshot {field!r} must be an object of seat names ({', '.join(seats)}) to card lists")
    for name in value:
        _seat_index(seats, name, f"snapshot {field}")
    return value.get(seats[s], [])


def _whole(data, field, default, low, high, where_="snapshot"):
    value = data.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IllegalAction(f"{where_} {field!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


