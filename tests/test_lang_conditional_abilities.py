"""Abilities and statuses that act only while a condition holds
(``permanent`` beside ``while CONDITION``, or ``while`` on a ship type's
ability), and a ship kept from enemy cards of a class only
(``untargetable by enemy damaging cards``). Unlike a status lasting
``while`` alone, the status does not end when the condition fails: it acts
again whenever it holds. cards/examples/conditional_abilities.rc is played here."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import ability_texts

from conftest import EXAMPLES, OPEN_BOARD, pass_all

EXAMPLE = str(EXAMPLES / "conditional_abilities.rc")


def game(ships: str, turn: str = "red-destroyer", hands: str = "{}",
         extra: tuple[str, ...] = (EXAMPLE,)) -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{', '.join(extra)}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\nturn: {turn}\n"
        "phase: maneuvers\ndeck: []\n")


def torpedo(g: rc.Game) -> None:
    g.play("torpedo blue-ironclad")
    pass_all(g)


def test_hull_plating_acts_only_while_the_ship_is_damaged():
    """Whole (3 of 3): a torpedo takes 1; damaged (2 of 3): a torpedo takes 1
    less, nothing; a breakdown damage (3 repairs) takes 2 (R3.3)."""
    g = game("blue-ironclad: {at: c3}\nred-destroyer: {at: e3}")
    torpedo(g)
    assert g.ship("blue-ironclad").repairs == 2
    g = game("blue-ironclad: {at: c3, repairs: 2}\nred-destroyer: {at: e3}")
    torpedo(g)
    assert g.ship("blue-ironclad").repairs == 2


def test_a_permanent_status_acting_while_damaged_hides_the_ship_and_stays():
    """The rigged hull: whole, the ship may be torpedoed (the status stays,
    not acting); damaged, enemy damaging cards cannot target it."""
    whole = game("blue-ironclad: {at: c3, rigged_hull: true}\nred-destroyer: {at: e3}")
    assert "torpedo blue-ironclad" in whole.legal_moves()
    torpedo(whole)
    assert whole.ship("blue-ironclad").repairs == 2
    assert whole.ship("blue-ironclad").statuses == ("rigged_hull",)
    assert [m for m in whole.legal_moves() if m.endswith("blue-ironclad")] == []
    assert whole.explain("missile blue-ironclad") == (
        "blue-ironclad is camouflaged: enemy damaging cards cannot target it until it is "
        "sunk, and only while it is damaged (R9)")


def test_a_ship_given_the_status_while_whole_keeps_it(tmp_path):
    g = game("blue-ironclad: {at: c3}\nred-destroyer: {at: e3}", turn="blue-ironclad",
             hands="{blue-ironclad: [rig_the_hull]}")
    g.play("order rig_the_hull")
    pass_all(g)
    assert g.ship("blue-ironclad").statuses == ("rigged_hull",)


FORBIDDING = """\
status shaken {
    permanent
    while self is damaged
    forbids orders
    name en "shaken" es "conmocionado" (m) it "scosso" (m)
}
"""


def test_what_it_forbids_holds_only_while_the_condition_holds(tmp_path):
    """Shaken, whole: its player may play orders; damaged: none, and the
    explanation names the status; it never ends by the condition."""
    path = tmp_path / "shaken.rc"
    path.write_text(FORBIDDING)
    whole = game("blue-submarine: {at: c3, shaken: true}\nred-destroyer: {at: e3}",
                 turn="blue-submarine", hands="{blue-submarine: [mechanic]}",
                 extra=(str(path),))
    assert "order mechanic blue-submarine" in whole.legal_moves()
    hurt = game("blue-submarine: {at: c3, shaken: true, repairs: 2}\nred-destroyer: {at: e3}",
                turn="blue-submarine", hands="{blue-submarine: [mechanic]}",
                extra=(str(path),))
    assert [m for m in hurt.legal_moves() if m.startswith("order ")] == []
    assert hurt.explain("order mechanic blue-submarine").startswith(
        "blue-submarine is shaken: its player can play no order card")
    hurt.play("end")
    assert hurt.ship("blue-submarine").statuses == ("shaken",)


@pytest.mark.parametrize("lang, text", [
    ("en", "Hull plating: each damage it takes is 1 less, only while it is damaged"),
    ("es", "Blindaje del casco: cada daño que recibe se reduce en 1, solo mientras esté "
           "dañado"),
    ("it", "Corazza dello scafo: ogni danno che subisce diminuisce di 1, solo finché è "
           "danneggiata"),
])
def test_ability_text_in_three_languages(lang, text):
    rules = load_ruleset("en", [EXAMPLE])
    assert ability_texts(rules.ships["ironclad"], lang, rules.statuses, rules.words) == [text]


@pytest.mark.parametrize("lang, text", [
    ("en", "Your ship is camouflaged until it is sunk, and only while it is damaged: enemy "
           "damaging cards cannot target it. Order card: cannot be responded to."),
    ("es", "Tu barco queda camuflado hasta que se hunda, y solo mientras esté dañado: las "
           "cartas enemigas de daño no pueden tomarlo como objetivo. Carta de órdenes: sin "
           "respuesta."),
    ("it", "La tua nave viene mimetizzata finché non affonda, e solo finché è danneggiata: le "
           "carte nemiche dannose non possono prendere di mira questa nave. Carta degli "
           "ordini: senza risposta."),
])
def test_status_text_in_three_languages(lang, text):
    rules = load_ruleset("en", [EXAMPLE])
    assert rules.text("rig_the_hull", lang) == text


def test_an_ability_lasting_while_alone_is_an_ability_too(tmp_path):
    path = tmp_path / "a.rc"
    path.write_text(EXAMPLE_SHIP.replace("hull_plating", "dug_in"))
    rules = load_ruleset("en", [str(path)])
    assert rules.ships["ironclad"].abilities == ("dug_in",)


EXAMPLE_SHIP = """\
status hull_plating {
    while self is damaged
    modify damage -1
}
ship ironclad {
    repairs 3  breakdowns 2  crew 5
    maneuvers movement repair torpedo orders
              missile depth_charge shield assault
    letter i  silhouette hull
    ability hull_plating
}
"""
