"""The one-page player aid: the turn, range, responses, running water,
damage and scoring in the deck's language, its numbers those of the rules.

Every paragraph shrinks together, from a comfortable size down to the floor,
until the whole aid fits the page; one that does not fit even then is an
error naming the aid.
"""

from __future__ import annotations

from ..base.errors import PrintError
from ..render.svg import SIDE_COLOURS
from .components import PlayerAid
from .fit import STEP, Block, wrap
from .layout import FLOOR, INK, NAVY, Pen
from .shapes import PT, Drawing, Face, Item, Line, Text

#: The page's margin (mm); the text's size at most (points) and the title's.
MARGIN = 18.0
SIZE, TITLE = 11.0, 20.0
#: Space after a heading, and between paragraphs and sections, as a share of the size.
AFTER_PARAGRAPH, BEFORE_HEADING = 0.45, 0.9


def _layout(pen: Pen, aid: PlayerAid, size: float,
            width: float) -> list[tuple[str, Block]] | None:
    """Each heading and paragraph laid at ``size`` (headings a little larger),
    tagged ``heading`` or ``paragraph``; None if a word is wider than the page."""
    out = []
    for heading, paragraphs in aid.sections:
        lines = wrap(heading, pen.fonts, Face.BOLD, size * 1.2, width)
        if lines is None:
            return None
        out.append(("heading", Block(tuple(lines), size * 1.2, Face.BOLD)))
        for paragraph in paragraphs:
            lines = wrap(paragraph, pen.fonts, Face.REGULAR, size, width)
            if lines is None:
                return None
            out.append(("paragraph", Block(tuple(lines), size, Face.REGULAR)))
    return out


def _height(blocks: list[tuple[str, Block]], size: float) -> float:
    gaps = sum((BEFORE_HEADING if tag == "heading" else AFTER_PARAGRAPH) * size * PT
               for tag, _ in blocks)
    return sum(block.height for _, block in blocks) + gaps


def aid_page(pen: Pen, aid: PlayerAid, width: float, height: float) -> Drawing:
    """The aid on a page of ``width`` × ``height`` mm."""
    for heading, paragraphs in aid.sections:
        pen.check_glyphs(heading, "the player aid", Face.BOLD)
        for paragraph in paragraphs:
            pen.check_glyphs(paragraph, "the player aid")
    inner = width - 2 * MARGIN
    title = pen.block(aid.name, "the player aid: its title", Face.BOLD, inner, 12, TITLE, 12)
    game = pen.words["game"]
    items: list[Item] = [Text(MARGIN, MARGIN - 4, game.upper(), 8, Face.BOLD,
                              SIDE_COLOURS["red"])]
    items += title.place(pen.fonts, MARGIN, MARGIN - 2, NAVY)
    top = MARGIN + title.height + 1
    items.append(Line(MARGIN, top, width - MARGIN, top, NAVY, 0.5))
    top += 3
    room = height - MARGIN - top
    steps = round((SIZE - FLOOR) / STEP)
    for k in range(steps + 1):
        size = SIZE - k * STEP
        blocks = _layout(pen, aid, size, inner)
        if blocks is not None and _height(blocks, size) <= room:
            break
    else:
        raise PrintError(f"the player aid ({pen.lang}) does not fit a page of {width:.0f} × "
                         f"{height:.0f} mm even at {FLOOR:g} pt; shorten its paragraphs")
    y = top
    for n, (tag, block) in enumerate(blocks):
        if tag == "heading" and n:
            y += (BEFORE_HEADING - AFTER_PARAGRAPH) * size * PT
        items += block.place(pen.fonts, MARGIN, y, NAVY if tag == "heading" else INK)
        y += block.height + AFTER_PARAGRAPH * size * PT
    return Drawing("player-aid", aid.name, width, height, 0.0, tuple(items))
