"""Legal moves: generating them, applying them, and explaining illegal ones.

A move is one decision written in the notation of docs/notation.md. The
generator lists every legal move of the player to move as a mapping from
its string to a ``Move``; ``play`` accepts exactly those strings, so the
list and the check can never disagree. ``explain`` says, for any other
string, which rule forbids it.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import NamedTuple

from .effects import Selector
from .engine import Engine
from .model import CardDef, TargetKind, among
from .state import StackItem


class Move(NamedTuple):
    """A parsed decision. ``text`` is its notation; ``card`` a maneuver or order id.

    A named tuple rather than an attrs class: immutable, so a game caches
    one per seat, card and target (``MoveCache``), and cheap to copy with
    its path when a path move is played (``MoveGen.complete``).
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


PASS = Move("pass", "pass")
END = Move("end", "end")


class Listing:
    """The legal moves of one decision: who decides, and what they may play.

    Moves without a path are kept by notation in ``singles``. A move with a
    path (movement, evasion) is one ``Move`` for many notations: ``groups``
    holds, per head (``"movement"``, ``"order evasion red-destroyer"``), the
    sorted tuple of the notations of its outcomes, each with its canonical
    path (``Board.outcomes``), shared with the board's path cache, so listing
    a decision copies no paths; a notation is found in it by bisection. With
    them, where the paths start (board, start box, steps, ships), so that a
    move written with another legal path is recognised (``canonical``).
    """

    __slots__ = ("kind", "seat", "singles", "groups", "_sorted")

    def __init__(self, kind: str, seat: int, singles: dict[str, Move],
                 groups: list[tuple[str, tuple[str, ...], Move]]):
        self.kind = kind
        self.seat = seat
        self.singles = singles
        self.groups = groups
        self._sorted: list[str] | None = None

    def find(self, text: str) -> Move | None:
        """The listed move of a notation (without its path), or None."""
        move = self.singles.get(text)
        if move is None:
            for _, texts, grouped, _ in self.groups:
                at = bisect_left(texts, text)
                if at < len(texts) and texts[at] == text:
                    return grouped
        return move

    def __contains__(self, text: str) -> bool:
        return self.find(text) is not None

    def canonical(self, text: str) -> str:
        """The listed notation of a move written with any legal path to a listed
        outcome (same end box, same boxes of effect entered), so that ``play``
        accepts every such path and records the canonical one; any other text
        unchanged."""
        for head, _, _, origin in self.groups:
            if text.startswith(head) and text[len(head):len(head) + 1] == " ":
                board, start, steps, occupied = origin
                path = board.canonical_path(start, steps, occupied, text[len(head) + 1:])
                if path is not None:
                    return head + " " + path
        return text

    def sorted(self) -> list[str]:
        """Every notation in sorted order, without sorting every path.

        A group's texts are its head plus a space plus a path, already
        sorted; no other move starts with that head and a space, so the group
        sorts as one block at the place of its head.
        """
        if self._sorted is None:
            if not self.groups:
                self._sorted = sorted(self.singles)
            else:
                blocks = {head: texts for head, texts, _, _ in self.groups}
                out: list[str] = []
                for head in sorted([*self.singles, *blocks]):
                    texts = blocks.get(head)
                    if texts is None:
                        out.append(head)
                    else:
                        out.extend(texts)
                self._sorted = out
        return self._sorted


NO_MOVES = Listing("over", -1, {}, [])


class MoveCache:
    """Moves and per-seat card lists that never change during a game.

    Moves keyed by seat, card and target, so a decision's moves are looked
    up, not rebuilt; whole listings of small choices (``MoveGen._choice``).
    One per game (ship ids and seats are the game's), shared by its clones;
    everything in it is immutable once stored.
    """

    __slots__ = ("moves", "maneuvers", "areas", "listings")

    def __init__(self) -> None:
        self.moves: dict[tuple, Move] = {}
        self.listings: dict[tuple, Listing] = {}
        self.maneuvers: dict[tuple[int, bool], list[tuple[int, CardDef]]] = {}
        self.areas: dict[str, list[Move]] = {}


class MoveGen:
    """Legal moves of the pending decision of one engine state.

    In the compiled core an extension type, as are ``Listing`` and
    ``MoveCache`` (moves.pxd): keep ``__slots__`` and that file alike.
    """

    __slots__ = ("eng", "rules", "board", "state", "cache")

    def __init__(self, eng: Engine, cache: MoveCache | None = None):
        self.eng = eng
        self.rules = eng.rules
        self.board = eng.board
        self.state = eng.state
        self.cache = cache if cache is not None else MoveCache()

    # ------------------------------------------------------------------ listing
    def legal(self) -> Listing:
        """Every legal move of the pending decision (see ``Listing``)."""
        pending = self.eng.pending()
        if pending is None:
            return NO_MOVES
        kind, seat = pending
        if kind in ("recover", "choose", "discard", "place"):
            return self._choice(kind, seat)
        moves: dict[str, Move] = {}
        groups: list = []
        if kind == "respond":
            self.maneuver_moves(seat, True, moves, groups)
            moves["pass"] = PASS
        else:  # main
            self.maneuver_moves(seat, False, moves, groups)
            self.order_moves(seat, moves, groups)
            moves["end"] = END
        return Listing(kind, seat, moves, groups)

    def _choice(self, kind: str, seat: int) -> Listing:
        """A decision among a few options (a crew source, a card, a box).

        Its listing depends on the options alone, so it is cached whole,
        sorted, per kind, seat and options: start-of-turn recovery is over
        40% of all decisions.
        """
        st = self.state
        if kind == "discard":
            options: tuple = tuple(sorted(set(st.hands[seat])))
        elif kind == "place":
            options = tuple(self.eng.free_start_boxes(seat))
        else:
            ship = seat if kind == "recover" else st.stack[-1].recovering
            options = tuple(self.eng.recover_options(ship))
        key = (kind, seat, options)
        listing = self.cache.listings.get(key)
        if listing is None:
            if kind == "discard":
                moves = [Move("discard", f"discard {card}", card=card) for card in options]
            elif kind == "place":
                moves = [Move("place", f"place {self.board.name(box)}", box=box)
                         for box in options]
            else:
                moves = [Move(kind, f"recover {source}", source=source) for source in options]
            listing = Listing(kind, seat, {m.text: m for m in moves}, [])
            listing.sorted()  # computed once, before it is shared
            self.cache.listings[key] = listing
        return listing

    def complete(self, text: str, move: Move) -> Move:
        """The move with its path, for a notation listed by ``legal``."""
        if len(text) == len(move.text):
            return move
        lookup = self.board.lookup
        return move._replace(text=text, path=tuple(
            [lookup[name] for name in text[len(move.text) + 1:].split(" ")]))

    def can_respond(self, seat: int) -> bool:
        """D5.4: a player with no legal response is never asked."""
        found: dict[str, Move] = {}
        groups: list = []
        self.maneuver_moves(seat, True, found, groups, first=True)
        return bool(found or groups)  # a group is only added with paths

    def usable(self, seat: int, responding: bool) -> list[tuple[int, CardDef]]:
        """Maneuvers the ship may declare now (R4.1, R4.4, R9.1), with their slot."""
        ship = self.state.ships[seat]
        if ship.position is None:
            return []
        if ship.statuses:  # R9.1: a status may forbid maneuvers, or responses
            forbid = self.rules.status_rules
            if among(ship.statuses, forbid.responses if responding else forbid.maneuvers):
                return []
        cards = self.cache.maneuvers.get((seat, responding))
        if cards is None:
            cards = self.cache.maneuvers[(seat, responding)] = [
                (i, card) for i, card in enumerate(
                    self.rules.maneuvers[name] for name in self.rules.ships[ship.type].maneuvers)
                # a card answering the answered item needs a stack (D4.7)
                if (card.response if responding else card.target.kind is not TargetKind.SOURCE)]
        crew_on, reserve = ship.crew_on, ship.reserve
        return [(i, card) for i, card in cards if not crew_on[i] and card.cost <= reserve]

    def sight(self, seat: int) -> list[tuple[int, int]]:
        """(distance, seat) of the ships in the ship's visual field (R4.3)."""
        ship = self.state.ships[seat]
        return self.board.in_sight(ship.position, [s.position for s in self.state.ships],
                                   ship.side, self.eng.sides)

    def visible_targets(self, seat: int, reach: int,
                        sight: list[tuple[int, int]] | None = None) -> list[int]:
        """Own ship plus ships in the visual field within ``reach`` (R4.2, R4.3);
        ``sight`` when the caller already looked (one look serves every card)."""
        if sight is None:
            sight = self.sight(seat)
        return [seat, *[s for dist, s in sight if dist <= reach]]

    def maneuver_moves(self, seat: int, responding: bool, out: dict[str, Move],
                       groups: list, first: bool = False) -> None:
        """Maneuvers into ``out``, moves with paths into ``groups``; with ``first``,
        stop at the first move found (all ``can_respond`` needs)."""
        usable = self.usable(seat, responding)
        if not usable:
            return
        positions = [s.position for s in self.state.ships]
        sight = None
        kind = "respond" if responding else "use"
        for _, card in usable:
            tk = card.target.kind
            if tk is TargetKind.SELF:
                targets: list[int | None] = [None]
            else:
                if sight is None:
                    sight = self.sight(seat)
                targets = self.visible_targets(seat, card.range, sight)
                if tk is TargetKind.SOURCE:
                    source = self.state.stack[-1].seat
                    targets = [source] if source in targets else []
            for target in targets:
                self._with_path(kind, card, seat, target, out, groups, positions)
                if first and (out or groups):
                    return

    def order_moves(self, seat: int, out: dict[str, Move], groups: list) -> None:
        st = self.state
        if st.orders_played >= self.rules.options.orders_per_turn:
            return
        statuses = st.ships[seat].statuses
        if statuses and among(statuses, self.rules.status_rules.orders):
            return
        positions = [s.position for s in st.ships]
        on_board = [s for s, box in enumerate(positions) if box is not None]
        for card_id in set(st.hands[seat]):
            card = self.rules.orders.get(card_id)
            if card is None:
                continue
            tk = card.target.kind
            if tk is TargetKind.AREA:
                for m in self._area_moves(card):
                    out[m.text] = m
                continue
            targets = [None] if tk is TargetKind.SELF else on_board
            for target in targets:
                self._with_path("order", card, seat, target, out, groups, positions)

    def _area_moves(self, card: CardDef) -> list[Move]:
        """D7.5: one move per top-left box of a block that fits on the board."""
        moves = self.cache.areas.get(card.id)
        if moves is None:
            w, h = card.target.width, card.target.height
            moves = self.cache.areas[card.id] = [
                Move("order", f"order {card.id} {self.board.name(box)}", card.id, area=box)
                for box in range(self.board.size) if self.board.area(box, w, h)]
        return moves

    def _with_path(self, kind: str, card: CardDef, seat: int, target: int | None,
                   out: dict[str, Move], groups: list, positions: list[int | None]) -> None:
        key = (kind, card.id, target)
        move = self.cache.moves.get(key)
        if move is None:
            head = f"order {card.id}" if kind == "order" else \
                f"respond {card.id}" if kind == "respond" else card.id
            text = head if target is None else f"{head} {self.state.ships[target].id}"
            move = self.cache.moves[key] = Move(kind, text, card.id, target)
        step = card.move_effect
        if step is None:
            out[move.text] = move
            return
        mover = seat if target is None or step.selector is Selector.SELF else target
        statuses = self.state.ships[mover].statuses
        if statuses and among(statuses, self.rules.status_rules.movement):
            return  # a status forbids moving it
        occupied = 0
        for box in positions:
            if box is not None:
                occupied |= 1 << box
        start = positions[mover]
        texts = self.board.path_texts(move.text, start, step.amount, occupied)
        if texts:
            groups.append((move.text, texts, move, (self.board, start, step.amount, occupied)))

    # ------------------------------------------------------------------ applying
    def apply(self, move: Move, seat: int) -> None:
        """Carry out a legal move of ``seat``, then run the game on to the next decision."""
        eng, st = self.eng, self.state
        ship = st.ships[seat]
        kind = move.kind
        if kind == "use" or kind == "respond":  # the commonest first
            card = self.rules.maneuvers[move.card]
            index = eng._types[seat].maneuvers.index(move.card)
            ship.reserve -= card.cost
            ship.crew_on[index] += card.cost
            answers = len(st.stack) - 1 if kind == "respond" else None
            item = StackItem(move.card, "maneuver", seat, move.target, move.area, move.path,
                             answers)
            eng.event(kind, player=ship.id, card=move.card, **self._describe(move))
            eng.push(item, card)
        elif kind == "recover":
            eng.recover_one(seat, move.source)
            st.recover_left -= 1
        elif kind == "end":
            eng.finish_turn()
        elif kind == "pass":
            st.asking.pop(0)
            eng.event("pass", player=ship.id)
        elif kind == "order":
            card = self.rules.orders[move.card]
            st.hands[seat].remove(move.card)
            st.discard.append(move.card)
            st.orders_played += 1
            item = StackItem(move.card, "order", seat, move.target, move.area, move.path)
            eng.event("order", player=ship.id, card=move.card, **self._describe(move))
            eng.push(item, card)
        elif kind == "discard":
            st.hands[seat].remove(move.card)
            st.discard.append(move.card)
            eng.event("discard", player=ship.id, card=move.card)
        elif kind == "choose":
            item = st.stack[-1]
            eng.recover_one(item.recovering, move.source)
            item.pending -= 1
            if item.pending == 0:
                item.pc += 1  # the effect is done; advance resumes with the next one
        elif kind == "place":
            if ship.sunk:
                eng.respawn(seat, move.box)  # war (D8.4)
            else:
                eng.place(seat, move.box)  # before the first turn (R2.8)
        else:  # pragma: no cover - the generator makes no other kind
            raise AssertionError(kind)
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
