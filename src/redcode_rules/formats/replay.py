"""Replays: a game as its setup and its moves, re-simulated move by move.

A replay file is JSON: format name and version, the ruleset it was played
with (edition or variant, the text of its extra card files) with the hash of
the compiled card data, the setup (mode, teams, seed and placement — or a
scenario) and the moves. The placement decisions (R2.8) are among the
moves; a setup without ``placement`` predates them and starts from the
fixed placement (D2.8). Replaying checks every move is legal; a replay made
with other card data is refused, naming both hashes.

A replay is meant to be shared: it names only a built-in edition and
carries the text of every variant and extra card file (under its file
name), as read when the game's rules were loaded; reading a replay never
opens a file it names, and one without the hash of its card data is refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..base.errors import IllegalMove, ReplayError, ScenarioError, clip, quote
from ..base.files import read_text
from ..engine.game_core import GameCore
from .saves import MAX_JSON_DEPTH, check_move_lengths, json_depth, move_length_limit, \
    ruleset_from_ref, ruleset_ref
from .scenario import game_from_scenario

FORMAT = "redcode-replay"
VERSION = 1


def make_replay(game: GameCore) -> dict[str, Any]:
    """The replay of a game: its rules (extra card files embedded), setup and moves."""
    if game.setup is None:
        raise ReplayError("this game has no recorded setup (it was built by hand)")
    _check_moves(game, game.moves)  # what ``replay`` takes back
    return {"format": FORMAT, "version": VERSION, "ruleset": ruleset_ref(game.rules),
            "setup": game.setup, "moves": list(game.moves)}


def _check_moves(game: GameCore, moves: list) -> None:
    """No move longer than a move of ``game`` can be (``move_length_limit``,
    as saves check it), so no junk string reaches the move parser."""
    fault = check_move_lengths(moves, move_length_limit(game.rules, game.board, game.ships))
    if fault:
        raise ReplayError(f"replay moves: {fault}")


def save_replay(game: GameCore, path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(make_replay(game), indent=1, ensure_ascii=False) + "\n", "utf-8")
    return path


def read_replay(source: str | Path) -> dict[str, Any]:
    """A replay from a file path or JSON text, checked for shape."""
    text = str(source)
    if isinstance(source, Path) or not text.lstrip().startswith(("{", "[")):
        text = read_text(source, lambda why: ReplayError(f"{source}: cannot read replay: {why}"))
    try:
        data = json.loads(text)
    except RecursionError:
        raise ReplayError(f"not a replay: JSON nested deeper than {MAX_JSON_DEPTH} levels") \
            from None
    except ValueError as err:
        raise ReplayError(f"not a replay: invalid JSON ({clip(err, 200)})") from None
    if json_depth(data) > MAX_JSON_DEPTH:
        raise ReplayError(f"not a replay: JSON nested deeper than {MAX_JSON_DEPTH} levels")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"not a replay: 'format' must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise ReplayError(f"replay version {quote(data.get('version'))}; this engine reads "
                          f"{VERSION}")
    for key, kind in (("ruleset", dict), ("setup", dict), ("moves", list)):
        if not isinstance(data.get(key), kind):
            raise ReplayError(f"replay field {key!r} is missing or not a {kind.__name__}")
    if not all(isinstance(m, str) for m in data["moves"]):
        raise ReplayError("replay moves must be strings")
    return data


def start_of(data: dict[str, Any], game_class: type[GameCore] = GameCore) -> GameCore:
    """The game a replay starts from (no moves played), a ``game_class``."""
    extra = data["ruleset"].get("extra")
    if extra:
        paths = clip(", ".join(map(str, extra)), 300)
        raise ReplayError(f"the replay names card files by path ({paths}); a replay carries "
                          "their text instead: save it again")
    if "hash" not in data["ruleset"]:
        raise ReplayError("the replay has no hash of its card data, which is what proves it is "
                          "replayed under the rules it was played with")
    try:
        rules = ruleset_from_ref(data["ruleset"])
    except ScenarioError as err:
        if err.field == "ruleset.hash":
            raise ReplayError(f"the replay was made with different card data: {err.reason}") \
                from None
        raise ReplayError(str(err)) from None
    setup = data["setup"]
    try:
        if "scenario_yaml" in setup or "scenario" in setup:
            scenario = setup.get("scenario_yaml", setup.get("scenario"))
            if not isinstance(scenario, (str, dict)):
                raise ReplayError("replay setup: the scenario is YAML text or a mapping")
            # the replay's rules, not the card files the scenario names; the
            # text itself, never a file it might name
            game = game_from_scenario(scenario, rules, read_files=False,
                                      game_class=game_class)
        else:
            # replays from before R2.8's placement decisions began with the fixed one
            game = game_class.new(rules, mode=setup["mode"], teams=setup["teams"],
                                  seed=setup["seed"], placement=setup.get("placement", "fixed"),
                                  chance=setup.get("chance", "sampled"))
    except (KeyError, TypeError) as err:
        raise ReplayError(f"replay setup is incomplete: {clip(err)}") from None
    except ScenarioError as err:
        raise ReplayError(f"replay setup: {err}") from None
    return game


def replay(source: str | Path | dict[str, Any], upto: int | None = None,
           game_class: type[GameCore] = GameCore) -> GameCore:
    """Re-simulate a replay; every move must be legal where it was played.

    The game is a ``game_class``: ``Game.from_replay`` gives the public ``Game``."""
    data = source if isinstance(source, dict) else read_replay(source)
    game = start_of(data, game_class)
    moves = data["moves"] if upto is None else data["moves"][:upto]
    _check_moves(game, moves)
    for index, move in enumerate(moves):
        try:
            game.play(move)
        except IllegalMove as err:
            raise ReplayError(f"move {index + 1} ({quote(move)}) is illegal: {err.reason}") \
                from None
    return game
