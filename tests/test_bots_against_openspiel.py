"""The benchmark of our ISMCTS bot against OpenSpiel's Python ISMCTSBot
(benchmarks/strength_openspiel.py) plays a short game and reports what it
says it reports. Needs the ``ai`` extra; skipped without it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import attrs
import pytest

pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install -e '.[ai]' (the ai extra)")

from redcode_rules.ai.setup import AiSetup  # noqa: E402
from redcode_rules.bots import ISMCTSBot  # noqa: E402

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "strength_openspiel.py"


def load_script():
    spec = importlib.util.spec_from_file_location("strength_openspiel", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_short_game_gives_the_reported_fields():
    bench = load_script()
    match = bench.play_match(iterations=5, games=1, seed=1, turn_limit=3)
    assert [f.name for f in attrs.fields(type(match))] == [
        "iterations", "leaf", "games", "wins", "draws", "losses", "score", "ours_seconds",
        "openspiel_seconds"]
    assert (match.iterations, match.games) == (5, 1)
    assert match.wins + match.draws + match.losses == 1
    assert match.score.estimate == match.wins + 0.5 * match.draws
    assert match.ours_seconds is not None and match.ours_seconds > 0
    assert match.openspiel_seconds is not None and match.openspiel_seconds > 0


def test_openspiel_bot_can_score_leaves_with_our_value():
    """With ``leaf="value"`` OpenSpiel's bot scores a leaf as ours does: each
    seat gets its side's ``side_value``, which sum to zero in a 1v1 game."""
    import pyspiel
    from redcode_rules.bots.mcts import side_value

    bench = load_script()
    match = bench.play_match(iterations=5, games=1, seed=1, turn_limit=3, leaf="value")
    assert (match.leaf, match.games) == ("value", 1)
    game = pyspiel.load_game("python_redcode", {"turn_limit": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    values = bench.ValueEvaluator().evaluate(state)
    sides = {s.id: s.side for s in state.game.state.ships}
    seats = state.position.table.seats
    for ship_id, seat in seats.items():
        assert values[seat] == side_value(state.game, sides[ship_id])
    assert values.sum() == pytest.approx(0.0)


def test_the_search_settles_explicit_chance_nodes():
    """A game whose random events are chance decisions (as the AI adapters
    play) is searched through them instead of failing on the chance player."""
    game = AiSetup(turn_limit=4).new_game()
    bot = ISMCTSBot(seed=2, iterations=20, depth=3)
    while not game.is_over:
        if game.is_chance_node:
            game.play(game.chance_outcomes()[0][0])
        else:
            game.play(bot.choose(game))
    assert game.is_over
