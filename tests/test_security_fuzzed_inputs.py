"""Hostile inputs: card files, saves, replays, scenarios and moves that must not hurt.

People share saves, replays, scenarios and card files; loading any of them
must be safe (docs/security.md). Hypothesis throws at the public entry
points: card files generated from the grammar (``hypothesis.extra.lark``),
mutations of the real card files, of saves and replays of random positions
and of scenarios, and junk move strings (unicode digits, fullwidth letters,
control characters, very long numbers). The contract checked everywhere:

* loading or playing either succeeds or raises the library's own errors
  (``rc.RedCodeError``: ``DslError``, ``ScenarioError``, ``IllegalMove``,
  ``ReplayError``), with a message of bounded length;
* a refused move leaves the game as it was (``to_json()`` equal);
* loading a save or a replay, or a card file given as text, opens no file
  outside the installed package;
* every load runs in a forked child under a memory cap and a time cap
  (``conftest.run_capped``), so a regression fails the test instead of
  exhausting the machine.

The quick run draws ``RC_HOSTILE_EXAMPLES`` examples per strategy (default
10) under CI's full Hypothesis profile, a quarter of them under the quick
profile (conftest.examples); ``python -m pytest -m slow`` runs each strategy
``SLOW_FACTOR`` times as long.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import pathlib
import random
import re
from contextlib import contextmanager, nullcontext
from functools import cache
from importlib import resources
from typing import Any, Callable, Iterator

import lark
import pytest
import yaml
from conftest import examples, play_random, run_capped
from hypothesis import HealthCheck, Phase, assume, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

import redcode_rules as rc
from redcode_rules.lang import compiler as dsl, loader
from redcode_rules.rules.effects import PRIMITIVES
from redcode_rules.engine.invariants import violations
from redcode_rules.formats.replay import read_replay

# hypothesis warns that a huge failing input is costly to print: it is the point here
pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")

EXAMPLES = int(os.environ.get("RC_HOSTILE_EXAMPLES", "10"))
SLOW_FACTOR = 25
#: an error message quotes at most a short prefix of a bad value
MESSAGE_LIMIT = 2_000
#: caps of one hostile load (far above what a sane input needs: about 0.1 s, 20 MB)
MEMORY_MB = 400
SECONDS = 5.0

_COMMON = dict(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)
# the quick run does not shrink: shrinking an input that hits a cap reruns it
# at the cap's cost many times over; the slow run shrinks
QUICK = settings(max_examples=examples(EXAMPLES),
                 phases=[Phase.explicit, Phase.reuse, Phase.generate], **_COMMON)
SLOW = settings(max_examples=EXAMPLES * SLOW_FACTOR, **_COMMON)

REPO = pathlib.Path(__file__).resolve().parents[1]
CARD_FILES = sorted(str(p.relative_to(REPO / "cards")) for p in (REPO / "cards").rglob("*.rc"))


# --------------------------------------------------------------------------
# the contract


class OpenedFile(BaseException):
    """Raised by the patched ``open``: not an OSError, so no ``except OSError``
    in the library can turn it into a polite refusal and hide the access."""


def _package_roots() -> tuple[str, ...]:
    """Where the package reads its own data (importlib.resources)."""
    names = ("redcode_rules", "redcode_rules.cards", "redcode_rules.grammar",
             "redcode_rules.i18n")
    paths = [str(resources.files(n)) for n in names]
    return tuple({os.path.join(os.path.abspath(p), "") for p in paths}
                 | {os.path.join(os.path.realpath(p), "") for p in paths})


@contextmanager
def no_file_access(opened: list[str]) -> Iterator[None]:
    """Make every way of opening or probing a file outside the package fail,
    recording the path in ``opened``; for the forked child only."""
    roots = _package_roots()

    def guard(original: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(path: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, int):  # an open descriptor (the child's pipe)
                return original(path, *args, **kwargs)
            # abspath, not realpath: realpath itself calls the guarded lstat
            if not os.path.abspath(os.fspath(path)).startswith(roots):
                opened.append(os.fspath(path))
                raise OpenedFile(os.fspath(path))
            return original(path, *args, **kwargs)
        return guarded

    saved = [(builtins, "open"), (io, "open"), (os, "open"), (os, "stat"), (os, "lstat"),
             (pathlib.Path, "open")]
    originals = [getattr(owner, name) for owner, name in saved]
    for (owner, name), original in zip(saved, originals):
        setattr(owner, name, guard(original))
    try:
        yield
    finally:
        for (owner, name), original in zip(saved, originals):
            setattr(owner, name, original)


def library_errors_only(load: Callable[[], Any], files: bool = False,
                        message_limit: int = MESSAGE_LIMIT) -> str:
    """Run ``load``: "loaded", or "refused" for a library error with a message
    of at most ``message_limit`` characters. Any other exception propagates
    (the test fails with it); with ``files`` false, opening a file outside the
    package fails the test too."""
    opened: list[str] = []
    try:
        with no_file_access(opened) if not files else nullcontext():
            load()
    except rc.RedCodeError as err:
        message = str(err)
        assert len(message) <= message_limit, f"a {len(message):,}-character message"
        assert message
        outcome = "refused"
    else:
        outcome = "loaded"
    finally:
        assert not opened, f"opened {opened}"
    return outcome


def capped(load: Callable[[], Any], files: bool = False,
           message_limit: int = MESSAGE_LIMIT) -> str:
    """``library_errors_only(load)`` in a child under the memory and time caps."""
    return run_capped(lambda: library_errors_only(load, files, message_limit),
                      MEMORY_MB, SECONDS)


def exercise(game: rc.Game, moves: int = 4, seed: int = 0) -> None:
    """What a user does with a loaded game: list, explain, narrate, save, play;
    a game that loads keeps the rules' invariants (a file that breaks the
    rules is refused, not played)."""
    rnd = random.Random(seed)
    str(game)
    game.narration()
    assert rc.Game.from_json(game.to_json()) == game
    for _ in range(moves):
        assert violations(game) == []
        legal = game.legal_moves()
        if game.is_over or not legal:
            return
        move = rnd.choice(legal)
        assert game.explain(move) is None
        game.play(move)
    assert violations(game) == []


def quick_and_slow(strategy: st.SearchStrategy, check: Callable[[Any], None],
                   *marks: Any, examples: tuple = ()) -> tuple[Callable, Callable]:
    """The quick test of ``check`` over ``strategy`` and its slow, larger twin;
    ``examples`` (the positions and files that once broke a reader) run first in both."""
    def run(value: Any) -> None:
        check(value)

    tests = []
    for size, mark in ((QUICK, None), (SLOW, pytest.mark.slow)):
        test = given(strategy)(run)
        for value in examples:
            test = example(value)(test)
        test = size(test)
        tests.append(mark(test) if mark else test)
    quick, slow = tests
    for mark in marks:
        quick, slow = mark(quick), mark(slow)
    return quick, slow


# --------------------------------------------------------------------------
# starting material: real files, random positions


@cache
def rules(edition: str = "en") -> rc.Ruleset:
    return rc.load_ruleset(edition)


@cache
def card_text(name: str) -> str:
    return (REPO / "cards" / name).read_text("utf-8")


@cache
def positions() -> tuple[rc.Game, ...]:
    """Games in every kind of position: placing, maneuvers, orders, responses,
    war respawns, over; three editions and a game with an extra card text."""
    battleship = rc.load_source(card_text("examples/battleship.rc"), "battleship.rc")
    configs = [
        (rules("en"), "war", [["submarine"], ["destroyer"]], 0),
        (rules("en"), "war", [["submarine"], ["destroyer"]], 9),
        (rules("es"), "arena", [["submarine", "destroyer"], ["aircraft_carrier", "submarine"]], 25),
        (rules("it"), "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2, 60),
        (rules("en"), "arena", [["aircraft_carrier"], ["submarine"]], 400),
        (battleship, "war", [["battleship"], ["destroyer"]], 30),
    ]
    games = []
    for seed, (ruleset, mode, teams, plies) in enumerate(configs):
        game = rc.new_game(ruleset, mode=mode, teams=teams, seed=seed, placement="choose")
        games.append(play_random(game, random.Random(seed), plies))
    return tuple(games)


@cache
def saves() -> tuple[str, ...]:
    return tuple(g.to_json() for g in positions())


@cache
def replays() -> tuple[str, ...]:
    return tuple(json.dumps(g.replay()) for g in positions())


@cache
def scenarios() -> tuple[str, ...]:
    out = []
    for game in positions():
        try:
            out.append(game.to_scenario())
        except rc.RedCodeError:
            pass  # a position a scenario cannot state (a chain, a war respawn)
    return tuple(out)


# --------------------------------------------------------------------------
# strategies


#: values a hostile file puts where another type belongs
PATHS = ["/etc/passwd", "/dev/zero", "/dev/stdin", "../../../../etc/hostname", "pyproject.toml",
         "cards/base/ships.rc", "/proc/self/environ", "~/.ssh/id_rsa", "house.rc",
         "C:\\Windows\\win.ini", "\\\\server\\share\\x.rc", "file:///etc/passwd", "en/../en"]
UNICODE_DIGITS = "²³¹①②⑨₁₂₉٣۵५১๓０１９𝟙𝟡"
FULLWIDTH = "ａｂｃｇｈＡＢＧｍｏｖｅ"
CONTROL = "\x00\x01\x07\x08\t\x0b\x0c\r\x1b\x7f\x85\u200b\u200e\u202e\u2028\ufeff"


def huge_ints() -> st.SearchStrategy[int]:
    return st.one_of(st.sampled_from([2 ** 31, 2 ** 63, -2 ** 63 - 1, 2 ** 64, 10 ** 30]),
                     st.integers(min_value=-(2 ** 80), max_value=2 ** 80))


def scalars(paths: bool = True) -> st.SearchStrategy[Any]:
    options = [st.none(), st.booleans(), st.integers(-3, 12), huge_ints(),
               st.floats(allow_nan=True, allow_infinity=True),
               st.text(max_size=12), st.text(alphabet=UNICODE_DIGITS + FULLWIDTH + CONTROL,
                                             max_size=8)]
    if paths:
        options.append(st.sampled_from(PATHS))
    return st.one_of(*options)


def junk_values(paths: bool = True) -> st.SearchStrategy[Any]:
    return st.recursive(scalars(paths), lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
        max_leaves=8)


def _containers(doc: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (path, value) of a JSON-like tree, the root first."""
    yield path, doc
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _containers(value, path + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _containers(value, path + (index,))


def _replace(doc: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {**doc, head: _replace(doc[head], rest, new)}
    out = list(doc)
    out[head] = _replace(doc[head], rest, new)
    return out


def _nested(value: Any, depth: int, kind: str) -> Any:
    for _ in range(depth):
        value = [value] if kind == "list" else {"x": value}
    return value


@st.composite
def mutated_tree(draw: st.DrawFn, doc: Any, paths: bool = True, depth: int = 40) -> Any:
    """``doc`` with one to three hostile changes somewhere in it (nesting up to
    ``depth``: the JSON and YAML writers recurse; deeper nests are text)."""
    for _ in range(draw(st.integers(1, 3))):
        places = list(_containers(doc))
        path, value = draw(st.sampled_from(places))
        op = draw(st.sampled_from(["value", "value", "delete", "extra_key", "nest", "huge_list",
                                   "type"]))
        if op == "value":
            new = draw(junk_values(paths))
        elif op == "delete" and path:
            parent = places[[p for p, _ in places].index(path[:-1])][1]
            if isinstance(parent, dict):
                doc = _replace(doc, path[:-1], {k: v for k, v in parent.items() if k != path[-1]})
                continue
            new = None
        elif op == "extra_key" and isinstance(value, dict):
            new = {**value, draw(st.text(max_size=10)): draw(junk_values(paths))}
        elif op == "nest":
            new = _nested(value, draw(st.integers(10, depth)), draw(st.sampled_from(["list",
                                                                                     "dict"])))
        elif op == "huge_list":
            item = value[0] if isinstance(value, list) and value else value
            new = [item] * draw(st.integers(50, 5_000))
        else:
            new = (str(value) if not isinstance(value, str)
                   else draw(st.sampled_from([[value], {"value": value}, len(value)])))
        doc = _replace(doc, path, new)
    return doc


@st.composite
def mutated_json(draw: st.DrawFn, texts: tuple[str, ...], paths: bool = True) -> str:
    """A save or replay with hostile changes, as JSON text. Deep nesting and
    huge numbers are spliced in as text: Python's JSON writer cannot write them."""
    doc = draw(mutated_tree(json.loads(draw(st.sampled_from(texts))), paths, depth=40))
    deep = draw(st.one_of(st.none(), st.integers(100, 3_000)))
    places = [p for p, _ in _containers(doc) if 0 < len(p) < 6]
    if deep and places:
        path = draw(st.sampled_from(places))
        inner = json.dumps(_value_at(doc, path))
        text = json.dumps(_replace(doc, path, DEEP)).replace(
            json.dumps(DEEP), "[" * deep + inner + "]" * deep)
    else:
        text = json.dumps(doc)
    digits = draw(st.one_of(st.none(), st.integers(20, 6_000)))
    numbers = list(re.finditer(r"(?<=[:\[,] )\d+(?=[,\]}])", text))
    if digits and numbers:
        spot = numbers[draw(st.integers(0, len(numbers) - 1))]
        text = text[:spot.start()] + "9" * digits + text[spot.end():]
    return text


DEEP = "\x00deep\x00"


def _value_at(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def ruleset_paths(texts: tuple[str, ...], fields: list[str]) -> st.SearchStrategy[str]:
    """A save or replay whose ruleset names a path in one of ``fields``: as the
    edition, as an extra card file, or in an embedded card text's ``extends``."""
    def aim(args: tuple[str, str, str]) -> str:
        text, field, path = args
        doc = json.loads(text)
        doc["ruleset"][field] = path if field == "edition" else (
            [path] if field == "extra" else [[path, f"variant x extends {path}"]])
        return json.dumps(doc)
    return st.tuples(st.sampled_from(texts), st.sampled_from(fields),
                     st.sampled_from(PATHS)).map(aim)


def yaml_bomb(levels: int, width: int, field: str) -> str:
    """A billion-laughs scenario: ``levels`` anchors each aliasing the previous
    ``width`` times, under a field the loader reads."""
    lines = [f"{field}:", '  - &l0 ["lol", "lol"]']
    for n in range(1, levels + 1):
        lines.append(f"  - &l{n} [{', '.join([f'*l{n - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def deep_yaml(depth: int, field: str) -> str:
    return f"{field}: {'[' * depth}1{']' * depth}\n"


def mutated_scenarios() -> st.SearchStrategy[str]:
    """Scenarios with hostile values (no paths: a scenario may name card files)."""
    def dump(doc: Any) -> str:
        return yaml.safe_dump(doc, allow_unicode=True)
    return st.sampled_from(scenarios()).flatmap(
        lambda t: mutated_tree(yaml.safe_load(t), paths=False)).map(dump)


FIELDS = ["seed", "mode", "board", "ships", "hands", "phase", "deck", "stack", "rng",
          "start_cards", "edition", "extra", "turn", "nonsense"]


def bombs(levels: st.SearchStrategy[int]) -> st.SearchStrategy[str]:
    return st.builds(yaml_bomb, levels, st.integers(2, 9), st.sampled_from(FIELDS))


# ---- card files


def _card_names() -> list[str]:
    ruleset = rules("en")
    names = set(PRIMITIVES) | set(ruleset.maneuvers) | set(ruleset.orders) | set(ruleset.ships) | {
        "submarine", "destroyer", "aircraft_carrier", "movement", "repair", "torpedo", "evasion", "mine",
        "hand_limit", "victory_points", "board_columns", "board_rows", "neighbours",
        "deck_size", "sunk_mid_chain", "placement", "intercepted", "all", "en", "es", "base",
        "x", "new_card"}
    return sorted(n for n in names if re.fullmatch(r"[a-z][a-z0-9_]*", n))


def card_files(ints: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Card files from the grammar (hypothesis.extra.lark): keywords and names
    spaced so they mostly parse, names from the real cards, ``ints`` as numbers."""
    parser = lark.Lark(dsl.grammar_text(), parser="lalr")
    explicit: dict[str, st.SearchStrategy[str]] = {
        t.name: st.just(f" {t.pattern.value} ") for t in parser.terminals
        if isinstance(t.pattern, lark.lexer.PatternStr)}
    explicit["NAME"] = st.one_of(st.sampled_from(_card_names()),
                                 st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
                                 ).map(lambda n: f" {n} ")
    explicit["INT"] = ints.map(lambda n: f" {n} ")
    explicit["WS"] = st.sampled_from([" ", "\n", "\t"])
    explicit["COMMENT"] = st.just("\n# c\n")
    return from_lark(parser, start="start", explicit=explicit).filter(lambda s: len(s) < 3_000)


SMALL_INTS = st.integers(0, 6).map(str)
BIG_INTS = st.one_of(st.integers(7, 40).map(str), st.sampled_from(["99999999999999999999",
                                                                   "9" * 4_400, "0" * 50 + "1"]))


@st.composite
def mutated_card_file(draw: st.DrawFn, numbers: st.SearchStrategy[str]) -> tuple[str, str]:
    """(name, text) of a real card file with byte flips, line swaps and number changes."""
    name = draw(st.sampled_from(CARD_FILES))
    text = card_text(name)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["number", "number", "flip", "swap", "drop", "repeat"]))
        lines = text.split("\n")
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        if op == "number":
            spots = list(re.finditer(r"\d+", text))
            if spots:
                spot = draw(st.sampled_from(spots))
                new = draw(st.one_of(numbers, st.sampled_from(list(UNICODE_DIGITS))))
                text = text[:spot.start()] + new + text[spot.end():]
        elif op == "flip" and text:
            at = draw(st.integers(0, len(text) - 1))
            text = text[:at] + draw(st.characters()) + text[at + 1:]
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif op == "drop":
            del lines[i]
            text = "\n".join(lines)
        else:
            lines.insert(i, lines[j])
            text = "\n".join(lines)
    return name, text


def load_card_file(name: str, text: str) -> rc.Ruleset:
    """Compile the rules with one real card file replaced by ``text`` (in the
    forked child: the patches stay there)."""
    if name.startswith("base/"):
        sources = [(f, text if f == f"cards/{name}" else t) for f, t in loader._base_sources()]
        loader._base_sources = lambda: sources
        return loader.build_ruleset("en", ())
    if name.startswith("editions/"):
        edition = name[len("editions/"):-3]
        original = loader._read_variant

        def read(ref: str) -> tuple[str, str, pathlib.Path | None]:
            return (f"cards/{name}", text, None) if ref == edition else original(ref)
        loader._read_variant = read
        return loader.build_ruleset(edition, ())
    if name == "examples/house_rules.rc":
        return loader.build_ruleset("en", (), (("house_rules.rc", text),))
    return rc.load_source(text, pathlib.Path(name).name)


def play_some(ruleset: rc.Ruleset) -> None:
    """A new game of ``ruleset``, up to three ship types a side, a few moves
    played from the fixed placement (the first turn lists maneuvers at once)."""
    team = sorted(ruleset.ships)[:3]
    game = rc.new_game(ruleset, teams=[team, team], placement="fixed")
    exercise(game, moves=6)


# ---- moves


def _position(index: int) -> rc.Game:
    return positions()[index % len(positions())]


@st.composite
def junk_moves(draw: st.DrawFn, alphabet: str, digits: int) -> str:
    """A move string: a legal one bent, junk from ``alphabet``, or a number of
    up to ``digits`` digits."""
    game = _position(draw(st.integers(0, 99)))
    legal = game.legal_moves() or ["end"]
    base = draw(st.sampled_from(legal))
    kind = draw(st.sampled_from(["bend", "bend", "junk", "digits", "prefix"]))
    if kind == "junk":
        return draw(st.text(alphabet=alphabet, max_size=30))
    if kind == "digits":
        number = "9" * draw(st.integers(5, digits))
        return re.sub(r"\d+", number, base, count=1) if re.search(r"\d", base) \
            else f"{base} a{number}"
    if kind == "prefix":
        return base.split(" ")[0] + " " + draw(st.text(alphabet=alphabet, max_size=12))
    chars = list(base)
    for _ in range(draw(st.integers(1, 3))):
        if not chars:
            break
        at = draw(st.integers(0, len(chars) - 1))
        chars[at] = draw(st.sampled_from(alphabet))
    return "".join(chars)


ASCII_JUNK = "abcdefghz019 -_.,;:()[]{}'\"\\/\t\n" + "movementplacerepairtorpedo"
UNICODE_JUNK = ASCII_JUNK + UNICODE_DIGITS + FULLWIDTH + CONTROL + "éñ漢🚢"


def check_move(args: tuple[int, str]) -> None:
    """``explain`` and ``play`` agree; a refused move changes nothing."""
    index, move = args
    game = _position(index).clone()

    def attempt() -> None:
        before = game.to_json()
        why = game.explain(move)
        assert why is None or (isinstance(why, str) and why)
        try:
            game.play(move)
        except rc.IllegalMove:
            assert game.to_json() == before
            assert why is not None, f"explain({move!r}) is None but play refused it"
            raise
        assert why is None, f"play({move!r}) accepted a move explain refuses: {why}"
    # IllegalMove quotes the move as written (twice, when it names no box):
    # long, but never longer than what the caller passed
    capped(attempt, message_limit=MESSAGE_LIMIT + 2 * len(move))


# --------------------------------------------------------------------------
# the tests

CARDS_FROM_GRAMMAR = st.deferred(lambda: card_files(SMALL_INTS))


def check_grammar_card(text: str) -> None:
    capped(lambda: play_some(rc.load_source(text, "fuzz.rc")))


test_grammar_card_files, test_grammar_card_files_slow = quick_and_slow(
    CARDS_FROM_GRAMMAR, check_grammar_card)

test_grammar_card_files_big_numbers, test_grammar_card_files_big_numbers_slow = quick_and_slow(
    st.deferred(lambda: card_files(BIG_INTS)), check_grammar_card,
    examples=("rules { hand_limit " + "9" * 4_400 + " }",))


def check_card_file(args: tuple[str, str]) -> None:
    name, text = args
    capped(lambda: play_some(load_card_file(name, text)))


test_mutated_card_files, test_mutated_card_files_slow = quick_and_slow(
    mutated_card_file(SMALL_INTS), check_card_file)

test_mutated_card_files_big_numbers, test_mutated_card_files_big_numbers_slow = quick_and_slow(
    mutated_card_file(BIG_INTS), check_card_file,
    examples=(("base/maneuvers.rc", card_text("base/maneuvers.rc").replace(
        "effect move 1 self", "effect move 13 self")),
              ("base/rules.rc", card_text("base/rules.rc").replace(
                  "hand_limit 3", "hand_limit " + "9" * 4_400))))


def check_save(text: str) -> None:
    capped(lambda: exercise(rc.Game.from_json(text)))


def check_replay(text: str) -> None:
    # read_replay takes text that is not a JSON object or list for a path
    # (its API): a document replaced by a bare value is not a replay text
    assume(text.lstrip().startswith(("{", "[")))
    capped(lambda: exercise(rc.Game.from_replay(read_replay(text))))



test_mutated_saves, test_mutated_saves_slow = quick_and_slow(
    st.deferred(lambda: mutated_json(saves())), check_save)

test_mutated_replays, test_mutated_replays_slow = quick_and_slow(
    st.deferred(lambda: mutated_json(replays())), check_replay)

test_saves_naming_paths, test_saves_naming_paths_slow = quick_and_slow(
    st.deferred(lambda: ruleset_paths(saves(), ["edition", "extra"])), check_save)

test_replays_naming_paths, test_replays_naming_paths_slow = quick_and_slow(
    st.deferred(lambda: ruleset_paths(replays(), ["edition", "extra"])), check_replay)

test_saves_embedding_paths, test_saves_embedding_paths_slow = quick_and_slow(
    st.deferred(lambda: ruleset_paths(saves(), ["texts"])), check_save)

test_replays_embedding_paths, test_replays_embedding_paths_slow = quick_and_slow(
    st.deferred(lambda: ruleset_paths(replays(), ["texts"])), check_replay)


def check_scenario(text: str) -> None:
    capped(lambda: exercise(rc.Game.from_scenario(text)), files=True)


test_mutated_scenarios, test_mutated_scenarios_slow = quick_and_slow(
    st.deferred(mutated_scenarios), check_scenario)

test_yaml_bombs, test_yaml_bombs_slow = quick_and_slow(
    bombs(st.integers(1, 9)), check_scenario)

test_deep_yaml, test_deep_yaml_slow = quick_and_slow(
    st.builds(deep_yaml, st.integers(100, 3_000), st.sampled_from(FIELDS)), check_scenario)

test_junk_moves_ascii, test_junk_moves_ascii_slow = quick_and_slow(
    st.tuples(st.integers(0, 99), junk_moves(ASCII_JUNK, 4_000)), check_move)

# positions(): 0 places, 2 and 5 in the main phase (positions that once broke the reader)
test_junk_moves_unicode, test_junk_moves_unicode_slow = quick_and_slow(
    st.tuples(st.integers(0, 99), junk_moves(UNICODE_JUNK, 6_000)), check_move,
    examples=((2, "movement a²"), (5, "movement c①"), (0, "place a₁"),
              (0, "place b" + "9" * 4_400)))


@pytest.mark.parametrize("parent", ["../secret.rc", "ABSOLUTE"])
def test_a_card_file_extends_only_files_beside_it(tmp_path, parent):
    """``extends house.rc`` names a file beside the card file (docs/dsl.md); a
    path out of its folder is refused without reading it."""
    secret = tmp_path / "secret.rc"
    secret.write_text("SECRET-FIRST-LINE\n", "utf-8")
    card = tmp_path / "shared" / "house.rc"
    card.parent.mkdir()
    card.write_text(f"variant house extends {secret if parent == 'ABSOLUTE' else parent}\n",
                    "utf-8")
    with pytest.raises(rc.DslError) as err:
        rc.load_ruleset(str(card))
    assert "SECRET" not in str(err.value)


# --------------------------------------------------------------------------
# the harness itself: the caps and the guard catch what they are for


def test_the_memory_cap_fails_a_runaway_allocation():
    from conftest import CapExceeded
    with pytest.raises(CapExceeded, match="more than 64 MB"):
        run_capped(lambda: bytearray(512 * 2 ** 20), memory_mb=64)


def _forever() -> None:
    while True:
        pass


def test_the_time_cap_fails_a_runaway_loop():
    from conftest import CapExceeded
    with pytest.raises(CapExceeded, match=r"took more than 0\.2 s"):
        run_capped(_forever, seconds=0.2)


def test_the_time_cap_kills_code_that_ignores_signals():
    from conftest import CapExceeded
    with pytest.raises(CapExceeded, match=r"killed after 0\.3 s"):
        run_capped(lambda: sum(range(10 ** 12)), seconds=0.2, grace=0.1)


def test_the_file_guard_sees_an_open_the_library_would_excuse():
    from conftest import ChildFailed
    with pytest.raises(ChildFailed, match="opened"):
        # the README is outside the package: a card file there is the user's, not ours
        capped(lambda: rc.load_ruleset("en", [str(REPO / "README.md")]))


def test_the_package_reads_its_own_data_under_the_guard():
    assert capped(lambda: loader.build_ruleset("it", ())) == "loaded"
