"""docs/rl.md's leaderboard table from a leaderboard.sh JSONL file (one arena report a line):

    python benchmarks/leaderboard_table.py benchmarks/results/leaderboard-spirit-link.jsonl

Each row an agent, each column an opponent: the row agent's win rate with its Wilson 95% interval
(the arena's), then wins-draws-losses of the games played.
"""

import json
import sys

COLUMNS = ("random", "heuristic", "ppo")


def table(path: str) -> str:
    cells, rows = {}, []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            report = json.loads(line)
            agent, opponent = report["agents"][0], report["agents"][1]
            if agent["spec"] not in rows:
                rows.append(agent["spec"])
            low, high = agent["ci95"]
            cells[agent["spec"], opponent["spec"]] = (
                f"{100 * agent['win_rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
                f"({agent['wins']}-{agent['draws']}-{agent['losses']} of {agent['games']})")
    lines = ["| agent | " + " | ".join(f"vs {c}" for c in COLUMNS) + " |", "|---|" + "---|" * len(COLUMNS)]
    for row in rows:
        lines.append(f"| `{row}` | " + " | ".join(cells.get((row, c), "") for c in COLUMNS) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(sys.argv[1]))
