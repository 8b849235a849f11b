"""A table's pictures (the board, the control cards), drawn once for each
state every player sees and reused while it lasts.

Drawing the SVG pictures is most of what a move costs the server (a few
milliseconds each). They show public state only: a control card draws its
ship as every player sees it (``ShipView``: box, tracks, crew on each
maneuver, statuses), the board draws the terrain and every ship and token
as seen. So a picture is keyed by that public state and the language, one
board serves every seat (each page draws its own ship's visual field over
it), and a move that changes nothing a picture shows (a card played or
drawn, a crew on another ship) draws nothing again.

Each picture carries an id (a hash of its SVG): a page that already shows a
picture is sent only its id (web/tables.py), and its script keeps the drawn
one. Pictures are kept for two versions of the game (the one being shown
and the one before): memory stays bounded however long a game lasts.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable

import attrs

from ..game import Game
from ..engine.views import ShipView
from ..info.observation import Observation
from ..render.svg import board, control_card


@attrs.frozen
class Picture:
    """A drawn picture: its SVG and an id that changes whenever the SVG does."""

    id: str
    svg: str

    @classmethod
    def of(cls, svg: str) -> Picture:
        return cls("p" + hashlib.blake2b(svg.encode(), digest_size=8).hexdigest(), svg)


class Pictures:
    """The pictures of one table (see the module's docstring)."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.now: dict[tuple[Any, ...], Picture] = {}
        self.before: dict[tuple[Any, ...], Picture] = {}

    def moved_on(self, version: int) -> None:
        """The game is at ``version``: if it is a new one, the pictures the
        version before last used and the last did not are dropped."""
        if version != self.version:
            self.version = version
            self.before, self.now = self.now, {}

    def card(self, game: Game, ship: ShipView, lang: str) -> Picture:
        """``ship``'s control card in ``lang``."""
        return self._get(("card", lang, ship),
                         lambda: control_card(game, ship.id, lang=lang))

    def board(self, game: Game, seen: Observation, lang: str) -> Picture:
        """The board as ``seen`` (any seat's observation: the board is public)
        in ``lang``: one picture for every seat (a seat's visual field is
        drawn over it by the page's script)."""
        return self._get(("board", lang, seen.board, seen.ships, seen.tokens),
                         lambda: board(game, lang=lang))

    def _get(self, key: tuple[Any, ...], draw: Callable[[], str]) -> Picture:
        found = self.now.get(key)
        if found is None:
            found = self.before.get(key)
            if found is None:
                found = Picture.of(draw())
            self.now[key] = found
        return found


def slot(picture: Picture) -> str:
    """Where a picture stands in a page's HTML, empty (``Drawn.filled`` fills it)."""
    return _slot(picture.id)


def _slot(ident: str, svg: str = "") -> str:
    return f'<div class="pic" data-pic="{ident}">{svg}</div>'


@attrs.frozen
class Drawn:
    """A part of a page with its pictures in slots (``slot``): the HTML with
    every slot empty, and the pictures by id."""

    html: str
    pictures: dict[str, str]

    def filled(self, shown: frozenset[str] = frozenset()) -> str:
        """The HTML with every picture in its slot, but those in ``shown``
        (a page that shows them keeps them: its script moves them in)."""
        html = self.html
        for ident, svg in self.pictures.items():
            if ident not in shown:
                html = html.replace(_slot(ident), _slot(ident, svg))
        return html
