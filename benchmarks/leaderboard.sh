#!/usr/bin/env bash
# The leaderboard of docs/rl.md for one game: each agent against random, the heuristic and the
# shipped reference policy (ppo) in `tabletome arena` (seats rotated, 95% intervals), one JSON
# line per pairing into OUT. ISMCTS plays fewer games (it is slow).
#   PYTHONPATH=src PYTHON=python bash benchmarks/leaderboard.sh spirit-link benchmarks/leaderboard-spirit-link.jsonl [GAMES] [ISMCTS_GAMES]
set -euo pipefail
game=$1; out=$2; games=${3:-200}; slow=${4:-40}
: > "$out"
pair() {  # AGENT OPPONENT GAMES
  "${PYTHON:-python}" -m tabletome.cli.main arena "$game" --seat "$1" --seat "$2" --games "$3" --seed 1 --workers 1 --json >> "$out"
}
for agent in random heuristic ppo; do
  for opponent in random heuristic ppo; do
    [ "$agent" = "$opponent" ] || pair "$agent" "$opponent" "$games"
  done
done
for agent in ismcts:iterations=10 ismcts:iterations=50; do
  for opponent in random heuristic ppo; do
    pair "$agent" "$opponent" "$slow"
  done
done
