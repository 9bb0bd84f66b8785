"""Reading the files a user hands us (records, card files), with errors that name the file."""

from pathlib import Path

from .errors import IllegalAction


def read_text(path, what: str) -> str:
    """The text of ``path``; IllegalAction naming ``what`` (e.g. "card file") if it cannot be read."""
    path = Path(path)
    try:
        return path.read_text()
    except FileNotFoundError:
        raise IllegalAction(f"no {what} at {path}") from None
    except IsADirectoryError:
        raise IllegalAction(f"{path} is a folder, not a {what}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise IllegalAction(f"cannot read {what} {path}: {exc}") from None
