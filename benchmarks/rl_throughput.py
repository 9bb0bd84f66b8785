"""RL env throughput: env steps per second for each game's PettingZoo env, Gymnasium env and
VectorEnv batch, side by side with PettingZoo's own classic leduc_holdem_v4 and texas_holdem_v4
(they need rlcard and pygame: pip install '.[bench]') measured in the same run.

    python benchmarks/rl_throughput.py [--seconds 5] [--batch 64] [--game spirit-link]

One step is one action applied, with the next observation and mask produced, as a learner loop
would use them: PettingZoo ``last()`` + ``step()``; Gymnasium ``step()`` (opponents random, their
moves not counted); the batch counts one step per game per ``step()``. Actions are random legal ones.
Prints one JSON object per line.
"""

import argparse
import json
import time

import numpy as np

import tabletome


def pettingzoo_rate(make_env, seconds):
    env = make_env()
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        if not env.agents:
            env.reset()
    return steps / (time.perf_counter() - t0)


def gym_rate(game_id, seconds):
    from tabletome.rl.gymnasium import TabletomeEnv
    env = TabletomeEnv(game_id, opponent="random")
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        legal = np.flatnonzero(obs["action_mask"])
        obs, r, done, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if done:
            obs, _ = env.reset()
    return steps / (time.perf_counter() - t0)


def batch_rate(game_id, n, seconds):
    from tabletome.rl import VectorEnv
    env = VectorEnv(game_id, n, seed=1)
    rng = np.random.default_rng(0)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        actions = [legal[rng.integers(len(legal))].id for legal in (s.legal_actions() for s in env.states)]
        env.step(actions)
        steps += n
    return steps / (time.perf_counter() - t0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--game", action="append")
    args = ap.parse_args()
    from tabletome.rl.pettingzoo import env as tt_env
    rows = {}
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
        for name, mod in (("leduc_holdem_v4", leduc_holdem_v4), ("texas_holdem_v4", texas_holdem_v4)):
            rows[name] = round(pettingzoo_rate(mod.env, args.seconds))
            print(json.dumps({"env": f"pettingzoo.classic.{name}", "steps_per_s": rows[name]}), flush=True)
    except ImportError as exc:
        print(json.dumps({"env": "pettingzoo.classic", "error": f"not installed: {exc}"}), flush=True)
    leduc = rows.get("leduc_holdem_v4")
    for game_id in args.game or tabletome.games():
        pz = pettingzoo_rate(lambda: tt_env(game_id), args.seconds)
        gym = gym_rate(game_id, args.seconds)
        batch = batch_rate(game_id, args.batch, args.seconds)
        row = {"game": game_id, "pettingzoo_steps_per_s": round(pz), "gymnasium_steps_per_s": round(gym),
               f"batch{args.batch}_steps_per_s": round(batch)}
        if leduc:
            row["pettingzoo_vs_leduc"] = round(pz / leduc, 2)
            row["batch_vs_leduc"] = round(batch / leduc, 2)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
