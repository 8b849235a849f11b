"""Saving and restoring games as JSON (cattrs), losslessly, RNG included.

The file names the ruleset it was played with (edition or variant, extra
files, inline card texts) and its hash; a saved game whose card data has
changed since is refused rather than silently played under other rules.
"""

from __future__ import annotations

import json
from typing import Any

import cattrs

from .board import Board
from .effects import Selector
from .errors import DslError, ScenarioError, clip, quote
from .game_core import GameCore
from .game_setup import check_sides, make_board
from .invariants import violations
from .loader import BASE, build_ruleset, builtin_editions, load_ruleset
from .model import TargetKind
from .state import EVENT_FIELDS, OPTIONAL_EVENT_FIELDS, Event, GameState

FORMAT = 1
_conv = cattrs.Converter(forbid_extra_keys=True)
# log event data are plain JSON values already
_conv.register_structure_hook_func(lambda t: t is object, lambda value, _: value)


#: The most card files a save or replay may carry (variant files and extra files).
MAX_CARD_FILES = 32


def ruleset_ref(rules) -> dict[str, Any]:
    """The rules as a save or replay names them: a built-in edition, the text
    of every variant and extra card file the game was played with (as read
    when the rules were loaded), and the hash of the compiled card data.
    Reading it back opens no file (``ruleset_from_ref``)."""
    spec = rules.spec
    ref: dict[str, Any] = {"edition": spec.root, "extra": [],
                           "texts": [list(t) for t in spec.extra_texts + spec.texts],
                           "hash": rules.hash}
    if spec.variants:
        ref["variants"] = [list(t) for t in spec.variants]
    return ref


def _named_texts(value: Any, field: str) -> tuple[tuple[str, str], ...]:
    """A list of [file name, card text] pairs, checked for shape."""
    if not isinstance(value, list) or len(value) > MAX_CARD_FILES:
        raise ScenarioError(field, f"must be a list of at most {MAX_CARD_FILES} "
                            "[file name, card text] pairs")
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and
                all(isinstance(part, str) for part in pair)):
            raise ScenarioError(field, f"{quote(pair)} is not a [file name, card text] pair")
    return tuple((clip(name, 200), text) for name, text in value)


def ruleset_from_ref(ref: dict[str, Any]):
    """The rules a save or replay names, rebuilt from built-in editions and the
    card texts it carries: it never opens a file. The hash must match."""
    edition = ref.get("edition")
    editions = builtin_editions()
    if not isinstance(edition, str) or edition not in editions + [BASE]:
        raise ScenarioError("ruleset.edition", f"{quote(edition)} is not a built-in edition "
                            f"({', '.join(editions)}); a save carries its variant files' "
                            "text and never names a file")
    extra = ref.get("extra", [])
    if extra:
        raise ScenarioError("ruleset.extra", f"names card files by path ({quote(extra)}); a "
                            "save carries their text instead: save it again")
    texts = _named_texts(ref.get("texts", []), "ruleset.texts")
    variants = _named_texts(ref.get("variants", []), "ruleset.variants")
    if not isinstance(ref.get("hash"), str):
        raise ScenarioError("ruleset.hash", "missing: the hash of the card data the game was "
                            "played with is what proves the rules are the same")
    try:
        if texts or variants:
            rules = build_ruleset(edition, (), texts, variants)
        else:
            rules = load_ruleset(edition)
    except DslError as err:
        raise ScenarioError("ruleset", f"cannot rebuild the rules: {clip(err, 500)}") from None
    if ref["hash"] != rules.hash:
        raise ScenarioError("ruleset.hash", f"the game was saved with card data "
                            f"{clip(ref['hash'], 20)}, but {rules.name} is now {rules.hash}")
    return rules


def game_to_dict(game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "ruleset": ruleset_ref(game.rules),
        "setup": game.setup,
        "state": _conv.unstructure(game.state),
        "log": _conv.unstructure(game.log),
        "moves": list(game.moves),
    }


def game_to_json(game) -> str:
    return json.dumps(game_to_dict(game), separators=(",", ":"), sort_keys=True)


#: The deepest nesting of a save or replay: a game nests 6 levels, a replay's
#: scenario 7.
MAX_JSON_DEPTH = 20
#: A bound on the moves of one turn and the log events of one move, far above
#: what games reach (24 random games, 1v1 and 3v3: at most 25 moves in a turn,
#: 2 events a move on average).
MAX_MOVES_PER_TURN = 200
MAX_EVENTS_PER_MOVE = 50
MAX_MOVE_LENGTH = 200


def json_depth(value: Any) -> int:
    """How deep lists and objects nest in parsed JSON (a scalar is 0); iterative,
    so no input can exhaust the stack."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                todo.extend((part, depth + 1) for part in item)
    return deepest


def game_from_json(text: str, game_class: type[GameCore] = GameCore) -> GameCore:
    """A saved game, every part checked against the rules before the game is
    built (``ScenarioError`` naming the field); no file is opened. The game
    is a ``game_class`` (``Game.from_json`` passes ``Game``)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ScenarioError("json", f"nested deeper than {MAX_JSON_DEPTH} levels") from None
    except (TypeError, ValueError) as err:
        raise ScenarioError("json", f"not valid JSON: {clip(err, 200)}") from None
    if not isinstance(data, dict):
        raise ScenarioError("json", "a saved game is a JSON object")
    if json_depth(data) > MAX_JSON_DEPTH:
        raise ScenarioError("json", f"nested deeper than {MAX_JSON_DEPTH} levels")
    if data.get("format") != FORMAT:
        raise ScenarioError("format", f"unknown save format {quote(data.get('format'))}; "
                            f"this version reads {FORMAT}")
    if not isinstance(data.get("ruleset"), dict):
        raise ScenarioError("ruleset", "missing or not an object")
    rules = ruleset_from_ref(data["ruleset"])
    if not isinstance(data.get("state"), dict):
        raise ScenarioError("state", "missing or not an object")
    _check_counts(data["state"], data.get("log", []), data.get("moves", []), rules)
    try:
        state = _conv.structure(data["state"], GameState)
        log = _conv.structure(data.get("log", []), list[Event])
    except KeyError as err:
        raise ScenarioError("state", f"missing field {clip(err)}") from None
    except (cattrs.BaseValidationError, TypeError, ValueError, AttributeError) as err:
        raise ScenarioError("state", f"malformed state: {_first_cause(err)}") from None
    board = _check_state(state, rules)
    _check_log(log, state, rules)
    moves = data.get("moves", [])
    if not all(isinstance(m, str) and len(m) <= MAX_MOVE_LENGTH for m in moves):
        raise ScenarioError("moves", "must be a list of move strings")
    game = game_class(rules, state, log, board)
    check_playable(game)
    game.setup = data.get("setup")
    game.moves = list(moves)
    return game


def _check_counts(state: Any, log: Any, moves: Any, rules) -> None:
    """Before anything is built: no list longer than a game of these rules can
    make it (D2.9: at most 3 ships a side; R1.4: the deck's cards; the turn
    limit bounds the moves and the log). Work after this is bounded."""
    opts = rules.options
    ships = state.get("ships")
    if not isinstance(ships, list) or not 2 <= len(ships) <= 6:
        raise ScenarioError("state.ships", "a game has 2 to 6 ships (1v1 to 3v3, D2.9)")
    hands = state.get("hands")
    if not isinstance(hands, list) or len(hands) != len(ships):
        raise ScenarioError("state.hands", "one hand per ship")
    cards = [*hands, state.get("deck"), state.get("discard")]
    if not all(isinstance(part, list) for part in cards):
        raise ScenarioError("state", "hands, deck and discard are lists of order cards")
    total = sum(len(part) for part in cards)
    if total > opts.deck_size:
        raise ScenarioError("state", f"{total} order cards in hands, deck and discard; the "
                            f"deck has {opts.deck_size} (R1.4)")
    stack_limit = len(ships) * opts.ship_maneuvers + opts.deck_size
    for field, limit in (("stack", stack_limit), ("asking", len(ships)),
                         ("sunk_in_chain", len(ships)), ("catchup_done", len(opts.catchup))):
        value = state.get(field, [])
        if not isinstance(value, list) or len(value) > limit:
            raise ScenarioError(f"state.{field}", f"a list of at most {limit} items")
    turns = opts.turn_limit + 1
    if not isinstance(moves, list) or len(moves) > turns * MAX_MOVES_PER_TURN:
        raise ScenarioError("moves", f"a list of at most {turns * MAX_MOVES_PER_TURN} moves "
                            f"({MAX_MOVES_PER_TURN} a turn, {opts.turn_limit} turns, D8.5)")
    if not isinstance(log, list) or len(log) > (len(moves) + 1) * MAX_EVENTS_PER_MOVE:
        raise ScenarioError("log", f"a list of at most {MAX_EVENTS_PER_MOVE} events a move")


def _check_log(log: list[Event], state: GameState, rules) -> None:
    """Every event of a saved log is one the engine writes: a known kind with
    its fields, naming ships of the game and cards of the rules (narrate.py
    formats them)."""
    ids = {ship.id for ship in state.ships}
    values = {"player": ids, "ship": ids, "by": ids, "of": ids, "target": ids,
              "card": set(rules.maneuvers) | set(rules.orders), "side": {"blue", "red"},
              "winner": {"blue", "red", "draw"}, "mode": {"war", "arena"},
              "track": {"repair", "breakdown"}}
    for index, event in enumerate(log):
        field = f"log[{index}]"
        fields = EVENT_FIELDS.get(event.kind)
        if fields is None:
            raise ScenarioError(field + ".kind", f"unknown event {quote(event.kind)}")
        optional = OPTIONAL_EVENT_FIELDS.get(event.kind, {})
        if not isinstance(event.data, dict) or not set(fields) <= set(event.data) or \
                not set(event.data) <= set(fields) | set(optional):
            raise ScenarioError(field, f"a {event.kind} event has the fields "
                                f"{', '.join(fields)}")
        for key, value in event.data.items():
            kind = fields.get(key) or optional[key]
            if kind is int:
                ok = isinstance(value, int) and not isinstance(value, bool)
            elif kind is list:
                ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
            else:
                ok = isinstance(value, str) and value in values.get(key, (value,))
            if not ok or (kind is list and key == "path" and not value):
                raise ScenarioError(f"{field}.{key}", f"not a {event.kind} event's {key}: "
                                    f"{quote(value)}")


def _first_cause(err: BaseException) -> str:
    if isinstance(err, cattrs.BaseValidationError) and err.exceptions:
        return _first_cause(err.exceptions[0])
    return f"{type(err).__name__}: {err}"


def _check_state(state: GameState, rules) -> Board:
    """Enough checking that a restored state cannot crash the engine: every
    index in range, then the invariants every reachable state satisfies.
    Returns the state's board (built to check the start cards)."""
    opts = rules.options
    size = 4 * opts.board_columns * opts.board_rows
    if len(state.board) != size or any(c not in ".#~" for c in state.board):
        raise ScenarioError("state.board", "not a board of this ruleset")
    if set(state.start_cards) != {"blue", "red"}:
        raise ScenarioError("state.start_cards", "needs blue and red")
    try:
        board = make_board(state.board, rules, state.start_cards)
    except ScenarioError as err:
        raise ScenarioError("state.start_cards", err.reason) from None
    check_start_cards(board, "state.start_cards")
    n = len(state.ships)
    if n < 2 or len(state.hands) != n:
        raise ScenarioError("state.ships", "ships and hands do not match")
    sides = [[s.type for s in state.ships if s.side == side] for side in ("blue", "red")]
    check_sides(len(sides[0]), len(sides[1]), "state.ships")
    if any(len(set(types)) != len(types) for types in sides):
        raise ScenarioError("state.ships", "one ship of each type per side (R1.2)")
    if state.mode not in ("war", "arena"):
        raise ScenarioError("state.mode", f"unknown mode {quote(state.mode)}")
    ids = set()
    for ship in state.ships:
        spec = rules.ships.get(ship.type)
        if spec is None or len(ship.crew_on) != len(spec.maneuvers):
            raise ScenarioError(f"state.ships.{ship.id}", "not a ship of this ruleset")
        if ship.id in ids:
            raise ScenarioError(f"state.ships.{ship.id}", "two ships with one id")
        ids.add(ship.id)
        if ship.position is not None and not 0 <= ship.position < size:
            raise ScenarioError(f"state.ships.{ship.id}.position", "off the board")
        if ship.side not in ("blue", "red"):
            raise ScenarioError(f"state.ships.{ship.id}.side", "sides are blue and red")
    for cards in state.hands + [state.deck, state.discard]:
        for card in cards:
            if card not in rules.orders:
                raise ScenarioError("state", f"unknown order card {quote(card)}")

    def seat(value, field: str, optional: bool = False) -> None:
        if value is None and optional:
            return
        if not isinstance(value, int) or not 0 <= value < n:
            raise ScenarioError(field, f"no seat {quote(value)}")

    seat(state.turn, "state.turn")
    for s in state.asking:
        seat(s, "state.asking")
    for s in state.sunk_in_chain:
        seat(s, "state.sunk_in_chain")
    for i in state.catchup_done:
        if not 0 <= i < len(opts.catchup):
            raise ScenarioError("state.catchup_done", f"no catch-up rule {i}")
    if state.phase not in ("recover", "place", "main", "over"):
        raise ScenarioError("state.phase", f"unknown phase {quote(state.phase)}")
    if state.winner not in (None, "blue", "red", "draw") or \
            (state.winner is None) != (state.phase != "over"):
        raise ScenarioError("state.winner", "a winner is set exactly when the game is over")
    if set(state.score) != {"blue", "red"} or min(state.score.values()) < 0:
        raise ScenarioError("state.score", "needs blue and red, not negative")
    if not 1 <= state.turn_number <= opts.turn_limit + 1 or state.recover_left < 0 or \
            not 0 <= state.orders_played <= opts.orders_per_turn:
        raise ScenarioError("state", "turn_number, recover_left or orders_played out of range")
    if not 0 <= state.floor <= max(len(state.stack) - 1, 0):
        raise ScenarioError("state.floor", "out of range")
    if state.stack and not state.resolving and not state.asking:
        raise ScenarioError("state.asking", "a response window with nobody to ask")
    for index, item in enumerate(state.stack):
        field = f"state.stack[{index}]"
        cards = {"maneuver": rules.maneuvers, "order": rules.orders}.get(item.kind)
        if cards is None:
            raise ScenarioError(field + ".kind", f"{quote(item.kind)} is not maneuver or order")
        if item.card not in cards:
            raise ScenarioError(field, f"unknown {item.kind} {quote(item.card)}")
        card = cards[item.card]
        seat(item.seat, field + ".seat")
        seat(item.target, field + ".target", optional=True)
        seat(item.recovering, field + ".recovering", optional=True)
        if item.pending and item.recovering is None:
            raise ScenarioError(field + ".recovering", "choices are owed for no ship")
        if item.answers is not None and not 0 <= item.answers < index:
            raise ScenarioError(field + ".answers", "must be an item below this one")
        if not 0 <= item.pc <= len(card.effects) or item.pending < 0:
            raise ScenarioError(field, "resolution position out of range")
        _check_item(item, card, field, state, board, rules)
    return board


def check_start_cards(board: Board, field: str) -> None:
    """D2.7: start cards are open water, so every ship has a box to start on
    (R2.8) and to return to (R8.4): an island there is refused, in scenarios
    and saves alike. (Running water is let through: positions drawn to show
    it beside a ship use it, and a ship may stand on it.)"""
    for side, boxes in board.starts.items():
        for box in boxes:
            if board.is_island(box):
                raise ScenarioError(f"{field}.{side}", f"{board.name(box)} on the {side} start "
                                    "card is an island: start cards are open water (D2.7, "
                                    "R2.8)")


def _check_item(item, card, field: str, state: GameState, board: Board, rules) -> None:
    """A stack item as the move that declared it makes one: the target its
    card names (R4.2, D7.5), and for a move (D4.6, R2.5) a legal path of the
    moving ship from where it is."""
    ships = state.ships
    kind = card.target.kind
    if item.kind == "maneuver" and item.card not in rules.ships[ships[item.seat].type].maneuvers:
        raise ScenarioError(field + ".card", f"{quote(item.card)} is not on the control card "
                            f"of {ships[item.seat].id} (R1.5)")
    if (item.target is None) != (kind in (TargetKind.SELF, TargetKind.AREA)):
        raise ScenarioError(field + ".target", f"{card.id} targets "
                            f"{'no ship' if item.target is None else 'a ship'}, not "
                            f"{quote(item.target)}")
    if kind is TargetKind.SOURCE and item.answers is None:
        raise ScenarioError(field + ".answers", f"{card.id} answers an item on the stack "
                            "(D4.7)")
    if (item.area is None) != (kind is not TargetKind.AREA) or (
            item.area is not None and (not 0 <= item.area < board.size or board.area(
                item.area, card.target.width, card.target.height) is None)):
        need = "an area on the board (D7.5)" if kind is TargetKind.AREA else "no area"
        raise ScenarioError(field + ".area", f"{card.id} needs {need}")
    step = card.move_effect
    if step is None or not item.path:
        if step is not None or item.path:
            raise ScenarioError(field + ".path", f"{card.id} "
                                f"{'moves along a path' if step else 'moves no ship'}")
        return
    mover = item.seat if item.target is None or step.selector is Selector.SELF else item.target
    start = ships[mover].position
    if start is None:  # sunk mid-chain: the item moves nothing (R9.2)
        return
    others = {s.position for seat, s in enumerate(ships) if seat != mover}
    reason = _path_fault(board, start, tuple(item.path), others, step.amount)
    if reason:
        raise ScenarioError(field + ".path", f"not a legal move of {ships[mover].id} from "
                            f"{board.name(start)}: {reason}")


def _path_fault(board: Board, start: int, path: tuple[int, ...], others: set,
                amount: int) -> str | None:
    """Why ``path`` is not a legal move of up to ``amount`` boxes from
    ``start`` (D4.6, R2.5, D2.5a), or None: each box a free navigable
    neighbour of the one before, entered once; entering running water forces
    one more step, if there is a box to take it to."""
    seen = {start}
    voluntary = 0
    here = start
    for box in path:
        if not 0 <= box < board.size or box not in board.neighbours[here]:
            return f"{_name(board, box)} is not a navigable neighbour of {board.name(here)}"
        if box in others or box in seen:
            return f"{board.name(box)} is taken or already entered (R2.4, D2.5a)"
        if not board.is_current(here) or here == start:
            voluntary += 1
        seen.add(box)
        here = box
    if voluntary > amount:
        return f"{voluntary} steps; the card moves up to {amount} (D4.6)"
    if board.is_current(here) and any(n not in seen and n not in others
                                      for n in board.neighbours[here]):
        return f"it stops on the running water of {board.name(here)} (R2.5)"
    return None


def _name(board: Board, box: object) -> str:
    return board.name(box) if isinstance(box, int) and 0 <= box < board.size else quote(box)


def check_playable(game) -> None:
    """A restored game must satisfy the invariants of every reachable state."""
    try:
        broken = violations(game)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as err:
        raise ScenarioError("state", f"inconsistent state ({type(err).__name__}: {err})") \
            from None
    if broken:
        raise ScenarioError("state", f"inconsistent state: {broken[0]}")
