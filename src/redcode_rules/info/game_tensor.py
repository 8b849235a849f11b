"""The observation tensor read straight from a game, kept between steps.

``observation_tensor(game, player)`` is ``observe(game, player).tensor()``
without the ``Observation`` (its views, names and sorted tuples): the same
numbers, for programs that ask at every step (the AI adapters). Each
seat's tensor is kept in the game's ``_memo`` and brought up to date
group of slices by group (docs/design.md, "Tensors for learning");
``tensor_written_afresh`` writes it whole, the tests' yardstick.

A wheel compiles this module with Cython (setup.py), as it is: bringing a
tensor up to date is comparisons and writes of local tuples, lists and
array slots, which compiled code runs without the interpreter's dispatch
(docs/design.md, "Speed").
"""

from __future__ import annotations

from array import array
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

import attrs

from ..engine.chance import CHANCE
from .observation import known_deck_top
from .tensors import CURRENT, DECISION_AT, ISLAND, PHASE_AT, STACK_SLOTS, TOP_SLOTS, Encoding

if TYPE_CHECKING:
    from ..engine.game_core import GameCore
    from ..engine.queries import RuleQueries
    from ..model.state import GameState, ShipState, StackItem, TokenState


def observation_tensor(game: GameCore, player: str) -> array:
    """``observe(game, player).tensor()`` read straight from the game: the
    same numbers without building the ``Observation`` (its views, names and
    sorted tuples), for programs that ask at every step (the AI adapters).
    A new array each call, the caller's own (``kept_tensor``: without the
    copy)."""
    return kept_tensor(game, player)[:]


def kept_tensor(game: GameCore, player: str) -> array:
    """``observation_tensor`` without the copy: the tensor the game keeps,
    for a caller that copies it into its own buffer at once (the
    adapters). Read it before the game moves on; never change it.

    It is kept in the game's ``_memo`` between steps, one per seat, and
    brought up to date (``_update``): only the groups of slices whose
    inputs differ from those it was written from are written again, as a
    move changes a ship or two, a hand or the stack and leaves the rest.
    The inputs are compared by value, never by the identity of the state's
    parts (the state changes in place; undo and a clone's moves change it
    back or elsewhere), so a tensor kept is never stale. The last tensor
    asked, by its position (the state object and number of moves, which
    every ``play`` changes and ``undo`` replaces) and player, is returned
    again unread: the steps of a move taken word by word ask it again."""
    memo = game._memo
    st = game.state
    count = game.move_count
    last = memo.get("tensor_of")  # (state, moves, player, tensor)
    if last is not None and last[0] is st and last[1] == count and last[2] == player:
        return last[3]
    kept = memo.get("tensor")
    cells = game.board_now().cells  # the terrain planes read the board of the moment (D2.14)
    if kept is None or kept.board != cells:
        kept = memo["tensor"] = _Kept.of(game, cells)
    seat = _seat(game, kept.encoding, player)
    steps = kept.seats.get(seat)
    if steps is None:
        steps = kept.seats[seat] = _SeatTensor.blank(kept, game, seat)
    _update(game, player, seat, kept, steps)
    memo["tensor_of"] = (st, count, player, steps.out)
    return steps.out


def tensor_written_afresh(game: GameCore, player: str) -> array:
    """``observation_tensor`` written whole from the board's blank, nothing
    kept or reused: what every kept tensor must equal (the tests' yardstick)."""
    kept = _Kept.of(game, game.board_now().cells)
    seat = _seat(game, kept.encoding, player)
    steps = _SeatTensor.blank(kept, game, seat)
    _update(game, player, seat, kept, steps)
    return steps.out


def _seat(game: GameCore, enc: Encoding, player: str) -> int:
    """The seat of ``player`` in the encoding (``UnknownName`` as ``observe``)."""
    seat = enc.index.seat.get(player)
    if seat is None:
        game.ship_state(player)  # UnknownName, as ``observe``
        raise AssertionError(player)  # an id the encoding lacks is a game's own
    return seat


@attrs.define
class _Kept:
    """What a game keeps for its tensors, for one board of the moment (its
    cells, terrain tokens applied, D2.14: a token laid or lifted starts them
    anew): the encoding, the board's blank (its planes written, the rest
    zeros), the span and zeros of each group of slices, the visual fields'
    slices (``_field``), and each seat's tensor of the last step it was asked."""

    board: str
    encoding: Encoding
    blank: array
    spans: dict[str, tuple[int, int, array]]
    fields: dict[int, tuple[tuple[int, ...], array]] = attrs.Factory(dict)
    seats: dict[int, _SeatTensor] = attrs.Factory(dict)

    @classmethod
    def of(cls, game: GameCore, board: str) -> _Kept:
        enc = Encoding.of_game(game)
        spans = {}
        for group, (first, last) in _SPANS.items():
            start, end = enc.at[first], enc.at[last] + enc.layout[last].size
            spans[group] = (start, end, array("f", bytes(4 * (end - start))))
        return cls(board, enc, _blank(enc, board)[1], spans)


#: The groups of slices written together, each one span of the layout
#: (first slice, last slice), cleared before it is written again.
_SPANS = {"sight": ("visual_field", "visual_field"), "tokens": ("tokens", "tokens"),
          "hand": ("hand", "hand"), "known": ("known", "known"),
          "deck": ("deck_size", "deck_top"), "discards": ("discards", "discards"),
          "spent": ("spent", "spent"), "score": ("score", "score"),
          "turn": ("turn_number", "decision"),
          "stack": ("stack_size", "stack")}


@attrs.frozen
class _ShipAt:
    """Where one ship is written in one observer's tensor: the start of its
    type's plane (friendly or enemy), its tracks, the place of each of its
    crews (its type's maneuvers, in order), its statuses and its flags."""

    plane: int
    tracks: int
    crew: tuple[int, ...]
    statuses: int
    flags: int


@attrs.define
class _SeatTensor:
    """One seat's tensor, where each ship is written in it, and what each
    group of its slices was written from (``None``: not written yet): each
    ship's key (``_SHIP_KEY``, its crews copied), by seat, and the inputs
    of the other groups by name."""

    out: array
    at: tuple[_ShipAt, ...]
    ships: list[tuple | None]
    #: the boxes its visual field depends on, from the ships' boxes by seat:
    #: its own ship's and the enemy ships' (friendly ships stop no sight, R4.3)
    sighted: Callable[[list], tuple]
    read: dict[str, object] = attrs.Factory(dict)

    @classmethod
    def blank(cls, kept: _Kept, game: GameCore, seat: int) -> _SeatTensor:
        """The board's blank with what never changes for the observer of
        ``seat`` written: itself, and which seats are on its side."""
        enc, ships = kept.encoding, game.state.ships
        at, ix = enc.at, enc.index
        out = kept.blank[:]
        out[at["observer"] + seat] = 1
        own_side = ships[seat].side
        hw = enc.width * enc.height
        places = []
        for i, ship in enumerate(ships):
            if ship.side == own_side:
                out[at["friendly"] + i] = 1
            plane = at["ships_friendly"] if ship.side == own_side else at["ships_enemy"]
            crew = at["crew"] + i * len(enc.maneuvers)
            places.append(_ShipAt(
                plane + ix.type[ship.type] * hw, at["tracks"] + 4 * i,
                tuple(crew + ix.maneuver[m] for m in game.rules.ships[ship.type].maneuvers),
                at["statuses"] + i * len(enc.statuses), at["ship_flags"] + 3 * i))
        enemies = [i for i, ship in enumerate(ships) if ship.side != own_side]
        sighted = itemgetter(seat, *enemies) if enemies else lambda boxes: (boxes[seat],)
        return cls(out, tuple(places), [None] * len(ships), sighted)


def _clear(out: array, kept: _Kept, group: str) -> None:
    """Zeros in the span of ``group``."""
    start, end, zeros = kept.spans[group]
    out[start:end] = zeros


#: ``_update``'s pending decision at a chance node: the chance player's.
CHANCE_PENDING = (CHANCE, None)


def _update(game: GameCore, player: str, seat: int, kept: _Kept, steps: _SeatTensor) -> None:
    """Brings ``steps`` (the tensor of ``player``, of ``seat``) up to date:
    each group of slices whose inputs (read by value) differ from those it
    was written from is written again (cleared first), as ``Layout`` lists
    them. A group's inputs are compared as they stand in the state (its
    lists, as ``==`` compares them) and kept as copies, so that a step
    which changes nothing of a group builds nothing for it."""
    st = game.state
    enc, out, read = kept.encoding, steps.out, steps.read
    ships = st.ships
    _update_ships(out, enc, ships, seat, steps)
    queries = game._engine().queries
    sight: tuple | None = None
    if ships[seat].position is not None:  # the field changes with its ship's box
        sight = steps.sighted(queries.seen_positions(seat))  # and the enemies' it sees
        if queries.sees_over_islands(seat):
            sight = (True, *sight)  # over islands: one longer, never equal to one without
        covered = queries.covered_boxes()
        if covered:  # cover on the board (D2.23): its boxes, a tuple no ship's box equals
            sight = (*sight, covered)
    if sight != read.get("sight", ()):
        start, end, zeros = kept.spans["sight"]
        out[start:end] = zeros if sight is None else _field(queries, seat, kept)
        read["sight"] = sight
    tokens = st.tokens
    if tokens or read.get("tokens"):
        key = [(t.kind, t.box) for t in tokens]
        if key != read.get("tokens"):
            _clear(out, kept, "tokens")
            _write_tokens(out, enc, tokens)
            read["tokens"] = key
    _update_cards(game, player, seat, kept, steps)
    if st.score != read.get("score"):  # points: a few times a game
        _clear(out, kept, "score")
        _write_score(out, enc, st, seat)
        read["score"] = dict(st.score)
    pending = CHANCE_PENDING if game._node is not None else game._pending()
    key = (st.turn_number, st.turn, st.phase, pending)
    if key != read.get("turn"):  # nearly every step: who decides what
        _clear(out, kept, "turn")
        _write_turn(out, enc, st, pending)
        read["turn"] = key
    stack = st.stack
    if stack or read.get("stack"):  # an empty stack read as [], so once: then skipped
        key = [len(stack), *[(i.card, i.seat, i.every_target, i.cancelled)
                             for i in stack[-STACK_SLOTS:]]] if stack else []
        if key != read.get("stack"):
            _clear(out, kept, "stack")
            _write_stack(out, enc, stack, len(ships))
            read["stack"] = key


#: What the tensor shows of a ship, read in one call per ship: its box, tracks,
#: flags, statuses and, last, its crews (the ship's own list, changed in
#: place: a key kept holds a copy of it, ``_kept_key``).
_SHIP_KEY = attrgetter("position", "repairs", "breakdowns", "reserve", "withdrawn", "sunk",
                       "eliminated", "statuses", "crew_on")


def _kept_key(key: tuple) -> tuple:
    """A ship's key as kept: its crews copied (the ship's list changes in place)."""
    return (*key[:8], key[8][:])


def _update_ships(out: array, enc: Encoding, ships: Sequence[ShipState], seat: int,
                  steps: _SeatTensor) -> None:
    """Each ship whose box, tracks, flags, statuses or crews differ from
    those it was written with: what differs written again (every ship's
    are public). The keys are read for every ship at once and compared at
    once (C loops: a step changes a ship or two, and of it its reserve and
    a crew, or its box). A ship's box, once left, may still hold another
    ship of its type and side: then the boxes of that plane are set again."""
    keys = list(map(_SHIP_KEY, ships))
    read = steps.ships
    if keys == read:
        return
    places, own_at = steps.at, enc.at["own_ship"]
    left: list[int] = []  # the planes of the boxes left
    for i, key in enumerate(keys):
        old = read[i]
        if key == old:
            continue
        at = places[i]
        read[i] = _kept_key(key)
        if old is None:  # never written: all of it
            old = _NOTHING_WRITTEN
        box, was = key[0], old[0]
        if box != was:
            if was is not None:
                out[at.plane + was] = 0
                if i == seat:
                    out[own_at + was] = 0
                left.append(at.plane)
            if box is not None:
                out[at.plane + box] = 1
                if i == seat:
                    out[own_at + box] = 1
            out[at.flags] = box is not None
        if key[1:5] != old[1:5]:
            base = at.tracks
            out[base] = key[1]
            out[base + 1] = key[2]
            out[base + 2] = key[3]
            out[base + 3] = key[4]
        crew, had = key[8], old[8]
        if had is None:
            for place, now in zip(at.crew, crew):
                out[place] = now
        elif crew != had:
            for place, now, then in zip(at.crew, crew, had):
                if now != then:
                    out[place] = now
        if key[7] != old[7]:
            _write_statuses(out, enc, at.statuses, old[7], key[7])
        if key[5] != old[5] or key[6] != old[6]:
            out[at.flags + 1] = key[5]
            out[at.flags + 2] = key[6]
    if left:  # a box left: every ship of its plane set again
        for i, ship in enumerate(ships):
            plane = places[i].plane
            if ship.position is not None and plane in left:
                out[plane + ship.position] = 1


#: The key of a ship not written yet: every part differs from a ship's.
_NOTHING_WRITTEN = (None, None, None, None, None, None, None, (), None)


def _write_statuses(out: array, enc: Encoding, base: int, before: Iterable[tuple],
                    now: Iterable[tuple]) -> None:
    """A ship's statuses: those it had ``before`` unset, those it has ``now`` set."""
    stats = enc.index.status
    for name, _ in before:
        out[base + stats[name]] = 0
    for name, _ in now:
        out[base + stats[name]] = 1


def _update_cards(game: GameCore, player: str, seat: int, kept: _Kept,
                  steps: _SeatTensor) -> None:
    """The cards the observer knows of, each part written again when it
    differs from what it was written from (a draw changes the hand, the
    hands' sizes and the deck's, not the discards nor the hands known): its
    hand, every hand's size, the cards it knows in the others' hands, the
    deck's size and the tops it knows (``known_deck_top``), the discards and
    the cards spent this turn."""
    st, enc = game.state, kept.encoding
    out, read = steps.out, steps.read
    at, orders = enc.at, enc.index.order
    hands = st.hands
    hand = hands[seat]
    if hand != read.get("hand"):
        _clear(out, kept, "hand")
        _count(out, at["hand"], hand, orders)
        read["hand"] = hand[:]
    sizes = list(map(len, hands))
    if sizes != read.get("hand_sizes"):  # every size written: nothing to clear
        hand_sizes = at["hand_sizes"]
        for i, size in enumerate(sizes):
            out[hand_sizes + i] = size
        read["hand_sizes"] = sizes
    if st.known or read.get("known"):  # often none: then no list is made
        known = [(k.owner, k.cards) for k in st.known if k.viewer == seat]
        if known != read.get("known"):
            _clear(out, kept, "known")
            n_orders, written = len(enc.orders), set()
            for owner, cards in known:  # a hand's first record, as ``known_hand`` reads
                if owner != seat and owner not in written:
                    written.add(owner)
                    _count(out, at["known"] + owner * n_orders, cards, orders)
            read["known"] = [(owner, cards[:]) for owner, cards in known]
    deck = (len(st.deck), known_deck_top(game, player))
    if deck != read.get("deck"):
        _clear(out, kept, "deck")
        out[at["deck_size"]] = deck[0]
        n_orders = len(enc.orders)
        for place, top in enumerate(deck[1][:TOP_SLOTS]):
            if top in orders:
                out[at["deck_top"] + place * n_orders + orders[top]] = 1
        read["deck"] = deck
    if st.discard != read.get("discards"):
        _clear(out, kept, "discards")
        _count(out, at["discards"], st.discard, orders)
        read["discards"] = st.discard[:]
    if st.spent or read.get("spent"):
        spent = [(s.seat, s.card) for s in st.spent]
        if spent != read.get("spent"):
            _clear(out, kept, "spent")
            n_orders = len(enc.orders)
            for owner, card in spent:
                if card in orders:
                    out[at["spent"] + owner * n_orders + orders[card]] = 1
            read["spent"] = spent


def _write_tokens(out: array, enc: Encoding, tokens: Sequence[TokenState]) -> None:
    """The tokens' planes: a token, by kind, in its box."""
    at, kinds = enc.at["tokens"], enc.index.token
    hw = enc.width * enc.height
    for token in tokens:
        out[at + kinds[token.kind] * hw + token.box] = 1


def _write_score(out: array, enc: Encoding, st: GameState, seat: int) -> None:
    """The score: the observer's side's points first."""
    at, own_side = enc.at["score"], st.ships[seat].side
    for side, points in st.score.items():
        out[at + (0 if side == own_side else 1)] = points


def _write_turn(out: array, enc: Encoding, st: GameState, pending: tuple | None) -> None:
    """The turn, who is to move, the phase and the decision pending
    (``pending``: the game's, or ``CHANCE_PENDING``)."""
    at = enc.at
    out[at["turn_number"]] = st.turn_number
    out[at["turn"] + st.turn] = 1
    if pending is not None:
        decision, mover = pending
        if mover is not None:
            out[at["to_move"] + mover] = 1
        decision = DECISION_AT.get(decision)
        if decision is not None:
            out[at["decision"] + decision] = 1
    phase = PHASE_AT.get(st.phase)
    if phase is not None:
        out[at["phase"] + phase] = 1


def _write_stack(out: array, enc: Encoding, stack: Sequence[StackItem], n: int) -> None:
    """The stack's size and its top ``STACK_SLOTS`` items, top first: each
    one's card, player, targets and whether it is cancelled."""
    at, cards = enc.at, enc.index.card
    out[at["stack_size"]] = len(stack)
    n_cards = len(enc.cards)
    width = n_cards + 2 * n + 1
    for slot, item in enumerate(reversed(stack[-STACK_SLOTS:])):
        base = at["stack"] + slot * width
        if item.card in cards:
            out[base + cards[item.card]] = 1
        out[base + n_cards + item.seat] = 1
        for target in item.every_target:
            out[base + n_cards + n + target] = 1
        out[base + width - 1] = item.cancelled


#: How many visual fields' slices a game keeps (each by its field's tuple).
KEPT_FIELDS = 256


def _field(queries: RuleQueries, seat: int, kept: _Kept) -> array:
    """The visual field's slice of the ship of ``seat`` (on the board): its
    boxes set, written whole into the tensor (one copy, not a box at a
    time). Kept in ``kept.fields`` by the field itself: the board hands
    out the same tuple for the same field (``Board.visual_field``), so it
    is keyed by its identity, held with the slice."""
    boxes = queries.visual_field(seat)  # as ``info.observation.visual_field`` reads it
    fields = kept.fields
    field = fields.get(id(boxes))
    if field is None:
        if len(fields) >= KEPT_FIELDS:
            fields.clear()
        plane = kept.spans["sight"][2][:]
        for box in boxes:
            plane[box] = 1
        field = fields[id(boxes)] = (boxes, plane)
    return field[1]


def _blank(enc: Encoding, cells: str) -> tuple[Encoding, array]:
    """A tensor of zeros but the board's planes (islands, running water)."""
    out = array("f", bytes(4 * enc.layout.size))
    islands, water = enc.at["islands"], enc.at["running_water"]
    for i, cell in enumerate(cells[:enc.width * enc.height]):
        if cell == ISLAND:
            out[islands + i] = 1
        elif cell == CURRENT:
            out[water + i] = 1
    return enc, out


def _count(out: array, at: int, cards: Iterable[str], index: dict[str, int]) -> None:
    """Adds one at ``at`` + each card's place (cards outside ``index`` skipped)."""
    for card in cards:
        if card in index:
            out[at + index[card]] += 1
