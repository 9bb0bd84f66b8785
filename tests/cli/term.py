"""Driving the real ``tabletome`` program through a pseudo-terminal (pexpect), as a person types."""

from __future__ import annotations

import os
import re
import sys

import pexpect

ROWS, COLS = 24, 80
CLEAR_ALL = "\x1b[3J\x1b[H\x1b[2J"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\r")


def spawn(*args, timeout=30, cwd=None, preexec_fn=None, env_extra=None) -> pexpect.spawn:
    """``tabletome ARGS`` on an 80x24 pseudo-terminal (``preexec_fn`` runs in the child first;
    ``env_extra``: more environment variables)."""
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS), PYTHONUNBUFFERED="1",
               PAGER="cat")   # long texts go through $PAGER (cli/pager.py); cat prints them in place
    env.pop("NO_COLOR", None)
    env.update(env_extra or {})
    child = pexpect.spawn(sys.executable, ["-m", "tabletome.cli.main", *args], env=env, cwd=cwd,
                          dimensions=(ROWS, COLS), encoding="utf-8", codec_errors="replace", timeout=timeout,
                          preexec_fn=preexec_fn)
    child.logfile_read = Transcript()
    return child


class Transcript:
    """Everything the program wrote to the terminal, as written (escape codes included)."""

    def __init__(self):
        self.parts = []

    def write(self, data):
        self.parts.append(data)

    def flush(self):
        pass

    @property
    def raw(self) -> str:
        return "".join(self.parts)


def plain(text: str) -> str:
    """Terminal output without escape codes."""
    return ANSI.sub("", text)


PROMPT = r"your choice: "


def choose(child, answer, expect=PROMPT):
    child.sendline(answer)
    if expect is not None:
        child.expect(expect)


def finish(child, status=None):
    child.expect(pexpect.EOF)
    child.close()
    if status is not None:
        assert child.exitstatus == status, f"exit status {child.exitstatus}, not {status}"
    return child.logfile_read.raw
