"""`redcode replay` of a game that began from a scenario: the scenario's
score is where the narration's counting starts, as ``Game.narration`` says."""

import json

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.formats.replay import save_replay

SCORED = {
    "ships": {"blue-submarine": {"at": "c3"},
              "red-destroyer": {"at": "d3", "repairs": 1, "breakdowns": 0}},
    "score": {"blue": 3, "red": 1}, "hands": {"blue-submarine": ["ambush"]},
    "phase": "maneuvers"}


def scored_replay(tmp_path):
    """A replay whose one sinking takes blue from the scenario's 3 to 4."""
    game = rc.Game.from_scenario(SCORED)
    game.play("heavy_torpedo red-destroyer")
    game.play("pass")
    return game, save_replay(game, tmp_path / "scored.json")


def test_replay_narrates_a_scenario_s_score_as_the_start(tmp_path, capsys):
    _, path = scored_replay(tmp_path)
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "  The blue side scores 1 point (4 in all)." in out
    assert not any("scores 4 points" in line for line in out)


def test_replay_json_narration_counts_from_the_scenario_s_score(tmp_path, capsys):
    game, path = scored_replay(tmp_path)
    assert cli.main(["replay", str(path), "--json", "--lang", "it"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert "  La squadra blu segna 1 punto (4 in tutto)." in doc["narration"]
    assert doc["narration"] == game.narration("it")
    assert doc["score"] == {"blue": 4, "red": 1}
