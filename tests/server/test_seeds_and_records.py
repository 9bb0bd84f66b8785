"""The server keeps the one rule for seeds (core.rng.check_seed) on both ways a table starts: a new
table (POST /api/tables) and an uploaded record (POST /api/records)."""

import httpx
import pytest

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
