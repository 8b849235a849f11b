"""Reading a user's file as text: one place that turns every way a read can
fail (missing, unreadable, a folder, not UTF-8) into the library's own error.

Card files, scenarios and replays are read through here; a UTF-8 byte-order
mark (as some editors write) is dropped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .errors import RedCodeError


def read_text(path: str | Path, fail: Callable[[str], RedCodeError],
              limit: int | None = None) -> str:
    """The file's text, or ``fail(reason)`` raised (reason: why it cannot be
    read). With a ``limit``, a file of more bytes is refused after reading
    one byte past it, however large it is (or endless, a device)."""
    try:
        with Path(path).open("rb") as handle:
            data = handle.read() if limit is None else handle.read(limit + 1)
        if limit is not None and len(data) > limit:
            raise fail(f"larger than {limit:,} bytes, the most it may have")
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise fail(f"not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        raise fail(err.strerror or type(err).__name__) from None
