"""The faces of the poker-size cards: order cards, status and token
reference cards and the war score card (R1.4, R7.4, R8.3, R9).

Each card is a coloured header (its kind and name), its rules text, its
flavour text if its file gives one, and a footer with its id (as move
strings write it) and where it comes from. Every text is laid by the
``Pen``, so one that does not fit is an error naming the card.
"""

from __future__ import annotations

import math

from ..base.errors import PrintError
from ..render.svg import SIDE_COLOURS
from .components import Component, OrderCard, ScoreCard, StatusCard, TokenCard
from .layout import (BLEED, GREY, INK, NAVY, ORDER_RED, PAPER, POKER, REFERENCE_GREEN, SAFE,
                     WHITE, Pen, background, card_label)
from .shapes import Anchor, Circle, Drawing, Face, Item, Rect, Text

#: Where the header band ends and the body text starts (mm from the top).
HEADER = 21.0
BODY_TOP = 25.0
#: The footer's baseline (mm from the top).
FOOTER = POKER.height - SAFE - 0.5
#: The flavour text's box at most (mm high) and its size (points).
FLAVOUR_HEIGHT = 16.0


def _frame(pen: Pen, item: Component, colour: str) -> list[Item]:
    """The background, the paper panel, the header with the kind and the name, the footer."""
    inner = POKER.width - 2 * SAFE
    items: list[Item] = [background(POKER, NAVY),
                         Rect(2.5, 2.5, POKER.width - 5, POKER.height - 5, fill=PAPER, radius=2),
                         Rect(2.5, 2.5, POKER.width - 5, HEADER - 2.5, fill=colour, radius=2),
                         Rect(2.5, HEADER - 4, POKER.width - 5, 4, fill=colour)]
    items.append(Text(SAFE + 0.5, 7.2, pen.words["kinds"][item.kind.value].upper(), 5.5,
                      Face.BOLD, "#f3e3bd"))
    name = pen.block(item.name, f"{card_label(pen, item)}: its name", Face.BOLD, inner - 1,
                     HEADER - 9.5, 11, 7)
    items += name.place(pen.fonts, SAFE + 0.5, 8.5, WHITE)
    footer = f"{item.ident} · {pen.set_name}"
    if item.source:
        footer += " · " + pen.words["from_file"].format(file=item.source)
    items += pen.block(footer, f"{card_label(pen, item)}: its footer", Face.REGULAR, inner, 3,
                       5, 4).place(pen.fonts, SAFE + 0.5, FOOTER - 2.2, GREY)
    return items


def _body(pen: Pen, item: Component, text: str, flavour: str | None, top: float) -> list[Item]:
    """The rules text from ``top`` down, and the flavour text at the bottom."""
    inner = POKER.width - 2 * SAFE
    bottom = FOOTER - 3.5
    items: list[Item] = []
    if flavour:
        block = pen.block(flavour, f"{card_label(pen, item)}: its flavour text", Face.ITALIC,
                          inner, FLAVOUR_HEIGHT, 7)
        items += block.place(pen.fonts, SAFE + 0.5, bottom - block.height, GREY)
        bottom -= block.height + 2
    block = pen.block(text, f"{card_label(pen, item)}: its text", Face.REGULAR, inner,
                      bottom - top, 10)
    items += block.place(pen.fonts, SAFE + 0.5, top, INK)
    return items


def _drawing(pen: Pen, item: Component, items: list[Item]) -> Drawing:
    return Drawing(f"{item.kind.value}-{item.ident}".replace("_", "-"),
                   f"{pen.words['kinds'][item.kind.value]}: {item.name}",
                   POKER.width, POKER.height, BLEED, tuple(items))


def order_face(pen: Pen, card: OrderCard) -> Drawing:
    """An order card: its name and text as the text generator says them (R7.4)."""
    return _drawing(pen, card, _frame(pen, card, ORDER_RED)
                    + _body(pen, card, card.text, card.flavour, BODY_TOP))


def status_face(pen: Pen, card: StatusCard) -> Drawing:
    """A status's reference card: what it forbids or changes, and until when (R9)."""
    return _drawing(pen, card, _frame(pen, card, REFERENCE_GREEN)
                    + _body(pen, card, card.text, card.flavour, BODY_TOP))


def token_face(pen: Pen, card: TokenCard) -> Drawing:
    """A token kind's reference card: its mark, large, and what it does."""
    cx, cy, r = POKER.width / 2, BODY_TOP + 8, 7.5
    mark = pen.block(card.mark, f"{card_label(pen, card)}: its mark", Face.BOLD, 2 * r - 3,
                     2 * r - 3, 22, 10)
    items = _frame(pen, card, REFERENCE_GREEN) + [
        Circle(cx, cy, r, fill=WHITE, stroke=REFERENCE_GREEN, width=0.8)]
    items += mark.place(pen.fonts, cx, cy - mark.height / 2, INK, Anchor.MIDDLE)
    return _drawing(pen, card, items + _body(pen, card, card.text, None, cy + r + 3))


#: The score track's boxes: the largest side and the smallest (mm), the gap.
SCORE_BOX, SCORE_BOX_MIN, SCORE_GAP = 7.0, 4.0, 0.8


def score_face(pen: Pen, card: ScoreCard) -> Drawing:
    """The war score card: a column of numbered boxes per side, 0 to the winning points (R8.3)."""
    items = _frame(pen, card, REFERENCE_GREEN)
    inner = POKER.width - 2 * SAFE
    goal = pen.block(card.goal, f"{card_label(pen, card)}: its goal", Face.REGULAR, inner, 12, 8)
    items += goal.place(pen.fonts, SAFE + 0.5, BODY_TOP - 1, INK)
    top = BODY_TOP + goal.height + 5
    bottom = FOOTER - 4
    count = card.points + 1
    rows = max(1, min(count, math.floor((bottom - top + SCORE_GAP) / (SCORE_BOX_MIN + SCORE_GAP))))
    columns = math.ceil(count / rows)
    column_width = inner / len(card.sides)
    box = min(SCORE_BOX, (bottom - top + SCORE_GAP) / rows - SCORE_GAP,
              (column_width - 2) / columns - SCORE_GAP)
    if box < SCORE_BOX_MIN - 1e-9:
        raise PrintError(f"{card_label(pen, card)} ({pen.lang}): {card.points} points do not "
                         f"fit on the card's score tracks")
    for k, (side, word) in enumerate(card.sides):
        colour = SIDE_COLOURS.get(side.value, INK)
        left = SAFE + k * column_width
        items.append(Text(left + column_width / 2, top - 1.5, word, 8, Face.BOLD, colour,
                          Anchor.MIDDLE))
        span = columns * (box + SCORE_GAP) - SCORE_GAP
        x0 = left + (column_width - span) / 2
        for n in range(count):
            x = x0 + (n // rows) * (box + SCORE_GAP)
            y = top + (n % rows) * (box + SCORE_GAP)
            items.append(Rect(x, y, box, box, fill=WHITE, stroke=colour, width=0.5, radius=0.8))
            items.append(Text(x + box / 2, y + box / 2 + box * 0.17, str(n), box * 1.3,
                              Face.BOLD, colour, Anchor.MIDDLE))
    return _drawing(pen, card, items)
