"""Pages written as a PDF with reportlab, the font's glyphs embedded.

The page is drawn in millimetres with ``y`` downwards, as the drawings are
(a flipped coordinate system); each line of text is set upright in points
at its baseline. The file is the same bytes for the same deck
(``invariant``: no date, no random id), so a change shows in a diff.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .fonts import NAMES, Fonts
from .sheets import Page
from .shapes import PT, Anchor, Circle, Face, Item, Line, Path as PathShape, Rect, Text


def _style(canvas: Canvas, item) -> tuple[bool, bool]:
    """Set the item's fill and stroke; whether it has each."""
    fill = getattr(item, "fill", None)
    stroke = getattr(item, "stroke", None)
    if fill:
        canvas.setFillColor(HexColor(fill))
    if stroke:
        canvas.setStrokeColor(HexColor(stroke))
        canvas.setLineWidth(item.width)
        canvas.setDash(list(getattr(item, "dash", ())) or [])
    return bool(fill), bool(stroke)


def _draw(canvas: Canvas, item: Item) -> None:
    """One item, in the page's flipped millimetres."""
    if isinstance(item, Text):
        canvas.saveState()
        canvas.setFillColor(HexColor(item.fill))
        canvas.translate(item.x, item.y)
        canvas.scale(PT, -PT)  # points, y up: the text stands upright on its baseline
        canvas.setFont(NAMES[item.face], item.size)
        draw = {Anchor.START: canvas.drawString, Anchor.MIDDLE: canvas.drawCentredString,
                Anchor.END: canvas.drawRightString}[item.anchor]
        draw(0, 0, item.text)
        canvas.restoreState()
        return
    fill, stroke = _style(canvas, item)
    if isinstance(item, Rect):
        if item.radius:
            canvas.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke,
                             fill=fill)
        else:
            canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
    elif isinstance(item, Line):
        canvas.line(item.x1, item.y1, item.x2, item.y2)
    elif isinstance(item, Circle):
        canvas.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
    elif isinstance(item, PathShape):
        path = canvas.beginPath()
        for letter, *values in item.commands:
            {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo,
             "Z": path.close}[letter](*values)
        canvas.drawPath(path, stroke=stroke, fill=fill)


def write_pdf(pages: list[Page], path: Path, fonts: Fonts, title: str) -> None:
    """Write ``pages`` into the PDF file ``path``."""
    for face in fonts.faces.values():
        if face.fontName not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(face)
    canvas = Canvas(str(path), invariant=1, pageCompression=1,
                    initialFontName=NAMES[Face.REGULAR])  # no font of the PDF goes unembedded
    canvas.setTitle(title)
    canvas.setCreator("redcode print")
    for page in pages:
        canvas.setPageSize((page.width * mm, page.height * mm))
        canvas.saveState()
        canvas.translate(0, page.height * mm)
        canvas.scale(mm, -mm)
        for placed in page.cards:
            canvas.saveState()
            canvas.translate(placed.x, placed.y)
            x, y, w, h = placed.clip
            clip = canvas.beginPath()
            clip.rect(x, y, w, h)
            canvas.clipPath(clip, stroke=0, fill=0)
            for item in placed.drawing.items:
                _draw(canvas, item)
            canvas.restoreState()
        for item in page.marks:
            _draw(canvas, item)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
