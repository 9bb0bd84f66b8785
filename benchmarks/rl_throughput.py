"""RL env throughput: env steps per second for each game's PettingZoo env, Gymnasium env and
VectorEnv batch, side by side with PettingZoo's own classic leduc_holdem_v4 and texas_holdem_v4
(they need rlcard and pygame: pip install '.[bench]') measured in the same run.

    python benchmarks/rl_throughput.py [--seconds 1] [--rounds 5] [--batch 64] [--game spirit-link] [--clock cpu|wall]
                                       [--workers 2] [--only batch|gym_vector] [--pick sample|mask]
                                       [--src old=/path/to/old/src --src new=src]

One step is one action applied, with the next observation and mask produced, as a learner loop
would use them: PettingZoo ``last()`` + ``step()``; Gymnasium ``step()`` (opponents random, their
moves not counted); the batch counts one step per game per ``step()`` (its random agent is
``VectorEnv.sample``, a random legal id per game read from the batch's legal-id lists in one numpy
lookup, as a policy that scores only the legal actions reads them; ``--pick mask`` picks from the
batch's mask instead, scanning all of it, as a policy that scores every action does). Actions are random legal ones.
``--workers k`` also measures ``VectorEnv(workers=k)``, whose games step in k processes: measure
it with ``--clock wall`` (CPU seconds of this process miss the workers' time). ``gym_vector``
measures Gymnasium's ``make_vec`` (``TabletomeVectorEnv``) beside the ``VectorEnv`` it wraps, both a
learner at seat 0 against random opponents (only the learner's steps counted, the same ids picked):
``gym_vector_vs_learner_batch`` is its speed as a fraction of the batch's.
Every env is measured in short slices, interleaved round after round, and the median slice is
reported, so a busy machine slows them all alike; slices are timed in CPU seconds of this process
(``time.process_time``; ``--clock wall`` for wall time), steps per CPU second being what a shared
machine disturbs least. The first line gives the clock and the machine's load average. Prints one JSON object per line.

``--src LABEL=PATH`` (twice or more) compares versions of tabletome: each runs in its own process
(``PYTHONPATH=PATH``, with its own leduc), and their slices are interleaved one by one (env by env,
version by version, the order of the versions alternating from round to round), so a load that
comes and goes falls on all alike; each row then carries its ``src`` label.
"""

import argparse
import json
import os
import statistics
import time

import numpy as np

import tabletome

# Slices are timed in CPU seconds of this process (time.process_time) by default, so that a
# machine shared with other jobs slows the measured envs little; --clock wall uses wall time.
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


class PettingZooLoop:
    """PettingZoo ``last()`` + ``step()`` with random legal actions; ``run(seconds)`` -> steps/s."""

    def __init__(self, make_env):
        self.env = make_env()
        self.env.reset(seed=1)
        self.rng = np.random.default_rng(0)

    def run(self, seconds):
        env, rng = self.env, self.rng
        steps, t0 = 0, clock()
        while clock() - t0 < seconds:
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
            else:
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
            if not env.agents:
                env.reset()
        return steps / (clock() - t0)


class GymLoop:
    """The Gymnasium env against random opponents (their moves not counted)."""

    def __init__(self, game_id):
        from tabletome.rl.gymnasium import TabletomeEnv
        self.env = TabletomeEnv(game_id, opponent="random")
        self.obs, _ = self.env.reset(seed=1)
        self.rng = np.random.default_rng(0)

    def run(self, seconds):
        env, rng = self.env, self.rng
        steps, t0 = 0, clock()
        while clock() - t0 < seconds:
            legal = np.flatnonzero(self.obs["action_mask"])
            self.obs, r, done, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if done:
                self.obs, _ = env.reset()
        return steps / (clock() - t0)


def legal_ids(mask):
    """Every legal id of a batch's mask, row by row: ``(rows, cols)`` as ``np.nonzero(mask)`` gives
    them. A wide mask (Bad Baby Lich Lords' has 10,351 ids a row, a few of them legal) is scanned
    eight bytes at a time first, so only the words holding a legal id are looked at closely."""
    flat = mask.reshape(-1)
    if flat.size < 4096 or flat.size % 8:
        return np.nonzero(mask)
    words = np.flatnonzero(flat.view(np.uint64))
    w, b = np.nonzero(flat.reshape(-1, 8)[words])
    return np.divmod(words[w] * 8 + b, mask.shape[1])


def pick(mask, u):
    """A random legal id per row of a batch's mask (``u``: one uniform draw per row)."""
    rows, cols = legal_ids(mask)
    counts = np.bincount(rows, minlength=len(mask))
    return cols[np.cumsum(counts) - counts + (u * counts).astype(np.int64)]


class BatchLoop:
    """VectorEnv self-play: one step per game per ``step()``."""

    def __init__(self, game_id, n, workers=1, from_mask=False):
        from tabletome.rl import VectorEnv
        self.from_mask = from_mask
        extra = {"workers": workers} if workers > 1 else {}
        self.env = VectorEnv(game_id, n, seed=1, **extra)
        self.rng = np.random.default_rng(0)

    def run(self, seconds):
        env, rng = self.env, self.rng
        steps, t0 = 0, clock()
        if self.from_mask:
            while clock() - t0 < seconds:
                env.step(pick(env.mask, rng.random(env.n)))  # a vectorised random agent
                steps += env.n
        else:
            while clock() - t0 < seconds:
                env.step(env.sample(rng.random(env.n)))
                steps += env.n
        return steps / (clock() - t0)


class LearnerBatchLoop:
    """``--only gym_vector``: the learner's steps in a batch against random opponents (their moves
    not counted), through ``VectorEnv(seat=0, opponent="random")`` itself or through Gymnasium's
    ``make_vec`` of it (``TabletomeVectorEnv``, copying its arrays each step as it does by
    default); the same random legal ids (``VectorEnv.sample``) in both."""

    def __init__(self, game_id, n, gym):
        from tabletome.rl import VectorEnv
        if gym:
            import gymnasium
            from tabletome.rl import gym_id
            import tabletome.rl.gymnasium  # noqa: F401 (registers the ids)
            self.env = gymnasium.make_vec(gym_id(game_id), num_envs=n, opponent="random")
            self.env.reset(seed=1)
            self.batch = self.env.unwrapped.batch
        else:
            self.env = self.batch = VectorEnv(game_id, n, seed=1, seat=0, opponent="random")
        self.rng = np.random.default_rng(0)

    def run(self, seconds):
        env, batch, rng = self.env, self.batch, self.rng
        steps, t0 = 0, clock()
        while clock() - t0 < seconds:
            env.step(batch.sample(rng.random(batch.n)))
            steps += batch.n
        return steps / (clock() - t0)


def build_loops(args):
    """Every env to measure, by a name: ``leduc_holdem_v4``, ``texas_holdem_v4``, ``GAME|KIND``."""
    from tabletome.rl.pettingzoo import env as tt_env
    loops = {}
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
        loops["leduc_holdem_v4"] = PettingZooLoop(leduc_holdem_v4.env)
        loops["texas_holdem_v4"] = PettingZooLoop(texas_holdem_v4.env)
    except ImportError as exc:
        print(json.dumps({"env": "pettingzoo.classic", "error": f"not installed: {exc}"}), flush=True)
    only = set(args.only or ("pettingzoo", "gymnasium", "batch", "gym_vector"))
    for game_id in games_of(args):
        if "pettingzoo" in only:
            loops[f"{game_id}|pettingzoo"] = PettingZooLoop(lambda g=game_id: tt_env(g))
        if "gymnasium" in only:
            loops[f"{game_id}|gymnasium"] = GymLoop(game_id)
        if "batch" in only:
            from_mask = args.pick == "mask"
            loops[f"{game_id}|batch{args.batch}"] = BatchLoop(game_id, args.batch, from_mask=from_mask)
            if args.workers > 1:
                loops[f"{game_id}|batch{args.batch}_workers{args.workers}"] = BatchLoop(game_id, args.batch, args.workers,
                                                                                        from_mask)
        if "gym_vector" in only:
            loops[f"{game_id}|learner_batch{args.batch}"] = LearnerBatchLoop(game_id, args.batch, gym=False)
            loops[f"{game_id}|gym_vector{args.batch}"] = LearnerBatchLoop(game_id, args.batch, gym=True)
    return loops


def games_of(args):
    return args.game or tabletome.games()


def close(loops):
    for loop in loops.values():
        if isinstance(loop, (BatchLoop, LearnerBatchLoop)) and hasattr(loop.env, "close"):
            loop.env.close()


def report(median, args, src=None):
    """The rows for one version: leduc and texas, then each game's envs with their ratios to leduc."""
    tag = {} if src is None else {"src": src}
    for name in ("leduc_holdem_v4", "texas_holdem_v4"):
        if name in median:
            print(json.dumps({**tag, "env": f"pettingzoo.classic.{name}", "steps_per_s": round(median[name])}), flush=True)
    leduc = median.get("leduc_holdem_v4")
    batch = f"batch{args.batch}"
    for game_id in games_of(args):
        row = {**tag, "game": game_id}
        for kind in ("pettingzoo", "gymnasium", batch, f"{batch}_workers{args.workers}"):
            rate = median.get(f"{game_id}|{kind}")
            if rate is not None:
                row[f"{kind}_steps_per_s"] = round(rate)
                if leduc and kind != "gymnasium":
                    row[f"{'batch' if kind == batch else kind}_vs_leduc"] = round(rate / leduc, 2)
        learner, gym = median.get(f"{game_id}|learner_{batch}"), median.get(f"{game_id}|gym_vector{args.batch}")
        if learner and gym:
            row.update({f"learner_{batch}_steps_per_s": round(learner), f"gym_vector{args.batch}_steps_per_s": round(gym),
                        "gym_vector_vs_learner_batch": round(gym / learner, 3)})
        print(json.dumps(row), flush=True)


def serve(args):
    """``--serve``: build the loops, say their names, then run one slice per name read from stdin."""
    import sys
    loops = build_loops(args)
    print(json.dumps(list(loops)), flush=True)
    for line in sys.stdin:
        name = line.strip()
        if not name:
            break
        print(json.dumps(loops[name].run(args.seconds)), flush=True)
    close(loops)


def served_names(proc, label):
    """The names a serving process measures, passing on first any row it printed before them (an
    env it could not build, such as PettingZoo's classic games without their extra)."""
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"rl_throughput: the process for --src {label} ended before it said what it measures")
        got = json.loads(line)
        if isinstance(got, list):
            return got
        print(json.dumps({"src": label, **got}), flush=True)


def compare(args, passed):
    """``--src``: one serving process per version, their slices interleaved."""
    import subprocess
    import sys
    procs = {}
    for spec in args.src:
        label, _, path = spec.partition("=")
        env = dict(os.environ, PYTHONPATH=os.path.abspath(path))
        procs[label] = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve", *passed], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    names = {label: served_names(p, label) for label, p in procs.items()}
    labels = list(procs)
    rates = {label: {name: [] for name in names[label]} for label in labels}
    for r in range(args.rounds):
        for name in names[labels[0]]:
            for label in (labels if r % 2 == 0 else labels[::-1]):
                if name in rates[label]:
                    procs[label].stdin.write(name + "\n")
                    procs[label].stdin.flush()
                    rates[label][name].append(json.loads(procs[label].stdout.readline()))
    for label, p in procs.items():
        p.stdin.write("\n")
        p.stdin.close()
        p.wait()
        report({name: statistics.median(r) for name, r in rates[label].items() if r}, args, label)
    print(json.dumps({"load_average_1_5_15_min_at_end": [round(x, 1) for x in os.getloadavg()]}), flush=True)


def main():
    import sys
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0, help="length of one measurement slice")
    ap.add_argument("--rounds", type=int, default=5, help="slices per env, interleaved; the median is reported")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--game", action="append")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    ap.add_argument("--workers", type=int, default=1, help="also measure VectorEnv(workers=k)")
    ap.add_argument("--pick", choices=["sample", "mask"], default="sample",
                    help="the batch's random agent: VectorEnv.sample (default) or a pick from the whole mask")
    ap.add_argument("--only", choices=["pettingzoo", "gymnasium", "batch", "gym_vector"], action="append",
                    help="measure only these tabletome envs (leduc and texas always); gym_vector: Gymnasium's "
                         "make_vec beside the VectorEnv it wraps, a learner against random opponents")
    ap.add_argument("--src", action="append", help="LABEL=PATH: compare versions of tabletome (see above)")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    if args.serve:
        serve(args)
        return
    print(json.dumps({"clock": args.clock, "load_average_1_5_15_min": [round(x, 1) for x in os.getloadavg()],
                      "cpus": os.cpu_count()}), flush=True)
    if args.src:
        passed = []
        skip = False
        for a in sys.argv[1:]:  # the same options, less --src
            if skip:
                skip = False
            elif a == "--src":
                skip = True
            elif not a.startswith("--src="):
                passed.append(a)
        compare(args, passed)
        return
    loops = build_loops(args)
    # Interleaved slices: every env sees the same share of a busy machine's ups and downs.
    rates = {key: [] for key in loops}
    for _ in range(args.rounds):
        for key, loop in loops.items():
            rates[key].append(loop.run(args.seconds))
    report({key: statistics.median(r) for key, r in rates.items()}, args)
    close(loops)


if __name__ == "__main__":
    main()
