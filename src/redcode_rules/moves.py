"""Legal moves: generating them, applying them, and explaining illegal ones.

A move is one decision written in the notation of INTERFACE.md. The
generator lists every legal move of the player to move as a mapping from
its string to a ``Move``; ``play`` accepts exactly those strings, so the
list and the check can never disagree. ``explain`` says, for any other
string, which rule forbids it.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from .engine import Engine
from .model import CardDef, TargetKind
from .state import StackItem


class Move(NamedTuple):
    """A parsed decision. ``text`` is its notation; ``card`` a maneuver or order id.

    A named tuple rather than an attrs class: the generator makes hundreds
    per decision (every path of a move is its own move), so creation cost
    matters more than anything else here.
    """

    kind: str                 # recover | use | respond | order | pass | discard | place | end | choose
    text: str
    card: str | None = None
    target: int | None = None
    area: int | None = None
    path: tuple[int, ...] = ()
    box: int | None = None
    source: str | None = None  # what a recover takes crew from

    def __str__(self) -> str:
        return self.text


class MoveGen:
    """Legal moves of the pending decision of one engine state."""

    __slots__ = ("eng", "rules", "board", "state", "groups", "singles")

    def __init__(self, eng: Engine):
        self.eng = eng
        self.rules = eng.rules
        self.board = eng.board
        self.state = eng.state
        # filled by ``legal``: moves with paths come in groups that share a
        # head and are already sorted; ``sorted_moves`` merges them cheaply
        self.groups: list[tuple[str, list[str], Move]] = []
        self.singles: list[str] = []

    # ------------------------------------------------------------------ listing
    def legal(self) -> dict[str, Move]:
        """Notation → move, for every legal move of the pending decision.

        Moves that differ only by their path share one ``Move`` whose ``text``
        is the part before the path; ``complete`` adds the path when one is
        played (a decision can have hundreds of paths, most never played).
        """
        pending = self.eng.pending()
        if pending is None:
            return {}
        kind, seat = pending
        moves: dict[str, Move] = {}
        if kind == "discard":
            for card in sorted(set(self.state.hands[seat])):
                m = Move("discard", f"discard {card}", card=card)
                moves[m.text] = m
        elif kind in ("recover", "choose"):
            ship = seat if kind == "recover" else self.state.stack[-1].recovering
            for source in self.eng.recover_options(ship):
                m = Move(kind, f"recover {source}", source=source)
                moves[m.text] = m
        elif kind == "place":
            for box in self.eng.free_start_boxes(seat):
                m = Move("place", f"place {self.board.name(box)}", box=box)
                moves[m.text] = m
        elif kind == "respond":
            self.maneuver_moves(seat, True, moves, self.groups)
            moves["pass"] = Move("pass", "pass")
        else:  # main
            self.maneuver_moves(seat, False, moves, self.groups)
            self.order_moves(seat, moves, self.groups)
            moves["end"] = Move("end", "end")
        self.singles = list(moves)
        for _, texts, move in self.groups:
            moves.update(dict.fromkeys(texts, move))
        return moves

    def sorted_moves(self) -> list[str]:
        """The notations of ``legal`` in sorted order, without sorting every path.

        A group's texts are its head plus a space plus a path, sorted when
        cached; no other move starts with that head and a space, so the
        group sorts as one block at the place of its head.
        """
        if not self.groups:
            return sorted(self.singles)
        blocks = {head: texts for head, texts, _ in self.groups}
        out: list[str] = []
        for head in sorted(self.singles + list(blocks)):
            texts = blocks.get(head)
            if texts is None:
                out.append(head)
            else:
                out.extend(texts)
        return out

    def complete(self, text: str, move: Move) -> Move:
        """The move with its path, for a notation listed by ``legal``."""
        if len(text) == len(move.text):
            return move
        names = text[len(move.text) + 1:].split()
        return move._replace(text=text, path=tuple(self.board.index(n) for n in names))

    def can_respond(self, seat: int) -> bool:
        """D5.4: a player with no legal response is never asked."""
        found: dict[str, Move] = {}
        self.maneuver_moves(seat, True, found)
        return bool(found)

    def _usable(self, seat: int, responding: bool) -> Iterator[tuple[int, CardDef]]:
        """Maneuvers the ship may declare now (R4.1, R4.4, R9.1)."""
        ship = self.state.ships[seat]
        if ship.position is None or ship.intercepted:
            return
        names = self.rules.ships[ship.type].maneuvers
        for i, name in enumerate(names):
            if ship.crew_on[i]:
                continue
            card = self.rules.maneuvers[name]
            if card.cost > ship.reserve or (responding and not card.response):
                continue
            if not responding and card.target.kind is TargetKind.SOURCE:
                continue  # nothing to answer on an empty stack
            yield i, card

    def visible_targets(self, seat: int, reach: int, occ: list[int]) -> list[int]:
        """Own ship plus ships in the visual field within ``reach`` (R4.2, R4.3)."""
        ship = self.state.ships[seat]
        out = [seat]
        out.extend(self.board.visible(ship.position, reach, occ, ship.side, self.eng.sides))
        return out

    def maneuver_moves(self, seat: int, responding: bool, out: dict[str, Move],
                       groups: list | None = None) -> None:
        """Maneuvers into ``out``; moves with paths into ``groups`` when given."""
        occ = None
        prefix = "respond " if responding else ""
        kind = "respond" if responding else "use"
        for _, card in self._usable(seat, responding):
            if occ is None:
                occ = self.eng.occupant()
            tk = card.target.kind
            if tk is TargetKind.SELF:
                targets: list[int | None] = [None]
            else:
                visible = self.visible_targets(seat, card.range, occ)
                if tk is TargetKind.SOURCE:
                    source = self.state.stack[-1].seat
                    targets = [source] if source in visible else []
                else:
                    targets = visible
            for target in targets:
                self._with_path(kind, prefix + card.id, card, seat, target, out, groups)

    def order_moves(self, seat: int, out: dict[str, Move], groups: list | None = None) -> None:
        st = self.state
        if st.orders_played >= self.rules.options.orders_per_turn:
            return
        on_board = [s for s, sh in enumerate(st.ships) if sh.position is not None]
        for card_id in sorted(set(st.hands[seat])):
            card = self.rules.orders.get(card_id)
            if card is None:
                continue
            head = f"order {card_id}"
            tk = card.target.kind
            if tk is TargetKind.AREA:
                for box in range(self.board.size):
                    if self.board.area(box, card.target.width, card.target.height):
                        m = Move("order", f"{head} {self.board.name(box)}", card_id, area=box)
                        out[m.text] = m
                continue
            targets = [None] if tk is TargetKind.SELF else on_board
            for target in targets:
                self._with_path("order", head, card, seat, target, out, groups)

    def _with_path(self, kind: str, head: str, card: CardDef, seat: int, target: int | None,
                   out: dict[str, Move], groups: list | None) -> None:
        ships = self.state.ships
        text = head if target is None else f"{head} {ships[target].id}"
        move = Move(kind, text, card.id, target)
        mover_sel = card.mover
        if mover_sel is None:
            out[text] = move
            return
        mover = seat if target is None or mover_sel.value == "self" else target
        occupied = 0
        for ship in ships:
            if ship.position is not None:
                occupied |= 1 << ship.position
        texts = self.board.path_texts(text, ships[mover].position, card.move_effect.amount,
                                      occupied)
        if groups is None:
            out.update(dict.fromkeys(texts, move))
        else:
            groups.append((text, texts, move))

    # ------------------------------------------------------------------ applying
    def apply(self, move: Move) -> None:
        """Carry out a legal move, then run the game on to the next decision."""
        eng, st = self.eng, self.state
        kind, seat = eng.pending()
        ship = st.ships[seat]
        if move.kind == "discard":
            st.hands[seat].remove(move.card)
            st.discard.append(move.card)
            eng.event("discard", player=ship.id, card=move.card)
        elif move.kind == "recover":
            eng.recover_one(seat, move.source)
            st.recover_left -= 1
        elif move.kind == "choose":
            item = st.stack[-1]
            eng.recover_one(item.recovering, move.source)
            item.pending -= 1
            if item.pending == 0:
                item.pc += 1  # the effect is done; advance resumes with the next one
        elif move.kind == "place":
            eng.respawn(seat, move.box)
        elif move.kind == "end":
            eng.finish_turn()
        elif move.kind == "pass":
            st.asking.pop(0)
            eng.event("pass", player=ship.id)
        elif move.kind in ("use", "respond"):
            card = self.rules.maneuvers[move.card]
            index = self.rules.ships[ship.type].maneuvers.index(move.card)
            ship.reserve -= card.cost
            ship.crew_on[index] += card.cost
            answers = len(st.stack) - 1 if move.kind == "respond" else None
            item = StackItem(move.card, "maneuver", seat, move.target, move.area, move.path,
                             answers)
            eng.event(move.kind, player=ship.id, card=move.card, **self._describe(move))
            eng.push(item, card)
        elif move.kind == "order":
            card = self.rules.orders[move.card]
            st.hands[seat].remove(move.card)
            st.discard.append(move.card)
            st.orders_played += 1
            item = StackItem(move.card, "order", seat, move.target, move.area, move.path)
            eng.event("order", player=ship.id, card=move.card, **self._describe(move))
            eng.push(item, card)
        else:  # pragma: no cover - the generator makes no other kind
            raise AssertionError(move.kind)
        eng.advance(self.can_respond)

    def _describe(self, move: Move) -> dict[str, object]:
        data: dict[str, object] = {}
        if move.target is not None:
            data["target"] = self.state.ships[move.target].id
        if move.area is not None:
            data["area"] = self.board.name(move.area)
        if move.path:
            data["path"] = [self.board.name(b) for b in move.path]
        return data
