"""A trigger that waits for a card played (D9.18; docs/dsl.md, "Triggers
and tokens"): `when plays by WHO [CLASS]` fires as a ship uses a maneuver,
answers with one or plays an order card, before anyone answers it; its
`answered` is that card (tests/data/plays_trigger.rc)."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import status_text

from conftest import OPEN_BOARD, ROOT, card_file, dsl_refusal, pass_all

CARDS = str(ROOT / "tests" / "data" / "plays_trigger.rc")
SET = "{lasts: until start of your next turn, left: 1}"
FOREVER = "{lasts: permanent}"


def game(ships: str, hands: str = "{}", deck: str = "[]", extra: tuple[str, ...] = (),
         tokens: str = "[]") -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{', '.join((CARDS, *extra))}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\nturn: red-destroyer\n"
        f"phase: maneuvers\ndeck: {deck}\ntokens: {tokens}\n")


def kinds(g: rc.Game, since: int) -> list[str]:
    return [e.kind for e in g.log[since:]]


def watched(status: str) -> rc.Game:
    """Blue's submarine holds ``status``; red's destroyer is to play, with an
    ambush and a mechanic in hand."""
    return game(f"blue-submarine: {{at: c3, {status}}}\nred-destroyer: {{at: e3}}\n"
                "blue-destroyer: {at: d4}\nred-submarine: {at: h6}",
                hands="{red-destroyer: [ambush, mechanic]}", deck="[captain, kamikaze]")


def test_counter_intelligence_cancels_the_next_enemy_order_card():
    """Red's ambush is cancelled as it is played, before anyone answers it;
    it is still discarded (R7.3), and the status is spent."""
    g = watched(f"counterintel: {SET}")
    start = len(g.log)
    g.play("order ambush blue-destroyer")
    pass_all(g)
    assert kinds(g, start)[:4] == ["order", "trigger", "cancel", "status_end"]
    assert g.log[-1].kind == "cancelled"
    assert g.ship("blue-destroyer").repairs == 3
    assert g.state.hands[1] == ["mechanic"] and g.state.discard == ["ambush"]
    assert g.ship("blue-submarine").statuses == ()


def test_counter_intelligence_lets_maneuvers_through():
    """Its class is order cards: red's torpedo is only a maneuver."""
    g = watched(f"counterintel: {SET}")
    g.play("torpedo blue-destroyer")
    pass_all(g)
    assert g.ship("blue-destroyer").repairs == 2
    assert g.ship("blue-submarine").statuses == ("counterintel",)


def test_a_drilled_ship_draws_for_a_ranged_maneuver_and_not_for_another():
    g = game(f"red-destroyer: {{at: e3, drilled: {FOREVER}}}\nblue-submarine: {{at: c3}}\n"
             "blue-destroyer: {at: h1}\nred-submarine: {at: h6}",
             hands="{red-destroyer: []}", deck="[captain, kamikaze]")
    g.play("repair")
    pass_all(g)
    assert g.state.hands[1] == []
    g.play("torpedo blue-submarine")
    assert g.state.hands[1] == ["captain"]  # drawn as it is declared, before answers
    pass_all(g)
    assert g.ship("blue-submarine").repairs == 2


def test_a_watchful_ship_takes_a_crew_from_an_enemy_that_plays_once_per_turn():
    """`when plays by enemy once per turn`: red's first card (a repair, no
    target) costs its ship a crew of its reserve; its second does not."""
    g = game(f"blue-submarine: {{at: c3, watchful: {FOREVER}}}\nred-destroyer: {{at: e3}}\n"
             "blue-destroyer: {at: h1}\nred-submarine: {at: h6}")
    g.play("repair")
    assert g.ship("red-destroyer").reserve == 6 - 2 - 1
    pass_all(g)
    g.play("torpedo blue-submarine")
    assert g.ship("red-destroyer").reserve == 6 - 2 - 1 - 2


def test_a_ship_that_plays_nothing_sets_nothing_off():
    """A watchful ship's own side plays freely: red's destroyer is the
    enemy, blue's destroyer is not."""
    g = game(f"blue-submarine: {{at: c3, watchful: {FOREVER}}}\nblue-destroyer: {{at: e3}}\n"
             "red-destroyer: {at: h1}\nred-submarine: {at: h6}")
    g.play("end")
    g.play("repair")
    assert g.ship("blue-destroyer").reserve == 4


def test_plays_names_the_ship_with_by_not_of():
    err = dsl_refusal("status x {\n    permanent\n"
                      "    when plays of enemy { effect draw 1 }\n}\n")
    assert (err.file, err.line, err.column) == ("x.rc", 3, 19)
    assert "'plays' watches the ship that plays the card, named with 'by'" in err.reason


def test_a_class_of_cards_is_for_a_card_event_only():
    err = dsl_refusal("status x {\n    permanent\n"
                      "    when enters of self by order cards { effect draw 1 }\n}\n")
    assert (err.file, err.line) == ("x.rc", 3)
    assert "'enters' has no ship that causes it" in err.reason


@pytest.mark.parametrize("lang, status, text", [
    ("en", "counterintel", "Counter-intelligence, until your next turn: when an enemy ship "
                           "plays an order card, cancel that card; counter-intelligence "
                           "ends for you."),
    ("es", "counterintel", "Contraespionaje, hasta tu próximo turno: cuando un barco enemigo "
                           "juega una carta de órdenes, anula esa carta y contraespionaje "
                           "termina para ti."),
    ("it", "counterintel", "Controspionaggio, fino al tuo prossimo turno: quando una nave "
                           "nemica gioca una carta degli ordini, annulla quella carta e "
                           "controspionaggio finisce per te."),
    ("en", "drilled", "Drilled, until it is sunk: when this ship uses a ranged maneuver, "
                      "you draw 1 order card."),
    ("es", "drilled", "Adiestrado, hasta que se hunda: cuando este barco usa una maniobra a "
                      "distancia, robas 1 carta de órdenes."),
    ("it", "drilled", "Addestrada, finché non affonda: quando questa nave usa una manovra a "
                      "distanza, peschi 1 carta degli ordini."),
])
def test_a_plays_trigger_is_said_in_three_languages(lang, status, text):
    assert status_text(load_ruleset("en", extra=[CARDS]), status, lang) == text



TOKEN = """
token listening_post {
    mark "^"  permanent
    when plays by enemy order cards { effect crew_loss 1 to target }
    name en "listening post" es "puesto de escucha" it "posto d'ascolto"
}
status jammed {
    permanent
    when plays by maneuvers { effect crew_loss 1 to self }
    name en "jammed" es "interferido" it "disturbata"
    state es "interferido" it "disturbata"
}
status warded {
    permanent
    when targeted of self by enemy { effect cancel answered }
    name en "warded" es "protegido" it "protetta"
    state es "protegido" it "protetta"
}
deck { keep size }
"""


@pytest.fixture
def more(tmp_path):
    return (card_file(tmp_path, TOKEN, "more.rc"),)


def test_a_tokens_trigger_waits_for_its_class_of_cards_only(more):
    """Blue's listening post watches enemy order cards: red's torpedo is a
    maneuver and sets nothing off; its mechanic costs its ship a crew."""
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: e3}\n",
             hands="{red-destroyer: [mechanic]}", extra=more,
             tokens="[{token: listening_post, at: a1, owner: blue-submarine}]")
    g.play("torpedo blue-submarine")
    assert g.ship("red-destroyer").reserve == 4
    pass_all(g)
    g.play("order mechanic red-destroyer")
    assert g.ship("red-destroyer").reserve == 3


def test_one_word_after_by_may_be_a_class_of_this_ships_cards(more):
    g = game(f"red-destroyer: {{at: e3, jammed: {FOREVER}}}\nblue-submarine: {{at: c3}}\n",
             extra=more)
    g.play("repair")
    assert g.ship("red-destroyer").reserve == 6 - 2 - 1


def test_a_card_cancelled_as_it_is_played_is_not_cancelled_again(more):
    """Counter-intelligence cancels red's ambush as it is played; blue's
    destroyer's ward then springs on a card already cancelled: one cancel."""
    g = game(f"blue-submarine: {{at: c3, counterintel: {SET}}}\nred-destroyer: {{at: e3}}\n"
             f"blue-destroyer: {{at: d4, warded: {FOREVER}}}\nred-submarine: {{at: h6}}",
             hands="{red-destroyer: [ambush]}", extra=more)
    g.play("order ambush blue-destroyer")
    assert [e.kind for e in g.log].count("cancel") == 1


@pytest.mark.parametrize("by, text", [
    ("any torpedo", "when a ship uses Torpedo, "),
    ("torpedo, radar", "when this ship uses Torpedo or Radar, "),
    ("captain", "when this ship plays Captain, "),
])
def test_a_maneuver_named_is_used_and_an_order_card_played(by, text):
    rules = rc.load_source(f"status s {{ permanent  when plays by {by} "
                           "{ effect draw 1 to self } }\n"
                           "order o { copies 1  target self  effect status s on self }\n"
                           "deck { keep size }\n", "x.rc")
    assert text in rules.status_text("s", "en")
