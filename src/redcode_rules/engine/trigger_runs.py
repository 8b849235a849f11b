"""Triggers and tokens at play: a trigger's event happening (``fire``), the
triggered items it queues and their resolution (``flush``), the bound on
them in one move (``MAX_TRIGGERED``, rule E5.3), and the board tokens that
hold triggers (placed, removed, and ended at turn edges as statuses are).

What a trigger or a token is, as card data, is triggers.py's; a triggered
item's effects resolve as a card's do (``Engine.resolve_effect``), handed
to this piece when the engine is put together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from ..base.kinds import TURN_EDGES, Edge, Phase, TurnOf
from ..model.state import TokenState
from ..rules.effects import Selector
from ..rules.triggers import MAX_TRIGGERED, TriggerDef, TriggerEvent, sees
from .part import Part

if TYPE_CHECKING:
    from ..model.ruleset import CardDef, Ruleset
    from ..model.state import Event, GameState, StackItem
    from ..rules.board import Board
    from ..rules.effects import Effect, Owed

OVER = Phase.OVER
ENTERS = TriggerEvent.ENTERS


class Triggered:
    """A triggered item (rules/triggers.py): a trigger whose event happened, with
    what its effects act on. Like an item nobody may answer (R5.1) it
    resolves at once, so it never waits on the stack; it offers the effects
    what a stack item does (``seat``: the holder's ship, or a token's owner;
    ``target``: the ship the event happened to; ``actor``: the ship that
    caused it, or -1; ``token``: the token holding it, as (kind, box))."""

    __slots__ = ("trigger", "seat", "target", "actor", "token", "holder")
    area = None
    path: tuple[int, ...] = ()
    answers = None

    def __init__(self, trigger: TriggerDef, seat: int, target: int, actor: int,
                 token: tuple[str, int] | None, holder: str):
        self.trigger = trigger
        self.seat = seat
        self.target = target
        self.actor = actor
        self.token = token
        self.holder = holder


class Resolver(Protocol):
    """What a triggered item's effects resolve through: the engine's one
    way an effect resolves, reached through a weak reference to it."""

    def resolve_effect(self, effect: Effect, item: Triggered) -> Owed | None: ...


class TriggerRuns(Part):
    """Triggers and tokens on one state. ``_watch`` is False for the printed
    cards, so their play never looks for a trigger; ``waiting`` holds the
    triggered items of the effect in progress, resolved (``flush``) before
    the move returns; ``triggered`` counts those resolved in the move in
    progress (the engine sets it to 0 as a move starts). ``resolver`` is a
    weak reference to the engine, so the pieces hold no cycle of
    references (a finished game is freed at once)."""

    __slots__ = ("_triggers", "_watch", "waiting", "triggered", "_while", "_token_list",
                 "_token_keys", "lasts", "resolver", "card_of", "select")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event],
                 lasts: Callable[[int, str], bool],
                 card_of: Callable[[StackItem], CardDef], seats: Part | None = None):
        super().__init__(rules, board, state, log, seats)
        self._triggers = rules.trigger_index
        self._watch = self._triggers.any
        self.waiting: list[Triggered] = []
        self.triggered = 0
        self._while = rules.status_rules.conditioned
        # the (kind, box) of every token of ``_token_list`` (``token_keys``)
        self._token_list: list[TokenState] | None = None
        self._token_keys: set[tuple[str, int]] = set()
        self.lasts = lasts
        self.card_of = card_of
        # the engine's and the state operations', set as it is put together
        self.resolver: Resolver
        self.select: Callable[[Selector, StackItem], list[int]]


    def fire(self, event: TriggerEvent, subject: int, actor: int = -1, box: int = -1,
             card: str | None = None) -> None:
        """``event`` happened to ship ``subject`` (caused by ``actor``; on
        ``box`` for ``enters``): queue every trigger that watches it, in seat
        order of the ships holding them (ship type first, then statuses in
        the order given), then the tokens in the order placed. A trigger
        that fires once per turn is queued once per turn and holder."""
        st = self.state
        ships = st.ships
        index = self._triggers
        subject_side = ships[subject].side
        actor_side = ships[actor].side if actor >= 0 else ""
        for seat, ship in enumerate(ships):
            if ship.position is None:
                continue
            held = index.ships.get(ship.type, ())
            for name, _ in ship.statuses:
                if self._while and name in self._while and not self.lasts(seat, name):
                    continue  # its condition failed during this effect: it acts no more
                held += index.statuses.get(name, ())
            for trigger in held:
                if trigger.event == event \
                        and sees(trigger.of, seat, ship.side, subject, subject_side) \
                        and (actor < 0 or sees(trigger.by, seat, ship.side, actor, actor_side)) \
                        and (trigger.cards is None or card is not None
                             and trigger.cards.covers(self.rules.card(card))):
                    self.queue(trigger, seat, subject, actor, None, ship.id)
        for token in st.tokens:
            held = index.tokens.get(token.kind, ())
            if not held or (event == ENTERS and box != token.box):
                continue
            side = ships[token.owner].side
            for trigger in held:
                if trigger.event == event \
                        and sees(trigger.of, -1, side, subject, subject_side) \
                        and (actor < 0 or sees(trigger.by, -1, side, actor, actor_side)):
                    self.queue(trigger, token.owner, subject, actor, (token.kind, token.box),
                               f"{token.kind} {self.board.name(token.box)}")

    def queue(self, trigger: TriggerDef, seat: int, subject: int, actor: int,
              token: tuple[str, int] | None, holder: str) -> None:
        """Queue a triggered item, unless it fires once per turn and already has,
        or the move has resolved all it may (then it is dropped, unmarked)."""
        if self.triggered >= MAX_TRIGGERED:
            self.trigger_limit()
            return
        if trigger.once:
            key = f"{holder}/{trigger.key}"
            fired = self.state.fired
            if key in fired:
                return
            fired.append(key)
        self.waiting.append(Triggered(trigger, seat, subject, actor, token, holder))

    def flush(self) -> None:
        """Resolve the queued triggered items in order, each at once and whole,
        and those they trigger after them; at most ``MAX_TRIGGERED`` in one
        move, however many effects or chains it has (rules/triggers.py): past that
        the rest are dropped, and the log says so once."""
        st = self.state
        queue = self.waiting
        while queue:
            if st.phase == OVER:  # nothing resolves after the end (D8.6)
                queue.clear()
                return
            if self.triggered >= MAX_TRIGGERED:
                queue.clear()
                self.trigger_limit()
                return
            fired = queue.pop(0)
            self.triggered += 1
            self.event("trigger", trigger=fired.trigger.key, holder=fired.holder)
            for effect in fired.trigger.effects:
                self.resolver.resolve_effect(effect, fired)  # a trigger owes no choice (lang/compiler.py)
                if st.phase == OVER:
                    queue.clear()
                    return

    def trigger_limit(self) -> None:
        """The move has resolved ``MAX_TRIGGERED`` triggered items: what else
        fires is dropped; the log says so once a move."""
        if self.triggered == MAX_TRIGGERED:
            self.triggered += 1
            self.event("trigger_limit", count=MAX_TRIGGERED)

    def token_boxes(self, selector: Selector, item: StackItem) -> list[int]:
        """The boxes a token effect acts on: the area's, or the selected ships'."""
        if selector is Selector.BOXES or selector is Selector.TARGET_BOX:
            card = self.card_of(item)
            return list(self.board.area(item.area, card.target.width, card.target.height) or ())
        ships = self.state.ships
        return [ships[s].position for s in self.select(selector, item)]  # type: ignore[misc]

    def token_keys(self) -> set[tuple[str, int]]:
        """The (kind, box) of every token on the board, kept beside
        ``state.tokens`` so that placing a token costs the same however many
        there are. Placing appends to the list and removing replaces it, so
        the set is rebuilt only when the list is another one or has another
        length (undo, a clone, a loaded game, another engine's placement)."""
        tokens = self.state.tokens
        if tokens is not self._token_list or len(tokens) != len(self._token_keys):
            self._token_list = tokens
            self._token_keys = {(t.kind, t.box) for t in tokens}
        return self._token_keys

    def _keep_tokens(self, kept: list[TokenState], gone: list[TokenState]) -> None:
        """The tokens left on the board after ``gone`` were taken off (logged)."""
        keys = self.token_keys()
        self.state.tokens = self._token_list = kept
        for t in gone:
            keys.discard((t.kind, t.box))
            self.event("token_removed", token=t.kind, box=self.board.name(t.box))

    def place_token(self, kind: str, box: int, owner: int) -> None:
        """Put a token on a box: none on an island, one of a kind per box."""
        st = self.state
        keys = self.token_keys()
        if self.board.is_island(box) or (kind, box) in keys:
            return
        # as a status's (Lifetimes.set_status): placed in a turn its duration
        # counts, a token lasting until the end of a next turn sees two ends
        row = TURN_EDGES.get(self.rules.tokens[kind].duration)
        left = row.edges if row is not None and (
            row.whose is TurnOf.ANY or st.turn == owner) else 1
        st.tokens.append(TokenState(kind, box, owner, left))
        keys.add((kind, box))
        self.event("token", token=kind, box=self.board.name(box))

    def tokens_at_turn(self, seat: int, edge: Edge) -> None:
        """The ``edge`` of ``seat``'s turn, for tokens as for statuses
        (``kinds.TURN_EDGES``): each token lasting until such an edge of a
        turn it counts (its owner's, or any) loses one, ending at its last."""
        st = self.state
        if not st.tokens:
            return
        kinds = self.rules.tokens
        kept, gone = [], []
        for token in st.tokens:
            row = TURN_EDGES.get(kinds[token.kind].duration)
            if row is not None and row.edge is edge and (
                    row.whose is TurnOf.ANY or token.owner == seat):
                token.left -= 1
                if token.left <= 0:
                    gone.append(token)
                    continue
            kept.append(token)
        if gone:
            self._keep_tokens(kept, gone)

    def remove_tokens(self, selector: Selector, item: StackItem) -> None:
        """Take tokens off the board: in a token's trigger ``self`` is that
        token; otherwise every token on the selected boxes (one pass over
        the tokens for the whole effect)."""
        st = self.state
        token = getattr(item, "token", None)
        if token is not None and selector is Selector.SELF:
            if token not in self.token_keys():
                return
            kind, box = token
            ends = lambda t: t.box == box and t.kind == kind  # noqa: E731
        else:
            boxes = set(self.token_boxes(selector, item))
            if not boxes:
                return
            ends = lambda t: t.box in boxes  # noqa: E731
        kept, gone = [], []
        for t in st.tokens:
            (gone if ends(t) else kept).append(t)
        if gone:
            self._keep_tokens(kept, gone)

