"""Sight over islands for a ship (D2.20): ``sees over islands`` in a status
or an ability opens every visual field of its ship over islands while it
lasts: the targets of its maneuvers, ``explain``, ``in sight`` and what
its player observes. The star shell of cards/examples/sight_star_shell.rc
(the trial's idea 17: "this turn, your ship's maneuvers see over islands
and reach 1 box farther") is played here.
"""

import pytest

import redcode_rules as rc

from conftest import EXAMPLES, dsl_refusal, scenario_game

STAR = str(EXAMPLES / "sight_star_shell.rc")
#: an island on d4, between the blue submarine on b2 and the red destroyer on e5.
BOARD = "........\n........\n........\n...#....\n........\n........"
BASE = {"edition": "en", "extra": [STAR], "board": BOARD, "phase": "maneuvers",
        "ships": {"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "e5"},
                  "blue-aircraft_carrier": {"at": "a6"}, "red-submarine": {"at": "h2"}},
        "hands": {"blue-submarine": ["star_shell"]}, "turn": "blue-submarine"}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def aimed_at_red(g: rc.Game) -> list[str]:
    return [m for m in g.legal_moves() if " red-" in m]


def test_d2_20_the_island_hides_the_destroyer_before_the_star_shell():
    g = game()
    assert aimed_at_red(g) == []
    assert g.explain("torpedo red-destroyer") == (
        "red-destroyer is not in the visual field of blue-submarine within range 2 (R4.3)")


def test_d2_20_lit_by_the_star_shell_every_maneuver_sees_over_the_island():
    """The torpedo (range 2 + 1) and the heavy torpedo reach e5 over d4; the
    red submarine on h2, in sight all along, is still 6 boxes off."""
    g = game()
    g.play("order star_shell")
    assert aimed_at_red(g) == ["countermeasure red-destroyer", "heavy_torpedo red-destroyer",
                               "torpedo red-destroyer"]
    assert g.explain("torpedo red-submarine") == (
        "red-submarine is not in the visual field of blue-submarine within range 3 (R4.3)")


def test_d2_20_the_observation_shows_the_visual_field_over_the_island():
    g = game()
    before = g.observation("blue-submarine").sight
    g.play("order star_shell")
    assert (before, g.observation("blue-submarine").sight) == (
        ("a1", "b1", "c1", "a2", "c2", "d2", "e2", "f2", "g2", "h2", "a3", "b3", "c3",
         "b4", "b5", "b6"),
        ("a1", "b1", "c1", "a2", "c2", "d2", "e2", "f2", "g2", "h2", "a3", "b3", "c3",
         "b4", "d4", "b5", "e5", "b6"))


def test_d2_20_the_drawn_board_shows_the_visual_field_over_the_island():
    """The board drawn with a ship's visual field (``render.svg``) shows the
    same field as the observation: d4 and e5 only once the star shell lights
    them, within the reach asked."""
    from redcode_rules.render import svg
    g = game()
    assert svg.visual_field(g, "blue-submarine", 3) == [
        "a1", "b1", "c1", "a2", "c2", "d2", "e2", "a3", "b3", "c3", "b4", "b5"]
    g.play("order star_shell")
    assert svg.visual_field(g, "blue-submarine", 3) == [
        "a1", "b1", "c1", "a2", "c2", "d2", "e2", "a3", "b3", "c3", "b4", "d4", "b5", "e5"]
    assert '<rect class="field" data-box="e5"' in svg.board(g, field_of="blue-submarine")


def test_d2_20_the_sight_ends_with_the_status():
    """``this turn``: at blue's next turn the island hides the destroyer again."""
    g = game(hands={"blue-submarine": ["star_shell"], "red-destroyer": []})
    g.play("order star_shell")
    g.play("end")
    while g.to_move != "blue-submarine":
        g.play("end")
    assert g.ship("blue-submarine").statuses == ()
    assert aimed_at_red(g) == []


def test_d2_20_an_ability_sees_over_islands_for_good(tmp_path):
    path = tmp_path / "lookout.rc"
    path.write_text("status crows_nest { permanent  sees over islands }\n"
                    "patch ship submarine { ability crows_nest }\n")
    g = game(extra=[str(path)], hands={})
    assert aimed_at_red(g) == ["heavy_torpedo red-destroyer"]


def test_d2_20_an_aura_cannot_see_over_islands_for_other_ships():
    error = dsl_refusal("status spotter {\n    permanent\n"
                        "    affects each friendly ship within 2 of self\n"
                        "    sees over islands\n}\n", "spotter.rc")
    assert (error.file, error.line) == ("spotter.rc", 4)
    assert "status 'spotter' affects other ships, so it cannot say 'sees over islands': " \
           "the visual field it opens is its own ship's" in str(error)


@pytest.mark.parametrize("lang, text", [
    ("en", "Your ship is lit by a star shell this turn: its maneuvers' range is 1 more; "
           "islands do not block its sight. Order card: cannot be responded to."),
    ("es", "Tu barco queda iluminado este turno: sus maniobras llegan 1 casilla más lejos; "
           "los islotes no le tapan la vista. Carta de órdenes: sin respuesta."),
    ("it", "La tua nave viene illuminata per questo turno: le sue manovre arrivano 1 casella "
           "più lontano; le isole non ne coprono la vista. Carta degli ordini: senza risposta."),
])
def test_d2_20_the_star_shell_says_it_in_each_language(lang, text):
    assert rc.load_ruleset("en", extra=[STAR]).text("star_shell", lang) == text
