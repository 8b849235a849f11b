"""Crew, damage and cards: maneuver costs and availability (R4.1), recovery
(R6.1, D6.1), crew loss (R3.5, D3.5), damage conversion (R3.1-R3.3), regain
caps (R3.4), no-effect maneuvers (D4.8), the hand limit (R7.2, D7.2) and one
order per turn (R6.2, R7.3)."""


import pytest

import redcode_rules as rc

from conftest import scenario_game, starting


def total_crew(ship) -> int:
    return ship.reserve + ship.withdrawn + sum(ship.crew.values())


# --------------------------------------------------------------- cost and availability (R4.1)


def test_r4_1_cost_is_paid_onto_the_maneuver_and_blocks_it():
    """R4.1: repair costs 2: 2 crew leave the reserve for its boxes; it is then
    unavailable until recovered. (red's responses are spent: no response window.)"""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2, repairs: 2}
          red-destroyer: {at: h6, crew_on: {torpedo: 2, shield: 2}}
        phase: maneuvers
    """)
    game.play("repair")
    assert game.to_move == "blue-submarine"
    ship = game.ship("blue-submarine")
    assert ship.repairs == 3
    assert ship.crew_on("repair") == 2
    assert ship.reserve == 4
    assert ship.withdrawn == 0
    assert "repair" not in game.legal_moves()
    with pytest.raises(rc.IllegalMove):
        game.play("repair")
    assert game.ship("blue-submarine").reserve == 4


def test_r4_1_a_maneuver_costing_more_than_the_reserve_is_not_available():
    """R4.1: heavy torpedo costs 3; with 2 crew in reserve it cannot be used."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2, crew_on: {floating_mine: 3}, withdrawn: 1}
          red-destroyer: {at: b4}
        phase: maneuvers
    """)
    assert game.ship("blue-submarine").reserve == 2
    assert starting(game, "heavy_torpedo") == []
    assert starting(game, "torpedo") == ["torpedo blue-submarine", "torpedo red-destroyer"]


def test_r6_1_partial_recovery_leaves_maneuvers_unavailable():
    """R4.1/R6.1: recovering 1 of torpedo's 2 crew and 1 of immersion's 2 leaves both
    unavailable for the turn."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2, crew_on: {torpedo: 2, immersion: 2}}
          red-destroyer: {at: b4}
    """)
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == ["recover immersion", "recover torpedo"]
    game.play("recover torpedo")
    assert game.legal_moves() == ["recover immersion", "recover torpedo"]
    game.play("recover immersion")
    ship = game.ship("blue-submarine")
    assert ship.crew_on("torpedo") == 1
    assert ship.crew_on("immersion") == 1
    assert ship.reserve == 4
    legal = game.legal_moves()
    assert "end" in legal
    assert starting(game, "torpedo") == []
    assert starting(game, "immersion") == []
    assert "movement a1" in legal


def test_r6_1_recovering_both_crew_of_a_maneuver_makes_it_available():
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2, crew_on: {torpedo: 2}}
          red-destroyer: {at: b4}
    """)
    game.play("recover torpedo")
    assert game.legal_moves() == ["recover torpedo"]
    game.play("recover torpedo")
    ship = game.ship("blue-submarine")
    assert ship.crew_on("torpedo") == 0
    assert ship.reserve == 6
    assert "torpedo red-destroyer" in game.legal_moves()


def test_r6_1_recovery_of_two_at_the_start_of_the_next_turn():
    """R6.1: when red's turn starts it recovers 2 of its 3 crew out, from the
    maneuver or the withdrawn pile, its choice; then it is in its maneuvers phase."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: h6, crew_on: {torpedo: 2}, withdrawn: 1}
        phase: maneuvers
    """)
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert game.legal_moves() == ["recover torpedo", "recover withdrawn"]
    game.play("recover withdrawn")
    assert game.legal_moves() == ["recover torpedo"]
    game.play("recover torpedo")
    ship = game.ship("red-destroyer")
    assert (ship.reserve, ship.withdrawn, ship.crew_on("torpedo")) == (5, 0, 1)
    assert "end" in game.legal_moves()
    assert starting(game, "torpedo") == []


def test_r6_1_recover_from_withdrawn():
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2, withdrawn: 2}
          red-destroyer: {at: h6}
    """)
    assert game.legal_moves() == ["recover withdrawn"]
    game.play("recover withdrawn")
    game.play("recover withdrawn")
    ship = game.ship("blue-submarine")
    assert (ship.reserve, ship.withdrawn) == (6, 0)
    assert "end" in game.legal_moves()


def test_d6_1_one_crew_out_means_one_recovery():
    """D6.1: with fewer than 2 crew out, recover what there is; then the maneuvers phase."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2, crew_on: {movement: 1}}
          red-destroyer: {at: h6}
    """)
    assert game.legal_moves() == ["recover movement"]
    game.play("recover movement")
    assert game.to_move == "blue-submarine"
    assert "end" in game.legal_moves()
    assert "movement a1" in game.legal_moves()
    assert not any(m.startswith("recover") for m in game.legal_moves())
    assert game.ship("blue-submarine").reserve == 6


def test_d6_1_no_crew_out_starts_in_the_maneuvers_phase():
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: h6}
    """)
    legal = game.legal_moves()
    assert "end" in legal
    assert not any(m.startswith("recover") for m in legal)


def test_d6_1_recovery_is_mandatory():
    """D6.1: while crew are out the player cannot skip recovery."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2, crew_on: {torpedo: 2}}
          red-destroyer: {at: h6}
    """)
    with pytest.raises(rc.IllegalMove):
        game.play("end")
    with pytest.raises(rc.IllegalMove):
        game.play("movement a1")


# --------------------------------------------------------------- crew loss (R3.5, D3.5)


def test_r3_5_crew_loss_moves_reserve_crew_to_withdrawn():
    """R3.5: floating mine: 2 repair damage + 1 crew from reserve to withdrawn."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c4, crew_on: {torpedo: 2, shield: 2}}
        phase: maneuvers
    """)
    game.play("floating_mine red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (1, 3)
    assert (red.reserve, red.withdrawn) == (1, 1)
    assert red.crew_on("torpedo") == 2
    assert total_crew(red) == 6


def test_d3_5_only_reserve_crew_can_be_lost():
    """D3.5: floating mine on a ship with 0 crew in reserve withdraws nobody;
    crew on maneuvers stay where they are."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c4, crew_on: {torpedo: 2, shield: 2, missile: 2}}
        phase: maneuvers
    """)
    game.play("floating_mine red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn) == (0, 0)
    assert (red.crew_on("torpedo"), red.crew_on("shield"), red.crew_on("missile")) == (2, 2, 2)
    assert red.repairs == 1
    assert total_crew(red) == 6


def test_d3_5_deserter_with_empty_reserve_loses_nothing():
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6, crew_on: {torpedo: 2, shield: 2}, withdrawn: 2}
        hands: {blue-submarine: [deserter]}
        phase: maneuvers
    """)
    game.play("order deserter red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn) == (0, 2)
    assert total_crew(red) == 6


def test_r1_3_crew_total_stays_six_through_a_turn():
    """R1.3: reserve + on maneuvers + withdrawn is always 6."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3, crew_on: {torpedo: 1}, withdrawn: 1}
          red-destroyer: {at: h6}
        hands: {blue-submarine: [deserter]}
    """)
    moves = ["recover torpedo", "recover withdrawn", "immersion d3 e3", "order deserter blue-submarine",
             "movement f3", "end"]
    for move in moves:
        game.play(move)
        for sid in game.ships:
            assert total_crew(game.ship(sid)) == 6, move
    blue = game.ship("blue-submarine")
    assert (blue.reserve, blue.withdrawn) == (2, 1)
    assert blue.crew_on("immersion") == 2 and blue.crew_on("movement") == 1


# --------------------------------------------------------------- damage (R3.1-R3.3)


@pytest.mark.parametrize("order, before, after", [
    pytest.param("captain", (1, 1), (3, 0), id="1-1_hit1"),
    pytest.param("ambush", (2, 1), (3, 0), id="2-1_hit2"),
    pytest.param("kamikaze", (3, 3), (3, 2), id="3-3_breakdown1"),
    pytest.param("captain", (3, 3), (2, 3), id="3-3_hit1"),
    pytest.param("ambush", (1, 2), (2, 1), id="1-2_hit2"),
    pytest.param("kamikaze", (2, 2), (2, 1), id="2-2_breakdown1"),
])
def test_r3_1_damage_converts_a_breakdown_into_three_repairs(order, before, after):
    """R3.1/R3.3: damage removes repairs; at 0 repairs a breakdown becomes 3 repairs
    at once. captain = 1, ambush = 2, kamikaze = 3 (1 breakdown damage)."""
    repairs, breakdowns = before
    game = scenario_game(f"""
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6, repairs: {repairs}, breakdowns: {breakdowns}}}
        hands: {{blue-submarine: [{order}]}}
        deck: [evasion]
        phase: maneuvers
    """)
    game.play(f"order {order} red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == after
    assert red.sunk is False
    assert red.position == "h6"


@pytest.mark.parametrize("order, before", [
    pytest.param("captain", (1, 0), id="1-0_hit1"),
    pytest.param("ambush", (2, 0), id="2-0_hit2"),
    pytest.param("kamikaze", (3, 0), id="3-0_breakdown1"),
    pytest.param("kamikaze", (2, 0), id="2-0_breakdown1_overkill"),
])
def test_r3_2_no_repairs_and_no_breakdowns_is_sunk(order, before):
    repairs, breakdowns = before
    game = scenario_game(f"""
        mode: war
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6, repairs: {repairs}, breakdowns: {breakdowns}}}
        hands: {{blue-submarine: [{order}]}}
        deck: [evasion, mechanic]
        phase: maneuvers
    """)
    game.play(f"order {order} red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (0, 0)
    assert red.sunk is True
    assert red.position is None


def test_r3_1_missile_maneuver_damage_converts_too():
    """R3.1 through a maneuver: missile (1 damage, no window) on (1, 1) -> (3, 0)."""
    game = scenario_game("""
        ships:
          blue-destroyer: {at: a1}
          red-submarine: {at: c1, repairs: 1, breakdowns: 1}
        phase: maneuvers
    """)
    game.play("missile red-submarine")
    red = game.ship("red-submarine")
    assert (red.repairs, red.breakdowns) == (3, 0)


# --------------------------------------------------------------- regain caps (R3.4), D4.8


def test_r3_4_d4_8_repair_at_full_does_nothing_but_spends_crew():
    """R3.4: repair at 3 repairs stays 3 and is never turned into a breakdown (2 stays 2).
    D4.8: it is still legal and its 2 crew are spent."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1, repairs: 3, breakdowns: 2}
          red-destroyer: {at: h6, crew_on: {torpedo: 2, shield: 2}}
        phase: maneuvers
    """)
    assert "repair" in game.legal_moves()
    game.play("repair")
    assert game.to_move == "blue-submarine"
    ship = game.ship("blue-submarine")
    assert (ship.repairs, ship.breakdowns) == (3, 2)
    assert ship.crew_on("repair") == 2
    assert ship.reserve == 4


def test_r3_4_medical_equipment_at_full_breakdowns_does_nothing():
    game = scenario_game("""
        ships:
          blue-aircraft_carrier: {at: a1, repairs: 1, breakdowns: 3}
          red-destroyer: {at: h6, crew_on: {torpedo: 2, shield: 2}}
        phase: maneuvers
    """)
    game.play("medical_equipment blue-aircraft_carrier")
    assert game.to_move == "blue-aircraft_carrier"
    ship = game.ship("blue-aircraft_carrier")
    assert (ship.repairs, ship.breakdowns) == (1, 3)
    assert ship.crew_on("medical_equipment") == 3
    assert ship.reserve == 3


def test_r3_4_medical_equipment_regains_one_breakdown():
    game = scenario_game("""
        ships:
          blue-aircraft_carrier: {at: a1, repairs: 1, breakdowns: 1}
          red-destroyer: {at: h6, crew_on: {torpedo: 2, shield: 2}}
        phase: maneuvers
    """)
    game.play("medical_equipment blue-aircraft_carrier")
    assert game.to_move == "blue-aircraft_carrier"
    ship = game.ship("blue-aircraft_carrier")
    assert (ship.repairs, ship.breakdowns) == (1, 2)


def test_r3_4_mechanic_stops_at_the_track_size():
    """R3.4: mechanic (regain 2 repairs) at 2 repairs gives 3, not 4, and no breakdown."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1, repairs: 2, breakdowns: 1}
          red-destroyer: {at: h6}
        hands: {blue-submarine: [mechanic]}
        phase: maneuvers
    """)
    game.play("order mechanic blue-submarine")
    ship = game.ship("blue-submarine")
    assert (ship.repairs, ship.breakdowns) == (3, 1)


# --------------------------------------------------------------- hand limit (R7.2, D7.2)


def test_d7_2_drawing_a_fourth_card_forces_a_discard_at_once():
    """R7.2/D7.2: orders draws the 4th card; the owner must discard before anything else."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
        hands: {blue-submarine: [ambush, deserter, kamikaze]}
        deck: [evasion, captain]
        phase: maneuvers
    """)
    game.play("orders")
    assert sorted(game.hand("blue-submarine")) == ["ambush", "deserter", "evasion", "kamikaze"]
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == [
        "discard ambush", "discard deserter", "discard evasion", "discard kamikaze",
    ]
    with pytest.raises(rc.IllegalMove):
        game.play("end")
    game.play("discard deserter")
    assert sorted(game.hand("blue-submarine")) == ["ambush", "evasion", "kamikaze"]
    assert "deserter" in game.discards
    assert game.deck == ["captain"]
    assert "end" in game.legal_moves()


def test_d7_2_the_owner_discards_even_during_another_players_turn():
    """D7.2/D6.4: red sinks blue with a response during blue's turn (war), draws a 4th
    card (R8.3) and must discard at once: red is to move, only discards are legal."""
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: c3, repairs: 1, breakdowns: 0, crew_on: {countermeasure: 2}}
          red-destroyer: {at: c5, crew_on: {shield: 2}}
        hands: {red-destroyer: [ambush, deserter, kamikaze]}
        deck: [evasion, captain]
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.to_move == "red-destroyer"
    game.play("respond torpedo blue-submarine")
    assert game.ship("blue-submarine").sunk is True
    assert game.to_move == "red-destroyer"
    assert game.legal_moves() == [
        "discard ambush", "discard deserter", "discard evasion", "discard kamikaze",
    ]
    game.play("discard ambush")
    assert sorted(game.hand("red-destroyer")) == ["deserter", "evasion", "kamikaze"]


# --------------------------------------------------------------- one order per turn (R6.2)


def test_r6_2_at_most_one_order_card_per_turn():
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
        hands: {blue-submarine: [ambush, kamikaze]}
        phase: maneuvers
    """)
    game.play("order ambush red-destroyer")
    assert game.ship("red-destroyer").repairs == 1
    assert game.hand("blue-submarine") == ["kamikaze"]
    assert starting(game, "order") == []
    with pytest.raises(rc.IllegalMove):
        game.play("order kamikaze red-destroyer")
    assert game.ship("red-destroyer").repairs == 1


def test_r6_2_order_played_in_scenario_forbids_another():
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
        hands: {blue-submarine: [ambush]}
        phase: maneuvers
        order_played: true
    """)
    assert starting(game, "order") == []


def test_r6_2_the_order_limit_resets_next_turn():
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
        hands: {blue-submarine: [ambush, kamikaze]}
        phase: maneuvers
        order_played: true
    """)
    game.play("end")
    game.play("end")
    assert game.to_move == "blue-submarine"
    assert starting(game, "order") == [
        "order ambush blue-submarine", "order ambush red-destroyer",
        "order kamikaze blue-submarine", "order kamikaze red-destroyer",
    ]


def test_r7_3_orders_ignore_range_and_visual_field():
    """R7.3: red-destroyer behind an island, 7 boxes away, is a legal order target."""
    game = scenario_game("""
        board: |
          .#......
          ........
          ........
          ........
          ........
          ........
        start_cards: {blue: c5}  # open water (D2.7)
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h1}
        hands: {blue-submarine: [ambush]}
        phase: maneuvers
    """)
    assert starting(game, "torpedo") == ["torpedo blue-submarine"]
    game.play("order ambush red-destroyer")
    assert game.ship("red-destroyer").repairs == 1
