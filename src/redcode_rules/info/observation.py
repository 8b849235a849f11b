"""What one player may know of a game (docs/rules.md, "Who knows what").

``observe(game, player)`` builds an ``Observation``: the public position
(board, ships, tokens, stack, piles' sizes, discards, score, whose turn and
what is being decided) and that player's private knowledge as the engine
keeps it: its own hand, the cards of other hands it was shown and that are
still there (``GameState.known``, D7.8) and the cards it put face down on top
of the deck or arranged there that are still there (D7.9, D7.14). Nothing
hidden from that player is read into it, so two games that differ only in
what it cannot see give equal observations; ``info/resample.py`` redraws exactly what is left out.

``observation_tensor(game, player)`` is the observation's tensor read
straight from the game, without the ``Observation``: the same numbers, for
programs that ask at every step (the AI adapters).

``information_state`` adds the public history (the log, which names no
hidden card, D7.10) to the observation: the string of the player's
information set.
"""

from __future__ import annotations

from array import array
from operator import attrgetter
from typing import TYPE_CHECKING, Iterable, Sequence

import attrs

from ..engine.chance import ChanceKind
from ..engine.hands import top_knowers
from ..engine.views import ShipView
from ..engine.notation import outcome_parts
from .tensors import CURRENT, DECISION_AT, ISLAND, PHASE_AT, STACK_SLOTS, TOP_SLOTS, \
    Encoding, Layout, encode

if TYPE_CHECKING:
    from ..engine.game_core import GameCore
    from ..model.ruleset import Ruleset
    from ..model.state import Event, ShipState, StackItem, TokenState

#: The deck position of a card the observer cannot see, in ``deck_top``.
UNSEEN = "?"


@attrs.frozen
class ObservedItem:
    """A card on the stack, bottom first in ``Observation.stack``: the card
    played, by whom, at whom, and whether it was cancelled (all public).
    ``targets`` names every ship it targets, ``target`` (its first) too: the
    ships of a counted target in seat order (D4.13), the target then the
    second target (D4.14), or the one target alone (its default)."""

    card: str
    kind: str
    player: str
    target: str | None
    cancelled: bool
    targets: tuple[str, ...] = attrs.field()

    @targets.default
    def _the_target_alone(self) -> tuple[str, ...]:
        return () if self.target is None else (self.target,)

    mode: str | None = None
    """The mode its player chose with the card (D4.15), public as the card is."""


@attrs.frozen
class ObservedToken:
    """A token on the board: its kind, box, owner and turn edges left."""

    kind: str
    box: str
    owner: str
    left: int


@attrs.frozen
class Observation:
    """Everything ``player`` may know now and nothing more (immutable).

    Public to every player: ``board``, ``mode``, ``turn_number``, ``turn``
    (whose turn), ``phase``, ``to_move``, ``decision``, ``ships``,
    ``tokens``, ``stack``, ``hand_sizes`` (ship id, cards) in seat order,
    ``deck_size``, ``discards`` (oldest first), ``score`` (side, points),
    ``spent`` (once-per-game cards used: (ship id, card)), ``winner``.
    Private to ``player``: ``hand`` (its own cards, sorted), ``known``
    ((owner ship id, cards) for each other hand it knows cards of, sorted;
    D7.8) and ``deck_top`` (the top of the deck as far as it knows a card
    there: card ids, ``UNSEEN`` where it does not; D7.9). ``sight`` is the
    visual field of its ship (boxes, R4.3; public, as the board is).
    ``str()`` is the observation string; ``tensor()`` the same as numbers.
    """

    player: str
    side: str
    board: str
    mode: str
    turn_number: int
    turn: str
    phase: str
    to_move: str | None
    decision: str | None
    ships: tuple[ShipView, ...]
    tokens: tuple[ObservedToken, ...]
    stack: tuple[ObservedItem, ...]
    hand_sizes: tuple[tuple[str, int], ...]
    deck_size: int
    discards: tuple[str, ...]
    score: tuple[tuple[str, int], ...]
    spent: tuple[tuple[str, str], ...]
    winner: str | None
    hand: tuple[str, ...]
    known: tuple[tuple[str, tuple[str, ...]], ...]
    deck_top: tuple[str, ...]
    sight: tuple[str, ...]
    encoding: Encoding | None = attrs.field(default=None, eq=False, repr=False)
    """The game configuration's names, for ``tensor`` (not part of the observation)."""

    @property
    def layout(self) -> Layout:
        """The slices of ``tensor()`` (name, offset, shape; info/tensors.py)."""
        if self.encoding is None:
            raise ValueError("an observation made by hand has no tensor layout")
        return self.encoding.layout

    def tensor(self) -> array:
        """The observation as a flat ``array("f")`` of ``layout.size`` floats,
        the same shape for every observation of a game configuration."""
        if self.encoding is None:
            raise ValueError("an observation made by hand has no tensor layout")
        return encode(self, self.encoding)

    def ship(self, ship_id: str) -> ShipView:
        """One ship by id (``KeyError`` if there is none)."""
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def __str__(self) -> str:
        return "\n".join(observation_lines(self))


def observation_lines(obs: Observation) -> Iterable[str]:
    """The observation string, one fact a line (stable: a key for search)."""
    yield f"player {obs.player} ({obs.side})"
    yield f"{obs.mode} on {obs.board}, turn {obs.turn_number} of {obs.turn}, phase {obs.phase}"
    yield f"to move: {obs.to_move or '-'} ({obs.decision or '-'})"
    for s in obs.ships:
        crew = " ".join(f"{name}={n}" for name, n in s.crew.items())
        flags = [f for f, on in (("sunk", s.sunk), ("eliminated", s.eliminated)) if on]
        yield (f"ship {s.id} {s.type} at {s.position or '-'} repairs {s.repairs} breakdowns "
               f"{s.breakdowns} reserve {s.reserve} withdrawn {s.withdrawn} crew {crew} "
               f"statuses [{' '.join(s.statuses + tuple(flags))}]")
    for t in obs.tokens:
        yield f"token {t.kind} at {t.box} of {t.owner} left {t.left}"
    for i, item in enumerate(obs.stack):
        yield (f"stack {i}: {item.card}{' ' + item.mode if item.mode else ''} ({item.kind}) "
               f"by {item.player}"
               f"{' at ' + ' '.join(item.targets) if item.targets else ''}"
               f"{' cancelled' if item.cancelled else ''}")
    yield "hand sizes: " + " ".join(f"{ship}={n}" for ship, n in obs.hand_sizes)
    yield f"deck {obs.deck_size}; top known: [{' '.join(obs.deck_top)}]"
    yield f"discards: [{' '.join(obs.discards)}]"
    yield "score: " + " ".join(f"{side}={n}" for side, n in obs.score)
    if obs.spent:
        yield "spent: " + " ".join(f"{ship}:{card}" for ship, card in obs.spent)
    if obs.winner:
        yield f"winner: {obs.winner}"
    yield f"sight: [{' '.join(obs.sight)}]"
    yield f"hand: [{' '.join(obs.hand)}]"
    for owner, cards in obs.known:
        yield f"known in {owner}'s hand: [{' '.join(cards)}]"


def deck_tops(game: GameCore) -> list[tuple[str, ...]]:
    """``hands.top_knowers`` of the game now: who knows each card on top of
    the deck (D7.9, D7.14). At a chance node that deals a card drawn (or
    one an arrange looks at) there are none, whatever the log says: a draw
    takes the cards in view on top first, without chance (D7.12), so one
    that asks for a card has taken them all, and it logs its count only
    once it is done.

    The knowers are kept in the game's ``_memo`` with the events read, so
    asking at every step reads the new events only: the log only grows, or
    is cut back and grown again by undo with new event objects, so the
    events read are still the log's while its event at their end is."""
    if game.is_chance_node and \
            outcome_parts(game.chance_outcomes()[0][0])[0] == ChanceKind.DRAW.value:
        return []
    log = game.engine.log
    read, last, tops = game._memo.get("deck_tops", (0, None, []))
    if read > len(log) or (read and log[read - 1] is not last):
        read, tops = 0, []
    if read < len(log):
        tops = top_knowers(log[read:], tops)
        read, last = len(log), log[-1]
        game._memo["deck_tops"] = (read, last, tops)
    return list(tops)


def known_deck_top(game: GameCore, player: str) -> tuple[str, ...]:
    """The top of the deck as ``player`` knows it: the cards it put there or
    arranged still on top, ``UNSEEN`` at the places above them it does not
    know."""
    tops = deck_tops(game)
    if not tops:  # nobody knows a card there: most steps of most games
        return ()
    last = max((i for i, knowers in enumerate(tops) if player in knowers), default=-1)
    if last < 0:  # the common case: it knows none there
        return ()
    deck = game.state.deck
    return tuple(deck[i] if player in tops[i] else UNSEEN for i in range(last + 1))


def observe(game: GameCore, player: str) -> Observation:
    """What ``player`` (a ship id) may know of ``game`` now (see ``Observation``)."""
    st = game.state
    seats = st.ships
    me = game.ship_state(player)  # UnknownName for a wrong id
    seat = seats.index(me)
    ids = [s.id for s in seats]
    name = game.board.name
    eng = game.engine
    decision = game.decision  # "chance" too, where the game has a chance player
    ships = tuple(ShipView.of(s, game.rules, game.board, game.tracks(s.id)) for s in seats)
    known = tuple((ids[o], tuple(sorted(eng.ops.known_hand(seat, o))))
                  for o in range(len(seats)) if o != seat and eng.ops.known_hand(seat, o))
    return Observation(
        player=player, side=me.side, board=st.board, mode=st.mode,
        turn_number=st.turn_number, turn=ids[st.turn], phase=st.phase,
        to_move=game.to_move, decision=None if decision is None else str(decision),
        ships=ships,
        tokens=tuple(ObservedToken(t.kind, name(t.box), ids[t.owner], t.left)
                     for t in st.tokens),
        stack=tuple(ObservedItem(i.card, str(i.kind), ids[i.seat],
                                 None if i.target is None else ids[i.target], i.cancelled,
                                 tuple(ids[t] for t in i.every_target), i.mode)
                    for i in st.stack),
        hand_sizes=tuple((ids[i], len(h)) for i, h in enumerate(st.hands)),
        deck_size=len(st.deck), discards=tuple(st.discard),
        score=tuple(sorted(st.score.items())),
        spent=tuple(sorted((ids[s.seat], s.card) for s in st.spent)),
        winner=st.winner, hand=tuple(sorted(st.hands[seat])), known=known,
        deck_top=known_deck_top(game, player), sight=sight(game, seat),
        encoding=Encoding.of_game(game))


def observation_tensor(game: GameCore, player: str) -> array:
    """``observe(game, player).tensor()`` read straight from the game: the
    same numbers without building the ``Observation`` (its views, names and
    sorted tuples), for programs that ask at every step (the AI adapters).

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
        return last[3][:]
    kept = memo.get("tensor")
    if kept is None or kept.board != st.board:
        kept = memo["tensor"] = _Kept.of(game)
    seat = _seat(game, kept.encoding, player)
    steps = kept.seats.get(seat)
    if steps is None:
        steps = kept.seats[seat] = _SeatTensor.blank(kept, game, seat)
    _update(game, player, seat, kept, steps)
    memo["tensor_of"] = (st, count, player, steps.out)
    return steps.out[:]


def tensor_written_afresh(game: GameCore, player: str) -> array:
    """``observation_tensor`` written whole from the board's blank, nothing
    kept or reused: what every kept tensor must equal (the tests' yardstick)."""
    kept = _Kept.of(game)
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
    """What a game keeps for its tensors, for one board: the encoding, the
    board's blank (its planes written, the rest zeros), the span and zeros
    of each group of slices, the visual fields by the ships' boxes, and each
    seat's tensor of the last step it was asked."""

    board: str
    encoding: Encoding
    blank: array
    spans: dict[str, tuple[int, int, array]]
    fields: dict[tuple, list[int]] = attrs.Factory(dict)
    seats: dict[int, _SeatTensor] = attrs.Factory(dict)

    @classmethod
    def of(cls, game: GameCore) -> _Kept:
        board = game.state.board
        enc = Encoding.of_game(game)
        spans = {}
        for group, (first, last) in _SPANS.items():
            start, end = enc.at[first], enc.at[last] + enc.layout[last].size
            spans[group] = (start, end, array("f", bytes(4 * (end - start))))
        return cls(board, enc, _blank(enc, board)[1], spans)


#: The groups of slices written together, each one span of the layout
#: (first slice, last slice), cleared before it is written again.
_SPANS = {"sight": ("visual_field", "visual_field"), "tokens": ("tokens", "tokens"),
          "cards": ("hand", "spent"), "turn": ("score", "decision"),
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
    ship's box, tracks, flags and statuses (``_SHIP_FACTS``) and its crews,
    by seat, and the inputs of the other groups by name."""

    out: array
    at: tuple[_ShipAt, ...]
    ships: Sequence[tuple | None]
    crews: Sequence[tuple | None]
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
        return cls(out, tuple(places), [None] * len(ships), [None] * len(ships))


def _clear(out: array, kept: _Kept, group: str) -> None:
    """Zeros in the span of ``group``."""
    start, end, zeros = kept.spans[group]
    out[start:end] = zeros


def _update(game: GameCore, player: str, seat: int, kept: _Kept, steps: _SeatTensor) -> None:
    """Brings ``steps`` (the tensor of ``player``, of ``seat``) up to date:
    each group of slices whose inputs (read by value) differ from those it
    was written from is written again (cleared first), as ``Layout`` lists
    them."""
    st = game.state
    enc, out, read = kept.encoding, steps.out, steps.read
    _update_ships(out, enc, st.ships, seat, steps)
    key: object = (seat, *game.engine.queries.seen_positions(seat)) \
        if st.ships[seat].position is not None else None
    if key != read.get("sight", ()):
        _clear(out, kept, "sight")
        if key is not None:
            sight_at = enc.at["visual_field"]
            for box in _field(game, seat, key, kept.fields):  # type: ignore[arg-type]
                out[sight_at + box] = 1
        read["sight"] = key
    key = tuple([(t.kind, t.box) for t in st.tokens])
    if key != read.get("tokens"):
        _clear(out, kept, "tokens")
        _write_tokens(out, enc, st.tokens)
        read["tokens"] = key
    hands = st.hands
    key = (tuple(hands[seat]), tuple(map(len, hands)), len(st.deck), tuple(st.discard),
           tuple([(s.seat, s.card) for s in st.spent]),
           tuple([(k.owner, tuple(k.cards)) for k in st.known if k.viewer == seat]),
           known_deck_top(game, player))
    if key != read.get("cards"):
        _clear(out, kept, "cards")
        _write_cards(out, enc, game, seat, key[-1])  # type: ignore[index]
        read["cards"] = key
    key = (tuple(st.score.items()), st.turn_number, st.turn, game.to_move, st.phase,
           game.decision)
    if key != read.get("turn"):
        _clear(out, kept, "turn")
        _write_turn(out, enc, game, seat)
        read["turn"] = key
    stack = st.stack
    key = (len(stack), tuple([(i.card, i.seat, i.every_target, i.cancelled)
                              for i in stack[-STACK_SLOTS:]]))
    if key != read.get("stack"):
        _clear(out, kept, "stack")
        _write_stack(out, enc, stack, len(st.ships))
        read["stack"] = key


#: What the tensor shows of a ship but its crews, read in one call per ship:
#: a ship's key, with its crews (a list, changed in place: copied).
_SHIP_FACTS = attrgetter("position", "repairs", "breakdowns", "reserve", "withdrawn", "sunk",
                         "eliminated", "statuses")
_CREWS = attrgetter("crew_on")


def _update_ships(out: array, enc: Encoding, ships: Sequence[ShipState], seat: int,
                  steps: _SeatTensor) -> None:
    """Each ship whose box, tracks, flags, statuses or crews differ from
    those it was written with written again (every ship's are public). The
    keys are read for every ship at once (C loops: a step changes a ship or
    two). A ship's box, once left, may still hold another ship of its type
    and side: then every ship's box is set again."""
    facts = list(map(_SHIP_FACTS, ships))
    crews = list(map(tuple, map(_CREWS, ships)))
    read, read_crews = steps.ships, steps.crews
    if facts == read and crews == read_crews:
        return
    places, own_at = steps.at, enc.at["own_ship"]
    left = False
    for i, ship in enumerate(ships):
        key, old = facts[i], read[i]
        if key == old and crews[i] == read_crews[i]:
            continue
        at = places[i]
        box, was = ship.position, None if old is None else old[0]
        if box != was:
            if was is not None:
                out[at.plane + was] = 0
                if i == seat:
                    out[own_at + was] = 0
                left = True
            if box is not None:
                out[at.plane + box] = 1
                if i == seat:
                    out[own_at + box] = 1
        base = at.tracks
        out[base] = ship.repairs
        out[base + 1] = ship.breakdowns
        out[base + 2] = ship.reserve
        out[base + 3] = ship.withdrawn
        for place, crew in zip(at.crew, ship.crew_on):
            out[place] = crew
        if old is None or old[7] != ship.statuses:
            _write_statuses(out, enc, at.statuses, () if old is None else old[7], ship.statuses)
        base = at.flags
        out[base] = box is not None
        out[base + 1] = ship.sunk
        out[base + 2] = ship.eliminated
    steps.ships, steps.crews = facts, crews
    if left:
        for i, ship in enumerate(ships):
            if ship.position is not None:
                out[places[i].plane + ship.position] = 1


def _write_statuses(out: array, enc: Encoding, base: int, before: Iterable[tuple],
                    now: Iterable[tuple]) -> None:
    """A ship's statuses: those it had ``before`` unset, those it has ``now`` set."""
    stats = enc.index.status
    for name, _ in before:
        out[base + stats[name]] = 0
    for name, _ in now:
        out[base + stats[name]] = 1


def _write_cards(out: array, enc: Encoding, game: GameCore, seat: int,
                 deck_top: tuple[str, ...]) -> None:
    """The cards the observer knows of: its hand, every hand's size, the
    cards it knows in the others' hands, the deck's size and the tops it
    knows (``deck_top``, ``known_deck_top``), the discards and the cards
    spent this turn."""
    st = game.state
    at, orders = enc.at, enc.index.order
    n_orders = len(enc.orders)
    _count(out, at["hand"], st.hands[seat], orders)
    hand_sizes = at["hand_sizes"]
    for i, hand in enumerate(st.hands):
        out[hand_sizes + i] = len(hand)
    known = game.engine.ops.known_hand
    for owner in range(len(st.ships)):
        if owner != seat:
            _count(out, at["known"] + owner * n_orders, known(seat, owner), orders)
    out[at["deck_size"]] = len(st.deck)
    for place, top in enumerate(deck_top[:TOP_SLOTS]):
        if top in orders:
            out[at["deck_top"] + place * n_orders + orders[top]] = 1
    _count(out, at["discards"], st.discard, orders)
    for spent in st.spent:
        if spent.card in orders:
            out[at["spent"] + spent.seat * n_orders + orders[spent.card]] = 1


def _write_tokens(out: array, enc: Encoding, tokens: Sequence[TokenState]) -> None:
    """The tokens' planes: a token, by kind, in its box."""
    at, kinds = enc.at["tokens"], enc.index.token
    hw = enc.width * enc.height
    for token in tokens:
        out[at + kinds[token.kind] * hw + token.box] = 1


def _write_turn(out: array, enc: Encoding, game: GameCore, seat: int) -> None:
    """The score (the observer's side's first), the turn, who is to move,
    the phase and the decision pending."""
    st = game.state
    at, ix = enc.at, enc.index
    own_side = st.ships[seat].side
    for side, points in sorted(st.score.items()):
        out[at["score"] + (0 if side == own_side else 1)] = points
    out[at["turn_number"]] = st.turn_number
    out[at["turn"] + st.turn] = 1
    mover = ix.seat.get(game.to_move or "")
    if mover is not None:
        out[at["to_move"] + mover] = 1
    phase = PHASE_AT.get(st.phase)
    if phase is not None:
        out[at["phase"] + phase] = 1
    decision = DECISION_AT.get(game.decision)  # type: ignore[arg-type]
    if decision is not None:
        out[at["decision"] + decision] = 1


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


#: How many visual fields a game keeps (by the boxes of its ships).
KEPT_FIELDS = 256


def _field(game: GameCore, seat: int, key: tuple, fields: dict[tuple, list[int]]) -> list[int]:
    """The boxes of the visual field of the ship of ``seat`` (on the board),
    kept in ``fields`` by ``key``: the seat and the ships' boxes as it sees
    them (a ship beyond its visibility on none, D2.18)."""
    field = fields.get(key)
    if field is None:
        if len(fields) >= KEPT_FIELDS:
            fields.clear()
        field = fields[key] = visual_field(game, seat)
    return field


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


def sight(game: GameCore, seat: int) -> tuple[str, ...]:
    """The boxes of the visual field of the ship of ``seat`` (R4.3; none off
    the board), as the board's lines and the ships cut it."""
    if game.state.ships[seat].position is None:
        return ()
    return tuple(game.board.name(b) for b in visual_field(game, seat))


def visual_field(game: GameCore, seat: int) -> list[int]:
    """The boxes of the visual field of the ship of ``seat``, on the board."""
    ships = game.state.ships
    me, board = ships[seat], game.board
    return board.visual_field(me.position, game.engine.queries.seen_positions(seat), me.side,
                              [s.side for s in ships], max(board.width, board.height))


def event_line(event: Event) -> str:
    """One event of the public history as a line: its turn, kind and data
    (in the order the engine wrote it, the same for every event of a kind)."""
    return f"{event.turn} {event.kind} {event.data}"


def information_state(game: GameCore, player: str) -> str:
    """The string of ``player``'s information set (D7.10): its observation,
    then the public history, every event of the log (which names no card
    hidden from any player)."""
    return f"{observe(game, player)}\nhistory:\n{public_history(game)}"


def public_history(game: GameCore) -> str:
    """Every event of the log as a line (``event_line``), kept in the game's
    ``_memo`` so that asking at every step of a game costs the new events
    only, not the whole log again.

    The log only grows, or is cut back and grown again by undo with new
    event objects, so the lines kept are good for the longest run of
    events still the same objects: found by bisection on identity."""
    log = game.engine.log
    kept: list[tuple[Event, str]] = game._memo.setdefault("history", [])
    lo, hi = 0, min(len(kept), len(log))
    while lo < hi:  # the longest prefix of ``kept`` whose events are still in the log
        mid = (lo + hi + 1) // 2
        if kept[mid - 1][0] is log[mid - 1]:
            lo = mid
        else:
            hi = mid - 1
    del kept[lo:]
    kept.extend((event, event_line(event)) for event in log[lo:])
    return "\n".join([line for _, line in kept])
