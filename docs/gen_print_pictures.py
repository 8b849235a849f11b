"""Write the pictures of printed pages of docs/print.md into docs/img/print/.

    pip install -e '.[print]'    # reportlab
    apt-get install poppler-utils # pdftoppm, which turns a PDF page into a PNG
    python docs/gen_print_pictures.py

The Spanish edition is printed in Spanish with backs (as
``redcode print --edition es --lang es --backs``), and one page of each
kind is rendered at a low resolution: order cards, the reference cards
(status and score), control cards, map cards, a page of backs and the
player aid. The PDF is the same bytes every time (printing/pdf.py), so the
pictures change only when the cards, their texts or their drawing do.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import redcode_rules as rc
from redcode_rules.printing.deck import print_deck
from redcode_rules.printing.layout import BLEED, WIDE
from redcode_rules.printing.sheets import GRIDS, PAPERS

OUT = Path(__file__).resolve().parent / "img" / "print"
#: Dots per inch of the pictures: a page is some 500 × 700 pixels; and of
#: the close-up of one control card, whose texts read at that size.
DPI, CLOSE_UP_DPI = 60, 150
#: The pages of the Spanish edition printed with backs, by picture: 4 pages
#: of poker cards (each followed by its backs), 2 of control cards, 2 of map
#: cards, then the player aid (docs/print.md, "What is printed").
PAGES = {"orders-es.png": 1, "backs-es.png": 2, "reference-es.png": 7, "control-es.png": 9,
         "maps-es.png": 13, "aid-es.png": 17}


def main() -> None:
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm is missing: apt-get install poppler-utils")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        pdf = Path(scratch) / "deck-es.pdf"
        printed = print_deck(rc.load_ruleset("es"), pdf, "es", backs=True)
        assert printed.pages == 17, printed.summary()
        for name, page in PAGES.items():
            stem = Path(scratch) / name[:-4]
            subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", str(page), "-l", str(page),
                            "-singlefile", str(pdf), str(stem)], check=True)
            shutil.copyfile(f"{stem}.png", OUT / name)
            print(f"wrote {OUT / name}")
        close_up(pdf, PAGES["control-es.png"], Path(scratch) / "card")


def close_up(pdf: Path, page: int, stem: Path) -> None:
    """The first control card of ``page`` with its bleed, at ``CLOSE_UP_DPI``."""
    paper, grid = PAPERS["a4"], GRIDS[WIDE]
    x = (paper.width - grid.columns * WIDE.width) / 2 - BLEED
    y = (paper.height - grid.rows * WIDE.height) / 2 - BLEED
    px = CLOSE_UP_DPI / 25.4
    subprocess.run(["pdftoppm", "-png", "-r", str(CLOSE_UP_DPI), "-f", str(page), "-l",
                    str(page), "-singlefile", "-x", str(round(x * px)), "-y", str(round(y * px)),
                    "-W", str(round((WIDE.width + 2 * BLEED) * px)),
                    "-H", str(round((WIDE.height + 2 * BLEED) * px)), str(pdf), str(stem)],
                   check=True)
    shutil.copyfile(f"{stem}.png", OUT / "control-card-es.png")
    print(f"wrote {OUT / 'control-card-es.png'}")


if __name__ == "__main__":
    main()
