"""Perft reference counts: any change to what is legal changes a number here.

The positions are in tests/data/perft/. When a count changes on purpose
(a rule fixed), check the change with ``perft.divide`` and update it here.
They are scenarios with every ship already on the board, as after the fixed
placement (D2.8): the placement decisions (R2.8) are not in these counts
(tests/test_rules_02_placement.py counts those).
"""

from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.testing.perft import divide, perft

DATA = Path(__file__).parent / "data" / "perft"

COUNTS = {
    # one move per outcome of a path (docs/design.md, "Moves along a path"):
    # one move per path would give duel 56, 961, 7844; currents 581, 593,
    # 5873; window 1, 1, 51. An outcome is the end box (running water passed
    # changes nothing of the result): one per end box and running water
    # entered gave currents 194, 206, 2003
    "duel.yaml": [36, 516, 4106],
    "currents.yaml": [42, 54, 483],
    "window.yaml": [1, 1, 33],
}


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_perft_counts(name):
    game = rc.Game.from_scenario((DATA / name).read_text())
    before = game.to_json()
    assert [perft(game, depth) for depth in (1, 2, 3)] == COUNTS[name]
    assert game.to_json() == before  # play/undo leave the game as it was


def test_divide_adds_up():
    game = rc.Game.from_scenario((DATA / "duel.yaml").read_text())
    parts = divide(game, 2)
    assert len(parts) == 36
    assert sum(parts.values()) == 516
    # a torpedo opens a response window (R5.1): red answers with torpedo on
    # either ship (R4.2), shields it (D4.7) or passes
    game.play("torpedo red-destroyer")
    assert game.legal_moves() == ["pass", "respond shield blue-submarine",
                                  "respond torpedo blue-submarine",
                                  "respond torpedo red-destroyer"]
    assert parts["torpedo red-destroyer"] == 4
