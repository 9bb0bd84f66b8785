"""The Learn API on the real server: a lesson step by step, and bad input refused changing nothing
(the server keeps no lesson state: the page sends the moves taken)."""

import tabletome
from tabletome.core.lessons import lessons


def test_a_lesson_step_by_step(server):
    les = lessons(tabletome.game("life-siphon"))[5]          # blocking with two Imps: two moves
    url = f"/api/learn/life-siphon/{les.number}"
    first = server.post(url, {"moves": [], "move": None}).json()
    assert first["title"] == les.title and first["verdict"] is None and first["moves"] == []
    assert les.wrong.move in [a["text"] for a in first["legal"]]
    wrong = server.post(url, {"moves": [], "move": les.wrong.move}).json()
    assert wrong["verdict"]["kind"] == "wrong" and wrong["moves"] == []
    illegal = server.post(url, {"moves": [], "move": les.illegal.move}).json()
    assert illegal["verdict"]["kind"] == "illegal" and illegal["verdict"]["rule"] == les.illegal.rule
    step = server.post(url, {"moves": [], "move": les.moves[0]}).json()
    assert step["verdict"]["kind"] == "right" and step["moves"] == les.moves[:1]
    done = server.post(url, {"moves": step["moves"], "move": les.moves[1]}).json()
    assert done["verdict"]["kind"] == "done" and done["done"] and done["legal"] == []
    assert done["done_text"] == les.done
    assert server.post(url + "/show", {"moves": step["moves"]}).json() == {"move": les.moves[1]}


def test_bad_input_is_refused(server):
    listed = server.get("/api/learn").json()["games"]
    assert {g["id"] for g in listed} == set(tabletome.games())
    r = server.post("/api/learn/life-siphon/99", {"moves": [], "move": None})
    assert r.status_code == 400 and "there is no lesson 99" in r.json()["error"]
    r = server.post("/api/learn/life-siphon/1", {"moves": ["end turn"], "move": None})
    assert r.status_code == 400 and "is not this lesson's" in r.json()["error"]
    r = server.post("/api/learn/life-siphon/1", {"moves": "x", "move": None})
    assert r.status_code == 400 and "'moves'" in r.json()["error"]
    r = server.post("/api/learn/no-such-game/1", {"moves": []})
    assert r.status_code == 400
