"""Turns: a turn ending and the next beginning (D6.3), with ``begin_turn``
the one way a turn begins (the next player's, the first after placement, a
scenario's); the initial placement (R2.8) and a war respawn (D8.4); the end
of the game at the turn limit (D8.5).

A turn's start and end set off triggers, which resolve there and then
(``Resolver.flush``), and end what lasts until them (statuses,
``Lifetimes.at_turn_edge``; tokens, ``StateOps.tokens_at_turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.kinds import Edge, Mode, Phase, Side
from ..model.modifiers import players_kept
from ..rules.triggers import TriggerEvent
from .part import Part

if TYPE_CHECKING:
    from .resolver import Resolver

OVER, MAIN, RECOVER, PLACE = Phase.OVER, Phase.MAIN, Phase.RECOVER, Phase.PLACE
START, END = Edge.START, Edge.END
WAR = Mode.WAR
TURN_STARTS, TURN_ENDS = TriggerEvent.TURN_STARTS, TriggerEvent.TURN_ENDS


class Turns(Part):
    """Turns, placement and respawn on one state, on the pieces below: the
    resolver (what a turn edge triggers resolves at once) and, through it,
    the state operations, lifetimes, trigger queue and rule queries."""

    __slots__ = ("_watch", "_while", "queries", "ops", "lifetimes", "triggers", "resolver")

    def __init__(self, resolver: Resolver):
        super().__init__(resolver.rules, resolver.board, resolver.state, resolver.log, resolver)
        self.resolver = resolver
        self.ops = ops = resolver.ops
        self.queries = ops.queries
        self.lifetimes = ops.lifetimes
        self.triggers = ops.triggers
        self._watch = ops.triggers.watching
        self._while = self.rules.status_rules.conditional

    def finish_turn(self) -> None:
        """End the turn and start the next player's (D6.3), skipping missed turns."""
        st = self.state
        while True:
            self.event("turn_end", player=st.ships[st.turn].id)
            if self._watch and not st.ships[st.turn].sunk:
                self.triggers.fire(TURN_ENDS, st.turn)
                self.resolver.flush()
                if st.phase == OVER:
                    return
            self.lifetimes.at_turn_edge(st.turn, END)
            if st.tokens:
                self.ops.tokens_at_turn(st.turn, END)
            st.end_turn_pending = False
            st.turn_number += 1
            if st.turn_number > self.rules.options.turn_limit:
                self.turn_limit_reached()
                return
            if self.begin_turn(self.next_seat()):
                return

    def next_seat(self) -> int:
        """Whose turn is next: the first extra turn given of a player still in
        the game, else the seat order (D6.3) after the last turn in it (D6.5)."""
        st = self.state
        while st.extra_turns:
            seat = st.extra_turns.pop(0)
            if not st.ships[seat].eliminated:
                if st.resume_after is None:
                    st.resume_after = st.turn
                return seat
        after = st.turn if st.resume_after is None else st.resume_after
        st.resume_after = None
        seat = after
        for seat in self.queries.seats_after(after):
            if not st.ships[seat].eliminated:
                break
        return seat

    def begin_turn(self, seat: int) -> bool:
        """Begin ``seat``'s turn: the one way a turn begins (the next player's,
        the first after placement, a scenario's turn not yet begun). False if
        it ends at once (a ship waiting with no free box, a turn skipped)."""
        st = self.state
        ship = st.ships[seat]
        st.turn = seat
        st.orders_played = 0
        st.recover_left = 0
        # logged first: what ends at the turn's start is told in the turn
        self.event("turn_start", player=ship.id)
        # R9.1: statuses lasting until the start of its player's next turn end
        self.lifetimes.at_turn_edge(seat, START)
        if self._while:
            self.lifetimes.statuses_while()
        if st.tokens:
            self.ops.tokens_at_turn(seat, START)
        if st.fired:
            st.fired.clear()  # once per turn: a new turn
        if self._watch and not ship.sunk:
            self.triggers.fire(TURN_STARTS, seat)
            self.resolver.flush()
            if st.phase == OVER:
                return True
        if ship.skips:  # a turn skipped: begun, then ended at once (D6.5)
            ship.skips -= 1
            self.event("skipped", player=ship.id)
            return False
        if ship.sunk:  # war: the missed turn (R8.4, D8.4)
            if self.queries.free_start_boxes(seat):
                st.phase = PLACE
                return True
            self.event("wait", ship=ship.id)
            return False
        out = self.queries.crew_out(seat)
        if out:
            st.phase = RECOVER
            st.recover_left = min(self.queries.recover(seat), out)
        else:
            st.phase = MAIN
        return True
    # ------------------------------------------------------------------ initial placement and respawn
    def next_placement(self) -> None:
        """R2.8: the next ship in seat order is placed; after the last one the
        first turn begins, the first seat's (D6.3)."""
        st = self.state
        seat = st.unplaced()
        if seat < 0:
            if not self.begin_turn(0):
                self.finish_turn()
            return
        st.turn = seat
        st.phase = PLACE

    def place(self, seat: int, box: int) -> None:
        """R2.8: a player's initial placement on a free box of the start card."""
        ship = self.state.ships[seat]
        ship.position = box
        self.event("place", ship=ship.id, box=self.board.name(box))
        self.next_placement()

    def respawn(self, seat: int, box: int) -> None:
        """D8.4: fully restored on a free box of its start card; the turn ends."""
        ship = self.state.ships[seat]
        spec = self._types[seat]
        ship.statuses = players_kept(ship.statuses, self.rules.status_rules.players)
        ship.position = box
        self.ops.fill_tracks(seat)  # full to its sizes now (D9.15)
        ship.reserve, ship.withdrawn = spec.crew, 0
        ship.crew_on = [0] * len(spec.maneuvers)
        ship.sunk = False
        self.event("respawn", ship=ship.id, box=self.board.name(box))
        self.finish_turn()

    def turn_limit_reached(self) -> None:
        """D8.5: more points (war) or more ships (arena) wins, else a draw."""
        st = self.state
        if st.mode == WAR:
            a, b = st.score[Side.BLUE], st.score[Side.RED]
        else:
            a = sum(1 for s in st.ships if s.side == Side.BLUE and not s.sunk)
            b = sum(1 for s in st.ships if s.side == Side.RED and not s.sunk)
        self.ops.game_over(Side.BLUE if a > b else Side.RED if b > a else "draw", "turn_limit")

