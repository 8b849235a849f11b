"""What every piece of the engine shares: the ruleset, the board, the state
and the log it acts on, the ship types and sides of the seats, the reads of
a seat's crew every piece makes, and the one way a piece logs an event.

The engine (engine/machine.py) is put together from pieces, each with one
job, each built on the ones below it and holding them, never one above:

- ``RuleQueries`` (engine/queries.py): the read-only rule queries;
- ``Lifetimes`` (engine/lifetimes.py): how statuses end;
- ``TriggerQueue`` (engine/trigger_queue.py): the triggers an event sets off, queued;
- ``StateOps`` (engine/state_ops.py, with engine/hands.py): every change of
  the state an effect makes, sinking and the end of the game included;
- ``Resolver`` (engine/resolver.py): the stack and the triggered items resolved;
- ``Turns`` (engine/turns.py): turns, placement and respawn;
- ``Engine`` (engine/machine.py): the decision machine on top.

Each is a ``Part``; they share one ``Sea``, so every piece reads the board
of the moment (D2.14) as ``self.board``. A call goes from a piece to one below it, by the name of
that piece (``self.ops.damage``), so a reader follows a move down with grep.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ..base.kinds import Pile
from ..rules.board import with_terrain

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset, ShipDef
    from ..model.state import GameState, TokenState
    from ..rules.board import Board
    from .views import LogEntry


class Sea:
    """The board every piece of one engine reads (D2.14): the printed board,
    or while a terrain token lies on it, the board of the moment (its
    ``of_moment``, built once per cell string and kept by the printed
    board). ``terrain`` holds the token kinds that make terrain: none, and
    nothing is ever asked (the printed games). The pieces are held weakly,
    so a game is still freed as soon as it is dropped (no cycle)."""

    __slots__ = ("printed", "pieces", "terrain")

    def __init__(self, printed: Board, rules: Ruleset):
        self.printed = printed
        self.pieces: list[weakref.ref[Part]] = []
        self.terrain = {kind: token.terrain for kind, token in rules.tokens.items()
                        if token.terrain is not None}

    def cells(self, tokens: list[TokenState]) -> str:
        """The printed cells with every terrain token of ``tokens`` applied."""
        terrain = self.terrain
        return with_terrain(self.printed.cells, [(t.box, terrain[t.kind]) for t in tokens
                                                 if t.kind in terrain])

    def follow(self, tokens: list[TokenState]) -> None:
        """Point every piece at the board the tokens make now (after a token
        came or went, undo, a loaded state)."""
        board = self.printed.of_moment(self.cells(tokens))
        for ref in self.pieces:
            piece = ref()
            if piece is not None:
                piece.board = board

    def join(self, piece: Part) -> None:
        """Let ``piece`` follow the sea (only where a token makes terrain)."""
        if self.terrain:
            self.pieces.append(weakref.ref(piece))


class Part:
    """One piece of the engine, on one state (``repoint``: undo replaces it)."""

    __slots__ = ("rules", "board", "state", "log", "_types", "sides", "sea", "__weakref__")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[LogEntry],
                 seats: Part | None = None):
        self.rules = rules
        self.board = board
        self.state = state
        self.log = log
        if seats is not None:  # the engine's pieces share its seat tables and sea
            self._types, self.sides, self.sea = seats._types, seats.sides, seats.sea
            self.sea.join(self)
            return
        self.sea = Sea(board, rules)
        self.sea.join(self)
        self._types: list[ShipDef] = [rules.ships[s.type] for s in state.ships]
        self.sides: list[str] = [s.side for s in state.ships]  # seats never change side

    def repoint(self, state: GameState, log: list[LogEntry]) -> None:
        """Act on another state and log of the same game (undo): the seats,
        their types and sides never change."""
        self.state = state
        self.log = log

    def event(self, kind: str, **data: object) -> None:
        """Log an event of a kind ``EVENT_FIELDS`` (model/state.py) describes, with
        its fields: tests/test_format_round_trips.py reads every call of this
        method in the source against the table, and the save writer checks
        the log again, so the hot path pays nothing for it."""
        self.log.append((kind, self.state.turn_number, data))

    # ------------------------------------------------------------ a seat's crew and side
    def crew_out(self, seat: int) -> int:
        """The ship's crew on maneuvers or withdrawn: what it may recover (R6.1)."""
        ship = self.state.ships[seat]
        return sum(ship.crew_on) + ship.withdrawn

    def crew_on(self, seat: int, maneuver: str) -> int:
        """The ship's crew on one of its maneuvers (0 for one it has not)."""
        names = self._types[seat].maneuvers
        return self.state.ships[seat].crew_on[names.index(maneuver)] if maneuver in names else 0

    def recover_options(self, seat: int) -> list[str]:
        """Where a crew can be recovered from: maneuver names and ``Pile.WITHDRAWN`` (R6.1)."""
        ship = self.state.ships[seat]
        names = [m for m, n in zip(self._types[seat].maneuvers, ship.crew_on) if n > 0]
        if ship.withdrawn > 0:
            names.append(Pile.WITHDRAWN)
        return names

    def side_of(self, seat: int) -> str:
        """The side a seat plays for."""
        return self.sides[seat]
