"""Initial placement (R2.8, D2.8) and placement on a start card (D8.4).

Before the first turn each player, in seat order, places their ship on a
free, navigable box of their side's start card (`place <box>`); the fixed
placement (blue b2, a2, b1; red g5, h5, g6) is a rule option and a
``new_game`` argument. A respawn never lands on an island either.
"""

import json
import random

import pytest
from conftest import (TEAMS, fixed_game, logged, place_all, placing, play_random, refused,
                      scenario_game)

import redcode_rules as rc
from redcode_rules.render import svg
from redcode_rules.bots import BOTS
from redcode_rules.engine.invariants import violations
from redcode_rules.testing.perft import perft
from redcode_rules.formats.replay import make_replay

EN = rc.load_ruleset("en")
TWO, THREE = TEAMS["2v2"], TEAMS["3v3"]
BLUE_CARD = ["place a1", "place a2", "place b1", "place b2"]
RED_CARD = ["place g5", "place g6", "place h5", "place h6"]


def positions(game: rc.Game) -> dict[str, str | None]:
    return {s: game.ship(s).position for s in game.ships}



# --------------------------------------------------------------- the placement phase (R2.8)


def test_r2_8_players_place_in_seat_order_then_the_first_turn_begins():
    game = rc.new_game(EN, teams=TWO, seed=5)
    assert positions(game) == dict.fromkeys(game.ships)
    assert (game.phase, game.turn_number, game.log[-1].kind) == ("place", 1, "game_start")
    order = []
    for box in ("b2", "g5", "a2", "h5"):
        assert game.decision == "place"
        order.append(game.to_move)
        assert game.turn == game.to_move
        game.play(f"place {box}")
    assert order == ["blue-submarine", "red-destroyer", "blue-destroyer",
                     "red-aircraft_carrier"]
    assert positions(game) == {"blue-submarine": "b2", "red-destroyer": "g5",
                               "blue-destroyer": "a2", "red-aircraft_carrier": "h5"}
    assert (game.to_move, game.decision, game.turn_number) == ("blue-submarine", "main", 1)
    assert [(e.kind, dict(e.data)) for e in game.log if e.kind in ("place", "turn_start")] == [
        ("place", {"ship": "blue-submarine", "box": "b2"}),
        ("place", {"ship": "red-destroyer", "box": "g5"}),
        ("place", {"ship": "blue-destroyer", "box": "a2"}),
        ("place", {"ship": "red-aircraft_carrier", "box": "h5"}),
        ("turn_start", {"player": "blue-submarine"})]


def test_r2_8_the_free_boxes_of_the_own_start_card_are_listed():
    game = rc.new_game(EN, teams=TWO, seed=5)
    assert game.legal_moves() == BLUE_CARD
    game.play("place b2")
    assert game.legal_moves() == RED_CARD
    game.play("place h6")
    assert game.legal_moves() == ["place a1", "place a2", "place b1"]
    game.play("place a1")
    assert game.legal_moves() == ["place g5", "place g6", "place h5"]


def test_r2_8_an_occupied_foreign_or_off_board_box_is_refused():
    game = rc.new_game(EN, teams=TWO, seed=5)
    assert refused(game, "place g5") == \
        "g5 is not on the blue start card (a1 b1 a2 b2) (R2.8)"
    assert refused(game, "place z9") == "z9 is not a box of the board (R2.1)"
    assert refused(game, "place") == "write one box: place <box>"
    assert refused(game, "end") == \
        "blue-submarine must first place its ship on a free box of the blue start card (R2.8)"
    game.play("place b2")
    game.play("place g5")
    assert refused(game, "place b2") == \
        "b2 holds blue-submarine (R2.4): a ship is placed on a free box of its start card (R2.8)"


def test_r2_8_an_island_on_a_start_card_is_refused():
    """D2.7: start cards are open water; a scenario with an island on one is
    refused, so placement (R2.8) always has its boxes."""
    with pytest.raises(rc.ScenarioError) as info:
        scenario_game("""
            board: |
              #.......
              ........
              ........
              ........
              ........
              .......#
            phase: place
            ships:
              blue-submarine: {}
              red-destroyer: {}
        """)
    assert str(info.value) == ("scenario field 'start_cards.blue': a1 on the blue start card "
                               "is an island: start cards are open water (D2.7, R2.8)")


def test_r2_8_refusals_are_in_the_game_language():
    game = rc.new_game(EN, seed=5)
    game.lang = "es"
    assert refused(game, "place h6") == \
        "h6 no está en la carta inicial del bando azul (a1 b1 a2 b2) (R2.8)"
    game.lang = "it"
    assert refused(game, "end") == ("blue-submarine prima deve piazzare la sua nave su una "
                                    "casella libera della carta iniziale della squadra blu "
                                    "(R2.8)")


def test_r2_8_placement_is_narrated_in_every_language():
    game = place_all(rc.new_game(EN, seed=5))
    assert game.narration()[1:3] == ["  Blue submarine is placed at a1.",
                                     "  Red destroyer is placed at g5."]
    assert game.narration("es")[1] == "  El submarino azul se coloca en a1."
    assert game.narration("it")[1] == "  Il sottomarino blu si schiera in a1."


def test_r2_8_perft_of_the_placement():
    """4 boxes for each 1v1 player; a 2v2 side's second ship has 3 left."""
    assert perft(rc.new_game(EN, seed=1), 2) == 16
    assert perft(rc.new_game(EN, teams=TWO, seed=1), 4) == 4 * 4 * 3 * 3


# --------------------------------------------------------------- the fixed placement (D2.8)


def test_d2_8_fixed_placement_starts_the_first_turn_at_once():
    game = fixed_game(EN, mode="war", teams=THREE, seed=2)
    assert positions(game) == {"blue-submarine": "b2", "red-submarine": "g5",
                               "blue-destroyer": "a2", "red-destroyer": "h5",
                               "blue-aircraft_carrier": "b1", "red-aircraft_carrier": "g6"}
    assert (game.to_move, game.decision) == ("blue-submarine", "main")
    assert [e.kind for e in game.log] == ["game_start", "turn_start"]
    assert game.setup["placement"] == "fixed"


def test_d2_8_the_rule_option_sets_the_default_and_the_argument_overrides_it(tmp_path):
    assert EN.options.placement == "choose"
    path = tmp_path / "quick.rc"
    path.write_text("variant quick extends en\nrules { placement fixed }\n")
    quick = rc.load_ruleset(str(path))
    assert quick.options.placement == "fixed"
    assert rc.new_game(quick, seed=1).decision == "main"
    assert rc.new_game(quick, seed=1, placement="choose").decision == "place"
    assert rc.new_game(EN, seed=1).setup["placement"] == "choose"


def test_d2_8_unknown_placements_are_refused(tmp_path):
    with pytest.raises(rc.ScenarioError) as info:
        rc.new_game(EN, placement="random")
    assert info.value.field == "placement"
    assert "placements are choose and fixed" in str(info.value)
    path = tmp_path / "bad.rc"
    path.write_text("variant bad extends en\nrules { placement fixd }\n")
    with pytest.raises(rc.DslError, match="placement must be one of choose, fixed"):
        rc.load_ruleset(str(path))


# --------------------------------------------------------------- respawn (D8.4)


def test_d8_4_a_respawn_start_card_with_an_island_is_refused():
    with pytest.raises(rc.ScenarioError) as info:
        scenario_game("""
            board: |
              ........
              ........
              ........
              ........
              ........
              .......#
            ships:
              blue-submarine: {at: d4}
              red-destroyer: {sunk: true}
        """)
    assert info.value.field == "start_cards.red"
    assert info.value.reason == ("h6 on the red start card is an island: start cards are "
                                 "open water (D2.7, R2.8)")


def test_d8_4_with_three_ships_on_the_start_card_the_sunk_ship_waits():
    """R8.4: a sunk ship returns to a free box of its start card; with all
    taken it waits (here the start card is named at c3, away from a1)."""
    game = scenario_game("""
        start_cards: {blue: c3}
        ships:
          blue-submarine: {sunk: true}
          red-destroyer: {at: c3}
          blue-destroyer: {at: d3}
          red-submarine: {at: c4}
          blue-aircraft_carrier: {at: d4}
          red-aircraft_carrier: {at: h6}
    """)
    assert game.to_move == "red-destroyer"
    assert [e.kind for e in game.log][-3:] == ["wait", "turn_end", "turn_start"]
    assert game.ship("blue-submarine").position is None


def test_undo_takes_back_placements_and_the_first_turn():
    game = rc.new_game(EN, teams=TWO, seed=9)
    rnd = random.Random(9)
    saves = [game.to_json()]
    for _ in range(12):
        game.play(rnd.choice(game.legal_moves()))
        saves.append(game.to_json())
    assert game.moves[:4] == [m for m in game.moves[:4] if m.startswith("place ")]
    while game.moves:
        game.undo()
        saves.pop()
        assert game.to_json() == saves[-1]
    assert placing(game) and game.legal_moves() == BLUE_CARD
    clone = rc.new_game(EN, teams=TWO, seed=9).clone()
    clone.play("place a1")
    assert clone.ship("blue-submarine").position == "a1"


def test_json_round_trip_in_the_middle_of_the_placement():
    game = rc.new_game(EN, mode="arena", teams=TWO, seed=4)
    game.play("place b1")
    game.play("place g6")
    again = rc.Game.from_json(game.to_json())
    assert again == game and again.to_json() == game.to_json()
    assert (again.to_move, again.decision, again.legal_moves()) == \
        ("blue-destroyer", "place", ["place a1", "place a2", "place b2"])
    for g in (game, again):
        place_all(g)
    assert again.to_json() == game.to_json()


def test_a_restored_state_with_an_unplaced_ship_outside_the_placement_is_refused():
    game = fixed_game(EN, seed=4)
    data = json.loads(game.to_json())
    data["state"]["ships"][1]["position"] = None
    with pytest.raises(rc.ScenarioError, match="red-destroyer: off the board, neither sunk"):
        rc.Game.from_json(json.dumps(data))


def test_a_restored_placement_out_of_seat_order_is_refused():
    game = rc.new_game(EN, seed=4)
    data = json.loads(game.to_json())
    data["state"]["turn"] = 1
    with pytest.raises(rc.ScenarioError, match="red-destroyer places its ship, but the next "
                                               "in seat order is blue-submarine"):
        rc.Game.from_json(json.dumps(data))


def test_replays_record_the_placement_and_old_replays_use_the_fixed_one():
    rnd = random.Random(6)
    game = play_random(rc.new_game(EN, teams=TWO, seed=6), rnd, 30)
    data = make_replay(game)
    assert data["setup"]["placement"] == "choose"
    assert data["moves"][0].startswith("place ")
    assert rc.Game.from_replay(json.loads(json.dumps(data))).to_json() == game.to_json()

    old = play_random(fixed_game(EN, teams=TWO, seed=6), rnd, 30)
    data = json.loads(json.dumps(make_replay(old)))
    del data["setup"]["placement"]  # a replay from before R2.8's decisions
    assert rc.Game.from_replay(data).to_json() == old.to_json()


# --------------------------------------------------------------- scenarios (phase: place)


def test_scenario_phase_place_ships_without_at_are_still_to_be_placed():
    game = scenario_game("""
        phase: place
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {}
          blue-destroyer: {}
          red-aircraft_carrier: {at: h6}
    """)
    assert (game.to_move, game.decision, game.legal_moves()) == \
        ("red-destroyer", "place", ["place g5", "place g6", "place h5"])
    game.play("place g5")
    assert (game.to_move, game.legal_moves()) == \
        ("blue-destroyer", ["place a2", "place b1", "place b2"])
    game.play("place b1")
    assert (game.to_move, game.decision, game.turn_number) == ("blue-submarine", "main", 1)
    assert violations(game) == []


@pytest.mark.parametrize("extra,field,message", [
    ("ships: {blue-submarine: {at: a1}, red-destroyer: {at: h6}}", "phase",
     "needs a ship still to be placed"),
    ("ships: {blue-submarine: {}, red-destroyer: {}}\nturn: red-destroyer", "turn",
     "blue-submarine places first"),
    ("ships: {blue-submarine: {}, red-destroyer: {sunk: true}}", "ships.red-destroyer.sunk",
     "no ship is sunk before the first turn"),
    ("ships: {blue-submarine: {}, red-destroyer: {at: a1}, blue-destroyer: {at: a2},\n"
     "        red-submarine: {at: b1}, blue-aircraft_carrier: {at: b2},\n"
     "        red-aircraft_carrier: {}}", "ships",
     "1 blue ships to place and 0 free navigable boxes"),
])
def test_scenario_phase_place_refusals(extra, field, message):
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario("phase: place\n" + extra)
    assert info.value.field == field
    assert message in str(info.value)


def test_scenario_a_ship_without_a_box_outside_phase_place_is_refused():
    with pytest.raises(rc.ScenarioError, match="needs phase: place"):
        rc.Game.from_scenario("ships: {blue-submarine: {}, red-destroyer: {at: h6}}")


# --------------------------------------------------------------- pictures, bots, whole games


def test_pictures_and_text_during_the_placement():
    game = rc.new_game(EN, seed=5)
    game.play("place b2")
    rows = [row[3:] for row in game.board_text().splitlines()[1:]]
    assert rows[1].startswith(". S ")
    assert not any("d" in row for row in rows)
    assert game.svg().count('class="ship"') == 1
    card = svg.control_card(game, "red-destroyer")
    assert "to be placed" in card
    with pytest.raises(ValueError, match="not yet placed"):
        svg.visual_field(game, "red-destroyer")


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_place_their_ships(bot):
    game = rc.new_game(EN, teams=TWO, seed=3)
    player = BOTS[bot](3)
    while placing(game):
        game.play(player.choose(game))
    assert all(game.ship(s).position is not None for s in game.ships)


@pytest.mark.parametrize("seed,mode,teams", [(1, "war", THREE), (2, "arena", TWO)])
def test_a_whole_random_game_with_the_players_placement(seed, mode, teams):
    game = rc.new_game(EN, mode=mode, teams=teams, seed=seed)
    rnd = random.Random(seed)
    total = EN.options.deck_size
    while not game.is_over:
        game.play(rnd.choice(game.legal_moves()))
        assert violations(game, total) == []
    placed = logged(game, "place", "ship")
    assert placed == game.ships
    assert game.moves[:len(game.ships)] == [f"place {e['box']}" for e in game.log
                                            if e.kind == "place"]
    assert rc.Game.from_json(game.to_json()) == game
