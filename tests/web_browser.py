"""A real server and Debian's Chromium for the browser tests and the docs'
screenshots (``from web_browser import served, browser``): ``redcode serve``
in a process of its own on a fresh database, and Playwright driving
/usr/bin/chromium (``playwright install`` cannot download a browser here).

``click_move`` makes a move as a person does, by clicks only: it reads the
click tree the page was sent and clicks down it, on the board's boxes and
ships, the hand's cards, the control card's maneuvers or the choices' buttons.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
#: How a server with a pause of its own after a bot's move is started
#: (``redcode serve`` waits 0.4 s, so that people can follow the bots).
SERVE = "import sys; from redcode_rules.web.server import serve; " \
        "sys.exit(serve('127.0.0.1', int(sys.argv[1]), sys.argv[2], float(sys.argv[3])))"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(db: Path | str, port: int | None = None, bot_pause: float | None = None):
    """``redcode serve`` on ``db`` (a SQLite file or a PostgreSQL URL), or the
    same server with ``bot_pause`` seconds after a bot's move; yields its base
    URL once it answers (its errors in the failure if it never does)."""
    port = port or free_port()
    argv = [sys.executable, "-m", "redcode_rules", "serve", "--db", str(db), "--port", str(port)]
    if bot_pause is not None:
        argv = [sys.executable, "-c", SERVE, str(port), str(db), str(bot_pause)]
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=log)
        try:
            wait_for(base, server, log)
            yield base
        finally:
            server.terminate()
            server.wait(20)


def wait_for(base: str, server: subprocess.Popen, log) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            urllib.request.urlopen(base + "/", timeout=2)
            return
        except OSError:
            time.sleep(0.1)
    log.seek(0)
    raise AssertionError(f"the server did not start: {log.read().decode()[-2000:]}")


@contextlib.contextmanager
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


def new_game(page, base: str, **choices: str) -> list[str]:
    """The lobby's form filled and sent; the seat links of the game made."""
    page.goto(base + "/")
    for name, value in choices.items():
        if name == "short":
            page.check("input[name=short]")
        elif name == "seed":
            page.fill("input[name=seed]", value)
        else:
            page.select_option(f"select[name={name}]", value)
    page.click("button[type=submit]")
    page.wait_for_selector("a.seat-link")
    return [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version"))


def click_pick(page, key: str) -> None:
    """Click what a click key names where a person would: a box or ship on
    the board, a card of the hand, a maneuver of the control card, else the
    choices' button."""
    kind = key.partition(":")[0]
    where = {"box": f"#board rect.pick-box[data-pick='{key}']",
             "ship": f"#board rect.pick-ship[data-pick='{key}']",
             "card": f"#hand .card.pickable[data-pick='{key}']",
             "maneuver": f"#mycard rect.pick-row[data-pick='{key}']"}.get(kind)
    if where is None or page.query_selector(where) is None:
        where = f"#choices button[data-pick='{key}']"
    page.click(where)


def click_move(page, rng: random.Random) -> str:
    """Random clicks down the page's click tree to a move, sent; the move."""
    node = json.loads(page.text_content("#picks"))["tree"]
    while True:
        options = list(node["next"])
        if node["move"] and (not options or rng.random() < 0.3):
            if options:  # a move before its end: its button
                page.click("#choices button.play")
            return node["move"]
        key = rng.choice(options)
        click_pick(page, key)
        node = node["next"][key]


def moved(page, since: int, timeout: float = 30_000) -> None:
    """Wait until the page shows a version after ``since`` (or a refusal)."""
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) > v"
        " || !document.getElementById('error').hidden", arg=since, timeout=timeout)
