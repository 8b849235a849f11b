"""The parameter registry: every number of the rules a continuous effect may
change (``modify NAME N``, ``set``, ``limit``), one row each, saying whose
it is, where its base value comes from, the rule's own bound and what one
use of a status ``for N uses`` that changes it is. The compiler, the
modifier queries (model/modifiers.py), the card text and the DSL reference
read this one table; a new number a card may change is one row here and
the query that reads it (docs/design.md, "How the card language grows").

A value is computed from its base in D9.5's fixed order (``modifiers.adjusted``):
every ``modify`` added, then the lowest ``set``, then the highest ``at
least`` and the lowest ``at most``, then the bound of its row.
"""

from __future__ import annotations

import enum

import attrs

from .board import MAX_MOVE

#: The highest number a ``set`` or ``limit`` may give a parameter whose rule
#: has no ceiling of its own.
MAX_SET = 99
#: The largest a ship's repair or breakdown track may be made (D9.15): a
#: one-digit count, as the boards and the control card draw it.
MAX_TRACK = 9
#: The parameters that are the sizes of a ship's tracks (D9.15), read by
#: ``RuleQueries.track`` alone.
TRACKS = ("repairs track", "breakdowns track")


class Bearer(str, enum.Enum):
    """Whose number a parameter is: the status's ship's, or its player's (the
    ship's seat: a player is its seat, R1.2)."""

    SHIP = "ship"
    PLAYER = "player"


@attrs.frozen
class Parameter:
    """One number a continuous effect may change."""

    name: str
    """As a card file writes it (``modify hand limit +1``)."""
    bearer: Bearer
    base: str
    """Where its base value comes from (the reference says it)."""
    low: int
    """The rule's own floor: no change takes it lower."""
    high: int
    """The rule's own ceiling, or ``MAX_SET``: the most a ``set`` may give."""
    rule: str
    """The rule that gives its base and its bound."""
    use: str
    """What one use of a status ``for N uses`` that changes it is."""
    per_card: bool = False
    """Whether a change may name the cards it is for (``on ranged maneuvers``)."""
    bounds: tuple[str, ...] = ("set", "at most", "at least")
    """The ways ``set`` and ``limit`` may bound it (a limit's words)."""
    better: int = 1
    """1 if more of it is better for its ship (a range), -1 if less is (a
    cost): the nature card text reads from a status that changes it."""
    modified: bool = True
    """Whether ``modify`` may change it: not a number with no base to add to
    (``visibility``, unbounded until limited)."""


PARAMETERS: dict[str, Parameter] = {p.name: p for p in (
    Parameter("range", Bearer.SHIP, "the maneuver's range", 0, MAX_SET, "R4.2",
              "a maneuver with a range declared by its ship", per_card=True),
    Parameter("cost", Bearer.SHIP, "the maneuver's cost", 1, MAX_SET, "R4.1",
              "a maneuver declared by its ship", per_card=True, better=-1),
    Parameter("movement", Bearer.SHIP, "the move's boxes", 0, MAX_MOVE, "D4.6",
              "a move of its ship", per_card=True),
    Parameter("sight", Bearer.SHIP, "its lines of sight", 1, MAX_SET, "R4.3",
              "a maneuver with a range declared by its ship", bounds=("at most",)),
    # per card: the damage the cards named deal it (``modify damage +1 on torpedo``)
    Parameter("damage", Bearer.SHIP, "the damage it takes", 0, MAX_SET, "R3.1",
              "a damage it changed", per_card=True, better=-1),
    Parameter("damage dealt", Bearer.SHIP, "the damage its ship's card deals", 0, MAX_SET,
              "R3.1", "a damage its ship dealt that it changed", per_card=True, bounds=()),
    Parameter("hand limit", Bearer.PLAYER, "the rule option hand_limit", 0, MAX_SET, "R7.2",
              "none: it is never used up", bounds=()),
    Parameter("recover", Bearer.PLAYER, "the rule option recover", 0, MAX_SET, "R6.1",
              "none: it is never used up", bounds=()),
    Parameter("orders", Bearer.PLAYER, "the rule option orders_per_turn", 0, MAX_SET, "R7.3",
              "none: it is never used up", bounds=()),
    # D2.18: how far away another ship may see it (the viewer's side of sight)
    Parameter("visibility", Bearer.SHIP, "unbounded: seen as far as a line of sight goes", 1,
              MAX_SET, "D2.18", "none: it is never used up", bounds=("at most",), better=-1,
              modified=False),
    # D9.15: the sizes of a ship's tracks, its ship type's numbers as printed;
    # never used up (the status's time ends the change)
    Parameter("repairs track", Bearer.SHIP, "its ship type's repairs", 1, MAX_TRACK, "D9.15",
              "none: it is never used up", bounds=("set", "at most", "at least")),
    Parameter("breakdowns track", Bearer.SHIP, "its ship type's breakdowns", 0, MAX_TRACK,
              "D9.15", "none: it is never used up", bounds=("set", "at most", "at least")),
)}


def bounded(name: str, value: int) -> int:
    """``value`` within the bound of parameter ``name``'s rule (D9.5's last layer)."""
    row = PARAMETERS[name]
    return min(row.high, max(row.low, value))
