"""Reading the files a user hands us (records, card files), with errors that name the file.

A file is read up to its limit and refused at once past it, before anything parses it, so a huge
file (or an endless one, such as /dev/zero) costs no more than the limit.
"""

from pathlib import Path

from .errors import IllegalAction

MAX_CARD_FILE = 1_000_000    # characters; the largest game's own card file has 42,000
MAX_RECORD_FILE = 2_000_000  # characters; a record holds its actions and perhaps a card file


def read_text(path, what: str, limit: int = MAX_RECORD_FILE) -> str:
    """The text of ``path``; IllegalAction naming ``what`` (e.g. "card file") if it cannot be
    read or holds more than ``limit`` characters."""
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as f:
            text = f.read(limit + 1)
    except FileNotFoundError:
        raise IllegalAction(f"no {what} at {path}") from None
    except IsADirectoryError:
        raise IllegalAction(f"{path} is a folder, not a {what}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise IllegalAction(f"cannot read {what} {path}: {exc}") from None
    if len(text) > limit:
        raise IllegalAction(f"{what} {path} is too large: a {what} holds at most {limit:,} characters")
    return text
