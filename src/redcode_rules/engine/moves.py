"""Legal moves: every legal move of the pending decision, listed.

A move is one decision written in the notation of docs/notation.md
(engine/notation.py writes each ``Move``). The generator lists every legal
move of the player to move as a mapping from its string to a ``Move``, from
the rule queries (engine/queries.py: ``usable``, ``playable_orders``,
``sight``, ``card_targets``, ``card_choices``, ``path_start``; the response
test, ``can_respond``, reads the same choices); ``play`` accepts exactly
those strings, so the list and the check can never disagree, and the
engine carries the move out (``Engine.perform``). engine/explain.py says,
for any other string, which rule forbids it, from the same queries.
"""

from __future__ import annotations

from bisect import bisect_left
from ..base.kinds import Choice, Decision, MoveKind
from ..model.ruleset import CardDef, TargetKind
from ..rules.effects import MoveShip, primitive_of
from .machine import Engine
from .notation import END, PASS, Move, Notation

USE, RESPOND, ORDER = MoveKind.USE, MoveKind.RESPOND, MoveKind.ORDER
RECOVER_NOW, CHOOSE_NOW, DISCARD_NOW, PLACE_NOW, RESPOND_NOW = (
    Decision.RECOVER, Decision.CHOOSE, Decision.DISCARD, Decision.PLACE, Decision.RESPOND)
SELF_TARGET = TargetKind.SELF
BOX_TARGET = TargetKind.BOX
#: decisions among a few options, listed whole (``MoveGen._choice``)
CHOICES = (RECOVER_NOW, CHOOSE_NOW, DISCARD_NOW, PLACE_NOW)


def choice_word(eng: Engine) -> str:
    """The first word of an owed choice's moves (docs/notation.md): ``recover``
    for a crew source (D6.4), ``choose`` for anything else (a card of a hand,
    a sunk ship and its box)."""
    effect, _ = eng.resolver.owed_choice()
    return "recover" if primitive_of(effect).choice is Choice.CREW_SOURCE else "choose"


class Listing:
    """The legal moves of one decision: who decides, and what they may play.

    Moves without a path are kept by notation in ``singles``. A move with a
    path (movement, evasion) is one ``Move`` for many notations: ``groups``
    holds, per head (``"movement"``, ``"order evasion red-destroyer"``), the
    sorted tuple of the notations of its outcomes, each with its canonical
    path (``Board.outcomes``), shared with the board's path cache, so listing
    a decision copies no paths; a notation is found in it by bisection, and
    its move completed with its path by the ``notation``. With them, where
    the paths start (board, start box, steps, ships), so that a move written
    with another legal path is recognised (``canonical``).
    ``memo``: what a reader derived from the sorted moves (the action
    space's word nodes), kept as long as the listing, which a game shares
    between the decisions of a small choice (``MoveGen._choice``).
    """

    __slots__ = ("kind", "seat", "singles", "groups", "notation", "_sorted", "memo", "walk")

    def __init__(self, kind: Decision | None, seat: int, singles: dict[str, Move],
                 groups: list[tuple[str, tuple[str, ...], Move, tuple]],
                 notation: Notation | None = None):
        self.kind = kind
        self.seat = seat
        self.singles = singles
        self.groups = groups
        self.notation = notation
        self._sorted: list[str] | None = None
        self.memo: dict = {}
        # a path chosen as an effect resolves (D4.20): where it walks, so that
        # ``choose`` with any legal path to a listed outcome is recognised
        self.walk: tuple | None = None

    def find(self, text: str) -> Move | None:
        """The listed move of a notation, with its path, or None."""
        move = self.singles.get(text)
        if move is None:
            for _, texts, grouped, _ in self.groups:
                at = bisect_left(texts, text)
                if at < len(texts) and texts[at] == text:
                    return self.notation.with_path(grouped, text)  # type: ignore[union-attr]
        return move

    def __contains__(self, text: str) -> bool:
        if text in self.singles:
            return True
        for _, texts, _, _ in self.groups:
            at = bisect_left(texts, text)
            if at < len(texts) and texts[at] == text:
                return True
        return False

    def canonical(self, text: str) -> str:
        """The listed notation of a move written with any legal path to a listed
        outcome (same end box, same boxes of effect entered), so that ``play``
        accepts every such path and records the canonical one; any other text
        unchanged."""
        origins = [(head, origin) for head, _, _, origin in self.groups]
        if self.walk is not None:
            origins.append(("choose", self.walk))
        for head, origin in origins:
            if text.startswith(head) and text[len(head):len(head) + 1] == " ":
                board, start, steps, occupied = origin
                path = self.notation.path(text[len(head) + 1:])  # type: ignore[union-attr]
                if path is not None:
                    canonical = board.canonical_path(start, steps, occupied, path)
                    if canonical is not None:
                        return head + " " + canonical
        return text

    def heads(self) -> list[str]:
        """The texts of its entries: every move without a path, and the head
        of each group of moves with paths (``movement``). The first word of
        every legal move is one of theirs, read from far fewer texts than the
        moves (ai/actions.py tags each text with its first word's id once)."""
        heads = list(self.singles)
        if self.groups:
            heads += [head for head, _, _, _ in self.groups]
        return heads

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


NO_MOVES = Listing(None, -1, {}, [])


class MoveCache:
    """Moves that never change during a game.

    Moves keyed by seat, card and target, so a decision's moves are looked
    up, not rebuilt; whole listings of small choices (``MoveGen._choice``);
    the game's ``Notation``, which writes them. One per game (ship ids and
    seats are the game's, and its board), shared by its clones; everything
    in it is immutable once stored.
    """

    __slots__ = ("moves", "areas", "listings", "notation")

    def __init__(self) -> None:
        self.moves: dict[tuple, Move] = {}
        self.listings: dict[tuple, Listing] = {}
        self.areas: dict[str, list[Move]] = {}
        self.notation: Notation | None = None


class MoveGen:
    """Legal moves of the pending decision of one engine state: what the
    engine's rule queries allow, written in the notation."""

    __slots__ = ("eng", "queries", "rules", "board", "state", "cache", "notation")

    def __init__(self, eng: Engine, cache: MoveCache | None = None):
        self.eng = eng
        self.queries = eng.queries
        self.rules = eng.rules
        self.board = eng.board
        self.state = eng.state
        self.cache = cache = cache if cache is not None else MoveCache()
        if cache.notation is None:
            cache.notation = Notation(eng.rules, eng.board, [s.id for s in eng.state.ships])
        self.notation: Notation = cache.notation

    # ------------------------------------------------------------------ listing
    def legal(self) -> Listing:
        """Every legal move of the pending decision (see ``Listing``)."""
        pending = self.eng.pending()
        if pending is None:
            return NO_MOVES
        kind, seat = pending
        if kind in CHOICES:
            return self._choice(kind, seat)
        moves: dict[str, Move] = {}
        groups: list = []
        if kind == RESPOND_NOW:
            self.maneuver_moves(seat, True, moves, groups)
            if self.rules.response_orders:
                self.order_moves(seat, moves, groups, True)
            moves["pass"] = PASS
        else:  # main
            self.maneuver_moves(seat, False, moves, groups)
            self.order_moves(seat, moves, groups)
            moves["end"] = END
        if self.eng.sea.terrain:  # tokens that make terrain may be refused (D2.14)
            self._drop_refused_placements(seat, moves)
        return Listing(kind, seat, moves, groups, self.notation)

    def _drop_refused_placements(self, seat: int, moves: dict[str, Move]) -> None:
        """D2.14: a card whose every effect lays a terrain token is not listed
        where each token it would lay now is refused (``placement_refusal``);
        such a card takes no path, so only moves without one are read."""
        rules, refusal = self.rules, self.queries.placement_refusal
        for text, move in list(moves.items()):
            if move.card is None:
                continue
            cards = rules.orders if move.kind is ORDER else rules.maneuvers
            card = cards[move.card].played(move.mode, move.chosen)
            if refusal(seat, card, move.target, move.area, move.targets) is not None:
                del moves[text]

    def _choice(self, kind: Decision, seat: int) -> Listing:
        """A decision among a few options (a crew source, a card, a box).

        Its listing depends on the options alone, so it is cached whole,
        sorted, per kind, seat and options: start-of-turn recovery is over
        40% of all decisions.
        """
        st = self.state
        if kind == DISCARD_NOW:
            options: tuple = tuple(sorted(set(st.hands[seat])))
        elif kind == PLACE_NOW:
            options = tuple(self.queries.free_start_boxes(seat))
        elif kind == RECOVER_NOW:
            options = tuple(self.queries.recover_options(seat))
        else:  # an answer an effect owes (D6.4): its word is its choice's
            options = tuple(self.eng.resolver.choice_options())
        word = choice_word(self.eng) if kind == CHOOSE_NOW else "recover"
        walk = self._walk() if kind == CHOOSE_NOW else None
        key = (kind, seat, options, word, walk)
        listing = self.cache.listings.get(key)
        if listing is None:
            write = self.notation
            if kind == DISCARD_NOW:
                moves = [write.discard(card) for card in options]
            elif kind == PLACE_NOW:
                moves = [write.place(box) for box in options]
            else:
                move_kind = MoveKind.RECOVER if kind == RECOVER_NOW else MoveKind.CHOOSE
                moves = write.answers(move_kind, word, [str(source) for source in options])
            listing = Listing(kind, seat, {m.text: m for m in moves}, [], self.notation)
            listing.walk = walk
            listing.sorted()  # computed once, before it is shared
            self.cache.listings[key] = listing
        return listing

    def _walk(self) -> tuple | None:
        """Where the path owed now walks, if the choice owed is a path (D4.20)."""
        effect, seat = self.eng.resolver.owed_choice()
        if type(effect) is not MoveShip:
            return None
        return self.eng.ops.move_walk(seat, effect.amount, effect.straight)

    def maneuver_moves(self, seat: int, responding: bool, out: dict[str, Move],
                       groups: list) -> None:
        """Maneuvers into ``out``, moves with paths into ``groups``."""
        ask = self.queries
        usable = ask.usable(seat, responding)
        if not usable:
            return
        sight: list[tuple[int, int]] = []
        looked = False
        kind = RESPOND if responding else USE
        for _, card in usable:
            if card.target.kind is SELF_TARGET:  # the commonest: no call for its target
                self._with_path(kind, card, seat, None, out, groups)
                continue
            if card.target.kind is BOX_TARGET:
                self._box_moves(kind, card, seat, out, groups)
                continue
            if not looked:
                sight, looked = ask.sight(seat), True  # one look serves every card
            targets, reachable = ask.card_targets(seat, card, responding, sight)
            if card.target.counted or card.second is not None:
                self._named(kind, card, seat, targets, reachable, out)
                continue
            for target in targets:
                self._with_path(kind, card, seat, target, out, groups)

    def order_moves(self, seat: int, out: dict[str, Move], groups: list,
                    responding: bool = False) -> None:
        """Order cards into ``out`` (R7.3); ``responding``: the ``response``
        cards that may answer the top item."""
        ask = self.queries
        on_board = None  # any ship on the board: looked up once for every card
        for card in ask.playable_orders(seat, responding):
            tk = card.target.kind
            if tk is TargetKind.AREA:
                for m in self._area_moves(seat, card):
                    out[m.text] = m
                continue
            if tk is BOX_TARGET:
                self._box_moves(ORDER, card, seat, out, groups)
                continue
            if tk is TargetKind.SHIP and on_board is None:
                on_board = ask.order_targets(card)
            targets, reachable = ask.card_targets(seat, card, responding, None, on_board)
            if card.target.counted or card.second is not None:
                self._named(ORDER, card, seat, targets, reachable, out)
                continue
            for target in targets:
                self._with_path(ORDER, card, seat, target, out, groups)

    def _named(self, kind: MoveKind, card: CardDef, seat: int, targets, reachable,
               out: dict[str, Move]) -> None:
        """A counted target (D4.13) or a second target (D4.14): one move per
        choice of its ships (``RuleQueries.card_choices``; such a card takes
        no path)."""
        write = self.notation.card_move
        for _, _, named in self.queries.card_choices(seat, card, targets, reachable):
            move = write(kind, card.id, targets=named, mode=card.mode, chosen=card.chosen)
            out[move.text] = move

    def _area_moves(self, seat: int, card: CardDef) -> list[Move]:
        """D7.5: one move per top-left box of a block that fits on the board
        (of a map card only, for a map card target, D2.19), kept per card:
        an area's choices read the board's size alone, never the seat nor
        the state (``RuleQueries.card_choices``)."""
        key = card.id if card.mode is None and card.chosen is None else \
            (card.id, card.mode, card.chosen)  # a mode's, an amount's (D4.15, D4.19)
        moves = self.cache.areas.get(key)
        if moves is None:
            moves = self.cache.areas[key] = [
                self.notation.card_move(ORDER, card.id, box=box, mode=card.mode,
                                        chosen=card.chosen)
                for _, box, _ in self.queries.card_choices(seat, card, (), ())]
        return moves

    def _box_moves(self, kind: MoveKind, card: CardDef, seat: int, out: dict[str, Move],
                   groups: list) -> None:
        """A card with a box target (D4.11): one move per box it may name now
        (``RuleQueries.card_choices``), written like an area (``drop_mine
        c3``), with its path if it moves."""
        for _, box, _ in self.queries.card_choices(seat, card, (), ()):
            self._with_path(kind, card, seat, None, out, groups, box)

    def _with_path(self, kind: MoveKind, card: CardDef, seat: int, target: int | None,
                   out: dict[str, Move], groups: list, box: int | None = None) -> None:
        """The move of a card on a target (a ship, or a ``box``) into ``out``; for a
        card whose path is chosen with it, its outcomes as one group, if it has
        any (D4.6)."""
        mode = card.mode  # a mode chosen with the card (D4.15)
        key = (kind, card.id, target) if box is None and mode is None \
            and card.chosen is None else (kind, card.id, target, box, mode, card.chosen)
        move = self.cache.moves.get(key)
        if move is None:
            move = self.cache.moves[key] = self.notation.card_move(kind, card.id, target, box,
                                                                   mode=mode, chosen=card.chosen)
        walk = self.queries.path_start(card, seat, target) if card.path_effect is not None \
            else None
        if walk is None:
            out[move.text] = move
            return
        if not walk:
            return  # a status forbids moving the ship (R9)
        start, steps, occupied = walk
        board = self.queries.walk_board(self.queries.mover(card, seat, target),
                                        card.path_effect.straight)  # D2.13, D2.16
        texts = board.path_texts(move.text, start, steps, occupied)
        if texts:
            groups.append((move.text, texts, move, (board, start, steps, occupied)))
