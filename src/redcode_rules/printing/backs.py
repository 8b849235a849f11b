"""The backs of the cards, for double-sided sheets: one design per kind of
card (a control card's in its side's colour), the same for every copy, so
the order deck shows nothing of a hidden card (R7.1)."""

from __future__ import annotations

from ..render.svg import SIDE_COLOURS
from .components import Component, Kind
from .layout import BLEED, NAVY, REFERENCE_GREEN, WHITE, Pen, background, size_of
from .shapes import Anchor, Drawing, Face, Item, Rect

MAP_BLUE = "#2d6a9f"

def back_of(pen: Pen, item: Component) -> Drawing:
    """The back of ``item``'s card."""
    size = size_of(item.kind)
    colour = {Kind.ORDER: NAVY, Kind.MAP: MAP_BLUE}.get(item.kind, REFERENCE_GREEN)
    name = f"back-{item.kind.value}"
    if item.kind is Kind.CONTROL:
        colour = SIDE_COLOURS.get(item.side.value, NAVY)
        name += f"-{item.side.value}"
    kind = pen.words["kinds"][item.kind.value]
    items: list[Item] = [background(size, colour),
                         Rect(4, 4, size.width - 8, size.height - 8, stroke=WHITE, width=0.5,
                              radius=2)]
    game = pen.block(pen.words["game"].upper(), f"the back of a {kind.lower()}", Face.BOLD,
                     size.width - 14, size.height / 3, 16, 9)
    label = pen.block(kind, f"the back of a {kind.lower()}", Face.REGULAR, size.width - 14, 8,
                      8)
    top = (size.height - game.height - label.height - 2) / 2
    items += game.place(pen.fonts, size.width / 2, top, WHITE, Anchor.MIDDLE)
    items += label.place(pen.fonts, size.width / 2, top + game.height + 2, WHITE, Anchor.MIDDLE)
    return Drawing(name, f"{kind} ({pen.words['game']})", size.width, size.height, BLEED,
                   tuple(items))
