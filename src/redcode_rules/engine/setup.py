"""Setting up a new game: the board from map cards, seats, ships, deck,
hands, and its beginning (``begin``)."""

from __future__ import annotations

import enum
import re
from typing import TYPE_CHECKING, Sequence

from ..base.errors import ScenarioError, SetupError, quote
from ..base.rng import seed_state, shuffle
from ..model.ruleset import PLACEMENTS, Ruleset
from ..model.state import GameState, ShipState
from ..rules.board import CURRENT, MAX_RUNNING_WATER, Board, parse_box
from .chance import ChanceKind, Explicit
from .validate import MODES, team_problems

if TYPE_CHECKING:
    from .machine import Engine


def default_start_cards(width: int, height: int) -> dict[str, str]:
    """D2.7: blue's start card is the top-left card, red's the bottom-right."""
    return {"blue": "a1", "red": f"{chr(ord('a') + width - 2)}{height - 1}"}


class Default(enum.Enum):
    """A parameter left out, where None is a mistake to report (``teams=None``)."""

    TEAMS = "default teams"   # one ship each: the first two ship types declared


def default_teams(rules: Ruleset, blue: int, red: int) -> list[list[str]]:
    """Teams of N ships: blue takes the types in order, red starts one type later."""
    types = list(rules.ships)
    rotated = types[1:] + types[:1]
    return [types[:blue], rotated[:red]]


#: Teams written by their sizes, blue's then red's: ``1v1``, ``2v2``, ``3v3``.
TEAM_SIZES = re.compile(r"(\d{1,3})v(\d{1,3})")


def sized_teams(rules: Ruleset, text: str) -> list[list[str]] | None:
    """Teams written as sizes (``"2v2"``), as the command line, OpenSpiel
    and PettingZoo take them: each side's default ship types
    (``default_teams``); None for text that is not a size. ``SetupError``
    for a side of more ships than there are types (R1.2) or of none."""
    found = TEAM_SIZES.fullmatch(text.strip().lower())
    if found is None:
        return None
    blue, red = int(found[1]), int(found[2])
    most = len(rules.ships)
    if not (1 <= blue <= most and 1 <= red <= most):
        raise SetupError("teams", f"each side has 1 to {most} ships (one of each type, R1.2), "
                         f"not {quote(text)}")
    return default_teams(rules, blue, red)


def start_boxes(top_left: str, width: int, height: int) -> tuple[int, ...]:
    """The 4 boxes of a start card named by its top-left box."""
    i = parse_box(top_left, width, height)
    if i is None or i % width + 2 > width or i // width + 2 > height:
        raise ScenarioError("start_cards", f"{quote(top_left)} is not the top-left box of a 2x2 "
                            "card on the board (D2.7)")
    return (i, i + 1, i + width, i + width + 1)


def make_board(cells: str, rules: Ruleset, start_cards: dict[str, str]) -> Board:
    w = 2 * rules.options.board_columns
    h = 2 * rules.options.board_rows
    starts = {side: start_boxes(box, w, h) for side, box in start_cards.items()}
    if cells.count(CURRENT) > MAX_RUNNING_WATER:  # moves' outcomes double with each
        raise ScenarioError("board", f"has {cells.count(CURRENT)} running-water boxes; "
                            f"a board holds at most {MAX_RUNNING_WATER} (a whole row), so "
                            "that listing the moves through them stays quick")
    return Board(w, h, cells, starts, dict(start_cards), rules.options.neighbours)


def deal_map(rules: Ruleset, rng: int,
             chance: Explicit | None = None) -> tuple[str, dict[str, str], int]:
    """R1.1, D2.7: start cards in opposite corners, 10 shuffled cards elsewhere
    (explicit ``chance``: each dealt in reading order by the chance player)."""
    cols, rows = rules.options.board_columns, rules.options.board_rows
    w = 2 * cols
    starts = [m for m in rules.maps.values() if m.start]
    others = [m for m in rules.maps.values() if not m.start]
    if chance is None:
        rng = shuffle(rng, others)
    else:
        others = dealt_by_chance(others, chance, cols * rows - 2)
        if chance.asked is not None:  # still dealing: the places to deal are open water
            others = []
    grid = [["."] * w for _ in range(2 * rows)]
    corner = {(0, 0): starts[0], (cols - 1, rows - 1): starts[1]}
    pile = iter(others)
    for cy in range(rows):
        for cx in range(cols):
            card = corner.get((cx, cy)) or next(pile, None)
            if card is None:
                continue
            for dy in range(2):
                for dx in range(2):
                    grid[2 * cy + dy][2 * cx + dx] = card.layout[dy][dx]
    cells = "".join("".join(r) for r in grid)
    start_cards = default_start_cards(w, 2 * rows)
    return cells, start_cards, rng


def dealt_by_chance(cards: list, chance: Explicit, count: int) -> list:
    """Explicit chance: the ``count`` map cards the chance player deals, in
    the order dealt (the board's places in reading order, R1.1)."""
    left = {card.id: card for card in cards}
    order = []
    while left and len(order) < count and chance.asked is None:
        order.append(left.pop(chance.pick(ChanceKind.DEAL, sorted(left))))
    return order


#: Explicit chance deals a setup once per outcome: its boards, by rules and
#: cells (a board is immutable; the same few while the map is dealt).
_DEALT_BOARDS: dict[tuple[str, str, tuple[tuple[str, str], ...]], Board] = {}


def dealt_board(cells: str, rules: Ruleset, start_cards: dict[str, str]) -> Board:
    """``make_board``, kept for the next deal of the same setup."""
    key = (rules.hash, cells, tuple(sorted(start_cards.items())))
    board = _DEALT_BOARDS.get(key)
    if board is None:
        if len(_DEALT_BOARDS) >= 64:
            _DEALT_BOARDS.clear()
        board = _DEALT_BOARDS[key] = make_board(cells, rules, start_cards)
    return board


def seat_order(blue: Sequence[str], red: Sequence[str]) -> list[tuple[str, str]]:
    """D6.3: sides alternate by seat, blue first: (side, ship type) per seat."""
    seats = []
    for k in range(max(len(blue), len(red))):
        if k < len(blue):
            seats.append(("blue", blue[k]))
        if k < len(red):
            seats.append(("red", red[k]))
    return seats


#: D2.8: the fixed placement, per side, in the order its ships are placed
#: (its seats' order): the start card's boxes nearest the enemy first, as
#: (column, row) offsets from the card's top-left box.
FIXED_PLACEMENT = {"blue": ((1, 1), (0, 1), (1, 0), (0, 0)),   # b2 a2 b1 a1
                   "red": ((0, 0), (1, 0), (0, 1), (1, 1))}    # g5 h5 g6 h6


def place_fixed(board: Board, ships: Sequence[ShipState]) -> None:
    """D2.8: each side's ships, in seat order, on the fixed boxes of its start
    card that are navigable (R2.3)."""
    for side, offsets in FIXED_PLACEMENT.items():
        top_left = board.starts[side][0]
        boxes = [top_left + dx + dy * board.width for dx, dy in offsets]
        boxes = [b for b in boxes if not board.is_island(b)]
        team = [s for s in ships if s.side == side]
        if len(team) > len(boxes):
            raise SetupError("teams", f"{side} has {len(team)} ships and its start card "
                             f"{len(boxes)} navigable boxes (R2.8)")
        for ship, box in zip(team, boxes):
            ship.position = box


#: A seed is a 64-bit whole number, signed or not: every seed a program passes
#: (``random.getrandbits(64)``, a C ``int64_t``) and nothing larger, so no
#: reader ever multiplies a number of thousands of digits.
SEED_RANGE = (-(1 << 63), (1 << 64) - 1)


def seed_fault(seed: object) -> str | None:
    """Why ``seed`` is not a seed, or None: the one check of ``new_game``,
    scenarios, saves and replays."""
    low, high = SEED_RANGE
    if isinstance(seed, bool) or not isinstance(seed, int):
        return f"must be a whole number, not {quote(seed)}"
    if not low <= seed <= high:
        return f"must be a 64-bit whole number, from {low} to {high}"
    return None


def new_state(rules: Ruleset, mode: str, teams: Sequence[Sequence[str]], seed: int,
              placement: str = "choose", chance: Explicit | None = None) -> GameState:
    """A fresh game: board, ships, shuffled deck, 1 card each (R7.1).

    ``placement`` (R2.8, D2.8): "choose" leaves every ship off the board, to
    be placed by its player before the first turn (``Turns.next_placement``
    starts that); "fixed" puts them on the boxes of ``FIXED_PLACEMENT``.
    """
    if mode not in MODES:
        raise SetupError("mode", f"unknown mode {quote(mode)}; modes are war and arena")
    if isinstance(teams, (str, bytes)) or not isinstance(teams, Sequence) or \
            any(isinstance(t, (str, bytes)) or not isinstance(t, Sequence)
                or not all(isinstance(kind, str) for kind in t) for t in teams):
        raise SetupError("teams", f"two lists of ship types, e.g. [['submarine'], "
                         f"['destroyer']], not {quote(teams)}")
    if len(teams) != 2 or not all(teams):
        raise SetupError("teams", "two sides of one or more ships each, e.g. "
                         "[['submarine'], ['destroyer']]")
    for team in teams:
        for t in team:
            if t not in rules.ships:
                raise SetupError("teams", f"unknown ship type {quote(t)}; types are "
                                 f"{', '.join(rules.ships)}")
    seats = seat_order(teams[0], teams[1])
    for problem in team_problems([(side, kind, f"{side}-{kind}") for side, kind in seats]):
        if problem.place == ("ships",):  # D2.9
            raise SetupError("teams", problem.reason)
        # R1.2, said of the teams given: their ships have no ids yet
        raise SetupError("teams", f"{seats[problem.place[1]][0]} has two ships of one type "
                         "(R1.2)")
    fault = seed_fault(seed)
    if fault:
        raise SetupError("seed", fault)
    rng = seed_state(seed)
    cells, start_cards, rng = deal_map(rules, rng, chance)
    if placement not in PLACEMENTS:
        raise SetupError("placement", f"unknown placement {quote(placement)}; placements are "
                         f"{' and '.join(PLACEMENTS)} (R2.8, D2.8)")
    board = make_board(cells, rules, start_cards) if chance is None else \
        dealt_board(cells, rules, start_cards)
    ships = []
    for side, kind in seats:
        spec = rules.ships[kind]
        ships.append(ShipState(f"{side}-{kind}", side, kind, None, spec.repairs,
                               spec.breakdowns, spec.crew, [0] * len(spec.maneuvers)))
    if placement == "fixed":
        place_fixed(board, ships)
    deck = rules.deck
    hands = []
    if chance is not None:  # an unordered pile: each card drawn is asked
        for _ in ships:
            hands.append([])
        for hand in hands:
            for _ in range(min(rules.options.start_hand, len(deck))):
                card = chance.pick(ChanceKind.DRAW, deck)
                if chance.asked is not None:  # the setup so far: what is dealt
                    break
                hand.append(card)
                deck.remove(card)
        return GameState(mode=mode, board=cells, start_cards=start_cards, ships=ships,
                         hands=hands, deck=deck, discard=[], score={"blue": 0, "red": 0},
                         rng=rng)
    rng = shuffle(rng, deck)
    for _ in ships:
        hands.append(deck[:rules.options.start_hand])
        del deck[:rules.options.start_hand]
    return GameState(mode=mode, board=cells, start_cards=start_cards, ships=ships, hands=hands,
                     deck=deck, discard=[], score={"blue": 0, "red": 0}, rng=rng)


def begin(eng: Engine, mode: str) -> None:
    """A new game begins on ``eng``: logged, then the players place their
    ships (R2.8) or the first turn begins, and the game runs on to the first
    decision."""
    eng.event("game_start", mode=mode, board=eng.board.rows())
    if eng.rules.status_rules.tracks:  # a ship starts full: its abilities may size it (D9.15)
        for seat in range(len(eng.state.ships)):
            eng.ops.fill_tracks(seat)
    eng.turns.next_placement()
    eng.advance()
