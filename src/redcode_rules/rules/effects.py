"""The effect primitives and selectors: the only card behaviour in Python.

A card's ``effect`` line compiles into a tuple of these objects. Each
primitive knows how to apply itself through the state operations (``Ops``
below, the engine's ``StateOps``) and nothing about any particular card. The
``PRIMITIVES`` registry is what the DSL compiler, the documentation, the
text generator, the move generator and the bots read, so a new primitive
is one class plus one entry here.

Every primitive takes its values from the effect and the player's choices
the same way, ``apply(ops, item)``: ``item`` carries what was chosen with
the card (target, area, and the path of a ``Choice.PATH`` primitive). A
primitive whose entry declares a choice made while it resolves
(``Choice.CREW_SOURCE``) returns what it owes (``Owed``); the engine asks
the player, or answers alone when the answer cannot matter, and hands each
answer to its ``take``.

The module passes 600 lines because the registry is one table by design:
every primitive's class sits beside its entry, so adding one is one place.

Its length is the registry's: every primitive and selector in one place, so a
new primitive is one class and one entry in one file (next to split: the
selectors apart).
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple, Protocol

import attrs

from ..base.kinds import CardKind, Choice, Pile
from .board import MAX_MOVE
from .parameters import TRACKS

REPAIRS_TRACK = TRACKS[0]


class Selector(enum.Enum):
    """Who an effect applies to, resolved when the effect resolves."""

    SELF = "self"            # the ship that used the card
    TARGET = "target"        # the card's target ship
    SOURCE = "source"        # the ship that performed the answered item
    AREA = "each ship in area"   # every ship in the chosen area, in seat order
    ANSWERED = "answered"    # the stack item this one answers (not a ship)
    ANSWERED_TARGET = "answered target"  # every ship the answered item targets (D5.5)
    BOXES = "area"           # every box of the chosen area (tokens: not ships)
    TARGET_BOX = "target box"  # the box a box target names (``target free box``, D4.11)
    TARGETS = "each target"  # every ship a counted target names, in seat order (D4.13)
    SECOND = "second target"  # the second target, chosen after the first (D4.14)
    YOU = "you"              # the card's player, its ship on the board or not (a player's status, D9.8)
    DECK = "deck"            # the deck: taken from, then shuffled; its top arranged, discarded or put under (D7.13-15)
    DISCARDS = "discards"    # the discards, a zone a take moves cards from, face up (D7.13, D7.15)


#: The zones of cards that are not a player's hand: the deck and the discards (D7.13).
PILES = (Selector.DECK, Selector.DISCARDS)


class TokenSelf(enum.Enum):
    """What ``self`` is in a token's trigger, for the primitives it has a
    meaning for (a token is not a ship)."""

    TOKEN = "the token"      # the token whose trigger it is (remove_token)
    OWNER = "its owner"      # the player who placed it (draw)


class Resolving(Protocol):
    """What an effect, and the operations it calls, read of the item it
    resolves for: a stack item (model/state.py, above: the state holds
    effects' items) or a triggered item (engine/trigger_queue.py)."""

    @property
    def seat(self) -> int: ...
    @property
    def card(self) -> str: ...
    @property
    def target(self) -> int | None: ...
    @property
    def area(self) -> int | None: ...
    @property
    def path(self) -> tuple[int, ...]: ...
    @property
    def answers(self) -> int | None: ...
    @property
    def owed_about(self) -> int | None: ...


class Ops(Protocol):
    """The state operations effects are built from, and the reads of the
    state they need: ``engine.state_ops.StateOps`` is the object an effect
    is handed (tests/test_registries.py checks it against this protocol,
    name by name and parameter by parameter)."""

    def select(self, selector: Selector, item: Resolving, draw: bool = True) -> list[int]: ...
    def damage(self, seat: int, amount: int, actor: int, card: str = "") -> tuple[int, int]: ...
    def extra_turn(self, seat: int) -> None: ...
    def remove_statuses(self, seat: int, names: tuple[str, ...], count: int = 0) -> None: ...
    def skip_turn(self, seat: int) -> None: ...
    def regain(self, seat: int, track: str, amount: int) -> None: ...
    def room(self, seat: int, track: str) -> int: ...
    def track(self, seat: int, name: str) -> int: ...
    def reserve(self, seat: int) -> int: ...
    def crew_loss(self, seat: int, amount: int) -> None: ...
    def crew_out(self, seat: int) -> int: ...
    def recover_options(self, seat: int) -> list[str]: ...
    def crew_on(self, seat: int, maneuver: str) -> int: ...
    def recover_one(self, seat: int, source: str) -> None: ...
    def move(self, seat: int, path: tuple[int, ...], straight: bool = False) -> None: ...
    def move_paths(self, seat: int, amount: int, straight: bool, toward: str,
                   origin: int | None) -> list[str]: ...
    def move_along(self, seat: int, path: str, straight: bool) -> None: ...
    def subject_box(self, subject: Any, item: Resolving) -> int | None: ...
    def swap(self, seat: int, other: int) -> None: ...
    def draw(self, seat: int, amount: int) -> None: ...
    def cancel(self, item: Resolving) -> None: ...
    def retarget(self, item: Resolving, seat: int) -> None: ...
    def set_status(self, seat: int, status: str, giver: int = -1) -> None: ...
    def hand(self, seat: int) -> list[str]: ...
    def random_card(self, seat: int) -> str | None: ...
    def resolving_item(self) -> Resolving: ...
    def look(self, viewer: int, owner: int) -> None: ...
    def discard_card(self, seat: int, card: str) -> None: ...
    def take_card(self, taker: int, owner: int, card: str) -> None: ...
    def put_on_deck(self, seat: int, card: str) -> None: ...
    def give_card(self, giver: int, receiver: int, card: str) -> None: ...
    def pile(self, pile: Selector) -> list[str]: ...
    def random_of_pile(self, pile: Selector) -> str: ...
    def take_from_pile(self, taker: int, pile: Selector, card: str,
                       last: bool = False) -> None: ...
    def look_at_top(self, seat: int, amount: int) -> int: ...
    def place_on_deck(self, place: int, card: str) -> None: ...
    def discard_from_deck(self, seat: int, amount: int) -> int: ...
    def deck_to_bottom(self, seat: int, amount: int) -> int: ...
    def side_of(self, seat: int) -> str: ...
    def score_points(self, side: str, points: int) -> None: ...
    def check_end(self) -> None: ...
    def sink_outright(self, seat: int, actor: int) -> None: ...
    def refloat_options(self, seat: int, where: str = "start") -> list[str]: ...
    def refloat(self, option: str, repairs: int | None = None,
                crew: int | None = None) -> None: ...
    def token_boxes(self, selector: Selector, item: Resolving) -> list[int]: ...
    def place_token(self, kind: str, box: int, owner: int) -> None: ...
    def remove_tokens(self, selector: Selector, item: Resolving) -> None: ...
    def jump(self, seat: int, box: int) -> None: ...


class Owed(NamedTuple):
    """Choices an effect owes while it resolves: ``count`` answers about ship
    ``seat``, then one about each ship of ``after`` in turn (one entry per
    answer): an effect on a set of ships owes them ship after ship."""

    seat: int
    count: int
    after: tuple[int, ...] = ()

    @classmethod
    def in_turn(cls, answers: list[int]) -> Owed | None:
        """What is owed for ``answers``, the ship each answer is about, in
        order (None: nothing)."""
        if not answers:
            return None
        first = answers[0]
        count = next((i for i, seat in enumerate(answers) if seat != first), len(answers))
        return cls(first, count, tuple(answers[count:]))


@attrs.frozen
class Effect:
    """Base of all primitives."""

    selector: Selector
    computed: Any = attrs.field(default=None, kw_only=True)
    """An ``exprs.Computed`` (its condition, its computed amounts), or None:
    the engine prepares the effect before applying it (exprs.prepared)."""
    also: tuple[Selector, ...] = attrs.field(default=(), kw_only=True)
    """The further ships of a primitive that names more than one
    (``Primitive.ships``: ``swap self with target``), after ``selector``."""

    @property
    def selectors(self) -> tuple[Selector, ...]:
        """Every selector the effect names, in the order written."""
        return (self.selector, *self.also)

    def apply(self, ops: Ops, item: Resolving) -> Owed | None:
        """Do the effect for ``item`` through the engine's ``ops``; or, for a
        primitive that chooses while it resolves, return what it owes (the
        engine then asks for each answer and hands it to ``take``). Any
        other return value (None) means done."""
        raise NotImplementedError

    def options(self, ops: Ops, seat: int) -> list[str]:
        """The answers an owed choice about ``seat`` may take now."""
        return []

    def can_do(self, ops: Ops, item: Resolving) -> bool:
        """Whether it would change the game now, its amounts counted: what
        ``may``'s "if you do" asks of a block's first effect (D4.16). Each
        primitive that can come to nothing says when; the others always can.
        It only reads the state (no random pick is drawn)."""
        return True

    def take(self, ops: Ops, seat: int, option: str) -> None:
        """Carry out one answer of an owed choice."""
        raise NotImplementedError

    def chooser(self, item: Resolving) -> int:
        """The seat that makes the owed choice: the card's player, unless the
        effect gives it to another (the owner of a hand)."""
        return item.seat

    def any_order(self, ops: Ops, seat: int, owed: int) -> bool:
        """Whether the ``owed`` answers left give the same result in any order,
        so the engine answers them alone (first option first)."""
        return False

    def params(self) -> dict[str, Any]:
        """The values a text template fills in (see lang/*.yaml)."""
        return {k: v for k, v in attrs.asdict(self, recurse=False).items()
                if k not in ("selector", "computed", "also")}


@attrs.frozen
class Damage(Effect):
    """Repair damage (R3.1): repairs first, a breakdown refills repairs. What
    the ships took is the item's ``dealt`` (``damage dealt``), what they did
    not need to sink its ``left_over`` (``damage left over``)."""

    amount: int = 1

    def apply(self, ops, item):
        results(item, [ops.damage(seat, self.amount, item.seat, item.card)
                       for seat in ops.select(self.selector, item)])

    def can_do(self, ops, item):
        # a ship to take it (what a status would change is not foreseen)
        return self.amount > 0 and bool(ops.select(self.selector, item, draw=False))


@attrs.frozen
class BreakdownDamage(Effect):
    """Breakdown damage N = N full repair tracks of repair damage: 3·N
    (R3.3), or N times the track's size of the moment (D9.15)."""

    amount: int = 1

    def apply(self, ops, item):
        results(item, [ops.damage(seat, ops.track(seat, REPAIRS_TRACK) * self.amount,
                                  item.seat, item.card)
                       for seat in ops.select(self.selector, item)])

    def can_do(self, ops, item):
        return self.amount > 0 and bool(ops.select(self.selector, item, draw=False))


def results(item, hits: list[tuple[int, int]]) -> None:
    """A damage effect's results on its item: what its ships took, and what
    was left over past sinking them (``StateOps.damage``)."""
    item.dealt = sum(took for took, _ in hits)
    item.left_over = sum(left for _, left in hits)


@attrs.frozen
class Regain(Effect):
    """Regain repairs or breakdowns, never beyond the track (R3.4)."""

    track: str = "repair"
    amount: int = 1

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.regain(seat, self.track, self.amount)

    def can_do(self, ops, item):
        # a ship below its track's size
        return self.amount > 0 and any(ops.room(seat, self.track) > 0
                                       for seat in ops.select(self.selector, item, draw=False))


@attrs.frozen
class CrewLoss(Effect):
    """Crew damage: reserve crew go to the withdrawn pile (R3.5, D3.5)."""

    amount: int = 1

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.crew_loss(seat, self.amount)

    def can_do(self, ops, item):
        # a ship with crew in reserve to lose (R3.5)
        return self.amount > 0 and any(ops.reserve(seat) > 0
                                       for seat in ops.select(self.selector, item, draw=False))


@attrs.frozen
class RecoverCrew(Effect):
    """Crew return to the reserve of each selected ship, one ship after
    another; the card's player picks where from (D6.4). A trigger asks
    nobody: the withdrawn pile first, then its maneuvers in the order of its
    control card (D6.6). A maneuver never takes back the crew paid for it
    (D6.7: it would be used again and again before its ship recovers, R4.1)."""

    amount: int = 1

    @staticmethod
    def _paid(item, seat: int) -> str | None:
        """The maneuver whose crew on ship ``seat`` paid for ``item`` (D6.7)."""
        return item.card if item.kind == CardKind.MANEUVER and item.seat == seat else None

    def _out(self, ops, item, seat: int) -> int:
        """The crew it may bring back to ship ``seat``: all out but those paid for it."""
        paid = self._paid(item, seat)
        return ops.crew_out(seat) - (0 if paid is None else ops.crew_on(seat, paid))

    def apply(self, ops, item):
        # no more than there are crew out on each ship (R6.1)
        owed = [seat for seat in ops.select(self.selector, item)
                for _ in range(min(self.amount, self._out(ops, item, seat)))]
        if item.kind != CardKind.TRIGGER:
            return Owed.in_turn(owed)
        for seat in owed:
            sources = ops.recover_options(seat)  # its maneuvers, then the withdrawn pile
            ops.recover_one(seat, Pile.WITHDRAWN if Pile.WITHDRAWN in sources else sources[0])
        return None

    def options(self, ops, seat):
        """Maneuvers with crew on them, then the withdrawn pile (R6.1), but
        the maneuver resolving (D6.7)."""
        paid = self._paid(ops.resolving_item(), seat)
        return [s for s in ops.recover_options(seat) if s != paid]

    def can_do(self, ops, item):
        # a ship with crew out to bring back (R6.1)
        return self.amount > 0 and any(self._out(ops, item, seat) > 0
                                       for seat in ops.select(self.selector, item, draw=False))

    def take(self, ops, seat, option):
        ops.recover_one(seat, option)

    def any_order(self, ops, seat, owed):
        # every crew it may bring back comes back, whatever the order
        return self._out(ops, ops.resolving_item(), seat) <= owed


@attrs.frozen
class MoveShip(Effect):
    """Move up to N boxes (D4.6, R2.5), every voluntary step in one direction
    if ``straight`` (D2.16).

    The card's own ship or its one target moves along the path chosen with
    the card (``with_card``): its length is checked when the move is listed
    and played, here it is followed. Any other ship (a set of ships, the
    source, the answered or second target), and a move ``toward`` or
    ``away`` from a ship, is moved along a path the card's player chooses as
    it resolves, one ship after another (D4.20): each answer a path."""

    amount: int = 1
    straight: bool = attrs.field(default=False, converter=bool)  # the word `straight`
    toward: str = ""
    """``toward`` or ``away`` (from ``of``): the move ends nearer to, or
    farther from, that ship than it started (D4.20); "" either way."""
    of: Any = None  # the subject (exprs.Subject) ``toward`` counts from
    later: bool = False
    """Chosen as it resolves whatever it moves: in a mode another player
    chooses as the card resolves (D4.17), no path is written with the card."""

    @property
    def with_card(self) -> bool:
        """Whether its path is chosen with the card (written in the move)."""
        return not self.toward and not self.later and \
            self.selector in (Selector.SELF, Selector.TARGET)

    def apply(self, ops, item):
        if self.with_card:
            for seat in ops.select(self.selector, item):
                ops.move(seat, item.path, self.straight)
            return None
        # every ship, asked about in its turn: one moved before may free its way
        return Owed.in_turn(ops.select(self.selector, item))

    def _paths(self, ops, seat, item) -> list[str]:
        return ops.move_paths(seat, self.amount, self.straight, self.toward,
                              ops.subject_box(self.of, item) if self.toward else None)

    def options(self, ops, seat):
        """Every path the ship may take now, as notation (``c3 d3``), sorted."""
        return self._paths(ops, seat, ops.resolving_item())

    def take(self, ops, seat, option):
        ops.move_along(seat, option, self.straight)

    def can_do(self, ops, item):
        if self.with_card:
            return True
        return any(self._paths(ops, seat, item) for seat in ops.select(self.selector, item,
                                                                      draw=False))

    def params(self) -> dict[str, Any]:
        """``straight`` and a direction only when written (a printed move's
        hash and text unchanged)."""
        out: dict[str, Any] = {"amount": self.amount}
        if self.straight:
            out["straight"] = True
        if self.toward:
            out["toward"] = self.toward
            out["of"] = self.of.value
        if self.later:
            out["later"] = True
        return out


@attrs.frozen
class Swap(Effect):
    """Two ships on the board exchange boxes (D4.12): not a move, no step."""

    def apply(self, ops, item):
        ships = [ops.select(selector, item) for selector in self.selectors]
        if all(len(seats) == 1 for seats in ships):
            ops.swap(ships[0][0], ships[1][0])


@attrs.frozen
class Draw(Effect):
    """The selected ships' players draw order cards (R7.1, R7.2)."""

    amount: int = 1

    def apply(self, ops, item):
        # D8.7: a card's "you" is its player, who draws even when the card
        # sank their own ship (the ship is off the board, the player is not)
        seats = [item.seat] if self.selector is Selector.SELF else ops.select(self.selector, item)
        for seat in seats:
            ops.draw(seat, self.amount)


@attrs.frozen
class Cancel(Effect):
    """Cancel the stack item this one answers (shield, D4.7)."""


    def apply(self, ops, item):
        ops.cancel(item)


@attrs.frozen
class Retarget(Effect):
    """The item this one answers targets the selected ship instead (D5.6):
    only an item with one target ship, not cancelled, and a ship on the
    board that its card may target; not a new declaration, so its range and
    visual field are not read again."""

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.retarget(item, seat)


@attrs.frozen
class Status(Effect):
    """Give a declared status (``status NAME { ... }`` in a card file, R9): what
    it forbids and when it ends are the declaration's, read by the engine."""

    status: str = ""

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.set_status(seat, self.status, item.seat)  # the card's player gives it
        return True

    def can_do(self, ops, item):
        # a ship to give it to (a ship off the board is none, R9.2)
        return bool(ops.select(self.selector, item, draw=False))


@attrs.frozen
class RemoveStatus(Effect):
    """End statuses of the selected ships (``remove_status harmful on target``):
    one declared status, or every status of a nature (harmful, protective,
    neutral), or ``every`` status. ``names`` are the statuses the word covers,
    filled in by the compiler once every status is known (the nature read as
    the card text reads it), so what it removes is in the card data's hash."""

    status: str = ""
    count: int = 0  # N counts of a status that stacks (D9.9); 0: the whole status
    names: tuple[str, ...] = ()

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.remove_statuses(seat, self.names, self.count)


# ---------------------------------------------------------------- hand and deck
# A player is named by a ship selector: ``self`` is the card's player, on the
# board or not (D8.7); ``target`` and ``source`` the player of that ship.
# ``by`` says how the card is picked: ``random`` (the game's seeded RNG),
# ``owner`` (the hand's owner chooses) or ``player`` (the card's player
# chooses, seeing the hand: it then knows it, see ``Known`` in model/state.py).


class Picker(enum.Enum):
    """Who picks the card of a hand a hand effect moves, or ``top``: the top
    cards of a zone, the last discarded or the deck's next (D7.15)."""

    RANDOM = "random"
    OWNER = "owner"
    PLAYER = "player"
    TOP = "top"


def _players_of(ops: Ops, selector: Selector, item: Resolving) -> list[int]:
    """The players a hand effect acts on, in seat order: the card's player,
    the player of a ship on the board, or each player of a set
    (``each enemy player``)."""
    if selector is Selector.SELF:
        return [item.seat]
    return ops.select(selector, item)


@attrs.frozen
class HandEffect(Effect):
    """Base of the effects that move ``amount`` cards out of a player's hand,
    picked at random or chosen (``by``, a ``Picker`` word)."""

    amount: int = 1
    by: str = "random"

    def apply(self, ops, item):
        owed: list[int] = []  # the hand each answer owed picks from, in seat order
        for owner in _players_of(ops, self.selector, item):
            if not self.changes(item, owner):
                continue
            # no more cards than the hand holds now, each moved once (D7.6)
            count = min(self.amount, len(ops.hand(owner)))
            if self.by == Picker.RANDOM.value:
                for _ in range(count):
                    self.move_card(ops, item, owner, ops.random_card(owner))
                continue
            if count and self.by == Picker.PLAYER.value:
                ops.look(item.seat, owner)  # the chooser sees what it chooses from
            owed += [owner] * count
        return Owed.in_turn(owed)

    def options(self, ops, seat):
        """The distinct cards of the hand, sorted."""
        return sorted(set(ops.hand(seat)))

    def take(self, ops, seat, option):
        self.move_card(ops, ops.resolving_item(), seat, option)

    def chooser(self, item):
        return item.owed_about if self.by == Picker.OWNER.value else item.seat

    def any_order(self, ops, seat, owed):
        # every card of the hand goes, whatever the order
        return len(ops.hand(seat)) <= owed

    def changes(self, item: Resolving, owner: int) -> bool:
        """Whether moving cards out of ``owner``'s hand changes anything."""
        return True

    def can_do(self, ops, item):
        # a hand with a card to move, that moving changes (D7.6)
        owners = [item.seat] if self.selector is Selector.SELF else \
            ops.select(self.selector, item, draw=False)
        return self.amount > 0 and any(ops.hand(owner) and self.changes(item, owner)
                                       for owner in owners)

    def move_card(self, ops: Ops, item: Resolving, owner: int, card: str) -> None:
        """Move one picked card out of ``owner``'s hand."""
        raise NotImplementedError


@attrs.frozen
class Discard(HandEffect):
    """The player discards N cards (R7.3: face up, to the discards); or, of
    the deck, its top N cards go to the discards, face up (D7.15)."""

    def apply(self, ops, item):
        if self.selector is Selector.DECK:
            ops.discard_from_deck(item.seat, self.amount)
            return None
        return super().apply(ops, item)

    def can_do(self, ops, item):
        if self.selector is Selector.DECK:
            return self.amount > 0 and bool(ops.pile(Selector.DECK))
        return super().can_do(ops, item)

    def move_card(self, ops, item, owner, card):
        ops.discard_card(owner, card)


@attrs.frozen
class Take(HandEffect):
    """The card's player takes N cards from the player's hand (D7.2 then
    applies), or from a zone of cards, the deck or the discards (D7.13):
    chosen by the card's player among the zone's cards, or at random; a take
    from the deck ends with a shuffle (its order is secret again)."""

    def apply(self, ops, item):
        if self.selector not in PILES:
            return super().apply(ops, item)
        count = min(self.amount, len(ops.pile(self.selector)))
        if not count:
            return None
        if self.by == Picker.TOP.value:  # the last discarded first (D7.15)
            for _ in range(count):
                ops.take_from_pile(item.seat, self.selector, ops.pile(self.selector)[-1],
                                   last=True)
            return None
        if self.by == Picker.RANDOM.value:
            for _ in range(count):
                ops.take_from_pile(item.seat, self.selector, ops.random_of_pile(self.selector))
            return None
        # the answers are the taker's, about the zone (its cards are the options)
        return Owed(item.seat, count)

    def options(self, ops, seat):
        """The distinct cards of the zone, or of the hand, sorted."""
        if self.selector in PILES:
            return sorted(set(ops.pile(self.selector)))
        return super().options(ops, seat)

    def take(self, ops, seat, option):
        if self.selector in PILES:
            ops.take_from_pile(seat, self.selector, option)
        else:
            super().take(ops, seat, option)

    def any_order(self, ops, seat, owed):
        # every card of the zone goes, whatever the order
        if self.selector in PILES:
            return len(ops.pile(self.selector)) <= owed
        return super().any_order(ops, seat, owed)

    def changes(self, item, owner):
        # taking from one's own hand leaves every card where it is (D7.6)
        return owner != item.seat

    def can_do(self, ops, item):
        if self.selector in PILES:  # a zone with a card to take
            return self.amount > 0 and bool(ops.pile(self.selector))
        return super().can_do(ops, item)

    def move_card(self, ops, item, owner, card):
        ops.take_card(item.seat, owner, card)


@attrs.frozen
class PutOnDeck(HandEffect):
    """The player puts N cards of its hand on top of the deck, face down."""

    def move_card(self, ops, item, owner, card):
        ops.put_on_deck(owner, card)


@attrs.frozen
class Give(HandEffect):
    """The card's player gives N cards of its own hand to the player of one
    ship (the target, the source), at random or of its choice (D7.16): both
    know where they went, nobody else which. The choices are about the
    giver's hand, the hand they are picked from."""

    def apply(self, ops, item):
        receiver = self._receiver(ops, item)
        if receiver is None:
            return None
        count = min(self.amount, len(ops.hand(item.seat)))
        if self.by == Picker.RANDOM.value:
            for _ in range(count):
                ops.give_card(item.seat, receiver, ops.random_card(item.seat))
            return None
        return Owed(item.seat, count) if count else None

    def _receiver(self, ops: Ops, item: Resolving) -> int | None:
        """The player the cards go to: another than the card's own."""
        return next((s for s in _players_of(ops, self.selector, item) if s != item.seat), None)

    def take(self, ops, seat, option):
        item = ops.resolving_item()
        receiver = self._receiver(ops, item)
        if receiver is not None:
            ops.give_card(seat, receiver, option)

    def chooser(self, item):
        return item.seat  # its own hand: "owner" and "player" are one player

    def can_do(self, ops, item):
        return self.amount > 0 and bool(ops.hand(item.seat)) and \
            self._receiver(ops, item) is not None


@attrs.frozen
class LookHand(Effect):
    """The card's player sees the player's hand; only it knows it (``Known``)."""

    def apply(self, ops, item):
        for owner in _players_of(ops, self.selector, item):
            ops.look(item.seat, owner)


@attrs.frozen
class Arrange(Effect):
    """The card's player looks at the top N cards of the deck and puts them
    back in any order (D7.14): one answer per card but the last, each the
    next card from the top; it then knows them there, in order (D7.9)."""

    amount: int = 1

    def apply(self, ops, item):
        count = ops.look_at_top(item.seat, self.amount)
        return Owed(item.seat, count - 1) if count > 1 else None

    def place(self, pending: int, deck_size: int) -> tuple[int, int]:
        """The place from the top the next answer fills, with ``pending``
        answers owed, and the number of cards looked at (the deck keeps its
        ``deck_size`` while they are put back)."""
        count = min(self.amount, deck_size)
        return count - 1 - pending, count

    def _place(self, ops: Ops) -> tuple[int, int]:
        # a stack item's answers still owed (a trigger owes no choice)
        pending = ops.resolving_item().pending  # type: ignore[attr-defined]
        return self.place(pending, len(ops.pile(Selector.DECK)))

    def options(self, ops, seat):
        """The distinct cards not put back yet, sorted."""
        place, count = self._place(ops)
        return sorted(set(ops.pile(Selector.DECK)[place:count]))

    def take(self, ops, seat, option):
        ops.place_on_deck(self._place(ops)[0], option)


@attrs.frozen
class Bottom(Effect):
    """The top N cards of the deck go to its bottom, in their order (D7.15):
    after an ``arrange``, the order its player chose."""

    amount: int = 1

    def apply(self, ops, item):
        ops.deck_to_bottom(item.seat, self.amount)

    def can_do(self, ops, item):
        return bool(ops.pile(Selector.DECK))


# ---------------------------------------------------------------- global and scoring


@attrs.frozen
class Sink(Effect):
    """The ship sinks outright, whatever its tracks (R3.2, R8, D8.6)."""

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.sink_outright(seat, item.seat)


@attrs.frozen
class ExtraTurn(Effect):
    """The player of the selected ship takes a whole turn right after the one
    being played; the seat order then goes on where it was (D6.5)."""

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.extra_turn(seat)


@attrs.frozen
class SkipTurn(Effect):
    """The player of the selected ship skips its next turn: it starts and
    ends at once (D6.5)."""

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.skip_turn(seat)


@attrs.frozen
class Score(Effect):
    """War: the side of the selected ship's player scores N victory points
    (``self``: the card's player's side), up to the winning point (R8.3); on
    a set of ships, each ship's side once per ship on the board (D9.13); the
    game ends after the effect if a side reached it (D8.6)."""

    amount: int = 1

    def apply(self, ops, item):
        if self.selector is Selector.SELF:
            seats = [item.seat]
        else:
            seats = ops.select(self.selector, item)
        for seat in seats:
            ops.score_points(ops.side_of(seat), self.amount)
        ops.check_end()


class Where(str, enum.Enum):
    """Where a refloated ship may come back (``refloat``'s ``where``)."""

    START = "start"          # a free box of its start card (D8.4)
    ANYWHERE = "anywhere"    # any free open-water box of the board


@attrs.frozen
class Refloat(Effect):
    """A sunk ship of the card's player's side comes back on a free box of its
    start card (D8.4), or ``anywhere`` on the board; the card's player
    chooses which ship and which box. Fully restored, unless it says with
    how many repairs (``N repairs``, at most its track) or reserve crew
    (``N crew``, the rest withdrawn). Nothing if none can."""

    where: str = Where.START.value
    repairs: int | None = None
    crew: int | None = None

    def apply(self, ops, item):
        return Owed(item.seat, 1) if ops.refloat_options(item.seat, self.where) else None

    def options(self, ops, seat):
        """``ship box`` pairs: each sunk ship of the side, each free box."""
        return ops.refloat_options(seat, self.where)

    def take(self, ops, seat, option):
        ops.refloat(option, self.repairs, self.crew)

    def params(self) -> dict[str, Any]:
        """Only what differs from a plain ``refloat`` (its hash and text unchanged)."""
        out: dict[str, Any] = {}
        if self.where != Where.START.value:
            out["where"] = self.where
        if self.repairs is not None:
            out["repairs"] = self.repairs
        if self.crew is not None:
            out["crew"] = self.crew
        return out


@attrs.frozen
class PlaceToken(Effect):
    """Place a declared token (``token NAME { ... }``) on each selected box:
    the area's boxes, or the box of each selected ship. The card's player
    owns it; a box holds one token of a kind, and none on an island."""

    token: str = ""

    def apply(self, ops, item):
        for box in ops.token_boxes(self.selector, item):
            ops.place_token(self.token, box, item.seat)

    def can_do(self, ops, item):
        # a box that takes it, by ``place_token``'s own checks (D2.14)
        taken, queries = ops.token_keys(), ops.queries
        return any(not queries.token_skipped(self.token, box, taken)
                   and queries.token_refusal(self.token, box) is None
                   for box in ops.token_boxes(self.selector, item))


@attrs.frozen
class RemoveToken(Effect):
    """Remove tokens: in a token's trigger ``self`` is that token; otherwise
    every token on the selected boxes (the area's, or the selected ships')."""

    def apply(self, ops, item):
        ops.remove_tokens(self.selector, item)


@attrs.frozen
class Jump(Effect):
    """The card's ship goes straight to the box its card targets (D4.11): no
    path, so nothing between stops it; lost if the box is no longer free."""

    def apply(self, ops, item):
        box = getattr(item, "area", None)  # a triggered item has none
        if box is not None:
            ops.jump(item.seat, box)


# ---------------------------------------------------------------- may (D4.16)
# ``may [by source|target] { … } [else { … }]`` is written flat in an effect
# list, so a stack item's one position (``next_effect``) says where it is in
# either block, and saves need no new field: the question (``May``), the
# block's effects, then, if there is an ``else``, its marker (``Otherwise``)
# and the else block's effects. The resolver (engine/resolver.py) asks the
# question and moves the position: past the block on ``no``, and past the
# else block when the yes block is done.


@attrs.frozen
class May(Effect):
    """The question of a ``may`` block: asked of the player of ``selector``
    (``self``: the card's player; ``target``, ``source``: that ship's),
    answered ``yes`` (its ``yes`` effects, which follow it, resolve) or
    ``no`` (its ``no`` effects, after the ``Otherwise`` marker, resolve)."""

    yes: int = 1
    no: int = 0

    def apply(self, ops, item):
        seats = [item.seat] if self.selector is Selector.SELF else ops.select(self.selector, item)
        return Owed(seats[0], 1) if seats else None  # nobody to ask: the block is not done

    def options(self, ops, seat):
        return [ANSWERS[0], ANSWERS[1]]

    def chooser(self, item):
        return item.owed_about

    def after_no(self, at: int) -> int:
        """The position a ``no`` answer to the question at ``at`` goes on from."""
        return at + 1 + self.yes + (1 if self.no else 0)


@attrs.frozen
class Otherwise(Effect):
    """The end of a ``may`` block done: its ``count`` else effects are skipped."""

    count: int = 1

    def apply(self, ops, item):  # pragma: no cover - the resolver steps over it
        return None


#: The answers of a ``may`` (``choose yes``, ``choose no``).
ANSWERS = ("yes", "no")


@attrs.frozen
class ModeChoice(Effect):
    """The question of a card whose modes another player chooses as it
    resolves (``modes chosen by target|source``, D4.17): asked of the player
    of ``selector``'s ship, answered with a mode's name (``choose NAME``);
    the resolver then resolves that mode's effects (engine/resolver.py)."""

    def apply(self, ops, item):
        seats = ops.select(self.selector, item)
        return Owed(seats[0], 1) if seats else None  # nobody to ask: no mode resolves

    def chooser(self, item):
        return item.owed_about


@attrs.frozen
class Param:
    """One positional argument of a primitive in the DSL."""

    name: str
    kind: type  # int or str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    declared: str = ""
    """The kind of declaration a word names (`status`, `token`): its choices are the
    declared ones."""
    maximum: int | None = None
    """The largest number it takes, or None; ``bound`` says why, in the error."""
    bound: str = ""
    computed: bool = True
    """Whether a card may compute it (``(AMOUNT)``); False where the player
    chooses with the card what it counts (a path's length), so the number is
    written on the card."""
    unit: str = ""
    """For an optional number: the word written after it (``2 repairs``).
    A primitive whose parameters all have a default takes them in any
    order, each word or number with its unit at most once (``Primitive.worded``)."""
    optional: bool = False
    """Whether it may be left out (the effect's own default)."""


@attrs.frozen
class Primitive:
    """A registry entry: how the DSL spells a primitive, what it takes, what it
    asks of the player, and what it is worth to a bot.

    ``choice`` is what the player chooses for it (``Choice``): nothing, a
    path chosen with the card (the move generator lists one move per path
    outcome), or an answer per unit while it resolves (the engine asks).
    The bots score an effect from the rest: ``value`` per unit of the
    parameter ``amount`` names (1 unit without one) to each ship it affects,
    and the few facts that change that value.
    """

    name: str
    cls: type[Effect]
    params: tuple[Param, ...]
    selectors: tuple[Selector, ...]
    default: Selector | None
    summary: str
    example: str
    value: float  # value per unit to the affected ship (>0 good); read by bots
    choice: Choice = Choice.NONE
    amount: str | None = None  # the parameter that counts its units
    damage: int = 0  # repair damage per unit: it can sink the ship (R3.1, R3.3)
    capped_by: str | None = None  # the parameter naming the track whose room caps it (R3.4)
    to_player: bool = False  # also worth ``value`` per unit to the card's player
    players: bool = False  # may act on a set of players (``each enemy player``, rules/exprs.py)
    cancels: bool = False  # worth the harm of the stack item it cancels (D4.7)
    answered: bool = False  # acts on the item it answers: a response's alone (R5.2, D5.6)
    token_self: TokenSelf | None = None  # what ``self`` is in a token's trigger; None: nothing
    jumps: bool = False  # takes the card's ship to its target box: a free one (D4.11)
    ships: int = 1
    """How many selectors it takes, each one of ``selectors`` and all different
    (``swap self with target``: 2); the first is the effect's ``selector``."""
    harm: int = 0
    """-1 if it hurts the ship it acts on, 1 if it helps, 0 neither: a status
    whose trigger does it to its own ship harms or protects (text.status_nature)."""
    shows_hand: bool = False  # the card's player sees the hand (a take after it says "from it")
    turns: bool = False  # changes whose turn comes next: never at a turn's start or end (D6.5)

    @property
    def worded(self) -> bool:
        """Whether its parameters are written by word, in any order, each
        optional (``refloat anywhere 2 repairs``), not by position."""
        return bool(self.params) and all(p.optional for p in self.params)

    @property
    def gives_status(self) -> bool:
        """Whether it gives a declared status (its text then says the status's
        rules); not one that ends a status, which names it only."""
        return self.cls is Status

    def units(self, effect: Effect) -> int:
        """How many units ``effect`` (one of this primitive's) gives."""
        n = getattr(effect, self.amount) if self.amount is not None else 1
        return n if type(n) is int else 1  # a computed amount: counted as 1


SHIP_SELECTORS = (Selector.SELF, Selector.TARGET, Selector.SOURCE, Selector.AREA,
                  Selector.ANSWERED_TARGET)
AMOUNT = Param("amount", int, minimum=1)
PLAYER_SELECTORS = (Selector.SELF, Selector.TARGET, Selector.SOURCE)
OTHER_PLAYER_SELECTORS = (Selector.TARGET, Selector.SOURCE)
BY = Param("by", str, tuple(p.value for p in Picker))
#: ``by`` of an effect on a hand only: a hand has no top (D7.15).
BY_HAND = Param("by", str, tuple(p.value for p in Picker if p is not Picker.TOP))
#: ``by`` of a give: the giver's own choice, or at random (D7.16).
BY_GIVER = Param("by", str, (Picker.PLAYER.value, Picker.RANDOM.value))
#: A move's length: chosen with the card as a path, so written on it, and at
#: most ``board.MAX_MOVE`` boxes (D4.6).
STEPS = Param("amount", int, minimum=1, maximum=MAX_MOVE, computed=False,
              bound=f"a ship moves at most {MAX_MOVE} boxes, whatever changes its movement, "
              "D4.6")

#: ``move N straight``: the word after a move's length (D2.16); left out, any way.
STRAIGHT = Param("straight", str, ("straight",), optional=True)
#: How many cards of the deck ``arrange`` looks at: its top N, written on the
#: card (D7.14).
TOP = Param("amount", int, minimum=1, maximum=9, computed=False,
            bound="an arrange looks at the top 1 to 9 cards of the deck, D7.14")
#: How many cards of the top of the deck ``bottom`` puts on its bottom (D7.15).
BOTTOM = Param("amount", int, minimum=1, maximum=9, computed=False,
               bound="the top 1 to 9 cards of the deck go to its bottom, D7.15")

#: ``refloat``'s words: where the ship returns, with how many repairs and crew
#: (left out: its start card, fully restored).
REFLOAT = (Param("where", str, tuple(w.value for w in Where), optional=True),
           Param("repairs", int, minimum=1, unit="repairs", optional=True, computed=False),
           Param("crew", int, minimum=0, unit="crew", optional=True, computed=False))

PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("damage", Damage, (AMOUNT,), SHIP_SELECTORS, None,
              "N repair damage (R3.1)", "damage 1 to target", -1.0,
              amount="amount", damage=1, harm=-1),
    Primitive("breakdown_damage", BreakdownDamage, (AMOUNT,), SHIP_SELECTORS, None,
              "N breakdown damage = 3·N repair damage (R3.3)",
              "breakdown_damage 1 to target", -3.0, amount="amount", damage=3, harm=-1),
    Primitive("regain", Regain, (Param("track", str, ("repair", "breakdown")), AMOUNT),
              SHIP_SELECTORS, None, "regain N repairs or breakdowns, up to the track (R3.4)",
              "regain repair 1 to self", 1.0, amount="amount", capped_by="track", harm=1),
    Primitive("crew_loss", CrewLoss, (AMOUNT,), SHIP_SELECTORS, None,
              "N reserve crew are withdrawn (R3.5)", "crew_loss 1 to target", -0.7,
              amount="amount", harm=-1),
    Primitive("recover_crew", RecoverCrew, (AMOUNT,), SHIP_SELECTORS, None,
              "N crew return to the reserve, chosen by the card's player (D6.4)",
              "recover_crew 2 to target", 0.5, Choice.CREW_SOURCE, amount="amount", harm=1),
    Primitive("move", MoveShip, (STEPS, STRAIGHT), SHIP_SELECTORS, None,
              "move 1 to N boxes along a chosen path (D4.6, R2.5); `straight`: every "
              "voluntary step in one direction (D2.16); `toward` or `away from` a ship, "
              "or any ship but the card's own or its target: chosen as it resolves, ship "
              "after ship (D4.20)", "move 2 self", 0.0,
              Choice.PATH, amount="amount"),
    Primitive("draw", Draw, (AMOUNT,), (Selector.SELF, Selector.TARGET), Selector.SELF,
              "the player draws N order cards (R7.2)", "draw 1", 0.8,
              amount="amount", to_player=True, players=True, token_self=TokenSelf.OWNER,
              harm=1),
    Primitive("cancel", Cancel, (), (Selector.ANSWERED,), Selector.ANSWERED,
              "cancel the stack item this one answers (D4.7)", "cancel answered", 0.0,
              cancels=True),
    Primitive("retarget", Retarget, (), (Selector.SELF, Selector.TARGET, Selector.SOURCE),
              None, "the item this one answers targets the ship instead, if its card may "
              "target it; range and sight are not read again (D5.6)", "retarget to self", 0.0,
              answered=True),
    Primitive("status", Status, (Param("status", str, declared="status"),),
              (*SHIP_SELECTORS, Selector.YOU),
              None, "give a declared status: it forbids what its declaration says, for as "
              "long as it says (R9)", "status intercepted on target", -1.5),
    Primitive("remove_status", RemoveStatus,
              (Param("status", str, ("harmful", "protective", "neutral", "every"),
                     declared="status"),
               Param("count", int, minimum=1, optional=True, computed=False)),
              (*SHIP_SELECTORS, Selector.YOU), None,
              "end a declared status, or every status of a nature (harmful, protective, "
              "neutral), or every status, of the ship (R9) or of the card's player (on you, "
              "D9.8); `remove_status NAME N`: N counts of a status that stacks, the status "
              "ending with its last (D9.9)", "remove_status harmful on target",
              0.0),
    Primitive("place_token", PlaceToken, (Param("token", str, declared="token"),),
              (Selector.SELF, Selector.TARGET, Selector.BOXES, Selector.TARGET_BOX), None,
              "place a declared token on each box of the area, on the box of the ship, or "
              "on the target box",
              "place_token mine on area", 0.0),
    Primitive("remove_token", RemoveToken, (),
              (Selector.SELF, Selector.TARGET, Selector.BOXES, Selector.TARGET_BOX), None, "remove the token whose trigger this is (self), or every token on the "
              "boxes (area, the ship's box)", "remove_token self", 0.0,
              token_self=TokenSelf.TOKEN),
    Primitive("jump", Jump, (), (Selector.TARGET_BOX,), None,
              "the card's ship goes straight to the target box, if it is still free (D4.11)",
              "jump to target", 0.0, jumps=True),
    # hand and deck (docs/dsl.md): the player of the selected ship
    Primitive("discard", Discard, (AMOUNT, BY), (*PLAYER_SELECTORS, Selector.DECK),
              Selector.SELF,
              "the player discards N order cards, picked at random or chosen by the hand's "
              "owner or by the card's player; on a set of players, each of them; `top of "
              "deck`: the top N cards of the deck go to the discards, face up (D7.15)",
              "discard 1 random of target", -0.6,
              Choice.HAND_CARD, amount="amount", harm=-1, players=True),
    Primitive("take", Take, (AMOUNT, BY), (*OTHER_PLAYER_SELECTORS, *PILES), None,
              "the card's player takes N order cards from the player's hand, or from the "
              "deck (then shuffled) or the discards (D7.13; `top of discards`: the last "
              "discarded, D7.15); on a set of players, from each of them",
              "take 1 random of target", -0.6, Choice.HAND_CARD,
              amount="amount", to_player=True, players=True),
    Primitive("put_on_deck", PutOnDeck, (AMOUNT, BY_HAND), PLAYER_SELECTORS, Selector.SELF,
              "the player puts N order cards of its hand on top of the deck; on a set of "
              "players, each of them, in seat order", "put_on_deck 1 owner of self", -0.4,
              Choice.HAND_CARD, amount="amount", players=True),
    Primitive("arrange", Arrange, (TOP,), (Selector.DECK,), None,
              "the card's player looks at the top N cards of the deck and puts them back in "
              "any order (D7.14)", "arrange 3 of deck", 0.0, Choice.DECK_ORDER,
              amount="amount"),
    Primitive("bottom", Bottom, (BOTTOM,), (Selector.DECK,), None,
              "the top N cards of the deck go to its bottom, in their order; after an "
              "`arrange`, the order chosen (D7.15)", "bottom 2 of deck", 0.0,
              amount="amount"),
    Primitive("give", Give, (AMOUNT, BY_GIVER), OTHER_PLAYER_SELECTORS, None,
              "the card's player gives N order cards of its hand to the player of the ship, "
              "at random or of its choice; both know them, nobody else (D7.16)",
              "give 1 player to target", -0.3, Choice.HAND_CARD, amount="amount"),
    Primitive("look_hand", LookHand, (), OTHER_PLAYER_SELECTORS, None,
              "the card's player sees the player's hand (only it knows it); on a set of "
              "players, each of their hands", "look_hand of target", 0.0, shows_hand=True,
              players=True),
    # global and scoring
    Primitive("sink", Sink, (), SHIP_SELECTORS, None,
              "the ship sinks outright, whatever its tracks (R3.2)", "sink target", -10.0,
              damage=99, harm=-1),
    Primitive("score", Score, (AMOUNT,), SHIP_SELECTORS, Selector.SELF,
              "war: the player's side scores N victory points (R8.3); on a set of ships, "
              "the side of each ship of it, once per ship (D9.13)", "score 1", 0.0,
              amount="amount"),
    Primitive("refloat", Refloat, REFLOAT, (Selector.SELF,), Selector.SELF,
              "a sunk ship of your side returns, restored, on a free box of its start "
              "card (D8.4); or `anywhere`, and with `N repairs`, `N crew` in reserve",
              "refloat anywhere 1 repairs 2 crew", 0.0, Choice.SUNK_SHIP),
    # turns (D6.5)
    Primitive("extra_turn", ExtraTurn, (), PLAYER_SELECTORS, Selector.SELF,
              "the player takes another turn right after this one (D6.5)", "extra_turn",
              2.0, harm=1, turns=True),
    Primitive("skip_turn", SkipTurn, (), PLAYER_SELECTORS, None,
              "the player's next turn is skipped: it starts and ends at once (D6.5); on a "
              "set of players, each of theirs", "skip_turn to target", -2.0, harm=-1,
              turns=True, players=True),
    # two ships
    Primitive("swap", Swap, (), (Selector.SELF, Selector.TARGET, Selector.SOURCE), None,
              "two ships on the board exchange boxes: not a move (D4.12)",
              "swap self with target", 0.0, ships=2),
)}

#: The words of an effect list that are not primitives: a ``may`` block's
#: question and the marker of its ``else`` (D4.16). Entries like a
#: primitive's, so every reader of a card's effects reads them alike (worth
#: nothing to a bot, no choice made with the card), but outside
#: ``PRIMITIVES``: a card cannot call them by name.
FLOW: dict[str, Primitive] = {p.name: p for p in (
    Primitive("may", May, (), (Selector.SELF, Selector.TARGET, Selector.SOURCE), Selector.SELF,
              "the player asked may do what the block says, or not (D4.16)",
              "may { crew_loss 1 to self; draw 1 }", 0.0, Choice.YES_NO,
              token_self=TokenSelf.OWNER),  # a token's: its owner is asked
    Primitive("else", Otherwise, (), (Selector.SELF,), Selector.SELF,
              "what is done when the player asked says no (D4.16)",
              "may by target { damage 2 to target } else { draw 2 }", 0.0,
              token_self=TokenSelf.OWNER),
    Primitive("modes", ModeChoice, (), (Selector.TARGET, Selector.SOURCE), None,
              "the player asked chooses the mode the card resolves in (D4.17)",
              "modes chosen by target", 0.0, Choice.MODE),
)}

# Python class → registry name, for text generation and docs.
NAME_OF = {p.cls: p.name for p in (*PRIMITIVES.values(), *FLOW.values())}

#: Effect classes renamed since saves began recording the hash of the card
#: data (``Ruleset.describe`` names each effect by its class): the old name
#: keeps the hash, so games and replays saved before still load.
HASH_NAMES: dict[type, str] = {MoveShip: "Move"}


def path_with_card(effect: Effect) -> bool:
    """Whether an effect's path is chosen with its card, written in the move
    (a move of the card's own ship or its one target, D4.6), not as it
    resolves (D4.20)."""
    return type(effect) is MoveShip and effect.with_card


def primitive_of(effect: Effect) -> Primitive:
    """The registered primitive an effect object belongs to (its name, text,
    cost), or the entry of a ``may`` block's question or ``else`` (``FLOW``)."""
    name = NAME_OF[type(effect)]
    return PRIMITIVES[name] if name in PRIMITIVES else FLOW[name]
