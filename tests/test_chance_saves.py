"""Explicit chance across saves, replays, scenarios, clones and undo: a game
at a chance node (the setup's, or inside a move) comes back at the same
node, with the same outcomes; old saves load as sampled chance."""

from __future__ import annotations

import json
import pickle
import random
import textwrap
from fractions import Fraction as F
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.formats.migrations import FORMAT, migrate

from conftest import OPEN_BOARD

DATA = Path(__file__).parent / "data"
HANDS = str(Path(__file__).resolve().parents[1] / "cards" / "examples" / "hand_and_deck.rc")


def same(a: rc.Game, b: rc.Game) -> None:
    assert a == b
    assert a.moves == b.moves and a.log == b.log
    assert a.to_move == b.to_move and a.decision == b.decision
    assert a.legal_moves() == b.legal_moves() and a.chance_outcomes() == b.chance_outcomes()
    assert a.chance == b.chance


def round_trips(game: rc.Game) -> None:
    """Save, pickle, replay and clone all give the game back as it is."""
    same(rc.Game.from_json(game.to_json()), game)
    same(pickle.loads(pickle.dumps(game)), game)
    same(rc.Game.from_replay(game.replay()), game)
    same(game.clone(), game)


def logbook_game() -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    game = rc.Game.from_scenario(
        f"edition: en\nextra: [{HANDS}]\nmode: war\nchance: explicit\nboard: |\n{board}\n"
        "ships:\n  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        "hands: {blue-submarine: [logbook], red-destroyer: []}\n"
        "deck: [kamikaze, kamikaze, ambush, mechanic]\nturn: blue-submarine\n"
        "phase: maneuvers\n")
    game.play("order logbook")
    return game


def test_a_game_at_the_setups_chance_node_round_trips():
    game = rc.new_game(rc.load_ruleset("en"), seed=4, chance="explicit")
    round_trips(game)
    for outcome in ("deal reef", "deal atoll"):
        game.play(outcome)
        round_trips(game)
    assert json.loads(game.to_json())["chance_node"] == {
        "setup": True, "move": None, "outcomes": ["deal reef", "deal atoll"]}
    assert game.replay()["setup"]["chance"] == "explicit"
    assert game.replay()["moves"] == ["deal reef", "deal atoll"]


def test_a_game_at_a_chance_node_inside_a_move_round_trips():
    game = logbook_game()
    assert game.chance_outcomes()[1] == ("draw kamikaze", F(1, 2))
    round_trips(game)
    data = json.loads(game.to_json())
    assert data["chance"] == "explicit" and data["chance_node"] == {
        "setup": False, "move": "order logbook", "outcomes": []}
    # the position saved is the one before the move; the move is played again
    assert data["moves"] == [] and data["state"]["hands"][0] == ["logbook"]
    game.play("draw ambush")
    round_trips(game)
    assert json.loads(game.to_json())["chance_node"]["outcomes"] == ["draw ambush"]
    loaded = rc.Game.from_json(game.to_json())
    loaded.play("draw mechanic")
    game.play("draw mechanic")
    same(loaded, game)
    assert "chance_node" not in json.loads(game.to_json())


def test_undo_takes_back_outcomes_and_the_move_that_asked_them():
    game = logbook_game()
    at_node = game.clone()
    game.play("draw kamikaze")
    after_one = game.clone()
    game.play("draw ambush")
    assert game.undo() == "draw ambush"
    same(game, after_one)
    assert game.undo() == "draw kamikaze"
    same(game, at_node)
    assert game.undo() == "order logbook"
    assert not game.is_chance_node and game.hand("blue-submarine") == ["logbook"]
    game.play("order logbook")
    same(game, at_node)


def test_undo_back_into_the_setup_deals_the_same_map_again():
    game = rc.new_game(rc.load_ruleset("en"), seed=1, chance="explicit")
    first = game.clone()
    for _ in range(10):
        game.play(game.legal_moves()[-1])
    dealt = game.clone()
    game.play(game.legal_moves()[0])
    game.undo()
    same(game, dealt)
    for _ in range(10):
        game.undo()
    same(game, first)
    assert game.board.rows() == first.board.rows()


def test_random_explicit_games_round_trip_at_every_chance_node():
    rnd = random.Random(5)
    game = rc.new_game(rc.load_ruleset("en", [HANDS]), seed=5, chance="explicit",
                       placement="fixed")
    nodes = 0
    while not game.is_over and len(game.moves) < 400:
        if game.is_chance_node and nodes < 40:
            round_trips(game)
            nodes += 1
        before = game.clone()
        move = rnd.choice(game.legal_moves())
        game.play(move)
        assert game.undo() == move
        same(game, before)
        game.play(move)
    assert nodes > 20  # the map's 10 deals, the starting hands, the draws of the game


def test_a_format_3_save_loads_as_sampled_chance():
    old = json.loads((DATA / "save_format_3.json").read_text("utf-8"))
    assert old["format"] == 3 and "chance" not in old
    game = rc.Game.from_json(json.dumps(old))
    assert game.chance == "sampled" and not game.is_chance_node
    new = json.loads(game.to_json())
    assert new["format"] == FORMAT and new["chance"] == "sampled"
    assert new == migrate(old)  # the migration's steps, nothing else
    assert {k: v for k, v in new.items() if k not in ("format", "chance", "state")} == \
        {k: v for k, v in old.items() if k not in ("format", "state")}
    assert game.moves == ["end"]


def test_a_sampled_game_saves_no_chance_node_and_its_setup_no_chance():
    game = rc.new_game(rc.load_ruleset("en"), seed=2)
    data = json.loads(game.to_json())
    assert data["chance"] == "sampled" and "chance_node" not in data
    assert "chance" not in data["setup"]


@pytest.mark.parametrize("field, value, message", [
    ("chance", '"dice"', "sampled or explicit"),
    ("chance_node", '{"setup": false, "move": "end", "outcomes": []}', "no chance node"),
])
def test_a_save_with_a_bad_chance_field_is_refused_naming_it(field, value, message):
    game = rc.new_game(rc.load_ruleset("en"), seed=2, placement="fixed")
    data = json.loads(game.to_json())
    data[field] = json.loads(value)
    with pytest.raises(rc.SaveError, match=message) as err:
        rc.Game.from_json(json.dumps(data))
    assert err.value.field == field


def test_a_save_whose_chance_node_does_not_replay_is_refused():
    data = json.loads(logbook_game().to_json())
    data["chance_node"]["outcomes"] = ["draw atomic_bomb"]
    with pytest.raises(rc.SaveError, match="does not replay") as err:
        rc.Game.from_json(json.dumps(data))
    assert err.value.field == "chance_node"


def test_a_scenario_keeps_its_chance_and_refuses_a_chance_node():
    game = logbook_game()
    with pytest.raises(rc.ScenarioError) as err:
        game.to_scenario()
    assert err.value.field == "chance"
    game.play("draw kamikaze")
    game.play("draw kamikaze")
    text = game.to_scenario()
    assert "chance: explicit" in text
    again = rc.Game.from_scenario(text)
    assert again.chance == "explicit" and again == game
    with pytest.raises(rc.ScenarioError) as err:
        rc.Game.from_scenario(text.replace("chance: explicit", "chance: dice"))
    assert err.value.field == "chance"
