"""Counted statuses (docs/dsl.md, "Counted statuses"; D9.9): `stacks N` lets a
ship hold a status up to N times; given again while held, it counts one
more and lasts from then, and each count acts (its `modify` lines add up
once per count). The card file is tests/data/stacks.rc;
cards/examples/stacks_gun_drill.rc is played in the cookbook."""

import json
from functools import partial

import pytest
import yaml

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset

from conftest import OPEN_BOARD, ROOT, dsl_refusal, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "stacks.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
        "turn": "blue-submarine", "phase": "maneuvers"}
game = partial(scenario_game, BASE)


def count(g: rc.Game, ship: str, status: str) -> int:
    """How many times ``ship`` holds ``status`` (0: not at all), as the
    scenario the game writes says it."""
    held = scenario_of(g)["ships"][ship][status]
    return 0 if held is False else 1 if held is True else held.get("count", 1)


def scenario_of(g: rc.Game) -> dict:
    return yaml.safe_load(g.to_scenario())


def drilled(n: int) -> rc.Game:
    ships = {**BASE["ships"], "blue-submarine": {"at": "c3", "drilled": {"count": n}}}
    return game(ships=ships)


def test_a_status_given_twice_in_one_effect_is_held_twice():
    """D9.9: given again while held, it counts one more."""
    g = game(hands={"blue-submarine": ["double_drill"]})
    g.play("order double_drill")
    assert count(g, "blue-submarine", "drilled") == 2


def test_the_count_never_passes_what_the_status_stacks():
    """D9.9: held 3 times (its most), given again it stays at 3."""
    ships = {**BASE["ships"], "blue-submarine": {"at": "c3", "drilled": {"count": 2}}}
    g = game(ships=ships, hands={"blue-submarine": ["double_drill"]})
    g.play("order double_drill")
    assert count(g, "blue-submarine", "drilled") == 3


@pytest.mark.parametrize("n, repairs, breakdowns", [
    (1, 1, 3),   # the torpedo's 1 and 1 more: 2 of its 3 repairs
    (2, 3, 2),   # 1 and 2 more: its 3 repairs, a breakdown (R3.1)
    (3, 2, 2),   # 1 and 3 more: 4 repair damage
])
def test_each_count_adds_its_change(n, repairs, breakdowns):
    """D9.9: each count acts; `modify damage dealt +1 on torpedo` held n
    times makes a torpedo deal 1 + n."""
    g = drilled(n)
    g.play("torpedo red-destroyer")
    pass_all(g)
    ship = g.ship("red-destroyer")
    assert (ship.repairs, ship.breakdowns) == (repairs, breakdowns)


def test_a_status_that_does_not_stack_given_again_is_held_once():
    """D9.9: without `stacks`, a status given again is still held once (R9)."""
    g = game(hands={"blue-submarine": ["double_brace"]})
    g.play("order double_brace")
    assert count(g, "blue-submarine", "braced") == 1


def test_the_count_is_saved_and_read_back():
    again = rc.Game.from_json(drilled(2).to_json())
    assert json.loads(again.to_json())["state"]["ships"][0]["drilled"]["count"] == 2


@pytest.mark.parametrize("status, held, reason", [
    ("drilled", {"count": 4}, "drilled stacks up to 3: the count must be a whole number "
                              "from 1 to 3, not 4"),
    ("braced", {"count": 2}, "braced does not stack: the count must be a whole number "
                             "from 1 to 1, not 2"),
])
def test_a_count_a_status_cannot_have_is_refused_naming_the_field(status, held, reason):
    ships = {**BASE["ships"], "blue-submarine": {"at": "c3", status: held}}
    with pytest.raises(rc.ScenarioError) as info:
        game(ships=ships)
    assert f"ships.blue-submarine.{status}.count" in str(info.value)
    assert reason in str(info.value)


@pytest.mark.parametrize("props, line, column, reason", [
    ("permanent\n    stacks 1\n    modify range +1", 3, 12,
     "status 'x' stacks 2 to 9 times, not 1"),
    ("permanent\n    stacks 10\n    modify range +1", 3, 12,
     "status 'x' stacks 2 to 9 times, not 10"),
    ("permanent\n    affects each friendly ship\n    stacks 2\n    modify range +1", 4, 5,
     "status 'x' affects other ships, so it cannot say 'stacks'"),
])
def test_a_count_written_wrong_is_refused_where_it_is(props, line, column, reason):
    err = dsl_refusal(f"status x {{\n    {props}\n}}\n")
    assert (err.file, err.line, err.column) == ("x.rc", line, column)
    assert err.reason.startswith(reason), err.reason


def test_the_count_is_in_the_card_data_hash():
    plain = rc.load_source("status x {\n    permanent\n    modify range +1\n}\n", "x.rc")
    counted = rc.load_source("status x {\n    permanent\n    stacks 2\n    modify range +1\n}\n",
                             "x.rc")
    assert plain.hash != counted.hash


@pytest.mark.parametrize("lang, text", [
    ("en", "Drilled, until it is sunk (it stacks up to 3 times): each damage Torpedo "
           "deals is 1 more."),
    ("es", "Drilled, hasta que se hunda (se acumula hasta 3 veces): cada daño que hace "
           "Torpedo aumenta en 1."),
    ("it", "Drilled, finché non affonda (si accumula fino a 3 volte): ogni danno che "
           "infligge Siluro aumenta di 1."),
])
def test_a_counted_status_is_said_in_three_languages(lang, text):
    assert load_ruleset("en", extra=[CARDS]).status_text("drilled", lang) == text
