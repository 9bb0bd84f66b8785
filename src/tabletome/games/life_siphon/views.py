"""What each seat sees: ``view(seat)``, a JSON-ready dict (snapshots are in snapshots.py)."""

from .board import AREA_KEYS, CAP, SLOTS, START
from .effects import POOL_PERSONAL
from .frames import ATTACK, FRAMES, MAIN, NAMES, TARGET, WINDOW
from .ruleset import MARK_NAMES, MOMENTS, P_OVER, PHASE_NAMES

WINDOW_ASKS = "Fast Cast response"


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
            "attack": R.f_attack[f] + self.attack_bonus[s],
            "defense": R.f_defense[f] + self.defense_bonus[s],
            "damage": self.damage[s],
        }
        for name, bit in MARK_NAMES:
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
        frame = self.decision
        if frame is None:
            return None
        asks = WINDOW_ASKS if frame[0] == WINDOW else FRAMES[frame[0]].asks
        info = {"seat": self.to_move, "choice": asks or NAMES[frame[0]]}
        if frame[0] == WINDOW:
            info["moment"] = MOMENTS[frame[1]]
        elif frame[0] == TARGET:
            info["source"] = self._src_name(frame[6])
        elif frame[0] in (MAIN, ATTACK):
            info["quadrant"] = self.qn(frame[1])
        return info

    def _attack_view(self):
        if self.attacker < 0 and self.defender < 0:
            return None
        return {
            "attacker": self.fam(self.attacker) if self.attacker >= 0 else None,
            "defender": self.qn(self.defender) if self.defender >= 0 else None,
            "target": self.fam(self.target) if self.target >= 0 else None,
            "blockers": [self.fam(b) for b in self.blockers if self.kind[b] >= 0],
            "breath": ["life" if t < 0 else self.fam(t) for t in self.breath_points if t < 0 or self.kind[t] >= 0],
        }

    def _card_info(self, c):
        return {"speed": c.speed, "cost": c.cost, "text": c.text, "origin": c.origin,
                "numbers_designed": c.origin == "rulebook" and "designed" in c.note}

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
            "catalogue": self._catalogue(),
        }
        if R.madness:
            view["madness"] = self._madness_view()
        return view

    def _madness_view(self):
        return {"round_tracker": self.round, "life_gained_this_turn": self.gained, "defeated": self.defeated,
                "score": list(self.final) if self.final is not None else None}

    def _catalogue(self):
        """The cards, Aspects and Familiars in play with their texts: the same for every view of a
        ruleset, so made once and shared (do not modify a view's catalogue)."""
        R = self.R
        catalogue = R.__dict__.get("_view_catalogue")
        if catalogue is None:
            cards = R.cards
            catalogue = R._view_catalogue = {
                "cards": {c.name: self._card_info(c) for k, c in enumerate(cards.cards) if R.copies[k]},
                "aspects": {a.name: {"trigger": a.trigger, "cost": a.cost, "text": a.text, "origin": a.origin}
                            for a in cards.aspects} if R.uses_aspects else {},
                "familiars": {cards.fam_names[f]: {"cost": R.f_cost[f], "attack": R.f_attack[f],
                                                   "defense": R.f_defense[f], "origin": cards.familiars[f].origin}
                              for f in R.summonable},
            }
        return catalogue
