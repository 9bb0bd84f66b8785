"""The contract, checked on every registered game and each of its option sets.

Each test plays real games through the public contract only (no game internals), so a new game
joins the suite by registering itself.
"""

import json
import zlib

import pytest

import tabletome
from tabletome import IllegalAction

from .helpers import CONFIGS, IDS, as_json, assert_same, fingerprint, games_for, new_state, play_random, random_step, rng, stride


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_games_end_and_keep_invariants(config, slow):
    """Random games run to the end with no exception, the game's invariants after every action."""
    n = games_for(config, slow, 300, 3000)
    r = rng(1)
    lengths = []
    for seed in range(n):
        state = new_state(config, seed)
        state.check_invariants()
        lengths.append(play_random(state, r, each=lambda s: s.check_invariants()))
        assert state.is_over and state.to_move is None and state.legal_actions() == ()
        assert all(0 <= w < state.players for w in state.winners)
        for seat in range(state.players):
            assert 0.0 <= state.outcome(seat) <= 1.0
    assert sum(lengths) > 0


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_reader_keeping_the_log_reads_what_the_view_shows(config, slow):
    """The lines each seat reads since a ``log_mark`` added after every move to what it had read
    are its whole visible log (every seat and a spectator), and ``view(seat, log=False)`` is the
    view without its log."""
    r = rng(9)
    for seed in range(games_for(config, slow, 2, 40)):
        state = new_state(config, seed)
        seats = [None, *range(state.players)]
        kept = {seat: [] for seat in seats}
        mark = 0
        while True:
            for seat in seats:
                kept[seat] += state.visible_log(seat, since=mark)
            mark = state.log_mark()
            for seat in seats:
                view = state.view(seat)
                assert kept[seat] == view.pop("log"), f"seat {seat}: the lines read since each mark"
                assert state.view(seat, log=False) == view
            if state.is_over:
                break
            random_step(state, r)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_views_made_together_are_each_seats_view(config, slow):
    """``views(seats)`` (a server's every page at once) is ``view(seat)`` for each seat, key order
    included, at every position: what a game's ``seat_view`` leaves out is the spectator's."""
    r = rng(11)
    for seed in range(games_for(config, slow, 2, 30)):
        state = new_state(config, seed)
        seats = [None, *range(state.players)]
        while True:
            order = list(seats)
            r.shuffle(order)
            together = state.views(order, log=r.below(2) == 0)
            alone = [state.view(seat, log="log" in together[0]) for seat in order]
            assert [json.dumps(v) for v in together] == [json.dumps(v) for v in alone]
            if state.is_over:
                break
            random_step(state, r)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_view_stays_as_it_was_made(config, slow):
    """A view is a picture of its position: play going on, and the views of later positions,
    leave it as it was (a game shares the parts of its views that do not change, such as a card
    as it lies, between views: none may be changed afterwards)."""
    r = rng(12)
    for seed in range(games_for(config, slow, 2, 20)):
        state = new_state(config, seed)
        seats = [None, *range(state.players)]
        kept = []
        while True:
            for view in state.views(seats, log=False) + [state.view(seat, log=False) for seat in seats]:
                kept.append((view, json.dumps(view)))
            if state.is_over:
                break
            random_step(state, r)
        changed = [i for i, (view, text) in enumerate(kept) if json.dumps(view) != text]
        assert not changed, f"seed {seed}: {len(changed)} views changed after they were made"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_snapshot_restore_continues_identically(config, slow):
    game = tabletome.game(config[0])
    r = rng(2)
    for seed in range(games_for(config, slow, 25, 300)):
        state = new_state(config, seed)
        while not state.is_over:
            if r.below(4 * stride(config)) == 0:
                snap = as_json(state.snapshot())
                copy = game.restore(snap)
                assert as_json(copy.snapshot()) == snap
                assert copy.view(None) == state.view(None)
                # continue both with the same actions and the same random events
                follow = rng(seed)
                lead = rng(seed)
                for _ in range(8):
                    if state.is_over:
                        break
                    a = random_step(state, lead)
                    b = copy.legal_actions()[follow.below(len(copy.legal_actions()))]
                    assert str(a) == str(b)
                    copy.apply(b)
                assert as_json(copy.snapshot()) == as_json(state.snapshot())
            else:
                random_step(state, r)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_clones_are_independent(config, slow):
    r = rng(3)
    for seed in range(games_for(config, slow, 25, 300)):
        state = new_state(config, seed)
        while not state.is_over:
            if r.below(stride(config)):
                random_step(state, r)
                continue
            before = fingerprint(state.snapshot())
            clone = state.clone()
            assert_same(clone.snapshot(), before, "a clone differs from its original")
            for _ in range(5):
                if clone.is_over:
                    break
                random_step(clone, r)
            assert_same(state.snapshot(), before, "playing a clone changed the original")
            random_step(state, r)
            if not clone.is_over:
                after = fingerprint(clone.snapshot())
                random_step(state, r) if not state.is_over else None
                assert_same(clone.snapshot(), after, "playing the original changed a clone")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_replays_are_exact(config, slow):
    for seed in range(games_for(config, slow, 20, 200)):
        state = new_state(config, seed)
        play_random(state, rng(seed))
        record = as_json(state.record())
        assert set(record) >= {"game", "options", "players", "seed", "actions"}
        again = tabletome.replay(record)
        assert as_json(again.snapshot()) == as_json(state.snapshot())
        assert again.log == state.log


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_bad_input_is_refused_and_changes_nothing(config, slow):
    game = tabletome.game(config[0])
    r = rng(4)
    for seed in range(games_for(config, slow, 10, 100)):
        state = new_state(config, seed)
        while not state.is_over:
            if r.below(stride(config)):
                random_step(state, r)
                continue
            before = fingerprint(state.snapshot())
            legal = state.legal_actions()
            legal_ids = {a.id for a in legal}
            illegal = [a for a in game.actions.actions if a.id not in legal_ids]
            if illegal:
                wrong = illegal[r.below(len(illegal))]
                with pytest.raises(IllegalAction):
                    state.apply(wrong)
                with pytest.raises(IllegalAction):
                    state.apply(str(wrong))
            for junk in ("", "   ", "no such action 123", "pass pass pass", "\x00"):
                with pytest.raises(IllegalAction):
                    state.apply(junk)
                with pytest.raises(IllegalAction):
                    state.parse_action(junk)
            for junk in (None, True, 2.5, ["pass"]):  # an int is an action id now (test_learning_contract)
                with pytest.raises(IllegalAction):
                    state.apply(junk)
            for seat in (-1, state.players, "0", 1.0):
                with pytest.raises(IllegalAction):
                    state.view(seat)
            assert_same(state.snapshot(), before, "a refused input changed the state")
            assert state.legal_actions() == legal
            random_step(state, r)
        with pytest.raises(IllegalAction):
            state.apply("pass")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_legal_action_parses_back(config, slow):
    game = tabletome.game(config[0])
    r = rng(5)
    for seed in range(games_for(config, slow, 20, 200)):
        state = new_state(config, seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, "a seat is to move but has no legal action"
            ids = [a.id for a in legal]
            assert len(set(ids)) == len(ids), "two legal actions share an id"
            assert all(0 <= i < game.num_actions for i in ids)
            texts = [str(a) for a in legal]
            assert len(set(t.lower() for t in texts)) == len(texts), "two legal actions share a text"
            for a in legal:
                assert state.parse_action(str(a)) is a
                assert state.parse_action("  " + str(a).upper() + " ") is a
            random_step(state, r)


# What a determinized copy may change without it being a re-deal: bookkeeping, not the position.
BOOKKEEPING = ("seed", "rng", "history", "log")


def position_fields(snapshot):
    """A snapshot's position: everything but the bookkeeping a determinized copy resets."""
    return fingerprint({k: v for k, v in snapshot.items() if k not in BOOKKEEPING})


def check_views_leak_nothing(config, games, every=4):
    """Over sampled positions of ``games`` random games: for each seat, a determinized copy gives
    that seat (and a spectator) the same view as the true state, and for each seat some copy
    differs from the true state in its position (a re-deal happened: a ``determinize`` that only
    clones fails here)."""
    r = rng(6)
    every *= stride(config)
    redealt = [0] * config[1]
    for seed in range(games):
        state = new_state(config, seed)
        while not state.is_over:
            if r.below(every) == 0:
                truth = position_fields(state.snapshot())
                for seat in range(state.players):
                    view = state.view(seat)
                    json.dumps(view)
                    other = state.determinize(seat, rng(seed * 1000 + seat))
                    assert other.view(seat) == view, f"seat {seat} can tell a re-dealt state apart"
                    assert other.view(None) == state.view(None)
                    assert (other.observation(seat) == state.observation(seat)).all(), \
                        f"seat {seat}'s observation tells a re-dealt state apart"
                    other.check_invariants()
                    if position_fields(other.snapshot()) != truth:
                        redealt[seat] += 1
            random_step(state, r)
    never = [seat for seat, n in enumerate(redealt) if n == 0]
    assert not never, (f"determinize never re-dealt anything for seat(s) {never} over {games} games: "
                       "a copy equal to the true state cannot show that hidden cards are hidden")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_views_leak_nothing_hidden(config, slow):
    """Two states that differ only in what a seat cannot see give that seat equal views: the
    determinized copy re-draws exactly the hidden part."""
    check_views_leak_nothing(config, games_for(config, slow, 8, 200))


@pytest.mark.parametrize("game_id", tabletome.games())
def test_the_leak_check_fails_a_determinize_that_only_clones(game_id, monkeypatch):
    """The leak check can fail: with ``determinize`` replaced by a plain ``clone`` it must."""
    config = next(c for c in CONFIGS if c[0] == game_id)
    state_class = tabletome.game(game_id).state_class
    monkeypatch.setattr(state_class, "determinize", lambda self, seat, rng: self.clone())
    with pytest.raises(AssertionError, match="never re-dealt"):
        check_views_leak_nothing(config, 3)


@pytest.mark.parametrize("game_id", tabletome.games())
def test_the_leak_check_fails_an_observation_that_shows_a_hidden_card(game_id, monkeypatch):
    """A game's encoder may write from the state, so it could read a card its seat may not see: the
    leak check catches an observation that also holds a number made of the whole position (hidden
    cards included)."""
    config = next(c for c in CONFIGS if c[0] == game_id)
    state_class = tabletome.game(game_id).state_class
    real = state_class.observation

    def leaky(self, seat, out=None):
        out = real(self, seat, out)
        out[0] += zlib.crc32(position_fields(self.snapshot())) % 7 / 100.0
        return out

    monkeypatch.setattr(state_class, "observation", leaky)
    with pytest.raises(AssertionError, match="observation tells a re-dealt state apart"):
        check_views_leak_nothing(config, 3)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_depends_only_on_the_view(config, slow):
    """Determinizing a determinized copy with the same rng gives the same copy: the result depends
    only on the seat's view and the rng (this is what keeps search agents honest)."""
    r = rng(7)
    for seed in range(games_for(config, slow, 10, 100)):
        state = new_state(config, seed)
        while not state.is_over:
            if r.below(stride(config)):
                random_step(state, r)
                continue
            seat = state.to_move
            a = state.determinize(seat, rng(99)).snapshot()
            b = state.determinize(seat, rng(seed)).determinize(seat, rng(99)).snapshot()
            assert_same(a, fingerprint(b), "determinizing a determinized copy gave another copy")
            random_step(state, r)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinized_copies_play_on(config, slow):
    r = rng(8)
    for seed in range(games_for(config, slow, 10, 100)):
        state = new_state(config, seed)
        while not state.is_over:
            if r.below(5 * stride(config)) == 0:
                copy = state.determinize(state.to_move, rng(seed))
                play_random(copy, rng(seed), each=lambda s: s.check_invariants())
            random_step(state, r)


@pytest.mark.parametrize("game_id", tabletome.games())
def test_game_facts_and_bad_setup(game_id):
    game = tabletome.game(game_id)
    assert game.player_counts and all(isinstance(n, int) for n in game.player_counts)
    assert game.num_actions == len(game.actions.actions) > 0
    for name, values in game.options.items():
        assert isinstance(values, tuple) and values, f"option {name} lists no values"
    with pytest.raises(IllegalAction, match="option"):
        game.new(no_such_option=1)
    with pytest.raises(IllegalAction, match="players"):
        game.new(players=99)
    for name, values in game.options.items():
        with pytest.raises(IllegalAction, match=name):
            game.new(players=None, **{name: "certainly-not-a-value"})
    with pytest.raises(IllegalAction):
        game.new(seed="seven")
    with pytest.raises(IllegalAction):
        game.restore("not a snapshot")
    with pytest.raises(IllegalAction):
        game.restore({"game": "some-other-game"})
    with pytest.raises(IllegalAction):
        tabletome.game("no-such-game")
    state = game.new(seed=1)
    snap = as_json(state.snapshot())
    assert game.restore(snap).view(None) == state.view(None)
    json.dumps(state.view(None))


@pytest.mark.parametrize("game_id", tabletome.games())
def test_same_seed_same_game(game_id):
    game = tabletome.game(game_id)
    a, b = game.new(seed=42), game.new(seed=42)
    play_random(a, rng(1))
    play_random(b, rng(1))
    assert a.log == b.log and a.winners == b.winners
