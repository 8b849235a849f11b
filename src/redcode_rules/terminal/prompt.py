"""The prompts of ``redcode play``: reading a typed line safely, and line
editing, history and completion on a terminal through the standard
library's ``readline`` (it is there wherever a terminal game is, not on
Windows, where the game still plays without it; it needs no dependency,
which ``prompt_toolkit`` would have been).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

Reader = Callable[[str], str]


def read_line(prompt: str) -> str:
    """A line of standard input (``input``, looked up when called)."""
    return input(prompt)


#: An escape sequence a key sends (an arrow: ESC [ A) or a terminal answers.
ESCAPE = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])?")


def strip_controls(line: str) -> str:
    """A typed line without escape sequences or control characters (a tab is
    a space), so nothing raw is echoed back or quoted in an error."""
    line = ESCAPE.sub("", line).replace("\t", " ")
    return "".join(ch for ch in line if unicodedata.category(ch)[0] != "C")


#: What Tab offers: the words that may come next after the words typed
#: before it on the line and that start with the word being typed.
Offer = Callable[[list[str], str], list[str]]


def offer_nothing(before: list[str], text: str) -> list[str]:
    """No completion (a prompt that has none)."""
    return []


class LineEditor:
    """Line editing, history and completion at the prompts, by the standard
    library's ``readline`` (GNU readline or libedit): arrows move and recall
    earlier lines, Tab completes the word being typed from what may follow
    the words before it (``offer``, set by the session for each decision).

    Chosen over prompt_toolkit: the prompts are single lines with a word
    list to complete, which readline does fully; it is already there, so the
    game gains no dependency, and ``input()`` keeps working for piped input."""

    def __init__(self) -> None:
        import readline  # ImportError where there is none (Windows)
        self.readline = readline
        self.offer: Offer = offer_nothing
        self.matches: list[str] = []
        readline.set_completer(self.complete)
        readline.set_completer_delims(" \t\n")
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th word ``offer`` gives after the
        words before ``text`` on the line, with the space that ends it (Python's
        readline adds none), so that Tab goes on to the next word."""
        if state == 0:
            before = self.readline.get_line_buffer()[:self.readline.get_begidx()].split()
            self.matches = sorted(dict.fromkeys(w + " " for w in self.offer(before, text)))
        return self.matches[state] if state < len(self.matches) else None


def line_editor() -> LineEditor | None:
    """A line editor when there is a ``readline`` module, else None."""
    try:
        return LineEditor()
    except ImportError:  # pragma: no cover - Windows
        return None


def stream_is_tty(stream: object) -> bool:
    """Whether a stream is a terminal (False for anything that cannot say)."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False
