"""The card data and card files (--cards FILE), and the terminal display."""

import io
import json

import pytest
from rich.console import Console

import tabletome
from tabletome import IllegalAction
from tabletome.games.bad_baby_lich_lords.cards import DEFAULT_CARDS
from tabletome.games.bad_baby_lich_lords.effects import (BAN_FORMS, FACTION_SKILL, FACTIONS, R_CARDS, R_ICONS,
                                                            R_MATCH_CARDS, R_MATCH_ICONS, SKILLS)

from .helpers import GAME, play, position

TEXT = DEFAULT_CARDS.read_text()


# --- the designed cards -------------------------------------------------------------------------------
def test_the_components_have_the_printed_counts():
    C = GAME.cards
    assert C.n == 92 and len(C.realms) == 24 and sum(C.spell_copies) == 25
    for f in range(4):
        assert sum(k.copies for k in C.kinds if k.faction == f) == 23
        assert sorted(r.noise for r in C.realms if r.faction == f) == [1, 1, 2, 2, 3, 3]


def test_printed_and_designed_cards_are_told_apart():
    C = GAME.cards
    assert [k.name for k in C.kinds if k.origin == "rulebook"] == ["Human Forest Person"]
    assert all(r.origin == "designed" for r in C.realms)
    assert "Making Noise" in C.realm("Three Kinds of Trouble", "").note
    assert all(s.origin == "rulebook" for s in C.spells)
    assert C.spells[3].combo == "His Fiery Gaze!"


def test_each_faction_skill_appears_only_on_its_own_minions_and_everywhere_in_it():
    C = GAME.cards
    for faction, skill in FACTION_SKILL.items():
        f = FACTIONS.index(faction)
        holders = {k.faction for k in C.kinds if k.mask >> skill & 1}
        assert holders == {f}, faction


def test_the_designs_use_the_whole_vocabulary():
    C = GAME.cards
    assert any(b >= 0 for k in C.kinds for _, b in k.slots)                      # OR choices
    assert any(k.fight >= 2 for k in C.kinds)                                     # multiple Fight icons
    assert {s for k in C.kinds for slot in k.slots for s in slot if s >= 0} == set(range(len(SKILLS)))
    req_kinds = {(r[0], r[2], r[3] >= 0) for realm in C.realms for r in realm.requires}
    for want in [(R_CARDS, 1, False), (R_CARDS, 2, False), (R_CARDS, 1, True), (R_CARDS, 2, True),
                 (R_ICONS, 1, True), (R_MATCH_CARDS, 1, False), (R_MATCH_CARDS, 2, False), (R_MATCH_ICONS, 1, False)]:
        assert want in req_kinds
    bans = {text for realm in C.realms for text in realm.bans_text}
    forms = {"no minions", "no skeletons", "no matching icons", "no matching minions"}
    assert forms <= bans
    assert any(b.startswith("no minions with") for b in bans) and any(b.startswith("no skeletons with") for b in bans)
    assert any(b.endswith(" icons") and b != "no matching icons" for b in bans)
    assert len(BAN_FORMS) == 8


# --- card files ---------------------------------------------------------------------------------------
def _own_cards(tmp_path, text):
    path = tmp_path / "printed.toml"
    path.write_text(text)
    return path


def test_a_card_file_of_your_own_is_played(tmp_path):
    text = TEXT.replace('name = "Mudslinger"', 'name = "Mud Flinger"').replace(
        'skills = ["Fight"]\ntext = "Spit runs downhill. Mud too."', 'skills = ["Fight", "Dig"]\ntext = "Ours."')
    path = _own_cards(tmp_path, text)
    state = GAME.new(players=2, seed=4, cards=str(path), factions="freeple-noblins-zard")
    names = {c["name"] for r in state.view(None)["realms"] for c in r["bone_pile"]["known"]}
    assert "Mudslinger" not in json.dumps(state.snapshot())
    assert state.snapshot()["cards"] == text
    rng = tabletome.core.Rng(1)
    while not state.is_over:
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
        state.check_invariants()
    assert "Mud Flinger" in " ".join(state.log) or names
    again = tabletome.replay(json.loads(json.dumps(state.record())))
    assert again.snapshot() == state.snapshot()
    assert GAME.restore(json.loads(json.dumps(state.snapshot()))).snapshot() == state.snapshot()


BROKEN = [
    ("this is [ not toml", "not valid TOML"),
    (TEXT.replace('skills = ["Teach"]\ntext = "Finished', 'skills = ["Dance"]\ntext = "Finished'),
     "minion 'Homework Hexer': field 'skills' entry 'Dance'"),
    (TEXT.replace('skills = ["Teach"]\ntext = "Finished', 'skills = ["Boss"]\ntext = "Finished'),
     "minion 'Homework Hexer': field 'skills': Boss is the Freeple faction skill"),
    (TEXT.replace('skills = ["Teach"]\ntext = "Finished', 'skills = ["Teach/Teach"]\ntext = "Finished'),
     "two different skills"),
    (TEXT.replace('skills = ["Teach"]\ntext = "Finished', 'skills = ["Teach/Dig/Fight"]\ntext = "Finished'),
     "exactly two"),
    (TEXT.replace('copies = 3\nskills = ["Cast"]', 'copies = 4\nskills = ["Cast"]'), "Zard minions' copies add up to 24"),
    (TEXT.replace('requires = ["a minion with Teach"]', 'requires = ["5 potatoes"]'),
     "realm 'Detention Hall': field 'requires' entry '5 potatoes'"),
    (TEXT.replace('requires = ["a minion with Teach"]', 'requires = []'), "realm 'Detention Hall': field 'requires'"),
    (TEXT.replace('bans = ["no Fight icons"]', 'bans = ["no dancing"]'), "field 'bans' entry 'no dancing'"),
    (TEXT.replace('name = "Owl Familiar"', 'name = "Homework Hexer"'), "Homework Hexer"),
    (TEXT.replace('name = "Owl Familiar"', 'name = "Owl Familiar"\ncolour = "blue"'),
     "minion 'Owl Familiar': field 'colour': unknown field"),
    (TEXT.replace('name = "Owl Familiar"\nfaction = "Zard"\ncopies = 2', 'name = "Owl Familiar"\nfaction = "Zard"\ncoppies = 2'),
     "minion 'Owl Familiar': field 'coppies': unknown field"),
    (TEXT.replace('name = "Teach"\ncopies = 5', 'name = "Teach"\ncopies = 4'), "25 spell cards"),
    (TEXT.replace('name = "Detention Hall"\nfaction = "Zard"\nnoise = 1', 'name = "Detention Hall"\nfaction = "Zard"\nnoise = 0'),
     "realm 'Detention Hall': field 'noise'"),
    (TEXT.replace('name = "Detention Hall"\nfaction = "Zard"', 'name = "Detention Hall"\nfaction = "Elves"'),
     "field 'faction'"),
    (TEXT.replace('origin = "rulebook"\nnote = "Name and skills', 'origin = "printed"\nnote = "Name and skills'),
     "field 'origin'"),
    (TEXT.replace('name = "Mosh Glade"', 'name = "Mudslinger"'), "also the name of a minion"),
    (TEXT.replace('name = "Sock Thief"', 'name = "Sock (Thief)"'), "field 'name'"),
]


@pytest.mark.parametrize("text,words", BROKEN, ids=[w for _, w in BROKEN])
def test_broken_card_files_are_refused_naming_file_card_and_field(tmp_path, text, words):
    path = _own_cards(tmp_path, text)
    with pytest.raises(IllegalAction) as err:
        GAME.new(players=2, seed=1, cards=str(path))
    assert words in str(err.value)
    assert str(path) in str(err.value)


def test_missing_card_files_and_broken_snapshot_card_texts_are_refused(tmp_path):
    with pytest.raises(IllegalAction, match="no card file"):
        GAME.new(cards=str(tmp_path / "nope.toml"))
    snap = GAME.new(seed=1).snapshot()
    snap["cards"] = "not [ toml"
    with pytest.raises(IllegalAction, match="card file"):
        GAME.restore(snap)


# --- the terminal display --------------------------------------------------------------------------------
def _text(renderable, width=170):
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_mode_renders_from_the_view_alone(players):
    state = GAME.new(players=players, seed=2)
    bot = tabletome.agent("heuristic", seed=1)
    for _ in range(12):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    for seat in [None] + list(range(players)):
        view = json.loads(json.dumps(state.view(seat)))        # only what the view holds
        text = _text(GAME.render(view, seat))
        assert "Realm 1" in text and "bone pile 1" in text and "noise" in text
        assert "†" in text and "designed" in text
        for realm in view["realms"]:
            assert realm["realm"]["name"] in text
        if seat is not None:
            assert "(you)" in text
    if players == 1:
        assert "Cursed Artifact" in _text(GAME.render(state.view(0), 0))


def test_the_display_shows_the_viewers_hand_only_and_the_decision():
    state = position(realms=[{"south": ["Mudslinger"]}, {"north": ["skeleton: Human Forest Person"]},
                             {"south": ["Party Crasher"]}], hands=[["Raise"], ["Fight", "Fight"]])
    play(state, "raise realm 2 north 1")
    north = _text(GAME.render(state.view(0), 0))
    assert "your spells (North): Raise" in north
    assert "South 2 spells" in north
    assert "a target for Human Forest Person's Friendship" in north
    assert "1. Human Forest Person Friendship,Leave,Fight (acted)" in north
    assert "Human Forest Person†" not in north        # the printed card is not marked designed
    south = _text(GAME.render(state.view(1), 1))
    assert "your spells (South): Fight, Fight" in south and "North 1 spell" in south
