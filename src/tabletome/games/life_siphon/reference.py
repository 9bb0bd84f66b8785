"""Life Siphon's short rules reference for the table (``rules`` in terminal play)."""

from ...core.reference import summary
from ...core.rulings import named

TURN = """Regenerate: gain 1 life (20 at most), +1 per Familiar in your River; then, with no \
Familiar in your Battleground, you may take a River card (refilled from the deck). \
Attack: Familiars in your Battleground attack the player to your left, one at a time; Imps and \
Dread Knights: the defender chooses to block or take the damage; a Lich chooses its target and only \
a Lich may block it. Blockers (1 to 3) deal their attack together; a Familiar whose damage reaches \
its defense is removed. \
Main: summon up to 3 Familiars (paying life) into your Summoning Area, move each to 1 adjacent area \
(Dread Knight: 1 life a move), cast Slow Cast spells; end the turn by drawing 1 card. Fast Cast \
spells may be cast at any time, also in other players' turns (the response windows). \
Bring the player to your left below 1 life; no one may take their own life below 1."""

MODES = {
    "standard": "2 to 4 players; each attacks the player to the left and defends from the right.",
    "madness": """1 Player Madness Mode: you against the Imp, Lich and Dread Knight Lairs, which \
always block if they can, attack only you and spawn two Familiars for each one you remove. Unblocked \
attackers gain you 1 life each (3 a turn at most). Lich's Grasp, Grim Vision, Equip Aspect and Life \
Siphon are out of the deck. Your score is the round you reach, then your final life closest to 0.""",
    "two-player-variant": """2 Player Variant: two real players sit across; the ghost seats between \
them are controlled by the player to their left, except how they attack, which the player across \
decides. Take out the player to your left or the one across; you lose if you or the player to your \
right is defeated.""",
}

RULINGS = {
    "standard": ["The deck running out", "Moving backwards", "A Fast Cast that would kill",
                 "Attacking and blocking", "Response windows", "Life"],
    "madness": ["The deck running out", "Moving backwards", "Attacking and blocking", "Response windows"],
    "two-player-variant": ["The deck running out", "Moving backwards", "A Fast Cast that would kill",
                           "Attacking and blocking", "Response windows"],
}
MODULES = {"familiars": "Plague Rat, Shade & Dragon", "vials": "Essence Vials", "fearsome": "The Fearsome"}


def rules_summary(game, players, options) -> str:
    mode = options.get("mode", "standard")
    shown = [f"{name}={value}" for name, value in options.items() if name != "mode"]
    headings = list(RULINGS.get(mode, RULINGS["standard"]))
    headings += [MODULES[m] for m in MODULES if options.get(m) == "on"]
    headings += ["Revisions"] if game.plays_older_rules(options) else []
    found = named(game, headings)
    return summary(f"Life Siphon ({mode}, {players} player{'s' if players != 1 else ''}) — quick reference "
                   "(info NAME shows a card)", TURN, MODES.get(mode, ""), found, shown)
