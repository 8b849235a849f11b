"""Cards laid on pages for cutting: a grid per size of card, crop marks and
bleed, and for double-sided printing a page of backs after each page of
faces, mirrored so that each back falls behind its face when the sheet is
turned over its long edge.

Cards of a grid touch: one cut between two cards cuts both, and each card's
bleed runs past its cut line only on the sides with no card beside it (the
page's margin); crop marks in the margin continue every cut line.
"""

from __future__ import annotations

import attrs

from .layout import BLEED, POKER, SQUARE, WIDE, Size
from .shapes import Drawing, Item, Line

#: How far a crop mark stays from the bleed, and its length at most (mm).
MARK_GAP, MARK_LENGTH = 1.5, 6.0
MARK_COLOUR = "#000000"
#: How far a card runs under its neighbour (mm): no hairline of paper shows
#: between two touching cards, and no cut is that precise.
SEAM = 0.1


@attrs.frozen
class Paper:
    """A sheet of paper, in millimetres."""

    name: str
    width: float
    height: float


PAPERS = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4)}


@attrs.frozen
class Grid:
    """How many cards of one size a page holds: nine poker cards (3 × 3),
    twelve map cards (3 × 4, the board's 12 on one page), three control cards."""

    columns: int
    rows: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows


GRIDS = {POKER: Grid(3, 3), SQUARE: Grid(3, 4), WIDE: Grid(1, 3)}


@attrs.frozen
class Placed:
    """A card on a page: the top-left corner of its cut line, and the part
    of it to draw (its cut box, grown by the bleed where no card touches it),
    in the card's own millimetres."""

    x: float
    y: float
    drawing: Drawing
    clip: tuple[float, float, float, float]


@attrs.frozen
class Page:
    """A page: the cards on it and its crop marks (page millimetres)."""

    width: float
    height: float
    cards: tuple[Placed, ...]
    marks: tuple[Item, ...] = ()
    backs: bool = False
    """Whether it is a page of backs."""


def _slots(paper: Paper, size: Size, grid: Grid) -> tuple[float, float]:
    """The top-left corner of the grid's first slot: the grid centred on the page."""
    return ((paper.width - grid.columns * size.width) / 2,
            (paper.height - grid.rows * size.height) / 2)


def _page(paper: Paper, size: Size, grid: Grid, drawings: list[Drawing]) -> Page:
    """Up to ``grid.slots`` cards of one size on a page, in reading order."""
    x0, y0 = _slots(paper, size, grid)
    taken = {(k % grid.columns, k // grid.columns) for k in range(len(drawings))}
    cards = []
    for k, drawing in enumerate(drawings):
        col, row = k % grid.columns, k // grid.columns
        left = SEAM if (col - 1, row) in taken else BLEED
        right = SEAM if (col + 1, row) in taken else BLEED
        top = SEAM if (col, row - 1) in taken else BLEED
        bottom = SEAM if (col, row + 1) in taken else BLEED
        cards.append(Placed(x0 + col * size.width, y0 + row * size.height, drawing,
                            (-left, -top, size.width + left + right,
                             size.height + top + bottom)))
    return Page(paper.width, paper.height, tuple(cards), tuple(_marks(paper, cards, size)))


def _marks(paper: Paper, cards: list[Placed], size: Size) -> list[Item]:
    """A crop mark in the margin at each end of every cut line."""
    if not cards:
        return []
    xs = sorted({c.x for c in cards} | {c.x + size.width for c in cards})
    ys = sorted({c.y for c in cards} | {c.y + size.height for c in cards})
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    marks: list[Item] = []

    def span(edge: float, outward: float, limit: float) -> tuple[float, float]:
        start = edge + outward * (BLEED + MARK_GAP)
        end = start + outward * MARK_LENGTH
        end = max(end, 0.5) if outward < 0 else min(end, limit - 0.5)
        return start, end

    for x in xs:
        for edge, outward in ((top, -1), (bottom, 1)):
            a, b = span(edge, outward, paper.height)
            if (b - a) * outward > 0:
                marks.append(Line(x, a, x, b, MARK_COLOUR, 0.2))
    for y in ys:
        for edge, outward in ((left, -1), (right, 1)):
            a, b = span(edge, outward, paper.width)
            if (b - a) * outward > 0:
                marks.append(Line(a, y, b, y, MARK_COLOUR, 0.2))
    return marks


def _mirrored(page: Page, backs: list[Drawing]) -> Page:
    """The page of backs behind ``page``: each back where its face's mirror
    image over the page's vertical middle stands, its bleed mirrored too."""
    cards = []
    for placed, back in zip(page.cards, backs):
        x, y, w, h = placed.clip
        width = placed.drawing.width
        cards.append(Placed(page.width - placed.x - width, placed.y, back,
                            (width - (x + w), y, w, h)))
    marks = tuple(attrs.evolve(m, x1=page.width - m.x1, x2=page.width - m.x2)
                  for m in page.marks if isinstance(m, Line))
    return Page(page.width, page.height, tuple(cards), marks, backs=True)


def lay_out(paper: Paper, runs: list[tuple[Size, list[Drawing], list[Drawing] | None]]
            ) -> list[Page]:
    """Pages for runs of cards, each run of one size (with its backs, or
    None): its cards fill pages of its grid in order, and each page of
    faces is followed by its page of backs when there are backs."""
    pages = []
    for size, faces, backs in runs:
        grid = GRIDS[size]
        for start in range(0, len(faces), grid.slots):
            page = _page(paper, size, grid, faces[start:start + grid.slots])
            pages.append(page)
            if backs is not None:
                pages.append(_mirrored(page, backs[start:start + grid.slots]))
    return pages


def single(paper: Paper, drawing: Drawing) -> Page:
    """A page that is a drawing of its own (the player aid)."""
    return Page(paper.width, paper.height,
                (Placed(0, 0, drawing, (0, 0, drawing.width, drawing.height)),))
