"""Ending statuses before their time (docs/dsl.md, "Ending a status"; R9):
`remove_status NAME|harmful|protective|neutral|every (on|of) SELECTOR` ends
one declared status, every status of a nature (read as the card text reads
it), or every status of the ships it acts on; each end is logged and told
as any other. The card file is tests/data/remove_status.rc;
cards/examples/remove_status_all_clear.rc is played in the cookbook."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.rules.effects import RemoveStatus
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, scenario_game

CARDS = str(ROOT / "tests" / "data" / "remove_status.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3"},
                  "red-destroyer": {"at": "e3", "jammed": True, "plated": True,
                                    "intercepted": True}},
        "turn": "blue-submarine", "phase": "maneuvers"}
game = partial(scenario_game, BASE)


def played(card: str) -> rc.Game:
    g = game(hands={"blue-submarine": [card]})
    g.play(f"order {card} red-destroyer")
    return g


@pytest.mark.parametrize("card, left, ended", [
    ("all_clear", ("plated",), ["intercepted", "jammed"]),   # the harmful ones
    ("unjam", ("intercepted", "plated"), ["jammed"]),         # the one named
    ("strip", (), ["intercepted", "jammed", "plated"]),       # every status
])
def test_remove_status_ends_what_it_names(card, left, ended):
    g = played(card)
    assert g.ship("red-destroyer").statuses == left
    assert [e["status"] for e in g.log if e.kind == "status_end"] == ended


def test_what_a_nature_covers_is_compiled_into_the_card():
    """The nature is read once every status is known, as the card text reads
    it: the removal is part of the card data (its hash), not read in play."""
    rules = load_ruleset("en", extra=[CARDS])
    effect = rules.orders["all_clear"].effects[0]
    assert isinstance(effect, RemoveStatus)
    assert effect.names == ("intercepted", "jammed")


def test_a_status_given_after_its_removal_stays():
    g = played("shaken_by_all_clear")
    assert g.ship("red-destroyer").statuses == ("jammed", "plated")


def test_removing_from_a_ship_without_statuses_does_nothing():
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "e3"}},
             hands={"blue-submarine": ["strip"]})
    g.play("order strip red-destroyer")
    assert g.ship("red-destroyer").statuses == ()
    assert not [e for e in g.log if e.kind == "status_end"]


def test_an_unknown_status_or_nature_is_refused_where_it_is_written():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("order x {\n    copies 0\n    target ship\n"
                       "    effect remove_status harmfull on target\n}\n", "x.rc")
    err = info.value
    assert (err.line, err.column, err.suggestion) == (4, 12, "harmful")
    assert err.reason.startswith("effect 'remove_status': status must be one of intercepted, "
                                 "harmful, protective, neutral, every, not 'harmfull'")


@pytest.mark.parametrize("lang, card, text", [
    ("en", "all_clear", "The target loses its harmful statuses."),
    ("es", "unjam", "El objetivo deja de estar interferido."),
    ("it", "strip", "Il bersaglio perde tutti i suoi stati."),
])
def test_remove_status_is_said_in_three_languages(lang, card, text):
    said = card_text(load_ruleset("en", extra=[CARDS]), card, lang)
    assert said.startswith(text), said
