"""The closed sets of the game's words: decisions, moves, phases, sides, …

Each is a ``str``-valued enum (``Word``, an ``enum.StrEnum``): a member is
equal to its word, hashes as it does (``str``'s own hash, not a Python-level
one) and prints and reprs as it, so logs, JSON saves, replays, scenarios and
anything that shows a value (``game.decision`` is ``'main'``) read and write
the same words as plain strings. (``yaml.safe_dump`` refuses enum members: a
writer of YAML writes ``str(member)``.) Hot paths compare with module-level
aliases of the members, since reading ``Phase.OVER`` through the enum class
is slower than reading a global.

Below the engine, the move generator and the effects, which all import it;
it imports nothing of the package.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class Word(enum.StrEnum):
    """A closed set of words: members compare, hash, print and repr as their word."""

    __repr__ = str.__repr__


class Decision(Word):
    """What the player to move must decide now (``Game.decision``)."""

    PLACE = "place"        # where the ship starts (R2.8) or respawns (D8.4)
    RECOVER = "recover"    # a crew source at the start of the turn (R6.1)
    MAIN = "main"          # a maneuver, an order card, or the end of the turn (R6.2)
    RESPOND = "respond"    # a response to the top of the stack, or pass (D5.4)
    CHOOSE = "choose"      # a choice an effect owes while it resolves (D6.4)
    DISCARD = "discard"    # a card of a hand over the limit (D7.2)


class MoveKind(Word):
    """The kinds of move, one per first word of the notation (docs/notation.md)."""

    USE = "use"            # a maneuver of the turn's ship
    RESPOND = "respond"    # a maneuver used as a response
    ORDER = "order"        # an order card
    PASS = "pass"
    END = "end"
    RECOVER = "recover"    # a crew source at the start of the turn
    CHOOSE = "choose"      # a choice owed by a resolving effect (written ``recover …``)
    DISCARD = "discard"
    PLACE = "place"


class CardKind(Word):
    """The two kinds of card, and so of stack item (R5.1); and a triggered
    item that asks a choice (``may``, D4.16), which waits on the stack as a
    card's item does, with nobody to answer it."""

    MANEUVER = "maneuver"
    ORDER = "order"
    TRIGGER = "trigger"


class Phase(Word):
    """Where the turn is (``Game.phase``)."""

    PLACE = "place"        # initial placement (R2.8) or a war respawn (D8.4)
    RECOVER = "recover"    # start-of-turn crew recovery (R6.1)
    MAIN = "main"          # maneuvers and order cards (R6.2)
    OVER = "over"          # the game has ended (D8.6)


class Mode(Word):
    """The two ways to play (R8)."""

    WAR = "war"            # victory points, sunk ships respawn (R8.3, R8.4)
    ARENA = "arena"        # the last side afloat wins (R8.1)


class Side(Word):
    """The two sides, in seat order of the teams."""

    BLUE = "blue"
    RED = "red"


class Pile(Word):
    """Crew sources that are not maneuvers: written among maneuver names in
    ``recover <source>`` (R6.1)."""

    WITHDRAWN = "withdrawn"  # crew lost to crew damage (R3.5)


class Choice(Word):
    """What an effect primitive needs the player to choose (``effects.PRIMITIVES``)."""

    NONE = "none"                # nothing: the card's target and area are enough
    PATH = "path"                # a path of up to ``amount`` boxes, chosen with the card
    CREW_SOURCE = "crew source"  # a crew source per unit, chosen while it resolves
    HAND_CARD = "hand card"      # a card of a hand per unit, chosen while it resolves
    SUNK_SHIP = "sunk ship"      # a sunk ship and the free box it returns to
    DECK_ORDER = "deck order"    # the next card from the top, per card but the last (D7.14)
    YES_NO = "yes or no"         # whether a ``may`` block is done, while it resolves (D4.16)
    MODE = "mode"                # a mode chosen by another player, while it resolves (D4.17)


class Duration(str, enum.Enum):
    """How long a status lasts (docs/dsl.md). "Its" is the affected ship's
    player's; every status also ends when its ship leaves the board (R9.2)."""

    THIS_TURN = "this turn"   # at the end of the turn it was given in
    START_OF_NEXT_TURN = "until start of its next turn"   # when its player's next turn starts
    END_OF_NEXT_TURN = "until end of its next turn"   # when its player's next turn ends
    PERMANENT = "permanent"   # only when its ship leaves the board
    # the card's player's turns ("your": the player who gave it, D8.7)
    START_OF_YOUR_NEXT_TURN = "until start of your next turn"  # when the giver's turn starts
    END_OF_YOUR_NEXT_TURN = "until end of your next turn"  # when the giver's next turn ends
    USES = "for N uses"   # when it has been used N times (what a use is: per Modifier)
    WHILE = "while"   # as soon as its condition about its ship fails (checked after effects, moves)
    # the next turn whoever's it is (the turn after the one it was given in)
    START_OF_THE_NEXT_TURN = "until start of the next turn"   # when the next turn starts
    END_OF_THE_NEXT_TURN = "until end of the next turn"   # when the next turn ends
    # an end that is an event: its ship uses a card of a class (D9.10)
    UNTIL_IT_USES = "until it uses"   # when its ship next uses a card of its class


class Edge(Word):
    """A turn's edge, where what lasts until it ends (R9.1)."""

    START = "start"
    END = "end"


class TurnOf(Word):
    """Whose turns a duration counts: the affected ship's player's ("its"; a
    token's owner's), the card's player's who gave it ("your", D8.7), or
    every turn, whoever's it is ("the")."""

    SHIP = "its"
    GIVER = "your"
    ANY = "the"


class TurnEdge(NamedTuple):
    """When a duration that ends at a turn edge ends: at the ``edge`` of a
    turn ``whose`` it counts, the ``edges``-th such edge when given in one of
    those turns (the end of the turn it was given in, then the next's), else
    the first."""

    edge: Edge
    whose: TurnOf
    edges: int = 1


#: Every duration that ends at a turn edge, one row each: the one table the
#: engine ends statuses and tokens by (engine/lifetimes.py), their giver
#: kept by (``TurnOf.GIVER``) and saves bound by (``edges``). A turn edge
#: ends them row by row, in this order.
TURN_EDGES: dict[Duration, TurnEdge] = {
    Duration.THIS_TURN: TurnEdge(Edge.END, TurnOf.ANY),
    Duration.START_OF_NEXT_TURN: TurnEdge(Edge.START, TurnOf.SHIP),
    Duration.END_OF_NEXT_TURN: TurnEdge(Edge.END, TurnOf.SHIP, 2),
    Duration.START_OF_YOUR_NEXT_TURN: TurnEdge(Edge.START, TurnOf.GIVER),
    Duration.END_OF_YOUR_NEXT_TURN: TurnEdge(Edge.END, TurnOf.GIVER, 2),
    Duration.START_OF_THE_NEXT_TURN: TurnEdge(Edge.START, TurnOf.ANY),
    Duration.END_OF_THE_NEXT_TURN: TurnEdge(Edge.END, TurnOf.ANY, 2),
}
