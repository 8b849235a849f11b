"""A push and a pull (D4.21): ``move N SHIPS directly away from SUBJECT`` and
``directly toward SUBJECT`` move each ship straight along the line from that
ship, as far as it can up to N boxes, with no path to choose; a ship
blocked stays, which a later effect may read (a ram's collision)."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import card_file, pass_all, scenario_game

CARDS = """\
maneuver ram {
    cost 2  range 1
    target enemy ship
    effect damage 1 to target;
           move 1 target directly away from self;
           damage 1 to target if distance to target = 1
}
maneuver grappling_hook {
    cost 2  range 3
    target enemy ship where it is in line of self
    effect move 2 target directly toward self
}
patch ship destroyer {
    maneuvers movement repair torpedo orders missile depth_charge ram grappling_hook
}
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("push"), CARDS)


def played(cards: str, red: str, move: str, board: str = "........\n" * 6) -> rc.Game:
    """The blue destroyer on c3 plays ``move`` on the red submarine at ``red``."""
    rows = "".join("  " + row + "\n" for row in board.splitlines())
    game = scenario_game(f"edition: en\nextra: [{cards}]\nboard: |\n{rows}ships:\n"
                         f"  blue-destroyer: {{at: c3}}\n  red-submarine: {{at: {red}}}\n"
                         "turn: blue-destroyer\nphase: maneuvers\n")
    game.play(move)
    pass_all(game)
    return game


@pytest.mark.parametrize("red,to", [("d3", "e3"), ("d4", "e5"), ("b2", "a1"), ("c2", "c1")])
def test_a_push_goes_straight_away_without_a_question(cards, red, to):
    game = played(cards, red, "ram red-submarine")
    sub = game.ship("red-submarine")
    assert (sub.position, sub.repairs, sub.breakdowns) == (to, 2, 3)  # no collision
    assert game.decision == "main"  # nothing asked


def test_a_blocked_push_leaves_the_ship_where_it_was(cards):
    island = "........\n........\n....#...\n........\n........\n........"
    game = played(cards, "d3", "ram red-submarine", island)
    sub = game.ship("red-submarine")
    assert (sub.position, sub.repairs, sub.breakdowns) == ("d3", 1, 3)  # 1 + 1 collision


def test_a_push_off_the_board_edge_is_blocked(cards):
    game = scenario_game(f"edition: en\nextra: [{cards}]\nships:\n"
                         "  blue-destroyer: {at: c2}\n  red-submarine: {at: c1}\n"
                         "turn: blue-destroyer\nphase: maneuvers\n")
    game.play("ram red-submarine")
    pass_all(game)
    assert (game.ship("red-submarine").position, game.ship("red-submarine").repairs) == (
        "c1", 1)


@pytest.mark.parametrize("red,to", [("f3", "d3"), ("f6", "d4"), ("e3", "d3")])
def test_a_pull_comes_as_far_as_it_can(cards, red, to):
    game = played(cards, red, "grappling_hook red-submarine")
    assert game.ship("red-submarine").position == to


@pytest.mark.parametrize("lang,ram,hook", [
    ("en", "the target moves 1 box straight away from your ship",
     "The target moves as far as it can, up to 2 boxes, straight toward your ship."),
    ("es", "el objetivo se mueve 1 casilla en línea recta alejándose de tu barco",
     "El objetivo se mueve tan lejos como pueda, hasta 2 casillas, en línea recta hacia tu "
     "barco."),
    ("it", "il bersaglio si muove di 1 casella in linea retta allontanandosi dalla tua nave",
     "Il bersaglio si muove il più possibile, fino a 2 caselle, in linea retta verso la tua "
     "nave."),
])
def test_a_push_and_a_pull_in_three_languages(cards, lang, ram, hook):
    rules = rc.load_ruleset("en", extra=[cards])
    assert ram in rules.text("ram", lang=lang)
    assert rules.text("grappling_hook", lang=lang).startswith(hook)
