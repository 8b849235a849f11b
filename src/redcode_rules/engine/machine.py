"""The rules engine: the decision machine and the stack resolver, put
together from the pieces that do the rest.

``Engine`` wraps one ``GameState`` with the ruleset and board it runs on.
It owns the pending decision (``pending``) and carries out a player's move
(``perform``): paying crew, declaring a card, responding, passing,
recovering, discarding, answering a choice an effect owes, placing, ending
the turn. It resolves the stack (R5), and moves the game from decision to
decision: after every move ``advance`` runs everything that needs no
choice (items nobody can answer, single-option choices, turn changes) and
stops where a player must decide. Nothing outside this module moves a stack
item's resolver position (``next_effect``, ``pending``, ``owed_about``,
``owed_after``).

The rest is done by pieces it is composed of (engine/part.py), each with
one job, and offered on the engine by name (``OFFERED``) so that effects
(its ``Ops``), the move generator and explain call one object:

- ``RuleQueries`` (engine/queries.py): the read-only rule queries;
- ``StateOps`` (engine/state_ops.py): the state operations effects call;
- ``Lifetimes`` (engine/lifetimes.py): status lifetimes;
- ``TriggerRuns`` (engine/trigger_runs.py): triggers and tokens;
- ``Turns`` (engine/turns.py): turns, sinking, placement and the end of the game.

A piece's method is bound once, as the engine is put together, so a call
through the engine costs what a method call does. Nothing here knows any
card by name.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Protocol

from ..base.kinds import CardKind, Decision, MoveKind, Phase
from ..model.modifiers import ON_MANEUVER, ON_RANGED, Modifiers
from ..model.state import Spent, StackItem
from ..rules.effects import Owed
from ..rules.exprs import prepared
from ..rules.triggers import TriggerEvent
from .lifetimes import Lifetimes
from .part import Part
from .queries import RuleQueries
from .state_ops import StateOps, damaged
from .trigger_runs import Triggered, TriggerRuns
from .turns import Turns, other_side

if TYPE_CHECKING:
    from ..model.ruleset import CardDef, Ruleset
    from ..model.state import Event, GameState
    from ..rules.board import Board
    from ..rules.effects import Effect

__all__ = ["Engine", "Triggered", "damaged", "other_side"]

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
TARGETED = TriggerEvent.TARGETED


class Play(Protocol):
    """What the engine reads of a move it carries out (moves.Move: the move
    generator, above the engine, makes them)."""

    @property
    def kind(self) -> MoveKind: ...
    @property
    def card(self) -> str | None: ...
    @property
    def target(self) -> int | None: ...
    @property
    def area(self) -> int | None: ...
    @property
    def path(self) -> tuple[int, ...]: ...
    @property
    def box(self) -> int | None: ...
    @property
    def source(self) -> str | None: ...


#: What the engine offers of each piece, by name → the piece: effects (its
#: ``Ops``), the move generator, explain and the tests call one object.
#: Those every decision or effect asks (``BOUND``) are bound in the engine's
#: slots as it is made, so a call costs what a method call does; the others
#: are read through their piece at each use (``Offered``). (No
#: ``__getattr__``: it would keep Python from specialising every attribute
#: read on the engine.)
OFFERED: dict[str, str] = {name: piece for piece, names in {
    # the read-only rule queries (engine/queries.py)
    "queries": ("occupant", "crew_out", "recover_options", "seats_after", "hand_over_limit",
        "card_of", "usable", "may_use", "allowed_targets", "spent", "playable_orders",
        "order_targets", "cost", "reach", "targetable", "sight", "visible_targets",
        "maneuver_targets", "path_start", "can_respond", "can_respond_with_order",
        "subject", "free_start_boxes"),
    # the state operations, effects' ``Ops`` (engine/state_ops.py)
    "ops": ("select", "damage", "taken", "regain", "crew_loss", "recover_one", "move", "swap",
        "path_open", "draw", "cancel", "hand", "random_card", "resolving_item", "forget",
        "learn", "look", "known_hand", "to_discards", "discard_card", "take_card",
        "put_on_deck", "side_of", "score_points", "sink_outright", "refloat_options",
        "refloat", "jump"),
    # status lifetimes (engine/lifetimes.py)
    "lifetimes": ("set_status", "lasts", "statuses_while", "at_turn_edge", "end_turns_of"),
    # triggers and tokens (engine/trigger_runs.py)
    "runs": ("fire", "queue", "flush", "trigger_limit", "token_boxes", "token_keys",
        "place_token", "tokens_at_turn", "remove_tokens"),
    # turns, sinking, placement, game end (engine/turns.py)
    "turns": ("sink", "settle", "losers", "check_end", "catch_up", "game_over",
        "finish_turn", "begin_turn", "next_placement", "place", "respawn",
        "turn_limit_reached"),
}.items() for name in names}

#: The offered methods bound as the engine is made (``Engine.__init__``).
BOUND = ("hand_over_limit", "card_of", "usable", "sight", "path_start", "maneuver_targets",
         "can_respond", "playable_orders", "order_targets", "subject", "seats_after",
         "select", "damage", "move", "settle")


class Offered:
    """A piece's method offered on the engine, read through the piece."""

    __slots__ = ("piece", "name")

    def __init__(self, piece: str, name: str):
        self.piece = piece
        self.name = name

    def __get__(self, eng: Engine | None, owner: type | None = None) -> Any:
        if eng is None:
            return self
        return getattr(getattr(eng, self.piece), self.name)


class Engine(Part):
    """The rules acting on one state. Cheap to create; holds no game data of
    its own (the pieces' caches and the effect in progress's sinkings and
    triggered items are emptied before a move returns)."""

    __slots__ = ("mods", "queries", "ops", "lifetimes", "runs", "turns", "_queue", "_watch",
                 "_while", *BOUND)

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event]):
        super().__init__(rules, board, state, log)
        self.lifetimes = lifetimes = Lifetimes(rules, board, state, log, self)
        # the modifier queries, only if a status modifies something (model/modifiers.py)
        self.mods = Modifiers(rules, self._types, lifetimes.lasts, lifetimes.ended) \
            if rules.status_rules.modifying else None
        self.queries = queries = RuleQueries(rules, board, state, log, self.mods, self)
        lifetimes.reader = weakref.proxy(queries)
        queries.lasts = lifetimes.lasts
        self.ops = ops = StateOps(rules, board, state, log, queries, self)
        self.runs = runs = TriggerRuns(rules, board, state, log, lifetimes.lasts,
                                       queries.card_of, self)
        self.turns = Turns(rules, board, state, log, queries, ops, lifetimes, runs, self)
        # what each piece needs of the others, bound once; what a piece needs
        # of one above it, through a weak reference to the engine (no cycle of
        # references: a game is freed as soon as it is dropped)
        above = weakref.proxy(self)
        runs.resolver = above
        runs.select = ops.select
        ops.above = above
        # what every decision or effect asks, bound now (the rest on first use)
        self.hand_over_limit, self.card_of = queries.hand_over_limit, queries.card_of
        self.usable, self.sight, self.path_start = queries.usable, queries.sight, \
            queries.path_start
        self.maneuver_targets, self.can_respond = queries.maneuver_targets, queries.can_respond
        self.playable_orders, self.order_targets = queries.playable_orders, \
            queries.order_targets
        self.subject, self.seats_after = queries.subject, queries.seats_after
        self.select, self.damage, self.move = ops.select, ops.damage, ops.move
        self.settle = self.turns.settle
        # the triggered items of the effect in progress (the list is runs')
        self._queue = runs.waiting
        self._watch = runs._watch
        # the statuses lasting ``while CONDITION`` (none for the printed cards)
        self._while = rules.status_rules.conditional

    def repoint(self, state: GameState, log: list[Event]) -> None:
        """Act on another state and log of the same game (undo), every piece too."""
        for part in (self, self.queries, self.ops, self.lifetimes, self.runs, self.turns):
            Part.repoint(part, state, log)

    # ------------------------------------------------------------------ the decision
    def pending(self) -> tuple[Decision, int] | None:
        """(kind of decision, seat) the game waits for, or None when over."""
        st = self.state
        if st.phase == OVER:
            return None
        seat = self.hand_over_limit()
        if seat >= 0:
            return (DISCARD_NOW, seat)
        if st.stack:
            if st.resolving:  # an owed choice: its effect says whose
                item = st.stack[-1]
                effects = self.card_of(item).effects
                seat = effects[item.next_effect].chooser(item) if item.next_effect < len(effects) else item.seat
                return (CHOOSE_NOW, seat)
            return (RESPOND_NOW, st.asking[0])
        return (DECISION_OF_PHASE[st.phase], st.turn)

    def owed_choice(self) -> tuple[Effect, int]:
        """While a ``choose`` decision is pending: the effect that owes the
        choice and the ship it is about (D6.4)."""
        item = self.state.stack[-1]
        return self.card_of(item).effects[item.next_effect], item.owed_about

    def choice_options(self) -> list[str]:
        """The answers the owed choice may take now (``owed_choice``)."""
        effect, seat = self.owed_choice()
        return effect.options(self, seat)


    # ------------------------------------------------------------------ the stack
    def push(self, item: StackItem, card: CardDef) -> None:
        """Declare an item: open a response window if it can be answered (R5.1, D5.4)."""
        st = self.state
        st.stack.append(item)
        if card.respondable:
            self.open_window(item)
        else:
            # R5.1: it resolves at once — only it: a response that cannot be
            # answered leaves the window of the item below open (see advance)
            st.asking = []
            st.resolving = True
            st.reopen_at = len(st.stack) - 1

    def open_window(self, item: StackItem) -> None:
        """A round of D5.4 for ``item``: every other player, from the next seat on."""
        st = self.state
        st.asking = [s for s in self.seats_after(item.seat) if not st.ships[s].eliminated]
        st.resolving = False
        st.reopen_at = 0

    def resolve_item(self, item: StackItem) -> bool:
        """Apply an item's effects from where it stopped; False if a choice is owed.

        ``item.next_effect`` is the next effect; ``item.pending`` the answers its
        effect still owes about ship ``item.owed_about``, then those about the
        ships of ``item.owed_after`` (an ``Owed``)."""
        st = self.state
        card = self.card_of(item)
        player = st.ships[item.seat].id
        if item.next_effect == 0 and item.pending == 0:
            if item.cancelled:
                self.event("cancelled", player=player, card=item.card)
                return True
            if self.wasted(item):
                self.event("wasted", player=player, card=item.card)
                return True
            self.event("resolve", player=player, card=item.card)
        effects = card.effects
        while item.next_effect < len(effects):
            effect = effects[item.next_effect]
            if not item.pending:
                owed = self.resolve_effect(effect, item)
                if self._queue:  # what it triggered resolves at once (rules/triggers.py)
                    self.runs.flush()
                if st.phase == OVER:
                    return True
                if not self.owe(item, owed):
                    item.next_effect += 1
                    continue
            if not self.answer_alone(effect, item):
                return False
            item.next_effect += 1
        return True

    def resolve_effect(self, effect: Effect, item: StackItem | Triggered) -> Owed | None:
        """The one way an effect resolves, whoever holds it (a card on the
        stack, a trigger of a status, ship type or token): its ``if`` is
        tested and its computed amounts counted now (exprs.prepared), then it
        acts through the selectors, then the game is settled (D8.6). What it
        owes (an ``Owed``) or None: done, or skipped by its condition."""
        if effect.computed is not None:  # a condition, computed amounts (exprs)
            ready = prepared(effect, self.queries, item)
            if ready is None:
                return None
            effect = ready
        owed = effect.apply(self, item)  # type: ignore[arg-type]
        self.settle()  # D8.6: after each whole effect
        return owed if type(owed) is Owed else None

    def answer_alone(self, effect: Effect, item: StackItem) -> bool:
        """Give the answers an effect owes while no choice is left to make: one
        option, or any order the same (the effect says). False while the
        player must choose (a ``choose`` decision)."""
        while True:
            seat = item.owed_about
            while item.pending > 0:
                options = effect.options(self, seat)
                if not options:
                    item.pending = 0
                elif len(options) == 1 or effect.any_order(self, seat, item.pending):
                    effect.take(self, seat, options[0])
                    item.pending -= 1
                else:
                    return False
            if not self.owe(item, Owed.in_turn(item.owed_after)):
                return True

    @staticmethod
    def owe(item: StackItem, owed: Owed | None) -> bool:
        """``item`` owes ``owed``: the answers about its first ship now, the
        others' after (``owed_after``); False if nothing is owed."""
        if owed is None:
            return False
        item.owed_about, item.pending, after = owed
        item.owed_after = list(after)
        return True

    def answer(self, option: str) -> None:
        """The player's answer to the choice the top item's effect owes; once
        the last is given, the resolver goes on with the next effect."""
        item = self.state.stack[-1]
        effect = self.card_of(item).effects[item.next_effect]
        effect.take(self, item.owed_about, option)
        item.pending -= 1
        if item.pending == 0 and not self.owe(item, Owed.in_turn(item.owed_after)):
            item.next_effect += 1

    def wasted(self, item: StackItem) -> bool:
        """R5.5 and §10: what a ship sunk mid-chain wastes (rule option sunk_mid_chain)."""
        st = self.state
        subject = self.subject(item)
        if subject is not None and st.ships[subject].sunk:
            return True
        if not st.sunk_in_chain:
            return False
        mode = self.rules.options.sunk_mid_chain
        if mode == "all":
            return True
        if mode == "source":
            return item.seat in st.sunk_in_chain
        return subject in st.sunk_in_chain

    # ------------------------------------------------------------------ moves
    def perform(self, move: Play, seat: int) -> None:
        """Carry out a legal move of ``seat`` (listed by moves.MoveGen), then run
        the game on to the next decision."""
        st = self.state
        ship = st.ships[seat]
        kind = move.kind
        self.runs.triggered = 0  # the trigger limit bounds each move
        if kind == USE or kind == RESPOND:  # the commonest first
            card = self.rules.maneuvers[move.card]
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
                             answers)
            if card.once:
                st.spent.append(Spent(seat, card.id))
            self.event(word, player=ship.id, card=move.card, **self.describe(move))
            self.push(item, card)
            if self._watch and move.target is not None:
                self.runs.fire(TARGETED, move.target, seat, card=move.card)
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
            self.ops.to_discards(seat, move.card)  # R7.3
            if st.stack:  # a response (``response`` card): not one of the turn's orders
                answers = len(st.stack) - 1
            else:
                answers = None
                st.orders_played += 1
            if card.once:
                st.spent.append(Spent(seat, card.id))
            item = StackItem(move.card, ORDER, seat, move.target, move.area, move.path,
                             answers)
            self.event("order", player=ship.id, card=move.card, **self.describe(move))
            self.push(item, card)
            if self._watch and move.target is not None:
                self.runs.fire(TARGETED, move.target, seat, card=move.card)
        elif kind == DISCARD_MOVE:
            self.ops.discard_card(seat, move.card)
        elif kind == CHOOSE_MOVE:
            self.answer(move.source)
        elif kind == PLACE_MOVE:
            if ship.sunk:
                self.turns.respawn(seat, move.box)  # war (D8.4)
            else:
                self.turns.place(seat, move.box)  # before the first turn (R2.8)
        else:  # pragma: no cover - the generator makes no other kind
            raise AssertionError(kind)
        if self._while:  # a move (its crew, a card played) may end a ``while`` status
            self.lifetimes.statuses_while()
        self.advance()

    def used(self, seat: int, card: CardDef) -> int:
        """A maneuver the ship declares: what it costs now, and a use of the
        statuses that change its cost, or its range or sight if it has one."""
        cost = self.queries.cost(seat, card)
        ship = self.state.ships[seat]
        if self.mods is not None and ship.statuses:
            self.mods.use(ship, ON_MANEUVER + ON_RANGED if card.range is not None
                          else ON_MANEUVER, card=card.id)
        return cost

    def describe(self, move: Play) -> dict[str, object]:
        """What a declaration's log event says of its target, area and path."""
        data: dict[str, object] = {}
        if move.target is not None:
            data["target"] = self.state.ships[move.target].id
        if move.area is not None:  # an area's top-left box, or a box target (D4.11)
            boxed = self.rules.card(move.card).target.boxes is not None
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
                self.runs.flush()
            if st.phase == OVER or self.hand_over_limit() >= 0:
                return
            if st.stack:
                if not st.resolving:
                    while st.asking and not self.can_respond(st.asking[0]):
                        st.asking.pop(0)
                    if st.asking:
                        return
                    # D5.4: everyone passed; the whole chain resolves, no new windows
                    st.resolving = True
                    st.reopen_at = 0
                item = st.stack[-1]
                if not self.resolve_item(item):
                    return
                if st.phase == OVER:
                    return
                st.stack.pop()
                if not st.stack:
                    st.resolving = False
                    st.sunk_in_chain.clear()
                    st.reopen_at = 0
                elif len(st.stack) <= st.reopen_at:
                    self.open_window(st.stack[-1])  # the window below goes on
                continue
            if st.end_turn_pending:
                self.turns.finish_turn()
                continue
            if st.phase == RECOVER:
                if st.recover_left > 0 and self.queries.crew_out(st.turn) > 0:
                    return
                st.phase = MAIN
            return


for _name, _piece in OFFERED.items():
    if _name not in BOUND:
        setattr(Engine, _name, Offered(_piece, _name))
