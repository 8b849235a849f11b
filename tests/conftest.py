"""Helpers shared by the tests (``from conftest import fixed_game, place_all``).

New games begin with the initial placement (R2.8): each player places their
ship with ``place <box>`` before the first turn. Tests about something else
either start from the fixed placement (D2.8), where the first turn begins at
once, or play the placements first.
"""

from __future__ import annotations

import random

import redcode_rules as rc


def fixed_game(rules: rc.Ruleset, **kwargs) -> rc.Game:
    """A new game with the fixed placement (D2.8: blue b2, a2, b1; red g5, h5,
    g6): the first turn has begun."""
    return rc.new_game(rules, placement="fixed", **kwargs)


def placing(game: rc.Game) -> bool:
    """The game is in its initial placement (R2.8), not at a war respawn."""
    return game.decision == "place" and not game.ship(game.to_move).sunk


def place_all(game: rc.Game, rnd: random.Random | None = None) -> rc.Game:
    """Play the initial placement (R2.8): each player takes the first box
    listed, or a random one with ``rnd``; returns the game, its first turn begun."""
    while placing(game):
        moves = game.legal_moves()
        game.play(rnd.choice(moves) if rnd else moves[0])
    return game
