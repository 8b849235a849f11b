"""The game log as sentences, and the board as text."""

from __future__ import annotations

from typing import Iterable

from .i18n import catalog
from .state import Event

TYPE_LETTERS = {"submarine": "s", "destroyer": "d", "aircraft_carrier": "c"}


def narrate_event(event: Event, lang: str = "en") -> str:
    """One log event as a sentence (empty for events not worth a line)."""
    cat = catalog(lang)
    template = cat["events"].get(event.kind, "")
    if not template:
        return ""
    data = dict(event.data)
    data.setdefault("turn", event.turn)
    on = ""
    if "target" in data:
        on += cat["events"]["on_target"].format(target=data["target"])
    if "area" in data:
        on += cat["events"]["on_area"].format(area=data["area"])
    if "path" in data:
        on += cat["events"]["on_path"].format(path=" ".join(data["path"]))
    data["on"] = on
    if event.kind == "move":
        data["to"] = " ".join(data["path"])
    if event.kind == "game_over":
        data["reason"] = cat["reasons"].get(str(data.get("reason")), data.get("reason"))
    return template.format(**data)


def narrate(events: Iterable[Event], lang: str = "en") -> list[str]:
    lines = []
    for event in events:
        line = narrate_event(event, lang)
        if line:
            lines.append(("" if event.kind in ("turn_start", "game_start", "game_over") else "  ")
                         + line)
    return lines


def ship_letter(ship_type: str, side: str) -> str:
    """Blue ships in upper case, red in lower case: S/s submarine, D/d, C/c carrier."""
    letter = TYPE_LETTERS.get(ship_type, ship_type[:1])
    return letter.upper() if side == "blue" else letter.lower()


def board_text(game) -> str:
    """The board with coordinates; ships replace their box's character."""
    board = game.board
    grid = [list(row) for row in board.rows()]
    for ship in game.state.ships:
        if ship.position is not None:
            grid[ship.position // board.width][ship.position % board.width] = \
                ship_letter(ship.type, ship.side)
    header = "   " + " ".join("abcdefghijklmnopqrstuvwxyz"[:board.width])
    lines = [header] + [f"{r + 1:>2} " + " ".join(row) for r, row in enumerate(grid)]
    return "\n".join(lines)
