"""Positions from the YAML scenario format of docs/scenarios.md.

Every field is checked and a bad one raises ``ScenarioError`` naming it
(``ships.red-destroyer.crew_on.torpedo``). YAML is read with safe loading.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Mapping

import yaml

from .errors import DslError, RedCodeError, ScenarioError
from .loader import load_ruleset
from .model import Ruleset
from .rng import seed_state, shuffle
from .setup import MODES, check_sides, default_start_cards, make_board, seat_order
from .state import GameState, ShipState

TOP_FIELDS = ("edition", "extra", "mode", "seed", "board", "start_cards", "ships", "hands",
              "deck", "discard", "score", "turn", "phase", "order_played", "turn_number")
SHIP_FIELDS = ("at", "side", "type", "repairs", "breakdowns", "reserve", "crew_on", "withdrawn",
               "intercepted", "sunk")
SHIP_ID = re.compile(r"[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*")
PHASES = {"recover": "recover", "maneuvers": "main", "main": "main", "place": "place"}


def _unknown(field: str, key: Any, known: tuple[str, ...]) -> ScenarioError:
    match = difflib.get_close_matches(str(key), known, n=1)
    hint = f" — did you mean {match[0]!r}?" if match else ""
    return ScenarioError(f"{field}{key}" if field else str(key),
                         f"unknown field{hint} (fields: {', '.join(known)})")


def _int(value: Any, field: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(field, f"must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"at least {low}"
        raise ScenarioError(field, f"{value} is out of range ({span})")
    return value


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(field, f"must be true or false, not {value!r}")
    return value


def _mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(field, f"must be a mapping, not {type(value).__name__}")
    return value


def _cards(value: Any, field: str, rules: Ruleset) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(field, "must be a list of order card ids")
    for i, card in enumerate(value):
        if not isinstance(card, str) or card not in rules.orders:
            match = difflib.get_close_matches(str(card), list(rules.orders), n=1)
            hint = f" — did you mean {match[0]!r}?" if match else ""
            raise ScenarioError(f"{field}[{i}]", f"unknown order card {card!r}{hint}")
    return list(value)


def _placement_turn(data: Mapping[str, Any], ships: list[ShipState], board) -> int:
    """``phase: place`` (R2.8): the ships without ``at`` are still to be placed,
    in seat order; the first of them places now (``turn`` may name it). Each
    side's start card must have a free navigable box for each of its own."""
    unplaced = [seat for seat, s in enumerate(ships) if s.position is None]
    if not unplaced:
        raise ScenarioError("phase", "phase: place needs a ship still to be placed (one "
                            "without at:, R2.8)")
    first = ships[unplaced[0]].id
    if data.get("turn", first) != first:
        raise ScenarioError("turn", f"{first} places first: ships are placed in seat order "
                            "(R2.8)")
    taken = {s.position for s in ships if s.position is not None}
    for side in ("blue", "red"):
        waiting = sum(1 for seat in unplaced if ships[seat].side == side)
        free = [b for b in board.starts[side] if b not in taken and not board.is_island(b)]
        if waiting > len(free):
            raise ScenarioError("ships", f"{waiting} {side} ships to place and {len(free)} free "
                                f"navigable boxes on the {side} start card (R2.8)")
    return unplaced[0]
def _check_teams(listed: Mapping[str, list[ShipState]]) -> None:
    """R1.2: one ship of each type per side; D2.9: equal sides, 1v1 to 3v3.
    Sunk (war) and eliminated (arena) ships keep their seats, so they count."""
    for side, ships in listed.items():
        seen: dict[str, str] = {}
        for ship in ships:
            if ship.type in seen:
                raise ScenarioError(f"ships.{ship.id}", f"{side} already has a {ship.type} "
                                    f"({seen[ship.type]}): one ship of each type per side "
                                    "(R1.2)")
            seen[ship.type] = ship.id
    check_sides(len(listed["blue"]), len(listed["red"]), "ships")


def load_scenario_data(scenario: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(scenario, str):
        try:
            data = yaml.safe_load(scenario)
        except yaml.YAMLError as err:
            raise ScenarioError("yaml", f"not valid YAML: {err}") from None
    else:
        data = scenario
    return _mapping(data, "scenario")


def game_from_scenario(scenario: str | Mapping[str, Any]):
    """Build the game; any malformed value becomes a ScenarioError, never a crash."""
    try:
        return _game_from_scenario(scenario)
    except RedCodeError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as err:
        raise ScenarioError("scenario", f"malformed value ({type(err).__name__}: {err})") \
            from None


def _game_from_scenario(scenario: str | Mapping[str, Any]):
    from .game import Game

    data = load_scenario_data(scenario)
    for key in data:
        if key not in TOP_FIELDS:
            raise _unknown("", key, TOP_FIELDS)
    edition = data.get("edition", "en")
    extra = data.get("extra") or []
    if not isinstance(edition, str):
        raise ScenarioError("edition", "must be an edition name (en, es, it) or a file path")
    if not isinstance(extra, list) or not all(isinstance(e, str) for e in extra):
        raise ScenarioError("extra", "must be a list of card file paths")
    try:
        rules = load_ruleset(edition, extra)
    except DslError as err:
        raise ScenarioError("edition", str(err)) from None
    opts = rules.options
    width, height = 2 * opts.board_columns, 2 * opts.board_rows

    mode = data.get("mode", "war")
    if mode not in MODES:
        raise ScenarioError("mode", f"must be war or arena, not {mode!r}")
    seed = _int(data.get("seed", 0), "seed", low=-(2 ** 63))
    rng = seed_state(seed)

    # board ------------------------------------------------------------
    board_text = data.get("board")
    if board_text is None:
        cells = "." * (width * height)
    else:
        if not isinstance(board_text, str):
            raise ScenarioError("board", f"must be {height} lines of {width} boxes")
        rows = [r.strip() for r in board_text.strip().splitlines()]
        if len(rows) != height:
            raise ScenarioError("board", f"has {len(rows)} lines; a board has {height} (R1.1)")
        for n, row in enumerate(rows, 1):
            if len(row) != width:
                raise ScenarioError(f"board line {n}", f"has {len(row)} boxes; a line has {width}")
            bad = [c for c in row if c not in ".#~"]
            if bad:
                raise ScenarioError(f"board line {n}", f"unknown box {bad[0]!r}; use . water, "
                                    "# island, ~ running water (R2.2)")
        cells = "".join(rows)
    starts = dict(_mapping(data.get("start_cards") or {}, "start_cards"))
    for side, box in starts.items():
        if side not in ("blue", "red"):
            raise ScenarioError(f"start_cards.{side}", "sides are blue and red")
        if not isinstance(box, str):
            raise ScenarioError(f"start_cards.{side}", "the top-left box of a start card, e.g. a1")
    start_cards = {**default_start_cards(width, height), **starts}
    board = make_board(cells, rules, start_cards)

    phase_in = data.get("phase", "recover")
    if not isinstance(phase_in, str) or phase_in not in PHASES:
        raise ScenarioError("phase", f"must be recover, maneuvers or place, not {phase_in!r}")
    phase = PHASES[phase_in]
    placing = phase == "place"  # R2.8: before the first turn; ships without at: to place

    # ships -------------------------------------------------------------
    ships_in = _mapping(data.get("ships"), "ships") if data.get("ships") is not None else None
    if not ships_in:
        raise ScenarioError("ships", "a scenario needs at least one ship on each side")
    listed: dict[str, list[ShipState]] = {"blue": [], "red": []}
    occupied: dict[int, str] = {}
    for ship_id, spec in ships_in.items():
        field = f"ships.{ship_id}"
        spec = _mapping(spec if spec is not None else {}, field)
        for key in spec:
            if key not in SHIP_FIELDS:
                raise _unknown(field + ".", key, SHIP_FIELDS)
        if not isinstance(ship_id, str) or not SHIP_ID.fullmatch(ship_id):
            raise ScenarioError(field, "a ship id is letters, digits, '_' and '-' (it is "
                                "written in moves, e.g. blue-submarine)")
        side, _, kind = ship_id.partition("-")
        side = spec.get("side", side)
        kind = spec.get("type", kind)
        if not isinstance(side, str) or side not in ("blue", "red"):
            raise ScenarioError(f"{field}.side", f"unknown side {side!r}: ids are <side>-<type> "
                                "(blue-submarine) or give side: and type:")
        if not isinstance(kind, str) or kind not in rules.ships:
            raise ScenarioError(f"{field}.type", f"unknown ship type {kind!r}; types are "
                                f"{', '.join(rules.ships)}")
        spec_t = rules.ships[kind]
        sunk = _bool(spec.get("sunk", False), f"{field}.sunk")
        at = spec.get("at")
        position = None
        if sunk and placing:
            raise ScenarioError(f"{field}.sunk", "no ship is sunk before the first turn "
                                "(phase: place, R2.8)")
        if at is None:
            if not sunk and not placing:
                raise ScenarioError(f"{field}.at", "a ship on the board needs a box (at: c4); "
                                    "a ship still to be placed needs phase: place (R2.8)")
        else:
            if sunk:
                raise ScenarioError(f"{field}.at", "a sunk ship is off the board")
            position = board.index(str(at))
            if position is None:
                raise ScenarioError(f"{field}.at", f"{at!r} is not a box of the board (a1..h6)")
            if board.is_island(position):
                raise ScenarioError(f"{field}.at", f"{at} is an island (R2.3)")
            if position in occupied:
                raise ScenarioError(f"{field}.at", f"{at} already holds {occupied[position]} "
                                    "(R2.4)")
            occupied[position] = ship_id
        repairs = _int(spec.get("repairs", spec_t.repairs), f"{field}.repairs", 0, spec_t.repairs)
        breakdowns = _int(spec.get("breakdowns", spec_t.breakdowns), f"{field}.breakdowns", 0,
                          spec_t.breakdowns)
        if repairs == 0 and breakdowns == 0 and not sunk:
            raise ScenarioError(f"{field}.repairs", "a ship with no repairs and no breakdowns "
                                "is sunk (R3.2)")
        crew_on = [0] * len(spec_t.maneuvers)
        for name, n in _mapping(spec.get("crew_on") or {}, f"{field}.crew_on").items():
            if name not in spec_t.maneuvers:
                match = difflib.get_close_matches(str(name), spec_t.maneuvers, n=1)
                hint = f" — did you mean {match[0]!r}?" if match else ""
                raise ScenarioError(f"{field}.crew_on.{name}", f"{kind} has no maneuver "
                                    f"{name!r}{hint}")
            cost = rules.maneuvers[name].cost
            crew_on[spec_t.maneuvers.index(name)] = _int(n, f"{field}.crew_on.{name}", 0, cost)
        withdrawn = _int(spec.get("withdrawn", 0), f"{field}.withdrawn", 0, spec_t.crew)
        placed = sum(crew_on) + withdrawn
        if "reserve" in spec:
            reserve = _int(spec["reserve"], f"{field}.reserve", 0, spec_t.crew)
            if reserve + placed != spec_t.crew:
                raise ScenarioError(f"{field}.reserve", f"reserve {reserve} + crew on maneuvers "
                                    f"{sum(crew_on)} + withdrawn {withdrawn} must be "
                                    f"{spec_t.crew} (R1.3)")
        else:
            reserve = spec_t.crew - placed
            if reserve < 0:
                raise ScenarioError(f"{field}.crew_on", f"more than {spec_t.crew} crew placed")
        intercepted = _bool(spec.get("intercepted", False), f"{field}.intercepted")
        listed[side].append(ShipState(ship_id, side, kind, position, repairs, breakdowns, reserve,
                                      crew_on, withdrawn, sunk, False, intercepted))
    if not listed["blue"] or not listed["red"]:
        raise ScenarioError("ships", "each side needs at least one ship")
    _check_teams(listed)
    seats = seat_order([s.id for s in listed["blue"]], [s.id for s in listed["red"]])
    by_id = {s.id: s for side in listed.values() for s in side}
    ships = [by_id[ship_id] for _, ship_id in seats]
    if mode == "arena":
        for s in ships:
            s.eliminated = s.sunk
    ids = [s.id for s in ships]

    # cards -------------------------------------------------------------
    hands_in = _mapping(data.get("hands") or {}, "hands")
    hands = [[] for _ in ships]
    for ship_id, cards in hands_in.items():
        if ship_id not in ids:
            raise ScenarioError(f"hands.{ship_id}", f"no such ship; ships are {', '.join(ids)}")
        hands[ids.index(ship_id)] = _cards(cards, f"hands.{ship_id}", rules)
    discard = _cards(data.get("discard"), "discard", rules)
    if data.get("deck") is not None:
        deck = _cards(data["deck"], "deck", rules)
    else:
        deck = rules.deck
        for field, cards in [("discard", discard)] + [(f"hands.{i}", h) for i, h in
                                                       zip(ids, hands)]:
            for card in cards:
                if card not in deck:
                    raise ScenarioError(field, f"more {card} cards than the deck has "
                                        f"({rules.orders[card].copies}, D7.4)")
                deck.remove(card)
        rng = shuffle(rng, deck)

    score_in = _mapping(data.get("score") or {}, "score")
    score = {"blue": 0, "red": 0}
    for side, pts in score_in.items():
        if side not in score:
            raise ScenarioError(f"score.{side}", "sides are blue and red")
        score[side] = _int(pts, f"score.{side}", 0, rules.options.victory_points - 1)

    if placing:
        turn = _placement_turn(data, ships, board)
    else:
        turn_id = data.get("turn", ids[0])
        if not isinstance(turn_id, str) or turn_id not in ids:
            raise ScenarioError("turn", f"no such ship {turn_id!r}; ships are {', '.join(ids)}")
        turn = ids.index(turn_id)
        if ships[turn].eliminated:
            raise ScenarioError("turn", f"{turn_id} is eliminated")
    orders_played = 1 if _bool(data.get("order_played", False), "order_played") else 0
    turn_number = _int(data.get("turn_number", 1), "turn_number", 1)

    state = GameState(mode=mode, board=cells, start_cards=start_cards, ships=ships, hands=hands,
                      deck=deck, discard=discard, score=score, rng=rng, turn=turn,
                      turn_number=turn_number, phase=phase, orders_played=orders_played)
    game = Game(rules, state, board=board)
    game.setup = {"scenario": dict(data)} if not isinstance(scenario, str) else \
        {"scenario_yaml": scenario}
    eng = game._engine()
    if ships[turn].sunk:
        if not eng.start_turn(turn):  # war: the missed turn and respawn (R8.4)
            eng.finish_turn()
    elif phase == "recover":
        ships[turn].intercepted = False  # R9.1: lifted at the start of its player's turn
        out = eng.crew_out(turn)
        state.recover_left = min(rules.options.recover, out)
        if not out:
            state.phase = "main"
    game._advance()
    return game
