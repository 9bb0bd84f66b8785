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
