"""Names for where a turn stands, what decision is open, and where a card lies."""

# Where the turn stands: before the action, after it (spells and "end turn"), or the game is over.
BEFORE, AFTER, OVER = range(3)
PHASE_NAMES = ("before action", "after action", "over")

# The decision the active seat is asked for (the context tuple `pctx` says about what).
(P_NONE, P_TURN, P_PLACE, P_OR, P_SKILL, P_DIG_SIDE, P_SPELL_TARGET, P_SPELL_DIR, P_PILE,
 P_SUMMON_REALM, P_SUMMON_PICK) = range(11)
PENDING_NAMES = ("none", "turn", "place", "or", "skill", "dig-side", "spell-target", "spell-direction",
                 "bone-pile", "summon-realm", "summon-pick")

# Why a drawn skeleton is being placed.
PLACE_ACTION, PLACE_KISS = 0, 1
PLACE_NAMES = ("action", "kiss")

# Spell effects (a spell, or a Combo Spell).
E_LEAVE, E_SUMMON, E_RAISE, E_KISS, E_DIG, E_STIRS, E_FIGHT, E_BURN, E_TEACH = range(9)
EFFECT_NAMES = ("Leave", "Royal Summons!", "Raise", "His Kiss of Life!", "Dig", "The Lich King Stirs!",
                "Fight", "His Fiery Gaze!", "Teach")

# Continuations on the chain stack, as tuples.
F_PERFORM = 0   # (F_PERFORM, card, next slot): the card performs its remaining skills
F_STIRS = 1     # (F_STIRS, next realm): The Lich King Stirs! digs from each bone pile in turn
F_SUMMON = 2    # (F_SUMMON, realm, minions left): Royal Summons! moves minions there
FRAME_NAMES = ("perform", "stirs", "summon")

# A card's location (``loc``): a side slot r * ns + s, or one of these.
OUT = -1          # not in this game (a faction put away)
BONE = 1000       # BONE + r: in realm r's bone pile
HELD = 2000       # drawn, in the acting player's hand on its way to a realm
BURNED = 3000     # in the burn pile
