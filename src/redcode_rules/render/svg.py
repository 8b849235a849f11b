"""SVG pictures of a game: the board and a ship's control card.

In the spirit of python-chess's ``chess.svg``: plain functions that return a
standalone SVG document as a string, built with ``xml.etree.ElementTree``
(so every text and attribute is escaped) and fully deterministic (the same
game gives the same bytes).

Board geometry (``board``): a margin of ``size / 2`` on every side holds the
coordinates (columns on top, rows on the left, row 1 at the top, R2.1); the
box in column ``c`` (0 for ``a``) and row ``r`` (0 for row 1) has its
top-left corner at ``x = size / 2 + c * size``, ``y = size / 2 + r * size``.
Islands, running water and ships are nested ``<svg>`` elements with the
``x``, ``y``, ``width`` and ``height`` of their box, so a script can find
them by ``class`` and ``data-box``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from ..base.errors import BadArgument
from ..i18n.catalog import catalog, display_name, ship_display, status_name
from ..model.ruleset import ShipDef, Silhouette
from ..rules.board import ISLAND
from ..text.narrate import ship_letter

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

SIDE_COLOURS = {"blue": "#1f5fbf", "red": "#c0392b"}
SIDE_DARK = {"blue": "#123a75", "red": "#7a1f16"}
WATER = "#d8ecf8"
GRID = "#8db6d3"
CURRENT = "#3f88d0"
SAND = "#e6cd8c"
SAND_EDGE = "#a9843c"
FIELD = "#5cc85c"
COORD = "#34495e"

CARD_BG = "#27313d"
CARD_LINE = "#56657a"
CARD_TEXT = "#f4f6f8"
RESPONSE_YELLOW = "#f5c518"
REPAIR_YELLOW = "#f2c230"
BREAKDOWN_RED = "#d63a2f"
CREW_WHITE = "#ffffff"


# ---------------------------------------------------------------- helpers
def _n(value: float) -> str:
    """A number as SVG text: integers without a decimal point, else up to 3 decimals."""
    v = round(float(value), 3)
    if v == int(v):
        return str(int(v))
    return f"{v:.3f}".rstrip("0")


def _el(parent: ET.Element | None, tag: str, attrs: dict[str, Any] | None = None,
        text: str | None = None) -> ET.Element:
    """An element with attributes in the given order (numbers formatted by ``_n``)."""
    a = {}
    for key, value in (attrs or {}).items():
        if value is None:
            continue
        if isinstance(value, bool):
            a[key] = "true" if value else "false"
        elif isinstance(value, (int, float)):
            a[key] = _n(value)
        else:
            a[key] = str(value)
    el = ET.Element(tag, a) if parent is None else ET.SubElement(parent, tag, a)
    if text is not None:
        el.text = text
    return el


def _root(width: float, height: float, css_class: str) -> ET.Element:
    return _el(None, "svg", {"xmlns": SVG_NS, "version": "1.1", "class": css_class,
                             "width": width, "height": height,
                             "viewBox": f"0 0 {_n(width)} {_n(height)}"})


def _to_string(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode", short_empty_elements=True)


def _words(lang: str) -> dict[str, str]:
    """The pictures' words in ``lang`` (the ``svg`` section of ``lang/<lang>.yaml``);
    an unknown language raises LanguageError like the rest of the package."""
    return catalog(lang)["svg"]


def _text(parent: ET.Element, x: float, y: float, text: str, size: float,
          **attrs: Any) -> ET.Element:
    base = {"x": x, "y": y, "font-family": FONT, "font-size": size}
    base.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return _el(parent, "text", base, text)


def type_letter(ship: ShipDef) -> str:
    """The letter drawn on a ship of this type: its ``letter``, upper case
    (S submarine, D destroyer, C aircraft carrier in the base cards)."""
    return ship_letter(ship, "blue")


def _ship(game, ship_id: str):
    return game.ship_state(ship_id)


# ---------------------------------------------------------------- visual field
def default_reach(game, ship_id: str) -> int:
    """The largest range among the ship's maneuvers (0 if it has none)."""
    s = _ship(game, ship_id)
    ranges = [game.rules.maneuvers[m].range for m in game.rules.ships[s.type].maneuvers]
    return max((r for r in ranges if r is not None), default=0)


def visual_field(game, ship_id: str, reach: int | None = None) -> list[str]:
    """The boxes of a ship's visual field within ``reach`` (R4.3), in board order.

    The 8 straight lines from the ship, each cut at an island (R2.3) and just
    after the first enemy ship on it (the enemy's box is in the field, what
    lies behind it is not); friendly ships do not block. The ship's own box is
    not part of the field (it may still target itself, R4.2). The engine
    computes it (``RuleQueries.visual_field``), as the observation reads it:
    on the board of the moment, over islands while the ship sees over them
    (D2.20), past no ship farther than it can see (D2.18).
    """
    s = _ship(game, ship_id)
    if s.position is None:
        raise BadArgument(f"{ship_id} is not on the board (sunk, or not yet placed)")
    if reach is None:
        reach = default_reach(game, ship_id)
    if isinstance(reach, bool) or not isinstance(reach, int) or reach < 0:
        raise BadArgument(f"reach must be a whole number >= 0, not {reach!r}")
    seat = game.state.ships.index(s)
    boxes = game.engine.queries.visual_field(seat, reach)
    return [game.board.name(b) for b in boxes]


# ---------------------------------------------------------------- board pieces
#: An island's shore and its green heart, in a box of 100 × 100 (the printed
#: map cards draw the same, printing/maps.py).
ISLAND_SHORE = ("M18 58 C10 40 24 20 44 22 C58 10 84 20 82 40 C94 54 84 80 62 80 "
                "C48 92 22 86 18 58 Z")
ISLAND_HEART = "M40 40 C46 34 58 34 62 44 C66 56 52 66 42 60 C34 56 34 46 40 40 Z"
GREEN, GREEN_EDGE = "#7fa35b", "#5b7d3c"


def _island(parent: ET.Element, box: str, x: float, y: float, size: float) -> None:
    g = _el(parent, "svg", {"class": "island", "data-box": box, "x": x, "y": y,
                            "width": size, "height": size, "viewBox": "0 0 100 100"})
    _el(g, "path", {"d": ISLAND_SHORE, "fill": SAND, "stroke": SAND_EDGE, "stroke-width": 3})
    _el(g, "path", {"d": ISLAND_HEART, "fill": GREEN, "stroke": GREEN_EDGE, "stroke-width": 2})


def _current(parent: ET.Element, box: str, x: float, y: float, size: float) -> None:
    g = _el(parent, "svg", {"class": "current", "data-box": box, "x": x, "y": y,
                            "width": size, "height": size, "viewBox": "0 0 100 100"})
    _el(g, "rect", {"x": 0, "y": 0, "width": 100, "height": 100, "fill": CURRENT})
    for wy in (28, 52, 76):
        _el(g, "path", {"d": f"M8 {wy} q10 -10 21 0 t21 0 t21 0 t21 0", "fill": "none",
                        "stroke": "#ffffff", "stroke-width": 5, "stroke-linecap": "round"})


def _submarine(parent: ET.Element, style: dict[str, Any]) -> None:
    _el(parent, "rect", {"x": 8, "y": 34, "width": 84, "height": 32, "rx": 16, **style})
    _el(parent, "rect", {"x": 40, "y": 20, "width": 20, "height": 18, "rx": 4, **style})


def _carrier(parent: ET.Element, style: dict[str, Any]) -> None:
    _el(parent, "path", {"d": "M6 32 H94 L86 70 H16 Z", **style})


def _pointed_hull(parent: ET.Element, style: dict[str, Any]) -> None:
    _el(parent, "path", {"d": "M4 50 L22 30 H84 L96 50 L84 70 H22 Z", **style})


#: How each silhouette a ship declaration may name is drawn, in a 100x100 box.
DRAWINGS = {Silhouette.SUBMARINE: _submarine, Silhouette.CARRIER: _carrier,
            Silhouette.HULL: _pointed_hull}


def _hull(parent: ET.Element, silhouette: Silhouette, fill: str, edge: str) -> None:
    DRAWINGS[silhouette](parent, {"fill": fill, "stroke": edge, "stroke-width": 4})


def _ship_piece(parent: ET.Element, game, s, x: float, y: float, size: float,
                lang: str) -> None:
    box = game.board.name(s.position)
    g = _el(parent, "svg", {"class": "ship", "data-ship": s.id, "data-box": box,
                            "data-side": s.side, "data-type": s.type, "x": x, "y": y,
                            "width": size, "height": size, "viewBox": "0 0 100 100"})
    tracks = catalog(lang)["reference"]
    name = ship_display(s.id, lang, words=game.rules.words)
    _el(g, "title", None, f"{name} ({box}): {tracks['repairs']} "
                          f"{s.repairs}, {tracks['breakdowns']} {s.breakdowns}, "
                          f"{tracks['crew']} {s.reserve}")
    fill = SIDE_COLOURS.get(s.side, "#555555")
    spec = game.rules.ships[s.type]
    _hull(g, spec.silhouette, fill, SIDE_DARK.get(s.side, "#222222"))
    _el(g, "text", {"x": 50, "y": 64, "font-family": FONT, "font-size": 38,
                    "font-weight": "bold", "text-anchor": "middle", "fill": "#ffffff"},
        type_letter(spec))
    for ring, (status, _) in enumerate(s.statuses):  # a dashed ring per status (R9)
        _el(g, "circle", {"class": status, "cx": 50, "cy": 50, "r": 46 - 6 * ring,
                          "fill": "none", "stroke": "#222222", "stroke-width": 4,
                          "stroke-dasharray": "8 6"})


# ---------------------------------------------------------------- board
def _grid_and_starts(root, b, m: float, size: float) -> None:
    """The grid's lines, and each side's start card edged in its colour."""
    grid = []
    for c in range(b.width + 1):
        grid.append(f"M{_n(m + c * size)} {_n(m)}V{_n(m + b.height * size)}")
    for r in range(b.height + 1):
        grid.append(f"M{_n(m)} {_n(m + r * size)}H{_n(m + b.width * size)}")
    _el(root, "path", {"class": "grid", "d": "".join(grid), "fill": "none", "stroke": GRID,
                       "stroke-width": max(1.0, size / 40)})

    for side in sorted(b.starts):
        boxes = b.starts[side]
        cols = [i % b.width for i in boxes]
        rows = [i // b.width for i in boxes]
        inset = size / 16
        _el(root, "rect", {"class": "start-card", "data-side": side,
                           "data-box": b.start_cards.get(side, b.name(min(boxes))),
                           "x": m + min(cols) * size + inset, "y": m + min(rows) * size + inset,
                           "width": (max(cols) - min(cols) + 1) * size - 2 * inset,
                           "height": (max(rows) - min(rows) + 1) * size - 2 * inset,
                           "fill": "none", "stroke": SIDE_COLOURS.get(side, "#555555"),
                           "stroke-width": size / 14,
                           "stroke-dasharray": f"{_n(size / 5)} {_n(size / 10)}"})


def _coordinates(root, b, m: float, size: float) -> None:
    """The columns' letters above the board and the rows' numbers beside it."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    font = size * 0.34
    # the coordinates' shared looks said once, on their group (a third of a picture's bytes)
    coords = _el(root, "g", {"class": "coords", "font-family": FONT, "font-size": font,
                             "text-anchor": "middle", "fill": COORD})
    for c in range(b.width):
        _el(coords, "text", {"x": m + (c + 0.5) * size, "y": m - size * 0.12,
                             "class": "coord"}, letters[c])
    for r in range(b.height):
        _el(coords, "text", {"x": m / 2, "y": m + (r + 0.5) * size + font * 0.35,
                             "class": "coord"}, str(r + 1))


def board(game, *, size: float = 40, field_of: str | None = None, reach: int | None = None,
          lang: str = "en") -> str:
    """The board as a standalone SVG document.

    ``field_of`` (a ship id) highlights that ship's visual field (R4.3)
    within ``reach`` boxes (default: the largest range among its
    maneuvers); each highlighted box is a ``<rect class="field">``.
    Sunk ships (off the board) are not drawn.
    """
    if isinstance(size, bool) or not isinstance(size, (int, float)) or size <= 0:
        raise BadArgument(f"size must be a positive number, not {size!r}")
    words = _words(lang)
    if field_of is None and reach is not None:
        raise BadArgument("reach needs field_of (the ship whose visual field to show)")
    field = visual_field(game, field_of, reach) if field_of is not None else []
    if field_of is not None and reach is None:
        reach = default_reach(game, field_of)

    b = game.board_now()  # the terrain of the moment, its tokens' marks on it (D2.14)
    m = size / 2
    width, height = b.width * size + 2 * m, b.height * size + 2 * m
    root = _root(width, height, "redcode-board")
    title = words["board"]
    if field_of is not None:
        title += " — " + words["field"].format(
            ship=ship_display(field_of, lang, words=game.rules.words), reach=reach)
    _el(root, "title", None, title)
    _el(root, "desc", None, game.board_text())

    def xy(index: int) -> tuple[float, float]:
        return m + (index % b.width) * size, m + (index // b.width) * size

    _el(root, "rect", {"class": "background", "x": 0, "y": 0, "width": width,
                       "height": height, "fill": "#ffffff"})
    _el(root, "rect", {"class": "water", "x": m, "y": m, "width": b.width * size,
                       "height": b.height * size, "fill": WATER})
    for i, cell in enumerate(b.cells):
        x, y = xy(i)
        if cell == ISLAND:
            _island(root, b.name(i), x, y, size)
        elif b.is_current(i):
            _current(root, b.name(i), x, y, size)

    for name in field:
        x, y = xy(b.index(name))
        _el(root, "rect", {"class": "field", "data-box": name, "x": x, "y": y,
                           "width": size, "height": size, "fill": FIELD,
                           "fill-opacity": 0.55})

    _grid_and_starts(root, b, m, size)
    _coordinates(root, b, m, size)

    if field_of is not None:
        viewer = _ship(game, field_of)
        x, y = xy(viewer.position)
        _el(root, "rect", {"class": "viewer", "data-box": b.name(viewer.position), "x": x,
                           "y": y, "width": size, "height": size, "fill": "none",
                           "stroke": "#222222", "stroke-width": size / 16})

    for token in game.state.tokens:  # under the ships, in the box's lower-left corner
        x, y = xy(token.box)
        _token_piece(root, game, token, x, y, size)
    for s in game.state.ships:
        if s.position is None:
            continue
        x, y = xy(s.position)
        _ship_piece(root, game, s, x, y, size, lang)
    return _to_string(root)


def _token_piece(parent: ET.Element, game, token, x: float, y: float, size: float) -> None:
    """A token (``place_token``): a disc edged in its owner's colour with its
    mark, in the lower-left corner of its box, so a ship on it leaves it seen."""
    owner = game.state.ships[token.owner].side
    r = size * 0.17
    cx, cy = x + r + size / 16, y + size - r - size / 16
    g = _el(parent, "g", {"class": "token", "data-token": token.kind,
                          "data-box": game.board.name(token.box)})
    _el(g, "title", None, token.kind.replace("_", " "))
    if game.rules.tokens[token.kind].entry is not None:  # a blockade (D2.15): the box barred
        _el(g, "rect", {"class": "blockade", "x": x + size / 12, "y": y + size / 12,
                        "width": size * 5 / 6, "height": size * 5 / 6, "fill": "none",
                        "stroke": SIDE_COLOURS.get(owner, "#555555"),
                        "stroke-width": size / 20, "stroke-dasharray": f"{size / 10} {size / 20}"})
    _el(g, "circle", {"cx": cx, "cy": cy, "r": r, "fill": "#fff8dc",
                      "stroke": SIDE_COLOURS.get(owner, "#555555"), "stroke-width": size / 30})
    _text(g, cx, cy + r * 0.45, game.rules.tokens[token.kind].mark, r * 1.3,
          text_anchor="middle", fill="#222222")


# ---------------------------------------------------------------- control card
CARD_W = 420
HEAD_H = 46
ROW_H = 30
CUBE = 20
CUBE_GAP = 6
NAME_X = 18
RANGE_X = 236
MARK_X = 268
COST_X = 304


def _cubes(parent: ET.Element, x: float, y: float, filled: int, total: int, css: str,
           colour: str, with_filled: bool = True) -> None:
    for k in range(total):
        on = k < filled
        attrs: dict[str, Any] = {"class": css}
        if with_filled:
            attrs["data-filled"] = on
        attrs.update({"x": x + k * (CUBE + CUBE_GAP), "y": y, "width": CUBE, "height": CUBE,
                      "rx": 3, "fill": colour if on else "none", "stroke": colour,
                      "stroke-width": 2})
        _el(parent, "rect", attrs)


def _bolt(parent: ET.Element, x: float, y: float) -> None:
    """The "can be responded to" mark: a small lightning bolt."""
    pts = [(6, 0), (14, 0), (10, 8), (15, 8), (4, 22), (7, 12), (2, 12)]
    _el(parent, "polygon", {"class": "respondable-mark",
                            "points": " ".join(f"{_n(x + px)},{_n(y + py)}" for px, py in pts),
                            "fill": "#ff8a3d"})


def _maneuver_row(root, game, name: str, crew: int, y: float, lang: str) -> None:
    """One maneuver's row of a control card: its name (in yellow for a
    response, R1.5), range, lightning mark, cost boxes and the crew on it."""
    card = game.rules.maneuvers[name]
    cost = card.cost or 0
    g = _el(root, "g", {"class": "maneuver", "data-maneuver": name, "data-cost": cost,
                        "data-range": "self" if card.range is None else card.range,
                        "data-crew": crew, "data-respondable": card.respondable,
                        "data-response": card.response, "data-available": crew == 0})
    _el(g, "line", {"x1": 10, "y1": y, "x2": CARD_W - 10, "y2": y, "stroke": CARD_LINE,
                    "stroke-width": 1})
    if card.response:
        _el(g, "rect", {"class": "response-mark", "x": 10, "y": y + 5, "width": 3,
                        "height": ROW_H - 10, "fill": RESPONSE_YELLOW})
    _text(g, NAME_X, y + 20, display_name(name, lang, words=game.rules.words), 15,
          fill=RESPONSE_YELLOW if card.response else CARD_TEXT,
          opacity=1 if crew == 0 else 0.6, **{"class": "name"})
    _text(g, RANGE_X + 8, y + 20, "—" if card.range is None else str(card.range), 15,
          fill=CARD_TEXT, text_anchor="middle", **{"class": "range"})
    if card.respondable:
        _bolt(g, MARK_X, y + 4)
    for k in range(max(cost, crew)):  # a computed cost may have put more crew on it
        bx = COST_X + k * (CUBE + CUBE_GAP + 4)
        _el(g, "rect", {"class": "cost-box", "x": bx, "y": y + 5, "width": CUBE,
                        "height": CUBE, "fill": "none", "stroke": CARD_TEXT,
                        "stroke-width": 1.5})
        if k < crew:
            _el(g, "rect", {"class": "crew", "x": bx + 3, "y": y + 8, "width": CUBE - 6,
                            "height": CUBE - 6, "rx": 2, "fill": CREW_WHITE})


def _legend(root, height: float, words: dict) -> None:
    """The marks of a control card explained at its foot."""
    legend_y = height - 14
    _bolt(root, NAME_X, legend_y - 16)
    _text(root, NAME_X + 20, legend_y, words["respondable"], 11, fill="#aab4c0")
    _el(root, "rect", {"x": 170, "y": legend_y - 12, "width": 3, "height": 14,
                       "fill": RESPONSE_YELLOW})
    _text(root, 178, legend_y, words["response"], 11, fill=RESPONSE_YELLOW)
    _el(root, "rect", {"x": 300, "y": legend_y - 11, "width": 12, "height": 12, "rx": 2,
                       "fill": CREW_WHITE})
    _text(root, 318, legend_y, words["crew_cube"], 11, fill="#aab4c0")


def control_card(game, ship_id: str, *, lang: str = "en") -> str:
    """A ship's control card as a standalone SVG document.

    One ``<g class="maneuver" data-maneuver=...>`` per maneuver with its cost
    boxes (``class="cost-box"``) and a white cube (``class="crew"``) per crew
    on it (R4.1); response maneuvers are named in yellow (R1.5) and those
    that can be responded to carry a lightning mark; then the repair and
    breakdown tracks (``class="repair"`` / ``"breakdown"`` with
    ``data-filled``, R3.1) and the reserve and withdrawn crew (R1.3, R3.5).
    """
    words = _words(lang)
    ref = catalog(lang)["reference"]
    s = _ship(game, ship_id)
    spec = game.rules.ships[s.type]
    maneuvers = spec.maneuvers
    side_colour = SIDE_COLOURS.get(s.side, "#555555")

    rows_top = HEAD_H + 36
    tracks_top = rows_top + len(maneuvers) * ROW_H + 14
    height = tracks_top + 4 * (CUBE + 12) + 40
    root = _root(CARD_W, height, "redcode-control-card")
    _el(root, "title", None,
        f"{ship_display(s.id, lang, words=game.rules.words)} — {words['card']}")
    _el(root, "rect", {"class": "background", "x": 0, "y": 0, "width": CARD_W,
                       "height": height, "rx": 10, "fill": CARD_BG})
    _el(root, "path", {"d": f"M0 {HEAD_H}V10a10 10 0 0 1 10 -10H{CARD_W - 10}"
                            f"a10 10 0 0 1 10 10V{HEAD_H}Z", "fill": side_colour})
    _text(root, NAME_X, 30, display_name(s.type, lang, words=game.rules.words), 20,
          font_weight="bold", fill="#ffffff", **{"class": "ship-type"})
    status = words["at"].format(box=game.board.name(s.position)) if s.position is not None \
        else words["sunk"] if s.sunk else words["unplaced"]  # before the first turn (R2.8)
    for name, _ in s.statuses:
        status += ", " + status_name(name, lang, words=game.rules.words)
    _text(root, CARD_W - NAME_X, 20, s.id, 12, text_anchor="end", fill="#ffffff",
          **{"class": "ship-id"})
    _text(root, CARD_W - NAME_X, 37, status, 12, text_anchor="end", fill="#ffffff",
          **{"class": "status"})

    head_y = rows_top - 10
    _text(root, NAME_X, head_y, ref["maneuver"], 12, fill="#aab4c0")
    _text(root, RANGE_X + 8, head_y, ref["range"], 12, fill="#aab4c0", text_anchor="middle")
    _text(root, COST_X, head_y, ref["cost"], 12, fill="#aab4c0")

    for i, name in enumerate(maneuvers):
        _maneuver_row(root, game, name, s.crew_on[i], rows_top + i * ROW_H, lang)

    _el(root, "line", {"x1": 10, "y1": tracks_top - 8, "x2": CARD_W - 10,
                       "y2": tracks_top - 8, "stroke": CARD_TEXT, "stroke-width": 1.5})
    label_x, cubes_x = NAME_X, 160
    repairs, breakdowns = game.tracks(s.id)  # the tracks' sizes now (D9.15)
    rows = [
        (ref["repairs"], "repair", s.repairs, repairs, REPAIR_YELLOW, True),
        (ref["breakdowns"], "breakdown", s.breakdowns, breakdowns, BREAKDOWN_RED, True),
        (words["reserve"], "reserve", s.reserve, s.reserve, CREW_WHITE, False),
        (words["withdrawn"], "withdrawn", s.withdrawn, s.withdrawn, "#9aa5b1", False),
    ]
    for k, (label, css, filled, total, colour, tracked) in enumerate(rows):
        y = tracks_top + k * (CUBE + 12)
        count = f"{filled}/{total}" if tracked else str(filled)
        g = _el(root, "g", {"class": f"{css}-track" if tracked else f"{css}-crew",
                            "data-count": filled})
        _text(g, label_x, y + 15, f"{label}: {count}", 14, fill=CARD_TEXT)
        _cubes(g, cubes_x, y, filled, total, css, colour, with_filled=tracked)

    _legend(root, height, words)
    return _to_string(root)
