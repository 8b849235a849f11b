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
    from ..model.state import Event, ShipState, StackItem

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
    chosen: int | None = None
    """The amount its player chose with the card (D4.19), public as the card is."""


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
    ``board`` is the board of the moment's cells, its terrain tokens
    applied (D2.14). ``str()`` is the observation string; ``tensor()`` the
    same as numbers.
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
        yield (f"stack {i}: {item.card}{' ' + item.mode if item.mode else ''}"
               f"{'' if item.chosen is None else f' {item.chosen}'} ({item.kind}) "
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
        player=player, side=me.side, board=game.board_now().cells, mode=st.mode,  # D2.14
        turn_number=st.turn_number, turn=ids[st.turn], phase=st.phase,
        to_move=game.to_move, decision=None if decision is None else str(decision),
        ships=ships,
        tokens=tuple(ObservedToken(t.kind, name(t.box), ids[t.owner], t.left)
                     for t in st.tokens),
        stack=tuple(ObservedItem(i.card, str(i.kind), ids[i.seat],
                                 None if i.target is None else ids[i.target], i.cancelled,
                                 tuple(ids[t] for t in i.every_target), i.mode,
                                 i.chosen)
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

    What it saves is kept in the game's ``_memo``: the board's planes
    (islands, running water) written once per game into a blank that each
    tensor starts from, the visual fields by the ships' boxes, and the
    tensors of the position (its state object and number of moves, which
    every ``play`` changes and ``undo`` replaces) by player: the steps of a
    move taken word by word ask them again of an unchanged game."""
    memo = game._memo
    st = game.state
    count = game.move_count
    last = memo.get("tensor_of")  # (state, moves, player, tensor)
    if last is not None and last[0] is st and last[1] == count and last[2] == player:
        return last[3][:]
    kept = memo.get("tensor")
    cells = game.board_now().cells  # the terrain plane reads the board of the moment (D2.14)
    if kept is None or kept[0] != cells:
        kept = memo["tensor"] = (cells, _blank(Encoding.of_game(game), cells), {})
    out = _written(game, player, kept[1][0], kept[1][1][:], kept[2])
    memo["tensor_of"] = (st, count, player, out)
    return out[:]


def _written(game: GameCore, player: str, enc: Encoding, out: array,
             fields: dict[tuple, list[int]]) -> array:
    """``out`` (the board's blank) with the rest of ``player``'s tensor written
    (``observation_tensor``), slice by slice as ``Layout`` lists them;
    ``fields``: visual fields kept by boxes."""
    seat = enc.index.seat.get(player)
    if seat is None:
        game.ship_state(player)  # UnknownName, as ``observe``
        raise AssertionError(player)  # an id the encoding lacks is a game's own
    st = game.state
    _write_ships(out, enc, game.rules, st.ships, seat)
    if st.ships[seat].position is not None:
        sight_at = enc.at["visual_field"]
        for box in _field(game, seat, fields):
            out[sight_at + box] = 1
    _write_cards(out, enc, game, player, seat)
    _write_turn(out, enc, game, seat)
    _write_stack(out, enc, st.stack, len(st.ships))
    return out


def _write_ships(out: array, enc: Encoding, rules: Ruleset, ships: Sequence[ShipState],
                 seat: int) -> None:
    """The ships' planes, then each ship's side, tracks, crews, statuses and
    flags, as the observer of ``seat`` sees them (every ship's are public)."""
    at, ix = enc.at, enc.index
    hw = enc.width * enc.height
    n_men, n_stats = len(enc.maneuvers), len(enc.statuses)
    mans, stats, types = ix.maneuver, ix.status, ix.type
    friendly_at, tracks_at, crew_at = at["friendly"], at["tracks"], at["crew"]
    statuses_at, flags_at = at["statuses"], at["ship_flags"]
    own_side = ships[seat].side
    for i, ship in enumerate(ships):
        mine = ship.side == own_side
        box = ship.position
        if box is not None:
            plane = at["ships_friendly"] if mine else at["ships_enemy"]
            out[plane + types[ship.type] * hw + box] = 1
            if i == seat:
                out[at["own_ship"] + box] = 1
        if mine:
            out[friendly_at + i] = 1
        base = tracks_at + 4 * i
        out[base] = ship.repairs
        out[base + 1] = ship.breakdowns
        out[base + 2] = ship.reserve
        out[base + 3] = ship.withdrawn
        base = crew_at + i * n_men
        for name, crew in zip(rules.ships[ship.type].maneuvers, ship.crew_on):
            out[base + mans[name]] = crew
        base = statuses_at + i * n_stats
        for name, _ in ship.statuses:
            out[base + stats[name]] = 1
        base = flags_at + 3 * i
        out[base] = box is not None
        out[base + 1] = ship.sunk
        out[base + 2] = ship.eliminated


def _write_cards(out: array, enc: Encoding, game: GameCore, player: str, seat: int) -> None:
    """The cards the observer knows of: its hand, every hand's size, the
    cards it knows in the others' hands, the deck's size and the tops it
    knows, the discards and the cards spent this turn."""
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
    for place, top in enumerate(known_deck_top(game, player)[:TOP_SLOTS]):
        if top in orders:
            out[at["deck_top"] + place * n_orders + orders[top]] = 1
    _count(out, at["discards"], st.discard, orders)
    for spent in st.spent:
        if spent.card in orders:
            out[at["spent"] + spent.seat * n_orders + orders[spent.card]] = 1


def _write_turn(out: array, enc: Encoding, game: GameCore, seat: int) -> None:
    """The tokens, the observer, the score (its side's first), the turn, who
    is to move, the phase and the decision pending."""
    st = game.state
    at, ix = enc.at, enc.index
    hw = enc.width * enc.height
    tokens = ix.token
    for token in st.tokens:
        out[at["tokens"] + tokens[token.kind] * hw + token.box] = 1
    out[at["observer"] + seat] = 1
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


def _field(game: GameCore, seat: int, fields: dict[tuple, list[int]]) -> list[int]:
    """The boxes of the visual field of the ship of ``seat`` (on the board),
    kept in ``fields`` by the ships' boxes as it sees them (a ship beyond its
    visibility on none, D2.18): most steps move no ship."""
    key = (seat, *game.engine.queries.seen_positions(seat))
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
    """The boxes of the visual field of the ship of ``seat``, on the board
    of the moment (D2.14)."""
    ships = game.state.ships
    me, board = ships[seat], game.board_now()
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
