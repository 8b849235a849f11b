"""Where a token effect acts and when a terrain token is refused: the token
queries of the rules (``TokenQueries``, part of ``RuleQueries``,
engine/queries.py).

The boxes a ``place_token`` or ``remove_token`` acts on (an area, a box, the
box a ship left, D2.17, a ship's box); a terrain token refused on a box a
ship is on, or past the board's most running water (D2.14), and a token
passed over where it would do nothing; a card whose every effect lays a
terrain token is not played where each would be refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Collection, Sequence

from ..model.ruleset import CardDef
from ..model.state import StackItem, TokenState
from ..rules.board import CURRENT, MAX_RUNNING_WATER, Terrain
from ..rules.effects import PlaceToken, Selector
from ..rules.exprs import BoxLeft
from .refusals import Refusal

if TYPE_CHECKING:
    from ..model.state import GameState
    from ..rules.board import Board
    from .part import Sea

__all__ = ["TokenQueries"]


class TokenQueries:
    """The token queries; ``RuleQueries`` is made of them and gives them what
    they read: the state and board, the sea (its terrain tokens) and the
    card of a stack item (``card_of``)."""

    __slots__ = ()

    state: GameState
    board: Board
    sea: Sea
    card_of: Callable[[StackItem], CardDef]

    def token_boxes(self, selector: Any, item: Any) -> list[int]:
        """The boxes a token effect acts on (``place_token``, ``remove_token``):
        the area's or the target box's, the box a ship left (D2.17), or the
        box of the ship it names (``self``, ``target``; none for a ship off
        the board, R9.2)."""
        if selector is Selector.BOXES or selector is Selector.TARGET_BOX:
            card = self.card_of(item)
            return list(self.board.area(item.area, card.target.width, card.target.height) or ())
        if isinstance(selector, BoxLeft):
            return selector.boxes(self, item)
        seat = item.seat if selector is Selector.SELF else item.target
        box = None if seat is None else self.state.ships[seat].position
        return [] if box is None else [box]

    def token_refusal(self, kind: str, box: int) -> Refusal | None:
        """D2.14: why a token of ``kind`` would be refused on ``box`` now: one
        that makes an island, on a box a ship is on; one that makes running
        water, past ``MAX_RUNNING_WATER`` boxes of it on the board (the
        listing's bound). None for any other token, or where it fits."""
        terrain = self.sea.terrain.get(kind) if self.sea.terrain else None
        if terrain is Terrain.ISLAND:
            on_box = next((s for s, ship in enumerate(self.state.ships)
                           if ship.position == box), None)
            if on_box is not None:
                return Refusal("D2.14", "token_under_ship", {"token": kind, "box": box,
                                                             "ship": on_box})
        elif terrain is Terrain.RUNNING:
            placed = [*self.state.tokens, TokenState(kind, box, -1, 1)]
            if self.sea.cells(placed).count(CURRENT) > MAX_RUNNING_WATER:
                return Refusal("D2.14", "token_past_running", {
                    "token": kind, "box": box, "most": MAX_RUNNING_WATER})
        return None

    def token_skipped(self, kind: str, box: int, taken: Collection[tuple[str, int]]) -> bool:
        """Whether a token of ``kind`` laid on ``box`` would do nothing: an
        island, or a box that holds one of its kind (``taken``: the (kind,
        box) of the tokens on the board). ``StateOps.place_token`` passes
        such a box over; ``token_refusal`` says when one is refused."""
        return self.board.is_island(box) or (kind, box) in taken

    def terrain_only(self, card: CardDef) -> list[PlaceToken]:
        """The effects of a card whose every effect lays a terrain token
        (D2.14), which may all be refused; none for any other card."""
        terrain = self.sea.terrain
        if not terrain:
            return []
        places = [e for e in card.effects if isinstance(e, PlaceToken) and e.token in terrain]
        return places if len(places) == len(card.effects) else []

    def placement_refusal(self, seat: int, card: CardDef, target: int | None = None,
                          area: int | None = None,
                          targets: Sequence[int] = ()) -> Refusal | None:
        """D2.14: a card whose every effect lays a terrain token is not played
        where each token it would lay now is refused: the first refusal, for
        the card of ``seat`` played on ``target`` (its ship), ``area`` (its
        area or box) or ``targets`` (a counted target's ships); such a card
        takes no path. None for any other card, or where one token would be
        laid. A box where a token would do nothing (``token_skipped``) is
        passed over, as ``StateOps.place_token`` passes it."""
        places = self.terrain_only(card)
        if not places:
            return None
        st = self.state
        item = StackItem(card.id, card.kind, seat, target, area, None,
                         len(st.stack) - 1 if st.stack else None, targets=list(targets),
                         mode=card.mode, chosen=card.chosen)
        taken = {(t.kind, t.box) for t in st.tokens}
        first = None
        for effect in places:
            kind = effect.token
            for box in self.token_boxes(effect.selector, item):
                if self.token_skipped(kind, box, taken):
                    continue
                refusal = self.token_refusal(kind, box)
                if refusal is None:
                    return None  # this one would be laid
                first = first or refusal
        return first
