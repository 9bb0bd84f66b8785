"""The terminal program off its main path, as a player meets it: whatever is typed at a prompt
(``play``, ``learn``, ``replay --step``, the ``play --resume`` picker) or pressed there (Ctrl-C)
gets an answer and never a traceback; where records go (--save, --save-dir) and when they are
saved; a hot seat's hand-over; a game from a file (Go Fish); long texts and the pager.

Driven through a pseudo-terminal, as a person would (tests/cli/term.py)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.cells import cell_len

import tabletome

from .term import PROMPT, finish, plain, spawn

SRC = Path(__file__).resolve().parents[2] / "src"      # this tree's code, from any working folder
STEP = r"Step \d+ of \d+ \("
PICK = r"Which game \(1-1, Enter: none\)\? "


def saved_spirit_link(folder, moves: int):
    """A Spirit Link record of ``moves`` random moves, saved in ``folder``/records/ (where the
    resume picker looks)."""
    from tabletome.agents import agent

    state = tabletome.game("spirit-link").new(seed=4)
    bot = agent("random", seed=4)
    for _ in range(moves):
        state.apply(bot.choose(state))
    path = folder / "records" / "spirit-link-4.json"
    path.parent.mkdir()
    path.write_text(json.dumps({**state.record(), "seats": ["human", "heuristic"]}))
    return path


def no_traceback(raw):
    text = plain(raw)
    assert "Traceback" not in text, text[-2000:]
    return text


def quit_game(child, status: int = 0) -> str:
    """``quit``, answered "y": what the program printed, with no traceback in it."""
    child.sendline("quit")
    child.expect("Leave the game now")
    child.sendline("y")
    return no_traceback(finish(child, status=status))


def test_numbers_str_isdigit_takes_but_int_refuses_are_answered_at_the_choice_prompt():
    """'²' passes ``str.isdigit`` and a line of 5,000 digits too; ``int`` refuses both, and the
    game ended in a traceback. A line longer than any command is said to be so, not repeated."""
    child = spawn("play", "spirit-link", "--seed", "1", "--seat", "human", "--seat", "random", "--no-save")
    child.expect(PROMPT)
    child.sendline("²")
    child.expect("Not that: '²' names no legal action")
    child.expect(PROMPT)
    child.sendline("7" * 4000)
    child.expect("Not that: a line of 4,000 characters is no choice or command")
    child.expect(PROMPT)
    child.sendline("7" * 400)
    child.expect("Not that: 77777777777… is not a choice; choose 1 to 6")
    child.expect(PROMPT)
    child.sendline("info ³")
    child.expect("No card is named '³'")
    child.expect(PROMPT)
    child.sendline("info 99999999999999999999")
    child.expect("99999999999… is not a choice; choose 1 to 6")
    child.expect(PROMPT)
    child.sendline("why ²")
    child.expect("Not now: ")
    child.expect("'²' names no legal action")
    child.expect(PROMPT)
    child.sendline("#" * 600)
    child.expect("a line of 600 characters is no choice or command")
    child.expect(PROMPT)
    child.sendline("1")                        # a plain number still chooses
    child.expect(PROMPT)
    text = quit_game(child)
    assert text.count("#") == 600              # the terminal's echo of the typing, and no message repeats it


def test_a_number_int_refuses_is_not_a_move_in_a_lesson():
    child = spawn("learn", "spirit-link", timeout=60)
    child.expect("your move: ")
    child.sendline("²")
    child.expect("Not allowed: ")
    child.expect("'²' names no legal action")
    child.expect("your move: ")
    child.sendline("quit")
    no_traceback(finish(child, status=0))


def test_replay_step_answers_any_number_and_stops_on_ctrl_c(tmp_path):
    path = saved_spirit_link(tmp_path, 12)
    child = spawn("replay", str(path), "--step")
    child.expect(STEP)
    child.sendline("²")
    child.expect("Not a step")
    child.expect(STEP)
    child.sendline("9" * 30)
    child.expect("Not a step")
    child.expect(STEP)
    child.sendline("3")
    child.expect(r"Step 3 of 12 \(")
    child.sendintr()
    text = no_traceback(finish(child, status=130))
    assert "Interrupted." in text


def test_the_resume_picker_answers_any_number_and_stops_on_ctrl_c(tmp_path):
    saved_spirit_link(tmp_path, 3)
    child = spawn("play", "--resume", cwd=tmp_path, env_extra={"PYTHONPATH": str(SRC)})
    child.expect(PICK)
    child.sendline("²")
    child.expect("Type a number from 1 to 1, or Enter for none.")
    child.expect(PICK)
    child.sendline("9" * 1000)
    child.expect("Type a number from 1 to 1")
    child.expect(PICK)
    child.sendintr()
    text = no_traceback(finish(child, status=130))
    assert "Interrupted." in text


# --- where the record goes (--save) --------------------------------------------------------------
def test_a_save_path_that_is_a_folder_is_refused_before_the_game_starts(tmp_path):
    """--save records/ played a whole game, then ended in IsADirectoryError and lost it."""
    child = spawn("play", "spirit-link", "--save", str(tmp_path))
    text = no_traceback(finish(child, status=2))
    assert "is a folder; name the record's file" in text
    assert "your choice" not in text


def test_a_record_that_cannot_be_written_when_the_game_ends_says_so(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    child = spawn("play", "spirit-link", "--seed", "1", "--save", "games/g.json", cwd=tmp_path,
                  env_extra={"PYTHONPATH": str(SRC)})
    child.expect(PROMPT)
    folder.rmdir()
    folder.write_text("a file where the folder was")      # the record's folder cannot be made now
    text = quit_game(child, status=1)
    assert "The game record could not be saved to games/g.json: File exists" in text


def test_a_save_path_with_brackets_and_spaces_is_saved_and_shown_as_typed(tmp_path):
    """A record path is printed as text, not as rich markup ("[/b]" ended the game in a
    MarkupError), and the command to go on with it is quoted for the shell."""
    child = spawn("play", "spirit-link", "--seed", "1", "--save", "my [/b] games/g.json", cwd=tmp_path,
                  env_extra={"PYTHONPATH": str(SRC)})
    child.expect(PROMPT)
    text = " ".join(quit_game(child).split())      # lines joined where they wrapped
    path = tmp_path / "my [/b] games" / "g.json"
    assert path.is_file() and tabletome.load_record(path)["game"] == "spirit-link"
    assert "Game record saved to my [/b] games/g.json" in text
    assert "tabletome play --resume 'my [/b] games/g.json'" in text


# --- a game from a file (examples/go_fish.py) ------------------------------------------------------
GO_FISH = str(Path(__file__).resolve().parents[2] / "examples" / "go_fish.py")


def test_go_fish_shows_what_each_ask_did_and_its_rules():
    """Go Fish's table draws no log: what an ask did (yours and the others') was on no screen,
    and `rules` ended the game in a TypeError (its rules_summary lacked the contract's card_text)."""
    child = spawn("play", "go-fish", "--game-module", GO_FISH, "--players", "3", "--seed", "0",
                  "--seat", "human", "--seat", "heuristic", "--seat", "heuristic", "--no-save")
    child.expect(PROMPT)
    child.sendline("1")                                    # ask East for 3s: East gives 2, a book
    child.expect("North asks East for 3s: East gives 2.")
    child.expect("North lays down a book of 3s.")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect("Go Fish for 3: ask another player for a rank you hold")
    child.expect(PROMPT)
    for _ in range(6):                                     # until the others have asked
        child.sendline("1")
        child.expect(PROMPT)
        if "South asks" in plain(child.before):
            break
    text = quit_game(child)
    assert "East asks" in text and "South asks" in text


# --- the same decision drawn again ---------------------------------------------------------------
def test_a_table_drawn_again_after_a_paged_text_or_more_keeps_its_heading():
    """After `rules` (paged: taller than the screen), `more` or a long `info`, the table is drawn
    again under a heading that said "(the same choice once more)", as if a step had come again."""
    child = spawn("play", "bad-baby-lich-lords", "--seed", "3", "--seat", "human", "--seat", "random",
                  "--no-save")
    child.expect(PROMPT)
    for command in ("rules", "why raise realm 1 north 1", "more"):
        child.sendline(command)
        child.expect(PROMPT)
    text = quit_game(child)
    assert text.count("Your action (rulebook: On Your Turn)") == 4        # the table drawn 4 times
    assert "once more" not in text


def test_a_hint_names_each_choice_by_the_number_to_type():
    child = spawn("play", "spirit-link", "--seed", "1", "--seat", "human", "--seat", "random", "--no-save",
                  timeout=60)
    child.expect(PROMPT)
    listed = dict(re.findall(r"(?m)^\s+(\d+)\. (.+?)(?: — .*)?$", plain(child.before)))
    child.sendline("hint")
    child.expect("the computer's best choices")
    child.expect(PROMPT)
    hinted = re.findall(r"(?m)^\s+(\d+)\. (.+?)\s+\d+%  \(\d+ searches\)$", plain(child.before))
    assert len(hinted) == 3
    for number, words in hinted:
        assert listed[number] == words           # the number the table gives that choice
    quit_game(child)


@pytest.mark.parametrize("command", [["selfplay", "spirit-link"], ["arena", "spirit-link", "--seat", "random",
                                                                    "--seat", "random", "--workers", "1"]])
def test_a_save_dir_that_cannot_be_a_folder_is_refused_before_any_game(tmp_path, command):
    """--save-dir naming a file ended selfplay at its first game, and the arena after its last
    one (its results lost), in a FileExistsError traceback."""
    taken = tmp_path / "taken"
    taken.write_text("a file")
    child = spawn(*command, "--games", "3", "--save-dir", str(taken))
    text = no_traceback(finish(child, status=2))
    assert f"--save-dir '{taken}' cannot be a folder of records: File exists" in text.replace("\n", "")
    child = spawn(*command, "--games", "3", "--save-dir", str(tmp_path / "new" / "runs"), "--seed", "1")
    no_traceback(finish(child, status=0))
    assert len([p for p in (tmp_path / "new" / "runs").glob("*.json") if p.name != "arena.json"]) == 3


def test_replay_step_names_the_record_action_that_cannot_be_replayed(tmp_path):
    path = saved_spirit_link(tmp_path, 5)
    record = json.loads(path.read_text())
    record["actions"][3] = "fly away"
    path.write_text(json.dumps(record))
    for extra in ([], ["--step"]):
        text = no_traceback(finish(spawn("replay", str(path), *extra), status=2))
        assert "record action 4 ('fly away') cannot be replayed: 'fly away' names no legal action" \
            in text.replace("\n", "")


def test_a_pager_that_is_not_here_does_not_lose_the_text():
    """With $PAGER naming no program, `rules` printed the shell's "not found" and the text was lost."""
    child = spawn("play", "bad-baby-lich-lords", "--seed", "3", "--seat", "human", "--seat", "random", "--no-save",
                  env_extra={"PAGER": "no-such-pager-here -R"})
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect("quick reference")
    child.expect(PROMPT)
    text = quit_game(child)
    assert "not found" not in text and "A turn:" in text


@pytest.mark.parametrize("flags", [["--players", "3"], ["--seed", "7"], ["--option", "starting_hand=7"]])
def test_resume_refuses_what_the_record_fixes_instead_of_ignoring_it(tmp_path, flags):
    """`play --resume FILE --players 3` went on with the record's 2 players without a word."""
    path = saved_spirit_link(tmp_path, 3)
    child = spawn("play", "--resume", str(path), *flags)
    text = no_traceback(finish(child, status=2))
    assert "a resumed game keeps the players, seed, options and cards of its record" in text
    assert f"leave out {flags[0]}" in text
    assert "your choice" not in text


# --- the terminal closed, the program told to stop ----------------------------------------------
def test_the_record_is_saved_when_the_program_is_told_to_stop(tmp_path):
    """SIGTERM (kill) ended a game without saving it; now it is saved as on Ctrl-C."""
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "1", "--seat", "human", "--seat", "random", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.kill(signal.SIGTERM)
    text = no_traceback(finish(child, status=128 + signal.SIGTERM))
    assert "Game record saved to" in text
    record = tabletome.load_record(path)
    assert len(record["actions"]) >= 1 and not tabletome.replay(record).is_over


def test_the_record_is_saved_when_the_terminal_closes(tmp_path):
    """Closing the terminal window (SIGHUP, and nothing more to write to) lost the game."""
    path = tmp_path / "g.json"
    child = spawn("play", "spirit-link", "--seed", "1", "--seat", "human", "--seat", "ismcts", "--save", str(path))
    child.expect(PROMPT)
    child.sendline("1")                          # the search seat thinks: its turn is under way
    child.expect("thinking")
    process = child.ptyproc
    process.fileobj.close()                      # the terminal's side goes away: the kernel hangs up
    for _ in range(1200):                        # (pexpect's close would signal it again after a delay)
        if not process.isalive():
            break
        time.sleep(0.05)
    assert process.exitstatus == 128 + signal.SIGHUP, (process.exitstatus, process.signalstatus)
    record = tabletome.load_record(path)
    assert record["actions"][0] == "transform Sheep"


def test_at_a_hot_seat_what_one_player_typed_ahead_is_never_the_next_players_answer():
    """North typed "1", Enter, Enter and "3": the second Enter passed the hand-over and "3" was
    taken as South's face-down choice, before South had seen the screen."""
    child = spawn("play", "spirit-link", "--seed", "1", "--seat", "human", "--seat", "human", "--no-save")
    child.expect("press Enter when ready")
    child.sendline("")
    child.expect(PROMPT)
    child.send("1\r\r3\r")                     # all of it waits in the terminal before "1" is read
    child.expect("Pass the screen to South")
    child.sendline("")
    child.expect(PROMPT)
    assert "South" in plain(child.before).splitlines()[-1] + plain(child.after)   # South's own prompt
    text = quit_game(child)
    assert "South puts" not in text             # South made no choice


def test_a_long_log_opens_in_the_pager_from_its_first_line(tmp_path):
    """`log` printed a long game's whole story at once: its start scrolled off the screen."""
    path = saved_spirit_link(tmp_path, 40)
    state = tabletome.replay(tabletome.load_record(path))
    seat = state.to_move
    lines = state.visible_log(seat)
    assert len(lines) > 30
    paged = tmp_path / "paged.txt"
    child = spawn("play", "--resume", str(path), "--no-save", *(["--seat", "human"] * 2),
                  env_extra={"PAGER": f"cat > {paged}"})
    child.expect("press Enter when ready")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("log")
    child.expect(PROMPT)
    assert "Spirit Link · turn" in plain(child.before)               # the table drawn again after it
    assert " ".join(paged.read_text().split()) == " ".join(" ".join(lines).split())   # all of it, wrapped
    quit_game(child)


def test_a_long_replay_opens_in_the_pager_and_a_file_gets_whole_lines(tmp_path):
    """`replay` of a long game poured its log past the screen; in a terminal it now pages, and
    printed to a file each line of the log stays whole."""
    path = saved_spirit_link(tmp_path, 60)
    state = tabletome.replay(tabletome.load_record(path))
    lines = state.visible_log(None)
    paged = tmp_path / "paged.txt"
    text = plain(finish(spawn("replay", str(path), env_extra={"PAGER": f"cat > {paged}"}), status=0))
    assert lines[-1] not in text and "as a spectator saw it" not in text      # nothing on the screen
    last = f"{lines[-1]} The record stops before the end; {state.seat_name(state.to_move)} was to move."
    assert " ".join(paged.read_text().split()).endswith(" ".join(last.split()))
    printed = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "replay", str(path)], capture_output=True,
                             text=True, timeout=120, env={**os.environ, "COLUMNS": "40"}).stdout
    assert printed.splitlines()[1:-1] == lines


def test_a_terms_other_words_are_shown_once_and_not_again_beside_its_name():
    """`info DK` headed its entry "Dread Knight (DK)  (DK)", `info relics` "Relic  (Relics, relics, ...)";
    `info f` (the mark of a Fast Cast card on a tight Life Siphon table) listed every card with an
    f in its name instead of the term."""
    child = spawn("play", "life-siphon", "--seed", "4", "--seat", "human", "--seat", "random", "--no-save")
    child.expect(PROMPT)
    child.sendline("info DK")
    child.expect(PROMPT)
    assert plain(child.before).splitlines()[1] == "Dread Knight (DK)"
    child.sendline("info (m)")
    child.expect(PROMPT)
    assert plain(child.before).splitlines()[1] == "(m) moved  ((m)oved)"
    child.sendline("info f")                     # a tight table's mark for a Fast Cast card
    child.expect(PROMPT)
    assert plain(child.before).splitlines()[1] == "Fast Cast  (f, f fast, Fast Cast response)"
    quit_game(child)
    child = spawn("play", "life-and-legend", "--seed", "4", "--seat", "human", "--seat", "random", "--no-save")
    child.expect(PROMPT)
    child.sendline("info relics")
    child.expect(PROMPT)
    assert plain(child.before).splitlines()[1] == "Relic  (Relics, bring into play)"
    quit_game(child)


def test_selfplay_names_the_seats_as_the_game_does():
    """Bad Baby Lich Lords' teams seat North-East, South-East, South-West and North-West (as
    `tabletome play` and `replay` say); selfplay's table called them North, East, South, West."""
    out = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "selfplay", "bad-baby-lich-lords", "--players",
                          "4", "--games", "2", "--seat", "heuristic", "--seat", "random", "--seat", "heuristic",
                          "--seat", "random"], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "COLUMNS": "80"})
    assert out.returncode == 0, out.stderr
    rows = [line.split("│")[1].strip() for line in out.stdout.splitlines() if line.startswith("│")]
    assert rows == ["North-East", "South-East", "South-West", "North-West"]


def test_a_choices_line_is_cut_to_the_screen_in_cells_when_its_card_text_is_wide(tmp_path):
    """A card text in CJK letters (two cells each) was cut by characters, to twice the room it
    had: the choice's line ran onto the next and the choices no longer read one a line."""
    cards = (Path(tabletome.__file__).parent / "games" / "spirit_link" / "cards.toml").read_text()
    cards = cards.replace('text = "Tiger (6/4) You can not escape from the Tiger."', f'text = "Tiger (6/4) {"虎" * 60}"')
    path = tmp_path / "wide.toml"
    path.write_text(cards)
    child = spawn("play", "spirit-link", "--cards", str(path), "--seed", "1", "--seat", "human", "--seat", "random",
                  "--no-save")
    child.expect(PROMPT)
    tiger = [line for line in plain(child.before).splitlines() if "transform Tiger" in line]
    assert len(tiger) == 1 and tiger[0].endswith("…") and "虎" in tiger[0]
    assert cell_len(tiger[0]) <= 80
    quit_game(child)


def test_replay_steps_prompt_fits_an_80_column_line(tmp_path):
    """The prompt ran to 91 columns: its last words and the answer typed after it went onto the
    next line."""
    path = saved_spirit_link(tmp_path, 120)
    child = spawn("replay", str(path), "--step")
    child.expect(r"\): ")
    prompt = plain(child.before + child.after).splitlines()[-1]
    assert prompt.startswith("Step 0 of 120 (Enter: next") and len(prompt) + len("120") - len("0") <= 80   # at step 120 too
    child.sendline("q")
    no_traceback(finish(child, status=0))


def test_a_hot_seat_game_shows_its_name_seats_and_help_hint_on_the_first_hand_over():
    """At a hot seat the first hand-over cleared the game's first line away ("Spirit Link — seed
    3. North: human, South: human   (help: commands)"): nobody ever saw it. It now heads the
    first hand-over's screen (the table's screen keeps its 24 rows, test_hot_seat.py)."""
    child = spawn("play", "spirit-link", "--seed", "3", "--seat", "human", "--seat", "human", "--no-save")
    child.expect("press Enter when ready")
    raw = child.logfile_read.raw
    on_screen = plain(raw[raw.rindex("\x1b[2J"):])            # what is left after the last clearing
    assert on_screen.startswith("Spirit Link — seed 3. North: human, South: human   (help: commands)\n")
    child.sendline("")
    child.expect(PROMPT)
    quit_game(child)


def test_a_save_path_under_a_file_is_refused_before_the_game_with_what_to_do(tmp_path):
    (tmp_path / "afile").write_text("not a folder")
    child = spawn("play", "spirit-link", "--save", str(tmp_path / "afile" / "g.json"))
    text = " ".join(no_traceback(finish(child, status=2)).split())
    assert "is not a folder this program may write in (--save FILE names another place, --no-save keeps no record)" \
        in text


def test_a_record_of_a_game_from_a_file_says_to_load_it_with_game_module(tmp_path):
    """`replay` (or `play --resume`) of a Go Fish record without --game-module said only "there
    is no game 'go-fish'", not how to load it."""
    path = tmp_path / "fish.json"
    made = subprocess.run([sys.executable, "-m", "tabletome.cli.main", "play", "go-fish", "--game-module", GO_FISH,
                           "--players", "2", "--seat", "random", "--seat", "random", "--save", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    for command in (["replay", str(path)], ["play", "--resume", str(path)]):
        text = " ".join(no_traceback(finish(spawn(*command), status=2)).split())
        assert "is a game of 'go-fish', which is not one of the games here" in text
        assert "a game from a file is loaded with --game-module FILE" in text
    text = plain(finish(spawn("replay", str(path), "--game-module", GO_FISH), status=0))
    assert "books: North" in text


def test_resume_with_vs_puts_the_records_computer_seats_at_that_level(tmp_path):
    """`play --resume FILE --vs easy` went on with the record's heuristic seat, ignoring --vs."""
    path = saved_spirit_link(tmp_path, 3)                  # seats: human, heuristic
    child = spawn("play", "--resume", str(path), "--vs", "easy", "--no-save")
    child.expect(PROMPT)
    assert "North: human, South: random" in " ".join(plain(child.before).split())
    quit_game(child)


def test_a_line_is_edited_with_the_arrow_keys_and_the_up_arrow_brings_back_the_players_own_lines():
    """The arrow keys typed "^[[D" into the answer: a line is now edited as in a shell (here
    "elp", Home, "h") and the up arrow brings back a line typed before, but never, at a hot seat,
    a line the last player typed (North's "1" must not be South's choice)."""
    child = spawn("play", "spirit-link", "--seed", "1", "--seat", "human", "--seat", "human", "--no-save")
    child.expect("press Enter when ready")
    child.sendline("")
    child.expect(PROMPT)
    child.send("elp\x1b[Hh\r")                  # Home, then "h": "help"
    child.expect("quit       save the game record")
    child.expect(PROMPT)
    child.send("\x1b[A\r")                      # up: "help" again
    child.expect("quit       save the game record")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("Pass the screen to South")
    child.sendline("")
    child.expect(PROMPT)
    child.send("\x1b[A\r")                      # South's history is empty: an empty line
    child.expect(PROMPT)
    text = quit_game(child)
    assert "South puts" not in text, text[-1500:]
