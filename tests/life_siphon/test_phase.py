"""Where the turn stands is read from the decision stack ("Each turn is divided into 3 phases:
Regenerate Phase, Attack Phase, and Main Phase"): views and snapshots name it, and a snapshot whose
phase disagrees with its stack is refused."""

import json
from pathlib import Path

import pytest

import tabletome
from tabletome.games import life_siphon

from .helpers import G

LESSON = Path(life_siphon.__file__).parent / "lessons" / "block-two-imps.json"
# the phase of each decision a seat is asked, by the frame asking it (a window: by its moment)
PHASE_OF_DECISION = {"river": "regenerate", "attack": "attack", "main": "main"}
PHASE_OF_MOMENT = {"before attacks": "attack", "attack declared": "attack", "blocks declared": "attack",
                   "after combat": "attack", "end of turn": "end"}


def test_the_view_names_the_phase_of_the_frame_asked():
    seen = set()
    for players, options, seed in [(p, o, seed) for p, o in [(2, {}), (1, {"mode": "madness"}), (4, {"vials": "on"})]
                                   for seed in range(6)]:
        s = G.new(players=players, seed=seed, **options)
        agent = tabletome.agent("random", seed=seed)
        while not s.is_over:
            view = s.view(s.to_move)
            info = s.decision_info()
            phase = (PHASE_OF_MOMENT.get(info["moment"]) if info["window"]
                     else PHASE_OF_DECISION.get(info["frame"]))
            if info["window"] and info["moment"] == "main phase begins":
                # "If you have no Familiars in your Battleground at the start of your turn, you cannot
                # attack": without an Attack Phase the turn is still in its Regenerate Phase
                phase = "main" if s.snapshot()["turn_state"]["attack_phase"] else "regenerate"
            if phase is not None:
                assert view["phase"] == phase, (info, view["phase"])
                seen.add(phase)
            s.apply(agent.choose(s))
        assert s.view(None)["phase"] == "over" and s.snapshot()["phase"] == "over"
    assert seen == {"regenerate", "attack", "main", "end"}


def test_a_snapshot_whose_phase_disagrees_with_its_stack_is_refused():
    snap = json.loads(LESSON.read_text())
    assert G.restore(snap).view(None)["phase"] == "attack"   # a block decision inside an attack
    snap["phase"] = "main"
    with pytest.raises(tabletome.IllegalAction, match="'phase' is 'main', but its stack and decision stand in the 'attack'"):
        G.restore(snap)
    snap["phase"] = "over"
    with pytest.raises(tabletome.IllegalAction, match="the game is over, so it has no 'decision'"):
        G.restore(snap)
