"""Helpers shared by the tests (``from conftest import fixed_game, place_all``).

Pytest puts this folder on ``sys.path`` (rootdir conftest), so a test module
imports what it needs by name; a helper used by two test files lives here.

New games begin with the initial placement (R2.8): each player places their
ship with ``place <box>`` before the first turn. Tests about something else
either start from the fixed placement (D2.8), where the first turn begins at
once, or play the placements first.
"""

from __future__ import annotations

import collections
import copy
import functools
import importlib
import os
import pickle
import random
import resource
import select
import signal
import sys
import textwrap
import time
import traceback
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import pytest


def import_unrewritten(*names: str) -> None:
    """Import modules of an installed pytest plugin without pytest's
    assertion rewriting.

    pytest rewrites the asserts of every module of a package that provides a
    plugin, Hypothesis's 80 among them, as each is imported; where no bytecode
    is written (PYTHONDONTWRITEBYTECODE, a first run) that is over a second of
    CPU in every process of every run (each xdist worker and the controller),
    for asserts that are not ours. Imported here first, they are imported plainly.
    """
    hooks = [f for f in sys.meta_path if type(f).__name__ == "AssertionRewritingHook"]
    for hook in hooks:
        sys.meta_path.remove(hook)
    try:
        for name in names:
            importlib.import_module(name)
    finally:
        sys.meta_path[:0] = hooks


import_unrewritten("hypothesis", "hypothesis.strategies")

from hypothesis import settings  # noqa: E402 (after its plain import above)

import redcode_rules as rc  # noqa: E402
from redcode_rules.base.errors import quote  # noqa: E402

# Hypothesis draws the same examples on every run (seeded from each test), with
# no example database: a run takes the same time twice, and a failure found is
# found again. The quick run (profile "quick", the default) draws a quarter of
# each test's examples (``examples``); RC_HYPOTHESIS=full draws them all (CI),
# RC_HYPOTHESIS=random all of them, new ones each run, to look further.
QUICK_SHARE = 4
settings.register_profile("full", derandomize=True, database=None, deadline=None)
settings.register_profile("quick", settings.get_profile("full"), max_examples=100 // QUICK_SHARE)
settings.register_profile("random", deadline=None)
HYPOTHESIS_PROFILE = os.environ.get("RC_HYPOTHESIS", "quick")
settings.load_profile(HYPOTHESIS_PROFILE)


def examples(full: int) -> int:
    """The examples a Hypothesis test draws that draws ``full`` in CI (the
    full profile): a ``QUICK_SHARE``-th of them, at least one, in the quick run."""
    return max(1, full // QUICK_SHARE) if HYPOTHESIS_PROFILE == "quick" else full

#: the repository's top folder, and its example card files
ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "cards" / "examples"
#: the built-in editions (cards/editions/), each with texts in its language
EDITIONS = ("en", "es", "it")
#: teams of new games by size: blue's ship types, then red's
TEAMS = {
    "1v1": [["submarine"], ["destroyer"]],
    "2v2": [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]],
    "3v3": [["submarine", "destroyer", "aircraft_carrier"]] * 2,
}
#: an 8 x 6 board of plain water, for scenarios where terrain does not matter
OPEN_BOARD = "\n".join(["........"] * 6)


#: the package's modules (or sub-packages) that need an optional extra, by
#: the module of the extra each imports: the ai adapters, the print sheets,
#: the table in a browser
OPTIONAL_MODULES = {"openspiel": "pyspiel", "pettingzoo": "pettingzoo",
                    "ai.openspiel": "pyspiel", "ai.pettingzoo": "pettingzoo",
                    "ai.gym": "gymnasium", "ai.workers": "gymnasium", "ai.masks": "numpy",
                    "printing": "reportlab",
                    "web": "starlette"}


def needs_extra(name: str):
    """The module of an optional extra that the package's module *name* needs
    (``None`` for the core): a module, or any module of a sub-package, listed above."""
    parts = name.removeprefix("redcode_rules.").split(".")
    for length in range(len(parts), 0, -1):
        needs = OPTIONAL_MODULES.get(".".join(parts[:length]))
        if needs is not None:
            return needs
    return None


def package_modules() -> list:
    """Every module of the package, imported; the AI adapters, the print
    sheets and the web table only where their extra is installed (the core is
    tested without them)."""
    import importlib
    import importlib.util
    import pkgutil

    modules = []
    for info in pkgutil.walk_packages(rc.__path__, "redcode_rules."):
        if info.ispkg:
            continue
        needs = needs_extra(info.name)
        if needs is not None and importlib.util.find_spec(needs) is None:
            continue
        modules.append(importlib.import_module(info.name))
    return modules


@functools.cache
def shared_rules(edition: str, *files: str) -> rc.Ruleset:
    """``rc.load_ruleset(edition, extra=files)`` compiled once per test process
    and shared by the tests that ask for it (a Ruleset is immutable; the
    loader keeps only the built-in editions themselves). For the repository's
    card files, which no test changes: several test files compile every
    example file on every edition. ``edition`` may be a variant file."""
    return rc.load_ruleset(edition, extra=list(files))


def fixed_game(rules: rc.Ruleset, **kwargs) -> rc.Game:
    """A new game with the fixed placement (D2.8: blue b2, a2, b1; red g5, h5,
    g6): the first turn has begun."""
    return rc.new_game(rules, placement="fixed", **kwargs)


def placing(game: rc.Game) -> bool:
    """The game is in its initial placement (R2.8), not at a war respawn."""
    return game.decision == "place" and not game.ship(game.to_move).sunk


def place_all(game: rc.Game, rnd: random.Random | None = None) -> rc.Game:
    """Play the initial placement (R2.8): each player takes the first box
    listed, or a random one with ``rnd``; returns the game, its first turn begun."""
    while placing(game):
        moves = game.legal_moves()
        game.play(rnd.choice(moves) if rnd else moves[0])
    return game


def scenario_game(scenario: str | dict, **fields) -> rc.Game:
    """A game from a scenario written in a test: YAML text (its indentation
    removed), or a mapping whose top-level ``fields`` are replaced by those
    given (``partial(scenario_game, BASE)`` makes a file's own builder)."""
    if isinstance(scenario, str):
        assert not fields, "fields change a scenario given as a mapping"
        return rc.Game.from_scenario(textwrap.dedent(scenario))
    return rc.Game.from_scenario(copy.deepcopy({**scenario, **fields}))  # the base stays as written


def replayed(game: rc.Game) -> rc.Game:
    """A new game from ``game``'s scenario with its moves played again: what a
    replay of a scenario game plays (compare it with ``game``)."""
    again = rc.Game.from_scenario(game.setup["scenario"])
    for move in game.moves:
        again.play(move)
    return again


def pass_all(game: rc.Game) -> None:
    """Everybody asked in the response window passes, until the chain has resolved."""
    while "pass" in game.legal_moves():
        game.play("pass")


def play_random(game: rc.Game, rnd: random.Random, moves: int | None = None) -> rc.Game:
    """Play up to ``moves`` uniformly random legal moves drawn from ``rnd`` (to
    the end of the game when None), stopping when the game is over; returns it."""
    played = 0
    while not game.is_over and (moves is None or played < moves):
        game.play(rnd.choice(game.legal_moves()))
        played += 1
    return game


def play_bots(game: rc.Game, seed: int, moves: int = 40) -> rc.Game:
    """Play ``game`` to ``moves`` moves (or its end): blue by the greedy bot,
    red by a small search bot, chance nodes dealt from ``random.Random(seed)``."""
    from redcode_rules.bots.mcts import play_chance
    from redcode_rules.bots.players import GreedyBot, ISMCTSBot

    rnd = random.Random(seed)
    bots = {"blue": GreedyBot(seed), "red": ISMCTSBot(seed, iterations=8)}
    while not game.is_over and len(game.moves) < moves:
        if game.is_chance_node:
            play_chance(game, rnd)
        else:
            game.play(bots[game.ship(game.to_move).side].choose(game))
    return game


def play_checking_invariants(game: rc.Game, seed: int, moves: int = 300) -> int:
    """Random moves drawn from ``random.Random(seed)`` (chance by its odds)
    to the end or ``moves``: every invariant after each move, and at each
    question an item asks while it resolves (``choose yes``/``no``, D4.16)
    the game saved and loaded equal to itself; returns the questions met."""
    from redcode_rules.bots.mcts import play_chance
    from redcode_rules.engine.invariants import violations

    rnd = random.Random(seed)
    asked = 0
    while not game.is_over and len(game.moves) < moves:
        if game.is_chance_node:
            play_chance(game, rnd)
            continue
        legal = game.legal_moves()
        if "choose yes" in legal or "choose no" in legal:
            asked += 1
            assert rc.Game.from_json(game.to_json()) == game
        game.play(rnd.choice(legal))
        assert violations(game) == [], (seed, game.moves[-1])
    return asked


def random_game(rules: rc.Ruleset | str, seed: int, moves: int | None = None,
                **kwargs) -> rc.Game:
    """``new_game(rules, seed=seed, **kwargs)`` (an edition name loads its
    rules) after ``moves`` random moves drawn from ``random.Random(seed)``:
    the whole game when None."""
    if isinstance(rules, str):
        rules = rc.load_ruleset(rules)
    game = rc.new_game(rules, seed=seed, **kwargs)
    return play_random(game, random.Random(seed), moves)


def quick_and_mass(cases: list, quick: set[int] | set[str],
                   ids: list[str] | None = None) -> list:
    """``cases`` of a parametrized test as pytest params: those ``quick`` names
    (by index, or by id when ``ids`` are given) run in the quick run, the
    others only with ``-m mass`` (CI): the quick run samples, CI runs them all."""
    def in_quick(i: int) -> bool:
        return i in quick or (ids is not None and ids[i] in quick)

    unknown = {q for q in quick if not (q in range(len(cases)) or (ids and q in ids))}
    assert not unknown, f"quick names no case: {sorted(map(str, unknown))}"
    return [pytest.param(*(case if isinstance(case, tuple) else (case,)),
                         id=None if ids is None else ids[i],
                         marks=() if in_quick(i) else pytest.mark.mass)
            for i, case in enumerate(cases)]


def odds_of(word: str, cards) -> list[tuple[str, Fraction]]:
    """Each distinct card of ``cards`` as the outcome ``word card``, sorted,
    with its copies' share."""
    counts = collections.Counter(cards)
    total = sum(counts.values())
    return [(f"{word} {c}", Fraction(n, total)) for c, n in sorted(counts.items())]


def unseen_odds(game: rc.Game) -> list[tuple[str, Fraction]]:
    """The odds of the event asked at a chance node, counted afresh from the
    position: the map cards not on the board, the cards of the deck (no card
    put on top is left when a draw asks, D7.12), or those of the one hand
    whose counts fit (a random pick)."""
    word = game.legal_moves()[0].split()[0]
    if word == "deal":  # the map cards not dealt yet (the board shows the rest dealt
        # provisionally until the game begins)
        dealt = {m.split()[1] for m in game.moves if m.startswith("deal ")}
        return odds_of(word, [m.id for m in game.rules.maps.values()
                              if not m.start and m.id not in dealt])
    if word == "draw":
        return odds_of(word, game.deck)
    hands = [odds_of(word, game.hand(s)) for s in game.ships if game.hand(s)]
    return game.chance_outcomes() if game.chance_outcomes() in hands else hands


def starting(game: rc.Game, head: str) -> list[str]:
    """Legal moves whose first words are ``head`` (``movement``, ``order
    forked_shot``), sorted."""
    return sorted(m for m in game.legal_moves() if m == head or m.startswith(head + " "))


def card_file(folder: Path, text: str, name: str = "cards.rc") -> str:
    """A card file of ``text`` written into ``folder`` (a test's tmp_path):
    its path, as ``extra`` takes it."""
    path = folder / name
    path.write_text(text, "utf-8")
    return str(path)


def dsl_refusal(text: str, file: str = "x.rc") -> rc.DslError:
    """The error a card file's text is refused with (it must be refused)."""
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, file)
    return info.value


def refused(game: rc.Game, move: str) -> str:
    """Play a move that must be refused: ``IllegalMove`` naming the move, the
    game left byte for byte as it was (state and legal moves); the reason."""
    before = game.to_json()
    legal = game.legal_moves()
    with pytest.raises(rc.IllegalMove) as info:
        game.play(move)
    assert game.to_json() == before
    assert game.legal_moves() == legal
    assert info.value.move == move
    assert str(info.value).startswith(f"illegal move {quote(move)}: ")
    return info.value.reason


def assert_illegal(game: rc.Game, move: str, rule: str) -> None:
    """``move`` is not listed, and playing it is refused naming ``rule``."""
    assert move not in game.legal_moves()
    assert rule in refused(game, move)


def logged(game: rc.Game, kinds: str | tuple[str, ...], *keys: str) -> list:
    """What the log says of its events of ``kinds`` (one kind or a tuple), in
    order: the value of the one key asked, or a tuple of the keys' values.
    The key ``kind`` reads the event's kind; a key an event lacks reads None.
    ``logged(game, "sunk", "ship")``, ``logged(game, "catchup", "side", "cards")``.
    """
    kinds = (kinds,) if isinstance(kinds, str) else kinds

    def value(event, key):
        return event.kind if key == "kind" else event.get(key)

    if len(keys) == 1:
        return [value(e, keys[0]) for e in game.log if e.kind in kinds]
    return [tuple(value(e, k) for k in keys) for e in game.log if e.kind in kinds]


# --------------------------------------------------------------------------
# the oracle of moves along a path (tests/test_rules_02_board.py, tests/test_rules_02_move_listing.py)


def plain_paths(board, start: int, steps: int, occupied: int) -> list[tuple[int, ...]]:
    """R2.5, D2.5a, D2.5d, D4.6 as a plain search over every path: 1..steps
    voluntary steps to free boxes not yet entered; entering running water
    forces a step to any such box, if there is one (else the bonus is lost)."""
    out = []

    def enter(path, seen, left):
        box = path[-1]
        if board.is_current(box):
            onward = [n for n in board.neighbours[box] if not (seen >> n) & 1]
            for n in onward:
                enter(path + (n,), seen | (1 << n), left)
            if onward:
                return
        out.append(path)
        if left:
            for n in board.neighbours[box]:
                if not (seen >> n) & 1:
                    enter(path + (n,), seen | (1 << n), left - 1)

    blocked = occupied | (1 << start)
    for n in board.neighbours[start]:
        if not (blocked >> n) & 1:
            enter((n,), blocked | (1 << n), steps - 1)
    return out


def goes_straight(board, start: int, path: tuple[int, ...]) -> bool:
    """D2.16: whether every voluntary step of ``path`` (a step from the start
    or from a box that is not running water) goes one direction."""
    w = board.width
    ways = {(b % w - a % w, b // w - a // w) for a, b in zip((start, *path), path)
            if a == start or not board.is_current(a)}
    return len(ways) == 1


def plain_outcomes(board, start: int, steps: int, occupied: int,
                   straight: bool = False) -> dict:
    """{(end, boxes of effect entered): canonical path text} from every path
    (every straight one, D2.16)."""
    best: dict = {}
    for path in plain_paths(board, start, steps, occupied):
        if straight and not goes_straight(board, start, path):
            continue
        outcome = (path[-1], sum(1 << b for b in path if board.effects >> b & 1))
        text = " ".join(board.name(b) for b in path)
        if outcome not in best or (len(path), text) < best[outcome]:
            best[outcome] = (len(path), text)
    return {outcome: text for outcome, (_, text) in best.items()}


def plain_moves(board, start: int, steps: int, occupied: int,
                straight: bool = False) -> list[str]:
    """The canonical paths of ``plain_outcomes``, sorted: what ``Board.paths`` lists."""
    return sorted(plain_outcomes(board, start, steps, occupied, straight).values())


# --------------------------------------------------------------------------
# resource caps for hostile inputs (tests/test_security_fuzzed_inputs.py)

#: what one hostile load may use: a regression fails the test, not the machine
CAP_MEMORY_MB = 512
CAP_SECONDS = 10.0
_GRACE_SECONDS = 2.0  # after the alarm, before the child is killed


class CapExceeded(AssertionError):
    """A hostile input used more memory or time than its cap."""


class ChildFailed(AssertionError):
    """The capped callable raised; the message carries the child's traceback."""


def _address_space_kb() -> int:
    """The process's virtual size now (Linux), in kB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1])
    raise OSError("no VmSize in /proc/self/status")


def _child(fn: Callable[[], Any], write_fd: int, memory_mb: int, seconds: float) -> None:
    """Run ``fn`` in the forked child under the caps, send back the outcome, and
    exit whatever happens: the child must never return into pytest."""
    try:
        outcome = _capped_outcome(fn, memory_mb, seconds)
        try:
            data = pickle.dumps(outcome)
        except Exception as err:  # noqa: BLE001 - an unpicklable result
            data = pickle.dumps(("raised", "pickle", f"unpicklable result: {err!r}"))
        with os.fdopen(write_fd, "wb") as out:
            out.write(data)
    finally:
        os._exit(0)


def _capped_outcome(fn: Callable[[], Any], memory_mb: int, seconds: float) -> tuple:
    """("ok", result), ("cap", what) or ("raised", type, traceback); the caps stay
    on while an error is formatted (a message can be as big as a bomb)."""
    try:
        limit = (_address_space_kb() + memory_mb * 1024) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))

        def alarm(signum, frame):
            raise CapExceeded(f"took more than {seconds:g} s")

        signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return ("ok", fn())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except MemoryError:
        return ("cap", f"used more than {memory_mb} MB")
    except CapExceeded as err:
        return ("cap", f"{err}\n{_traceback()}")
    except BaseException as err:  # noqa: BLE001 - reported to the parent whole
        return ("raised", f"{type(err).__module__}.{type(err).__qualname__}", _traceback())


def _traceback(limit: int = 20_000) -> str:
    """The current exception's traceback, cut to ``limit`` characters."""
    try:
        text = traceback.format_exc()
    except MemoryError:
        return "(the traceback did not fit under the memory cap)"
    return text if len(text) <= limit else text[:limit // 2] + "\n…\n" + text[-limit // 2:]


def _read_all(fd: int, deadline: float) -> bytes | None:
    """The child's whole answer, or None if the deadline passes first."""
    chunks = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def run_capped(fn: Callable[[], Any], memory_mb: int = CAP_MEMORY_MB,
               seconds: float = CAP_SECONDS, grace: float = _GRACE_SECONDS) -> Any:
    """``fn()`` in a forked child with its address space capped at ``memory_mb``
    above the current size and ``seconds`` of wall time (then ``grace`` more
    before a kill); returns its result.

    Why a child: a runaway allocation meets MemoryError there instead of the
    OS killer here, and code that never checks signals (the compiled core) is
    killed after a grace period. ``CapExceeded`` names the cap that was hit;
    ``ChildFailed`` carries any other exception's traceback. Without fork
    (Windows) ``fn`` runs here, uncapped.
    """
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return fn()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        _child(fn, write_fd, memory_mb, seconds)
    os.close(write_fd)
    data = None
    try:
        data = _read_all(read_fd, time.monotonic() + seconds + grace)
    finally:
        os.close(read_fd)
        if data is None:
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    if not data:
        raise CapExceeded(f"killed after {seconds + grace:g} s without answering"
                          if data is None else "the child died without answering")
    outcome = pickle.loads(data)
    if outcome[0] == "cap":
        raise CapExceeded(outcome[1])
    if outcome[0] == "raised":
        raise ChildFailed(f"{outcome[1]} raised in the capped child:\n{outcome[2]}")
    return outcome[1]


# --------------------------------------------------------------------------
# redcode play, driven by a list of typed lines

#: c2 is running water (a move through it is forced one step further, R2.5);
#: blue holds the captain, an order card that damages its target.
PLAY_SCENARIO = {
    "board": "........\n..~.....\n........\n........\n........\n........\n",
    "ships": {"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "h6"}},
    "hands": {"blue-submarine": ["captain"]}, "phase": "maneuvers",
    "deck": ["ambush", "evasion", "mechanic"],
}


def play_session(lines, lang: str = "en", scenario=PLAY_SCENARIO, confirm: bool = True):
    """A ``redcode play`` session for blue against a greedy red, reading
    ``lines`` and echoing them; returns it and its output buffer."""
    import io

    from redcode_rules.bots import GreedyBot
    from redcode_rules.terminal.session import Screen, Session

    game = rc.Game.from_scenario(scenario)
    feed = iter(lines)

    def read(prompt):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    return Session(game, "blue-submarine", {"red-destroyer": GreedyBot(1)}, lang, Screen(out),
                   read, echo=True, confirm=confirm), out


@pytest.fixture(scope="session")
def web_workers():
    """The table's worker processes (bots, the workshop's checks, balance
    games) for every web test of a session: starting them costs a second."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    from redcode_rules.web.thinking import Workers

    workers = Workers(1)
    yield workers
    workers.close()


def next_words(space, game, prefix) -> list[int]:
    """The legal actions after ``prefix`` (ai/actions.py), read from
    ``legal_moves()`` split into words alone: the next word of each legal
    move that begins with the prefix, ``STOP`` where the prefix is a legal
    move that begins a longer one."""
    words = [space.word(i) for i in prefix]
    n = len(words)
    under = [parts for parts in (m.split() for m in game.legal_moves()) if parts[:n] == words]
    out = {space.id(parts[n]) for parts in under if len(parts) > n}
    if out and any(len(parts) == n for parts in under):
        out.add(space.stop)
    return sorted(out)
