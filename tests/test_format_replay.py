"""Replays: versioned files that re-simulate bit-exactly and refuse other card data."""

import json

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.formats.replay import ReplayError, read_replay, replay, save_replay

from conftest import random_game

EXTRA = """
order salvo {
    copies 0
    effect damage 1 to target; draw 1
}
"""


def same_play(a, b) -> bool:
    """Same state, log and moves (the saved rules reference may differ: paths vs text)."""
    return a == b and a.log == b.log and a.moves == b.moves


@pytest.mark.parametrize("edition,mode,teams", [
    ("en", "war", (("submarine",), ("destroyer",))),
    ("es", "arena", (("submarine", "destroyer"), ("destroyer", "aircraft_carrier"))),
    ("it", "war", (("submarine", "destroyer", "aircraft_carrier"),) * 2),
])
def test_a_replay_resimulates_bit_exactly(edition, mode, teams, tmp_path):
    game = random_game(rc.load_ruleset(edition), seed=11, mode=mode, teams=teams)
    path = save_replay(game, tmp_path / "game.json")
    data = read_replay(path)
    assert data["format"] == "redcode-replay" and data["version"] == 1
    assert data["ruleset"]["hash"] == game.rules.hash
    assert data["setup"] == {"mode": mode, "teams": [list(t) for t in teams], "seed": 11,
                             "placement": "choose"}
    again = rc.Game.from_replay(path)
    assert again.to_json() == game.to_json()
    assert again.winner == game.winner and again.is_over


def test_a_scenario_game_replays(tmp_path):
    game = rc.Game.from_scenario("""
ships:
  blue-submarine: {at: c3}
  red-destroyer: {at: e3}
phase: maneuvers
seed: 4
""")
    for move in ["torpedo red-destroyer", "pass", "end"]:
        if move in game.legal_moves():
            game.play(move)
    again = rc.Game.from_replay(save_replay(game, tmp_path / "s.json"))
    assert again.to_json() == game.to_json()


def test_extra_card_files_are_embedded_and_never_read_back(tmp_path):
    """A replay is shareable: it carries its card files' text under their file
    name, and replays after the file is changed or gone."""
    cards = tmp_path / "my.rc"
    cards.write_text(EXTRA)
    rules = rc.load_ruleset("en", extra=[str(cards)])
    game = random_game(rules, seed=3, moves=20)
    path = save_replay(game, tmp_path / "r.json")
    data = read_replay(path)
    assert data["ruleset"]["extra"] == []
    assert data["ruleset"]["texts"] == [["my.rc", EXTRA]]
    assert str(tmp_path) not in path.read_text()
    cards.write_text(EXTRA.replace("damage 1", "damage 2"))
    assert same_play(replay(path), game)
    cards.unlink()
    again = replay(path)
    assert same_play(again, game) and again.rules.hash == rules.hash


def test_a_scenario_replay_uses_the_embedded_text_not_the_scenarios_paths(tmp_path):
    cards = tmp_path / "my.rc"
    cards.write_text(EXTRA)
    game = rc.Game.from_scenario({"extra": [str(cards)], "phase": "maneuvers", "seed": 2,
                                  "ships": {"blue-submarine": {"at": "c3"},
                                            "red-destroyer": {"at": "e3"}}})
    game.play("end")
    path = save_replay(game, tmp_path / "s.json")
    cards.unlink()
    assert same_play(replay(path), game)


def test_a_card_file_edited_during_the_game_is_embedded_as_it_was_loaded(tmp_path):
    """The text is kept when the rules are loaded: the replay carries the card
    data the game was played with, whatever became of the file."""
    cards = tmp_path / "my.rc"
    cards.write_text(EXTRA)
    game = random_game(rc.load_ruleset("en", extra=[str(cards)]), seed=3, moves=5)
    cards.write_text(EXTRA.replace("damage 1", "damage 2"))
    assert game.replay()["ruleset"]["texts"] == [["my.rc", EXTRA]]
    assert same_play(replay(game.replay()), game)


def test_a_replay_naming_card_files_by_path_is_refused(tmp_path):
    cards = tmp_path / "my.rc"
    cards.write_text(EXTRA)
    game = random_game(rc.load_ruleset("en", extra=[str(cards)]), seed=3, moves=5)
    data = game.replay()
    data["ruleset"] = {**data["ruleset"], "extra": [str(cards)], "texts": []}
    with pytest.raises(ReplayError) as err:
        replay(data)
    assert str(err.value) == (f"the replay names card files by path ({cards}); a replay "
                              "carries their text instead: save it again")


def test_other_card_data_is_refused_naming_both_hashes(tmp_path):
    cards = tmp_path / "my.rc"
    cards.write_text(EXTRA)
    rules = rc.load_ruleset("en", extra=[str(cards)])
    game = random_game(rules, seed=3, moves=20)
    data = game.replay()
    data["ruleset"]["texts"][0][1] = EXTRA.replace("damage 1", "damage 2")
    with pytest.raises(ReplayError) as err:
        replay(data)
    changed = rc.load_source(EXTRA.replace("damage 1", "damage 2"), "my.rc").hash
    assert rules.hash in str(err.value) and changed in str(err.value)
    assert "different card data" in str(err.value)


def test_an_illegal_move_in_a_replay_names_it(tmp_path):
    game = random_game(rc.load_ruleset("en"), seed=5, moves=10)
    data = game.replay()
    data["moves"][4] = "torpedo nowhere"
    with pytest.raises(ReplayError, match=r"move 5 \('torpedo nowhere'\) is illegal"):
        replay(data)


@pytest.mark.parametrize("text,message", [
    ("[]", "not a replay"),
    ('{"format": "redcode-replay", "version": 9}', "replay version 9"),
    ('{"format": "redcode-replay", "version": 1, "ruleset": {}, "setup": {}}',
     "'moves' is missing"),
    ("{not json", "invalid JSON"),
])
def test_malformed_replays(text, message):
    with pytest.raises(ReplayError, match=message):
        replay(text)


def test_cli_replay_narrates(tmp_path, capsys):
    game = random_game(rc.load_ruleset("es"), seed=8)
    path = save_replay(game, tmp_path / "g.json")
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Turno 1:" in out
    assert f"{len(game.moves)} moves replayed; all legal." in out


def test_cli_replay_error_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "nope"}))
    assert cli.main(["replay", str(bad)]) == 2
    assert "not a replay" in capsys.readouterr().err
