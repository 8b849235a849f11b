"""What every printed card shares: its size, bleed and margins, the colours,
and the ``Pen`` that lays a text in a box or says which card it does not fit.
"""

from __future__ import annotations

import attrs

from ..base.errors import PrintError, clip
from ..i18n.catalog import catalog
from .components import Component, Kind
from .fit import Block, fit
from .fonts import Fonts
from .shapes import Face, Rect

#: How far a card's background runs past its cut line (mm): a cut a little
#: off the line still shows the card's colour, not white paper.
BLEED = 3.0
#: How far text keeps inside the cut line (mm), so a slightly wrong cut never
#: touches it.
SAFE = 4.0
#: The smallest text size a card may shrink to (points): still read across a
#: table. A text that does not fit at this size is a PrintError.
FLOOR = 5.0

NAVY = "#1d2b3a"
PAPER = "#fbf8f1"
INK = "#1b1b1b"
GREY = "#6b7480"
ORDER_RED = "#9c2b20"
REFERENCE_GREEN = "#2f6b4f"
YELLOW_ROW = "#f7d54a"
WHITE = "#ffffff"


@attrs.frozen
class Size:
    """A card's size at its cut line, in millimetres."""

    width: float
    height: float


#: Poker size: order cards and the reference cards (status, token, score).
POKER = Size(63, 88)
#: Map cards: square, so their 2×2 boxes are square and 4×3 of them make a
#: board of 25 × 19 cm (R1.1).
SQUARE = Size(63, 63)
#: Control cards: two poker cards side by side, room for 8 maneuvers with
#: their texts, the tracks and the crew.
WIDE = Size(126, 88)


def size_of(kind: Kind) -> Size:
    """The size of a kind of card (the player aid is a page, not a card)."""
    return {Kind.CONTROL: WIDE, Kind.MAP: SQUARE}.get(kind, POKER)


@attrs.frozen
class Pen:
    """Lays texts in boxes for one deck: its fonts, its language and the
    card set's name (printed small on each card)."""

    fonts: Fonts
    lang: str
    set_name: str

    @property
    def words(self) -> dict:
        """The ``print`` words of the deck's language."""
        return catalog(self.lang)["print"]

    def block(self, text: str, what: str, face: Face, width: float, height: float,
              size: float, floor: float = FLOOR) -> Block:
        """``text`` laid in ``width`` × ``height`` mm at ``size`` points, or
        smaller down to ``floor``; a PrintError naming ``what`` (the card and
        which of its texts) if it still does not fit or the font lacks one of
        its characters."""
        self.check_glyphs(text, what, face)
        block = fit(text, self.fonts, face, width, height, size, floor)
        if block is None:
            raise PrintError(f"{what} ({self.lang}) does not fit its box of {width:.0f} × "
                             f"{height:.0f} mm even at {floor:g} pt: {clip(text, 80)!r}; "
                             f"shorten it")
        return block

    def check_glyphs(self, text: str, what: str, face: Face = Face.REGULAR) -> None:
        """A PrintError naming ``what`` if the font has no glyph for a character of ``text``."""
        missing = self.fonts.missing(text, face)
        if missing:
            shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
            raise PrintError(f"{what} ({self.lang}): the font cannot print {shown}; "
                             f"use other characters")


def card_label(pen: Pen, item: Component, located: bool = True) -> str:
    """How an error names a card: where it is declared (unless not
    ``located``), its kind, name and id
    (`cards/base/orders.rc:5: order card 'Ambush' (ambush)`)."""
    label = f"{pen.words['kinds'][item.kind.value].lower()} {item.name!r} ({item.ident})"
    return f"{item.where}: {label}" if item.where and located else label


def background(size: Size, fill: str) -> Rect:
    """A card's background, over its bleed."""
    return Rect(-BLEED, -BLEED, size.width + 2 * BLEED, size.height + 2 * BLEED, fill=fill)
