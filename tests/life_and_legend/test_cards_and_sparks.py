"""The card file: printed counts, origins, --cards loading and errors; every Spark x Spark Effect."""

import pytest

from tabletome import IllegalAction
from tabletome.games.life_and_legend.cards import DEFAULT_CARDS, STORY, PATH

from .helpers import game, position, play, rng_rolling


def test_decks_have_the_printed_counts():
    """"Legend Deck (73 cards) / Life Deck (35 cards) / Background Deck (36 cards)", "all 8 Traumas",
    "There are 144 possible combinations.\""""
    C = game().cards
    assert (len(C.legend), len(C.life), len(C.background)) == (73, 35, 36)
    assert len(C.of_kind[STORY]) * len(C.of_kind[PATH]) == 144
    assert sorted(C.opponents) == ["emptiness", "geoffrey", "golden-horse", "matathias"]


def test_only_the_printed_cards_claim_the_rulebook():
    C = game().cards
    printed = sorted({C.names[i] for i in range(C.n) if C.cards[i].origin == "rulebook"})
    assert printed == ["Noble", "The Philosopher"]
    noble = C.cards[C.find("Noble", "test")]
    assert '"Once per turn, you may draw a Legend card. Discard a card."' in noble.text
    assert '"Draw a Legend Card."' in noble.text
    for name in ("War", "Apathy", "Arbiter"):
        card = C.cards[C.find(name, "test")]
        assert card.origin == "designed" and "named by the rulebook" in card.note
    assert all(o.origin == "designed" for o in C.opponents.values())


def test_the_card_file_loads_with_cards_and_errors_name_file_card_and_field(tmp_path):
    text = DEFAULT_CARDS.read_text()
    mine = tmp_path / "mine.toml"
    mine.write_text(text)
    state = game().new(players=2, seed=3, cards=str(mine))
    assert state.legal_actions()
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace('name = "Lantern of Seeking"\norigin = "designed"', 'name = "Lantern of Seeking"\norigin = "stolen"', 1))
    with pytest.raises(IllegalAction, match=r"broken.toml: relic 'Lantern of Seeking': field 'origin'"):
        game().new(players=2, seed=3, cards=str(broken))
    short = tmp_path / "short.toml"
    short.write_text(text.replace('[[relic]]\nname = "Golden Chalice"', '[[relic]]\nname = "Golden Chalice"\nbogus = 1', 1))
    with pytest.raises(IllegalAction, match="Golden Chalice.*bogus"):
        game().new(players=2, seed=3, cards=str(short))


# a position meeting each Spark's condition
CONDITIONS = {
    "reveal-events": dict(hands=[["Windfall", "Caravan"], []]),
    "reveal-relics": dict(hands=[["Crown of Power", "Recovered Crown"], []]),
    "reveal-adventures": dict(hands=[["Bandit Camp", "The Tribunal"], []]),
    "discard-card": dict(hands=[["Windfall"], []]),
    "discard-wander": dict(wanders=[["Caravan"], []]),
    "roll": dict(rng=rng_rolling(6)),
    "traumas": dict(traumas=[["Fear", "Grief"], []]),
    "traits": dict(traits=[["Bravery", "Charisma", "Inspiration"], []]),
    "small-hand": dict(hands=[["Windfall"], []]),
    "after-adventure": dict(did=1),
    "after-wander": dict(did=2),
    "relics": dict(relics=[["Crown of Power", "Recovered Crown"], []]),
}
C = game().cards
STORIES = [C.names[i] for i in C.of_kind[STORY]]
PATHS = [C.names[i] for i in C.of_kind[PATH]]


@pytest.mark.parametrize("story", STORIES)
def test_every_spark_composes_with_every_spark_effect(story):
    """"By combining a Life Story's Spark with a Life Path's Spark Effect, the Player creates a
    powerful new Effect. There are 144 possible combinations.": each pair activates and resolves."""
    spark = C.cards[C.find(story, "test")].spark
    for path in PATHS:
        fields = dict(CONDITIONS[spark])
        fields.setdefault("hands", [["Windfall"], []])
        s = position(story=[story, None], path=[path, None], phase=0,
                     world=["Storm", "Festival", "Fog", "Golden Age"], **fields)
        assert "use the Spark" in [str(a) for a in s.legal_actions()], (story, path)
        mark = len(s.log)
        play(s, "use the Spark")
        steps = 0
        while s.decision is not None and s.decision[0] != s.frames.index("phase"):
            s.apply(s.legal_actions()[0])
            steps += 1
            assert steps < 50
        assert f"uses the Spark of {story} with {path}" in " ".join(s.log[mark:])
        assert not s.view(0)["effects_pending"] and s.spark_used
        assert "use the Spark" not in [str(a) for a in s.legal_actions()]


def test_an_action_text_has_one_id_at_every_table_size():
    """Seat names differ by table size (South is seat 1 of 2, seat 2 of 4): the text keeps its id."""
    g = game()
    base = g.actions
    for players in (1, 2, 3, 4):
        table = g.table_for_players(None, players)
        assert len(table) == len(base)
        assert all(table[i].text == base[i].text for i in range(len(base)))
    assert g.table_for_players(None, 2).find("choose South").target == 1
    assert g.table_for_players(None, 4).find("choose South").target == 2
