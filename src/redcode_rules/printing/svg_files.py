"""A card written as a standalone SVG file: its drawing at its size in
millimetres, bleed included (the viewBox starts at ``-bleed``), built with
ElementTree so every text is escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..render.svg import SVG_NS
from .fonts import SVG_FAMILY
from .shapes import PT, Circle, Drawing, Face, Item, Line, Path, Rect, Text


def _n(value: float) -> str:
    """A length as SVG text: at most 3 decimals, no trailing zeros."""
    text = f"{round(value, 3):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(item) -> dict[str, str]:
    out = {"fill": getattr(item, "fill", None) or "none"}
    if getattr(item, "stroke", None):
        out.update({"stroke": item.stroke, "stroke-width": _n(item.width)})
        if getattr(item, "dash", ()):
            out["stroke-dasharray"] = " ".join(_n(d) for d in item.dash)
    return out


def _element(parent: ET.Element, item: Item) -> None:
    if isinstance(item, Text):
        attrs = {"x": _n(item.x), "y": _n(item.y), "font-size": _n(item.size * PT),
                 "fill": item.fill}
        if item.face is Face.BOLD:
            attrs["font-weight"] = "bold"
        elif item.face is Face.ITALIC:
            attrs["font-style"] = "italic"
        if item.anchor.value != "start":
            attrs["text-anchor"] = item.anchor.value
        ET.SubElement(parent, "text", attrs).text = item.text
    elif isinstance(item, Rect):
        attrs = {"x": _n(item.x), "y": _n(item.y), "width": _n(item.w), "height": _n(item.h)}
        if item.radius:
            attrs["rx"] = _n(item.radius)
        ET.SubElement(parent, "rect", {**attrs, **_paint(item)})
    elif isinstance(item, Line):
        ET.SubElement(parent, "line", {"x1": _n(item.x1), "y1": _n(item.y1), "x2": _n(item.x2),
                                       "y2": _n(item.y2), "stroke": item.stroke,
                                       "stroke-width": _n(item.width)})
    elif isinstance(item, Circle):
        ET.SubElement(parent, "circle", {"cx": _n(item.cx), "cy": _n(item.cy), "r": _n(item.r),
                                         **_paint(item)})
    elif isinstance(item, Path):
        d = " ".join(letter + " ".join(_n(v) for v in values)
                     for letter, *values in item.commands)
        ET.SubElement(parent, "path", {"d": d, **_paint(item)})


def svg_text(drawing: Drawing) -> str:
    """The drawing as a standalone SVG document."""
    b = drawing.bleed
    width, height = drawing.width + 2 * b, drawing.height + 2 * b
    root = ET.Element("svg", {"xmlns": SVG_NS, "version": "1.1", "class": "redcode-print",
                              "width": f"{_n(width)}mm", "height": f"{_n(height)}mm",
                              "viewBox": f"{_n(-b)} {_n(-b)} {_n(width)} {_n(height)}",
                              "data-bleed": _n(b)})
    ET.SubElement(root, "title").text = drawing.title
    group = ET.SubElement(root, "g", {"font-family": SVG_FAMILY})
    for item in drawing.items:
        _element(group, item)
    return ET.tostring(root, encoding="unicode") + "\n"
