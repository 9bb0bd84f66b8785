"""How the search models a player: the heuristic, but a Wolf in hand is always shown."""

from tabletome.core import Rng

from .positions import GAME, position, seat


def preparing(north_hand, south_hand):
    return position(seat(hand=north_hand), seat(hand=south_hand), phase="preparation")


def test_the_search_model_shows_a_wolf_it_holds():
    # the heuristic prefers the Dragon; the search's model shows the Wolf, which eats a Sheep
    state = preparing(["Dragon", "Wolf", "Fox"], ["Sheep", "Bear"])
    assert str(GAME.heuristic_action(state, Rng(1))) == "transform Dragon"
    assert all(str(GAME.rollout_action(state, Rng(s))) == "transform Wolf" for s in range(5))


def test_without_a_wolf_the_search_model_is_the_heuristic():
    state = preparing(["Dragon", "Fox"], ["Sheep", "Bear"])
    assert str(GAME.rollout_action(state, Rng(1))) == str(GAME.heuristic_action(state, Rng(1)))
    combat = preparing(["Dragon", "Wolf"], ["Bear"])
    combat.apply("transform Dragon")
    combat.apply("transform Bear")
    assert str(GAME.rollout_action(combat, Rng(1))) == str(GAME.heuristic_action(combat, Rng(1)))
