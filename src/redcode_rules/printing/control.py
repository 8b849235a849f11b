"""A ship's control card (R1.2–R1.5): a row per maneuver with a box per crew
it costs, its name, text and range, responses on yellow as the printed
cards mark them; beside them the repair and breakdown tracks, the crew
reserve and the withdrawn pile, each as large as the ship type's data says.
"""

from __future__ import annotations

import math

from ..base.errors import PrintError
from ..i18n.catalog import catalog
from ..render.svg import BREAKDOWN_RED, REPAIR_YELLOW, SIDE_COLOURS
from .components import ControlCard, ManeuverRow
from .fit import Block
from .layout import (BLEED, GREY, INK, PAPER, SAFE, WHITE, WIDE, YELLOW_ROW, Pen, background,
                     card_label)
from .shapes import Anchor, Drawing, Face, Item, Line, Rect, Text

#: The header band's height, and the columns of a maneuver row (mm from the left).
HEADER = 12.0
COST_X = SAFE + 0.5
TEXT_X = 21.0
RANGE_X = 80.0
TRACKS_X = 93.0
#: The middle of the range column, between the texts and the tracks.
RANGE_MIDDLE = (RANGE_X + TRACKS_X - 2) / 2
#: A crew box on a maneuver: its side and the gap between two (mm).
BOX, GAP = 3.6, 0.8
#: The tracks' boxes at most, and the smallest they may shrink to (mm).
TRACK_BOX, TRACK_BOX_MIN = 4.0, 3.0


def control_face(pen: Pen, card: ControlCard) -> Drawing:
    """The control card of ``card.ident`` for ``card.side``."""
    colour = SIDE_COLOURS.get(card.side.value, INK)
    ref, svg = catalog(pen.lang)["reference"], catalog(pen.lang)["svg"]
    label = card_label(pen, card)
    items: list[Item] = [background(WIDE, colour),
                         Rect(2.5, HEADER, WIDE.width - 5, WIDE.height - HEADER - 2.5,
                              fill=PAPER, radius=1.5)]
    kind = pen.words["kinds"]["control"]
    items.append(Text(WIDE.width - SAFE, 8.2, kind.upper(), 5.5, Face.BOLD, "#e8eef6",
                      Anchor.END))
    name = pen.block(card.name, f"{label}: its name", Face.BOLD,
                     WIDE.width - 2 * SAFE - pen.fonts.width(kind.upper(), Face.BOLD, 5.5) - 4,
                     HEADER - 3, 13, 8)
    items += name.place(pen.fonts, SAFE, 1.5 + (HEADER - 1.5 - name.height) / 2, WHITE)

    top = HEADER + 1.5
    extra = " ".join(t for t in (card.rules_text, card.flavour or "") if t)
    if extra:
        block = pen.block(extra, f"{label}: its abilities", Face.ITALIC, TRACKS_X - 2 - COST_X, 9,
                          7)
        items += block.place(pen.fonts, COST_X, top, INK)
        top += block.height + 1
    for word, x, width, anchor in ((ref["cost"], COST_X, TEXT_X - COST_X - 1, Anchor.START),
                                   (ref["maneuver"], TEXT_X, RANGE_X - TEXT_X - 1, Anchor.START),
                                   (ref["range"], RANGE_MIDDLE, TRACKS_X - RANGE_X - 2,
                                    Anchor.MIDDLE)):
        items += pen.block(word, f"{label}: its column heading", Face.BOLD, width, 3, 5.5,
                           4).place(pen.fonts, x, top, GREY, anchor)
    top += 3.2
    bottom = WIDE.height - SAFE
    height = (bottom - top) / max(1, len(card.maneuvers))
    # one size for every row's name and one for every row's text: the largest all fit at
    plain = card_label(pen, card, located=False)  # a row's error says where its maneuver is
    sizes = [_row_blocks(pen, plain, row, height, 7.5, 6.5) for row in card.maneuvers]
    name_size = min((n.size for n, _ in sizes), default=7.5)
    text_size = min((t.size for _, t in sizes), default=6.5)
    for k, row in enumerate(card.maneuvers):
        items += _row(pen, label, row, top + k * height, height, colour,
                      _row_blocks(pen, plain, row, height, name_size, text_size))
    items += _tracks(pen, card, label, colour, ref, svg)
    return Drawing(f"control-{card.side.value}-{card.ident}".replace("_", "-"),
                   f"{kind}: {card.name}", WIDE.width, WIDE.height, BLEED, tuple(items))


def _row_blocks(pen: Pen, card: str, row: ManeuverRow, height: float, name_size: float,
                text_size: float) -> tuple[Block, Block]:
    """A maneuver's name and text laid in its row on ``card`` (its label), at
    the sizes given or smaller."""
    width = RANGE_X - TEXT_X - 1
    what = f"{row.where}: maneuver {row.name!r} ({row.ident}) on the {card}"
    name = pen.block(row.name, f"{what}: its name", Face.BOLD, width, 3.4, name_size, 6)
    text = pen.block(row.text, f"{what}: its text", Face.REGULAR, width,
                     height - name.height - 0.6, text_size)
    return name, text


def _row(pen: Pen, label: str, row: ManeuverRow, y: float, height: float, colour: str,
         blocks: tuple[Block, Block]) -> list[Item]:
    """One maneuver: crew boxes, name over text, range; on yellow if a response (R1.5)."""
    items: list[Item] = []
    if row.response:
        items.append(Rect(3, y + 0.2, TRACKS_X - 2 - 3, height - 0.4, fill=YELLOW_ROW,
                          radius=0.8))
    items.append(Line(3, y, TRACKS_X - 2, y, "#c9ced6", 0.2))
    per_row = math.floor((TEXT_X - 1.5 - COST_X + GAP) / (BOX + GAP))
    lines = math.ceil(row.cost / per_row) if row.cost else 0
    if lines * (BOX + GAP) - GAP > height - 1:
        raise PrintError(f"{label} ({pen.lang}): the {row.cost} crew boxes of maneuver "
                         f"{row.name!r} do not fit its row")
    box_top = y + (height - (lines * (BOX + GAP) - GAP)) / 2
    for n in range(row.cost):
        items.append(Rect(COST_X + (n % per_row) * (BOX + GAP),
                          box_top + (n // per_row) * (BOX + GAP), BOX, BOX, fill=WHITE,
                          stroke=INK, width=0.3, radius=0.4))
    name, text = blocks
    first = y + (height - name.height - text.height) / 2
    items += name.place(pen.fonts, TEXT_X, first, INK)
    items += text.place(pen.fonts, TEXT_X, first + name.height, INK)
    shown = "—" if row.range is None else str(row.range)
    items.append(Text(RANGE_MIDDLE, y + height / 2 + 1.5, shown, 11, Face.BOLD, colour,
                      Anchor.MIDDLE))
    return items


def _boxes(x: float, y: float, count: int, width: float, size: float, stroke: str,
           fill: str) -> tuple[list[Item], float]:
    """``count`` boxes in rows within ``width``; the items and the height they take."""
    per_row = max(1, math.floor((width + GAP) / (size + GAP)))
    items: list[Item] = [Rect(x + (n % per_row) * (size + GAP), y + (n // per_row) * (size + GAP),
                              size, size, fill=fill, stroke=stroke, width=0.5, radius=0.6)
                         for n in range(count)]
    rows = math.ceil(count / per_row) if count else 0
    return items, rows * (size + GAP) - (GAP if rows else 0)


def _tracks(pen: Pen, card: ControlCard, label: str, colour: str, ref: dict,
            svg: dict) -> list[Item]:
    """Repairs and breakdowns (R3.1), the crew reserve (R1.3) and the withdrawn pile (R3.5)."""
    x, width = TRACKS_X, WIDE.width - SAFE - TRACKS_X
    bottom = WIDE.height - SAFE
    items: list[Item] = [Line(TRACKS_X - 1.5, HEADER + 1.5, TRACKS_X - 1.5, bottom, "#c9ced6",
                              0.3)]
    tracks = [(ref["repairs"], card.repairs, REPAIR_YELLOW, "#fdf3c8"),
              (ref["breakdowns"], card.breakdowns, BREAKDOWN_RED, "#f9d6d2"),
              (svg["reserve"], card.crew, INK, WHITE)]
    size = TRACK_BOX
    while True:  # the largest boxes with which every track and the withdrawn pile fit
        need = sum(4 + _boxes(0, 0, n, width, size, "", "")[1] + 2 for _, n, _, _ in tracks)
        if need + 4 + 10 <= bottom - HEADER - 2 or size <= TRACK_BOX_MIN:
            break
        size -= 0.25
    y = HEADER + 2.5
    for word, count, stroke, fill in tracks:
        head = pen.block(f"{word}: {count}", f"{label}: its {word} label", Face.BOLD, width,
                         3.5, 6.5)
        items += head.place(pen.fonts, x, y, INK)
        y += head.height + 0.6
        boxes, used = _boxes(x, y, count, width, size, stroke, fill)
        items += boxes
        y += used + 2
    withdrawn = pen.block(svg["withdrawn"], f"{label}: its withdrawn label", Face.BOLD, width,
                          3.5, 6.5)
    items += withdrawn.place(pen.fonts, x, y, INK)
    y += withdrawn.height + 0.6
    if bottom - y < 6:
        raise PrintError(f"{label} ({pen.lang}): its tracks of {card.repairs} repairs, "
                         f"{card.breakdowns} breakdowns and {card.crew} crew do not fit the card")
    items.append(Rect(x, y, width, bottom - y - 5, stroke=GREY, width=0.4, radius=1,
                      dash=(1.2, 0.8)))
    legend = pen.block(svg["response"], f"{label}: its legend", Face.REGULAR, width - 5, 4, 6)
    items.append(Rect(x, bottom - 3.2, 3.5, 3.2, fill=YELLOW_ROW))
    items += legend.place(pen.fonts, x + 4.5, bottom - 3.4, INK)
    return items
