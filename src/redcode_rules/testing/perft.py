"""Perft: the number of distinct legal move sequences from a position.

As in chess engines, a count to a fixed depth is a fingerprint of move
generation: any change to what is legal changes it. Uses ``play``/``undo``.
From a new game with the players' placement (R2.8) the first plies are the
``place`` decisions; start from ``placement="fixed"`` (D2.8) or a scenario to
count the turns' moves only.
"""

from __future__ import annotations

from ..game import Game


def perft(game: Game, depth: int) -> int:
    """Distinct legal move sequences of exactly ``depth`` moves (or ending the game sooner)."""
    if depth == 0 or game.is_over:
        return 1
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        game.play(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


def divide(game: Game, depth: int) -> dict[str, int]:
    """Perft per first move (for finding which move's subtree changed)."""
    out = {}
    for move in game.legal_moves():
        game.play(move)
        out[move] = perft(game, depth - 1)
        game.undo()
    return out
