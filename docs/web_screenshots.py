"""Draw the screenshots of docs/web.md: the table and the workshop.

    python docs/web_screenshots.py

It needs the web and web-test extras (``pip install -e '.[web,web-test]'``)
and Debian's ``chromium``. A fresh ``redcode serve`` on a temporary database
plays a seeded game against the greedy bot by clicks (the browser tests'
harness, tests/web_browser.py) to a turn where the person holds cards and
has picked a maneuver (its targets shown on the board), and opens the workshop on its example card file; Chromium writes
docs/img/web-table.png and docs/img/web-workshop.png. The games are seeded,
so the pictures change only when the pages or the rules do (and with the
fonts of the machine that draws them).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
sys.path.insert(0, str(ROOT / "tests"))

from web_browser import (browser, click_move, click_pick, moved, new_game,  # noqa: E402
                         served, version)

#: The window the pictures are taken in.
VIEWPORT = {"width": 1280, "height": 860}
#: The person's decisions clicked at least before the picture is taken.
DECISIONS = 6


def aim(tree: dict) -> str | None:
    """The decision's maneuver with the most targets on the board, if it has
    several (None if none has)."""
    targets = {key: [k for k in node["next"] if k.startswith(("ship:", "box:"))]
               for key, node in tree["next"].items() if key.startswith("maneuver:")}
    best = max(targets, key=lambda key: len(targets[key]), default=None)
    return best if best is not None and len(targets[best]) > 1 else None


def table(chromium, base: str) -> None:
    """A person's turn with cards in hand, a maneuver picked: its targets on the board."""
    page = chromium.new_page(viewport=VIEWPORT)
    [seat] = new_game(page, base, seat2="greedy", seed="11")
    page.goto(base + seat)
    rng = random.Random(4)
    for decision in range(200):
        page.wait_for_selector("#choices button")
        key = aim(json.loads(page.text_content("#picks"))["tree"])
        if decision >= DECISIONS and key and page.query_selector("#hand .card"):
            click_pick(page, key)
            break
        at = version(page)
        click_move(page, rng)
        moved(page, at)
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / "web-table.png"))
    page.close()


def workshop(chromium, base: str) -> None:
    page = chromium.new_page(viewport=VIEWPORT)
    page.goto(base + "/workshop")
    page.wait_for_selector("article[data-card=depth_bomb]")
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / "web-workshop.png"))
    page.close()


def main() -> int:
    with tempfile.TemporaryDirectory() as folder, \
            served(Path(folder) / "tables.sqlite3", bot_pause=0) as base, browser() as chromium:
        table(chromium, base)
        workshop(chromium, base)
    for name in ("web-table.png", "web-workshop.png"):
        print(OUT / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
