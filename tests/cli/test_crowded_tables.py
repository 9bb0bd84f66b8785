"""Crowded tables at 80x24, typed as a person would (issue 30, item 4): after the other seats'
turns, the lines since your last decision stay on the screen above the table, under one line
that folds the rest ("… 12 earlier lines: log"), and that line is never scrolled away."""

from .term import PROMPT, ROWS, choose, finish, plain, spawn


def last_screen(text):
    """The rows a person sees when the prompt comes: the last ROWS rows of the output (the
    spinner's line is erased once the computer has chosen)."""
    lines = [line for line in plain(text).split("\n") if "is thinking…" not in line]
    return lines[-ROWS:]


def quit_game(child):
    child.sendline("quit")
    child.expect(r"Leave the game now\? \(y/n\)")
    child.sendline("y")
    return finish(child)


def test_life_siphon_four_players_keeps_what_happened_since_your_decision():
    child = spawn("play", "life-siphon", "--players", "4", "--seed", "3", "--no-save", timeout=120)
    child.expect(PROMPT)
    for move in ("take Soul Spike from the River", "summon Dread Knight", "cast Soul Spike as Slow Cast",
                 "target East"):
        choose(child, move)
    child.sendline("end turn")         # then three computer turns
    child.expect("Response window")
    child.expect(PROMPT)
    # pass every response window (a notice of two rows above the next table), then back at
    # North's next turn: everything the three others did is new to North
    child.sendline("autopass")
    child.expect(r"Round 2: North's turn")
    child.expect(PROMPT)
    screen = last_screen(child.logfile_read.raw)
    text = "\n".join(screen)
    assert "Auto-passing every response window" in text
    folds = [line for line in screen if "Since your last decision" in line]
    assert folds, f"the line folding the earlier lines scrolled away:\n{text}"
    assert "earlier lines: log" in folds[0], text
    assert "Round 2: North's turn." in text
    child.sendline("log")              # the folded lines are all there
    child.expect(PROMPT)
    assert "Round 1: East's turn." in plain(child.before)
    quit_game(child)


def test_life_and_legend_four_players_folds_the_earlier_lines():
    child = spawn("play", "life-and-legend", "--players", "4", "--seed", "2", "--no-save", timeout=120)
    child.expect(PROMPT)
    screen = last_screen(child.logfile_read.raw)
    text = "\n".join(screen)
    folds = [line for line in screen if "Since your last decision" in line]
    assert folds and "… 5 earlier lines: log" in folds[0], text
    assert "West activates The Exile." in text and "Turn 2: North." in text
    quit_game(child)
