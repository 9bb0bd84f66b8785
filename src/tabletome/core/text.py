"""Text from outside (card files, records, snapshots, names, typed values) made safe to show.

``safe_text`` keeps what a person should read and drops what a terminal would obey: escape
sequences (CSI ``ESC [ ... m``, OSC ``ESC ] ... BEL`` that retitles a window, DCS/APC/PM strings
and two-byte escapes, whole), the other C0 controls (BEL, backspace, carriage return...), DEL,
the C1 controls (U+0080-U+009F, which some terminals read as ESC + a letter) and the bidi
overrides and isolates that reorder what is shown (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F,
U+061C). A newline stays when ``newlines`` is true (else it becomes a space); a tab becomes a space.

The terminal interface passes every segment it prints through it (``cli.terminal.console``);
anything else that writes outside text to a terminal calls it.
"""

from __future__ import annotations

import re

# An escape sequence, as ECMA-48 writes them: CSI (ESC [ or the C1 byte 0x9b) parameters and a
# final byte; OSC/DCS/SOS/PM/APC strings up to BEL or ST (ESC \ or 0x9c), or to the end of the
# text when unterminated; any other ESC and the one character after it.
_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[\x20-\x3f]*[\x40-\x7e]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]?"
)
_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
_DROP = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f" + _BIDI + "]")
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f" + _BIDI + "]")


def safe_text(text, newlines: bool = True) -> str:
    """``text`` with every terminal control removed (see the module's docstring)."""
    text = str(text)
    if _UNSAFE.search(text) is None:
        return text if newlines or "\n" not in text else text.replace("\n", " ")
    text = _SEQUENCE.sub("", text).replace("\t", " ")
    text = _DROP.sub("", text)
    return text if newlines else text.replace("\n", " ")


def is_safe(text: str, newlines: bool = True) -> bool:
    """True when ``safe_text`` would leave ``text`` as it is."""
    return _UNSAFE.search(text) is None and (newlines or "\n" not in text)


def shown(value, limit: int = 60) -> str:
    """A short, quoted echo of a value from outside, for error messages: its ``repr`` (which
    escapes control characters) cut to ``limit`` characters."""
    try:
        text = repr(value)
    except ValueError:             # an int of more than 4,300 digits
        text = f"a number of {value.bit_length()} bits"
    return text if len(text) <= limit else text[:limit] + "..."
