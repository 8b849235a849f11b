"""A real server and Debian's Chromium for the browser tests and the docs'
screenshots (``from web_browser import served, browser``): ``redcode serve``
in a process of its own on a fresh database, and Playwright driving
/usr/bin/chromium (``playwright install`` cannot download a browser here)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(db: Path, port: int | None = None):
    """``redcode serve`` on ``db``; yields its base URL."""
    port = port or free_port()
    server = subprocess.Popen([sys.executable, "-m", "redcode_rules", "serve", "--db", str(db),
                               "--port", str(port)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(10)


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
        else:
            page.select_option(f"select[name={name}]", value)
    page.click("button[type=submit]")
    page.wait_for_selector("a.seat-link")
    return [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]
