"""A turn begins one way (``Turns.begin_turn``), in a game and in a
scenario whose turn has not begun yet (``turn_started`` false): its
statuses and tokens lasting until then end, and its turn-start triggers
fire (docs/scenarios.md). A scenario whose turn has begun is read as it is."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc

OPEN_BOARD = "\n".join(["........"] * 6) + "\n"

LOOKOUT = """\
status lookout {
    permanent
    when turn_starts of self { effect draw 1 to self }
}
"""


def recover_scenario(tmp_path, started: bool) -> rc.Game:
    path = tmp_path / "lookout.rc"
    path.write_text(LOOKOUT)
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: c3, lookout: true, reserve: 4, crew_on: {torpedo: 2}}\n"
        "  red-destroyer: {at: e3}\n"
        "hands: {blue-submarine: []}\ndeck: [ambush, evasion]\n"
        f"turn: blue-submarine\nphase: recover\nturn_started: {str(started).lower()}\n")


def test_a_scenario_turn_not_begun_begins_as_a_game_s_turn_does(tmp_path):
    game = recover_scenario(tmp_path, started=False)
    assert [e.kind for e in game.log] == ["turn_start", "trigger", "draw"]
    assert game.hand("blue-submarine") == ["ambush"]
    assert (game.to_move, game.decision) == ("blue-submarine", "recover")


def test_a_scenario_turn_begun_is_read_as_it_is(tmp_path):
    game = recover_scenario(tmp_path, started=True)
    assert [e.kind for e in game.log] == []
    assert game.hand("blue-submarine") == []
    assert (game.to_move, game.decision) == ("blue-submarine", "recover")


def test_a_game_s_next_turn_fires_the_same_trigger(tmp_path):
    """The control: the same status in play fires at the holder's next turn."""
    game = recover_scenario(tmp_path, started=True)
    while game.decision == "recover":
        game.play("recover torpedo")
    game.play("end")
    game.play("end")
    assert game.hand("blue-submarine") == ["ambush"]


def test_a_scenario_begun_recovers_as_many_crew_as_a_changed_recover_allows(tmp_path):
    """A status that changes what its player recovers (``modify recover +1``,
    R6.1): a scenario whose turn has begun may say the 3 crew it still
    recovers, and a game saved there loads as it was."""
    path = tmp_path / "drill.rc"
    path.write_text("status drilled { permanent  modify recover +1 }\n")
    board = textwrap.indent(OPEN_BOARD, "  ")
    game = rc.Game.from_scenario(
        f"edition: en\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: c3, drilled: true, reserve: 2, withdrawn: 1,\n"
        "                   crew_on: {torpedo: 1, heavy_torpedo: 2}}\n"
        "  red-destroyer: {at: e3}\n"
        "hands: {blue-submarine: []}\ndeck: [ambush]\n"
        "turn: blue-submarine\nphase: recover\nturn_started: true\nrecover_left: 3\n")
    assert game.engine.state.recover_left == 3
    again = rc.Game.from_scenario(game.to_scenario())
    assert again.engine.state.recover_left == 3


def test_a_scenario_begun_where_a_status_leaves_nothing_to_recover_loads(tmp_path):
    """``modify recover -1`` on a player who recovers 1 (R6.1): its turn's
    recover phase has 0 crew left to recover while what the turn's start
    fired is answered; a scenario there says so (0, the only number it may
    say), and 1 is refused naming the field."""
    path = tmp_path / "shaken.rc"
    path.write_text("status shaken { permanent  modify recover -1 }\nrules { recover 1 }\n")
    board = textwrap.indent(OPEN_BOARD, "  ")
    text = (f"edition: en\nextra: [{path}]\nboard: |\n{board}\nships:\n"
            "  blue-submarine: {at: c3, shaken: true, reserve: 2, withdrawn: 1,\n"
            "                   crew_on: {torpedo: 1, heavy_torpedo: 2}}\n"
            "  red-destroyer: {at: e3}\n"
            "hands: {blue-submarine: []}\ndeck: [ambush]\n"
            "turn: blue-submarine\nphase: recover\nturn_started: true\nrecover_left: {left}\n")
    game = rc.Game.from_scenario(text.replace("{left}", "0"))
    assert game.engine.state.recover_left == 0
    with pytest.raises(rc.ScenarioError, match=r"'recover_left': 1 is out of range \(0\.\.0\)"):
        rc.Game.from_scenario(text.replace("{left}", "1"))
