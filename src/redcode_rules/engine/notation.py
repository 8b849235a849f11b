"""The move notation (docs/notation.md): the one place a move's text is
written and read.

A move is one decision written as words separated by spaces: a keyword
(``order``, ``respond``, ``recover``, ...), a card, a ship id, a box, the
boxes of a path. ``words`` splits a text, ``normalise`` folds its runs of
white space; a ``Notation`` knows one game's names (its cards, ship ids and
boxes) and writes each ``Move`` the move generator lists, and reads a text
back into one (``parse``): ships as seats, boxes as indexes, so
``notation.parse(str(move)) == move`` for every legal move. A text that is no
move of the game (an unknown word, a box that is no box, a card without the
target it needs) is ``Unreadable`` (base/errors.py), with the words of the
catalogs that say why and what was read of it before; a move that reads but
is not legal now is the rule queries' to refuse (engine/explain.py says both). The chance player's outcomes (``deal
atoll``) are written and read here too (``outcome``, ``outcome_parts``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence

from ..base.errors import Unreadable
from ..base.kinds import Decision, MoveKind
from ..model.ruleset import TargetKind

if TYPE_CHECKING:
    from ..model.ruleset import CardDef, Ruleset
    from ..rules.board import Board

USE, RESPOND, ORDER = MoveKind.USE, MoveKind.RESPOND, MoveKind.ORDER
RECOVER, CHOOSE, DISCARD, PLACE = (MoveKind.RECOVER, MoveKind.CHOOSE, MoveKind.DISCARD,
                                   MoveKind.PLACE)

#: First words of the notation that say what kind of decision a move is
#: (any other first word is a maneuver's).
KEYWORDS = ("order", "respond", "recover", "choose", "discard", "place", "pass", "end")
#: The most characters of a word a reason quotes (a 4,300-digit row is not
#: repeated whole).
QUOTED = 12


def words(text: str) -> list[str]:
    """The words of a move's text, runs of white space between them."""
    return text.split()


def normalise(text: str) -> str:
    """A move's text with runs of white space folded (the notation's one spelling)."""
    return " ".join(text.split())


def head_word(text: str) -> str:
    """The first word of a move's text (its keyword, or its maneuver)."""
    return text.split(" ", 1)[0]


def card_of(text: str) -> str | None:
    """The card a move's text plays (a maneuver used or answering, an order
    card), or None: its first word, or the word after ``order`` or
    ``respond``, unless the first is another keyword."""
    head, _, rest = text.partition(" ")
    if head in ("order", "respond"):
        return rest.partition(" ")[0] or None
    return None if head in KEYWORDS else head


def short(word: str) -> str:
    """A word of a move as a reason quotes it: at most ``QUOTED`` characters."""
    return word if len(word) <= QUOTED else word[:QUOTED - 1] + "…"


def outcome(kind: str, card: str) -> str:
    """A chance outcome: its event's word and the card it deals (``draw kamikaze``)."""
    return f"{kind} {card}"


def outcome_parts(text: str) -> tuple[str, str]:
    """(event word, card) of a chance outcome (``outcome``'s inverse)."""
    kind, _, card = text.partition(" ")
    return kind, card


class Move(NamedTuple):
    """A decision, read or listed. ``text`` is its notation (``str(move)``);
    ``card`` a maneuver or order id; ``target`` a seat; ``area`` the box an
    area or box target names; ``path`` the boxes a move enters; ``box``
    where a ship is placed; ``source`` what a recovery or choice takes.

    A named tuple rather than an attrs class: immutable, so a game caches
    one per seat, card and target (``MoveCache``), and cheap to copy with
    its path when a path move is played (``Notation.with_path``).
    """

    kind: MoveKind
    text: str
    card: str | None = None
    target: int | None = None
    area: int | None = None
    path: tuple[int, ...] = ()
    box: int | None = None
    source: str | None = None
    targets: tuple[int, ...] = ()
    """Every ship a counted target names, in seat order (D4.13; ``target``
    is the first); empty for a card with one target."""
    mode: str | None = None
    """The mode of the card its player chose (D4.15), written after the
    card's name; None for a card of one way to play."""
    chosen: int | None = None
    """The amount its player chose with the card (D4.19), written after the
    card's name and its mode; None for a card that chooses none."""

    def __str__(self) -> str:
        return self.text

    @property
    def head(self) -> str:
        """The text before the boxes of its path (all of it without a path)."""
        return self.text.rsplit(" ", len(self.path))[0] if self.path else self.text


PASS = Move(MoveKind.PASS, "pass")
END = Move(MoveKind.END, "end")


class Notation:
    """The notation of one game: its rules' cards, its board's boxes and its
    ships' ids (in seat order). Writes the moves the move generator lists
    and reads any text back (``parse``); the boxes of a path read are kept
    by their text, so a path listed and played is read once."""

    __slots__ = ("rules", "board", "ids", "seats", "_paths")

    def __init__(self, rules: Ruleset, board: Board, ids: Sequence[str]):
        self.rules = rules
        self.board = board
        self.ids = tuple(ids)
        self.seats = {ship: seat for seat, ship in enumerate(self.ids)}
        self._paths: dict[str, tuple[int, ...] | None] = {}

    # ------------------------------------------------------------ writing
    def card_move(self, kind: MoveKind, card: str, target: int | None = None,
                  box: int | None = None, targets: tuple[int, ...] = (),
                  mode: str | None = None, chosen: int | None = None) -> Move:
        """A maneuver used (``torpedo red-destroyer``), answering (``respond
        shield blue-submarine``) or an order card played (``order kamikaze
        red-destroyer``, ``order atomic_bomb c3``), on a ship or a box, or on
        the ships of a counted target in seat order (``order barrage
        red-destroyer red-submarine``, D4.13), its mode, if chosen, after the
        card (``order tactics fire red-destroyer``, D4.15), then its chosen
        amount (``fireball 3 red-destroyer``, D4.19); without its path."""
        text = f"order {card}" if kind == ORDER else f"respond {card}" if kind == RESPOND \
            else card
        if mode is not None:
            text = f"{text} {mode}"
        if chosen is not None:
            text = f"{text} {chosen}"
        if targets:
            target = targets[0]
            text = f"{text} {' '.join(self.ids[t] for t in targets)}"
        elif target is not None:
            text = f"{text} {self.ids[target]}"
        if box is not None:
            text = f"{text} {self.board.name(box)}"
        return Move(kind, text, card, target, area=box, targets=targets, mode=mode,
                    chosen=chosen)

    def answers(self, kind: MoveKind, word: str, sources: Sequence[str]) -> list[Move]:
        """A recovery or an owed choice from each source: ``recover torpedo``,
        ``choose ambush``."""
        return [Move(kind, f"{word} {source}", source=source) for source in sources]

    def discard(self, card: str) -> Move:
        """Discarding down to the hand limit: ``discard ambush``."""
        return Move(DISCARD, f"discard {card}", card=card)

    def place(self, box: int) -> Move:
        """A placement or respawn: ``place g6``."""
        return Move(PLACE, f"place {self.board.name(box)}", box=box)

    def with_path(self, move: Move, text: str) -> Move:
        """A move of a card that moves a ship (listed without its path) with
        the path ``text`` writes after it: ``movement c3 d3``."""
        path = self.path(text[len(move.text) + 1:])
        assert path is not None  # a listed text names boxes
        # the tuple made directly: ``_replace`` builds a dict and calls ``_make``
        return tuple.__new__(Move, (move[0], text, move[2], move[3], move[4], path, *move[6:]))

    def path(self, names: str) -> tuple[int, ...] | None:
        """The boxes a path's text names, in order (``c3 d3``), or None if a
        word is no box of the board; kept by text."""
        path = self._paths.get(names, ())
        if path == ():
            lookup = self.board.lookup
            boxes = [lookup.get(name) for name in names.split()]
            path = None if not boxes or None in boxes else tuple(boxes)  # type: ignore[arg-type]
            if len(self._paths) < 100_000:
                self._paths[names] = path
        return path

    # ------------------------------------------------------------ reading
    def parse(self, text: str, decision: Decision | None = None) -> Move:
        """The move ``text`` writes, as the move generator lists it
        (``Unreadable`` if it writes none, with the move as far as it was
        read). ``recover`` is a recovery at the start of a turn, or an owed
        choice of crew while ``decision`` is ``choose`` (D6.4)."""
        said = words(text)
        if not said:
            raise Unreadable("empty")
        text = " ".join(said)
        head, rest = said[0], said[1:]
        if head in ("pass", "end"):
            move = PASS if head == "pass" else END
            if rest:
                raise Unreadable("just", move, word=head)
            return move
        if head in ("recover", "choose"):
            kind = CHOOSE if head == "choose" or decision == Decision.CHOOSE else RECOVER
            return Move(kind, text, source=" ".join(rest))
        if head == "discard":
            if len(rest) != 1:
                raise Unreadable("discard_one", Move(DISCARD, text))
            return self.discard(rest[0])
        if head == "place":
            if len(rest) != 1:
                raise Unreadable("place_one", Move(PLACE, text))
            return self.place(self._box(rest[0], Move(PLACE, text)))
        if head == "order":
            read = Move(ORDER, text)
            if not rest:
                raise Unreadable("write_card", read)
            if rest[0] not in self.rules.orders:
                raise Unreadable("unknown_order", read, card=rest[0])
            return self._card(ORDER, self.rules.orders[rest[0]], rest[1:])
        kind = USE
        if head == "respond":
            if not rest:
                raise Unreadable("write_maneuver", Move(RESPOND, text))
            kind, head, rest = RESPOND, rest[0], rest[1:]
        if head not in self.rules.maneuvers:
            read = Move(kind, text)  # a maneuver by its place
            if head in self.rules.orders:
                raise Unreadable("is_order", read, card=head)
            raise Unreadable("unknown_move", read, move=text)
        return self._card(kind, self.rules.maneuvers[head], rest)

    def _card(self, kind: MoveKind, card: CardDef, rest: list[str]) -> Move:
        """A card's move from the words after its name: its target (a ship,
        an area's top-left box or a box), then the boxes of its path; what
        cannot be read is ``Unreadable`` with the move read so far."""
        if card.modes and card.modes_by is None:  # the mode, first (D4.15; not D4.17's)
            card, rest = self._mode(kind, card, rest)
        if card.amounts:  # then the amount (D4.19)
            card, rest = self._amount(kind, card, rest)
        tk = card.target.kind
        read = self.card_move(kind, card.id, mode=card.mode, chosen=card.chosen)
        if tk is TargetKind.AREA:
            size = {"width": card.target.width, "height": card.target.height}
            if not rest:
                raise Unreadable("needs_area", read, card=card.id, **size)
            read = self.card_move(kind, card.id, box=self._box(rest[0], read), mode=card.mode,
                                  chosen=card.chosen)
            if rest[1:]:
                raise Unreadable("area_only", read, card=card.id)
            return read
        if tk is TargetKind.BOX:
            if not rest:
                raise Unreadable("needs_box", read, card=card.id)
            read = self.card_move(kind, card.id, box=self._box(rest[0], read), mode=card.mode,
                                  chosen=card.chosen)
            rest = rest[1:]
        elif card.target.counted or card.second is not None:  # several ships (D4.13-14)
            return self._targets(kind, card, rest, read)
        elif tk is not TargetKind.SELF:
            if not rest:
                raise Unreadable("needs_target", read, card=card.id)
            if rest[0] not in self.seats:
                raise Unreadable("no_ship", read, ship=rest[0])
            read = self.card_move(kind, card.id, self.seats[rest[0]], mode=card.mode,
                                  chosen=card.chosen)
            rest = rest[1:]
        if card.mover is None:
            if rest:
                raise Unreadable("self_no_target" if tk is TargetKind.SELF else "no_path_taken",
                                 read, card=card.id)
            return read
        if not rest:
            raise Unreadable("needs_path", read, card=card.id)
        for name in rest:
            self._box(name, read)
        return self.with_path(read, f"{read.text} {' '.join(rest)}")

    def _targets(self, kind: MoveKind, card: CardDef, rest: list[str], read: Move) -> Move:
        """A counted target's ships (D4.13), or the target and the second
        target (D4.14), as written: as many ship ids as it names, and nothing
        after them (such a card takes no path); which of them it may name, in
        what order, is the rule queries' to say."""
        for word in rest:
            if word not in self.seats:
                raise Unreadable("no_ship", read, ship=short(word))
        if card.second is not None:
            if len(rest) != 2 and not (card.second_optional and len(rest) == 1):
                raise Unreadable("needs_second_optional" if card.second_optional
                                 else "needs_second", read, card=card.id)
        elif not card.target.least <= len(rest) <= card.target.most:
            least, most = card.target.least, card.target.most
            raise Unreadable("needs_targets" if least < most else "needs_targets_exactly",
                             read, card=card.id, least=least, most=most)
        return self.card_move(kind, card.id, targets=tuple(self.seats[w] for w in rest),
                              mode=card.mode, chosen=card.chosen)

    def _mode(self, kind: MoveKind, card: CardDef, rest: list[str]) -> tuple[CardDef, list[str]]:
        """The mode written after a card with modes (D4.15), and the words after
        it; ``Unreadable`` if none is written, or one the card has not."""
        read = self.card_move(kind, card.id)
        names = " ".join(str(m.mode) for m in card.modes)
        if not rest:
            raise Unreadable("needs_mode", read, card=card.id, modes=names, written=read.text)
        if rest[0] not in {m.mode for m in card.modes}:
            raise Unreadable("no_mode", read, card=card.id, mode=short(rest[0]), modes=names)
        return card.in_mode(rest[0]), rest[1:]

    # -- chosen amounts (D4.19) ------------------------------------------------
    def _amount(self, kind: MoveKind, card: CardDef,
                rest: list[str]) -> tuple[CardDef, list[str]]:
        """The amount written after a card that chooses one (and after its
        mode, D4.19), and the words after it; ``Unreadable`` if none is
        written, or one its bounds never allow; whether they allow it now is
        the rule queries' to say."""
        read = self.card_move(kind, card.id, mode=card.mode)
        least, most = card.amounts[0].chosen, card.amounts[-1].chosen
        if not rest or not (rest[0].isascii() and rest[0].isdigit()):
            raise Unreadable("needs_amount", read, card=card.id, least=least, most=most,
                             written=read.text)
        chosen = next((a for a in card.amounts if str(a.chosen) == rest[0]), None)
        if chosen is None:  # not one of its amounts as the listing writes them (not 03)
            raise Unreadable("no_amount", read, card=card.id, amount=short(rest[0]),
                             least=least, most=most)
        return chosen, rest[1:]

    def _box(self, name: str, read: Move) -> int:
        """The box a word names (R2.1), else ``Unreadable`` (``read``: the
        move read so far)."""
        box = self.board.index(name)
        if box is None:
            raise Unreadable("not_a_box", read, box=short(name))
        return box
