"""Move notation (docs/notation.md): every listed move is accepted as written and
recorded as written; whitespace is normalised; illegal moves name the rule
and change nothing."""

from __future__ import annotations

from functools import partial

import pytest

import redcode_rules as rc

from conftest import quick_and_mass, refused, scenario_game

# c3 is running water (R2.5); c2 is open water
CURRENT_BOARD = "........\n........\n..~.....\n........\n........\n........\n"
# the INTERFACE example board: island c2, running water d3, island f5
EXAMPLE_BOARD = "........\n..#.....\n...~....\n........\n.....#..\n........\n"


#: blue-submarine at b2 against red-destroyer at d4, on the default board
TWO_SHIPS = {"ships": {"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "d4"}}}
#: two ships a side by running water, blue-submarine holding three order cards
FOUR_SHIPS = {
    "board": CURRENT_BOARD,
    "ships": {"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "f5"},
              "blue-destroyer": {"at": "a1"}, "red-aircraft_carrier": {"at": "h6"}},
    "hands": {"blue-submarine": ["evasion", "atomic_bomb", "ambush"]},
    "deck": ["captain", "mechanic"],
}
#: games of those scenarios, top-level fields changed: ``scenario(phase="maneuvers")``
scenario = partial(scenario_game, TWO_SHIPS)
four_ships = partial(scenario_game, FOUR_SHIPS)


def assert_all_listed_moves_accepted(game):
    moves = game.legal_moves()
    assert moves
    assert moves == sorted(set(moves))
    for move in moves:
        assert move == " ".join(move.split())        # one canonical spelling
        assert game.is_legal(move)
        other = game.clone()
        other.play(move)
        assert other.moves == game.moves + [move]
    return moves


# ---------------------------------------------------------------- listed moves


def test_main_phase_moves_round_trip():
    game = four_ships()
    moves = assert_all_listed_moves_accepted(game)
    kinds = {m.split()[0] for m in moves}
    assert kinds == {"end", "movement", "repair", "torpedo", "orders", "immersion",
                     "countermeasure", "heavy_torpedo", "floating_mine", "order"}
    assert "repair" in moves and "orders" in moves and "end" in moves


def test_move_with_forced_current_step_lists_every_box():
    # R2.5: entering c3 forces one more step; the string lists every box
    # entered. b3 and c2 are one step away: through c3 they are the same
    # moves (running water passed changes nothing), listed by the shorter path
    moves = four_ships().legal_moves()
    assert [m for m in moves if m.startswith("movement ")] == [
        "movement a2", "movement a3", "movement b1", "movement b3", "movement c1",
        "movement c2", "movement c3 b4", "movement c3 c4",
        "movement c3 d2", "movement c3 d3", "movement c3 d4"]
    game = four_ships()
    game.play("movement c3 d3")
    assert game.ship("blue-submarine").position == "d3"
    assert game.moves == ["movement c3 d3"]
    game = four_ships()
    game.play("movement c3 c2")
    assert game.ship("blue-submarine").position == "c2"
    assert game.moves == ["movement c2"]
    reason = refused(four_ships(), "movement c3")    # the forced step cannot be left out
    assert "(D4.6, R2.5, D2.5a)" in reason


def test_order_notation_target_path_and_area():
    moves = four_ships().legal_moves()
    assert "order ambush red-destroyer" in moves
    assert "order ambush blue-submarine" in moves               # R7.3: any ship on the board
    assert "order evasion blue-destroyer a2 a3 a4" in moves     # target, then its path
    atomic = [m for m in moves if m.startswith("order atomic_bomb ")]
    assert len(atomic) == 35                                    # D7.5: 7 x 5 top-left boxes
    assert "order atomic_bomb a1" in atomic and "order atomic_bomb g5" in atomic
    assert "order atomic_bomb h6" not in atomic
    game = four_ships()
    game.play("order evasion blue-destroyer a2 a3 a4")
    assert game.ship("blue-destroyer").position == "a4"
    assert game.moves == ["order evasion blue-destroyer a2 a3 a4"]


def test_recover_moves_round_trip():
    game = scenario(ships={"blue-submarine": {"at": "b2", "crew_on": {"torpedo": 2},
                                              "withdrawn": 1},
                           "red-destroyer": {"at": "d4"}})
    assert game.decision == "recover"
    assert assert_all_listed_moves_accepted(game) == ["recover torpedo", "recover withdrawn"]
    game.play("recover withdrawn")
    assert game.moves == ["recover withdrawn"]


def test_respond_and_pass_round_trip():
    game = scenario(ships={"blue-submarine": {"at": "b2"},
                           "red-destroyer": {"at": "d4", "crew_on": {"torpedo": 2}}})
    game.play("torpedo red-destroyer")
    assert game.decision == "respond"
    assert assert_all_listed_moves_accepted(game) == ["pass", "respond shield blue-submarine"]
    game.play("respond shield blue-submarine")
    assert assert_all_listed_moves_accepted(game) == [
        "pass", "respond countermeasure blue-submarine", "respond countermeasure red-destroyer"]
    game.play("pass")
    assert game.moves == ["torpedo red-destroyer", "respond shield blue-submarine", "pass"]


def test_discard_round_trip():
    game = four_ships()
    game.play("orders")                               # a 4th card: discard at once (R7.2)
    assert (game.decision, game.to_move) == ("discard", "blue-submarine")
    assert assert_all_listed_moves_accepted(game) == [
        "discard ambush", "discard atomic_bomb", "discard captain", "discard evasion"]
    reason = refused(game, "end")
    assert "(R7.2)" in reason


def test_place_round_trip():
    game = scenario(ships={"blue-submarine": {"at": "b2"}, "red-destroyer": {"sunk": True}},
                    turn="red-destroyer")
    assert game.decision == "place"
    assert assert_all_listed_moves_accepted(game) == ["place g5", "place g6", "place h5",
                                                      "place h6"]
    reason = refused(game, "place a1")
    assert "(D8.4)" in reason


def test_choice_during_resolution_uses_recover_notation():
    game = scenario(ships={"blue-submarine": {"at": "b2", "crew_on": {"torpedo": 2,
                                                                      "movement": 1}},
                           "red-destroyer": {"at": "d4"}},
                    hands={"blue-submarine": ["boatswain"]}, phase="maneuvers")
    game.play("order boatswain blue-submarine")
    assert game.decision == "choose"
    assert assert_all_listed_moves_accepted(game) == ["recover movement", "recover torpedo"]


# ---------------------------------------------------------------- whitespace


@pytest.mark.parametrize("written,recorded", [
    ("  end ", "end"),
    ("end\n", "end"),
    ("torpedo    red-destroyer", "torpedo red-destroyer"),
    ("\ttorpedo red-destroyer  ", "torpedo red-destroyer"),
    ("order  kamikaze   red-destroyer", "order kamikaze red-destroyer"),
    (" movement  a1 ", "movement a1"),
])
def test_extra_whitespace_is_normalised(written, recorded):
    game = scenario(hands={"blue-submarine": ["kamikaze"]})
    assert game.is_legal(written)
    game.play(written)
    assert game.moves == [recorded]


def test_case_and_unknown_words_are_not_guessed():
    game = scenario()
    for move in ("END", "Torpedo red-destroyer", "torpedo RED-DESTROYER", "torpedo,red-destroyer"):
        refused(game, move)


@pytest.mark.parametrize("move", [None, 5, ["end"], b"end"])
def test_a_move_that_is_not_a_string(move):
    game = scenario()
    before = game.to_json()
    with pytest.raises(rc.IllegalMove):
        game.play(move)
    assert game.to_json() == before


# ---------------------------------------------------------------- messages citing the rule


def test_r4_1_unavailable_maneuver():
    game = scenario(ships={"blue-submarine": {"at": "b2"},
                           "red-destroyer": {"at": "d4", "crew_on": {"torpedo": 2}}},
                    turn="red-destroyer", phase="maneuvers")
    reason = refused(game, "torpedo blue-submarine")
    assert "(R4.1)" in reason
    assert "2 crew on it" in reason


def test_r4_1_not_enough_crew_in_reserve():
    game = scenario(ships={"blue-submarine": {"at": "b2", "reserve": 2, "withdrawn": 4},
                           "red-destroyer": {"at": "d4"}}, phase="maneuvers")
    reason = refused(game, "heavy_torpedo red-destroyer")
    assert "(R4.1)" in reason


def test_r4_3_target_outside_visual_field_by_distance():
    game = scenario(ships={"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "h6"}})
    reason = refused(game, "torpedo red-destroyer")
    assert "(R4.3)" in reason
    assert "not in the visual field of" in reason


def test_r4_3_island_blocks_the_line():
    # a2 -> b2 -> c2 (island) -> d2: distance 3, but the island cuts the line
    game = scenario(board=EXAMPLE_BOARD,
                    ships={"blue-submarine": {"at": "a2"}, "red-destroyer": {"at": "d2"}})
    reason = refused(game, "heavy_torpedo red-destroyer")
    assert "(R4.3)" in reason
    assert "not in the visual field of" in reason


def test_r4_3_enemy_blocks_friend_does_not():
    game = rc.Game.from_scenario({"ships": {
        "blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "b1"},
        "blue-destroyer": {"at": "a2"}, "red-aircraft_carrier": {"at": "c1"}}})
    reason = refused(game, "heavy_torpedo red-aircraft_carrier")
    assert "(R4.3)" in reason and "not in the visual field of" in reason
    moves = game.legal_moves()
    assert "heavy_torpedo red-destroyer" in moves            # the blocker itself is visible
    game = rc.Game.from_scenario({"ships": {
        "blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "a4"},
        "blue-destroyer": {"at": "a2"}, "red-aircraft_carrier": {"at": "h6"}}})
    assert "heavy_torpedo red-destroyer" in game.legal_moves()  # through a friendly ship


def test_r7_3_second_order_card():
    game = scenario(hands={"blue-submarine": ["kamikaze", "ambush"]})
    game.play("order ambush red-destroyer")
    reason = refused(game, "order kamikaze red-destroyer")
    assert "(R7.3)" in reason


def test_r7_3_order_played_in_scenario():
    game = scenario(hands={"blue-submarine": ["kamikaze"]}, order_played=True)
    assert "(R7.3)" in refused(game, "order kamikaze red-destroyer")


def test_r5_1_responding_without_a_window():
    game = scenario()
    assert "(R5.1)" in refused(game, "respond torpedo red-destroyer")
    assert "(R5.1)" in refused(game, "pass")


def test_r5_1_order_cards_open_no_window():
    game = scenario(hands={"blue-submarine": ["ambush"]})
    game.play("order ambush red-destroyer")
    assert game.decision == "main" and game.stack == []
    assert "(R5.1)" in refused(game, "respond shield blue-submarine")


def test_r9_1_maneuver_while_intercepted():
    game = scenario(hands={"blue-submarine": ["intercept"]})
    game.play("order intercept blue-submarine")      # R7.3: any ship, its own included
    assert game.ship("blue-submarine").intercepted is True
    assert game.legal_moves() == ["end"]
    for move in ("torpedo red-destroyer", "movement a1", "repair"):
        reason = refused(game, move)
        assert "(R9.1)" in reason


def test_r9_1_intercepted_in_a_scenario():
    game = scenario(ships={"blue-submarine": {"at": "b2", "intercepted": True},
                           "red-destroyer": {"at": "d4"}}, phase="maneuvers")
    assert "(R9.1)" in refused(game, "heavy_torpedo red-destroyer")


def test_r1_5_maneuver_of_another_ship_type():
    assert "(R1.5)" in refused(scenario(), "missile red-destroyer")


def test_r5_2_not_a_response_maneuver():
    game = scenario()
    game.play("torpedo red-destroyer")
    assert game.to_move == "red-destroyer"
    assert "(R5.2)" in refused(game, "respond missile blue-submarine")
    assert "(R5.2" in refused(game, "end")


def test_d4_7_shield_must_target_the_source():
    game = scenario()
    game.play("torpedo red-destroyer")
    assert "(D4.7)" in refused(game, "respond shield red-destroyer")


def test_d7_5_area_off_the_board():
    game = scenario(hands={"blue-submarine": ["atomic_bomb"]})
    assert "(D7.5)" in refused(game, "order atomic_bomb h6")


def test_r6_1_recover_first():
    game = scenario(ships={"blue-submarine": {"at": "b2", "crew_on": {"torpedo": 2}},
                           "red-destroyer": {"at": "d4"}})
    assert "(R6.1)" in refused(game, "end")
    assert "(R6.1)" in refused(game, "recover movement")


@pytest.mark.parametrize("move", [
    "", "   ", "torpedo nowhere", "torpedo", "order", "order mechanic", "order kamikaze",
    "order nuke red-destroyer", "fire red-destroyer", "end now", "repair now",
    "movement", "movement z9", "movement b2", "movement a1 a1", "place g6", "discard ambush",
    "recover", "torpedo red-destroyer extra", "order kamikaze red-destroyer a1",
])
def test_malformed_moves_raise_illegal_move_and_change_nothing(move):
    game = scenario(hands={"blue-submarine": ["kamikaze"]})
    reason = refused(game, move)
    assert isinstance(reason, str) and reason


def test_after_the_game_is_over_every_move_is_illegal():
    game = scenario(ships={"blue-submarine": {"at": "b2"},
                           "red-destroyer": {"at": "d4", "repairs": 1, "breakdowns": 0}},
                    mode="arena", hands={"blue-submarine": ["ambush"]})
    game.play("order ambush red-destroyer")
    assert game.is_over and game.winner == "blue"
    assert game.legal_moves() == []
    refused(game, "end")


@pytest.mark.parametrize("lang,reason", [
    ("en", "torpedo is not available: 2 crew on it (R4.1)"),
    ("es", "torpedo no está libre: tiene 2 tripulantes (R4.1)"),
    ("it", "torpedo non è libera: ha 2 membri dell'equipaggio (R4.1)"),
])
def test_illegal_move_reasons_in_the_games_language(lang, reason):
    game = rc.Game.from_scenario({
        "ships": {"blue-submarine": {"at": "c3", "crew_on": {"torpedo": 2}},
                  "red-destroyer": {"at": "e3"}},
        "phase": "maneuvers"})
    game.lang = lang
    before = game.to_json()
    with pytest.raises(rc.IllegalMove) as info:
        game.play("torpedo red-destroyer")
    assert info.value.reason == reason
    assert game.to_json() == before


# ------------------------------------------------------------------ cached listings


@pytest.mark.parametrize("edition,mode,teams,seed", quick_and_mass([
    ("en", "war", [["submarine"], ["destroyer"]], 4),
    ("es", "arena", [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]], 5),
    ("it", "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2, 6),
], {0}))
def test_listings_from_caches_equal_listings_computed_afresh(edition, mode, teams, seed):
    """Move lists come from caches (paths per start/steps/ships in reach, whole
    listings of small choices, moves per seat/card/target); a game loaded from
    its save starts with empty caches and a new board, and must list exactly
    the same moves at every decision, in the same order."""
    import random
    game = rc.new_game(rc.load_ruleset(edition), mode=mode, teams=teams, seed=seed)
    rnd = random.Random(seed)
    checked = 0
    while not game.is_over and checked < 300:
        fresh = rc.Game.from_json(game.to_json())
        assert game.legal_moves() == fresh.legal_moves()
        move = rnd.choice(game.legal_moves())
        assert game.move_of(move) == fresh.move_of(move)
        game.play(move)
        checked += 1
    assert checked == 300 or game.is_over


@pytest.mark.parametrize("move,box", [
    ("movement a²", "a²"), ("movement c①", "c①"), ("movement a₁", "a₁"),
    ("movement ａ1", "ａ1"), ("movement A1", "A1"), ("movement a01", "a01"),
    ("immersion b3 a²", "a²"), ("order evasion red-destroyer c٣", "c٣"),
    ("movement a" + "1" * 4300, "a1111111111…"),
])
def test_r2_1_only_ascii_box_names_are_boxes(move, box):
    """R2.1: a box is a letter a-z and an ASCII row number on the board; other
    digits (superscript, circled, subscript, Arabic-Indic, full-width) and a
    4,300-digit row are not boxes: an IllegalMove naming the word (shortened),
    not a ValueError, and the game is unchanged."""
    game = scenario(hands={"blue-submarine": ["evasion"]}, phase="maneuvers")
    before = game.to_json()
    assert refused(game, move) == f"{box} is not a box of the board (R2.1)"
    assert game.to_json() == before


def test_r2_1_only_ascii_box_names_are_placed():
    game = scenario(ships={"blue-submarine": {"at": "b2"}, "red-destroyer": {"sunk": True}},
                    turn="red-destroyer")
    for word in ("g⁵", "g5" + "0" * 5000, "ｇ5"):
        with pytest.raises(rc.IllegalMove, match="is not a box of the board"):
            game.play(f"place {word}")
    assert game.board.index("g5") == 38
    assert game.board.index("g⁵") is None


def test_parse_box_takes_ascii_names_within_the_board():
    from redcode_rules.rules.board import parse_box
    assert parse_box("h6") == 47
    assert parse_box("c4", 8, 6) == 26
    for word in ("a²", "c①", "a₁", "i1", "a7", "a0", "a01", "a", "", "a" + "9" * 4300, "é1"):
        assert parse_box(word) is None


# ------------------------------------------------------------------ one notation, both ways

#: Card files whose moves have every part the notation writes: box targets
#: and jumps, areas, paths after a target, owed choices of cards and of a
#: sunk ship and its box (None: the printed cards).
EVERY_PART = (None, "box_targets_minelayer.rc", "hand_and_deck.rc", "refloat_jury_rig.rc",
              "swap_stations.rc")


@pytest.mark.parametrize("cards", EVERY_PART)
def test_every_listed_move_reads_back_as_itself(cards):
    """``notation.parse(str(move)) == move`` for every legal move of a random
    game, of the printed cards and of cards with every kind of target."""
    import random

    from conftest import EXAMPLES, play_random
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / cards)] if cards else [])
    game = rc.new_game(rules, mode="arena", teams="2v2", seed=3)
    rnd = random.Random(3)
    read = 0
    while not game.is_over and read < 1500:
        decision = game.engine.pending()[0]
        for text in game.legal_moves():
            move = game.notation.parse(text, decision)
            assert move == game.move_of(text) and str(move) == text
            read += 1
        play_random(game, rnd, 1)
    assert read > 300


@pytest.mark.parametrize("move", [
    "", "   ", "fire red-destroyer", "torpedo nowhere", "torpedo", "order", "order nuke",
    "order kamikaze", "end now", "repair now", "movement", "movement z9", "place",
    "discard", "torpedo red-destroyer extra", "order kamikaze red-destroyer a1", "ambush",
])
def test_a_move_that_cannot_be_read_is_a_malformed_move(move):
    game = scenario(hands={"blue-submarine": ["kamikaze"]})
    with pytest.raises(rc.MalformedMove) as info:
        game.play(move)
    assert isinstance(info.value, rc.IllegalMove) and info.value.reason == game.explain(move)


@pytest.mark.parametrize("move", [
    "movement b2", "movement a1 a1", "place g6", "discard ambush", "recover movement",
    "respond shield red-destroyer", "pass",
])
def test_a_move_that_reads_but_is_not_legal_now_is_no_malformed_move(move):
    """Read, but refused by the rules now: an ``IllegalMove`` with its reason
    and suggestions, not a ``MalformedMove``."""
    game = scenario(hands={"blue-submarine": ["kamikaze"]}, phase="maneuvers")
    with pytest.raises(rc.IllegalMove) as info:
        game.play(move)
    assert not isinstance(info.value, rc.MalformedMove), info.value.reason


def test_a_card_refused_is_said_before_the_words_that_do_not_read():
    """``torpedo nowhere`` with crew on the torpedo: the rules refuse the card
    first (R4.1); the move is still one that cannot be read."""
    game = scenario(ships={"blue-submarine": {"at": "b2", "crew_on": {"torpedo": 2}},
                           "red-destroyer": {"at": "d4"}}, phase="maneuvers")
    with pytest.raises(rc.MalformedMove) as info:
        game.play("torpedo nowhere")
    assert info.value.reason == "torpedo is not available: 2 crew on it (R4.1)"
