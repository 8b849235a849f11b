"""The read-only rule queries: what a player may do now, asked by the
decision machine (engine.py), the move generator (moves.py), ``explain``
and the effects' expressions, and never changing the state.

Which maneuvers and order cards a player may use (R4.1, R4.4, R7.3, R9.1),
what they cost and reach (R4.1, R4.2), what a ship sees (R4.3), which ships
a card may be declared on (R4.2, D4.7), where a ship moved by a card starts
(D4.6), whether a player may respond at all (D5.4), whose hand is over the
limit (D7.2), where a ship may be placed (R2.8, D8.4). The expressions of
the card language (exprs.py) are evaluated against this object: it holds
what they read (``state``, ``board``, ``rules``, ``sight``, ``card_of``,
``crew_out``). Nothing here knows any card by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import Selector
from .engine_part import Part
from .exprs import Scope
from .kinds import CardKind, Pile
from .model import CardDef, Modifier, TargetKind, among

if TYPE_CHECKING:
    from .board import Board
    from .model import Ruleset
    from .modifiers import Modifiers
    from .state import Event, GameState, StackItem

MANEUVER, ORDER = CardKind.MANEUVER, CardKind.ORDER
SELF_TARGET, SOURCE_TARGET = TargetKind.SELF, TargetKind.SOURCE


def answers(card: CardDef, kind: CardKind | None) -> bool:
    """Whether the card may be used as a response to an item of ``kind``
    (R5.2): a ``response`` card whose ``answers`` take that kind."""
    return card.response and (kind is None or kind in card.answers)


class RuleQueries(Part):
    """The rule queries on one state. ``_maneuvers`` caches each seat's
    maneuvers by what they may be used for, which never changes; ``mods``
    the modifier queries, or None when no status modifies anything."""

    __slots__ = ("_seats_after", "_limit", "_orders_per_turn", "_computed_costs", "_maneuvers",
                 "mods")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event],
                 mods: Modifiers | None, seats: Part | None = None):
        super().__init__(rules, board, state, log, seats)
        n = len(state.ships)
        self._seats_after = [tuple((seat + k) % n for k in range(1, n)) for seat in range(n)]
        self._limit = rules.options.hand_limit
        self._orders_per_turn = rules.options.orders_per_turn
        self._computed_costs = rules.computed_costs
        # seat * 3 + (0 in its turn, 1 answering a maneuver, 2 an order) →
        # [(slot, card)] of the maneuvers of its control card it may use so
        # (``usable``); built when first asked
        self._maneuvers: list[list[tuple[int, CardDef]] | None] = [None] * (3 * n)
        self.mods = mods

    def occupant(self) -> list[int]:
        """Box → seat of the ship on it, or -1 (R2.4)."""
        occ = [-1] * self.board.size
        for seat, ship in enumerate(self.state.ships):
            if ship.position is not None:
                occ[ship.position] = seat
        return occ

    def crew_out(self, seat: int) -> int:
        ship = self.state.ships[seat]
        return sum(ship.crew_on) + ship.withdrawn

    def recover_options(self, seat: int) -> list[str]:
        """Where a crew can be recovered from: maneuver names and ``Pile.WITHDRAWN`` (R6.1)."""
        ship = self.state.ships[seat]
        names = [m for m, n in zip(self._types[seat].maneuvers, ship.crew_on) if n > 0]
        if ship.withdrawn > 0:
            names.append(Pile.WITHDRAWN)
        return names

    def seats_after(self, seat: int) -> tuple[int, ...]:
        """Other seats in turn order, starting after ``seat`` (D5.4, D6.3)."""
        return self._seats_after[seat]

    def hand_over_limit(self) -> int:
        """Seat of the first player (from the turn player on) who must discard, or -1."""
        st = self.state
        limit = self._limit
        hands = st.hands
        for hand in hands:  # nearly always none is over
            if len(hand) > limit:
                break
        else:
            return -1
        if len(hands[st.turn]) > limit:
            return st.turn
        for seat in self._seats_after[st.turn]:
            if len(hands[seat]) > limit:
                return seat
        return -1

    def card_of(self, item: StackItem) -> CardDef:
        """The card a stack item was declared with."""
        cards = self.rules.maneuvers if item.kind == MANEUVER else self.rules.orders
        return cards[item.card]


    def usable(self, seat: int, responding: bool) -> list[tuple[int, CardDef]]:
        """Maneuvers the ship may declare now (R4.1, R4.4, R9.1), with their slot."""
        ship = self.state.ships[seat]
        if ship.position is None:
            return []
        if ship.statuses:  # R9.1: a status may forbid maneuvers, or responses
            forbid = self.rules.status_rules
            if among(ship.statuses, forbid.responses if responding else forbid.maneuvers):
                return []
        answering = self.answering() if responding else None
        key = 3 * seat + (1 + (answering == ORDER) if responding else 0)
        cards = self._maneuvers[key]
        if cards is None:
            cards = self._maneuvers[key] = [
                (i, card) for i, card in enumerate(
                    self.rules.maneuvers[name] for name in self._types[seat].maneuvers)
                # a card answering the answered item needs a stack (D4.7)
                if (answers(card, answering) if responding
                    else card.target.kind is not SOURCE_TARGET)]
        crew_on, reserve = ship.crew_on, ship.reserve
        mods = self.mods
        if self.state.spent or self._computed_costs or (mods is not None
                                                        and mods.active(ship, seat)):
            out = [(i, card) for i, card in cards if not crew_on[i]
                   and self.cost(seat, card) <= reserve
                   and not (card.once and self.spent(seat, card.id))]
        else:  # the printed cards
            out = [(i, card) for i, card in cards if not crew_on[i] and card.cost <= reserve]
        if self.rules.guarded and out:  # a card's `usable if` (exprs.py)
            return [(i, card) for i, card in out if self.may_use(card, seat, responding)]
        return out

    def answering(self) -> CardKind | None:
        """The kind of item a response would answer now: the top of the stack's."""
        stack = self.state.stack
        return stack[-1].kind if stack else None

    def may_use(self, card: CardDef, seat: int, responding: bool) -> bool:
        """Whether the card's ``usable if`` condition holds for ``seat`` now."""
        if card.usable is None:
            return True
        answers = len(self.state.stack) - 1 if responding else None
        return card.usable.holds(self, Scope(seat, None, answers))

    def allowed_targets(self, card: CardDef, seat: int, targets: list,
                        responding: bool) -> list:
        """The ``targets`` the card's target filter lets through (``target enemy ship``)."""
        flt = card.target.filter
        if flt is None:
            return targets
        answers = len(self.state.stack) - 1 if responding else None
        scope = Scope(seat, None, answers)
        return [t for t in targets if t is not None and flt.accepts(self, scope, t)]

    def spent(self, seat: int, card_id: str) -> bool:
        """Whether the player has used its once-per-game card ``card_id``."""
        return any(s.seat == seat and s.card == card_id for s in self.state.spent)

    def playable_orders(self, seat: int, responding: bool) -> list[CardDef]:
        """The order cards of the hand the player may play now (R7.3): in its
        main phase, any card while the turn's orders last; as a response
        (``response`` cards only, answering the top item's kind: ``answers``),
        whatever the turn has played. Never one a
        status forbids, one used once per game already, nor one that answers
        an item with no item to answer; no response from a ship off the board."""
        st = self.state
        if not responding and st.orders_played >= self._orders_per_turn:
            return []
        if responding and st.ships[seat].position is None:
            return []  # a response is a ship's (R5.2): a sunk one answers nothing
        statuses = st.ships[seat].statuses
        if statuses:
            forbid = self.rules.status_rules
            if among(statuses, forbid.orders) or \
                    responding and among(statuses, forbid.responses):
                return []
        out = []
        orders = self.rules.orders
        answering = self.answering() if responding else None
        for card_id in sorted(set(st.hands[seat])) if responding else set(st.hands[seat]):
            card = orders.get(card_id)
            if card is None or responding and not answers(card, answering):
                continue
            if card.once and self.spent(seat, card_id):
                continue
            if card.target.kind is SOURCE_TARGET and not st.stack:
                continue
            out.append(card)
        return out

    def order_targets(self, card: CardDef) -> list[int | None]:
        """The ships an order card may be played on: any ship on the board
        (R7.3), or only the answered item's ship; None for a card on its own
        player's ship."""
        tk = card.target.kind
        if tk is SELF_TARGET:
            return [None]
        ships = self.state.ships
        if tk is SOURCE_TARGET:
            source = self.state.stack[-1].seat
            return [source] if ships[source].position is not None else []
        return [s for s, ship in enumerate(ships) if ship.position is not None]

    def cost(self, seat: int, card: CardDef) -> int:
        """The crew a maneuver costs the ship now (R4.1): its cost, or for
        ``cost (AMOUNT)`` the amount counted for the using ship (``self``);
        changed by the ship's statuses and abilities; at least 1."""
        base = card.cost
        if card.computed_cost is not None:
            base = max(1, card.computed_cost.value(self, Scope(seat)))
        if self.mods is None:
            return base
        return self.mods.cost(self.state.ships[seat], seat, card, base)

    def reach(self, seat: int, card: CardDef) -> int:
        """How far a maneuver of the ship reaches now: its range, changed by
        the ship's statuses and abilities (R4.2)."""
        if self.mods is None:
            return card.range
        return self.mods.reach(self.state.ships[seat], seat, card)

    def targetable(self, seat: int, target: int, kind: str) -> bool:
        """Whether a card of ``kind`` of the ship's player may target ``target``:
        no status or ability of it forbids it (a ship's own player's cards always may)."""
        mods = self.mods
        return mods is None or target == seat or mods.hidden_by(
            self.state.ships[target], target, CardKind(kind)) is None

    def sight(self, seat: int) -> list[tuple[int, int]]:
        """(distance, seat) of the ships in the ship's visual field (R4.3);
        none for a ship off the board (D9.3)."""
        ship = self.state.ships[seat]
        if ship.position is None:
            return []  # D9.3: a ship off the board sees nothing
        seen = self.board.in_sight(ship.position, [s.position for s in self.state.ships],
                                   ship.side, self.sides)
        if self.mods is not None:
            farther = self.mods.total(ship, seat, Modifier.SIGHT)
            if farther:  # distances in its visual field count N less, at least 1
                seen = [(max(1, dist - farther), s) for dist, s in seen]
            reach = self.mods.sight_reach(ship, seat)
            if reach is not None:  # its visual field limited to N boxes (D9.5)
                seen = [(dist, s) for dist, s in seen if dist <= reach]
        return seen

    def visible_targets(self, seat: int, reach: int,
                        sight: list[tuple[int, int]] | None = None) -> list[int]:
        """Own ship plus ships in the visual field within ``reach`` (R4.2, R4.3);
        ``sight`` when the caller already looked (one look serves every card)."""
        if sight is None:
            sight = self.sight(seat)
        return [seat, *[s for dist, s in sight if dist <= reach]]

    def maneuver_targets(self, seat: int, card: CardDef,
                         sight: list[tuple[int, int]]) -> list[int | None]:
        """The targets a usable maneuver may be declared on now: None for a card
        on its own ship, else the ships in the visual field within its range
        (R4.2, R4.3), or only the answered item's ship (D4.7)."""
        tk = card.target.kind
        if tk is SELF_TARGET:
            return [None]
        if self.mods is None:
            targets: list[int | None] = self.visible_targets(seat, card.range, sight)
        else:
            targets = [t for t in self.visible_targets(seat, self.reach(seat, card), sight)
                       if self.targetable(seat, t, MANEUVER)]
        if tk is SOURCE_TARGET:
            source = self.state.stack[-1].seat
            targets = [source] if source in targets else []
        if card.target.filter is not None:
            return self.allowed_targets(card, seat, targets, tk is SOURCE_TARGET or
                                        bool(self.state.stack))
        return targets

    def path_start(self, card: CardDef, seat: int,
                   target: int | None) -> tuple[int, int, int] | tuple[()] | None:
        """For a card whose path is chosen with it: (start box, most boxes, mask
        of the boxes holding ships) of the ship it moves, or ``()`` if a status
        forbids moving that ship (R9); None for any other card."""
        step = card.path_effect
        if step is None:
            return None
        mover = seat if target is None or step.selector is Selector.SELF else target
        statuses = self.state.ships[mover].statuses
        if statuses and among(statuses, self.rules.status_rules.movement):
            return ()
        occupied = 0
        start = None
        for s, ship in enumerate(self.state.ships):
            box = ship.position
            if box is not None:
                occupied |= 1 << box
                if s == mover:
                    start = box
        if self.mods is None:
            return (start, step.amount, occupied)
        steps = self.mods.steps(self.state.ships[mover], mover, step.amount, card.id)
        return (start, steps, occupied) if steps else ()

    def can_respond(self, seat: int) -> bool:
        """D5.4: a player with no legal response is never asked. A response that
        moves a ship needs somewhere to go (D4.6)."""
        usable = self.usable(seat, True)
        if not usable:
            return bool(self.rules.response_orders) and self.can_respond_with_order(seat)
        sight: list[tuple[int, int]] = []
        looked = False
        for _, card in usable:
            if not looked and card.target.kind is not SELF_TARGET:
                sight, looked = self.sight(seat), True  # one look, only if needed
            for target in self.maneuver_targets(seat, card, sight):
                walk = self.path_start(card, seat, target)
                if walk is None or walk and self.board.can_move(*walk):
                    return True
        return bool(self.rules.response_orders) and self.can_respond_with_order(seat)

    def can_respond_with_order(self, seat: int) -> bool:
        """Whether an order card of the hand may answer the top item now."""
        for card in self.playable_orders(seat, True):
            for target in self.order_targets(card):
                if card.target.kind is TargetKind.AREA:
                    return True
                walk = self.path_start(card, seat, target)
                if walk is None or walk and self.board.can_move(*walk):
                    return True
        return False

    def subject(self, item: StackItem) -> int | None:
        """The ship an item acts on: its target, or its own ship for self cards.

        None for an item that answers an item (shield): its target is the
        item, not the ship that performed it, so that ship sinking does not
        waste it (D4.7).
        """
        kind = self.card_of(item).target.kind
        if kind is TargetKind.SOURCE:
            return None
        if item.target is not None:
            return item.target
        if kind is TargetKind.SELF:
            return item.seat
        return None

    def free_start_boxes(self, seat: int) -> list[int]:
        """Where the ship may be placed (R2.8) or respawn (D8.4): the boxes of
        its side's start card that are free (R2.4) and navigable (R2.3; start
        cards are open water, D2.7, but the rule is said where it is used)."""
        occ = self.occupant()
        board = self.board
        side = self.state.ships[seat].side
        return [b for b in board.starts[side] if occ[b] < 0 and not board.is_island(b)]

