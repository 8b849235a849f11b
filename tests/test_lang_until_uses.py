"""An end that is an event (docs/dsl.md, "An end that is an event"; D9.10):
`until it uses CLASS` ends a status when its ship uses a card of the class
(declares a maneuver, answers with one, or plays an order card); beside a
time, at whichever comes first. The card file is tests/data/until_uses.rc;
cards/examples/until_uses_run_silent.rc is played in the cookbook."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset

from conftest import OPEN_BOARD, ROOT, dsl_refusal, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "until_uses.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3", "silent": True},
                  "red-destroyer": {"at": "e3"}},
        "turn": "blue-submarine", "phase": "maneuvers"}
game = partial(scenario_game, BASE)


def ended(g: rc.Game) -> list[str]:
    return [e["status"] for e in g.log if e.kind == "status_end"]


def test_a_card_of_another_class_does_not_end_it():
    """D9.10: a repair is no damaging card; the ship stays silent."""
    g = game()
    g.play("repair")
    pass_all(g)
    assert g.ship("blue-submarine").statuses == ("silent",)
    assert ended(g) == []


def test_a_card_of_its_class_ends_it_as_it_is_declared():
    """D9.10: the torpedo declared ends it at once: the destroyer may answer
    it with a torpedo at the submarine, which it could not target before."""
    g = game(turn="red-destroyer")
    assert not [m for m in g.legal_moves() if m.endswith("blue-submarine")]
    g = game()
    g.play("torpedo red-destroyer")
    assert g.ship("blue-submarine").statuses == ()
    assert ended(g) == ["silent"]
    assert "respond torpedo blue-submarine" in g.legal_moves()  # red's answer


def test_an_order_card_of_its_class_ends_it():
    """D9.10: an order card its player plays is a card its ship uses; one of
    another class (an order is no movement) ends nothing."""
    ships = {"blue-submarine": {"at": "c3", "hushed": True, "steady": True},
             "red-destroyer": {"at": "e3"}}
    g = game(ships=ships, hands={"blue-submarine": ["signal"]})
    g.play("order signal")
    assert g.ship("blue-submarine").statuses == ("steady",)
    assert ended(g) == ["hushed"]


def test_beside_a_time_it_ends_at_whichever_comes_first():
    """D9.10: `this turn  until it uses movement`: a move ends it before the
    turn does; without one, the turn's end does."""
    ships = {"blue-submarine": {"at": "c3", "steady": True}, "red-destroyer": {"at": "e3"}}
    g = game(ships=ships)
    g.play("movement d3")
    assert ended(g) == ["steady"]
    g = game(ships=ships)
    g.play("end")
    assert ended(g) == ["steady"]


def test_a_status_ended_by_a_card_is_read_back_from_a_scenario():
    g = game()
    assert "silent: true" in g.to_scenario()


def test_a_class_written_wrong_is_refused_where_it_is():
    err = dsl_refusal("status x {\n    until it uses damagin cards\n    forbids orders\n}\n")
    assert (err.file, err.line) == ("x.rc", 2)
    assert "status 'x': 'until it uses'" in err.reason


def test_the_class_is_in_the_card_data_hash():
    def ruleset(end: str):
        return rc.load_source(f"status x {{\n    {end}\n    forbids orders\n}}\n", "x.rc")
    assert ruleset("until it uses maneuvers").hash != ruleset("until it uses orders").hash


@pytest.mark.parametrize("lang, status, text", [
    ("en", "silent", "Silent, until it uses damaging cards: enemy cards cannot target it."),
    ("es", "steady", "Steady, este turno, o hasta que use Movimiento: sus maniobras llegan "
                     "1 casilla más lejos."),
    ("it", "silent", "Silent, finché non usa le carte dannose: le carte nemiche non possono "
                     "prendere di mira questa nave."),
])
def test_an_end_by_a_card_is_said_in_three_languages(lang, status, text):
    assert load_ruleset("en", extra=[CARDS]).status_text(status, lang) == text
