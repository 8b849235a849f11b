"""One description of the state (model/state.py): copies, undo snapshots and JSON
follow its fields; one validator (engine/validate.py) checks a state against its
rules and board, each problem with its place."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import redcode_rules as rc
from redcode_rules.engine.validate import Problem, Stage, check_state
from redcode_rules.model.derived import FIXED, derive
from redcode_rules.model.state import GameState, Ref, ShipState, StackItem, referring_fields

from conftest import scenario_game

EN = rc.load_ruleset("en")


def shared_containers(a: object, b: object, path: str = "") -> list[str]:
    """The fields of two equal records that are one and the same list, dict or
    record (a copy must share none but the fixed ones)."""
    out = []
    for f in attrs.fields(type(a)):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.metadata.get(FIXED) or not isinstance(x, (list, dict)) and not attrs.has(type(x)):
            continue
        if x is y:
            out.append(path + f.name)
        items = zip(x, y) if isinstance(x, list) else []
        for i, (p, q) in enumerate(items):
            if isinstance(p, list) and p is q:
                out.append(f"{path}{f.name}[{i}]")
            if attrs.has(type(p)):
                if p is q:
                    out.append(f"{path}{f.name}[{i}]")
                out += shared_containers(p, q, f"{path}{f.name}[{i}].")
    return out


def test_copies_snapshots_and_saves_keep_every_field_and_share_no_list():
    """Every field of every record, stack items included, through a 3v3 game:
    ``copy`` and ``restore(snapshot())`` are equal and independent, the JSON
    save reads back equal."""
    types = ["submarine", "destroyer", "aircraft_carrier"]
    game = rc.new_game(EN, teams=[types, types[::-1]], seed=11)
    rnd = random.Random(11)
    stacked = 0
    while not game.is_over and len(game.moves) < 400:
        state = game.state
        for other in (state.copy(), GameState.restore(state.snapshot())):
            assert other == state
            assert shared_containers(state, other) == []
        stacked += bool(state.stack)
        if len(game.moves) % 25 == 0:
            assert rc.Game.from_json(game.to_json()).state == state
        game.play(rnd.choice(game.legal_moves()))
    assert stacked


def test_a_new_field_needs_no_code_beside_it():
    """A record of the state is copied and saved from its fields' types: a
    list of lists, a dict, a nested record and an optional value are all
    handled without code of their own (here a record made up for the test)."""

    @attrs.define(slots=True)
    class Extended:
        name: str
        statuses: list[list[str]]
        marks: dict[str, int]
        ships: list[ShipState]
        item: StackItem
        spare: int | None = None

    derive(Extended, snapshots=True)
    ship = ShipState("blue-submarine", "blue", "submarine", 3, 2, 1, 4, [1, 1, 0])
    record = Extended("x", [["intercepted"], []], {"a": 1}, [ship],
                      StackItem("torpedo", "maneuver", 0, 1), 7)
    for other in (record.copy(), Extended.restore(record.save_into([]))):
        assert other == record
        assert other.statuses[0] is not record.statuses[0]
        assert other.marks is not record.marks
        assert other.ships[0].crew_on is not ship.crew_on
        assert other.item is not record.item
    saved = record.save_into(["before"])
    assert Extended.restore(saved, 1) == record


def test_the_fields_say_what_they_refer_to():
    """The validator checks seats, boxes, cards and catch-up rules by the
    fields' metadata, not by a list of names of its own."""
    assert referring_fields(StackItem) == (("seat", Ref.SEAT, False),
                                           ("target", Ref.SEAT, True),
                                           ("owed_about", Ref.SEAT, True),
                                           ("owed_after", Ref.SEAT, False),
                                           ("targets", Ref.SEAT, False),
                                           ("actor", Ref.SEAT, True),
                                           ("here", Ref.BOX, True),
                                           ("wreck", Ref.BOX, True))
    assert ("position", Ref.BOX, True) in referring_fields(ShipState)
    assert [name for name, kind, _ in referring_fields(GameState)] == [
        "hands", "deck", "discard", "turn", "asking", "sunk_in_chain", "catchup_done",
        "extra_turns", "resume_after"]


TWO = {"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "d4"}}


def test_a_problem_names_its_place_for_saves_and_scenarios():
    """One problem, one place: a save calls it state.ships.<id>.position, a
    scenario ships.<id>.at."""
    board = "........\n" * 3 + "....#...\n" + "........\n" * 2
    game = rc.Game.from_scenario({"ships": TWO, "board": board})
    state = game.state.copy()
    state.ships[1].position = game.board.index("e4")
    assert check_state(state, game.rules, game.board) == [Problem(
        ("ships", 1, "position"), "red-destroyer: on the island e4 (R2.3)", Stage.RULES)]
    problem = check_state(state, game.rules, game.board)[0]
    assert problem.field(game.ships) == "ships.red-destroyer.position"
    assert problem.field(game.ships, {"position": "at"}) == "ships.red-destroyer.at"
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({"ships": {**TWO, "red-destroyer": {"at": "e4"}}, "board": board})
    assert (info.value.field, info.value.reason) == (
        "ships.red-destroyer.at", "red-destroyer: on the island e4 (R2.3)")


def test_a_field_problem_stops_the_check_before_the_rules():
    """A seat past the ships is reported alone: the rules are checked only on
    a state whose fields name what exists."""
    game = rc.Game.from_scenario({"ships": TWO})
    state = game.state.copy()
    state.turn = 5
    state.ships[0].reserve = 99
    assert check_state(state, game.rules, game.board) == [
        Problem(("turn",), "no seat 5", Stage.FIELDS)]


def test_r1_2_in_a_save_names_the_second_ship():
    """R1.2 is one rule for new games, scenarios and saves (team_problems)."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: a1}
          blue-destroyer: {at: a2}
          red-destroyer: {at: h6}
          red-submarine: {at: h5}
    """)
    data = json.loads(game.to_json())
    data["state"]["ships"][2]["type"] = "submarine"
    data["state"]["ships"][2]["id"] = "blue-second"
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_json(json.dumps(data))
    assert (info.value.field, info.value.reason) == (
        "state.ships.blue-second", "blue already has a submarine (blue-submarine): one ship "
        "of each type per side (R1.2)")


def test_the_board_is_frozen_and_built_whole():
    game = rc.Game.from_scenario({"ships": TWO})
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.board.names = ()
    assert game.board.neighbours[0] == (1, 8, 9)
