"""The workshop: a card file's problems at their line and column as one
types, its cards' texts in three languages and pictures, "play it" and a
bounded "is it fair?"; hostile files are refused with the reason."""

from __future__ import annotations

import time

import pytest

from web_client import Site

from redcode_rules.web.fair import MAX_GAMES
from redcode_rules.web.workshop import inspect

GOOD = ('order depth_bomb {\n    copies 2\n    effect damage 2 to target\n'
        '    name en "Depth bomb" es "Bomba de profundidad" (f) it "Bomba di profondità" (f)\n}\n'
        'patch order ambush { copies -2 }\n')


def test_a_broken_card_is_reported_at_its_line_and_column():
    broken = GOOD.replace("to target", "to targt")
    [problem] = inspect(broken, "en")["problems"]
    assert (problem["line"], problem["column"]) == (3, 24)
    assert problem["suggestion"] == "target" and problem["source"].strip().endswith("targt")


def test_a_fixed_card_shows_its_name_and_text_in_three_languages():
    result = inspect(GOOD, "en")
    bomb = next(c for c in result["cards"] if c["id"] == "depth_bomb")
    assert bomb["names"] == {"en": "Depth bomb", "es": "Bomba de profundidad",
                             "it": "Bomba di profondità"}
    assert bomb["texts"]["en"].startswith("2 repair damage to the target")
    assert bomb["texts"]["es"].startswith("-2 reparaciones al objetivo")
    assert bomb["texts"]["it"].startswith("-2 riparazioni al bersaglio")


def test_a_new_ship_type_shows_its_control_card():
    from conftest import EXAMPLES
    result = inspect((EXAMPLES / "battleship.rc").read_text("utf-8"), "en")
    ship = next(c for c in result["cards"] if c["kind"] == "ship")
    assert ship["svg"].startswith("<svg") and 'class="redcode-control-card"' in ship["svg"]


@pytest.mark.parametrize("text,reason", [
    ("variant mine extends /etc/passwd\n", "cannot extend another file"),
    ("variant mine extends ../../cards/base\n", "cannot extend another file"),
    ("#" * 40_000, "a card file is at most 32000"),
    ("order x {\n    copies 1\n    effect " + "; ".join(["damage 1 to target"] * 40) + "\n}\n",
     "at most 16 effects"),
])
def test_a_hostile_card_file_is_refused_with_the_reason(text, reason):
    problems = inspect(text, "en")["problems"]
    assert problems and reason in problems[0]["reason"], problems
    assert "root:" not in str(problems)


@pytest.fixture
def site(tmp_path, web_workers):
    with Site(tmp_path / "t.sqlite3", web_workers) as running:
        yield running


def test_the_check_asks_for_this_sites_token(site):
    assert site.client.post("/workshop/check", json={"text": GOOD, "edition": "en"}
                            ).status_code == 403
    ok = site.client.post("/workshop/check", json={"text": GOOD, "edition": "en"},
                          headers={"X-CSRF-Token": site.csrf("/workshop")})
    assert ok.status_code == 200 and ok.json()["problems"] == []


def test_play_it_starts_a_game_with_the_card_against_a_bot(site):
    played = site.client.post("/workshop/play", data={
        "csrf": site.csrf("/workshop"), "edition": "en", "text": GOOD}, follow_redirects=False)
    assert played.status_code == 303 and played.headers["location"].startswith("/play/")
    [table] = site.app.state.server.hub.tables.values()
    assert "depth_bomb" in table.game.rules.orders
    assert table.players == {"blue-submarine": "human", "red-destroyer": "greedy"}


@pytest.mark.parametrize("games", [MAX_GAMES + 1, 1, "20", True, None])
def test_is_it_fair_refuses_a_run_beyond_its_bound(site, games):
    answer = site.client.post("/workshop/fair", headers={"X-CSRF-Token": site.csrf("/workshop")},
                              json={"text": GOOD, "edition": "en", "games": games})
    assert answer.status_code == 400 and f"from 2 to {MAX_GAMES}" in answer.json()["error"]
    assert site.app.state.server.fair.runs == {}


@pytest.mark.mass  # four greedy games of war: seconds
def test_is_it_fair_runs_a_bounded_balance_run_in_the_background(site):
    token = {"X-CSRF-Token": site.csrf("/workshop")}
    run = site.client.post("/workshop/fair", headers=token,
                           json={"text": GOOD, "edition": "en", "games": 2}).json()
    busy = site.client.post("/workshop/fair", headers=token,
                            json={"text": GOOD, "edition": "en", "games": 2})
    assert busy.status_code == 429
    for _ in range(600):
        state = site.client.get(f"/workshop/fair/{run['id']}").json()
        if state["report"] or state["error"]:
            break
        time.sleep(0.1)
    assert state["error"] is None and state["done"] == state["total"] == 4
    assert "depth_bomb" in state["report"]
