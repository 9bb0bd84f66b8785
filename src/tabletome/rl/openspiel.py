"""Every tabletome game registered with OpenSpiel (``pyspiel``) as a Python game.

    import pyspiel, tabletome.rl.openspiel        # registers tabletome_<game> for every game
    game = pyspiel.load_game("tabletome_spirit_link")                 # players and options as params
    game = pyspiel.load_game("tabletome_life_siphon", {"players": 3, "vials": "on"})

What is declared, honestly:
- chance: explicit chance nodes at the start pick the game's seed, every later shuffle and coin
  flip following from it inside the state, as if the whole deal were made at the start; no player
  observes them. By default ``deal_bytes`` (4; 1 to 8) chance nodes each pick one byte of the seed
  among 256 equally likely outcomes: 2^32 distinct deals, each reset as cheap as any other (four
  lists of 256). ``seeds=N`` (1 to 65,536) instead makes one chance node of N outcomes (the seed is
  the outcome), for a small game tree (MCCFR, exact solvers).
- utility: ``game.utility(players)`` of tabletome: zero-sum for two seats, general-sum for three or
  four and for a solo mode (returns in [-1, 1]); ``utility_sum`` 0 where it is constant.
- information: imperfect; ``max_game_length`` is the game's declared length limit (past it, a draw).
- strings: the observation string is ``view(player)`` as JSON without the log; the information
  state string adds the log that player may read and its own actions (what it has seen happen
  and what it did), so two histories a player cannot tell apart give the same string. A public
  observer (``private_info=NONE``) uses the spectator's view.
- tensors: the observation tensor is ``state.observation(player)``. The information-state tensor
  (``info_state_layout``) is that observation followed by a fixed-size hashed encoding of what the
  player has seen happen: its own actions (each by its turn number, and as a bag) and the log lines
  it may read (each by its place in that log, and as a bag). It reads only the player's
  observation, its own actions and its visible log, so it never depends on hidden information;
  being hashed into fixed buckets it may, rarely, fail to tell two histories apart (the
  information state string never does).
- serialization: OpenSpiel pickles the Python state, and a tabletome state pickles as its snapshot.
  Cloning deep-copies it, which a tabletome state does with ``clone()``.
- ``resampler(seed)`` gives OpenSpiel's ISMCTSBot a resampler (``bot.set_resampler``) that re-deals
  with ``determinize(player, rng)``.
"""

from __future__ import annotations

import json
import zlib

import numpy as np
import pyspiel

import tabletome
from tabletome.core import IllegalAction, Rng

DEAL_BYTES = 4          # chance nodes of 256 outcomes each: 256 ** 4 = 2^32 deals
BYTE = 256
MAX_SEEDS = 1 << 16    # seeds=N: one chance node of N outcomes, listed whole each time it is asked
# The information-state tensor's history part: hashed buckets for the player's own actions (by
# turn number, and as a bag) and for the log lines it may read (by place, and as a bag).
HISTORY_BUCKETS = (("my actions, each by its number among mine (hashed)", 256),
                   ("my actions as a bag: count of each action id / 10 (hashed)", 64),
                   ("the log lines I may read, each by its place in my log (hashed)", 512),
                   ("the log lines I may read as a bag: count of each / 10 (hashed)", 256))


def info_state_layout(obs_size: int) -> list[tuple[str, int, int]]:
    """The information-state tensor's named slices ``(name, start, stop)``: the observation,
    then ``HISTORY_BUCKETS``."""
    slices = [("the observation (state.observation(player), as the game's encoder lays it out)", 0, obs_size)]
    at = obs_size
    for name, width in HISTORY_BUCKETS:
        slices.append((name, at, at + width))
        at += width
    return slices


def write_history(out, obs_size: int, my_actions, log_lines, cache: dict) -> None:
    """Hash a player's own action ids and visible log lines into ``out[obs_size:]`` (zeroed).
    An item's place is mixed into its text's CRC32 (cached per text), so each item is hashed once."""
    (_, w0), (_, w1), (_, w2), (_, w3) = HISTORY_BUCKETS
    a0 = obs_size
    a1, a2 = a0 + w0, a0 + w0 + w1
    a3 = a2 + w2
    get = cache.get
    for i, action in enumerate(my_actions):
        h = get(action)
        if h is None:
            h = cache[action] = zlib.crc32(str(action).encode())
        out[a0 + ((h ^ (i * 0x9E3779B1)) & 0xFFFFFFFF) % w0] += 1.0
        out[a1 + h % w1] += 0.1
    for j, line in enumerate(log_lines):
        h = get(line)
        if h is None:
            h = cache[line] = zlib.crc32(line.encode())
        out[a2 + ((h ^ (j * 0x9E3779B1)) & 0xFFFFFFFF) % w2] += 1.0
        out[a3 + h % w3] += 0.1


class Mine(list):
    """A player's own action ids: a list that deep-copies as a plain copy (ints are immutable), so
    cloning a long game's state stays cheap."""

    __slots__ = ()

    def __deepcopy__(self, memo):
        return Mine(self)


def short_name(game_id: str) -> str:
    return "tabletome_" + game_id.replace("-", "_")


def _utility_enum(kind: str):
    U = pyspiel.GameType.Utility
    return U.ZERO_SUM if kind == "zero-sum" else U.GENERAL_SUM


def _game_type(game, players_utility=None):
    U = pyspiel.GameType.Utility
    kinds = {game.utility(p, **o)["kind"] for p, o in game.configurations()}
    utility = players_utility or (U.ZERO_SUM if kinds == {"zero-sum"} else U.GENERAL_SUM)
    params = {"players": game.default_players(), "seeds": 0, "deal_bytes": DEAL_BYTES}
    for name, values in game.options.items():
        params[name] = values[0] if isinstance(values[0], (int, str)) and not isinstance(values[0], bool) else str(values[0])
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"tabletome {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts),
        min_num_players=min(game.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class SpielGame(pyspiel.Game):
    """A tabletome game, its player count and options, as an OpenSpiel game."""

    tabletome_id = ""  # set on the subclass made for each game

    def __init__(self, params=None):
        params = dict(params or {})
        game = self.tt_game = tabletome.game(self.tabletome_id)
        self.seeds = int(params.pop("seeds", 0))
        deal_bytes = int(params.pop("deal_bytes", DEAL_BYTES))
        if not 0 <= self.seeds <= MAX_SEEDS:
            raise ValueError(f"seeds must be 1 to {MAX_SEEDS} (one chance node of that many deals), or 0 for "
                             f"deal_bytes chance nodes of 256 (more deals); not {self.seeds}")
        if not 1 <= deal_bytes <= 8:
            raise ValueError(f"deal_bytes must be 1 to 8 (256 ** deal_bytes deals), not {deal_bytes}")
        # the chance nodes: (outcomes of each) - one of `seeds`, or deal_bytes of 256
        self.chance_widths = (self.seeds,) if self.seeds else (BYTE,) * deal_bytes
        self.uniform = {w: [(i, 1.0 / w) for i in range(w)] for w in set(self.chance_widths)}
        players = int(params.pop("players", game.default_players()))
        self.players, self.tt_options = game.resolve_options(players, params)
        utility = game.utility(self.players, **self.tt_options)
        self.encoder = game.encoder(self.players, **self.tt_options)
        self.info_state_slices = info_state_layout(self.encoder.size)
        self.history_cache = {}
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions_for(self.players, **self.tt_options),
            max_chance_outcomes=max(self.chance_widths),
            num_players=self.players,
            min_utility=float(utility["min"]),
            max_utility=float(utility["max"]),
            utility_sum=utility["sum"],
            max_game_length=game.max_game_length(self.players, **self.tt_options))
        full = {"players": self.players, "seeds": self.seeds, "deal_bytes": deal_bytes}
        full.update({k: v if isinstance(v, (int, str)) else str(v) for k, v in self.tt_options.items()})
        super().__init__(_game_type(game, _utility_enum(utility["kind"])), info, full)

    def new_initial_state(self):
        return SpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return Observer(self, iig_obs_type)

    def max_chance_nodes_in_history(self):
        return len(self.chance_widths)


class SpielState(pyspiel.State):
    """An OpenSpiel state holding a tabletome state (``tt``; None before the seed is drawn)."""

    def __init__(self, game):
        super().__init__(game)
        self.tt = None
        self.drawn = []  # the chance outcomes drawn so far (the seed's digits, most significant first)
        self.mine = [Mine() for _ in range(game.players)]  # each player's own action ids, in order

    def _game(self) -> SpielGame:
        return self.get_game()

    def current_player(self):
        tt = self.tt
        if tt is None:
            return pyspiel.PlayerId.CHANCE
        if tt.to_move is None:
            return pyspiel.PlayerId.TERMINAL
        return tt.to_move

    def _legal_actions(self, player):
        return sorted(a.id for a in self.tt.legal_actions())

    def chance_outcomes(self):
        g = self._game()
        return list(g.uniform[g.chance_widths[len(self.drawn)]])

    def _apply_action(self, action):
        if self.tt is None:
            g = self._game()
            width = g.chance_widths[len(self.drawn)]
            if not 0 <= int(action) < width:
                what = "seed" if g.seeds else "deal byte"
                raise IllegalAction(f"chance outcome {int(action)} is not a {what}: this chance node's outcomes "
                                    f"are 0 to {width - 1}")
            self.drawn.append(int(action))
            if len(self.drawn) < len(g.chance_widths):
                return
            seed = 0
            for width, digit in zip(g.chance_widths, self.drawn):
                seed = seed * width + digit
            self.tt = g.tt_game.new(players=g.players, seed=seed, **g.tt_options)
        else:
            player = self.tt.to_move
            self.tt.apply(int(action))
            self.mine[player].append(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            g = self._game()
            return f"seed {action}" if g.seeds else f"deal byte {action}"
        tt = self.tt
        table = tt.table if tt is not None else self._game().tt_game.actions
        return table[action].text

    def is_terminal(self):
        return self.tt is not None and self.tt.to_move is None

    def returns(self):
        if self.tt is None:
            return [0.0] * self._game().players
        return self.tt.returns()

    def __str__(self):
        if self.tt is None:
            return "before the deal"
        snap = self.tt.snapshot()
        snap.pop("log", None)
        return json.dumps(snap, sort_keys=True)


class Observer:
    """OpenSpiel's Python observer: strings and tensors from ``view`` / ``observation``."""

    def __init__(self, game: SpielGame, iig_obs_type):
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("tabletome observers show one seat's view or the public one, never every seat's hidden cards")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.obs_size = game.encoder.size
        self.history = self.perfect_recall and not self.public
        size = game.info_state_slices[-1][2] if self.history else self.obs_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:self.obs_size]}
        if self.history:
            for (name, start, stop), key in zip(game.info_state_slices[1:],
                                                ("my_actions", "my_action_counts", "log", "log_counts")):
                self.dict[key] = self.tensor[start:stop]
        self.cache = game.history_cache

    def _seat(self, player):
        return None if self.public else player

    def set_from(self, state, player):
        tensor = self.tensor
        if state.tt is None:
            tensor.fill(0.0)
            return
        state.tt.observation(self._seat(player), out=tensor[:self.obs_size])
        if self.history:
            tensor[self.obs_size:] = 0.0
            if len(self.cache) > 200_000:  # the CRC32s of log lines seen: kept bounded
                self.cache.clear()
            write_history(memoryview(tensor), self.obs_size, state.mine[player], state.tt.visible_log(player),
                          self.cache)

    def string_from(self, state, player):
        tt = state.tt
        if tt is None:
            return "before the deal"
        view = tt.view(self._seat(player))
        if not self.perfect_recall:
            view.pop("log", None)
        elif not self.public:
            view["my_actions"] = state.mine[player]
        return json.dumps(view, sort_keys=True)


def resampler(seed: int = 0):
    """A resampler for ``ISMCTSBot.set_resampler``: the state re-dealt by ``determinize``."""
    rng = Rng(seed)

    def resample(state, player):
        copy = state.get_game().new_initial_state()
        copy.tt = state.tt.determinize(player, rng.spawn())
        copy.drawn = list(state.drawn)
        copy.mine = [Mine(m) for m in state.mine]
        return copy

    return resample


def register_games() -> list[str]:
    """Register ``tabletome_<game>`` for every registered game (done on import); the names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in tabletome.games():
        name = short_name(game_id)
        if name not in registered:
            cls = type(f"SpielGame_{name}", (SpielGame,), {"tabletome_id": game_id})
            pyspiel.register_game(_game_type(tabletome.game(game_id)), cls)
        names.append(name)
    return names


GAME_NAMES = register_games()
