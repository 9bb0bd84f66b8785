"""Names for where a Spirit Link turn stands."""

# Phases of a turn ("The turns in which both players play are processed in parallel").
PREPARE, COMBAT, END, LIMIT, OVER = range(5)
PHASE_NAMES = ("preparation", "combat", "settlement", "end of turn", "over")

# A seat's transformation this turn: a card kind, or one of these.
NOT_PLACED = -1   # still preparing
NO_FORM = -2      # "If you have not transformed, you do not cause any damage..."

# A choice in progress, made one card at a time.
NO_PENDING, TRADE, SPRING, HAND_LIMIT = 0, 1, 2, 3
PENDING_NAMES = ("", "trade 3 for 2", "Life-Spring", "hand limit")
