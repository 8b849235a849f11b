"""A beacon (docs/dsl.md, "A beacon: a distance to here, and scoring on a
set"; D9.13): `distance from SUBJECT to SUBJECT` (either end `here`, a
token's box) and `score` on a set of ships, each ship's side once.
cards/examples/beacon_score.rc is played here and in the cookbook."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import token_text

from conftest import EXAMPLES, OPEN_BOARD, dsl_refusal

BEACON = str(EXAMPLES / "beacon_score.rc")


def game(ships: str, turn: str = "blue-submarine", hands: str = "{}", tokens: str = "[]",
         extra: str = BEACON) -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{extra}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\ntokens: {tokens}\n"
        f"turn: {turn}\nphase: maneuvers\ndeck: []\n")


def test_the_side_of_the_ship_on_the_beacon_scores_at_every_turns_end():
    """D9.13: blue raises the beacon on d3 and sails onto it: 1 at the end of
    its turn, 1 more at the end of red's, whoever's turn it is."""
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: f5}",
             hands="{blue-submarine: [raise_beacon]}")
    g.play("order raise_beacon d3")
    g.play("movement d3")
    assert g.score == {"blue": 0, "red": 0}
    g.play("end")
    assert g.score == {"blue": 1, "red": 0}
    g.play("end")
    assert g.score == {"blue": 2, "red": 0}


def test_a_beacon_scores_for_whoever_holds_it_not_its_owner():
    """D9.13: red's destroyer on blue's beacon scores for red; nobody on it, nobody scores."""
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: d3}",
             tokens="[{token: beacon, at: d3, owner: blue-submarine}]")
    g.play("end")
    assert g.score == {"blue": 0, "red": 1}
    g.play("movement e3")
    g.play("end")
    assert g.score == {"blue": 0, "red": 1}


SETS = """\
token flare {
    mark "F"
    when turn_ends { effect score 1 to each friendly ship within 1 of here }
}
token lamp {
    mark "L"
    when turn_ends { effect score 1 to target if distance from target to here <= 1 }
}
"""


def test_a_set_scores_once_per_ship(tmp_path):
    """D9.13: two blue ships within 1 of blue's flare: 2 for blue at one turn's end."""
    path = tmp_path / "flare.rc"
    path.write_text(SETS)
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: h6}\nblue-destroyer: {at: d4}\n"
             "red-submarine: {at: h1}",
             tokens="[{token: flare, at: d3, owner: blue-submarine}]", extra=str(path))
    g.play("end")
    assert g.score == {"blue": 2, "red": 0}


def test_a_distance_to_here_reads_the_ship_the_event_happened_to(tmp_path):
    """D9.13: the lamp scores for the ship whose turn ends, if it is within 1
    of the lamp's box: blue's submarine on c3, 1 box from d3, scores; red's
    destroyer on h6 does not."""
    path = tmp_path / "lamp.rc"
    path.write_text(SETS)
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: h6}",
             tokens="[{token: lamp, at: d3, owner: red-destroyer}]", extra=str(path))
    g.play("end")
    assert g.score == {"blue": 1, "red": 0}
    g.play("end")
    assert g.score == {"blue": 1, "red": 0}


def test_here_outside_a_tokens_trigger_is_refused_where_it_is():
    err = dsl_refusal("status lit {\n    permanent\n    when turn_ends { effect score 1 to "
                      "self if distance from self to here = 0 }\n}\n")
    assert (err.file, err.line) == ("x.rc", 3)
    assert "only a token's trigger reads it" in err.reason
    err = dsl_refusal("maneuver x {\n    cost 1\n    range 2\n    target ship\n"
                      "    effect damage 1 to target if distance from self to here = 0\n}\n")
    assert (err.file, err.line) == ("x.rc", 5)
    assert "reads 'here', the box of a token" in err.reason


def test_a_distance_is_between_ships_not_sides():
    err = dsl_refusal("maneuver x {\n    cost 1\n    range 2\n    target ship\n"
                      "    effect damage 1 to target if distance from enemy to target = 0\n}\n")
    assert (err.file, err.line) == ("x.rc", 5)
    assert "not from 'enemy'" in err.reason


@pytest.mark.parametrize("lang, text", [
    ("en", "At the end of each turn, for every ship on the box of this token, its side "
           "scores 1 victory point."),
    ("es", "Al final del turno de cada jugador, por cada barco en la casilla de esta ficha, "
           "su bando gana 1 punto de victoria."),
    ("it", "Alla fine del turno di ogni giocatore, per ogni nave sulla casella di questo "
           "segnalino, la sua squadra segna 1 punto vittoria."),
])
def test_the_beacon_is_said_in_three_languages(lang, text):
    rules = load_ruleset("en", extra=[BEACON])
    assert text in token_text(rules.tokens["beacon"], lang, names=rules.words)


@pytest.mark.parametrize("lang, text", [
    ("en", "the side of that ship scores 1 victory point if it is within 1 box of this token"),
    ("es", "el bando de ese barco gana 1 punto de victoria si está a distancia 1 como máximo "
           "de esta ficha"),
    ("it", "la squadra di quella nave segna 1 punto vittoria se è a distanza 1 al massimo da "
           "questo segnalino"),
])
def test_a_distance_to_here_is_said_in_three_languages(tmp_path, lang, text):
    path = tmp_path / "lamp.rc"
    path.write_text(SETS)
    rules = load_ruleset("en", extra=[str(path)])
    assert text in token_text(rules.tokens["lamp"], lang, names=rules.words)
