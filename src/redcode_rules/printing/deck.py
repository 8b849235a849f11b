"""``redcode print``: a card set's components drawn and written as a PDF of
sheets or as a folder of SVG files, one per card.

A PDF prints the poker-size cards nine to a page (order cards, one per copy,
then the status, token and score cards), the control cards three to a page,
the map cards twelve to a page, then the player aid; with backs, each page
of cards is followed by its page of backs. The SVG folder holds a file per
card face (``order-ambush-1.svg``…), per design of back and the aid.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable

import attrs

from ..base.errors import PrintError
from ..model.ruleset import Ruleset
from .aid import aid_page
from .backs import back_of
from .components import Component, Kind, components, new_cards
from .control import control_face
from .faces import order_face, score_face, status_face, token_face
from .fonts import load_fonts
from .layout import Pen, Size, size_of
from .maps import map_face
from .pdf import write_pdf
from .sheets import PAPERS, Page, lay_out, single
from .shapes import Drawing
from .svg_files import svg_text

#: How each kind of card is drawn (the player aid is a page: ``aid_page``).
FACES: dict[Kind, Callable[[Pen, Component], Drawing]] = {
    Kind.ORDER: order_face, Kind.STATUS: status_face, Kind.TOKEN: token_face,
    Kind.SCORE: score_face, Kind.CONTROL: control_face, Kind.MAP: map_face}


@attrs.frozen
class Printed:
    """What a print run wrote."""

    path: Path
    pages: int
    """Pages of the PDF (0 for a folder of SVG files)."""
    cards: Counter
    """Cards printed by kind (every copy counted; the player aid is no card)."""
    files: tuple[Path, ...]

    def summary(self) -> str:
        """One line for the command: what was written where."""
        kinds = ", ".join(f"{n} {kind.value}" for kind, n in self.cards.items() if n)
        where = (f"{self.pages} page{'s' if self.pages != 1 else ''}" if self.pages
                 else f"{len(self.files)} SVG files")
        total = sum(self.cards.values())
        return f"wrote {self.path}: {where}, {total} cards ({kinds})"


def deck_components(rules: Ruleset, lang: str, base: Ruleset | None = None) -> list[Component]:
    """What to print: every component, or with ``base`` only what ``rules``
    adds to it or changes (``--only new``)."""
    items = components(rules, lang) if base is None else new_cards(rules, base, lang)
    if not items:
        raise PrintError("nothing to print: the card files add or change no printed card "
                         "of the edition")
    return items


def print_deck(rules: Ruleset, out: str | Path, lang: str | None = None, paper: str = "a4",
               backs: bool = False, base: Ruleset | None = None) -> Printed:
    """Print ``rules`` in ``lang`` (default: the edition's) into ``out``: a
    PDF when it ends in ``.pdf``, else a folder of SVG files."""
    lang = lang or rules.lang
    items = deck_components(rules, lang, base)
    pen = Pen(load_fonts(), lang, rules.name)
    sheet = PAPERS[paper]
    cards: Counter = Counter()
    runs: dict[Size, tuple[list[Drawing], list[Drawing]]] = {}  # faces and backs, by size
    aid = None
    for item in items:
        if item.kind is Kind.AID:
            aid = aid_page(pen, item, sheet.width, sheet.height)
            continue
        faces, their_backs = runs.setdefault(size_of(item.kind), ([], []))
        faces += [FACES[item.kind](pen, item)] * item.copies
        their_backs += [back_of(pen, item)] * item.copies
        cards[item.kind] += item.copies
    path = Path(out)
    if path.suffix.lower() == ".pdf":
        pages: list[Page] = lay_out(sheet, [(size, faces, their_backs if backs else None)
                                            for size, (faces, their_backs) in runs.items()])
        if aid is not None:
            pages.append(single(sheet, aid))
        path.parent.mkdir(parents=True, exist_ok=True)
        write_pdf(pages, path, pen.fonts, f"{pen.words['game']}: {rules.name} ({lang})")
        return Printed(path, len(pages), cards, (path,))
    return Printed(path, 0, cards, tuple(_write_svgs(path, runs, aid, backs)))


def _write_svgs(folder: Path, runs: dict, aid: Drawing | None, backs: bool) -> list[Path]:
    """A file per card (copies numbered), per design of back, and the aid."""
    folder.mkdir(parents=True, exist_ok=True)
    drawings: list[tuple[str, Drawing]] = []
    for faces, their_backs in runs.values():
        copies = Counter(d.name for d in faces)
        seen: Counter = Counter()
        for face in faces:
            seen[face.name] += 1
            name = f"{face.name}-{seen[face.name]}" if copies[face.name] > 1 else face.name
            drawings.append((name, face))
        if backs:
            drawings += list({b.name: (b.name, b) for b in their_backs}.values())
    if aid is not None:
        drawings.append((aid.name, aid))
    written = []
    for name, drawing in drawings:
        path = folder / f"{name}.svg"
        path.write_text(svg_text(drawing), "utf-8")
        written.append(path)
    return written
