"""The top of the deck and of the discards (D7.15): `discard N top of deck`
(face up to the discards), `take N top of discards` (the last discarded) and
`bottom N of deck` (the top cards under the rest, in their order, after an
`arrange` in the order chosen); played with exact values, in explicit chance,
checked by the compiler and said in three languages."""

import textwrap
from fractions import Fraction

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, card_file, dsl_refusal, logged

CARDS = """\
order scry {
    copies 1
    effect arrange 3 of deck; draw 1; bottom 2 of deck
    name en "Scry" es "Sondeo" it "Sondaggio"
}
order jettison {
    copies 1
    effect discard 2 top of deck
    name en "Jettison" es "Echar por la borda" it "Gettare a mare"
}
order salvage {
    copies 1
    effect take 1 top of discards
    name en "Salvage" es "Rescate" it "Recupero"
}
order sink_orders {
    copies 1
    effect bottom 2 of deck
    name en "Sink the orders" es "Hundir las órdenes" it "Affondare gli ordini"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "deck_top.rc")


def game(cards, hand, deck, discards="[]", chance="sampled") -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {{blue-submarine: [{hand}]}}\ndeck: {deck}\ndiscard: {discards}\n"
        f"turn: blue-submarine\nphase: maneuvers\nchance: {chance}\n")


def test_the_top_cards_of_the_deck_are_discarded_face_up(cards):
    g = game(cards, "jettison", "[captain, kamikaze, mechanic]", "[evasion]")
    g.play("order jettison")
    assert g.state.deck == ["mechanic"]
    assert g.state.discard == ["evasion", "jettison", "captain", "kamikaze"]
    assert logged(g, "deck_discard", "count", "cards") == [(2, ["captain", "kamikaze"])]
    assert g.narration("en")[-1] == \
        "  Blue submarine discards the top 2 cards of the deck: Captain, Kamikaze."


def test_a_discard_from_a_short_deck_takes_what_there_is(cards):
    g = game(cards, "jettison", "[captain]")
    g.play("order jettison")
    assert (g.state.deck, g.state.discard) == ([], ["jettison", "captain"])


def test_the_top_of_the_discards_is_the_last_discarded_not_the_card_resolving(cards):
    """Salvage is in the discards as it resolves (R7.3), on top: it takes
    the card under it."""
    g = game(cards, "salvage", "[captain]", "[evasion, intercept, evasion]")
    g.play("order salvage")
    assert g.hand("blue-submarine") == ["evasion"]
    assert g.state.discard == ["evasion", "intercept", "salvage"]


def test_look_take_one_and_put_the_others_on_the_bottom(cards):
    """Scry: the top 3 arranged (mechanic first, then kamikaze, captain
    last), the top one drawn, the other two under the rest in that order."""
    g = game(cards, "scry", "[captain, kamikaze, mechanic, ambush, deserter]")
    g.play("order scry")
    g.play("choose mechanic")
    g.play("choose kamikaze")
    assert g.hand("blue-submarine") == ["mechanic"]
    assert g.state.deck == ["ambush", "deserter", "kamikaze", "captain"]
    assert g.narration("en")[-2:] == [
        "  Blue submarine draws 1 order card.",
        "  Blue submarine puts the top 2 cards of the deck on its bottom."]


def test_explicit_chance_deals_the_cards_put_on_the_bottom_and_keeps_them_there(cards):
    """The deck is a pile under the cards in view (D7.12) and over the cards
    put on its bottom: the 2 sunk are dealt, then the next draw is one of
    the 2 left in the pile, and the last draws are the bottom's, in order,
    without chance."""
    g = game(cards, "sink_orders", "[captain, kamikaze, mechanic, ambush]",
             chance="explicit")
    g.play("order sink_orders")
    assert g.is_chance_node
    g.play("draw mechanic")
    g.play("draw captain")
    assert g.state.deck[2:] == ["mechanic", "captain"]
    g.play("end")
    g.play("orders")  # red draws 1: from the pile of 2
    assert g.chance_outcomes() == [("draw ambush", Fraction(1, 2)),
                                   ("draw kamikaze", Fraction(1, 2))]
    g.play("draw kamikaze")
    g.play("end")
    g.play("orders")  # blue: the last card of the pile, not asked
    assert not g.is_chance_node and g.hand("blue-submarine") == ["ambush"]
    g.play("end")
    while g.decision == "recover":  # the crew of red's first orders come back (R6.1)
        g.play(g.legal_moves()[0])
    g.play("orders")  # red: the pile is gone, the bottom's first
    assert not g.is_chance_node and g.hand("red-destroyer") == ["kamikaze", "mechanic"]


@pytest.mark.parametrize("effect, says", [
    ("discard 1 random of deck", "a discard from the deck is of its top cards; write "
                                 "'discard N top of deck' (D7.15)"),
    ("take 1 top of deck", "the top card of the deck taken is a draw; write 'draw N'"),
    ("discard 1 top of target", "a hand has no top"),
    ("bottom 10 of deck", "the top 1 to 9 cards of the deck go to its bottom, D7.15"),
])
def test_the_top_of_a_zone_is_checked(effect, says):
    err = dsl_refusal(f"order x {{\n    copies 1\n    effect {effect}\n}}\ndeck {{ keep size }}\n")
    assert (err.file, err.line) == ("x.rc", 3)
    assert says in err.reason


@pytest.mark.parametrize("lang, card, text", [
    ("en", "scry", "Look at the top 3 cards of the deck and put them back in any order; you "
                   "draw 1 card; you put the top 2 cards of the deck on its bottom, in their "
                   "order."),
    ("es", "scry", "Miras las 3 primeras cartas del mazo y las devuelves en el orden que "
                   "quieras, robas 1 carta y pones las 2 primeras cartas del mazo en el fondo, "
                   "en su orden."),
    ("it", "scry", "Guardi le prime 3 carte del mazzo e le rimetti nell'ordine che vuoi, "
                   "peschi 1 carta e metti le prime 2 carte del mazzo in fondo, nel loro "
                   "ordine."),
    ("en", "jettison", "You discard the top 2 cards of the deck."),
    ("es", "jettison", "Descartas las 2 primeras cartas del mazo."),
    ("it", "jettison", "Scarti le prime 2 carte del mazzo."),
    ("en", "salvage", "You take the top card of the discards."),
    ("es", "salvage", "Tomas la última carta descartada."),
    ("it", "salvage", "Prendi l'ultima carta scartata."),
])
def test_the_top_of_a_zone_is_said_in_three_languages(cards, lang, card, text):
    said = rc.load_ruleset("en", extra=[cards]).text(card, lang)
    assert said.startswith(text), said
