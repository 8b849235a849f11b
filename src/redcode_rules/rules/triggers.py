"""Triggers and board tokens as card data (docs/dsl.md, "Triggers and tokens").

A trigger is declared on something that lasts, its *holder*: a status (on
the ship that has it), a ship type (on every ship of the type) or a token
(on the box it lies on)::

    when EVENT [of WHO] [by WHO] [once per turn] { effect ... }

When its event happens to a ship that ``of`` allows (the event's
*subject*), caused by a ship ``by`` allows (its *actor*), the engine
resolves the trigger's effects as a triggered item: like an item nobody may
answer (R5.1), it resolves at once, before anything else goes on, with no
choice to make. In its effects ``self`` is the holder's ship (for a token:
the token itself, and its owner for ``draw``; ``here`` its box, D9.11) and
``target`` the subject.

A trigger cannot fire itself forever: the compiler refuses a trigger whose
effects cause its own event to its own subject (a ``damaged`` trigger that
damages the ship it watches) unless it fires once per turn, and the engine
resolves at most ``MAX_TRIGGERED`` triggered items in one move, however
many effects and chains of triggers it has (rule E5.3): the rest are
dropped and the log says so once (``trigger_limit``). Their effects resolve
as a card's do (``Resolver.resolve_effect``: the ``if``, the computed amounts).

This module holds the data (what the compiler builds and the ruleset
groups); the engine (engine/machine.py) fires and resolves them.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..base.kinds import Duration, Word
from .board import Terrain
from .card_classes import CardClass
from .effects import Effect, May

#: The most triggered items one move resolves (rule E5.3): past it the rest
#: are dropped, and the log says so.
MAX_TRIGGERED = 100


class TriggerEvent(Word):
    """What a trigger waits for; its subject is the ship it happens to."""

    TURN_STARTS = "turn_starts"   # a player's turn starts (subject: the turn player's ship)
    TURN_ENDS = "turn_ends"       # a player's turn ends (subject: the turn player's ship)
    ENTERS = "enters"             # a ship ends a move on a box (a token's: on its box)
    DAMAGED = "damaged"           # a ship takes repair or breakdown damage (actor: the damager)
    SUNK = "sunk"                 # a ship sinks (actor: the sinker)
    TARGETED = "targeted"         # a card is declared on a ship (actor: the card's ship)
    PLAYS = "plays"               # a ship uses a maneuver or plays an order card (D9.18)


#: The events with an actor, which ``by`` may filter.
ACTOR_EVENTS = frozenset({TriggerEvent.DAMAGED, TriggerEvent.SUNK, TriggerEvent.TARGETED,
                          TriggerEvent.PLAYS})
#: The events a card sets off: the trigger acts on its item (``cancel
#: answered``, D9.12).
CARD_EVENTS = frozenset({TriggerEvent.TARGETED, TriggerEvent.PLAYS})
#: The events whose card ``by`` may name by its class (``by enemy order
#: cards``): the card that targets, is played, or deals the damage (D9.20).
CLASS_EVENTS = CARD_EVENTS | {TriggerEvent.DAMAGED}


class Who(Word):
    """Which ships a trigger watches, seen from its holder (``of`` the subject,
    ``by`` the actor); a token sees through its owner's side."""

    SELF = "self"            # the holder's own ship (not for tokens)
    FRIENDLY = "friendly"    # a ship of the holder's side, itself excluded (a token's: any)
    ENEMY = "enemy"          # a ship of the other side
    ANY = "any"              # every ship
    OWNER = "owner"          # a token's owner: the ship of the player who placed it (D9.11)


class Holder(Word):
    """What a trigger is declared on."""

    STATUS = "status"
    SHIP = "ship"
    TOKEN = "token"


@attrs.frozen
class TriggerDef:
    """One compiled trigger of a status, ship type or token."""

    event: TriggerEvent
    """What it waits for."""
    of: Who
    """Whose event: the subject, seen from the holder."""
    by: Who
    """Who caused it (damaged, sunk, targeted); ``any`` for the other events."""
    once: bool
    """At most once per turn for each holder."""
    effects: tuple[Effect, ...]
    """The effects it resolves, in order."""
    key: str
    """``holder kind:holder id:index``: names it in the log and in ``GameState.fired``."""
    cards: CardClass | None = None
    """For ``targeted``: the class of cards that must target (card_classes.CardClass,
    ``by enemy damaging cards``), or None for any card."""

    @property
    def asks(self) -> bool:
        """Whether it asks a choice as it resolves (``may``, D4.16): then its
        triggered item waits on the stack (engine/resolver.py), as a card's."""
        return any(type(e) is May for e in self.effects)


@attrs.frozen
class TokenDef:
    """A kind of board token (``token NAME { ... }``): a mark left on a box by a
    card (``place_token NAME``), with triggers, removed by them (``remove_token``)."""

    id: str
    """The token's id, as cards and scenarios name it (`mine`)."""
    mark: str
    """Its one-character mark on the text board (a box without a ship shows it)."""
    duration: Duration
    """How long it lies on its box, as a status's; "its" is its owner's (the
    player who placed it). ``permanent``: until a trigger or card removes it."""
    triggers: tuple[TriggerDef, ...] = ()
    """Its triggers: ``self`` is the token, ``target`` the ship the event happened to."""
    entry: Any = None
    """``forbids entering [by … ships]`` (D2.15): the ships that cannot enter
    or pass through its box, a ship filter (``rules.exprs.Filter``, beside
    this module in its layer, so not imported) seen from its owner; None:
    open to all."""
    terrain: Terrain | None = None
    """``terrain open|running|island`` (D2.14): what its box is, for every
    rule, while it lies there; None: the box stays what it is."""
    cover: bool = False
    """``blocks sight`` (D2.23): no ship sees its box nor past it while it
    lies there, as an island cuts sight; for every other rule its box is
    what it was."""


@attrs.frozen
class TriggerIndex:
    """Every trigger of the rules by holder, and whether there is any at all:
    the engine looks nothing up when no card file declares one."""

    statuses: dict[str, tuple[TriggerDef, ...]] = attrs.Factory(dict)
    ships: dict[str, tuple[TriggerDef, ...]] = attrs.Factory(dict)
    tokens: dict[str, tuple[TriggerDef, ...]] = attrs.Factory(dict)
    once: bool = False
    """Some trigger fires once per turn (the engine keeps ``GameState.fired``)."""

    @property
    def any(self) -> bool:
        """Whether any trigger is declared."""
        return bool(self.statuses or self.ships or self.tokens)

    def keyed(self, key: str) -> TriggerDef | None:
        """The trigger of a key (``TriggerDef.key``): a triggered item on the
        stack's; None for a key of no trigger (a save's, which is refused)."""
        return next((t for group in (self.statuses, self.ships, self.tokens)
                     for ts in group.values() for t in ts if t.key == key), None)

    @classmethod
    def of(cls, statuses, ships, tokens) -> TriggerIndex:
        """Group the triggers of the declared statuses, ship types and tokens (by id)."""
        def having(table) -> dict[str, tuple[TriggerDef, ...]]:
            return {k: v.triggers for k, v in table.items() if v.triggers}

        def of_ship(ship) -> tuple[TriggerDef, ...]:  # its own, then its abilities' (D9.21)
            return ship.triggers + tuple(t for name in ship.abilities
                                         for t in statuses[name].triggers)
        held = {k: of_ship(v) for k, v in ships.items()}
        index = cls(having(statuses), {k: v for k, v in held.items() if v}, having(tokens))
        once = any(t.once for group in (index.statuses, index.ships, index.tokens)
                   for ts in group.values() for t in ts)
        return attrs.evolve(index, once=once)


def sees(who: Who, holder: int, side: str, other: int, other_side: str,
         owner: int = -1) -> bool:
    """Whether ship ``other`` (of ``other_side``) is ``who`` seen from ship
    ``holder`` of ``side`` (``holder`` -1 for a token or a player's status:
    its side, every ship of it friendly, and ``owner`` the seat of the player
    who placed the token or holds the status, ``self`` for a status)."""
    if who is Who.ANY:
        return True
    if who is Who.OWNER:
        return other == owner
    if who is Who.SELF:
        return other == (holder if holder >= 0 else owner)
    if who is Who.ENEMY:
        return other_side != side
    return other_side == side and other != holder
