"""What a card set is made of on the table, read from its compiled rules in
one language: every word and number each printed component carries.

Order cards (one per copy), a control card per ship type and side, the map
cards, a reference card per status and token kind, the war score card and
the player aid. Two sets compare component by component, so ``new_cards``
can tell a designer's new or changed cards from those the edition already
prints. Nothing here draws (``faces``, ``control``, ``maps``, ``aid`` do).
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Union

import attrs

from ..base.kinds import Side
from ..i18n.catalog import catalog, pick, ship_display, status_name, token_name
from ..model.ruleset import Ruleset
from ..text.cards import breakdown_repairs, ship_rule_text, token_text


class Kind(enum.Enum):
    """The kinds of printed component, in the order a deck prints them."""

    ORDER = "order"
    STATUS = "status"
    TOKEN = "token"
    SCORE = "score"
    CONTROL = "control"
    MAP = "map"
    AID = "aid"


@attrs.frozen
class OrderCard:
    """An order card (R7.4): one printed face per copy."""

    kind = Kind.ORDER
    ident: str
    name: str
    text: str
    flavour: str | None
    copies: int = attrs.field(default=1, eq=False)
    source: str = attrs.field(default="", eq=False)
    """The designer's card file it comes from (empty for the edition's own)."""
    where: str = attrs.field(default="", eq=False)
    """Where it is declared (`my_cards.rc:12`), for an error about it."""


@attrs.frozen
class ManeuverRow:
    """A maneuver as a control card shows it: crew boxes, range, text (R4.1, R4.2)."""

    ident: str
    name: str
    text: str
    cost: int
    range: int | None
    response: bool
    """A response is printed in yellow (R1.5)."""
    where: str = attrs.field(default="", eq=False)
    """Where the maneuver is declared, for an error about its text."""


@attrs.frozen
class ControlCard:
    """A ship's control card (R1.2): its tracks, crew and maneuvers (R1.3, R1.5)."""

    kind = Kind.CONTROL
    ident: str
    """The ship type (`submarine`)."""
    side: Side
    name: str
    """The ship as a player names it (`Submarino azul`)."""
    rules_text: str
    """What the type does beyond its maneuvers (abilities, triggers), often empty."""
    flavour: str | None
    repairs: int
    breakdowns: int
    crew: int
    maneuvers: tuple[ManeuverRow, ...]
    copies: int = attrs.field(default=1, eq=False)
    source: str = attrs.field(default="", eq=False)
    where: str = attrs.field(default="", eq=False)


@attrs.frozen
class MapCard:
    """A map card of 2×2 boxes (R1.1); a start card names its side (D2.7)."""

    kind = Kind.MAP
    ident: str
    layout: tuple[str, ...]
    start_side: Side | None
    copies: int = attrs.field(default=1, eq=False)
    source: str = attrs.field(default="", eq=False)
    where: str = attrs.field(default="", eq=False)


@attrs.frozen
class StatusCard:
    """A reference card of a status cards give (R9): to set beside a ship that has it."""

    kind = Kind.STATUS
    ident: str
    name: str
    text: str
    flavour: str | None
    copies: int = attrs.field(default=1, eq=False)
    source: str = attrs.field(default="", eq=False)
    where: str = attrs.field(default="", eq=False)


@attrs.frozen
class TokenCard:
    """A reference card of a kind of board token: its mark and what it does."""

    kind = Kind.TOKEN
    ident: str
    name: str
    mark: str
    text: str
    copies: int = attrs.field(default=1, eq=False)
    source: str = attrs.field(default="", eq=False)
    where: str = attrs.field(default="", eq=False)


@attrs.frozen
class ScoreCard:
    """The war score card (R1.4, R8.3): a track per side up to the winning points."""

    kind = Kind.SCORE
    ident = "score"
    name: str
    goal: str
    points: int
    sides: tuple[tuple[Side, str], ...]
    """Each side and its word."""
    copies: int = attrs.field(default=1, eq=False)
    source: str = attrs.field(default="", eq=False)
    where: str = attrs.field(default="", eq=False)


@attrs.frozen
class PlayerAid:
    """The one-page player aid: headed sections of short paragraphs."""

    kind = Kind.AID
    ident = "player_aid"
    name: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    copies: int = attrs.field(default=1, eq=False)
    source: str = attrs.field(default="", eq=False)
    where: str = attrs.field(default="", eq=False)


Component = Union[OrderCard, ControlCard, MapCard, StatusCard, TokenCard, ScoreCard, PlayerAid]


def _sources(rules: Ruleset) -> dict[str, str]:
    """Each card file a user added (``--cards``), by the path its cards record."""
    return {path: path.replace("\\", "/").rsplit("/", 1)[-1] for path in rules.spec.extra}


def _where(item) -> str:
    """Where a declaration is (`cards/base/orders.rc:20`): its ``source``."""
    return f"{item.source.file}:{item.source.line}" if item.source.line else item.source.file


def components(rules: Ruleset, lang: str) -> list[Component]:
    """Every component of the card set in ``lang``, in printing order (``Kind``)."""
    files = _sources(rules)
    words = rules.words

    def source(item) -> str:
        return files.get(item.source.file, "")

    out: list[Component] = []
    for card in rules.orders.values():  # a token it places has a card of its own, below
        if card.copies > 0:
            out.append(OrderCard(card.id, rules.name_of(card.id, lang),
                                 rules.text(card.id, lang, tokens=False),
                                 rules.flavour(card.id, lang), card.copies, source(card),
                                 _where(card)))
    for status in rules.statuses.values():
        name = status_name(status.id, lang, words=words)
        out.append(StatusCard(status.id, name[:1].upper() + name[1:],
                              rules.status_text(status.id, lang), rules.flavour(status.id, lang),
                              source=source(status), where=_where(status)))
    for token in rules.tokens.values():
        name = token_name(token.id, lang, words)
        out.append(TokenCard(token.id, name[:1].upper() + name[1:], token.mark,
                             token_text(token, lang, rules.statuses, words,
                                        repairs=breakdown_repairs(rules))))
    out.append(score_card(rules, lang))
    for side in Side:
        for ship in rules.ships.values():
            out.append(control_card(rules, ship.id, side, lang, source(ship)))
    starts = iter(Side)  # D2.7: the first start card is blue's, the second red's
    for card in rules.maps.values():
        out.append(MapCard(card.id, card.layout, next(starts, None) if card.start else None,
                           source=source(card), where=_where(card)))
    out.append(player_aid(rules, lang))
    return out


def control_card(rules: Ruleset, ship_id: str, side: Side, lang: str,
                 source: str = "") -> ControlCard:
    """The control card of one ship type for one side."""
    ship = rules.ships[ship_id]
    name = ship_display(f"{side.value}-{ship.id}", lang, rules.words)
    # a token a maneuver places has a card of its own on the sheets (components)
    rows = tuple(ManeuverRow(m, rules.name_of(m, lang), rules.text(m, lang, tokens=False),
                             rules.maneuvers[m].cost or 0, rules.maneuvers[m].range,
                             rules.maneuvers[m].response, _where(rules.maneuvers[m]))
                 for m in ship.maneuvers)
    return ControlCard(ship.id, side, name[:1].upper() + name[1:],
                       ship_rule_text(ship, lang, rules.statuses, rules.words,
                                      repairs=breakdown_repairs(rules)),
                       rules.flavour(ship.id, lang), ship.repairs, ship.breakdowns, ship.crew,
                       rows, source=source, where=_where(ship))


def score_card(rules: Ruleset, lang: str) -> ScoreCard:
    """The war score card of the rules' winning points (R8.3)."""
    said = catalog(lang)["print"]
    points = rules.options.victory_points
    sides = tuple((side, catalog(lang)["sides"][side.value].capitalize()) for side in Side)
    return ScoreCard(said["score"], pick(said["score_goal"], points).format(points=points),
                     points, sides)


def player_aid(rules: Ruleset, lang: str) -> PlayerAid:
    """The player aid's sections, their numbers those of the rules' options."""
    said = catalog(lang)["print"]["aid"]
    o = rules.options

    def count(phrase: str, n: int) -> str:
        return pick(said["counted"][phrase], n).format(n=n)

    values = {"recover": count("crew", o.recover),
              "orders": count("order_cards", o.orders_per_turn),
              "hand": count("order_cards", o.hand_limit),
              "points": count("points", o.victory_points),
              "draws": count("order_cards", o.sinker_draws), "turns": o.turn_limit,
              "sinking": said["sinking"][o.sinker_draws_for],
              "orders_answered": said["orders_answered"][o.orders_respondable]}
    return PlayerAid(said["title"], tuple(
        (section["heading"], tuple(text.format(**values) for key, text in section.items()
                                   if key != "heading"))
        for section in said["sections"].values()))


def new_cards(rules: Ruleset, base: Ruleset, lang: str) -> list[Component]:
    """The components of ``rules`` that ``base`` does not print the same: new
    ones and changed ones whole, and of an order card printed as it was only
    the copies it gained."""
    had = Counter()
    for item in components(base, lang):
        had[item] += item.copies
    out = []
    for item in components(rules, lang):
        extra = item.copies - had[item]
        if extra > 0:
            out.append(attrs.evolve(item, copies=extra))
    return out
