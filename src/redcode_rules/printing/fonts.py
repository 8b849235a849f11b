"""The font every card is printed in, and its metrics.

Bitstream Vera Sans, as reportlab ships it (``reportlab/fonts``, with its
licence, ``bitstream-vera-license.txt``, which lets it be embedded and
redistributed): a PDF embeds the glyphs it uses, so the sheets print the
same anywhere, accents of Spanish and Italian included. DejaVu Sans grew out
of Vera and keeps its metrics, so an SVG card, which names the font rather
than embedding it, lays out the same with either installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

import attrs
import reportlab
from reportlab.pdfbase.ttfonts import TTFont

from .shapes import PT, Face

#: The font file of each face, in reportlab's font folder.
FILES = {Face.REGULAR: "Vera.ttf", Face.BOLD: "VeraBd.ttf", Face.ITALIC: "VeraIt.ttf"}
#: The name each face is registered under in a PDF.
NAMES = {Face.REGULAR: "RedCodeVera", Face.BOLD: "RedCodeVera-Bold",
         Face.ITALIC: "RedCodeVera-Italic"}
#: The font family an SVG names (DejaVu Sans has Vera's metrics).
SVG_FAMILY = "Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif"


def font_folder() -> Path:
    """reportlab's font folder, where the Vera files and their licence are."""
    return Path(reportlab.__file__).resolve().parent / "fonts"


@attrs.frozen
class Fonts:
    """The loaded faces: widths, heights and which characters they can print."""

    faces: Mapping[Face, TTFont]

    def width(self, text: str, face: Face, size: float) -> float:
        """The width of ``text`` in millimetres at ``size`` points."""
        return self.faces[face].stringWidth(text, size) * PT

    def ascent(self, face: Face, size: float) -> float:
        """How far the tallest glyph (an accented capital) rises above the
        baseline, in millimetres."""
        return self.faces[face].face.bbox[3] / 1000 * size * PT

    def descent(self, face: Face, size: float) -> float:
        """How far the lowest glyph reaches below the baseline, in millimetres."""
        return -self.faces[face].face.bbox[1] / 1000 * size * PT

    def missing(self, text: str, face: Face) -> list[str]:
        """The characters of ``text`` the face has no glyph for (a box would print)."""
        glyphs = self.faces[face].face.charToGlyph
        return sorted({c for c in text if c not in "\n" and ord(c) not in glyphs})


def load_fonts() -> Fonts:
    """The three faces, read from reportlab's font folder."""
    folder = font_folder()
    return Fonts({face: TTFont(NAMES[face], str(folder / FILES[face])) for face in Face})
