"""Runs of a move under explicit chance (engine/chance.py says why a move is
run again rather than suspended): the chance node a run stops at, a run
from the state before a move with the outcomes given so far, and the setup
dealt with its outcomes.

The game (engine/game_core.py) keeps the node pending and the one before
each move it recorded (a ply's ``node``, engine/history.py), and hands each
run the engine on the state to run from.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

import attrs

from ..base.errors import ChanceNeeded, SetupError, quote
from ..model.state import GameState
from .chance import ChanceMode, Explicit
from .machine import Engine
from .setup import begin, dealt_board, new_state
from .views import LogEntry

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from ..rules.board import Board
    from .notation import Move


@attrs.frozen
class ChanceNode:
    """A random event the chance player is to settle (explicit chance): the
    run that asked it (a move, or the setup) is run again from its start with
    ``outcomes`` and the one played."""

    before: tuple[Any, ...] | None
    """The state before the run (``GameState.snapshot``); None: the setup."""
    log_length: int
    move: str | None  # the move run; None: the setup, or the run to a first decision
    seat: int  # the seat that played ``move``
    outcomes: tuple[str, ...]  # the outcomes the run has had so far
    asked: tuple[tuple[str, Fraction], ...]  # the outcomes of the event asked now
    play: Move | None = attrs.field(default=None, eq=False)  # ``move`` parsed


def chance_mode(chance: object) -> ChanceMode:
    """The chance mode named by ``chance`` (``SetupError`` if none)."""
    try:
        return ChanceMode(chance)
    except ValueError:
        raise SetupError("chance", f"unknown chance mode {quote(chance)}; modes are "
                         "sampled and explicit") from None


def run(eng: Engine, play: Move | None, seat: int,
        source: Explicit) -> tuple[tuple[str, Fraction], ...] | None:
    """Run ``seat``'s move ``play`` (None: the run to the first decision) on
    ``eng``, whose state is the one the run starts from, each random event
    answered by ``source``: None once it reaches a decision, else the
    outcomes of the event it stops at, which its node asks (``eng``,
    stopped inside the move, has dropped it, ``Engine.drop_move``: the next
    run on it starts clean)."""
    eng.ops.chance = source
    try:
        if play is None:
            eng.advance()
        else:
            eng.perform(play, seat)
        return None
    except ChanceNeeded as need:
        eng.drop_move()
        return tuple(need.outcomes)
    finally:
        eng.ops.chance = Explicit()


class Dealt(NamedTuple):
    """A new game of explicit chance as far as its setup's outcomes go: its
    state, board and log, and the setup's node still pending (None: dealt,
    the game begun)."""

    state: GameState
    board: Board
    log: list[LogEntry]
    node: ChanceNode | None


def deal(rules: Ruleset, mode: str, teams: Sequence[Sequence[str]], seed: int,
         placement: str, outcomes: tuple[str, ...]) -> Dealt:
    """A new game of explicit chance set up with the ``outcomes`` dealt so
    far (the pending node asks the next): the hands hold the cards drawn so
    far; until the whole map is dealt, the board shows open water but for the
    start cards. All dealt, the game begins."""
    source = Explicit(outcomes, provisional=True)
    state = new_state(rules, mode, teams, seed, placement, source)
    board = dealt_board(state.board, rules, state.start_cards)
    log: list[LogEntry] = []
    if source.asked is None:  # all dealt: the game begins
        eng = Engine(rules, board, state, log)
        eng.ops.chance = source
        begin(eng, mode)
    node = None if source.asked is None else \
        ChanceNode(None, 0, None, -1, outcomes, tuple(source.asked))
    return Dealt(state, board, log, node)
