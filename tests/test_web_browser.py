"""The table in a real browser: Playwright driving Debian's Chromium against
``redcode serve`` (pytest -m browser; .ci/run installs chromium)."""

from __future__ import annotations

import os
import random

import pytest

pytestmark = pytest.mark.browser
pytest.importorskip("playwright", reason="the web-test extra is not installed")

from web_browser import CHROMIUM, browser, new_game, served  # noqa: E402

if not os.path.exists(CHROMIUM):
    pytest.skip("no /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)


def click_a_move(page, rng: random.Random) -> None:
    """Click down the choices until a move is sent, as a person would (a
    table redrawn under the pointer, by a bot's move, ends the attempt)."""
    from playwright.sync_api import Error
    try:
        clicks(page, rng)
    except Error:
        pass


def clicks(page, rng: random.Random) -> None:
    for _ in range(6):
        options = page.query_selector_all("#choices button.option")
        play = page.query_selector("#choices button.play")
        if play and (not options or rng.random() < 0.3):
            play.click()
            return
        if not options:
            return
        rng.choice(options).click()


def test_a_whole_short_game_clicked_through_against_a_bot(tmp_path):
    rng = random.Random(3)
    with served(tmp_path / "t.sqlite3") as base, browser() as chromium:
        page = chromium.new_page()
        [seat] = new_game(page, base, short="on", seat2="random")
        page.goto(base + seat)
        for _ in range(600):
            if "Game over." in page.inner_text("#status"):
                break
            if page.query_selector("#choices button"):
                version = page.get_attribute("#table", "data-version")
                click_a_move(page, rng)
                page.wait_for_function(
                    f"document.getElementById('table').dataset.version !== '{version}'"
                    " || document.getElementById('error').textContent !== ''", timeout=20000)
            else:
                page.wait_for_timeout(100)
        assert "Game over." in page.inner_text("#status")
        assert page.query_selector_all("#log li")


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
        two.click("button[data-lang=es]")
        two.wait_for_selector("text=Esperando a submarino azul.")
        one.click("#choices button[data-pick='box:b2']")  # place b2: a click on the board's box
        two.wait_for_selector("#choices button")
        assert "Tu turno" in two.inner_text("#status")


def test_a_restarted_server_shows_the_game_where_it_stood(tmp_path):
    db = tmp_path / "t.sqlite3"
    with browser() as chromium:
        page = chromium.new_page()
        with served(db) as base:
            [seat] = new_game(page, base, seat2="random")
            page.goto(base + seat)
            page.click("#choices button[data-pick='box:a1']")
            page.wait_for_function("document.getElementById('table').dataset.version !== '0'")
            version = page.get_attribute("#table", "data-version")
            port = base.rsplit(":", 1)[1]
        with served(db, int(port)) as base:
            page.goto(base + seat)
            assert page.get_attribute("#table", "data-version") >= version


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
