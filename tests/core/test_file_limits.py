"""Files from outside have limits: every number on a card is bounded by what the game's components
allow (or a stated generous limit), a card file or a record is refused at once past its size, and
one rule for seeds holds everywhere (core.rng.check_seed)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tabletome
from tabletome import IllegalAction
from tabletome.core.cards import MAX_CARDS, MAX_NUMBER
from tabletome.core.files import MAX_CARD_FILE, MAX_RECORD_FILE
from tabletome.core.rng import SEED_LIMIT

GAMES = Path(tabletome.__file__).parent / "games"
SPIRIT = (GAMES / "spirit_link" / "cards.toml").read_text()


def refused(call, *words):
    with pytest.raises(IllegalAction) as err:
        call()
    for word in words:
        assert word in str(err.value), f"{word!r} not in {err.value}"
    return str(err.value)


@pytest.mark.parametrize("before, after, words", [
    ("copies = 3", "copies = 100000000", ["'Wolf'", "'copies'", str(MAX_NUMBER)]),
    ("copies = 3", "copies = 10", ["'Wolf'", "'copies'", "at most 9"]),
    ("damage = 3", "damage = 99999999999999999999", ["'Wolf'", "'damage'", "out of bounds"]),
    ("damage = 3", "damage = 31", ["'Wolf'", "'damage'", "at most 30"]),       # a full health bar
    ("cost = 1", "cost = 13", ["'Wolf'", "'cost'", "at most 12"]),             # a full mana pool
    ('name = "Wolf"', f'name = "{"W" * 81}"', ["'name'", "at most 80"]),
])
def test_spirit_link_numbers_are_bounded_by_its_components(before, after, words):
    game = tabletome.game("spirit-link")
    text = SPIRIT.replace(before, after, 1)
    refused(lambda: game.check_cards(text, "mine.toml"), "mine.toml", *words)


@pytest.mark.parametrize("game_id", ["spirit-link", "life-siphon", "bad-baby-lich-lords", "life-and-legend"])
def test_every_game_refuses_a_huge_number_anywhere_on_a_card(game_id):
    game = tabletome.game(game_id)
    own = (GAMES / game_id.replace("-", "_") / "cards.toml").read_text()
    # the first whole-number field of the file, made enormous
    m = re.search(r"^(\w+) = (\d+)$", own, re.M)
    text = own[:m.start()] + f"{m.group(1)} = {10 ** 30}" + own[m.end():]
    refused(lambda: game.check_cards(text, "mine.toml"), "mine.toml", repr(m.group(1)), "out of bounds")


def test_a_life_and_legend_trait_with_a_hundred_million_copies_is_refused_at_once():
    game = tabletome.game("life-and-legend")
    own = (GAMES / "life_and_legend" / "cards.toml").read_text()
    i = own.index("[[trait]]")
    text = own[:i] + re.sub(r"\ncopies = \d+", "\ncopies = 100000000", own[i:], count=1)
    assert text != own
    refused(lambda: game.check_cards(text, "mine.toml"), "'copies'", "out of bounds")


def test_too_many_cards_in_a_table_are_refused():
    game = tabletome.game("spirit-link")
    extra = "".join(f'\n[[card]]\nname = "Extra {i}"\ntype = "spell"\ncopies = 1\ncost = 0\neffect = "gain-mana"\n'
                    f'mana = 1\norigin = "designed"\n' for i in range(MAX_CARDS))
    refused(lambda: game.check_cards(SPIRIT + extra, "mine.toml"), f"at most {MAX_CARDS}")


def test_a_card_file_past_its_size_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text(SPIRIT + "#" * MAX_CARD_FILE)
    game = tabletome.game("spirit-link")
    message = refused(lambda: game.new(cards=big), "big.toml", f"{MAX_CARD_FILE:,}")
    assert "too large" in message
    # given as text (a record's or a snapshot's card file), the same limit
    refused(lambda: game.new(card_text=SPIRIT + "#" * MAX_CARD_FILE), f"{MAX_CARD_FILE:,}")


def test_an_endless_card_file_costs_no_more_than_the_limit():
    refused(lambda: tabletome.game("spirit-link").new(cards="/dev/zero"), "/dev/zero", "too large")


def test_a_50_mb_card_file_is_refused_at_once_in_bounded_memory(tmp_path):
    """The issue's file: 50 MB took 21 s and 640 MB before being refused."""
    big = tmp_path / "huge.toml"
    with big.open("w") as f:
        f.write(SPIRIT)
        for _ in range(50):
            f.write(("# padding " * 100 + "\n") * 1000)
    # The peak resident size of this process alone: /proc's VmHWM starts anew at exec, while
    # getrusage's ru_maxrss keeps the forking parent's (a pytest worker's) high-water mark.
    code = ("import re, tabletome\n"
            "try:\n    tabletome.game('spirit-link').new(cards=%r)\n"
            "except tabletome.IllegalAction as e:\n    print('refused:', e)\n"
            "print(re.search(r'VmHWM:\\s*(\\d+) kB', open('/proc/self/status').read()).group(1))\n") % str(big)
    started = time.monotonic()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
    assert "refused:" in out and "too large" in out
    peak_kb = int(out.strip().splitlines()[-1])
    assert peak_kb < 300_000, f"peak memory {peak_kb} kB"        # generous: the interpreter and the games
    assert time.monotonic() - started < 60


def good_record():
    state = tabletome.game("spirit-link").new(seed=4)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    return state.record()


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, 2 ** 70, 1.5, "7", True])
def test_one_rule_for_seeds_in_game_new_records_and_snapshots(seed):
    game = tabletome.game("spirit-link")
    words = ("0 to 2**63-1",)
    refused(lambda: game.new(seed=seed), *words)
    refused(lambda: tabletome.replay({**good_record(), "seed": seed}), "record field 'seed'", *words)
    snapshot = game.new(seed=1).snapshot()
    refused(lambda: game.restore({**snapshot, "seed": seed}), "snapshot field 'seed'", *words)


def test_the_largest_seed_is_accepted_everywhere():
    game = tabletome.game("spirit-link")
    state = game.new(seed=SEED_LIMIT - 1)
    assert tabletome.replay(state.record()).seed == SEED_LIMIT - 1
    assert game.restore(state.snapshot()).seed == SEED_LIMIT - 1


def test_a_record_past_its_size_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.json"
    record = good_record()
    record["padding"] = "x" * MAX_RECORD_FILE
    path.write_text(json.dumps(record))
    refused(lambda: tabletome.load_record(path), "big.json", "too large", f"{MAX_RECORD_FILE:,}")


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, ["nested too deeply"]),
    ('{"seed": ' + "9" * 5000 + "}", ["not valid JSON"]),
    (json.dumps({**good_record(), "seats": 7}), ["'seats'"]),
    (json.dumps({**good_record(), "options": {"starting_hand": [1]}}), ["'options'"]),
    (json.dumps({**good_record(), "players": "two"}), ["'players'"]),
])
def test_hostile_records_are_refused_with_a_clear_message(tmp_path, text, words):
    path = tmp_path / "r.json"
    path.write_text(text)
    refused(lambda: tabletome.load_record(path), *words)


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT])
def test_the_arena_and_the_lab_take_their_base_seed_by_the_same_rule(seed):
    from tabletome.arena import run_arena
    from tabletome.lab.study import make_study
    refused(lambda: run_arena("spirit-link", ["random", "random"], games=1, workers=1, seed=seed), "0 to 2**63-1")
    refused(lambda: make_study("spirit-link", ["random", "random"], games=1, seed=seed), "0 to 2**63-1")


@pytest.mark.parametrize("game_id", ["spirit-link", "life-siphon", "bad-baby-lich-lords", "life-and-legend"])
def test_a_control_character_in_a_card_name_or_text_is_refused(game_id):
    """A card file's strings reach terminals, pages and reports: an escape sequence in a name
    (TOML's "\\u001b") or a text is refused, naming it; a text keeps its new lines and tabs."""
    game = tabletome.game(game_id)
    own = (GAMES / game_id.replace("-", "_") / "cards.toml").read_text()
    m = re.search(r'^name = "([^"]+)"$', own, re.M)
    named = own[:m.start()] + f'name = "\\u001b[31m{m.group(1)}"' + own[m.end():]
    refused(lambda: game.check_cards(named, "mine.toml"), "mine.toml", "'name'", "control character (U+001B)")
    tabbed = own[:m.start()] + f'name = "{m.group(1)}\\tx"' + own[m.end():]
    refused(lambda: game.check_cards(tabbed, "mine.toml"), "'name'", "U+0009")
    t = re.search(r'^text = "([^"]*)"$', own, re.M)
    texted = own[:t.start()] + 'text = "a\\u009bb"' + own[t.end():]
    refused(lambda: game.check_cards(texted, "mine.toml"), "'text'", "U+009B", "new lines and tabs")
    lined = own[:t.start()] + 'text = "first line\\n\\tsecond line"' + own[t.end():]
    assert game.check_cards(lined, "mine.toml") is not None


@pytest.mark.parametrize("game_id", ["spirit-link", "life-siphon", "life-and-legend"])
def test_a_lone_surrogate_in_a_snapshot_or_a_card_text_is_refused(game_id):
    """Found by the fuzz suite: JSON's "\\ud800" reached msgspec and raised UnicodeEncodeError."""
    game = tabletome.game(game_id)
    snapshot = game.new(seed=2).snapshot()
    field = next(k for k, v in snapshot.items() if k not in ("game", "players", "options", "seed", "rng", "history",
                                                            "log", "cards", "stack", "decision"))
    refused(lambda: game.restore({**snapshot, field: "\ud800"}), "snapshot")
    refused(lambda: game.new(card_text="\ud800"), "Unicode")


@pytest.mark.parametrize("game_id", ["spirit-link", "life-siphon", "bad-baby-lich-lords", "life-and-legend"])
def test_a_game_keeps_what_it_made_of_a_bounded_number_of_card_files(game_id):
    """Each card file a game reads (an uploaded record's, a snapshot's) costs it up to megabytes
    (Bad Baby Lich Lords: about 5 MB), so a game keeps what it made of at most CARD_FILES_KEPT
    of them besides its own cards: every dict it holds, whatever it caches, stays within that
    many entries naming another file after twice as many files; a forgotten one plays again."""
    from tabletome.core.cards import CARD_FILES_KEPT, CardFileCache

    game = tabletome.game(game_id)
    own = (GAMES / game_id.replace("-", "_") / "cards.toml").read_text()
    files = [own + f"\n# the printed cards, copy {i}\n" for i in range(2 * CARD_FILES_KEPT)]
    for text in files:
        state = game.new(seed=1, card_text=text)
        game.cards_info(text)
        state.observation(0)
    caches = {name: value for name, value in vars(game).items() if isinstance(value, dict)}
    assert len(caches) >= 3     # the game's own, the cards as people read them, the encoders
    for name, value in caches.items():
        others = [key for key in value if not CardFileCache.own(key)]
        assert len(others) <= CARD_FILES_KEPT, f"{game_id}: {name} keeps {len(others)} card files"
    state = game.new(seed=2, card_text=files[0])     # forgotten: read again
    for _ in range(20):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    assert state.card_text == files[0]
