"""Every lesson of every game is a test: from its position the intended moves advance and bring the
outcome the lesson describes; its wrong move is legal and leaves the position as it was; its
illegal move is refused with the engine's reason and the lesson's rule, changing nothing."""

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.core.lessons import judge, lesson, lessons, outcome_problems

MINIMUM = {"spirit-link": 6, "bad-baby-lich-lords": 6, "life-siphon": 10, "life-and-legend": 10}
EVERY = [(g, lesson.number) for g in tabletome.games() for lesson in lessons(tabletome.game(g))]


@pytest.mark.parametrize("game_id", sorted(MINIMUM))
def test_each_game_has_its_lessons(game_id):
    game = tabletome.game(game_id)
    every = lessons(game)
    assert len(every) >= MINIMUM[game_id]
    for les in every:
        assert les.goal and les.quote and les.section and les.done


@pytest.mark.parametrize("game_id,number", EVERY, ids=[f"{g}-{n}" for g, n in EVERY])
def test_the_lessons_moves_reach_its_outcome(game_id, number):
    les = lesson(tabletome.game(game_id), number)
    state = les.start()
    seat = state.to_move
    assert seat is not None and not state.is_over
    lines = []
    for step, move in enumerate(les.moves):
        verdict = judge(les, state, step, move)
        assert verdict.kind == ("done" if step == len(les.moves) - 1 else "right"), verdict.message
        lines += verdict.new_lines
    assert outcome_problems(les, state, seat, lines) == []


@pytest.mark.parametrize("game_id,number", EVERY, ids=[f"{g}-{n}" for g, n in EVERY])
def test_the_lessons_wrong_move_is_legal_and_explained(game_id, number):
    les = lesson(tabletome.game(game_id), number)
    state = les.start()
    before = state.snapshot()
    assert les.wrong.move in [str(a) for a in state.legal_actions()]
    verdict = judge(les, state, 0, les.wrong.move)
    assert verdict.kind == "wrong" and verdict.message == les.wrong.why
    assert state.snapshot() == before


@pytest.mark.parametrize("game_id,number", EVERY, ids=[f"{g}-{n}" for g, n in EVERY])
def test_the_lessons_illegal_move_is_refused_with_its_rule(game_id, number):
    les = lesson(tabletome.game(game_id), number)
    state = les.start()
    for step in range(les.illegal.step):
        judge(les, state, step, les.moves[step])
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.clone().apply(les.illegal.move)
    verdict = judge(les, state, les.illegal.step, les.illegal.move)
    assert verdict.kind == "illegal" and verdict.message and verdict.rule == les.illegal.rule
    assert state.snapshot() == before


def test_a_lesson_number_out_of_range_is_refused_naming_the_range():
    game = tabletome.game("spirit-link")
    n = len(lessons(game))
    with pytest.raises(IllegalAction, match=f"lessons 1 to {n}"):
        lesson(game, n + 1)
    with pytest.raises(IllegalAction, match="whole number"):
        lesson(game, "two")
