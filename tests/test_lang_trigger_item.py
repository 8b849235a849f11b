"""A trigger that acts on its event's item (docs/dsl.md, "A trigger that acts
on its event's item"; D9.12): `cancel answered` in a `targeted` trigger
cancels the card that targeted, on a ship's status (tests/data/trigger_item.rc)
and on a player's status that only watches (cards/examples/trigger_item_trap.rc,
played in the cookbook)."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import card_text, status_text

from conftest import EXAMPLES, OPEN_BOARD, ROOT, dsl_refusal, pass_all

TRAP = str(EXAMPLES / "trigger_item_trap.rc")
WARD = str(ROOT / "tests" / "data" / "trigger_item.rc")
SET = "{lasts: until start of your next turn, left: 1}"


def game(ships: str, turn: str = "red-destroyer", hands: str = "{}",
         extra: str = TRAP) -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{extra}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\nturn: {turn}\n"
        "phase: maneuvers\ndeck: []\n")


def trapped(holder: str = "{at: c3, trap_set: " + SET + "}") -> rc.Game:
    """Blue's submarine holds the trap; red's destroyer is to play."""
    return game(f"blue-submarine: {holder}\nred-destroyer: {{at: e3}}\n"
                "blue-destroyer: {at: d4}\nred-submarine: {at: h6}")


def kinds(g: rc.Game, since: int) -> list[str]:
    return [e.kind for e in g.log[since:]]


def test_a_trap_cancels_the_first_enemy_maneuver_at_a_ship_of_its_side():
    """D9.12: red's torpedo at blue's destroyer is cancelled as it is
    declared (its 2 crew stay spent, R4.1), and the trap is spent with it."""
    g = trapped()
    start = len(g.log)
    g.play("torpedo blue-destroyer")
    assert g.ship("blue-submarine").statuses == ()
    pass_all(g)
    assert kinds(g, start) == ["use", "trigger", "cancel", "status_end", "pass", "pass",
                               "pass", "cancelled"]
    assert g.ship("blue-destroyer").repairs == 3
    assert g.ship("red-destroyer").reserve == 4


def test_a_players_trap_guards_its_own_ship_too():
    """D9.12: seen from a player's status, every ship of its side is friendly,
    its own included (a ship's status does not count itself)."""
    g = trapped()
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert g.ship("blue-submarine").repairs == 3
    assert g.log[-1].kind == "cancelled"


def test_a_spent_trap_lets_the_next_maneuver_through():
    g = trapped()
    g.play("torpedo blue-destroyer")
    pass_all(g)
    g.play("missile blue-destroyer")
    pass_all(g)
    assert g.ship("blue-destroyer").repairs == 2  # the missile's 1 damage
    assert g.log[-1].kind == "damage"


def test_a_trap_watches_while_its_players_ship_is_off_the_board():
    """D9.8, D9.12: the trap is the player's, kept while its ship waits to
    return (war): red's torpedo at blue's destroyer is still cancelled."""
    g = trapped("{at: null, sunk: true, trap_set: " + SET + "}")
    g.play("torpedo blue-destroyer")
    pass_all(g)
    assert g.ship("blue-destroyer").repairs == 3
    assert g.ship("blue-submarine").statuses == ()


def test_a_players_trap_stays_when_its_ship_sinks_in_war():
    """D9.8: the trap is the player's: red's kamikaze (an order card, which
    the trap does not watch) sinks blue's submarine, and the trap stays with
    its player: red's torpedo at blue's destroyer is still cancelled."""
    g = game("blue-submarine: {at: c3, repairs: 1, breakdowns: 0, trap_set: " + SET + "}\n"
             "red-destroyer: {at: e3}\nblue-destroyer: {at: d4}\nred-submarine: {at: h6}",
             hands="{red-destroyer: [kamikaze]}")
    g.play("order kamikaze blue-submarine")  # an order card: the trap watches maneuvers
    assert g.ship("blue-submarine").sunk
    assert g.ship("blue-submarine").statuses == ("trap_set",)
    g.play("torpedo blue-destroyer")
    pass_all(g)
    assert g.ship("blue-destroyer").repairs == 3


def test_the_order_sets_the_trap_for_the_enemy_turn():
    """The whole card: blue plays Trap, ends its turn; red's torpedo is cancelled."""
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: e3}\n"
             "blue-destroyer: {at: d4}\nred-submarine: {at: h6}",
             turn="blue-submarine", hands="{blue-submarine: [trap]}")
    g.play("order trap")
    pass_all(g)
    assert g.ship("blue-submarine").statuses == ("trap_set",)
    g.play("end")
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert (g.ship("blue-submarine").repairs, g.ship("red-destroyer").reserve) == (3, 4)


def test_a_ships_ward_cancels_and_takes_a_crew_from_the_source():
    """D9.12 on a ship's status: `source` is the ship that targeted."""
    g = game("blue-submarine: {at: c3, warded: {lasts: permanent}}\nred-destroyer: {at: e3}\n"
             "blue-destroyer: {at: d4}\nred-submarine: {at: h6}", extra=WARD)
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert g.ship("blue-submarine").repairs == 3
    assert (g.ship("red-destroyer").reserve, g.ship("red-destroyer").withdrawn) == (3, 1)
    assert g.ship("blue-submarine").statuses == ("warded",)  # it stays: no removal


WARDED_SHIP = """\
ship warded {
    repairs 3  breakdowns 3  crew 6
    maneuvers movement repair torpedo orders missile depth_charge shield assault
    letter w
    when targeted of self by enemy { effect cancel answered }
}
"""


def test_a_ship_types_trigger_cancels_too(tmp_path):
    """D9.12 on a ship type's ability: blue's torpedo at red's warded ship is
    cancelled; its 2 crew stay spent."""
    path = tmp_path / "warded.rc"
    path.write_text(WARDED_SHIP)
    g = game("blue-submarine: {at: c3}\nred-warded: {at: e3}", turn="blue-submarine",
             extra=str(path))
    g.play("torpedo red-warded")
    pass_all(g)
    assert (g.ship("red-warded").repairs, g.ship("blue-submarine").reserve) == (3, 4)
    assert g.log[-1].kind == "cancelled"


def test_cancel_answered_needs_a_targeted_trigger():
    err = dsl_refusal("status x {\n    permanent\n"
                      "    when damaged of self { effect cancel answered }\n}\n")
    assert (err.file, err.line) == ("x.rc", 3)
    assert "which only 'targeted' (the card that targets) and 'plays' (the card played) " \
        "have; 'damaged' has no card" in err.reason


def test_a_players_status_with_changes_still_needs_affects():
    err = dsl_refusal("status x {\n    this turn\n    modify range +1\n"
                      "    when targeted of friendly { effect cancel answered }\n}\n"
                      "order y {\n    copies 1\n    effect status x on you\n}\n")
    assert (err.file, err.line) == ("x.rc", 8)
    assert "or only watches with triggers" in err.reason


@pytest.mark.parametrize("lang, text", [
    ("en", "Set trap, until your next turn: when an enemy ship targets a friendly ship with "
           "a maneuver, cancel that card; set trap ends for you. Order card: cannot be "
           "responded to."),
    ("es", "Trampa tendida, hasta tu próximo turno: cuando un barco enemigo elige como "
           "objetivo a un barco aliado con una maniobra, anula esa carta y trampa tendida "
           "termina para ti. Carta de órdenes: sin respuesta."),
    ("it", "Trappola tesa, fino al tuo prossimo turno: quando una nave nemica prende di mira "
           "una nave alleata con una manovra, annulla quella carta e trappola tesa finisce per "
           "te. Carta degli ordini: senza risposta."),
])
def test_the_trap_is_said_in_three_languages(lang, text):
    """The player's status is named first, with how long it lasts, then its
    rules: its time is not hung on the clause that ends it."""
    assert card_text(load_ruleset("en", extra=[TRAP]), "trap", lang) == text


@pytest.mark.parametrize("lang, text", [
    ("en", "when an enemy ship targets this ship, cancel that card;"),
    ("es", "cuando un barco enemigo elige como objetivo a este barco, anula esa carta"),
    ("it", "quando una nave nemica prende di mira questa nave, annulla quella carta"),
])
def test_the_ward_is_said_in_three_languages(lang, text):
    assert text in status_text(load_ruleset("en", extra=[WARD]), "warded", lang)
