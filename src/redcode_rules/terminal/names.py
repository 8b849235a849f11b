"""Names as ``redcode play`` shows them, read back: the cards and ships a
person types in their language (``siluro red``, ``torpedo pesado``), with
accents optional (``capitan`` is ``capitán``), turned into the notation's
ids; a card or status looked up by a name or a start of one, with the
closest names when nothing fits; and the words that may come next in a
line being typed, as the screen shows them (Tab's completion).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, Iterable, Sequence

import attrs

from ..base.errors import close_names
from ..engine.notation import card_of, head_word, normalise, words
from ..game import Game
from ..i18n.catalog import catalog, display_name, ship_display


def fold(text: str) -> str:
    """Text without its accents (``capitán`` → ``capitan``), as a name may be typed."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))


def typed_names(game: Game, lang: str) -> dict[str, str]:
    """Every name the screen shows, folded to lower case, and what it stands
    for in the notation: cards (``torpedo pesado`` → heavy_torpedo), ships
    (``sottomarino blu`` → blue-submarine) and sides (``rojo``, ``rossa`` →
    red, which starts the ids of that side's ships, so ``tor rojo`` is
    ``tor red``, as the menu reads a start of a move) in the person's
    language."""
    rules, own, names = game.rules, game.rules.words, {}
    for ident in (*rules.maneuvers, *rules.orders):
        names[display_name(ident, lang, own).lower()] = ident
        names[ident.replace("_", " ")] = ident
    cat = catalog(lang)
    for side in dict.fromkeys(game.ship(ship).side for ship in game.ships):
        for sides in (cat["sides"], cat["sides_feminine"]):
            names[sides[side].lower()] = side
    for ship in game.ships:
        names[ship_display(ship, lang, own).lower()] = ship
    return {fold(name): ident for name, ident in names.items() if name != ident}


def translate(line: str, names: dict[str, str], game: Game) -> str:
    """A typed line with the names as shown (``typed_names``) replaced by
    their ids, longest first (accents optional: ``capitan`` is ``capitán``)."""
    text = " " + fold(normalise(line.lower())) + " "
    for name in sorted(names, key=len, reverse=True):
        if f" {name} " in text:
            text = text.replace(f" {name} ", f" {names[name]} ")
    said = words(text)
    if said and said[0] in game.rules.orders:  # `capitán rojo`: the order card
        for head in ("order", "respond"):
            if any(card_of(m) == said[0] and head_word(m) == head for m in game.legal_moves()):
                return f"{head} {' '.join(said)}"
    return " ".join(said)


def look_up(typed: str, idents: Iterable[str], namer: Callable[[str], str]
            ) -> tuple[str | None, list[str]]:
    """The id a typed name means (an id, a name as shown, or a unique start
    of one), else None and the closest names as shown."""
    names: dict[str, str] = {}
    for ident in idents:
        names[ident] = ident
        names[ident.replace("_", " ")] = ident
        names[fold(namer(ident).lower())] = ident
    key = fold(normalise(typed.lower()))
    if key in names:
        return names[key], []
    starts = {ident for name, ident in names.items()  # a word of it: `intercettazione`
              if re.search(rf"(^|[\s'’]){re.escape(key)}", name)}
    if len(starts) == 1:
        return starts.pop(), []
    close = close_names(key, names, 3)
    return None, list(dict.fromkeys(namer(names[name]) for name in close))


@attrs.frozen
class ShownWord:
    """A word of a move as a person may type it: the notation's
    (``red-destroyer``), or the words the screen shows for it in their
    language (``destructor rojo``); ``optional`` for ``order`` before a
    card, which may be left out (``capitán rojo``, see ``translate``)."""

    notation: str
    shown: tuple[str, ...]
    optional: bool = False


def as_shown(game: Game, lang: str, move: str) -> tuple[ShownWord, ...]:
    """A legal move's words, each with its name as shown: a ship's and a
    card's in ``lang``; a box or a keyword of the notation as it is. A name
    that is the id with spaces (``red destroyer``, ``heavy torpedo``) is
    shown as the id, one word, as the menu writes it."""
    rules, own, out = game.rules, game.rules.words, []
    ships = set(game.ships)
    said = words(move)
    for i, word in enumerate(said):
        if word in ships:
            name = ship_display(word, lang, own)
        elif word in rules.maneuvers or word in rules.orders:
            name = display_name(word, lang, own).lower()
        else:
            name = word
        if name == word.replace("_", " ").replace("-", " "):
            name = word
        optional = i == 0 and word in ("order", "respond") and len(said) > 1 \
            and said[1] in rules.orders
        out.append(ShownWord(word, tuple(name.split()) or (word,), optional))
    return tuple(out)


def next_words(moves: Iterable[Sequence[ShownWord]], typed: Sequence[str],
               text: str = "") -> list[str]:
    """The words that may follow the ``typed`` words in one of ``moves`` and
    start with ``text`` (the word being typed), as the screen shows them in
    the person's language, else in the notation (``heav``); each typed word
    a start of the move's word (as the menu reads ``tor red``), in the
    notation or as shown (``torpedo destructor`` is followed by ``rojo``),
    accents optional; in first-seen order."""
    shown: dict[str, None] = {}
    notation: dict[str, None] = {}
    start = fold(text.lower())
    folded = [fold(t.lower()) for t in typed]
    for move in moves:
        places = _skipping(move, {(0, 0)})  # (word of the move, word of its name as shown)
        for t in folded:
            places = _skipping(move, {after for i, k in places if i < len(move)
                                      for after in _past(move[i], i, k, t)})
        for i, k in sorted(places):
            if i < len(move):
                word = move[i]
                if fold(word.shown[k].lower()).startswith(start):
                    shown.setdefault(word.shown[k], None)
                if k == 0 and fold(word.notation.lower()).startswith(start):
                    notation.setdefault(word.notation, None)
    return list(shown or notation)


def _skipping(move: Sequence[ShownWord], places: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """``places`` and where each leads past an optional word that is left out."""
    return places | {(i + 1, 0) for i, k in places
                     if k == 0 and i < len(move) and move[i].optional}


def _past(word: ShownWord, i: int, k: int, typed: str) -> list[tuple[int, int]]:
    """Where a typed word (folded) leads from the ``k``-th shown word of a
    move's ``i``-th word: past the word, or on to its next shown word."""
    out = []
    if k == 0 and fold(word.notation.lower()).startswith(typed):
        out.append((i + 1, 0))
    if fold(word.shown[k].lower()).startswith(typed):
        out.append((i + 1, 0) if k + 1 == len(word.shown) else (i, k + 1))
    return out
