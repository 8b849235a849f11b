"""A ship's control card (R1.2–R1.5): a row per maneuver with a box per crew
it costs, its name, text and range, responses on yellow as the printed
cards mark them; beside them the repair and breakdown tracks, the crew
reserve and the withdrawn pile, each as large as the ship type's data says,
and what the ship type does beyond its maneuvers (its abilities).

Every maneuver's text is printed at one size, the largest at which all
rows fit the card; a row is as tall as its text needs, and the room left
is shared among the rows.
"""

from __future__ import annotations

import math

from ..base.errors import PrintError
from ..i18n.catalog import catalog
from ..render.svg import BREAKDOWN_RED, REPAIR_YELLOW, SIDE_COLOURS
from .components import ControlCard, ManeuverRow
from .fit import STEP, Block, fit
from .layout import (BLEED, FLOOR, GREY, INK, PAPER, SAFE, WHITE, WIDE, YELLOW_ROW, Pen, background,
                     card_label)
from .shapes import PT, Anchor, Drawing, Face, Item, Line, Rect, Text

#: The header band's height, and the columns of a maneuver row (mm from the left).
HEADER = 12.0
COST_X = SAFE + 0.5
TEXT_X = 21.0
RANGE_X = 81.0
TRACKS_X = 93.0
#: The middle of the range column, between the texts and the tracks.
RANGE_MIDDLE = (RANGE_X + TRACKS_X - 2) / 2
#: A crew box on a maneuver: its side and the gap between two (mm).
BOX, GAP = 3.6, 0.8
#: The space around a row's name and text (mm); the sizes a row's text and
#: name start from (points; the name a point larger than the text).
ROW_PAD = 0.6
TEXT_SIZE = 6.5
#: The tracks' boxes at most, and the smallest they may shrink to (mm); the
#: withdrawn pile's box at least (mm).
TRACK_BOX, TRACK_BOX_MIN = 4.0, 3.0
WITHDRAWN_MIN = 6.0


def control_face(pen: Pen, card: ControlCard) -> Drawing:
    """The control card of ``card.ident`` for ``card.side``."""
    colour = SIDE_COLOURS.get(card.side.value, INK)
    ref = catalog(pen.lang)["reference"]
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
    for word, x, width, anchor in ((ref["cost"], COST_X, TEXT_X - COST_X - 1, Anchor.START),
                                   (ref["maneuver"], TEXT_X, RANGE_X - TEXT_X - 1, Anchor.START),
                                   (ref["range"], RANGE_MIDDLE, TRACKS_X - RANGE_X - 2,
                                    Anchor.MIDDLE)):
        items += pen.block(word, f"{label}: its column heading", Face.BOLD, width, 3, 5.5,
                           4).place(pen.fonts, x, top, GREY, anchor)
    top += 3.2
    rows = _rows(pen, card, WIDE.height - SAFE - top)
    for row, (y, height, blocks) in zip(card.maneuvers, _stack(rows, top, WIDE.height - SAFE)):
        items += _row(pen, label, row, y, height, colour, blocks)
    items += _tracks(pen, card, label)
    return Drawing(f"control-{card.side.value}-{card.ident}".replace("_", "-"),
                   f"{kind}: {card.name}", WIDE.width, WIDE.height, BLEED, tuple(items))


def _cost_height(row: ManeuverRow) -> float:
    """The height a maneuver's crew boxes take (more than 3 go on a second line)."""
    per_line = math.floor((TEXT_X - 1.5 - COST_X + GAP) / (BOX + GAP))
    lines = math.ceil(row.cost / per_line) if row.cost else 0
    return lines * (BOX + GAP) - (GAP if lines else 0)


def _rows(pen: Pen, card: ControlCard, room: float) -> list[tuple[Block, Block, float]]:
    """Each maneuver's name and text at the largest size at which every row
    fits ``room`` (mm) together, and the height each row needs."""
    plain = card_label(pen, card, located=False)  # a row's error says where its maneuver is

    def what(row: ManeuverRow) -> str:
        return f"{row.where}: maneuver {row.name!r} ({row.ident}) on the {plain}"

    for row in card.maneuvers:
        pen.check_glyphs(row.name, f"{what(row)}: its name", Face.BOLD)
        pen.check_glyphs(row.text, f"{what(row)}: its text")
    width = RANGE_X - TEXT_X - 1
    for k in range(round((TEXT_SIZE - FLOOR) / STEP) + 1):
        size = TEXT_SIZE - k * STEP
        laid = [(row, fit(row.name, pen.fonts, Face.BOLD, width, math.inf, size + 1, size + 1),
                 fit(row.text, pen.fonts, Face.REGULAR, width, math.inf, size, size))
                for row in card.maneuvers]
        if any(name is None or text is None for _, name, text in laid):
            continue  # a word wider than the column: smaller
        rows = [(name, text, max(name.height + text.height, _cost_height(row)) + 2 * ROW_PAD)
                for row, name, text in laid]
        if sum(need for _, _, need in rows) <= room + 1e-9:
            return rows
    for row, name, text in laid:
        if name is None or text is None:
            part = "name" if name is None else "text"
            raise PrintError(f"{what(row)}: its {part} ({pen.lang}) has a word wider than its "
                             f"column of {width:.0f} mm even at {FLOOR:g} pt; shorten it")
    longest = max(zip(card.maneuvers, rows), key=lambda pair: pair[1][2])[0]
    raise PrintError(f"{what(longest)} ({pen.lang}): the card's {len(card.maneuvers)} "
                     f"maneuvers do not fit it even at {FLOOR:g} pt, and this one's text is the "
                     f"longest: {longest.text[:80]!r}; shorten it")


def _stack(rows: list[tuple[Block, Block, float]], top: float,
           bottom: float) -> list[tuple[float, float, tuple[Block, Block]]]:
    """Each row's top and height: what it needs, and an equal share of the room left."""
    extra = (bottom - top - sum(need for _, _, need in rows)) / max(1, len(rows))
    out, y = [], top
    for name, text, need in rows:
        out.append((y, need + extra, (name, text)))
        y += need + extra
    return out


def _row(pen: Pen, label: str, row: ManeuverRow, y: float, height: float, colour: str,
         blocks: tuple[Block, Block]) -> list[Item]:
    """One maneuver: crew boxes, name over text, range; on yellow if a response (R1.5)."""
    items: list[Item] = []
    if row.response:
        items.append(Rect(3, y + 0.2, TRACKS_X - 2 - 3, height - 0.4, fill=YELLOW_ROW,
                          radius=0.8))
    items.append(Line(3, y, TRACKS_X - 2, y, "#c9ced6", 0.2))
    per_line = math.floor((TEXT_X - 1.5 - COST_X + GAP) / (BOX + GAP))
    box_top = y + (height - _cost_height(row)) / 2
    for n in range(row.cost):
        items.append(Rect(COST_X + (n % per_line) * (BOX + GAP),
                          box_top + (n // per_line) * (BOX + GAP), BOX, BOX, fill=WHITE,
                          stroke=INK, width=0.3, radius=0.4))
    name, text = blocks
    first = y + (height - name.height - text.height) / 2
    items += name.place(pen.fonts, TEXT_X, first, INK)
    items += text.place(pen.fonts, TEXT_X, first + name.height, INK)
    shown = "—" if row.range is None else str(row.range)
    size = min(11.0, (height - 0.5) / PT / 1.2)  # the range as large as the row allows
    items.append(Text(RANGE_MIDDLE, y + height / 2 + size * PT * 0.36, shown, size, Face.BOLD,
                      colour, Anchor.MIDDLE))
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


def _tracks(pen: Pen, card: ControlCard, label: str) -> list[Item]:
    """Repairs and breakdowns (R3.1), the crew reserve (R1.3), the withdrawn
    pile (R3.5), the ship type's abilities and flavour, the legend."""
    ref, svg = catalog(pen.lang)["reference"], catalog(pen.lang)["svg"]
    x, width = TRACKS_X, WIDE.width - SAFE - TRACKS_X
    top, bottom = HEADER + 2.5, WIDE.height - SAFE
    items: list[Item] = [Line(TRACKS_X - 1.5, HEADER + 1.5, TRACKS_X - 1.5, bottom, "#c9ced6",
                              0.3)]
    legend = pen.block(svg["response"], f"{label}: its legend", Face.REGULAR, width - 5, 4, 6)
    items.append(Rect(x, bottom - 3.2, 3.5, 3.2, fill=YELLOW_ROW))
    items += legend.place(pen.fonts, x + 4.5, bottom - 3.4, INK)
    bottom -= 4.5
    tracks = [(ref["repairs"], card.repairs, REPAIR_YELLOW, "#fdf3c8"),
              (ref["breakdowns"], card.breakdowns, BREAKDOWN_RED, "#f9d6d2"),
              (svg["reserve"], card.crew, INK, WHITE)]
    heads = [pen.block(f"{word}: {count}", f"{label}: its {word} label", Face.BOLD, width, 3.5,
                       6.5) for word, count, _, _ in tracks]
    withdrawn = pen.block(svg["withdrawn"], f"{label}: its withdrawn label", Face.BOLD, width,
                          3.5, 6.5)

    def need(size: float) -> float:
        """The height of the tracks with boxes of ``size`` and the smallest withdrawn pile."""
        return sum(head.height + 0.6 + _boxes(0, 0, n, width, size, "", "")[1] + 2
                   for head, (_, n, _, _) in zip(heads, tracks)) \
            + withdrawn.height + 0.6 + WITHDRAWN_MIN

    extra = " ".join(t for t in (card.rules_text, card.flavour or "") if t)
    if extra:  # the abilities at the foot of the column, as large as the tracks leave room for
        room = bottom - top - need(TRACK_BOX_MIN) - 1.5
        if room <= 0:
            raise PrintError(f"{label} ({pen.lang}): its tracks of {card.repairs} repairs, "
                             f"{card.breakdowns} breakdowns and {card.crew} crew leave no room "
                             f"for its abilities")
        block = pen.block(extra, f"{label}: its abilities", Face.ITALIC, width, room, 6.5)
        items += block.place(pen.fonts, x, bottom - block.height, INK)
        bottom -= block.height + 1.5
    size = TRACK_BOX  # the largest boxes with which every track and the withdrawn pile fit
    while need(size) > bottom - top and size > TRACK_BOX_MIN:
        size -= 0.25
    if need(size) > bottom - top + 1e-9:
        raise PrintError(f"{label} ({pen.lang}): its tracks of {card.repairs} repairs, "
                         f"{card.breakdowns} breakdowns and {card.crew} crew do not fit the card")
    y = top
    for head, (_, count, stroke, fill) in zip(heads, tracks):
        items += head.place(pen.fonts, x, y, INK)
        y += head.height + 0.6
        boxes, used = _boxes(x, y, count, width, size, stroke, fill)
        items += boxes
        y += used + 2
    items += withdrawn.place(pen.fonts, x, y, INK)
    y += withdrawn.height + 0.6
    items.append(Rect(x, y, width, bottom - y, stroke=GREY, width=0.4, radius=1,
                      dash=(1.2, 0.8)))
    return items
