"""Reading a user's file as text: one place that turns every way a read can
fail (missing, unreadable, a folder, not UTF-8) into the library's own error.

Card files, scenarios and replays are read through here; a UTF-8 byte-order
mark (as some editors write) is dropped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .errors import RedCodeError


def read_text(path: str | Path, fail: Callable[[str], RedCodeError]) -> str:
    """The file's text, or ``fail(reason)`` raised (reason: why it cannot be read)."""
    try:
        return Path(path).read_text("utf-8-sig")
    except UnicodeDecodeError as err:
        raise fail(f"not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        raise fail(err.strerror or type(err).__name__) from None
