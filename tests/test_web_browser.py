"""The table in a real browser: Playwright driving Debian's Chromium against
``redcode serve`` (pytest -m browser; .ci/run installs chromium). Every move
is made by clicks, on the board, the hand, the control card or the buttons."""

from __future__ import annotations

import os
import random
import time

import pytest

pytestmark = pytest.mark.browser
pytest.importorskip("playwright", reason="the web-test extra is not installed")

from web_browser import (CHROMIUM, browser, click_move, click_pick, moved, new_game,  # noqa: E402
                         served, version)

if not os.path.exists(CHROMIUM):
    pytest.skip("no /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)

#: What a page waits for: its choices, or the end of the game.
CHOOSING_OR_OVER = ("() => document.querySelector('#choices button') !== null"
                    " || document.getElementById('status').textContent.includes('Game over.')")


def test_a_whole_short_game_clicked_through_against_a_bot(tmp_path):
    rng = random.Random(3)
    with served(tmp_path / "t.sqlite3", bot_pause=0) as base, browser() as chromium:
        page = chromium.new_page()
        [seat] = new_game(page, base, short="on", seat2="random", seed="5")
        page.goto(base + seat)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            page.wait_for_function(CHOOSING_OR_OVER, timeout=30_000)
            if "Game over." in page.inner_text("#status"):
                break
            at = version(page)
            click_move(page, rng)
            moved(page, at)
        assert "Game over." in page.inner_text("#status")
        assert len(page.query_selector_all("#log li")) > 50


def test_two_people_each_see_only_their_own_hand_and_switch_language(tmp_path):
    with served(tmp_path / "t.sqlite3") as base, browser() as chromium:
        one = chromium.new_context().new_page()
        two = chromium.new_context().new_page()
        blue, red = new_game(one, base, seat2="human")
        one.goto(base + blue)
        two.goto(base + red)
        one.wait_for_selector("#choices button")
        assert one.query_selector("#hand") and two.query_selector("#hand")
        assert "You play the blue submarine." in one.inner_text(".you")
        assert "Waiting for blue submarine." in two.inner_text("#status")
        assert one.get_attribute("#board", "data-field") == ""  # not on the board yet
        two.click("button[data-lang=es]")
        two.wait_for_selector("text=Esperando a submarino azul.")
        click_pick(one, "box:b2")  # the box on the board
        two.wait_for_selector("#choices button")
        assert "Tu turno" in two.inner_text("#status")
        assert one.query_selector_all("#board rect.seat-field")  # its visual field, drawn
        assert one.get_attribute("#board rect.seat-own", "data-box") == "b2"
        assert not two.query_selector_all("#board rect.seat-field")


def test_a_response_is_taken_when_offered(tmp_path):
    """Blue's repair opens a response window (R5.1): red is offered its
    torpedo, takes it on the board, and blue may answer it in turn (D5.4)."""
    with served(tmp_path / "t.sqlite3") as base, browser() as chromium:
        blue_page = chromium.new_context().new_page()
        red_page = chromium.new_context().new_page()
        blue, red = new_game(blue_page, base, seat2="human", seed="7")
        blue_page.goto(base + blue)
        red_page.goto(base + red)
        click_pick(blue_page, "box:a1")
        red_page.wait_for_selector("#choices button[data-pick='box:h6']")
        click_pick(red_page, "box:h6")
        blue_page.wait_for_selector("#mycard rect.pick-row[data-pick='maneuver:repair']")
        click_pick(blue_page, "maneuver:repair")
        red_page.wait_for_selector("#answering")
        assert red_page.inner_text("#answering") == "blue submarine plays Repair: you may respond."
        offered = {b.get_attribute("data-pick")
                   for b in red_page.query_selector_all("#choices button.option")}
        assert offered == {"maneuver:torpedo", "word:pass"}
        click_pick(red_page, "maneuver:torpedo")  # on its control card
        click_pick(red_page, "ship:red-destroyer")  # its own ship, on the board
        blue_page.wait_for_selector("#answering")
        assert "red destroyer plays Torpedo on red destroyer" in blue_page.inner_text("#answering")
        for page in (blue_page, red_page):
            page.wait_for_selector("#log li:has-text('Red destroyer responds with Torpedo "
                                   "on red destroyer.')")
        assert red_page.query_selector("#answering") is None


def test_a_restarted_server_shows_the_game_where_it_stood(tmp_path):
    db = tmp_path / "t.sqlite3"
    with browser() as chromium:
        page = chromium.new_page()
        with served(db) as base:
            [seat] = new_game(page, base, seat2="random")
            page.goto(base + seat)
            click_pick(page, "box:a1")
            moved(page, 0)
            page.wait_for_selector("#choices button")  # the bot placed, blue's first turn
            before = version(page)
            port = int(base.rsplit(":", 1)[1])
        page.wait_for_selector("#offline:not([hidden])")  # the page noticed
        with served(db, port) as base:
            page.wait_for_selector("#offline", state="hidden", timeout=30_000)  # it came back
            assert version(page) == before
            page.goto(base + seat)
            assert version(page) == before and page.query_selector("#choices button")
            click_pick(page, "word:end")
            moved(page, before)


#: A WebSocket that opens only after a second, as on a slow or loaded
#: connection: what the page does with a click made before then.
LATE_SOCKET = """
(() => {
  const Real = window.WebSocket;
  window.WebSocket = function (url) {
    const late = {readyState: 0, sent: [], send(text) { throw new Error("not open"); }};
    setTimeout(() => {
      const real = new Real(url);
      real.onopen = (event) => { late.readyState = 1; late.send = (t) => real.send(t);
                                 window.socketOpened = true; late.onopen(event); };
      real.onmessage = (event) => late.onmessage(event);
      real.onclose = (event) => { late.readyState = 3; late.onclose(event); };
    }, 1000);
    return late;
  };
  window.WebSocket.OPEN = 1;
})();
"""


def test_a_click_made_before_the_connection_opens_is_sent_when_it_opens(tmp_path):
    with served(tmp_path / "t.sqlite3") as base, browser() as chromium:
        page = chromium.new_page()
        [seat] = new_game(page, base, seat2="random")
        page.add_init_script(LATE_SOCKET)
        page.goto(base + seat)
        click_pick(page, "box:a1")
        assert page.evaluate("window.socketOpened") is None  # clicked while it opened
        moved(page, 0)
        assert page.is_hidden("#error")
        assert "Blue submarine is placed at a1." in page.inner_text("#log")


def test_the_workshop_shows_an_error_at_its_line_then_the_text_and_plays_it(tmp_path):
    broken = "order depth_bomb {\n    copies 2\n    effect damage 2 to targt\n}\n" \
             "patch order ambush { copies -2 }\n"
    with served(tmp_path / "t.sqlite3") as base, browser() as chromium:
        page = chromium.new_page()
        page.goto(base + "/workshop")
        page.fill("#source", broken)
        page.wait_for_selector("#problems li[data-line='3']")
        assert "column 24" in page.inner_text("#problems")
        page.fill("#source", broken.replace("targt", "target"))
        page.wait_for_selector("article[data-card=depth_bomb]")
        card = page.inner_text("article[data-card=depth_bomb]")
        assert "2 repair damage" in card and "-2 reparaciones" in card and "-2 riparazioni" in card
        page.click("#play-it")
        page.wait_for_selector("#table")
        assert "/play/" in page.url
        page.wait_for_selector("#choices button[data-pick^='box:']")  # blue places its ship
