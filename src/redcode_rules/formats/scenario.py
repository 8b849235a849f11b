"""Positions from the YAML scenario format of docs/scenarios.md.

Every field is checked and a bad one raises ``ScenarioError`` naming it
(``ships.red-destroyer.crew_on.torpedo``). YAML is read with safe loading.

Its length is the format's: one reader per field of docs/scenarios.md, each
with the check and the message that names the field. What they read is the
state as a save holds it, built the one way a format builds a state
(formats/state_data.py).
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any, Callable, Mapping

import yaml

from ..base.errors import DslError, RedCodeError, ScenarioError, clip, quote
from ..base.files import read_text
from ..base.rng import MASK, seed_state, shuffle
from ..engine.chance import ChanceMode
from ..engine.game_core import GameCore
from ..engine.queries import track_sizes
from ..engine.setup import default_start_cards, make_board, seat_order, seed_fault
from ..engine.validate import MODES, check_state, team_problems
from ..lang.loader import load_ruleset
from ..model.modifiers import lifetime_in, lifetime_out, most_orders
from ..model.ruleset import Ruleset
from ..model.state import GameState, Lifetime
from ..rules.board import Board
from .state_data import life_data, state_from_data

TOP_FIELDS = ("edition", "extra", "mode", "seed", "board", "start_cards", "ships", "hands",
              "deck", "discard", "score", "turn", "phase", "order_played", "turn_number",
              "rng", "recover_left", "turn_ends", "known", "shown", "spent", "tokens",
              "turn_started", "catchup_done", "fired", "chance", "extra_turns", "resume_after")
#: A token's fields (``tokens: [{token: mine, at: d3, owner: blue-submarine}]``).
TOKEN_FIELDS = ("token", "at", "owner", "left")
SHIP_FIELDS = ("at", "side", "type", "repairs", "breakdowns", "reserve", "crew_on", "withdrawn",
               "left", "skips", "sunk")


def ship_fields(rules: Ruleset) -> tuple[str, ...]:
    """A scenario ship's fields: the fixed ones, and a boolean per declared status
    (R9), written between ``skips`` and ``sunk``."""
    return SHIP_FIELDS[:-1] + tuple(rules.statuses) + SHIP_FIELDS[-1:]  # skips, then sunk


def _statuses(spec: Mapping[str, Any], field: str, rules: Ruleset,
              ids: list[str]) -> tuple[tuple[str, Lifetime], ...]:
    """The ship's statuses: a key per declared status, ``true`` or what is left
    of it (``modifiers.lifetime_in``; ``ids``: the game's ships, in seats)."""
    out = []
    for name in rules.statuses:
        life = lifetime_in(rules, name, spec.get(name, False), f"{field}.{name}", ids)
        if life is not None:
            out.append((name, life))
    return tuple(out)


SHIP_ID = re.compile(r"[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*")
PHASES = {"recover": "recover", "maneuvers": "main", "main": "main", "place": "place"}
#: The scenario's names of the state's fields, where they differ (ships.<id>.at).
FIELD_NAMES = {"position": "at", "box": "at"}


def _unknown(field: str, key: Any, known: tuple[str, ...]) -> ScenarioError:
    match = difflib.get_close_matches(str(key), known, n=1)
    hint = f" — did you mean {quote(match[0])}?" if match else ""
    return ScenarioError(f"{field}{key}" if field else str(key),
                         f"unknown field{hint} (fields: {', '.join(known)})")


def _int(value: Any, field: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(field, f"must be a whole number, not {quote(value)}")
    if value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"at least {low}"
        raise ScenarioError(field, f"{value} is out of range ({span})")
    return value


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(field, f"must be true or false, not {quote(value)}")
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
    if len(value) > rules.options.deck_size:
        raise ScenarioError(field, f"{len(value)} cards; the deck has "
                            f"{rules.options.deck_size} (R1.4)")
    for i, card in enumerate(value):
        if not isinstance(card, str) or card not in rules.orders:
            match = difflib.get_close_matches(str(card), list(rules.orders), n=1)
            hint = f" — did you mean {quote(match[0])}?" if match else ""
            raise ScenarioError(f"{field}[{i}]", f"unknown order card {quote(card)}{hint}")
    return list(value)


def _placement_turn(data: Mapping[str, Any], ships: list[dict[str, Any]]) -> int:
    """``phase: place`` (R2.8): the ships without ``at`` are still to be placed,
    in seat order; the first of them places now (``turn`` may name it). (That
    each side's start card has room for them is the validator's, engine/validate.py.)"""
    unplaced = [seat for seat, s in enumerate(ships) if s["position"] is None]
    if not unplaced:
        raise ScenarioError("phase", "phase: place needs a ship still to be placed (one "
                            "without at:, R2.8)")
    first = ships[unplaced[0]]["id"]
    if data.get("turn", first) != first:
        raise ScenarioError("turn", f"{first} places first: ships are placed in seat order "
                            "(R2.8)")
    return unplaced[0]


#: The most nodes a scenario's YAML may stand for once its aliases are expanded,
#: and the deepest nesting: a full 3v3 position is a few hundred nodes, 5 deep.
MAX_YAML_NODES = 20_000
MAX_YAML_DEPTH = 20


class _BoundedLoader(yaml.SafeLoader):
    """Safe loading that refuses alias bombs, recursive aliases and deep nests.

    An alias is a reference, so a few hundred bytes of nested anchors can
    stand for billions of values, which any walk over the data (a check, an
    error message) would visit. Each node's size counts its aliased parts in
    full, and the document is refused as soon as one grows past
    ``MAX_YAML_NODES`` — while composing, before any value is built.
    """

    def __init__(self, stream: str):
        super().__init__(stream)
        self._sizes: dict[int, int] = {}  # id(node) → nodes it stands for, aliases expanded
        self._nodes: list[yaml.Node] = []  # keeps the ids above valid
        self._depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            node = super().compose_node(parent, index)
            if id(node) not in self._sizes:
                raise ScenarioError("yaml", f"the alias *{clip(event.anchor)} refers to a value "
                                    "that contains it (line "
                                    f"{event.start_mark.line + 1})")
            return node
        self._depth += 1
        if self._depth > MAX_YAML_DEPTH:
            raise ScenarioError("yaml", f"nested more than {MAX_YAML_DEPTH} levels deep (line "
                                f"{self.peek_event().start_mark.line + 1})")
        node = super().compose_node(parent, index)
        self._depth -= 1
        if isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = node.value
        else:
            children = []
        size = 1 + sum(self._sizes[id(child)] for child in children)
        if size > MAX_YAML_NODES:
            raise ScenarioError("yaml", f"more than {MAX_YAML_NODES} values, aliases (*name) "
                                "counted in full: no position needs so many")
        self._sizes[id(node)] = size
        self._nodes.append(node)
        return node


def safe_yaml(text: str) -> Any:
    """YAML text as plain data, safely (no tags, bounded aliases and depth)."""
    loader = _BoundedLoader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as err:
        raise ScenarioError("yaml", f"not valid YAML: {clip(err, 300)}") from None
    except RecursionError:
        raise ScenarioError("yaml", f"nested more than {MAX_YAML_DEPTH} levels deep") from None
    finally:
        loader.dispose()


def load_scenario_data(scenario: str | Mapping[str, Any]) -> Mapping[str, Any]:
    """A scenario's top-level mapping, from YAML text or as given."""
    if isinstance(scenario, str):
        data = safe_yaml(scenario)
    else:
        data = scenario
    return _mapping(data, "scenario")


def scenario_source(scenario: str | Path | Mapping[str, Any]) -> str | Mapping[str, Any]:
    """YAML text or a mapping as given; a path (a Path, or one line of text
    ending in .yaml/.yml) is read, so the game records the text, not the path."""
    is_path = isinstance(scenario, Path) or (
        isinstance(scenario, str) and "\n" not in scenario.strip()
        and scenario.strip().lower().endswith((".yaml", ".yml")))
    if not is_path:
        return scenario
    return read_text(scenario, lambda why: ScenarioError(
        "path", f"cannot read scenario file {quote(str(scenario))}: {why}"))


def game_from_scenario(scenario: str | Path | Mapping[str, Any], rules: Ruleset | None = None,
                       read_files: bool = True, *,
                       game_class: type[GameCore] = GameCore) -> GameCore:
    """Build the game; any malformed value becomes a ScenarioError, never a crash.

    ``rules``, if given, replaces the ones the scenario names (a replay
    carries its card files' text and must not open the paths it names);
    ``read_files=False`` takes text as YAML even if it looks like a path;
    the game is a ``game_class`` (``Game.from_scenario`` passes ``Game``)."""
    if read_files:
        scenario = scenario_source(scenario)
    try:
        return _game_from_scenario(scenario, rules, game_class)
    except RedCodeError:
        raise
    except RecursionError:
        raise ScenarioError("scenario", "nested too deep") from None
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as err:
        raise ScenarioError("scenario", f"malformed value ({type(err).__name__}: "
                            f"{clip(err)})") from None


def _game_from_scenario(scenario: str | Mapping[str, Any], given: Ruleset | None,
                        game_class: type[GameCore]) -> GameCore:
    """Read every field in the order docs/scenarios.md gives them (the first
    bad one is the one named), build the state as a save's (``state_data``),
    check it with the one validator, then begin the turn the scenario is at."""
    data = load_scenario_data(scenario)
    for key in data:
        if key not in TOP_FIELDS:
            raise _unknown("", key, TOP_FIELDS)
    rules = _scenario_rules(data, given)
    opts = rules.options
    width, height = 2 * opts.board_columns, 2 * opts.board_rows
    mode = data.get("mode", "war")
    if mode not in MODES:
        raise ScenarioError("mode", f"must be war or arena, not {quote(mode)}")
    seed = data.get("seed", 0)
    fault = seed_fault(seed)
    if fault:
        raise ScenarioError("seed", fault)
    rng = seed_state(seed) if data.get("rng") is None else _int(data["rng"], "rng", 0, MASK)
    chance = _chance(data.get("chance", ChanceMode.SAMPLED.value))
    cells = _cells(data.get("board"), width, height)
    start_cards = _start_cards(data.get("start_cards"), width, height)
    board = make_board(cells, rules, start_cards)
    phase_in = data.get("phase", "recover")
    if not isinstance(phase_in, str) or phase_in not in PHASES:
        raise ScenarioError("phase", f"must be recover, maneuvers or place, not {quote(phase_in)}")
    phase = PHASES[phase_in]
    placing = phase == "place"  # R2.8: before the first turn; ships without at: to place
    ships = _ships(data.get("ships"), rules, board, placing, mode)
    ids = [s["id"] for s in ships]
    hands, discard, deck, rng = _piles(data, rules, ids, chance, rng)
    known = _known(data.get("known"), ids, rules)
    shown = _shown(data.get("shown"), ids, rules)
    spent = _spent(data.get("spent"), ids, rules)
    score = _score(data.get("score"), rules)
    turn_ends = _bool(data.get("turn_ends", False), "turn_ends")
    turn = _turn(data, ships, placing, turn_ends)
    orders_played = _orders_played(data.get("order_played", False), rules)
    # a save allows the turn after the limit (D8.5), so a scenario's to_json reads back
    turn_number = _int(data.get("turn_number", 1), "turn_number", 1, opts.turn_limit + 1)
    if data.get("recover_left") is not None:  # a whole number even where it goes unused
        _int(data["recover_left"], "recover_left")
    started = _bool(data.get("turn_started", False), "turn_started")
    catchup = _catchup_done(rules, [(s["side"], s["sunk"]) for s in ships], mode) \
        if data.get("catchup_done") is None else \
        _indexes(data["catchup_done"], "catchup_done", len(opts.catchup))
    state = state_from_data({
        "mode": mode, "board": cells, "start_cards": start_cards, "ships": ships,
        "hands": hands, "deck": deck, "discard": discard, "score": score, "rng": rng,
        "turn": turn, "turn_number": turn_number, "phase": phase,
        "orders_played": orders_played, "end_turn_pending": turn_ends,
        "catchup_done": catchup, "known": known, "shown": shown, "spent": spent,
        "tokens": _tokens(data.get("tokens"), rules, board, ids),
        "fired": _fired(data.get("fired")),
        "extra_turns": [_seat(s, f"extra_turns[{i}]", ids) for i, s in enumerate(
            _list(data.get("extra_turns") or [], "extra_turns", opts.turn_limit))],
        "resume_after": None if data.get("resume_after") is None else
        _seat(data["resume_after"], "resume_after", ids)})
    sizes = track_sizes(rules, board, state)
    if sizes is not None:
        _full_tracks(state, data.get("ships") or {}, sizes)
    # the rules of a state (engine/validate.py)
    for problem in check_state(state, rules, board, tracks=sizes):
        raise ScenarioError(problem.field(ids, FIELD_NAMES), problem.reason)
    game = game_class(rules, state, board=board)
    game.setup = {"scenario": dict(data)} if not isinstance(scenario, str) else \
        {"scenario_yaml": scenario}
    _at_turn(game, data, turn, started, orders_played)
    if chance is ChanceMode.EXPLICIT:
        game.make_explicit()
    game.run_to_decision()
    return game


def _scenario_rules(data: Mapping[str, Any], given: Ruleset | None) -> Ruleset:
    """``edition`` and ``extra`` card files, or the rules ``given`` instead."""
    edition = data.get("edition", "en")
    extra = data.get("extra") or []
    if not isinstance(edition, str):
        raise ScenarioError("edition", "must be an edition name (en, es, it) or a file path")
    if not isinstance(extra, list) or not all(isinstance(e, str) for e in extra):
        raise ScenarioError("extra", "must be a list of card file paths")
    try:
        return given or load_ruleset(edition, extra)
    except DslError as err:  # the field of the file at fault: a card file of extra's, or not
        at = Path(err.file).resolve() if err.file else None
        field = "extra" if at is not None and at in {Path(e).resolve() for e in extra} \
            else "edition"
        raise ScenarioError(field, str(err)) from None


def _cells(board_text: Any, width: int, height: int) -> str:
    """``board``: ``height`` lines of ``width`` boxes (open water when left out)."""
    if board_text is None:
        return "." * (width * height)
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
            raise ScenarioError(f"board line {n}", f"unknown box {quote(bad[0])}; use . water, "
                                "# island, ~ running water (R2.2)")
    return "".join(rows)


def _start_cards(value: Any, width: int, height: int) -> dict[str, str]:
    """``start_cards``: each side's top-left box, the default's where left out (D2.7)."""
    starts = dict(_mapping(value or {}, "start_cards"))
    for side, box in starts.items():
        if side not in ("blue", "red"):
            raise ScenarioError(f"start_cards.{side}", "sides are blue and red")
        if not isinstance(box, str):
            raise ScenarioError(f"start_cards.{side}", "the top-left box of a start card, e.g. a1")
    return {**default_start_cards(width, height), **starts}


def _full_tracks(state: GameState, given: Mapping[str, Any],
                 sizes: Callable[[int], tuple[int, int]]) -> None:
    """A ship's repairs and breakdowns not given are its tracks full at their
    sizes now, as its abilities and statuses make them (D9.15)."""
    for seat, ship in enumerate(state.ships):
        spec = given.get(ship.id) or {}
        repairs, breakdowns = sizes(seat)
        if "repairs" not in spec:
            ship.repairs = repairs
        if "breakdowns" not in spec:
            ship.breakdowns = breakdowns


def _ships(value: Any, rules: Ruleset, board: Board, placing: bool,
           mode: str) -> list[dict[str, Any]]:
    """``ships``: each ship as a save holds it, in seat order (D6.3), with its
    statuses (read once every ship id is known: a status names its giver)."""
    ships_in = _mapping(value, "ships") if value is not None else None
    if not ships_in:
        raise ScenarioError("ships", "a scenario needs at least one ship on each side")
    if len(ships_in) > 6:
        raise ScenarioError("ships", f"{len(ships_in)} ships; sides are 1v1 to 3v3 (D2.9)")
    listed: dict[str, list[dict[str, Any]]] = {"blue": [], "red": []}
    for ship_id, spec in ships_in.items():
        ship = _ship(ship_id, spec, rules, board, placing)
        listed[ship["side"]].append(ship)
    seats = seat_order([s["id"] for s in listed["blue"]], [s["id"] for s in listed["red"]])
    by_id = {s["id"]: s for side in listed.values() for s in side}
    ships = [by_id[ship_id] for _, ship_id in seats]
    ids = [s["id"] for s in ships]
    for s in ships:
        s["statuses"] = [(name, life_data(life)) for name, life in
                         _statuses(ships_in[s["id"]] or {}, f"ships.{s['id']}", rules, ids)]
        for name, _ in s["statuses"]:
            if name in rules.ships[s["type"]].abilities:  # it has it always (D9.21)
                raise ScenarioError(f"ships.{s['id']}.{name}", f"a {s['type']} has '{name}' "
                                    "always, as an ability of its type (D9.21): a ship "
                                    "never holds it as a status too")
        s["eliminated"] = mode == "arena" and s["sunk"]
    for problem in team_problems([(s["side"], s["type"], s["id"]) for s in ships]):  # R1.2, D2.9
        raise ScenarioError(problem.field(ids), problem.reason)
    return ships


def _ship(ship_id: Any, spec: Any, rules: Ruleset, board: Board,
          placing: bool) -> dict[str, Any]:
    """One ship of ``ships``, its statuses aside: its id, side and type, box,
    tracks and crew, the rules' defaults for what is left out."""
    field = f"ships.{ship_id}"
    spec = _mapping(spec if spec is not None else {}, field)
    known = ship_fields(rules)
    for key in spec:
        if key not in known:
            raise _unknown(field + ".", key, known)
    if not isinstance(ship_id, str) or not SHIP_ID.fullmatch(ship_id):
        raise ScenarioError(field, "a ship id is letters, digits, '_' and '-' (it is "
                            "written in moves, e.g. blue-submarine)")
    side, _, kind = ship_id.partition("-")
    side = spec.get("side", side)
    kind = spec.get("type", kind)
    if not isinstance(side, str) or side not in ("blue", "red"):
        raise ScenarioError(f"{field}.side", f"unknown side {quote(side)}: ids are "
                            "<side>-<type> "
                            "(blue-submarine) or give side: and type:")
    if not isinstance(kind, str) or kind not in rules.ships:
        raise ScenarioError(f"{field}.type", f"unknown ship type {quote(kind)}; types are "
                            f"{', '.join(rules.ships)}")
    spec_t = rules.ships[kind]
    sunk = _bool(spec.get("sunk", False), f"{field}.sunk")
    at = spec.get("at")
    position = None
    if at is None:
        if not sunk and not placing:
            raise ScenarioError(f"{field}.at", "a ship on the board needs a box (at: c4); "
                                "a ship still to be placed needs phase: place (R2.8)")
    else:
        position = board.index(str(at))
        if position is None:
            raise ScenarioError(f"{field}.at", f"{quote(at)} is not a box of the board "
                                "(a1..h6)")
    repairs = _int(spec.get("repairs", spec_t.repairs), f"{field}.repairs")
    breakdowns = _int(spec.get("breakdowns", spec_t.breakdowns), f"{field}.breakdowns")
    crew_on = [0] * len(spec_t.maneuvers)
    for name, n in _mapping(spec.get("crew_on") or {}, f"{field}.crew_on").items():
        if name not in spec_t.maneuvers:
            match = difflib.get_close_matches(str(name), spec_t.maneuvers, n=1)
            hint = f" — did you mean {quote(match[0])}?" if match else ""
            raise ScenarioError(f"{field}.crew_on.{name}", f"{kind} has no maneuver "
                                f"{quote(name)}{hint}")
        crew_on[spec_t.maneuvers.index(name)] = _int(n, f"{field}.crew_on.{name}")
    withdrawn = _int(spec.get("withdrawn", 0), f"{field}.withdrawn", 0, spec_t.crew)
    if "reserve" in spec:
        reserve = _int(spec["reserve"], f"{field}.reserve")
    else:  # implied by the crew placed (below 0 if too many: engine/validate.py says so)
        reserve = spec_t.crew - sum(crew_on) - withdrawn
    skips = _int(spec.get("skips", 0), f"{field}.skips", 0, rules.options.turn_limit)
    left = None  # the box its last move left (D2.17)
    if spec.get("left") is not None:
        left = board.index(str(spec["left"]))
        if left is None or board.is_island(left):
            raise ScenarioError(f"{field}.left", f"{quote(spec['left'])} is not a box a ship "
                                "can have left (a1..h6, not an island)")
    return {"id": ship_id, "side": side, "type": kind, "position": position,
            "repairs": repairs, "breakdowns": breakdowns, "reserve": reserve,
            "crew_on": crew_on, "withdrawn": withdrawn, "sunk": sunk, "eliminated": False,
            "skips": skips, "left": left}


def _piles(data: Mapping[str, Any], rules: Ruleset, ids: list[str], chance: ChanceMode,
           rng: int) -> tuple[list[list[str]], list[str], list[str], int]:
    """``hands``, ``discard`` and ``deck`` (left out: the rules' deck less the
    cards in hands and discards, shuffled by the seed unless chance is
    explicit), and the RNG after that shuffle."""
    hands: list[list[str]] = [[] for _ in ids]
    for ship_id, cards in _mapping(data.get("hands") or {}, "hands").items():
        if ship_id not in ids:
            raise ScenarioError(f"hands.{ship_id}", f"no such ship; ships are {', '.join(ids)}")
        hands[ids.index(ship_id)] = _cards(cards, f"hands.{ship_id}", rules)
    discard = _cards(data.get("discard"), "discard", rules)
    if data.get("deck") is not None:
        return hands, discard, _cards(data["deck"], "deck", rules), rng
    deck = rules.deck
    for field, cards in [("discard", discard)] + [(f"hands.{i}", h) for i, h in
                                                   zip(ids, hands)]:
        for card in cards:
            if card not in deck:
                raise ScenarioError(field, f"more {card} cards than the deck has "
                                    f"({rules.orders[card].copies}, D7.4)")
            deck.remove(card)
    if chance is ChanceMode.SAMPLED:  # explicit: an unordered pile, each draw asked
        rng = shuffle(rng, deck)
    return hands, discard, deck, rng


def _score(value: Any, rules: Ruleset) -> dict[str, int]:
    """``score``: each side's victory points, below the winning point (R8.3)."""
    score = {"blue": 0, "red": 0}
    for side, pts in _mapping(value or {}, "score").items():
        if side not in score:
            raise ScenarioError(f"score.{side}", "sides are blue and red")
        score[side] = _int(pts, f"score.{side}", 0, rules.options.victory_points - 1)
    return score


def _turn(data: Mapping[str, Any], ships: list[dict[str, Any]], placing: bool,
          turn_ends: bool) -> int:
    """``turn``: the seat whose turn it is (the first placing, R2.8)."""
    if placing:
        return _placement_turn(data, ships)
    ids = [s["id"] for s in ships]
    turn = _seat(data.get("turn", ids[0]), "turn", ids)
    if ships[turn]["eliminated"] and not turn_ends:
        raise ScenarioError("turn", f"{ids[turn]} is eliminated")
    return turn


def _at_turn(game: GameCore, data: Mapping[str, Any], turn: int, started: bool,
             orders_played: int) -> None:
    """The turn the scenario is at, begun as any turn begins (statuses,
    tokens, triggers, R9.1) unless it says the turn has started; a sunk
    ship's turn is its respawn (R8.4)."""
    state, eng = game.state, game.engine
    phase = state.phase
    if state.ships[turn].sunk and (started or not state.end_turn_pending):
        if started:  # its respawn, the turn begun (R8.4), a discard owed or not
            state.phase = "place"
        elif not eng.turns.begin_turn(turn):  # war: the missed turn and respawn (R8.4)
            eng.turns.finish_turn()
        return
    if phase != "recover":
        return
    if not started:
        fired = list(state.fired)
        if not eng.turns.begin_turn(turn):  # a turn skipped (D6.5)
            eng.turns.finish_turn()
            return
        # what the scenario says of the turn stands: the orders played, the
        # triggers fired once this turn already
        state.orders_played = orders_played
        state.fired[:0] = [key for key in fired if key not in state.fired]
    else:
        out = eng.queries.crew_out(turn)
        # what its player recovers now: the rule option as statuses change it (R6.1)
        state.recover_left = min(eng.queries.recover(turn), out)
        if not out:
            state.phase = "main"
    if state.phase == "recover" and data.get("recover_left") is not None:
        # 0 where a status leaves its player nothing to recover (``modify
        # recover -1``): the phase then waits only for what its turn's start fired
        state.recover_left = _int(data["recover_left"], "recover_left",
                                  min(1, state.recover_left), state.recover_left)


def _chance(value: Any) -> ChanceMode:
    """``chance: sampled`` (the seeded RNG, the default) or ``explicit``."""
    try:
        return ChanceMode(value)
    except ValueError:
        raise ScenarioError("chance", f"must be sampled or explicit, not {quote(value)}") \
            from None


def _list(value: Any, field: str, most: int) -> list[Any]:
    """A list of at most ``most`` items."""
    if not isinstance(value, list) or len(value) > most:
        raise ScenarioError(field, f"a list of at most {most} ship ids")
    return value


def _seat(ship_id: Any, field: str, ids: list[str]) -> int:
    """The seat of the ship a scenario field names by id (``ScenarioError`` if none)."""
    if ship_id not in ids:
        raise ScenarioError(field, f"no such ship {quote(ship_id)}; ships are {', '.join(ids)}")
    return ids.index(ship_id)


def _known(value: Any, ids: list[str], rules: Ruleset) -> list[dict[str, Any]]:
    """``known: {viewer: {owner: [cards]}}``: the cards of a hand a player has
    seen and that are still there (``Game.known_hand``)."""
    out = []
    for viewer, hands in _mapping(value or {}, "known").items():
        v = _seat(viewer, f"known.{viewer}", ids)
        for owner, cards in _mapping(hands or {}, f"known.{viewer}").items():
            field = f"known.{viewer}.{owner}"
            o = _seat(owner, field, ids)
            if o == v:
                raise ScenarioError(field, "a player always knows its own hand")
            if cards:
                out.append({"viewer": v, "owner": o, "cards": _cards(cards, field, rules)})
    return out


def _shown(value: Any, ids: list[str], rules: Ruleset) -> list[dict[str, Any]]:
    """``shown: {owner: [cards]}``: the cards of a hand that every player still
    in the game saw come in (taken from the discards, D7.8) and that are
    still there; each other such player knows them there (``known``)."""
    out = []
    for owner, cards in _mapping(value or {}, "shown").items():
        field = f"shown.{owner}"
        o = _seat(owner, field, ids)
        if cards:
            out.append({"owner": o, "cards": _cards(cards, field, rules)})
    return out


def _spent(value: Any, ids: list[str], rules: Ruleset) -> list[dict[str, Any]]:
    """``spent: {ship: [cards]}``: the once-per-game cards its player has used."""
    out = []
    for ship_id, cards in _mapping(value or {}, "spent").items():
        seat = _seat(ship_id, f"spent.{ship_id}", ids)
        if not isinstance(cards, list):
            raise ScenarioError(f"spent.{ship_id}", "must be a list of card ids")
        for i, card in enumerate(cards):
            if not isinstance(card, str) or not (card in rules.maneuvers or card in rules.orders):
                raise ScenarioError(f"spent.{ship_id}[{i}]", f"unknown card {quote(card)}")
            out.append({"seat": seat, "card": card})
    return out


def _indexes(value: Any, field: str, count: int) -> list[int]:
    """A list of distinct indexes below ``count`` (``catchup_done``: the arena
    catch-up rules already given, R8.2, as the rules list them from 0)."""
    if not isinstance(value, list):
        raise ScenarioError(field, "must be a list of whole numbers")
    out = [_int(v, f"{field}[{i}]", 0, count - 1) for i, v in enumerate(value)]
    if len(set(out)) != len(out):
        raise ScenarioError(field, "names a rule twice")
    return out


def _fired(value: Any) -> list[str]:
    """``fired``: the triggers that fire once per turn and have fired this turn,
    as ``holder/trigger`` (the validator checks that each names a trigger)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError("fired", "must be a list of fired triggers (holder/trigger)")
    return list(value)


def _tokens(value: Any, rules: Ruleset, board, ids: list[str]) -> list[dict[str, Any]]:
    """The tokens on the board: ``[{token: mine, at: d3, owner: blue-submarine}]``,
    a declared token kind, a box and the ship whose player placed it (the
    validator checks the rest: water, one of a kind per box)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError("tokens", "must be a list such as [{token: mine, at: d3, "
                            "owner: blue-submarine}]")
    out = []
    for index, spec in enumerate(value):
        field = f"tokens[{index}]"
        spec = _mapping(spec, field)
        for key in spec:
            if key not in TOKEN_FIELDS:
                raise _unknown(field + ".", key, TOKEN_FIELDS)
        kind = spec.get("token")
        if not isinstance(kind, str) or kind not in rules.tokens:
            match = difflib.get_close_matches(str(kind), list(rules.tokens), n=1)
            hint = f" — did you mean {quote(match[0])}?" if match else ""
            known = ", ".join(rules.tokens) or "none (no card file declares one)"
            raise ScenarioError(f"{field}.token", f"unknown token {quote(kind)}{hint}; tokens "
                                f"are {known}")
        box = board.index(str(spec.get("at")))
        if box is None:
            raise ScenarioError(f"{field}.at", f"{quote(spec.get('at'))} is not a box of the "
                                "board (a1..h6)")
        owner = _seat(spec.get("owner"), f"{field}.owner", ids)
        left = _int(spec.get("left", 1), f"{field}.left", 1, 2)
        out.append({"kind": kind, "box": box, "owner": owner, "left": left})
    return out


def _orders_played(value: Any, rules: Ruleset) -> int:
    """``order_played``: true/false, or a count where a variant allows more per turn."""
    if isinstance(value, bool):
        return int(value)
    return _int(value, "order_played", 0, most_orders(rules))


def _catchup_done(rules: Ruleset, ships: list[tuple[str, bool]], mode: str) -> list[int]:
    """The arena catch-up rules already given (R8.2): a rule is spent once a side
    of its size is down to its number of ships (sunk ships never return in
    arena); ``ships``: each ship's side and whether it is sunk."""
    if mode != "arena":
        return []
    done = []
    for index, rule in enumerate(rules.options.catchup):
        for side in ("blue", "red"):
            team = [sunk for ship_side, sunk in ships if ship_side == side]
            alive = team.count(False)
            if len(team) == rule.team and alive and alive <= rule.reduced_to:
                done.append(index)
                break
    return done


# ------------------------------------------------------------------ writing


class _Dumper(yaml.SafeDumper):
    """Safe YAML with multi-line strings (the board) as literal blocks."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


class _Flow(dict):
    """A mapping written on one line (``{at: c4, repairs: 2}``), as docs/scenarios.md does."""


_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(_Flow, lambda dumper, value: dumper.represent_mapping(
    "tag:yaml.org,2002:map", value, flow_style=True))


def _writable(game) -> None:
    """Refuse what the scenario format cannot hold, naming it."""
    st = game.state
    spec = game.rules.spec
    if spec.variants and spec.ref == spec.root:
        raise ScenarioError("edition", "the rules were rebuilt from the variant files' text a "
                            f"save carries ({', '.join(name for name, _ in spec.variants)}); a "
                            "scenario names card files: load the variant file and set the "
                            "position up again")
    if spec.texts:
        raise ScenarioError("extra", "the rules include card text given as a string "
                            f"({', '.join(name for name, _ in spec.texts)}); a scenario names "
                            "card files: write the text to a file and load it with "
                            "load_ruleset(edition, extra=[path])")
    if st.phase == "over":
        raise ScenarioError("phase", f"the game is over (winner: {st.winner}); a scenario "
                            "is a position still to be played")
    if game.is_chance_node:
        raise ScenarioError("chance", "the chance player is to settle a random event in "
                            "the middle of a move; a scenario is a position where a player "
                            "decides: play an outcome, or save the game with to_json")
    if st.stack:
        raise ScenarioError("stack", f"{len(st.stack)} item(s) on the stack "
                            f"({', '.join(i.card for i in st.stack)}); a scenario is a "
                            "position between chains: play on until the chain resolves")


def _ship_fields(game, seat: int) -> _Flow:
    """A ship's scenario entry: every field, so nothing rests on defaults."""
    s = game.state.ships[seat]
    names = game.rules.ships[s.type].maneuvers
    out = _Flow()
    if s.id != f"{s.side}-{s.type}":
        out.update(side=s.side, type=s.type)
    if s.position is not None:
        out["at"] = game.board.name(s.position)
    out.update(repairs=s.repairs, breakdowns=s.breakdowns, reserve=s.reserve,
               crew_on={n: c for n, c in zip(names, s.crew_on) if c}, withdrawn=s.withdrawn)
    has = dict(s.statuses)
    ids = [ship.id for ship in game.state.ships]
    for name in game.rules.statuses:
        out[name] = lifetime_out(has[name], ids) if name in has else False
    if s.left is not None:
        out["left"] = game.board.name(s.left)
    if s.skips:
        out["skips"] = s.skips
    out["sunk"] = s.sunk
    return out


def _phase_field(game) -> str | None:
    """The scenario's phase; None for a sunk ship's turn (its respawn, set up by
    the reader from the ship itself)."""
    st = game.state
    if st.phase == "recover":
        return "recover"
    if st.phase == "main":
        return "maneuvers"
    return None if st.ships[st.turn].sunk else str(st.phase)  # plain str: YAML refuses enums


def scenario_of(game) -> dict[str, Any]:
    """The position as scenario data (docs/scenarios.md), exact down to the RNG state."""
    _writable(game)
    st = game.state
    rules = game.rules
    ids = [s.id for s in st.ships]
    data: dict[str, Any] = {"edition": rules.spec.ref}
    if rules.spec.extra:
        data["extra"] = list(rules.spec.extra)
    width = game.board.width
    data.update(
        mode=st.mode,
        rng=st.rng,
        **({"chance": game.chance} if game.chance != ChanceMode.SAMPLED.value else {}),
        board="\n".join(st.board[i:i + width] for i in range(0, len(st.board), width)) + "\n",
        start_cards=dict(st.start_cards),
        ships={s.id: _ship_fields(game, seat) for seat, s in enumerate(st.ships)},
        hands={i: list(h) for i, h in zip(ids, st.hands)},
        deck=list(st.deck),
        discard=list(st.discard),
        score=dict(st.score),
        turn=ids[st.turn],
    )
    phase = _phase_field(game)
    if phase is not None:
        data["phase"] = phase
    if st.phase == "recover":
        data["recover_left"] = st.recover_left
    data["order_played"] = st.orders_played if st.orders_played > 1 else bool(st.orders_played)
    data["turn_number"] = st.turn_number
    if st.end_turn_pending:
        data["turn_ends"] = True
    if st.known:
        known: dict[str, dict[str, list[str]]] = {}
        for k in st.known:
            known.setdefault(ids[k.viewer], {})[ids[k.owner]] = list(k.cards)
        data["known"] = known
    if st.shown:
        data["shown"] = {ids[k.owner]: list(k.cards) for k in st.shown}
    if st.spent:
        spent: dict[str, list[str]] = {}
        for s in st.spent:
            spent.setdefault(ids[s.seat], []).append(s.card)
        data["spent"] = spent
    if st.tokens:
        data["tokens"] = [_Flow(token=t.kind, at=game.board.name(t.box), owner=ids[t.owner],
                                **({"left": 2} if t.left == 2 else {}))
                          for t in st.tokens]
    if st.phase == "recover" or st.phase == "place" and st.ships[st.turn].sunk:
        data["turn_started"] = True  # read as it is: the turn's start is not played again
    if st.catchup_done != _catchup_done(rules, [(s.side, s.sunk) for s in st.ships], st.mode):
        data["catchup_done"] = list(st.catchup_done)
    if st.fired:
        data["fired"] = list(st.fired)
    if st.extra_turns:
        data["extra_turns"] = [ids[s] for s in st.extra_turns]
    if st.resume_after is not None:
        data["resume_after"] = ids[st.resume_after]
    return data


def game_to_scenario(game) -> str:
    """``scenario_of`` as YAML text (``Game.to_scenario``)."""
    return yaml.dump(scenario_of(game), Dumper=_Dumper, sort_keys=False,
                     default_flow_style=None, allow_unicode=True, width=100)
