"""Modes and winning: arena elimination and catch-up (R8.1, R8.2, §10), war
scoring, the sinker's draw and respawn (R8.3, D8.3, R8.4, D8.4), victory at 5
points and the turn limit (D8.5)."""


import pytest

import redcode_rules as rc

from conftest import scenario_game


def all_target_moves(game: rc.Game, ship_id: str) -> list[str]:
    return [m for m in game.legal_moves() if ship_id in m.split()]


# --------------------------------------------------------------- arena (R8.1)


def test_r8_1_arena_sunk_ship_is_eliminated_and_skipped_in_turn_order():
    """R8.1/D6.3: seats blue-sub, red-dest, blue-carrier, red-carrier; red-dest sinks
    and is out: after blue-sub's turn comes blue-carrier's, then red-carrier's."""
    game = scenario_game("""
        mode: arena
        ships:
          blue-submarine: {at: a1}
          blue-aircraft_carrier: {at: b1}
          red-destroyer: {at: h6, repairs: 2, breakdowns: 0}
          red-aircraft_carrier: {at: h1}
        hands: {blue-submarine: [ambush]}
        deck: [captain, evasion, deserter]
        phase: maneuvers
    """)
    game.play("order ambush red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.sunk, red.eliminated, red.position) == (True, True, None)
    assert game.is_over is False
    assert game.winner is None
    turns = []
    for _ in range(4):
        game.play("end")
        turns.append(game.to_move)
    assert turns == ["blue-aircraft_carrier", "red-aircraft_carrier", "blue-submarine",
                     "blue-aircraft_carrier"]


def test_r8_1_arena_side_with_no_ship_left_loses():
    game = scenario_game("""
        mode: arena
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6, repairs: 2, breakdowns: 0}
        hands: {blue-submarine: [ambush]}
        deck: [captain]
        phase: maneuvers
    """)
    game.play("order ambush red-destroyer")
    assert game.is_over is True
    assert game.winner == "blue"
    assert game.to_move is None
    assert game.legal_moves() == []


def test_r8_1_arena_last_ship_of_a_side_with_an_earlier_loss():
    """R8.1: red-destroyer is already out (sunk in the scenario); sinking red's
    last ship ends the game for blue."""
    game = scenario_game("""
        mode: arena
        ships:
          blue-submarine: {at: a1}
          blue-destroyer: {at: a2}
          red-destroyer: {sunk: true}
          red-aircraft_carrier: {at: h6, repairs: 1, breakdowns: 0}
        hands: {blue-submarine: [captain]}
        deck: [evasion]
        phase: maneuvers
    """)
    game.play("order captain red-aircraft_carrier")
    assert game.is_over is True
    assert game.winner == "blue"


# --------------------------------------------------------------- arena catch-up (R8.2, §10)

TWO_V_TWO = """
    mode: arena
    edition: %s
    ships:
      blue-submarine: {at: c3}
      blue-aircraft_carrier: {at: c4, repairs: 1, breakdowns: 0, withdrawn: 6}
      red-destroyer: {at: h1, repairs: 2, breakdowns: 0}
      red-aircraft_carrier: {at: h6, withdrawn: 6}
    hands: {blue-submarine: [ambush]}
    deck: [captain, evasion, deserter, boatswain]
    phase: maneuvers
"""


@pytest.mark.parametrize("edition", ["en", "es", "it"])
def test_r8_2_two_v_two_first_side_to_lose_a_ship_draws_two(edition):
    """R8.2: red loses red-destroyer first: its surviving ship draws 2 cards. Then
    blue loses blue-carrier (its own torpedo, nobody can respond): nothing more."""
    game = scenario_game(TWO_V_TWO % edition)
    game.play("order ambush red-destroyer")
    assert game.ship("red-destroyer").eliminated is True
    assert game.hand("red-aircraft_carrier") == ["captain", "evasion"]
    assert game.hand("blue-submarine") == []
    assert game.deck == ["deserter", "boatswain"]
    game.play("torpedo blue-aircraft_carrier")
    assert game.ship("blue-aircraft_carrier").eliminated is True
    assert game.is_over is False
    assert game.hand("blue-submarine") == []
    assert game.hand("red-aircraft_carrier") == ["captain", "evasion"]
    assert game.deck == ["deserter", "boatswain"]


THREE_V_THREE = """
    mode: arena
    edition: %s
    ships:
      blue-submarine: {at: c3}
      blue-destroyer: {at: a1, withdrawn: 6}
      blue-aircraft_carrier: {at: b1, withdrawn: 6}
      red-submarine: {at: h1, repairs: 2, breakdowns: 0}
      red-destroyer: {at: c5, repairs: 1, breakdowns: 0, withdrawn: 6}
      red-aircraft_carrier: {at: h6, withdrawn: 6}
    hands: {blue-submarine: [ambush]}
    deck: [captain, evasion, ambush, deserter, boatswain]
    phase: maneuvers
"""


def test_r8_2_three_v_three_en_two_cards_when_reduced_to_one_ship():
    """§10 en: losing the first ship gives nothing; the first side reduced to 1 ship
    draws 2 cards (to its survivor)."""
    game = scenario_game(THREE_V_THREE % "en")
    game.play("order ambush red-submarine")
    assert game.ship("red-submarine").eliminated is True
    assert game.hand("red-destroyer") == []
    assert game.hand("red-aircraft_carrier") == []
    assert len(game.deck) == 5
    game.play("torpedo red-destroyer")
    assert game.ship("red-destroyer").eliminated is True
    assert game.hand("red-aircraft_carrier") == ["captain", "evasion"]
    assert game.deck == ["ambush", "deserter", "boatswain"]
    assert game.is_over is False


@pytest.mark.parametrize("edition", ["es", "it"])
def test_r8_2_three_v_three_es_it_one_each_at_two_ships_then_two_at_one(edition):
    """§10 es/it: reduced to 2 ships: 2 cards shared, 1 each to the two survivors;
    reduced to 1 ship: 2 more cards to the survivor."""
    game = scenario_game(THREE_V_THREE % edition)
    game.play("order ambush red-submarine")
    dest, carrier = game.hand("red-destroyer"), game.hand("red-aircraft_carrier")
    assert len(dest) == 1 and len(carrier) == 1
    assert sorted(dest + carrier) == ["captain", "evasion"]
    assert game.deck == ["ambush", "deserter", "boatswain"]
    game.play("torpedo red-destroyer")
    assert game.ship("red-destroyer").eliminated is True
    assert sorted(game.hand("red-aircraft_carrier")) == sorted(carrier + ["ambush", "deserter"])
    assert game.deck == ["boatswain"]


# --------------------------------------------------------------- war (R8.3, D8.3)


def test_r8_3_war_sinking_an_enemy_scores_one_and_the_sinker_draws():
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6, repairs: 2, breakdowns: 0}
        hands: {blue-submarine: [ambush]}
        deck: [captain, evasion]
        phase: maneuvers
    """)
    game.play("order ambush red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.sunk, red.position) == (True, None)
    assert red.eliminated is False
    assert game.score == {"blue": 1, "red": 0}
    assert game.hand("blue-submarine") == ["captain"]
    assert game.deck == ["evasion"]
    assert game.is_over is False
    assert all_target_moves(game, "red-destroyer") == []


def test_d8_3_war_sinking_a_friendly_ship_scores_nothing():
    """D8.3: no point for a friendly sinking; the English edition's sinker still
    draws, since its card is for sinking any ship (R8.3, §10)."""
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: a1}
          blue-destroyer: {at: a2, repairs: 2, breakdowns: 0}
          red-destroyer: {at: h6}
          red-submarine: {sunk: true}  # D2.9: equal sides
        hands: {blue-submarine: [ambush]}
        deck: [captain, evasion]
        phase: maneuvers
    """)
    game.play("order ambush blue-destroyer")
    assert game.ship("blue-destroyer").sunk is True
    assert game.score == {"blue": 0, "red": 0}
    assert game.hand("blue-submarine") == ["captain"]
    assert game.deck == ["evasion"]


def test_r8_3_war_sinking_by_a_maneuver_also_scores():
    game = scenario_game("""
        mode: war
        ships:
          blue-destroyer: {at: c3}
          red-submarine: {at: c5, repairs: 1, breakdowns: 0}
        deck: [captain]
        phase: maneuvers
    """)
    game.play("missile red-submarine")
    assert game.ship("red-submarine").sunk is True
    assert game.score == {"blue": 1, "red": 0}
    assert game.hand("blue-destroyer") == ["captain"]


# --------------------------------------------------------------- respawn (R8.4, D8.4)


def test_r8_4_respawn_on_a_free_box_of_the_start_card_fully_restored():
    """R8.4/D8.4: red-destroyer sinks; at red's next turn the only moves are
    `place` on the free boxes of its start card (g5 is taken); it comes back fully
    restored and that turn ends at once."""
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: g5}
          red-destroyer: {at: c3, repairs: 2, breakdowns: 0,
                          crew_on: {torpedo: 2, missile: 1}, withdrawn: 1}
        hands: {blue-submarine: [ambush]}
        deck: [captain]
        phase: maneuvers
    """)
    game.play("order ambush red-destroyer")
    assert game.ship("red-destroyer").position is None
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert game.legal_moves() == ["place g6", "place h5", "place h6"]
    with pytest.raises(rc.IllegalMove):
        game.play("place g5")
    game.play("place h5")
    red = game.ship("red-destroyer")
    assert red.position == "h5"
    assert (red.repairs, red.breakdowns) == (3, 3)
    assert (red.reserve, red.withdrawn) == (6, 0)
    assert all(n == 0 for n in red.crew.values())
    assert (red.sunk, red.intercepted) == (False, False)
    assert game.to_move == "blue-submarine"
    assert game.turn == "blue-submarine"
    assert "torpedo red-destroyer" in game.legal_moves()


def test_r8_4_sunk_ship_in_scenario_must_place_at_its_turn():
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {sunk: true}
        turn: red-destroyer
    """)
    assert game.to_move == "red-destroyer"
    assert game.legal_moves() == ["place g5", "place g6", "place h5", "place h6"]
    game.play("place g6")
    assert game.ship("red-destroyer").position == "g6"
    assert game.to_move == "blue-submarine"


def test_d8_4_with_no_free_start_box_the_sunk_ship_waits():
    """D8.4: all 4 boxes of red's start card are taken: red-destroyer's turn is
    skipped and it stays off the board."""
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: g5}
          blue-destroyer: {at: h5}
          blue-aircraft_carrier: {at: g6}
          red-submarine: {at: h6}
          red-destroyer: {sunk: true}
          red-aircraft_carrier: {at: a1}
        turn: blue-destroyer
        phase: maneuvers
    """)
    assert game.ships == ["blue-submarine", "red-submarine", "blue-destroyer",
                          "red-destroyer", "blue-aircraft_carrier", "red-aircraft_carrier"]
    game.play("end")
    assert game.to_move == "blue-aircraft_carrier"
    red = game.ship("red-destroyer")
    assert (red.sunk, red.position) == (True, None)


# --------------------------------------------------------------- victory (R8.3, D8.5)


def test_r8_3_five_points_wins_at_once():
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6, repairs: 2, breakdowns: 0}
        hands: {blue-submarine: [ambush]}
        deck: [captain]
        score: {blue: 4, red: 3}
        phase: maneuvers
    """)
    game.play("order ambush red-destroyer")
    assert game.score == {"blue": 5, "red": 3}
    assert game.is_over is True
    assert game.winner == "blue"
    assert game.to_move is None
    assert game.legal_moves() == []


def test_r8_3_five_points_ends_the_game_in_the_middle_of_a_chain():
    """R8.3 'at once': red's response sinks blue for red's 5th point; blue's torpedo
    below it never resolves."""
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: c3, repairs: 1, breakdowns: 0, crew_on: {countermeasure: 2}}
          red-destroyer: {at: c5, crew_on: {shield: 2}}
        deck: [captain]
        score: {blue: 0, red: 4}
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    game.play("respond torpedo blue-submarine")
    assert game.is_over is True
    assert game.winner == "red"
    assert game.score == {"blue": 0, "red": 5}
    assert game.ship("red-destroyer").repairs == 3
    assert game.legal_moves() == []


@pytest.mark.parametrize("mode, blue_ships, score, winner", [
    pytest.param("war", 1, "{blue: 1, red: 2}", "red", id="war-red-more-points"),
    pytest.param("war", 1, "{blue: 3, red: 1}", "blue", id="war-blue-more-points"),
    pytest.param("war", 1, "{blue: 2, red: 2}", "draw", id="war-equal"),
    pytest.param("arena", 2, "{}", "blue", id="arena-more-ships"),
    pytest.param("arena", 1, "{}", "draw", id="arena-equal"),
])
def test_d8_5_turn_limit_ends_the_game(mode, blue_ships, score, winner):
    """D8.5 (turn_limit 200): ending turn 200 ends the game: more points (war) or
    more ships (arena) wins, equal is a draw."""
    # 2v2 with a red ship sunk (D2.9: sides are equal; a sunk ship keeps its seat)
    blue_destroyer = "blue-destroyer: {at: a2}" if blue_ships == 2 else ""
    red_submarine = "red-submarine: {sunk: true}" if blue_ships == 2 else ""
    game = scenario_game(f"""
        mode: {mode}
        score: {score}
        turn_number: 200
        phase: maneuvers
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
          {blue_destroyer}
          {red_submarine}
    """)
    assert game.turn_number == 200
    assert game.is_over is False
    game.play("end")
    assert game.is_over is True
    assert game.winner == winner
    assert game.to_move is None
    assert game.legal_moves() == []


def test_d8_5_turn_199_is_not_the_limit():
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
        turn_number: 199
        phase: maneuvers
    """)
    game.play("end")
    assert game.is_over is False
    assert game.to_move == "red-destroyer"


def test_r8_2_es_only_the_first_side_reduced_to_two_draws():
    """§10 es: blue is reduced to 2 ships first (1 card each to blue-sub and
    blue-carrier); red reduced to 2 afterwards gets nothing."""
    game = scenario_game("""
        mode: arena
        edition: es
        ships:
          blue-submarine: {at: c3}
          blue-destroyer: {at: a1, repairs: 2, breakdowns: 0, withdrawn: 6}
          blue-aircraft_carrier: {at: b1, withdrawn: 6}
          red-submarine: {at: h1, withdrawn: 6}
          red-destroyer: {at: c5, repairs: 1, breakdowns: 0, withdrawn: 6}
          red-aircraft_carrier: {at: h6, withdrawn: 6}
        hands: {blue-submarine: [ambush]}
        deck: [captain, evasion, deserter, boatswain]
        phase: maneuvers
    """)
    game.play("order ambush blue-destroyer")
    sub, carrier = game.hand("blue-submarine"), game.hand("blue-aircraft_carrier")
    assert len(sub) == 1 and len(carrier) == 1
    assert sorted(sub + carrier) == ["captain", "evasion"]
    game.play("torpedo red-destroyer")
    assert game.ship("red-destroyer").eliminated is True
    assert game.hand("red-submarine") == []
    assert game.hand("red-aircraft_carrier") == []
    assert game.deck == ["deserter", "boatswain"]


def test_r8_2_d7_2_catch_up_cards_respect_the_hand_limit():
    """R8.2 'hand limit applies' / D7.2: red-carrier holds 2 cards, draws 2: it must
    discard 1 at once, during blue's turn; then blue's turn goes on."""
    game = scenario_game("""
        mode: arena
        ships:
          blue-submarine: {at: c3}
          blue-aircraft_carrier: {at: a1}
          red-destroyer: {at: h1, repairs: 2, breakdowns: 0}
          red-aircraft_carrier: {at: h6}
        hands: {blue-submarine: [ambush], red-aircraft_carrier: [kamikaze, intercept]}
        deck: [captain, evasion, deserter]
        phase: maneuvers
    """)
    game.play("order ambush red-destroyer")
    assert game.to_move == "red-aircraft_carrier"
    assert game.legal_moves() == [
        "discard captain", "discard evasion", "discard intercept", "discard kamikaze",
    ]
    game.play("discard kamikaze")
    assert sorted(game.hand("red-aircraft_carrier")) == ["captain", "evasion", "intercept"]
    assert game.to_move == "blue-submarine"
    assert "end" in game.legal_moves()
