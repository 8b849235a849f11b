"""The rules engine: the decision machine, put together from the pieces that
do the rest (engine/part.py lists them, bottom to top).

``Engine`` wraps one ``GameState`` with the ruleset and board it runs on.
It says the pending decision (``pending``) and carries out a player's move
(``perform``): paying crew, declaring a card, responding, passing,
recovering, discarding, answering a choice an effect owes, placing, ending
the turn; after every move ``advance`` runs everything that needs no choice
(items nobody can answer, single-option choices, turn changes) and stops
where a player must decide. Every call goes down, to a piece it names:
``resolver`` (the stack, R5), ``turns``, ``ops`` (the state operations),
``lifetimes``, ``triggers``, ``queries``. Nothing here knows any card by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.kinds import CardKind, Decision, MoveKind, Phase
from ..model.modifiers import ON_MANEUVER, ON_RANGED
from ..model.state import Spent, StackItem
from ..rules.triggers import TriggerEvent
from .lifetimes import Lifetimes
from .part import Part
from .queries import RuleQueries
from .resolver import Resolver
from .state_ops import StateOps
from .trigger_queue import TriggerQueue
from .turns import Turns

if TYPE_CHECKING:
    from ..model.ruleset import CardDef, Ruleset
    from ..model.state import GameState
    from ..rules.board import Board
    from .notation import Move
    from .views import LogEntry

# the members the hot paths compare with, read as globals (see base/kinds.py)
OVER, MAIN, RECOVER, PLACE = Phase.OVER, Phase.MAIN, Phase.RECOVER, Phase.PLACE
USE, RESPOND, ORDER, PASS, END = (MoveKind.USE, MoveKind.RESPOND, MoveKind.ORDER,
                                  MoveKind.PASS, MoveKind.END)
RECOVER_MOVE, DISCARD_MOVE, CHOOSE_MOVE, PLACE_MOVE = (MoveKind.RECOVER, MoveKind.DISCARD,
                                                       MoveKind.CHOOSE, MoveKind.PLACE)
MANEUVER = CardKind.MANEUVER
DISCARD_NOW, CHOOSE_NOW, RESPOND_NOW = Decision.DISCARD, Decision.CHOOSE, Decision.RESPOND
#: the decision of a phase with nothing on the stack (a dict of plain str
#: keys: looked up, not built, on every move)
DECISION_OF_PHASE = {str(p): Decision(str(p)) for p in (PLACE, RECOVER, MAIN)}
TARGETED, PLAYS = TriggerEvent.TARGETED, TriggerEvent.PLAYS


class Engine(Part):
    """The rules acting on one state. Cheap to create; holds no game data of
    its own (the pieces' caches and the effect in progress's sinkings and
    triggered items are emptied before a move returns, or by ``drop_move``
    when it stops inside). Its pieces hold only the pieces below them, so a
    game is freed as soon as it is dropped."""

    __slots__ = ("queries", "lifetimes", "triggers", "ops", "resolver", "turns", "mods",
                 "_queue", "_watch", "_while", "_by_use")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[LogEntry]):
        super().__init__(rules, board, state, log)
        self.queries = queries = RuleQueries(rules, board, state, log, self)
        self.lifetimes = lifetimes = Lifetimes(rules, board, state, log, queries)
        self.triggers = triggers = TriggerQueue(rules, board, state, log, queries)
        self.ops = ops = StateOps(queries, lifetimes, triggers)
        self.resolver = resolver = Resolver(queries, ops, triggers)
        self.turns = Turns(resolver)
        self.mods = queries.mods
        # the triggered items of the effect in progress (the list is the queue's)
        self._queue = triggers.waiting
        self._watch = triggers.watching
        # the statuses lasting ``while CONDITION`` (none for the printed cards)
        self._while = rules.status_rules.conditional
        # the statuses a card their ship uses ends (none for the printed cards)
        self._by_use = rules.status_rules.ended_by_use
        if self.sea.terrain and state.tokens:  # a loaded state's terrain tokens (D2.14)
            self.sea.follow(state.tokens)

    def repoint(self, state: GameState, log: list[LogEntry]) -> None:
        """Act on another state and log of the same game (undo), every piece too."""
        Part.repoint(self, state, log)
        for part in (self.queries, self.lifetimes, self.triggers, self.ops, self.resolver,
                     self.turns):
            part.repoint(state, log)
        if self.sea.terrain:  # that state's terrain tokens (D2.14)
            self.sea.follow(state.tokens)

    def drop_move(self) -> None:
        """Forget a move stopped inside it: by an error (the game goes back
        to the state before it) or by explicit chance (a random event with no
        outcome yet, ``ChanceNeeded``: once one is given, the move runs again
        from its start on the state before it, ``repoint``). What the pieces
        hold only while a move runs, the sinkings and triggered items of its
        effect in progress, goes: the next run finds the engine as if made
        anew."""
        self.ops.drop_move()
        self.triggers.drop_move()

    def board_now(self) -> Board:
        """The board of the moment (D2.14): the printed board with every
        terrain token lying on it applied, as every rule reads it now."""
        return self.board

    # ------------------------------------------------------------------ the decision
    def pending(self) -> tuple[Decision, int] | None:
        """(kind of decision, seat) the game waits for, or None when over."""
        st = self.state
        if st.phase == OVER:
            return None
        seat = self.queries.hand_over_limit()
        if seat >= 0:
            return (DISCARD_NOW, seat)
        if st.stack:
            if st.resolving:  # an owed choice: its effect says whose
                item = st.stack[-1]
                effects = self.queries.card_of(item).effects
                seat = effects[item.next_effect].chooser(item) if item.next_effect < len(effects) else item.seat
                return (CHOOSE_NOW, seat)
            return (RESPOND_NOW, st.asking[0])
        return (DECISION_OF_PHASE[st.phase], st.turn)

    # ------------------------------------------------------------------ moves
    def perform(self, move: Move, seat: int) -> None:
        """Carry out a legal move of ``seat`` (listed by moves.MoveGen), then run
        the game on to the next decision."""
        st = self.state
        ship = st.ships[seat]
        kind = move.kind
        self.triggers.triggered = 0  # the trigger limit bounds each move
        if kind == USE or kind == RESPOND:  # the commonest first
            card = self.rules.maneuvers[move.card]
            if move.mode is not None or move.chosen is not None:  # D4.15, D4.19
                card = card.played(move.mode, move.chosen)
            index = self._types[seat].maneuvers.index(move.card)
            cost = card.cost if self.mods is None and card.computed_cost is None \
                else self.used(seat, card)
            ship.reserve -= cost  # R4.1: crew on the maneuver
            ship.crew_on[index] += cost
            if kind == RESPOND:
                answers, word = len(st.stack) - 1, "respond"
            else:
                answers, word = None, "use"
            item = StackItem(move.card, MANEUVER, seat, move.target, move.area, move.path,
                             answers, targets=list(move.targets), mode=move.mode,
                             chosen=move.chosen)
            if card.once:
                st.spent.append(Spent(seat, card.id))
            self.event(word, player=ship.id, card=move.card, **self.describe(move))
            self.resolver.push(item, card)
            if self._watch:
                self.played(move, seat)
        elif kind == RECOVER_MOVE:
            self.ops.recover_one(seat, move.source)
            st.recover_left -= 1
        elif kind == END:
            self.turns.finish_turn()
        elif kind == PASS:
            st.asking.pop(0)
            self.event("pass", player=ship.id)
        elif kind == ORDER:
            card = self.rules.orders[move.card]
            if move.mode is not None or move.chosen is not None:  # D4.15, D4.19
                card = card.played(move.mode, move.chosen)
            self.ops.to_discards(seat, move.card)  # R7.3
            if st.stack:  # a response (``response`` card): not one of the turn's orders
                answers = len(st.stack) - 1
            else:
                answers = None
                st.orders_played += 1
            if card.once:
                st.spent.append(Spent(seat, card.id))
            item = StackItem(move.card, ORDER, seat, move.target, move.area, move.path,
                             answers, targets=list(move.targets), mode=move.mode,
                             chosen=move.chosen)
            self.event("order", player=ship.id, card=move.card, **self.describe(move))
            self.resolver.push(item, card)
            if self._watch:
                self.played(move, seat)
        elif kind == DISCARD_MOVE:
            self.ops.discard_card(seat, move.card)
        elif kind == CHOOSE_MOVE:
            self.resolver.answer(move.source)
        elif kind == PLACE_MOVE:
            if ship.sunk:
                self.turns.respawn(seat, move.box)  # war (D8.4)
            else:
                self.turns.place(seat, move.box)  # before the first turn (R2.8)
        else:  # pragma: no cover - the generator makes no other kind
            raise AssertionError(kind)
        if self._by_use and ship.statuses and (kind == USE or kind == RESPOND or kind == ORDER):
            self.lifetimes.card_used(ship, move.card)  # D9.10
        if self._while:  # a move (its crew, a card played) may end a ``while`` status
            self.lifetimes.statuses_while()
        self.advance()

    def played(self, move: Move, seat: int) -> None:
        """``plays`` fired for the ship that played the card (D9.18), then
        ``targeted`` for each ship the move targets, in seat order (every
        ship of a counted target, D4.13); their item is the one just
        declared, on top of the stack (what ``cancel answered`` cancels, D9.12)."""
        item = len(self.state.stack) - 1
        fire = self.triggers.fire
        fire(PLAYS, seat, seat, card=move.card, item=item)
        if move.target is not None:
            for target in move.targets or (move.target,):
                fire(TARGETED, target, seat, card=move.card, item=item)

    def used(self, seat: int, card: CardDef) -> int:
        """A maneuver the ship declares: what it costs now, and a use of the
        statuses that change its cost, or its range or sight if it has one."""
        cost = self.queries.cost(seat, card)
        ship = self.state.ships[seat]
        if self.mods is not None and ship.statuses:
            self.lifetimes.use(ship, ON_MANEUVER + ON_RANGED if card.range is not None
                               else ON_MANEUVER, card=card.id)
        return cost

    def describe(self, move: Move) -> dict[str, object]:
        """What a declaration's log event says of its target, area and path."""
        data: dict[str, object] = {}
        if move.mode is not None:  # the mode chosen with the card (D4.15)
            data["card_mode"] = move.mode
        if move.chosen is not None:  # the amount chosen with the card (D4.19)
            data["chosen"] = move.chosen
        if move.target is not None:
            data["target"] = self.state.ships[move.target].id
        if move.targets:  # a counted target's ships (D4.13)
            data["targets"] = [self.state.ships[t].id for t in move.targets]
        if move.area is not None:  # an area's top-left box, or a box target (D4.11)
            boxed = self.rules.card(move.card).played(move.mode, move.chosen).target.boxes \
                is not None
            data["box" if boxed else "area"] = self.board.name(move.area)
        if move.path:
            data["path"] = [self.board.name(b) for b in move.path]
        return data

    # ------------------------------------------------------------------ turn flow
    def advance(self) -> None:
        """Run the game on until a player must decide."""
        st = self.state
        while True:
            if self._queue:  # triggered items resolve at once (rules/triggers.py)
                self.resolver.flush()
            if st.phase == OVER or self.queries.hand_over_limit() >= 0:
                return
            if st.stack:
                if not st.resolving:
                    while st.asking and not self.queries.can_respond(st.asking[0]):
                        st.asking.pop(0)
                    if st.asking:
                        return
                    # D5.4: everyone passed; the whole chain resolves, no new windows
                    st.resolving = True
                    st.reopen_at = 0
                item = st.stack[-1]
                if not self.resolver.resolve_item(item):
                    if st.stack[-1] is not item:  # triggered items that ask, on top (D4.16)
                        continue
                    return
                if st.phase == OVER:
                    return
                st.stack.pop()
                if not st.stack:
                    st.resolving = False
                    st.sunk_in_chain.clear()
                    st.reopen_at = 0
                elif len(st.stack) <= st.reopen_at:
                    self.resolver.open_window(st.stack[-1])  # the window below goes on
                continue
            if st.end_turn_pending:
                self.turns.finish_turn()
                continue
            if st.phase == RECOVER:
                if st.recover_left > 0 and self.queries.crew_out(st.turn) > 0:
                    return
                st.phase = MAIN
            return
