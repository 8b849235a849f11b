"""The rules engine: the decision machine, state operations, the stack
resolver and the turn flow.

``Engine`` wraps one ``GameState`` with the ruleset and board it runs on.
It owns the pending decision (``pending``) and carries out a player's move
(``perform``): paying crew, declaring a card, responding, passing,
recovering, discarding, answering a choice an effect owes, placing, ending
the turn. It implements the ``Ops`` that effect primitives call (damage,
regain, …), resolves the stack (R5), and moves the game from decision to
decision: after every move ``advance`` runs everything that needs no
choice (items nobody can answer, single-option choices, turn changes) and
stops where a player must decide. The rule queries that decide whether a
player may respond (D5.4) are here too (``usable``, ``sight``,
``can_respond``), so the move generator (moves.py) lists moves from them
and nothing calls back into it. Nothing outside this module moves a stack
item's resolver position (``pc``, ``pending``, ``recovering``). Nothing
here knows any card by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import Board
from .cardops import CardOps
from .effects import Effect, Owed, Selector
from .exprs import Scope, prepared
from .kinds import CardKind, Decision, Mode, MoveKind, Phase, Pile, Side
from .model import CardDef, Duration, Modifier, Ruleset, TargetKind, among
from .modifiers import ON_MANEUVER, ON_MOVE, ON_RANGED, TWO_ENDS, Modifiers, with_status
from .rng import shuffle
from .state import Event, GameState, Lifetime, Spent, StackItem, TokenState
from .triggers import MAX_TRIGGERED, TriggerDef, TriggerEvent, sees

if TYPE_CHECKING:
    from .moves import Move

# the members the hot paths compare with, read as globals (see kinds.py)
OVER, MAIN, RECOVER, PLACE = Phase.OVER, Phase.MAIN, Phase.RECOVER, Phase.PLACE
USE, RESPOND, ORDER, PASS, END = (MoveKind.USE, MoveKind.RESPOND, MoveKind.ORDER,
                                  MoveKind.PASS, MoveKind.END)
RECOVER_MOVE, DISCARD_MOVE, CHOOSE_MOVE, PLACE_MOVE = (MoveKind.RECOVER, MoveKind.DISCARD,
                                                       MoveKind.CHOOSE, MoveKind.PLACE)
MANEUVER = CardKind.MANEUVER
WAR = Mode.WAR
SELF_TARGET, SOURCE_TARGET = TargetKind.SELF, TargetKind.SOURCE
DISCARD_NOW, CHOOSE_NOW, RESPOND_NOW = Decision.DISCARD, Decision.CHOOSE, Decision.RESPOND
#: the decision of a phase with nothing on the stack (a dict of plain str
#: keys: looked up, not built, on every move)
DECISION_OF_PHASE = {str(p): Decision(str(p)) for p in (PLACE, RECOVER, MAIN)}


ENTERS, DAMAGED, SUNK, TARGETED = (TriggerEvent.ENTERS, TriggerEvent.DAMAGED,
                                   TriggerEvent.SUNK, TriggerEvent.TARGETED)


class Triggered:
    """A triggered item (triggers.py): a trigger whose event happened, with
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


def damaged(repairs: int, breakdowns: int, full: int, amount: int) -> tuple[int, int]:
    """(repairs, breakdowns) after ``amount`` > 0 repair damage (R3.1): each
    point takes a repair, and a track emptied with a breakdown left turns
    that breakdown into ``full`` repairs at once. Counted, not looped, so its
    cost never depends on the amount: the ship holds ``repairs + breakdowns
    × full`` points, and what is left of them is written back the same way
    (at 0 the ship is at 0/0 and sinks, R3.2; damage past that is lost)."""
    left = repairs + breakdowns * full - amount
    if left <= 0:
        return 0, 0
    breakdowns = (left - 1) // full
    return left - breakdowns * full, breakdowns


def other_side(side: str) -> str:
    """The enemy of ``side``."""
    return Side.RED if side == Side.BLUE else Side.BLUE


class Engine(CardOps):
    """The rules acting on one state. Cheap to create; holds no game data of its
    own (``_owed``, the sinkings of the effect resolving, is emptied by
    ``settle`` before the effect's move returns; ``_maneuvers`` caches each
    seat's maneuvers by what they may be used for, which never changes).
    """

    __slots__ = ("rules", "board", "state", "log", "_types", "sides", "_after", "_limit",
                 "_owed", "_maneuvers", "_orders_per_turn", "_computed_costs", "mods",
                 "_triggers", "_watch", "_queue", "_triggered", "_while", "_rank",
                 "_token_list", "_token_keys", "_reading")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[Event]):
        self.rules = rules
        self.board = board
        self.state = state
        self.log = log
        self._types = [rules.ships[s.type] for s in state.ships]
        self.sides = [s.side for s in state.ships]  # seats never change side
        n = len(state.ships)
        self._after = [tuple((seat + k) % n for k in range(1, n)) for seat in range(n)]
        self._limit = rules.options.hand_limit
        self._orders_per_turn = rules.options.orders_per_turn
        self._computed_costs = rules.computed_costs
        # (sunk seat, sinker seat) of each sinking of the effect in progress:
        # what they give is paid after it, unless it ended the game (D8.6)
        self._owed: list[tuple[int, int]] = []
        # seat * 2 + responding → [(slot, card)] of the maneuvers of its
        # control card it may use so (``usable``); built when first asked
        self._maneuvers: list[list[tuple[int, CardDef]] | None] = [None] * (2 * n)
        # the modifier queries, only if a status modifies something (modifiers.py)
        self.mods = Modifiers(rules, self._types, self.lasts) \
            if rules.status_rules.modifying else None
        # the triggers of the rules (triggers.py); ``_watch`` is False for the
        # printed cards, so their play never looks for one; ``_queue`` holds
        # the triggered items of the effect in progress, resolved (``flush``)
        # before the move returns
        self._triggers = rules.trigger_index
        self._watch = self._triggers.any
        self._queue: list[Triggered] = []
        # the triggered items resolved in the move in progress (``perform``
        # starts at 0): at most ``MAX_TRIGGERED`` a move
        self._triggered = 0
        # the statuses lasting ``while CONDITION``: empty for the printed
        # cards, so they never test one (``statuses_while``)
        self._while = rules.status_rules.conditional
        # True while a ``while`` condition is being read (``lasts``, D9.4)
        self._reading = False
        # each declared status's place in declaration order (``set_status``)
        self._rank = {name: i for i, name in enumerate(rules.statuses)}
        # the (kind, box) of every token of ``_token_list`` (``token_keys``)
        self._token_list: list[TokenState] | None = None
        self._token_keys: set[tuple[str, int]] = set()

    # ------------------------------------------------------------------ queries
    def event(self, kind: str, **data: object) -> None:
        """Log an event of a kind ``EVENT_FIELDS`` (state.py) describes, with
        its fields: tests/test_round_trips.py reads every call of this method
        in the source against the table, and the save writer checks the log
        again, so the hot path pays nothing for it."""
        self.log.append(Event(kind, self.state.turn_number, data))

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
        return self._after[seat]

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
        for seat in self._after[st.turn]:
            if len(hands[seat]) > limit:
                return seat
        return -1

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
                seat = effects[item.pc].chooser(item) if item.pc < len(effects) else item.seat
                return (CHOOSE_NOW, seat)
            return (RESPOND_NOW, st.asking[0])
        return (DECISION_OF_PHASE[st.phase], st.turn)

    def card_of(self, item: StackItem) -> CardDef:
        """The card a stack item was declared with."""
        cards = self.rules.maneuvers if item.kind == MANEUVER else self.rules.orders
        return cards[item.card]

    def owed_choice(self) -> tuple[Effect, int]:
        """While a ``choose`` decision is pending: the effect that owes the
        choice and the ship it is about (D6.4)."""
        item = self.state.stack[-1]
        return self.card_of(item).effects[item.pc], item.recovering

    def choice_options(self) -> list[str]:
        """The answers the owed choice may take now (``owed_choice``)."""
        effect, seat = self.owed_choice()
        return effect.options(self, seat)

    # ------------------------------------------------------------------ rule queries
    def usable(self, seat: int, responding: bool) -> list[tuple[int, CardDef]]:
        """Maneuvers the ship may declare now (R4.1, R4.4, R9.1), with their slot."""
        ship = self.state.ships[seat]
        if ship.position is None:
            return []
        if ship.statuses:  # R9.1: a status may forbid maneuvers, or responses
            forbid = self.rules.status_rules
            if among(ship.statuses, forbid.responses if responding else forbid.maneuvers):
                return []
        key = 2 * seat + responding
        cards = self._maneuvers[key]
        if cards is None:
            cards = self._maneuvers[key] = [
                (i, card) for i, card in enumerate(
                    self.rules.maneuvers[name] for name in self._types[seat].maneuvers)
                # a card answering the answered item needs a stack (D4.7)
                if (card.response if responding else card.target.kind is not SOURCE_TARGET)]
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
        (``response`` cards only), whatever the turn has played. Never one a
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
        for card_id in sorted(set(st.hands[seat])) if responding else set(st.hands[seat]):
            card = orders.get(card_id)
            if card is None or responding and not card.response:
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
                return [(max(1, dist - farther), s) for dist, s in seen]
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

    # ------------------------------------------------------------------ ops
    def select(self, selector: Selector, item: StackItem) -> list[int]:
        ships = self.state.ships
        if selector is Selector.SELF:
            seats = [item.seat]
        elif selector is Selector.TARGET:
            seats = [item.target] if item.target is not None else []
        elif selector is Selector.SOURCE:
            if item.answers is not None:
                seats = [self.state.stack[item.answers].seat]
            else:  # a triggered item's: the ship that caused its event, if any
                actor = getattr(item, "actor", -1)
                seats = [actor] if actor >= 0 else []
        elif selector is Selector.AREA:
            card = self.card_of(item)
            boxes = self.board.area(item.area, card.target.width, card.target.height) or ()
            seats = [s for s, ship in enumerate(ships) if ship.position in boxes]
        elif selector is Selector.ANSWERED:
            seats = []
        else:  # a set of ships or players (exprs.Ships, exprs.Players)
            return selector.seats(self, item)
        # a ship off the board cannot be affected (R9.2)
        return [s for s in seats if ships[s].position is not None]

    def damage(self, seat: int, amount: int, actor: int) -> None:
        """Repair damage with the breakdown conversion (R3.1); sinks at 0/0 (R3.2).
        A status may send it to another ship or change it (``taken``)."""
        if self.mods is not None:
            seat, amount = self.taken(seat, amount)
        ship = self.state.ships[seat]
        if amount > 0:
            ship.repairs, ship.breakdowns = damaged(
                ship.repairs, ship.breakdowns, self._types[seat].repairs, amount)
        self.event("damage", ship=ship.id, amount=amount, repairs=ship.repairs,
                   breakdowns=ship.breakdowns)
        if self._watch:
            self.fire(DAMAGED, seat, actor)
        if ship.repairs == 0 and ship.breakdowns == 0:
            self.sink(seat, actor)

    def taken(self, seat: int, amount: int) -> tuple[int, int]:
        """The ship that takes a damage and how much: a status of the ship
        hit may send it to its giver's ship (once: not sent on again), then
        the statuses and abilities of the ship that takes it change it
        (at least 0). Each status that did so loses a use."""
        mods = self.mods
        ships = self.state.ships
        sent = mods.redirected(ships[seat], seat)
        if sent is not None and ships[sent[1]].position is not None:
            spec, giver = sent
            mods.use(ships[seat], status=spec.id)
            self.event("redirect", ship=ships[seat].id, to=ships[giver].id, status=spec.id)
            seat = giver
        ship = ships[seat]
        change = mods.total(ship, seat, Modifier.DAMAGE)
        if change:
            mods.use(ship, (Modifier.DAMAGE,))
            amount = max(0, amount + change)
        return seat, amount

    def regain(self, seat: int, track: str, amount: int) -> None:
        """Regain up to the track size; never converts (R3.4)."""
        ship = self.state.ships[seat]
        spec = self._types[seat]
        if track == "repair":
            gained = min(amount, spec.repairs - ship.repairs)
            ship.repairs += gained
        else:
            gained = min(amount, spec.breakdowns - ship.breakdowns)
            ship.breakdowns += gained
        self.event("regain", ship=ship.id, track=track, amount=gained)

    def crew_loss(self, seat: int, amount: int) -> None:
        """Reserve crew are withdrawn; only the reserve can be lost (R3.5, D3.5)."""
        ship = self.state.ships[seat]
        lost = min(amount, ship.reserve)
        ship.reserve -= lost
        ship.withdrawn += lost
        self.event("crew_loss", ship=ship.id, amount=lost)

    def recover_one(self, seat: int, source: str) -> None:
        """One crew back to the reserve from a maneuver or the withdrawn pile (R6.1)."""
        ship = self.state.ships[seat]
        if source == Pile.WITHDRAWN:
            ship.withdrawn -= 1
        else:
            ship.crew_on[self._types[seat].maneuvers.index(source)] -= 1
        ship.reserve += 1
        self.event("recover", ship=ship.id, source=source)

    def move(self, seat: int, path: tuple[int, ...]) -> None:
        """Move a ship along ``path``; nothing if a status forbids moving it,
        nor if the path, declared with the card, is no longer open (D4.10)."""
        if not path:
            return
        ship = self.state.ships[seat]
        if ship.statuses and among(ship.statuses, self.rules.status_rules.movement):
            return
        if not self.path_open(seat, path):
            return
        if self.mods is not None and ship.statuses:
            self.mods.use(ship, ON_MOVE)
        ship.position = path[-1]
        self.event("move", ship=ship.id, path=[self.board.name(b) for b in path])
        if self._watch:
            self.fire(ENTERS, seat, box=path[-1])

    def path_open(self, seat: int, path: tuple[int, ...]) -> bool:
        """D4.10: whether a path declared with a card can still be followed
        as it resolves, by the rules that listed it (``Board.outcome_of``):
        it starts next to the box the ship is on now, each of its boxes is
        next to the one before and holds no ship (R2.4), and it ends on
        running water only where no box is left to be carried to (R2.5). Its
        length was checked when it was declared: a status that lengthened it
        may have ended since."""
        at = self.state.ships[seat].position
        if at is None:
            return False
        occupied = 0
        for ship in self.state.ships:
            if ship.position is not None:
                occupied |= 1 << ship.position
        return self.board.outcome_of(at, len(path), occupied, path) is not None

    def draw(self, seat: int, amount: int) -> None:
        """Draw order cards, reshuffling the discards into an empty deck (D7.1).

        The draw is the player's, whether or not their ship is on the board
        (D8.7; war: a sunk ship's player keeps a hand). An eliminated arena
        player is out of the game (R8.1) and draws nothing.
        """
        st = self.state
        if st.ships[seat].eliminated:
            return
        drawn = 0
        hand = st.hands[seat]
        while drawn < amount:  # D7.6: at most the cards of the deck and the discards
            if not st.deck:
                # D7.1: the discards become the deck, except an order card still
                # resolving (it went to the discards when played, R7.3)
                pile = list(st.discard)
                keep = []
                for item in st.stack:
                    if item.kind == ORDER and item.card in pile:
                        del pile[len(pile) - 1 - pile[::-1].index(item.card)]  # its last copy
                        keep.append(item.card)
                if not pile:
                    break
                st.deck, st.discard = pile, keep
                st.rng = shuffle(st.rng, st.deck)
                self.event("reshuffle", cards=len(st.deck))
            count = min(amount - drawn, len(st.deck))  # from the top, in one slice
            hand.extend(st.deck[:count])
            del st.deck[:count]
            drawn += count
        if drawn:
            self.event("draw", player=st.ships[seat].id, count=drawn)

    def cancel(self, item: StackItem) -> None:
        if item.answers is not None:
            self.state.stack[item.answers].cancelled = True
            answered = self.state.stack[item.answers]
            self.event("cancel", player=self.state.ships[item.seat].id, card=answered.card,
                       of=self.state.ships[answered.seat].id)

    def set_status(self, seat: int, status: str, giver: int = -1) -> None:
        """Give a ship a declared status (R9); given again, it lasts from now.

        Its ``Lifetime`` counts what is left: the uses of a status for N
        uses; two turn ends for a status lasting until the end of a next
        turn given in the turn of the player it counts (its ship's, or the
        card's player ``giver``'s for ``your``), else one. The giver is kept
        for a status over ``your`` turns or a redirect."""
        st = self.state
        ship = st.ships[seat]
        if self._while and status in self._while and not self.lasts(seat, status):
            return  # a status given while its condition fails is not given
        spec = self.rules.statuses[status]
        kept = giver if giver >= 0 and status in self.rules.status_rules.with_giver else None
        life = Lifetime(spec.duration, 1, kept)
        if spec.duration is Duration.USES:
            life = Lifetime(spec.duration, spec.uses, kept)
        elif spec.duration in TWO_ENDS and st.turn == life.clock(seat):
            life = Lifetime(spec.duration, 2, kept)
        ship.statuses = with_status(ship.statuses, status, life, self._rank)
        self.event("status", ship=ship.id, status=status)

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
            return condition.holds(self, Scope(seat, it=seat))
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
                ship.statuses = tuple(p for p in ship.statuses if p[0] not in ended)
                for name in ended:
                    self.event("status_end", ship=ship.id, status=name)

    def statuses_at_turn_start(self, seat: int) -> None:
        """The start of a player's turn ends their ship's statuses that last
        until then (R9.1: intercepted)."""
        ship = self.state.ships[seat]
        ending = self.rules.status_rules.at_turn_start
        if ship.statuses and ending:
            ship.statuses = tuple(p for p in ship.statuses if p[0] not in ending)
        if self.rules.status_rules.at_your_turn_start:
            self.statuses_of_giver(seat, self.rules.status_rules.at_your_turn_start, False)

    def statuses_at_turn_end(self, seat: int) -> None:
        """The end of a turn ends every status that lasts this turn, and counts
        one end for the statuses of the turn player's ship that last until the
        end of its next turn."""
        rules = self.rules.status_rules
        ending = rules.at_turn_end
        if ending:
            for ship in self.state.ships:
                if ship.statuses:
                    ship.statuses = tuple(p for p in ship.statuses if p[0] not in ending)
        ship = self.state.ships[seat]
        ending = rules.at_own_turn_end
        if ship.statuses and ending:
            ship.statuses = tuple(
                (name, life.spent() if name in ending else life) for name, life in ship.statuses
                if name not in ending or life.left > 1)
        if rules.at_your_turn_end:
            self.statuses_of_giver(seat, rules.at_your_turn_end, True)

    def statuses_of_giver(self, seat: int, names: frozenset[str], counted: bool) -> None:
        """A turn start or end of ``seat``'s player for the statuses that last
        over the turns of the card's player who gave them: those ``names``
        whose turns are ``seat``'s (``Lifetime.clock``: the giver's, or the
        ship's own if unknown) lose one turn edge (``counted``, ending at the
        last) or end at once."""
        for other, ship in enumerate(self.state.ships):
            if not ship.statuses:
                continue
            kept = []
            for name, life in ship.statuses:
                if name in names and life.clock(other) == seat:
                    if not counted or life.left <= 1:
                        continue
                    life = life.spent()
                kept.append((name, life))
            ship.statuses = tuple(kept)

    # ------------------------------------------------------------------ triggers and tokens
    def fire(self, event: TriggerEvent, subject: int, actor: int = -1, box: int = -1) -> None:
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
                        and (actor < 0 or sees(trigger.by, seat, ship.side, actor, actor_side)):
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
        if self._triggered >= MAX_TRIGGERED:
            self.trigger_limit()
            return
        if trigger.once:
            key = f"{holder}/{trigger.key}"
            fired = self.state.fired
            if key in fired:
                return
            fired.append(key)
        self._queue.append(Triggered(trigger, seat, subject, actor, token, holder))

    def flush(self) -> None:
        """Resolve the queued triggered items in order, each at once and whole,
        and those they trigger after them; at most ``MAX_TRIGGERED`` in one
        move, however many effects or chains it has (triggers.py): past that
        the rest are dropped, and the log says so once."""
        st = self.state
        queue = self._queue
        while queue:
            if st.phase == OVER:  # nothing resolves after the end (D8.6)
                queue.clear()
                return
            if self._triggered >= MAX_TRIGGERED:
                queue.clear()
                self.trigger_limit()
                return
            fired = queue.pop(0)
            self._triggered += 1
            self.event("trigger", trigger=fired.trigger.key, holder=fired.holder)
            for effect in fired.trigger.effects:
                self.resolve_effect(effect, fired)  # a trigger owes no choice (dsl.py)
                if st.phase == OVER:
                    queue.clear()
                    return

    def trigger_limit(self) -> None:
        """The move has resolved ``MAX_TRIGGERED`` triggered items: what else
        fires is dropped; the log says so once a move."""
        if self._triggered == MAX_TRIGGERED:
            self._triggered += 1
            self.event("trigger_limit", count=MAX_TRIGGERED)

    def token_boxes(self, selector: Selector, item: StackItem) -> list[int]:
        """The boxes a token effect acts on: the area's, or the selected ships'."""
        if selector is Selector.BOXES:
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
        # as a status's (set_status): placed in its owner's own turn, a token
        # lasting until the end of their next turn sees two ends
        two = st.turn == owner and self.rules.tokens[kind].duration is Duration.END_OF_NEXT_TURN
        st.tokens.append(TokenState(kind, box, owner, 2 if two else 1))
        keys.add((kind, box))
        self.event("token", token=kind, box=self.board.name(box))

    def tokens_at_turn(self, seat: int, start: bool) -> None:
        """The start of a player's turn removes their tokens lasting until then;
        its end removes every token lasting this turn and counts one end for
        their tokens lasting until the end of their next turn (as statuses)."""
        st = self.state
        if not st.tokens:
            return
        kinds = self.rules.tokens
        kept, gone = [], []
        for token in st.tokens:
            duration = kinds[token.kind].duration
            if start:
                ends = duration is Duration.START_OF_NEXT_TURN and token.owner == seat
            elif duration is Duration.THIS_TURN:
                ends = True
            elif duration is Duration.END_OF_NEXT_TURN and token.owner == seat:
                token.left -= 1
                ends = token.left == 0
            else:
                ends = False
            (gone if ends else kept).append(token)
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

    # ------------------------------------------------------------------ sinking
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
            self.fire(SUNK, seat, actor)
        self._owed.append((seat, actor))
        ship.sunk = True
        ship.position = None
        ship.statuses = ()  # a status ends when its ship leaves the board (R9.2)
        self.event("sunk", ship=ship.id, by=sinker.id)
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
        rules = self.rules.status_rules
        if rules.at_your_turn_start or rules.at_your_turn_end:
            # a status over this player's turns ends: they have no more turns
            self.statuses_of_giver(seat, rules.at_your_turn_start | rules.at_your_turn_end,
                                   False)
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
            self.statuses_while()
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
                    self.draw(actor, options.sinker_draws)
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
                self.draw(alive[k % len(alive)], 1)

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
        st.floor = 0
        st.sunk_in_chain.clear()
        st.end_turn_pending = False
        self.event("game_over", winner=winner, reason=reason)

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
            st.floor = len(st.stack) - 1

    def open_window(self, item: StackItem) -> None:
        """A round of D5.4 for ``item``: every other player, from the next seat on."""
        st = self.state
        st.asking = [s for s in self.seats_after(item.seat) if not st.ships[s].eliminated]
        st.resolving = False
        st.floor = 0

    def resolve_item(self, item: StackItem) -> bool:
        """Apply an item's effects from where it stopped; False if a choice is owed.

        ``item.pc`` is the next effect; ``item.pending`` the answers its
        effect still owes about ship ``item.recovering`` (an ``Owed``)."""
        st = self.state
        card = self.card_of(item)
        player = st.ships[item.seat].id
        if item.pc == 0 and item.pending == 0:
            if item.cancelled:
                self.event("cancelled", player=player, card=item.card)
                return True
            if self.wasted(item):
                self.event("wasted", player=player, card=item.card)
                return True
            self.event("resolve", player=player, card=item.card)
        effects = card.effects
        while item.pc < len(effects):
            effect = effects[item.pc]
            if not item.pending:
                owed = self.resolve_effect(effect, item)
                if self._queue:  # what it triggered resolves at once (triggers.py)
                    self.flush()
                if st.phase == OVER:
                    return True
                if owed is None:
                    item.pc += 1
                    continue
                item.recovering, item.pending = owed
            if not self.answer_alone(effect, item):
                return False
            item.pc += 1
        return True

    def resolve_effect(self, effect: Effect, item: StackItem | Triggered) -> Owed | None:
        """The one way an effect resolves, whoever holds it (a card on the
        stack, a trigger of a status, ship type or token): its ``if`` is
        tested and its computed amounts counted now (exprs.prepared), then it
        acts through the selectors, then the game is settled (D8.6). What it
        owes (an ``Owed``) or None: done, or skipped by its condition."""
        if effect.computed is not None:  # a condition, computed amounts (exprs)
            ready = prepared(effect, self, item)
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
        seat = item.recovering
        while item.pending > 0:
            options = effect.options(self, seat)
            if not options:
                item.pending = 0
            elif len(options) == 1 or effect.any_order(self, seat, item.pending):
                effect.take(self, seat, options[0])
                item.pending -= 1
            else:
                return False
        return True

    def answer(self, option: str) -> None:
        """The player's answer to the choice the top item's effect owes; once
        the last is given, the resolver goes on with the next effect."""
        item = self.state.stack[-1]
        effect = self.card_of(item).effects[item.pc]
        effect.take(self, item.recovering, option)
        item.pending -= 1
        if item.pending == 0:
            item.pc += 1

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
    def perform(self, move: Move, seat: int) -> None:
        """Carry out a legal move of ``seat`` (listed by moves.MoveGen), then run
        the game on to the next decision."""
        st = self.state
        ship = st.ships[seat]
        kind = move.kind
        self._triggered = 0  # the trigger limit bounds each move
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
                self.fire(TARGETED, move.target, seat)
        elif kind == RECOVER_MOVE:
            self.recover_one(seat, move.source)
            st.recover_left -= 1
        elif kind == END:
            self.finish_turn()
        elif kind == PASS:
            st.asking.pop(0)
            self.event("pass", player=ship.id)
        elif kind == ORDER:
            card = self.rules.orders[move.card]
            st.hands[seat].remove(move.card)
            st.discard.append(move.card)  # R7.3
            if st.known:
                self.forget(seat, move.card)
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
                self.fire(TARGETED, move.target, seat)
        elif kind == DISCARD_MOVE:
            st.hands[seat].remove(move.card)
            st.discard.append(move.card)
            if st.known:
                self.forget(seat, move.card)
            self.event("discard", player=ship.id, card=move.card)
        elif kind == CHOOSE_MOVE:
            self.answer(move.source)
        elif kind == PLACE_MOVE:
            if ship.sunk:
                self.respawn(seat, move.box)  # war (D8.4)
            else:
                self.place(seat, move.box)  # before the first turn (R2.8)
        else:  # pragma: no cover - the generator makes no other kind
            raise AssertionError(kind)
        if self._while:  # a move (its crew, a card played) may end a ``while`` status
            self.statuses_while()
        self.advance()

    def used(self, seat: int, card: CardDef) -> int:
        """A maneuver the ship declares: what it costs now, and a use of the
        statuses that change its cost, or its range or sight if it has one."""
        cost = self.cost(seat, card)
        ship = self.state.ships[seat]
        if self.mods is not None and ship.statuses:
            self.mods.use(ship, ON_MANEUVER + ON_RANGED if card.range is not None
                          else ON_MANEUVER, card=card.id)
        return cost

    def describe(self, move: Move) -> dict[str, object]:
        """What a declaration's log event says of its target, area and path."""
        data: dict[str, object] = {}
        if move.target is not None:
            data["target"] = self.state.ships[move.target].id
        if move.area is not None:
            data["area"] = self.board.name(move.area)
        if move.path:
            data["path"] = [self.board.name(b) for b in move.path]
        return data

    # ------------------------------------------------------------------ turn flow
    def advance(self) -> None:
        """Run the game on until a player must decide."""
        st = self.state
        while True:
            if self._queue:  # triggered items resolve at once (triggers.py)
                self.flush()
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
                    st.floor = 0
                item = st.stack[-1]
                if not self.resolve_item(item):
                    return
                if st.phase == OVER:
                    return
                st.stack.pop()
                if not st.stack:
                    st.resolving = False
                    st.sunk_in_chain.clear()
                    st.floor = 0
                elif len(st.stack) <= st.floor:
                    self.open_window(st.stack[-1])  # the window below goes on
                continue
            if st.end_turn_pending:
                self.finish_turn()
                continue
            if st.phase == RECOVER:
                if st.recover_left > 0 and self.crew_out(st.turn) > 0:
                    return
                st.phase = MAIN
            return

    def finish_turn(self) -> None:
        """End the turn and start the next player's (D6.3), skipping missed turns."""
        st = self.state
        while True:
            self.event("turn_end", player=st.ships[st.turn].id)
            if self._watch and not st.ships[st.turn].sunk:
                self.fire(TriggerEvent.TURN_ENDS, st.turn)
                self.flush()
                if st.phase == OVER:
                    return
            self.statuses_at_turn_end(st.turn)
            if st.tokens:
                self.tokens_at_turn(st.turn, start=False)
            st.end_turn_pending = False
            st.turn_number += 1
            if st.turn_number > self.rules.options.turn_limit:
                self.turn_limit_reached()
                return
            seat = st.turn
            for seat in self.seats_after(st.turn):
                if not st.ships[seat].eliminated:
                    break
            if self.start_turn(seat):
                return

    def start_turn(self, seat: int) -> bool:
        """Begin a turn; False if it ends at once (a ship waiting with no free box)."""
        st = self.state
        ship = st.ships[seat]
        st.turn = seat
        st.orders_played = 0
        st.recover_left = 0
        self.statuses_at_turn_start(seat)  # R9.1: until the start of its player's next turn
        if self._while:
            self.statuses_while()
        if st.tokens:
            self.tokens_at_turn(seat, start=True)
        self.event("turn_start", player=ship.id)
        if st.fired:
            st.fired.clear()  # once per turn: a new turn
        if self._watch and not ship.sunk:
            self.fire(TriggerEvent.TURN_STARTS, seat)
            self.flush()
            if st.phase == OVER:
                return True
        if ship.sunk:  # war: the missed turn (R8.4, D8.4)
            if self.free_start_boxes(seat):
                st.phase = PLACE
                return True
            self.event("wait", ship=ship.id)
            return False
        out = self.crew_out(seat)
        if out:
            st.phase = RECOVER
            st.recover_left = min(self.rules.options.recover, out)
        else:
            st.phase = MAIN
        return True

    def free_start_boxes(self, seat: int) -> list[int]:
        """Where the ship may be placed (R2.8) or respawn (D8.4): the boxes of
        its side's start card that are free (R2.4) and navigable (R2.3; start
        cards are open water, D2.7, but the rule is said where it is used)."""
        occ = self.occupant()
        board = self.board
        side = self.state.ships[seat].side
        return [b for b in board.starts[side] if occ[b] < 0 and not board.is_island(b)]

    # ------------------------------------------------------------------ initial placement
    def placing(self) -> bool:
        """R2.8: the game is in its initial placement (a ship never sunk is to
        be placed), not at a war respawn (D8.4), which shares the place phase."""
        st = self.state
        return st.phase == PLACE and not st.ships[st.turn].sunk

    def unplaced(self) -> int:
        """R2.8: the first seat whose ship is still to be placed, or -1.

        An unplaced ship has no position and is not sunk; only the placement
        phase before the first turn has any."""
        for seat, ship in enumerate(self.state.ships):
            if ship.position is None and not ship.sunk:
                return seat
        return -1

    def next_placement(self) -> None:
        """R2.8: the next ship in seat order is placed; after the last one the
        first turn begins, the first seat's (D6.3)."""
        st = self.state
        seat = self.unplaced()
        if seat < 0:
            self.start_turn(0)
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

