"""The one exception every refused input raises."""


class IllegalAction(ValueError):
    """Raised for any input tabletome refuses: an action that is not legal now, action text that
    names no action, a bad option or player count, a broken snapshot, record or card file, or a
    seat that does not exist. The message says what was wrong and what is allowed; the state (or
    anything else the call would have changed) is left exactly as it was."""
