"""Masked PPO for any tabletome game, CleanRL-style in one file (PyTorch: pip install '.[train]').

    python examples/train_ppo.py --game spirit-link --minutes 30 --out runs/spirit-link-ppo.npz
    tabletome arena spirit-link --seat policy:runs/spirit-link-ppo.npz --seat heuristic --games 400

The learner plays every seat in turn against fixed opponents (``--opponents heuristic,random``:
each is given an equal share of the games, at each seat), in ``tabletome.rl.VectorEnv`` batches.
Illegal actions are masked out of the softmax (their logits set to -1e9), so the policy only ever
samples legal ids. The reward is the learner's return at the end (+1 win, -1 loss, 0 draw).

Why CleanRL-style rather than sb3-contrib's MaskablePPO: one readable file with no dependency but
torch; it drives the VectorEnv batch directly (sb3 wants one Python env object per game behind its
own VecEnv); and the actor is a plain MLP that is saved as a small .npz (``policy:PATH`` plays it
with numpy alone). The saved file is rewritten every ``--save-every`` updates, so a run stopped
early still leaves a policy. Prints one JSON line per update.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn

import tabletome
from tabletome.agents.policy import save_policy
from tabletome.rl import VectorEnv


def mlp(sizes):
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(nn.Tanh())
    return nn.Sequential(*layers)


class Agent(nn.Module):
    def __init__(self, obs_size, n_actions, hidden):
        super().__init__()
        self.actor = mlp([obs_size, *hidden, n_actions])
        self.critic = mlp([obs_size, *hidden, 1])
        with torch.no_grad():
            self.actor[-1].weight.mul_(0.01)

    def dist(self, obs, mask):
        logits = self.actor(obs).masked_fill(~mask, -1e9)
        return torch.distributions.Categorical(logits=logits)

    def value(self, obs):
        return self.critic(obs).squeeze(-1)


def export(agent, path, meta):
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
              for m in agent.actor if isinstance(m, nn.Linear)]
    tmp = path + ".tmp"
    save_policy(tmp, layers, meta)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="spirit-link")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--opponents", default="heuristic,random", help="comma-separated agent specs")
    ap.add_argument("--envs-per-group", type=int, default=8, help="games per (seat, opponent) group")
    ap.add_argument("--steps", type=int, default=128, help="steps per game per update")
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--updates", type=int, default=10**9)
    ap.add_argument("--hidden", default="128,128")
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatch", type=int, default=1024)
    ap.add_argument("--gamma", type=float, default=1.0)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent", type=float, default=0.01)
    ap.add_argument("--vf", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save-every", type=int, default=10)
    ap.add_argument("--out", default="runs/spirit-link-ppo.npz")
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    game = tabletome.game(args.game)
    players = args.players or game.default_players()
    specs = [s for s in args.opponents.split(",") if s]
    groups = []
    for seat in range(players):
        if players == 1:
            groups.append((0, None))
        else:
            groups.extend((seat, spec) for spec in specs)
    envs = [VectorEnv(args.game, args.envs_per_group, players=players, seat=seat if spec else None,
                      opponent=spec, seed=args.seed * 1000 + i) for i, (seat, spec) in enumerate(groups)]
    obs_size = envs[0].encoder.size
    n_actions = envs[0].n_actions
    hidden = [int(h) for h in args.hidden.split(",")]
    agent = Agent(obs_size, n_actions, hidden)
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    meta = {"game": args.game, "players": players, "options": {}, "obs_size": obs_size,
            "num_actions": n_actions, "hidden": hidden, "trained_against": specs, "algorithm": "masked PPO"}
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)

    N = sum(e.n for e in envs)
    T = args.steps
    obs_buf = torch.zeros((T, N, obs_size))
    mask_buf = torch.zeros((T, N, n_actions), dtype=torch.bool)
    act_buf = torch.zeros((T, N), dtype=torch.long)
    logp_buf = torch.zeros((T, N))
    rew_buf = torch.zeros((T, N))
    done_buf = torch.zeros((T, N))
    val_buf = torch.zeros((T, N))

    def current():
        return (np.concatenate([e.obs for e in envs]), np.concatenate([e.mask for e in envs]))

    for e in envs:
        e.reset()
    next_obs, next_mask = current()
    start = time.time()
    total_steps = 0
    results = {str(g): [] for g in groups}
    update = 0
    while update < args.updates and time.time() - start < args.minutes * 60:
        update += 1
        frac = max(0.0, 1.0 - (time.time() - start) / (args.minutes * 60))
        opt.param_groups[0]["lr"] = args.lr * max(frac, 0.05)
        for t in range(T):
            o = torch.from_numpy(next_obs)
            m = torch.from_numpy(next_mask)
            obs_buf[t], mask_buf[t] = o, m
            with torch.no_grad():
                d = agent.dist(o, m)
                a = d.sample()
                logp_buf[t] = d.log_prob(a)
                val_buf[t] = agent.value(o)
            act_buf[t] = a
            acts = a.numpy()
            k = 0
            rews, dones = [], []
            for g, e in zip(groups, envs):
                _, _, _, r, dn = e.step(acts[k:k + e.n])
                r = r if r.ndim == 1 else r[:, 0]
                rews.append(r.copy())
                dones.append(dn.copy())
                for i in np.flatnonzero(dn):
                    results[str(g)].append(float(r[i]))
                k += e.n
            rew_buf[t] = torch.from_numpy(np.concatenate(rews))
            done_buf[t] = torch.from_numpy(np.concatenate(dones).astype(np.float32))
            next_obs, next_mask = current()
            total_steps += N
        with torch.no_grad():
            next_value = agent.value(torch.from_numpy(next_obs))
            adv = torch.zeros((T, N))
            last = torch.zeros(N)
            for t in reversed(range(T)):
                nv = next_value if t == T - 1 else val_buf[t + 1]
                nonterminal = 1.0 - done_buf[t]
                delta = rew_buf[t] + args.gamma * nv * nonterminal - val_buf[t]
                last = delta + args.gamma * args.lam * nonterminal * last
                adv[t] = last
            ret = adv + val_buf
        b_obs, b_mask = obs_buf.reshape(T * N, -1), mask_buf.reshape(T * N, -1)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = adv.reshape(-1), ret.reshape(-1)
        idx = np.arange(T * N)
        for _ in range(args.epochs):
            np.random.shuffle(idx)
            for s in range(0, T * N, args.minibatch):
                mb = torch.from_numpy(idx[s:s + args.minibatch])
                d = agent.dist(b_obs[mb], b_mask[mb])
                logp = d.log_prob(b_act[mb])
                ratio = (logp - b_logp[mb]).exp()
                a_mb = b_adv[mb]
                a_mb = (a_mb - a_mb.mean()) / (a_mb.std() + 1e-8)
                pg = torch.max(-a_mb * ratio, -a_mb * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                v_loss = 0.5 * ((agent.value(b_obs[mb]) - b_ret[mb]) ** 2).mean()
                loss = pg + args.vf * v_loss - args.ent * d.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                opt.step()
        row = {"update": update, "minutes": round((time.time() - start) / 60, 2), "env_steps": total_steps,
               "steps_per_s": round(total_steps / (time.time() - start))}
        for g, rs in results.items():
            recent = rs[-200:]
            if recent:
                row[f"win_rate {g}"] = round(sum(r > 0 for r in recent) / len(recent), 3)
        print(json.dumps(row), flush=True)
        if update % args.save_every == 0:
            export(agent, args.out, dict(meta, updates=update, env_steps=total_steps,
                                         minutes=round((time.time() - start) / 60, 1)))
    export(agent, args.out, dict(meta, updates=update, env_steps=total_steps,
                                 minutes=round((time.time() - start) / 60, 1)))
    print(json.dumps({"saved": args.out, "updates": update, "env_steps": total_steps,
                      "minutes": round((time.time() - start) / 60, 1)}), flush=True)


if __name__ == "__main__":
    main()
