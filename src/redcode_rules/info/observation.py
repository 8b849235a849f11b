"""What one player may know of a game (docs/rules.md, "Who knows what").

``observe(game, player)`` builds an ``Observation``: the public position
(board, ships, tokens, stack, piles' sizes, discards, score, whose turn and
what is being decided) and that player's private knowledge as the engine
keeps it: its own hand, the cards of other hands it was shown and that are
still there (``GameState.known``, D7.8) and the cards it put face down on top
of the deck or arranged there that are still there (D7.9, D7.14). Nothing
hidden from that player is read into it, so two games that differ only in
what it cannot see give equal observations; ``info/resample.py`` redraws exactly what is left out.

``info/game_tensor.observation_tensor(game, player)`` is the observation's
tensor read straight from the game, without the ``Observation``.

``information_state`` adds the public history (the log, which names no
hidden card, D7.10) to the observation: the string of the player's
information set.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Iterable

import attrs

from ..engine.chance import ChanceKind
from ..engine.views import ShipView
from ..engine.notation import outcome_parts
from .tensors import Encoding, Layout, encode

if TYPE_CHECKING:
    from ..engine.game_core import GameCore
    from ..engine.views import LogEntry

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

    The knowers are the game's ``DeckInView`` (engine/hands.py), kept with
    the events read, so asking at every step reads the new events only."""
    return list(_kept_tops(game))


def _kept_tops(game: GameCore) -> list[tuple[str, ...]]:
    """``deck_tops`` without the copy: the list kept (read, never changed)."""
    if game._node is not None and \
            outcome_parts(game.chance_outcomes()[0][0])[0] == ChanceKind.DRAW.value:
        return []
    return game._engine().ops.in_view.knowers(game._log)


def known_deck_top(game: GameCore, player: str) -> tuple[str, ...]:
    """The top of the deck as ``player`` knows it: the cards it put there or
    arranged still on top, ``UNSEEN`` at the places above them it does not
    know."""
    tops = _kept_tops(game)
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


def sight(game: GameCore, seat: int) -> tuple[str, ...]:
    """The boxes of the visual field of the ship of ``seat`` (R4.3; none off
    the board), as the board's lines and the ships cut it."""
    if game.state.ships[seat].position is None:
        return ()
    return tuple(game.board.name(b) for b in visual_field(game, seat))


def visual_field(game: GameCore, seat: int) -> tuple[int, ...]:
    """The boxes of the visual field of the ship of ``seat`` (the engine's
    ``RuleQueries.visual_field``: the board of the moment, islands, sight);
    none off the board."""
    return game.engine.queries.visual_field(seat)


def event_line(entry: LogEntry) -> str:
    """One event of the public history (an entry of the engine's log) as a
    line: its turn, kind and data (in the order the engine wrote it, the
    same for every event of a kind)."""
    kind, turn, data = entry
    return f"{turn} {kind} {data}"


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
    kept: list[tuple[LogEntry, str]] = game._memo.setdefault("history", [])
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
