"""Equal sides (D2.9) and one ship of each type per side (R1.2), in every
edition: ``new_game`` and scenarios refuse anything else, naming the rule; a
sunk or eliminated ship keeps its seat."""

import pytest

import redcode_rules as rc

from conftest import EDITIONS, scenario_game


# ------------------------------------------------------------------ D2.9, R1.2


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("teams", [
    [["submarine"], ["submarine", "destroyer"]],
    [["submarine", "destroyer"], ["destroyer"]],
    [["submarine"], ["submarine", "destroyer", "aircraft_carrier"]],
    [["submarine", "destroyer", "aircraft_carrier"], ["destroyer", "submarine"]],
])
def test_d2_9_new_game_refuses_unequal_sides(edition, teams):
    with pytest.raises(rc.ScenarioError) as err:
        rc.new_game(rc.load_ruleset(edition), teams=teams, seed=1)
    assert isinstance(err.value, ValueError)
    assert err.value.field == "teams"
    blue, red = len(teams[0]), len(teams[1])
    assert err.value.reason == (f"sides of {blue} and {red} ships ({blue}v{red}): sides are "
                                "equal, 1v1, 2v2 or 3v3 (D2.9)")


@pytest.mark.parametrize("edition", EDITIONS)
def test_r1_2_new_game_refuses_two_ships_of_one_type_on_a_side(edition):
    with pytest.raises(rc.ScenarioError) as err:
        rc.new_game(rc.load_ruleset(edition), teams=[["submarine", "submarine"],
                                                     ["destroyer", "submarine"]], seed=1)
    assert err.value.reason == "blue has two ships of one type (R1.2)"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("size", [1, 2, 3])
def test_d2_9_new_game_accepts_1v1_2v2_3v3(edition, size):
    types = ["submarine", "destroyer", "aircraft_carrier"]
    game = rc.new_game(rc.load_ruleset(edition), teams=[types[:size], types[-size:]], seed=1)
    assert len(game.ships) == 2 * size


@pytest.mark.parametrize("edition", EDITIONS)
def test_d2_9_scenario_refuses_unequal_sides(edition):
    with pytest.raises(rc.ScenarioError) as err:
        scenario_game(f"""
            edition: {edition}
            ships:
              blue-submarine: {{at: a1}}
              blue-destroyer: {{at: a2}}
              red-destroyer: {{at: h6}}
        """)
    assert err.value.field == "ships"
    assert err.value.reason == ("sides of 2 and 1 ships (2v1): sides are equal, 1v1, 2v2 or "
                                "3v3 (D2.9)")


@pytest.mark.parametrize("edition", EDITIONS)
def test_r1_2_scenario_refuses_two_ships_of_one_type_on_a_side(edition):
    with pytest.raises(rc.ScenarioError) as err:
        scenario_game(f"""
            edition: {edition}
            ships:
              blue-submarine: {{at: a1}}
              blue-second: {{side: blue, type: submarine, at: a2}}
              red-destroyer: {{at: h6}}
              red-submarine: {{at: h5}}
        """)
    assert err.value.field == "ships.blue-second"
    assert err.value.reason == ("blue already has a submarine (blue-submarine): one ship of "
                                "each type per side (R1.2)")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("mode", ["war", "arena"])
def test_d2_9_a_sunk_ship_keeps_its_seat(edition, mode):
    """A sunk (war) or eliminated (arena) ship still counts as a seat: 2v2."""
    game = scenario_game(f"""
        edition: {edition}
        mode: {mode}
        ships:
          blue-submarine: {{at: a1}}
          blue-destroyer: {{at: a2}}
          red-destroyer: {{at: h6}}
          red-submarine: {{sunk: true}}
    """)
    assert game.ships == ["blue-submarine", "red-destroyer", "blue-destroyer", "red-submarine"]
