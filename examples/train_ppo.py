"""Masked PPO for any tabletome game, CleanRL-style in one file (PyTorch: pip install '.[train]').

    python examples/train_ppo.py --game spirit-link --minutes 30 --out runs/spirit-link-ppo.npz
    tabletome arena spirit-link --seat policy:runs/spirit-link-ppo.npz --seat heuristic --games 400

The learner plays every seat in turn against fixed opponents (``--opponents heuristic,random``:
each is given an equal share of the games, at each seat), in ``tabletome.rl.VectorEnv`` batches.
The softmax runs over the legal ids alone (``env.legal``): the same policy as the whole row of
logits with the illegal ids masked out, computed only where it matters (Bad Baby Lich Lords offers
about 3 of its 10,351 ids at a time). The reward is the learner's return at the end (+1 win, -1
loss, 0 draw).

``--seat-input`` gives the network the seat it plays (one-hot, after the observation). The
observation is turned so that the observer's own come first, but a game's action ids may name
seats or sides absolutely (Bad Baby Lich Lords' "raise realm 2 north 1" is one's own side for one
seat and the rival's for the other): without its seat a network cannot tell which one an id
means. The saved file says so (``seat_input``) and ``policy:`` appends the same one-hot.

``--shaping W`` adds potential-based shaping (Ng, Harada and Russell 1999) to the reward: with
``phi(s) = 2 * game.evaluate(s, seat) - 1`` (the game's own heuristic estimate of the learner's
chance, as search cut-offs use; 0 once a game is over), each step earns ``W * (phi(s') - phi(s))``
besides the return. It telescopes to ``-W * phi(start)`` over a game, so it leaves the best policy
as it is, but it pays for progress at once (a realm nearly satisfied, noise made) where the
return comes only at the end: Bad Baby Lich Lords' games are about 250 decisions long. Training
only: the evaluation reads the true state; the network still sees only the observation.

``--imitate SPEC`` first copies an agent (behaviour cloning): for ``--imitate-minutes`` that agent
plays the learner's seat in the same batches, its choices at every decision with more than one
legal action are kept with the observation, and the actor is then fitted to them (cross-entropy
over the legal ids, ``--imitate-epochs``); PPO starts from there. Where PPO alone does not find a
foothold in the time it has (Bad Baby Lich Lords, whose games are long and whose realms' wants are
hashed in the observation), starting from the heuristic's choices does.

``--afterstate`` (with ``--imitate``) trains an afterstate policy instead: one score for each
legal action, read from the seat's observation after that action is played on a determinized copy
(``tabletome.agents.policy.afterstates``, as ``policy:`` plays it), fitted to the copied agent's
choices (a softmax over each decision's scores). Bad Baby Lich Lords needs it: its action ids name
places ("fight realm 1 south 3") while its observation sums each side of a realm, so a network that
reads the observation once cannot tell which card an id names; the position after the action
shows what it did. It is trained by imitation only (``--minutes 0``: PPO over afterstates is not built).

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

try:
    import torch
    import torch.nn as nn
except ImportError:
    raise SystemExit("examples/train_ppo.py needs PyTorch (CPU): pip install 'tabletome[train]'") from None

import tabletome
from tabletome.agents.policy import afterstates, save_policy, with_seat
from tabletome.core import Rng
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

    def dist(self, obs, ids, valid):
        """The policy over each row's legal ids ``ids`` (padded; ``valid`` marks the real ones):
        the actor's last layer is evaluated at those ids only."""
        h = self.actor[:-1](obs)
        head = self.actor[-1]
        logits = torch.einsum("bkh,bh->bk", head.weight[ids], h) + head.bias[ids]
        return torch.distributions.Categorical(logits=logits.masked_fill(~valid, -1e9))

    def value(self, obs):
        return self.critic(obs).squeeze(-1)


def export(agent, path, meta):
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
              for m in agent.actor if isinstance(m, nn.Linear)]
    tmp = path + ".tmp"
    save_policy(tmp, layers, meta)
    os.replace(tmp, path)


def imitate(args, envs, agent, opt, current):
    """Behaviour cloning: ``args.imitate`` plays the learner's seat of every game for
    ``args.imitate_minutes``; the actor is fitted to its choices where it had one to make."""
    if any(e.learner is None for e in envs):
        raise SystemExit("--imitate needs opponents (the copied agent plays the learner's seat)")
    experts = [[tabletome.agent(args.imitate, seed=args.seed * 100_000 + 1000 * k + i) for i in range(e.n)]
               for k, e in enumerate(envs)]
    obs_rows, id_rows, valid_rows, picks = [], [], [], []
    start = time.time()
    games = wins = 0
    while time.time() - start < args.imitate_minutes * 60:
        obs, ids, valid = current()
        chosen = []
        for k, e in enumerate(envs):
            chosen.append(np.array([experts[k][i].choose(e.states[i]).id for i in range(e.n)], dtype=np.int64))
        chosen = np.concatenate(chosen)
        place = np.argmax(ids == chosen[:, None], axis=1)
        keep = valid.sum(axis=1) > 1
        obs_rows.append(obs[keep])
        id_rows.append(ids[keep])
        valid_rows.append(valid[keep])
        picks.append(place[keep])
        k = 0
        for e in envs:
            _, _, _, r, dn = e.step(chosen[k:k + e.n])
            games += int(dn.sum())
            wins += int((r[dn] > 0).sum())
            k += e.n
    width = max(i.shape[1] for i in id_rows)
    pad = lambda rows, fill: np.concatenate([np.pad(r, ((0, 0), (0, width - r.shape[1])), constant_values=fill)
                                             for r in rows])
    b_obs = torch.from_numpy(np.concatenate(obs_rows))
    b_ids, b_valid = torch.from_numpy(pad(id_rows, 0)), torch.from_numpy(pad(valid_rows, False))
    b_pick = torch.from_numpy(np.concatenate(picks))
    n = len(b_pick)
    print(json.dumps({"imitate": args.imitate, "decisions": n, "games": games, "its_win_rate": round(wins / max(games, 1), 3),
                      "minutes": round((time.time() - start) / 60, 2)}), flush=True)
    idx = np.arange(n)
    for epoch in range(args.imitate_epochs):
        np.random.shuffle(idx)
        right = 0
        for s in range(0, n, args.minibatch):
            mb = torch.from_numpy(idx[s:s + args.minibatch])
            d = agent.dist(b_obs[mb], b_ids[mb], b_valid[mb])
            loss = -d.log_prob(b_pick[mb]).mean()
            right += int((d.logits.argmax(-1) == b_pick[mb]).sum())
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
            opt.step()
        print(json.dumps({"imitate_epoch": epoch + 1, "agreement": round(right / n, 3), "loss": round(float(loss.detach()), 4)}),
              flush=True)
    for e in envs:   # PPO starts from fresh games
        e.reset()


def imitate_afterstates(args, envs, agent, opt, seat_input, save):
    """``--afterstate``: the copied agent plays the learner's seat; at each decision with a choice,
    the afterstates of every legal action are kept (float16) with the place of its choice; the
    scores' softmax over each decision is then fitted to it."""
    if any(e.learner is None for e in envs):
        raise SystemExit("--imitate needs opponents (the copied agent plays the learner's seat)")
    experts = [[tabletome.agent(args.imitate, seed=args.seed * 100_000 + 1000 * k + i) for i in range(e.n)]
               for k, e in enumerate(envs)]
    rng = Rng(args.seed)
    rows, starts, picks = [], [], []
    count = games = wins = 0
    start = time.time()
    while time.time() - start < args.imitate_minutes * 60 and len(picks) < args.imitate_max:
        for k, e in enumerate(envs):
            chosen = np.zeros(e.n, dtype=np.int64)
            for i in range(e.n):
                state = e.states[i]
                action = experts[k][i].choose(state)
                chosen[i] = action.id
                legal = state.legal_actions()
                if len(legal) > 1:
                    x = with_seat(afterstates(state, e.learner, legal, rng), e.learner, seat_input)
                    rows.append(x.astype(np.float16))
                    starts.append(count)
                    count += len(legal)
                    picks.append(next(j for j, a in enumerate(legal) if a.id == action.id))
            _, _, _, r, dn = e.step(chosen)
            games += int(dn.sum())
            wins += int((r[dn] > 0).sum())
    X = torch.from_numpy(np.concatenate(rows))
    starts = np.array(starts + [count])
    sizes = np.diff(starts)
    n = len(picks)
    b_pick = torch.tensor(picks)
    print(json.dumps({"imitate": args.imitate, "afterstate": True, "decisions": n, "afterstates": count,
                      "games": games, "its_win_rate": round(wins / max(games, 1), 3),
                      "minutes": round((time.time() - start) / 60, 2)}), flush=True)
    idx = np.arange(n)
    batch = max(1, args.minibatch // 4)
    for epoch in range(args.imitate_epochs):
        np.random.shuffle(idx)
        right = 0
        for s in range(0, n, batch):
            mb = idx[s:s + batch]
            width = int(sizes[mb].max())
            place = starts[mb][:, None] + np.arange(width)[None, :]
            valid = np.arange(width)[None, :] < sizes[mb][:, None]
            flat = np.where(valid, place, 0)
            scores = agent.actor(X[torch.from_numpy(flat.reshape(-1))].float()).reshape(len(mb), width)
            scores = scores.masked_fill(~torch.from_numpy(valid), -1e9)
            target = b_pick[torch.from_numpy(mb)]
            loss = nn.functional.cross_entropy(scores, target)
            right += int((scores.argmax(-1) == target).sum())
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
            opt.step()
        print(json.dumps({"imitate_epoch": epoch + 1, "agreement": round(right / n, 3),
                          "loss": round(float(loss.detach()), 4)}), flush=True)
        save(epoch + 1)


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
    ap.add_argument("--seat-input", action="store_true", help="give the network its seat (one-hot)")
    ap.add_argument("--shaping", type=float, default=0.0, help="weight of the game.evaluate potential shaping")
    ap.add_argument("--imitate", default=None, help="an agent spec to copy before PPO (behaviour cloning)")
    ap.add_argument("--imitate-minutes", type=float, default=5.0)
    ap.add_argument("--imitate-epochs", type=int, default=10)
    ap.add_argument("--imitate-out", default=None, help="also save the policy as it is after cloning here")
    ap.add_argument("--afterstate", action="store_true", help="score each legal action by the observation after it")
    ap.add_argument("--imitate-max", type=int, default=60_000, help="most decisions --afterstate keeps")
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
    seat_input = players if args.seat_input else 0
    if args.afterstate and (not args.imitate or args.minutes > 0):
        raise SystemExit("--afterstate is trained by imitation only: give --imitate SPEC and --minutes 0")
    agent = Agent(obs_size + seat_input, 1 if args.afterstate else n_actions, hidden)
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    meta = {"game": args.game, "players": players, "options": {}, "obs_size": obs_size,
            "num_actions": n_actions, "hidden": hidden, "trained_against": specs, "algorithm": "masked PPO"}
    if args.shaping:
        meta["shaping"] = args.shaping
    if seat_input:
        meta["seat_input"] = seat_input
    if args.afterstate:
        meta["afterstate"] = True
    seat_eye = np.eye(max(seat_input, 1), dtype=np.float32)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)

    N = sum(e.n for e in envs)
    T = args.steps
    obs_buf = torch.zeros((T, N, obs_size + seat_input))
    ids_buf = [None] * T      # each step's legal ids (N, K), padded with id 0
    valid_buf = [None] * T    # which of them are real
    act_buf = torch.zeros((T, N), dtype=torch.long)   # the place of the action taken in its row of ids
    logp_buf = torch.zeros((T, N))
    rew_buf = torch.zeros((T, N))
    done_buf = torch.zeros((T, N))
    val_buf = torch.zeros((T, N))

    def current():
        obs = np.concatenate([e.obs for e in envs])
        if seat_input:
            obs = np.concatenate([obs, seat_eye[np.concatenate([e.seat for e in envs])]], axis=1)
        counts = np.concatenate([e.legal_count for e in envs])
        k = int(counts.max())
        ids = np.concatenate([e.legal[:, :k] for e in envs]).astype(np.int64)
        valid = np.arange(k)[None, :] < counts[:, None]
        return obs, np.where(valid, ids, 0), valid

    for e in envs:
        e.reset()
    if args.afterstate:
        imitate_afterstates(args, envs, agent, opt, seat_input,
                            lambda epoch: export(agent, args.out, dict(meta, imitated=args.imitate, epochs=epoch)))
    elif args.imitate:
        imitate(args, envs, agent, opt, current)
        if args.imitate_out:
            export(agent, args.imitate_out, dict(meta, imitated=args.imitate, updates=0, env_steps=0))
    if args.shaping and any(e.learner is None for e in envs):
        raise SystemExit("--shaping needs opponents (the learner's seat is the one evaluated)")

    def potentials():
        """phi of every game's state for its learner (needs the games in this process)."""
        return np.array([2.0 * game.evaluate(e.states[i], e.learner) - 1.0
                         for e in envs for i in range(e.n)], dtype=np.float32)

    if args.shaping:
        if game.evaluate(envs[0].states[0], envs[0].learner) is None:
            raise SystemExit(f"--shaping: {args.game} has no evaluate (game.evaluate gives None)")
        phi = potentials()
    next_obs, next_ids, next_valid = current()
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
            ids, valid = torch.from_numpy(next_ids), torch.from_numpy(next_valid)
            obs_buf[t], ids_buf[t], valid_buf[t] = o, ids, valid
            with torch.no_grad():
                d = agent.dist(o, ids, valid)
                a = d.sample()
                logp_buf[t] = d.log_prob(a)
                val_buf[t] = agent.value(o)
            act_buf[t] = a
            acts = next_ids[np.arange(N), a.numpy()]
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
            rew = np.concatenate(rews)
            done = np.concatenate(dones)
            if args.shaping:
                new_phi = potentials()
                rew = rew + args.shaping * (np.where(done, 0.0, new_phi) - phi)
                phi = new_phi
            rew_buf[t] = torch.from_numpy(rew.astype(np.float32))
            done_buf[t] = torch.from_numpy(done.astype(np.float32))
            next_obs, next_ids, next_valid = current()
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
        width = max(i.shape[1] for i in ids_buf)
        b_obs = obs_buf.reshape(T * N, -1)
        b_ids = torch.cat([nn.functional.pad(i, (0, width - i.shape[1])) for i in ids_buf])
        b_valid = torch.cat([nn.functional.pad(v, (0, width - v.shape[1])) for v in valid_buf])
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = adv.reshape(-1), ret.reshape(-1)
        idx = np.arange(T * N)
        for _ in range(args.epochs):
            np.random.shuffle(idx)
            for s in range(0, T * N, args.minibatch):
                mb = torch.from_numpy(idx[s:s + args.minibatch])
                d = agent.dist(b_obs[mb], b_ids[mb], b_valid[mb])
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
