"""The game state: plain mutable attrs records, nothing else.

Everything that changes during a game lives here (the RNG included), so a
state can be copied, compared, saved and restored as a whole. Ships are
referred to by seat (their index in ``GameState.ships``); boxes by index
into the board.
"""

from __future__ import annotations

import attrs


@attrs.define(slots=True)
class ShipState:
    """One ship and its control card (R1.3, R4.1).

    ``crew_on`` is aligned with the ship type's maneuvers. Crew are always
    ``reserve + sum(crew_on) + withdrawn``. ``sunk`` means off the board:
    waiting to respawn in war (R8.4), or ``eliminated`` in arena (R8.1).
    """

    id: str
    side: str
    type: str
    position: int | None
    repairs: int
    breakdowns: int
    reserve: int
    crew_on: list[int]
    withdrawn: int = 0
    sunk: bool = False
    eliminated: bool = False
    intercepted: bool = False

    def copy(self) -> ShipState:
        return ShipState(self.id, self.side, self.type, self.position, self.repairs,
                         self.breakdowns, self.reserve, list(self.crew_on), self.withdrawn,
                         self.sunk, self.eliminated, self.intercepted)

    def snapshot(self) -> tuple:
        """Every field as immutable values (see ``GameState.snapshot``)."""
        return (self.id, self.side, self.type, self.position, self.repairs, self.breakdowns,
                self.reserve, tuple(self.crew_on), self.withdrawn, self.sunk, self.eliminated,
                self.intercepted)

    @classmethod
    def restore(cls, data: tuple) -> ShipState:
        ship = cls(*data)
        ship.crew_on = list(ship.crew_on)
        return ship


@attrs.define(slots=True)
class StackItem:
    """A declared maneuver or order card waiting to resolve (R5.1–R5.3).

    ``answers`` is the stack index of the item it responds to. ``pc`` is the
    next effect to apply and ``pending`` the choices still owed by the effect
    at ``pc`` (crew recovery of ship ``recovering``), so resolution can stop
    for a decision and resume exactly where it was.
    """

    card: str
    kind: str           # "maneuver" | "order"
    seat: int           # the ship that performed it
    target: int | None = None
    area: int | None = None
    path: tuple[int, ...] = ()
    answers: int | None = None
    cancelled: bool = False
    pc: int = 0
    pending: int = 0
    recovering: int | None = None  # the ship whose crew the owed choices recover

    def copy(self) -> StackItem:
        return StackItem(self.card, self.kind, self.seat, self.target, self.area, self.path,
                         self.answers, self.cancelled, self.pc, self.pending, self.recovering)


@attrs.define(slots=True)
class Event:
    """One line of the game log: ``kind`` with its data, in the order it happened."""

    kind: str
    turn: int
    data: dict[str, object] = attrs.Factory(dict)

    def __getitem__(self, key: str) -> object:
        """``event["card"]``: the event's data by name."""
        return self.data[key]

    def get(self, key: str, default: object = None) -> object:
        return self.data.get(key, default)

    def __str__(self) -> str:
        from .narrate import narrate_event
        return narrate_event(self) or self.kind


@attrs.define(slots=True)
class GameState:
    """Everything that changes during a game.

    ``phase`` is the turn's phase: recover (R6.1), place (respawn, R8.4),
    main (R6.2) or over. On top of it, a non-empty ``stack`` is either
    collecting responses (``asking`` holds the seats still to be asked, D5.4)
    or ``resolving``; a hand over the limit must be discarded first (D7.2).
    """

    mode: str
    board: str
    start_cards: dict[str, str]
    ships: list[ShipState]
    hands: list[list[str]]
    deck: list[str]
    discard: list[str]
    score: dict[str, int]
    rng: int
    turn: int = 0
    turn_number: int = 1
    phase: str = "main"
    recover_left: int = 0
    orders_played: int = 0
    stack: list[StackItem] = attrs.Factory(list)
    asking: list[int] = attrs.Factory(list)
    resolving: bool = False
    floor: int = 0  # resolve down to this many items, then reopen the window (R5.1)
    sunk_in_chain: list[int] = attrs.Factory(list)
    end_turn_pending: bool = False
    catchup_done: list[int] = attrs.Factory(list)
    winner: str | None = None

    def copy(self) -> GameState:
        return GameState(
            self.mode, self.board, self.start_cards, [s.copy() for s in self.ships],
            [list(h) for h in self.hands], list(self.deck), list(self.discard), dict(self.score),
            self.rng, self.turn, self.turn_number, self.phase, self.recover_left,
            self.orders_played, [i.copy() for i in self.stack], list(self.asking),
            self.resolving, self.floor, list(self.sunk_in_chain), self.end_turn_pending,
            list(self.catchup_done), self.winner)

    def snapshot(self) -> tuple:
        """The whole state as one tuple of immutable values, for undo.

        Half the cost of ``copy``: tuples instead of attrs records, and the
        stack (usually empty) is the only part still copied item by item.
        Nothing but tuples of plain values (no dict), so the garbage
        collector stops tracking a snapshot once it has seen it: a long undo
        history costs collections nothing. ``restore`` turns it back into an
        equal state.
        """
        return (self.mode, self.board, tuple(self.start_cards.items()),
                tuple([s.snapshot() for s in self.ships]), tuple(map(tuple, self.hands)),
                tuple(self.deck), tuple(self.discard), tuple(self.score.items()), self.rng,
                self.turn, self.turn_number, self.phase, self.recover_left, self.orders_played,
                tuple([i.copy() for i in self.stack]) if self.stack else (),
                tuple(self.asking), self.resolving, self.floor, tuple(self.sunk_in_chain),
                self.end_turn_pending, tuple(self.catchup_done), self.winner)

    @classmethod
    def restore(cls, data: tuple) -> GameState:
        (mode, board, start_cards, ships, hands, deck, discard, score, rng, turn, turn_number,
         phase, recover_left, orders_played, stack, asking, resolving, floor, sunk_in_chain,
         end_turn_pending, catchup_done, winner) = data
        return cls(mode, board, dict(start_cards), [ShipState.restore(s) for s in ships],
                   [list(h) for h in hands], list(deck), list(discard), dict(score), rng,
                   turn, turn_number, phase, recover_left, orders_played,
                   [i.copy() for i in stack], list(asking), resolving, floor,
                   list(sunk_in_chain), end_turn_pending, list(catchup_done), winner)
