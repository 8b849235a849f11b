"""Status modifiers and ship abilities: what a status changes besides what
it forbids (issue #14: ranges, costs, movement, the visual field, damage
taken, being targeted), and the statuses a ship type always has.

The engine builds a ``Modifiers`` only when the rules declare a status that
modifies something (``StatusRules.modifying``); otherwise every query below
is skipped with one test of ``None``, so the printed cards pay nothing.

A ship's statuses are ``(name, number)`` pairs in its state. The number
counts what is left of the status (turn starts or ends to pass, or uses);
for a status that must remember who gave it (a duration over the card's
player's turns, a redirect to the giver) it also packs the giver's seat:
``pack`` and ``left_of`` / ``giver_of`` are the one place that knows how.

A status lasting ``while CONDITION``: ``holds`` is asked for every status a
modifier query reads and evaluates its condition (``Engine.lasts``), so a
status whose condition failed in the middle of an effect changes nothing
more; the engine removes it after the effect (``Engine.statuses_while``).
What a status forbids (``StatusRules`` sets, read by the hot paths) is read
only at decisions, after that removal, so it does not ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .board import MAX_MOVE
from .model import CardKind, Modifier, Redirect, StatusDef

if TYPE_CHECKING:
    from .model import CardDef, Ruleset, ShipDef
    from .state import ShipState

#: The number of a status that keeps its giver: ``left + SEAT_BASE * (giver + 1)``.
SEAT_BASE = 1024
#: The most uses a status may last (``for N uses``); below ``SEAT_BASE``.
MAX_USES = 999

#: What one use of a status ``for N uses`` is, for each thing it changes
#: (``Modifiers.use`` counts them; the DSL reference shows them).
USE_OF = {
    Modifier.RANGE: "a maneuver with a range declared by its ship",
    Modifier.COST: "a maneuver declared by its ship",
    Modifier.MOVEMENT: "a move of its ship",
    Modifier.SIGHT: "a maneuver with a range declared by its ship",
    Modifier.DAMAGE: "a damage it changed",
    Redirect.GIVER: "a damage it sent",
}
#: What makes a status with each modifier lose a use (``Modifiers.use``).
ON_MANEUVER = (Modifier.COST,)
ON_RANGED = (Modifier.RANGE, Modifier.SIGHT)
ON_MOVE = (Modifier.MOVEMENT,)


def pack(left: int, giver: int) -> int:
    """The number a status keeps: what is ``left`` of it and, if known, its giver's seat."""
    return left + SEAT_BASE * (giver + 1) if giver >= 0 else left


def left_of(number: int) -> int:
    """What is left of a status (turn edges or uses) from its number."""
    return number % SEAT_BASE


def giver_of(number: int) -> int:
    """The seat of the player who gave a status, or -1 if unknown (a scenario
    that says only ``true``: the ship's own player then stands in)."""
    return number // SEAT_BASE - 1


def number_allowed(rules: Ruleset, name: str, value: int) -> bool:
    """Whether a scenario or a save may give a ship's status ``name`` the number
    ``value`` (``true`` is 1): 2 (two turn ends to pass), or, for a status that
    counts uses or keeps its giver, a number with something left and a seat
    of a game (at most 6 ships, D2.9)."""
    if value == 2:
        return True
    keeps = rules.status_rules.counted | rules.status_rules.with_giver
    return value > 2 and name in keeps and left_of(value) >= 1 and giver_of(value) < 6


def most_crew_on(rules: Ruleset, ship_type: str, cost: int) -> int:
    """The most crew a maneuver of ``cost`` can hold on a ship of ``ship_type``:
    its cost raised by every status that raises costs (each held once, and
    once more as an ability of the type). The validator's bound (R4.1)."""
    abilities = rules.ships[ship_type].abilities
    return cost + sum(max(0, s.amount(Modifier.COST)) * (2 if s.id in abilities else 1)
                      for s in rules.statuses.values())


def holds(spec: StatusDef, seat: int, lasts: Callable[[int, str], bool]) -> bool:
    """Whether a status of ship ``seat`` acts now: true unless it lasts
    ``while CONDITION`` and the condition fails (``lasts``: Engine.lasts)."""
    return spec.condition is None or lasts(seat, spec.id)


class Modifiers:
    """The modifier queries of one game: totals of a ship's statuses and
    abilities, who may target it, where its damage goes, and their uses."""

    __slots__ = ("specs", "innate", "modifying", "lasts")

    def __init__(self, rules: Ruleset, types: list[ShipDef],
                 lasts: Callable[[int, str], bool]):
        self.lasts = lasts  # whether a status's ``while`` condition holds (Engine.lasts)
        self.specs = rules.statuses
        self.modifying = rules.status_rules.modifying
        # each seat's abilities: statuses its ship type always has
        self.innate = [tuple(self.specs[a] for a in t.abilities) for t in types]

    def active(self, ship: ShipState, seat: int) -> list[StatusDef]:
        """The ship's abilities and modifying statuses that act now."""
        out = [s for s in self.innate[seat] if holds(s, seat, self.lasts)]
        for name, _ in ship.statuses:
            if name in self.modifying:
                spec = self.specs[name]
                if holds(spec, seat, self.lasts):
                    out.append(spec)
        return out

    def total(self, ship: ShipState, seat: int, modifier: Modifier,
              card: str | None = None) -> int:
        """How much the ship's statuses and abilities change ``modifier`` for
        ``card`` (changes for other cards only left out)."""
        return sum(s.amount(modifier, card) for s in self.active(ship, seat))

    def cost(self, ship: ShipState, seat: int, card: CardDef, base: int) -> int:
        """A maneuver's cost for the ship (``base``: its cost, computed if it
        says so): changed, at least 1 crew (R4.1)."""
        return max(1, base + self.total(ship, seat, Modifier.COST, card.id))

    def reach(self, ship: ShipState, seat: int, card: CardDef) -> int:
        """A maneuver's range for the ship: changed, at least 0 (R4.2)."""
        return max(0, card.range + self.total(ship, seat, Modifier.RANGE, card.id))

    def steps(self, ship: ShipState, seat: int, amount: int, card: str) -> int:
        """The boxes a move of the ship by ``card`` may go: changed, 0 to
        ``board.MAX_MOVE`` whatever adds to it (D4.6), the bound a listing holds."""
        return min(MAX_MOVE, max(0, amount + self.total(ship, seat, Modifier.MOVEMENT, card)))

    def hidden_by(self, ship: ShipState, seat: int, kind: CardKind) -> StatusDef | None:
        """The status or ability that keeps cards of ``kind`` of other players
        from targeting the ship, or None."""
        for spec in self.active(ship, seat):
            if kind in spec.untargetable:
                return spec
        return None

    def redirected(self, ship: ShipState, seat: int) -> tuple[StatusDef, int] | None:
        """The ship's first status that sends its damage to its giver, with the
        giver's seat, or None (a giver unknown sends it nowhere)."""
        for name, number in ship.statuses:
            if name in self.modifying:
                spec = self.specs[name]
                if spec.redirect is Redirect.GIVER and holds(spec, seat, self.lasts):
                    giver = giver_of(number)
                    if 0 <= giver < len(self.innate) and giver != seat:
                        return spec, giver
        return None

    def use(self, ship: ShipState, which: tuple[Modifier, ...] | None = None,
            status: str | None = None, card: str | None = None) -> None:
        """One use of the ship's statuses ``for N uses`` that have one of
        ``which`` modifiers for ``card`` (or of the one ``status``); the last
        use ends them."""
        changed = False
        kept = []
        for name, number in ship.statuses:
            spec = self.specs[name]
            if spec.uses and (name == status if status is not None else
                              any(spec.amount(m, card) for m in which or ())):
                changed = True
                number -= 1
                if left_of(number) == 0:
                    continue
            kept.append((name, number))
        if changed:
            ship.statuses = tuple(kept)
