"""A printed card or page as plain data: what to draw, in millimetres.

The PDF and the SVG writers draw the same ``Drawing``, so a card looks the
same in both and a test can read what is on a card without either. Lengths
are millimetres from the top-left corner of the card's cut line (``y``
grows downwards); font sizes are points. Nothing here measures text
(``fonts``, ``fit`` do).
"""

from __future__ import annotations

import enum
from typing import Union

import attrs

#: Millimetres in a typographic point.
PT = 25.4 / 72


class Face(enum.Enum):
    """The font faces a card uses."""

    REGULAR = "regular"
    BOLD = "bold"
    ITALIC = "italic"


class Anchor(enum.Enum):
    """Where a line of text stands from its ``x`` (SVG's ``text-anchor``)."""

    START = "start"
    MIDDLE = "middle"
    END = "end"


@attrs.frozen
class Rect:
    """A rectangle; ``radius`` rounds its corners, ``dash`` dashes its edge (mm on, mm off)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    radius: float = 0.0
    dash: tuple[float, ...] = ()


@attrs.frozen
class Line:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.25


@attrs.frozen
class Circle:
    """A circle."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25


@attrs.frozen
class Path:
    """A path of absolute commands: ``("M", x, y)``, ``("L", x, y)``,
    ``("C", x1, y1, x2, y2, x, y)`` (a cubic curve) and ``("Z",)``."""

    commands: tuple[tuple, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25


@attrs.frozen
class Text:
    """One line of text: ``y`` is its baseline, ``size`` in points."""

    x: float
    y: float
    text: str
    size: float
    face: Face = Face.REGULAR
    fill: str = "#000000"
    anchor: Anchor = Anchor.START


Item = Union[Rect, Line, Circle, Path, Text]


@attrs.frozen
class Drawing:
    """A card face or back, or a page: its items from the top-left corner of
    its cut line. ``bleed`` is how far its background runs past the cut line
    on every side (items may reach ``-bleed`` and ``width + bleed``)."""

    name: str
    """A file name for it, unique in a deck (`order-ambush`), without extension."""
    title: str
    """What it is, in words of the deck's language (the SVG's title)."""
    width: float
    height: float
    bleed: float
    items: tuple[Item, ...]

    def texts(self) -> list[Text]:
        """Its lines of text, in drawing order."""
        return [item for item in self.items if isinstance(item, Text)]
