"""The effect vocabulary of Life Siphon's cards, Aspects, vials and familiars.

Each name is one rule, implemented once (spells.py applies card and Aspect effects, combat.py the
familiars' specials, modules.py the vials and the Fearsome). A card file may use only these names
(cards.py declares them as the allowed values of its fields); the rules read the effect, never a
card's name. The rules work with each name's position in its tuple (``E_DAMAGE``, ``T_PLAYER``...).
"""

# Card and Aspect effects, each with the targets it may be given in a card file.
EFFECTS = {
    "attack-bonus": ("familiar", "battleground-familiar"),      # Dark Axe: "+N attack until end of turn"
    "defense-bonus": ("familiar", "battleground-familiar"),     # "+N defense until end of turn"
    "damage": ("familiar", "battleground-familiar", "player-or-battleground-familiar"),
    "gain-life": ("player",),                                   # "Choose any player to gain N life"
    "lose-life": ("player", "other-player"),                    # "Choose any player to lose N life"
    "siphon": ("other-player",),                                # another player loses N, you gain N
    "draw": ("none",),                                          # draw N cards
    "discard": ("player-with-cards",),                          # a player discards a card of their choice
    "move-familiar": ("own-familiar",),                         # an extra move for one of your familiars
    "equip-aspect": ("player",),                                # Equip Aspect, as printed
}
(E_ATTACK, E_DEFENSE, E_DAMAGE, E_GAIN, E_LOSE, E_SIPHON, E_DRAW, E_DISCARD, E_MOVE,
 E_EQUIP) = range(len(EFFECTS))
EFFECT_CODES = {name: i for i, name in enumerate(EFFECTS)}

# The targets, as the decision a caster makes after choosing the card.
TARGETS = ("none", "familiar", "battleground-familiar", "player", "other-player",
           "player-or-battleground-familiar", "player-with-cards", "own-familiar")
(T_NONE, T_FAMILIAR, T_BG_FAMILIAR, T_PLAYER, T_OTHER_PLAYER, T_PLAYER_OR_BG, T_PLAYER_WITH_CARDS,
 T_OWN_FAMILIAR) = range(len(TARGETS))
TARGET_CODES = {name: i for i, name in enumerate(TARGETS)}

# Effects that take life (the rulings on "no player may reduce their own life below 1" and
# ``off_target_kill`` read them).
LIFE_LOSS = (E_DAMAGE, E_LOSE, E_SIPHON)

POOLS = ("shared", "personal", "fearsome")
POOL_SHARED, POOL_PERSONAL, POOL_FEARSOME = range(len(POOLS))

VIAL_EFFECTS = ("grant-breath-weapon", "damage-1-on-own-removal", "return-on-own-removal")
