"""The browser's Learn page: the games' lessons over HTTP, without any server state.

``GET /api/learn`` lists every game's lessons. ``POST /api/learn/{game}/{n}`` with
``{"moves": [the lesson's moves taken so far], "move": text or null}`` replays the lesson's
position and the moves taken (they must be the lesson's own, in order), judges ``move``
(core/lessons.py) and answers with the lesson, the verdict, the lines the move wrote, and the
lesson seat's view and choices: the page sends the moves back with its next try.
"""

from __future__ import annotations

import tabletome
from tabletome import IllegalAction
from tabletome.core.glossary import glossary
from tabletome.core.lessons import MAX_ANSWER, judge, lesson, lessons, same
from tabletome.core.text import shown


MAX_MOVES = 20


def catalogue() -> dict:
    out = []
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        every = lessons(game)
        if every:
            out.append({"id": game.id, "name": game.name,
                        "lessons": [{"number": les.number, "title": les.title} for les in every]})
    return {"games": out}


def attempt(game_id: str, number, data: dict) -> dict:
    """One step of a lesson: see the module docstring. Bad input raises IllegalAction."""
    game = tabletome.game(game_id)
    les = lesson(game, number)
    moves = data.get("moves", [])
    move = data.get("move")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(isinstance(m, str) for m in moves):
        raise IllegalAction(f"field 'moves' must be a list of at most {MAX_MOVES} move texts")
    if move is not None and not isinstance(move, str):
        raise IllegalAction("field 'move' must be a move's text, or null to see the lesson")
    if len(moves) >= len(les.moves) and move is not None:
        raise IllegalAction(f"lesson {les.number} has {len(les.moves)} moves; they are all taken")
    state = les.start()
    seat = state.to_move
    for step, taken in enumerate(moves):
        if step >= len(les.moves) or not same(taken, les.moves[step]):
            raise IllegalAction(f"move {step + 1} taken, {shown(taken)}, is not this lesson's")
        judge(les, state, step, les.moves[step])
    verdict = None
    lines = []
    done = len(moves) == len(les.moves)
    if move is not None:
        v = judge(les, state, len(moves), move[:MAX_ANSWER])
        verdict = {"kind": v.kind, "message": v.message, "rule": v.rule, "action": v.action}
        lines = v.new_lines
        if v.kind in ("right", "done"):
            moves = moves + [les.moves[len(moves)]]
        done = v.kind == "done"
    legal = [] if done or state.is_over else [{"id": a.id, "text": str(a)} for a in state.legal_actions()]
    return {
        "game": game.id, "game_name": game.name, "number": les.number, "count": len(lessons(game)),
        "title": les.title, "goal": les.goal, "quote": les.quote, "section": les.section, "ours": les.ours,
        "done_text": les.done if done else "", "done": done, "moves": moves, "verdict": verdict, "lines": lines,
        "seat": seat, "seat_names": list(state.seat_names), "view": state.view(seat), "legal": legal,
        "cards": _cards(game, state),
    }


def glossary_of(game_id: str) -> dict:
    """``GET /api/glossary/GAME``: the game's terms (core/glossary.py), for tapping on a page."""
    game = tabletome.game(game_id)
    return {"game": game.id, "name": game.name,
            "terms": [{"name": t.name, "also": list(t.also), "section": t.section, "text": t.text, "ours": t.ours}
                      for t in glossary(game)]}


def next_move(game_id: str, number, data: dict) -> dict:
    """The lesson's next move after the ``moves`` taken (the page's "Show me")."""
    les = lesson(tabletome.game(game_id), number)
    moves = data.get("moves", [])
    if not isinstance(moves, list) or len(moves) >= len(les.moves):
        raise IllegalAction(f"field 'moves' must list fewer than the lesson's {len(les.moves)} moves")
    return {"move": les.moves[len(moves)]}


def _cards(game, state) -> dict:
    try:
        return game.card_info(state.card_text) or {}
    except Exception:      # a game's display helper never breaks a lesson
        return {}
