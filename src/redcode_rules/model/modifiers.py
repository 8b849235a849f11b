"""Status modifiers and ship abilities: what a status changes besides what
it forbids (ranges, costs, movement, the visual field, damage
taken, being targeted), and the statuses a ship type always has.

The engine builds a ``Modifiers`` only when the rules declare a status that
modifies something (``StatusRules.modifying``); otherwise every query below
is skipped with one test of ``None``, so the printed cards pay nothing.

A ship's statuses are ``(name, Lifetime)`` pairs in its state
(model/state.py): the kind of duration, the turn edges or uses left, and the
giver where it matters (a duration over the card's player's turns, a
redirect to the giver). ``lifetime_in`` / ``lifetime_out`` are the one
place that reads and writes one in saves and scenarios.

A status lasting ``while CONDITION``: ``holds`` is asked for every status a
modifier query reads and evaluates its condition (``RuleQueries.lasts``), so
a status whose condition failed in the middle of an effect changes nothing
more; the engine removes it after the effect (``Lifetimes.statuses_while``).
What a status forbids (``StatusRules`` sets, read by the hot paths) is read
only at decisions, after that removal, so it does not ask.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Callable

from ..base.errors import ScenarioError, quote
from ..base.kinds import TURN_EDGES
from ..rules.board import MAX_MOVE
from ..rules.card_classes import Whose
from ..rules.parameters import PARAMETERS, bounded
from .ruleset import Duration, Limit, Modifier, Redirect, StatusDef
from .state import Lifetime

if TYPE_CHECKING:
    from .ruleset import CardDef, Ruleset, ShipDef
    from .state import ShipState

#: The most uses a status may last (``for N uses``).
MAX_USES = 999
#: The most times a ship may hold one status (``stacks N``, D9.9): a one-digit
#: count, which bounds what its changes add up to.
MAX_STACKS = 9
#: The most next turns a status lasts (``for N turns``, D9.17).
MAX_TURNS = 9

#: What one use of a status ``for N uses`` is, for each thing it changes
#: (``Modifiers.use`` counts them; the DSL reference shows them): the
#: parameter registry's, and a redirect's.
USE_OF = {**{Modifier(name): row.use for name, row in PARAMETERS.items()},
          Redirect.GIVER: "a damage it sent"}
#: What makes a status with each modifier lose a use (``Modifiers.use``).
ON_MANEUVER = (Modifier.COST,)
ON_RANGED = (Modifier.RANGE, Modifier.SIGHT)
ON_MOVE = (Modifier.MOVEMENT,)


def most_left(spec: StatusDef) -> int:
    """The most a status's ``Lifetime.left`` can be: its uses, the turn
    edges its duration counts (``kinds.TURN_EDGES``: two for one until the
    end of a next turn, given in a turn it counts; one more per further
    turn of ``for N turns``, D9.17), else one event."""
    if spec.duration is Duration.USES:
        return spec.uses
    row = TURN_EDGES.get(spec.duration)
    return 1 if row is None else row.edges + spec.turns - 1


def fresh(spec: StatusDef, left: int = 1, giver: int | None = None) -> Lifetime:
    """A status's ``Lifetime`` as given, ``left`` turn edges (or uses) to go:
    one that ends at a time and also counts uses (or damage points to
    prevent) has them all."""
    if spec.uses and spec.duration is not Duration.USES:
        return Lifetime(spec.duration, left, giver, spec.uses)
    return Lifetime(spec.duration, left, giver)


def adjusted(base: int, change: int, bounds: Sequence[tuple[Limit, int]]) -> int:
    """A number its statuses change (D9.5): ``base`` plus every ``modify``
    (``change``); then the lowest ``set``, if any; then raised to the highest
    ``at least`` and lowered to the lowest ``at most`` (a ceiling wins over a
    floor). The rule's own bound (a cost at least 1...) is the caller's."""
    value = base + change
    sets = [n for how, n in bounds if how is Limit.SET]
    if sets:
        value = min(sets)
    floors = [n for how, n in bounds if how is Limit.AT_LEAST]
    if floors:
        value = max(value, max(floors))
    ceilings = [n for how, n in bounds if how is Limit.AT_MOST]
    if ceilings:
        value = min(value, min(ceilings))
    return value


def with_status(statuses: tuple[tuple[str, Lifetime], ...], name: str, life: Lifetime,
                rank: Mapping[str, int]) -> tuple[tuple[str, Lifetime], ...]:
    """A ship's statuses with ``name`` lasting ``life``: replaced where it is,
    else put in declaration order (``rank``: a status's place among the
    declared), as saves and scenarios write them. A binary search, not a
    sort: giving a status costs the same however many the ship has."""
    at = bisect.bisect_left(statuses, rank[name], key=lambda pair: rank[pair[0]])
    if at < len(statuses) and statuses[at][0] == name:
        return statuses[:at] + ((name, life),) + statuses[at + 1:]
    return statuses[:at] + ((name, life),) + statuses[at:]


def lifetime_out(life: Lifetime, ids: Sequence[str]) -> bool | dict[str, Any]:
    """A status as saves and scenarios write it: ``true`` when it is what
    ``true`` reads back as (one edge or use left, no giver, no uses counted
    beside a time, held once), else ``{lasts, left, uses, giver, count}``
    with the giver's ship id (``uses`` only for a status that counts them
    beside a time, ``count`` only when held more than once, D9.9)."""
    if life.left == 1 and life.giver is None and not life.uses and life.count == 1:
        return True
    out: dict[str, Any] = {"lasts": life.lasts.value, "left": life.left}
    if life.uses:
        out["uses"] = life.uses
    if life.giver is not None:
        out["giver"] = ids[life.giver]
    if life.count > 1:
        out["count"] = life.count
    return out


def lifetime_in(rules: Ruleset, name: str, value: Any, field: str,
                ids: Sequence[str]) -> Lifetime | None:
    """A status read from a save or scenario (``field``: its key), or None
    for ``false``: ``true`` (one edge or use left, giver unknown), a number
    (what is left), or ``{lasts, left, giver, count}`` as ``lifetime_out``
    writes it; ``lasts`` must be the declared duration, ``left`` 1 to what
    the duration allows (``most_left``), ``giver`` a ship of the game, only
    for a status that keeps it, ``count`` 1 to what it ``stacks``."""
    spec = rules.statuses[name]
    if value is False:
        return None
    if value is True:
        return fresh(spec)
    if type(value) is int:
        value = {"left": value}
    if not isinstance(value, dict):
        raise ScenarioError(field, f"must be true, false or {{left: N, giver: SHIP}}, "
                            f"not {quote(value)}")
    unknown = sorted(str(k) for k in value
                     if k not in ("lasts", "left", "uses", "giver", "count"))
    if unknown:
        raise ScenarioError(f"{field}.{unknown[0]}",
                            "unknown field (fields: lasts, left, uses, giver, count)")
    lasts = value.get("lasts", spec.duration.value)
    if lasts != spec.duration.value:
        raise ScenarioError(f"{field}.lasts", f"{name} lasts {quote(spec.duration.value)}, "
                            f"not {quote(lasts)}")
    left = value.get("left", 1)
    most = most_left(spec)
    if type(left) is not int or not 1 <= left <= most:
        raise ScenarioError(f"{field}.left", f"must be a whole number from 1 to {most} "
                            f"({spec.duration.value}), not {quote(left)}")
    giver = value.get("giver")
    if giver is not None:
        if name not in rules.status_rules.with_giver:
            raise ScenarioError(f"{field}.giver", f"{name} does not keep who gave it (only a "
                                "status over your turns or a redirect does)")
        if giver not in ids:
            raise ScenarioError(f"{field}.giver", f"{quote(giver)} is no ship of the game "
                                f"({', '.join(ids)})")
        giver = list(ids).index(giver)
    count = value.get("count", 1)
    if type(count) is not int or not 1 <= count <= spec.stacks:
        held = "stacks up to " + str(spec.stacks) if spec.stacks > 1 else "does not stack"
        raise ScenarioError(f"{field}.count", f"{name} {held}: the count must be a whole "
                            f"number from 1 to {spec.stacks}, not {quote(count)}")
    return Lifetime(spec.duration, left, giver, _uses_in(spec, name, value, field), count)


def _uses_in(spec: StatusDef, name: str, value: dict[str, Any], field: str) -> int:
    """The ``uses`` of a status read from a save or scenario: 1 to its
    declared uses for a status that counts them beside a time (all of them
    when not written), none for any other."""
    most = spec.uses if spec.duration is not Duration.USES else 0
    uses = value.get("uses", most)
    if not most:
        if "uses" in value:
            raise ScenarioError(f"{field}.uses", f"{name} counts no uses beside its time "
                                "(only a status with a time and 'for N uses', or one that "
                                "prevents damage, does)")
        return 0
    if type(uses) is not int or not 1 <= uses <= most:
        raise ScenarioError(f"{field}.uses", f"must be a whole number from 1 to {most}, "
                            f"not {quote(uses)}")
    return uses


def _times_held(spec: StatusDef, abilities: tuple[str, ...],
                ships: int) -> int:
    """How many times ``spec`` can act on one ship of a game of ``ships``
    ships: once per count as its status (``stacks``, D9.9) and once as its
    type's ability; an aura once from each ship, as a status and as an ability."""
    if spec.affects is not None:
        return 2 * ships
    return spec.stacks + (spec.id in abilities)


def most_crew_on(rules: Ruleset, ship_type: str, cost: int, ships: int = 1) -> int:
    """The most crew a maneuver of ``cost`` can hold on a ship of ``ship_type``
    in a game of ``ships`` ships: its cost raised by every status that
    raises costs, as many times as it can act on the ship (``_times_held``).
    The validator's bound (R4.1)."""
    abilities = rules.ships[ship_type].abilities
    raised = cost + sum(max(0, s.amount(Modifier.COST)) * _times_held(s, abilities, ships)
                        for s in rules.statuses.values())
    return max(raised, _most_bound(rules, Modifier.COST))


def most_orders(rules: Ruleset, ships: int = 6) -> int:
    """The most order cards a player may have played in a turn (R7.3): the
    rule option raised by every status that raises it, as many times as it
    can act on one ship of a game of up to ``ships`` ships. The validator's
    and the scenario reader's bound."""
    return rules.options.orders_per_turn + sum(
        max(0, s.amount(Modifier.ORDERS)) * _times_held(s, (s.id,), ships)
        for s in rules.statuses.values())


def _most_bound(rules: Ruleset, modifier: Modifier, card: str | None = None) -> int:
    """The highest number a ``set`` or ``at least`` of any status gives
    ``modifier`` (0 if none): a number can be raised to it; by an amount
    (D9.14), to its rule's ceiling."""
    high = PARAMETERS[modifier].high
    return max((n if type(n) is int else high for s in rules.statuses.values()
                for how, n in s.bounds(modifier, card) if how is not Limit.AT_MOST), default=0)


def movement(amount: int, change: int) -> int:
    """The boxes a move of ``amount`` goes when modifiers add ``change``: 0 to
    ``board.MAX_MOVE`` whatever adds to it (D4.6), the bound a listing holds.
    The one count of a card's movement: the engine's (``Modifiers.steps``)
    and the validator's (``most_movement``)."""
    return min(MAX_MOVE, max(0, amount + change))


def most_movement(rules: Ruleset, ship_type: str, amount: int, card: str,
                  ships: int = 1) -> int:
    """The most boxes a move of ``amount`` by ``card`` can go for a ship of
    ``ship_type`` in a game of ``ships`` ships: raised by every status that
    raises that movement, as many times as it can act on the ship
    (``_times_held``). The validator's
    bound, as ``most_crew_on`` is for crew: a path is declared with the
    movement of the moment, and the status that lengthened it may have
    ended (its uses spent, its condition failed) before the move resolves."""
    abilities = rules.ships[ship_type].abilities
    raised = movement(amount, sum(max(0, s.amount(Modifier.MOVEMENT, card))
                                  * _times_held(s, abilities, ships)
                                  for s in rules.statuses.values()))
    return max(raised, movement(_most_bound(rules, Modifier.MOVEMENT, card), 0))


def players_kept(statuses: tuple[tuple[str, Lifetime], ...],
                 players: frozenset[str]) -> tuple[tuple[str, Lifetime], ...]:
    """What a ship coming back to the board keeps of its statuses (a respawn,
    D8.4; a refloat): its player's statuses only (D9.8), never its own."""
    return tuple(p for p in statuses if p[0] in players) if players else ()


def holds(spec: StatusDef, seat: int, lasts: Callable[[int, str], bool]) -> bool:
    """Whether a status of ship ``seat`` acts now: true unless it lasts
    ``while CONDITION`` and the condition fails (``lasts``: queries.Conditions)."""
    return spec.condition is None or lasts(seat, spec.id)


class Modifiers:
    """The modifier queries of one game: totals of a ship's statuses and
    abilities, and of the auras that reach it (``affects``), who may target
    it, where its damage goes (their uses are counted by the engine,
    ``Lifetimes.use``). A change is held by a ship (its holder, whose
    ``while`` condition it reads) and acts on a ship: its own, or those an
    aura reaches."""

    __slots__ = ("specs", "innate", "modifying", "lasts", "auras", "aura_names", "measure")

    def __init__(self, rules: Ruleset, types: list[ShipDef],
                 lasts: Callable[[int, str], bool],
                 auras: Callable[[int], list[tuple[StatusDef, int]]] | None = None,
                 measure: Callable[[int, int, Any], int | None] | None = None):
        self.lasts = lasts  # whether a status's ``while`` condition holds (queries.Conditions)
        # an amount a status bounds a number by, from its holder's and its ship's
        # seats (queries.Conditions.measure); None: that bound does not act (D9.14)
        self.measure = measure
        self.specs = rules.statuses
        # the auras that reach a seat, with their holders' seats (queries.Auras);
        # None: no aura acts (none declared, or these are the queries an aura's
        # set is read on, on which none acts: nothing depends on itself)
        self.auras = auras
        self.aura_names = rules.status_rules.auras
        self.modifying = rules.status_rules.modifying - self.aura_names
        # each seat's abilities: statuses its ship type always has (not auras:
        # an aura acts on the ships it reaches, its holder among them or not)
        self.innate = [tuple(self.specs[a] for a in t.abilities if a not in self.aura_names)
                       for t in types]

    def held(self, ship: ShipState, seat: int) -> list[tuple[StatusDef, int]]:
        """What acts on the ship, acting now or not, each with its holder's
        seat: its abilities and modifying statuses (a status once per count,
        D9.9), then the auras that reach it."""
        specs = self.specs
        own = [*((s, seat) for s in self.innate[seat]),
               *((specs[name], seat) for name, life in ship.statuses if name in self.modifying
                 for _ in range(life.count))]
        return own if self.auras is None else own + self.auras(seat)

    def active(self, ship: ShipState, seat: int) -> list[StatusDef]:
        """What acts on the ship now: its abilities, modifying statuses and auras."""
        return [s for s, holder in self.held(ship, seat) if holds(s, holder, self.lasts)]

    def total(self, ship: ShipState, seat: int, modifier: Modifier,
              card: str | None = None) -> int:
        """How much what acts on the ship changes ``modifier`` for ``card``
        (changes for other cards only left out). A ``while`` condition is read
        only for a status that changes ``modifier``."""
        total = 0
        for spec, holder in self.held(ship, seat):
            change = spec.amount(modifier, card)
            if change and holds(spec, holder, self.lasts):
                total += change
        return total

    def bounds(self, ship: ShipState, seat: int, modifier: Modifier,
               card: str | None = None) -> list[tuple[Limit, int]]:
        """The sets and bounds what acts on the ship puts on ``modifier`` for
        ``card`` (``set``, ``limit ... to``), each amount read now (D9.14)."""
        return [b for spec, holder in self.held(ship, seat) if spec.limits
                for b in self._bounds_of(spec, holder, seat, modifier, card)]

    def _bounds_of(self, spec: StatusDef, holder: int, seat: int, modifier: Modifier,
                   card: str | None) -> list[tuple[Limit, int]]:
        """The sets and bounds one status held by ``holder`` puts on ship
        ``seat``'s ``modifier`` if it acts now, its amounts read (a bound by an
        amount where none can be read, on the rule queries amounts are read
        on, does not act: nothing depends on itself)."""
        found = spec.bounds(modifier, card)
        if not found or not holds(spec, holder, self.lasts):
            return []
        out = []
        for how, n in found:
            if type(n) is not int:
                n = None if self.measure is None else self.measure(holder, seat, n)
                if n is None:
                    continue
            out.append((how, n))
        return out

    def value(self, ship: ShipState, seat: int, modifier: Modifier, base: int,
              card: str | None = None) -> int:
        """``base`` as what acts on the ship makes it (D9.5)."""
        return adjusted(base, self.total(ship, seat, modifier, card),
                        self.bounds(ship, seat, modifier, card))

    def changed(self, ship: ShipState, seat: int, modifier: Modifier, base: int,
                card: str | None = None) -> tuple[int, list[str]]:
        """``base`` as what acts on the ship makes it (``value``), and the
        ship's own statuses counting uses whose changes made a difference to
        it: without one count of each, the number would not be what it is.
        Those lose a use (a use of a status changing a damage is a damage it
        changed, rules/parameters.py); a bound the number was within, or a
        change another status undid, costs none."""
        # (the status's name if it is one of the ship's own statuses, which
        # ``held`` lists after its abilities and before the auras, else None;
        # its change; its bounds)
        acting: list[tuple[str | None, int, list[tuple[Limit, int]]]] = []
        first = len(self.innate[seat])
        last = first + sum(life.count for name, life in ship.statuses if name in self.modifying)
        for i, (spec, holder) in enumerate(self.held(ship, seat)):
            change = spec.amount(modifier, card)
            bounds = self._bounds_of(spec, holder, seat, modifier, card) if spec.limits else []
            if (change or bounds) and holds(spec, holder, self.lasts):
                acting.append((spec.id if first <= i < last else None, change, bounds))

        def without(k: int) -> int:
            rest = acting[:k] + acting[k + 1:]
            return bounded(modifier, adjusted(base, sum(c for _, c, _ in rest),
                                              [b for _, _, bs in rest for b in bs]))

        value = without(len(acting))
        used: list[str] = []
        for k, (name, _, _) in enumerate(acting):
            if name is not None and name not in used and self.specs[name].uses \
                    and without(k) != value:
                used.append(name)
        return value, used

    def cost(self, ship: ShipState, seat: int, card: CardDef, base: int) -> int:
        """A maneuver's cost for the ship (``base``: its cost, computed if it
        says so): changed, at least 1 crew (R4.1)."""
        return bounded(Modifier.COST, self.value(ship, seat, Modifier.COST, base, card.id))

    def reach(self, ship: ShipState, seat: int, card: CardDef) -> int:
        """A maneuver's range for the ship: changed, at least 0 (R4.2)."""
        return bounded(Modifier.RANGE, self.value(ship, seat, Modifier.RANGE, card.range,
                                                  card.id))

    def steps(self, ship: ShipState, seat: int, amount: int, card: str) -> int:
        """The boxes a move of the ship by ``card`` may go now (``movement``)."""
        return movement(self.value(ship, seat, Modifier.MOVEMENT, amount, card), 0)

    def player(self, ship: ShipState, seat: int, modifier: Modifier, base: int) -> int:
        """A number of the ship's player (``hand limit``, ``recover``: a player
        is its seat) as what acts on its ship makes it, within its rule's
        bound (rules/parameters.py)."""
        return bounded(modifier, self.value(ship, seat, modifier, base))

    def track(self, ship: ShipState, seat: int, modifier: Modifier, base: int) -> int:
        """The size of a track of the ship (``repairs track``, ``breakdowns
        track``: its ship type's, ``base``) as what acts on it makes it, 1 to 9
        or 0 to 9 (D9.15)."""
        return bounded(modifier, self.value(ship, seat, modifier, base))

    def dealt(self, ship: ShipState, seat: int, amount: int, card: str) -> tuple[int, bool]:
        """A damage of ``amount`` the ship deals with ``card`` ("": no card, a
        trigger's) as what acts on it makes it (``damage dealt``, D9.5: before
        the damage taken is changed), at least 0; and whether anything changed it."""
        change = self.total(ship, seat, Modifier.DAMAGE_DEALT, card)
        bounds = self.bounds(ship, seat, Modifier.DAMAGE_DEALT, card)
        if not change and not bounds:
            return amount, False
        return bounded(Modifier.DAMAGE_DEALT, adjusted(amount, change, bounds)), True

    def sight_reach(self, ship: ShipState, seat: int) -> int | None:
        """How far the ship's visual field reaches (``limit sight to at most
        N``), or None: as far as its lines of sight go (R4.3)."""
        ceilings = [n for how, n in self.bounds(ship, seat, Modifier.SIGHT)]
        return min(ceilings) if ceilings else None

    def visibility(self, ship: ShipState, seat: int) -> int | None:
        """How far away another ship may see the ship (``limit visibility to
        at most N``, D2.18), or None: as far as a line of sight goes (R4.3)."""
        ceilings = [n for how, n in self.bounds(ship, seat, Modifier.VISIBILITY)]
        return min(ceilings) if ceilings else None

    def prevented(self, ship: ShipState, seat: int, amount: int) -> tuple[int, str | None]:
        """The damage points of ``amount`` the ship's first status that
        prevents damage (and acts now) ignores, and its name; each point is
        one of its uses (the caller spends them, ``use``, once it has said
        so: the last ends it, ``prevent N damage``)."""
        for name, life in ship.statuses:
            spec = self.specs[name]
            if spec.prevents and amount > 0 and holds(spec, seat, self.lasts):
                return min(amount, life.uses_left()), name
        return 0, None

    def hidden_by(self, ship: ShipState, seat: int, card: CardDef,
                  enemy: bool) -> tuple[StatusDef, int] | None:
        """The status, ability or aura that keeps ``card`` of another player (of
        the other side: ``enemy``) from targeting the ship, with its holder's
        seat, or None: its kind (``untargetable``) or its class of cards
        (``untargetable_by``, the class's cards read once by the compiler)."""
        kind = card.kind
        for spec, holder in self.held(ship, seat):
            if not holds(spec, holder, self.lasts):
                continue
            if kind in spec.untargetable:
                return spec, holder
            hidden = spec.untargetable_by
            if hidden is not None and card.id in hidden.members and (
                    enemy or hidden.whose is Whose.OTHER):
                return spec, holder
        return None

    def redirected(self, ship: ShipState, seat: int) -> tuple[StatusDef, int] | None:
        """The ship's first status that sends its damage to its giver, with the
        giver's seat, or None (a giver unknown sends it nowhere)."""
        for name, life in ship.statuses:
            if name in self.modifying:
                spec = self.specs[name]
                if spec.redirect is Redirect.GIVER and holds(spec, seat, self.lasts):
                    giver = life.giver
                    if giver is not None and 0 <= giver < len(self.innate) and giver != seat:
                        return spec, giver
        return None
