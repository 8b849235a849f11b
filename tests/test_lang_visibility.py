"""Visibility (docs/dsl.md, "Sight"; D2.18): `limit visibility to at most N`
in a status: its ship cannot be seen from more than N boxes away, by the
ship that looks: not a target, not in a line nor in the visual field, not
counted in sight, and it stops no line. The card file is
tests/data/visibility.rc; cards/examples/sight_camouflage.rc is played in
the cookbook."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.info.game_tensor import observation_tensor
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import status_text

from conftest import OPEN_BOARD, ROOT, scenario_game, starting

CARDS = str(ROOT / "tests" / "data" / "visibility.rc")
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-destroyer": {"at": "a3"}, "red-submarine": {"at": "d3", "camouflaged": True},
                  "blue-aircraft_carrier": {"at": "h6"}, "red-destroyer": {"at": "f3"}},
        "turn": "blue-destroyer", "phase": "maneuvers", "deck": ["ambush"] * 6}
game = partial(scenario_game, BASE)


def test_a_ship_farther_than_its_visibility_is_not_a_target():
    """D2.18: the carrier's air support (range 3) reaches the camouflaged
    submarine 2 boxes away, not 3."""
    far = game(turn="blue-aircraft_carrier",
               ships={**BASE["ships"], "blue-aircraft_carrier": {"at": "a3"},
                      "blue-destroyer": {"at": "h6"}})
    assert starting(far, "air_support") == ["air_support blue-aircraft_carrier"]
    near = game(turn="blue-aircraft_carrier",
                ships={**BASE["ships"], "blue-aircraft_carrier": {"at": "b3"},
                       "blue-destroyer": {"at": "h6"}})
    assert starting(near, "air_support") == ["air_support blue-aircraft_carrier",
                                             "air_support red-submarine"]


def test_a_ship_not_seen_stops_no_line_of_sight():
    """The destroyer's field runs on past the unseen submarine on d3 to the
    red destroyer on f3, where it stops (R4.3)."""
    g = game()
    assert {"d3", "e3", "f3"} <= set(g.observation("blue-destroyer").sight)
    assert "g3" not in g.observation("blue-destroyer").sight


def test_a_line_leaves_out_a_ship_it_cannot_see():
    """D2.10 with D2.18: the broadside along the row hits the red destroyer,
    5 boxes away, and not the camouflaged submarine, 3 boxes away."""
    g = game()
    g.play("broadside")
    assert (g.ship("red-submarine").repairs, g.ship("red-destroyer").repairs) == (3, 2)
    g = game(ships={**BASE["ships"], "red-submarine": {"at": "c3", "camouflaged": True}})
    g.play("broadside")
    assert (g.ship("red-submarine").repairs, g.ship("red-destroyer").repairs) == (2, 2)


def test_ships_in_sight_count_only_the_ships_seen():
    g = game(hands={"blue-destroyer": ["count_contacts"]})
    g.play("order count_contacts")
    assert len(g.hand("blue-destroyer")) == 1  # the red destroyer only


def test_each_looker_by_its_own_distance():
    """The red destroyer on e3, 1 box from a submarine with a low profile
    (3), sees it; the blue destroyer 4 boxes away does not, and sees on."""
    g = game(ships={**BASE["ships"], "red-submarine": {"at": "e3", "low_profile": True},
                    "red-destroyer": {"at": "f3"}, "blue-destroyer": {"at": "a3"}},
             turn="red-destroyer")
    assert "torpedo red-submarine" in g.legal_moves()
    assert "e3" in g.observation("blue-destroyer").sight
    seen = dict((s, d) for d, s in g.engine.queries.sight(0))
    assert 1 not in seen and seen[3] == 5


def test_the_camouflage_ends_at_the_start_of_its_next_turn():
    g = game(turn="red-submarine", ships={**BASE["ships"], "red-submarine": {"at": "d3"}},
             hands={"red-submarine": ["camouflage"]})
    g.play("order camouflage")
    g.play("end")
    assert g.ship("red-submarine").camouflaged
    assert [s for _, s in g.engine.queries.sight(0)] == [3]  # past it, to the destroyer
    while g.to_move != "red-submarine":
        g.play("end")
    assert not g.ship("red-submarine").camouflaged
    assert [s for _, s in g.engine.queries.sight(0)] == [1]  # seen, and it stops the line


def test_the_text_says_it_cannot_be_seen_in_three_languages():
    said = {lang: status_text(load_ruleset(lang, [CARDS]), "camouflaged", lang)
            for lang in ("en", "es", "it")}
    assert said["en"].endswith("it cannot be seen from more than 2 boxes away.")
    assert said["es"].endswith("no se lo puede ver a más de 2 casillas.")
    assert said["it"].endswith("non può essere vista da più di 2 caselle.")


@pytest.mark.parametrize("line, words", [
    ("modify visibility +1", "cannot modify 'visibility': it has no number to add to"),
    ("limit visibility to at least 2", "only limited: 'limit visibility to at most N'"),
    ("set visibility to 2", "only limited: 'limit visibility to at most N'"),
])
def test_visibility_is_only_limited(line, words):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(f"status s {{\n  permanent\n  {line}\n}}\n", "v.rc")
    assert (info.value.file, info.value.line) == ("v.rc", 3)
    assert words in str(info.value)


def test_the_observation_tensor_follows_a_visibility_that_changes_in_place():
    """The tensor's visual field (kept by the ships' boxes as the ship sees
    them) changes when the camouflage ends, though no ship moved."""
    g = game(turn="red-submarine", ships={**BASE["ships"], "red-submarine": {"at": "d3"}},
             hands={"red-submarine": ["camouflage"]})
    g.play("order camouflage")
    g.play("end")
    assert "e3" in g.observation("blue-destroyer").sight
    assert list(observation_tensor(g, "blue-destroyer")) == \
        list(g.observation("blue-destroyer").tensor())
    while g.to_move != "red-submarine":
        g.play("end")
    assert "e3" not in g.observation("blue-destroyer").sight
    assert list(observation_tensor(g, "blue-destroyer")) == \
        list(g.observation("blue-destroyer").tensor())
