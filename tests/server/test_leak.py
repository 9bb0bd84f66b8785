"""No message to a seat carries another seat's hidden information.

Whole games of every registered game (and its player counts) are played through a real server by
one WebSocket per seat plus a spectator, each seat also trying moves out of turn. Every message
each page received is then checked against the game itself, as tests/conformance does for views:
a seat's message must be the same when everything that seat cannot see is re-dealt
(``determinize(seat, rng)``), so it depends only on what the seat may see; a spectator's must be
the same under every seat's re-deal. Log lines must be exactly the seat's visible log, and no
other seat's private line may reach it. A state after the first carries its view as a diff
against the page's previous state: the view reassembled from it must be exactly what the seat may
see, and every value the diff carries must be that view's own.
"""

import random

import pytest

import tabletome
from tabletome.core import Rng
from tabletome.server.protocol import seat_payload

from .helpers import Client, seat


def configurations():
    configs = []
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        seen = set()
        for players, options in game.configurations():
            if players not in seen:          # every player count, with its first valid option set
                seen.add(players)
                configs.append((game_id, players, options))
    return configs


CONFIGS = configurations()


def fields(message):
    return {"to_move": message["to_move"], "over": message["over"], "view": message["view"],
            "legal": message["legal"]}


def expected(state, who):
    p = seat_payload(state, who)
    return {"to_move": p["to_move"], "over": p["over"], "view": p["view"], "legal": p["legal"]}, p["log_all"]


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c[0]}-{c[1]}p" for c in CONFIGS])
def test_every_message_shows_only_what_its_seat_may_see(server, config):
    game_id, players, options = config
    table = server.create(game_id, players=players, options=options, seed=21,
                          seats=[{"agent": None}] * players)
    # a seat the game plays by its own rules (Life & Legend's AI cards) has no token and no page
    by_rules = tabletome.game(game_id).rule_seats(players, options)
    assert all((table["seats"][i]["token"] is None) == (i in by_rules) for i in range(players))
    pages = {i: Client(server) for i in range(players) if i not in by_rules}
    for i, c in pages.items():
        assert c.hello(*seat(table, i))["type"] == "state"
    pages[None] = Client(server)
    pages[None].hello(table["id"])
    rng = random.Random(5)
    step = 0
    while step < 1500:
        for c in pages.values():
            c.at_step(step)
        movers = [c for s, c in pages.items() if s is not None and c.state["to_move"] == s and not c.state["over"]]
        if not movers:
            break
        mover = movers[0]
        legal = mover.state["legal"]
        if step % 7 == 0:        # another seat tries the mover's own choices, out of turn
            for s, c in pages.items():
                if s is not None and c is not mover:
                    c.send({"type": "move", "action": legal[0]["text"], "step": step})
                    c.send({"type": "move", "action": legal[-1]["id"]})
                    c.send({"type": "hint"})
        mover.send({"type": "move", "action": rng.choice(legal)["id"], "step": step})
        step += 1
    for c in pages.values():
        c.at_step(step)
        c.drain(0.1)
    assert pages[None].state["over"], f"the game did not end within {step} moves"
    record = server.get(f"/api/tables/{table['id']}/record").json()
    history = record["actions"]
    assert len(history) == step

    # rebuild every position from the table's own record and check each message sent at it
    by_step = {}
    for who, c in pages.items():
        for m in c.messages:
            if m["type"] == "state":
                by_step.setdefault(m["step"], []).append((who, m))
            elif m["type"] == "error":
                assert m["code"] in ("not-your-turn", "stale", "illegal", "spectator"), m
    state = tabletome.game(game_id).new(players=players, seed=record["seed"], **record["options"])
    logs = {who: [] for who in pages}
    checked = diffs = 0
    for k in range(len(history) + 1):
        snap_log = state.snapshot()["log"]
        for who, m in by_step.get(k, []):
            want, log_all = expected(state, who)
            assert fields(m) == want, f"step {k}, seat {who}: the message is not what the seat may see"
            if "diff" in m:          # the view reassembled from it is checked above; the diff itself:
                diffs += 1
                assert all(want["view"][key] == value for key, value in m["diff"]["set"].items()), \
                    f"step {k}, seat {who}: a diff carries a value the seat's view does not hold"
                assert m["diff"].get("keys", list(want["view"])) == list(want["view"]), f"step {k}: the diff's keys"
            logs[who] = logs[who][:m["log"]["from"]] + m["log"]["lines"]
            assert logs[who] == log_all, f"step {k}, seat {who}: log lines differ from its visible log"
            others = {text for line_seat, text in snap_log if line_seat is not None and line_seat != who}
            mine = {text for line_seat, text in snap_log if line_seat is None or line_seat == who}
            assert not (set(m["log"]["lines"]) & (others - mine)), f"step {k}: another seat's private line reached seat {who}"
            for s in (range(players) if who is None else [who]):
                for r in range(2):
                    copy = state.determinize(s, Rng(1000 * k + 10 * s + r))
                    again, _ = expected(copy, who)
                    assert again == want, (f"step {k}: what seat {who} received changes when seat {s}'s unseen "
                                           f"cards are re-dealt, so it carries hidden information")
            checked += 1
        if k < len(history):
            state.apply(history[k])
    assert checked >= len(history)
    assert diffs >= len(history), "after the first state, states carry the view as a diff"
