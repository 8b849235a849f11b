"""The read-only rule queries: what a player may do now, asked by the
decision machine (engine/machine.py), the move generator (engine/moves.py), ``explain``
and the effects' expressions, and never changing the state.

Which maneuvers and order cards a player may use (R4.1, R4.4, R7.3, R9.1),
what they cost and reach (R4.1, R4.2), what a ship sees (R4.3), which ships
a card may be declared on (R4.2, D4.7), where a ship moved by a card starts
(D4.6), whether a player may respond at all (D5.4), whose hand is over the
limit (D7.2), where a ship may be placed (R2.8, D8.4), where a token is laid
and when a terrain token is refused (D2.14).

Legality is said once, here: each check is a query that returns a
``Refusal`` (the rule and the words of the language catalogs that say why)
or None. The move generator lists what no query refuses, the response test
asks whether anything is left, and ``explain`` says the first refusal of a
move that is not listed. The listing's loops (``usable``,
``playable_orders``) call the same per-card checks, except for one fast path
of the printed cards (no status, no once-per-game card, no computed cost)
where a check is a comparison of two numbers. The expressions of
the card language (rules/exprs.py) are evaluated against this object: it holds
what they read (``state``, ``board``, ``rules``, ``sight``, ``card_of``,
``crew_out``). Whether a status lasting ``while`` a condition acts now is a
query too (``lasts``, D9.4: ``Conditions``). Nothing here knows any card by
name.

The refusals (engine/refusals.py), what ships see and where they move
(engine/sea_queries.py) and where tokens go (engine/token_queries.py) are
queries of the same object, each in its own module; this one lists what
a player may use and on what, and holds what every query reads.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Callable, Iterator, Mapping, NamedTuple, Sequence

from ..base.kinds import CardKind
from ..model.modifiers import Modifiers
from ..model.ruleset import CardDef, Modifier, TargetKind
from ..model.state import StackItem
from ..rules.exprs import Scope
from .part import Part
from .refusals import RefusalQueries
from .sea_queries import SeaQueries
from .token_queries import TokenQueries

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset, StatusDef
    from ..model.state import GameState
    from ..rules.board import Board
    from ..rules.exprs import Amount
    from .views import LogEntry

MANEUVER, ORDER = CardKind.MANEUVER, CardKind.ORDER
SELF_TARGET, SOURCE_TARGET = TargetKind.SELF, TargetKind.SOURCE
AREA_TARGET, BOX_TARGET, SHIP_TARGET = TargetKind.AREA, TargetKind.BOX, TargetKind.SHIP


def answers(card: CardDef, kind: CardKind | None) -> bool:
    """Whether the card may be used as a response to an item of ``kind``
    (R5.2): a ``response`` card whose ``answers`` take that kind."""
    return card.response and (kind is None or kind in card.answers)


class Conditions:
    """What a status reads to act (D9.4): whether its ``while`` condition
    holds, and the amounts it bounds a number by (D9.14), read on
    ``reader``, rule queries on which no such status acts, so what a
    condition or an amount reads (sight) never depends on one, its own or
    another's, and reading one cannot loop. ``reader`` None: no status has
    a condition nor an amount, or these are that reader's own (none acts)."""

    __slots__ = ("specs", "reader")

    def __init__(self, specs: Mapping[str, StatusDef], reader: RuleQueries | None):
        self.specs = specs
        self.reader = reader

    def lasts(self, seat: int, status: str) -> bool:
        """Whether ship ``seat``'s status ``status`` may act now: it has no
        condition, or its condition holds (self and it: the ship; you: its
        player)."""
        condition = self.specs[status].condition
        if condition is None:
            return True
        return self.reader is not None and condition.holds(self.reader, Scope(seat, it=seat))

    def measure(self, holder: int, seat: int, amount: Amount) -> int | None:
        """The amount a status of ship ``holder`` bounds a number of ship
        ``seat`` by (``limit damage to at most (hull of self - 1)``): self is
        the holder, it the ship it acts on, you the holder's player; None on
        the reader's own queries, where no such bound acts."""
        return None if self.reader is None else amount.value(self.reader,
                                                             Scope(holder, it=seat))


class Holding(NamedTuple):
    """An aura's holder as the item its set is read from (``Ships.seats``):
    ``self`` is the ship that has it; no card resolves, so no target, no
    answered item, no area, nothing dealt."""

    seat: int
    target: None = None
    answers: None = None
    area: None = None
    dealt: int = 0


class Auras:
    """The auras that reach a ship (``affects``, docs/design.md "How the card
    language grows"): each held by a ship on the board, as a status or an
    ability, its set read on ``reader``, rule queries on which no aura and no
    conditional status acts (nothing depends on itself), whenever a rule
    asks: a ship that comes near has it, one that sails away loses it."""

    __slots__ = ("specs", "names", "players", "innate", "reader")

    def __init__(self, rules: Ruleset, types: list, reader: RuleQueries):
        self.specs = rules.statuses
        self.names = rules.status_rules.auras
        self.players = rules.status_rules.players
        self.reader = reader
        # each seat's abilities that are auras
        self.innate = [tuple(self.specs[a] for a in t.abilities if a in self.names)
                       for t in types]

    def on(self, seat: int) -> list[tuple[StatusDef, int]]:
        """The auras whose set holds ship ``seat``, with their holders' seats,
        in seat order of the holders (acting now or not: ``holds`` asks)."""
        reader = self.reader
        ships = reader.state.ships
        if ships[seat].position is None:
            return []
        out = []
        players = self.players
        for holder, ship in enumerate(ships):
            if ship.position is None:  # off the board: only its player's statuses act (D9.8)
                if not players or ship.eliminated:
                    continue
                held = [self.specs[n] for n, _ in ship.statuses if n in players]
            else:
                held = [*self.innate[holder],
                        *(self.specs[n] for n, _ in ship.statuses if n in self.names)]
            for spec in held:
                if spec.affects.has(reader, Holding(holder), seat):
                    out.append((spec, holder))
        return out


def track_sizes(rules: Ruleset, board: Board,
                state: GameState) -> Callable[[int], tuple[int, int]] | None:
    """A seat's repair and breakdown tracks' sizes on ``state`` (D9.15), for
    the validator (engine/validate.py, ``check_state``): rule queries built
    when first asked, on a state whose fields are good; None if no status
    changes a track (each is its ship type's)."""
    if not rules.status_rules.tracks:
        return None
    made: list[RuleQueries] = []

    def sizes(seat: int) -> tuple[int, int]:
        if not made:
            made.append(RuleQueries(rules, board, state, []))
        track = made[0].track
        return track(seat, Modifier.REPAIRS_TRACK), track(seat, Modifier.BREAKDOWNS_TRACK)
    return sizes


class RuleQueries(RefusalQueries, SeaQueries, TokenQueries, Part):
    """The rule queries on one state, with why a move is refused
    (``RefusalQueries``, engine/refusals.py), what ships see and where they
    move (``SeaQueries``, engine/sea_queries.py) and where tokens go
    (``TokenQueries``, engine/token_queries.py). ``_maneuvers`` caches each
    seat's maneuvers by what they may be used for, which never changes;
    ``mods`` the modifier queries, or None when no status modifies
    anything; ``conditions`` what ``lasts`` asks."""

    __slots__ = ("_seats_after", "_limit", "_player_limits", "_hiding", "_seeing", "_cover",
                 "_orders_per_turn",
                 "_computed_costs", "_maneuvers",
                 "mods", "_dormant", "conditions", "_barring", "_tracks")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[LogEntry],
                 seats: Part | None = None, plain: bool = False):
        super().__init__(rules, board, state, log, seats)
        n = len(state.ships)
        self._seats_after = [tuple((seat + k) % n for k in range(1, n)) for seat in range(n)]
        self._limit = rules.options.hand_limit
        # whether a status may change a player's hand limit (else one limit for all)
        self._player_limits = any(s.amount(Modifier.HAND_LIMIT)
                                  for s in rules.statuses.values())
        # whether a status may limit a ship's visibility (D2.18: else every ship is seen)
        self._hiding = any(m is Modifier.VISIBILITY for s in rules.statuses.values()
                           for m, *_ in s.limits)
        # whether a status may let a ship see over islands (D2.20: else none does)
        self._seeing = any(s.sees_over_islands for s in rules.statuses.values())
        # the tokens that are cover (D2.23: none, and sight never asks)
        self._cover = frozenset(k for k, t in rules.tokens.items() if t.cover)
        self._orders_per_turn = rules.options.orders_per_turn
        self._computed_costs = rules.computed_costs
        # seat * 3 + (0 in its turn, 1 answering a maneuver, 2 an order) →
        # [(slot, card)] of the maneuvers of its control card it may use so
        # (``usable``); built when first asked
        self._maneuvers: list[list[tuple[int, CardDef]] | None] = [None] * (3 * n)
        # a condition is read on queries on which no conditional status acts
        # (D9.4: ``plain``, these queries' own reader, reads none)
        # and so is an aura's set (no aura acts on ``plain`` either)
        reader = None if plain or not (rules.status_rules.conditioned or
                                       rules.status_rules.auras or
                                       rules.status_rules.measured) else \
            RuleQueries(rules, board, state, log, self, plain=True)
        self.conditions = Conditions(rules.statuses, reader)
        auras = None if reader is None or not rules.status_rules.auras else \
            Auras(rules, self._types, reader).on
        # the modifier queries, only if a status modifies something (model/modifiers.py)
        self.mods = Modifiers(rules, self._types, self.conditions.lasts, auras,
                              self.conditions.measure) \
            if rules.status_rules.modifying else None
        # the statuses that act only while a condition holds and do not end
        # when it fails (``permanent`` and ``while``): what they forbid asks it
        self._dormant = rules.status_rules.dormant
        # whether any status forbids a class of cards (``barred``; none: never asked)
        self._barring = bool(rules.status_rules.cards)
        # whether a status may change a track's size (D9.15; none: the ship type's)
        self._tracks = bool(rules.status_rules.tracks)

    def repoint(self, state: GameState, log: list[LogEntry]) -> None:
        """Act on another state and log of the same game (undo), the reader
        of conditions too."""
        Part.repoint(self, state, log)
        if self.conditions.reader is not None:
            self.conditions.reader.repoint(state, log)

    def lasts(self, seat: int, status: str) -> bool:
        """Whether ship ``seat``'s status ``status`` acts now: a ``while``
        condition, if it has one, holds (``Conditions``, D9.4)."""
        return self.conditions.lasts(seat, status)

    def occupant(self) -> list[int]:
        """Box → seat of the ship on it, or -1 (R2.4)."""
        occ = [-1] * self.board.size
        for seat, ship in enumerate(self.state.ships):
            if ship.position is not None:
                occ[ship.position] = seat
        return occ

    def seats_after(self, seat: int) -> tuple[int, ...]:
        """Other seats in turn order, starting after ``seat`` (D5.4, D6.3)."""
        return self._seats_after[seat]

    def hand_over_limit(self) -> int:
        """Seat of the first player (from the turn player on) who must discard, or -1."""
        st = self.state
        limit = self._limit
        hands = st.hands
        if self._player_limits:  # a status changes some player's limit (rules/parameters.py)
            for seat in (st.turn, *self._seats_after[st.turn]):
                if len(hands[seat]) > self.hand_limit(seat):
                    return seat
            return -1
        for hand in hands:  # nearly always none is over: a plain loop, a third
            if len(hand) > limit:  # of ``max(map(len, hands))``'s time
                break
        else:
            return -1
        if len(hands[st.turn]) > limit:
            return st.turn
        for seat in self._seats_after[st.turn]:
            if len(hands[seat]) > limit:
                return seat
        return -1

    def hand_limit(self, seat: int) -> int:
        """The most order cards ``seat``'s player may hold (R7.2): the rule
        option, as its ship's statuses, abilities and auras change it."""
        if self.mods is None:
            return self._limit
        return self.mods.player(self.state.ships[seat], seat, Modifier.HAND_LIMIT, self._limit)

    def track(self, seat: int, name: str) -> int:
        """The size of ship ``seat``'s track ``name`` now (``repairs track`` or
        ``breakdowns track``, D9.15): its ship type's, as its statuses,
        abilities and auras change it. The one reader of a track's size: the
        damage's conversion (R3.1), a regain's cap (R3.4), the quantities,
        the validator, the pictures, the observation and the bots ask it."""
        spec = self._types[seat]
        base = spec.repairs if name == Modifier.REPAIRS_TRACK else spec.breakdowns
        if not self._tracks:
            return base
        return self.mods.track(self.state.ships[seat], seat, Modifier(name), base)

    def recover(self, seat: int) -> int:
        """The crew ``seat``'s player recovers at the start of its turn, at
        most (R6.1): the rule option, as what acts on its ship changes it."""
        base = self.rules.options.recover
        if self.mods is None:
            return base
        return self.mods.player(self.state.ships[seat], seat, Modifier.RECOVER, base)

    def card_of(self, item: StackItem) -> CardDef:
        """The card a stack item was declared with, as its mode plays it; of a
        triggered item that asks (D4.16), its trigger (its effects)."""
        kind = item.kind
        if kind == MANEUVER:
            cards = self.rules.maneuvers
        elif kind == ORDER:
            cards = self.rules.orders
        else:
            return self.rules.trigger_index.keyed(item.card)  # type: ignore[return-value]
        card = cards[item.card]
        if item.chosen is not None:  # its mode and its amount (D4.15, D4.19)
            return card.played(item.mode, item.chosen)
        return card if item.mode is None else card.in_mode(item.mode)  # D4.15


    # ------------------------------------------------------------ listings
    def usable(self, seat: int, responding: bool) -> list[tuple[int, CardDef]]:
        """Maneuvers the ship may declare now (R4.1, R4.4, R9.1), with their
        slot: those no refusal forbids (``maneuver_refusal``)."""
        ship = self.state.ships[seat]
        if ship.position is None:
            return []
        if ship.statuses and self.maneuvers_refusal(seat, responding) is not None:
            return []
        answering = self.answering() if responding else None
        key = 3 * seat + (1 + (answering == ORDER) if responding else 0)
        cards = self._maneuvers[key]
        if cards is None:
            cards = self._maneuvers[key] = [
                (i, card) for i, slot in enumerate(
                    self.rules.maneuvers[name] for name in self._types[seat].maneuvers)
                for card in slot.listed_ways  # each way its player chooses with it (D4.15)
                # a card answering the answered item needs a stack (D4.7)
                if (answers(card, answering) if responding
                    else card.target.kind is not SOURCE_TARGET)]
        crew_on, reserve = ship.crew_on, ship.reserve
        mods = self.mods
        if self.state.spent or self._computed_costs or self.rules.guarded or (
                mods is not None and mods.active(ship, seat)) or (
                self._barring and ship.statuses):
            return [(i, card) for i, card in cards
                    if self.slot_refusal(seat, i, card, responding) is None]
        # the printed cards: ``slot_refusal`` is then these two comparisons
        return [(i, card) for i, card in cards if not crew_on[i] and card.cost <= reserve]

    def answering(self) -> CardKind | None:
        """The kind of item a response would answer now: the top of the stack's."""
        stack = self.state.stack
        return stack[-1].kind if stack else None

    def may_use(self, card: CardDef, seat: int, responding: bool) -> bool:
        """Whether the card's ``usable if`` condition holds for ``seat`` now."""
        if card.usable is None:
            return True
        answers = len(self.state.stack) - 1 if responding else None
        return card.usable.holds(self, Scope(seat, None, answers, chosen=card.chosen or 0))

    def allowed_targets(self, card: CardDef, seat: int, targets: list,
                        responding: bool) -> list:
        """The ``targets`` the card's target filter lets through (``target enemy ship``)."""
        flt = card.target.filter
        if flt is None:
            return targets
        answers = len(self.state.stack) - 1 if responding else None
        scope = Scope(seat, None, answers, chosen=card.chosen or 0)
        return [t for t in targets if t is not None and flt.accepts(self, scope, t)]

    def spent(self, seat: int, card_id: str) -> bool:
        """Whether the player has used its once-per-game card ``card_id``."""
        return any(s.seat == seat and s.card == card_id for s in self.state.spent)

    def playable_orders(self, seat: int, responding: bool) -> list[CardDef]:
        """The order cards of the hand the player may play now (R7.3): in its
        main phase, any card while the turn's orders last; as a response
        (``response`` cards only, answering the top item's kind: ``answers``),
        whatever the turn has played. Never one a status forbids, one used
        once per game already, one that answers an item with no item to
        answer, nor one whose ``usable if`` fails; no response from a ship off
        the board (``orders_refusal``, ``order_card_refusal``). The response
        test asks the same list, so a player whose only response card may not
        be used now is not asked (D5.4)."""
        st = self.state
        if self.orders_refusal(seat, responding) is not None:
            return []
        out = []
        orders = self.rules.orders
        for card_id in sorted(set(st.hands[seat])) if responding else set(st.hands[seat]):
            held = orders.get(card_id)
            if held is None:
                continue
            # each mode its player chooses with the card (D4.15; not D4.17's)
            for way in (held,) if held.modes_by is not None else held.modes or (held,):
                for card in way.amounts or (way,):  # each amount it may choose (D4.19)
                    if self.order_card_refusal(seat, card, responding) is None \
                            and (card.usable is None or self.may_use(card, seat, responding)) \
                            and (card.chosen is None
                                 or self.amount_refusal(seat, card, responding) is None):
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

    def card_targets(self, seat: int, card: CardDef, responding: bool,
                     sight: list[tuple[int, int]] | None,
                     on_board: list[int | None] | None = None) -> tuple[list, list]:
        """The ships ``card`` of ``seat`` may target now, and those its
        second target may be (the same but for the target filter, D4.14).
        A maneuver's: ``maneuver_targets``, from ``sight`` (which a card on
        its own ship needs not). An order card's: those ``order_targets``
        names (``on_board``: its list for a card on any ship, looked up once
        by a caller asking for several cards) but those a status or ability
        hides from the card (D9), then those its filter lets through
        (``target enemy ship``). No ships for a box or an area, whose
        choices are boxes (``card_choices``)."""
        tk = card.target.kind
        if tk is AREA_TARGET or tk is BOX_TARGET:
            return [], []
        if card.kind != ORDER:
            targets = self.maneuver_targets(seat, card, sight or [])
            if card.second is None:
                return targets, targets
            return targets, self.maneuver_targets(seat, card, sight or [], filtered=False)
        targets = on_board if on_board is not None and tk is SHIP_TARGET \
            else self.order_targets(card)
        if self.mods is not None and tk is not SELF_TARGET:
            targets = [t for t in targets if self.targetable(seat, t, card)]
        reachable = targets
        if card.target.filter is not None:  # `target enemy ship` (rules/exprs.py)
            targets = self.allowed_targets(card, seat, targets, responding)
        return targets, reachable

    def card_choices(self, seat: int, card: CardDef, targets: Sequence[int | None],
                     reachable: Sequence[int | None]) -> Iterator[tuple[int | None, int | None,
                                                                   tuple[int, ...]]]:
        """What ``card`` of ``seat`` may be played on now, one choice at a
        time, as its moves name it: (target ship, box, ships named), from
        ``card_targets``: each target; each set of a counted target (D4.13);
        each target with a second (D4.14); each box (D4.11, D2.15, R9) or
        area (D7.5, D2.19). The move generator writes a move of each, the
        response test asks whether one is legal (``has_move``)."""
        target = card.target
        tk = target.kind
        if tk is AREA_TARGET:
            board = self.board
            w, h, cards = target.width, target.height, target.map_card
            for box in range(board.size):
                if board.area(box, w, h) and (not cards or board.map_corner(box)):
                    yield None, box, ()
        elif tk is BOX_TARGET:
            if card.jumps and self.movement_refusal(seat) is not None:
                return  # a status forbids moving the ship (R9)
            closed = self.closed_to(seat) if card.jumps and self.state.tokens else 0
            for box in target.boxes.boxes(self, seat):  # type: ignore[union-attr]
                if not closed >> box & 1:  # a jump enters no blockade's box (D2.15)
                    yield None, box, ()
        elif target.counted:
            ships = sorted(targets)  # type: ignore[type-var]
            for size in range(target.least, min(target.most, len(ships)) + 1):
                for named in combinations(ships, size):
                    yield named[0], None, named
        elif card.second is not None:
            reach = set(reachable)
            st = self.state
            answers = len(st.stack) - 1 if st.stack else None
            for first in sorted(targets):  # type: ignore[type-var]
                item = StackItem(card.id, card.kind, seat, first, answers=answers,
                                 mode=card.mode, chosen=card.chosen)
                if card.second_optional:
                    yield first, None, (first,)
                for second in card.second.seats(self, item):
                    if second != first and second in reach:
                        yield first, None, (first, second)
        else:
            for one in targets:
                yield one, None, ()

    def cost(self, seat: int, card: CardDef) -> int:
        """The crew a maneuver costs the ship now (R4.1): its cost, or for
        ``cost (AMOUNT)`` the amount counted for the using ship (``self``);
        changed by the ship's statuses and abilities; at least 1."""
        base = card.cost
        if card.computed_cost is not None:
            base = max(1, card.computed_cost.value(self, Scope(seat, chosen=card.chosen or 0)))
        if self.mods is None:
            return base
        return self.mods.cost(self.state.ships[seat], seat, card, base)

    def reach(self, seat: int, card: CardDef) -> int:
        """How far a maneuver of the ship reaches now: its range, changed by
        the ship's statuses and abilities (R4.2)."""
        if self.mods is None:
            return card.range
        return self.mods.reach(self.state.ships[seat], seat, card)

    def targetable(self, seat: int, target: int, card: CardDef) -> bool:
        """Whether ``card`` of the ship's player may target ``target``: no
        status or ability of it forbids it (a ship's own player's cards always may)."""
        mods = self.mods
        return mods is None or target == seat or mods.hidden_by(
            self.state.ships[target], target, card, self.sides[seat] != self.sides[target]) \
            is None

    def maneuver_targets(self, seat: int, card: CardDef, sight: list[tuple[int, int]],
                         filtered: bool = True) -> list[int | None]:
        """The targets a usable maneuver may be declared on now: None for a card
        on its own ship, else the ships in the visual field within its range
        (R4.2, R4.3), or only the answered item's ship (D4.7); those its
        target filter lets through, unless not ``filtered`` (a second
        target's reach, D4.14); a card that sees over islands looks again
        (D2.12)."""
        tk = card.target.kind
        if tk is SELF_TARGET:
            return [None]
        if card.over_islands:
            sight = self.sight(seat, True)
        if self.mods is None:
            targets: list[int | None] = self.visible_targets(seat, card.range, sight)
        else:
            targets = [t for t in self.visible_targets(seat, self.reach(seat, card), sight)
                       if self.targetable(seat, t, card)]
        if tk is SOURCE_TARGET:
            source = self.state.stack[-1].seat
            targets = [source] if source in targets else []
        if filtered and card.target.filter is not None:
            return self.allowed_targets(card, seat, targets, tk is SOURCE_TARGET or
                                        bool(self.state.stack))
        return targets

    def can_respond(self, seat: int) -> bool:
        """D5.4: a player with no legal response is never asked. A response
        card counts where it has a legal move now (``has_move``)."""
        sight: list[tuple[int, int]] | None = None
        for _, card in self.usable(seat, True):
            if sight is None and card.target.kind is not SELF_TARGET and \
                    card.target.kind is not BOX_TARGET:
                sight = self.sight(seat)  # one look, only if needed
            if self.has_move(seat, card, *self.card_targets(seat, card, True, sight)):
                return True
        if not self.rules.response_orders:
            return False
        return any(self.has_move(seat, card, *self.card_targets(seat, card, True, None))
                   for card in self.playable_orders(seat, True))

    def has_move(self, seat: int, card: CardDef, targets: Sequence[int | None],
                 reachable: Sequence[int | None]) -> bool:
        """Whether ``card`` of ``seat`` has a legal move now on one of its
        choices (``card_choices`` of ``targets`` and ``reachable``): one
        with somewhere to go, for a card that moves a ship (D4.6), and where
        a token would be laid, for a card that only lays terrain tokens
        (D2.14). What the move generator lists, asked without writing it."""
        moves = card.path_effect is not None
        for target, box, named in self.card_choices(seat, card, targets, reachable):
            if moves:
                walk = self.path_start(card, seat, target)
                if walk is not None and not (walk and self.board.can_move(*walk)):
                    continue
            if self.placement_refusal(seat, card, target, box, named) is None:
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

