"""The server keeps the one rule for seeds (core.rng.check_seed) on both ways a table starts: a new
table (POST /api/tables) and an uploaded record (POST /api/records)."""

import copy
import json

import httpx
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import tabletome
from tabletome.core.rng import SEED_LIMIT


def record(seed):
    """A record of one action; a seed the core refuses is put in after."""
    try:
        state = tabletome.game("spirit-link").new(seed=seed)
    except tabletome.IllegalAction:
        state = tabletome.game("spirit-link").new(seed=3)
    state.apply(state.legal_actions()[0])
    return {**state.record(), "seed": seed}


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, 2 ** 70, "7", 1.5])
def test_a_seed_out_of_range_is_refused_the_same_way_by_both_doors(server, seed):
    created = server.post("/api/tables", {"game": "spirit-link", "seed": seed})
    uploaded = server.post("/api/records", record(seed))
    for r in (created, uploaded):
        assert r.status_code == 400, r.text
        assert "0 to 2**63-1" in r.json()["error"], r.text


def test_the_largest_seed_is_accepted_by_both_doors(server):
    created = server.post("/api/tables", {"game": "spirit-link", "seed": SEED_LIMIT - 1})
    uploaded = server.post("/api/records", record(SEED_LIMIT - 1))
    assert created.status_code == 200, created.text
    assert uploaded.status_code == 200, uploaded.text


def test_a_body_nested_too_deeply_is_refused_not_a_server_error(server):
    r = httpx.post(server.url + "/api/records", content=b"[" * 200_000 + b"]" * 200_000,
                   headers={"content-type": "application/json"}, timeout=30)
    assert r.status_code == 400 and "nested too deeply" in r.json()["error"], r.text


# --- fuzzing the upload door -------------------------------------------------------------------------
NASTY = st.one_of(st.sampled_from(["", "\x1b]0;PWNED\x07", "\u202e", "[red]x", "\ud800", "W" * 3000, "transform Wolf",
                                   -1, 0, 2 ** 63, 2 ** 64, 10 ** 30, 1.5, True, None, [], {}, [1, "a"], {"x": 1}]),
                  st.text(max_size=12), st.integers())


def upload_examples(server, slow):
    base = [record(3)]
    state = tabletome.game("life-siphon").new(players=3, seed=4)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    base.append(state.record())

    @settings(max_examples=400 if slow else 40, deadline=None, derandomize=not slow,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(data=st.data())
    def check(data):
        body = copy.deepcopy(data.draw(st.sampled_from(base)))
        for _ in range(data.draw(st.integers(1, 3))):
            field = data.draw(st.sampled_from(["game", "options", "players", "seed", "actions", "cards", "seats",
                                               "extra", "action"]))
            if field == "action" and body.get("actions") and isinstance(body["actions"], list):
                body["actions"][data.draw(st.integers(0, len(body["actions"]) - 1))] = data.draw(NASTY)
            elif field == "options" and data.draw(st.booleans()):
                body["options"] = {data.draw(st.text(max_size=8)): data.draw(NASTY)}
            else:
                body[field] = data.draw(NASTY)
        try:
            content = json.dumps(body).encode()
        except ValueError:
            return
        r = httpx.post(server.url + "/api/records", content=content, headers={"content-type": "application/json"},
                       timeout=30)
        assert r.status_code in (200, 400, 404, 413), (r.status_code, r.text[:300])
        if r.status_code != 200:
            assert r.json()["error"], r.text

    check()


def test_hostile_uploads_are_refused_with_a_message_never_a_server_error(server, slow):
    upload_examples(server, slow)
    assert server.get("/api/games").status_code == 200          # still serving
