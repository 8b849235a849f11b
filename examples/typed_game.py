"""A typed script using the library: CI runs ``mypy --strict`` on it, so the
package's type hints (``py.typed``) are checked the way a user's code sees them.

    mypy --strict examples/typed_game.py
"""

from __future__ import annotations

import redcode_rules as rc
from redcode_rules.bots import GreedyBot


def play_out(seed: int) -> tuple[str | None, dict[str, int]]:
    """A game between two greedy bots: the winner and the score."""
    rules: rc.Ruleset = rc.load_ruleset("en")
    game: rc.Game = rc.new_game(rules, seed=seed, placement="fixed")
    bots = {ship: GreedyBot(i) for i, ship in enumerate(game.ships)}
    while not game.is_over:
        mover = game.to_move
        assert mover is not None
        game.play(bots[mover].choose(game))
    return game.winner, game.score


def first_error() -> str:
    """The library's own error for a name that names nothing."""
    game = rc.new_game(rc.load_ruleset("en"))
    try:
        game.ship("red-destroyr")
    except rc.UnknownName as err:
        return str(err)
    return ""


if __name__ == "__main__":
    print(play_out(1), first_error())
