"""The pages, rendered on the server from templates (Jinja2, every value
escaped unless it is one of the package's own SVG pictures, which
ElementTree escapes as it writes them, put in their slots afterwards)."""

from __future__ import annotations

from typing import Any

import jinja2
import markupsafe

from ..i18n.catalog import catalog, languages
from ..lang.loader import builtin_editions
from ..terminal.setup import SHORT_GAME
from .setups import BOT_CHOICES, MAX_SEATS, MODES, SIZES
from .pictures import Drawn, slot
from .tables import LiveTable
from .views import seat_view

ENV = jinja2.Environment(loader=jinja2.PackageLoader("redcode_rules.web", "templates"),
                         autoescape=True, trim_blocks=True, lstrip_blocks=True)


def render(template: str, lang: str, **values: Any) -> str:
    """A page in ``lang``: its words are the catalog's ``web`` section."""
    cat = catalog(lang)
    return ENV.get_template(template).render(w=cat["web"], cat=cat, lang=lang,
                                             languages=languages(), **values)


def table_body(table: LiveTable, seat: str | None, lang: str) -> Drawn:
    """The part of a table's page that changes with each move, for one seat,
    its pictures in slots (web/pictures.py)."""
    game = table.game
    view = seat_view(game, seat, lang, table.players, pictures=table.pictures,
                     undo=seat is not None and table.may_undo(seat))
    picks = {"tree": view.picks, "labels": view.labels} if view.picks else None
    html = render("table_body.html", lang, view=view, picks=picks,
                  cols=game.board.width, rows=game.board.height,
                  slot=lambda picture: markupsafe.Markup(slot(picture)))
    shown = [view.board] + [ship.card for ship in view.ships]
    return Drawn(html, {p.id: p.svg for p in shown})


def lobby(lang: str, csrf: str, games: list[dict[str, Any]], drafts: list[dict[str, Any]],
          error: str | None = None, form: dict[str, str] | None = None) -> str:
    return render("lobby.html", lang, csrf=csrf, games=games, drafts=drafts, error=error,
                  form=form or {}, editions=builtin_editions(), modes=MODES, sizes=SIZES,
                  bots=BOT_CHOICES, max_seats=MAX_SEATS, short_game=SHORT_GAME)
