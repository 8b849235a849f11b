"""The effect primitives and selectors: the only card behaviour in Python.

A card's ``effect`` line compiles into a tuple of these objects. Each
primitive knows how to apply itself through the engine's small set of state
operations (``Ops`` below) and nothing about any particular card. The
``PRIMITIVES`` registry is what the DSL compiler, the documentation and the
text generator read, so a new primitive is one class plus one entry here.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Protocol

import attrs

if TYPE_CHECKING:
    from .state import StackItem


class Selector(enum.Enum):
    """Who an effect applies to, resolved when the effect resolves."""

    SELF = "self"            # the ship that used the card
    TARGET = "target"        # the card's target ship
    SOURCE = "source"        # the ship that performed the answered item
    AREA = "each ship in area"   # every ship in the chosen area, in seat order
    ANSWERED = "answered"    # the stack item this one answers (not a ship)


class Ops(Protocol):
    """The state operations effects are built from (implemented by the engine)."""

    def select(self, selector: Selector, item: StackItem) -> list[int]: ...
    def damage(self, seat: int, amount: int, actor: int) -> None: ...
    def regain(self, seat: int, track: str, amount: int) -> None: ...
    def crew_loss(self, seat: int, amount: int) -> None: ...
    def begin_recover(self, seat: int, amount: int, item: StackItem) -> bool: ...
    def move(self, seat: int, path: tuple[int, ...]) -> None: ...
    def draw(self, seat: int, amount: int) -> None: ...
    def cancel(self, item: StackItem) -> None: ...
    def set_status(self, seat: int, status: str) -> None: ...


@attrs.frozen
class Effect:
    """Base of all primitives. ``apply`` returns False when it waits for a choice."""

    selector: Selector

    def apply(self, ops: Ops, item: StackItem) -> bool:
        """Do the effect for ``item`` through the engine's ``ops``; False while a
        player still owes a choice (the engine asks and calls it again)."""
        raise NotImplementedError

    def params(self) -> dict[str, Any]:
        """The values a text template fills in (see lang/*.yaml)."""
        return {k: v for k, v in attrs.asdict(self, recurse=False).items()
                if k != "selector"}


@attrs.frozen
class Damage(Effect):
    """Repair damage (R3.1): repairs first, a breakdown refills repairs."""

    amount: int = 1

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.damage(seat, self.amount, item.seat)
        return True


@attrs.frozen
class BreakdownDamage(Effect):
    """Breakdown damage N = 3·N repair damage (R3.3)."""

    amount: int = 1

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.damage(seat, 3 * self.amount, item.seat)
        return True


@attrs.frozen
class Regain(Effect):
    """Regain repairs or breakdowns, never beyond the track (R3.4)."""

    track: str = "repair"
    amount: int = 1

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.regain(seat, self.track, self.amount)
        return True


@attrs.frozen
class CrewLoss(Effect):
    """Crew damage: reserve crew go to the withdrawn pile (R3.5, D3.5)."""

    amount: int = 1

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.crew_loss(seat, self.amount)
        return True


@attrs.frozen
class RecoverCrew(Effect):
    """Crew return to the reserve; the card's player picks where from (D6.4)."""

    amount: int = 1

    def apply(self, ops, item):
        seats = ops.select(self.selector, item)
        if not seats:
            return True
        return ops.begin_recover(seats[0], self.amount, item)


@attrs.frozen
class Move(Effect):
    """Move up to N boxes along the path chosen with the card (D4.6, R2.5)."""

    amount: int = 1

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.move(seat, item.path)
        return True


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
        return True


@attrs.frozen
class Cancel(Effect):
    """Cancel the stack item this one answers (shield, D4.7)."""


    def apply(self, ops, item):
        ops.cancel(item)
        return True


@attrs.frozen
class Status(Effect):
    """Give a declared status (``status NAME { ... }`` in a card file, R9): what
    it forbids and when it ends are the declaration's, read by the engine."""

    status: str = ""

    def apply(self, ops, item):
        for seat in ops.select(self.selector, item):
            ops.set_status(seat, self.status)
        return True


@attrs.frozen
class Param:
    """One positional argument of a primitive in the DSL."""

    name: str
    kind: type  # int or str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    declared: str = ""
    """The kind of declaration a word names (`status`): its choices are the declared ones."""


@attrs.frozen
class Primitive:
    """A registry entry: how the DSL spells a primitive and what it takes."""

    name: str
    cls: type[Effect]
    params: tuple[Param, ...]
    selectors: tuple[Selector, ...]
    default: Selector | None
    summary: str
    example: str
    value: float  # value per unit to the affected ship (>0 good); read by bots


SHIP_SELECTORS = (Selector.SELF, Selector.TARGET, Selector.SOURCE, Selector.AREA)
AMOUNT = Param("amount", int, minimum=1)

PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("damage", Damage, (AMOUNT,), SHIP_SELECTORS, None,
              "N repair damage (R3.1)", "damage 1 to target", -1.0),
    Primitive("breakdown_damage", BreakdownDamage, (AMOUNT,), SHIP_SELECTORS, None,
              "N breakdown damage = 3·N repair damage (R3.3)",
              "breakdown_damage 1 to target", -3.0),
    Primitive("regain", Regain, (Param("track", str, ("repair", "breakdown")), AMOUNT),
              SHIP_SELECTORS, None, "regain N repairs or breakdowns, up to the track (R3.4)",
              "regain repair 1 to self", 1.0),
    Primitive("crew_loss", CrewLoss, (AMOUNT,), SHIP_SELECTORS, None,
              "N reserve crew are withdrawn (R3.5)", "crew_loss 1 to target", -0.7),
    Primitive("recover_crew", RecoverCrew, (AMOUNT,), SHIP_SELECTORS, None,
              "N crew return to the reserve, chosen by the card's player (D6.4)",
              "recover_crew 2 to target", 0.5),
    Primitive("move", Move, (AMOUNT,), (Selector.SELF, Selector.TARGET), None,
              "move 1 to N boxes along a chosen path (D4.6, R2.5)", "move 2 self", 0.0),
    Primitive("draw", Draw, (AMOUNT,), (Selector.SELF, Selector.TARGET), Selector.SELF,
              "the player draws N order cards (R7.2)", "draw 1", 0.8),
    Primitive("cancel", Cancel, (), (Selector.ANSWERED,), Selector.ANSWERED,
              "cancel the stack item this one answers (D4.7)", "cancel answered", 0.0),
    Primitive("status", Status, (Param("status", str, declared="status"),), SHIP_SELECTORS,
              None, "give a declared status: it forbids what its declaration says, for as "
              "long as it says (R9)", "status intercepted on target", -1.5),
)}

# Python class → registry name, for text generation and docs.
NAME_OF = {p.cls: p.name for p in PRIMITIVES.values()}


def primitive_of(effect: Effect) -> Primitive:
    """The registered primitive an effect object belongs to (its name, text, cost)."""
    return PRIMITIVES[NAME_OF[type(effect)]]
