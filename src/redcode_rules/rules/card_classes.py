"""Classes of cards: what a status names where it names cards
(``untargetable by enemy damaging cards``, ``modify range -1 on ranged
maneuvers``, ``modify cost -1 on torpedo, heavy_torpedo``).

A class is a list of card names, or words that describe cards: kinds
(``maneuvers``, ``orders``, ``cards``), traits read from the card
definitions and the effect registry (``ranged``: a range above 0;
``damaging``: an effect whose primitive deals damage; ``moving``: an effect
whose primitive moves a ship along a path; ``own_ship``: the card acts on its
own ship), a cost (``costing 2``), and for a class that keeps a ship from
being targeted, whose cards (``enemy``: the other side's only; by default
any other player's). The compiler reads which cards of the whole ruleset,
every file's, are in the class (``members``), once: the engine's queries
then test a card id in a set.
"""

from __future__ import annotations

import enum
from typing import Iterable

import attrs

from ..base.kinds import CardKind, Choice
from .effects import primitive_of


class Trait(str, enum.Enum):
    """What a class's cards do, read from their definitions."""

    RANGED = "ranged"      # a range above 0 (R4.2)
    DAMAGING = "damaging"  # an effect whose primitive deals damage (effects.PRIMITIVES)
    MOVING = "moving"      # an effect that moves a ship along a path (D4.6)
    OWN_SHIP = "own_ship"  # acts on its own ship (no target)


class Whose(str, enum.Enum):
    """Whose cards a class that hides a ship counts (a ship's own player's never)."""

    OTHER = "other"  # any other player's (the default)
    ENEMY = "enemy"  # the other side's only


#: The words for kinds of card, singular and plural.
KIND_WORDS = {"maneuvers": CardKind.MANEUVER, "maneuver": CardKind.MANEUVER,
              "orders": CardKind.ORDER, "order": CardKind.ORDER,
              "cards": None, "card": None}


@attrs.frozen
class CardClass:
    """A class of cards. ``names`` a list of cards, else the described ones:
    of ``kinds`` (none: any kind), with every trait, of ``cost`` if given.
    ``members``: the ids of the ruleset's cards in it, filled in by the
    compiler once every card is known (not part of equality: the class is
    what was written)."""

    names: tuple[str, ...] = ()
    kinds: tuple[CardKind, ...] = ()
    traits: tuple[Trait, ...] = ()
    cost: int | None = None
    whose: Whose = Whose.OTHER
    members: frozenset[str] = attrs.field(default=frozenset(), eq=False, repr=False)

    def __str__(self) -> str:
        """As the card language writes it."""
        if self.names:
            return ", ".join(self.names)
        words = [] if self.whose is Whose.OTHER else [self.whose.value]
        words += [t.value for t in self.traits]
        if not self.kinds or len(self.kinds) == 2:
            words.append("cards")
        else:
            words.append(f"{self.kinds[0].value}s")
        if self.cost is not None:
            words += ["costing", str(self.cost)]
        return " ".join(words)

    def of_kind(self, kind: CardKind) -> bool:
        """Whether cards of ``kind`` may be in it."""
        return not self.kinds or kind in self.kinds

    def with_members(self, cards: Iterable) -> CardClass:
        """The class with the ids of ``cards`` (CardDefs) it covers."""
        return attrs.evolve(self, members=frozenset(c.id for c in cards if self.covers(c)))

    def covers(self, card) -> bool:
        """Whether the card (a CardDef) is in the class, read from its
        definition: a card with modes is if one of its modes is (D4.15),
        whichever is played (a class's members are card ids)."""
        if self.names:
            return card.id in self.names
        if not self.of_kind(CardKind(card.kind)):
            return False
        return any((self.cost is None or way.cost == self.cost)
                   and all(has_trait(way, t) for t in self.traits) for way in card.ways)


def has_trait(card, trait: Trait) -> bool:
    """Whether a card (a CardDef) has ``trait``: its range, its target, and
    the effect registry's facts about its effects' primitives."""
    if trait is Trait.RANGED:
        return bool(card.range)
    if trait is Trait.OWN_SHIP:
        return card.target.kind.value == "self"
    if trait is Trait.DAMAGING:
        return any(primitive_of(e).damage > 0 for e in card.effects)
    return any(primitive_of(e).choice is Choice.PATH for e in card.effects)  # MOVING
