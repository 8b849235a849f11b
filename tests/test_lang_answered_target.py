"""Responses that read what they answer (docs/dsl.md, "Reading what a
response answers"; D5.5): `answered target` is the ship the answered item
targets, a subject of tests and amounts in a response. The card file is
tests/data/answered_target.rc; cards/examples/answered_target_interpose.rc
is played in the cookbook."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "answered_target.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "d4"}, "red-submarine": {"at": "f3"}},
        "turn": "red-destroyer", "phase": "maneuvers"}
game = partial(scenario_game, BASE)


def test_a_response_answers_only_an_item_that_targets_a_friendly_ship():
    """D5.5: red's torpedo at blue's submarine may be interposed by blue's
    destroyer; the same torpedo at red's own submarine may not."""
    g = game()
    g.play("torpedo blue-submarine")
    assert "respond interpose red-destroyer" in g.legal_moves()
    g = game()
    g.play("torpedo red-submarine")
    assert not [m for m in g.legal_moves() if m.startswith("respond interpose")]


def test_an_amount_reads_the_answered_target_as_the_response_resolves():
    """D5.5: brace answers the torpedo at red's own submarine (not a friendly
    ship of blue's) and deals 3 minus that submarine's repairs, read as it
    resolves: the torpedo has not hit yet, 3 - 2 = 1."""
    ships = {**BASE["ships"], "red-submarine": {"at": "f3", "repairs": 2}}
    g = game(ships=ships)
    g.play("torpedo red-submarine")
    g.play("respond brace red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").repairs == 2
    assert g.ship("red-submarine").repairs == 1  # the torpedo, after


def test_an_item_without_a_target_ship_gives_none():
    """D5.5: a move targets no ship; no test of its target holds, negated or not."""
    g = game()
    g.play("movement e4")
    assert not [m for m in g.legal_moves() if "interpose" in m or "brace" in m]


def test_answered_target_outside_a_response_is_refused_where_it_is():
    err = dsl_refusal("maneuver x {\n    cost 1\n    range 2\n    target ship\n"
                  "    usable if answered target is friendly\n    effect damage 1 to target\n}\n")
    assert (err.file, err.line) == ("x.rc", 5)
    assert "reads the answered item, so the card must be a 'response'" in err.reason


def test_a_status_cannot_read_an_answered_target():
    err = dsl_refusal("status x {\n    while answered target is friendly\n    forbids orders\n}\n")
    assert (err.file, err.line) == ("x.rc", 2)
    assert "cannot read the answered item" in err.reason


@pytest.mark.parametrize("lang, text", [
    ("en", "Usable only if it answers a damaging card of an enemy and the ship it targets "
           "is a friendly ship."),
    ("es", "Solo se puede usar si responde a una carta de daño de un enemigo y el barco al "
           "que apunta es un barco aliado."),
    ("it", "Utilizzabile solo se risponde a una carta dannosa di un nemico e la nave presa "
           "di mira è una nave alleata."),
])
def test_answered_target_is_said_in_three_languages(lang, text):
    assert text in card_text(load_ruleset("en", extra=[CARDS]), "interpose", lang)
