"""A box target on a start card (D2.11, D4.11): ``target [free] [friendly|enemy]
start box``, the boxes a box test calls ``start`` (either start card, or a
side's seen from the card's player), listed and refused as the other box
words are, said in three languages."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import card_file, dsl_refusal, scenario_game

CARDS = """\
order redeploy {
    copies 1  target free friendly start box
    effect jump to target
}
order raid {
    copies 1  target free enemy start box
    effect jump to target
}
order mark_a_start {
    copies 1  target start box
    effect place_token buoy on target
}
token buoy { mark "o"  permanent }
deck { keep size }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("starts"), CARDS)


def game(cards: str, card: str) -> rc.Game:
    """Blue's start card at a1 (a1 a2 b1 b2), red's at g5 (g5 h5 g6 h6)."""
    return scenario_game(f"""
        edition: en
        extra: [{cards}]
        start_cards: {{blue: a1, red: g5}}
        ships:
          blue-destroyer: {{at: d3}}
          red-submarine: {{at: g6}}
        hands: {{blue-destroyer: [{card}]}}
        turn: blue-destroyer
        phase: maneuvers
        """)


@pytest.mark.parametrize("card,boxes", [
    ("redeploy", ["a1", "a2", "b1", "b2"]),
    ("raid", ["g5", "h5", "h6"]),  # g6 holds the red submarine
    ("mark_a_start", ["a1", "a2", "b1", "b2", "g5", "g6", "h5", "h6"]),
])
def test_the_boxes_of_the_start_card_named(cards, card, boxes):
    g = game(cards, card)
    assert [m.split()[-1] for m in g.legal_moves() if m.startswith(f"order {card} ")] == boxes


def test_a_jump_to_the_friendly_start_card(cards):
    g = game(cards, "redeploy")
    g.play("order redeploy b2")
    assert g.ship("blue-destroyer").position == "b2"


def test_another_box_is_refused_with_its_reason(cards):
    assert game(cards, "redeploy").explain("order redeploy d4") == (
        "d4 is not on the start card the card names (D2.7, D2.11)")


@pytest.mark.parametrize("lang,text", [
    ("en", "Target: a free box on your side's start card."),
    ("es", "Objetivo: una casilla libre en la carta inicial de tu bando."),
    ("it", "Bersaglio: una casella libera sulla carta iniziale della tua squadra."),
])
def test_the_target_in_three_languages(cards, lang, text):
    assert text in rc.load_ruleset("en", extra=[cards]).text("redeploy", lang=lang)


@pytest.mark.parametrize("target,reason", [
    ("friendly box", "'friendly' says whose start card: write 'friendly start box'"),
    ("friendly enemy start box", "a start card is the friendly side's or the enemy side's, "
                                 "not both: write one of 'friendly' and 'enemy'"),
])
def test_a_side_names_a_start_card(target, reason):
    err = dsl_refusal(f"order o {{ copies 0  target {target}  effect jump to target }}\n")
    assert err.reason == reason
