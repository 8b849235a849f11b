"""A ship in another's visual field as a condition (docs/rules.md D2.21):
`SUBJECT is [not] in sight [of SUBJECT]` in filters, effect conditions and
a status's `while`, played in scenarios with exact values; its text in
three languages, and the compiler's checks.

Sight is not symmetric: an enemy ship stops sight, a friendly one does not
(R4.3), so with the blue destroyer between them the blue submarine sees the
red destroyer and the red destroyer does not see the blue submarine.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.rules.exprs import InSight, Scope, Subject

from conftest import dsl_refusal, starting

CARDS = """\
order ambush_fog { copies 0
    target enemy ship where self is not in sight of it and distance <= 2
    effect damage 2 to target }
order spotter { copies 0
    target up to 2 enemy ships where it is in sight
    effect damage 1 to each target }
order flare { copies 0
    target enemy ship
    effect damage 1 to target if target is in sight; draw 1 if self is not in sight of target }
order volley { copies 0  effect damage 1 to each enemy ship where it is not in sight }
status hunters_eye { permanent  affects each enemy ship where self is in sight of it
    modify range -1 }
order eye { copies 0  effect status hunters_eye on self }
status star_shell { this turn  sees over islands }
order star { copies 0  effect status star_shell on self }
"""

# c4 is an island: it cuts sight along column c and row 4 (R4.3)
BOARD = """\
........
........
........
..#.....
........
........
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("sight") / "sight.rc"
    path.write_text(CARDS)
    return str(path)


def game(cards: str, card: str, ships: str, more: str = "") -> rc.Game:
    """A 2v2 (seats: blue submarine, red submarine, blue destroyer, red
    destroyer) on ``BOARD``, blue submarine to play ``card``."""
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{textwrap.indent(BOARD, '  ')}ships:\n"
        f"{textwrap.indent(textwrap.dedent(ships), '  ')}"
        f"hands: {{blue-submarine: [{card}, star]}}\ndeck: [boatswain, boatswain]\n"
        "turn: blue-submarine\nphase: maneuvers\n" + more)


# blue submarine a3; blue destroyer b3 between it and the red destroyer c3;
# red submarine a5, two boxes down column a
ROW = """\
    blue-submarine: {at: a3}
    red-submarine: {at: a5}
    blue-destroyer: {at: b3}
    red-destroyer: {at: c3}
"""


def test_a_ship_that_cannot_see_yours_R4_3(cards):
    g = game(cards, "ambush_fog", ROW)
    # the red submarine sees the blue submarine; the red destroyer's view is
    # stopped by the blue destroyer, an enemy ship to it
    assert starting(g, "order ambush_fog") == ["order ambush_fog red-destroyer"]
    g.play("order ambush_fog red-destroyer")
    assert (g.ship_state("red-destroyer").repairs,
            g.ship_state("red-submarine").repairs) == (1, 3)


# the blue submarine at e2 sees the red submarine at e5 down column e; the
# red destroyer at b5 is behind the island c4 on the diagonal
SPOT = """\
    blue-submarine: {at: e2}
    red-submarine: {at: e5}
    blue-destroyer: {at: h1}
    red-destroyer: {at: b5}
"""


def test_the_ships_in_the_visual_field_of_the_cards_ship(cards):
    g = game(cards, "spotter", SPOT)
    assert starting(g, "order spotter") == ["order spotter red-submarine"]
    g = game(cards, "volley", SPOT)
    g.play("order volley")
    assert (g.ship_state("red-submarine").repairs,
            g.ship_state("red-destroyer").repairs) == (3, 2)


def test_a_ship_that_sees_over_islands_sees_past_them_D2_20(cards):
    g = game(cards, "spotter", SPOT.replace("{at: e2}", "{at: e2, star_shell: true}"))
    # several targets are written in seat order (D4.13)
    assert starting(g, "order spotter") == ["order spotter red-destroyer",
                                            "order spotter red-submarine",
                                            "order spotter red-submarine red-destroyer"]


def test_an_effect_condition_reads_sight_as_the_effect_resolves(cards):
    g = game(cards, "flare", ROW)
    g.play("order flare red-destroyer")
    # the red destroyer is in the blue submarine's sight: 1 damage; the blue
    # submarine is not in the red destroyer's: 1 card drawn
    assert g.ship_state("red-destroyer").repairs == 2
    assert g.hand("blue-submarine") == ["star", "boatswain"]
    g = game(cards, "flare", ROW)
    g.play("order flare red-submarine")
    assert g.ship_state("red-submarine").repairs == 2
    assert g.hand("blue-submarine") == ["star"]


@pytest.mark.parametrize("body,reason", [
    ("usable if self is in sight", "'self is in sight of self' asks whether a ship sees itself, "
     "and none does (D2.21): test another ship (`target is in sight of self`)"),
    ("target enemy ship where it is not in sight of it", "'it is in sight of it' asks whether a "
     "ship sees itself, and none does (D2.21): test another ship (`target is in sight of "
     "self`)"),
])
def test_no_ship_is_tested_in_its_own_sight(body, reason):
    err = dsl_refusal(f"order x {{ copies 0  {body}  effect draw 1 }}")
    assert err.reason == reason


def test_a_status_while_cannot_test_sight():
    err = dsl_refusal("status s { permanent  while self is in sight of it  modify range +1 }\n"
                      "order x { copies 0  effect status s on self }")
    assert err.reason == ("status 's': 'while' reads its own ship only, and no ship is in its "
                          "own sight or on its own lines (D2.21, D2.10); test them in an aura "
                          "('affects each enemy ship where self is in sight of it')")


def test_a_ship_off_the_board_sees_nothing_and_is_seen_by_none_D9_3(cards):
    g = game(cards, "flare", ROW.replace("red-destroyer: {at: c3}", "red-destroyer: {sunk: true}"))
    queries, red_destroyer = g.engine.queries, g.ships.index("red-destroyer")
    for seen, viewer in ((Subject.TARGET, Subject.SELF), (Subject.SELF, Subject.TARGET)):
        scope = Scope(seat=0, target=red_destroyer)
        assert InSight(seen, viewer).holds(queries, scope) is False
        assert InSight(seen, viewer, negated=True).holds(queries, scope) is True


@pytest.mark.parametrize("lang,text", [
    ("en", "Hunters eye, until it is sunk: for every ship that is an enemy of this ship with "
           "this ship in its visual field, its maneuvers' range is 1 less."),
    ("es", "Hunters eye, hasta que se hunda: para cada barco enemigo de este barco con este "
           "barco en su campo de visión, sus maniobras llegan 1 casilla menos lejos."),
    ("it", "Hunters eye, finché non affonda: per ogni nave nemica di questa nave con questa "
           "nave nel suo campo visivo, le sue manovre arrivano 1 casella meno lontano."),
])
def test_an_aura_on_the_ships_that_see_the_ship_that_has_it(cards, lang, text):
    rules = rc.load_ruleset("en", extra=[cards])
    assert rules.status_text("hunters_eye", lang=lang) == text


def test_the_aura_acts_on_the_ships_that_see_its_ship_now(cards):
    g = game(cards, "eye", ROW)
    g.play("order eye")
    queries = g.engine.queries
    # the red submarine sees the blue submarine; the red destroyer does not
    torpedo = g.rules.maneuvers["torpedo"]  # range 2
    assert [queries.reach(g.ships.index(s), torpedo)
            for s in ("red-submarine", "red-destroyer")] == [1, 2]


@pytest.mark.parametrize("card,lang,text", [
    ("ambush_fog", "en", "2 repair damage to the target. Target: an enemy ship without your "
                         "ship in its visual field and within 2 boxes."),
    ("ambush_fog", "es", "-2 reparaciones al objetivo. Objetivo: un barco enemigo sin tu barco "
                         "en su campo de visión y a distancia 2 como máximo."),
    ("ambush_fog", "it", "-2 riparazioni al bersaglio. Bersaglio: una nave nemica senza la "
                         "tua nave nel suo campo visivo e a distanza 2 al massimo."),
    ("spotter", "en", "1 repair damage to each target. Targets: up to 2 different enemy ships "
                      "in the visual field of your ship."),
    ("flare", "en", "1 repair damage to the target if it is in the visual field of your ship; "
                    "you draw 1 order card if your ship is not in the visual field of the "
                    "target. Target: an enemy ship."),
    ("flare", "es", "-1 reparación al objetivo si está en el campo de visión de tu barco; "
                    "robas 1 carta de órdenes si tu barco no está en el campo de visión del "
                    "objetivo. Objetivo: un barco enemigo."),
    ("flare", "it", "-1 riparazione al bersaglio se è nel campo visivo della tua nave; peschi "
                    "1 carta degli ordini se la tua nave non è nel campo visivo del bersaglio. "
                    "Bersaglio: una nave nemica."),
    ("volley", "it", "-1 riparazione a ogni nave nemica fuori dal campo visivo della tua "
                     "nave."),
])
def test_the_text_of_a_sight_test(cards, card, lang, text):
    rules = rc.load_ruleset("en", extra=[cards])
    said = rules.text(card, lang=lang)
    assert said[:len(text)] == text


@pytest.mark.parametrize("body,reason", [
    ("usable if you is in sight", "'in sight' tests ships, and 'you' names none: write self, "
     "target, source, it or answered target (`target is in sight of self`)"),
    ("usable if self is in sight of enemy", "'in sight' tests ships, and 'enemy' names none: "
     "write self, target, source, it or answered target (`target is in sight of self`)"),
    ("usable if mode is in sight", "'in sight' tests ships, and 'mode' names none: write "
     "self, target, source, it or answered target (`target is in sight of self`)"),
])
def test_sight_is_tested_of_ships(body, reason):
    err = dsl_refusal(f"order x {{ copies 0  {body}  effect draw 1 }}")
    assert err.reason == reason
