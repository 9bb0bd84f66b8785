"""A game's rules may change to follow its rulebook; a game saved before replays by the rules it
was played with (docs/contract.md, the option ``rules_version``). The records in saved/ were
saved by tabletome before Life Siphon's, Life & Legend's and Bad Baby Lich Lords' revision 2, with
the winners and the final generator state that tree gave them."""

import json
from pathlib import Path

import pytest

import tabletome
from tabletome import IllegalAction

RECORDS = sorted((Path(__file__).parent / "saved").glob("*-revision-1.json"))


def test_the_saved_records_are_here():
    assert len(RECORDS) == 4, RECORDS      # (an empty folder would leave the test below with nothing to do)


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_record_saved_before_a_rules_revision_replays_as_it_was_played(path):
    saved = json.loads(path.read_text())
    record = saved["record"]
    assert "rules_version" not in record["options"]
    state = tabletome.replay(record)
    assert state.options["rules_version"] == 1
    assert state.winners == saved["winners"] and state.snapshot()["rng"] == saved["rng"]
    # saved again, the record names its revision, and replays the same
    again = tabletome.replay(json.loads(json.dumps(state.record())))
    assert again.record()["options"]["rules_version"] == 1 and again.snapshot() == state.snapshot()
    # by the newest rules the same actions are another game (or one not over), or not legal at all
    newest = {**record, "options": {**record["options"], "rules_version": 2}}
    try:
        other = tabletome.replay(newest)
    except IllegalAction as exc:
        assert "cannot be replayed" in str(exc)
    else:
        assert (other.snapshot()["rng"], other.is_over) != (saved["rng"], True)


@pytest.mark.parametrize("game_id", ["life-siphon", "life-and-legend", "bad-baby-lich-lords"])
def test_a_new_game_is_of_the_newest_revision_and_a_revision_is_an_option(game_id):
    game = tabletome.game(game_id)
    assert game.options["rules_version"] == (2, 1)
    assert game.new(seed=1).record()["options"]["rules_version"] == 2
    assert game.new(seed=1, rules_version="1").options["rules_version"] == 1
    with pytest.raises(IllegalAction, match="option 'rules_version' of .* cannot be 3; allowed: 2, 1"):
        game.new(seed=1, rules_version=3)


def test_a_game_whose_rules_never_changed_has_no_revision():
    assert "rules_version" not in tabletome.game("spirit-link").new(seed=1).record()["options"]


@pytest.mark.parametrize("game_id, ruling", [("life-siphon", "ls-revisions"), ("life-and-legend", "ll-revision-2"),
                                             ("bad-baby-lich-lords", "bb-revisions")])
def test_the_rules_summary_of_an_older_revision_says_what_it_does_differently(game_id, ruling):
    # (its other rulings are the newest revision's, as RULES.md words them)
    game = tabletome.game(game_id)
    older = game.new(players=2, seed=1, rules_version=1)
    assert f"our ruling {ruling}," in game.rules_summary(2, older.options)
    assert f"our ruling {ruling}," not in game.rules_summary(2, game.new(players=2, seed=1).options)
