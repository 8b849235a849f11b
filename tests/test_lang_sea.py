"""Running water's exemption (docs/dsl.md, "The sea"; D2.13): a status or an
ability with `ignores running water` gives its ship no forced step when it
enters running water (R2.5); its moves are listed, checked and followed on
the board's calm view. The card file is tests/data/sea.rc;
cards/examples/sea_steam_turbines.rc is played in the cookbook."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import status_text

from conftest import ROOT, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "sea.rc")
#: running water on e3 and f3, open water elsewhere
BOARD = "\n".join(["........"] * 2 + ["....~~.."] + ["........"] * 3)
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": BOARD,
        "ships": {"blue-destroyer": {"at": "d3"}, "red-destroyer": {"at": "h6"},
                  "blue-submarine": {"at": "d4"}, "red-submarine": {"at": "a6"}},
        "turn": "blue-destroyer", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def moves_to_e3(g: rc.Game) -> list[str]:
    return [m for m in g.legal_moves() if m.startswith("movement e3")]


def test_an_ability_lets_its_ship_stop_on_running_water():
    """D2.13: the destroyer's turbines: entering e3 forces no step."""
    g = game()
    assert moves_to_e3(g) == ["movement e3"]
    g.play("movement e3")
    assert g.ship("blue-destroyer").position == "e3"


def test_a_ship_without_it_is_carried_as_ever():
    """R2.5: the submarine entering e3 must step on (f3 is running water too)."""
    g = game(turn="blue-submarine",
             ships={**BASE["ships"], "blue-submarine": {"at": "d3"},
                    "blue-destroyer": {"at": "a1"}})
    assert "movement e3" not in g.legal_moves()
    assert moves_to_e3(g) == ["movement e3 f2", "movement e3 f3 g2", "movement e3 f3 g3",
                              "movement e3 f3 g4", "movement e3 f4"]
    assert g.explain("movement e3").startswith("e3 is not a legal path for a move of 1")


def test_a_status_given_by_a_card_lasts_while_its_condition_holds():
    """The steady helm acts while its ship is undamaged (a `while`, D9.4)."""
    ships = {**BASE["ships"], "blue-submarine": {"at": "d3"}, "blue-destroyer": {"at": "a1"}}
    g = game(turn="blue-submarine", ships=ships, hands={"blue-submarine": ["steady_as_she_goes"]})
    g.play("order steady_as_she_goes")
    assert moves_to_e3(g) == ["movement e3"]
    damaged = {**ships, "blue-submarine": {"at": "d3", "repairs": 2}}
    g = game(turn="blue-submarine", ships=damaged,
             hands={"blue-submarine": ["steady_as_she_goes"]})
    g.play("order steady_as_she_goes")
    assert "movement e3" not in g.legal_moves()


def test_a_path_is_checked_again_on_the_calm_view_as_it_resolves():
    """D4.10 with D2.13: the move declared onto running water resolves there."""
    g = game(ships={**BASE["ships"], "blue-destroyer": {"at": "d3"},
                    "red-submarine": {"at": "b3"}})
    g.play("movement e3")
    pass_all(g)
    assert g.ship("blue-destroyer").position == "e3"


def test_it_is_refused_in_an_aura():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("status s { permanent  affects each friendly ship within 2  "
                       "ignores running water }\n", "v.rc")
    assert info.value.reason == (
        "status 's' affects other ships, so it cannot say 'ignores running water': running "
        "water carries its own ship, as it moves; give such a status to the ships with an "
        "effect instead")


@pytest.mark.parametrize("lang, text", [
    ("en", "Steam turbines, until it is sunk: running water does not carry it."),
    ("es", "Turbinas de vapor, hasta que se hunda: la corriente no lo arrastra."),
    ("it", "Turbine a vapore, finché non affonda: l'acqua corrente non la trascina."),
])
def test_its_text(lang, text):
    assert status_text(load_ruleset(lang, extra=[CARDS]), "turbines", lang) == text


def test_ignoring_running_water_is_part_of_the_card_data_hash(tmp_path):
    """A replay refuses other card data by its hash: a status that lets its
    ship stop on running water is other card data than one that does not."""
    text = (ROOT / "tests" / "data" / "sea.rc").read_text()
    both, sight = tmp_path / "both.rc", tmp_path / "sight.rc"
    both.write_text(text.replace("    ignores running water\n",
                                 "    ignores running water\n    sees over islands\n", 1))
    sight.write_text(text.replace("    ignores running water\n", "    sees over islands\n", 1))
    with_it, without = load_ruleset("en", [str(both)]), load_ruleset("en", [str(sight)])
    assert with_it.statuses["turbines"].ignores_running
    assert not without.statuses["turbines"].ignores_running
    assert with_it.hash != without.hash
