"""A stack item against the declaration that made it (R5.1, D4.6, D4.10):
the target its card names, and for a move a legal path of the moving ship
from where it is, or one the chain has closed since. The validator
(engine/validate.py) asks it of every item a save or scenario holds; it
says where and why an item differs, in the rules' words.
"""

from __future__ import annotations

from typing import Any

from ..base.errors import quote
from ..model.modifiers import most_movement
from ..model.ruleset import Ruleset, TargetKind
from ..model.state import GameState, StackItem
from ..rules.board import Board
from ..rules.effects import Selector

__all__ = ["declaration_fault"]


def declaration_fault(item: StackItem, card: Any, state: GameState, board: Board,
                       rules: Ruleset) -> tuple[str, str] | None:
    """(field, reason) where a stack item differs from what a declaration
    makes: the target its card names (R4.2, D7.5), and for a move (D4.6,
    R2.5) a legal path of the moving ship from where it is."""
    ships = state.ships
    kind = card.target.kind
    if item.kind == "maneuver" and item.card not in rules.ships[ships[item.seat].type].maneuvers:
        return "card", (f"{quote(item.card)} is not on the control card of "
                        f"{ships[item.seat].id} (R1.5)")
    if (item.target is None) != (kind in (TargetKind.SELF, TargetKind.AREA, TargetKind.BOX)):
        return "target", (f"{card.id} targets {'no ship' if item.target is None else 'a ship'},"
                          f" not {quote(item.target)}")
    if kind is TargetKind.SOURCE and item.answers is None:
        return "answers", f"{card.id} answers an item on the stack (D4.7)"
    boxed = kind in (TargetKind.AREA, TargetKind.BOX)  # a box target: an area of 1×1
    if (item.area is None) != (not boxed) or (
            item.area is not None and (not 0 <= item.area < board.size or board.area(
                item.area, card.target.width, card.target.height) is None
                or card.target.map_card and not board.map_corner(item.area))):
        need = "a map card, named by its top-left box (D2.19)" if card.target.map_card else \
            "an area on the board (D7.5)" if kind is TargetKind.AREA else \
            "a box of the board (D4.11)" if kind is TargetKind.BOX else "no area"
        return "area", f"{card.id} needs {need}"
    step = card.path_effect
    if step is None or not item.path:
        if step is not None or item.path:
            return "path", f"{card.id} {'moves along a path' if step else 'moves no ship'}"
        return None
    if item.next_effect > next(i for i, e in enumerate(card.effects) if e is step):
        return None  # moved already: the path was legal from where the ship was then
    mover = item.seat if item.target is None or step.selector is Selector.SELF else item.target
    start = ships[mover].position
    if start is None:  # sunk mid-chain: the item moves nothing (R9.2)
        return None
    others = {s.position for seat, s in enumerate(ships) if seat != mover}
    path = tuple(item.path)
    most = most_movement(rules, ships[mover].type, step.amount, card.id,
                         len(ships))  # as modified
    if step.straight:
        board = board.straight_view()  # D2.16
    if _lost_path(board, start, path, others, most):
        return None
    reason = _path_fault(board, start, path, others, most)
    if reason:
        return "path", f"not a legal move of {ships[mover].id} from {board.name(start)}: {reason}"
    return None


def _lost_path(board: Board, start: int, path: tuple[int, ...], others: set, amount: int) -> bool:
    """D4.10: whether ``path`` is a move the chain has closed since it was
    declared (a box of it taken, the ship moved off its start, or a box freed
    beside the running water it stops on), which is lost as it resolves: a
    legal move from some box next to its first box, the ships on it aside,
    or from its start with the boxes around its end taken, but no longer
    open from where the ship is."""
    if not path or len(path) > board.size or \
            not all(type(b) is int and 0 <= b < board.size for b in path):
        return False
    first = path[0]
    if first in board.neighbours[start] and not others.intersection(path):
        walled = others.union(board.neighbours[path[-1]]).difference(path, {start})
        return _path_fault(board, start, path, others, amount) is not None and \
            _path_fault(board, start, path, walled, amount) is None
    rest = others.difference(path)
    return any(_path_fault(board, s, path, rest, amount) is None
               for s in board.neighbours[first] if s not in path)


def _path_fault(board: Board, start: int, path: tuple[int, ...], others: set,
                amount: int) -> str | None:
    """Why ``path`` is not a legal move of up to ``amount`` boxes from
    ``start`` (D4.6, R2.5, D2.5a), or None: each box a free navigable
    neighbour of the one before, entered once; entering running water forces
    one more step, if there is a box to take it to."""
    seen = {start}
    voluntary = 0
    here = start
    ways = set()
    for box in path:
        if not 0 <= box < board.size or box not in board.neighbours[here]:
            return f"{_name(board, box)} is not a navigable neighbour of {board.name(here)}"
        if box in others or box in seen:
            return f"{board.name(box)} is taken or already entered (R2.4, D2.5a)"
        if not board.is_current(here) or here == start:
            voluntary += 1
            ways.add((box % board.width - here % board.width,
                      box // board.width - here // board.width))
        if board.straight and len(ways) > 1:
            return f"{board.name(box)} turns off the straight line (D2.16)"
        seen.add(box)
        here = box
    if voluntary > amount:
        return f"{voluntary} steps; the card moves up to {amount} (D4.6)"
    if board.is_current(here) and any(n not in seen and n not in others
                                      for n in board.neighbours[here]):
        return f"it stops on the running water of {board.name(here)} (R2.5)"
    return None


def _name(board: Board, box: object) -> str:
    return board.name(box) if isinstance(box, int) and 0 <= box < board.size else quote(box)
