"""Names for the seats at a table, used in logs and on screen."""

SEAT_NAMES = {
    1: ("North",),
    2: ("North", "South"),
    3: ("North", "East", "South"),
    4: ("North", "East", "South", "West"),
}


def seat_names(players: int) -> tuple[str, ...]:
    """The seat names for a table of ``players``, clockwise from the first seat."""
    if players in SEAT_NAMES:
        return SEAT_NAMES[players]
    return tuple(f"Seat {i + 1}" for i in range(players))
