"""The terminal itself: clearing it for a hot-seat hand-over, and keeping what a player types while
the computer thinks.

``CLEAR_ALL`` erases the scrollback (``ESC [3J``), homes the cursor and erases the screen, so the
next player cannot scroll up to the previous player's hand.

``SafeConsole`` is the ``rich`` console every command prints through: each segment of text it
writes passes through ``core.text.safe_text``, so no card file, record, name or typed value can
send the terminal a control code (clear the screen, retitle the window, reorder text), whatever
path it takes to the screen. Rich's own colours and cursor moves are styles and control segments,
added after, and pass. Data is still never given to rich as markup: print it as ``Text`` or with
``markup=False`` (a card named ``[red]x`` prints as written).

``Keyboard.keep_typing()`` is used while an AI seat decides: echo and line editing are switched
off, so the "thinking…" spinner does not garble what is typed, and whatever was typed meanwhile
is read back afterwards: whole lines become the next answers, an unfinished line is put back in
front of the cursor at the next prompt (with readline), so nothing typed is lost.
"""

from __future__ import annotations

import contextlib
import os
import sys

from rich.console import Console
from rich.segment import Segment

from tabletome.core.text import is_safe, safe_text

CLEAR_ALL = "\x1b[3J\x1b[H\x1b[2J\x1b[3J"
INTERRUPTED = 130   # the exit status of a program stopped by Ctrl-C (128 + SIGINT)
MAX_TYPED = 500     # characters in a line typed at a prompt: the longest choice or command is far shorter


def typed_number(text: str) -> int | None:
    """``text`` as the whole number a person typed at a prompt (a choice, a step, a game to
    resume), else None. Only the digits 0-9 count: ``str.isdigit`` also takes "²", which ``int``
    refuses. A number of more digits than any list has items reads as one past the end."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else 10 ** 9


def too_long(console, line: str) -> bool:
    """Say so when a typed line is longer than any choice or command (a paste gone wrong): it is
    then not read, nor repeated in a message."""
    if len(line) <= MAX_TYPED:
        return False
    from rich.text import Text
    console.print(Text(f"Not that: a line of {len(line):,} characters is no choice or command "
                       f"(they are at most {MAX_TYPED}; help: the commands)", style="red"))
    return True


def typed_echo(text: str) -> str:
    """A typed number as a message repeats it: at most 12 characters."""
    return text if len(text) <= 12 else text[:11] + "…"


class SafeConsole(Console):
    """A rich console that writes no control code it was not asked for as a control (see above)."""

    def render(self, renderable, options=None):
        for segment in super().render(renderable, options):
            if segment.control is None and not is_safe(segment.text):
                segment = Segment(safe_text(segment.text), segment.style)
            yield segment


def line_editing() -> None:
    """Arrow keys, Home/End and the history of this game's lines at every prompt, when a person
    types at a terminal: Python's ``input`` (which ``console.input`` calls) edits lines once
    ``readline`` is loaded. ``Keyboard.forget`` clears the history at a hot-seat hand-over."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401


class Keyboard:
    def __init__(self, stream=None):
        self.stream = stream or sys.stdin
        self.lines: list[str] = []     # whole lines typed ahead
        self.partial = ""              # an unfinished line typed ahead

    def _fd(self):
        try:
            fd = self.stream.fileno()
        except (AttributeError, ValueError, OSError):
            return None
        return fd if os.isatty(fd) else None

    def forget(self):
        """Drop whatever was typed and not yet answered (kept here, or waiting in the terminal):
        at a hot seat it was typed by the player who is handing the screen over."""
        self.lines.clear()
        self.partial = ""
        readline = sys.modules.get("readline")
        if readline is not None:      # the up arrow must not bring back the last player's lines
            readline.clear_history()
        fd = self._fd()
        if fd is not None:
            import termios
            termios.tcflush(fd, termios.TCIFLUSH)

    @contextlib.contextmanager
    def keep_typing(self):
        fd = self._fd()
        if fd is None:
            yield
            return
        import termios
        old = termios.tcgetattr(fd)
        new = termios.tcgetattr(fd)
        new[3] &= ~(termios.ECHO | termios.ICANON)   # keep ISIG: Ctrl-C still interrupts
        new[6][termios.VMIN] = 0
        new[6][termios.VTIME] = 0
        termios.tcsetattr(fd, termios.TCSANOW, new)
        try:
            yield
        finally:
            try:
                self._collect(fd)
            except OSError:
                pass                   # the terminal is gone (closed while the computer thought)
            finally:
                with contextlib.suppress(termios.error):
                    termios.tcsetattr(fd, termios.TCSANOW, old)

    def _collect(self, fd):
        import select
        data = b""
        while select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
        if not data:
            return
        text = self.partial + data.decode(errors="replace")
        out = []
        for ch in text:
            if ch in ("\x7f", "\b"):
                out = out[:-1]
            else:
                out.append(ch)
        text = "".join(out).replace("\r", "\n")
        *whole, self.partial = text.split("\n")
        self.lines.extend(line for line in whole)

    def input(self, console, prompt: str) -> str:
        """The next answer: a line typed ahead, else ``console.input`` with any unfinished line
        typed ahead already in front of the cursor."""
        if self.lines:
            line = self.lines.pop(0)
            from rich.text import Text
            console.print(Text.from_markup(prompt) + Text(line), highlight=False)
            return line
        if self.partial:
            partial, self.partial = self.partial, ""
            try:
                import readline
            except ImportError:
                readline = None
            if readline is not None:
                readline.set_startup_hook(lambda: readline.insert_text(partial))
                try:
                    return console.input(prompt)
                finally:
                    readline.set_startup_hook(None)
            return partial + console.input(prompt + partial)
        return console.input(prompt)
