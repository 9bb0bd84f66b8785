"""Each env id's version names the behaviour measured on it: a game whose rules (with its heuristic
and views), observations or adapters (what Gymnasium, PettingZoo and OpenSpiel hand an agent)
change fails here until ``tabletome/rl/versions.py`` has a new line with the next version and the
new hashes, and docs/rl.md's changelog has that version's entry with the same hashes."""

import re
import sys
from pathlib import Path

import pytest

import tabletome
from tabletome.rl import env_name, gym_id, version
from tabletome.rl.versions import ADAPTERS, HISTORY, VERSIONS, hashes

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
# The versions docs/rl.md's changelog lists: "- `tabletome/SpiritLink-v1`: ..." lines.
CHANGELOG = re.compile(r"^- `tabletome/(\w+)-v(\d+)` \(rules ([0-9a-f]{16}), observations ([0-9a-f]{16})"
                       r"(?:, adapters ([0-9a-f]{16}))?\)", re.M)


def rules_hash(game_id: str) -> str:
    """The ``games`` part of engine_identity.py's (ll_identity.py's) hash, as its main() prints."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        if game_id == "life-and-legend":
            import ll_identity
            return ll_identity.games_part()[0]
        import engine_identity
        return engine_identity.games_part(game_id)[0]
    finally:
        sys.path.remove(str(BENCHMARKS))


def observations_hash(game_id: str) -> str:
    """``rl_batch.py hash`` of the game, with its default steps."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import rl_batch
        return rl_batch.identity(game_id, 150)
    finally:
        sys.path.remove(str(BENCHMARKS))


def adapters_hash(game_id: str) -> str:
    """``rl_batch.py adapters`` of the game."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import rl_batch
        return rl_batch.adapters(game_id)
    finally:
        sys.path.remove(str(BENCHMARKS))


@pytest.mark.parametrize("game_id", sorted(VERSIONS))
def test_the_version_changes_with_the_rules_the_observations_and_the_adapters(game_id):
    number, *recorded = VERSIONS[game_id]
    found = rules_hash(game_id), observations_hash(game_id), adapters_hash(game_id)
    assert list(found) == recorded, (
        f"{game_id} behaves differently from its v{number} (rules, observations, adapters {', '.join(found)}; "
        f"recorded {', '.join(map(str, recorded))}). If on purpose, add the line (\"{game_id}\", {number + 1}, "
        f"\"{found[0]}\", \"{found[1]}\", \"{found[2]}\") to HISTORY in src/tabletome/rl/versions.py and its entry "
        f"to docs/rl.md's changelog")


def test_every_version_has_its_line_its_ids_and_its_changelog_entry():
    assert sorted(VERSIONS) == sorted(tabletome.games())
    text = (ROOT / "docs" / "rl.md").read_text()
    entries = {(name, int(v)): (rules, obs, adapters or None) for name, v, rules, obs, adapters in CHANGELOG.findall(text)}
    assert sorted(ADAPTERS) == sorted(VERSIONS)
    for game_id in VERSIONS:
        lines = [line for line in HISTORY if line[0] == game_id]
        assert [line[1] for line in lines] == list(range(1, len(lines) + 1)), f"{game_id}: versions 1, 2, ... in order"
        assert [len(line) for line in lines] == sorted(len(line) for line in lines), \
            f"{game_id}: once a line ends with its adapters hash, every later one does"
        behaviours = [hashes(line) for line in lines]
        assert len(set(behaviours)) == len(behaviours), f"{game_id}: a new version is a new behaviour"
        number = version(game_id)
        assert number == len(lines) and VERSIONS[game_id] == (number, *behaviours[-1])
        assert gym_id(game_id).endswith(f"-v{number}") and env_name(game_id).endswith(f"_v{number}")
        camel = gym_id(game_id).split("/")[1].rsplit("-", 1)[0]
        for _, v, rules, obs, *adapters in lines:
            written = f", adapters {adapters[0]}" if adapters else ""
            assert entries.get((camel, v)) == (rules, obs, adapters[0] if adapters else None), \
                f"docs/rl.md's changelog needs - `tabletome/{camel}-v{v}` (rules {rules}, observations {obs}{written}): ..."
