"""Expressions of the card language: quantities, amounts, conditions, filters
and sets of ships or players (docs/design.md, "Expressions").

One small language serves four needs: a card that may be used only when a
condition holds (``usable if``), an effect that happens only when one holds
(``if``), a number computed when the effect resolves (``damage (distance)``),
and the ships a card may target or an effect acts on (``target enemy ship``,
``each enemy ship in sight within 2``). Each piece is a frozen attrs object
the compiler builds and the engine evaluates against a ``Scope``: who plays
the card, its target, the item it answers and, inside a filter, the ship
being tested (``it``). Printed cards use none of them, so they compile to
plain numbers and the selectors of rules/effects.py and cost nothing more.

It is one module of some 700 lines because its pieces nest in each other
(a filter holds conditions, a condition amounts, an amount quantities, a
quantity a set of ships) and are read by one evaluator protocol (``Reader``):
split, each part would import the others.

Its length is the language's vocabulary: every expression class beside its
evaluation, so a reader finds what a word means and how it is read in one
place (next to split: quantities, conditions and sets of ships apart).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import attrs

from ..base.kinds import Side
from .card_classes import Trait, has_trait
from .parameters import TRACKS

REPAIRS_TRACK, BREAKDOWNS_TRACK = TRACKS

if TYPE_CHECKING:
    from .board import Board


#: The words of a class of cards a test of the answered item takes (``answered is damaging``).
TRAITS = frozenset(t.value for t in Trait)


class Reader(Protocol):
    """What an expression reads of a game: the read-only rule queries
    (engine/queries.py, ``RuleQueries``) are one. The state and the ruleset are typed
    loosely: their modules (model/state.py, model/ruleset.py) hold expressions, so naming
    their classes here would close a circle of imports."""

    state: Any  # a GameState
    board: Board
    rules: Any  # a Ruleset
    log: Any  # the game's log, a list of engine.views.LogEntry: what tallies count

    def sight(self, seat: int) -> list[tuple[int, int]]: ...
    def seen_positions(self, seat: int, origin: int | None = None) -> list[int | None]: ...
    def card_of(self, item: Any) -> Any: ...
    def crew_out(self, seat: int) -> int: ...
    def crew_on(self, seat: int, maneuver: str) -> int: ...
    def track(self, seat: int, name: str) -> int: ...
    def reach(self, seat: int, card: Any) -> int: ...
    def cost(self, seat: int, card: Any) -> int: ...


class Subject(str, enum.Enum):
    """Whom a quantity or a test is about."""

    SELF = "self"          # the ship that plays the card (its player: "you")
    TARGET = "target"      # the card's target ship (its player)
    SOURCE = "source"      # the ship that performed the answered item
    ANSWERED_TARGET = "answered target"  # the answered item's target ship (D5.5)
    ANSWERED = "answered"  # the answered item itself: its card's numbers (D5.8)
    IT = "it"              # in a filter: the ship being tested
    HERE = "here"          # a token's box, in its trigger (D9.11): a box, never a ship
    YOU = "you"            # the card's player (same seat as self)
    ENEMY = "enemy"        # the enemy side (score, cards in hand: the side's total)
    FRIENDLY = "friendly"  # the card's player's side
    DEFAULT = "default"    # none written: it in a filter, else the target for a
    #                        distance and the card's ship (its player) otherwise


class Quantity(str, enum.Enum):
    """A number read from the game when an expression is evaluated."""

    REPAIRS = "repairs"                      # a ship's repairs left (R3.1)
    BREAKDOWNS = "breakdowns"                # a ship's breakdown cubes left (R3.1)
    REPAIRS_MISSING = "repairs missing"      # repairs it lacks to a full track
    BREAKDOWNS_MISSING = "breakdowns missing"  # breakdown cubes it lacks to a full track
    RESERVE = "crew in reserve"              # crew in its reserve (R1.3)
    CREW_OUT = "crew out"                    # crew on maneuvers or withdrawn (R6.1)
    DISTANCE = "distance"                    # boxes from the card's ship, diagonals 1 (R2.5)
    MAP_DISTANCE = "distance in map cards"   # map cards apart, diagonals 1 (D2.25)
    SHIPS_IN_SIGHT = "ships in sight"        # ships in its visual field (R4.3)
    HAND = "cards in hand"                   # order cards of a player, or of a side
    SCORE = "score"                          # victory points of a side (R8.3)
    TURN = "turn"                            # the turn number, from 1
    # -- the numbers every part of the state holds (docs/design.md, "Numbers")
    WITHDRAWN = "crew withdrawn"             # crew in its withdrawn pile (R3.5)
    CREW_ON = "crew on"                      # crew on its maneuvers, or on one (``Measure.card``)
    COUNT = "count"                          # the times it holds a status (``Measure.card``, D9.9)
    REPAIRS_TRACK = "repairs track"          # the size of its repairs track (its ship type's)
    BREAKDOWNS_TRACK = "breakdowns track"    # the size of its breakdowns track
    CREW_TRACK = "crew track"                # its crew in all (R1.3)
    HULL = "hull"                            # repair damage it can still take (R3.1): repairs + a full track per breakdown
    DECK = "cards in deck"                   # order cards in the deck (of the game)
    DISCARDS = "cards in discards"           # order cards in the discards (of the game)
    # -- tallies: what happened, read from the game's log (``Period``)
    SHIPS_LOST = "ships lost"                # ships of a side that sank
    SHIPS_SUNK = "ships sunk"                # ships of the other side that a side's ships sank
    # -- results: what an earlier effect of the resolving card did
    DEALT = "damage dealt"                   # the repair damage its last damage effect dealt
    LEFT_OVER = "damage left over"           # what that damage did not need to sink its ships
    # -- a choice: the amount chosen with the card (``choose amount``, D4.19)
    CHOSEN = "chosen"                        # the amount chosen with the card (D4.19)
    # -- the numbers of the answered item's card, for its ship now (D5.8)
    RANGE = "range"                          # how far it reaches (R4.2): 0 without a range
    COST = "cost"                            # the crew it costs (R4.1): 0 for an order card


class Period(str, enum.Enum):
    """How far back a tally counts: the turn being played, or the whole game
    (from the first turn the log holds)."""

    TURN = "this turn"
    GAME = "this game"


#: Quantities of a ship; the others are of a player or side (HAND, SCORE,
#: the tallies of ships) or of the game (TURN, DECK, DISCARDS).
SHIP_QUANTITIES = frozenset({Quantity.REPAIRS, Quantity.BREAKDOWNS, Quantity.REPAIRS_MISSING,
                             Quantity.BREAKDOWNS_MISSING, Quantity.RESERVE, Quantity.CREW_OUT,
                             Quantity.DISTANCE, Quantity.MAP_DISTANCE,
                             Quantity.SHIPS_IN_SIGHT, Quantity.WITHDRAWN,
                             Quantity.CREW_ON, Quantity.REPAIRS_TRACK,
                             Quantity.BREAKDOWNS_TRACK, Quantity.CREW_TRACK, Quantity.HULL})
#: The distances between two ships: in boxes (R2.5), in map cards (D2.25).
DISTANCES = frozenset({Quantity.DISTANCE, Quantity.MAP_DISTANCE})
#: Quantities of nobody: the game's, and the resolving card's results (RESULTS).
RESULTS = frozenset({Quantity.DEALT, Quantity.LEFT_OVER})
GAME_QUANTITIES = frozenset({Quantity.TURN, Quantity.DECK, Quantity.DISCARDS, *RESULTS,
                             Quantity.CHOSEN})
#: Quantities that count what happened (the log), over a ``Period``, of a side.
TALLIED = frozenset({Quantity.SHIPS_LOST, Quantity.SHIPS_SUNK})
#: The quantities of the "Numbers" block of the design (their text: text/values.py).
VALUES = frozenset({Quantity.WITHDRAWN, Quantity.CREW_ON, Quantity.COUNT,
                    Quantity.REPAIRS_TRACK,
                    Quantity.BREAKDOWNS_TRACK, Quantity.CREW_TRACK, Quantity.HULL,
                    Quantity.DECK, Quantity.DISCARDS, *RESULTS, *TALLIED,
                    Quantity.RANGE, Quantity.COST})
#: The subjects that name a side, not a ship: only for HAND, SCORE and the tallies.
SIDE_SUBJECTS = frozenset({Subject.ENEMY, Subject.FRIENDLY})
#: The numbers of a card (of the answered item, D5.8), beside those of ships.
CARD_NUMBERS = frozenset({Quantity.RANGE, Quantity.COST})
#: The subjects only a response has: what it answers, read of its item (R5.2).
ANSWERED_SUBJECTS = frozenset({Subject.SOURCE, Subject.ANSWERED_TARGET, Subject.ANSWERED})


class Cmp(str, enum.Enum):
    """A comparison of two amounts."""

    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="
    EQ = "="
    NE = "!="


class Adjective(str, enum.Enum):
    """A word of a filter that is not a ship type or a status (those are declared)."""

    ANY = "any"            # no restriction
    ENEMY = "enemy"        # of the other side
    FRIENDLY = "friendly"  # of the card's player's side, its own ship included
    OWN = "own"            # the card's own ship
    OTHER = "other"        # any ship but the card's own
    DAMAGED = "damaged"    # repairs or breakdowns below the track


class Place(str, enum.Enum):
    """Where a set of ships is looked for."""

    BOARD = "board"   # every ship on the board
    SIGHT = "sight"   # the card's ship's visual field (R4.3)
    AREA = "area"     # the area chosen with the card (D7.5)
    # straight lines from the ship or box ``within`` counts from (D2.10)
    LINE = "line"            # all 8 lines
    ROW = "row"              # across
    COLUMN = "column"        # up and down
    DIAGONAL = "diagonal"    # the 4 diagonals

    @property
    def is_line(self) -> bool:
        """Whether it is straight lines from a ship or a box (D2.10)."""
        return self in LINES


LINES = (Place.LINE, Place.ROW, Place.COLUMN, Place.DIAGONAL)


class Scope(NamedTuple):
    """What an expression is evaluated about: the card's seat, its target
    seat, the index of the stack item it answers, the ship tested (``it``)
    and, for a triggered item, the ship that caused its event (``actor``:
    its ``source``, as the ``source`` selector reads it)."""

    seat: int
    target: int | None = None
    answers: int | None = None
    it: int | None = None
    actor: int | None = None
    dealt: int = 0  # what the item's last damage effect dealt (``damage dealt``)
    box: int | None = None  # ``here``: the box of the token whose trigger resolves (D9.11)
    rolled: int = 0  # the item's roll (``chance N in M``, D4.18): 1 to M, 0 before it rolls
    left_over: int = 0  # what its last damage effect did not need (``damage left over``)
    chosen: int = 0  # the amount chosen with the card (``chosen``, D4.19); 0: none
    # for a triggered item, the ship its event happened to and the box it was
    # on then, which it is measured from once it has sunk (``position``, D9.16)
    wreck: tuple[int, int] | None = None

    @classmethod
    def of_item(cls, item) -> Scope:
        """The scope of an item as it resolves: a stack item, or a triggered
        item (engine.Triggered: no answered item, maybe an actor, and a
        token's box), with its roll (D4.18) once it has one and the amount
        chosen with its card (D4.19), and the box its event's ship was on
        (``wreck``, D9.16)."""
        actor = getattr(item, "actor", None)  # -1 or None: no ship caused its event
        token = getattr(item, "token", None)
        wreck = getattr(item, "wreck", None)
        return cls(item.seat, item.target, item.answers, None,
                   actor if actor is not None and actor >= 0 else None,
                   item.dealt, None if token is None else token[1], getattr(item, "rolled", 0),
                   getattr(item, "left_over", 0), getattr(item, "chosen", None) or 0,
                   None if wreck is None or item.target is None else (item.target, wreck))


def ship_of(subject: Subject, eng: Reader, scope: Scope) -> int | None:
    """The seat a ship subject names, or None when there is none."""
    if subject is Subject.SELF or subject is Subject.YOU:
        return scope.seat
    if subject is Subject.TARGET:
        return scope.target
    if subject is Subject.IT:
        return scope.it
    if subject is Subject.SOURCE:
        if scope.answers is None:
            return scope.actor
        if scope.answers >= len(eng.state.stack):
            return None
        return eng.state.stack[scope.answers].seat
    if subject is Subject.ANSWERED_TARGET:
        if scope.answers is None or scope.answers >= len(eng.state.stack):
            return None
        return eng.state.stack[scope.answers].target
    return None


def answered_targets(stack: list, answers: int | None) -> list[int]:
    """Every ship the answered item targets (D5.5): its several targets or its
    target and second target (D4.13, D4.14), else its one target; none for
    an item with no target ship, or none answered."""
    if answers is None or answers >= len(stack):
        return []
    item = stack[answers]
    if item.targets:
        return list(item.targets)
    return [] if item.target is None else [item.target]


def position(eng: Reader, scope: Scope, seat: int | None) -> int | None:
    """The box an expression measures ship ``seat`` from: the box it is on;
    for the ship a triggered item's event happened to, once it has sunk, the
    box it sank on (D9.16), though it is on the board no more; else None
    off the board (D9.3)."""
    if seat is None:
        return None
    box = eng.state.ships[seat].position
    if box is None and scope.wreck is not None and scope.wreck[0] == seat:
        return scope.wreck[1]
    return box


def distance(eng: Reader, a: int | None, b: int | None) -> int | None:
    """Boxes between two boxes, counting diagonal steps as one (R2.5)."""
    if a is None or b is None:
        return None
    w = eng.board.width
    return max(abs(a % w - b % w), abs(a // w - b // w))


def map_distance(eng: Reader, a: int | None, b: int | None) -> int | None:
    """Map cards between the map cards of two boxes, counting diagonal steps
    as one (D2.25: the 2×2 cards laid from a1, D2.7); 0 on one map card."""
    if a is None or b is None:
        return None
    w = eng.board.width
    return max(abs(a % w // 2 - b % w // 2), abs(a // w // 2 - b // w // 2))


def _side_of(subject: Subject, eng: Reader, scope: Scope) -> str | None:
    mine = eng.state.ships[scope.seat].side
    if subject is Subject.FRIENDLY:
        return mine
    if subject is Subject.ENEMY:
        return Side.RED if mine == Side.BLUE else Side.BLUE
    seat = ship_of(subject, eng, scope)
    return None if seat is None else eng.state.ships[seat].side


@attrs.frozen
class Measure:
    """A quantity about a subject: ``repairs of target``, ``turn``, ``crew on
    torpedo of self`` (``card``: the maneuver, "" for all of them), ``ships
    lost of friendly this game`` (``period``: how far back a tally counts)."""

    quantity: Quantity
    subject: Subject
    card: str = ""
    period: Period | None = None
    origin: Subject = Subject.DEFAULT
    """For a distance: where it is measured from (``distance from it to
    here``, D9.13); DEFAULT: the card's ship."""

    def value(self, eng: Reader, scope: Scope) -> int:
        """Its value now, 0 where it has none (``read``)."""
        found = self.read(eng, scope)
        return 0 if found is None else found

    def read(self, eng: Reader, scope: Scope) -> int | None:
        """Its value now. D9.3: a ship off the board (sunk, not yet placed)
        or absent (no target, no answered item) counts 0, sees no ship, and
        is at no distance from anything: a distance to or from it is None."""
        q = self.quantity
        st = eng.state
        if q in GAME_QUANTITIES:
            return st.turn_number if q is Quantity.TURN else scope.dealt \
                if q is Quantity.DEALT else scope.left_over if q is Quantity.LEFT_OVER \
                else scope.chosen if q is Quantity.CHOSEN \
                else len(st.deck) if q is Quantity.DECK else len(st.discard)
        if q in CARD_NUMBERS:
            return _card_number(q, eng, scope)
        subject = self.subject
        apart = map_distance if q is Quantity.MAP_DISTANCE else distance
        if q in DISTANCES and (self.origin is not Subject.DEFAULT or subject is Subject.HERE):
            return apart(eng, _box_of(self.origin, eng, scope), _box_of(subject, eng, scope))
        if subject is Subject.DEFAULT:
            subject = Subject.IT if scope.it is not None else \
                Subject.TARGET if q in DISTANCES else Subject.SELF
        if q is Quantity.SCORE or q in TALLIED or (q is Quantity.HAND and subject in SIDE_SUBJECTS):
            side = _side_of(subject, eng, scope)
            if side is None:
                return 0
            if q is Quantity.SCORE:
                return st.score[side]
            if q in TALLIED:
                return _ships_tally(q, side, self.period, eng)
            return sum(len(st.hands[s]) for s, ship in enumerate(st.ships) if ship.side == side)
        seat = ship_of(subject, eng, scope)
        if seat is None:
            return None if q in DISTANCES else 0
        if q is Quantity.HAND:
            return len(st.hands[seat])
        ship = st.ships[seat]
        if q in DISTANCES:
            return apart(eng, position(eng, scope, scope.seat), position(eng, scope, seat))
        if q is Quantity.COUNT:  # a counter, a player's kept while its ship is off (D9.8, D9.9)
            return next((life.count for name, life in ship.statuses if name == self.card), 0)
        if ship.position is None:
            return 0
        spec = eng.rules.ships[ship.type]
        if q is Quantity.REPAIRS:
            return ship.repairs
        if q is Quantity.BREAKDOWNS:
            return ship.breakdowns
        if q is Quantity.REPAIRS_MISSING:
            return eng.track(seat, REPAIRS_TRACK) - ship.repairs
        if q is Quantity.BREAKDOWNS_MISSING:
            return eng.track(seat, BREAKDOWNS_TRACK) - ship.breakdowns
        if q is Quantity.RESERVE:
            return ship.reserve
        if q is Quantity.CREW_OUT:
            return eng.crew_out(seat)
        if q is Quantity.WITHDRAWN:
            return ship.withdrawn
        if q is Quantity.CREW_ON:
            return eng.crew_on(seat, self.card) if self.card else sum(ship.crew_on)
        if q is Quantity.REPAIRS_TRACK:
            return eng.track(seat, REPAIRS_TRACK)
        if q is Quantity.BREAKDOWNS_TRACK:
            return eng.track(seat, BREAKDOWNS_TRACK)
        if q is Quantity.CREW_TRACK:
            return spec.crew
        if q is Quantity.HULL:  # a breakdown is a full repair track (R3.1, D9.15)
            return ship.repairs + ship.breakdowns * eng.track(seat, REPAIRS_TRACK)
        return len(eng.sight(seat))  # SHIPS_IN_SIGHT

    def subjects(self) -> set[Subject]:
        """The subjects it reads (the compiler checks the card has them)."""
        if self.quantity in GAME_QUANTITIES:
            return set()
        return {self.subject, self.origin} - {Subject.DEFAULT}

    def __str__(self) -> str:
        if self.origin is not Subject.DEFAULT:  # D9.13: only where a card has one
            return f"distance from {self.origin.value} to {self.subject.value}"
        name = self.quantity.value
        if self.quantity is Quantity.COUNT:  # D9.9
            return f"number of {self.card} on {self.subject.value}"
        if self.quantity is Quantity.CREW_ON:
            name += " " + (self.card or "maneuvers")
        if self.quantity not in GAME_QUANTITIES and self.subject is not Subject.DEFAULT:
            name += f" of {self.subject.value}"
        return name if self.period is None else f"{name} {self.period.value}"


def _card_number(q: Quantity, eng: Reader, scope: Scope) -> int:
    """A number of the answered item's card for its ship now (D5.8): its reach
    with the ship's statuses, or the crew it costs the ship; 0 for a card
    without one (an order card's cost, a card on its own ship's range) and
    with no item answered."""
    if scope.answers is None or scope.answers >= len(eng.state.stack):
        return 0
    item = eng.state.stack[scope.answers]
    card = eng.card_of(item)
    if getattr(card, "kind", None) != "maneuver":  # an order card, a trigger's item
        return 0
    if q is Quantity.RANGE:
        return 0 if card.range is None else eng.reach(item.seat, card)
    return eng.cost(item.seat, card)


def _this(period: Period | None, eng: Reader):
    """The kind and data of each event of the log a tally over ``period``
    counts, latest first (the log's entries: ``(kind, turn, data)``)."""
    turn = eng.state.turn_number
    for kind, at, data in reversed(eng.log):
        if period is Period.TURN and at != turn:
            return
        yield kind, data


def _ships_tally(q: Quantity, side: str, period: Period | None, eng: Reader) -> int:
    """Ships of ``side`` that sank (``SHIPS_LOST``), or ships of the other side
    that ``side``'s ships sank (``SHIPS_SUNK``), over ``period``: each sinking
    counts, so a ship sunk twice in war counts twice (R8.4)."""
    sides = {ship.id: ship.side for ship in eng.state.ships}
    if q is Quantity.SHIPS_LOST:
        return sum(1 for kind, e in _this(period, eng)
                   if kind == "sunk" and sides[e["ship"]] == side)
    return sum(1 for kind, e in _this(period, eng) if kind == "sunk"
               and sides[e["by"]] == side and sides[e["ship"]] != side)


#: The log's events of a card used: a maneuver on its turn, a response, an order card.
USES = frozenset({"use", "respond", "order"})


@attrs.frozen
class Tally:
    """``CLASS used by SUBJECT PERIOD``: how many cards of a class a ship (its
    player), or a side, declared over a period, read from the game's log
    (``damaging maneuvers used by self this turn``). A card counts when it
    is declared, whether it then resolved, was cancelled or was wasted; the
    card being resolved counts itself."""

    cards: Any  # a card_classes.CardClass (its words, checked by the compiler)
    subject: Subject
    period: Period

    def value(self, eng: Reader, scope: Scope) -> int:
        """Its value now."""
        return self.read(eng, scope)

    def read(self, eng: Reader, scope: Scope) -> int:
        """Its value now: a count is never missing, at worst 0."""
        st = eng.state
        if self.subject in SIDE_SUBJECTS:
            side = _side_of(self.subject, eng, scope)
            who = {ship.id for ship in st.ships if ship.side == side}
        else:
            seat = ship_of(Subject.SELF if self.subject is Subject.DEFAULT else self.subject,
                           eng, scope)
            if seat is None:
                return 0
            who = {st.ships[seat].id}
        card = eng.rules.card
        return sum(1 for kind, e in _this(self.period, eng)
                   if kind in USES and e["player"] in who and self.cards.covers(card(e["card"])))

    def subjects(self) -> set[Subject]:
        """The ship it counts the cards of, if one."""
        return set() if self.subject in SIDE_SUBJECTS or self.subject is Subject.DEFAULT \
            else {self.subject}

    def __str__(self) -> str:
        return f"{self.cards} used by {self.subject.value} {self.period.value}"


@attrs.frozen
class Times:
    """``N * QUANTITY``: a written factor of a quantity (``3 * breakdowns of target``)."""

    factor: int
    term: Any  # a Measure, ShipCount, Nearest or Tally

    def value(self, eng: Reader, scope: Scope) -> int:
        """Its value now, 0 where it has none."""
        found = self.read(eng, scope)
        return 0 if found is None else found

    def read(self, eng: Reader, scope: Scope) -> int | None:
        """Its value now, or None when the quantity has none."""
        found = self.term.read(eng, scope)
        return None if found is None else self.factor * found

    def subjects(self) -> set[Subject]:
        """The subjects its quantity reads."""
        return self.term.subjects()

    def __str__(self) -> str:
        return f"{self.factor} * {self.term}"


@attrs.frozen
class Extreme:
    """``min(A, B)``, ``max(A, B)``: the lower or the higher of two amounts
    (``min(2, crew in reserve of target)``: 2, or fewer when it has fewer)."""

    highest: bool
    """True for ``max``."""
    first: Amount
    second: Amount

    def value(self, eng: Reader, scope: Scope) -> int:
        """Its value now, 0 where it has none."""
        found = self.read(eng, scope)
        return 0 if found is None else found

    def read(self, eng: Reader, scope: Scope) -> int | None:
        """Its value now, or None when either amount has none (D9.3)."""
        a, b = self.first.read(eng, scope), self.second.read(eng, scope)
        if a is None or b is None:
            return None
        return max(a, b) if self.highest else min(a, b)

    def subjects(self) -> set[Subject]:
        """The subjects both amounts read."""
        return self.first.subjects() | self.second.subjects()

    def __str__(self) -> str:
        return f"{'max' if self.highest else 'min'}({self.first}, {self.second})"


def _box_of(subject: Subject, eng: Reader, scope: Scope) -> int | None:
    """The box an end of a distance names: ``here`` (a token's box, D9.11), the
    card's ship (DEFAULT) or a ship's; None off the board (D9.3)."""
    if subject is Subject.HERE:
        return scope.box
    seat = scope.seat if subject is Subject.DEFAULT else ship_of(subject, eng, scope)
    return position(eng, scope, seat)


def _origin(subject: Subject, eng: Reader, scope: Scope) -> int | None:
    """The seat a count or nearest distance is measured from: the subject
    written, else ``it`` in a filter and the card's ship elsewhere."""
    if subject is Subject.DEFAULT:
        subject = Subject.IT if scope.it is not None else Subject.SELF
    return ship_of(subject, eng, scope)


def _kind_on_board(words: tuple[str, ...], eng: Reader, scope: Scope,
                   but: int | None = None) -> list[int]:
    """The seats of the ships on the board that pass every word (seen from the
    card's player, as a filter reads them), ``but`` excluded; sunk or not yet
    placed ships are none (D9.3)."""
    return [s for s, ship in enumerate(eng.state.ships)
            if ship.position is not None and s != but
            and all(passes(w, eng, scope, s) for w in words)]


@attrs.frozen
class ShipCount:
    """``number of WORD... ships [within N [of SUBJECT]] [where CONDITION]``:
    how many ships of a kind are on the board, or within N boxes of a ship
    (that ship not counted: "friendly ships within 2 of self" are the
    others), that pass ``where`` (read about each, ``it``), as ``each …
    ship`` names them. Ships off the board are not counted, and none is
    within N of a ship off the board (D9.3)."""

    words: tuple[str, ...]
    within: int | None = None
    subject: Subject = Subject.DEFAULT
    where: Condition | None = None

    def value(self, eng: Reader, scope: Scope) -> int:
        """Its value now."""
        return self.read(eng, scope)

    def read(self, eng: Reader, scope: Scope) -> int:
        """Its value now: a count is never missing, at worst 0."""
        if self.within is None:
            seats = _kind_on_board(self.words, eng, scope)
        else:
            seat = _origin(self.subject, eng, scope)
            origin = position(eng, scope, seat)
            if origin is None:
                return 0
            ships = eng.state.ships
            seats = [s for s in _kind_on_board(self.words, eng, scope, but=seat)
                     if distance(eng, origin,  # type: ignore[operator]
                                 ships[s].position) <= self.within]
        where = self.where
        if where is None:
            return len(seats)
        return sum(1 for s in seats if where.holds(eng, scope._replace(it=s)))

    def subjects(self) -> set[Subject]:
        """The subject it counts around, if written, and those its ``where``
        reads besides the ship it tests."""
        around = set() if self.within is None or self.subject is Subject.DEFAULT \
            else {self.subject}
        return around | (self.where.subjects() - {Subject.IT} if self.where is not None
                         else set())

    def __str__(self) -> str:
        out = ["number of", *self.words, "ships"]
        if self.within is not None:
            out += ["within", str(self.within)]
            if self.subject is not Subject.DEFAULT:
                out += ["of", self.subject.value]
        if self.where is not None:
            out += ["where", str(self.where)]
        return " ".join(out)


class BoxKind(str, enum.Enum):
    """A kind of box a count of boxes counts (``number of island boxes``, D2.22),
    on the board of the moment (terrain tokens applied, D2.14); besides
    these, a token's name: a box a token of that kind lies on."""

    ISLAND = "island"     # an island (R2.3)
    OPEN = "open"         # open water (R2.2)
    RUNNING = "running"   # running water (R2.5)
    FREE = "free"         # water with no ship on it (R2.4)
    START = "start"       # a box of a start card, either side's (D2.7)


def box_of_kind(word: str, eng: Reader, box: int) -> bool:
    """Whether ``box`` is of the kind ``word`` names: a ``BoxKind`` or a
    token's name (the compiler checked it)."""
    board = eng.board
    if word == BoxKind.ISLAND:
        return board.is_island(box)
    if word == BoxKind.OPEN:
        return not board.is_island(box) and not board.is_current(box)
    if word == BoxKind.RUNNING:
        return board.is_current(box)
    if word == BoxKind.FREE:
        return not board.is_island(box) and all(s.position != box for s in eng.state.ships)
    if word == BoxKind.START:
        return any(box in boxes for boxes in board.starts.values())
    return any(t.kind == word and t.box == box for t in eng.state.tokens)


@attrs.frozen
class BoxCount(ShipCount):
    """``number of WORD boxes [within N [of SUBJECT]]`` (D2.22): how many boxes
    of a kind (``BoxKind``, or a token's name) the board has now, or within
    N boxes of a ship, that ship's own box not counted; none around a ship
    off the board (D9.3). A count of ships' sibling: read, said and checked
    as it is."""

    def read(self, eng: Reader, scope: Scope) -> int:
        """Its value now: a count is never missing, at worst 0."""
        board = eng.board
        if self.within is None:
            boxes: Iterable[int] = range(board.width * board.height)
        else:
            origin = position(eng, scope, _origin(self.subject, eng, scope))
            if origin is None:
                return 0
            boxes = around(origin, self.within, board.width, board.height)
        return sum(1 for box in boxes if all(box_of_kind(w, eng, box) for w in self.words))

    def __str__(self) -> str:
        return super().__str__().replace(" ships", " boxes", 1)


def around(origin: int, within: int, width: int, height: int) -> list[int]:
    """The boxes at most ``within`` boxes from ``origin`` (R2.5), ``origin``
    itself not among them, in board order."""
    x, y = origin % width, origin // width
    return [row * width + col
            for row in range(max(0, y - within), min(height, y + within + 1))
            for col in range(max(0, x - within), min(width, x + within + 1))
            if (row, col) != (y, x)]


@attrs.frozen
class Nearest:
    """``distance [in map cards] to nearest WORD... ship [from SUBJECT]``:
    boxes (R2.5), or map cards (D2.25), from a ship to the nearest other ship
    of a kind. None (no distance, D9.3) when the ship is off the board or no
    other ship of the kind is on it: a condition comparing it is then false
    and an amount reading it is 0."""

    words: tuple[str, ...]
    subject: Subject = Subject.DEFAULT
    map_cards: bool = False

    def value(self, eng: Reader, scope: Scope) -> int:
        """Its value now, 0 where it has none."""
        found = self.read(eng, scope)
        return 0 if found is None else found

    def read(self, eng: Reader, scope: Scope) -> int | None:
        """Its value now, or None."""
        seat = _origin(self.subject, eng, scope)
        origin = position(eng, scope, seat)
        if origin is None:
            return None
        ships = eng.state.ships
        apart = map_distance if self.map_cards else distance
        found = [apart(eng, origin, ships[s].position)
                 for s in _kind_on_board(self.words, eng, scope, but=seat)]
        return min(found) if found else None  # type: ignore[type-var]

    def subjects(self) -> set[Subject]:
        """The subject it measures from, if written."""
        return set() if self.subject is Subject.DEFAULT else {self.subject}

    def __str__(self) -> str:
        tail = "" if self.subject is Subject.DEFAULT else f" from {self.subject.value}"
        head = "distance in map cards to nearest" if self.map_cards else "distance to nearest"
        return " ".join([head, *self.words, "ship"]) + tail


@attrs.frozen
class Amount:
    """A number computed when the effect resolves: terms added or subtracted
    (``repairs missing of target - 1``), never below 0."""

    terms: tuple[tuple[int, int | Measure], ...]
    """(sign +1 or -1, a number or a measure), in written order."""

    def value(self, eng: Reader, scope: Scope) -> int:
        """Its value now, at least 0; 0 if a term has none (D9.3: an effect
        by a distance to a ship off the board does nothing)."""
        found = self.read(eng, scope)
        return 0 if found is None else found

    def read(self, eng: Reader, scope: Scope) -> int | None:
        """Its value now, at least 0, or None if a term has none (``Measure.read``)."""
        total = 0
        for sign, term in self.terms:
            if type(term) is not int:
                term = term.read(eng, scope)
                if term is None:
                    return None
            total += sign * term
        return max(0, total)

    def subjects(self) -> set[Subject]:
        """The subjects its measures read."""
        return {s for _, t in self.terms if type(t) is not int for s in t.subjects()}

    def __str__(self) -> str:
        out = []
        for i, (sign, term) in enumerate(self.terms):
            if i:
                out.append("+" if sign > 0 else "-")
            elif sign < 0:
                out.append("-")
            out.append(str(term))
        return " ".join(out)


class Condition:
    """Base of conditions: ``holds`` now, for ``scope``."""

    def holds(self, eng: Reader, scope: Scope) -> bool:
        """Whether it holds now."""
        raise NotImplementedError

    def subjects(self) -> set[Subject]:
        """The subjects it reads."""
        raise NotImplementedError


@attrs.frozen
class Compare(Condition):
    """``amount CMP amount``: ``repairs of self < 3``."""

    left: Amount
    op: Cmp
    right: Amount

    def holds(self, eng, scope):
        """Whether it holds now; never when a side has no value (D9.3: a
        distance to a ship off the board compares false, ``!=`` included)."""
        a, b = self.left.read(eng, scope), self.right.read(eng, scope)
        if a is None or b is None:
            return False
        op = self.op
        return (a < b if op is Cmp.LT else a <= b if op is Cmp.LE else a > b if op is Cmp.GT
                else a >= b if op is Cmp.GE else a == b if op is Cmp.EQ else a != b)

    def subjects(self):
        return self.left.subjects() | self.right.subjects()

    def __str__(self) -> str:
        return f"{self.left} {self.op.value} {self.right}"


@attrs.frozen
class Is(Condition):
    """``SUBJECT is WORD...``: a ship passes a filter (``target is enemy damaged``),
    the answered item is of a kind, card or player (``answered is order``,
    ``answered is torpedo``, ``answered is enemy``), or the game is in a mode
    (``mode is war``). ``negated``: ``is not``."""

    subject: str   # a Subject value, "answered" or "mode"
    words: tuple[str, ...]
    negated: bool = False
    box: bool = False
    """``box of SUBJECT is WORD…``: the words are ``BoxTest`` words about the
    box the ship is on (D2.11), not about the ship."""

    def holds(self, eng, scope):
        if self.subject == Subject.ANSWERED_TARGET.value and \
                not answered_targets(eng.state.stack, scope.answers):
            return False  # D5.5: an item with no target ship, negated or not
        return self._all(eng, scope) != self.negated

    def _all(self, eng, scope) -> bool:
        if self.box:
            here = position(eng, scope, ship_of(Subject(self.subject), eng, scope))
            return here is not None and all(box_is(w, eng, scope, here) for w in self.words)
        if self.subject == "mode":
            return all(eng.state.mode == w for w in self.words)
        if self.subject == "answered":
            if scope.answers is None or scope.answers >= len(eng.state.stack):
                return False
            item = eng.state.stack[scope.answers]
            for w in self.words:
                if w in ("order", "maneuver"):
                    if item.kind != w:
                        return False
                elif w in (Adjective.ENEMY, Adjective.FRIENDLY, Adjective.OWN, Adjective.OTHER):
                    if not passes(w, eng, scope, item.seat):
                        return False
                elif w in TRAITS:  # a class of cards' word: read from the card (rules/card_classes.py)
                    if not has_trait(eng.card_of(item), Trait(w)):
                        return False
                elif item.card != w:
                    return False
            return True
        if self.subject == Subject.ANSWERED_TARGET.value:  # one of its targets (D5.5)
            return any(all(passes(w, eng, scope, seat) for w in self.words)
                       for seat in answered_targets(eng.state.stack, scope.answers))
        seat = ship_of(Subject(self.subject), eng, scope)
        return seat is not None and all(passes(w, eng, scope, seat) for w in self.words)

    def subjects(self):
        if self.subject == "answered":
            return {Subject.SOURCE}
        return set() if self.subject == "mode" else {Subject(self.subject)}

    def __str__(self) -> str:
        subject = f"box of {self.subject}" if self.box else self.subject
        return f"{subject} is {'not ' if self.negated else ''}{' '.join(self.words)}"


def ship_pairs(first: Subject, second: Subject, eng: Reader,
               scope: Scope) -> list[tuple[int | None, int | None]] | None:
    """The pairs of seats two ship subjects name, for a test between two
    ships: one pair, or one per ship the answered item targets where a
    subject is ``answered target`` (D5.5); None when it targets none."""
    def seats(subject: Subject, targets: list[int]) -> list[int | None]:
        return list(targets) if subject is Subject.ANSWERED_TARGET else \
            [ship_of(subject, eng, scope)]
    if Subject.ANSWERED_TARGET not in (first, second):
        return [(ship_of(first, eng, scope), ship_of(second, eng, scope))]
    targets = answered_targets(eng.state.stack, scope.answers)
    if not targets:
        return None
    return [(a, b) for a in seats(first, targets) for b in seats(second, targets)]


def _sees(eng: Reader, viewer: int | None, seen: int | None) -> bool:
    """Whether ship ``seen`` is in ship ``viewer``'s visual field (D2.21)."""
    return seen is not None and viewer is not None and seen != viewer and \
        any(s == seen for _, s in eng.sight(viewer))


@attrs.frozen
class InSight(Condition):
    """``SEEN is [not] in sight [of VIEWER]`` (D2.21): ship ``seen`` is in the
    visual field of ship ``viewer`` (R4.3), as ``each … ship in sight`` of it
    reads it: over islands while the viewer sees over them (D2.20), not past
    the seen ship's visibility (D2.18). A ship off the board sees nothing and
    is seen by none (D9.3), and no ship is in its own sight: then it does
    not hold, and ``is not`` does. ``answered target`` is every ship the
    answered item targets, as ``Is`` reads it (D5.5): it holds if one of them
    passes, ``is not`` if none does, neither for an item with no target.
    ``negated``: ``is not``."""

    seen: Subject
    viewer: Subject = Subject.SELF
    negated: bool = False

    def holds(self, eng, scope):
        pairs = ship_pairs(self.viewer, self.seen, eng, scope)
        if pairs is None:
            return False  # an item with no target ship: no test of it holds, negated or not
        return any(_sees(eng, viewer, seen) for viewer, seen in pairs) != self.negated

    def subjects(self):
        return {self.seen, self.viewer}

    def __str__(self) -> str:
        return f"{self.seen.value} is {'not ' if self.negated else ''}in sight of " \
               f"{self.viewer.value}"


@attrs.frozen
class InLine(Condition):
    """``SHIP is [not] in line|row|column|diagonal [within N] [of FROM]``
    (D2.10): ship ``ship`` is on the straight lines of ``place`` from the box
    of ship ``origin``, at most ``within`` boxes along each (to the board's
    edge when None), cut at islands, as ``each … ship in line`` reads them
    (D2.18: not farther than the ship's visibility). A ship off the board is
    on no line and has none, and no ship is on its own lines: then it does
    not hold, and ``is not`` does. ``answered target`` is every ship the
    answered item targets, as ``InSight`` reads it (D5.5)."""

    ship: Subject
    place: Place
    within: int | None = None
    origin: Subject = Subject.SELF
    negated: bool = False

    def holds(self, eng, scope):
        pairs = ship_pairs(self.origin, self.ship, eng, scope)
        if pairs is None:
            return False  # no target ship: no test of it holds, negated or not
        return any(self._on(eng, scope, origin, ship) for origin, ship in pairs) != self.negated

    def _on(self, eng: Reader, scope: Scope, origin: int | None, ship: int | None) -> bool:
        if origin is None or ship is None or origin == ship:
            return False
        box = eng.state.ships[origin].position
        if box is None or eng.state.ships[ship].position is None:
            return False
        board = eng.board
        reach = max(board.width, board.height) if self.within is None else self.within
        return eng.seen_positions(scope.seat, box)[ship] in board.lines(box, self.place.value,
                                                                           reach)

    def subjects(self):
        return {self.ship, self.origin}

    def __str__(self) -> str:
        within = "" if self.within is None else f" within {self.within}"
        return f"{self.ship.value} is {'not ' if self.negated else ''}in {self.place.value}" \
               f"{within} of {self.origin.value}"


@attrs.frozen
class All(Condition):
    """``a and b``."""

    parts: tuple[Condition, ...]

    def holds(self, eng, scope):
        return all(p.holds(eng, scope) for p in self.parts)

    def subjects(self):
        return set().union(*(p.subjects() for p in self.parts))

    def __str__(self) -> str:
        return " and ".join(f"({p})" for p in self.parts)


@attrs.frozen
class AnyOf(Condition):
    """``a or b``."""

    parts: tuple[Condition, ...]

    def holds(self, eng, scope):
        return any(p.holds(eng, scope) for p in self.parts)

    def subjects(self):
        return set().union(*(p.subjects() for p in self.parts))

    def __str__(self) -> str:
        return " or ".join(f"({p})" for p in self.parts)


@attrs.frozen
class Not(Condition):
    """``not a``."""

    part: Condition

    def holds(self, eng, scope):
        return not self.part.holds(eng, scope)

    def subjects(self):
        return self.part.subjects()

    def __str__(self) -> str:
        return f"not ({self.part})"


#: The most faces of a roll (``chance N in M``, D4.18): a die's faces are
#: its outcomes, one word each, 1 to 9.
MAX_FACES = 9


@attrs.frozen
class Chance(Condition):
    """``chance N in M`` (D4.18): the resolving item rolls one die of M faces
    the first time one of its effects reads a chance, and every chance of it
    reads that roll: it holds on a roll of N or less. So ``if chance 1 in 3``
    and ``if not chance 1 in 3`` on two effects are one draw, one of them done."""

    n: int
    faces: int
    negated: bool = False
    """The other faces (the text's ``not chance N in M``, ``positive``)."""

    def holds(self, eng, scope):
        return (0 < scope.rolled <= self.n) != self.negated

    def subjects(self):
        return set()

    def __str__(self) -> str:
        return f"{'not ' if self.negated else ''}chance {self.n} in {self.faces}"


def chances(node: Any) -> list[Chance]:
    """The chances a condition reads (None: none), in order."""
    if isinstance(node, Chance):
        return [node]
    if isinstance(node, (All, AnyOf)):
        return [c for p in node.parts for c in chances(p)]
    if isinstance(node, Not):
        return chances(node.part)
    return []


def passes(word: str, eng: Reader, scope: Scope, seat: int) -> bool:
    """Whether ship ``seat`` is what ``word`` says, seen from the card's ship:
    an ``Adjective``, a ship type id or a status id (the compiler checked it)."""
    ships = eng.state.ships
    ship = ships[seat]
    if word == Adjective.ANY:
        return True
    if word == Adjective.ENEMY:
        return ship.side != ships[scope.seat].side
    if word == Adjective.FRIENDLY:
        return ship.side == ships[scope.seat].side
    if word == Adjective.OWN:
        return seat == scope.seat
    if word == Adjective.OTHER:
        return seat != scope.seat
    if word == Adjective.DAMAGED:
        return ship.repairs < eng.track(seat, REPAIRS_TRACK) \
            or ship.breakdowns < eng.track(seat, BREAKDOWNS_TRACK)
    if word in eng.rules.ships:
        return ship.type == word
    return any(name == word for name, _ in ship.statuses)


@attrs.frozen
class Filter:
    """Which ships pass: every word (``enemy damaged``), then ``where`` a
    condition about the ship tested (``it``)."""

    words: tuple[str, ...] = ()
    where: Condition | None = None

    def accepts(self, eng: Reader, scope: Scope, seat: int) -> bool:
        """Whether ship ``seat`` passes, for a card played from ``scope``."""
        for w in self.words:
            if not passes(w, eng, scope, seat):
                return False
        return self.where is None or self.where.holds(eng, scope._replace(it=seat))

    def subjects(self) -> set[Subject]:
        """The subjects its condition reads besides ``it``."""
        return (self.where.subjects() - {Subject.IT}) if self.where is not None else set()

    def __str__(self) -> str:
        where = f" where {self.where}" if self.where is not None else ""
        return " ".join(self.words) + where


@attrs.frozen
class Ships:
    """``each [words] ship [in sight|in area] [within N [of SUBJECT|BOX]] [where …]``:
    the ships an effect acts on, in seat order, on the board only (R9.2);
    ``a random [words] ship …``: one of them, drawn as the effect resolves
    (``random``, D4.18; the draw is the engine's, ``StateOps.select``)."""

    filter: Filter = Filter()
    place: Place = Place.BOARD
    within: int | None = None
    of: Subject | int = Subject.SELF
    """Whom ``within`` counts from: a ship subject or a box index."""
    of_name: str = ""
    """The box ``of`` names, as written (for text)."""
    near: tuple[str, ...] | None = None
    """``within N of a WORD... ship``: the kind of ship ``within`` counts from
    instead of ``of`` (any ship of it but the one tested); None: ``of``."""
    random: bool = False
    """``a random … ship``: one ship of the set, drawn (D4.18)."""

    @property
    def value(self) -> str:
        """Its DSL spelling (as ``Selector.value`` is one): hash, text, docs."""
        out = ["a", "random"] if self.random else ["each"]
        out += [*self.filter.words, "ship"]
        if self.place is not Place.BOARD:
            out += ["in", self.place.value]
        if self.within is not None:
            out += ["within", str(self.within), "of"]
            if self.near is not None:
                out += ["a", *self.near, "ship"]
            else:
                out.append(self.of_name or (self.of.value if isinstance(self.of, Subject)
                                            else ""))
        if self.filter.where is not None:
            out += ["where", str(self.filter.where)]
        return " ".join(out)

    def seats(self, eng: Reader, item) -> list[int]:
        """The seats of the ships it names as ``item`` resolves."""
        scope = Scope.of_item(item)
        ships = eng.state.ships
        if self.place is Place.SIGHT:
            seen = dict((s, d) for d, s in eng.sight(item.seat))
            seats = sorted(seen)
        elif self.place is Place.AREA:
            card = eng.card_of(item)
            boxes = eng.board.area(item.area, card.target.width, card.target.height) or ()
            seats = [s for s, ship in enumerate(ships) if ship.position in boxes]
        else:
            seats = list(range(len(ships)))
        seats = [s for s in seats if ships[s].position is not None]
        if self.place.is_line:
            origin = self._origin(eng, scope)
            if origin is None:  # D9.3: a ship off the board has no lines
                seats = []
            else:  # D2.18: a ship farther from the line's box than its visibility is not on it
                boxes = eng.board.lines(origin, self.place.value, self.within or 0)
                seen = eng.seen_positions(scope.seat, origin)
                seats = [s for s in seats if seen[s] in boxes]
        elif self.within is not None and self.near is not None:
            seats = [s for s in seats if _near_kind(self.near, self.within, eng, scope, s)]
        elif self.within is not None:
            origin = self._origin(eng, scope)
            seats = [s for s in seats
                     if (d := distance(eng, origin, ships[s].position)) is not None
                     and d <= self.within]
        return [s for s in seats if self.filter.accepts(eng, scope, s)]

    def has(self, eng: Reader, item, seat: int) -> bool:
        """Whether ship ``seat`` is one it names as ``item`` resolves: as
        ``seat in self.seats(eng, item)``, without listing the others (an
        aura asks it at every rule query, model/modifiers.py)."""
        if self.place is not Place.BOARD or self.near is not None:
            return seat in self.seats(eng, item)
        ships = eng.state.ships
        here = ships[seat].position
        if here is None:
            return False
        scope = Scope.of_item(item)
        if self.within is not None:
            d = distance(eng, self._origin(eng, scope), here)
            if d is None or d > self.within:
                return False
        return self.filter.accepts(eng, scope, seat)

    def _origin(self, eng: Reader, scope: Scope) -> int | None:
        """The box ``within`` counts from: its ship's (None off the board) or its box."""
        if not isinstance(self.of, Subject):
            return self.of
        if self.of is Subject.HERE:
            return scope.box
        return position(eng, scope, ship_of(self.of, eng, scope))

    def subjects(self) -> set[Subject]:
        """The subjects it reads."""
        mine = {self.of} if self.within is not None and isinstance(self.of, Subject) \
            and self.near is None else set()
        return mine | self.filter.subjects()


def _near_kind(words: tuple[str, ...], within: int, eng: Reader, scope: Scope,
               seat: int) -> bool:
    """Whether another ship of the kind ``words`` is within ``within`` boxes of
    ship ``seat`` (both on the board, D9.3)."""
    ships = eng.state.ships
    here = ships[seat].position
    return here is not None and any(
        distance(eng, here, ships[s].position) <= within  # type: ignore[operator]
        for s in _kind_on_board(words, eng, scope, but=seat))


class BoxWord(str, enum.Enum):
    """A word of a box target (``target free box within 2``)."""

    FREE = "free"            # no ship on it
    ADJACENT = "adjacent"    # next to the card's ship (distance 1, D2.6)
    OPEN = "open"            # open water now, terrain tokens applied (D2.14)
    RUNNING = "running"      # running water now, terrain tokens applied (D2.14)
    EDGE = "edge"            # on the edge of the board (D2.24)
    START = "start"          # on a start card (D2.7), as a box test reads it (D2.11)
    FRIENDLY = "friendly"    # with ``start``: the card's side's start card
    ENEMY = "enemy"          # with ``start``: the other side's


class BoxTest(str, enum.Enum):
    """A word of a test of the box a ship is on (``if box of self is friendly
    start``, D2.11)."""

    OPEN = "open"            # open water (R2.2)
    RUNNING = "running"      # running water (R2.5)
    START = "start"          # on a start card (D2.7)
    EDGE = "edge"            # on the edge of the board (D2.24)
    FRIENDLY = "friendly"    # with ``start``: the card's side's start card
    ENEMY = "enemy"          # with ``start``: the other side's


def on_edge(board, box: int) -> bool:
    """Whether a box is on the edge of the board: its first or last row or
    column, fewer than 8 boxes around it (D2.24)."""
    w = board.width
    return box % w in (0, w - 1) or box // w in (0, board.size // w - 1)


def box_is(word: str, eng: Reader, scope: Scope, box: int) -> bool:
    """Whether ``box`` is what the ``BoxTest`` word says, seen from the card's
    side (the compiler checked the word)."""
    board = eng.board
    if word == BoxTest.OPEN:
        return not board.is_island(box) and not board.is_current(box)
    if word == BoxTest.RUNNING:
        return board.is_current(box)
    if word == BoxTest.START:
        return any(box in boxes for boxes in board.starts.values())
    if word == BoxTest.EDGE:
        return on_edge(board, box)
    mine = eng.state.ships[scope.seat].side
    side = mine if word == BoxTest.FRIENDLY else Side.RED if mine == Side.BLUE else Side.BLUE
    return box in board.starts.get(side, ())


class BoxRefusal(str, enum.Enum):
    """Why a box is not one a box target may name (for ``explain``)."""

    ISLAND = "island"        # islands are never targets (R2.3)
    FAR = "far"              # beyond ``within`` of the card's ship, or not adjacent
    TAKEN = "taken"          # a ship is on it and the target is ``free``
    NOWHERE = "nowhere"      # the card's ship is off the board (D9.3)
    NOT_OPEN = "not_open"    # the target is ``open`` and the box is not now (D2.14)
    NOT_RUNNING = "not_running"  # the target is ``running`` and the box is not now
    NOT_EDGE = "not_edge"    # the target is ``edge`` and the box is not on the edge (D2.24)
    NOT_START = "not_start"  # the target is on a start card and the box is not (D2.11)
    NOT_NEAR = "not_near"    # no other ship of the kind ``near`` names is within reach


@attrs.frozen
class Boxes:
    """A box target (D4.11): ``target [free] [adjacent] [open|running] [edge]
    [[friendly|enemy] start] box [within N]``, a box that is not an island,
    within N boxes of the card's ship (R2.5 distance, its own box at 0) or
    next to it, with no ship if ``free``, of open or running water now if
    ``open`` or ``running`` (D2.14: the board of the moment), on the edge
    (D2.24), on a start card (D2.7; of a side, seen from the card's player).
    None when the card's ship is off the board (D9.3)."""

    words: tuple[str, ...] = ()
    within: int | None = None
    near: tuple[str, ...] | None = None
    """``within N of a WORD... ship``: the kind of ship (seen from the card's
    player, the card's own ship never one) ``within`` counts from instead
    of the card's ship; None: from the card's ship."""

    @property
    def reach(self) -> int | None:
        """The farthest a box may be from the card's ship: 1 if ``adjacent``,
        else ``within`` (unless it counts from other ships, ``near``)."""
        return 1 if BoxWord.ADJACENT in self.words else \
            self.within if self.near is None else None

    def refusal(self, eng: Reader, seat: int, box: int) -> BoxRefusal | None:
        """Why ``box`` may not be named by ship ``seat``'s card, or None."""
        if eng.board.is_island(box):
            return BoxRefusal.ISLAND
        ships = eng.state.ships
        if self.near is not None and not any(
                distance(eng, box, ships[s].position) <= self.within  # type: ignore[operator]
                for s in _kind_on_board(self.near, eng, Scope(seat), but=seat)):
            return BoxRefusal.NOT_NEAR
        reach = self.reach
        if reach is not None:
            here = ships[seat].position
            if here is None:
                return BoxRefusal.NOWHERE
            d = distance(eng, here, box)
            if d > reach or (BoxWord.ADJACENT in self.words and d == 0):  # type: ignore[operator]
                return BoxRefusal.FAR
        if BoxWord.FREE in self.words and any(s.position == box for s in ships):
            return BoxRefusal.TAKEN
        if BoxWord.RUNNING in self.words and not eng.board.is_current(box):
            return BoxRefusal.NOT_RUNNING
        if BoxWord.OPEN in self.words and eng.board.is_current(box):
            return BoxRefusal.NOT_OPEN
        if BoxWord.EDGE in self.words and not on_edge(eng.board, box):
            return BoxRefusal.NOT_EDGE
        if BoxWord.START in self.words:  # a start card's box, as a box test reads it
            side = BoxTest.FRIENDLY if BoxWord.FRIENDLY in self.words else \
                BoxTest.ENEMY if BoxWord.ENEMY in self.words else BoxTest.START
            if not box_is(side.value, eng, Scope(seat), box):
                return BoxRefusal.NOT_START
        return None

    def boxes(self, eng: Reader, seat: int) -> list[int]:
        """Every box it may name for ship ``seat``'s card, in board order."""
        return [b for b in range(eng.board.size) if self.refusal(eng, seat, b) is None]

    def __str__(self) -> str:
        within = "" if self.within is None else f" within {self.within}"
        if self.near is not None:
            within += " of a " + " ".join([*self.near, "ship"])
        return " ".join([*self.words, "box"]) + within


#: The ships whose box left a card may name (D2.17): one ship each.
LEFT_BY = (Subject.SELF, Subject.TARGET, Subject.SOURCE)


@attrs.frozen
class BoxLeft:
    """``box left by SUBJECT`` (D2.17): the box the ship's last move or jump
    left (``ShipState.left``), where a token effect acts; a box, never a
    ship, so it selects no ship. None before the ship first moves."""

    of: Subject = Subject.SELF

    @property
    def value(self) -> str:
        """Its DSL spelling (as ``Selector.value`` is one): hash, text, docs."""
        return f"box left by {self.of.value}"

    def seats(self, eng: Reader, item) -> list[int]:
        """No ship: it names a box."""
        return []

    def boxes(self, eng: Reader, item) -> list[int]:
        """The box it names as ``item`` resolves, if the ship has left one."""
        seat = ship_of(self.of, eng, Scope.of_item(item))
        left = None if seat is None else eng.state.ships[seat].left
        return [] if left is None else [left]

    def subjects(self) -> set[Subject]:
        """The subjects it reads."""
        return {self.of}


@attrs.frozen
class Players:
    """``each [enemy|friendly] player``: the players (seats) still in the game."""

    words: tuple[str, ...] = ()

    @property
    def value(self) -> str:
        """Its DSL spelling."""
        return " ".join(["each", *self.words, "player"])

    def seats(self, eng: Reader, item) -> list[int]:
        """The seats of the players it names, in seat order."""
        scope = Scope.of_item(item)
        return [s for s, ship in enumerate(eng.state.ships) if not ship.eliminated
                and all(passes(w, eng, scope, s) for w in self.words)]

    def subjects(self) -> set[Subject]:
        """Nothing but the card's player."""
        return set()


@attrs.frozen
class Computed:
    """What an effect adds to its primitive: a condition it resolves under
    (``if``) and the parameters whose values are ``Amount``s."""

    condition: Condition | None = None
    amounts: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"if {self.condition}" if self.condition is not None else ""


def prepared(effect, eng: Reader, item, rolled: int | None = None):
    """The effect as it resolves for ``item``: None if its condition fails,
    else with its computed amounts replaced by their values now. ``rolled``:
    a face its chances read instead of the item's roll, to foresee a roll
    not made yet (D4.16, D4.18); nothing is drawn."""
    computed = effect.computed
    scope = Scope.of_item(item)
    if rolled is not None:
        scope = scope._replace(rolled=rolled)
    if computed.condition is not None and not computed.condition.holds(eng, scope):
        return None
    if not computed.amounts:
        return effect
    values = {name: getattr(effect, name).value(eng, scope) for name in computed.amounts}
    return attrs.evolve(effect, computed=None, **values)
