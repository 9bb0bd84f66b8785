"""``tabletome learn GAME`` as a person uses it, at 80x24 through a pseudo-terminal: every lesson of
every game, trying its wrong move (explained, retried), its illegal move (the rule), then its
moves, to the end of the tutorial."""

import re

import pytest

import tabletome
from tabletome.core.lessons import lessons

from .term import finish, plain, spawn

PROMPT = r"your move: "
GAMES = [g for g in tabletome.games() if lessons(tabletome.game(g))]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_whole_tutorial_at_80x24(game_id):
    every = lessons(tabletome.game(game_id))
    child = spawn("learn", game_id, timeout=60)
    for les in every:
        child.expect(rf"Lesson {les.number} of {len(every)}")
        child.expect(PROMPT)
        child.sendline(les.wrong.move)
        child.expect("✗ ")
        child.expect(PROMPT)
        for step, move in enumerate(les.moves[:-1] + [None]):
            if step == les.illegal.step:
                child.sendline(les.illegal.move)
                child.expect("Not allowed")
                child.expect("The rule:")
                child.expect(PROMPT)
            if move is not None:
                child.sendline(move)
                child.expect("Right")
                child.expect(PROMPT)
        child.sendline(les.moves[-1])
        child.expect("Done.")
        child.expect(r"Enter: ")
        child.sendline("")
    child.expect(f"finished the {re.escape(tabletome.game(game_id).name)} tutorial")
    out = plain(finish(child, 0))
    assert "Traceback" not in out


def test_list_and_start_at_a_lesson():
    child = spawn("learn", "spirit-link", "--list")
    out = plain(finish(child, 0))
    titles = [les.title for les in lessons(tabletome.game("spirit-link"))]
    for n, title in enumerate(titles, 1):
        assert f"{n}. {title}" in out
    child = spawn("learn", "spirit-link", "3")
    child.expect(f"Lesson 3 of {len(titles)}")
    child.expect(PROMPT)
    child.sendline("quit")
    out = plain(finish(child, 0))
    assert "tabletome learn spirit-link 3" in out


def test_a_lesson_that_does_not_exist_is_refused():
    child = spawn("learn", "spirit-link", "99")
    out = plain(finish(child, 2))
    assert "there is no lesson 99" in out


def test_info_explains_terms_and_abbreviations_in_the_rulebooks_words():
    child = spawn("play", "life-siphon", "--seed", "3", "--no-save", "--option", "fearsome=on")
    child.expect(r"your choice: ")
    child.sendline("info PM")
    child.expect(r"your choice: ")
    shown = " ".join(plain(child.before).split())
    assert "Pain Maker (PM)" in shown and "choose any player to lose 1 life" in shown
    assert "rulebook: Modular Content - The Fearsome" in shown and "Ours: PM on the board" in shown
    child.sendline("info Battle")
    child.expect(r"your choice: ")
    assert "Only Familiars in the Battleground are able to attack and block." in " ".join(plain(child.before).split())
    child.sendline("info nothing-like-it")
    child.expect(r"your choice: ")
    assert "No card is named 'nothing-like-it'" in " ".join(plain(child.before).split())
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    finish(child)
    child = spawn("play", "life-and-legend", "--seed", "3", "--no-save")
    child.expect(r"your choice: ")
    child.sendline("info Trauma")
    child.expect(r"your choice: ")
    assert "A Trauma is the result of a negative experience." in " ".join(plain(child.before).split())
    child.sendline("info Life Word")
    child.expect(r"your choice: ")
    assert "These are the building-blocks of a life." in " ".join(plain(child.before).split())
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    finish(child)


def test_why_names_the_engines_reason_the_moment_and_the_rule():
    child = spawn("play", "spirit-link", "--seed", "1", "--no-save")
    child.expect(r"your choice: ")
    screen = " ".join(plain(child.before).split())
    assert "2. Preparation phase (rulebook: 2. Preperation phase)" in screen
    child.sendline("why play Foxfire")
    child.expect(r"your choice: ")
    shown = " ".join(plain(child.before).split())
    assert "Not now: 'play Foxfire' is not legal now" in shown
    assert "Now: 2. Preparation phase" in shown
    assert "In addition, in the combat phase you can play ability cards" in shown      # the ability card's rule
    child.sendline("why 1")
    child.expect(r"your choice: ")
    assert "is available now" in plain(child.before)
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    finish(child)


def test_a_long_why_opens_in_the_pager_so_its_answer_is_read_first(tmp_path):
    """At 80x24 the answer to ``why transform Wolf`` (the reason, the moment, the card, the terms and
    the rulings) is taller than the screen: it goes to $PAGER, its first line first; a short answer
    is printed."""
    import sys

    paged = tmp_path / "paged.txt"
    pager = f"{sys.executable} -c \"import sys; open(r'{paged}', 'a').write(sys.stdin.read())\""
    child = spawn("play", "spirit-link", "--seed", "3", "--no-save", env_extra={"PAGER": pager})
    child.expect(r"your choice: ")
    child.sendline("why transform Wolf")
    child.expect(r"your choice: ")
    text = paged.read_text()
    assert text.lstrip().startswith("Not now:") and len(text.splitlines()) > 22, text
    assert "Not now:" not in plain(child.before)
    child.sendline("why 1")
    child.expect(r"your choice: ")
    assert "is available now" in plain(child.before) and paged.read_text() == text
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    finish(child)


def test_rules_and_a_long_info_open_in_the_pager_then_the_table_is_drawn_again(tmp_path):
    import sys

    paged = tmp_path / "paged.txt"
    pager = f"{sys.executable} -c \"import sys; open(r'{paged}', 'a').write(sys.stdin.read())\""
    child = spawn("play", "life-siphon", "--option", "mode=madness", "--seed", "3", "--no-save",
                  env_extra={"PAGER": pager})
    child.expect(r"your choice: ")
    child.sendline("rules")
    child.expect(r"your choice: ")
    after = plain(child.before)
    text = paged.read_text()
    assert "A turn:" in text and "Our rulings that apply" in text       # the rules went to $PAGER
    assert "Our rulings that apply" not in after                         # not onto the screen
    assert "Life Siphon (madness)" in after and "North, " not in after.split("Life Siphon (madness)")[0][-5:]
    child.sendline("info Lich")                                           # a short info is printed
    child.expect(r"your choice: ")
    assert "attack 2, defense 2" in " ".join(plain(child.before).split()) and paged.read_text() == text
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    finish(child)


def test_resume_with_no_file_lists_the_unfinished_games_newest_first(tmp_path):
    import os
    import time as clock

    import tabletome

    folder = tmp_path / "records"
    folder.mkdir()
    game = tabletome.game("spirit-link")
    bot = tabletome.agent("heuristic", seed=1)
    for name, moves, age in (("old.json", 1, 300), ("new.json", 4, 100)):
        state = game.new(seed=7)
        for _ in range(moves):
            state.apply(bot.choose(state))
        path = folder / name
        tabletome.save_record({**state.record(), "seats": ["human", "heuristic"]}, path)
        os.utime(path, (clock.time() - age, clock.time() - age))
    state = game.new(seed=8)
    while not state.is_over:
        state.apply(bot.choose(state))
    tabletome.save_record(state.record(), folder / "over.json")
    (folder / "broken.json").write_text("{not a record")
    src = {"PYTHONPATH": str(__import__("pathlib").Path(tabletome.__file__).resolve().parents[1])}
    child = spawn("play", "--resume", "--no-save", cwd=str(tmp_path), env_extra=src)
    child.expect(r"Which game \(1-2, Enter: none\)\? ")
    listed = plain(child.before)
    assert listed.index("records/new.json") < listed.index("records/old.json")
    assert "over.json" not in listed and "broken.json" not in listed
    assert "· 4 actions ·" in listed and "· 1 action ·" in listed
    child.sendline("1")
    child.expect(r"your choice: ")
    assert "resumed records/new.json" in plain(child.before)
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    finish(child, 0)
    child = spawn("play", "--resume", cwd=str(tmp_path / "records"), env_extra=src)   # nothing saved there
    assert "No unfinished game in records/" in plain(finish(child, 0))


def test_difficulty_levels_choose_the_computer_seats():
    child = spawn("play", "spirit-link", "--vs", "hard", "--seed", "1", "--no-save")
    child.expect(r"your choice: ")
    assert "North: human, South: ismcts" in plain(child.before)
    child.sendline("quit")
    child.expect(r"\(y/n\)")
    child.sendline("y")
    finish(child, 0)
    child = spawn("play", "spirit-link", "--vs", "brutal")
    out = plain(finish(child, 2))
    assert "invalid choice: 'brutal'" in out and "'easy', 'normal', 'hard'" in out


def test_replay_step_draws_the_table_at_each_step_forward_back_and_jump(tmp_path):
    import tabletome

    game = tabletome.game("spirit-link")
    bot = tabletome.agent("heuristic", seed=3)
    state = game.new(seed=11)
    while not state.is_over:
        state.apply(bot.choose(state))
    done = tmp_path / "done.json"
    tabletome.save_record(state.record(), done)
    steps = len(state.record()["actions"])
    child = spawn("replay", str(done), "--step")
    child.expect(rf"Step 0 of {steps} ")
    child.sendline("")
    child.expect(rf"Step 1 of {steps} ")
    first = plain(child.before)
    assert f"step 1 of {steps} · as North saw it" in first and state.record()["actions"][0] in first
    assert "Spirit Link · turn 1" in first                                  # the table, drawn
    child.sendline(str(steps))
    child.expect(rf"Step {steps} of {steps} ")
    assert "the game is a draw" in plain(child.before) or " wins" in plain(child.before)   # the last step
    child.sendline("b")
    child.expect(rf"Step {steps - 1} of {steps} ")
    child.sendline("999")
    child.expect("Not a step")
    child.sendline("q")
    finish(child, 0)

    unfinished = game.new(seed=12)
    for _ in range(3):
        unfinished.apply(bot.choose(unfinished))
    part = tmp_path / "part.json"
    tabletome.save_record(unfinished.record(), part)
    child = spawn("replay", str(part), "--step")
    child.expect("Step 0 of 3 ")
    child.sendline("1")
    child.expect("Step 1 of 3 ")
    shown = plain(child.before)
    assert "spectator's view" in shown and "North: a move" in shown
    assert unfinished.record()["actions"][0] not in shown          # North's face-down choice stays hidden
    child.sendline("q")
    finish(child, 0)


def test_a_crowded_table_keeps_the_lines_since_your_last_decision():
    """Life Siphon at 4 players draws its tight table at 80x24; after the other seats' turns, at
    least three of the lines since North's last decision stay on screen (the rest: log)."""
    import tabletome

    from .screen import screen

    game = tabletome.game("life-siphon")
    checked = 0
    for seed in (4, 5, 6):
        state = game.new(players=4, seed=seed)
        bot = tabletome.agent("heuristic", seed=seed)
        seen = None
        for _ in range(400):
            if state.is_over:
                break
            if state.to_move == 0:
                new = state.visible_log(0)[seen:] if seen is not None else []
                if len(new) >= 6:
                    lines, _ = screen(state, seen=seen)
                    text = " ".join(" ".join(lines).split())           # lines wrap at 80 columns
                    assert sum(" ".join(line.split()) in text for line in new) >= 3, "\n".join(lines)
                    checked += 1
                state.apply(bot.choose(state))
                seen = len(state.visible_log(0))
            else:
                state.apply(bot.choose(state))
    assert checked >= 5
