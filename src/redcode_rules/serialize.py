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
from .errors import DslError, ScenarioError
from .loader import _build, load_ruleset
from .state import Event, GameState

FORMAT = 1
_conv = cattrs.Converter(forbid_extra_keys=True)
# log event data are plain JSON values already
_conv.register_structure_hook_func(lambda t: t is object, lambda value, _: value)


def ruleset_ref(rules) -> dict[str, Any]:
    ref, extra = rules.spec[0], rules.spec[1]
    texts = rules.spec[2] if len(rules.spec) > 2 else ()
    return {"edition": ref, "extra": list(extra), "texts": [list(t) for t in texts],
            "hash": rules.hash}


def ruleset_from_ref(ref: dict[str, Any]):
    try:
        texts = tuple((str(a), str(b)) for a, b in ref.get("texts", ()))
        extra = tuple(ref.get("extra", ()))
        if texts:
            rules = _build(ref["edition"], extra, texts)
        else:
            rules = load_ruleset(ref["edition"], list(extra))
    except DslError as err:
        raise ScenarioError("ruleset", f"cannot rebuild the rules: {err}") from None
    except (KeyError, TypeError, ValueError) as err:
        raise ScenarioError("ruleset", f"malformed ruleset reference: {err}") from None
    if "hash" in ref and ref["hash"] != rules.hash:
        raise ScenarioError("ruleset.hash", f"the game was saved with card data {ref['hash']}, "
                            f"but {ref['edition']} is now {rules.hash}")
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


def game_from_json(text: str):
    from .game import Game

    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise ScenarioError("json", f"not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise ScenarioError("json", "a saved game is a JSON object")
    if data.get("format") != FORMAT:
        raise ScenarioError("format", f"unknown save format {data.get('format')!r}; "
                            f"this version reads {FORMAT}")
    if not isinstance(data.get("ruleset"), dict):
        raise ScenarioError("ruleset", "missing or not an object")
    rules = ruleset_from_ref(data["ruleset"])
    try:
        state = _conv.structure(data["state"], GameState)
        log = _conv.structure(data.get("log", []), list[Event])
    except KeyError as err:
        raise ScenarioError("state", f"missing field {err}") from None
    except (cattrs.BaseValidationError, TypeError, ValueError, AttributeError) as err:
        raise ScenarioError("state", f"malformed state: {_first_cause(err)}") from None
    board = _check_state(state, rules)
    game = Game(rules, state, log, board)
    check_playable(game)
    game.setup = data.get("setup")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ScenarioError("moves", "must be a list of move strings")
    game.moves = list(moves)
    return game


def _first_cause(err: BaseException) -> str:
    if isinstance(err, cattrs.BaseValidationError) and err.exceptions:
        return _first_cause(err.exceptions[0])
    return f"{type(err).__name__}: {err}"


def _check_state(state: GameState, rules) -> Board:
    """Enough checking that a restored state cannot crash the engine: every
    index in range, then the invariants every reachable state satisfies.
    Returns the state's board (built to check the start cards)."""
    from .setup import make_board
    opts = rules.options
    size = 4 * opts.board_columns * opts.board_rows
    if len(state.board) != size or any(c not in ".#~" for c in state.board):
        raise ScenarioError("state.board", "not a board of this ruleset")
    try:
        board = make_board(state.board, rules, state.start_cards)
    except ScenarioError as err:
        raise ScenarioError("state.start_cards", err.reason) from None
    if set(state.start_cards) != {"blue", "red"}:
        raise ScenarioError("state.start_cards", "needs blue and red")
    n = len(state.ships)
    if n < 2 or len(state.hands) != n:
        raise ScenarioError("state.ships", "ships and hands do not match")
    if state.mode not in ("war", "arena"):
        raise ScenarioError("state.mode", f"unknown mode {state.mode!r}")
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
                raise ScenarioError("state", f"unknown order card {card!r}")

    def seat(value, field: str, optional: bool = False) -> None:
        if value is None and optional:
            return
        if not isinstance(value, int) or not 0 <= value < n:
            raise ScenarioError(field, f"no seat {value!r}")

    seat(state.turn, "state.turn")
    for s in state.asking:
        seat(s, "state.asking")
    for s in state.sunk_in_chain:
        seat(s, "state.sunk_in_chain")
    for i in state.catchup_done:
        if not 0 <= i < len(opts.catchup):
            raise ScenarioError("state.catchup_done", f"no catch-up rule {i}")
    if state.phase not in ("recover", "place", "main", "over"):
        raise ScenarioError("state.phase", f"unknown phase {state.phase!r}")
    if state.winner not in (None, "blue", "red", "draw") or \
            (state.winner is None) != (state.phase != "over"):
        raise ScenarioError("state.winner", "a winner is set exactly when the game is over")
    if set(state.score) != {"blue", "red"} or min(state.score.values()) < 0:
        raise ScenarioError("state.score", "needs blue and red, not negative")
    if state.turn_number < 1 or state.recover_left < 0 or state.orders_played < 0:
        raise ScenarioError("state", "turn_number, recover_left or orders_played out of range")
    if not 0 <= state.floor <= max(len(state.stack) - 1, 0):
        raise ScenarioError("state.floor", "out of range")
    if state.stack and not state.resolving and not state.asking:
        raise ScenarioError("state.asking", "a response window with nobody to ask")
    for index, item in enumerate(state.stack):
        field = f"state.stack[{index}]"
        cards = {"maneuver": rules.maneuvers, "order": rules.orders}.get(item.kind)
        if cards is None:
            raise ScenarioError(field + ".kind", f"{item.kind!r} is not maneuver or order")
        if item.card not in cards:
            raise ScenarioError(field, f"unknown {item.kind} {item.card!r}")
        card = cards[item.card]
        seat(item.seat, field + ".seat")
        seat(item.target, field + ".target", optional=True)
        seat(item.recovering, field + ".recovering", optional=True)
        if item.pending and item.recovering is None:
            raise ScenarioError(field + ".recovering", "choices are owed for no ship")
        if item.answers is not None and not 0 <= item.answers < index:
            raise ScenarioError(field + ".answers", "must be an item below this one")
        if item.area is not None and not 0 <= item.area < size:
            raise ScenarioError(field + ".area", "off the board")
        if any(not 0 <= b < size for b in item.path):
            raise ScenarioError(field + ".path", "off the board")
        if not 0 <= item.pc <= len(card.effects) or item.pending < 0:
            raise ScenarioError(field, "resolution position out of range")
    return board


def check_playable(game) -> None:
    """A restored game must satisfy the invariants of every reachable state."""
    from .invariants import violations
    try:
        broken = violations(game)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as err:
        raise ScenarioError("state", f"inconsistent state ({type(err).__name__}: {err})") \
            from None
    if broken:
        raise ScenarioError("state", f"inconsistent state: {broken[0]}")
