"""The fuzz kit (redcode fuzz): finds an injected bug, saves and shrinks it."""

import json

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.rules import effects
from redcode_rules.testing.fuzz import fuzz, run_moves, shrink
from redcode_rules.formats.replay import read_replay, replay


def _leaky_crew_loss(self, ops, item):
    """A broken primitive: crew lost from the reserve vanish instead of being withdrawn."""
    for seat in ops.select(self.selector, item):
        ship = ops.state.ships[seat]
        ship.reserve -= min(self.amount, ship.reserve)
    return True


@pytest.fixture
def leaky(monkeypatch):
    # the primitive, not the engine: the compiled engine is an extension type
    monkeypatch.setattr(effects.CrewLoss, "apply", _leaky_crew_loss)


def test_injected_bug_is_found_saved_and_shrunk(leaky, tmp_path):
    failure = fuzz(rc.load_ruleset("en"), games=50, seed=1, out=tmp_path)
    assert failure is not None
    assert any("crew total 5, not 6 (R1.3)" in b for b in failure.broken)
    # the shrunk sequence is shorter and still breaks the same invariant
    assert 1 <= len(failure.shrunk_moves) < len(failure.moves)
    start = replay(read_replay(failure.replay), upto=0)
    broken, played = run_moves(start, failure.shrunk_moves, 30)
    assert played == failure.shrunk_moves
    assert any("crew total" in b for b in broken)
    # the shrunk replay's last move is the one that breaks the game
    data = json.loads(failure.shrunk_replay.read_text())
    assert data["moves"] == failure.shrunk_moves
    last = data["moves"][-1]
    assert last.startswith(("radar", "floating_mine", "order deserter")) or "respond" in last \
        or last in ("pass", "end") or last.startswith("recover")


def test_shrinking_keeps_only_what_is_needed(leaky):
    """A deserter played right away: the shrunk sequence is that single move."""
    game = rc.Game.from_scenario({
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "h6"}},
        "hands": {"blue-submarine": ["deserter"]}, "phase": "maneuvers"})
    moves = ["movement b2", "orders", "order deserter red-destroyer"]
    broken, played = run_moves(game, moves, None)
    assert played == moves
    assert broken == ["red-destroyer: crew total 5, not 6 (R1.3)"]
    assert shrink(game, moves, broken, None) == ["order deserter red-destroyer"]


def test_cli_fuzz_reports_the_broken_invariant(leaky, tmp_path, capsys):
    code = cli.main(["fuzz", "--games", "50", "--seed", "1", "--out", str(tmp_path), "--quiet"])
    out = capsys.readouterr().out
    assert code == 1
    assert "broken invariant" in out and "crew total 5, not 6 (R1.3)" in out
    assert "shrunk:" in out and str(tmp_path) in out


def test_cli_fuzz_json_reports_the_failure(leaky, tmp_path, capsys):
    code = cli.main(["fuzz", "--games", "50", "--seed", "1", "--out", str(tmp_path), "--json"])
    captured = capsys.readouterr()
    assert (code, captured.err) == (1, "")
    doc = json.loads(captured.out)
    failure = doc["failure"]
    assert doc["ok"] is False and doc["games"] == 50 and doc["seed"] == 1
    assert any("crew total 5, not 6 (R1.3)" in b for b in failure["broken"])
    assert failure["replay"] == str(tmp_path / f"fuzz-1-{failure['game']}.json")
    assert failure["shrunk_replay"] == str(tmp_path / f"fuzz-1-{failure['game']}-shrunk.json")
    assert json.loads((tmp_path / failure["shrunk_replay"]).read_text())["moves"] == \
        failure["shrunk_moves"]


def test_a_crash_inside_a_move_leaves_the_game_as_it_was(monkeypatch):
    """A broken primitive raising halfway through a move must not leave half a move."""
    game = rc.Game.from_scenario({
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
        "hands": {"blue-submarine": ["captain"]}, "deck": ["ambush"], "phase": "maneuvers"})
    before = game.to_json()

    def broken_draw(self, ops, item):
        raise RuntimeError("broken primitive")

    monkeypatch.setattr(effects.Draw, "apply", broken_draw)
    with pytest.raises(RuntimeError, match="broken primitive"):
        game.play("order captain red-destroyer")   # damage applies, then the draw breaks
    assert game.to_json() == before
    assert game.moves == []
    monkeypatch.undo()
    game.play("order captain red-destroyer")
    assert game.hand("blue-submarine") == ["ambush"]
