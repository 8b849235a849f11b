"""What every piece of the engine shares: the ruleset, the board, the state
and the log it acts on, the ship types and sides of the seats, and the one
way a piece logs an event.

The engine (engine/machine.py) is put together from pieces, each with one job: the
read-only rule queries (engine/queries.py), the state operations effects call
(engine/state_ops.py), status lifetimes (engine/lifetimes.py), triggers and tokens
(engine/trigger_runs.py), and turns, sinking and the end of the game (engine/turns.py).
Each is a ``Part``; a piece that needs another's work is handed that
piece's bound methods when the engine is put together, so no piece imports
another and each call costs what a method call on itself does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.state import Event

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset, ShipDef
    from ..model.state import GameState
    from ..rules.board import Board


class Part:
    """One piece of the engine, on one state (``repoint``: undo replaces it)."""

    __slots__ = ("rules", "board", "state", "log", "_types", "sides", "__weakref__")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event],
                 seats: Part | None = None):
        self.rules = rules
        self.board = board
        self.state = state
        self.log = log
        if seats is not None:  # the engine's pieces share its seat tables
            self._types, self.sides = seats._types, seats.sides
            return
        self._types: list[ShipDef] = [rules.ships[s.type] for s in state.ships]
        self.sides: list[str] = [s.side for s in state.ships]  # seats never change side

    def repoint(self, state: GameState, log: list[Event]) -> None:
        """Act on another state and log of the same game (undo): the seats,
        their types and sides never change."""
        self.state = state
        self.log = log

    def event(self, kind: str, **data: object) -> None:
        """Log an event of a kind ``EVENT_FIELDS`` (model/state.py) describes, with
        its fields: tests/test_round_trips.py reads every call of this method
        in the source against the table, and the save writer checks the log
        again, so the hot path pays nothing for it."""
        self.log.append(Event(kind, self.state.turn_number, data))

