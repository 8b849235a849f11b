"""The shipped example card files (cards/examples/battleship.rc, house_rules.rc).

battleship.rc adds a 4th ship type with 4 new maneuvers written only with the
existing primitives; house_rules.rc is a variant of the English edition.
(The command line run on them is tested in tests/test_cli.py.)
"""

import textwrap

import pytest

import redcode_rules as rc

from conftest import EXAMPLES, OPEN_BOARD, pass_all, random_game

BATTLESHIP = str(EXAMPLES / "battleship.rc")
HOUSE_RULES = str(EXAMPLES / "house_rules.rc")


def battleship_scenario(ships: str) -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{BATTLESHIP}]\nboard: |\n{board}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + "\nturn: blue-battleship\nphase: maneuvers\ndeck: [ambush, evasion]\n")


# ------------------------------------------------------------------ battleship


def test_battleship_is_a_fourth_ship_type():
    """R1.2 is data: an extra card file adds a ship type with its 8 maneuvers (R1.5)."""
    rules = rc.load_ruleset("en", extra=[BATTLESHIP])
    assert list(rules.ships) == ["submarine", "destroyer", "aircraft_carrier", "battleship"]
    ship = rules.ships["battleship"]
    assert ship.maneuvers == ("movement", "repair", "torpedo", "orders",
                              "broadside", "main_battery", "damage_control", "flag_signal")
    assert (ship.repairs, ship.breakdowns, ship.crew) == (3, 2, 6)
    cards = {m: (rules.maneuvers[m].cost, rules.maneuvers[m].range,
                 rules.maneuvers[m].respondable, rules.maneuvers[m].response)
             for m in ship.maneuvers[4:]}
    assert cards == {"broadside": (3, 2, True, False), "main_battery": (3, 3, True, True),
                     "damage_control": (3, None, True, False),
                     "flag_signal": (1, 3, False, False)}
    assert rules.lineage == ("base", "en")
    assert len(rules.deck) == 30
    # the edition's own data is untouched
    assert list(rc.load_ruleset("en").ships) == ["submarine", "destroyer", "aircraft_carrier"]


def test_battleship_game_plays_to_the_end():
    rules = rc.load_ruleset("en", extra=[BATTLESHIP])
    game = random_game(rules, 3, teams=[["battleship"], ["destroyer"]])
    assert game.ships == ["blue-battleship", "red-destroyer"]
    assert game.is_over
    assert game.winner in ("blue", "red", "draw")


def test_broadside_damages_the_target_and_costs_a_crew():
    """broadside: 2 repair damage to the target and crew_loss 1 to its own ship
    (R3.5: a reserve crew is withdrawn), on top of its cost of 3 (R4.1)."""
    game = battleship_scenario("""
        blue-battleship: {at: c3}
        red-destroyer: {at: e3}
    """)
    game.play("broadside red-destroyer")
    assert game.to_move == "red-destroyer"  # respondable (R5.1)
    pass_all(game)
    red, blue = game.ship("red-destroyer"), game.ship("blue-battleship")
    assert (red.repairs, red.breakdowns) == (1, 3)
    assert (blue.crew_on("broadside"), blue.reserve, blue.withdrawn) == (3, 2, 1)
    assert (blue.repairs, blue.breakdowns) == (3, 2)


def test_broadside_range_is_2():
    game = battleship_scenario("""
        blue-battleship: {at: c3}
        red-destroyer: {at: f3}
    """)
    assert "broadside red-destroyer" not in game.legal_moves()
    with pytest.raises(rc.IllegalMove):
        game.play("broadside red-destroyer")


def test_flag_signal_recovers_a_crew_of_a_friendly_ship_in_range_3():
    """flag_signal: the target (here a friendly ship 3 boxes away) recovers 1 crew;
    with a single place to take it from, the engine takes it (INTERFACE)."""
    game = battleship_scenario("""
        blue-battleship: {at: c3}
        red-destroyer: {at: h6}
        blue-destroyer: {at: f3, crew_on: {torpedo: 2}}
        red-submarine: {sunk: true}  # D2.9: equal sides
    """)
    assert "flag_signal blue-destroyer" in game.legal_moves()
    game.play("flag_signal blue-destroyer")
    friend = game.ship("blue-destroyer")
    assert (friend.crew_on("torpedo"), friend.reserve) == (1, 5)
    assert game.ship("blue-battleship").crew_on("flag_signal") == 1
    assert game.to_move == "blue-battleship"


def test_flag_signal_choice_is_made_by_the_battleship_player():
    """D6.4: with crew on a maneuver and withdrawn, the card's player chooses."""
    game = battleship_scenario("""
        blue-battleship: {at: c3}
        red-destroyer: {at: h6}
        blue-destroyer: {at: f3, crew_on: {missile: 2}, withdrawn: 1}
        red-submarine: {sunk: true}  # D2.9: equal sides
    """)
    game.play("flag_signal blue-destroyer")
    assert game.to_move == "blue-battleship"
    assert game.legal_moves() == ["recover missile", "recover withdrawn"]
    game.play("recover withdrawn")
    friend = game.ship("blue-destroyer")
    assert (friend.crew_on("missile"), friend.withdrawn, friend.reserve) == (2, 0, 4)


def test_flag_signal_range_is_3():
    game = battleship_scenario("""
        blue-battleship: {at: c3}
        red-destroyer: {at: h6}
        blue-destroyer: {at: g3, crew_on: {torpedo: 2}}
        red-submarine: {sunk: true}  # D2.9: equal sides
    """)
    assert "flag_signal blue-destroyer" not in game.legal_moves()


# ------------------------------------------------------------------ house rules


def test_house_rules_variant():
    """A variant file changes rule options and cards of its parent edition; the
    deck still holds 30 cards (R1.4)."""
    rules = rc.load_ruleset(HOUSE_RULES)
    assert rules.name == "house_rules"
    assert rules.lineage == ("base", "en", "house_rules")
    assert rules.options.victory_points == 3
    assert rules.options.hand_limit == 4
    assert rules.options.sunk_mid_chain == "all"
    assert rules.orders["torpedo_boat"].copies == 2
    assert rules.orders["ambush"].copies == 2
    assert rules.orders["mechanic"].copies == 4  # inherited from en
    assert len(rules.deck) == 30
    assert rules.text("torpedo_boat", "en").startswith(
        "1 repair damage to the target; you draw 1 order card.")


@pytest.mark.parametrize("seed", [1, 2])
def test_house_rules_war_game_ends_at_3_points_or_the_turn_limit(seed):
    """R8.3 with victory_points 3, D8.5 turn limit."""
    rules = rc.load_ruleset(HOUSE_RULES)
    game = random_game(rules, seed, mode="war", teams=[["submarine"], ["destroyer"]])
    assert game.is_over
    over = game.log[-1]
    assert over.kind == "game_over"
    if over["reason"] == "points":
        assert game.score[game.winner] == 3
    else:
        assert over["reason"] == "turn_limit"
        assert game.turn_number == 201
        assert max(game.score.values()) < 3
        blue, red = game.score["blue"], game.score["red"]
        assert game.winner == ("blue" if blue > red else "red" if red > blue else "draw")
