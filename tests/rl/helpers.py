"""Which configurations the RL adapter tests play: each game at each of its player counts (solo
modes included), with the options ``game.configurations()`` gives first for that count."""

import tabletome


def per_player_count():
    configs = []
    for game_id in tabletome.games():
        game = tabletome.game(game_id)
        seen = set()
        for players, options in game.configurations():
            if players not in seen:
                seen.add(players)
                changed = {k: v for k, v in options.items() if v != game.options[k][0]}
                configs.append((game_id, players, changed))
    return configs


CONFIGS = per_player_count()
IDS = [f"{g}-{p}p" + ("-" + ",".join(f"{k}={v}" for k, v in o.items()) if o else "") for g, p, o in CONFIGS]
