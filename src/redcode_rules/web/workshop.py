"""The workshop's answer to a card file: its problems at their line and
column, and its cards' names and texts in every language with their pictures.

``inspect`` compiles the text on top of an edition, as ``redcode check
--cards`` would, and returns plain data (it runs in a worker process: a
card file at the size limit may take a second to parse). The text is
given, never a path: an ``extends`` of a file is refused by the compiler
(docs/security.md), and the size limit is checked before anything is parsed.
"""

from __future__ import annotations

from typing import Any

from ..base.errors import DslError, RedCodeError
from ..game import new_game
from ..i18n.catalog import languages, status_name
from ..lang.limits import MAX_FILE_BYTES
from ..lang.loader import build_ruleset, load_ruleset
from ..model.ruleset import Ruleset
from ..render.svg import control_card
from .setups import WORKSHOP_FILE, refuse_variant


def problems_of(err: DslError) -> list[dict[str, Any]]:
    """Each error of a card file: its line, column, reason and quoted line."""
    return [{"line": e.line, "column": e.column, "reason": e.reason,
             "suggestion": e.suggestion, "source": e.source_line, "message": str(e)}
            for e in err.errors]


def inspect(text: str, edition: str) -> dict[str, Any]:
    """``{"problems": [...], "cards": [...]}`` for a card file's text (see the module)."""
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        return {"problems": [{"line": None, "column": None, "source": None, "suggestion": None,
                              "reason": f"the file is {size} bytes; a card file is at most "
                                        f"{MAX_FILE_BYTES}",
                              "message": f"{WORKSHOP_FILE}: {size} bytes, more than "
                                         f"{MAX_FILE_BYTES}"}], "cards": []}
    try:
        refuse_variant(text)
        rules = build_ruleset(edition, (), ((WORKSHOP_FILE, text),))
    except DslError as err:
        return {"problems": problems_of(err), "cards": []}
    return {"problems": [], "cards": changed_cards(rules, load_ruleset(edition))}


def changed_cards(rules: Ruleset, plain: Ruleset) -> list[dict[str, Any]]:
    """The maneuvers, orders, ship types and statuses a file adds or changes,
    each with its name and text in every language (and a ship's control card)."""
    langs = languages()
    out: list[dict[str, Any]] = []
    for kind, table, before in (("maneuver", rules.maneuvers, plain.maneuvers),
                                ("order", rules.orders, plain.orders)):
        for ident, card in table.items():
            if before.get(ident) == card:
                continue
            out.append({"id": ident, "kind": kind,
                        "names": {lang: rules.name_of(ident, lang) for lang in langs},
                        "texts": {lang: rules.text(ident, lang) for lang in langs},
                        "svg": None})
    for ident, status in rules.statuses.items():
        if plain.statuses.get(ident) == status:
            continue
        out.append({"id": ident, "kind": "status",
                    "names": {lang: status_name(ident, lang, words=rules.words) for lang in langs},
                    "texts": {lang: rules.status_text(ident, lang) for lang in langs},
                    "svg": None})
    for ident, ship in rules.ships.items():
        if plain.ships.get(ident) == ship:
            continue
        out.append({"id": ident, "kind": "ship",
                    "names": {lang: rules.name_of(ident, lang) for lang in langs},
                    "texts": {lang: ", ".join(rules.name_of(m, lang) for m in ship.maneuvers)
                              for lang in langs},
                    "svg": ship_picture(rules, ident)})
    return out


def ship_picture(rules: Ruleset, ship_type: str) -> str | None:
    """A ship type's control card (SVG) as it starts a game, or None if no
    game can seat it beside another type."""
    other = next((t for t in rules.ships if t != ship_type), ship_type)
    try:
        game = new_game(rules, teams=[[ship_type], [other]], seed=1, placement="fixed")
    except RedCodeError:
        return None
    return control_card(game, game.ships[0], lang=rules.lang)
