"""From a number to the games behind it: a stored game as a record (``lab replay``), and the
example games a report points to (the longest games, upsets, games of a flagged card).

A study stores each game's seed, options and every action's text, so a game is rebuilt exactly
as a record (``{game, options, players, seed, actions, cards}``): ``tabletome replay`` prints it,
and the web server's replay viewer shows it move by move (``POST /api/records``).
"""

from __future__ import annotations

import json
import re

from ..core import IllegalAction

EXAMPLES = 3        # example games per number


def parse_key(text: str) -> tuple[int, int]:
    """``"P:I"`` (sweep point, game index) or ``"I"`` (point 0)."""
    m = re.fullmatch(r"\s*(?:(\d+)\s*:)?\s*(\d+)\s*", str(text))
    if m is None:
        raise IllegalAction(f"a game is named POINT:INDEX (e.g. 0:17) or INDEX, not {text!r}")
    return int(m.group(1) or 0), int(m.group(2))


def game_record(store, point: int, idx: int) -> dict:
    """The record of one stored game, checked to replay to the stored result."""
    import tabletome
    study = store.study()
    rows = store.query("SELECT seed, options, winners, length, unfinished FROM games WHERE point = ? AND idx = ?",
                       [point, idx])
    if not rows:
        points = len(study.points)
        raise IllegalAction(f"{store.path} has no game {point}:{idx} (points 0..{points - 1}, games 0..{study.games - 1})")
    seed, options, winners, length, unfinished = rows[0]
    actions = [a for (a,) in store.query("SELECT action FROM decisions WHERE point = ? AND idx = ? ORDER BY step",
                                         [point, idx])]
    record = {"game": study.game, "options": json.loads(options), "players": study.players, "seed": seed,
              "actions": actions}
    if study.card_text is not None:
        record["cards"] = study.card_text
    state = tabletome.replay(record)
    if len(actions) != length or (not unfinished and sorted(state.winners) != sorted(winners)):
        raise IllegalAction(f"game {point}:{idx} of {store.path} no longer replays to its stored result "
                            f"(the game's rules changed since the study was played)")
    return record


def command(path, point: int, idx: int) -> str:
    return f"tabletome lab replay {path} --game {point}:{idx}"


def example_games(store, study, data) -> dict:
    """Example games for the report: per point the longest games, upsets (the agent that wins least
    often overall beating the one that wins most) and, per flagged card, games where a seat that
    had it to play won (dominant) or lost (dead)."""
    from .stats import LEGAL_PAIRS, non_play_kinds
    path = store.path
    out = []
    for k, pt in enumerate(data["points"]):
        entry = {"label": pt["label"], "long": [], "upsets": [], "cards": {}}
        for idx, length in store.query("SELECT idx, length FROM games WHERE point = ? ORDER BY length DESC, idx "
                                       "LIMIT ?", [k, EXAMPLES]):
            entry["long"].append({"game": f"{k}:{idx}", "length": length, "command": command(path, k, idx)})
        if len(set(study.specs)) > 1 and pt["agents"]:
            ranked = sorted(range(len(pt["agents"])), key=lambda e: pt["agents"][e]["rate"] or 0)
            weak, strong = ranked[0], ranked[-1]
            for idx, agents, winners in store.query("SELECT idx, agents, winners FROM games WHERE point = ? "
                                                    "ORDER BY idx", [k]):
                won = {agents[s] for s in winners}
                if weak in won and strong not in won and len(entry["upsets"]) < EXAMPLES:
                    entry["upsets"].append({"game": f"{k}:{idx}", "winner": pt["agents"][weak]["label"],
                                            "loser": pt["agents"][strong]["label"], "command": command(path, k, idx)})
        flagged = [c["card"] for c in pt["cards"] if c["flag"]]
        if flagged:
            discards = non_play_kinds(study) or [""]
            rows = store.query(
                "WITH " + LEGAL_PAIRS + ", "
                "l AS (SELECT DISTINCT idx, seat, card FROM legal_pairs WHERE NOT list_contains($2, kind) "
                "AND list_contains($3, card)) "
                "SELECT l.card, l.idx, list_contains(g.winners, l.seat) FROM l JOIN games g "
                "ON g.point = $1 AND g.idx = l.idx ORDER BY l.card, l.idx, l.seat", [k, discards, flagged])
            flags = {c["card"]: c["flag"] for c in pt["cards"] if c["flag"]}
            for card, idx, won in rows:
                want = flags[card] == "dominant"
                games = entry["cards"].setdefault(card, [])
                if bool(won) == want and len(games) < EXAMPLES and all(g["game"] != f"{k}:{idx}" for g in games):
                    games.append({"game": f"{k}:{idx}", "had_it_and": "won" if won else "lost",
                                  "command": command(path, k, idx)})
        out.append(entry)
    return {"points": out}


def upload(record: dict, server: str) -> str:
    """Send a record to a running tabletome server's replay viewer; return the table's address."""
    import urllib.error
    import urllib.request
    from urllib.parse import urlsplit
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise IllegalAction(f"--server is the server's address, e.g. http://127.0.0.1:8000, not {server!r}")
    base = f"{parts.scheme}://{parts.netloc}"
    request = urllib.request.Request(base + "/api/records", data=json.dumps(record).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            table = json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        raise IllegalAction(f"the server at {base} refused the game: {exc.code} {exc.read()[:200]!r}") from None
    except (urllib.error.URLError, OSError) as exc:
        raise IllegalAction(f"no tabletome server answers at {base}: {getattr(exc, 'reason', exc)}") from None
    return f"{base}/table/{table['id']}"
