"""A box target near a kind of ship (docs/rules.md D4.11): `target [WORD…]
box within N of a WORD… ship`, a box at most N boxes from another ship of
the kind (the card's own ship never one), played in scenarios with exact
values, explained, said in three languages and checked by the compiler.
"""

import textwrap

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, dsl_refusal, starting

CARDS = """\
order regroup { copies 0  target free box within 1 of a friendly ship  effect jump to target }
order shadow { copies 0  target free adjacent box within 1 of an enemy destroyer ship
    effect jump to target }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("near") / "near.rc"
    path.write_text(CARDS)
    return str(path)


def game(cards: str, card: str, at: str = "a1") -> rc.Game:
    """A 2v2: the blue submarine at ``at`` plays ``card``; the blue destroyer
    at e3 and the red destroyer at c4, the red submarine at h6."""
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{textwrap.indent(OPEN_BOARD, '  ')}\n"
        f"ships:\n  blue-submarine: {{at: {at}}}\n  red-submarine: {{at: h6}}\n"
        "  blue-destroyer: {at: e3}\n  red-destroyer: {at: c4}\n"
        f"hands: {{blue-submarine: [{card}]}}\ndeck: [boatswain]\n"
        "turn: blue-submarine\nphase: maneuvers\n")


def test_the_free_boxes_next_to_another_friendly_ship(cards):
    g = game(cards, "regroup")
    # around e3 (the card's own ship at a1 counts for nothing)
    assert starting(g, "order regroup") == [f"order regroup {b}" for b in (
        "d2", "d3", "d4", "e2", "e4", "f2", "f3", "f4")]
    g.play("order regroup f4")
    assert g.ship("blue-submarine").position == "f4"


def test_a_box_near_another_ship_and_next_to_the_cards_ship(cards):
    """Next to b3 and within 1 of the red destroyer at c4: b4 and c3."""
    g = game(cards, "shadow", at="b3")
    assert starting(g, "order shadow") == ["order shadow b4", "order shadow c3"]


@pytest.mark.parametrize("lang,text", [
    ("en", "Target: a free box within 1 box of another friendly ship."),
    ("es", "Objetivo: una casilla libre a distancia 1 como máximo de otro barco aliado."),
    ("it", "Bersaglio: una casella libera a distanza 1 al massimo da un'altra nave alleata."),
])
def test_the_text_of_a_box_near_a_kind_of_ship(cards, lang, text):
    assert text in rc.load_ruleset("en", extra=[cards]).text("regroup", lang=lang)


def test_explain_says_a_box_is_not_near_the_ship_of_its_kind(cards):
    g = game(cards, "regroup")
    assert g.explain("order regroup b1") == ("b1 is not within 1 box of another friendly "
                                             "ship (D4.11)")


def test_the_words_of_the_ship_are_checked():
    err = dsl_refusal("order x { copies 0  target free box within 1 of a frendly ship\n"
                      "    effect jump to target }")
    assert (err.reason, err.suggestion) == (
        "'frendly' does not describe a ship: an adjective (any, enemy, friendly, own, other, "
        "damaged), a ship type or a status", "friendly")


def test_the_cards_own_ship_is_never_the_ship_a_box_counts_from():
    err = dsl_refusal("order x { copies 0  target free box within 1 of a own ship\n"
                      "    effect jump to target }")
    assert err.reason == ("the card's own ship is never the ship a box target counts from: "
                          "name another kind ('within 1 of a friendly ship')")


def test_a_maneuver_reaches_a_box_near_other_ships_only_next_to_its_own():
    err = dsl_refusal("maneuver x { cost 1  target free box within 1 of a friendly ship\n"
                      "    effect jump to target }\npatch ship submarine { maneuvers movement "
                      "repair torpedo orders immersion countermeasure x floating_mine }")
    assert err.reason.startswith("maneuver 'x' targets a box near other ships but says not "
                                 "how far from its own")
