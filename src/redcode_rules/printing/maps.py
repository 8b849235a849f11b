"""A map card (R1.1, R2.2): its 2×2 boxes of open water, island and running
water, drawn as the SVG board draws them, and the start cards marked with
their side (D2.7). Cards are square, so 4 × 3 of them make a board of
square boxes.
"""

from __future__ import annotations

import re

from ..rules.board import CURRENT as CURRENT_BOX
from ..rules.board import ISLAND as ISLAND_BOX
from ..render.svg import (CURRENT, GREEN, GREEN_EDGE, GRID, ISLAND_HEART, ISLAND_SHORE, SAND,
                          SAND_EDGE, SIDE_COLOURS, WATER)
from .components import MapCard
from .layout import BLEED, GREY, SQUARE, WHITE, Pen
from .shapes import Anchor, Drawing, Face, Item, Line, Path, Rect

#: A box's side (mm): half a map card.
BOX = SQUARE.width / 2


def path_commands(d: str, x: float, y: float, scale: float) -> tuple[tuple, ...]:
    """An SVG path of absolute ``M``, ``L``, ``C`` and ``Z`` commands (as
    render/svg.py writes its pictures) placed at ``x``, ``y`` and scaled."""
    out = []
    for letter, numbers in re.findall(r"([MLCZ])([^MLCZ]*)", d):
        values = [float(v) for v in numbers.split()]
        points = [(x + values[k] * scale, y + values[k + 1] * scale)
                  for k in range(0, len(values), 2)]
        out.append((letter, *[v for point in points for v in point]))
    return tuple(out)


def _waves(x: float, y: float, size: float) -> list[Item]:
    """Three white wave lines across a running-water box."""
    items: list[Item] = []
    step = size * 0.21
    for row in (0.28, 0.52, 0.76):
        base = y + row * size
        commands: list[tuple] = [("M", x + 0.08 * size, base)]
        for k in range(4):
            x0 = x + 0.08 * size + k * step
            lift = -0.1 * size if k % 2 == 0 else 0.1 * size
            commands.append(("C", x0 + step / 3, base + lift * 4 / 3 * 0.5,
                             x0 + 2 * step / 3, base + lift * 4 / 3 * 0.5, x0 + step, base))
        items.append(Path(tuple(commands), stroke=WHITE, width=size * 0.045))
    return items


def map_face(pen: Pen, card: MapCard) -> Drawing:
    """A map card: each box in its colour (over the bleed on the card's outer
    edges), the lines between boxes, a start card's side and the card's id."""
    items: list[Item] = []
    for row, line in enumerate(card.layout):
        for col, cell in enumerate(line):
            x, y = col * BOX, row * BOX
            left = BLEED if col == 0 else 0
            top = BLEED if row == 0 else 0
            right = BLEED if col == len(line) - 1 else 0
            bottom = BLEED if row == len(card.layout) - 1 else 0
            fill = CURRENT if cell == CURRENT_BOX else WATER
            items.append(Rect(x - left, y - top, BOX + left + right, BOX + top + bottom,
                              fill=fill))
            if cell == ISLAND_BOX:
                items.append(Path(path_commands(ISLAND_SHORE, x, y, BOX / 100), fill=SAND,
                                  stroke=SAND_EDGE, width=0.6))
                items.append(Path(path_commands(ISLAND_HEART, x, y, BOX / 100), fill=GREEN,
                                  stroke=GREEN_EDGE, width=0.4))
            elif cell == CURRENT_BOX:
                items += _waves(x, y, BOX)
    items += [Line(BOX, 0, BOX, SQUARE.height, GRID, 0.5),
              Line(0, BOX, SQUARE.width, BOX, GRID, 0.5)]
    if card.start_side is not None:
        colour = SIDE_COLOURS.get(card.start_side.value, GREY)
        word = pen.words["start"][card.start_side.value]
        items.append(Rect(2.5, 2.5, SQUARE.width - 5, SQUARE.height - 5, stroke=colour,
                          width=1.2, dash=(4, 2)))
        block = pen.block(word, f"map card {card.ident!r}: its start label", Face.BOLD,
                          SQUARE.width - 16, 8, 11, 7)
        width = max(pen.fonts.width(line, Face.BOLD, block.size) for line in block.lines)
        items.append(Rect((SQUARE.width - width) / 2 - 2, (SQUARE.height - block.height) / 2 - 1,
                          width + 4, block.height + 2, fill=WHITE, radius=1))
        items += block.place(pen.fonts, SQUARE.width / 2, (SQUARE.height - block.height) / 2,
                             colour, Anchor.MIDDLE)
    items += pen.block(card.ident, f"map card {card.ident!r}: its id", Face.REGULAR, 25, 3, 5,
                       4).place(pen.fonts, SQUARE.width - 3, SQUARE.height - 6, GREY, Anchor.END)
    title = f"{pen.words['kinds']['map']}: {card.ident}"
    return Drawing(f"map-{card.ident}".replace("_", "-"), title, SQUARE.width, SQUARE.height,
                   BLEED, tuple(items))
