"""Move listing by outcome (docs/design.md, "Moves along a path"): a move along
a path is listed once per outcome (end box, running-water boxes entered, R2.5)
as its canonical path (the shortest, then the first in sort order); ``play``
accepts any legal path (D2.5d) to it and records the canonical one. Listing
is polynomial in the move amount: a long move cannot exhaust the machine."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import redcode_rules as rc
from redcode_rules.rules.board import MAX_MOVE, MAX_RUNNING_WATER, Board

from conftest import examples, plain_outcomes, plain_paths


@st.composite
def boards(draw):
    """Small boards with islands, running water and ships, 8 or 4 neighbours."""
    width = draw(st.integers(2, 6))
    height = draw(st.integers(2, 5))
    cells = "".join(draw(st.lists(st.sampled_from("...~~#"), min_size=width * height,
                                  max_size=width * height)))
    while cells.count("~") > MAX_RUNNING_WATER:  # as a scenario or a map deal allows
        cells = cells.replace("~", ".", 1)
    board = Board(width, height, cells, {}, {}, draw(st.sampled_from([8, 4])))
    open_boxes = [i for i, c in enumerate(cells) if c != "#"]
    start = draw(st.sampled_from(open_boxes)) if open_boxes else 0
    ships = draw(st.lists(st.sampled_from(range(width * height)), max_size=4))
    occupied = sum({1 << s for s in ships}) | (1 << start)
    return board, start, occupied


def plain_reach(board: Board, start: int, steps: int) -> int:
    """The boxes within ``steps`` of ``start``, a step out of running water
    free (R2.5), by plain relaxation to a fixed point, as a mask."""
    cost = {start: 0}
    frontier = [start]
    while frontier:
        box = frontier.pop()
        here = cost[box] + (0 if box != start and board.is_current(box) else 1)
        for n in board.neighbours[box]:
            if here <= steps and here < cost.get(n, steps + 1):
                cost[n] = here
                frontier.append(n)
    return sum(1 << box for box in cost)


@settings(max_examples=examples(300), deadline=None)
@given(case=boards(), steps=st.integers(1, MAX_MOVE))
def test_listed_outcomes_equal_those_of_every_path(case, steps):
    """The listing has exactly the outcomes of all legal paths, each with its
    canonical path, which is legal and has that outcome, for every move
    amount a card or a modifier can give (1 to ``board.MAX_MOVE``); a move
    may be declared (``can_move``) exactly when it has one."""
    board, start, occupied = case
    if board.is_island(start):
        return
    expected = plain_outcomes(board, start, steps, occupied)
    assert board.outcomes(start, steps, occupied) == expected
    for outcome, text in expected.items():
        path = [board.index(name) for name in text.split(" ")]
        assert board.outcome_of(start, steps, occupied, path) == outcome
    assert board.paths(start, steps, occupied) == tuple(sorted(expected.values()))
    assert board.can_move(start, steps, occupied) is bool(expected)  # without a walk


@settings(max_examples=examples(300), deadline=None)
@given(case=boards(), steps=st.integers(1, MAX_MOVE))
def test_the_reach_mask_holds_every_box_a_path_enters_and_no_box_beyond(case, steps):
    """The mask that keys the path cache (``_reach_mask``) holds the start and
    every box a legal path of the empty board enters, and no box further than
    ``steps`` steps of which those out of running water are free (R2.5): the
    0-1 breadth-first search, read with the ships ignored."""
    board, start, _ = case
    if board.is_island(start):
        return
    mask = board._reach_mask(start, steps)
    for path in plain_paths(board, start, steps, 0):
        assert all(mask >> box & 1 for box in path), path
    assert mask == plain_reach(board, start, steps)


@pytest.mark.parametrize("width, height", [(8, 6), (12, 9)])
def test_the_reach_mask_is_right_on_boxes_past_the_thirty_second(width, height):
    """Every start and move amount of a board of 48 and of 108 boxes: the
    mask's bits past 31 and 63 are a Python int's, in the compiled board too
    (a shift of a typed box index there would be a C int's)."""
    cells = "".join("~" if i % 7 == 3 else "#" if i % 11 == 5 else "."
                    for i in range(width * height))
    board = Board(width, height, cells, {}, {}, 8)
    for start in range(board.size):
        if board.is_island(start):
            continue
        for steps in (1, 2, 3):
            assert board._reach_mask(start, steps) == plain_reach(board, start, steps), \
                (start, steps)


@settings(max_examples=examples(100), deadline=None)
@given(case=boards(), steps=st.integers(1, 3), data=st.data())
def test_any_legal_path_names_its_outcome_and_no_illegal_one_does(case, steps, data):
    """``canonical_path`` maps every legal path to its outcome's canonical path,
    and a path that breaks a rule (a box twice, a skipped box, one step too
    many, a forced step left out) to None."""
    board, start, occupied = case
    if board.is_island(start):
        return
    paths = plain_paths(board, start, steps, occupied)
    outcomes = board.outcomes(start, steps, occupied)
    legal = set(paths)
    for path in paths[:50]:
        outcome = (path[-1], sum(1 << b for b in path if board.effects >> b & 1))
        assert board.canonical_path(start, steps, occupied, path) == outcomes[outcome]
    size = board.width * board.height
    junk = data.draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=steps + 3))
    if tuple(junk) not in legal:
        assert board.canonical_path(start, steps, occupied, junk) is None


def scenario_with_move(amount: int, board: str, at: str = "c3", tmp_path=None) -> rc.Game:
    card = tmp_path / f"move{amount}.rc"
    card.write_text(f"patch maneuver movement {{ effect move {amount} self }}\n")
    return rc.Game.from_scenario({
        "extra": [str(card)], "board": board, "phase": "maneuvers",
        "ships": {"blue-submarine": {"at": at}, "red-destroyer": {"at": "h6"}}})


OPEN = "........\n" * 6
WATER = "........\n..~.....\n.~..~...\n..~.#...\n...~....\n........\n"


@pytest.mark.parametrize("board,counts", [
    (OPEN, {1: 8, 2: 24, 3: 35}),
    (WATER, {1: 17, 2: 28, 3: 35}),
])
def test_a_long_move_lists_one_move_per_outcome_quickly(board, counts, tmp_path):
    """Move 3 with running water once listed thousands of paths, then one
    move per end box and set of running-water boxes entered (68, 243, 588);
    running water passed changes nothing of the result, so one move per end
    box."""
    for amount, count in counts.items():
        game = scenario_with_move(amount, board, tmp_path=tmp_path)
        began = time.perf_counter()
        moves = [m for m in game.legal_moves() if m.startswith("movement ")]
        assert time.perf_counter() - began < 5
        assert len(moves) == count


FAST = """status fast { permanent  modify movement +6 }
ship corvette {
    repairs 2  breakdowns 2  crew 6
    maneuvers movement repair torpedo orders immersion countermeasure heavy_torpedo
              floating_mine
    letter v  ability fast
}
"""
#: 8 running-water boxes scattered round c3 and a 2x4 block beside d4: with a
#: bound of 6 on modified moves, c3 listed 20,302 moves in 4.7 s, d4 27,363.
SCATTER = "........\n.~..~...\n...~..~.\n.~..~...\n...~..~.\n........\n"
BLOCK = "........\n..~~~~..\n..~~~~..\n........\n........\n........\n"


def fast_game(board: str, at: str, tmp_path) -> rc.Game:
    card = tmp_path / "fast.rc"
    card.write_text(FAST)
    return rc.Game.from_scenario({
        "extra": [str(card)], "board": board, "phase": "maneuvers", "turn": "blue-corvette",
        "hands": {"blue-corvette": ["evasion"]},
        "ships": {"blue-corvette": {"at": at}, "red-destroyer": {"at": "h6"}}})


@pytest.mark.parametrize("board,at,count", [(SCATTER, "c3", 158), (BLOCK, "d4", 151)])
def test_a_move_changed_by_modifiers_goes_at_most_max_move_boxes(board, at, count, tmp_path):
    """D4.6: `modify movement +6` takes movement (1), immersion (2) and evasion
    (3) to 3 boxes, no further: the three list the outcomes of a plain move
    of 3 (the bound the compiler puts on `move N`), quickly, and a save of
    the game loads as quickly (its reader lists the moves once)."""
    game = fast_game(board, at, tmp_path)
    began = time.perf_counter()
    legal = game.legal_moves()
    assert time.perf_counter() - began < 2
    assert len(legal) == count
    start = game.board.index(at)
    occupied = (1 << start) | (1 << game.board.index("h6"))
    outcomes = sorted(game.board.outcomes(start, MAX_MOVE, occupied).values())
    for head in ("movement", "immersion", "order evasion blue-corvette"):
        assert [m[len(head) + 1:] for m in legal if m.startswith(head + " ")] == outcomes
    began = time.perf_counter()
    assert rc.Game.from_json(game.to_json()).legal_moves() == legal
    assert time.perf_counter() - began < 3


def test_the_start_position_lists_one_move_per_outcome():
    """Seed 7's first decision listed 231 moves once (222 of them movement
    and immersion paths); one per end box and running water entered, 95
    (86); one per end box, 46 (37)."""
    game = rc.new_game(rc.load_ruleset("en"), seed=7, placement="fixed")
    legal = game.legal_moves()
    assert len(legal) == 46
    assert len([m for m in legal if m.split()[0] in ("movement", "immersion")]) == 37


def test_play_accepts_any_legal_path_and_records_the_canonical_one(tmp_path):
    """Move 3 from b2 to d2 on open water: c1 d2 is listed (the shortest path
    that sorts first); c2 d2, c3 d2 and the longer b1 c2 d2 reach the same box
    and are played as it. The game records the listed text, in its moves, its
    log and its save."""
    game = scenario_with_move(3, OPEN, at="b2", tmp_path=tmp_path)
    ends_on_d2 = [m for m in game.legal_moves() if m.startswith("movement ")
                  and m.endswith(" d2")]
    assert ends_on_d2 == ["movement c1 d2"]
    for path in ("c2 d2", "c3 d2", "b1 c2 d2", "b3 c2 d2"):
        assert game.is_legal(f"movement {path}")
        assert game.move_of(f"movement {path}").text == "movement c1 d2"
    game.play("movement  b1   c2 d2")
    assert game.moves == ["movement c1 d2"]
    assert game.ship("blue-submarine").position == "d2"
    assert game.log[-1].data == {"ship": "blue-submarine", "path": ["c1", "d2"]}
    assert rc.Game.from_json(game.to_json()).moves == ["movement c1 d2"]


def test_running_water_passed_makes_no_other_move(tmp_path):
    """R2.5: running water acts by forcing a step, nothing else reacts to it,
    so a path through it to a box leaves the state a path over open water to
    that box leaves. From b2 with move 2, d3 is reached over open water
    (c2 d3) or through c3 (~) by its forced step (c3 d3): one move, c2 d3
    (the first in notation order of the shortest); c3 d3 and b3 c3 d3 (2
    voluntary steps, then the forced one) are played as it. The forced step
    is still a must: c3 alone is no path."""
    board = "........\n........\n..~.....\n........\n........\n........\n"
    game = scenario_with_move(2, board, at="b2", tmp_path=tmp_path)
    legal = game.legal_moves()
    assert [m for m in legal if m.startswith("movement ") and m.endswith(" d3")] == [
        "movement c2 d3"]
    assert game.move_of("movement b3 c3 d3").text == "movement c2 d3"
    assert game.move_of("movement c3 d3").text == "movement c2 d3"
    assert not game.is_legal("movement c3")  # the forced step is a must
    assert not game.is_legal("movement b3 c3")
    game.play("movement b3 c3 d3")
    assert game.moves == ["movement c2 d3"]
    assert game.ship("blue-submarine").position == "d3"


@pytest.mark.parametrize("amount", [4, 7, 13, 99999999999999999999])
def test_a_move_amount_above_the_bound_is_refused_when_compiling(amount, tmp_path):
    """A move amount above 3 (``board.MAX_MOVE``) is a DslError in both builds
    (move 99999999999999999999 listed 15 moves in the pure build and raised
    OverflowError in the compiled one)."""
    card = tmp_path / "far.rc"
    card.write_text(f"patch maneuver movement {{ effect move {amount} self }}\n")
    expected = r"amount must be at most 3 \(a ship moves at most 3 boxes" \
        if amount < 10 ** 6 else r"the number 999999999999… is too large \(at most 999999\)"
    with pytest.raises(rc.DslError, match=expected):
        rc.load_ruleset("en", [str(card)])
    card.write_text("patch maneuver movement { effect move 3 self }\n")
    assert rc.load_ruleset("en", [str(card)]).maneuvers["movement"].path_effect.amount == 3


def test_the_move_bound_is_one_number():
    """The compiler's bound on `move N` and the engine's on a changed move are
    the board's ``MAX_MOVE``."""
    from redcode_rules.lang import compiler as dsl
    from redcode_rules.model import modifiers
    assert dsl.MAX_MOVE is modifiers.MAX_MOVE is MAX_MOVE == 3
    assert not hasattr(modifiers, "MAX_STEPS")


def test_a_board_with_more_running_water_than_a_row_is_refused():
    """Each running-water box a move can enter can double its possible
    outcomes: a board holds at most 8, a whole row (the base game's cards 6)."""
    ships = {"blue-submarine": {"at": "a2"}, "red-destroyer": {"at": "h6"}}
    river = rc.Game.from_scenario({"board": "~~~~~~~~\n" + "........\n" * 5, "ships": ships,
                                   "phase": "maneuvers", "hands": {"blue-submarine": ["evasion"]}})
    assert len(river.legal_moves()) == 80
    with pytest.raises(rc.ScenarioError, match="9 running-water boxes; a board holds at most 8"):
        rc.Game.from_scenario({"board": "~~~~~~~~\n~.......\n" + "........\n" * 4,
                               "ships": ships})


def test_a_replay_written_with_other_paths_replays_as_the_canonical_moves():
    """Replays and saves written before moves were listed by outcome may hold
    any legal path: immersion a1 b1 from b2 ends on b1 like immersion b1 (the
    shortest path), so it replays, and the game records immersion b1."""
    from redcode_rules.formats.replay import make_replay, replay
    game = rc.new_game(rc.load_ruleset("en"), seed=7, placement="fixed")
    assert game.ship("blue-submarine").position == "b2"
    assert "immersion a1 b1" not in game.legal_moves()
    data = make_replay(game)
    data["moves"] = ["immersion a1 b1"]
    replayed = replay(data)
    assert replayed.moves == ["immersion b1"]
    assert replayed.ship("blue-submarine").position == "b1"
