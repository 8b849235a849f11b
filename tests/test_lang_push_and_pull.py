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
order shove {
    copies 1  target enemy ship
    effect move 2 target directly away from self
}
deck { keep size }
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



def shoved(cards: str, red: str, board: str = "........\n" * 6, extra: str = "") -> rc.Game:
    """The blue destroyer on c3 plays Shove (2 boxes) on the red submarine at ``red``."""
    rows = "".join("  " + row + "\n" for row in board.splitlines())
    game = scenario_game(f"edition: en\nextra: [{cards}{extra}]\nboard: |\n{rows}ships:\n"
                         f"  blue-destroyer: {{at: c3}}\n  red-submarine: {{at: {red}}}\n"
                         "hands: {blue-destroyer: [shove]}\n"
                         "turn: blue-destroyer\nphase: maneuvers\n")
    game.play("order shove red-submarine")
    return game


def test_a_push_goes_straight_past_running_water_beside_its_line(cards):
    """A plain move's one path to f3 runs through the running water on e2;
    the push goes straight through e3."""
    game = shoved(cards, "d3", "........\n....~...\n........\n........\n........\n........")
    assert game.ship("red-submarine").position == "f3"


@pytest.mark.parametrize("red,to", [("f4", "h4"), ("g4", "h4"), ("d5", "e6")])
def test_a_push_takes_the_way_nearest_its_line(cards, red, to):
    """f4 is 3 boxes across and 1 down from c3: the push goes across; d5 is 1
    across and 2 down: diagonally, nearer than straight down."""
    assert shoved(cards, red).ship("red-submarine").position == to


def test_two_ways_as_near_are_the_players_choice(cards, tmp_path):
    """With 4 directions (D2.6), d4 is as near the line from c3 going down as
    going across: the card's player chooses."""
    game = shoved(cards, "d4", extra=", " + card_file(tmp_path, "rules { neighbours 4 }\n"))
    assert game.legal_moves() == ["choose d5 d6", "choose e4 f4"]


def test_running_water_it_is_pushed_into_carries_it_on(cards):
    """Rammed from c3, the submarine on b3 enters the running water on a3,
    which forces a step to a free box: b2 or b4 (a2 is an island, a4 holds a
    ship); the card's player chooses."""
    board = "........\n#.......\n~.......\n........\n........\n........"
    rows = "".join("  " + row + "\n" for row in board.splitlines())
    game = scenario_game(f"edition: en\nextra: [{cards}]\nboard: |\n{rows}"
                         "start_cards: {blue: c5, red: g1}\nships:\n"
                         "  blue-destroyer: {at: c3}\n  red-submarine: {at: b3}\n"
                         "  blue-submarine: {at: a4}\n  red-destroyer: {at: h6}\n"
                         "turn: blue-destroyer\nphase: maneuvers\n")
    game.play("ram red-submarine")
    assert game.legal_moves() == ["choose a3 b2", "choose a3 b4"]
    game.play("choose a3 b2")
    pass_all(game)
    assert game.ship("red-submarine").position == "b2"
