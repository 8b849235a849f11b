"""Observations as flat tensors of a fixed shape per game configuration.

A configuration is the rules (ship types, maneuvers, statuses, tokens,
order cards), the board's size and the seats (team size): ``Encoding.of``
makes, once per configuration, the ``Layout`` that names every slice of
the tensor (its name, offset, shape and meaning, for the docs' table), and
``encode`` writes an ``Observation`` into it, as floats in an
``array("f")`` (plain Python: numpy is not needed; ``numpy.frombuffer``
reads one without a copy). Board planes are row-major, row 1 first; vectors
by seat follow the seat order of ``game.ships``; "friendly" and "enemy" are
seen from the observing player's side.

The information-state tensor adds a summary of the public history (D7.10)
that the observation does not hold: per seat, the cards it played (by
card), drew, looked at, took and put on the deck, and the number of events
so far. It tells apart most information sets, not all (a fixed size cannot
hold an unbounded history): the information-state string does.
"""

from __future__ import annotations

import functools
from array import array
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import attrs

from ..base.kinds import Decision, Phase
from ..rules.board import parse_box

if TYPE_CHECKING:
    from ..engine.game_core import GameCore
    from ..model.ruleset import Ruleset

#: The stack items encoded, top first (a deeper stack shows its top ones and its size).
STACK_SLOTS = 4
#: The deck positions encoded, top first, where a player may know the card (D7.9).
TOP_SLOTS = 3
#: The kinds of decision encoded: those of the rules and the chance player's.
DECISIONS = tuple(str(d) for d in Decision) + ("chance",)
PHASES = tuple(str(p) for p in Phase)
#: Each phase's and each decision's place in its slice (a word of ``Phase``
#: or ``Decision`` finds its own: they hash as their words).
PHASE_AT = {phase: i for i, phase in enumerate(PHASES)}
DECISION_AT = {decision: i for i, decision in enumerate(DECISIONS)}
ISLAND, CURRENT = "#", "~"


@attrs.frozen
class Slice:
    """One named part of a tensor: ``offset`` into it and ``shape``."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """The number of values in the slice (the product of its shape)."""
        n = 1
        for d in self.shape:
            n *= d
        return n


@attrs.frozen
class Layout:
    """Every slice of a tensor, in order; ``size`` is the tensor's length."""

    slices: tuple[Slice, ...]

    @property
    def size(self) -> int:
        """The tensor's length: where the last slice ends."""
        last = self.slices[-1]
        return last.offset + last.size

    def __getitem__(self, name: str) -> Slice:
        for s in self.slices:
            if s.name == name:
                return s
        raise KeyError(name)

    def table(self) -> str:
        """The layout as a Markdown table (the docs print it)."""
        rows = ["| slice | offset | shape | what |", "| --- | --- | --- | --- |"]
        rows += [f"| `{s.name}` | {s.offset} | {' × '.join(map(str, s.shape)) or '1'} | "
                 f"{s.meaning} |" for s in self.slices]
        return "\n".join(rows)


class _Builder:
    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.offset = 0

    def add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        """The next slice, after the last one."""
        self.slices.append(Slice(name, self.offset, shape, meaning))
        self.offset += Slice(name, 0, shape, meaning).size


@attrs.frozen
class Encoding:
    """The names a configuration encodes, in their order, and its layouts."""

    seats: tuple[str, ...]
    width: int
    height: int
    types: tuple[str, ...]
    maneuvers: tuple[str, ...]
    statuses: tuple[str, ...]
    tokens: tuple[str, ...]
    orders: tuple[str, ...]
    cards: tuple[str, ...]

    @classmethod
    def of(cls, rules: Ruleset, seats: Sequence[str], width: int, height: int) -> Encoding:
        """The encoding of a configuration (made once, then shared)."""
        return _encoding(rules.hash, rules, tuple(seats), width, height)

    @classmethod
    def of_game(cls, game: GameCore) -> Encoding:
        """The encoding of a game's configuration."""
        return cls.of(game.rules, game.ships, game.board.width, game.board.height)

    @functools.cached_property
    def layout(self) -> Layout:
        """The observation tensor's slices."""
        b = _Builder()
        hw = (self.height, self.width)
        n, o = len(self.seats), len(self.orders)
        b.add("ships_friendly", (len(self.types), *hw), "a friendly ship, by type")
        b.add("ships_enemy", (len(self.types), *hw), "an enemy ship, by type")
        b.add("islands", (1, *hw), "an island (R2.3)")
        b.add("running_water", (1, *hw), "running water (R2.5)")
        b.add("tokens", (len(self.tokens), *hw), "a token, by kind")
        b.add("own_ship", (1, *hw), "the observing player's ship")
        b.add("visual_field", (1, *hw),
              "the visual field of the observing ship (R4.3), without status reach")
        b.add("observer", (n,), "the observing player, by seat")
        b.add("friendly", (n,), "the seat is on the observer's side")
        b.add("tracks", (n, 4), "repairs, breakdowns, reserve, withdrawn crew")
        b.add("crew", (n, len(self.maneuvers)), "crew on each maneuver (0 if the type lacks it)")
        b.add("statuses", (n, len(self.statuses)), "the ship has the status")
        b.add("ship_flags", (n, 3), "on the board, sunk, eliminated")
        b.add("hand", (o,), "the observer's hand, copies of each order card")
        b.add("hand_sizes", (n,), "cards in each hand")
        b.add("known", (n, o), "cards the observer knows in another hand (D7.8)")
        b.add("deck_size", (1,), "cards in the deck")
        b.add("deck_top", (TOP_SLOTS, o), "the card the observer knows at each top place (D7.9)")
        b.add("discards", (o,), "copies of each order card in the discards")
        b.add("spent", (n, o), "once-per-game cards used, by seat")
        b.add("score", (2,), "victory points: friendly side, enemy side")
        b.add("turn_number", (1,), "the turn being played, from 1")
        b.add("turn", (n,), "whose turn it is, by seat")
        b.add("to_move", (n,), "who decides now, by seat (none: over or chance)")
        b.add("phase", (len(PHASES),), "the turn's phase: " + ", ".join(PHASES))
        b.add("decision", (len(DECISIONS),), "the decision pending: " + ", ".join(DECISIONS))
        b.add("stack_size", (1,), "items on the stack")
        b.add("stack", (STACK_SLOTS, len(self.cards) + 2 * n + 1),
              "top item first: its card, its player, every ship it targets (by seat), "
              "cancelled")
        return Layout(tuple(b.slices))

    @functools.cached_property
    def info_layout(self) -> Layout:
        """The information-state tensor's slices: the observation's, then a
        summary of the public history."""
        b = _Builder()
        b.slices = list(self.layout.slices)
        b.offset = self.layout.size
        n = len(self.seats)
        b.add("played", (n, len(self.cards)), "cards each seat used, responded or ordered")
        b.add("drawn", (n,), "cards each seat drew")
        b.add("looked", (n, n), "looks at a hand: looker by owner")
        b.add("took", (n, n), "cards taken: taker by owner")
        b.add("put_on_deck", (n,), "cards each seat put on the deck")
        b.add("events", (1,), "events logged so far")
        return Layout(tuple(b.slices))

    @functools.cached_property
    def at(self) -> dict[str, int]:
        """Each slice's offset by name (the information-state layout's, which
        begins with the observation's): found once, not by a search per write."""
        return {s.name: s.offset for s in self.info_layout.slices}

    @functools.cached_property
    def index(self) -> Indexes:
        """Each name's place in its vector, by kind (made once)."""
        return Indexes(*({name: i for i, name in enumerate(names)} for names in (
            self.seats, self.types, self.maneuvers, self.statuses, self.tokens,
            self.orders, self.cards)))


@attrs.frozen
class Indexes:
    """The place of each name in its vector of an ``Encoding``."""

    seat: dict[str, int]
    type: dict[str, int]
    maneuver: dict[str, int]
    status: dict[str, int]
    token: dict[str, int]
    order: dict[str, int]
    card: dict[str, int]


_ENCODINGS: dict[tuple, Encoding] = {}


def _encoding(key: str, rules: Ruleset, seats: tuple[str, ...], width: int,
              height: int) -> Encoding:
    found = _ENCODINGS.get((key, seats, width, height))
    if found is None:
        maneuvers = tuple(dict.fromkeys(m for t in rules.ships for m in rules.ships[t].maneuvers))
        orders = tuple(rules.orders)
        found = Encoding(seats, width, height, tuple(rules.ships), maneuvers,
                         tuple(rules.statuses), tuple(rules.tokens), orders,
                         tuple(dict.fromkeys((*rules.maneuvers, *orders))))
        _ENCODINGS[(key, seats, width, height)] = found
    return found


def _box(name: str, width: int, height: int) -> int:
    """A box name's index on a board ``width`` wide (``c4`` → row 3, column 2)."""
    box = parse_box(name, width, height)
    assert box is not None  # an observation names boxes of its board
    return box


def _one(out: array, at: int, index: int, value: float = 1.0) -> None:
    if index >= 0:
        out[at + index] = value


def encode(obs: Any, enc: Encoding) -> array:
    """The observation tensor of ``obs`` (an ``Observation``: ``enc.layout``), as
    ``array("f")``."""
    lay = enc.layout
    out = array("f", bytes(4 * lay.size))
    _encode_into(out, obs, enc, lay)
    return out


def _encode_into(out: array, obs: Any, enc: Encoding, lay: Layout) -> None:
    w, hw = enc.width, enc.width * enc.height
    seat = {s: i for i, s in enumerate(enc.seats)}
    order = {c: i for i, c in enumerate(enc.orders)}
    card = {c: i for i, c in enumerate(enc.cards)}
    n = len(enc.seats)
    for i, cell in enumerate(obs.board[:hw]):
        if cell == ISLAND:
            out[lay["islands"].offset + i] = 1
        elif cell == CURRENT:
            out[lay["running_water"].offset + i] = 1
    types = {t: i for i, t in enumerate(enc.types)}
    mans = {m: i for i, m in enumerate(enc.maneuvers)}
    stats = {s: i for i, s in enumerate(enc.statuses)}
    at = {name: lay[name].offset for name in ("tracks", "crew", "statuses", "ship_flags")}
    for i, ship in enumerate(obs.ships):
        mine = ship.side == obs.side
        if ship.position is not None:
            box = _box(ship.position, w, enc.height)
            plane = "ships_friendly" if mine else "ships_enemy"
            out[lay[plane].offset + types[ship.type] * hw + box] = 1
            if ship.id == obs.player:
                out[lay["own_ship"].offset + box] = 1
        if mine:
            out[lay["friendly"].offset + i] = 1
        base = at["tracks"] + 4 * i
        out[base:base + 4] = array("f", (ship.repairs, ship.breakdowns, ship.reserve,
                                         ship.withdrawn))
        for name, crew in ship.crew.items():
            out[at["crew"] + i * len(enc.maneuvers) + mans[name]] = crew
        for name in ship.statuses:
            out[at["statuses"] + i * len(enc.statuses) + stats[name]] = 1
        base = at["ship_flags"] + 3 * i
        out[base:base + 3] = array("f", (ship.position is not None, ship.sunk, ship.eliminated))
    tokens = {t: i for i, t in enumerate(enc.tokens)}
    for token in obs.tokens:
        out[lay["tokens"].offset + tokens[token.kind] * hw + _box(token.box, w, enc.height)] = 1
    for box in obs.sight:
        out[lay["visual_field"].offset + _box(box, w, enc.height)] = 1
    _one(out, lay["observer"].offset, seat[obs.player])
    _counts(out, lay["hand"].offset, obs.hand, order)
    for owner, size in obs.hand_sizes:
        out[lay["hand_sizes"].offset + seat[owner]] = size
    for owner, cards in obs.known:
        _counts(out, lay["known"].offset + seat[owner] * len(order), cards, order)
    out[lay["deck_size"].offset] = obs.deck_size
    for place, top in enumerate(obs.deck_top[:TOP_SLOTS]):
        if top in order:
            out[lay["deck_top"].offset + place * len(order) + order[top]] = 1
    _counts(out, lay["discards"].offset, obs.discards, order)
    for owner, used in obs.spent:
        _one(out, lay["spent"].offset + seat[owner] * len(order), order.get(used, -1))
    for side, points in obs.score:
        out[lay["score"].offset + (0 if side == obs.side else 1)] = points
    out[lay["turn_number"].offset] = obs.turn_number
    _one(out, lay["turn"].offset, seat[obs.turn])
    _one(out, lay["to_move"].offset, seat.get(obs.to_move or "", -1))
    _one(out, lay["phase"].offset, PHASE_AT.get(obs.phase, -1))
    _one(out, lay["decision"].offset, DECISION_AT.get(obs.decision or "", -1))
    out[lay["stack_size"].offset] = len(obs.stack)
    width = len(enc.cards) + 2 * n + 1
    for slot, item in enumerate(reversed(obs.stack[-STACK_SLOTS:])):
        base = lay["stack"].offset + slot * width
        _one(out, base, card.get(item.card, -1))
        _one(out, base + len(enc.cards), seat[item.player])
        for target in item.targets:
            _one(out, base + len(enc.cards) + n, seat[target])
        out[base + width - 1] = item.cancelled


def _counts(out: array, at: int, cards: Iterable[str], index: dict[str, int]) -> None:
    for c in cards:
        if c in index:
            out[at + index[c]] += 1


#: The log events the information-state tensor counts: kind → (slice, by
#: card?), the seat read from ``player``, the other seat from ``of``.
_PLAYED = frozenset({"use", "respond", "order"})


def encode_information_state(game: GameCore, obs: Any) -> array:
    """The information-state tensor (``Encoding.info_layout``) of the player
    of ``obs``, its observation of ``game``: the observation tensor, then the
    public history's summary."""
    enc = Encoding.of_game(game)
    lay = enc.info_layout
    out = array("f", bytes(4 * lay.size))
    _encode_into(out, obs, enc, enc.layout)
    seat = {s: i for i, s in enumerate(enc.seats)}
    card = {c: i for i, c in enumerate(enc.cards)}
    n = len(enc.seats)
    log = game.engine.log
    for kind, _, data in log:
        if kind in _PLAYED:
            base = lay["played"].offset + seat[data["player"]] * len(enc.cards)  # type: ignore
            _one(out, base, card.get(data["card"], -1))  # type: ignore[arg-type]
        elif kind == "draw":
            out[lay["drawn"].offset + seat[data["player"]]] += data["count"]  # type: ignore
        elif kind in ("look", "take"):
            name = "looked" if kind == "look" else "took"
            out[lay[name].offset + seat[data["player"]] * n + seat[data["of"]]] += 1  # type: ignore
        elif kind == "deck_top":
            out[lay["put_on_deck"].offset + seat[data["player"]]] += 1  # type: ignore
    out[lay["events"].offset] = len(log)
    return out
