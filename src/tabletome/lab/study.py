"""What a study is: one game, its seats' agents, its options (and the swept ones), a card file and
a seed; and the games it plays, each with its own seeds.

A study plays ``games`` games at each *point* of its sweep (one point when nothing is swept). Game
``index`` seats the agents as the arena does (``tabletome.arena``: seat ``s`` gets
``specs[(s + index) % n]``) and takes the arena's seeds (``_mix(seed, index)`` for the deal,
``_mix(seed, index, s + 1)`` for seat ``s``'s agent), the same at every point of a sweep, so the
points are compared on the same deals. A game's result depends only on its key (point, index) and
the study, never on which worker played it or when.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass, field

from ..arena import MAX_DECISIONS, _mix, _resolve, _seating
from ..core import IllegalAction
from ..core import game as find_game
from ..core.files import read_text
from ..core.rng import check_seed

FORMAT = 1  # the store's schema version


@dataclass
class Study:
    """Everything that fixes a study's games (``games`` aside: a study may be extended)."""

    game: str
    players: int
    specs: list[str]
    options: dict                      # every option, resolved (defaults filled in), sweeps aside
    sweep: list[tuple[str, list]]      # [(option, [value, ...]), ...], in the order given
    points: list[dict] = field(default_factory=list)   # [{"label": "k=v", "options": {...}}, ...]
    seed: int = 0
    card_text: str | None = None
    cards_hash: str | None = None
    max_decisions: int = MAX_DECISIONS
    games: int = 0                     # games per point

    def identity(self) -> dict:
        """What must match for a second run to continue this study."""
        return {"format": FORMAT, "game": self.game, "players": self.players, "specs": self.specs,
                "options": _jsonable(self.options), "sweep": [[k, _jsonable(v)] for k, v in self.sweep],
                "seed": self.seed, "cards_hash": self.cards_hash, "max_decisions": self.max_decisions}

    def to_json(self) -> dict:
        data = self.identity()
        data.update({"points": [{"label": p["label"], "options": _jsonable(p["options"])} for p in self.points],
                     "games": self.games, "card_text": self.card_text})
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Study":
        """The study a file records (``TypeError`` or ``KeyError`` naming the field that is not
        what ``to_json`` writes)."""
        if not isinstance(data, dict):
            raise TypeError(f"a study record is a JSON object, not {type(data).__name__}")
        for key, kinds in STORED_FIELDS.items():
            value = data.get(key) if key in ("card_text", "cards_hash") else data[key]
            if not isinstance(value, kinds) or isinstance(value, bool):
                raise TypeError(f"its field {key!r} is {type(value).__name__}")
        if not all(isinstance(s, str) for s in data["specs"]) or not all(
                isinstance(p, dict) and isinstance(p.get("label"), str) and isinstance(p.get("options"), dict)
                for p in data["points"]) or not all(
                isinstance(kv, list) and len(kv) == 2 and isinstance(kv[0], str) and isinstance(kv[1], list)
                for kv in data["sweep"]):
            raise TypeError("its specs, sweep or points are not what a study writes")
        return cls(game=data["game"], players=data["players"], specs=list(data["specs"]),
                   options=dict(data["options"]), sweep=[(k, list(v)) for k, v in data["sweep"]],
                   points=list(data["points"]), seed=data["seed"], card_text=data.get("card_text"),
                   cards_hash=data.get("cards_hash"), max_decisions=data["max_decisions"], games=data["games"])

    def seats_of(self, index: int) -> list[int]:
        """Which entry of ``specs`` sits in each seat of game ``index`` (the arena's rotation)."""
        return _seating(index, len(self.specs))

    def task(self, point: int, index: int) -> tuple:
        """The compact description of one game a worker plays."""
        return (point, index, _mix(self.seed, index),
                [_mix(self.seed, index, s + 1) for s in range(self.players)], self.seats_of(index))

    def agent_labels(self) -> list[str]:
        """The arena's labels: the spec, numbered when it sits at the table more than once."""
        return [spec if self.specs.count(spec) == 1 else f"{spec} #{e + 1}" for e, spec in enumerate(self.specs)]


STORED_FIELDS = {"game": str, "players": int, "specs": list, "options": dict, "sweep": list, "points": list,
                 "seed": int, "card_text": (str, type(None)), "cards_hash": (str, type(None)),
                 "max_decisions": int, "games": int}


def _jsonable(value):
    return json.loads(json.dumps(value))


def parse_sweep(pairs) -> list[tuple[str, list[str]]]:
    """``["fearsome=off,on"]`` -> ``[("fearsome", ["off", "on"])]``, with a clear error."""
    sweep = []
    for pair in pairs or []:
        name, eq, values = pair.partition("=")
        name = name.strip()
        items = [v.strip() for v in values.split(",") if v.strip()]
        if not eq or not name or not items:
            raise IllegalAction(f"a sweep is written option=value1,value2,..., not {pair!r}")
        if any(name == k for k, _ in sweep):
            raise IllegalAction(f"option {name!r} is swept twice; give its values in one --sweep")
        if len(set(items)) != len(items):
            raise IllegalAction(f"--sweep {pair!r} names a value twice")
        sweep.append((name, items))
    return sweep


def make_study(game_id: str, specs, games: int, players: int | None = None, options: dict | None = None,
               sweep=None, cards=None, seed: int = 0, max_decisions: int = MAX_DECISIONS) -> Study:
    """Check every input before any game is played and return the study (``IllegalAction`` names
    what was wrong and what is allowed). ``sweep``: ``[(option, [values])]`` or ``--sweep`` text."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise IllegalAction(f"the number of games must be a whole number of at least 1, not {games!r}")
    seed = check_seed(seed)
    if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or max_decisions < 1:
        raise IllegalAction(f"max_decisions must be a whole number of at least 1, not {max_decisions!r}")
    options = dict(options or {})
    if sweep and isinstance(sweep[0], str):
        sweep = parse_sweep(sweep)
    sweep = [(k, list(v)) for k, v in (sweep or [])]
    game = find_game(game_id)
    for name, _ in sweep:
        if name in options:
            raise IllegalAction(f"option {name!r} is both set (--option) and swept (--sweep); choose one")
        if name not in game.options:
            known = ", ".join(game.options) or "none"
            raise IllegalAction(f"{game.name} has no option {name!r} to sweep; its options are: {known}")
    # checked with the first value of each swept option (a solo mode sweep is not checked against
    # the default mode, which one player may not play); every point is checked below
    first = dict(options)
    first.update({k: values[0] for k, values in sweep})
    game, players, resolved, specs = _resolve(game_id, specs, players, first)
    base = {k: v for k, v in resolved.items() if k not in dict(sweep)}
    points = []
    for combo in itertools.product(*[values for _, values in sweep]):
        changes = dict(options)
        changes.update(dict(zip([k for k, _ in sweep], combo)))
        _, point_options = game.resolve_options(players, changes)
        label = ", ".join(f"{k}={point_options[k]}" for k, _ in sweep)
        points.append({"label": label, "options": point_options})
    if not sweep:
        points = [{"label": "", "options": resolved}]
    # the swept values as the game spells them (e.g. "5" -> 5)
    sweep = [(k, [game.coerce_option(k, v) for v in values]) for k, values in sweep]
    card_text = cards_hash = None
    if cards is not None:
        card_text = read_text(cards, "card file")
        game.check_cards(card_text, str(cards))
        cards_hash = hashlib.sha256(card_text.encode()).hexdigest()[:16]
    return Study(game=game.id, players=players, specs=specs, options=base, sweep=sweep, points=points,
                 seed=seed, card_text=card_text, cards_hash=cards_hash, max_decisions=max_decisions,
                 games=games)
