"""Text laid out in a box with the font's real widths: wrapped at spaces,
and shrunk step by step down to a floor when it does not fit at its size.

``fit`` answers None when even the floor is too big; the caller knows the
card and says so (``PrintError``), since a card whose rules are cut off or
too small to read is no card.
"""

from __future__ import annotations

import attrs

from .fonts import Fonts
from .shapes import PT, Anchor, Face, Text

#: A line's height as a share of the font size: room for accents above and
#: descenders below (Vera's glyphs span 1.164 of the size).
LEADING = 1.2
#: How much a size shrinks at each try, in points.
STEP = 0.25


@attrs.frozen
class Block:
    """Lines of text at one size, ready to place."""

    lines: tuple[str, ...]
    size: float
    face: Face

    @property
    def line_height(self) -> float:
        """The distance between two baselines, in millimetres."""
        return self.size * PT * LEADING

    @property
    def height(self) -> float:
        """The height the lines take, in millimetres."""
        return len(self.lines) * self.line_height

    def place(self, fonts: Fonts, x: float, top: float, fill: str = "#000000",
              anchor: Anchor = Anchor.START) -> list[Text]:
        """The lines as ``Text`` items, the first line's glyphs starting at ``top``."""
        ink = fonts.ascent(self.face, self.size) + fonts.descent(self.face, self.size)
        first = top + (self.line_height - ink) / 2 + fonts.ascent(self.face, self.size)
        return [Text(x, first + k * self.line_height, line, self.size, self.face, fill, anchor)
                for k, line in enumerate(self.lines)]


def wrap(text: str, fonts: Fonts, face: Face, size: float, width: float) -> list[str] | None:
    """``text`` broken into lines no wider than ``width`` (millimetres) at
    ``size``: at spaces, and at each newline. None if a word alone is wider."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            if fonts.width(word, face, size) > width:
                return None
            candidate = f"{line} {word}" if line else word
            if fonts.width(candidate, face, size) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(text: str, fonts: Fonts, face: Face, width: float, height: float, size: float,
        floor: float) -> Block | None:
    """``text`` wrapped into ``width`` × ``height`` millimetres at the largest
    size from ``size`` down to ``floor`` (in steps of ``STEP``) where it fits;
    None if it does not fit even at ``floor``."""
    steps = max(0, round((size - floor) / STEP))
    for k in range(steps + 1):
        at = size - k * STEP
        lines = wrap(text, fonts, face, at, width)
        if lines is not None and len(lines) * at * PT * LEADING <= height + 1e-9:
            return Block(tuple(lines), at, face)
    return None
