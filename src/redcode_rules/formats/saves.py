"""Saving and restoring games as JSON (cattrs), losslessly, RNG included.

The file names the ruleset it was played with (edition or variant, extra
files, inline card texts) and its hash; a saved game whose card data has
changed since is refused rather than silently played under other rules.

A save names its format's version (``format``); an older save is brought up
to the current version before it is read, one migration step per version
(formats/migrations.py), so a field renamed since is migrated, not
explained, and a save of a newer version is refused naming it.
"""

from __future__ import annotations

import json
from typing import Any

import cattrs

from ..base.errors import DslError, RedCodeError, ScenarioError, clip, quote
from ..engine.chance import ChanceMode
from ..engine.game_core import GameCore
from ..engine.invariants import game_problems
from ..engine.queries import track_sizes
from ..engine.setup import make_board, seed_fault
from ..engine.validate import Problem, Stage, check_state
from ..engine.views import entry_of
from ..lang.loader import BASE, builtin_editions, load_ruleset, ruleset_of_texts
from ..model.state import EVENT_FIELDS, OPTIONAL_EVENT_FIELDS, Event, GameState, event_shape_fault
from ..rules.board import Board
from .migrations import FORMAT, migrate
from .state_data import (log_from_data, log_to_data, state_from_data, state_to_data,
                         statuses_in, statuses_out)

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
    for field in ("texts", "variants"):  # what the reader takes (``ruleset_from_ref``)
        _named_texts(ref.get(field, []), f"ruleset.{field}")
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
            rules = ruleset_of_texts(edition, texts, variants)
        else:
            rules = load_ruleset(edition)
    except DslError as err:
        raise ScenarioError("ruleset", f"cannot rebuild the rules: {clip(err, 500)}") from None
    if ref["hash"] != rules.hash:
        raise ScenarioError("ruleset.hash", f"the game was saved with card data "
                            f"{clip(ref['hash'], 20)}, but {rules.name} is now {rules.hash}")
    return rules


def game_to_dict(game) -> dict[str, Any]:
    """The save of a game; what no reader would take back is refused here
    (``ScenarioError`` naming the field), with the reader's own checks."""
    state, log, moves, node = _saved_position(game)
    data = {
        "format": FORMAT,
        "ruleset": {k: v for k, v in ruleset_ref(game.rules).items() if k != "extra"},
        "setup": game.setup,
        "chance": game.chance,
        "state": None if state is None else
        statuses_out(state_to_data(state), game.rules, state.ships),
        "log": log_to_data(log),
        "moves": moves,
    }
    if node is not None:
        data["chance_node"] = node
    if state is None:  # the setup's chance node: its setup and outcomes are the save
        _check_setup(data["setup"])
        return data
    _check_counts(data["state"], data["moves"], game.rules)
    _check_setup(data["setup"])
    _check_moves(data["moves"], move_length_limit(game.rules, game.board,
                                                  [s.id for s in game.state.ships]))
    _check_log(log, state, game.rules)
    return data


def _saved_position(game) -> tuple[GameState | None, list[Event], list[str],
                                   dict[str, Any] | None]:
    """The state, log and moves a save holds, and its chance node: at a
    chance node, the position before the move that asked it (a settled one,
    checked like any) and that move and its outcomes so far, played again as
    the save is read; at the setup's, no state (the game has not begun):
    the setup and the outcomes dealt so far."""
    node = game.chance_node
    if node is None:
        return game.state, list(game.log), list(game.moves), None
    played = len(node.outcomes) + (node.move is not None)
    moves = list(game.moves)
    if node.before is None:
        return None, [], moves, {"setup": True, "move": None,
                                 "outcomes": list(node.outcomes)}
    before = GameState.restore(node.before)
    return before, list(game.log)[:node.log_length], moves[:len(moves) - played], \
        {"setup": False, "move": node.move, "outcomes": list(node.outcomes)}


def game_to_json(game) -> str:
    return json.dumps(game_to_dict(game), separators=(",", ":"), sort_keys=True)


#: The deepest nesting of a save or replay: a game nests 6 levels, a replay's
#: scenario 7.
MAX_JSON_DEPTH = 20


def move_length_limit(rules, board: Board, ids: list[str]) -> int:
    """The longest move string a game of these rules, board and ships can
    write (docs/notation.md): three words (``order``, a card, a target ship;
    one more per further ship of the largest counted target, D4.13, one
    more for the mode of a card with modes, D4.15, one more for a chosen
    amount, D4.19) no
    longer than the longest word of the rules or ship id, then at most every
    box of the board (a path enters a box once). Saves and replays refuse a
    longer one; no legal move is."""
    cards = (*rules.maneuvers.values(), *rules.orders.values())
    modes = [m.mode for card in cards for m in card.modes]  # one word more (D4.15)
    words = [*rules.maneuvers, *rules.orders, *rules.ships, *ids, *modes, "withdrawn",
             "respond"]
    box = max(len(board.name(b)) for b in (0, board.size - 1))
    ships = max(c.target.most for card in cards for c in card.ways)
    chooses = 1 if rules.most_chosen else 0  # one word more for the amount (D4.19)
    return (2 + (1 if modes else 0) + chooses + ships) * (max(map(len, words)) + 1) + \
        board.size * (box + 1)


def check_move_lengths(moves: list, limit: int) -> str | None:
    """Why a list of moves is not one a game wrote (a move not a string, or
    longer than ``limit``, ``move_length_limit``), or None."""
    for index, move in enumerate(moves):
        if not isinstance(move, str):
            return f"move {index + 1} is not a string"
        if len(move) > limit:
            return f"move {index + 1} has {len(move)} characters; a move of this game " \
                f"has at most {limit}"
    return None


def _check_moves(moves: list, limit: int) -> None:
    fault = check_move_lengths(moves, limit)
    if fault:
        raise ScenarioError("moves", fault)


def _check_setup(setup: Any) -> None:
    """A save's record of how the game began (what its replay starts from):
    none, a new game's mode, teams and seed, or a scenario; its seed is checked
    as every seed is (``seed_fault``)."""
    if setup is None:
        return
    if not isinstance(setup, dict):
        raise ScenarioError("setup", "must be an object (how the game began) or null")
    if json_depth(setup) > MAX_JSON_DEPTH - 1:  # a save or replay holds it one level down
        raise ScenarioError("setup", f"nested deeper than {MAX_JSON_DEPTH - 1} levels (a "
                            "scenario's value it never read?)")
    if "seed" in setup:
        fault = seed_fault(setup["seed"])
        if fault:
            raise ScenarioError("setup.seed", fault)


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
    data = migrate(data)
    if not isinstance(data.get("ruleset"), dict):
        raise ScenarioError("ruleset", "missing or not an object")
    rules = ruleset_from_ref(data["ruleset"])
    if data.get("state") is None and isinstance(data.get("chance_node"), dict) and \
            data["chance_node"].get("setup") is True:
        _check_setup(data.get("setup"))
        return _at_setup_node(data, rules, game_class)
    if not isinstance(data.get("state"), dict):
        raise ScenarioError("state", "missing or not an object")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not isinstance(data.get("log", []), list):
        raise ScenarioError("moves" if not isinstance(moves, list) else "log", "must be a list")
    _check_counts(data["state"], moves, rules)
    _check_setup(data.get("setup"))
    try:
        state = state_from_data(statuses_in(data["state"], rules))
        log = log_from_data(data.get("log", []))
    except KeyError as err:
        raise ScenarioError("state", f"missing field {clip(err)}") from None
    except (cattrs.BaseValidationError, TypeError, ValueError, AttributeError) as err:
        raise ScenarioError("state", f"malformed state: {_first_cause(err)}") from None
    board, problems = _check_state(state, rules)
    _check_log(log, state, rules)
    _check_moves(moves, move_length_limit(rules, board, [s.id for s in state.ships]))
    game = game_class(rules, state, [entry_of(event) for event in log], board)
    check_playable(game, problems)
    game.setup = data.get("setup")
    game.moves = list(moves)
    chance = data.get("chance")
    if chance not in (ChanceMode.SAMPLED.value, ChanceMode.EXPLICIT.value):
        raise ScenarioError("chance", f"must be sampled or explicit, not {quote(chance)}")
    if chance == ChanceMode.EXPLICIT.value:
        game.make_explicit()
    if "chance_node" in data:
        game = _at_chance_node(game, data["chance_node"], rules, game_class)
    return game


def _at_setup_node(data: dict[str, Any], rules, game_class):
    """A save made before the game began, at the setup's chance node: the
    setup dealt again with the outcomes it had."""
    node, setup = data["chance_node"], data.get("setup")
    if data.get("chance") != ChanceMode.EXPLICIT.value or not isinstance(setup, dict) or \
            setup.get("chance") != ChanceMode.EXPLICIT.value or "scenario" in setup:
        raise ScenarioError("chance_node", "a save at the setup's chance node is of a new "
                            "game of explicit chance")
    outcomes = node.get("outcomes")
    if not isinstance(outcomes, list) or data.get("moves") != outcomes or \
            len(outcomes) > most_outcomes(rules):
        raise ScenarioError("chance_node", "the outcomes of the setup are the save's moves")
    try:
        game = game_class.new(rules, setup["mode"], setup["teams"], setup["seed"],
                              setup["placement"], ChanceMode.EXPLICIT.value)
        for outcome in outcomes:
            game.play(outcome)
    except (RedCodeError, KeyError, TypeError) as err:
        raise ScenarioError("chance_node", f"does not replay: {clip(err, 300)}") from None
    if not game.is_chance_node:
        raise ScenarioError("chance_node", "its outcomes reach no chance node")
    return game


def most_outcomes(rules) -> int:
    """The most chance outcomes one move or the setup can ask: every map card
    dealt, and every card drawn or picked twice over (a save's chance node
    lists no more, so reading it replays one move and no more)."""
    return len(rules.maps) + 2 * len(rules.deck)


def _at_chance_node(game, node: Any, rules, game_class):
    """A save made at a chance node: its move (or the setup) run again from
    the position saved, with the outcomes it had."""
    if game.chance != ChanceMode.EXPLICIT.value:
        raise ScenarioError("chance_node", "a game of sampled chance has no chance node")
    if not isinstance(node, dict) or set(node) != {"setup", "move", "outcomes"} or \
            not isinstance(node["outcomes"], list) or \
            len(node["outcomes"]) > most_outcomes(rules) or \
            not all(isinstance(o, str) for o in node["outcomes"]) or \
            not (node["move"] is None or isinstance(node["move"], str)):
        raise ScenarioError("chance_node", "must be {setup, move, outcomes}: a move string "
                            "or null, and a list of outcome strings")
    if node["setup"] is not False:
        raise ScenarioError("chance_node", "a save at the setup's chance node has no state")
    try:
        if node["move"] is None:
            game.run_to_decision()
        else:
            game.play(node["move"])
        for outcome in node["outcomes"]:
            game.play(outcome)
    except RedCodeError as err:
        raise ScenarioError("chance_node", f"does not replay: {clip(err, 300)}") from None
    if not game.is_chance_node:
        raise ScenarioError("chance_node", "its move and outcomes reach no chance node")
    return game


def _check_counts(state: Any, moves: Any, rules) -> None:
    """Before anything is built: no list longer than a game of these rules can
    make it (D2.9: at most 3 ships a side; R1.4: the deck's cards). Work after
    this is bounded. (The moves and the log are as long as the game was: a
    save reads them in time linear in its size and replays none of them.)"""
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
                         ("sunk_in_chain", len(ships)), ("catchup_done", len(opts.catchup)),
                         ("extra_turns", opts.turn_limit)):
        value = state.get(field, [])
        if not isinstance(value, list) or len(value) > limit:
            raise ScenarioError(f"state.{field}", f"a list of at most {limit} items")


def _check_log(log: list[Event], state: GameState, rules) -> None:
    """Every event of a saved log is one the engine writes: a known kind with
    its fields, naming ships of the game and cards of the rules (text/narrate.py
    formats them)."""
    ids = {ship.id for ship in state.ships}
    values = {"player": ids, "ship": ids, "by": ids, "of": ids, "target": ids,
              "card": set(rules.maneuvers) | set(rules.orders), "side": {"blue", "red"},
              "winner": {"blue", "red", "draw"}, "mode": {"war", "arena"},
              "track": {"repair", "breakdown"}}
    for index, event in enumerate(log):
        field = f"log[{index}]"
        if event.kind not in EVENT_FIELDS:
            raise ScenarioError(field + ".kind", f"unknown event {quote(event.kind)}")
        fault = event_shape_fault(event.kind, event.data) if isinstance(event.data, dict) \
            else f"a {event.kind} event's data is an object"
        if fault:
            raise ScenarioError(field, fault)
        fields = EVENT_FIELDS[event.kind]
        optional = OPTIONAL_EVENT_FIELDS.get(event.kind, {})
        for key, value in event.data.items():
            kind = fields.get(key) or optional[key]
            if kind is int:
                ok = isinstance(value, int) and not isinstance(value, bool)
            elif kind is list:
                ok = isinstance(value, list) and all(isinstance(v, str) for v in value) \
                    and (key != "targets" or bool(value) and set(value) <= ids)
            else:
                ok = isinstance(value, str) and value in values.get(key, (value,))
            if not ok or (kind is list and key == "path" and not value):
                raise ScenarioError(f"{field}.{key}", f"not a {event.kind} event's {key}: "
                                    f"{quote(value)}")


def _first_cause(err: BaseException) -> str:
    if isinstance(err, cattrs.BaseValidationError) and err.exceptions:
        return _first_cause(err.exceptions[0])
    return f"{type(err).__name__}: {err}"


def _board_of(state: GameState, rules) -> Board:
    """The saved state's board, built from its map and start cards (each a
    field of the save: refused with its name if it is not one of these rules)."""
    opts = rules.options
    size = 4 * opts.board_columns * opts.board_rows
    if len(state.board) != size or any(c not in ".#~" for c in state.board):
        raise ScenarioError("state.board", "not a board of this ruleset")
    if set(state.start_cards) != {"blue", "red"}:
        raise ScenarioError("state.start_cards", "needs blue and red")
    try:
        return make_board(state.board, rules, state.start_cards)
    except ScenarioError as err:
        raise ScenarioError("state.start_cards", err.reason) from None


def _check_state(state: GameState, rules) -> tuple[Board, list[Problem]]:
    """Enough checking that a restored state cannot crash the engine: its board, then
    every field in range and naming what exists (the validator's first stage,
    engine/invariants.py). Returns the state's board and the rules it breaks,
    reported once the log is checked and the game built (``check_playable``)."""
    board, ids = _board_of(state, rules), [s.id for s in state.ships]
    sizes = track_sizes(rules, board, state)  # the tracks' sizes now (D9.15)
    problems = _inconsistency(lambda: check_state(state, rules, board, tracks=sizes))
    for problem in problems:
        if problem.stage is Stage.FIELDS:
            raise ScenarioError(_state_field(problem, ids), problem.reason)
    return board, problems


def _state_field(problem: Problem, ids: list[str]) -> str:
    field = problem.field(ids)
    return f"state.{field}" if field else "state"


def _inconsistency(check):
    """``check()``, any crash of it reported as an inconsistent state."""
    try:
        return check()
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as err:
        raise ScenarioError("state", f"inconsistent state ({type(err).__name__}: {err})") \
            from None


def check_playable(game, problems: list[Problem]) -> None:
    """A restored game must satisfy the invariants of every reachable state:
    the rules its state breaks (``problems``, from ``check_state``), then
    what only the game knows."""
    broken = [str(p) for p in problems] or _inconsistency(lambda: game_problems(game))
    if broken:
        raise ScenarioError("state", f"inconsistent state: {broken[0]}")
