#!/usr/bin/env bash
# The leaderboard of docs/rl.md for one game: each agent against random, the heuristic and the
# shipped reference policy (ppo) in `tabletome arena` (seats rotated, 95% intervals), one JSON
# line per pairing into OUT. ISMCTS plays fewer games (it is slow): ISMCTS_GAMES at 10 iterations,
# ISMCTS50_GAMES (default the same) at 50. `python benchmarks/leaderboard_table.py OUT` prints the table.
#   PYTHONPATH=src PYTHON=python bash benchmarks/leaderboard.sh spirit-link benchmarks/results/leaderboard-spirit-link.jsonl [GAMES] [ISMCTS_GAMES] [ISMCTS50_GAMES]
set -euo pipefail
game=$1; out=$2; games=${3:-200}; slow=${4:-40}; slow50=${5:-$slow}
: > "$out"
pair() {  # AGENT OPPONENT GAMES
  "${PYTHON:-python}" -m tabletome.cli.main arena "$game" --seat "$1" --seat "$2" --games "$3" --seed 1 --workers 1 --json >> "$out"
}
for agent in random heuristic ppo; do
  for opponent in random heuristic ppo; do
    [ "$agent" = "$opponent" ] || pair "$agent" "$opponent" "$games"
  done
done
for opponent in random heuristic ppo; do
  pair ismcts:iterations=10 "$opponent" "$slow"
done
for opponent in random heuristic ppo; do
  pair ismcts:iterations=50 "$opponent" "$slow50"
done
