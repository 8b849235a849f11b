"""The records a card file turns into: each declaration (``Decl``), its
properties (``Prop``), effects (``Call``), words, triggers, modes and second
targets, each remembering where it was written (``Pos``), for the compiler
to check and to name in its errors. lang/parse.py reads them from the parse
tree."""

from __future__ import annotations

from typing import Any

import attrs

from ..rules.exprs import Condition
from .exprs import WordAt


@attrs.frozen
class Pos:
    """Where a piece of card text starts, for error messages."""

    file: str
    line: int
    column: int


@attrs.frozen
class Prop:
    """One parsed property of a declaration (`cost 2`), with its position."""

    name: str
    value: Any
    pos: Pos
    words: tuple[WordAt, ...] = ()
    """The filter and test words it uses, checked against the card set (lang/expr_checks.py)."""


@attrs.frozen
class Call:
    """One parsed effect (`damage 1 to target`): primitive, arguments, selector,
    and the condition it resolves under (`if …`, rules/exprs.py)."""

    name: str
    args: tuple[Any, ...]
    selector: Any  # a Selector, an exprs.Ships, Players or BoxLeft, or None
    pos: Pos
    condition: Condition | None = None
    words: tuple[WordAt, ...] = ()
    also: tuple[Any, ...] = ()  # the further ships a primitive names (``swap self with target``)
    direction: tuple[str, Any] | None = None  # ``toward`` or ``away`` and its subject (D4.20)


@attrs.frozen
class Words:
    """One language's words in a ``name``, ``flavour`` or ``state`` property:
    ``es "Mina marina" (f)``."""

    lang: str
    text: str
    gender: tuple[str, ...] | None
    pos: Pos
    gender_pos: Pos | None = None


@attrs.frozen
class ClassWords:
    """A parsed class of cards (``ranged maneuvers costing 2``, ``torpedo,
    radar``), checked by the compiler (``statuses.compile_class``)."""

    words: tuple[tuple[str, Pos], ...]
    cost: tuple[int, Pos] | None
    listed: bool  # a list of names, written with commas
    pos: Pos


@attrs.frozen
class TriggerSpec:
    """One parsed trigger (`when damaged of self { effect ... }`), checked by
    the compiler (``Draft._trigger``)."""

    event: str
    pos: Pos
    of: tuple[str, Pos] | None
    by: tuple[str, Pos] | ClassWords | None  # WHO, or WHO and a class of cards
    once: bool
    calls: tuple[Call, ...]
    effect_pos: Pos


@attrs.frozen
class ModeSpec:
    """One parsed mode of a card (``mode fire { … }``, D4.15): its name and
    its own properties, checked by the compiler (``cards.compile_card``)."""

    name: str
    pos: Pos
    props: tuple[Prop, ...]


@attrs.frozen
class SecondSpec:
    """A parsed second target (D4.14): the set of ships it may be, and whether
    the player may choose none (``second target up to 1 … ship``)."""

    ships: Any
    optional: bool = False


@attrs.frozen
class ManeuversChange:
    """``maneuvers + NAME…`` / ``maneuvers - NAME…`` on a patch of a ship: the
    maneuvers of the files below with these added or taken off (lang/layers.py)."""

    adds: bool
    names: tuple[tuple[str, Pos], ...]

    def __str__(self) -> str:
        return ("+ " if self.adds else "- ") + " ".join(n for n, _ in self.names)


@attrs.frozen
class CopiesChange:
    """``copies +2`` / ``copies -1`` on a patch: the copies a card has in the
    files below, changed by ``by`` when the patch is applied (lang/layers.py)."""

    by: int

    def __str__(self) -> str:
        return f"{self.by:+d}"


@attrs.frozen
class Decl:
    """One top-level declaration: ``action`` is new | patch | remove | variant | rules | deck."""

    action: str
    kind: str          # maneuver | order | status | ship | map | variant | rules | deck
    id: str
    props: tuple[Prop, ...]
    pos: Pos
    parent: str | None = None
