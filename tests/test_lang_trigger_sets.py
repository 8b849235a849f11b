"""A trigger whose effect reaches a set of ships (``damage 1 to each enemy
ship within 1 of self``), read as the trigger resolves: ``self`` is the
holder, ``target`` the ship the event happened to, ``source`` the ship that
caused it. cards/examples/wildfire.rc is played here."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset

from conftest import EXAMPLES, OPEN_BOARD, pass_all

EXAMPLE = str(EXAMPLES / "wildfire.rc")


def game(ships: str, turn: str = "red-destroyer") -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{EXAMPLE}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nturn: {turn}\nphase: maneuvers\ndeck: []\n")


def test_the_fire_reaches_every_enemy_ship_alongside_when_it_is_damaged():
    """Red's torpedo hits the burning submarine (3 → 2, R3.1); the trigger
    then deals 1 to each enemy ship within 1 of it: red's destroyer at d3
    (3 → 2), not red's submarine at h6 nor blue's own destroyer at c4."""
    g = game("blue-submarine: {at: c3, wildfire: true}\nred-destroyer: {at: d3}\n"
             "blue-destroyer: {at: c4}\nred-submarine: {at: h6}")
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert [(s, g.ship(s).repairs) for s in g.ships] == [
        ("blue-submarine", 2), ("red-destroyer", 2), ("blue-destroyer", 3),
        ("red-submarine", 3)]


def test_the_set_is_read_as_the_trigger_resolves():
    """Nobody alongside: the trigger resolves and damages nobody."""
    g = game("blue-submarine: {at: c3, wildfire: true}\nred-destroyer: {at: e3}\n"
             "blue-destroyer: {at: c4}\nred-submarine: {at: h6}")
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert [g.ship(s).repairs for s in g.ships] == [2, 3, 3, 3]


@pytest.mark.parametrize("lang, text", [
    ("en", "when this ship takes damage, 1 repair damage to every enemy ship within 1 box of "
           "this ship"),
    ("es", "cuando este barco recibe daño, -1 reparación a cada barco enemigo a distancia 1 "
           "como máximo de este barco"),
    ("it", "quando questa nave subisce danni, -1 riparazione a ogni nave nemica a distanza 1 "
           "al massimo da questa nave"),
])
def test_the_fire_text_in_three_languages(lang, text):
    assert text in load_ruleset("en", [EXAMPLE]).status_text("wildfire", lang)


@pytest.mark.parametrize("trigger, message", [
    ("when damaged of any { effect damage 1 to each ship within 1 of self }",
     "this trigger would fire itself forever"),
    ("when turn_starts { effect damage 1 to each ship within 1 of source }",
     "reads 'source', which 'turn_starts' does not give"),
])
def test_bad_trigger_sets_are_refused_with_their_place(tmp_path, trigger, message):
    path = tmp_path / "bad.rc"
    path.write_text(f"status s {{\n    permanent\n    {trigger}\n}}\n")
    with pytest.raises(rc.DslError) as info:
        load_ruleset("en", [str(path)])
    assert info.value.line == 3
    assert message in info.value.reason
