"""Scenario tests of the 16 maneuvers, English edition (docs/rules.md §4, §5).

Every maneuver is checked for its exact effect (R4.5), its cost (R4.1, D4.5),
its range (R4.2, R4.3) and whether it opens a response window (R5.1, D5.4).
Boards are 6 lines of 8 boxes: rows 1..6 top to bottom, columns a..h (R2.1).
"""

import textwrap

import pytest

from redcode_rules.engine.state_ops import damaged

from conftest import OPEN_BOARD, assert_illegal, pass_all, scenario_game


def row_scenario(attacker, attacker_box, target, target_box, extra=""):
    """Two ships on an open board; the blue attacker is to move in its maneuvers phase."""
    board = textwrap.indent(OPEN_BOARD, "      ")
    return scenario_game(f"""
    edition: en
    mode: war
    board: |
{board}
    ships:
      {attacker}: {{at: {attacker_box}}}
      {target}: {{at: {target_box}}}
    turn: {attacker}
    phase: maneuvers
    deck: [captain, mechanic, ambush]
    {extra}
    """)


# --------------------------------------------------------------------------- cost (R4.1)

COST_CASES = [
    # maneuver, blue ship type, move string, cost (D4.5)
    ("movement", "submarine", "movement c4", 1),
    ("repair", "submarine", "repair", 2),
    ("torpedo", "submarine", "torpedo red-destroyer", 2),
    ("orders", "submarine", "orders", 2),
    ("immersion", "submarine", "immersion c4 c5", 2),
    ("countermeasure", "submarine", "countermeasure red-destroyer", 2),
    ("heavy_torpedo", "submarine", "heavy_torpedo red-destroyer", 3),
    ("floating_mine", "submarine", "floating_mine red-destroyer", 3),
    ("missile", "destroyer", "missile red-destroyer", 2),
    ("depth_charge", "destroyer", "depth_charge red-destroyer", 2),
    ("assault", "destroyer", "assault red-destroyer", 3),
    ("air_support", "aircraft_carrier", "air_support red-destroyer", 2),
    ("radio_support", "aircraft_carrier", "radio_support blue-aircraft_carrier", 1),
    ("medical_equipment", "aircraft_carrier", "medical_equipment blue-aircraft_carrier", 3),
    ("radar", "aircraft_carrier", "radar red-destroyer", 3),
]


@pytest.mark.parametrize("maneuver,ship_type,move,cost", COST_CASES,
                         ids=[c[0] for c in COST_CASES])
def test_cost_is_paid_from_the_reserve_and_the_maneuver_is_spent(maneuver, ship_type, move,
                                                                  cost):
    """R4.1: the cost moves crew from the reserve onto the maneuver's boxes, and a
    maneuver with crew on it is not available until they are recovered."""
    attacker = f"blue-{ship_type}"
    game = row_scenario(attacker, "c3", "red-destroyer", "d3")
    game.play(move)
    pass_all(game)
    ship = game.ship(attacker)
    assert ship.crew_on(maneuver) == cost
    assert ship.reserve == 6 - cost
    assert game.to_move == attacker
    assert not any(m.split()[0] == maneuver for m in game.legal_moves())


def test_shield_cost_is_paid_when_used_as_a_response():
    """R4.1, D4.5: shield costs 2 crew, paid when it is declared."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "e3")
    game.play("torpedo red-destroyer")
    game.play("respond shield blue-submarine")
    red = game.ship("red-destroyer")
    assert (red.crew_on("shield"), red.reserve) == (2, 4)


def test_a_maneuver_costing_more_than_the_reserve_is_not_available():
    """R4.1: heavy torpedo costs 3; with 2 crew in reserve it cannot be used."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3, crew_on: {torpedo: 2, repair: 2}}
      red-destroyer: {at: d3}
    turn: blue-submarine
    phase: maneuvers
    """)
    assert game.ship("blue-submarine").reserve == 2
    assert_illegal(game, "heavy_torpedo red-destroyer", "R4.1")


# --------------------------------------------------------------------------- range (R4.2, R4.3)

RANGE_CASES = [
    # maneuver, blue ship type, range (R4.5)
    ("torpedo", "submarine", 2),
    ("countermeasure", "submarine", 2),
    ("heavy_torpedo", "submarine", 3),
    ("floating_mine", "submarine", 1),
    ("missile", "destroyer", 2),
    ("depth_charge", "destroyer", 1),
    ("assault", "destroyer", 1),
    ("air_support", "aircraft_carrier", 3),
    ("radio_support", "aircraft_carrier", 2),
    ("medical_equipment", "aircraft_carrier", 2),
    ("radar", "aircraft_carrier", 3),
]


@pytest.mark.parametrize("maneuver,ship_type,reach", RANGE_CASES,
                         ids=[c[0] for c in RANGE_CASES])
def test_target_at_range_plus_one_is_out_of_reach(maneuver, ship_type, reach):
    """R4.2, R4.3: a target one box beyond the printed range is not a legal target."""
    far = "abcdefgh"[reach + 1] + "3"
    game = row_scenario(f"blue-{ship_type}", "a3", "red-submarine", far)
    assert_illegal(game, f"{maneuver} red-submarine", "(R4.3)")


@pytest.mark.parametrize("maneuver,ship_type,reach", RANGE_CASES,
                         ids=[c[0] for c in RANGE_CASES])
def test_target_at_exactly_the_range_is_legal(maneuver, ship_type, reach):
    """R4.2: a ship in the visual field within N boxes can be targeted, own ship included."""
    near = "abcdefgh"[reach] + "3"
    game = row_scenario(f"blue-{ship_type}", "a3", "red-submarine", near)
    legal = game.legal_moves()
    assert f"{maneuver} red-submarine" in legal
    assert f"{maneuver} blue-{ship_type}" in legal


def test_shield_range_is_measured_to_the_ship_that_performed_the_item():
    """D4.7: the shielding destroyer must see the source within 3 boxes. The
    submarine at a3 is 4 boxes from the destroyer at e3 (the red carrier in
    between is friendly to red and does not block, R4.3)."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: a3}
      red-aircraft_carrier: {at: c3, crew_on: {torpedo: 2, air_support: 2}}
      red-destroyer: {at: e3}
      blue-destroyer: {sunk: true}  # D2.9: equal sides
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-aircraft_carrier")
    assert game.to_move == "red-destroyer"
    assert_illegal(game, "respond shield blue-submarine", "(R4.3)")


def test_shield_source_at_three_boxes_can_be_shielded():
    """D4.7: same position with the destroyer at d3, 3 boxes from the source."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: a3}
      red-aircraft_carrier: {at: c3, crew_on: {torpedo: 2, air_support: 2}}
      red-destroyer: {at: d3}
      blue-destroyer: {sunk: true}  # D2.9: equal sides
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-aircraft_carrier")
    assert game.to_move == "red-destroyer"
    assert "respond shield blue-submarine" in game.legal_moves()


def test_visual_field_is_cut_by_islands():
    """R2.3, R4.3: an island on the line hides a ship within range behind it."""
    game = scenario_game("""
    board: |
      ........
      ........
      ...#....
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: e3}
    turn: blue-submarine
    phase: maneuvers
    """)
    assert_illegal(game, "torpedo red-destroyer", "(R4.3)")


def test_visual_field_stops_at_an_enemy_but_not_at_a_friend():
    """R4.3: an enemy ship blocks the line behind it (itself visible); friends do not."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      blue-destroyer: {at: c4}
      red-destroyer: {at: d3}
      red-submarine: {at: e3}
      red-aircraft_carrier: {at: c5}
      blue-aircraft_carrier: {sunk: true}  # D2.9: equal sides
    turn: blue-submarine
    phase: maneuvers
    """)
    legal = game.legal_moves()
    assert "torpedo red-destroyer" in legal
    assert "torpedo red-aircraft_carrier" in legal      # behind the friendly destroyer
    assert_illegal(game, "torpedo red-submarine", "(R4.3)")   # behind the enemy destroyer


def test_visual_field_is_the_eight_straight_lines_only():
    """R4.3: a ship a knight's move away (d5 from c3) is not on any line."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "d5")
    assert_illegal(game, "torpedo red-destroyer", "(R4.3)")
    game2 = row_scenario("blue-submarine", "c3", "red-destroyer", "e5")
    assert "torpedo red-destroyer" in game2.legal_moves()     # diagonal, 2 boxes


# --------------------------------------------------------------------------- response windows

RESPONDABLE = [
    ("repair", "submarine", "repair"),
    ("torpedo", "submarine", "torpedo red-destroyer"),
    ("countermeasure", "submarine", "countermeasure red-destroyer"),
    ("heavy_torpedo", "submarine", "heavy_torpedo red-destroyer"),
    ("floating_mine", "submarine", "floating_mine red-destroyer"),
    ("depth_charge", "destroyer", "depth_charge red-destroyer"),
    ("assault", "destroyer", "assault red-destroyer"),
    ("air_support", "aircraft_carrier", "air_support red-destroyer"),
    ("medical_equipment", "aircraft_carrier", "medical_equipment blue-aircraft_carrier"),
]


@pytest.mark.parametrize("maneuver,ship_type,move", RESPONDABLE,
                         ids=[c[0] for c in RESPONDABLE])
def test_respondable_maneuver_opens_a_response_window(maneuver, ship_type, move):
    """R5.1, D5.4: the opponent, who has torpedo and shield available, is asked."""
    game = row_scenario(f"blue-{ship_type}", "c3", "red-destroyer", "d3")
    before = game.ship("red-destroyer").repairs
    game.play(move)
    assert game.to_move == "red-destroyer"
    legal = game.legal_moves()
    assert "pass" in legal
    assert "respond shield " + f"blue-{ship_type}" in legal
    assert game.ship("red-destroyer").repairs == before     # nothing resolved yet


NOT_RESPONDABLE = [
    ("movement", "submarine", "movement c4"),
    ("orders", "submarine", "orders"),
    ("immersion", "submarine", "immersion c4 c5"),
    ("missile", "destroyer", "missile red-destroyer"),
    ("radio_support", "aircraft_carrier", "radio_support blue-aircraft_carrier"),
    ("radar", "aircraft_carrier", "radar red-destroyer"),
]


@pytest.mark.parametrize("maneuver,ship_type,move", NOT_RESPONDABLE,
                         ids=[c[0] for c in NOT_RESPONDABLE])
def test_non_respondable_maneuver_resolves_at_once(maneuver, ship_type, move):
    """R5.1: no window even though the opponent could respond; the turn player acts on."""
    attacker = f"blue-{ship_type}"
    game = row_scenario(attacker, "c3", "red-destroyer", "d3")
    game.play(move)
    assert game.to_move == attacker
    assert "end" in game.legal_moves()
    assert "pass" not in game.legal_moves()


def test_respondable_item_resolves_at_once_when_nobody_can_respond():
    """D5.4: the destroyer has 1 crew in reserve (torpedo and shield cost 2), so it
    is not asked and the torpedo resolves at once."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: d3, crew_on: {movement: 1, repair: 2, missile: 2}}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.to_move == "blue-submarine"
    assert game.ship("red-destroyer").repairs == 2


# --------------------------------------------------------------------------- common maneuvers

def test_movement_moves_one_box():
    """R4.5 movement: 1 box to a free neighbouring box (D4.6, D2.6 diagonal allowed)."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "g3")
    game.play("movement d4")
    assert game.ship("blue-submarine").position == "d4"
    assert game.ship("blue-submarine").crew_on("movement") == 1


def test_movement_cannot_go_two_boxes():
    """D4.6: a move of 1 takes exactly one (voluntary) step."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "g3")
    assert_illegal(game, "movement d3 e3", "D4.6")
    assert game.ship("blue-submarine").position == "c3"


def test_movement_cannot_enter_an_island_or_an_occupied_box():
    """R2.3 islands are impassable, R2.4 one ship per box."""
    game = scenario_game("""
    board: |
      ........
      ........
      ...#....
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: c4}
    turn: blue-submarine
    phase: maneuvers
    """)
    assert_illegal(game, "movement d3", "R2.3")
    assert_illegal(game, "movement c4", "R2.4")


def test_movement_into_running_water_forces_an_extra_step():
    """R2.5: entering running water at d3 forces one more step, part of the same move;
    the move may not stop on d3 and may not go back to c3 (D2.5a)."""
    game = scenario_game("""
    board: |
      ........
      ........
      ...~....
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: h6}
    turn: blue-submarine
    phase: maneuvers
    """)
    legal = game.legal_moves()
    assert "movement d3" not in legal
    assert "movement d3 c3" not in legal
    assert "movement d3 e3" in legal
    game.play("movement d3 e3")
    sub = game.ship("blue-submarine")
    assert (sub.position, sub.crew_on("movement"), sub.reserve) == ("e3", 1, 5)


def test_repair_regains_one_repair_after_the_window():
    """R4.5 repair: regain 1 repair; it is respondable (R5.1) and resolves once all pass."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3, repairs: 1, breakdowns: 2}
      red-destroyer: {at: g3}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("repair")
    assert game.to_move == "red-destroyer"
    assert game.ship("blue-submarine").repairs == 1
    game.play("pass")
    sub = game.ship("blue-submarine")
    assert (sub.repairs, sub.breakdowns) == (2, 2)
    assert (sub.crew_on("repair"), sub.reserve) == (2, 4)
    assert game.to_move == "blue-submarine"


def test_repair_at_full_repairs_is_legal_and_changes_nothing():
    """D4.8: still legal, crew spent; R3.4: never turns into a breakdown."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3, repairs: 3, breakdowns: 1}
      red-destroyer: {at: g3}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("repair")
    pass_all(game)
    sub = game.ship("blue-submarine")
    assert (sub.repairs, sub.breakdowns, sub.crew_on("repair")) == (3, 1, 2)


def test_repair_acts_on_its_own_ship_only():
    """R4.2: a maneuver without range targets only its own ship."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "d3")
    assert_illegal(game, "repair red-destroyer", "R4.2")


def test_torpedo_deals_one_repair_damage():
    """R4.5 torpedo: 1 repair damage after the window closes."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "e3")
    game.play("torpedo red-destroyer")
    game.play("pass")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (2, 3)


def damage_point_by_point(repairs: int, breakdowns: int, full: int,
                          amount: int) -> tuple[int, int]:
    """R3.1 as written, one point at a time (the engine counts it at once)."""
    for _ in range(amount):
        if repairs == 0 and breakdowns > 0:
            breakdowns, repairs = breakdowns - 1, full
        if repairs > 0:
            repairs -= 1
        if repairs == 0 and breakdowns > 0:
            breakdowns, repairs = breakdowns - 1, full
        if repairs == 0 and breakdowns == 0:
            break
    return repairs, breakdowns


def test_damage_counted_at_once_is_damage_point_by_point():
    """R3.1, R3.2: every track size, every state and amount up to past sinking."""
    cases = [(r, b, full, amount) for full in range(1, 6) for r in range(full + 1)
             for b in range(5) for amount in range(1, 4 * (full + 1) * 5)]
    assert [damaged(*case) for case in cases] == \
        [damage_point_by_point(*case) for case in cases]
    assert damaged(999_999, 999_999, 999_999, 10 ** 12) == (0, 0)  # no loop over the amount
    assert damaged(3, 3, 3, 999_999) == (0, 0)


def test_torpedo_damage_converts_a_breakdown():
    """R3.1: at 1 repair, 1 damage empties repairs; a breakdown refills them to 3."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: e3, repairs: 1, breakdowns: 2}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    game.play("pass")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (3, 1)


def test_torpedo_used_as_a_response_resolves_first():
    """R5.2, R5.3: the destroyer answers with its own torpedo; LIFO resolution, both hit."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "e3")
    game.play("torpedo red-destroyer")
    game.play("respond torpedo blue-submarine")
    assert game.to_move == "blue-submarine"          # asked about the response (D5.4)
    game.play("pass")
    assert game.ship("blue-submarine").repairs == 2
    assert game.ship("red-destroyer").repairs == 2
    assert game.ship("red-destroyer").crew_on("torpedo") == 2


def test_orders_maneuver_draws_the_top_card():
    """R4.5 orders: draw 1 order card from the top of the deck."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: g3}
    hands: {blue-submarine: [ambush]}
    deck: [kamikaze, mechanic]
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("orders")
    assert game.hand("blue-submarine") == ["ambush", "kamikaze"]
    assert game.to_move == "blue-submarine"


def test_orders_maneuver_over_the_hand_limit_forces_a_discard():
    """R7.2, D7.2: a 4th card must be discarded at once, by the hand's owner."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: g3}
    hands: {blue-submarine: [ambush, deserter, evasion]}
    deck: [kamikaze]
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("orders")
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == ["discard ambush", "discard deserter", "discard evasion",
                                  "discard kamikaze"]
    game.play("discard deserter")
    assert sorted(game.hand("blue-submarine")) == ["ambush", "evasion", "kamikaze"]
    assert "end" in game.legal_moves()


# --------------------------------------------------------------------------- submarine

def test_immersion_moves_up_to_two_boxes():
    """R4.5 immersion: move 2 boxes (1 or 2 steps, D4.6)."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "h6")
    assert "immersion d3" in game.legal_moves()
    game.play("immersion d3 e4")
    sub = game.ship("blue-submarine")
    assert (sub.position, sub.crew_on("immersion"), sub.reserve) == ("e4", 2, 4)


def test_immersion_cannot_go_three_boxes():
    """D4.6: a move of 2 takes at most 2 voluntary steps."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "h6")
    assert_illegal(game, "immersion d3 e3 f3", "D4.6")


def test_immersion_is_a_submarine_maneuver_only():
    """R1.5: immersion is on the submarine's control card, not the destroyer's."""
    game = row_scenario("blue-destroyer", "c3", "red-destroyer", "h6")
    assert_illegal(game, "immersion d3 e3", "R1.5")


def test_countermeasure_damages_target_and_repairs_own_ship():
    """R4.5 countermeasure: 1 repair damage to the target, its own ship regains 1 repair."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3, repairs: 2, breakdowns: 3}
      red-destroyer: {at: e3}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("countermeasure red-destroyer")
    assert game.to_move == "red-destroyer"
    game.play("pass")
    assert (game.ship("red-destroyer").repairs, game.ship("red-destroyer").breakdowns) == (2, 3)
    assert (game.ship("blue-submarine").repairs, game.ship("blue-submarine").breakdowns) == (3, 3)


def test_countermeasure_self_repair_is_capped():
    """R3.4: at full repairs the regain does nothing (and never adds a breakdown)."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3, repairs: 3, breakdowns: 2}
      red-destroyer: {at: e3}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("countermeasure red-destroyer")
    game.play("pass")
    assert (game.ship("blue-submarine").repairs, game.ship("blue-submarine").breakdowns) == (3, 2)
    assert game.ship("red-destroyer").repairs == 2


def test_countermeasure_chain_a_b_a_resolves_last_in_first_out():
    """R5.3 printed example: A torpedoes, B answers with countermeasure, A answers
    with countermeasure. Resolution: A's countermeasure (red -1, blue capped at 3),
    B's countermeasure (blue -1, red +1), A's torpedo (red -1)."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-submarine: {at: e3}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-submarine")
    game.play("respond countermeasure blue-submarine")
    assert game.to_move == "blue-submarine"
    game.play("respond countermeasure red-submarine")
    assert game.to_move == "red-submarine"
    game.play("pass")
    assert game.to_move == "blue-submarine"
    assert game.ship("blue-submarine").repairs == 2
    assert game.ship("red-submarine").repairs == 2


def test_heavy_torpedo_deals_two_repair_damage_at_range_three():
    """R4.5 heavy torpedo: 2 repair damage, range 3."""
    game = row_scenario("blue-submarine", "a3", "red-destroyer", "d3")
    game.play("heavy_torpedo red-destroyer")
    assert game.to_move == "red-destroyer"
    game.play("pass")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (1, 3)


def test_heavy_torpedo_cannot_be_used_as_a_response():
    """R5.2, D4.5: heavy torpedo is not a response maneuver."""
    game = row_scenario("blue-destroyer", "b3", "red-submarine", "c3")
    game.play("depth_charge red-submarine")
    assert game.to_move == "red-submarine"
    legal = game.legal_moves()
    assert "respond torpedo blue-destroyer" in legal
    assert_illegal(game, "respond heavy_torpedo blue-destroyer", "R5.2")


def test_floating_mine_deals_two_damage_and_one_crew_damage():
    """R4.5 floating mine: 2 repair damage + 1 crew damage (reserve → withdrawn, R3.5)."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "d4")
    game.play("floating_mine red-destroyer")
    game.play("pass")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns, red.reserve, red.withdrawn) == (1, 3, 5, 1)


def test_floating_mine_crew_damage_takes_only_reserve_crew():
    """D3.5: a target with no crew in reserve loses no crew."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: d3, crew_on: {missile: 2, shield: 2, assault: 2}}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("floating_mine red-destroyer")
    red = game.ship("red-destroyer")
    assert game.to_move == "blue-submarine"     # red cannot pay any response
    assert (red.repairs, red.reserve, red.withdrawn) == (1, 0, 0)


# --------------------------------------------------------------------------- destroyer

def test_missile_deals_one_damage_without_a_window():
    """R4.5 missile: 1 repair damage, cannot be responded to (R5.1)."""
    game = row_scenario("blue-destroyer", "c3", "red-submarine", "e5")
    game.play("missile red-submarine")
    assert game.to_move == "blue-destroyer"
    red = game.ship("red-submarine")
    assert (red.repairs, red.breakdowns) == (2, 3)


def test_depth_charge_deals_two_repair_damage():
    """R4.5 depth charge: 2 repair damage, range 1, respondable."""
    game = row_scenario("blue-destroyer", "c3", "red-submarine", "d4")
    game.play("depth_charge red-submarine")
    assert game.to_move == "red-submarine"
    game.play("pass")
    red = game.ship("red-submarine")
    assert (red.repairs, red.breakdowns) == (1, 3)


def test_shield_cancels_the_answered_maneuver_and_its_crew_stay_spent():
    """R4.5 shield, D4.7: the torpedo it answers is cancelled; the torpedo's crew
    stay on it and the shield's crew are spent too."""
    game = row_scenario("blue-submarine", "c3", "red-destroyer", "e3")
    game.play("torpedo red-destroyer")
    game.play("respond shield blue-submarine")
    assert game.to_move == "blue-submarine"   # asked about the shield (countermeasure)
    game.play("pass")
    assert game.to_move == "blue-submarine"
    red = game.ship("red-destroyer")
    blue = game.ship("blue-submarine")
    assert (red.repairs, red.breakdowns) == (3, 3)
    assert (blue.crew_on("torpedo"), blue.reserve) == (2, 4)
    assert (red.crew_on("shield"), red.reserve) == (2, 4)
    assert "torpedo red-destroyer" not in game.legal_moves()


def test_shield_protects_another_ship():
    """D4.7: shield targets the source, not the threatened ship: the destroyer
    cancels a heavy torpedo aimed at its carrier."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: a3}
      red-aircraft_carrier: {at: d3, crew_on: {torpedo: 2, air_support: 2}}
      red-destroyer: {at: c1}
      blue-destroyer: {sunk: true}  # D2.9: equal sides
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("heavy_torpedo red-aircraft_carrier")
    assert game.to_move == "red-destroyer"
    assert "respond shield red-aircraft_carrier" not in game.legal_moves()
    game.play("respond shield blue-submarine")
    pass_all(game)
    assert game.ship("red-aircraft_carrier").repairs == 3
    assert game.ship("blue-submarine").crew_on("heavy_torpedo") == 3


def test_shield_is_only_usable_as_a_response():
    """D4.7: with nothing to answer, shield is not a legal maneuver."""
    game = row_scenario("blue-destroyer", "c3", "red-submarine", "e3")
    assert not any(m.startswith("shield") for m in game.legal_moves())
    assert_illegal(game, "shield red-submarine", "D4.7")


def test_shield_must_target_the_source_of_the_answered_item():
    """D4.7: the shield's target is the ship that performed the answered item."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      blue-aircraft_carrier: {at: c4}
      red-destroyer: {at: e3}
      red-submarine: {sunk: true}  # D2.9: equal sides
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.to_move == "red-destroyer"
    assert_illegal(game, "respond shield blue-aircraft_carrier", "D4.7")


def test_assault_deals_one_repair_damage_in_the_english_edition():
    """R4.5, §10: en assault = 1 repair damage (not 1 breakdown damage), range 1."""
    game = row_scenario("blue-destroyer", "c3", "red-submarine", "c4")
    game.play("assault red-submarine")
    assert game.to_move == "red-submarine"
    game.play("pass")
    red = game.ship("red-submarine")
    assert (red.repairs, red.breakdowns) == (2, 3)


# --------------------------------------------------------------------------- aircraft carrier

def test_air_support_deals_one_repair_damage_at_range_three():
    """R4.5 air support: 1 repair damage, range 3, respondable."""
    game = row_scenario("blue-aircraft_carrier", "a1", "red-submarine", "d4")
    game.play("air_support red-submarine")
    assert game.to_move == "red-submarine"
    game.play("pass")
    red = game.ship("red-submarine")
    assert (red.repairs, red.breakdowns) == (2, 3)


def test_air_support_can_be_used_as_a_response():
    """R4.5, D4.5: air support is a response maneuver."""
    game = row_scenario("blue-submarine", "c3", "red-aircraft_carrier", "e3")
    game.play("torpedo red-aircraft_carrier")
    assert "respond air_support blue-submarine" in game.legal_moves()
    game.play("respond air_support blue-submarine")
    pass_all(game)
    assert game.ship("blue-submarine").repairs == 2
    assert game.ship("red-aircraft_carrier").repairs == 2
    assert game.ship("red-aircraft_carrier").crew_on("air_support") == 2


def test_radio_support_repairs_a_friendly_ship_at_once():
    """R4.5 radio support: target regains 1 repair, range 2, not respondable."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-aircraft_carrier: {at: c3}
      blue-destroyer: {at: e3, repairs: 1, breakdowns: 2}
      red-destroyer: {at: d4}
      red-submarine: {sunk: true}  # D2.9: equal sides
    turn: blue-aircraft_carrier
    phase: maneuvers
    """)
    game.play("radio_support blue-destroyer")
    assert game.to_move == "blue-aircraft_carrier"
    friend = game.ship("blue-destroyer")
    assert (friend.repairs, friend.breakdowns) == (2, 2)
    carrier = game.ship("blue-aircraft_carrier")
    assert (carrier.crew_on("radio_support"), carrier.reserve) == (1, 5)


def test_radio_support_at_full_repairs_does_not_add_a_breakdown():
    """R3.4: regaining a repair at full repairs does nothing."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-aircraft_carrier: {at: c3, repairs: 3, breakdowns: 1}
      red-destroyer: {at: g3}
    turn: blue-aircraft_carrier
    phase: maneuvers
    """)
    game.play("radio_support blue-aircraft_carrier")
    carrier = game.ship("blue-aircraft_carrier")
    assert (carrier.repairs, carrier.breakdowns) == (3, 1)


def test_medical_equipment_regains_one_breakdown():
    """R4.5 medical equipment: target regains 1 breakdown, range 2, respondable."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-aircraft_carrier: {at: c3}
      blue-submarine: {at: c5, repairs: 2, breakdowns: 1}
      red-destroyer: {at: g3}
      red-submarine: {sunk: true}  # D2.9: equal sides
    turn: blue-aircraft_carrier
    phase: maneuvers
    """)
    game.play("medical_equipment blue-submarine")
    assert game.to_move == "red-destroyer"
    game.play("pass")
    pass_all(game)
    sub = game.ship("blue-submarine")
    assert (sub.repairs, sub.breakdowns) == (2, 2)
    carrier = game.ship("blue-aircraft_carrier")
    assert (carrier.crew_on("medical_equipment"), carrier.reserve) == (3, 3)


def test_medical_equipment_is_capped_at_three_breakdowns():
    """R3.4: regaining a breakdown never exceeds the track size."""
    game = row_scenario("blue-aircraft_carrier", "c3", "red-destroyer", "g3")
    game.play("medical_equipment blue-aircraft_carrier")
    pass_all(game)
    carrier = game.ship("blue-aircraft_carrier")
    assert (carrier.repairs, carrier.breakdowns) == (3, 3)


def test_radar_deals_one_damage_and_one_crew_damage_at_once():
    """R4.5 radar: 1 repair damage + 1 crew damage, range 3, not respondable."""
    game = row_scenario("blue-aircraft_carrier", "a3", "red-destroyer", "d3")
    game.play("radar red-destroyer")
    assert game.to_move == "blue-aircraft_carrier"
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns, red.reserve, red.withdrawn) == (2, 3, 5, 1)


def test_movement_running_water_chain_adds_a_step_per_current_box():
    """R2.5: d3 and e3 are running water: entering d3 forces e3, entering e3
    forces one more step; the whole move is one string."""
    game = scenario_game("""
    board: |
      ........
      ........
      ...~~...
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: h6}
    turn: blue-submarine
    phase: maneuvers
    """)
    legal = game.legal_moves()
    assert "movement d3 e3" not in legal
    assert "movement d3 e3 f3" in legal
    game.play("movement d3 e3 f4")
    assert game.ship("blue-submarine").position == "f4"


def test_running_water_bonus_is_lost_when_only_visited_boxes_remain():
    """D2.5a: from c3 into running water d3, whose only free neighbour is the start
    box c3: the forced step is lost and the ship stops on d3."""
    game = scenario_game("""
    board: |
      ........
      ..###...
      ...~#...
      ..###...
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: h6}
    turn: blue-submarine
    phase: maneuvers
    """)
    assert "movement d3 c3" not in game.legal_moves()
    game.play("movement d3")
    assert game.ship("blue-submarine").position == "d3"


def test_immersion_forced_current_step_comes_on_top_of_the_two_boxes():
    """D4.6: forced current steps come on top of N: d3 (~) forces e3, then the
    second voluntary step goes on to f3."""
    game = scenario_game("""
    board: |
      ........
      ........
      ...~....
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: h6}
    turn: blue-submarine
    phase: maneuvers
    """)
    assert "immersion d3 e2 f3" in game.legal_moves()  # f3 through d3: e2 sorts first
    game.play("immersion d3 e3 f3")  # another path to it, played as it
    assert game.ship("blue-submarine").position == "f3"
    assert game.moves == ["immersion d3 e2 f3"]


def test_radar_crew_damage_takes_only_reserve_crew():
    """D3.5: radar's crew damage does nothing to a ship with an empty reserve."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-aircraft_carrier: {at: c3}
      red-destroyer: {at: e3, crew_on: {missile: 2, shield: 2, assault: 2}}
    turn: blue-aircraft_carrier
    phase: maneuvers
    """)
    game.play("radar red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.reserve, red.withdrawn) == (2, 0, 0)


def test_shield_cancels_only_the_item_it_answers():
    """D4.7, R5.3: blue's shield answers red's shield, so red's shield is cancelled
    and the torpedo at the bottom of the chain still hits."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      blue-destroyer: {at: c5}
      red-submarine: {at: e3}
      red-destroyer: {at: e5}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-submarine")
    while game.to_move != "red-destroyer":
        game.play("pass")
    game.play("respond shield blue-submarine")
    while game.to_move != "blue-destroyer":
        game.play("pass")
    game.play("respond shield red-destroyer")
    pass_all(game)
    assert game.to_move == "blue-submarine"
    assert game.ship("red-submarine").repairs == 2
    assert game.ship("red-destroyer").crew_on("shield") == 2
    assert game.ship("blue-destroyer").crew_on("shield") == 2
