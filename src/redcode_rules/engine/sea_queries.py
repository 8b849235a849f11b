"""What a ship sees and where it may move: the sight and path queries of
the rules (``SeaQueries``, part of ``RuleQueries``, engine/queries.py).

A ship's visual field and the ships in it (R4.3), on the board of the
moment (D2.14), over islands while it sees over them (D2.12, D2.20), past
no ship it cannot see (D2.18), a status lengthening or limiting it (D9.5);
where a ship moved by a card starts, how far it moves and which boxes a
token closes to it (D4.6, D2.15); the board its move walks (running water
ignored, D2.13; straight, D2.16). Each is asked by the move generator,
``explain``, the observation and the card language's expressions, on the
rule queries they hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..model.ruleset import CardDef, Modifier
from ..rules.effects import Selector
from ..rules.exprs import Scope

if TYPE_CHECKING:
    from ..model.modifiers import Modifiers
    from ..model.ruleset import Ruleset
    from ..model.state import GameState
    from ..rules.board import Board
    from .refusals import Refusal

__all__ = ["SeaQueries"]


class SeaQueries:
    """The sight and path queries; ``RuleQueries`` is made of them and gives
    them what they read: the state, board and rules, the seats' sides, the
    modifier queries (``mods``, None while no status modifies anything),
    whether a status may hide a ship or let one see over islands, whether a
    status acts now (``lasts``) and whether one forbids moving a ship
    (``movement_refusal``)."""

    __slots__ = ()

    state: GameState
    board: Board
    rules: Ruleset
    sides: list[str]
    mods: Modifiers | None
    _hiding: bool
    _seeing: bool
    _cover: frozenset[str]
    lasts: Callable[[int, str], bool]
    movement_refusal: Callable[[int], Refusal | None]

    def sight(self, seat: int, over_islands: bool = False) -> list[tuple[int, int]]:
        """(distance, seat) of the ships in the ship's visual field (R4.3), or
        in a card's that sees over islands (D2.12), or in its own while a
        status or ability lets it see over islands (D2.20); none for a ship
        off the board (D9.3)."""
        ship = self.state.ships[seat]
        if ship.position is None:
            return []  # D9.3: a ship off the board sees nothing
        over = over_islands or self.sees_over_islands(seat)
        board = self.board.over_islands() if over else self.board
        if self._cover:
            board = self.under_cover(board)
        seen = board.in_sight(ship.position, self.seen_positions(seat), ship.side, self.sides)
        if self.mods is not None:
            farther = self.mods.total(ship, seat, Modifier.SIGHT)
            if farther:  # distances in its visual field count N less, at least 1
                seen = [(max(1, dist - farther), s) for dist, s in seen]
            reach = self.mods.sight_reach(ship, seat)
            if reach is not None:  # its visual field limited to N boxes (D9.5)
                seen = [(dist, s) for dist, s in seen if dist <= reach]
        return seen

    def visual_field(self, seat: int, reach: int | None = None) -> tuple[int, ...]:
        """The boxes of the visual field of the ship of ``seat`` within
        ``reach`` (R4.3; None: the whole board), in board order: on the board
        of the moment (D2.14), over its islands while the ship sees over them
        (D2.20), past no ship it cannot see (D2.18); none off the board. What
        the observation and every drawn board show."""
        ship = self.state.ships[seat]
        if ship.position is None:
            return ()
        board = self.board.over_islands() if self.sees_over_islands(seat) else self.board
        if self._cover:
            board = self.under_cover(board)
        if reach is None:
            reach = max(board.width, board.height)
        return board.visual_field(ship.position, self.seen_positions(seat), ship.side,
                                  [s.side for s in self.state.ships], reach)

    def covered_boxes(self) -> tuple[int, ...]:
        """The boxes cover lies on now (D2.23), in board order; none without
        a token that blocks sight."""
        cover = self._cover
        if not cover:
            return ()
        return tuple(sorted({t.box for t in self.state.tokens if t.kind in cover}))

    def under_cover(self, board: Board) -> Board:
        """``board`` as sight reads it now: the boxes cover lies on cut sight
        as islands do (D2.23), whoever looks, over islands or not."""
        boxes = self.covered_boxes()
        return board.covered(boxes) if boxes else board

    def seen_positions(self, seat: int, origin: int | None = None) -> list[int | None]:
        """The ships' boxes (by seat) as ship ``seat`` may see them from its
        box (or from ``origin``, a line's, D2.10): D2.18, a ship farther
        than its visibility is on none, so it is neither seen nor stops a
        line of sight; every ship's box while no status limits visibility."""
        ships = self.state.ships
        positions = [s.position for s in ships]
        if origin is None:
            origin = positions[seat]
        if not self._hiding or self.mods is None or origin is None:
            return positions
        w = self.board.width
        for other, ship in enumerate(ships):
            box = positions[other]
            if other != seat and box is not None:
                most = self.mods.visibility(ship, other)
                if most is not None and max(abs(box % w - origin % w),
                                            abs(box // w - origin // w)) > most:
                    positions[other] = None
        return positions

    def visible_targets(self, seat: int, reach: int,
                        sight: list[tuple[int, int]] | None = None) -> list[int]:
        """Own ship plus ships in the visual field within ``reach`` (R4.2, R4.3);
        ``sight`` when the caller already looked (one look serves every card)."""
        if sight is None:
            sight = self.sight(seat)
        return [seat, *[s for dist, s in sight if dist <= reach]]

    def path_start(self, card: CardDef, seat: int,
                   target: int | None) -> tuple[int, int, int] | tuple[()] | None:
        """For a card whose path is chosen with it: (start box, most boxes, mask
        of the boxes holding ships) of the ship it moves, or ``()`` if a status
        forbids moving that ship (R9); None for any other card."""
        step = card.path_effect
        if step is None:
            return None
        mover = self.mover(card, seat, target)
        if self.state.ships[mover].statuses and self.movement_refusal(mover) is not None:
            return ()
        occupied = 0
        start = None
        for s, ship in enumerate(self.state.ships):
            box = ship.position
            if box is not None:
                occupied |= 1 << box
                if s == mover:
                    start = box
        if self.state.tokens:
            occupied |= self.closed_to(mover)  # a blockade's boxes (D2.15)
        if self.mods is None:
            return (start, step.amount, occupied)
        steps = self.steps(mover, card)
        return (start, steps, occupied) if steps else ()

    @staticmethod
    def mover(card: CardDef, seat: int, target: int | None) -> int:
        """The ship a card whose path is chosen with it moves: its own, or its target."""
        return seat if target is None or card.path_effect.selector is Selector.SELF else target

    def blocked(self, mover: int) -> int:
        """The mask of the boxes ship ``mover`` may not enter now: those
        holding ships (R2.4) and a blockade's closed to it (D2.15)."""
        occupied = 0
        for ship in self.state.ships:
            if ship.position is not None:
                occupied |= 1 << ship.position
        if self.state.tokens:
            occupied |= self.closed_to(mover)
        return occupied

    def closed_to(self, mover: int) -> int:
        """D2.15: the mask of the boxes ship ``mover`` may not enter nor pass
        through, each holding a token that ``forbids entering`` by ships it
        passes (seen from the token's owner): added to the boxes holding
        ships, so the path walk's tables stay as they are."""
        closed = 0
        for token in self.state.tokens:
            if self.closed_to_by(mover, token):
                closed |= 1 << token.box
        return closed

    def blockade_at(self, mover: int, box: int) -> str | None:
        """The kind of the token that closes box ``box`` to ship ``mover``
        (D2.15), for ``explain``; None when none does."""
        for token in self.state.tokens:
            if token.box == box and self.closed_to_by(mover, token):
                return token.kind
        return None

    def closed_to_by(self, mover: int, token) -> bool:
        """Whether token ``token`` closes its box to ship ``mover`` (D2.15)."""
        entry = self.rules.tokens[token.kind].entry
        return entry is not None and entry.accepts(self, Scope(token.owner), mover)

    def walk_board(self, mover: int, straight: bool = False) -> Board:
        """The board a move of ship ``mover`` walks: the calm view (running
        water read as open) while a status or ability of it ignores running
        water (D2.13), else the board itself; its straight view for a
        straight move (D2.16)."""
        board = self.board.calm() if self.holds(mover, "ignores_running") else self.board
        return board.straight_view() if straight else board

    def sees_over_islands(self, seat: int) -> bool:
        """Whether a status or ability of the ship lets its visual field see
        over islands now (D2.20): every sight query of the ship reads it."""
        return self._seeing and self.holds(seat, "sees_over_islands")

    def holds(self, seat: int, flag: str) -> bool:
        """Whether a status or an ability of ship ``seat`` that acts now has
        the flag ``flag`` (a ``StatusDef`` field: ``ignores_running``, D2.13;
        ``sees_over_islands``, D2.20)."""
        ship = self.state.ships[seat]
        abilities = self.rules.ships[ship.type].abilities
        if not ship.statuses and not abilities:  # the printed ships: no list built
            return False
        specs = self.rules.statuses
        names = [name for name, _ in ship.statuses] + list(abilities)
        return any(getattr(specs[n], flag) and self.lasts(seat, n) for n in names if n in specs)

    def steps(self, mover: int, card: CardDef) -> int:
        """How many boxes a card whose path is chosen with it moves the ship
        now: its amount, changed by the ship's statuses and abilities (D4.6)."""
        amount = card.path_effect.amount
        if self.mods is None:
            return amount
        return self.mods.steps(self.state.ships[mover], mover, amount, card.id)
