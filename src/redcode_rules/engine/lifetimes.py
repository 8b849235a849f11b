"""Status lifetimes: when a status is given, how long it lasts, and when it
ends (R9, D9.4), beside what it changes while it lasts (model/modifiers.py).

A ship's statuses are ``(name, Lifetime)`` pairs of its state (model/state.py):
``set_status`` gives one and counts what is left; the turn edges
(``at_turn_edge``: one row of ``kinds.TURN_EDGES`` per duration, whoever's
turns it counts) and a failing ``while`` condition (``lasts``,
``statuses_while``) end them.
A status also ends at its last use (model/modifiers.py) and when its ship leaves
the board (``end_all``: sunk, R9.2). Every end, whatever ended it, goes
through ``keep`` or ``ended`` and is logged as a ``status_end`` event, so
the narration tells it and the lab counts how long a status lasted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.kinds import TURN_EDGES, Edge, TurnOf
from ..model.modifiers import fresh, with_status
from ..model.ruleset import Duration
from ..rules.exprs import Scope
from .part import Part

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from ..model.state import Event, GameState, Lifetime, ShipState
    from ..rules.board import Board
    from .queries import RuleQueries


class Lifetimes(Part):
    """The status lifetimes on one state. ``reader`` is what a ``while``
    condition is evaluated against: a weak reference to the rule queries,
    set once they exist (they need ``lasts`` themselves, through the
    modifiers, and a cycle of references would keep a finished game until
    the garbage collector ran)."""

    __slots__ = ("_while", "_reading", "_rank", "reader")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event],
                 seats: Part | None = None):
        super().__init__(rules, board, state, log, seats)
        # the statuses lasting ``while CONDITION``: empty for the printed
        # cards, so they never test one (``statuses_while``)
        self._while = rules.status_rules.conditional
        # True while a ``while`` condition is being read (``lasts``, D9.4)
        self._reading = False
        # each declared status's place in declaration order (``set_status``)
        self._rank = {name: i for i, name in enumerate(rules.statuses)}
        self.reader: RuleQueries | None = None

    def set_status(self, seat: int, status: str, giver: int = -1) -> None:
        """Give a ship a declared status (R9); given again, it lasts from now.

        Its ``Lifetime`` counts what is left: the uses of a status for N
        uses; two turn ends for a status lasting until the end of a next
        turn given in the turn of the player it counts (its ship's, or the
        card's player ``giver``'s for ``your``), else one; two for one until
        the end of the next turn whoever's it is (this turn's end and the
        next's). A status with a time and uses (or damage to prevent) counts
        both, and ends at whichever comes first. The giver is kept for a
        status over ``your`` turns or a redirect."""
        st = self.state
        ship = st.ships[seat]
        if self._while and status in self._while and not self.lasts(seat, status):
            return  # a status given while its condition fails is not given
        spec = self.rules.statuses[status]
        kept = giver if giver >= 0 and status in self.rules.status_rules.with_giver else None
        life = fresh(spec, 1, kept)
        row = TURN_EDGES.get(spec.duration)
        if spec.duration is Duration.USES:
            life = fresh(spec, spec.uses, kept)
        elif row is not None and row.edges > 1 and (
                row.whose is TurnOf.ANY or st.turn == life.clock(seat)):
            life = fresh(spec, row.edges, kept)
        ship.statuses = with_status(ship.statuses, status, life, self._rank)
        self.event("status", ship=ship.id, status=status)

    def ended(self, ship: ShipState, status: str) -> None:
        """Log the end of a status of ``ship`` (``status_end``), whatever
        ended it: its time, its last use, its ``while`` condition, its ship
        leaving the board."""
        self.event("status_end", ship=ship.id, status=status)

    def keep(self, ship: ShipState, kept: tuple[tuple[str, Lifetime], ...]) -> None:
        """Leave ``ship`` with the statuses ``kept`` (a subset of its own, with
        what is left of each): each status not kept has ended (``ended``)."""
        if len(kept) == len(ship.statuses):
            ship.statuses = kept
            return
        names = {name for name, _ in kept}
        gone = [name for name, _ in ship.statuses if name not in names]
        ship.statuses = kept
        for name in gone:
            self.ended(ship, name)

    def end_all(self, seat: int) -> None:
        """Every status of ship ``seat`` ends: it leaves the board (R9.2)."""
        self.keep(self.state.ships[seat], ())

    def lasts(self, seat: int, status: str) -> bool:
        """Whether ship ``seat``'s status ``status`` may last now: its ``while``
        condition, if any, holds (self and it: the ship; you: its player).

        D9.4: a condition is read as if no status lasting ``while`` acted,
        so while one is read every such status counts as not acting: what
        it reads (sight) never depends on a condition, its own or another's,
        and reading one cannot loop."""
        condition = self.rules.statuses[status].condition
        if condition is None:
            return True
        if self._reading:
            return False
        self._reading = True
        try:
            return condition.holds(self.reader, Scope(seat, it=seat))
        finally:
            self._reading = False

    def statuses_while(self) -> None:
        """End every status lasting ``while CONDITION`` whose condition no
        longer holds (after each effect and move, and at turn starts); each
        ending is logged (``status_end``)."""
        conditional = self._while
        for seat, ship in enumerate(self.state.ships):
            if not ship.statuses:
                continue
            ended = [name for name, _ in ship.statuses
                     if name in conditional and not self.lasts(seat, name)]
            if ended:
                self.keep(ship, tuple(p for p in ship.statuses if p[0] not in ended))

    def at_turn_edge(self, seat: int, edge: Edge) -> None:
        """The ``edge`` of ``seat``'s turn: each status lasting until such an
        edge of a turn it counts (``kinds.TURN_EDGES``, row by row: R9.1
        intercepted at the start of its next turn) loses one, ending at its
        last; each ending is logged (``status_end``)."""
        for whose, names in self.rules.status_rules.ending[edge]:
            self.count_edge(seat, whose, names)

    def count_edge(self, seat: int, whose: TurnOf, names: frozenset[str]) -> None:
        """A turn edge of ``seat``'s player for the statuses ``names``, which
        count the turns ``whose``: those whose turns are ``seat``'s
        (``Lifetime.clock``: the ship's own player's, or the giver's) or any
        turn's lose one turn edge, ending at the last."""
        for other, ship in enumerate(self.state.ships):
            if not ship.statuses or (whose is TurnOf.SHIP and other != seat):
                continue
            changed = False
            kept = []
            for name, life in ship.statuses:
                if name in names and (whose is TurnOf.ANY or life.clock(other) == seat):
                    changed = True
                    if life.left <= 1:
                        continue
                    life = life.spent()
                kept.append((name, life))
            if changed:
                self.keep(ship, tuple(kept))

    def end_turns_of(self, seat: int) -> None:
        """``seat``'s player is out of the game (arena, R8.1): every status
        over its turns ends, since it has no more turns."""
        names = frozenset().union(*(names for edge in Edge for whose, names
                                    in self.rules.status_rules.ending[edge]
                                    if whose is TurnOf.GIVER))
        if not names:
            return
        for other, ship in enumerate(self.state.ships):
            if ship.statuses:
                self.keep(ship, tuple((name, life) for name, life in ship.statuses
                                      if name not in names or life.clock(other) != seat))
