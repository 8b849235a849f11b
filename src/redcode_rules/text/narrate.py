"""The game log as sentences in any language, and the board as text.

Each event is a sentence of the catalog (``events``), its values said the
way the language says them: a ship by its name with its article and
contracted prepositions (i18n.ShipName: `del submarino azul`), a card as the
subject of a line with the word for its kind (`la maniobra Órdenes`), a
status by its state agreeing with the ship (`la portaerei rossa viene
intercettata`, text/statuses.py), a token by its name and article (`la
mina`), numbers in digits. A cancellation is told once, when the response
cancels the item: the item's own turn to resolve says nothing more.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Protocol

from ..base.kinds import Pile
from ..i18n.catalog import (ShipName, Words, catalog, display_name, gender, mode_name, pick,
                            status_name, token_name, with_article)
from ..i18n.grammar import fuse
from ..rules.events import EVENT_KINDS
from .statuses import NEUTRAL, said


class EventView(Protocol):
    """What narration reads of a log event (state.Event: the state sits
    above, and its ``str`` narrates an event)."""

    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> Mapping[str, object]: ...


class ShipLetterView(Protocol):
    """What the text board reads of a ship type (model.ShipDef, above)."""

    @property
    def letter(self) -> str: ...

SHIP_KEYS = ("player", "ship", "by", "of", "target", "to", "other")
#: Events whose line stands flush left (a turn, the game's start and end).
TOP_LEVEL = frozenset(k for k, e in EVENT_KINDS.items() if e.top_level)
#: Events that say how much of something changed: with nothing changed (an
#: amount of 0: "loses 0 crew"), they are not worth a line.
AMOUNT_KEYS = {k: e.amount for k, e in EVENT_KINDS.items() if e.amount is not None}
#: The nature a status has where the card set does not say (an event read alone).
DEFAULT_NATURE = NEUTRAL
#: The events that declare a card, and the kind of card each declares.
DECLARES = {"use": "maneuver", "respond": "maneuver", "order": "order"}


def narrate_event(event: EventView, lang: str = "en", words: Words | None = None,
                  gained: int | None = None, natures: Mapping[str, str] | None = None,
                  kinds: Mapping[str, str] | None = None) -> str:
    """One log event as a sentence (empty for events not worth a line, and for
    a change of nothing); ``words``: the card set's own names
    (``Ruleset.words``); ``gained``: the points a score event adds (its
    ``points`` are the side's new total), when the events before it tell;
    ``natures``: each status's nature (``Ruleset.natures``), which chooses
    how a status named only by a noun is said (neutral where not given);
    ``kinds``: the kind of each card declared before it (``narrate`` reads
    them from the log), which names it as a maneuver or an order card."""
    cat = catalog(lang)
    events = cat["events"]
    data = dict(event.data)
    kind = event.kind
    spec = EVENT_KINDS.get(kind)
    if spec is None or not spec.narrated:
        return ""
    if kind == "score":
        if gained is not None:
            data["gained"] = gained
            kind = "score" if gained >= 0 else "score_lost"
        else:
            kind = "score_total"
    if kind == "recover" and str(data.get("source")) == Pile.WITHDRAWN:
        kind = "recover_withdrawn"
    key = AMOUNT_KEYS.get(event.kind)
    if key is not None and data.get(key) == 0:
        return ""
    template = events.get(kind)
    if not template:
        return ""
    data.setdefault("turn", event.turn)
    if kind == "chose":  # a mode chosen by another (D4.17), as its card says it
        data["card_mode"] = _mode(data, lang, words)
    if kind == "trigger":
        template = _trigger(data, lang, words, natures, events["trigger"])
    on = _where(data, spec.optional, events, lang, words)
    _name_fields(data, spec.fields, cat, lang, words, natures, kinds)
    data["on"] = on
    amount = data.get("amount", data.get("count", data.get("gained", data.get("points"))))
    line = fuse(lang, pick(template, amount).format(**data))
    for i, ch in enumerate(line):  # capitalise the first letter ("*** Red destroyer…")
        if ch.isalpha():
            return line[:i] + ch.upper() + line[i + 1:]
    return line


def _where(data: dict, optional, events: Mapping, lang: str, words: Words | None) -> str:
    """Where a card went: its targets, area or box, and its path, as the
    event's line says them after its card ("on red destroyer at c3")."""
    on = ""
    if "card_mode" in data:  # the mode chosen with the card (D4.15)
        on += events["in_mode"].format(mode=_mode(data, lang, words))
    if "chosen" in data:  # the amount chosen with the card (D4.19)
        on += events["with_amount"].format(chosen=data["chosen"])
    if "target" in data:
        on += events["on_target"].format(target=ShipName(str(data["target"]), lang, words))
        for other in data.get("targets", [])[1:]:  # the further ships of a set (D4.13)
            on += events["and_target"].format(target=ShipName(str(other), lang, words))
    if "area" in data:
        on += events["on_area"].format(area=data["area"])
    elif "box" in data and "box" in optional:  # a box target (D4.11)
        on += events["on_box"].format(box=data["box"])
    if "path" in optional and "path" in data:  # a move's own notation: its path
        on += events["on_path"].format(path=" ".join(data["path"]))
    return on


def _name_fields(data: dict, fields, cat: Mapping, lang: str, words: Words | None,
                 natures: Mapping[str, str] | None, kinds: Mapping[str, str] | None) -> None:
    """Each field of an event as its line names it: ships, cards, tokens and
    statuses by the card set's words in ``lang``, sides agreeing with their
    word, and the catalog's words for modes and reasons."""
    events = cat["events"]
    ship_gender = None
    if "ship" in data:
        ship_gender = _ship_gender(str(data["ship"]), lang, words)
    for key in SHIP_KEYS:
        if key in data:
            data[key] = ShipName(str(data[key]), lang, words)  # {ship}, {ship:de}: i18n.ShipName
    if "card" in data:
        card = str(data["card"])
        data["card"] = display_name(card, lang, words)
        data["the_card"] = events["card_kinds"][(kinds or {}).get(card, "maneuver")].format(
            name=data["card"])
    if "cards" in data and isinstance(data["cards"], list):  # cards shown, face up (D7.15)
        data["cards"] = ", ".join(display_name(str(c), lang, words) for c in data["cards"])
    if "path" in fields:  # where a ship went: the path itself is in the card's line
        data["to"] = data["path"][-1]
    if "source" in data:  # where a crew came back from
        data["source"] = display_name(str(data["source"]), lang, words)
    if "track" in data:
        data["track"] = pick(cat["tracks"][data["track"]], data.get("amount"))
    if "zone" in data:  # the deck or the discards, as the language says them (D7.13)
        data["zone"] = cat["zones"][str(data["zone"])]
    if "token" in data:  # "mine token", "ficha de mina": the card set's own word
        data["token"] = token_name(str(data["token"]), lang, words)
    if "status" in data:
        status = str(data["status"])
        nature = (natures or {}).get(status, DEFAULT_NATURE)
        data["gets"] = said("gets", status, lang, words, ship_gender, nature)
        data["ends"] = said("ends", status, lang, words, ship_gender, nature)
        data["status"] = status_name(status, lang, words=words)
    if "side" in data:  # "la squadra rossa": the colour agrees with the word for a side
        sides = cat["sides_feminine"] if gender("side", lang).startswith("f") else cat["sides"]
        data["side"] = sides.get(str(data["side"]), data["side"])
    if "winner" in data:
        data["winner"] = cat["sides"].get(str(data["winner"]), data["winner"])
    if "mode" in data:
        data["mode"] = cat["modes"].get(str(data["mode"]), data["mode"])
    if "reason" in data:
        data["reason"] = cat["reasons"].get(str(data.get("reason")), data.get("reason"))
    if "gained" in data:
        data["gained"] = abs(data["gained"])


def _mode(data: dict, lang: str, words: Words | None) -> str:
    """The mode of an event's card as the card says it (its name in the card
    file, D4.15); of an event saved without its card, the mode's word."""
    mode = str(data["card_mode"])
    return mode_name(str(data["card"]), mode, lang, words) if "card" in data \
        else mode.replace("_", " ")


def _ship_gender(ship_id: str, lang: str, words: Words | None) -> str | None:
    """The gender of a ``<side>-<type>`` ship's name (None: a name a scenario chose)."""
    side, _, kind = ship_id.partition("-")
    return gender(kind, lang, words) if side in ("blue", "red") and kind else None


def _trigger(data: dict, lang: str, words: Words | None,
             natures: Mapping[str, str] | None, said_as: Mapping[str, str]) -> str:
    """The sentence of a trigger that fires, by what holds it (its ``trigger``
    key is ``holder kind:holder id:index``): a ship type's ability (`an
    ability of the red hunter`), a status (named: `a status of the blue
    submarine takes effect (burning)`), a token (`la mina de d3`), never the
    engine's words for it."""
    holder_kind, _, rest = str(data["trigger"]).partition(":")
    ident = rest.partition(":")[0]
    holder = str(data["holder"])
    if holder_kind == "token":
        name = token_name(ident, lang, words)
        data["token"] = with_article(lang, name, gender(ident, lang, words)) \
            if catalog(lang)["grammar"]["articles"] else name
        data["box"] = holder.rpartition(" ")[2]
        return said_as["token"]
    data["ship"] = holder
    if holder_kind == "status":  # named, not said as the ship's state: it may have ended
        data["status"] = status_name(ident, lang, words=words)  # (a sinking ends it, R9.2)
        return said_as["status"]
    return said_as["ship"]


def narrate(events: Iterable[EventView], lang: str = "en", words: Words | None = None,
            since: int = 0, scores: dict[str, int] | None = None,
            natures: Mapping[str, str] | None = None) -> list[str]:
    """The log as indented lines; turn headers flush left; ``words``: the card
    set's own names (``Ruleset.words``). Only the events from ``since`` on are
    told; those before it, and ``scores`` (the score before the first event,
    0 each by default), tell what each score event adds, and which cards
    were declared as maneuvers or order cards; ``natures``: each status's
    nature (``Ruleset.natures``). An item cancelled by a response was told
    so when the response resolved: its own turn to resolve is not told."""
    lines = []
    totals = dict(scores or {})
    kinds: dict[str, str] = {}
    cancelled: list[tuple[str, str]] = []
    for i, event in enumerate(events):
        gained = None
        data = event.data
        if event.kind == "score":
            side, points = data.get("side"), data.get("points")
            if isinstance(points, int):
                gained = points - totals.get(side, 0)
                totals[side] = points
        elif event.kind in DECLARES:
            kinds[str(data.get("card"))] = DECLARES[event.kind]
        elif event.kind == "cancel":
            cancelled.append((str(data.get("card")), str(data.get("of"))))
        elif event.kind == "cancelled":
            told = (str(data.get("card")), str(data.get("player")))
            if told in cancelled:
                cancelled.remove(told)
                continue
        if i < since:
            continue
        line = narrate_event(event, lang, words, gained, natures, kinds)
        if line:
            lines.append(("" if event.kind in TOP_LEVEL else "  ") + line)
    return lines


def ship_letter(ship: ShipLetterView, side: str) -> str:
    """A ship's mark on the text board: its type's ``letter``, upper case for
    blue and lower case for red (S/s submarine in the base cards)."""
    return ship.letter.upper() if side == "blue" else ship.letter


def board_text(game) -> str:
    """The board of the moment with coordinates (its terrain tokens applied,
    D2.14); ships, else tokens (their ``mark``), replace their box's character."""
    board = game.board_now()
    types = game.rules.ships
    grid = [list(row) for row in board.rows()]
    tokens = game.rules.tokens
    for token in game.state.tokens:  # a ship on the box hides the token
        grid[token.box // board.width][token.box % board.width] = tokens[token.kind].mark
    for ship in game.state.ships:
        if ship.position is not None:
            grid[ship.position // board.width][ship.position % board.width] = \
                ship_letter(types[ship.type], ship.side)
    header = "   " + " ".join("abcdefghijklmnopqrstuvwxyz"[:board.width])
    lines = [header] + [f"{r + 1:>2} " + " ".join(row) for r, row in enumerate(grid)]
    return "\n".join(lines)
