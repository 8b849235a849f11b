"""The game state: plain mutable attrs records, nothing else.

Everything that changes during a game lives here (the RNG included), so a
state can be copied, compared, saved and restored as a whole. Ships are
referred to by seat (their index in ``GameState.ships``); boxes by index
into the board.

The fields below are the one description of the state: the copy (``copy``,
for ``Game.clone``), the flat undo snapshot (``save_into``/``restore``) are
generated from them when this module is imported (``derive``,
model/derived.py), the JSON
form is cattrs' reading of the same classes (formats/saves.py), and the
validator (engine/validate.py) checks every field whose metadata names what it
refers to (``REF``: a seat, a box, an order card, a catch-up rule). Adding
a field is one edit here.
"""

from __future__ import annotations

import enum
import functools
import typing
from typing import Any

import attrs

from ..base.kinds import TURN_EDGES, Duration, TurnOf
from ..rules.events import EVENT_KINDS
from ..text.narrate import narrate_event
from .derived import FIXED, derive


class Ref(enum.Enum):
    """What an integer or string field of the state refers to, so the
    validator (engine/validate.py) checks it against the game without a list of
    field names of its own."""

    SEAT = "seat"            # an index into GameState.ships
    BOX = "box"              # an index into the board
    ORDER = "order card"     # an order card id of the rules
    CATCHUP = "catch-up rule"  # an index into the rules' catch-up rules
    TOKEN = "token"          # a token kind of the rules


#: The metadata key of ``Ref`` on a field.
REF = "ref"


def _ref(kind: Ref, **kwargs: Any) -> Any:
    """A field that refers to ``kind`` (see ``Ref``)."""
    return attrs.field(metadata={REF: kind}, **kwargs)


@functools.cache
def referring_fields(cls: type) -> tuple[tuple[str, Ref, bool], ...]:
    """(name, what it refers to, whether it may be None) of every field of
    the record ``cls`` that carries ``Ref`` metadata, in order."""
    types = typing.get_type_hints(cls)
    return tuple((f.name, f.metadata[REF], type(None) in typing.get_args(types[f.name]))
                 for f in attrs.fields(cls) if REF in f.metadata)


@attrs.define(frozen=True, slots=True)
class Lifetime:
    """What is left of a status a ship has.

    ``lasts`` is its kind of duration (the declaration's, R9); ``left`` the
    turn edges or uses still to pass before it ends: the ends of the turns
    it counts for a duration ``until end of ... next turn`` (2 when given in
    that player's own turn, else 1), the uses for ``for N uses``, and 1 for
    every duration that ends at one event (a turn start, a turn end, its
    ship leaving the board, a condition failing). ``giver`` is the seat of
    the player whose card gave it, kept only where it matters (a duration
    over ``your`` turns, a redirect to the giver); None when unknown (a
    scenario that says only ``true``: the ship's own player then stands in
    for the turns, and a redirect sends nothing). ``uses`` counts the uses
    (or damage points to prevent) left of a status that ends at a time too
    (``for 1 use`` and ``this turn``: whichever comes first); 0 for every
    other status, whose uses, if counted, are ``left``. ``count`` is how many
    times the ship holds it (1, or up to the status's ``stacks``, D9.9): each
    count acts; the counts share one duration. Frozen: ships share it.
    """

    lasts: Duration
    left: int = 1
    giver: int | None = _ref(Ref.SEAT, default=None)
    uses: int = 0
    count: int = 1

    def clock(self, seat: int) -> int:
        """The seat whose turns the status counts, on the ship of ``seat``:
        the giver's for a duration over ``your`` turns (if known), else the
        ship's own player's."""
        if self.lasts in YOUR_TURNS and self.giver is not None:
            return self.giver
        return seat

    def spent(self) -> Lifetime:
        """One turn edge or use fewer (``left`` 0: it ends)."""
        return attrs.evolve(self, left=self.left - 1)

    def used(self, n: int = 1) -> Lifetime | None:
        """``n`` uses fewer, or None when none is left (it ends): its
        ``left`` for a status lasting ``for N uses``, else its ``uses``."""
        if self.lasts is Duration.USES:
            return attrs.evolve(self, left=self.left - n) if self.left > n else None
        return attrs.evolve(self, uses=self.uses - n) if self.uses > n else None

    def uses_left(self) -> int:
        """The uses (or damage points to prevent) it has left."""
        return self.left if self.lasts is Duration.USES else self.uses


#: The durations counted over the turns of the card's player who gave the status.
YOUR_TURNS = frozenset(d for d, row in TURN_EDGES.items() if row.whose is TurnOf.GIVER)


@attrs.define(slots=True)
class ShipState:
    """One ship and its control card (R1.3, R4.1).

    ``crew_on`` is aligned with the ship type's maneuvers. Crew are always
    ``reserve + sum(crew_on) + withdrawn``. ``sunk`` means off the board:
    waiting to respawn in war (R8.4), or ``eliminated`` in arena (R8.1). A
    ship with no ``position`` that is not sunk is still to be placed (R2.8),
    which only happens before the first turn. ``statuses`` are the statuses
    it has (R9), as (name, ``Lifetime``) pairs, in declaration order (as
    saves and scenarios write them): a tuple, so states share it when copied
    (it is replaced, never changed in place); empty for nearly every ship.
    """

    id: str
    side: str
    type: str
    position: int | None = _ref(Ref.BOX)
    repairs: int
    breakdowns: int
    reserve: int
    crew_on: list[int]
    withdrawn: int = 0
    sunk: bool = False
    eliminated: bool = False
    statuses: tuple[tuple[str, Lifetime], ...] = ()
    skips: int = 0  # its player's next turns to skip (``skip_turn``, D6.5)
    #: the box its last move or jump left (``box left by``, D2.17): None until it moves
    left: int | None = _ref(Ref.BOX, default=None)

    def has(self, status: str) -> bool:
        """Whether the ship has ``status`` now."""
        return any(name == status for name, _ in self.statuses)


@attrs.define(slots=True)
class TokenState:
    """A token on the board (``place_token``): its kind, its box and the seat
    of the player whose card placed it (its owner: "friendly" and "enemy"
    in its triggers are seen from that player's side, and what it does is
    theirs). At most one token of a kind on a box."""

    kind: str = _ref(Ref.TOKEN)
    box: int = _ref(Ref.BOX)
    owner: int = _ref(Ref.SEAT)
    # turn starts or ends of its owner still to pass, as a status's (1; 2 for a
    # token lasting until the end of its owner's next turn placed in that turn)
    left: int = 1


@attrs.define(slots=True)
class StackItem:
    """A declared maneuver or order card waiting to resolve (R5.1–R5.3).

    ``answers`` is the stack index of the item it responds to. The resolver's
    position, moved by the engine only: ``next_effect`` is the next effect to apply
    and ``pending`` the answers still owed by the effect at ``next_effect`` (an
    ``effects.Owed``: a choice the player makes while it resolves, such as
    a crew source, D6.4) about ship ``owed_about``, then those about the
    ships of ``owed_after``, so resolution can stop for a decision and
    resume exactly where it was. (The field names are those of saved games.)
    """

    card: str
    kind: str           # a kinds.CardKind: maneuver | order
    seat: int = _ref(Ref.SEAT)  # the ship that performed it
    target: int | None = _ref(Ref.SEAT, default=None)
    area: int | None = None
    path: tuple[int, ...] = ()
    answers: int | None = None
    cancelled: bool = False
    next_effect: int = 0
    pending: int = 0
    # the ship the owed answers are about
    owed_about: int | None = _ref(Ref.SEAT, default=None)
    # the ships of the answers owed once those about ``owed_about`` are given,
    # one per answer (an effect on a set of ships asks ship after ship)
    owed_after: list[int] = _ref(Ref.SEAT, factory=list)
    # the repair damage its last damage effect dealt, every change applied
    # (D9.5), as much as the ships hit could take: what a later effect of the
    # card reads as ``damage dealt`` (docs/dsl.md, "Values")
    dealt: int = 0
    # every ship a counted target names (``target up to 2 …``, D4.13), in seat
    # order, or the target and the second target (D4.14); the first also in
    # ``target``; empty for a card with one target
    targets: list[int] = _ref(Ref.SEAT, factory=list)
    # the mode its player chose with the card (``mode NAME { … }``, D4.15),
    # whose effects it resolves; None for a card of one way to play
    mode: str | None = None
    # its roll, one die of M faces (``chance N in M``, D4.18): 1 to M once an
    # effect of it has read a chance, 0 before; every chance of it reads it
    rolled: int = 0
    # what its last damage effect did not need to sink the ships it hit, every
    # change applied: a later effect of the card reads it as ``damage left over``
    left_over: int = 0
    # the amount its player chose with the card (``choose amount``, D4.19),
    # which its amounts read as ``chosen``; None for a card that chooses none
    chosen: int | None = None
    # a triggered item's that asks (``may``, D4.16; kind ``trigger``, its card the
    # trigger's key): the ship that caused its event, its token's box (``here``)
    # and the box its event's ship sank on (``wreck``, D9.16); None for a card's
    actor: int | None = _ref(Ref.SEAT, default=None)
    here: int | None = _ref(Ref.BOX, default=None)
    wreck: int | None = _ref(Ref.BOX, default=None)

    @property
    def token(self) -> tuple[str, int] | None:
        """A token's triggered item's token, (kind, box), as a ``Triggered``
        has it (its key names the kind: ``token:KIND:N``); else None."""
        if self.here is None:
            return None
        return (self.card.split(":")[1], self.here)

    @property
    def every_target(self) -> tuple[int, ...]:
        """Every ship it targets, the first first (``targets``, else ``target``
        alone): what a player sees of it on the table (D7.7)."""
        if self.targets:
            return tuple(self.targets)
        return () if self.target is None else (self.target,)


@attrs.define(slots=True)
class Known:
    """What player ``viewer`` knows of player ``owner``'s hand: the cards it
    saw there (a look, a choice made from that hand) and those it saw come
    in (taken from the viewer's hand: each one copy more), still in it. A
    card leaving the hand leaves every record of it; a card drawn since is
    unknown. ``Game.known_hand`` reads it."""

    viewer: int = _ref(Ref.SEAT)
    owner: int = _ref(Ref.SEAT)
    cards: list[str] = _ref(Ref.ORDER)


@attrs.define(slots=True)
class Shown:
    """The cards of player ``owner``'s hand that every player still in the
    game saw come in (taken from the discards, face up, D7.8), still there:
    public, as the discards are, so each of those players knows them there
    and knows that the others do. A card leaving the hand leaves it, as it
    leaves every ``Known`` record; a resample keeps them in what the other
    players know of a redealt hand (D7.11)."""

    owner: int = _ref(Ref.SEAT)
    cards: list[str] = _ref(Ref.ORDER)


@attrs.define(slots=True)
class Spent:
    """A card usable once per game (``once``) that seat ``seat`` has used."""

    seat: int = _ref(Ref.SEAT)
    card: str = ""


@attrs.define(slots=True)
class Event:
    """One line of the game log: ``kind`` with its data, in the order it happened."""

    kind: str
    turn: int
    data: dict[str, object] = attrs.Factory(dict)

    def __getitem__(self, key: str) -> object:
        """``event["card"]``: the event's data by name."""
        return self.data[key]

    def get(self, key: str, default: object = None) -> object:
        return self.data.get(key, default)

    def __str__(self) -> str:
        """The event as an English sentence (text/narrate.py), else its kind."""
        return narrate_event(self) or self.kind


#: Every kind of log event and its fields, from the one registry of event
#: kinds (rules/events.py): ``Event`` data must have every field of its kind and
#: no other, except the move's notation on ``use``, ``respond`` and ``order``
#: (``OPTIONAL_EVENT_FIELDS``). The one table of both sides of a save: the
#: engine refuses to log an event it does not describe (``Engine.event``),
#: and a saved log is checked against it (formats/saves.py) so a crafted one
#: cannot break it.
EVENT_FIELDS: dict[str, dict[str, type]] = {k: dict(e.fields) for k, e in EVENT_KINDS.items()}
OPTIONAL_EVENT_FIELDS: dict[str, dict[str, type]] = {
    k: dict(e.optional) for k, e in EVENT_KINDS.items() if e.optional}
#: Per kind, (the fields it must have, the fields it may have): what
#: ``event_shape_fault`` compares an event's data with.
_EVENT_KEYS = {kind: (frozenset(fields),
                      frozenset({**fields, **OPTIONAL_EVENT_FIELDS.get(kind, {})}))
               for kind, fields in EVENT_FIELDS.items()}


def event_shape_fault(kind: str, data: dict) -> str | None:
    """Why an event of ``kind`` with ``data`` is not one ``EVENT_FIELDS``
    describes (an unknown kind, a field missing or extra), or None: the check
    the engine makes as it logs an event and the save reader as it reads one."""
    keys = _EVENT_KEYS.get(kind)
    if keys is None:
        return "unknown event"
    if not keys[0] <= data.keys() <= keys[1]:
        return f"a {kind} event has the fields {', '.join(EVENT_FIELDS[kind])}"
    return None


def _same_records(these: list, those: list) -> bool:
    """Whether two lists hold the same records in any order: ``known`` and
    ``spent`` are sets kept as lists (one record per pair of players, per
    card used), which a scenario writes grouped by player."""
    return len(these) == len(those) and sorted(map(_record_key, these)) == \
        sorted(map(_record_key, those))


def _record_key(record: Any) -> tuple:
    return tuple(tuple(v) if isinstance(v, list) else v for v in attrs.astuple(record))


@attrs.define(slots=True)
class GameState:
    """Everything that changes during a game.

    ``phase`` is the turn's phase: recover (R6.1), place (the initial
    placement before the first turn, R2.8, with ``turn`` the placing seat;
    or a war respawn, R8.4), main (R6.2) or over. On top of it, a non-empty ``stack`` is either
    collecting responses (``asking`` holds the seats still to be asked, D5.4)
    or ``resolving``; a hand over the limit must be discarded first (D7.2).
    """

    mode: str
    board: str
    start_cards: dict[str, str] = attrs.field(metadata={FIXED: True})
    ships: list[ShipState]
    hands: list[list[str]] = _ref(Ref.ORDER)
    deck: list[str] = _ref(Ref.ORDER)
    discard: list[str] = _ref(Ref.ORDER)
    score: dict[str, int]
    rng: int
    turn: int = _ref(Ref.SEAT, default=0)
    turn_number: int = 1
    phase: str = "main"  # a kinds.Phase
    recover_left: int = 0
    orders_played: int = 0
    stack: list[StackItem] = attrs.Factory(list)
    asking: list[int] = _ref(Ref.SEAT, factory=list)
    resolving: bool = False
    reopen_at: int = 0  # resolve down to this many items, then reopen the window (R5.1)
    sunk_in_chain: list[int] = _ref(Ref.SEAT, factory=list)
    end_turn_pending: bool = False
    catchup_done: list[int] = _ref(Ref.CATCHUP, factory=list)
    winner: str | None = None
    # the hidden information a card revealed to a player (items 6 of the card
    # language, docs/dsl.md): empty unless a card looks at a hand
    known: list[Known] = attrs.field(factory=list, eq=attrs.cmp_using(eq=_same_records))
    # the part of it every player knows (from the discards): empty unless a
    # card takes from the discards
    shown: list[Shown] = attrs.field(factory=list, eq=attrs.cmp_using(eq=_same_records))
    # the once-per-game cards used so far: empty unless a card says ``once``
    spent: list[Spent] = attrs.field(factory=list, eq=attrs.cmp_using(eq=_same_records))
    # the tokens on the board, in the order placed (card files declare them)
    tokens: list[TokenState] = attrs.Factory(list)
    # the triggers fired this turn that fire once per turn: "holder/trigger key"
    fired: list[str] = attrs.Factory(list)
    # turns: the seats that take a turn next, before the seat order, in the
    # order given (``extra_turn``), and while they play, the seat whose turn
    # the seat order goes on after (D6.5); empty and None for nearly every game
    extra_turns: list[int] = _ref(Ref.SEAT, factory=list)
    resume_after: int | None = _ref(Ref.SEAT, default=None)

    def placing(self) -> bool:
        """R2.8: the initial placement before the first turn (a ship never
        sunk is to be placed), not a war respawn (D8.4), which shares the
        place phase."""
        return self.phase == "place" and not self.ships[self.turn].sunk

    def unplaced(self) -> int:
        """R2.8: the first seat whose ship is still to be placed (no position,
        not sunk), or -1; only the placement before the first turn has any."""
        for seat, ship in enumerate(self.ships):
            if ship.position is None and not ship.sunk:
                return seat
        return -1

    def snapshot(self) -> tuple:
        """The whole state as one flat tuple of plain values (see ``save_into``)."""
        return tuple(self.save_into([]))


derive(ShipState)
derive(StackItem)
derive(Known)
derive(Shown)
derive(Spent)
derive(TokenState)
derive(GameState, snapshots=True)
