"""VectorEnv batch: an identity hash of every observation and mask it hands out, and its cost in
instructions (valgrind) per game step. A change to an encoder or to VectorEnv that must leave the
arrays exactly as they were keeps the hashes; the counts say how much cheaper a step got.

    python benchmarks/rl_batch.py hash [--game ID ...] [--steps 150]        # JSON: a hash per game
    python benchmarks/rl_batch.py count [--game ID ...] [--warm 100] [--steps 100] [--pick mask|sample]  # JSON: instructions per step

``hash``: for each game, every configuration (``game.configurations()``) and two seeds, a self-play
batch of 16 games stepped ``--steps`` (150) times with random legal ids (numpy ``default_rng(seed)``, picked from the
batch's own mask); every step's observation rows, mask rows and seats go into one SHA-256, and
every 7th step ``state.observation(s)`` of every seat and a spectator, and ``state.action_mask()``,
of every game too (the encoder as the other adapters call it, with its caches warm from the batch).
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
    ap.add_argument("what", choices=("hash", "count", "work"))
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
        else:
            warm, steps = args.warm, args.steps or 100
            out[game_id] = round((refs(game_id, warm + steps, args.pick) - refs(game_id, warm, args.pick)) / (steps * 64))
        print(json.dumps({game_id: out[game_id]}), file=sys.stderr, flush=True)
    print(json.dumps({args.what: out, "src": os.path.dirname(tabletome.__file__)}))


if __name__ == "__main__":
    main()
