"""Board geometry through the public Game API: coordinates (R2.1), islands
(R2.3), one ship per box (R2.4), running water (R2.5, D2.5a-c), neighbours
(D2.6), moving (D4.6) and the visual field (R4.2, R4.3)."""

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import redcode_rules as rc
from redcode_rules.rules.board import _PathCache

from conftest import EDITIONS, examples, plain_moves, plain_paths, scenario_game, starting


def with_prefix(game: rc.Game, prefix: str) -> list[str]:
    return sorted(m for m in game.legal_moves() if m.startswith(prefix))


# --------------------------------------------------------------- coordinates


def test_r2_1_a1_is_top_left_and_rows_count_down():
    """R2.1: row 1 is the first board line, columns a-h left to right.
    The island written third on line 1 is c1; b2's neighbours skip it."""
    game = scenario_game("""
        board: |
          ..#.....
          ........
          ........
          ........
          ........
          ........
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    assert starting(game, "movement") == [
        "movement a1", "movement a2", "movement a3", "movement b1",
        "movement b3", "movement c2", "movement c3",
    ]
    game.play("movement a3")
    assert game.ship("blue-submarine").position == "a3"


def test_r2_1_h6_is_bottom_right():
    """R2.1: h6 is the last box of the last line: only 3 neighbours."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: h6}
          red-destroyer: {at: a1}
        phase: maneuvers
    """)
    assert starting(game, "movement") == ["movement g5", "movement g6", "movement h5"]


def test_r2_1_island_on_last_line_first_column_is_a6():
    """R2.1: the first box of line 6 is a6; a ship on it is a scenario error (R2.3)."""
    board = """
        board: |
          ........
          ........
          ........
          ........
          ........
          #.......
    """
    with pytest.raises(rc.ScenarioError):
        scenario_game(board + """
        ships:
          blue-submarine: {at: a6}
          red-destroyer: {at: h1}
        """)
    game = scenario_game(board + """
        ships:
          blue-submarine: {at: a5}
          red-destroyer: {at: h1}
        phase: maneuvers
    """)
    assert starting(game, "movement") == [
        "movement a4", "movement b4", "movement b5", "movement b6",
    ]


# --------------------------------------------------------------- neighbours, islands, occupancy


def test_d2_6_eight_neighbours_in_open_water():
    """D2.6: a move of 1 reaches the 8 boxes around, orthogonal and diagonal."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    assert starting(game, "movement") == [
        "movement b2", "movement b3", "movement b4", "movement c2",
        "movement c4", "movement d2", "movement d3", "movement d4",
    ]


def test_r2_3_islands_are_impassable_even_for_two_step_moves():
    """R2.3: a ship walled in by islands has no movement or immersion at all."""
    game = scenario_game("""
        board: |
          .#......
          ##......
          ........
          ........
          ........
          ........
        start_cards: {blue: c5}  # open water (D2.7)
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    assert starting(game, "movement") == []
    assert starting(game, "immersion") == []
    with pytest.raises(rc.IllegalMove):
        game.play("movement b1")
    assert game.ship("blue-submarine").position == "a1"


def test_r2_3_immersion_cannot_jump_over_an_island():
    """R2.3/D4.6: each step goes to a neighbour, so a2 -> c2 over island b2 is impossible
    in one step; the two-step path around the island is fine."""
    game = scenario_game("""
        board: |
          ........
          .#......
          ........
          ........
          ........
          ........
        start_cards: {blue: c5}  # open water (D2.7)
        ships:
          blue-submarine: {at: a2}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    legal = game.legal_moves()
    assert "immersion c2" not in legal
    assert "immersion b2" not in legal
    assert "immersion b1 c2" in legal  # c2's one move: the path sorting first
    assert "immersion b3 c2" not in legal
    assert game.is_legal("immersion b3 c2")  # the other path to it is played as it


def test_r2_4_one_ship_per_box():
    """R2.4: an occupied box cannot be entered (any side) nor passed through."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          blue-destroyer: {at: a2}
          red-destroyer: {at: b1}
          red-submarine: {sunk: true}  # D2.9: equal sides
        phase: maneuvers
    """)
    assert starting(game, "movement") == ["movement b2"]
    legal = game.legal_moves()
    assert "immersion b1 c1" not in legal
    assert "immersion a2 a3" not in legal
    assert "immersion b2 c1" in legal
    with pytest.raises(rc.IllegalMove):
        game.play("movement b1")
    assert game.ship("blue-submarine").position == "a1"
    assert game.ship("red-destroyer").position == "b1"


def test_r2_4_scenario_rejects_two_ships_on_one_box():
    with pytest.raises(rc.ScenarioError):
        scenario_game("""
            ships:
              blue-submarine: {at: c3}
              red-destroyer: {at: c3}
        """)


# --------------------------------------------------------------- moves of 1 or 2 (D4.6)


def test_d4_6_immersion_takes_one_or_two_steps_never_three():
    """D4.6: immersion (move 2) may take 1 or 2 steps, in open water no more."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    legal = game.legal_moves()
    assert "immersion d3" in legal
    assert "immersion d2 e3" in legal  # e3's canonical path: d2 sorts before d3, d4
    assert "immersion d3 e4" in legal
    assert game.is_legal("immersion d3 e3")
    assert not game.is_legal("immersion d3 e3 f3")
    one_step = [m for m in starting(game, "immersion") if len(m.split()) == 2]
    assert one_step == [
        "immersion b2", "immersion b3", "immersion b4", "immersion c2",
        "immersion c4", "immersion d2", "immersion d3", "immersion d4",
    ]
    assert len(starting(game, "immersion")) == 24  # every box within 2 steps
    game.play("immersion d3 e3")
    assert game.moves == ["immersion d2 e3"]
    ship = game.ship("blue-submarine")
    assert ship.position == "e3"
    assert ship.crew_on("immersion") == 2
    assert ship.reserve == 4


# --------------------------------------------------------------- running water (R2.5)

CURRENT_C3 = """
    board: |
      ........
      ........
      ..~.....
      ........
      ........
      ........
"""


def test_r2_5_entering_running_water_forces_one_more_step():
    """R2.5: entering c3 (~) forces a step to a free neighbour (not the start b2,
    D2.5a), listed in the move string; the player chooses it (D2.5c). Every
    such path is legal; those to b3 and c2, one step from b2, are the moves
    movement b3 and movement c2 (running water passed changes nothing)."""
    game = scenario_game(CURRENT_C3 + """
    ships:
      blue-submarine: {at: b2}
      red-destroyer: {at: h6}
    phase: maneuvers
    """)
    assert with_prefix(game, "movement c3") == [
        "movement c3 b4", "movement c3 c4", "movement c3 d2", "movement c3 d3", "movement c3 d4",
    ]
    for box in ("b3", "b4", "c2", "c4", "d2", "d3", "d4"):
        assert game.is_legal(f"movement c3 {box}")
    assert game.move_of("movement c3 b3").text == "movement b3"
    assert game.move_of("movement c3 c2").text == "movement c2"
    game.play("movement c3 d3")
    ship = game.ship("blue-submarine")
    assert ship.position == "d3"
    assert ship.crew_on("movement") == 1
    assert ship.reserve == 5


def test_r2_5_a_path_that_stops_before_a_forced_step_is_illegal():
    """R2.5: the forced step is a must; 'movement c3' alone is not a move."""
    game = scenario_game(CURRENT_C3 + """
    ships:
      blue-submarine: {at: b2}
      red-destroyer: {at: h6}
    phase: maneuvers
    """)
    assert "movement c3" not in game.legal_moves()
    assert "immersion c3" not in game.legal_moves()
    with pytest.raises(rc.IllegalMove):
        game.play("movement c3")
    ship = game.ship("blue-submarine")
    assert ship.position == "b2"
    assert ship.reserve == 6
    assert ship.crew_on("movement") == 0


def test_r2_5_forced_steps_come_on_top_of_the_move():
    """D4.6: immersion into running water: 1 voluntary step + forced step + 1 voluntary."""
    game = scenario_game(CURRENT_C3 + """
    ships:
      blue-submarine: {at: b2}
      red-destroyer: {at: h6}
    phase: maneuvers
    """)
    legal = game.legal_moves()
    assert "immersion c3 d2 e3" in legal  # e3 after running water c3: d2 sorts first
    assert game.is_legal("immersion c3 d3")  # d3: also 2 voluntary steps away, c2 d3
    assert game.move_of("immersion c3 d3").text == "immersion c2 d3"
    assert game.is_legal("immersion c3 d3 e3")
    assert not game.is_legal("immersion c3 d3 e3 f3")
    game.play("immersion c3 d3 e3")
    assert game.ship("blue-submarine").position == "e3"
    assert game.moves == ["immersion c3 d2 e3"]


def test_r2_5_chain_of_two_currents():
    """R2.5: c3 and d3 are running water: entering d3 by the forced step forces
    another. Every such path is legal; those listed as themselves end where
    no shorter path goes."""
    game = scenario_game("""
        board: |
          ........
          ........
          ..~~....
          ........
          ........
          ........
        ships:
          blue-submarine: {at: b3}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    assert with_prefix(game, "movement c3 d3") == [
        "movement c3 d3 e2", "movement c3 d3 e3", "movement c3 d3 e4",
    ]
    for box, listed in (("c2", "movement c2"), ("c4", "movement c4"), ("d2", "movement c3 d2"),
                        ("d4", "movement c3 d4")):
        assert game.move_of(f"movement c3 d3 {box}").text == listed
    assert "movement c3 d3" not in game.legal_moves()
    game.play("movement c3 d3 e3")
    assert game.ship("blue-submarine").position == "e3"


def test_d2_5a_forced_step_cannot_revisit_start_or_visited_boxes():
    """D2.5a: a3 -> a2 (~) must go on to a1 (~), since a3 is the start box; from a1
    the only water neighbour is a2, already visited: the chain stops on a1."""
    game = scenario_game("""
        board: |
          ~#......
          ~#......
          .#......
          ........
          ........
          ........
        start_cards: {blue: c5}  # open water (D2.7)
        ships:
          blue-submarine: {at: a3}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    assert starting(game, "movement") == ["movement a2 a1", "movement a4", "movement b4"]
    for bad in ("movement a2", "movement a2 a3", "movement a2 a1 a2"):
        with pytest.raises(rc.IllegalMove):
            game.play(bad)
    game.play("movement a2 a1")
    assert game.ship("blue-submarine").position == "a1"


def test_d2_5a_forced_step_cannot_go_back_to_the_start_box():
    """D2.5a: from a2 into a1 (~): the only free neighbour is a2, the start box,
    so the bonus is lost and the move ends on the running water."""
    game = scenario_game("""
        board: |
          ~#......
          .#......
          ........
          ........
          ........
          ........
        start_cards: {blue: c5}  # open water (D2.7)
        ships:
          blue-submarine: {at: a2}
          red-destroyer: {at: h6}
        phase: maneuvers
    """)
    assert "movement a1" in game.legal_moves()
    assert "movement a1 a2" not in game.legal_moves()
    game.play("movement a1")
    assert game.ship("blue-submarine").position == "a1"


def test_d2_5a_blocked_chain_by_ships_loses_the_bonus():
    """D2.5a: every neighbour of the current box is occupied: the forced step is
    lost and the move ends on the ~ box."""
    game = scenario_game("""
        board: |
          ~.......
          ........
          ........
          ........
          ........
          ........
        ships:
          blue-submarine: {at: b2}
          blue-destroyer: {at: b1}
          red-destroyer: {at: a2}
          red-submarine: {sunk: true}  # D2.9: equal sides
        phase: maneuvers
    """)
    assert with_prefix(game, "movement a1") == ["movement a1"]
    game.play("movement a1")
    assert game.ship("blue-submarine").position == "a1"


def test_d2_5b_starting_a_turn_on_running_water_does_nothing():
    """D2.5b: a ship whose turn starts on ~ stays there and moves normally."""
    game = scenario_game(CURRENT_C3 + """
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: h6}
    turn: red-destroyer
    phase: maneuvers
    """)
    game.play("end")
    assert game.to_move == "blue-submarine"
    assert game.ship("blue-submarine").position == "c3"
    assert starting(game, "movement") == [
        "movement b2", "movement b3", "movement b4", "movement c2",
        "movement c4", "movement d2", "movement d3", "movement d4",
    ]


# --------------------------------------------------------------- a box entered twice (D2.5d)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("move, box", [
    ("immersion b1 a1", "a1"),                              # back to the start box
    ("order evasion blue-submarine b1 b2 b1", "b1"),        # a box entered twice
])
def test_d2_5d_a_path_entering_a_box_twice_cites_d2_5d(edition, move, box):
    game = scenario_game(f"""
        edition: {edition}
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
        hands: {{blue-submarine: [evasion]}}
        phase: maneuvers
    """)
    game.lang = edition
    assert move not in game.legal_moves()
    with pytest.raises(rc.IllegalMove) as err:
        game.play(move)
    assert err.value.reason.endswith("(D2.5d)")
    assert box in err.value.reason
    assert "D2.5a" not in err.value.reason and "D4.6" not in err.value.reason
    assert game.ship("blue-submarine").position == "a1"


# --------------------------------------------------------------- visual field (R4.3)


def test_r4_3_islands_block_the_line_of_sight():
    """R4.3: red-destroyer at c1 is behind island b1; the carrier at c3 (diagonal, 2) is seen."""
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
          red-destroyer: {at: c1}
          red-aircraft_carrier: {at: c3}
          blue-destroyer: {sunk: true}  # D2.9: equal sides
        phase: maneuvers
    """)
    assert starting(game, "torpedo") == [
        "torpedo blue-submarine", "torpedo red-aircraft_carrier",
    ]


def test_r4_3_enemy_ship_blocks_but_is_itself_targetable():
    """R4.3: red-destroyer at b1 is visible; red-aircraft_carrier at c1 behind it is not."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: b1}
          red-aircraft_carrier: {at: c1}
          blue-destroyer: {sunk: true}  # D2.9: equal sides
        phase: maneuvers
    """)
    assert starting(game, "torpedo") == ["torpedo blue-submarine", "torpedo red-destroyer"]


def test_r4_3_friendly_ships_do_not_block():
    """R4.3: blue-destroyer at b1 does not hide red-destroyer at c1; both are targets."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          blue-destroyer: {at: b1}
          red-destroyer: {at: c1}
          red-submarine: {sunk: true}  # D2.9: equal sides
        phase: maneuvers
    """)
    assert starting(game, "torpedo") == [
        "torpedo blue-destroyer", "torpedo blue-submarine", "torpedo red-destroyer",
    ]


def test_r4_3_only_the_eight_straight_lines_count():
    """R4.3: b3 is a knight's jump from a1 (distance 2 as the crow flies): not in the
    visual field; c3 on the diagonal is."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: b3}
          red-aircraft_carrier: {at: c3}
          blue-destroyer: {sunk: true}  # D2.9: equal sides
        phase: maneuvers
    """)
    assert starting(game, "torpedo") == [
        "torpedo blue-submarine", "torpedo red-aircraft_carrier",
    ]


def test_r4_3_the_drawn_visual_field_is_the_one_targeting_uses():
    """R4.3: ``Board.visual_field`` (drawn by render/svg.py) cuts each line just after
    the first enemy, as targeting does (``in_sight``): blue-submarine at a1
    sees red-destroyer at c1 and not the carrier behind it at e1; the friendly
    blue-destroyer at a3 hides nothing; the island at c3 cuts the diagonal."""
    game = scenario_game("""
        board: |
          ........
          ........
          ..#.....
          ........
          ........
          ........
        start_cards: {blue: c5}  # open water (D2.7)
        ships:
          blue-submarine: {at: a1}
          blue-destroyer: {at: a3}
          red-destroyer: {at: c1}
          red-aircraft_carrier: {at: e1}
        phase: maneuvers
    """)
    board, ships = game.board, game.state.ships
    positions, sides = [s.position for s in ships], [s.side for s in ships]
    field = board.visual_field(board.index("a1"), positions, "blue", sides, 9)
    assert [board.name(b) for b in field] == ["b1", "c1", "a2", "b2", "a3", "a4", "a5", "a6"]
    seen = {seat for _, seat in board.in_sight(board.index("a1"), positions, "blue", sides)}
    assert {s.position for seat, s in enumerate(ships) if seat in seen} == \
        {box for box in field if box in positions}
    assert board.visual_field(board.index("a1"), positions, "blue", sides, 1) == \
        tuple(board.index(b) for b in ("b1", "a2", "b2"))
    # kept: the same field comes back as the same tuple
    assert board.visual_field(board.index("a1"), positions, "blue", sides, 9) is field


def test_r4_2_range_two_reaches_distance_two_not_three():
    """R4.2: torpedo (range 2) reaches c1 but not a4; heavy torpedo (range 3) reaches both."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: c1}
          red-aircraft_carrier: {at: a4}
          blue-destroyer: {sunk: true}  # D2.9: equal sides
        phase: maneuvers
    """)
    assert starting(game, "torpedo") == ["torpedo blue-submarine", "torpedo red-destroyer"]
    assert starting(game, "heavy_torpedo") == [
        "heavy_torpedo blue-submarine", "heavy_torpedo red-aircraft_carrier",
        "heavy_torpedo red-destroyer",
    ]


def test_r4_3_running_water_does_not_block_sight():
    """R4.3: only islands and enemy ships stop a line; ~ boxes are seen through."""
    game = scenario_game("""
        board: |
          .~......
          ........
          ........
          ........
          ........
          ........
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: c1}
        phase: maneuvers
    """)
    assert starting(game, "torpedo") == ["torpedo blue-submarine", "torpedo red-destroyer"]


# ------------------------------------------------------------------ the path walk


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10_000), start=st.integers(0, 47), steps=st.integers(1, 3),
       ships=st.lists(st.integers(0, 47), max_size=6))
def test_paths_equal_the_plain_search_on_dealt_boards(seed, start, steps, ships):
    """The path walk lists exactly one path per outcome of the plain
    search, in sorted order (listings find notations by bisection), prefixed
    texts too (tests/test_rules_02_move_listing.py checks random boards)."""
    board = rc.new_game(rc.load_ruleset("en"), seed=seed).board
    assume(not board.is_island(start))
    occupied = sum({1 << s for s in ships})
    paths = board.paths(start, steps, occupied)
    assert list(paths) == plain_moves(board, start, steps, occupied)
    texts = board.path_texts("movement", start, steps, occupied)
    assert texts == tuple(f"movement {p}" for p in paths)
    assert list(texts) == sorted(texts)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10_000), start=st.integers(0, 47), steps=st.integers(1, 3))
def test_paths_change_with_a_ship_on_any_box_a_move_can_enter(seed, start, steps):
    """Paths are cached per ships in reach: a ship on any box of any path
    must change the paths listed after those of the empty board were
    cached (a cache key missing that box would give the cached ones)."""
    board = rc.new_game(rc.load_ruleset("en"), seed=seed).board
    assume(not board.is_island(start))
    assert list(board.paths(start, steps, 0)) == plain_moves(board, start, steps, 0)
    entered = {box for path in plain_paths(board, start, steps, 0) for box in path}
    for box in sorted(entered):
        occupied = 1 << box
        assert list(board.paths(start, steps, occupied)) == \
            plain_moves(board, start, steps, occupied), board.name(box)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_game_lists_the_same_moves_with_a_cold_and_a_warm_path_cache(seed, monkeypatch):
    """A board's path cache is shared by every game on it (its clones, its
    resamples, a bot's playouts): a game played on a board whose cache the
    same game already filled lists exactly what it lists on a fresh board,
    and on one whose cache keeps nothing but the last walk (300 moves of a
    game each)."""
    rules = rc.load_ruleset("en")
    start = rc.new_game(rules, seed=seed, teams="2v2")
    warm = start.clone()
    rnd = random.Random(seed)
    cold_listings, moves = [], []
    while not start.is_over and len(moves) < 300:
        cold_listings.append(start.legal_moves())
        moves.append(rnd.choice(cold_listings[-1]))
        start.play(moves[-1])
    assert warm.board is start.board  # a clone walks the same board, its cache now warm
    for listing, move in zip(cold_listings, moves):
        assert warm.legal_moves() == listing
        warm.play(move)
    monkeypatch.setattr(_PathCache, "LIMIT", 0)  # every walk stored alone: always cold
    again = rc.new_game(rules, seed=seed, teams="2v2")
    for listing, move in zip(cold_listings, moves):
        assert again.legal_moves() == listing
        again.play(move)
    assert again.to_json() == warm.to_json() == start.to_json()
