"""Scenario tests of the 9 order cards, English edition (docs/rules.md §7).

Each card is checked for its exact effect (R7.4) and the common order rules:
orders ignore range and the visual field, cannot be responded to (R7.3), at
most one per turn (R6.2, R7.3), the card leaves the hand for the discards.
"""

import textwrap

import pytest

import redcode_rules as rc

from conftest import assert_illegal, scenario_game


def duel(card, red=None, blue=None, deck="[]", board=None, hand_extra=""):
    """Blue submarine at a3 holding ``card``; red destroyer far away at h3 behind
    an island at e3 (out of range and out of the visual field of the submarine)."""
    board = board or """\
      ........
      ........
      ....#...
      ........
      ........
      ........"""
    return scenario_game(f"""
    edition: en
    mode: war
    board: |
{textwrap.indent(textwrap.dedent(board), "      ")}
    ships:
      blue-submarine: {{at: a3{", " + blue if blue else ""}}}
      red-destroyer: {{at: h3{", " + red if red else ""}}}
    hands: {{blue-submarine: [{card}{hand_extra}]}}
    deck: {deck}
    turn: blue-submarine
    phase: maneuvers
    """)


# --------------------------------------------------------------------------- common order rules

ALL_ORDERS = [
    ("ambush", "order ambush red-destroyer"),
    ("deserter", "order deserter red-destroyer"),
    ("boatswain", "order boatswain red-destroyer"),
    ("atomic_bomb", "order atomic_bomb g3"),
    ("evasion", "order evasion red-destroyer g4"),
    ("captain", "order captain red-destroyer"),
    ("mechanic", "order mechanic red-destroyer"),
    ("intercept", "order intercept red-destroyer"),
    ("kamikaze", "order kamikaze red-destroyer"),
]


@pytest.mark.parametrize("card,move", ALL_ORDERS, ids=[c[0] for c in ALL_ORDERS])
def test_order_ignores_range_and_visual_field(card, move):
    """R7.3: the red destroyer is 7 boxes away behind an island, yet it is a target."""
    game = duel(card, deck="[mechanic]")
    assert move in game.legal_moves()
    assert "torpedo red-destroyer" not in game.legal_moves()   # it is out of sight


@pytest.mark.parametrize("card,move", ALL_ORDERS, ids=[c[0] for c in ALL_ORDERS])
def test_order_resolves_at_once_and_goes_to_the_discards(card, move):
    """R5.1, R7.3: no response window although red could respond (torpedo, shield
    in hand's reach); the card leaves the hand for the discard pile."""
    game = duel(card, deck="[mechanic]", hand_extra=", deserter")
    game.play(move)
    assert game.to_move == "blue-submarine"
    assert "pass" not in game.legal_moves()
    assert "end" in game.legal_moves()
    expected_hand = ["deserter"] + (["mechanic"] if card == "captain" else [])
    assert sorted(game.hand("blue-submarine")) == expected_hand
    assert game.discards == [card]


@pytest.mark.parametrize("card,move", ALL_ORDERS, ids=[c[0] for c in ALL_ORDERS])
def test_only_one_order_per_turn(card, move):
    """R7.3: a second order card in the same turn is illegal."""
    game = duel(card, deck="[mechanic]", hand_extra=", ambush")
    game.play(move)
    assert not any(m.startswith("order ") for m in game.legal_moves())
    assert_illegal(game, "order ambush red-destroyer", "R7.3")
    assert "ambush" in game.hand("blue-submarine")


def test_order_already_played_this_turn_in_scenario():
    """R7.3: the scenario's order_played flag forbids another order."""
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
      red-destroyer: {at: h3}
    hands: {blue-submarine: [kamikaze]}
    turn: blue-submarine
    phase: maneuvers
    order_played: true
    """)
    assert_illegal(game, "order kamikaze red-destroyer", "R7.3")


def test_orders_are_played_only_on_the_players_own_turn():
    """R7.3, R4.4: while answering a response window red may not play an order."""
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
      red-destroyer: {at: e3}
    hands: {red-destroyer: [ambush]}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.to_move == "red-destroyer"
    assert not any(m.startswith("order") for m in game.legal_moves())
    with pytest.raises(rc.IllegalMove):
        game.play("order ambush blue-submarine")
    assert game.hand("red-destroyer") == ["ambush"]


def test_order_uses_no_crew():
    """R7.3: an order card is not a maneuver: no crew are placed."""
    game = duel("ambush")
    game.play("order ambush red-destroyer")
    assert game.ship("blue-submarine").reserve == 6


# --------------------------------------------------------------------------- ambush

def test_ambush_removes_two_repairs():
    """R7.4 ambush: target loses 2 repairs."""
    game = duel("ambush")
    game.play("order ambush red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (1, 3)


def test_ambush_converts_a_breakdown_when_repairs_run_out():
    """R3.1: (1,3) takes 2 → 1st empties repairs, a breakdown refills 3, 2nd → (2,2)."""
    game = duel("ambush", red="repairs: 1")
    game.play("order ambush red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (2, 2)


# --------------------------------------------------------------------------- deserter

def test_deserter_withdraws_one_reserve_crew():
    """R7.4 deserter: 1 crew from the reserve to the withdrawn pile (R3.5)."""
    game = duel("deserter")
    game.play("order deserter red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn, red.repairs) == (5, 1, 3)


def test_deserter_with_an_empty_reserve_withdraws_nothing():
    """D3.5: only reserve crew can be lost."""
    game = duel("deserter", red="crew_on: {missile: 2, shield: 2, assault: 2}")
    game.play("order deserter red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn, red.crew_on("shield")) == (0, 0, 2)


def test_deserted_crew_is_recovered_at_its_next_turn():
    """R7.4 (recoverable), R6.1: 'recover withdrawn' is offered at red's turn start."""
    game = duel("deserter")
    game.play("order deserter red-destroyer")
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert game.legal_moves() == ["recover withdrawn"]
    game.play("recover withdrawn")
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn) == (6, 0)


# --------------------------------------------------------------------------- boatswain

def test_boatswain_player_chooses_the_sources():
    """R7.4 boatswain, D6.4: with crew on torpedo and withdrawn, the card's player
    chooses; after 'recover withdrawn' only torpedo is left and is taken alone."""
    game = duel("boatswain", blue="crew_on: {torpedo: 2}, withdrawn: 1")
    game.play("order boatswain blue-submarine")
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == ["recover torpedo", "recover withdrawn"]
    game.play("recover withdrawn")
    assert "end" in game.legal_moves()
    sub = game.ship("blue-submarine")
    assert (sub.reserve, sub.withdrawn, sub.crew_on("torpedo")) == (5, 0, 1)


def test_boatswain_two_choices_from_two_maneuvers():
    """D6.4: both recoveries are chosen while two sources remain; emptying a
    maneuver's boxes makes it available again (R4.1)."""
    game = duel("boatswain", blue="crew_on: {torpedo: 2, repair: 2}")
    game.play("order boatswain blue-submarine")
    assert game.legal_moves() == ["recover repair", "recover torpedo"]
    game.play("recover torpedo")
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == ["recover repair", "recover torpedo"]
    game.play("recover torpedo")
    sub = game.ship("blue-submarine")
    assert (sub.reserve, sub.crew_on("torpedo"), sub.crew_on("repair")) == (4, 0, 2)
    assert "end" in game.legal_moves()
    assert "orders" in game.legal_moves()


def test_boatswain_is_automatic_with_one_source():
    """INTERFACE: when only one choice is possible the engine makes it."""
    game = duel("boatswain", blue="crew_on: {heavy_torpedo: 3}")
    game.play("order boatswain blue-submarine")
    assert not any(m.startswith("recover") for m in game.legal_moves())
    sub = game.ship("blue-submarine")
    assert (sub.reserve, sub.crew_on("heavy_torpedo")) == (5, 1)


def test_boatswain_with_one_crew_out_recovers_one():
    """R7.4: recovers 2 crew, but only what is out can come back."""
    game = duel("boatswain", blue="withdrawn: 1")
    game.play("order boatswain blue-submarine")
    sub = game.ship("blue-submarine")
    assert (sub.reserve, sub.withdrawn) == (6, 0)
    assert game.to_move == "blue-submarine"


def test_boatswain_on_an_enemy_is_chosen_by_the_cards_player():
    """D6.4: choices an effect requires are made by the player who used the card."""
    game = duel("boatswain", red="crew_on: {shield: 2, missile: 2}")
    game.play("order boatswain red-destroyer")
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == ["recover missile", "recover shield"]
    game.play("recover shield")
    game.play("recover shield")
    red = game.ship("red-destroyer")
    assert (red.reserve, red.crew_on("shield"), red.crew_on("missile")) == (4, 0, 2)


# --------------------------------------------------------------------------- atomic bomb

def test_atomic_bomb_hits_every_ship_in_the_square_own_included():
    """R7.4 atomic bomb, D7.5: `c3` names c3 d3 c4 d4; 2 repair damage to each ship
    there, own ship included; e4 is outside."""
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
      red-destroyer: {at: d4}
      red-aircraft_carrier: {at: e4}
      blue-destroyer: {sunk: true}  # D2.9: equal sides
    hands: {blue-submarine: [atomic_bomb]}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("order atomic_bomb c3")
    assert (game.ship("blue-submarine").repairs, game.ship("blue-submarine").breakdowns) == (1, 3)
    assert (game.ship("red-destroyer").repairs, game.ship("red-destroyer").breakdowns) == (1, 3)
    assert game.ship("red-aircraft_carrier").repairs == 3
    assert game.to_move == "blue-submarine"


def test_atomic_bomb_square_must_fit_on_the_board():
    """D7.5: a 2x2 square named by its top-left box must be fully on the board."""
    game = duel("atomic_bomb")
    moves = [m for m in game.legal_moves() if m.startswith("order atomic_bomb")]
    assert len(moves) == 7 * 5
    assert "order atomic_bomb g5" in moves
    assert_illegal(game, "order atomic_bomb h3", "D7.5")
    assert_illegal(game, "order atomic_bomb c6", "D7.5")


def test_atomic_bomb_can_sink_ships():
    """R3.2: a ship at (2,0) hit by 2 is sunk; war mode scores for blue (R8.3)."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: a1}
      red-destroyer: {at: f6, repairs: 2, breakdowns: 0}
    hands: {blue-submarine: [atomic_bomb]}
    deck: [ambush]
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("order atomic_bomb e5")
    assert game.ship("red-destroyer").sunk
    assert game.ship("red-destroyer").position is None
    assert game.score == {"blue": 1, "red": 0}


# --------------------------------------------------------------------------- evasion

def test_evasion_moves_the_target_up_to_three_boxes():
    """R7.4 evasion: +3 movement now; the path starts at the target's box (h3),
    however far it is from the card's player."""
    game = duel("evasion")
    game.play("order evasion red-destroyer g4 f5 e6")
    assert game.ship("red-destroyer").position == "e6"
    assert game.ship("red-destroyer").crew_on("movement") == 0
    assert game.ship("blue-submarine").position == "a3"


def test_evasion_may_move_just_one_box():
    """R7.4: 1 to 3 boxes (D4.6)."""
    game = duel("evasion")
    assert "order evasion red-destroyer g3" in game.legal_moves()
    game.play("order evasion blue-submarine b3")
    assert game.ship("blue-submarine").position == "b3"


def test_evasion_cannot_move_four_boxes():
    """R7.4: +3 movement only."""
    game = duel("evasion")
    assert_illegal(game, "order evasion red-destroyer g3 f3 f4 f5", "D4.6")
    assert game.ship("red-destroyer").position == "h3"


def test_evasion_cannot_cross_islands():
    """R2.3: islands are impassable for the evaded ship (e3 is an island)."""
    game = duel("evasion")
    assert_illegal(game, "order evasion red-destroyer g3 f3 e3", "R2.3")


# --------------------------------------------------------------------------- captain

def test_captain_damages_then_draws():
    """R7.4 captain: 1 repair damage to target, then the player draws 1 card."""
    game = duel("captain", deck="[kamikaze, ambush]")
    game.play("order captain red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (2, 3)
    assert game.hand("blue-submarine") == ["kamikaze"]
    assert game.hand("red-destroyer") == []
    assert game.deck == ["ambush"]


def test_captain_drawn_card_cannot_be_played_the_same_turn():
    """R7.3: the card drawn by captain is a second order this turn."""
    game = duel("captain", deck="[kamikaze]")
    game.play("order captain red-destroyer")
    assert_illegal(game, "order kamikaze red-destroyer", "R7.3")


# --------------------------------------------------------------------------- mechanic

def test_mechanic_regains_two_repairs():
    """R7.4 mechanic: target regains 2 repairs."""
    game = duel("mechanic", blue="repairs: 1, breakdowns: 2")
    game.play("order mechanic blue-submarine")
    sub = game.ship("blue-submarine")
    assert (sub.repairs, sub.breakdowns) == (3, 2)


def test_mechanic_is_capped_at_three_repairs():
    """R3.4: (2,1) + 2 repairs → (3,1); the extra repair is lost, no breakdown."""
    game = duel("mechanic", red="repairs: 2, breakdowns: 1")
    game.play("order mechanic red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (3, 1)


def test_mechanic_is_an_english_edition_card_only():
    """R7.4, §10: the Spanish deck has no mechanic."""
    assert "mechanic" in rc.load_ruleset("en").orders
    assert "mechanic" not in rc.load_ruleset("es").orders


# --------------------------------------------------------------------------- intercept

def test_intercept_damages_and_blocks_responses():
    """R7.4 intercept, R9.1: 1 repair damage; the intercepted destroyer is not asked
    to respond to a torpedo (D5.4), which resolves at once."""
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
      red-destroyer: {at: e3}
    hands: {blue-submarine: [intercept]}
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("order intercept red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.intercepted) == (2, True)
    game.play("torpedo red-destroyer")
    assert game.to_move == "blue-submarine"
    assert game.ship("red-destroyer").repairs == 1


def test_intercept_lasts_until_the_start_of_its_players_next_turn():
    """R9.1: in 2v2 the red carrier stays intercepted through the turns of the
    other players and is free again when its own turn starts."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: a1}
      red-destroyer: {at: h1}
      blue-aircraft_carrier: {at: a6}
      red-aircraft_carrier: {at: h6}
    hands: {blue-submarine: [intercept]}
    turn: blue-submarine
    phase: maneuvers
    """)
    assert game.ships == ["blue-submarine", "red-destroyer", "blue-aircraft_carrier",
                          "red-aircraft_carrier"]
    game.play("order intercept red-aircraft_carrier")
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert game.ship("red-aircraft_carrier").intercepted
    game.play("end")
    assert game.to_move == "blue-aircraft_carrier"
    assert game.ship("red-aircraft_carrier").intercepted
    game.play("end")
    assert game.to_move == "red-aircraft_carrier"
    assert not game.ship("red-aircraft_carrier").intercepted
    assert "radar red-aircraft_carrier" in game.legal_moves()


def test_intercepted_ship_can_use_no_maneuver():
    """R9.1: intercepting one's own ship leaves it no maneuver this turn."""
    game = duel("intercept")
    game.play("order intercept blue-submarine")
    assert game.ship("blue-submarine").intercepted
    assert game.legal_moves() == ["end"]
    assert_illegal(game, "movement b3", "R9.1")


# --------------------------------------------------------------------------- kamikaze

def test_kamikaze_is_one_breakdown_damage():
    """R7.4 kamikaze, R3.3: 1 breakdown damage = 3 repair damage: (3,3) → (3,2)."""
    game = duel("kamikaze")
    game.play("order kamikaze red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (3, 2)


def test_kamikaze_on_a_damaged_ship_is_three_repair_damage():
    """R3.3: (1,1) takes 3 repair damage: 1 → refill from the breakdown (3,0) → (1,0)."""
    game = duel("kamikaze", red="repairs: 1, breakdowns: 1")
    game.play("order kamikaze red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns, red.sunk) == (1, 0, False)


def test_kamikaze_sinks_a_ship_without_breakdowns():
    """R3.2, R3.3: (3,0) takes 3 repair damage → sunk."""
    game = duel("kamikaze", red="repairs: 3, breakdowns: 0", deck="[ambush]")
    game.play("order kamikaze red-destroyer")
    assert game.ship("red-destroyer").sunk
    assert game.score == {"blue": 1, "red": 0}


def test_evasion_forced_current_step_comes_on_top_of_three():
    """D4.6, R2.5: the 3rd box e5 is running water, forcing a 4th step to d5."""
    game = duel("evasion", board="""\
      ........
      ........
      ....#...
      ........
      ....~...
      ........""")
    legal = game.legal_moves()
    assert "order evasion red-destroyer g4 f5 e5" not in legal
    game.play("order evasion red-destroyer g4 f5 e5 d5")
    assert game.ship("red-destroyer").position == "d5"


def test_order_cannot_target_a_sunk_ship_waiting_to_respawn():
    """R9.2: a sunk ship (war) is off the board and cannot be targeted, even by orders."""
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
      red-destroyer: {at: h3}
      red-aircraft_carrier: {sunk: true}
      blue-destroyer: {sunk: true}  # D2.9: equal sides
    hands: {blue-submarine: [ambush]}
    turn: blue-submarine
    phase: maneuvers
    """)
    assert "order ambush red-destroyer" in game.legal_moves()
    assert_illegal(game, "order ambush red-aircraft_carrier", "R9.2")


def test_orders_maneuver_reshuffles_the_discards_into_an_empty_deck():
    """D7.1: an empty deck is refilled from the discards before drawing."""
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
      red-destroyer: {at: h3}
    deck: []
    discard: [mechanic]
    turn: blue-submarine
    phase: maneuvers
    """)
    game.play("orders")
    assert game.hand("blue-submarine") == ["mechanic"]
    assert game.discards == []


def test_a_user_card_recovers_crew_of_its_own_ship_while_it_targets_another(tmp_path):
    """D6.4: the card's player chooses; `recover_crew N to self` recovers the
    acting ship's crew even when the card's target is another ship."""
    cards = tmp_path / "rally.rc"
    cards.write_text("order rally { copies 0 effect damage 1 to target; "
                     "recover_crew 2 to self }\n")
    game = rc.Game.from_scenario({
        "extra": [str(cards)],
        "ships": {"blue-submarine": {"at": "a1", "crew_on": {"torpedo": 2, "orders": 2}},
                  "red-destroyer": {"at": "h6", "crew_on": {"missile": 2}}},
        "hands": {"blue-submarine": ["rally"]}, "deck": [], "phase": "maneuvers"})
    game.play("order rally red-destroyer")
    assert game.ship("red-destroyer").repairs == 2
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == ["recover orders", "recover torpedo"]
    game.play("recover torpedo")
    game.play("recover torpedo")
    sub = game.ship("blue-submarine")
    assert (sub.crew_on("torpedo"), sub.crew_on("orders"), sub.reserve) == (0, 2, 4)
    assert game.ship("red-destroyer").crew_on("missile") == 2
    assert game.decision == "main" and "end" in game.legal_moves()


def test_d7_1_captain_with_no_deck_and_no_discards_draws_nothing():
    """The captain itself is not reshuffled into a deck for its own draw."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: d3}
        hands: {blue-submarine: [captain]}
        deck: []
        phase: maneuvers
    """)
    game.play("order captain red-destroyer")
    assert game.hand("blue-submarine") == []
    assert game.discards == ["captain"] and game.deck == []
    assert game.ship("red-destroyer").repairs == 2


def test_d7_1_captain_reshuffles_the_other_discards():
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: d3}
        hands: {blue-submarine: [captain]}
        deck: []
        discard: [ambush]
        phase: maneuvers
    """)
    game.play("order captain red-destroyer")
    assert game.hand("blue-submarine") == ["ambush"]
    assert game.discards == ["captain"] and game.deck == []


def test_boatswain_decides_alone_when_every_crew_out_comes_back():
    """INTERFACE: the engine chooses when the choice cannot matter (1 on torpedo,
    1 withdrawn, 2 to recover: both come back)."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3, crew_on: {torpedo: 1}, withdrawn: 1}
          red-destroyer: {at: h6}
        hands: {blue-submarine: [boatswain]}
        phase: maneuvers
    """)
    game.play("order boatswain blue-submarine")
    sub = game.ship("blue-submarine")
    assert (sub.reserve, sub.crew_on("torpedo"), sub.withdrawn) == (6, 0, 0)
    assert game.decision == "main"
