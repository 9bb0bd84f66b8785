""""Why not?" at a live table: the seat to move asks why a move is not available and gets the
engine's refusal, the moment's rulebook section and the rule; another seat may not ask (the
refusal lists the mover's legal actions)."""

from .helpers import Client, seat


def test_why_not_names_the_refusal_the_moment_and_the_rule(server):
    table = server.create("spirit-link", options={"starting_hand": 3}, seed=3,
                          seats=[{"agent": None}, {"agent": None}])
    north = Client(server)
    assert north.hello(*seat(table, 0))["type"] == "state"
    north.send({"type": "why", "id": "w1", "text": "play Foxfire"})
    answer = north.until(lambda m: m["type"] == "why" and m.get("id") == "w1")
    assert answer["available"] is False and "'play Foxfire' is not legal now" in answer["reason"]
    assert answer["moment"]["section"] == "Game cards, Information, phases, etc. - 2. Preperation phase"
    assert any(t["name"] == "ability card" for t in answer["terms"])
    legal = north.state["legal"][0]["text"]
    north.send({"type": "why", "id": "w2", "text": legal})
    assert north.until(lambda m: m["type"] == "why" and m.get("id") == "w2")["available"] is True

    south = Client(server)
    assert south.hello(*seat(table, 1))["type"] == "state"
    south.send({"type": "why", "id": "w3", "text": "play Foxfire"})
    refused = south.until(lambda m: m["type"] == "error" and m.get("id") == "w3")
    assert refused["code"] == "not-your-turn"
    south.send({"type": "why", "id": "w4", "text": ""})
    assert "field 'text'" in south.until(lambda m: m["type"] == "error" and m["code"] == "bad-field")["message"]


def test_the_decision_and_why_not_carry_our_rulings_marked_as_ours(server):
    """The seat to move gets its decision's moment and the rulings of ours that apply (never
    another seat or a spectator: they follow from its legal actions); 'why' quotes the ruling on
    the move, each marked as ours (RULES.md), never as the rulebook."""
    table = server.create("spirit-link", seed=3, seats=[{"agent": None}, {"agent": None}])
    north = Client(server)
    state = north.hello(*seat(table, 0))
    decision = state["decision"]
    assert decision["section"] == "Game cards, Information, phases, etc. - 2. Preperation phase"
    ids = [r["id"] for r in decision["rulings"]]
    assert {"sl-2", "sl-3", "sl-4"} <= set(ids)
    assert all(r["ours"] is True and r["where"] == "RULES.md" and r["text"] for r in decision["rulings"])
    north.send({"type": "why", "id": "w1", "text": "play Ice-Fangs"})
    answer = north.until(lambda m: m["type"] == "why" and m.get("id") == "w1")
    assert [r["id"] for r in answer["rulings"]] == ["sl-5", "sl-6"]
    assert all(r["ours"] is True for r in answer["rulings"])
    rulebook = [t["text"] for t in answer["terms"]] + [answer["moment"]["section"]]
    assert not any(r["text"][:40] in said for r in answer["rulings"] for said in rulebook)

    south = Client(server)
    assert south.hello(*seat(table, 1))["decision"] is None
    spectator = Client(server)
    assert spectator.hello(table["id"])["decision"] is None
