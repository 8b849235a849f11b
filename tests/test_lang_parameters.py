"""The parameter registry (rules/parameters.py): every number a continuous
effect may change, read in D9.5's layers by the modifier queries. Beside
the ship's numbers of before (range, cost, movement, sight, damage taken):
the damage a ship's cards deal (``modify damage dealt +1 on damaging
maneuvers``), and its player's numbers (``modify hand limit +1``, R7.2;
``modify recover -1``, R6.1). The designer's ideas 28, 29 and 40 are played."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.model.modifiers import USE_OF
from redcode_rules.model.ruleset import Modifier
from redcode_rules.rules.parameters import PARAMETERS, Bearer
from redcode_rules.text.cards import ship_rule_text

from conftest import OPEN_BOARD, ROOT, pass_all

IDEAS = ROOT / "tests" / "data" / "ideas"


def game(ships: str, idea: str, turn: str = "blue-submarine", hands: str = "{}") -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{IDEAS / idea}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\nturn: {turn}\n"
        "phase: maneuvers\ndeck: []\n")


def test_every_modifier_is_a_row_of_the_registry():
    assert [m.value for m in Modifier] == list(PARAMETERS)
    assert {PARAMETERS[m.value].bearer for m in Modifier} == {Bearer.SHIP, Bearer.PLAYER}
    assert all(USE_OF[m] == PARAMETERS[m.value].use for m in Modifier)


def test_the_gunnery_officer_adds_one_damage_to_the_next_damaging_maneuver():
    """Idea 40: the heavy torpedo's 2 damage is 3 (2 + 1, D9.5); the status
    is used up by it (a use: a damage it changed) and ends, logged before the
    damage it changed."""
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: e3}", "40_gunnery_officer.rc",
             hands="{blue-submarine: [gunnery_officer]}")
    g.play("order gunnery_officer")
    pass_all(g)
    assert g.ship("blue-submarine").statuses == ("laid_guns",)
    g.play("heavy_torpedo red-destroyer")
    pass_all(g)
    assert (g.ship("red-destroyer").repairs, g.ship("red-destroyer").breakdowns) == (3, 2)
    assert g.ship("blue-submarine").statuses == ()
    assert g.narration()[-2:] == ["  Blue submarine is no longer laid guns.",
                                  "  Red destroyer takes 3 damage (repairs 3, breakdowns 2)."]


def test_damage_dealt_changes_only_the_cards_it_names(tmp_path):
    """`on torpedo`: the heavy torpedo deals its 2, the torpedo 1 + 1."""
    path = tmp_path / "aim.rc"
    path.write_text("status aimed {\n    permanent\n    modify damage dealt +1 on torpedo\n}\n"
                    "patch ship submarine { ability aimed }\n")
    g = rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{path}]\nboard: |\n"
        f"{textwrap.indent(OPEN_BOARD, '  ')}\nships:\n  blue-submarine: {{at: c3}}\n"
        "  red-destroyer: {at: e3}\nturn: blue-submarine\nphase: maneuvers\ndeck: []\n")
    g.play("heavy_torpedo red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").repairs == 1


def test_the_chart_room_lets_its_player_hold_four_order_cards():
    """Idea 29: the carrier's player holds 4 (3 + 1, R7.2); the destroyer's
    player, with 4, must discard one first."""
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: e3}\nblue-destroyer: {at: a1}\n"
             "red-aircraft_carrier: {at: h6}", "29_chart_room.rc",
             hands="{red-aircraft_carrier: [ambush, ambush, ambush, ambush], "
                   "blue-destroyer: [ambush, ambush, ambush, ambush]}")
    assert (g.decision, g.to_move) == ("discard", "blue-destroyer")
    g.play("discard ambush")
    assert (g.decision, g.to_move) == ("main", "blue-submarine")
    assert len(g.hand("red-aircraft_carrier")) == 4


def test_out_of_supply_recovers_one_crew_fewer():
    """Idea 28: the submarine, more than 3 boxes from every friendly ship,
    recovers 1 crew (2 - 1, R6.1) of its 4 withdrawn, then plays."""
    g = game("blue-submarine: {at: c3, reserve: 2, withdrawn: 4}\nred-destroyer: {at: e3}\n"
             "blue-destroyer: {at: h6}\nred-aircraft_carrier: {at: h1}", "28_supply_lines.rc",
             turn="red-aircraft_carrier")
    g.play("end")
    pass_all(g)
    assert (g.to_move, g.decision) == ("blue-submarine", "recover")
    g.play("recover withdrawn")
    assert g.decision == "main"
    assert (g.ship("blue-submarine").reserve, g.ship("blue-submarine").withdrawn) == (3, 3)


def test_in_supply_recovers_as_printed():
    g = game("blue-submarine: {at: c3, reserve: 2, withdrawn: 4}\nred-destroyer: {at: e3}\n"
             "blue-destroyer: {at: c5}\nred-aircraft_carrier: {at: h1}", "28_supply_lines.rc",
             turn="red-aircraft_carrier")
    g.play("end")
    pass_all(g)
    g.play("recover withdrawn")
    assert g.decision == "recover"
    g.play("recover withdrawn")
    assert (g.ship("blue-submarine").reserve, g.ship("blue-submarine").withdrawn) == (4, 2)


@pytest.mark.parametrize("lang, text", [
    ("en", "Chart room: its player may hold 1 more order card."),
    ("es", "Chart room: su jugador puede tener 1 carta de órdenes más."),
    ("it", "Chart room: il suo giocatore può tenere 1 carta degli ordini in più."),
])
def test_a_players_number_in_three_languages(lang, text):
    rules = load_ruleset("en", [str(IDEAS / "29_chart_room.rc")])
    assert ship_rule_text(rules.ships["aircraft_carrier"], lang, rules.statuses,
                          rules.words) == text


@pytest.mark.parametrize("lang, text", [
    ("en", "its damaging maneuvers deal 1 more damage each time they hit"),
    ("es", "cada daño que hacen sus maniobras de daño aumenta en 1"),
    ("it", "ogni danno che infliggono le sue manovre dannose aumenta di 1"),
])
def test_damage_dealt_in_three_languages(lang, text):
    rules = load_ruleset("en", [str(IDEAS / "40_gunnery_officer.rc")])
    assert text in rules.text("gunnery_officer", lang)


@pytest.mark.parametrize("line, message", [
    ("modify hand limit +1 on torpedo",
     "'modify hand limit' is for its player, not for one card ('on' is for range, cost, "
     "movement, damage and damage dealt)"),
    ("set recover to 2", "cannot set 'recover'; it is changed by 'modify' only"),
    # a parameter of several words is read whole by set and limit as by modify
    ("set hand limit to 5", "cannot set 'hand limit'; it is changed by 'modify' only"),
    ("limit damage dealt to at most 1",
     "cannot limit 'damage dealt'; it is changed by 'modify' only"),
    ("set crew track to 4", "cannot set 'crew track'; it sets range, cost, movement, damage, "
     "repairs track, breakdowns track"),
    ("limit crew track to 4", "cannot limit 'crew track'; it limits range, cost, movement, "
     "sight, damage, visibility, repairs track, breakdowns track"),
    ("modify hand size +1", "cannot modify 'hand size'"),
])
def test_bad_parameters_are_refused_with_their_place(tmp_path, line, message):
    path = tmp_path / "bad.rc"
    path.write_text(f"status s {{\n    permanent\n    {line}\n}}\n")
    with pytest.raises(rc.DslError) as info:
        load_ruleset("en", [str(path)])
    assert info.value.line == 3
    assert message in info.value.reason
