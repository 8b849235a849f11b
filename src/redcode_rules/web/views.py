"""What one seat, or a spectator, sees of a table: plain data for the pages.

The secrets stay here. A seat's view is read from ``game.observation(seat)``
(its own hand and what it was shown), the public pictures (the board and the
control cards show only what every player sees) and the public narration;
the moves, their click tree and the reasons a card cannot be played now are
only read for the seat that is to move, from its own legal moves. A
spectator's view is the public part alone: no hand, no moves. Nothing else
of the game reaches a page or a message (tests/test_web_secrets.py).
"""

from __future__ import annotations

from typing import Any

import attrs

from ..game import Game
from ..i18n.catalog import catalog, pick as pick_form, ship_display, status_name
from ..render.svg import visual_field
from ..terminal.setup import game_goal
from .clicks import Node, pick_tree
from .pictures import Picture, Pictures


@attrs.frozen
class CardView:
    """A card of one's hand: its name and text in the page's language, and
    why it cannot be played now (None: it can, or it is not one's turn)."""

    id: str
    name: str
    text: str
    playable: bool
    why: str | None


@attrs.frozen
class ShipOnPage:
    """A ship as every player sees it (the engine's ``ShipView``), named in the page's language."""

    id: str
    name: str
    side: str
    position: str | None
    repairs: int
    breakdowns: int
    reserve: int
    withdrawn: int
    hand: int
    statuses: tuple[tuple[str, str], ...]
    sunk: bool
    eliminated: bool
    player: str
    card: Picture


@attrs.frozen
class SeatView:
    """Everything one page of a table shows (see the module's docstring)."""

    lang: str
    seat: str | None
    seat_name: str | None
    status: str
    turn: str
    goal: str
    score: str | None
    over: bool
    board: Picture
    field: tuple[str, ...]
    own_box: str | None
    ships: tuple[ShipOnPage, ...]
    deck: str
    discards: str
    answering: str | None
    hand: tuple[CardView, ...]
    maneuver_why: tuple[tuple[str, str], ...]
    picks: dict[str, Any] | None
    labels: dict[str, str]
    undo: bool


def label(game: Game, key: str, lang: str) -> str:
    """The words of a click key in ``lang``: a card's or ship's name, a box, a button."""
    kind, _, value = key.partition(":")
    words = catalog(lang)["web"]
    rules = game.rules
    if kind == "word":
        return words.get(value, value)
    if value in game.ships:
        return ship_display(value, lang, words=rules.words)
    if value in rules.maneuvers or value in rules.orders:
        return rules.name_of(value, lang)
    if value == "withdrawn":
        return words["withdrawn"]
    return value


def labels_of(game: Game, tree: Node, lang: str) -> dict[str, str]:
    """The words of every key of a click tree."""
    out: dict[str, str] = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        for key, child in node.next.items():
            if key not in out:
                out[key] = label(game, key, lang)
            stack.append(child)
    return out


def seat_view(game: Game, seat: str | None, lang: str, players: dict[str, str],
              pictures: Pictures | None = None, undo: bool = False,
              only_move_played: bool = True) -> SeatView:
    """What ``seat`` sees (None: a spectator), in ``lang``; ``players``: who
    plays each ship (a person, or a bot's name), public; ``pictures``: the
    table's pictures, drawn only where the public state changed (web/pictures.py);
    ``undo``: whether the seat may take back its last move;
    ``only_move_played``: a person's only legal move is played for them (no
    choice is offered)."""
    pictures = pictures or Pictures()
    cat = catalog(lang)
    w = cat["web"]
    rules = game.rules
    own = rules.words
    obs = game.observation(seat if seat is not None else game.ships[0])
    name = lambda ship: ship_display(ship, lang, words=own)  # noqa: E731
    over = obs.winner is not None
    to_move = obs.to_move if not over else None
    mine = seat is not None and to_move == seat
    if mine and only_move_played and len(game.legal_moves()) == 1:
        mine = False  # nothing to choose: the table plays it
    status = _status_line(obs, cat, over, to_move, mine, players, name)
    score = None
    if obs.mode == "war":
        points = dict(obs.score)
        score = w["score"].format(blue=points.get("blue", 0), red=points.get("red", 0))
    sizes = dict(obs.hand_sizes)
    ships = tuple(
        ShipOnPage(s.id, name(s.id), s.side, s.position, s.repairs, s.breakdowns, s.reserve,
                 s.withdrawn, sizes.get(s.id, 0),
                 tuple((status_name(st, lang, words=own), rules.status_text(st, lang))
                       for st in s.statuses),
                 s.sunk, s.eliminated, players.get(s.id, "human"), pictures.card(game, s, lang))
        for s in obs.ships)
    own_box = game.ship(seat).position if seat is not None else None
    field = tuple(visual_field(game, seat)) if own_box is not None else ()
    discards = ", ".join(rules.name_of(c, lang) for c in obs.discards)
    view = dict(
        lang=lang, seat=seat, seat_name=name(seat) if seat is not None else None,
        status=status, turn=w["turn"].format(turn=obs.turn_number),
        goal=w["goal"].format(goal=game_goal(rules, obs.mode, lang)), score=score, over=over,
        board=pictures.board(game, obs, lang), field=field, own_box=own_box, ships=ships,
        deck=pick_form(w["deck"], obs.deck_size).format(count=obs.deck_size),
        discards=w["discards"].format(cards=discards) if discards else w["no_discards"],
        answering=None, hand=(), maneuver_why=(), picks=None, labels={}, undo=undo)
    if seat is None:
        return SeatView(**view)
    tree = pick_tree(game.legal_moves(), game.ships, _box_test(game)) if mine else Node()
    roots = set(tree.next)
    hand, maneuver_why = _hand_and_reasons(game, obs, seat, lang, roots, mine)
    if mine and obs.decision == "respond" and obs.stack:
        top = obs.stack[-1]
        on = w["on_ship"].format(ship=name(top.target)) if top.target else ""
        on += "".join(w["and_ship"].format(ship=name(other))  # every ship it targets (D7.7)
                      for other in top.targets[1:])
        view["answering"] = w["answering"].format(player=name(top.player),
                                                  card=rules.name_of(top.card, lang), on=on)
    view.update(hand=tuple(hand), maneuver_why=tuple(maneuver_why),
                picks=tree.as_data() if mine else None,
                labels=labels_of(game, tree, lang) if mine else {})
    return SeatView(**view)


def _status_line(obs, cat: dict, over: bool, to_move: str | None, mine: bool,
                 players: dict[str, str], name) -> str:
    """The line over the table: who won, whose decision it is, or who thinks."""
    w = cat["web"]
    if over:
        winner = cat["sides"].get(obs.winner, obs.winner)
        status = f"{w['over']} {cat['play']['winner'].format(winner=winner)}"
    elif to_move is None:
        status = ""
    else:
        decision = cat["play"]["decisions"].get(obs.decision or "", obs.decision or "")
        if mine:
            status = w["your_turn"].format(decision=decision)
        elif players.get(to_move, "human") != "human":
            status = w["thinking"].format(ship=name(to_move))
        else:
            status = w["waiting"].format(ship=name(to_move))
    return status


def _hand_and_reasons(game: Game, obs, seat: str, lang: str, roots: set,
                      mine: bool) -> tuple[list, list]:
    """The seat's hand, each card with whether it may be played now and why
    not, and why each of its maneuvers may not be used, said in ``lang``."""
    rules = game.rules
    hand = []
    before = game.lang
    game.lang = lang
    try:
        for card in obs.hand:  # its own hand, from its own observation
            playable = f"card:{card}" in roots
            why = None if playable or not mine else game.explain(f"order {card}", shown=True)
            hand.append(CardView(card, rules.name_of(card, lang), rules.text(card, lang),
                                 playable, why))
        maneuver_why = []
        if mine and obs.decision == "main":
            for maneuver in rules.ships[game.ship(seat).type].maneuvers:
                if f"maneuver:{maneuver}" not in roots:
                    reason = game.explain(maneuver, shown=True)
                    if reason:
                        maneuver_why.append((maneuver, reason))
    finally:
        game.lang = before
    return hand, maneuver_why


def _box_test(game: Game):
    """Whether a word of a move names a box of this game's board."""
    board_ = game.board
    names = {board_.name(i) for i in range(board_.width * board_.height)}
    return names.__contains__
