"""The compiled rules: cards, ships, map cards and rule options as attrs data.

A ``Ruleset`` is what the DSL compiler produces and what a game runs on. It
is immutable; games share one.

Its length is the records': it holds every record a compiled card set is
made of (cards, ships, maps, statuses, options and the ruleset with its
hash) in one module, because the hash (``Ruleset.describe``) reads them all
and must change whenever one of them does.
"""

from __future__ import annotations

import enum
import hashlib
import json
from typing import Any, Mapping

import attrs

from ..base.errors import UnknownName
from ..base.kinds import TURN_EDGES, CardKind, Duration, Edge, TurnOf
from ..i18n.catalog import Wording, display_name, flavour, languages
from ..rules.card_classes import CardClass
from ..rules.effects import HASH_NAMES, Bottom, Effect, Selector, path_with_card, primitive_of
from ..rules.exprs import Amount, BoxLeft, Boxes, Condition, Filter, Ships, chances
from ..rules.parameters import TRACKS
from ..rules.triggers import TokenDef, TriggerDef, TriggerIndex
from ..text.cards import Nature, card_text, status_nature, status_text


class TargetKind(enum.Enum):
    """How a card picks what it acts on (its notation after the card name)."""

    SELF = "self"        # no target: the acting ship
    SHIP = "ship"        # a ship: in the visual field within range (R4.2) / anywhere (R7.3)
    SOURCE = "source"    # the ship that performed the answered item (shield, D4.7)
    AREA = "area"        # a w×h block named by its top-left box (D7.5)
    BOX = "box"          # a box of the board, named like an area of 1×1 (D4.11)


@attrs.frozen
class Target:
    """What a card acts on; ``width`` × ``height`` for an area (D7.5)."""

    kind: TargetKind = TargetKind.SELF
    width: int = 0
    height: int = 0
    filter: Filter | None = None
    """Which ships it may be (``target enemy ship``, exprs.Filter); None: any."""
    boxes: Boxes | None = None
    """A box target's reach and words (``target free box within 2``, exprs.Boxes)."""
    least: int = 1
    """The fewest different ships a counted target names (``target exactly 2 …``: 2;
    ``target up to 2 …``: 1), D4.13."""
    most: int = 1
    """The most different ships it names: 1 for a card with one target, which
    keeps its notation and its ``target``; more for a counted one, whose
    effects name them as ``each target`` (D4.13)."""
    map_card: bool = False
    """An area that is one map card (``target map card``, D2.19): 2×2, its
    top-left box on the card grid's corners."""

    @property
    def counted(self) -> bool:
        """Whether the card names several different ships (``target up to N …``)."""
        return self.most > 1 or self.least != 1


@attrs.frozen
class SourceRef:
    """Where a declaration was written, for error messages."""

    file: str = "<builtin>"
    line: int = 0


#: The most amount a card's player may choose with it (``choose amount``,
#: D4.19), and the least is 1: the numbers its move and the AI's words write.
MAX_AMOUNT = 9


@attrs.frozen
class CardDef:
    """A maneuver (on a control card) or an order card.

    ``range`` None means the card acts on its own ship only (R4.2). Order
    cards have no cost or range and ignore the visual field (R7.3).
    """

    id: str
    """The card's id, as move strings write it (`heavy_torpedo`)."""
    kind: str  # "maneuver" | "order"
    """`maneuver` or `order`."""
    effects: tuple[Effect, ...]
    """The compiled effects, applied in order when the card resolves."""
    target: Target = Target()
    """What the card acts on: its own ship, a ship, the answered item or an area."""
    cost: int | None = None
    """Crew a maneuver costs (R4.1); None for an order card."""
    range: int | None = None
    """How far a maneuver reaches in the visual field (R4.2); None: its own ship only."""
    over_islands: bool = False
    """Its visual field is not cut by islands (``range N over islands``, D2.12)."""
    respondable: bool = False
    """Whether using it opens a response window (R5.1)."""
    response: bool = False
    """Whether it can be used as a response (R5.2)."""
    answers: frozenset[CardKind] = frozenset({CardKind.MANEUVER, CardKind.ORDER})
    """The kinds of item it may answer as a response: its ``answers``, else
    the rules' ``responses_answer`` (R5.2)."""
    copies: int = 0
    """Copies of an order card in the deck (D7.4); 0 for a maneuver."""
    source: SourceRef = attrs.field(default=SourceRef(), eq=False)
    """The card file and line that declared it, for error messages."""
    usable: Condition | None = None
    """The condition under which it may be used or played (``usable if``); None: always."""
    once: bool = False
    """Whether each player may use it only once in a game (``once per game``)."""
    second: Ships | None = None
    """Its second target (``second target enemy ship within 2 of target``,
    D4.14): the set of ships it may be, read with the first as ``target``;
    None: none."""
    second_optional: bool = False
    """Whether its player may choose no second target (``second target up to
    1 …``, D4.14): the card is then also played on its target alone."""
    computed_cost: Amount | None = None
    """A maneuver whose cost depends on its ship (``cost (AMOUNT)``): the amount,
    counted for the using ship (``self``) by ``Engine.cost``, at least 1; None
    for a fixed cost. ``cost`` then holds the amount with every quantity 0, at
    least 1 (`cost (3 - repairs missing)`: 3; `cost (1 + cards in hand)`: 1):
    the one figure the reference tables and the bots read."""
    modes: tuple[CardDef, ...] = ()
    """Its modes (``mode NAME { … }``, D4.15), chosen by its player with the
    card: each one the whole card as that mode says it (its own target, cost,
    range, ``usable`` and effects), with ``mode`` its name; empty for a card
    of one way to play, which is then played as itself."""
    mode: str | None = None
    """The name of the mode this card is (one of a card's ``modes``), or None."""
    modes_by: Selector | None = None
    """Who chooses its mode, if not its player with the card: the player of
    its ``target`` or ``source`` as it resolves (``modes chosen by …``,
    D4.17); set on the card and on each of its modes."""
    # -- chosen amounts (``choose amount from A to B``, D4.19)
    bounds: tuple[int | Amount, int | Amount] | None = None
    """The least and the most amount its player may choose with it (a number,
    or an amount counted for the card's ship as it is played); None: it
    chooses none."""
    amounts: tuple[CardDef, ...] = ()
    """The card played with each amount its bounds may allow (1 to
    ``MAX_AMOUNT``), each with ``chosen`` its amount; empty for a card that
    chooses none. A card with modes chooses in each mode that says it."""
    chosen: int | None = None
    """The amount this card is played with (one of a card's ``amounts``), or None."""
    # The effect whose path the player chooses with the card (a move of its
    # own ship or its target, effects.path_with_card), if any: the path is part of the move
    # string. The move generator asks at every decision, so it is found once,
    # here: a field, not a cached_property, whose __getattr__ on a slotted
    # class would slow every attribute of every card (3-4x per read).
    path_effect: Effect | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        moving = [e for e in self.effects if path_with_card(e)]
        object.__setattr__(self, "path_effect", moving[0] if moving else None)

    def in_mode(self, name: str | None) -> CardDef:
        """The card as the mode ``name`` plays it (itself for None, D4.15)."""
        if name is None:
            return self
        return next(m for m in self.modes if m.mode == name)

    def with_amount(self, chosen: int | None) -> CardDef:
        """The card played with the amount ``chosen`` (itself for None, D4.19)."""
        if chosen is None:
            return self
        return next(a for a in self.amounts if a.chosen == chosen)

    def played(self, mode: str | None, chosen: int | None) -> CardDef:
        """The card as a move or a stack item plays it: its mode (D4.15),
        then its amount (D4.19)."""
        card = self if mode is None else self.in_mode(mode)
        return card if chosen is None else card.with_amount(chosen)

    @property
    def ways(self) -> tuple[CardDef, ...]:
        """The ways to play it, each listed as a card: its modes, or itself,
        each with each amount it may choose (D4.19)."""
        if not self.amounts and not self.modes:  # the printed cards: no call more
            return (self,)
        return tuple(a for way in self.modes or (self,) for a in way.amounts or (way,))

    @property
    def listed_ways(self) -> tuple[CardDef, ...]:
        """The ways its player chooses among with the card (``ways``), but
        itself alone when another player chooses its mode as it resolves
        (D4.17: such a card chooses no amount)."""
        return (self,) if self.modes_by is not None else self.ways

    @property
    def jumps(self) -> bool:
        """Whether the card takes its own ship to its target box (D4.11)."""
        return any(primitive_of(e).jumps for e in self.effects)

    @property
    def mover(self) -> Selector | None:
        """Which ship the card moves (its own, the target), or None if it moves none."""
        m = self.path_effect
        return m.selector if m else None


class Forbid(str, enum.Enum):
    """What a status forbids its ship (or its ship's player)."""

    MANEUVERS = "maneuvers"    # the ship uses no maneuver, not even a response (R9.1)
    RESPONSES = "responses"    # the ship uses no maneuver as a response (R5.2)
    ORDERS = "orders"          # its player plays no order card (R7.3)
    MOVEMENT = "movement"      # no card moves it; a move on it does nothing


class Modifier(str, enum.Enum):
    """A number a status changes by N while it lasts (``modify NAME N``): one
    member per row of the parameter registry (rules/parameters.py), which says
    whose it is, its bound and what one use of a status ``for N uses`` is."""

    RANGE = "range"        # its ship's maneuvers reach N boxes farther, at least 0 (R4.2)
    COST = "cost"          # its ship's maneuvers cost N more crew, at least 1 (R4.1)
    MOVEMENT = "movement"  # each move of its ship goes N boxes farther, 0 to board.MAX_MOVE (D4.6)
    SIGHT = "sight"        # distances in its ship's visual field count N less, at least 1 (R4.3)
    DAMAGE = "damage"      # each damage its ship takes is N more, at least 0 (R3.1)
    DAMAGE_DEALT = "damage dealt"  # each damage its ship's cards deal is N more, at least 0 (R3.1)
    HAND_LIMIT = "hand limit"  # its player may hold N more order cards, at least 0 (R7.2)
    RECOVER = "recover"    # its player recovers N more crew at its turn's start, at least 0 (R6.1)
    ORDERS = "orders"      # its player may play N more order cards a turn, at least 0 (R7.3)
    VISIBILITY = "visibility"  # it is seen from at most N boxes away, at least 1 (D2.18)
    REPAIRS_TRACK = "repairs track"  # its repair track holds N more, 1 to 9 (D9.15)
    BREAKDOWNS_TRACK = "breakdowns track"  # its breakdown track holds N more, 0 to 9 (D9.15)


class Limit(str, enum.Enum):
    """How a status sets or bounds a number (``set NAME to N``, ``limit NAME
    to at most|at least N``); applied after every ``modify`` (D9.5)."""

    SET = "set"             # the number is N
    AT_MOST = "at most"     # the number is N or less
    AT_LEAST = "at least"   # the number is N or more


class Redirect(str, enum.Enum):
    """Where a status sends the damage its ship takes (``redirect damage to NAME``)."""

    GIVER = "giver"   # the damage goes to the giver's ship (the card's player's), if on the board


@attrs.frozen
class StatusDef:
    """A status a card can give a ship (``status NAME on target``): how long it
    lasts and what it forbids, read by the engine's generic rules."""

    id: str
    """The status's id, as cards and scenarios name it (`intercepted`)."""
    duration: Duration
    """When it ends (besides its ship leaving the board)."""
    forbids: tuple[Forbid, ...] = ()
    """What the ship (or its player) may not do while it lasts, in declared order."""
    source: SourceRef = attrs.field(default=SourceRef(), eq=False)
    """The card file and line that declared it, for error messages."""
    uses: int = 0
    """How many uses it lasts (``for N uses``); 0 for any other duration."""
    untargetable: tuple[CardKind, ...] = ()
    """The kinds of card of other players that cannot target its ship (``untargetable by``)."""
    modifiers: tuple[tuple[Modifier, int, str | CardClass | None], ...] = ()
    """The numbers it changes, by how much, and for which card only, if one
    (``modify NAME N [on CARD]``), in declared order."""
    redirect: Redirect | None = None
    """Where the damage its ship takes goes instead (``redirect damage to giver``)."""

    triggers: tuple[TriggerDef, ...] = ()
    """Its triggers (``when ...``), which its ship holds while it lasts."""
    condition: Any = None
    """Its ``while CONDITION`` (an exprs.Condition about its ship: self and it
    are that ship), or None for any other duration."""
    nature: Nature | None = attrs.field(default=None, eq=False)
    """Whether it harms, protects or is neutral to its ship (``nature``), which
    chooses the verb that gives it in card text; None: read from what it does
    (``text.status_nature``). Words only: no play reads it, nor the hash."""
    limits: tuple[tuple[Modifier, Limit, Any, str | None], ...] = ()
    """The numbers it sets or bounds, how, to what (a number, or an
    exprs.Amount read whenever a rule asks, D9.14), and for which card only, if
    one (``set NAME to N``, ``limit NAME to at most N [on CARD]``), in order."""
    prevents: int = 0
    """The damage points it prevents before it ends (``prevent N damage``): its
    uses are those points (``uses`` is N), one per damage point ignored."""
    untargetable_by: CardClass | None = None
    """The class of cards that cannot target its ship (``untargetable by enemy
    damaging cards``), when it is more than kinds of card (``untargetable``)."""
    forbids_cards: CardClass | None = None
    """The class of cards its ship's player may not use (``forbids damaging
    cards``), besides what ``forbids`` names (R9)."""
    affects: Any = None
    """The ships its changes act on instead of its own (``affects each friendly
    ship within 2 of self``: an exprs.Ships, ``self`` the ship that has it),
    read whenever a rule asks; None: its own ship."""
    player: bool = False
    """A player's status (``status NAME on you``, D9.8): kept in its player's
    seat whether its ship is on the board or not, through a respawn or a
    refloat; it acts while its player is in the game."""
    stacks: int = 1
    """How many times its ship may hold it at once (``stacks N``, D9.9): given
    again while held, it counts one more, up to this; each count acts (its
    changes add up once per count). 1: given again, it only lasts from then."""
    ends_on: CardClass | None = None
    """The class of cards whose use by its ship ends it (``until it uses
    damaging cards``, D9.10), beside its time if it has one; None: no card
    ends it."""
    ignores_running: bool = False
    """Running water gives its ship no forced step (``ignores running water``,
    D2.13): its moves walk the board's calm view."""
    sees_over_islands: bool = False
    """Its ship's visual field is not cut by islands (``sees over islands``,
    D2.20): every sight query of the ship looks at the board's over-islands view."""
    turns: int = 1
    """The next turns a duration until the end of a next turn spans (``for N
    turns``, D9.17): it ends at the end of the Nth; 1 for any other."""

    @property
    def modifies(self) -> bool:
        """Whether it changes anything besides what it forbids (the engine then
        looks at it in its rule queries and when damage is taken)."""
        return bool(self.untargetable or self.modifiers or self.redirect or self.limits
                    or self.prevents or self.untargetable_by)

    def bounds(self, modifier: Modifier, card: str | None = None) -> list[tuple[Limit, Any]]:
        """How it sets or bounds ``modifier`` for ``card``, as ``amount`` reads
        its changes (a bound for another card only left out): each to a number
        or an amount (``Modifiers.bounds`` reads it)."""
        return [(how, n) for m, how, n, only in self.limits
                if m is modifier and (card is None or only is None or only == card)]

    def touches(self, modifier: Modifier, card: str | None = None) -> bool:
        """Whether it changes, sets or bounds ``modifier`` for ``card`` (what
        makes a status ``for N uses`` lose a use)."""
        return bool(self.amount(modifier, card) or self.bounds(modifier, card))

    def amount(self, modifier: Modifier, card: str | None = None) -> int:
        """How much it changes ``modifier`` (0 if not at all) for ``card``: a
        change for another card only (one named, or a class of cards:
        ``card_classes.CardClass``) is left out; ``card`` None counts them all."""
        return sum(n for m, n, only in self.modifiers
                   if m is modifier and (card is None or only is None or only == card
                                         or type(only) is CardClass and card in only.members))

    def extra(self) -> list[Any]:
        """What the hash describes beyond duration and forbids: empty for a
        status without them, so the printed cards keep their hash."""
        out: list[Any] = []
        if self.uses:
            out.append(["uses", self.uses])
        if self.untargetable:
            out.append(["untargetable", [k.value for k in self.untargetable]])
        if self.modifiers:
            out.append(["modify", [[m.value, n, *([str(c)] if c else [])]
                                   for m, n, c in self.modifiers]])
        if self.redirect:
            out.append(["redirect", self.redirect.value])
        if self.limits:
            out.append(["limit", [[m.value, how.value, n if type(n) is int else str(n),
                                   *([c] if c else [])]
                                  for m, how, n, c in self.limits]])
        if self.prevents:
            out.append(["prevent", self.prevents])
        if self.condition is not None:
            out.append(["while", str(self.condition)])
        if self.untargetable_by is not None:
            out.append(["untargetable_by", str(self.untargetable_by)])
        if self.forbids_cards is not None:
            out.append(["forbids_cards", str(self.forbids_cards)])
        if self.affects is not None:
            out.append(["affects", self.affects.value])
        if self.player:
            out.append(["player", True])
        if self.stacks > 1:
            out.append(["stacks", self.stacks])
        if self.ends_on is not None:
            out.append(["ends_on", str(self.ends_on)])
        if self.sees_over_islands:
            out.append(["sees_over_islands", True])
        if self.ignores_running:
            out.append(["ignores_running", True])
        if self.turns > 1:
            out.append(["turns", self.turns])
        return out


@attrs.frozen
class StatusRules:
    """The declared statuses grouped by what they forbid and when they end, as
    sets of names: what the move generator and the turn flow look up (a set
    of strings, not a dict keyed by enums, on the hot path)."""

    maneuvers: frozenset[str] = frozenset()
    responses: frozenset[str] = frozenset()
    orders: frozenset[str] = frozenset()
    movement: frozenset[str] = frozenset()
    #: per turn edge, the statuses it ends or counts, by whose turn they count
    #: (``kinds.TURN_EDGES``, row by row; a duration none has is left out)
    ending: Mapping[Edge, tuple[tuple[TurnOf, frozenset[str]], ...]] = attrs.field(
        factory=lambda: {Edge.START: (), Edge.END: ()})
    #: statuses that change numbers, targeting or damage (none: the engine skips
    #: every modifier query, so the printed cards pay nothing for them)
    modifying: frozenset[str] = frozenset()
    #: statuses that keep who gave it (``state.Lifetime``)
    with_giver: frozenset[str] = frozenset()
    #: statuses lasting ``while CONDITION`` (none: the engine never checks one)
    conditional: frozenset[str] = frozenset()
    #: statuses that act only while a condition holds but end by another
    #: duration (``permanent`` beside ``while``): asked, not ended
    dormant: frozenset[str] = frozenset()
    #: every status with a condition (``conditional`` and ``dormant``)
    conditioned: frozenset[str] = frozenset()
    #: statuses that forbid a class of cards (``StatusDef.forbids_cards``)
    cards: frozenset[str] = frozenset()
    #: statuses whose changes act on other ships (``StatusDef.affects``; none:
    #: a ship's changes are its own statuses' and abilities' only)
    auras: frozenset[str] = frozenset()
    #: players' statuses (``StatusDef.player``): kept through a respawn or a refloat
    players: frozenset[str] = frozenset()
    #: statuses a card its ship uses may end (``StatusDef.ends_on``; none: a
    #: card declared ends no status)
    ended_by_use: frozenset[str] = frozenset()
    #: statuses that bound a number by an amount (D9.14; none: no amount is
    #: read by a modifier query)
    measured: frozenset[str] = frozenset()
    #: statuses that change the size of a track (D9.15; none: every track is
    #: its ship type's size, and no track is fitted after an effect)
    tracks: frozenset[str] = frozenset()

    @classmethod
    def of(cls, statuses: dict[str, StatusDef]) -> StatusRules:
        """Group ``statuses`` (by id) for the engine's generic rules."""
        def having(test) -> frozenset[str]:
            return frozenset(k for k, s in statuses.items() if test(s))
        ending: dict[Edge, list[tuple[TurnOf, frozenset[str]]]] = {e: [] for e in Edge}
        for duration, row in TURN_EDGES.items():
            names = having(lambda s: s.duration is duration)
            if names:
                ending[row.edge].append((row.whose, names))
        return cls(
            maneuvers=having(lambda s: Forbid.MANEUVERS in s.forbids),
            # no maneuver is no response either (R9.1)
            responses=having(lambda s: Forbid.RESPONSES in s.forbids
                             or Forbid.MANEUVERS in s.forbids),
            orders=having(lambda s: Forbid.ORDERS in s.forbids),
            movement=having(lambda s: Forbid.MOVEMENT in s.forbids),
            ending={edge: tuple(rows) for edge, rows in ending.items()},
            modifying=having(lambda s: s.modifies),
            conditional=having(lambda s: s.duration is Duration.WHILE),
            dormant=having(lambda s: s.condition is not None
                           and s.duration is not Duration.WHILE),
            conditioned=having(lambda s: s.condition is not None),
            cards=having(lambda s: s.forbids_cards is not None),
            auras=having(lambda s: s.affects is not None),
            players=having(lambda s: s.player),
            ended_by_use=having(lambda s: s.ends_on is not None),
            measured=having(lambda s: any(type(n) is not int for _, _, n, _ in s.limits)),
            tracks=having(lambda s: any(s.touches(Modifier(t)) for t in TRACKS)),
            with_giver=having(lambda s: s.redirect is not None or (
                s.duration in TURN_EDGES and TURN_EDGES[s.duration].whose is TurnOf.GIVER)))


def among(statuses: tuple[tuple[str, int], ...], names: frozenset[str]) -> bool:
    """Whether one of a ship's ``statuses`` (``ShipState.statuses``) is among
    ``names`` (those that forbid something, ``StatusRules``)."""
    for name, _ in statuses:
        if name in names:
            return True
    return False


class Silhouette(str, enum.Enum):
    """The drawings of a ship the SVG board knows (``silhouette`` in a ship
    declaration): names of pictures, not of ship types."""

    SUBMARINE = "submarine"   # a rounded hull with a conning tower
    CARRIER = "carrier"       # a flat deck, wider at the top
    HULL = "hull"             # a pointed hull (the default)


@attrs.frozen
class ShipDef:
    """A ship type: its tracks, crew and the maneuvers on its control card (R1.2, D1.3),
    and how the text board and the pictures show it."""

    id: str
    """The ship type's id (`aircraft_carrier`)."""
    repairs: int
    """Size of the repair track, full at the start (D1.3)."""
    breakdowns: int
    """Size of the breakdown track, full at the start (D1.3)."""
    crew: int
    """Crew in the reserve at the start (R1.3)."""
    maneuvers: tuple[str, ...]
    """The maneuvers of its control card, in printed order (R1.5)."""
    letter: str
    """Its one-character mark on the text board, lower case (`s`); blue's ships
    show it upper case. Unique among the ship types."""
    silhouette: Silhouette = Silhouette.HULL
    """The drawing of it on the SVG board."""
    source: SourceRef = attrs.field(default=SourceRef(), eq=False)
    """The card file and line that declared it, for error messages."""
    abilities: tuple[str, ...] = ()
    """Its passive abilities: permanent statuses every ship of the type has,
    never in its state and never lost (``ability NAME``)."""
    triggers: tuple[TriggerDef, ...] = ()
    """Its triggers (``when ...``): an ability of every ship of the type."""


@attrs.frozen
class MapCardDef:
    """A 2×2 map card (R1.1); start cards are all open water (D2.7)."""

    id: str
    layout: tuple[str, ...]
    start: bool = False
    source: SourceRef = attrs.field(default=SourceRef(), eq=False)


@attrs.frozen
class Catchup:
    """Arena catch-up (R8.2): the first side of ``team`` ships reduced to
    ``reduced_to`` ships draws ``cards`` order cards, dealt one by one to its
    surviving players in seat order."""

    team: int
    reduced_to: int
    cards: int


SUNK_MID_CHAIN = ("targeting", "all", "source")
#: what a token's id asked as a card or a status is told: its text is its
#: entry among the tokens of the rule reference
TOKEN_HINT = "it is a token: see the tokens in 'redcode rules'"
#: R2.8, D2.8: the players choose where their ships start, or they take fixed boxes.
PLACEMENTS = ("choose", "fixed")
SINKER_DRAWS_FOR = ("any", "enemy")
#: R7.3: whether an order card that says neither opens a response window.
ORDERS_RESPONDABLE = ("no", "yes")
#: R5.2: the words of a card's ``answers`` and of the rule option
#: ``responses_answer`` (what a response that says no ``answers`` may answer).
ANSWER_KINDS = {"any": frozenset({CardKind.MANEUVER, CardKind.ORDER}), "maneuvers": frozenset({CardKind.MANEUVER}),
                "orders": frozenset({CardKind.ORDER})}
RESPONSES_ANSWER = tuple(ANSWER_KINDS)


@attrs.frozen
class RuleOptions:
    """Every number of the rules that is not on a card (docs/rules.md §2, §6–§8).

    Each field is settable in a ``rules { ... }`` block; the docstrings of
    the fields live in ``OPTION_DOCS`` for the generated reference.
    """

    hand_limit: int = 3
    recover: int = 2
    orders_per_turn: int = 1
    victory_points: int = 5
    turn_limit: int = 200
    sunk_mid_chain: str = "targeting"
    deck_size: int = 30
    ship_maneuvers: int = 8
    start_hand: int = 1
    placement: str = "choose"
    sinker_draws: int = 1
    sinker_draws_for: str = "any"
    neighbours: int = 8
    board_columns: int = 4
    board_rows: int = 3
    catchup: tuple[Catchup, ...] = ()
    orders_respondable: str = "no"
    responses_answer: str = "any"


#: Rule options that only give the cards' defaults: the compiler reads them,
#: so the cards' own entries of ``Ruleset.describe`` carry them (and the
#: hash of the printed cards stays the one their saves recorded).
CARD_DEFAULT_OPTIONS = frozenset({"orders_respondable", "responses_answer"})


OPTION_DOCS = {
    "hand_limit": "most order cards in a hand; a 4th is discarded at once (R7.2, D7.2)",
    "recover": "crew recovered at the start of a turn (R6.1)",
    "orders_per_turn": "order cards a player may play per turn (R6.2, R7.3)",
    "victory_points": "points that win a war game (R8.3)",
    "turn_limit": "turns after which the game ends on points or ships (D8.5)",
    "sunk_mid_chain": "what a ship sunk mid-chain wastes: targeting | all | source (R5.5, §10)",
    "deck_size": "order cards in the deck; copies must add up to it (R1.4)",
    "ship_maneuvers": "most maneuvers on a control card; a ship type lists 1 to this "
                      "many (R1.5, D1.5)",
    "start_hand": "order cards dealt to each player at the start (R7.1)",
    "placement": "choose: each player places their ship before the first turn (R2.8); "
                 "fixed: blue b2 a2 b1, red g5 h5 g6 (D2.8)",
    "sinker_draws": "order cards drawn by a player who sinks a ship in war (R8.3)",
    "sinker_draws_for": "which sinkings give the sinker's cards: any | enemy (R8.3, §10)",
    "neighbours": "8: moves go to the 8 neighbouring boxes; 4: orthogonal only (D2.6)",
    "board_columns": "map cards per row of the board (R1.1)",
    "board_rows": "rows of map cards on the board (R1.1)",
    "catchup": "arena catch-up: `catchup 3v3 reduced to 1 gives 2` (R8.2)",
    "orders_respondable": "whether an order card that says neither `respondable` nor "
                          "`not respondable` can be responded to: no | yes (R7.3, D7.3)",
    "responses_answer": "what a response that says no `answers` may answer: "
                        "any | maneuvers | orders (R5.2, D7.3)",
}


@attrs.frozen
class RulesSpec:
    """How a ruleset was built, and every card text read to build it.

    ``ref`` is the edition name or variant file path and ``extra`` the extra
    card files' paths as the caller gave them (a scenario names them so);
    ``texts`` are card texts given as strings. ``variants`` (file name, text,
    child first) are the variant files read and ``extra_texts`` (file name,
    text) the extra files read, so a save or replay can carry the very texts
    the game was played with; ``root`` is the built-in edition they rest on.
    """

    ref: str = ""
    extra: tuple[str, ...] = ()
    texts: tuple[tuple[str, str], ...] = ()
    variants: tuple[tuple[str, str], ...] = ()
    extra_texts: tuple[tuple[str, str], ...] = ()
    root: str = "base"


class ReadOnlyDict(dict):
    """A ``dict`` that refuses changes: a ruleset's tables, shared by every
    game on it. A subclass of ``dict``, not a ``MappingProxyType``, so a
    lookup costs what a dict's does (``get`` included), and it pickles,
    copies and writes as JSON like one."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a Ruleset is read-only: build another (load_ruleset with card "
                        "files, or a variant) to change its cards")

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        """Rebuilt from a plain dict (pickle and ``copy`` would set items one by one)."""
        return (type(self), (dict(self),))


def _read_only(table: dict) -> ReadOnlyDict:
    return table if isinstance(table, ReadOnlyDict) else ReadOnlyDict(table)


def _read_only_words(words: dict) -> ReadOnlyDict:
    return ReadOnlyDict({lang: _read_only(table) for lang, table in words.items()})


def _reads_left(rules: Ruleset) -> bool:
    """Whether an effect of a card, or of a trigger of a status, a ship type
    or a token, acts on ``box left by`` (D2.17)."""
    holders = (*rules.statuses.values(), *rules.ships.values(), *rules.tokens.values())
    effects = [*(e for card in (*rules.maneuvers.values(), *rules.orders.values())
                 for c in card.ways for e in c.effects),
               *(e for h in holders for t in h.triggers for e in t.effects)]
    return any(isinstance(e.selector, BoxLeft) for e in effects)


@attrs.frozen
class Ruleset:
    """A compiled edition or variant: everything a game needs to know."""

    name: str
    """The edition or variant name (`es`, `house_rules`)."""
    maneuvers: Mapping[str, CardDef] = attrs.field(converter=_read_only)
    """Every maneuver by id, in declaration order."""
    orders: Mapping[str, CardDef] = attrs.field(converter=_read_only)
    """Every order card by id, in declaration order."""
    ships: Mapping[str, ShipDef] = attrs.field(converter=_read_only)
    """Every ship type by id."""
    maps: Mapping[str, MapCardDef] = attrs.field(converter=_read_only)
    """Every map card by id (R1.1, D2.7)."""
    options: RuleOptions
    """The rule options: every number of the rules that is not on a card."""
    files: tuple[str, ...] = ()
    """The card files it was compiled from, in the order they were applied."""
    lineage: tuple[str, ...] = ()   # variant names from base to this one
    """The variant names from `base` down to this one: `('base', 'es', 'it')`."""
    statuses: Mapping[str, StatusDef] = attrs.field(factory=dict, converter=_read_only)
    """Every status cards can give, by id, in declaration order (R9)."""
    tokens: Mapping[str, TokenDef] = attrs.field(factory=dict, converter=_read_only)
    """Every kind of board token, by id, in declaration order."""
    spec: RulesSpec = attrs.field(default=RulesSpec(), eq=False)  # how to rebuild it
    """How the ruleset was built, and the card texts read to build it."""
    words: Mapping[str, Mapping[str, Wording]] = attrs.field(
        factory=dict, converter=_read_only_words)
    """The card files' own names, genders, flavour texts and status states, by
    language then id (``name es "Mina marina" (f)``): what the narration,
    the card text and the reference say before the catalog. Not in ``hash``:
    words change no play, so a replay survives a renamed card."""
    status_rules: StatusRules = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda self: StatusRules.of(self.statuses), takes_self=True))
    """The statuses grouped by what they forbid and when they end."""
    guarded: bool = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda self: any(
            c.usable is not None or c.chosen is not None
            for card in (*self.maneuvers.values(), *self.orders.values())
            for c in card.ways), takes_self=True))
    """Whether a card (or a mode of one) has a ``usable if`` condition, or
    bounds its chosen amount (D4.19): the engine looks only then."""
    most_chosen: int = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda self: max(
            (c.chosen or 0 for card in (*self.maneuvers.values(), *self.orders.values())
             for c in card.ways), default=0), takes_self=True))
    """The most amount a card may be played with (D4.19; 0: no card chooses
    one): the numbers the AI's action words need for the amounts."""
    reads_left: bool = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda self: _reads_left(self), takes_self=True))
    """Whether an effect names the box a ship left (``box left by``, D2.17):
    the engine keeps that box only then, so the printed games' states,
    scenarios and views stay as they were."""
    trigger_index: TriggerIndex = attrs.field(
        init=False, eq=False, repr=False,
        default=attrs.Factory(lambda self: TriggerIndex.of(self.statuses, self.ships,
                                                           self.tokens), takes_self=True))
    """Every trigger by holder (empty unless a card file declares one)."""
    # A short hash of the compiled card data (replays refuse other data); computed
    # once when the ruleset is built (a field, not a cached_property: see CardDef).
    hash: str = attrs.field(init=False, eq=False, repr=False)
    """A short hash of the compiled card data: a replay refuses other data."""
    response_orders: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    """The order cards that may be played as a response (``response``): none
    in the printed cards, so asking whether a player may respond costs
    nothing more for them."""

    computed_costs: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether a maneuver's cost (or a mode's) depends on its ship (none of
    the printed ones)."""
    faces: int = attrs.field(init=False, eq=False, repr=False)
    """The most faces a card or trigger rolls (``chance N in M``, D4.18; 0:
    none rolls): the numbers the AI's action words need for the rolls."""
    deck_bottoms: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether an effect puts cards on the bottom of the deck (D7.15): an
    explicit-chance draw looks for them only then."""

    def __attrs_post_init__(self) -> None:
        text = json.dumps(self.describe(), sort_keys=True, default=str)
        object.__setattr__(self, "hash", hashlib.sha256(text.encode()).hexdigest()[:16])
        object.__setattr__(self, "response_orders",
                           tuple(c.id for c in self.orders.values() if c.response))
        object.__setattr__(self, "computed_costs",
                           any(c.computed_cost is not None for card in self.maneuvers.values()
                               for c in card.ways))
        effects = self._effects()
        object.__setattr__(self, "faces", max((c.faces for e in effects if e.computed is not None
                                               for c in chances(e.computed.condition)),
                                              default=0))
        object.__setattr__(self, "deck_bottoms", any(type(e) is Bottom for e in effects))

    def _effects(self) -> list[Effect]:
        """Every effect of the cards, their modes and the triggers."""
        effects = [e for card in (*self.maneuvers.values(), *self.orders.values())
                   for c in card.ways for e in c.effects]
        effects += [e for table in (self.statuses, self.ships, self.tokens)
                    for holder in table.values() for t in holder.triggers for e in t.effects]
        return effects

    def __repr__(self) -> str:
        """One short line: name, card counts and hash (the attrs repr runs to pages)."""
        extra = len(self.spec.extra) + len(self.spec.texts)
        files = f" + {extra} card file{'s' if extra != 1 else ''}" if extra else ""
        return (f"<Ruleset {self.name}{files}: {len(self.maneuvers)} maneuvers, "
                f"{len(self.orders)} orders, {len(self.ships)} ships, hash {self.hash[:8]}>")

    def _repr_html_(self) -> str:
        """A table of the cards (name, kind, cost, range, text), for Jupyter."""
        from html import escape
        lang = self.lang
        rows = []
        for card in (*self.maneuvers.values(), *self.orders.values()):
            cells = (self.name_of(card.id, lang), card.kind,
                     "" if card.kind != "maneuver" else str(card.cost),
                     "" if card.range is None else str(card.range), self.text(card.id, lang))
            rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        head = "".join(f"<th>{h}</th>" for h in ("card", "kind", "cost", "range", "text"))
        return (f"<div><p>{escape(repr(self))}</p><table><tr>{head}</tr>"
                + "".join(rows) + "</table></div>")

    @property
    def lang(self) -> str:
        """The language of the edition: the last of its lineage with texts, else en."""
        have = languages()
        return next((name for name in reversed(self.lineage) if name in have), "en")

    def card(self, card_id: str) -> CardDef:
        """A maneuver or an order card by id (one namespace: an id names one card)."""
        if card_id in self.maneuvers:
            return self.maneuvers[card_id]
        if card_id in self.orders:
            return self.orders[card_id]
        hint = ""
        if card_id in self.statuses:
            hint = "it is a status: see status_text"
        elif card_id in self.ships:
            hint = "it is a ship type: see ships"
        elif card_id in self.tokens:
            hint = TOKEN_HINT
        raise UnknownName("card", card_id, [*self.maneuvers, *self.orders], hint=hint)

    @property
    def deck(self) -> list[str]:
        """The 30 order cards, copies expanded, in a fixed order (R1.4, D7.4)."""
        return [o.id for o in self.orders.values() for _ in range(o.copies)]

    def describe(self) -> dict[str, Any]:
        """A plain, stable description of the compiled data (for hashing, docs)."""
        def card(c: CardDef) -> dict[str, Any]:
            out = {
                "kind": c.kind, "cost": c.cost, "range": c.range,
                "respondable": c.respondable, "response": c.response,
                "copies": c.copies,
                "target": [c.target.kind.value, c.target.width, c.target.height],
                "effects": [[HASH_NAMES.get(type(e)) or type(e).__name__, e.selector.value,
                             e.params(), *([str(e.computed)] if e.computed else []),
                             *([[x.value for x in e.also]] if e.also else [])]
                            for e in c.effects],
                **({"once": True} if c.once else {}),
                # only where it restricts: the printed cards keep their hash
                **({"answers": sorted(c.answers)} if c.response
                   and c.answers != ANSWER_KINDS["any"] else {}),
            }
            # expressions (rules/exprs.py) only where a card has them: the printed
            # cards keep the hash their saves and replays recorded
            if c.target.filter is not None:
                out["target"].append(str(c.target.filter))
            if c.target.boxes is not None:
                out["target"].append(str(c.target.boxes))
            if c.target.map_card:  # a map card (D2.19): only where a card has one
                out["target"].append("map card")
            if c.target.counted:  # a counted target (D4.13): only where a card has one
                out["target"].append([c.target.least, c.target.most])
            if c.second is not None:  # a second target (D4.14)
                out["second"] = c.second.value
                if c.second_optional:  # only where a card has one: printed hashes stay
                    out["second"] = f"up to 1 {c.second.value}"
            if c.usable is not None:
                out["usable"] = str(c.usable)
            if c.computed_cost is not None:
                out["computed_cost"] = str(c.computed_cost)
            if c.modes:  # its modes (D4.15), each described as a card
                out["modes"] = {str(m.mode): card(m) for m in c.modes}
            if c.modes_by is not None:  # chosen by another player (D4.17): only then
                out["modes_by"] = c.modes_by.value
            if c.bounds is not None:  # a chosen amount (D4.19)
                out["choose_amount"] = " to ".join(str(b) for b in c.bounds)
            return out
        return {
            # declaration order fixes the deck before its shuffle, the map
            # cards dealt and the default teams: it changes play (the tables
            # below are sorted, for a stable reference)
            "declared": {"maneuvers": list(self.maneuvers), "orders": list(self.orders),
                         "ships": list(self.ships), "maps": list(self.maps),
                         "statuses": list(self.statuses)},
            "maneuvers": {k: card(v) for k, v in sorted(self.maneuvers.items())},
            "orders": {k: card(v) for k, v in sorted(self.orders.items())},
            # a ship's letter and silhouette only show it: left out, so that
            # saves and replays keep the hash of the card data they play
            "ships": {k: [v.repairs, v.breakdowns, v.crew, list(v.maneuvers)]
                      + ([list(v.abilities)] if v.abilities else [])
                      for k, v in sorted(self.ships.items())},
            "maps": {k: [list(v.layout), v.start] for k, v in sorted(self.maps.items())},
            "statuses": {k: [v.duration.value, [f.value for f in v.forbids], *v.extra()]
                         for k, v in sorted(self.statuses.items())},
            "options": attrs.asdict(self.options, filter=lambda f, _: f.name not in
                                    CARD_DEFAULT_OPTIONS),
            # triggers and tokens only when some file declares them, so that
            # the printed cards keep the hash their saves and replays carry
            **self._describe_triggers(),
        }

    def _describe_triggers(self) -> dict[str, Any]:
        """The triggers and tokens of ``describe``: nothing when there are none."""
        def triggers(ts: tuple[TriggerDef, ...]) -> list[Any]:
            return [[t.event.value, t.of.value, t.by.value, t.once,
                     [[type(e).__name__, e.selector.value, e.params(),
                       *([[x.value for x in e.also]] if e.also else [])] for e in t.effects]]
                    for t in ts]
        out: dict[str, Any] = {}
        if self.tokens:
            out["tokens"] = {k: [v.mark, v.duration.value, triggers(v.triggers),
                                 *([v.terrain.value] if v.terrain is not None else []),
                                 *(["cover"] if v.cover else []),  # D2.23: only where one is
                                 # a blockade (D2.15): only where a token has one
                                 *([["entry", str(v.entry)]] if v.entry is not None else [])]
                             for k, v in sorted(self.tokens.items())}
            out["declared_tokens"] = list(self.tokens)
        index = self.trigger_index
        if index.statuses or index.ships:
            out["triggers"] = {f"{kind}:{k}": triggers(v) for kind, group in
                               (("status", index.statuses), ("ship", index.ships))
                               for k, v in sorted(group.items())}
        return out

    def text(self, card_id: str, lang: str | None = None, tokens: bool = True) -> str:
        """The card's rules text in ``lang`` (default: the edition's, ``lang``),
        generated from its effects; with the rule of each token it places
        unless not ``tokens`` (where a token has a card of its own)."""
        return card_text(self, card_id, self.lang if lang is None else lang, tokens)

    def status_text(self, status_id: str, lang: str | None = None) -> str:
        """What a status does and how long it lasts, in ``lang`` (default: the
        edition's): `Intercepted, until its next turn: no maneuvers, not even
        responses.` (R9)."""
        if status_id not in self.statuses:
            hint = TOKEN_HINT if status_id in self.tokens else ""
            raise UnknownName("status", status_id, self.statuses, hint=hint)
        return status_text(self, status_id, self.lang if lang is None else lang)

    @property
    def natures(self) -> dict[str, str]:
        """Each status's nature (harmful, protective, neutral: ``text.status_nature``),
        the one fact that chooses the verb giving it, on a card and in the
        narration (Italian "subisce" only of a status that harms)."""
        return {sid: status_nature(spec).value for sid, spec in self.statuses.items()}

    def name_of(self, ident: str, lang: str | None = None) -> str:
        """The printed name of a card, ship type or status in ``lang`` (default:
        the edition's): its card file's own, else the catalog's
        (``i18n.display_name``)."""
        return display_name(ident, self.lang if lang is None else lang, self.words)

    def flavour(self, ident: str, lang: str | None = None) -> str | None:
        """A card's, ship type's or status's flavour text in ``lang`` (default:
        the edition's; else English), or None."""
        return flavour(ident, self.lang if lang is None else lang, self.words)
