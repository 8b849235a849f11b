"""Chance as decisions: the outcomes of a random event and who settles them.

A game is played with ``chance="sampled"`` (the seeded RNG in the state
settles every random event, as it always has) or ``chance="explicit"``: each
random event is then a decision of the chance player, whose outcomes are
move strings (docs/notation.md) with their exact probabilities. The engine
asks at the one place each event happens (dealing a map card, drawing an
order card, picking a card of a hand at random); in explicit mode it asks an
``Explicit`` source, which answers with the outcomes given so far in the
move being run, and stops the move (``ChanceNeeded``) at the first event it
has no outcome for. The game (engine/game_core.py) then waits for the chance player
and, once an outcome is played, runs the move again from its start with one
outcome more: the engine is deterministic, so it comes back to the same
event, and the stack, the turn flow and the triggers need no second way of
being suspended.
"""

from __future__ import annotations

import enum
from collections import Counter
from fractions import Fraction
from typing import Sequence

from ..base.errors import ChanceNeeded
from .notation import outcome, outcome_parts

#: The chance player, ``game.to_move`` at a chance node.
CHANCE = "chance"


class ChanceMode(str, enum.Enum):
    """How a game settles its random events (``new_game(chance=...)``)."""

    SAMPLED = "sampled"    # the seeded RNG, at once
    EXPLICIT = "explicit"  # a decision of the chance player


class ChanceKind(str, enum.Enum):
    """A random event, the first word of its outcomes."""

    DEAL = "deal"  # a map card dealt at setup, in reading order (R1.1)
    DRAW = "draw"  # an order card drawn from the deck (R7.1), or one an arrange sees (D7.14)
    PICK = "pick"  # the card of a hand, the deck or the discards an effect picks at random (D7.13)


def odds(kind: ChanceKind, cards: Sequence[str]) -> list[tuple[str, Fraction]]:
    """Each distinct card as an outcome, sorted, with its exact probability:
    its copies among ``cards`` (copies of a card are alike)."""
    counts = Counter(cards)
    total = len(cards)
    return [(outcome(kind.value, card), Fraction(n, total)) for card, n in sorted(counts.items())]


class Explicit:
    """The outcomes of the move being run, in the order its events ask them."""

    __slots__ = ("given", "used", "provisional", "asked")

    def __init__(self, given: Sequence[str] = (), provisional: bool = False):
        self.given = tuple(given)
        self.used = 0
        self.provisional = provisional
        """Answer an event with no outcome given with its first card, after
        noting it in ``asked``, rather than stop (the setup: a position to
        show before the game begins)."""
        self.asked: list[tuple[str, Fraction]] | None = None

    def pick(self, kind: ChanceKind, cards: Sequence[str]) -> str:
        """The card chosen among ``cards`` (not empty): the only one if all are
        alike (nothing to ask), else the next outcome given, else ask."""
        first = cards[0]
        if all(card == first for card in cards):
            return first
        if self.used == len(self.given):
            if not self.provisional:
                raise ChanceNeeded(odds(kind, cards))
            if self.asked is None:
                self.asked = odds(kind, cards)
            return min(cards)
        word, card = outcome_parts(self.given[self.used])
        self.used += 1
        if word != kind.value or card not in cards:  # pragma: no cover - checked when played
            raise AssertionError(f"chance outcome {self.given[self.used - 1]!r} does not fit")
        return card


class Following(Explicit):
    """An ``Explicit`` source that answers with the very card of ``cards``
    its outcome names (the first alike: the one the engine then moves), and
    keeps what each event picked from: a run on cards that are distinct
    objects can then be followed card by card (a resample at a chance
    node, info/resample.py)."""

    __slots__ = ("picked", "events")

    def __init__(self, given: Sequence[str] = ()):
        super().__init__(given)
        self.picked: list[str] = []
        """The card each outcome given picked, in order (the object itself)."""
        self.events: list[list[str]] = []
        """The cards each event asked picked from (the objects), in order,
        the one that stopped the run last."""

    def pick(self, kind: ChanceKind, cards: Sequence[str]) -> str:
        used = self.used
        self.events.append(list(cards))
        card = super().pick(kind, cards)
        if self.used == used:  # nothing asked: all alike
            self.events.pop()
            return card
        found = next(c for c in cards if c == card)
        self.picked.append(found)
        return found
