"""Turns, sinking and the end of the game: a turn ending and the next
beginning (D6.3), with ``begin_turn`` the one way a turn begins (the next
player's, the first after placement, a scenario's); the initial placement
(R2.8) and a war respawn (D8.4); a ship sinking (R3.2, R8) and what that
gives after the effect (``settle``, D8.6); the end of the game (R8, D8.5,
D8.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.kinds import Edge, Mode, Phase, Side
from ..rules.triggers import TriggerEvent
from .part import Part

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from ..model.state import Event, GameState
    from ..rules.board import Board
    from .lifetimes import Lifetimes
    from .queries import RuleQueries
    from .state_ops import StateOps
    from .trigger_runs import TriggerRuns

OVER, MAIN, RECOVER, PLACE = Phase.OVER, Phase.MAIN, Phase.RECOVER, Phase.PLACE
WAR = Mode.WAR
START, END = Edge.START, Edge.END
SUNK, TURN_STARTS, TURN_ENDS = (TriggerEvent.SUNK, TriggerEvent.TURN_STARTS,
                               TriggerEvent.TURN_ENDS)


def other_side(side: str) -> str:
    """The enemy of ``side``."""
    return Side.RED if side == Side.BLUE else Side.BLUE


class Turns(Part):
    """Turns, sinking and game end on one state. ``_owed`` holds the (sunk
    seat, sinker seat) of each sinking of the effect in progress: what they
    give is paid after it, unless it ended the game (D8.6); ``settle``
    empties it before the effect's move returns. The work of the other
    pieces it needs (triggers, status and token lifetimes, drawing, the
    rule queries) it asks of them: all below it, none refers back."""

    __slots__ = ("_owed", "_watch", "_while", "queries", "ops", "lifetimes", "runs")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event],
                 queries: RuleQueries, ops: StateOps, lifetimes: Lifetimes, runs: TriggerRuns,
                 seats: Part | None = None):
        super().__init__(rules, board, state, log, seats)
        self._owed: list[tuple[int, int]] = []
        self._watch = runs._watch
        self._while = rules.status_rules.conditional
        # the pieces below, whose work a turn edge or a sinking needs
        self.queries = queries
        self.ops = ops
        self.lifetimes = lifetimes
        self.runs = runs

    def sink(self, seat: int, actor: int) -> None:
        """A ship at 0 repairs and 0 breakdowns leaves the board (R3.2, R8).

        The game does not end here: the end is checked after the whole
        effect (``settle``, D8.6), so every ship an effect reaches takes it.
        The cards a sinking gives (the sinker's, catch-up) are owed until
        then, and never paid if the effect ended the game; no side scores
        past the winning point.
        """
        st = self.state
        ship = st.ships[seat]
        sinker = st.ships[actor]
        if self._watch:  # while it is on the board, with its statuses
            self.runs.fire(SUNK, seat, actor)
        self._owed.append((seat, actor))
        ship.sunk = True
        ship.position = None
        self.event("sunk", ship=ship.id, by=sinker.id)
        self.lifetimes.end_all(seat)  # a status ends when its ship leaves the board (R9.2)
        if st.stack and seat not in st.sunk_in_chain:
            st.sunk_in_chain.append(seat)
        if seat == st.turn:
            st.end_turn_pending = True  # D4.9
        if st.mode == WAR:
            enemy = sinker.side != ship.side
            points = self.rules.options.victory_points
            if enemy and st.score[sinker.side] < points:  # D8.3: a friendly sinking scores nothing
                st.score[sinker.side] += 1
                self.event("score", side=sinker.side, points=st.score[sinker.side])
            return
        # arena (R8.1): the ship's player is out; the hand goes to the discards
        ship.eliminated = True
        self.lifetimes.end_turns_of(seat)  # a status over its turns: it has no more
        st.discard.extend(st.hands[seat])
        st.hands[seat] = []
        if st.known:
            st.known[:] = [k for k in st.known if k.owner != seat]

    def settle(self) -> None:
        """After each whole effect (D8.6): end the game if a side has lost,
        else give what its sinkings gave, in the order they happened: the
        sinker's cards in war (R8.3; which ships count: sinker_draws_for,
        §10), the catch-up in arena (R8.2). First the statuses that last
        while a condition holds end if it no longer does."""
        if self._while:
            self.lifetimes.statuses_while()
        if not self._owed:  # only a sinking can end the game
            return
        owed, self._owed = self._owed, []
        self.check_end()
        st = self.state
        if st.phase == OVER:
            return
        options = self.rules.options
        for seat, actor in owed:
            side = st.ships[seat].side
            if st.mode == WAR:
                if side != st.ships[actor].side or options.sinker_draws_for == "any":
                    self.ops.draw(actor, options.sinker_draws)
            else:
                alive = [s for s, sh in enumerate(st.ships) if sh.side == side and not sh.sunk]
                self.catch_up(side, alive)

    def losers(self) -> list[str]:
        """The sides that have lost: no ship left (arena, R8.1) or the enemy at
        the victory points (war, R8.3); both at once is a draw (D8.6)."""
        st = self.state
        if st.mode == WAR:
            points = self.rules.options.victory_points
            return [other_side(side) for side in Side if st.score[side] >= points]
        return [side for side in Side
                if all(sh.sunk for sh in st.ships if sh.side == side)]

    def check_end(self) -> None:
        """D8.6: after each whole effect, end the game if a side has lost; a draw if both."""
        losers = self.losers()
        if not losers:
            return
        if self.state.mode == WAR:
            reason = "points"
        else:
            reason = "both_eliminated" if len(losers) == 2 else "eliminated"
        self.game_over("draw" if len(losers) == 2 else other_side(losers[0]), reason)

    def catch_up(self, side: str, alive: list[int]) -> None:
        """Arena catch-up (R8.2): the first side reduced to N ships draws cards."""
        st = self.state
        team = sum(1 for s in st.ships if s.side == side)
        for index, rule in enumerate(self.rules.options.catchup):
            if index in st.catchup_done or rule.team != team or len(alive) > rule.reduced_to:
                continue
            st.catchup_done.append(index)
            self.event("catchup", side=side, cards=rule.cards)
            for k in range(rule.cards):
                self.ops.draw(alive[k % len(alive)], 1)

    def game_over(self, winner: str, reason: str) -> None:
        """End the game: the stack is dropped, nothing resolves after this (D8.6)."""
        st = self.state
        if st.phase == OVER:  # pragma: no cover - one end only (D8.6)
            return
        st.winner = winner
        st.phase = OVER
        st.stack.clear()
        st.asking.clear()
        st.resolving = False
        st.reopen_at = 0
        st.sunk_in_chain.clear()
        st.end_turn_pending = False
        self.event("game_over", winner=winner, reason=reason)
    # ------------------------------------------------------------------ turns
    def finish_turn(self) -> None:
        """End the turn and start the next player's (D6.3), skipping missed turns."""
        st = self.state
        while True:
            self.event("turn_end", player=st.ships[st.turn].id)
            if self._watch and not st.ships[st.turn].sunk:
                self.runs.fire(TURN_ENDS, st.turn)
                self.runs.flush()
                if st.phase == OVER:
                    return
            self.lifetimes.at_turn_edge(st.turn, END)
            if st.tokens:
                self.runs.tokens_at_turn(st.turn, END)
            st.end_turn_pending = False
            st.turn_number += 1
            if st.turn_number > self.rules.options.turn_limit:
                self.turn_limit_reached()
                return
            seat = st.turn
            for seat in self.queries.seats_after(st.turn):
                if not st.ships[seat].eliminated:
                    break
            if self.begin_turn(seat):
                return

    def begin_turn(self, seat: int) -> bool:
        """Begin ``seat``'s turn: the one way a turn begins (the next player's,
        the first after placement, a scenario's turn not yet begun). False if
        it ends at once (a ship waiting with no free box)."""
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
            self.runs.tokens_at_turn(seat, START)
        if st.fired:
            st.fired.clear()  # once per turn: a new turn
        if self._watch and not ship.sunk:
            self.runs.fire(TURN_STARTS, seat)
            self.runs.flush()
            if st.phase == OVER:
                return True
        if ship.sunk:  # war: the missed turn (R8.4, D8.4)
            if self.queries.free_start_boxes(seat):
                st.phase = PLACE
                return True
            self.event("wait", ship=ship.id)
            return False
        out = self.queries.crew_out(seat)
        if out:
            st.phase = RECOVER
            st.recover_left = min(self.rules.options.recover, out)
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
            self.begin_turn(0)
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
        ship.repairs, ship.breakdowns = spec.repairs, spec.breakdowns
        ship.reserve, ship.withdrawn = spec.crew, 0
        ship.crew_on = [0] * len(spec.maneuvers)
        ship.sunk = False
        ship.statuses = ()
        ship.position = box
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
        self.game_over(Side.BLUE if a > b else Side.RED if b > a else "draw", "turn_limit")

