"""What a game hands out to read: a ship (``ShipView``), its moves
(``FrozenList``) and its log (``EventLog``), each a copy or a snapshot, so a
reader who changes one changes nothing of the game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, TypeVar

import attrs

from ..base.errors import UnknownName
from ..model.state import Event

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from ..model.state import ShipState
    from ..rules.board import Board


@attrs.frozen
class ShipView:
    """A read-only look at one ship, as ``game.ship(id)`` returns it and an
    observation shows it to every player (info/observation.py).

    A snapshot: it does not change as the game goes on (ask ``game.ship``
    again). ``position`` is a box name such as ``"c4"``, None while the ship
    is off the board (still to be placed, R2.8, or sunk and waiting to
    respawn, R8.4); ``crew`` maps each of the ship's maneuvers to the crew on
    it (R4.1); ``eliminated`` is an arena ship that is out of the game (R8.1).
    ``statuses`` names the statuses it has (R9); each status the rules
    declare is also a boolean attribute (``.intercepted``, R9.1).
    """

    id: str
    side: str
    type: str
    position: str | None
    repairs: int
    breakdowns: int
    reserve: int
    withdrawn: int
    sunk: bool
    statuses: tuple[str, ...]
    eliminated: bool
    maneuvers: tuple[str, ...]
    crew: dict[str, int] = attrs.field(hash=False)
    declared: tuple[str, ...] = attrs.field(default=(), eq=False, repr=False)
    """Every status the rules declare: the names answered as attributes."""
    left: str | None = None
    """The box its last move or jump left (``box left by``, D2.17), None
    before it first moves."""
    repairs_track: int = 0
    """The size of its repair track now (D9.15): its ship type's, as its
    statuses, abilities and auras change it."""
    breakdowns_track: int = 0
    """The size of its breakdown track now (D9.15)."""

    @classmethod
    def of(cls, ship: ShipState, rules: Ruleset, board: Board,
           tracks: tuple[int, int]) -> ShipView:
        """The view of a ship of a game on ``board`` under ``rules``, its
        ``tracks``' sizes now (``GameCore.tracks``): the one way a ship is
        shown (``game.ship``, an observation's ships)."""
        names = rules.ships[ship.type].maneuvers
        return cls(ship.id, ship.side, ship.type,
                   None if ship.position is None else board.name(ship.position),
                   ship.repairs, ship.breakdowns, ship.reserve, ship.withdrawn, ship.sunk,
                   tuple(name for name, _ in ship.statuses), ship.eliminated, names,
                   dict(zip(names, ship.crew_on)), tuple(rules.statuses),
                   None if ship.left is None else board.name(ship.left), *tracks)

    def __getattr__(self, name: str) -> bool:
        """A declared status by name (``.intercepted``): whether the ship has it."""
        if not name.startswith("_"):
            try:
                declared = object.__getattribute__(self, "declared")
            except AttributeError:  # not built yet (copy, unpickling)
                declared = ()
            if name in declared:
                return name in object.__getattribute__(self, "statuses")
        raise AttributeError(f"'ShipView' object has no attribute {name!r}")

    def crew_on(self, maneuver: str) -> int:
        """Crew on a maneuver's boxes (0 = available, R4.1)."""
        if maneuver not in self.crew:
            raise UnknownName("maneuver", maneuver, self.maneuvers, f" on {self.id}")
        return self.crew[maneuver]


T = TypeVar("T")


class FrozenList(list[T]):
    """A copy of a list the game keeps (``game.moves``) that
    refuses to be changed, so no one mistakes it for the game's own: it
    is a ``list`` in every other way (equal to one, JSON writes it)."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a copy of the game's record cannot be changed; the game changes by "
                        "play and undo (list(...) makes a list of one's own)")

    append = extend = insert = pop = remove = clear = sort = reverse = _refuse  # type: ignore
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore

    def __reduce__(self) -> tuple[type, tuple[list[T]]]:
        """Pickled and copied as a plain list (rebuilding would append to it)."""
        return (list, (list(self),))


#: An event as the engine's log keeps it: ``(kind, turn, data)``, an
#: ``Event``'s fields in a plain tuple. A game logs about two events a move
#: and keeps them all; as plain tuples, not objects of a class, they cost
#: the garbage collector less (engine/history.py says how; the plies too):
#: a random 1v1 game collects about half as often. ``game.log`` hands out
#: ``Event`` copies of them (``EventLog``).
LogEntry = tuple[str, int, dict[str, object]]


def entry_of(event: Event) -> LogEntry:
    """An event as the engine's log keeps it (its data shared)."""
    return (event.kind, event.turn, event.data)


class EventLog(tuple[Event, ...]):
    """The game's log as read from outside (``game.log``): a tuple whose
    events are copies, made as each is read, so a reader who changes one
    changes nothing of the game's. It holds the engine's own entries
    (``LogEntry``: plain tuples, which cost the collector less) and makes
    each ``Event`` as it is read: a playout never reads its log, and a
    reader pays for the events it reads (``log[-1]``: one). Equal to a
    tuple of equal events, and holds (``in``) an event equal to one of its
    own; ``len`` copies nothing."""

    __slots__ = ()

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return EventLog(tuple.__getitem__(self, index))
        return copy_event(tuple.__getitem__(self, index))

    def __iter__(self):  # type: ignore[override]
        return map(copy_event, tuple.__iter__(self))

    def __reversed__(self):
        return map(copy_event, reversed(tuple(tuple.__iter__(self))))

    def __contains__(self, event: object) -> bool:
        return isinstance(event, Event) and tuple.__contains__(self, entry_of(event))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return tuple.__eq__(self, other)
        if not isinstance(other, tuple):
            return NotImplemented
        return len(other) == len(self) and all(
            isinstance(event, Event) and entry_of(event) == entry
            for event, entry in zip(other, tuple.__iter__(self)))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]  # its events' data are dicts

    # what a tuple of its events does, with copies of its events
    def __lt__(self, other: object) -> bool:
        return tuple(self) < other if isinstance(other, tuple) else NotImplemented

    def __le__(self, other: object) -> bool:
        return tuple(self) <= other if isinstance(other, tuple) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return tuple(self) > other if isinstance(other, tuple) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return tuple(self) >= other if isinstance(other, tuple) else NotImplemented

    def __add__(self, other):  # type: ignore[override]
        return tuple(self) + other if isinstance(other, tuple) else NotImplemented

    def __radd__(self, other):
        return other + tuple(self) if isinstance(other, tuple) else NotImplemented

    def __mul__(self, times):  # type: ignore[override]
        return tuple(self) * times

    __rmul__ = __mul__

    # read on its entries, as ``in``: no event copied
    def count(self, event: object) -> int:
        return tuple.count(self, entry_of(event)) if isinstance(event, Event) else 0

    def index(self, event: object, *bounds: int) -> int:  # type: ignore[override]
        if not isinstance(event, Event):
            raise ValueError(f"{event!r} is not in the log")
        return tuple.index(self, entry_of(event), *bounds)

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self):
        """Pickled as its entries (every protocol: below 2, a tuple subclass
        is otherwise pickled as what it hands out, its ``Event`` copies)."""
        return (EventLog, (tuple(tuple.__iter__(self)),))


def copy_event(entry: LogEntry) -> Event:
    """An event of one's own of a log entry: its data copied, and the lists in
    it (a path)."""
    kind, turn, data = entry
    return Event(kind, turn, {k: list(v) if type(v) is list else v for k, v in data.items()})
