"""The game state: plain mutable attrs records, nothing else.

Everything that changes during a game lives here (the RNG included), so a
state can be copied, compared, saved and restored as a whole. Ships are
referred to by seat (their index in ``GameState.ships``); boxes by index
into the board.
"""

from __future__ import annotations

from typing import Sequence

import attrs

from .narrate import narrate_event


@attrs.define(slots=True)
class ShipState:
    """One ship and its control card (R1.3, R4.1).

    ``crew_on`` is aligned with the ship type's maneuvers. Crew are always
    ``reserve + sum(crew_on) + withdrawn``. ``sunk`` means off the board:
    waiting to respawn in war (R8.4), or ``eliminated`` in arena (R8.1). A
    ship with no ``position`` that is not sunk is still to be placed (R2.8),
    which only happens before the first turn.
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
        """The event as an English sentence (narrate.py), else its kind."""
        return narrate_event(self) or self.kind


#: Every kind of log event and its fields: a word (``str``), a number
#: (``int``), or a list of words (``list``, box names). ``Event`` data must
#: have every field of its kind and no other, except the move's notation on
#: ``use``, ``respond`` and ``order`` (``OPTIONAL_EVENT_FIELDS``); the
#: narration (narrate.py) formats them, and a saved log is checked against
#: this (serialize.py) so a crafted one cannot break it.
EVENT_FIELDS: dict[str, dict[str, type]] = {
    "game_start": {"mode": str, "board": list},
    "turn_start": {"player": str},
    "turn_end": {"player": str},
    "recover": {"ship": str, "source": str},
    "use": {"player": str, "card": str},
    "respond": {"player": str, "card": str},
    "order": {"player": str, "card": str},
    "pass": {"player": str},
    "resolve": {"player": str, "card": str},
    "cancelled": {"player": str, "card": str},
    "wasted": {"player": str, "card": str},
    "cancel": {"player": str, "card": str, "of": str},
    "damage": {"ship": str, "amount": int, "repairs": int, "breakdowns": int},
    "regain": {"ship": str, "track": str, "amount": int},
    "crew_loss": {"ship": str, "amount": int},
    "move": {"ship": str, "path": list},
    "draw": {"player": str, "count": int},
    "discard": {"player": str, "card": str},
    "reshuffle": {"cards": int},
    "status": {"ship": str, "status": str},
    "sunk": {"ship": str, "by": str},
    "score": {"side": str, "points": int},
    "catchup": {"side": str, "cards": int},
    "place": {"ship": str, "box": str},
    "respawn": {"ship": str, "box": str},
    "wait": {"ship": str},
    "game_over": {"winner": str, "reason": str},
}
OPTIONAL_EVENT_FIELDS: dict[str, dict[str, type]] = {
    kind: {"target": str, "area": str, "path": list} for kind in ("use", "respond", "order")}


@attrs.define(slots=True)
class GameState:
    """Everything that changes during a game.

    ``phase`` is the turn's phase: recover (R6.1), place (the initial
    placement before the first turn, R2.8, with ``turn`` the placing seat;
    or a war respawn, R8.4), main (R6.2) or over. On top of it, a non-empty ``stack`` is either
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
        """The whole state as one flat tuple of plain values (see ``save_into``)."""
        return tuple(self.save_into([]))

    def save_into(self, out: list) -> list:
        """Append the whole state to ``out`` as flat plain values, for undo.

        A game keeps every move's state in one list (``Game.play``): no
        record, tuple or list is built per move, so the undo history costs
        neither allocations nor garbage collections. Lists are written as
        their length then their items; stack items (rarely any) are copied.
        ``restore`` reads it back.
        """
        out += (self.mode, self.board, self.rng, self.turn, self.turn_number, self.phase,
                self.recover_left, self.orders_played, self.resolving, self.floor,
                self.end_turn_pending, self.winner, len(self.start_cards))
        for pair in self.start_cards.items():
            out += pair
        out.append(len(self.score))
        for pair in self.score.items():
            out += pair
        out.append(len(self.ships))
        for s in self.ships:
            crew = s.crew_on
            out += (s.id, s.side, s.type, s.position, s.repairs, s.breakdowns, s.reserve,
                    s.withdrawn, s.sunk, s.eliminated, s.intercepted, len(crew))
            out += crew
        for part in (*self.hands, self.deck, self.discard, self.asking, self.sunk_in_chain,
                     self.catchup_done):
            out.append(len(part))
            out += part
        out.append(len(self.stack))
        if self.stack:
            out += [i.copy() for i in self.stack]
        return out

    @classmethod
    def restore(cls, data: Sequence, at: int = 0) -> GameState:
        """The state saved in ``data`` from index ``at`` (``snapshot``,
        ``save_into``): an equal, independent copy."""
        head = data[at:at + 12]  # (unpacked apart: Cython 3.1 crashes on a slice unpacked here)
        (mode, board, rng, turn, turn_number, phase, recover_left, orders_played, resolving,
         floor, end_turn_pending, winner) = head
        at += 12

        def take() -> list:
            nonlocal at
            n = data[at]
            at += n + 1
            return list(data[at - n:at])

        def pairs() -> dict:
            nonlocal at
            n = data[at]
            flat = data[at + 1:at + 1 + 2 * n]
            at += 2 * n + 1
            return dict(zip(flat[::2], flat[1::2]))

        start_cards = pairs()
        score = pairs()
        ships = []
        count = data[at]
        at += 1
        for _ in range(count):
            fields = data[at:at + 11]
            at += 11
            ship = ShipState(*fields[:7], take(), *fields[7:])
            ships.append(ship)
        hands = [take() for _ in ships]
        deck, discard, asking, sunk_in_chain, catchup_done = (take() for _ in range(5))
        stack = [i.copy() for i in take()]
        return cls(mode, board, start_cards, ships, hands, deck, discard, score, rng, turn,
                   turn_number, phase, recover_left, orders_played, stack, asking, resolving,
                   floor, sunk_in_chain, end_turn_pending, catchup_done, winner)
