"""How statuses end (R9, D9.4), beside what they change while they last
(model/modifiers.py) and their giving (``StateOps.set_status``).

A ship's statuses are ``(name, Lifetime)`` pairs of its state (model/state.py),
each counting what is left of it. The turn edges (``at_turn_edge``: one row
of ``kinds.TURN_EDGES`` per duration, whoever's turns it counts), a failing
``while`` condition (``statuses_while``, asking ``RuleQueries.lasts``), a
last use (``use``), a card its ship uses (``card_used``, D9.10) and its ship
leaving the board (``end_all``: sunk, R9.2) end them. Every end, whatever ended it, goes through ``keep`` or ``ended``
and is logged as a ``status_end`` event, so the narration tells it and the
lab counts how long a status lasted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.kinds import Edge, TurnOf
from ..model.ruleset import Modifier
from .part import Part

REPAIRS, BREAKDOWNS = Modifier.REPAIRS_TRACK, Modifier.BREAKDOWNS_TRACK

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from ..model.state import GameState, Lifetime, ShipState
    from ..rules.board import Board
    from .queries import RuleQueries
    from .views import LogEntry


class Lifetimes(Part):
    """The ends of statuses on one state; ``queries`` say whether a status's
    ``while`` condition holds."""

    __slots__ = ("_while", "queries", "_tracks", "_innate_tracks")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[LogEntry],
                 queries: RuleQueries):
        super().__init__(rules, board, state, log, queries)
        self.queries = queries
        # the statuses lasting ``while CONDITION``: empty for the printed
        # cards, so they never test one (``statuses_while``)
        self._while = rules.status_rules.conditional
        # the statuses that change a track's size (D9.15; none: never fitted),
        # and whether an ability does (then the tracks are fitted after each effect)
        self._tracks = rules.status_rules.tracks
        self._innate_tracks = any(a in self._tracks for t in rules.ships.values()
                                  for a in t.abilities)

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
        if self._tracks and not self._tracks.isdisjoint(gone):
            self.fit_tracks()

    def settle_tracks(self) -> None:
        """After a whole effect: fit the tracks (``fit_tracks``) if a track
        may have changed, a ship holding a status or an ability that changes
        one (given now, or an aura whose reach a move changed); a status that
        ended fitted them as it ended (``keep``, ``use``)."""
        tracks = self._tracks
        if self._innate_tracks or any(name in tracks for ship in self.state.ships
                                      for name, _ in ship.statuses):
            self.fit_tracks()

    def fit_tracks(self) -> None:
        """Each ship on the board loses at once the repairs and breakdowns
        above its tracks' sizes now (D9.15): a track shrank when a status that
        grew it ended, or one that shrinks it came or reached it. Each loss is
        logged (``track_shrinks``); a track that grew regains nothing."""
        track = self.queries.track
        for seat, ship in enumerate(self.state.ships):
            if ship.position is None:
                continue
            over = ship.repairs - track(seat, REPAIRS)
            if over > 0:
                ship.repairs -= over
                self.event("track_shrinks", ship=ship.id, track="repair", amount=over)
            over = ship.breakdowns - track(seat, BREAKDOWNS)
            if over > 0:
                ship.breakdowns -= over
                self.event("track_shrinks", ship=ship.id, track="breakdown", amount=over)

    def end_all(self, seat: int) -> None:
        """Every status of ship ``seat`` ends: it leaves the board (R9.2)."""
        self.keep(self.state.ships[seat], ())

    def use(self, ship: ShipState, which: tuple[Modifier, ...] | None = None,
            status: str | None = None, card: str | None = None, n: int = 1) -> None:
        """``n`` uses of the ship's statuses counting uses that change, set or
        bound one of ``which`` for ``card`` (or of the one ``status``); the
        last use ends them, whatever time they had left (logged, ``ended``)."""
        specs = self.rules.statuses
        changed = False
        kept = []
        gone = []
        for name, life in ship.statuses:
            spec = specs[name]
            if spec.uses and (name == status if status is not None else
                              not spec.prevents and
                              any(spec.touches(m, card) for m in which or ())):
                changed = True
                used = life.used(n)
                if used is None:
                    gone.append(name)
                    continue
                life = used
            kept.append((name, life))
        if changed:
            ship.statuses = tuple(kept)
            for name in gone:
                self.ended(ship, name)
            if self._tracks and not self._tracks.isdisjoint(gone):
                self.fit_tracks()

    def card_used(self, ship: ShipState, card: str) -> None:
        """``ship`` used ``card`` (declared it, or played it as an order card):
        each of its statuses lasting ``until it uses`` a class of cards that
        holds it ends (D9.10), whatever time it had left; logged (``ended``)."""
        specs = self.rules.statuses
        ending = self.rules.status_rules.ended_by_use
        kept = tuple(p for p in ship.statuses
                     if p[0] not in ending or card not in specs[p[0]].ends_on.members)
        self.keep(ship, kept)

    def statuses_while(self) -> None:
        """End every status lasting ``while CONDITION`` whose condition no
        longer holds (after each effect and move, and at turn starts); each
        ending is logged (``status_end``)."""
        conditional = self._while
        lasts = self.queries.lasts
        for seat, ship in enumerate(self.state.ships):
            if not ship.statuses:
                continue
            ended = [name for name, _ in ship.statuses
                     if name in conditional and not lasts(seat, name)]
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
