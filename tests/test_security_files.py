"""Hostile saves, replays, scenarios and card files.

Each test is one way a file could hurt: make the library exhaust memory or
time, read another file, build a game the rules cannot reach, or raise
something other than its own errors. Loading any of them raises
``ScenarioError``, ``ReplayError`` or ``DslError``, quickly.
"""

from __future__ import annotations

import copy
import json
import pickle
import time
import tracemalloc

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.base.errors import QUOTE_LIMIT, quote
from redcode_rules.formats.replay import ReplayError, read_replay, replay
from redcode_rules.formats.scenario import MAX_YAML_DEPTH, MAX_YAML_NODES, game_from_scenario
from redcode_rules.formats.saves import move_length_limit

from conftest import random_game

EN = rc.load_ruleset("en")
TWO_SHIPS = {"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "d4"}}


def save_data(game: rc.Game) -> dict:
    return json.loads(game.to_json())


def load(data: dict) -> rc.Game:
    return rc.Game.from_json(json.dumps(data))


def refused(data: dict) -> rc.ScenarioError:
    with pytest.raises(rc.ScenarioError) as info:
        load(data)
    return info.value


def bounded(call, seconds: float = 2.0, megabytes: float = 50.0):
    """Run ``call``; assert it took under ``seconds`` of this process's CPU time
    (not wall time, which other processes on the machine stretch) and under
    ``megabytes`` at peak."""
    tracemalloc.start()
    start = time.process_time()
    try:
        return call()
    finally:
        elapsed = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        assert elapsed < seconds and peak < megabytes, (elapsed, peak)


def a_game(**kwargs) -> rc.Game:
    return rc.new_game(EN, seed=3, placement="fixed", **kwargs)


def alias_bomb(levels: int) -> str:
    """A scenario whose ``mode`` is ``levels`` lists of 9, each made of 9
    aliases of the one before: a few hundred bytes for 9**levels values."""
    items = ["&a0 [x, x, x, x, x, x, x, x, x]"]
    items += [f"&a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "mode: [" + ", ".join(items) + "]\n"


# ------------------------------------------------------ 2: YAML bombs, quoted values


def test_a_yaml_alias_bomb_is_refused_before_any_value_is_built():
    """9 levels of anchors (384 bytes) took 40 s and 2.5 GB, then MemoryError."""
    text = alias_bomb(9)
    assert len(text) == 384
    with pytest.raises(rc.ScenarioError) as info:
        bounded(lambda: rc.Game.from_scenario(text), seconds=1, megabytes=10)
    assert str(info.value) == (
        f"scenario field 'yaml': more than {MAX_YAML_NODES} values, aliases (*name) counted "
        "in full: no position needs so many")


def test_a_small_alias_bomb_is_refused_too():
    """7 levels (5 M values): the whole value was formatted into a 28 MB message."""
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(alias_bomb(7))
    assert info.value.field == "yaml"


def test_aliases_within_the_bound_still_work():
    game = rc.Game.from_scenario("""
        ships:
          blue-submarine: {at: b2, crew_on: &two {torpedo: 2}}
          red-submarine: {at: d4, crew_on: *two}
    """.replace("\n        ", "\n"))
    assert game.ship("red-submarine").crew_on("torpedo") == 2


def test_a_recursive_alias_is_refused():
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario("mode: &a [*a]\n")
    assert str(info.value) == ("scenario field 'yaml': the alias *a refers to a value that "
                               "contains it (line 1)")


def test_an_error_quotes_at_most_a_short_prefix_of_a_value():
    for value, quoted in ((["warfare"] * 10_000, "['warfare', 'warfare', 'warfare', 'warfare', "
                                                 "...]"),
                          ("w" * 1_000_000, "'" + "w" * 27 + "..." + "w" * 28 + "'")):
        with pytest.raises(rc.ScenarioError) as info:
            rc.Game.from_scenario({"mode": value})
        assert str(info.value) == f"scenario field 'mode': must be war or arena, not {quoted}"


@pytest.mark.parametrize("value, text", [
    ("x" * 10_000, "'" + "x" * 27 + "..." + "x" * 28 + "'"),
    (10 ** 5000, "<a number of 16610 bits>"),
    ([[[[1]]]], "[[[...]]]"),
    ({"a": 1}, "{'a': 1}"),
], ids=["string", "number", "nest", "mapping"])
def test_quote_is_bounded_whatever_the_value(value, text):
    assert quote(value) == text
    assert len(quote(value)) <= QUOTE_LIMIT


def test_an_illegal_move_quotes_a_short_prefix_of_the_move():
    game = a_game()
    with pytest.raises(rc.IllegalMove) as info:
        game.play("torpedo " + "x" * 100_000)
    assert len(str(info.value)) < 1200
    assert str(info.value).startswith("illegal move 'torpedo xxxxxxxxxxxxxxxxxxx...xxx")
    assert info.value.move == "torpedo " + "x" * 100_000   # the whole move stays on the error


def test_a_card_file_error_quotes_a_window_of_a_long_line():
    line = "maneuver torpedo { cost 2 }" + " " * 30_000 + "bogus"
    with pytest.raises(rc.DslError) as info:
        rc.load_source(line, "long.rc")
    assert len(str(info.value)) < 600
    assert str(info.value).endswith("bogus\n    " + " " * 99 + "^")


def test_a_replays_scenario_goes_through_the_same_guard():
    game = rc.Game.from_scenario({"ships": TWO_SHIPS, "phase": "maneuvers"})
    data = game.replay()
    data["setup"] = {"scenario_yaml": alias_bomb(9)}
    with pytest.raises(ReplayError) as info:
        bounded(lambda: replay(data), seconds=1, megabytes=10)
    assert "aliases (*name) counted in full" in str(info.value)


# ------------------------------------------------------ 3: files that read other files


def test_a_save_naming_a_file_as_its_edition_never_opens_it(tmp_path):
    """A crafted save read the named file and showed its first line."""
    secret = tmp_path / "secret.rc"
    secret.write_text("the secret first line\n")
    data = save_data(a_game())
    data["ruleset"]["edition"] = str(secret)
    error = refused(data)
    assert error.field == "ruleset.edition"
    assert "secret first line" not in str(error)
    assert error.reason.startswith("'/") and "..." in error.reason
    assert error.reason.endswith("is not a built-in edition (en, es, it); a save carries its "
                                 "variant files' text and never names a file")


def test_a_save_naming_extra_card_files_by_path_is_refused(tmp_path):
    secret = tmp_path / "secret.rc"
    secret.write_text("the secret first line\n")
    data = save_data(a_game())
    data["ruleset"]["extra"] = [str(secret)]
    error = refused(data)
    assert error.field == "ruleset.extra"
    assert "secret first line" not in str(error)


def test_a_replay_naming_a_file_as_its_edition_never_opens_it(tmp_path):
    secret = tmp_path / "secret.rc"
    secret.write_text("the secret first line\n")
    data = a_game().replay()
    data["ruleset"]["edition"] = str(secret)
    with pytest.raises(ReplayError) as info:
        replay(data)
    assert "is not a built-in edition" in str(info.value)
    assert "secret first line" not in str(info.value)


def test_a_replays_scenario_text_is_never_taken_for_a_path(tmp_path):
    """``scenario_yaml: /some/file.yaml`` read that file."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("the_secret_first_line: 1\n")
    game = rc.Game.from_scenario({"ships": TWO_SHIPS, "phase": "maneuvers"})
    data = game.replay()
    data["setup"] = {"scenario_yaml": str(secret)}
    with pytest.raises(ReplayError) as info:
        replay(data)
    assert str(info.value) == ("replay setup: scenario field 'scenario': must be a mapping, "
                               "not str")


def test_a_game_on_a_variant_file_saves_and_replays_its_text(tmp_path):
    """The save and the replay name a built-in edition and carry the variant
    file's text (and its parent's): they load with the files gone."""
    parent = tmp_path / "club.rc"
    parent.write_text("variant club extends es\nrules { hand_limit 4 }\n")
    child = tmp_path / "house.rc"
    child.write_text("variant house extends club.rc\nrules { victory_points 3 }\n")
    extra = tmp_path / "more.rc"
    extra.write_text("patch maneuver torpedo { range 3 }\n")
    rules = rc.load_ruleset(str(child), extra=[str(extra)])
    game = rc.new_game(rules, seed=4)
    for move in ["place b2", "place g5"]:
        game.play(move)
    text, record = game.to_json(), game.replay()
    for path in (parent, child, extra):
        path.unlink()
    for ref in (json.loads(text)["ruleset"], record["ruleset"]):
        assert ref["edition"] == "es" and ref.get("extra", []) == []
        assert ref["variants"] == [[str(child), "variant house extends club.rc\n"
                                    "rules { victory_points 3 }\n"],
                                   [str(parent), "variant club extends es\n"
                                    "rules { hand_limit 4 }\n"]]
        assert ref["texts"] == [["more.rc", "patch maneuver torpedo { range 3 }\n"]]
    again = rc.Game.from_json(text)
    assert again == game and again.rules.name == "house" and again.rules.lineage == (
        "base", "es", "club", "house")
    assert replay(record) == game


def test_a_game_rebuilt_from_carried_variant_text_is_not_written_as_a_scenario(tmp_path):
    """A scenario names its card files; the file a save carried may be gone."""
    path = tmp_path / "house.rc"
    path.write_text("variant house extends es\nrules { hand_limit 4 }\n")
    game = rc.new_game(rc.load_ruleset(str(path)), seed=1, placement="fixed")
    assert game.to_scenario().startswith(f"edition: {path}\n")
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_json(game.to_json()).to_scenario()
    assert info.value.field == "edition"


def test_a_long_name_in_a_card_file_is_quoted_short():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("rules { " + "x" * 100_000 + " 3 }", "long.rc")
    assert len(str(info.value)) < 1500


def test_embedded_variants_cannot_name_a_parent_file():
    """An embedded variant's parent is the next embedded text or a built-in
    edition: a path there is an error, never a read."""
    data = save_data(a_game())
    data["ruleset"]["variants"] = [["house.rc", "variant house extends /etc/passwd\n"]]
    error = refused(data)
    assert error.field == "ruleset"
    assert "extends unknown edition '/etc/passwd'" in error.reason


# ------------------------------------------------------ 4: sizes


def sunk_ships(count: int) -> dict:
    data = save_data(a_game())
    ship = data["state"]["ships"][0]
    for i in range(count):
        data["state"]["ships"].append({**ship, "id": f"x{i}", "sunk": True, "position": None,
                                       "side": "red" if i % 2 else "blue"})
        data["state"]["hands"].append([])
    return data


def test_thousands_of_sunk_ships_are_refused_before_anything_is_built():
    """4,000 sunk ships (0.9 MB) took 634 MB and were accepted."""
    data = sunk_ships(4000)
    error = bounded(lambda: refused(data), seconds=2, megabytes=60)
    assert str(error) == ("save field 'state.ships': a game has 2 to 6 ships (1v1 to 3v3, "
                          "D2.9)")


def test_unequal_sides_are_refused_in_a_save():
    data = sunk_ships(1)
    assert str(refused(data)) == ("save field 'state.ships': sides of 2 and 1 ships (2v1): "
                                  "sides are equal, 1v1, 2v2 or 3v3 (D2.9)")


@pytest.mark.parametrize("field, value, message", [
    ("deck", ["ambush"] * 40, "save field 'state': 42 order cards in hands, deck and "
                              "discard; the deck has 30 (R1.4)"),
    ("stack", [{}] * 100, "save field 'state.stack': a list of at most 46 items"),
    ("asking", [0, 1, 0], "save field 'state.asking': a list of at most 2 items"),
    ("turn_number", 202, "save field 'state': turn_number, recover_left or orders_played "
                         "out of range"),
])
def test_state_lists_and_counts_beyond_what_a_game_reaches_are_refused(field, value, message):
    data = save_data(a_game())
    data["state"][field] = value
    assert str(refused(data)) == message


def test_a_move_longer_than_any_move_of_the_game_is_refused():
    """The bound is the writer's (``move_length_limit``): three words no longer
    than the rules' longest id, then every box of the board; 200 characters
    refused a legal move of a card with a long id."""
    game = a_game()
    limit = move_length_limit(game.rules, game.board, game.ships)
    assert limit == 3 * (len("medical_equipment") + 1) + 48 * len("a1 ") == 198
    data = save_data(game)
    data["moves"] = ["end", "x" * (limit + 1)]
    assert str(refused(data)) == (f"save field 'moves': move 2 has {limit + 1} characters; "
                                  f"a move of this game has at most {limit}")


def test_a_scenario_with_more_than_six_ships_is_refused_before_they_are_built():
    ships = {f"{side}-{n}": {"type": "submarine", "side": side, "at": f"{c}{n}"}
             for n in range(1, 5) for side, c in (("blue", "c"), ("red", "e"))}
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({"ships": ships})
    assert str(info.value) == "scenario field 'ships': 8 ships; sides are 1v1 to 3v3 (D2.9)"


def test_a_scenario_deck_larger_than_the_deck_is_refused():
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({"ships": TWO_SHIPS, "deck": ["ambush"] * 100_000})
    assert str(info.value) == "scenario field 'deck': 100000 cards; the deck has 30 (R1.4)"
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({"ships": TWO_SHIPS, "deck": ["ambush"] * 30,
                               "discard": ["evasion"]})
    assert str(info.value) == ("scenario field 'deck': 31 order cards in deck, discard and "
                               "hands; the deck has 30 (R1.4)")


# ------------------------------------------------------ 5: boards the engine cannot play


def test_a_board_wider_than_the_box_names_is_refused():
    """``board_columns 14 board_rows 1`` compiled, then new_game raised IndexError."""
    with pytest.raises(rc.DslError) as info:
        rc.load_source("rules {\n  board_columns 14\n  board_rows 1\n}\n", "wide.rc")
    assert str(info.value) == (
        "wide.rc:2:3: rule option 'board_columns' is at most 13 (a board of at most 26 boxes "
        "a side, columns a to z, R1.1)\n      board_columns 14\n      ^")


def test_a_board_of_one_map_card_is_refused():
    """A 1x1 board started a 3v3 game with the ships sharing boxes."""
    with pytest.raises(rc.DslError) as info:
        rc.load_source("rules { board_columns 1 board_rows 1 }", "tiny.rc")
    assert str(info.value).startswith(
        "tiny.rc:1:25: a board of 1x1 map card has no room for two start cards in opposite "
        "corners (R1.1, D2.7)")


def test_the_widest_board_plays():
    rules = rc.load_source("rules { board_columns 13 board_rows 1 }", "wide.rc")
    game = rc.new_game(rules, teams=[["submarine", "destroyer", "aircraft_carrier"]] * 2,
                       seed=3, placement="fixed")
    assert (game.board.width, game.board.height) == (26, 2)
    assert [game.ship(s).position for s in game.ships] == ["b2", "y1", "a2", "z1", "b1", "y2"]


# ------------------------------------------------------ 6: the card hash


ORDER_SWAP = "remove order ambush\norder ambush { copies 4 effect damage 2 to target }\n"


def test_the_hash_covers_declaration_order():
    """Declaring ambush last keeps every card alike but deals another deck."""
    moved = rc.load_source(ORDER_SWAP, "swap.rc")
    assert moved.orders["ambush"] == EN.orders["ambush"]
    assert moved.deck != EN.deck and sorted(moved.deck) == sorted(EN.deck)
    assert moved.hash != rc.load_source("", "empty.rc").hash


def test_a_replay_with_reordered_declarations_is_refused():
    game = rc.new_game(rc.load_source(ORDER_SWAP, "swap.rc"), seed=1)
    data = game.replay()
    data["ruleset"]["texts"] = [["swap.rc", ""]]
    with pytest.raises(ReplayError, match="the replay was made with different card data"):
        replay(data)


def test_a_replay_without_a_hash_is_refused():
    data = a_game().replay()
    del data["ruleset"]["hash"]
    with pytest.raises(ReplayError) as info:
        replay(data)
    assert str(info.value) == ("the replay has no hash of its card data, which is what proves "
                               "it is replayed under the rules it was played with")


# ------------------------------------------------------ 7: only the library's own errors


def deep_json(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_deeply_nested_json_is_a_scenario_error():
    for text in (deep_json(1000), deep_json(100_000),
                 '{"format": 1, "x": ' + deep_json(500) + "}"):
        with pytest.raises(rc.ScenarioError) as info:
            rc.Game.from_json(text)
        assert info.value.field == "json"


def test_a_deeply_nested_replay_is_a_replay_error(tmp_path, capsys):
    with pytest.raises(ReplayError, match="nested deeper than 20 levels"):
        read_replay('{"format": "redcode-replay", "x": ' + deep_json(1000) + "}")
    path = tmp_path / "deep.json"
    path.write_text(deep_json(100_000))
    assert cli.main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_deeply_nested_yaml_is_a_scenario_error():
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario("mode: " + "[" * 5000 + "]" * 5000)
    assert str(info.value) == (f"scenario field 'yaml': nested more than {MAX_YAML_DEPTH} "
                               "levels deep (line 1)")


@pytest.mark.parametrize("seed", ["7", [1], 1.5, True, None])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    """A seed of "7" or [1] raised OverflowError."""
    with pytest.raises(rc.ScenarioError) as info:
        rc.new_game(EN, seed=seed)
    assert str(info.value) == f"new_game argument 'seed': must be a whole number, not {seed!r}"
    data = a_game().replay()
    data["setup"]["seed"] = seed
    with pytest.raises(ReplayError, match="must be a whole number"):
        replay(data)


def test_a_card_number_of_thousands_of_digits_is_a_dsl_error():
    """An integer over 4,300 digits raised lark's VisitError."""
    with pytest.raises(rc.DslError) as info:
        rc.load_source("patch maneuver torpedo { cost " + "9" * 5000 + " }", "big.rc")
    assert str(info.value).startswith("big.rc:1:31: the number 999999999999… is too large "
                                      "(at most 999999)")
    with pytest.raises(rc.DslError, match=r"big.rc:1:17: the number 9999999 is too large"):
        rc.load_source("rules { catchup 9999999v9999999 reduced to 1 gives 1 }", "big.rc")


@pytest.mark.parametrize("event, field, reason", [
    ({"kind": "damage", "turn": 1, "data": {"ship": "blue-submarine"}}, "log[1]",
     "a damage event has the fields ship, amount, repairs, breakdowns"),
    ({"kind": "explode", "turn": 1, "data": {}}, "log[1].kind", "unknown event 'explode'"),
    ({"kind": "regain", "turn": 1, "data": {"ship": "blue-submarine", "track": "hull",
                                            "amount": 1}},
     "log[1].track", "not a regain event's track: 'hull'"),
    ({"kind": "move", "turn": 1, "data": {"ship": "blue-submarine", "path": []}},
     "log[1].path", "not a move event's path: []"),
    ({"kind": "sunk", "turn": 1, "data": {"ship": "blue-submarine", "by": "nobody"}},
     "log[1].by", "not a sunk event's by: 'nobody'"),
])
def test_a_log_event_the_engine_never_writes_is_refused(event, field, reason):
    """A loaded log was not checked, so narration() raised KeyError."""
    data = save_data(a_game())
    data["log"].insert(1, event)
    error = refused(data)
    assert (error.field, error.reason) == (field, reason)


def test_every_event_of_real_games_passes_the_log_check():
    for seed, mode in ((1, "war"), (2, "arena")):
        game = random_game(EN, seed, mode=mode,
                           teams=[["submarine", "destroyer", "aircraft_carrier"]] * 2)
        again = rc.Game.from_json(game.to_json())
        assert again.narration() == game.narration()


def window_open() -> rc.Game:
    """A torpedo on the stack, red asked to respond (R5.1)."""
    game = rc.Game.from_scenario({"ships": {
        "blue-submarine": {"at": "b2"},
        "red-destroyer": {"at": "d4", "crew_on": {"torpedo": 2}}}})
    game.play("torpedo red-destroyer")
    return game


@pytest.mark.parametrize("change, field, reason", [
    ({"target": None}, "state.stack[0].target", "torpedo targets no ship, not None"),
    ({"area": 3}, "state.stack[0].area", "torpedo needs no area"),
    ({"card": "missile"}, "state.stack[0].card",
     "'missile' is not on the control card of blue-submarine (R1.5)"),
    ({"path": [10]}, "state.stack[0].path", "torpedo moves no ship"),
])
def test_a_stack_item_unlike_any_declaration_is_refused(change, field, reason):
    data = save_data(window_open())
    data["state"]["stack"][0].update(change)
    error = refused(data)
    assert (error.field, error.reason) == (field, reason)


def test_an_area_order_on_the_stack_without_its_area_is_refused():
    """``area: null`` was accepted, and the next move raised TypeError."""
    game = rc.Game.from_scenario({"ships": TWO_SHIPS, "phase": "maneuvers",
                                  "hands": {"blue-submarine": ["atomic_bomb"]}})
    data = save_data(window_open())
    item = {"card": "atomic_bomb", "kind": "order", "seat": 0, "target": None, "area": None,
            "path": [], "answers": None, "cancelled": False, "next_effect": 0, "pending": 0,
            "owed_about": None}
    data["state"]["stack"].append(item)
    error = refused(data)
    assert (error.field, error.reason) == ("state.stack[1].area",
                                           "atomic_bomb needs an area on the board (D7.5)")
    assert game.legal_moves()  # the game itself is fine


# ------------------------------------------------------ 8: positions the rules never reach


def test_a_save_with_an_island_on_a_start_card_is_refused():
    data = save_data(a_game())
    board = data["state"]["board"]
    data["state"]["board"] = "#" + board[1:]
    assert str(refused(data)) == ("save field 'state.start_cards.blue': a1 on the blue "
                                  "start card is an island: start cards are open water (D2.7, "
                                  "R2.8)")


DASH = "patch maneuver movement { respondable }\n"  # a move that waits on the stack


def a_move_on_the_stack() -> rc.Game:
    """blue-submarine at b2 moved to c2 (an island at c3, red at d4): the
    move is on the stack, red asked to respond."""
    rules = rc.load_source(DASH, "dash.rc")
    game = game_from_scenario({"board": "........\n........\n..#.....\n........\n"
                                        "........\n........\n",
                               "ships": {"blue-submarine": {"at": "b2"},
                                         "red-destroyer": {"at": "c1"}},
                               "phase": "maneuvers"}, rules, game_class=rc.Game)
    game.play("movement c2")
    assert game.decision == "respond"
    return game


def test_a_saved_move_on_the_stack_loads():
    game = a_move_on_the_stack()
    data = save_data(game)
    assert data["state"]["stack"][0]["path"] == [10]
    again = load(data)
    assert again == game
    again.play("pass")
    assert again.ship("blue-submarine").position == "c2"


@pytest.mark.parametrize("path", [[2], [27]])
def test_a_saved_move_the_chain_closed_loads_and_is_lost(path):
    """D4.10: a path whose box a ship took (red's c1), or that no longer
    starts beside its ship (d4), is one the chain can leave; it loads and
    the move is lost as it resolves."""
    data = save_data(a_move_on_the_stack())
    data["state"]["stack"][0]["path"] = path
    again = load(data)
    again.play("pass")
    assert again.ship("blue-submarine").position == "b2"


@pytest.mark.parametrize("path, reason", [
    ([18], "c3 is not a navigable neighbour of b2"),        # the island
    ([2, 3], "c1 is taken or already entered (R2.4, D2.5a)"),  # by red's box, 2 steps
    ([10, 11], "2 steps; the card moves up to 1 (D4.6)"),
    ([27, 29], "d4 is not a navigable neighbour of b2"),
    ([9999], "9999 is not a navigable neighbour of b2"),
])
def test_a_crafted_path_on_the_stack_is_refused(path, reason):
    data = save_data(a_move_on_the_stack())
    data["state"]["stack"][0]["path"] = path
    error = refused(data)
    assert (error.field, error.reason) == (
        "state.stack[0].path", f"not a legal move of blue-submarine from b2: {reason}")


# ------------------------------------------------------ 9: pickling


def test_a_pickled_game_goes_through_its_json_save():
    """A pickle named the build's Game class and its slots; now it holds the
    JSON save, which either build reads (and checks)."""
    game = a_game(teams=[["submarine", "destroyer"], ["destroyer", "submarine"]])
    game.play(game.legal_moves()[0])
    game.lang = "it"
    blob = pickle.dumps(game)
    assert b"game_from_pickle" in blob and game.to_json().encode() in blob
    again = pickle.loads(blob)
    assert again == game and again.moves == game.moves and again.lang == "it"
    assert again.legal_moves() == game.legal_moves()
    assert copy.deepcopy(game) == game


def test_a_tampered_pickle_is_checked_like_a_save():
    game = a_game()
    blob = pickle.dumps(game)
    text = game.to_json()
    data = json.loads(text)
    data["state"]["turn_number"] = 0
    tampered = blob.replace(text.encode(), json.dumps(data, separators=(",", ":"),
                                                      sort_keys=True).encode())
    with pytest.raises(rc.ScenarioError):
        pickle.loads(tampered)


# ------------------------------------------------------------ files that are not UTF-8 text


LATIN1 = "order mina { copies 1 effect damage 1 to target }  # «señal»\n".encode("latin-1")


def test_a_card_file_that_is_not_utf8_is_a_dsl_error(tmp_path):
    path = tmp_path / "latin.rc"
    path.write_bytes(LATIN1)
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("en", extra=[str(path)])
    assert info.value.file == str(path)
    assert "cannot read card file: not UTF-8 text (byte 53)" in str(info.value)
    assert [str(e) for e in rc.lang.loader.check_files([str(path)])] == [str(info.value)]


def test_a_scenario_or_replay_file_that_is_not_utf8_is_the_library_s_error(tmp_path):
    scenario, saved = tmp_path / "s.yaml", tmp_path / "r.json"
    scenario.write_bytes(b"mode: war\n# \xff\n")
    saved.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(scenario)
    assert info.value.field == "path"
    assert info.value.reason.endswith(": not UTF-8 text (byte 12)")
    with pytest.raises(ReplayError, match=r"cannot read replay: not UTF-8 text \(byte 12\)"):
        read_replay(saved)


def test_a_card_file_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "bom.rc"
    path.write_bytes("\ufeffpatch maneuver torpedo { cost 1 }\n".encode("utf-8"))
    assert rc.load_ruleset("en", extra=[str(path)]).maneuvers["torpedo"].cost == 1


# ------------------------------------------------------------ a variant of base, carried


def test_a_save_and_a_replay_of_a_variant_of_base_load_back(tmp_path):
    """The carried variant texts are applied even when the variant extends base
    (the loop over them once stopped at once, and the hash then differed)."""
    house = tmp_path / "house.rc"
    house.write_text("variant house extends base\nrules { hand_limit 4 }\n", "utf-8")
    game = rc.new_game(rc.load_ruleset(str(house)), seed=3)
    game.play(game.legal_moves()[0])
    loaded = rc.Game.from_json(game.to_json())
    assert loaded == game and loaded.rules.options.hand_limit == 4
    assert pickle.loads(pickle.dumps(game)) == game
    again = rc.Game.from_replay(read_replay(json.dumps(game.replay())))
    assert again.to_json() == game.to_json()


# ------------------------------------------------------------ arguments and positions


@pytest.mark.parametrize("teams", [None, "submarine", [["submarine"], "destroyer"],
                                   [[["submarine"]], ["destroyer"]], [[1], [2]]])
def test_new_game_refuses_teams_that_are_not_lists_of_ship_types(teams):
    with pytest.raises(rc.SetupError) as info:
        rc.new_game(EN, teams=teams)
    assert info.value.field == "teams"
    assert info.value.reason.startswith("two lists of ship types, e.g. [['submarine'], "
                                        "['destroyer']], not ")


def test_an_arena_scenario_with_a_side_all_sunk_is_refused():
    """R8.1: that game is over; a scenario is a game in progress."""
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({"mode": "arena", "ships": {
            "blue-submarine": {"at": "b2"}, "red-destroyer": {"sunk": True}}})
    assert (info.value.field, info.value.reason) == (
        "ships", "every red ship is sunk: in arena the game would be over (R8.1)")


def test_a_scenario_turn_number_is_one_a_save_accepts():
    game = rc.Game.from_scenario({"ships": {"blue-submarine": {"at": "b2"},
                                            "red-destroyer": {"at": "g5"}}, "turn_number": 201})
    assert rc.Game.from_json(game.to_json()) == game
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({"ships": {"blue-submarine": {"at": "b2"},
                                         "red-destroyer": {"at": "g5"}}, "turn_number": 202})
    assert (info.value.field, info.value.reason) == ("turn_number", "202 is out of range (1..201)")
