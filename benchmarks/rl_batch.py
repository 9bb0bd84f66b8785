"""VectorEnv batch: an identity hash of every observation and mask it hands out, and its cost in
instructions (valgrind) per game step. A change to an encoder or to VectorEnv that must leave the
arrays exactly as they were keeps the hashes; the counts say how much cheaper a step got.

    python benchmarks/rl_batch.py hash [--game ID ...] [--steps 150]        # JSON: a hash per game
    python benchmarks/rl_batch.py adapters [--game ID ...]                   # JSON: the adapters' hash per game
    python benchmarks/rl_batch.py count [--game ID ...] [--warm 100] [--steps 100] [--pick mask|sample]  # JSON: instructions per step

``hash``: for each game, every configuration (``game.configurations()``) and two seeds, a self-play
batch of 16 games stepped ``--steps`` (150) times with random legal ids (numpy ``default_rng(seed)``, picked from the
batch's own mask); every step's observation rows, mask rows and seats go into one SHA-256, and
every 7th step ``state.observation(s)`` of every seat and a spectator, and ``state.action_mask()``,
of every game too (the encoder as the other adapters call it, with its caches warm from the batch).
``adapters``: what Gymnasium's env and vector env, PettingZoo's AEC env and OpenSpiel's game hand
an agent on each game (``adapters()``), for the version of an adapter change alone.
``count``: ``valgrind --tool=cachegrind`` ("I refs") of a batch of 64 stepped ``--warm`` (100) +
``--steps`` (100) times, less the same batch stepped ``--warm`` times, divided by the game steps in
between (the encoders' caches filled as a running batch has them; the random ids picked from
the whole mask, or with ``--pick sample`` by ``VectorEnv.sample`` as ``rl_throughput.py`` does) (``PYTHONHASHSEED=0``; the load does
not change the counts). Run with ``PYTHONPATH=<tree>/src`` to count another tree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

from rl_throughput import pick   # the same picks as rl_throughput.py

HERE = Path(__file__).resolve()


def identity(game_id, steps, seeds=(1, 2), n=16):
    """One hash over every configuration of the game (``game.configurations()``)."""
    import tabletome
    game = tabletome.game(game_id)
    h = hashlib.sha256()
    for players, options in game.configurations():
        identity_of(h, game_id, players, options, steps, seeds, n)
    return h.hexdigest()[:16]


def identity_of(h, game_id, players, options, steps, seeds, n):
    from tabletome.rl import VectorEnv
    for seed in seeds:
        env = VectorEnv(game_id, n, players=players, seed=seed, **options)
        rng = np.random.default_rng(seed)
        for step in range(steps):
            h.update(env.obs.tobytes())
            h.update(env.mask.tobytes())
            h.update(env.seat.tobytes())
            if step % 7 == 0:
                for state in env.states:
                    for s in [*range(players), None]:
                        h.update(state.observation(s).tobytes())
                    h.update(state.action_mask().tobytes())
            env.step(pick(env.mask, rng.random(n)))
            h.update(env.rewards.tobytes())
            h.update(env.dones.tobytes())


def adapters(game_id, episodes=2, cap=400):
    """One hash of what each adapter hands an agent on the game (its default players and options):
    Gymnasium's env (its spaces with their bounds, and per step the observation, mask, reward,
    terminated, truncated and info, one illegal action taken in the second episode) and its
    vector env (observations, rewards, terminations, truncations, infos with the final ones),
    PettingZoo's AEC env (spaces, and per turn ``last()``), and OpenSpiel's game (its facts,
    and per state the player, legal actions and their texts, tensors and returns). Random legal
    ids from numpy ``default_rng`` and fixed seeds; at most ``cap`` steps an episode."""
    import gymnasium as gym

    import tabletome.rl.gymnasium as tgym
    import tabletome.rl.openspiel  # noqa: F401 (registers the games with pyspiel)
    import pyspiel
    from tabletome.rl import pettingzoo as tpz
    from tabletome.rl.openspiel import short_name

    h = hashlib.sha256()

    def put(*values):
        for v in values:
            if isinstance(v, np.ndarray) and v.dtype == object:   # (its bytes are pointers)
                put(v.shape, v.tolist())
            elif isinstance(v, np.ndarray):
                h.update(str((v.dtype, v.shape)).encode())
                h.update(np.ascontiguousarray(v).tobytes())
            elif isinstance(v, dict):
                for key in sorted(v):
                    put(key, v[key])
            elif isinstance(v, (list, tuple)):
                h.update(b"[")
                put(*v)
                h.update(b"]")
            elif isinstance(v, gym.spaces.Dict):
                put(dict(v.spaces))
            elif isinstance(v, gym.spaces.Box):
                put("box", v.low, v.high)
            elif isinstance(v, gym.spaces.Discrete):
                put("discrete", int(v.n), int(v.start))
            else:
                h.update(repr(v).encode())
            h.update(b"|")

    def choice(mask, rng):
        ids = np.flatnonzero(mask)
        return int(ids[int(rng.integers(len(ids)))])

    env = tgym.TabletomeEnv(game_id)
    put(env.observation_space, env.action_space)
    for episode in range(episodes):
        rng = np.random.default_rng(episode)
        obs, info = env.reset(seed=episode)
        put(obs, info)
        for step in range(cap):
            if episode == 1 and step == 3:   # an illegal id: the episode is lost
                action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
            else:
                action = choice(obs["action_mask"], rng)
            obs, reward, terminated, truncated, info = env.step(action)
            put(obs, reward, terminated, truncated, info)
            if terminated or truncated:
                break

    vec = tgym.TabletomeVectorEnv(game_id, num_envs=4)
    put(vec.single_observation_space, vec.observation_space, vec.action_space)
    rng = np.random.default_rng(7)
    obs, info = vec.reset(seed=7)
    put(obs, info)
    for _ in range(cap):
        actions = np.array([choice(row, rng) for row in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        put(obs, rewards, terminated, truncated, info)
    vec.close()

    aec = tpz.env(game_id)
    for episode in range(episodes):
        rng = np.random.default_rng(episode)
        aec.reset(seed=episode)
        put(aec.possible_agents, [aec.observation_space(a) for a in aec.possible_agents],
            [aec.action_space(a) for a in aec.possible_agents])
        for step, agent in enumerate(aec.agent_iter(max_iter=cap)):
            obs, reward, terminated, truncated, info = aec.last()
            put(agent, obs, reward, terminated, truncated, info)
            aec.step(None if terminated or truncated else choice(obs["action_mask"], rng))
    aec.close()

    game = pyspiel.load_game(short_name(game_id))
    put(game.num_distinct_actions(), game.num_players(), game.min_utility(), game.max_utility(),
        game.max_game_length(), game.information_state_tensor_shape(), game.observation_tensor_shape())
    for episode in range(episodes):
        rng = np.random.default_rng(episode)
        state = game.new_initial_state()
        for _ in range(cap):
            if state.is_terminal():
                break
            player = state.current_player()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.integers(len(outcomes)))][0]
                put(player, len(outcomes))
            else:
                legal = state.legal_actions()
                put(player, legal, [state.action_to_string(player, a) for a in legal],
                    np.asarray(state.information_state_tensor(player)), np.asarray(state.observation_tensor(player)))
                action = legal[int(rng.integers(len(legal)))]
            state.apply_action(action)
        put(state.is_terminal(), state.returns())
    return h.hexdigest()[:16]


def work(game_id, steps, n=64, how="mask"):
    from tabletome.rl import VectorEnv
    env = VectorEnv(game_id, n, seed=1)
    rng = np.random.default_rng(0)
    if how == "sample":
        for _ in range(steps):
            env.step(env.sample(rng.random(n)))
    else:
        for _ in range(steps):
            env.step(pick(env.mask, rng.random(n)))
    return steps * n


def refs(game_id, steps, how="mask"):
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, str(HERE), "work", "--game", game_id, "--steps", str(steps), "--pick", how],
                         capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    return int(re.search(r"I\s+refs:\s*([\d,]+)", out.stderr).group(1).replace(",", ""))


def main(argv=None):
    import tabletome
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("hash", "adapters", "count", "work"))
    ap.add_argument("--game", action="append")
    ap.add_argument("--steps", type=int)
    ap.add_argument("--warm", type=int, default=100, help="count: batch steps before the counted ones")
    ap.add_argument("--pick", choices=("mask", "sample"), default="mask",
                    help="count: the random ids picked from the whole mask (default: the cost of a policy that reads it) "
                         "or by VectorEnv.sample")
    args = ap.parse_args(argv)
    games = args.game or tabletome.games()
    if args.what == "work":
        print(work(games[0], args.steps, how=args.pick))
        return
    out = {}
    for game_id in games:
        if args.what == "hash":
            out[game_id] = identity(game_id, args.steps or 150)
        elif args.what == "adapters":
            out[game_id] = adapters(game_id)
        else:
            warm, steps = args.warm, args.steps or 100
            out[game_id] = round((refs(game_id, warm + steps, args.pick) - refs(game_id, warm, args.pick)) / (steps * 64))
        print(json.dumps({game_id: out[game_id]}), file=sys.stderr, flush=True)
    print(json.dumps({args.what: out, "src": os.path.dirname(tabletome.__file__)}))


if __name__ == "__main__":
    main()
