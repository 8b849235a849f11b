"""Names as ``redcode play`` shows them, read back: the cards and ships a
person types in their language (``siluro red``, ``torpedo pesado``), with
accents optional (``capitan`` is ``capitán``), turned into the notation's
ids, and a card or status looked up by a name or a start of one, with the
closest names when nothing fits.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, Iterable

from .errors import close_names
from .game import Game, normalise
from .i18n import catalog, display_name, ship_display


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
    words = text.split()
    if words and words[0] in game.rules.orders:  # `capitán rojo`: the order card
        for head in ("order", "respond"):
            if any(m.startswith(f"{head} {words[0]}") for m in game.legal_moves()):
                return f"{head} {' '.join(words)}"
    return " ".join(words)


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
